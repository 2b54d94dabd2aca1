// Execution under AddressSanitizer of the seed's examples made runnable:
// the MLP chain (small matmuls, the returned buffer kept), outer buffers
// used in a loop, fresh buffers per iteration, a branch, sibling inner loops
// whose outer loop carries contents, several returns, and scf.parallel
// bodies (their own scope). Every buffer is freed, so the merged buffers are
// freed at the scope exits. The output before and after the pass must be
// the same, without leaks or invalid accesses; the IR checks show that the
// pass merged (buffers that all live together, as in @carried_by_outer_loop
// and the scf.parallel body, save no byte and stay as they are).

// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{planner=free-chunk alignment=8}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s --check-prefix=IR

// CHECK:      1024
// CHECK-NEXT: 1305
// CHECK-NEXT: 120
// CHECK-NEXT: 121
// CHECK-NEXT: 7
// CHECK-NEXT: 5
// CHECK-NEXT: 24
// CHECK-NEXT: 10
// CHECK-NEXT: 24

// IR-LABEL: func.func @mlp_chain(
// IR:         memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// IR:         memref.alloc() : memref<4x4xf32>
// IR:         memref.dealloc %{{.*}} : memref<128xi8>
// IR-NEXT:    return
// IR-LABEL: func.func @mlp(
// IR-NEXT:    arith.constant
// IR-NEXT:    arith.constant
// IR-NEXT:    memref.alloc() : memref<4x4xf32>
// IR-NEXT:    memref.alloc() : memref<4x4xf32>
// IR-LABEL: func.func @fresh_in_loop(
// IR:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// IR-LABEL: func.func @branch(
// IR:         memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// IR-LABEL: func.func @two_returns(
// IR:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>

func.func private @bufrs_print_i64(i64)

// x = 2 * ones(4x4), y = ones(4x4): x*y = 8, then 32, 128, 512 per entry; the
// result's [0,0] times 2 = 1024.
func.func @mlp_chain(%x: memref<4x4xf32>, %y: memref<4x4xf32>) -> memref<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %a0 = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%a0 : memref<4x4xf32>)
  linalg.matmul ins(%x, %y: memref<4x4xf32>, memref<4x4xf32>) outs(%a0: memref<4x4xf32>)
  %b0 = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%b0 : memref<4x4xf32>)
  linalg.matmul ins(%a0, %y: memref<4x4xf32>, memref<4x4xf32>) outs(%b0: memref<4x4xf32>)
  memref.dealloc %a0 : memref<4x4xf32>
  %c0 = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%c0 : memref<4x4xf32>)
  linalg.matmul ins(%b0, %y: memref<4x4xf32>, memref<4x4xf32>) outs(%c0: memref<4x4xf32>)
  memref.dealloc %b0 : memref<4x4xf32>
  %d0 = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<4x4xf32>)
  linalg.matmul ins(%c0, %y: memref<4x4xf32>, memref<4x4xf32>) outs(%d0: memref<4x4xf32>)
  memref.dealloc %c0 : memref<4x4xf32>
  return %d0 : memref<4x4xf32>
}

// %x and %y stay: the call's result may alias them and is freed.
func.func @mlp() -> i64 {
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x4xf32>
  %y = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%two : f32) outs(%x : memref<4x4xf32>)
  linalg.fill ins(%one : f32) outs(%y : memref<4x4xf32>)
  %d = func.call @mlp_chain(%x, %y) : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %d[%c0, %c0] : memref<4x4xf32>
  %w = arith.mulf %v, %two : f32
  %r = arith.fptosi %w : f32 to i64
  memref.dealloc %d : memref<4x4xf32>
  memref.dealloc %x : memref<4x4xf32>
  memref.dealloc %y : memref<4x4xf32>
  return %r : i64
}

// %e and %f live across the loop (e f e f ...): each keeps its own value.
// e[0] gains 1 per iteration (from 1000), f[0] 100 (from 2): after 3
// iterations e[0] + f[0] = 1003 + 302 = 1305.
func.func @outer_buffers_in_loop() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %hundred = arith.constant 100 : i64
  %e = memref.alloc() : memref<4xi64>
  %f = memref.alloc() : memref<4xi64>
  %init_e = arith.constant 1000 : i64
  %init_f = arith.constant 2 : i64
  memref.store %init_e, %e[%c0] : memref<4xi64>
  memref.store %init_f, %f[%c0] : memref<4xi64>
  scf.for %i = %c0 to %c3 step %c1 {
    %ev = memref.load %e[%c0] : memref<4xi64>
    %en = arith.addi %ev, %one : i64
    memref.store %en, %e[%c0] : memref<4xi64>
    %fv = memref.load %f[%c0] : memref<4xi64>
    %fn = arith.addi %fv, %hundred : i64
    memref.store %fn, %f[%c0] : memref<4xi64>
  }
  %ev = memref.load %e[%c0] : memref<4xi64>
  %fv = memref.load %f[%c0] : memref<4xi64>
  %s = arith.addi %ev, %fv : i64
  memref.dealloc %e : memref<4xi64>
  memref.dealloc %f : memref<4xi64>
  return %s : i64
}

