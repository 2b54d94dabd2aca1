// Only contiguous, identity-layout memrefs merge (seed 003's limitation):
// strided and permuted layouts are left alone; identity-layout buffers
// beside them still merge, including sub-byte-sized i1 (one byte each) and
// vector elements.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @layouts(
// CHECK:         memref.alloc() : memref<4x4xf32, strided<[8, 1]>>
// CHECK:         memref.alloc() : memref<4x4xf32, #map>
// CHECK:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         memref.view %[[M]][%{{.*}}][] : memref<128xi8> to memref<16xf32>
// CHECK:         memref.view %[[M]][%{{.*}}][] : memref<128xi8> to memref<4xvector<3xf32>>
// CHECK:         memref.view %[[M]][%{{.*}}][] : memref<128xi8> to memref<60xi1>
// expected-remark @below {{scope @layouts: 3 buffers merged, 188 bytes before, 128 bytes after, lower bound 128, ratio 1.000}}
func.func @layouts(%i: index, %v: vector<3xf32>, %b: i1) {
  %f = arith.constant 0.0 : f32
  // expected-remark @below {{not merged: non-identity layout}}
  %s = memref.alloc() : memref<4x4xf32, strided<[8, 1]>>
  memref.store %f, %s[%i, %i] : memref<4x4xf32, strided<[8, 1]>>
  // expected-remark @below {{not merged: non-identity layout}}
  %t = memref.alloc() : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  memref.store %f, %t[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %ok = memref.alloc() : memref<16xf32>
  %vec = memref.alloc() : memref<4xvector<3xf32>>
  %bits = memref.alloc() : memref<60xi1>
  memref.store %f, %ok[%i] : memref<16xf32>
  memref.store %v, %vec[%i] : memref<4xvector<3xf32>>
  memref.store %b, %bits[%i] : memref<60xi1>
  memref.store %f, %ok[%i] : memref<16xf32>
  return
}
