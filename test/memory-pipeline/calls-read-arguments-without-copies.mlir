// Copy-before-write bufferization copies every buffer a call takes into a
// fresh buffer. The main job passes the buffer itself where the callee
// only reads that parameter and nothing writes the buffer meanwhile
// (bufrs-remove-read-only-copies, its first stage): no copy, no buffer, no
// free. A callee writing its parameter keeps its copy (the caller's buffer
// stays as it was: the second sum sees it unchanged). Run under
// AddressSanitizer with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{read-only-copies=false})' | FileCheck %s --check-prefix=OFF

// OUT:      21
// OUT-NEXT: 40

// CHECK-LABEL: func.func @twice_sum(
// CHECK-SAME:      %[[A:.*]]: memref<16xi64>) -> i64 {
// CHECK-NEXT:    %[[K:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[S:.*]] = call @scale(%[[A]], %[[K]]) : (memref<16xi64>, i64) -> memref<16xi64>
// CHECK-NEXT:    %[[R:.*]] = call @sum(%[[S]]) : (memref<16xi64>) -> i64
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<16xi64>
// CHECK-NEXT:    return %[[R]] : i64
// OFF-LABEL: func.func @twice_sum(
// OFF:         memref.copy
// OFF:         call @scale(
// CHECK-LABEL: func.func @bump_sum(
// CHECK:         memref.copy
// CHECK:         call @bump(

func.func private @sum(%m: memref<16xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%i] : memref<16xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func private @scale(%m: memref<16xi64>, %k: i64) -> memref<16xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %m[%i] : memref<16xi64>
    %w = arith.muli %v, %k : i64
    memref.store %w, %r[%i] : memref<16xi64>
  }
  return %r : memref<16xi64>
}

func.func private @bump(%m: memref<16xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2 : i64
  memref.store %two, %m[%c0] : memref<16xi64>
  %r = func.call @sum(%m) : (memref<16xi64>) -> i64
  return %r : i64
}

func.func @twice_sum(%a: memref<16xi64>) -> i64 {
  %k = arith.constant 2 : i64
  %t = memref.alloc() : memref<16xi64>
  memref.copy %a, %t : memref<16xi64> to memref<16xi64>
  %s = func.call @scale(%t, %k) : (memref<16xi64>, i64) -> memref<16xi64>
  %t2 = memref.alloc() : memref<16xi64>
  memref.copy %s, %t2 : memref<16xi64> to memref<16xi64>
  %r = func.call @sum(%t2) : (memref<16xi64>) -> i64
  return %r : i64
}

func.func @bump_sum(%a: memref<16xi64>) -> i64 {
  %t = memref.alloc() : memref<16xi64>
  memref.copy %a, %t : memref<16xi64> to memref<16xi64>
  %r = func.call @bump(%t) : (memref<16xi64>) -> i64
  return %r : i64
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i64
  %a = memref.alloc() : memref<16xi64>
  linalg.fill ins(%zero : i64) outs(%a : memref<16xi64>)
  scf.for %i = %c0 to %c16 step %c2 {
    memref.store %one, %a[%i] : memref<16xi64>
  }
  %i5 = arith.constant 5 : index
  %twelve = arith.constant 12 : i64
  memref.store %twelve, %a[%i5] : memref<16xi64>
  %y = func.call @bump_sum(%a) : (memref<16xi64>) -> i64
  func.call @bufrs_print_i64(%y) : (i64) -> ()
  %x = func.call @twice_sum(%a) : (memref<16xi64>) -> i64
  func.call @bufrs_print_i64(%x) : (i64) -> ()
  return
}
