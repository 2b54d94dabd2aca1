// bufrs-finalize-deallocation lowers each bufferization.clone to a new
// buffer and a copy with the ops convert-bufferization-to-memref makes (a
// memref.dim per dynamic size, memref.alloc of the identity layout, a
// memref.cast back to the clone's layout when it is another one), so a
// pipeline after a bufrs deallocation pipeline needs no
// convert-bufferization-to-memref. A static non-identity layout, which
// upstream's lowering refuses, gets a buffer large enough for the layout
// viewed with it. With lower-clones=false the clones stay.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation{lower-clones=false})' | FileCheck %s --check-prefix=KEEP

// CHECK-LABEL: func.func @static_identity(
// CHECK-SAME:      %[[M:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[NEW:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[M]], %[[NEW]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    return %[[NEW]] : memref<4xf32>
// KEEP-LABEL:  func.func @static_identity(
// KEEP-NEXT:     bufferization.clone
func.func @static_identity(%m: memref<4xf32>) -> memref<4xf32> {
  %c = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  return %c : memref<4xf32>
}

// CHECK-LABEL: func.func @dynamic_strided(
// CHECK-SAME:      %[[M:.*]]: memref<?x8xf32, strided<[?, 1], offset: ?>>)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[M]], %[[C0]] : memref<?x8xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[NEW:.*]] = memref.alloc(%[[D]]) : memref<?x8xf32>
// CHECK-NEXT:    memref.copy %[[M]], %[[NEW]] : memref<?x8xf32, strided<[?, 1], offset: ?>> to memref<?x8xf32>
// CHECK-NEXT:    %[[CAST:.*]] = memref.cast %[[NEW]] : memref<?x8xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    return %[[CAST]]
// KEEP-LABEL:  func.func @dynamic_strided(
// KEEP-NEXT:     bufferization.clone
func.func @dynamic_strided(%m: memref<?x8xf32, strided<[?, 1], offset: ?>>) -> memref<?x8xf32, strided<[?, 1], offset: ?>> {
  %c = bufferization.clone %m : memref<?x8xf32, strided<[?, 1], offset: ?>> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  return %c : memref<?x8xf32, strided<[?, 1], offset: ?>>
}

// CHECK-LABEL: func.func @memory_space(
// CHECK-SAME:      %[[M:.*]]: memref<?xi32, 1>)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[M]], %[[C0]] : memref<?xi32, 1>
// CHECK-NEXT:    %[[NEW:.*]] = memref.alloc(%[[D]]) : memref<?xi32, 1>
// CHECK-NEXT:    memref.copy %[[M]], %[[NEW]] : memref<?xi32, 1> to memref<?xi32, 1>
// CHECK-NEXT:    return %[[NEW]] : memref<?xi32, 1>
func.func @memory_space(%m: memref<?xi32, 1>) -> memref<?xi32, 1> {
  %c = bufferization.clone %m : memref<?xi32, 1> to memref<?xi32, 1>
  return %c : memref<?xi32, 1>
}

// CHECK-LABEL: func.func @static_offset(
// CHECK-SAME:      %[[M:.*]]: memref<4xf32, strided<[1], offset: 2>>)
// CHECK-NEXT:    %[[FLAT:.*]] = memref.alloc() : memref<6xf32>
// CHECK-NEXT:    %[[VIEW:.*]] = memref.reinterpret_cast %[[FLAT]] to offset: [2], sizes: [4], strides: [1] : memref<6xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:    memref.copy %[[M]], %[[VIEW]]
// CHECK-NEXT:    return %[[VIEW]]
func.func @static_offset(%m: memref<4xf32, strided<[1], offset: 2>>) -> memref<4xf32, strided<[1], offset: 2>> {
  %c = bufferization.clone %m : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[1], offset: 2>>
  return %c : memref<4xf32, strided<[1], offset: 2>>
}

// CHECK-NOT: bufferization.clone
