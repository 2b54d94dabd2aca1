// alignment=A: the merged buffer is aligned to A and every offset is a
// multiple of A (each buffer occupies its size rounded up to A); an
// element's size (f32: 4, so alignment=1 still aligns to 4) or an
// allocation's own alignment attribute raises it for that buffer. Two live
// 400-byte buffers and a 4-byte one, then a 400-byte one reusing the first
// slot: 1204 bytes before. With alignment=256 the padding eats the reuse
// (1280 bytes), so nothing is merged.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s --check-prefix=A64
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=1}))' | FileCheck %s --check-prefix=A1
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=16}))' | FileCheck %s --check-prefix=A16
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=256}))' | FileCheck %s --check-prefix=A256

// A64:  memref.alloc() {alignment = 64 : i64} : memref<960xi8>
// A1-LABEL: func.func @three_live(
// A1-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 4 : i64} : memref<804xi8>
// A1-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[M]][%[[O1]]][] : memref<804xi8> to memref<100xf32>
// A1-NEXT:    %[[O2:.*]] = arith.constant 400 : index
// A1-NEXT:    memref.view %[[M]][%[[O2]]][] : memref<804xi8> to memref<100xf32>
// A1-NEXT:    %[[O3:.*]] = arith.constant 800 : index
// A1-NEXT:    memref.view %[[M]][%[[O3]]][] : memref<804xi8> to memref<1xf32>
// A1:         %[[O4:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[M]][%[[O4]]][] : memref<804xi8> to memref<100xf32>
// A16:  memref.alloc() {alignment = 16 : i64} : memref<816xi8>
// A256-LABEL: func.func @three_live(
// A256-NEXT:    memref.alloc() : memref<100xf32>
// A256-NEXT:    memref.alloc() : memref<100xf32>
// A256-NEXT:    memref.alloc() : memref<1xf32>
func.func @three_live(%i: index, %f: f32) {
  %a = memref.alloc() : memref<100xf32>
  %b = memref.alloc() : memref<100xf32>
  %c = memref.alloc() : memref<1xf32>
  memref.store %f, %a[%i] : memref<100xf32>
  memref.store %f, %b[%i] : memref<100xf32>
  memref.store %f, %c[%i] : memref<1xf32>
  memref.store %f, %a[%i] : memref<100xf32>
  memref.store %f, %b[%i] : memref<100xf32>
  %d = memref.alloc() : memref<100xf32>
  memref.store %f, %d[%i] : memref<100xf32>
  return
}

// An allocation asking for 128-byte alignment keeps it: the merged buffer is
// aligned to 128 and the buffer's offset is a multiple of 128 (with
// alignment=1 the f64 buffers still get 8).
// A1-LABEL: func.func @own_alignment(
// A1-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 128 : i64} : memref<384xi8>
// A1-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[M]][%[[O1]]][] : memref<384xi8> to memref<32xf64>
// A1-NEXT:    %[[O2:.*]] = arith.constant 256 : index
// A1-NEXT:    memref.view %[[M]][%[[O2]]][] : memref<384xi8> to memref<3xf64>
// A1:         %[[O3:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[M]][%[[O3]]][] : memref<384xi8> to memref<32xf64>
// A256-LABEL: func.func @own_alignment(
// A256-NEXT:    memref.alloc() {alignment = 256 : i64} : memref<512xi8>
func.func @own_alignment(%i: index, %f: f64) {
  %a = memref.alloc() : memref<32xf64>
  %b = memref.alloc() {alignment = 128 : i64} : memref<3xf64>
  memref.store %f, %a[%i] : memref<32xf64>
  memref.store %f, %b[%i] : memref<3xf64>
  memref.store %f, %a[%i] : memref<32xf64>
  %c = memref.alloc() : memref<32xf64>
  memref.store %f, %c[%i] : memref<32xf64>
  return
}
