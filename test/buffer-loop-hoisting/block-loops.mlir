// Block loops (blocks on a CFG cycle) are loops too: an unfreed,
// loop-invariant allocation leaves to the end of the dominator outside the
// cycle. A freed one stays (its free would have to move to every exit
// edge). block-loops=false leaves block loops alone.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{block-loops=false}))' | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @unfreed
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    cf.br ^bb1
// CHECK:       ^bb1(%{{.*}}: index):
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]]
// OFF-LABEL: func.func @unfreed
// OFF:       ^bb1(%{{.*}}: index):
// OFF-NEXT:    memref.alloc()
func.func @unfreed(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^bb1(%next : index), ^bb2
^bb2:
  return
}

// CHECK-LABEL: func.func @freed
// CHECK:       ^bb1(%{{.*}}: index):
// CHECK-NEXT:    memref.alloc()
func.func @freed(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^bb1(%next : index), ^bb2
^bb2:
  return
}

// The loop's body block comes before its header in the region's block list
// (the back edge ^bb2 -> ^bb1 goes to an earlier block): still a block loop.
// CHECK-LABEL: func.func @body_before_header
// CHECK:         %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    cf.br ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.store %{{.*}}, %[[B]]
// OFF-LABEL: func.func @body_before_header
// OFF:       ^bb1:
// OFF-NEXT:    memref.alloc()
func.func @body_before_header(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  cf.br ^bb2(%c0 : index)
^bb1:
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  cf.br ^bb2(%n : index)
^bb2(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb1, ^bb3
^bb3:
  return
}
