// Dynamic shapes have no compile-time size: left alone on the heap (a
// runtime allocator handles them, as seed 003 says). The static buffer
// beside them is the only mergeable one of its scope, so it stays too (a
// one-buffer arena saves nothing). Stack allocations are not considered at
// all.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[D:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:    %[[D2:.*]] = memref.alloc(%{{.*}}) : memref<4x?xf32>
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.alloca() : memref<4xf32>
// expected-remark @below {{scope @dynamic: not merged: one buffer}}
func.func @dynamic(%n: index, %i: index) {
  %f = arith.constant 0.0 : f32
  // expected-remark @below {{not merged: dynamic shape}}
  %d = memref.alloc(%n) : memref<?xf32>
  // expected-remark @below {{not merged: dynamic shape}}
  %d2 = memref.alloc(%n) : memref<4x?xf32>
  %s = memref.alloc() : memref<4xf32>
  %stack = memref.alloca() : memref<4xf32>
  memref.store %f, %d[%i] : memref<?xf32>
  memref.store %f, %d2[%i, %i] : memref<4x?xf32>
  memref.store %f, %s[%i] : memref<4xf32>
  memref.store %f, %stack[%i] : memref<4xf32>
  return
}
