// A negative search budget is an error at the function, and the pass fails.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{planner=search search-budget-ms=-1}))' -verify-diagnostics

// expected-error @below {{bufrs-merge-alloc: search-budget-ms must not be negative, got -1}}
func.func @f() {
  %0 = memref.alloc() : memref<4xf32>
  return
}
