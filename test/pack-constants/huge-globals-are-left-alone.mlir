// Globals far larger than memory: a splat of 2^61 f32 elements stays a
// splat (packing would write out 2^63 bytes), and two uninitialized
// globals of 2^62 bytes each, whose packed size would overflow 64 bits,
// stay as they are; each gets a remark, the pass succeeds and the IR is
// unchanged. The two small constants next to them are still packed.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-pack-constants)' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err

// REMARK: remark: bufrs-pack-constants: @huge left unpacked: its initial value is a splat, packing would write out all its 9223372036854775808 bytes
// REMARK: remark: bufrs-pack-constants: the 2 globals of this class left unpacked: their packed size overflows 64 bits
// REMARK-NOT: remark

// CHECK-LABEL: module {
// CHECK-NEXT:    memref.global "private" constant @huge : memref<2305843009213693952xf32> = dense<1.000000e+00>
// CHECK-NEXT:    memref.global "private" constant @__bufrs_packed_constants : memref<6xi8>
// CHECK-NEXT:    memref.global "private" @big1 : memref<4611686018427387904xi8> = uninitialized
// CHECK-NEXT:    memref.global "private" @big2 : memref<4611686018427387904xi8> = uninitialized
// CHECK-NOT:     memref.global
memref.global "private" constant @huge : memref<2305843009213693952xf32> = dense<1.0>
memref.global "private" constant @a : memref<2xi16> = dense<[1, 2]>
memref.global "private" @big1 : memref<4611686018427387904xi8> = uninitialized
memref.global "private" @big2 : memref<4611686018427387904xi8> = uninitialized
memref.global "private" constant @b : memref<2xi8> = dense<[3, 4]>
func.func @f() {
  %h = memref.get_global @huge : memref<2305843009213693952xf32>
  %a = memref.get_global @a : memref<2xi16>
  %b = memref.get_global @b : memref<2xi8>
  %1 = memref.get_global @big1 : memref<4611686018427387904xi8>
  %2 = memref.get_global @big2 : memref<4611686018427387904xi8>
  "test.use"(%h, %a, %b, %1, %2) : (memref<2305843009213693952xf32>, memref<2xi16>, memref<2xi8>, memref<4611686018427387904xi8>, memref<4611686018427387904xi8>) -> ()
  return
}
