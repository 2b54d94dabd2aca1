// Negative limits are refused with an error at the function.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-alloc-size-in-bytes=-1}))' -verify-diagnostics

// expected-error @below {{bufrs-promote-buffers-to-stack: max-alloc-size-in-bytes and max-rank-of-allocated-memref must not be negative}}
func.func @f() {
  %0 = memref.alloc() : memref<4xf32>
  return
}
