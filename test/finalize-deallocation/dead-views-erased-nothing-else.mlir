// bufrs-finalize-deallocation erases buffer views without uses (no region,
// no memory effect, only memref results), chains of them in one run, and
// nothing else: a dead arith op, an unused allocation (it has an effect),
// a view that is used and an unregistered op stay.

// RUN: %bufrs-opt -allow-unregistered-dialect %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation)' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation{erase-dead-views=false})' | FileCheck %s --check-prefix=KEEP

// CHECK-LABEL: func.func @views(
// CHECK-SAME:      %[[M:.*]]: memref<16xf32>, %[[I:.*]]: index, %[[N:.*]]: index)
// CHECK-NEXT:    %[[SUM:.*]] = arith.addi %[[I]], %[[N]] : index
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[USED:.*]] = memref.subview %[[M]][%[[I]]] [4] [1]
// CHECK-NEXT:    %[[X:.*]] = "test.opaque"() : () -> memref<2xf32>
// CHECK-NEXT:    "test.use"(%[[USED]]) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
// CHECK-NEXT:    return
// KEEP-LABEL:  func.func @views(
// KEEP-NEXT:     arith.addi
// KEEP-NEXT:     memref.alloc
// KEEP-NEXT:     memref.subview
// KEEP-NEXT:     memref.cast
// KEEP-NEXT:     memref.subview
// KEEP-NEXT:     memref.reinterpret_cast
func.func @views(%m: memref<16xf32>, %i: index, %n: index) {
  %sum = arith.addi %i, %n : index
  %a = memref.alloc() : memref<4xf32>
  %dead = memref.subview %m[%i] [%n] [1] : memref<16xf32> to memref<?xf32, strided<[1], offset: ?>>
  %dead_cast = memref.cast %dead : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  %used = memref.subview %m[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %dead_reinterpret = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
  %x = "test.opaque"() : () -> memref<2xf32>
  "test.use"(%used) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
  return
}
