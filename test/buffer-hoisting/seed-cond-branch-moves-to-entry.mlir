// Seed 002 (002_b75d21ac1bbf7e7d.txt, "Movement and
// Placement of Allocations", @condBranch; also seed 000): the allocation in
// ^bb2 moves to the entry block, the dominator of all its uses, and is
// passed to ^bb3 from there. It has no free and stays in the function, so
// running it on the ^bb1 path too is right before deallocation (which then
// frees it on every path).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{leave-conditionals=true}))' | FileCheck %s

// CHECK-LABEL: func.func @condBranch
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    cf.br ^bb3(%[[A]] : memref<2xf32>)
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  linalg.copy ins(%1 : memref<2xf32>) outs(%arg2 : memref<2xf32>)
  return
}
