// A function returning a view of its own buffer that keeps the buffer's
// allocated pointer (memref.cast, memref.collapse_shape, memref.expand_shape,
// memref.reinterpret_cast, memref.subview at offset 0 or not: every
// ViewLikeOpInterface op from a memref to a memref) returns the view as it
// is: no clone, no free in the function. The caller owns the buffer through
// the view and frees it there (memref.dealloc frees the allocated pointer).
// Both deallocation passes give the same output; the static verifier accepts
// it, and the programs run clean under AddressSanitizer with the same output
// through every deallocation pipeline.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation),bufrs-verify-deallocation)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation),bufrs-verify-deallocation)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      1
// OUT-NEXT: 1
// OUT-NEXT: 5
// OUT-NEXT: 6
// OUT-NEXT: 1
// OUT-NEXT: 4
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @returns_cast(
// CHECK-SAME: ) -> memref<?xi64> {
// CHECK-NEXT: %[[RETURNS_CAST_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT: call @fill(%[[RETURNS_CAST_ALLOC]]) : (memref<8xi64>) -> ()
// CHECK-NEXT: %[[RETURNS_CAST_CAST:[a-z0-9_]+]] = memref.cast %[[RETURNS_CAST_ALLOC]] : memref<8xi64> to memref<?xi64>
// CHECK-NEXT: return %[[RETURNS_CAST_CAST]] : memref<?xi64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @returns_collapse_shape(
// CHECK-SAME: ) -> memref<8xi64> {
// CHECK-NEXT: %[[RETURNS_COLLAPSE_SHAPE_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<2x4xi64>
// CHECK-NEXT: %[[RETURNS_COLLAPSE_SHAPE_COLLAPSE_SHAPE:[a-z0-9_]+]] = memref.collapse_shape %[[RETURNS_COLLAPSE_SHAPE_ALLOC]] {{\[\[}}0, 1]] : memref<2x4xi64> into memref<8xi64>
// CHECK-NEXT: call @fill(%[[RETURNS_COLLAPSE_SHAPE_COLLAPSE_SHAPE]]) : (memref<8xi64>) -> ()
// CHECK-NEXT: return %[[RETURNS_COLLAPSE_SHAPE_COLLAPSE_SHAPE]] : memref<8xi64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @returns_expand_shape(
// CHECK-SAME: ) -> memref<2x4xi64> {
// CHECK-NEXT: %[[RETURNS_EXPAND_SHAPE_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT: call @fill(%[[RETURNS_EXPAND_SHAPE_ALLOC]]) : (memref<8xi64>) -> ()
// CHECK-NEXT: %[[RETURNS_EXPAND_SHAPE_EXPAND_SHAPE:[a-z0-9_]+]] = memref.expand_shape %[[RETURNS_EXPAND_SHAPE_ALLOC]] {{\[\[}}0, 1]] output_shape [2, 4] : memref<8xi64> into memref<2x4xi64>
// CHECK-NEXT: return %[[RETURNS_EXPAND_SHAPE_EXPAND_SHAPE]] : memref<2x4xi64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @returns_reinterpret_cast(
// CHECK-SAME: ) -> memref<2x2xi64, strided<[4, 1], offset: 1>> {
// CHECK-NEXT: %[[RETURNS_REINTERPRET_CAST_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT: call @fill(%[[RETURNS_REINTERPRET_CAST_ALLOC]]) : (memref<8xi64>) -> ()
// CHECK-NEXT: %[[RETURNS_REINTERPRET_CAST_REINTERPRET_CAST:[a-z0-9_]+]] = memref.reinterpret_cast %[[RETURNS_REINTERPRET_CAST_ALLOC]] to offset: [1], sizes: [2, 2], strides: [4, 1] : memref<8xi64> to memref<2x2xi64, strided<[4, 1], offset: 1>>
// CHECK-NEXT: return %[[RETURNS_REINTERPRET_CAST_REINTERPRET_CAST]] : memref<2x2xi64, strided<[4, 1], offset: 1>>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @returns_subview_at_zero(
// CHECK-SAME: ) -> memref<4xi64, strided<[1]>> {
// CHECK-NEXT: %[[RETURNS_SUBVIEW_AT_ZERO_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT: call @fill(%[[RETURNS_SUBVIEW_AT_ZERO_ALLOC]]) : (memref<8xi64>) -> ()
// CHECK-NEXT: %[[RETURNS_SUBVIEW_AT_ZERO_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[RETURNS_SUBVIEW_AT_ZERO_ALLOC]][0] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1]>>
// CHECK-NEXT: return %[[RETURNS_SUBVIEW_AT_ZERO_SUBVIEW]] : memref<4xi64, strided<[1]>>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @returns_subview_at_three(
// CHECK-SAME: ) -> memref<4xi64, strided<[1], offset: 3>> {
// CHECK-NEXT: %[[RETURNS_SUBVIEW_AT_THREE_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT: call @fill(%[[RETURNS_SUBVIEW_AT_THREE_ALLOC]]) : (memref<8xi64>) -> ()
// CHECK-NEXT: %[[RETURNS_SUBVIEW_AT_THREE_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[RETURNS_SUBVIEW_AT_THREE_ALLOC]][3] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1], offset: 3>>
// CHECK-NEXT: return %[[RETURNS_SUBVIEW_AT_THREE_SUBVIEW]] : memref<4xi64, strided<[1], offset: 3>>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @run(
// CHECK-SAME: ) {
// CHECK-NEXT: %[[RUN_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RUN_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[RUN_V_0:[a-z0-9_]+]] = call @returns_cast() : () -> memref<?xi64>
// CHECK-NEXT: %[[RUN_V_1:[a-z0-9_]+]] = memref.load %[[RUN_V_0]][%[[RUN_C1]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[RUN_V_0]] : memref<?xi64>
// CHECK-NEXT: call @bufrs_print_i64(%[[RUN_V_1]]) : (i64) -> ()
// CHECK-NEXT: %[[RUN_V_2:[a-z0-9_]+]] = call @returns_collapse_shape() : () -> memref<8xi64>
// CHECK-NEXT: %[[RUN_V_3:[a-z0-9_]+]] = memref.load %[[RUN_V_2]][%[[RUN_C1]]] : memref<8xi64>
// CHECK-NEXT: memref.dealloc %[[RUN_V_2]] : memref<8xi64>
// CHECK-NEXT: call @bufrs_print_i64(%[[RUN_V_3]]) : (i64) -> ()
// CHECK-NEXT: %[[RUN_V_4:[a-z0-9_]+]] = call @returns_expand_shape() : () -> memref<2x4xi64>
// CHECK-NEXT: %[[RUN_V_5:[a-z0-9_]+]] = memref.load %[[RUN_V_4]][%[[RUN_C1]], %[[RUN_C1]]] : memref<2x4xi64>
// CHECK-NEXT: memref.dealloc %[[RUN_V_4]] : memref<2x4xi64>
// CHECK-NEXT: call @bufrs_print_i64(%[[RUN_V_5]]) : (i64) -> ()
// CHECK-NEXT: %[[RUN_V_6:[a-z0-9_]+]] = call @returns_reinterpret_cast() : () -> memref<2x2xi64, strided<[4, 1], offset: 1>>
// CHECK-NEXT: %[[RUN_V_7:[a-z0-9_]+]] = memref.load %[[RUN_V_6]][%[[RUN_C1]], %[[RUN_C1]]] : memref<2x2xi64, strided<[4, 1], offset: 1>>
// CHECK-NEXT: memref.dealloc %[[RUN_V_6]] : memref<2x2xi64, strided<[4, 1], offset: 1>>
// CHECK-NEXT: call @bufrs_print_i64(%[[RUN_V_7]]) : (i64) -> ()
// CHECK-NEXT: %[[RUN_V_8:[a-z0-9_]+]] = call @returns_subview_at_zero() : () -> memref<4xi64, strided<[1]>>
// CHECK-NEXT: %[[RUN_V_9:[a-z0-9_]+]] = memref.load %[[RUN_V_8]][%[[RUN_C1]]] : memref<4xi64, strided<[1]>>
// CHECK-NEXT: memref.dealloc %[[RUN_V_8]] : memref<4xi64, strided<[1]>>
// CHECK-NEXT: call @bufrs_print_i64(%[[RUN_V_9]]) : (i64) -> ()
// CHECK-NEXT: %[[RUN_V_10:[a-z0-9_]+]] = call @returns_subview_at_three() : () -> memref<4xi64, strided<[1], offset: 3>>
// CHECK-NEXT: %[[RUN_V_11:[a-z0-9_]+]] = memref.load %[[RUN_V_10]][%[[RUN_C1]]] : memref<4xi64, strided<[1], offset: 3>>
// CHECK-NEXT: memref.dealloc %[[RUN_V_10]] : memref<4xi64, strided<[1], offset: 3>>
// CHECK-NEXT: call @bufrs_print_i64(%[[RUN_V_11]]) : (i64) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @fill(%m: memref<8xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %m[%i] : memref<8xi64>
  }
  return
}