// Fresh %g, %h per iteration: sum over i < 4 of (i*10 + i*10) = 120.
func.func @fresh_in_loop() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %ten = arith.constant 10 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i64 {
    %g = memref.alloc() : memref<8xi64>
    %h = memref.alloc() : memref<8xi64>
    %iv = arith.index_cast %i : index to i64
    %v = arith.muli %iv, %ten : i64
    memref.store %v, %g[%c0] : memref<8xi64>
    %gv = memref.load %g[%c0] : memref<8xi64>
    memref.store %gv, %h[%c1] : memref<8xi64>
    %hv = memref.load %h[%c1] : memref<8xi64>
    %t = arith.addi %gv, %hv : i64
    %n = arith.addi %acc, %t : i64
    memref.dealloc %g : memref<8xi64>
    memref.dealloc %h : memref<8xi64>
    scf.yield %n : i64
  }
  return %sum : i64
}

// The outer loop carries %a and %b through sibling inner loops: a += 1 and
// b += 10 per inner iteration, 2 x 2 iterations each: a[0] = 1 + 4 = 5,
// b[0] = 76 + 40 = 116; printed: 121.
func.func @carried_by_outer_loop() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i64
  %ten = arith.constant 10 : i64
  %a = memref.alloc() : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  %ia = arith.constant 1 : i64
  %ib = arith.constant 76 : i64
  memref.store %ia, %a[%c0] : memref<8xi64>
  memref.store %ib, %b[%c0] : memref<8xi64>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = memref.load %a[%c0] : memref<8xi64>
      %n = arith.addi %v, %one : i64
      memref.store %n, %a[%c0] : memref<8xi64>
    }
    scf.for %j = %c0 to %c2 step %c1 {
      %v = memref.load %b[%c0] : memref<8xi64>
      %n = arith.addi %v, %ten : i64
      memref.store %n, %b[%c0] : memref<8xi64>
    }
  }
  %av = memref.load %a[%c0] : memref<8xi64>
  %bv = memref.load %b[%c0] : memref<8xi64>
  %s = arith.addi %av, %bv : i64
  memref.dealloc %a : memref<8xi64>
  memref.dealloc %b : memref<8xi64>
  return %s : i64
}

// A buffer written in both branches, read after; one fresh per branch.
func.func @branch(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xi64>
  scf.if %c {
    %t = memref.alloc() : memref<8xi64>
    %seven = arith.constant 7 : i64
    memref.store %seven, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.store %v, %a[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
  } else {
    %e = memref.alloc() : memref<8xi64>
    %five = arith.constant 5 : i64
    memref.store %five, %e[%c0] : memref<8xi64>
    %v = memref.load %e[%c0] : memref<8xi64>
    memref.store %v, %a[%c0] : memref<8xi64>
    memref.dealloc %e : memref<8xi64>
  }
  %r = memref.load %a[%c0] : memref<8xi64>
  memref.dealloc %a : memref<8xi64>
  return %r : i64
}

// Several returns: the merged buffer is freed before each.
func.func @two_returns(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xi64>
  %twelve = arith.constant 12 : i64
  memref.store %twelve, %a[%c0] : memref<8xi64>
  %x = memref.load %a[%c0] : memref<8xi64>
  memref.dealloc %a : memref<8xi64>
  cf.cond_br %c, ^yes, ^no
^yes:
  %b = memref.alloc() : memref<8xi64>
  %y = arith.muli %x, %x : i64
  memref.store %y, %b[%c0] : memref<8xi64>
  %z = memref.load %b[%c0] : memref<8xi64>
  %w = arith.divsi %z, %x : i64
  %v = arith.addi %w, %x : i64
  memref.dealloc %b : memref<8xi64>
  return %v : i64
^no:
  %ten = arith.constant 10 : i64
  %u = arith.subi %x, %ten : i64
  %u2 = arith.muli %u, %ten : i64
  %u3 = arith.divsi %u2, %u : i64
  return %u3 : i64
}

// scf.parallel bodies have their own merged buffer; the function's buffer
// lives across the loop. 2 * sum over i < 4 of (i + i) = 24.
func.func @parallel_bodies() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = memref.alloc() : memref<4xi64>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %p = memref.alloc() : memref<2xi64>
    %q = memref.alloc() : memref<2xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %p[%c0] : memref<2xi64>
    %pv = memref.load %p[%c0] : memref<2xi64>
    memref.store %pv, %q[%c1] : memref<2xi64>
    %qv = memref.load %q[%c1] : memref<2xi64>
    %s = arith.addi %pv, %qv : i64
    memref.store %s, %out[%i] : memref<4xi64>
    memref.dealloc %p : memref<2xi64>
    memref.dealloc %q : memref<2xi64>
    scf.reduce
  }
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i64 {
    %v = memref.load %out[%i] : memref<4xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  memref.dealloc %out : memref<4xi64>
  %two = arith.constant 2 : i64
  %r = arith.muli %sum, %two : i64
  return %r : i64
}

func.func @run() {
  %m = func.call @mlp() : () -> i64
  func.call @bufrs_print_i64(%m) : (i64) -> ()
  %o = func.call @outer_buffers_in_loop() : () -> i64
  func.call @bufrs_print_i64(%o) : (i64) -> ()
  %f = func.call @fresh_in_loop() : () -> i64
  func.call @bufrs_print_i64(%f) : (i64) -> ()
  %c = func.call @carried_by_outer_loop() : () -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %true = arith.constant true
  %false = arith.constant false
  %b1 = func.call @branch(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%b1) : (i64) -> ()
  %b2 = func.call @branch(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%b2) : (i64) -> ()
  %t1 = func.call @two_returns(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%t1) : (i64) -> ()
  %t2 = func.call @two_returns(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%t2) : (i64) -> ()
  %p = func.call @parallel_bodies() : () -> i64
  func.call @bufrs_print_i64(%p) : (i64) -> ()
  return
}
