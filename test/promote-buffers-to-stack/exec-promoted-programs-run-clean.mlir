// Execution under AddressSanitizer: a program with promotable buffers (freed
// after use, viewed, used in a nested region and a loop, passed to a call)
// and non-promotable ones (passed to a successor, dynamic) runs with the same
// output after the pass, with no leak, double free (the removed deallocs) or
// use after free (stack memory used past its scope). Both the default and
// promote-in-loops=true are run; the IR checks prove something was promoted.

// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{promote-in-loops=true max-rank-of-allocated-memref=2}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s --check-prefix=IR
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{promote-in-loops=true max-rank-of-allocated-memref=2}))' | FileCheck %s --check-prefix=LOOPS

// CHECK:      6
// CHECK-NEXT: 10
// CHECK-NEXT: 45
// CHECK-NEXT: 3
// CHECK-NEXT: 7
// CHECK-NEXT: 12
// CHECK-NEXT: 4

// IR-LABEL: func.func @sum_with_view
// IR-NOT:     memref.alloc(
// IR-NOT:     memref.dealloc
// IR-LABEL: func.func @loop_sum
// IR:         scf.for
// IR-NEXT:      memref.alloc()
// IR:           memref.dealloc
// IR-LABEL: func.func @branch_join
// IR:         memref.alloc() : memref<2xi64>
// LOOPS-LABEL: func.func @loop_sum
// LOOPS:         scf.for
// LOOPS-NEXT:      memref.alloca() : memref<3x3xi64>
// LOOPS-NOT:       memref.dealloc
// LOOPS-LABEL: func.func @nested_and_call

func.func private @bufrs_print_i64(i64)

func.func private @read_first(%m: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xi64>
  return %v : i64
}

// 1 + 2 + 3 through a subview, then freed.
func.func @sum_with_view() -> i64 {
  %buf = memref.alloc() : memref<4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %buf[%i] : memref<4xi64>
  }
  %view = memref.subview %buf[1] [3] [1] : memref<4xi64> to memref<3xi64, strided<[1], offset: 1>>
  %zero = arith.constant 0 : i64
  %c3 = arith.constant 3 : index
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> i64 {
    %v = memref.load %view[%i] : memref<3xi64, strided<[1], offset: 1>>
    %next = arith.addi %acc, %v : i64
    scf.yield %next : i64
  }
  memref.dealloc %buf : memref<4xi64>
  return %sum : i64
}

// A 3x3 buffer allocated and freed in every iteration: 10 iterations of
// sum(0..2) + i ... kept on the heap by default, promoted with the option.
func.func @loop_sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %m = memref.alloc() : memref<3x3xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %m[%c1, %c1] : memref<3x3xi64>
    %v = memref.load %m[%c1, %c1] : memref<3x3xi64>
    memref.dealloc %m : memref<3x3xi64>
    %next = arith.addi %acc, %v : i64
    scf.yield %next : i64
  }
  return %total : i64
}

// Used only inside an scf.if region, then passed to a call.
func.func @nested_and_call(%cond: i1) -> i64 {
  %buf = memref.alloc() : memref<4xi64>
  %c0 = arith.constant 0 : index
  %three = arith.constant 3 : i64
  %seven = arith.constant 7 : i64
  scf.if %cond {
    memref.store %three, %buf[%c0] : memref<4xi64>
  } else {
    memref.store %seven, %buf[%c0] : memref<4xi64>
  }
  %v = func.call @read_first(%buf) : (memref<4xi64>) -> i64
  memref.dealloc %buf : memref<4xi64>
  return %v : i64
}

// Passed to a successor: stays on the heap, freed at the join.
func.func @branch_join(%cond: i1) -> i64 {
  %a = memref.alloc() : memref<2xi64>
  %c0 = arith.constant 0 : index
  %five = arith.constant 5 : i64
  %twelve = arith.constant 12 : i64
  cf.cond_br %cond, ^yes, ^no
^yes:
  memref.store %twelve, %a[%c0] : memref<2xi64>
  cf.br ^join(%a : memref<2xi64>)
^no:
  memref.store %five, %a[%c0] : memref<2xi64>
  cf.br ^join(%a : memref<2xi64>)
^join(%j: memref<2xi64>):
  %v = memref.load %j[%c0] : memref<2xi64>
  memref.dealloc %j : memref<2xi64>
  return %v : i64
}

// Dynamic size: stays on the heap.
func.func @dynamic(%n: index) -> i64 {
  %buf = memref.alloc(%n) : memref<?xi64>
  %c0 = arith.constant 0 : index
  %four = arith.constant 4 : i64
  memref.store %four, %buf[%c0] : memref<?xi64>
  %v = memref.load %buf[%c0] : memref<?xi64>
  memref.dealloc %buf : memref<?xi64>
  return %v : i64
}

func.func @run() {
  %s = func.call @sum_with_view() : () -> i64
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %l5 = func.call @loop_sum(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%l5) : (i64) -> ()
  %l10 = func.call @loop_sum(%c10) : (index) -> i64
  func.call @bufrs_print_i64(%l10) : (i64) -> ()
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @nested_and_call(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @nested_and_call(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %j = func.call @branch_join(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%j) : (i64) -> ()
  %c3 = arith.constant 3 : index
  %d = func.call @dynamic(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  return
}
