// Whether a callee only reads a parameter is read from its body and from
// the bodies of the functions it calls in turn, however far, wherever they
// stand in the module (the pass reads only the functions the copies it
// decides on reach through calls): a copy read by a call to a function that
// only hands the buffer on to a reader goes, one whose chain of calls ends
// in a writer stays, and a recursive reader is read-only. The program frees
// its buffers; it runs clean under AddressSanitizer with the same output
// before and after the pass.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-remove-read-only-copies)' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(bufrs-remove-read-only-copies)' | FileCheck %s --check-prefix=OUT

// OUT:      5
// OUT-NEXT: 8
// OUT-NEXT: 4
// OUT-NEXT: 7

func.func private @bufrs_print_i64(i64)

// The reader is two calls away: the copy, the buffer and its free go.
// CHECK-LABEL: func.func @through_reader(
// CHECK-SAME:      %[[A:.*]]: memref<3xi64>) -> i64 {
// CHECK-NEXT:    %[[R:.*]] = call @middle_read(%[[A]]) : (memref<3xi64>) -> i64
// CHECK-NEXT:    return %[[R]] : i64
// CHECK-NEXT:  }
func.func @through_reader(%a: memref<3xi64>) -> i64 {
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %r = func.call @middle_read(%t) : (memref<3xi64>) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

// The chain ends in a writer: the copy stays.
// CHECK-LABEL: func.func @through_writer(
// CHECK-SAME:      %[[A:.*]]: memref<3xi64>) -> i64 {
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT:    memref.copy %[[A]], %[[T]] : memref<3xi64> to memref<3xi64>
// CHECK-NEXT:    %[[R:.*]] = call @middle_write(%[[T]]) : (memref<3xi64>) -> i64
// CHECK-NEXT:    memref.dealloc %[[T]] : memref<3xi64>
// CHECK-NEXT:    return %[[R]] : i64
func.func @through_writer(%a: memref<3xi64>) -> i64 {
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %r = func.call @middle_write(%t) : (memref<3xi64>) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

// A reader that calls itself: read-only, the copy goes.
// CHECK-LABEL: func.func @through_recursion(
// CHECK-SAME:      %[[A:.*]]: memref<3xi64>) -> i64 {
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[R:.*]] = call @recursive_read(%[[A]], %[[C2]]) : (memref<3xi64>, index) -> i64
// CHECK-NEXT:    return %[[R]] : i64
// CHECK-NEXT:  }
func.func @through_recursion(%a: memref<3xi64>) -> i64 {
  %c2 = arith.constant 2 : index
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %r = func.call @recursive_read(%t, %c2) : (memref<3xi64>, index) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

func.func private @middle_read(%m: memref<3xi64>) -> i64 {
  %r = func.call @leaf_read(%m) : (memref<3xi64>) -> i64
  return %r : i64
}

func.func private @middle_write(%m: memref<3xi64>) -> i64 {
  %r = func.call @leaf_write(%m) : (memref<3xi64>) -> i64
  return %r : i64
}

// Reads elements 0 and 2.
func.func private @leaf_read(%m: memref<3xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = memref.load %m[%c0] : memref<3xi64>
  %y = memref.load %m[%c2] : memref<3xi64>
  %s = arith.addi %x, %y : i64
  return %s : i64
}

// Doubles element 2 and reads it.
func.func private @leaf_write(%m: memref<3xi64>) -> i64 {
  %c2 = arith.constant 2 : index
  %x = memref.load %m[%c2] : memref<3xi64>
  %d = arith.addi %x, %x : i64
  memref.store %d, %m[%c2] : memref<3xi64>
  %y = memref.load %m[%c2] : memref<3xi64>
  return %y : i64
}

// Element 0 plus element 1 once per level below %k.
func.func private @recursive_read(%m: memref<3xi64>, %k: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %k, %c0 : index
  %r = scf.if %done -> (i64) {
    %x = memref.load %m[%c0] : memref<3xi64>
    scf.yield %x : i64
  } else {
    %k1 = arith.subi %k, %c1 : index
    %below = func.call @recursive_read(%m, %k1) : (memref<3xi64>, index) -> i64
    %y = memref.load %m[%c1] : memref<3xi64>
    %s = arith.addi %below, %y : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %four = arith.constant 4 : i64
  %a = memref.alloc() : memref<3xi64>
  memref.store %one, %a[%c0] : memref<3xi64>
  memref.store %three, %a[%c1] : memref<3xi64>
  memref.store %four, %a[%c2] : memref<3xi64>
  %r = func.call @through_reader(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%r) : (i64) -> ()
  %w = func.call @through_writer(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%w) : (i64) -> ()
  // The writer doubled the copy's element 2, not %a's.
  %x = memref.load %a[%c2] : memref<3xi64>
  func.call @bufrs_print_i64(%x) : (i64) -> ()
  %q = func.call @through_recursion(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%q) : (i64) -> ()
  memref.dealloc %a : memref<3xi64>
  return
}
