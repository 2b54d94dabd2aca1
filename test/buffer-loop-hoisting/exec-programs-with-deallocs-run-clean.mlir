// Execution under AddressSanitizer of programs that already free their
// buffers (what the deallocation pass produces): loop hoisting must move the
// frees with the allocations (upstream's buffer-loop-hoisting in LLVM 22.1.8
// leaves them in the loop: a double free and use-after-free here). Every
// order users write: alone, twice, and with promote-to-stack before and
// after. Loops that run zero times, nested loops, scf.while, a buffer that
// depends on the induction variable, a buffer carried between iterations,
// a conditional free and a freed buffer in a block loop are all covered.

// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-buffer-loop-hoisting))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-promote-buffers-to-stack))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-buffer-loop-hoisting))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-hoisting,bufrs-buffer-loop-hoisting,bufrs-copy-removal))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s --check-prefix=IR

// CHECK:      20
// CHECK-NEXT: 0
// CHECK-NEXT: 40
// CHECK-NEXT: 3
// CHECK-NEXT: 6
// CHECK-NEXT: 8
// CHECK-NEXT: 6
// CHECK-NEXT: 12

// IR-LABEL: func.func @loop_sum
// IR:         %[[A:.*]] = memref.alloc() : memref<4xi64>
// IR-NEXT:    scf.for
// IR-NOT:       memref.dealloc
// IR:         }
// IR-NEXT:    memref.dealloc %[[A]]
// IR-LABEL: func.func @nested
// IR:         %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// IR-NEXT:    scf.for
// IR:         memref.dealloc %[[B]]
// IR-NEXT:    return
// IR-LABEL: func.func @iv_dependent
// IR:         scf.for
// IR:           memref.alloc(%{{.*}}) : memref<?xi64>
// IR-LABEL: func.func @carried
// IR:         scf.for
// IR-NEXT:      memref.alloc() : memref<2xi64>
// IR-LABEL: func.func @cf_loop_with_free
// IR:         ^bb1(%{{.*}}: index, %{{.*}}: i64):
// IR-NEXT:      memref.alloc() : memref<2xi64>

func.func private @bufrs_print_i64(i64)

// sum over i < n of (i + i): a 4-element scratch buffer per iteration.
func.func @loop_sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %m = memref.alloc() : memref<4xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %m[%c0] : memref<4xi64>
    memref.store %iv, %m[%c1] : memref<4xi64>
    %a = memref.load %m[%c0] : memref<4xi64>
    %b = memref.load %m[%c1] : memref<4xi64>
    %s = arith.addi %a, %b : i64
    %next = arith.addi %acc, %s : i64
    memref.dealloc %m : memref<4xi64>
    scf.yield %next : i64
  }
  return %r : i64
}

// A buffer of dynamic size %k in the inner of two loops: leaves both.
func.func @nested(%n: index, %k: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> i64 {
      %m = memref.alloc(%k) : memref<?xi64>
      %jv = arith.index_cast %j : index to i64
      memref.store %jv, %m[%c0] : memref<?xi64>
      %v = memref.load %m[%c0] : memref<?xi64>
      %one = arith.constant 1 : i64
      %w = arith.addi %v, %one : i64
      %next = arith.addi %acc2, %w : i64
      memref.dealloc %m : memref<?xi64>
      scf.yield %next : i64
    }
    scf.yield %r2 : i64
  }
  return %r : i64
}

// The size depends on the induction variable: stays in the loop.
func.func @iv_dependent(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %size = arith.addi %i, %c1 : index
    %m = memref.alloc(%size) : memref<?xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %m[%i] : memref<?xi64>
    %v = memref.load %m[%i] : memref<?xi64>
    %next = arith.addi %acc, %v : i64
    memref.dealloc %m : memref<?xi64>
    scf.yield %next : i64
  }
  return %r : i64
}

// A count-down scf.while with a scratch buffer in its body: 3 + 2 + 1.
func.func @while_sum(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = scf.while (%i = %n, %acc = %zero) : (i64, i64) -> (i64, i64) {
    %go = arith.cmpi sgt, %i, %zero : i64
    scf.condition(%go) %i, %acc : i64, i64
  } do {
  ^bb0(%i: i64, %acc: i64):
    %m = memref.alloc() : memref<1xi64>
    memref.store %i, %m[%c0] : memref<1xi64>
    %v = memref.load %m[%c0] : memref<1xi64>
    memref.dealloc %m : memref<1xi64>
    %next = arith.subi %i, %one : i64
    %sum = arith.addi %acc, %v : i64
    scf.yield %next, %sum : i64, i64
  }
  return %r#1 : i64
}

// Each iteration copies the previous buffer into a new one and frees the
// old: the buffer is carried between iterations and must stay in the loop.
func.func @carried(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2 : i64
  %init = memref.alloc() : memref<2xi64>
  memref.store %two, %init[%c0] : memref<2xi64>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<2xi64> {
    %m = memref.alloc() : memref<2xi64>
    memref.copy %prev, %m : memref<2xi64> to memref<2xi64>
    %v = memref.load %m[%c0] : memref<2xi64>
    %w = arith.addi %v, %two : i64
    memref.store %w, %m[%c0] : memref<2xi64>
    memref.dealloc %prev : memref<2xi64>
    scf.yield %m : memref<2xi64>
  }
  %r = memref.load %last[%c0] : memref<2xi64>
  memref.dealloc %last : memref<2xi64>
  return %r : i64
}

// Freed on both branches of an scf.if in the loop body.
func.func @conditional_free(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %m = memref.alloc() : memref<1xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %m[%c0] : memref<1xi64>
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %v = scf.if %even -> i64 {
      %x = memref.load %m[%c0] : memref<1xi64>
      memref.dealloc %m : memref<1xi64>
      scf.yield %x : i64
    } else {
      memref.dealloc %m : memref<1xi64>
      scf.yield %zero : i64
    }
    %next = arith.addi %acc, %v : i64
    scf.yield %next : i64
  }
  return %r : i64
}

// A block loop whose buffer is freed in the loop: stays (frees are not
// moved to exit edges). 3 iterations of 4.
func.func @cf_loop_with_free(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %four = arith.constant 4 : i64
  cf.br ^bb1(%c0, %zero : index, i64)
^bb1(%i: index, %acc: i64):
  %m = memref.alloc() : memref<2xi64>
  memref.store %four, %m[%c0] : memref<2xi64>
  %v = memref.load %m[%c0] : memref<2xi64>
  memref.dealloc %m : memref<2xi64>
  %sum = arith.addi %acc, %v : i64
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^bb1(%next, %sum : index, i64), ^bb2(%sum : i64)
^bb2(%res: i64):
  return %res : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = func.call @loop_sum(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @loop_sum(%c0) : (index) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %c = func.call @nested(%c4, %c2) : (index, index) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %d = func.call @iv_dependent(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  %three = arith.constant 3 : i64
  %e = func.call @while_sum(%three) : (i64) -> i64
  func.call @bufrs_print_i64(%e) : (i64) -> ()
  %f = func.call @carried(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%f) : (i64) -> ()
  %g = func.call @conditional_free(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%g) : (i64) -> ()
  %h = func.call @cf_loop_with_free(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%h) : (i64) -> ()
  return
}
