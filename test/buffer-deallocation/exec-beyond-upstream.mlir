// Execution under AddressSanitizer of what upstream's deallocation rejects
// or gets wrong in LLVM 22.1.8: an unstructured cf loop carrying buffers,
// cf.switch, buffers from scf.if/scf.for used after a later cf.cond_br,
// frees already in the input, one buffer passed as two iter_args, and
// returned arguments. Every path is taken; after the pass nothing leaks, is
// freed twice or used after its free, and the output is unchanged.

// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s
// The ownership-based pass (bufrs-ownership-based-buffer-deallocation):
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation,bufrs-verify-deallocation),bufferization-lower-deallocations)' | FileCheck %s

// CHECK:      10
// CHECK-NEXT: 10
// CHECK-NEXT: 40
// CHECK-NEXT: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 3
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// CHECK-NEXT: 6
// CHECK-NEXT: 0
// CHECK-NEXT: 4
// CHECK-NEXT: 14
// CHECK-NEXT: 14
// CHECK-NEXT: 9

func.func private @bufrs_print_i64(i64)

// acc := [10]; n times: acc := copy(acc) * 2 ... via a cf loop whose header
// argument carries a new buffer each iteration.
func.func @cf_loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xi64>
  %ten = arith.constant 10 : i64
  memref.store %ten, %init[%c0] : memref<1xi64>
  cf.br ^header(%c0, %init : index, memref<1xi64>)
^header(%i: index, %acc: memref<1xi64>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<1xi64>
  %v = memref.load %acc[%c0] : memref<1xi64>
  %two = arith.constant 2 : i64
  %d = arith.muli %v, %two : i64
  memref.store %d, %next[%c0] : memref<1xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1, %next : index, memref<1xi64>)
^exit:
  %r = memref.load %acc[%c0] : memref<1xi64>
  return %r : i64
}

func.func @switch(%flag: i32) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi64>
  %b = memref.alloc() : memref<1xi64>
  %o = memref.alloca() : memref<1xi64>
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  memref.store %one, %a[%c0] : memref<1xi64>
  memref.store %two, %b[%c0] : memref<1xi64>
  memref.store %three, %o[%c0] : memref<1xi64>
  cf.switch %flag : i32, [
    default: ^join(%a : memref<1xi64>),
    1: ^join(%b : memref<1xi64>),
    2: ^other
  ]
^other:
  cf.br ^join(%o : memref<1xi64>)
^join(%j: memref<1xi64>):
  %r = memref.load %j[%c0] : memref<1xi64>
  return %r : i64
}

func.func @if_then_cond_br(%c: i1, %d: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> memref<1xi64> {
    %x = memref.alloc() : memref<1xi64>
    %five = arith.constant 5 : i64
    memref.store %five, %x[%c0] : memref<1xi64>
    scf.yield %x : memref<1xi64>
  } else {
    %y = memref.alloc() : memref<1xi64>
    %six = arith.constant 6 : i64
    memref.store %six, %y[%c0] : memref<1xi64>
    scf.yield %y : memref<1xi64>
  }
  cf.cond_br %d, ^a, ^b
^a:
  %v = memref.load %r[%c0] : memref<1xi64>
  return %v : i64
^b:
  %zero = arith.constant 0 : i64
  return %zero : i64
}

// The input frees %a on one path itself.
func.func @existing_free(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi64>
  %four = arith.constant 4 : i64
  memref.store %four, %a[%c0] : memref<1xi64>
  cf.cond_br %c, ^free, ^keep
^free:
  memref.dealloc %a : memref<1xi64>
  %zero = arith.constant 0 : i64
  return %zero : i64
^keep:
  %v = memref.load %a[%c0] : memref<1xi64>
  return %v : i64
}

func.func @twice(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.alloc() : memref<2xi64>
  %seven = arith.constant 7 : i64
  memref.store %seven, %x[%c0] : memref<2xi64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (memref<2xi64>, memref<2xi64>) {
    %new = memref.alloc() : memref<2xi64>
    %v = memref.load %a[%c0] : memref<2xi64>
    memref.store %v, %new[%c0] : memref<2xi64>
    scf.yield %new, %b : memref<2xi64>, memref<2xi64>
  }
  %u = memref.load %r#0[%c0] : memref<2xi64>
  %w = memref.load %r#1[%c0] : memref<2xi64>
  %s = arith.addi %u, %w : i64
  return %s : i64
}

func.func private @identity(%m: memref<1xi64>) -> memref<1xi64> {
  return %m : memref<1xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %l0 = func.call @cf_loop(%c0) : (index) -> i64
  func.call @bufrs_print_i64(%l0) : (i64) -> ()
  %l1 = func.call @cf_loop(%c0) : (index) -> i64
  func.call @bufrs_print_i64(%l1) : (i64) -> ()
  %l2 = func.call @cf_loop(%c2) : (index) -> i64
  func.call @bufrs_print_i64(%l2) : (i64) -> ()

  %f0 = arith.constant 0 : i32
  %f1 = arith.constant 1 : i32
  %f2 = arith.constant 2 : i32
  %s0 = func.call @switch(%f0) : (i32) -> i64
  func.call @bufrs_print_i64(%s0) : (i64) -> ()
  %s1 = func.call @switch(%f1) : (i32) -> i64
  func.call @bufrs_print_i64(%s1) : (i64) -> ()
  %s2 = func.call @switch(%f2) : (i32) -> i64
  func.call @bufrs_print_i64(%s2) : (i64) -> ()

  %true = arith.constant true
  %false = arith.constant false
  %i0 = func.call @if_then_cond_br(%true, %true) : (i1, i1) -> i64
  func.call @bufrs_print_i64(%i0) : (i64) -> ()
  %i1 = func.call @if_then_cond_br(%true, %false) : (i1, i1) -> i64
  func.call @bufrs_print_i64(%i1) : (i64) -> ()
  %i2 = func.call @if_then_cond_br(%false, %true) : (i1, i1) -> i64
  func.call @bufrs_print_i64(%i2) : (i64) -> ()

  %e0 = func.call @existing_free(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%e0) : (i64) -> ()
  %e1 = func.call @existing_free(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%e1) : (i64) -> ()

  %t0 = func.call @twice(%c0) : (index) -> i64
  func.call @bufrs_print_i64(%t0) : (i64) -> ()
  %t3 = func.call @twice(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%t3) : (i64) -> ()

  %m = memref.alloc() : memref<1xi64>
  %nine = arith.constant 9 : i64
  memref.store %nine, %m[%c0] : memref<1xi64>
  %id = func.call @identity(%m) : (memref<1xi64>) -> memref<1xi64>
  %v = memref.load %id[%c0] : memref<1xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}
