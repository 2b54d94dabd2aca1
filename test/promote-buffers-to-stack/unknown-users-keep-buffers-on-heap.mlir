// An op with unknown memory effects (no MemoryEffectOpInterface) may keep or
// free the buffer: it stays on the heap. A call does not: by the seeds'
// ownership contract a callee neither frees nor retains its arguments.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{emit-remarks}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @unknown_user
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
func.func @unknown_user() {
  // expected-remark @below {{not promoted: an op with unknown memory effects uses the buffer}}
  %0 = memref.alloc() : memref<4xf32>
  // expected-note @below {{because of 'test.opaque'}}
  "test.opaque"(%0) : (memref<4xf32>) -> ()
  return
}

func.func private @callee(memref<4xf32>)

// CHECK-LABEL: func.func @passed_to_call
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    call @callee(%[[A]])
func.func @passed_to_call() {
  // expected-remark @below {{promoted to the stack}}
  %0 = memref.alloc() : memref<4xf32>
  call @callee(%0) : (memref<4xf32>) -> ()
  return
}
