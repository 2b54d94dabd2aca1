// dense_resource globals (blob-backed, what torch-mlir emits for weights)
// are packed with the plain dense ones, each at an offset aligned to the
// largest of its `alignment` attribute, its element size and its blob's
// alignment: @r1 (8 bytes) at 0, @r2 (6 bytes, blob aligned to 16) at 16,
// @d (2 bytes) at 22, 24 bytes in all. The packed global is itself a
// dense_resource blob aligned to the pass's alignment (64: the blob's
// first four bytes, 0x40), holding each member's bytes at its offset.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-pack-constants)' | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:    memref.global "private" constant @__bufrs_packed_constants : memref<24xi8> = dense_resource<__bufrs_packed_constants> {alignment = 64 : i64}
// CHECK-NOT:     memref.global
// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[P0:.*]] = memref.get_global @__bufrs_packed_constants : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[R1:.*]] = memref.view %[[P0]][%[[O0]]][] : memref<24xi8> to memref<2xi32>
// CHECK-NEXT:    %[[P1:.*]] = memref.get_global @__bufrs_packed_constants : memref<24xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[R2:.*]] = memref.view %[[P1]][%[[O1]]][] : memref<24xi8> to memref<3xi16>
// CHECK-NEXT:    %[[P2:.*]] = memref.get_global @__bufrs_packed_constants : memref<24xi8>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 22 : index
// CHECK-NEXT:    %[[D:.*]] = memref.view %[[P2]][%[[O2]]][] : memref<24xi8> to memref<2xi8>
// CHECK-NEXT:    "test.use"(%[[R1]], %[[R2]], %[[D]])
// CHECK:       dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      __bufrs_packed_constants: "0x40000000010000000200000000000000000000000300040005000102"
// CHECK-NEXT:    }
memref.global "private" constant @r1 : memref<2xi32> = dense_resource<blob1>
memref.global "private" constant @r2 : memref<3xi16> = dense_resource<blob2>
memref.global "private" constant @d : memref<2xi8> = dense<[1, 2]>
func.func @f() {
  %r1 = memref.get_global @r1 : memref<2xi32>
  %r2 = memref.get_global @r2 : memref<3xi16>
  %d = memref.get_global @d : memref<2xi8>
  "test.use"(%r1, %r2, %d) : (memref<2xi32>, memref<3xi16>, memref<2xi8>) -> ()
  return
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x10000000030004000500"
    }
  }
#-}
