// An allocation after a cf loop is not hoisted into the loop header, though
// the header dominates it and it post-dominates the header: it would run
// every iteration (after deallocation: leak all but the last). Found by the
// random corpus run through deallocation then hoisting.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting))' | FileCheck %s

// CHECK-LABEL: func.func @after_loop
// CHECK:       ^bb1(%{{.*}}: index):
// CHECK-NOT:     memref.alloc
// CHECK:         cf.cond_br
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT:    return %[[A]]
func.func @after_loop(%n: index) -> memref<3xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  %a = memref.alloc() : memref<3xi64>
  return %a : memref<3xi64>
}
