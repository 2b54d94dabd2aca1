// Seed 002 (002_b75d21ac1bbf7e7d.txt, "Movement and
// Placement of Allocations", @condBranchDynamicType; also seed 000): the
// size %0 is an argument of ^bb2, so the allocation cannot leave ^bb2. A size
// defined in the middle of a dominating block stops the allocation right
// after the definition.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting))' | FileCheck %s

// CHECK-LABEL: func.func @condBranchDynamicType
// CHECK:       ^bb2(%[[N:.*]]: index):
// CHECK-NEXT:    memref.alloc(%[[N]]) : memref<?xf32>
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  linalg.copy ins(%2 : memref<?xf32>) outs(%arg2 : memref<?xf32>)
  return
}

// CHECK-LABEL: func.func @size_in_dominator
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[N:.*]] = arith.addi
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    cf.cond_br
func.func @size_in_dominator(%c: i1, %n: index, %out: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  %unrelated = arith.muli %n, %n : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = memref.alloc(%m) : memref<?xf32>
  memref.copy %out, %0 : memref<?xf32> to memref<?xf32>
  cf.br ^bb2
^bb2:
  return
}
