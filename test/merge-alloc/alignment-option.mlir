// alignment=A: the merged buffer is aligned to A and every offset is a
// multiple of A (each buffer occupies its size rounded up to A); an
// element's size (f32: 4, so alignment=1 still aligns to 4) or an
// allocation's own alignment attribute raises it for that buffer. Two live 20-byte buffers and a 4-byte one.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s --check-prefix=A64
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=1}))' | FileCheck %s --check-prefix=A1
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=16}))' | FileCheck %s --check-prefix=A16
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=256}))' | FileCheck %s --check-prefix=A256

// A64:  memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// A1-LABEL: func.func @three_live(
// A1-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 4 : i64} : memref<44xi8>
// A1-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[M]][%[[O1]]][] : memref<44xi8> to memref<5xf32>
// A1-NEXT:    %[[O2:.*]] = arith.constant 20 : index
// A1-NEXT:    memref.view %[[M]][%[[O2]]][] : memref<44xi8> to memref<5xf32>
// A1-NEXT:    %[[O3:.*]] = arith.constant 40 : index
// A1-NEXT:    memref.view %[[M]][%[[O3]]][] : memref<44xi8> to memref<1xf32>
// A16:  memref.alloc() {alignment = 16 : i64} : memref<80xi8>
// A256: memref.alloc() {alignment = 256 : i64} : memref<768xi8>
func.func @three_live(%i: index, %f: f32) {
  %a = memref.alloc() : memref<5xf32>
  %b = memref.alloc() : memref<5xf32>
  %c = memref.alloc() : memref<1xf32>
  memref.store %f, %a[%i] : memref<5xf32>
  memref.store %f, %b[%i] : memref<5xf32>
  memref.store %f, %c[%i] : memref<1xf32>
  memref.store %f, %a[%i] : memref<5xf32>
  memref.store %f, %b[%i] : memref<5xf32>
  return
}

// An allocation asking for 128-byte alignment keeps it: the merged buffer is
// aligned to 128 and the buffer's offset is a multiple of 128 (with
// alignment=1 the f64 buffer still gets 8).
// A1-LABEL: func.func @own_alignment(
// A1-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 128 : i64} : memref<136xi8>
// A1-NEXT:    %[[O1:.*]] = arith.constant 128 : index
// A1-NEXT:    memref.view %[[M]][%[[O1]]][] : memref<136xi8> to memref<1xf64>
// A1-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[M]][%[[O2]]][] : memref<136xi8> to memref<3xf64>
func.func @own_alignment(%i: index, %f: f64) {
  %a = memref.alloc() : memref<1xf64>
  %b = memref.alloc() {alignment = 128 : i64} : memref<3xf64>
  memref.store %f, %a[%i] : memref<1xf64>
  memref.store %f, %b[%i] : memref<3xf64>
  memref.store %f, %a[%i] : memref<1xf64>
  return
}
