// An op that turns a buffer into its address as a plain value
// (memref.extract_aligned_pointer_as_index) hides the later uses of that
// address: the buffer is freed only where its region is left (it used to be
// freed right after the extract, before a call read through the address). In
// a control-flow loop the end of its life cannot be told: refused.

// RUN: %bufrs-opt -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' %s | FileCheck %s

func.func private @consume(index)

// CHECK-LABEL: func.func @address_read_by_a_later_call
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:         memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    call @consume
// CHECK-NEXT:    memref.copy %[[B]]
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
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

// The address of a view taken on one path: the buffer lives to the return.
func.func private @consume(index)

// CHECK-LABEL: func.func @address_of_a_view_on_one_path
// CHECK:       ^bb3:
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    call @consume
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    return
func.func @address_of_a_view_on_one_path(%c: i1) {
  %a = memref.alloc() : memref<64xf32>
  cf.cond_br %c, ^take, ^skip
^take:
  %v = memref.subview %a[8] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: 8>>
  %p = memref.extract_aligned_pointer_as_index %v : memref<8xf32, strided<[1], offset: 8>> -> index
  cf.br ^join
^skip:
  cf.br ^join
^join:
  %q = arith.constant 0 : index
  func.call @consume(%q) : (index) -> ()
  return
}

// -----

// In an scf.for body the region is left at every iteration's yield.
func.func private @consume(index)

// CHECK-LABEL: func.func @address_taken_in_an_scf_for_body
// CHECK:         scf.for
// CHECK-NEXT:      %[[A:.*]] = memref.alloc()
// CHECK-NEXT:      memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT:      func.call @consume
// CHECK-NEXT:      memref.dealloc %[[A]]
// CHECK-NEXT:    }
func.func @address_taken_in_an_scf_for_body(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
    func.call @consume(%p) : (index) -> ()
  }
  return
}

// -----

func.func private @consume(index)

func.func @address_taken_in_a_block_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %a = memref.alloc() : memref<64xf32>
  // expected-error @below {{takes the address of a buffer allocated in a control-flow loop as a plain value; where its last use is cannot be told}}
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  func.call @consume(%p) : (index) -> ()
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}
