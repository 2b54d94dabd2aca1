// An op that turns a buffer into its address as a plain value
// (memref.extract_aligned_pointer_as_index) hides later accesses from every
// buffer analysis. Deallocation follows the address: every op using it or a
// value computed from it is a use of the buffer. Where the address may be
// kept out of sight (written to memory, returned) the buffer lives until its
// region is left; carried out of its region or around a control-flow loop,
// the input is refused.

// RUN: %bufrs-opt -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' %s | FileCheck %s

// The address is read by a later call: the buffer is freed after that call
// (it used to be freed right after the extract).
// CHECK-LABEL: func.func @address_read_by_a_later_call
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    call @consume(%[[P]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    memref.copy %[[B]]
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    return

func.func private @consume(index)
func.func @address_read_by_a_later_call(%out: memref<64xf32>) {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%c1 : f32) outs(%a : memref<64xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%c2 : f32) outs(%b : memref<64xf32>)
  func.call @consume(%p) : (index) -> ()
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}

// -----

// A value computed from the address is used in a later block: the buffer
// lives until that use on that path, and is freed on the other.
// CHECK-LABEL: func.func @address_computed_on_then_used_in_a_later_block
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:         cf.cond_br
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    call @consume
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return

func.func private @consume(index)
func.func @address_computed_on_then_used_in_a_later_block(%c: i1) {
  %a = memref.alloc() : memref<64xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %c16 = arith.constant 16 : index
  %q = arith.addi %p, %c16 : index
  cf.cond_br %c, ^use, ^skip
^use:
  func.call @consume(%q) : (index) -> ()
  cf.br ^join
^skip:
  cf.br ^join
^join:
  return
}

// -----

// The address flows to a successor's argument: followed there, the buffer
// lives until the call on that path and is freed at once on the other.
// CHECK-LABEL: func.func @address_passed_to_a_successor
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:       ^bb1(%[[Q:.*]]: index):
// CHECK-NEXT:    call @consume(%[[Q]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return

func.func private @consume(index)
func.func @address_passed_to_a_successor(%c: i1) {
  %a = memref.alloc() : memref<64xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  cf.cond_br %c, ^use(%p : index), ^skip
^use(%q: index):
  func.call @consume(%q) : (index) -> ()
  return
^skip:
  return
}

// -----

// The address is stored into memory: freed at the exit.
// CHECK-LABEL: func.func @address_stored_into_memory
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:         memref.store
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    call @consume
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return

func.func private @consume(index)
func.func @address_stored_into_memory(%slot: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  memref.store %p, %slot[%c0] : memref<1xindex>
  %q = arith.constant 0 : index
  func.call @consume(%q) : (index) -> ()
  return
}

// -----

// Carried around a CFG loop, the address of one iteration's buffer is used
// in another: where the buffer's life ends cannot be told.

func.func private @consume(index)
func.func @address_carried_around_a_block_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %last: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %a = memref.alloc() : memref<64xf32>
  // expected-error @below {{takes the address of a buffer as a plain value that control flow carries out of the buffer's region or around a loop; where its last use is cannot be told}}
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %p : index, index)
^exit:
  func.call @consume(%last) : (index) -> ()
  return
}
