// A caller's out-param allocation takes the `alignment` of the callee's
// allocations the out-param replaces, so it asks malloc for the bytes they
// asked for (merge-alloc's keep-peak counts an allocation's alignment as
// bytes malloc'ed): @direct's own 64, the larger of @pick's two branches
// (128), @outer's through the call to @direct it returns (64), and none
// where the callee's allocation has none (@plain). The program runs under
// AddressSanitizer with the same output as before the preparation.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-prepare-functions)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-prepare-functions,bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT: 34

// CHECK-LABEL: func.func private @direct(
// CHECK-SAME:    %{{.*}}: i64, %{{.*}}: memref<8xi64>) {
// CHECK-NOT:     memref.alloc
// CHECK:         return{{$}}
// CHECK-LABEL: func.func private @outer(
// CHECK-SAME:    %{{.*}}: i64, %[[O:.*]]: memref<8xi64>) {
// CHECK-NEXT:    call @direct(%{{.*}}, %[[O]]) : (i64, memref<8xi64>) -> ()
// CHECK-NEXT:    return{{$}}
// CHECK-LABEL: func.func @run(
// CHECK:         %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
// CHECK-NEXT:    call @direct(%{{.*}}, %[[A]]) : (i64, memref<8xi64>) -> ()
// CHECK:         %[[B:.*]] = memref.alloc() {alignment = 128 : i64} : memref<8xi64>
// CHECK-NEXT:    call @pick(%{{.*}}, %{{.*}}, %[[B]]) : (i1, i64, memref<8xi64>) -> ()
// CHECK:         %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
// CHECK-NEXT:    call @outer(%{{.*}}, %[[C]]) : (i64, memref<8xi64>) -> ()
// CHECK:         %[[D:.*]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT:    call @plain(%{{.*}}, %[[D]]) : (i64, memref<8xi64>) -> ()

func.func private @bufrs_print_i64(i64)

// Element i is %v + i.
func.func private @direct(%v: i64) -> memref<8xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.addi %v, %ii : i64
    memref.store %x, %a[%i] : memref<8xi64>
  }
  return %a : memref<8xi64>
}

// Element 0 is %v, from a buffer of either branch.
func.func private @pick(%p: i1, %v: i64) -> memref<8xi64> {
  %c0 = arith.constant 0 : index
  %r = scf.if %p -> memref<8xi64> {
    %a = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
    memref.store %v, %a[%c0] : memref<8xi64>
    scf.yield %a : memref<8xi64>
  } else {
    %b = memref.alloc() {alignment = 128 : i64} : memref<8xi64>
    memref.store %v, %b[%c0] : memref<8xi64>
    scf.yield %b : memref<8xi64>
  }
  return %r : memref<8xi64>
}

func.func private @outer(%v: i64) -> memref<8xi64> {
  %r = func.call @direct(%v) : (i64) -> memref<8xi64>
  return %r : memref<8xi64>
}

// Element 0 is %v.
func.func private @plain(%v: i64) -> memref<8xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xi64>
  memref.store %v, %a[%c0] : memref<8xi64>
  return %a : memref<8xi64>
}

// Prints @direct(1)[2] + @pick(true, 10)[0] + @outer(5)[7] + @plain(9)[0]
// = 3 + 10 + 12 + 9 = 34.
func.func @run() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %true = arith.constant true
  %one = arith.constant 1 : i64
  %five = arith.constant 5 : i64
  %nine = arith.constant 9 : i64
  %ten = arith.constant 10 : i64
  %a = func.call @direct(%one) : (i64) -> memref<8xi64>
  %b = func.call @pick(%true, %ten) : (i1, i64) -> memref<8xi64>
  %c = func.call @outer(%five) : (i64) -> memref<8xi64>
  %d = func.call @plain(%nine) : (i64) -> memref<8xi64>
  %x = memref.load %a[%c2] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  %z = memref.load %c[%c7] : memref<8xi64>
  %w = memref.load %d[%c0] : memref<8xi64>
  %s1 = arith.addi %x, %y : i64
  %s2 = arith.addi %s1, %z : i64
  %s3 = arith.addi %s2, %w : i64
  func.call @bufrs_print_i64(%s3) : (i64) -> ()
  return
}
