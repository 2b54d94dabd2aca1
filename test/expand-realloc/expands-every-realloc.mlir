// bufrs-expand-realloc rewrites each memref.realloc exactly as upstream's
// expand-realloc{emit-deallocs=false} does (the second RUN line checks the
// same CHECK lines against upstream's pass): the old size (a constant, or
// memref.dim when dynamic) is compared with the new one; if smaller, a new
// buffer (with the realloc's alignment) gets the old contents copied into
// its front, else the old buffer is reinterpreted with the new type. The old
// buffer is never freed here (the deallocation pass frees it).

// RUN: %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-expand-realloc))' | FileCheck %s
// RUN: mlir-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(expand-realloc{emit-deallocs=false}))' | FileCheck %s

// CHECK-LABEL: func.func @dynamic_to_dynamic
// CHECK-SAME:      (%[[OLD_SIZE:.*]]: index, %[[NEW_SIZE:.*]]: index)
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc(%[[OLD_SIZE]]) : memref<?xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[DIM:.*]] = memref.dim %[[OLD]], %[[C0]] : memref<?xf32>
// CHECK-NEXT:    %[[GROW:.*]] = arith.cmpi ult, %[[DIM]], %[[NEW_SIZE]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[GROW]] -> (memref<?xf32>) {
// CHECK-NEXT:      %[[NEW:.*]] = memref.alloc(%[[NEW_SIZE]]) {alignment = 8 : i64} : memref<?xf32>
// CHECK-NEXT:      %[[FRONT:.*]] = memref.subview %[[NEW]][0] [%[[DIM]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT:      memref.copy %[[OLD]], %[[FRONT]] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT:      scf.yield %[[NEW]] : memref<?xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [%[[NEW_SIZE]]], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:      scf.yield %[[CAST]] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : memref<?xf32>
// CHECK-NOT:     memref.dealloc
func.func @dynamic_to_dynamic(%old_size: index, %new_size: index) -> memref<?xf32> {
  %old = memref.alloc(%old_size) : memref<?xf32>
  %r = memref.realloc %old(%new_size) {alignment = 8} : memref<?xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

// -----

// A static grow: the test folds to nothing at run time, but is kept as upstream keeps it.
// CHECK-LABEL: func.func @static_grow
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[GROW:.*]] = arith.cmpi ult, %[[C2]], %[[C4]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[GROW]] -> (memref<4xi64>) {
// CHECK-NEXT:      %[[NEW:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:      %[[FRONT:.*]] = memref.subview %[[NEW]][0] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1]>>
// CHECK-NEXT:      memref.copy %[[OLD]], %[[FRONT]] : memref<2xi64> to memref<2xi64, strided<[1]>>
// CHECK-NEXT:      scf.yield %[[NEW]] : memref<4xi64>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [4], strides: [1] : memref<2xi64> to memref<4xi64>
// CHECK-NEXT:      scf.yield %[[CAST]] : memref<4xi64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : memref<4xi64>
func.func @static_grow() -> memref<4xi64> {
  %old = memref.alloc() : memref<2xi64>
  %r = memref.realloc %old : memref<2xi64> to memref<4xi64>
  return %r : memref<4xi64>
}

// -----

// Dynamic to static, and static to dynamic, in a memory space.
// CHECK-LABEL: func.func @mixed
// CHECK-SAME:      (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc(%[[N]]) : memref<?xf64, 1>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[DIM:.*]] = memref.dim %[[OLD]], %[[C0]] : memref<?xf64, 1>
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[GROW:.*]] = arith.cmpi ult, %[[DIM]], %[[C4]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[GROW]] -> (memref<4xf64, 1>) {
// CHECK-NEXT:      %[[NEW:.*]] = memref.alloc() : memref<4xf64, 1>
// CHECK-NEXT:      %[[FRONT:.*]] = memref.subview %[[NEW]][0] [%[[DIM]]] [1] : memref<4xf64, 1> to memref<?xf64, strided<[1]>, 1>
// CHECK-NEXT:      memref.copy %[[OLD]], %[[FRONT]] : memref<?xf64, 1> to memref<?xf64, strided<[1]>, 1>
// CHECK-NEXT:      scf.yield %[[NEW]] : memref<4xf64, 1>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [4], strides: [1] : memref<?xf64, 1> to memref<4xf64, 1>
// CHECK-NEXT:      scf.yield %[[CAST]] : memref<4xf64, 1>
// CHECK-NEXT:    }
// The second realloc reads the first one's replacement.
// CHECK-NEXT:    %[[C4B:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[GROW2:.*]] = arith.cmpi ult, %[[C4B]], %[[M]] : index
// CHECK-NEXT:    %[[R2:.*]] = scf.if %[[GROW2]] -> (memref<?xf64, 1>) {
// CHECK-NEXT:      %[[NEW2:.*]] = memref.alloc(%[[M]]) : memref<?xf64, 1>
// CHECK-NEXT:      %[[FRONT2:.*]] = memref.subview %[[NEW2]][0] [4] [1] : memref<?xf64, 1> to memref<4xf64, strided<[1]>, 1>
// CHECK-NEXT:      memref.copy %[[R]], %[[FRONT2]] : memref<4xf64, 1> to memref<4xf64, strided<[1]>, 1>
// CHECK-NEXT:      scf.yield %[[NEW2]] : memref<?xf64, 1>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[CAST2:.*]] = memref.reinterpret_cast %[[R]] to offset: [0], sizes: [%[[M]]], strides: [1] : memref<4xf64, 1> to memref<?xf64, 1>
// CHECK-NEXT:      scf.yield %[[CAST2]] : memref<?xf64, 1>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R2]] : memref<?xf64, 1>
func.func @mixed(%n: index, %m: index) -> memref<?xf64, 1> {
  %old = memref.alloc(%n) : memref<?xf64, 1>
  %a = memref.realloc %old : memref<?xf64, 1> to memref<4xf64, 1>
  %b = memref.realloc %a(%m) : memref<4xf64, 1> to memref<?xf64, 1>
  return %b : memref<?xf64, 1>
}

// -----

// A realloc nested in a region is expanded in place.
// CHECK-LABEL: func.func @nested
// CHECK:         scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (memref<?xi32>) {
// CHECK-NEXT:      %[[M:.*]] = arith.addi
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[DIM:.*]] = memref.dim %[[A]], %[[C0]] : memref<?xi32>
// CHECK-NEXT:      %[[GROW:.*]] = arith.cmpi ult, %[[DIM]], %[[M]] : index
// CHECK-NEXT:      %[[R:.*]] = scf.if %[[GROW]] -> (memref<?xi32>) {
// CHECK:           scf.yield %[[R]] : memref<?xi32>
// CHECK-NOT:     memref.realloc
func.func @nested(%lb: index, %ub: index, %step: index, %n: index) -> memref<?xi32> {
  %x = memref.alloc(%n) : memref<?xi32>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%a = %x) -> memref<?xi32> {
    %m = arith.addi %n, %iv : index
    %g = memref.realloc %a(%m) : memref<?xi32> to memref<?xi32>
    scf.yield %g : memref<?xi32>
  }
  return %r : memref<?xi32>
}

// -----

// Without a realloc, nothing changes.
// CHECK-LABEL: func.func @none
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    return %[[A]] : memref<2xf32>
func.func @none() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
