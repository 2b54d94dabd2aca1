// bufrs-buffer-deallocation through MemoryEffectOpInterface: frees already in
// the input, ops with unknown effects and their results, and ops that turn
// a buffer into its address. (Refused inputs: invalid-buffer-deallocation.mlir.)

// RUN: %bufrs-opt %s -allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file -verify-diagnostics | FileCheck %s

// Beyond upstream: frees already in the IR are not doubled (a free of an
// owned buffer is replaced by the pass's own placement; a free of memory
// the function does not own stays), and an op with unknown memory effects
// keeps the buffer alive: it is freed after the last use, never before.

// CHECK-LABEL: func.func @early_free_is_replaced
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %arg0, %[[A]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK-NOT:     memref.dealloc
func.func @early_free_is_replaced(%arg0: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Freed on one path by the input, kept on the other: one free per path.
// CHECK-LABEL: func.func @free_on_one_path
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.copy %[[A]], %arg1
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @free_on_one_path(%c: i1, %arg1: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg1, %a : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  return
^bb2:
  memref.copy %a, %arg1 : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A function argument freed by the input stays freed, once.
// CHECK-LABEL: func.func @argument_free_stays
// CHECK-NEXT:    memref.dealloc %arg0
// CHECK-NEXT:    return
func.func @argument_free_stays(%arg0: memref<4xf32>) {
  memref.dealloc %arg0 : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unknown_effects_keep_alive
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    "test.opaque"(%[[A]])
// CHECK-NEXT:    memref.copy %[[A]], %arg0
// CHECK-NEXT:    "test.opaque_later"(%[[A]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @unknown_effects_keep_alive(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  "test.opaque"(%a) : (memref<4xf32>) -> ()
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  "test.opaque_later"(%a) : (memref<4xf32>) -> ()
  return
}

// -----

// A result of an op with unknown memory effects may be (a view of) any of
// its buffer operands: every use of it keeps those buffers alive, so their
// frees come after its last use (they used to come right after the op).
// A free of such a result is refused: it may or may not be owned.

// CHECK-LABEL: func.func @forwarded_by_unregistered_op
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[R:.*]] = "my_dialect.forward"(%[[A]])
// CHECK-NEXT:    memref.copy %[[R]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @forwarded_by_unregistered_op(%out: memref<f32>) {
  %a1 = memref.alloc() : memref<f32>
  %0 = "my_dialect.forward"(%a1) : (memref<f32>) -> memref<f32>
  memref.copy %0, %out : memref<f32> to memref<f32>
  return
}

// -----

// The test dialect's op without a memory-effect interface.
// CHECK-LABEL: func.func @test_dialect_unknown_op
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[R:.*]] = "test.some_unknown_op"(%[[A]])
// CHECK-NEXT:    memref.copy %[[R]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @test_dialect_unknown_op(%out: memref<f32>) {
  %a1 = memref.alloc() : memref<f32>
  %0 = "test.some_unknown_op"(%a1) : (memref<f32>) -> memref<f32>
  memref.copy %0, %out : memref<f32> to memref<f32>
  return
}

// -----

// Upstream's dealloc-unknown-ops shape: the result may be either buffer and
// is passed to a call; both stay alive until after the call.
func.func private @consume(memref<f32>)

// CHECK-LABEL: func.func @select_randomly_then_call
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK-NEXT:    %[[R:.*]] = "my_dialect.select_randomly"(%[[A]], %[[B]], %[[A]])
// CHECK-NEXT:    call @consume(%[[R]])
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @select_randomly_then_call() {
  %a1 = memref.alloc() : memref<f32>
  %a2 = memref.alloc() : memref<f32>
  %0 = "my_dialect.select_randomly"(%a1, %a2, %a1) : (memref<f32>, memref<f32>, memref<f32>) -> memref<f32>
  func.call @consume(%0) : (memref<f32>) -> ()
  return
}

// -----

// Returning the result hands the caller a clone of whatever it names; the
// operand is freed after the clone.
// CHECK-LABEL: func.func @returned_result_is_cloned
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[R:.*]] = "my_dialect.forward"(%[[A]])
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %[[R]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return %[[C]]
func.func @returned_result_is_cloned() -> memref<f32> {
  %a1 = memref.alloc() : memref<f32>
  %0 = "my_dialect.forward"(%a1) : (memref<f32>) -> memref<f32>
  return %0 : memref<f32>
}

// -----

// An op that turns a buffer into its address as a plain value
// (memref.extract_aligned_pointer_as_index) hides later accesses from every
// buffer analysis. Deallocation follows the address: every op using it or a
// value computed from it (through branch and region edges) is a use of the
// buffer. Where the address may be kept out of sight (written to memory,
// returned) the buffer lives until its region is left.

// The address is read by a later call: the buffer is freed after that call,
// not right after the extract.
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