func.func @returns_cast() -> memref<?xi64> {
  %a = memref.alloc() : memref<8xi64>
  func.call @fill(%a) : (memref<8xi64>) -> ()
  %v = memref.cast %a : memref<8xi64> to memref<?xi64>
  return %v : memref<?xi64>
}

func.func @returns_collapse_shape() -> memref<8xi64> {
  %a = memref.alloc() : memref<2x4xi64>
  %f = memref.collapse_shape %a [[0, 1]] : memref<2x4xi64> into memref<8xi64>
  func.call @fill(%f) : (memref<8xi64>) -> ()
  return %f : memref<8xi64>
}

func.func @returns_expand_shape() -> memref<2x4xi64> {
  %a = memref.alloc() : memref<8xi64>
  func.call @fill(%a) : (memref<8xi64>) -> ()
  %e = memref.expand_shape %a [[0, 1]] output_shape [2, 4] : memref<8xi64> into memref<2x4xi64>
  return %e : memref<2x4xi64>
}

func.func @returns_reinterpret_cast() -> memref<2x2xi64, strided<[4, 1], offset: 1>> {
  %a = memref.alloc() : memref<8xi64>
  func.call @fill(%a) : (memref<8xi64>) -> ()
  %r = memref.reinterpret_cast %a to offset: [1], sizes: [2, 2], strides: [4, 1] : memref<8xi64> to memref<2x2xi64, strided<[4, 1], offset: 1>>
  return %r : memref<2x2xi64, strided<[4, 1], offset: 1>>
}

