// Execution under AddressSanitizer of programs that already free their
// buffers (what the deallocation pass produces): hoisting must not leak on
// the paths it adds, nor free twice. Every order users write: alone, twice,
// with promote-to-stack before and after, with loop hoisting, and with
// leave-conditionals=true.

// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-hoisting))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-hoisting,bufrs-buffer-hoisting))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-hoisting{leave-conditionals=true},bufrs-buffer-hoisting{leave-conditionals=true}))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-buffer-hoisting{leave-conditionals=true}))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-hoisting,bufrs-promote-buffers-to-stack))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-buffer-hoisting))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-buffer-hoisting))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{leave-conditionals=true}))' | FileCheck %s --check-prefix=IR

// CHECK:      7
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 9
// CHECK-NEXT: 3
// CHECK-NEXT: 11
// CHECK-NEXT: 4

// IR-LABEL: func.func @freed_in_if
// IR-NEXT:    %[[A:.*]] = memref.alloc() : memref<2xi64>
// IR:         memref.dealloc %[[A]]
// IR-NEXT:    return
// IR-LABEL: func.func @freed_on_branch
// IR:       ^bb2:
// IR-NEXT:    memref.alloc()
// IR-LABEL: func.func @returned_from_if
// IR:         scf.if
// IR-NEXT:      memref.alloc()

func.func private @bufrs_print_i64(i64)

// Allocated, used and freed in an scf.if: the free moves after the scf.if.
func.func @freed_in_if(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %zero = arith.constant 0 : i64
  %r = scf.if %c -> i64 {
    %m = memref.alloc() : memref<2xi64>
    memref.store %seven, %m[%c0] : memref<2xi64>
    %v = memref.load %m[%c0] : memref<2xi64>
    memref.dealloc %m : memref<2xi64>
    scf.yield %v : i64
  } else {
    scf.yield %zero : i64
  }
  return %r : i64
}

// Freed on its own CFG path: stays there.
func.func @freed_on_branch(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5 : i64
  %nine = arith.constant 9 : i64
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%nine : i64)
^bb2:
  %m = memref.alloc() : memref<2xi64>
  memref.store %five, %m[%c0] : memref<2xi64>
  %v = memref.load %m[%c0] : memref<2xi64>
  memref.dealloc %m : memref<2xi64>
  cf.br ^bb3(%v : i64)
^bb3(%r: i64):
  return %r : i64
}

// Returned (ownership to the caller) from one branch: stays there.
func.func @returned_from_if(%c: i1, %other: memref<2xi64>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %three = arith.constant 3 : i64
  %r = scf.if %c -> memref<2xi64> {
    %m = memref.alloc() : memref<2xi64>
    memref.store %three, %m[%c0] : memref<2xi64>
    scf.yield %m : memref<2xi64>
  } else {
    scf.yield %other : memref<2xi64>
  }
  return %r : memref<2xi64>
}

// Dynamic size computed in a dominating block; freed at the join.
func.func @dynamic_join(%c: i1, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %eleven = arith.constant 11 : i64
  %size = arith.addi %n, %c1 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  %m = memref.alloc(%size) : memref<?xi64>
  memref.store %eleven, %m[%c0] : memref<?xi64>
  %v = memref.load %m[%c0] : memref<?xi64>
  memref.dealloc %m : memref<?xi64>
  return %v : i64
}

// Several buffers in one block, freed in another order.
func.func @grouped(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<1xi64>
  memref.store %two, %a[%c0] : memref<1xi64>
  %size = arith.addi %n, %n : index
  %b = memref.alloc(%size) : memref<?xi64>
  %x = memref.load %a[%c0] : memref<1xi64>
  memref.store %x, %b[%c0] : memref<?xi64>
  memref.dealloc %a : memref<1xi64>
  %c = memref.alloc() : memref<1xi64>
  %y = memref.load %b[%c0] : memref<?xi64>
  %z = arith.addi %x, %y : i64
  memref.store %z, %c[%c0] : memref<1xi64>
  memref.dealloc %b : memref<?xi64>
  %r = memref.load %c[%c0] : memref<1xi64>
  memref.dealloc %c : memref<1xi64>
  return %r : i64
}

func.func @run() {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = func.call @freed_in_if(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @freed_in_if(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %c = func.call @freed_on_branch(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %d = func.call @freed_on_branch(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  %other = memref.alloc() : memref<2xi64>
  %r = func.call @returned_from_if(%true, %other) : (i1, memref<2xi64>) -> memref<2xi64>
  %e = memref.load %r[%c0] : memref<2xi64>
  func.call @bufrs_print_i64(%e) : (i64) -> ()
  memref.dealloc %r : memref<2xi64>
  memref.dealloc %other : memref<2xi64>
  %f = func.call @dynamic_join(%true, %c2) : (i1, index) -> i64
  func.call @bufrs_print_i64(%f) : (i64) -> ()
  %g = func.call @grouped(%c2) : (index) -> i64
  func.call @bufrs_print_i64(%g) : (i64) -> ()
  return
}
