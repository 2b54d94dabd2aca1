// One merged buffer per scope and memory space: the default-space buffers
// merge into a memref<...xi8>, the space-1 buffers into a
// memref<...xi8, 1>, and each view keeps its space. Each merged buffer is
// allocated right before the first op holding one of its buffers.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK-LABEL: func.func @spaces(
// CHECK-NEXT:    arith.constant 0.0
// CHECK-NEXT:    %[[S0:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S0]][%[[O1]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[S1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8, 1>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S1]][%[[O2]]][] : memref<128xi8, 1> to memref<16xf32, 1>
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S1]][%[[O3]]][] : memref<128xi8, 1> to memref<32xf32, 1>
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[O4:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S0]][%[[O4]]][] : memref<64xi8> to memref<8xf32>
// CHECK-NOT:     memref.alloc
func.func @spaces(%i: index) {
  %f = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32, 1>
  memref.store %f, %b[%i] : memref<16xf32, 1>
  %c = memref.alloc() : memref<32xf32, 1>
  memref.store %f, %c[%i] : memref<32xf32, 1>
  %d = memref.alloc() : memref<8xf32>
  memref.store %f, %d[%i] : memref<8xf32>
  return
}