func.func @returns_subview_at_zero() -> memref<4xi64, strided<[1]>> {
  %a = memref.alloc() : memref<8xi64>
  func.call @fill(%a) : (memref<8xi64>) -> ()
  %s = memref.subview %a[0] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1]>>
  return %s : memref<4xi64, strided<[1]>>
}

func.func @returns_subview_at_three() -> memref<4xi64, strided<[1], offset: 3>> {
  %a = memref.alloc() : memref<8xi64>
  func.call @fill(%a) : (memref<8xi64>) -> ()
  %s = memref.subview %a[3] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1], offset: 3>>
  return %s : memref<4xi64, strided<[1], offset: 3>>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = func.call @returns_cast() : () -> memref<?xi64>
  %va = memref.load %a[%c1] : memref<?xi64>
  func.call @bufrs_print_i64(%va) : (i64) -> ()
  %b = func.call @returns_collapse_shape() : () -> memref<8xi64>
  %vb = memref.load %b[%c1] : memref<8xi64>
  func.call @bufrs_print_i64(%vb) : (i64) -> ()
  %c = func.call @returns_expand_shape() : () -> memref<2x4xi64>
  %vc = memref.load %c[%c1, %c1] : memref<2x4xi64>
  func.call @bufrs_print_i64(%vc) : (i64) -> ()
  %d = func.call @returns_reinterpret_cast() : () -> memref<2x2xi64, strided<[4, 1], offset: 1>>
  %vd = memref.load %d[%c1, %c1] : memref<2x2xi64, strided<[4, 1], offset: 1>>
  func.call @bufrs_print_i64(%vd) : (i64) -> ()
  %e = func.call @returns_subview_at_zero() : () -> memref<4xi64, strided<[1]>>
  %ve = memref.load %e[%c1] : memref<4xi64, strided<[1]>>
  func.call @bufrs_print_i64(%ve) : (i64) -> ()
  %f = func.call @returns_subview_at_three() : () -> memref<4xi64, strided<[1], offset: 3>>
  %vf = memref.load %f[%c1] : memref<4xi64, strided<[1], offset: 3>>
  func.call @bufrs_print_i64(%vf) : (i64) -> ()
  return
}
