// The alignment must be a positive power of two: zero, negative and
// non-power-of-two values are an error at the function, and the pass fails.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=0}))' -verify-diagnostics
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=-64}))' -verify-diagnostics
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=48}))' -verify-diagnostics
// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=48}))' 2>&1 | FileCheck %s

// CHECK: error: bufrs-merge-alloc: alignment must be a positive power of two, got 48

// expected-error @below {{bufrs-merge-alloc: alignment must be a positive power of two, got}}
func.func @f() {
  %0 = memref.alloc() : memref<4xf32>
  return
}
