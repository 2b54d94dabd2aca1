// A result of an op with unknown memory effects may be (a view of) any of
// its buffer operands: every use of it keeps those buffers alive, so their
// frees come after its last use (they used to come right after the op).
// A free of such a result is refused: it may or may not be owned.

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' %s | FileCheck %s

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

func.func @free_of_unknown_result_is_refused() {
  %a1 = memref.alloc() : memref<f32>
  %0 = "my_dialect.forward"(%a1) : (memref<f32>) -> memref<f32>
  // expected-error @below {{frees a buffer that may or may not be owned by this function}}
  memref.dealloc %0 : memref<f32>
  return
}
