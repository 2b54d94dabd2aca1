// An unknown planner name is an error at the function that lists the valid
// names (the planners of src/plan), and the pass fails.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{planner=nope}))' -verify-diagnostics

// expected-error @below {{bufrs-merge-alloc: unknown planner 'nope'; valid planners: default, free-chunk, free-chunk-cost, greedy-size, best-fit-start, size-duration, greedy-breadth, skyline, search}}
func.func @f() {
  %0 = memref.alloc() : memref<4xf32>
  return
}
