// Within a block, allocations move above the ops before them, in their
// original order, as far as their operands allow.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting))' | FileCheck %s

// CHECK-LABEL: func.func @grouped
// CHECK-NEXT:    memref.alloc() : memref<2xf32>
// CHECK-NEXT:    memref.alloc() : memref<3xf32>
// CHECK-NEXT:    %[[N:.*]] = arith.addi
// CHECK-NEXT:    memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    memref.store
func.func @grouped(%n: index, %f: f32) {
  %0 = memref.alloc() : memref<2xf32>
  %m = arith.addi %n, %n : index
  memref.store %f, %0[%n] : memref<2xf32>
  %1 = memref.alloc() : memref<3xf32>
  memref.store %f, %1[%n] : memref<3xf32>
  %2 = memref.alloc(%m) : memref<?xf32>
  memref.store %f, %2[%n] : memref<?xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.dealloc %1 : memref<3xf32>
  memref.dealloc %2 : memref<?xf32>
  return
}
