// A buffer written in a loop whose alias flows into a merge in that loop (here
// the init of an inner loop's iter_arg) stays in the loop: shared between
// iterations, the next iteration's write would follow this iteration's flow
// into the merge, input clone-based deallocation refuses (its input
// contract). A written buffer that flows into no merge leaves the loop; the
// deallocation accepts the result.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting),func.func(bufrs-buffer-deallocation))' -o /dev/null

// CHECK-LABEL: func.func @written_and_merged_stays(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %arg0 step %[[C1]] {
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      memref.store %arg1, %[[B]][%[[C0]]] : memref<4xf32>
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %arg0 step %[[C1]] iter_args(%{{.*}} = %[[B]]) -> (memref<4xf32>) {
func.func @written_and_merged_stays(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<4xf32>
    memref.store %f, %b[%c0] : memref<4xf32>
    %r = scf.for %j = %c0 to %n step %c1 iter_args(%it = %b) -> (memref<4xf32>) {
      %fresh = memref.alloc() : memref<4xf32>
      %v = memref.load %it[%c0] : memref<4xf32>
      memref.store %v, %fresh[%c0] : memref<4xf32>
      scf.yield %fresh : memref<4xf32>
    }
    %w = memref.load %r[%c0] : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @written_not_merged_leaves(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %arg0 step %[[C1]] {
// CHECK-NEXT:      memref.store %arg1, %[[B]][%[[C0]]] : memref<4xf32>
func.func @written_not_merged_leaves(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<4xf32>
    memref.store %f, %b[%c0] : memref<4xf32>
    %w = memref.load %b[%c0] : memref<4xf32>
  }
  return
}
