// A stack arena is aligned like a heap arena: to the `alignment` option,
// raised by an element's size (f64: 8, so alignment=1 still gives 8) and by
// an alloca's own alignment attribute (128 here), and every offset is a
// multiple of the alignment of the buffer placed there. %a and %b are live
// together, %c reuses %a's bytes.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=stack alignment=1}))' | FileCheck %s --check-prefix=A1
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=stack alignment=16}))' | FileCheck %s --check-prefix=A16
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=stack alignment=1}))' | FileCheck %s --check-prefix=OUT

// OUT: 9

// A1-LABEL: func.func @aligned(
// A1-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 128 : i64} : memref<384xi8>
// A1-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[S]][%[[O1]]][] : memref<384xi8> to memref<32xf64>
// A1-NEXT:    %[[O2:.*]] = arith.constant 256 : index
// A1-NEXT:    memref.view %[[S]][%[[O2]]][] : memref<384xi8> to memref<3xf64>
// A1:         %[[O3:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[S]][%[[O3]]][] : memref<384xi8> to memref<32xf64>
// A16-LABEL: func.func @aligned(
// A16-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 128 : i64} : memref<384xi8>
// A16-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A16-NEXT:    memref.view %[[S]][%[[O1]]][] : memref<384xi8> to memref<32xf64>
// A16-NEXT:    %[[O2:.*]] = arith.constant 256 : index
// A16-NEXT:    memref.view %[[S]][%[[O2]]][] : memref<384xi8> to memref<3xf64>
// A1-LABEL: func.func @odd_sizes(
// A1-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 8 : i64} : memref<48xi8>
// A1-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[S]][%[[O1]]][] : memref<48xi8> to memref<3xf64>
// A1-NEXT:    %[[O2:.*]] = arith.constant 24 : index
// A1-NEXT:    memref.view %[[S]][%[[O2]]][] : memref<48xi8> to memref<3xf64>
// A1:         %[[O3:.*]] = arith.constant 0 : index
// A1-NEXT:    memref.view %[[S]][%[[O3]]][] : memref<48xi8> to memref<3xf64>
// A16-LABEL: func.func @odd_sizes(
// A16-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 16 : i64} : memref<64xi8>
// A16-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// A16-NEXT:    memref.view %[[S]][%[[O1]]][] : memref<64xi8> to memref<3xf64>
// A16-NEXT:    %[[O2:.*]] = arith.constant 32 : index
// A16-NEXT:    memref.view %[[S]][%[[O2]]][] : memref<64xi8> to memref<3xf64>
func.func @aligned(%i: index, %f: f64) -> f64 {
  %a = memref.alloca() : memref<32xf64>
  %b = memref.alloca() {alignment = 128 : i64} : memref<3xf64>
  memref.store %f, %a[%i] : memref<32xf64>
  memref.store %f, %b[%i] : memref<3xf64>
  %x = memref.load %a[%i] : memref<32xf64>
  %y = memref.load %b[%i] : memref<3xf64>
  %c = memref.alloca() : memref<32xf64>
  memref.store %x, %c[%i] : memref<32xf64>
  %z = memref.load %c[%i] : memref<32xf64>
  %s = arith.addf %y, %z : f64
  return %s : f64
}

func.func @odd_sizes(%i: index, %f: f64) -> f64 {
  %a = memref.alloca() : memref<3xf64>
  %b = memref.alloca() : memref<3xf64>
  memref.store %f, %a[%i] : memref<3xf64>
  memref.store %f, %b[%i] : memref<3xf64>
  %x = memref.load %a[%i] : memref<3xf64>
  %y = memref.load %b[%i] : memref<3xf64>
  %c = memref.alloca() : memref<3xf64>
  memref.store %x, %c[%i] : memref<3xf64>
  %z = memref.load %c[%i] : memref<3xf64>
  %s = arith.addf %y, %z : f64
  return %s : f64
}

func.func private @bufrs_print_f64(f64)

func.func @run() {
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f64
  %half = arith.constant 2.5 : f64
  %a = func.call @aligned(%c2, %two) : (index, f64) -> f64
  %b = func.call @odd_sizes(%c2, %half) : (index, f64) -> f64
  %s = arith.addf %a, %b : f64
  func.call @bufrs_print_f64(%s) : (f64) -> ()
  return
}
