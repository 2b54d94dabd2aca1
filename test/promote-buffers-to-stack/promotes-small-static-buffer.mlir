// A small, static, non-escaping heap buffer becomes a stack buffer with the
// same type and attributes; its uses (direct, through a view, and inside a
// nested region that does not yield it) follow. Seeds 000/002, "Conversion
// from AllocOp to AllocaOp".

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s

// CHECK-LABEL: func.func @straight_line
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[F:.*]] = arith.constant
// CHECK-NEXT:    memref.store %[[F]], %[[A]][%[[C0]]] : memref<8xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[A]][2] [4] [1]
// CHECK-NEXT:    %{{.*}} = memref.load %[[V]][%[[C0]]]
// CHECK-NEXT:    return
func.func @straight_line() -> f32 {
  %0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%c0] : memref<8xf32>
  %v = memref.subview %0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %r = memref.load %v[%c0] : memref<4xf32, strided<[1], offset: 2>>
  return %r : f32
}

// CHECK-LABEL: func.func @used_in_nested_region
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<4xi32>
// CHECK-NEXT:    scf.if %{{.*}} {
// CHECK-NEXT:      arith.constant
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NOT:     memref.alloc()
func.func @used_in_nested_region(%cond: i1, %x: i32) {
  %0 = memref.alloc() : memref<4xi32>
  scf.if %cond {
    %c1 = arith.constant 1 : index
    memref.store %x, %0[%c1] : memref<4xi32>
  }
  return
}
