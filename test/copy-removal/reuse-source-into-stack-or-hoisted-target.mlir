// A copy whose target is a stack buffer, or a buffer allocated outside the
// copy's loop (as promotion and loop hoisting leave bufferization's
// copy-before-write temporaries), goes when every other use of the target
// lies after the copy in the copy's block: those uses read the source, the
// target's allocation and frees go, and the source's free moves after the
// last of them. Programs that free their buffers, run before and after under
// AddressSanitizer (alone, and behind promotion and loop hoisting).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-promote-buffers-to-stack,bufrs-copy-removal))' | FileCheck %s --check-prefix=OUT

// OUT:      14
// OUT-NEXT: 30
// OUT-NEXT: 6
// OUT-NEXT: 18

// CHECK-LABEL: func.func @stack_target(
// CHECK-NEXT:    %[[S:.*]] = call @make(%arg0) : (i64) -> memref<4xi64>
// CHECK-NEXT:    %[[V:.*]] = call @sum(%[[S]]) : (memref<4xi64>) -> i64
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<4xi64>
// CHECK-NEXT:    return %[[V]] : i64
// CHECK-NEXT:  }
func.func @stack_target(%i: i64) -> i64 {
  %s = func.call @make(%i) : (i64) -> memref<4xi64>
  %t = memref.alloca() : memref<4xi64>
  memref.copy %s, %t : memref<4xi64> to memref<4xi64>
  memref.dealloc %s : memref<4xi64>
  %v = func.call @sum(%t) : (memref<4xi64>) -> i64
  return %v : i64
}

// CHECK-LABEL: func.func @hoisted_heap_target(
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK-NEXT:      arith.index_cast
// CHECK-NEXT:      %[[S:.*]] = func.call @make(%{{.*}}) : (i64) -> memref<4xi64>
// CHECK-NEXT:      %[[V:.*]] = func.call @sum(%[[S]]) : (memref<4xi64>) -> i64
// CHECK-NEXT:      memref.dealloc %[[S]] : memref<4xi64>
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @hoisted_heap_target(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %t = memref.alloc() : memref<4xi64>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %i = arith.index_cast %k : index to i64
    %s = func.call @make(%i) : (i64) -> memref<4xi64>
    memref.copy %s, %t : memref<4xi64> to memref<4xi64>
    memref.dealloc %s : memref<4xi64>
    %v = func.call @sum(%t) : (memref<4xi64>) -> i64
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  memref.dealloc %t : memref<4xi64>
  return %r : i64
}

// The target is also read through a view in a nested region after the copy.
// CHECK-LABEL: func.func @hoisted_stack_target(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for
// CHECK-NEXT:      arith.index_cast
// CHECK-NEXT:      %[[S:.*]] = func.call @make(%{{.*}}) : (i64) -> memref<4xi64>
// CHECK-NEXT:      %[[W:.*]] = memref.subview %[[S]][0] [2] [1]
// CHECK-NEXT:      %[[V:.*]] = scf.if %{{.*}} -> (i64) {
// CHECK-NEXT:        func.call @sum(%[[S]])
// CHECK:           memref.load %[[W]]
// CHECK:           }
// CHECK-NEXT:      memref.dealloc %[[S]] : memref<4xi64>
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      scf.yield
func.func @hoisted_stack_target(%n: index, %p: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %t = memref.alloca() : memref<4xi64>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %i = arith.index_cast %k : index to i64
    %s = func.call @make(%i) : (i64) -> memref<4xi64>
    memref.copy %s, %t : memref<4xi64> to memref<4xi64>
    memref.dealloc %s : memref<4xi64>
    %w = memref.subview %t[0] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1]>>
    %v = scf.if %p -> (i64) {
      %x = func.call @sum(%t) : (memref<4xi64>) -> i64
      scf.yield %x : i64
    } else {
      %y = memref.load %w[%c1] : memref<2xi64, strided<[1]>>
      scf.yield %y : i64
    }
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %r : i64
}

// Two such copies in a row, the second of the result of a call that reads
// the first target: that result's free is not the first target's (the call
// may return any of its operands, as far as the alias analysis knows), and
// stays.
// CHECK-LABEL: func.func @chained_stack_targets(
// CHECK-NEXT:    %[[S:.*]] = call @make(%arg0) : (i64) -> memref<4xi64>
// CHECK-NEXT:    %[[G:.*]] = call @bump(%[[S]]) : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<4xi64>
// CHECK-NEXT:    %[[V:.*]] = call @sum(%[[G]]) : (memref<4xi64>) -> i64
// CHECK-NEXT:    memref.dealloc %[[G]] : memref<4xi64>
// CHECK-NEXT:    return %[[V]] : i64
// CHECK-NEXT:  }
func.func @chained_stack_targets(%i: i64) -> i64 {
  %s = func.call @make(%i) : (i64) -> memref<4xi64>
  %t = memref.alloca() : memref<4xi64>
  memref.copy %s, %t : memref<4xi64> to memref<4xi64>
  memref.dealloc %s : memref<4xi64>
  %g = func.call @bump(%t) : (memref<4xi64>) -> memref<4xi64>
  %u = memref.alloca() : memref<4xi64>
  memref.copy %g, %u : memref<4xi64> to memref<4xi64>
  memref.dealloc %g : memref<4xi64>
  %v = func.call @sum(%u) : (memref<4xi64>) -> i64
  return %v : i64
}

// @bump(%m): a fresh buffer holding %m's elements plus one.
func.func @bump(%m: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %r = memref.alloc() : memref<4xi64>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = memref.load %m[%k] : memref<4xi64>
    %y = arith.addi %x, %one : i64
    memref.store %y, %r[%k] : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// @make(%i) holds [i, i+1, i+2, i+3].
func.func @make(%i: i64) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xi64>
  scf.for %k = %c0 to %c4 step %c1 {
    %kk = arith.index_cast %k : index to i64
    %v = arith.addi %i, %kk : i64
    memref.store %v, %m[%k] : memref<4xi64>
  }
  return %m : memref<4xi64>
}

func.func @sum(%m: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%k] : memref<4xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %r : i64
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c3 = arith.constant 3 : index
  %two = arith.constant 2 : i64
  %false = arith.constant false
  %a = func.call @stack_target(%two) : (i64) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @hoisted_heap_target(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %c = func.call @hoisted_stack_target(%c3, %false) : (index, i1) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %d = func.call @chained_stack_targets(%two) : (i64) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  return
}
