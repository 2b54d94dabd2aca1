// Execution under AddressSanitizer of shapes from the OwnershipBasedBufferDeallocation
// inputs (Inputs/ownership-*.mlir) written with func/arith/memref/scf/cf ops only:
// test.buffer_based / test.copy become memref.copy, test.read_buffer a load,
// test.make_condition / test.side_effect_op a loop counter. Every path is
// taken; after the pass nothing leaks, is freed twice or used after its free,
// and the printed values are unchanged.

// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s

// CHECK:      7
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 3
// CHECK-NEXT: 7
// CHECK-NEXT: 3
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 2
// CHECK-NEXT: 7
// CHECK-NEXT: 1
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 9
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 3
// CHECK-NEXT: 7

func.func private @bufrs_print_i64(i64)

// dealloc-branchop-interface @condBranchDynamicTypeNested
func.func @nested(%c: i1, %src: memref<?xi64>, %dst: memref<?xi64>, %n: index) {
  cf.cond_br %c, ^pass, ^fill(%n : index)
^pass:
  cf.br ^join2(%src : memref<?xi64>)
^fill(%size: index):
  %buf = memref.alloc(%size) : memref<?xi64>
  memref.copy %src, %buf : memref<?xi64> to memref<?xi64>
  cf.cond_br %c, ^l, ^r
^l:
  cf.br ^join1(%buf : memref<?xi64>)
^r:
  cf.br ^join1(%buf : memref<?xi64>)
^join1(%a: memref<?xi64>):
  cf.br ^join2(%a : memref<?xi64>)
^join2(%b: memref<?xi64>):
  cf.br ^last(%b : memref<?xi64>)
^last(%v: memref<?xi64>):
  memref.copy %v, %dst : memref<?xi64> to memref<?xi64>
  return
}

// dealloc-branchop-interface @ifElseNested
func.func @if_else_nested(%c: i1, %d: i1, %src: memref<2xi64>, %dst: memref<2xi64>) {
  %buf = memref.alloc() : memref<2xi64>
  memref.copy %src, %buf : memref<2xi64> to memref<2xi64>
  cf.cond_br %c,
    ^then(%src, %buf : memref<2xi64>, memref<2xi64>),
    ^else(%buf, %src : memref<2xi64>, memref<2xi64>)
^then(%t0: memref<2xi64>, %t1: memref<2xi64>):
  cf.br ^join(%t0, %t1 : memref<2xi64>, memref<2xi64>)
^else(%e0: memref<2xi64>, %e1: memref<2xi64>):
  cf.cond_br %d, ^el(%e0 : memref<2xi64>), ^er(%e1 : memref<2xi64>)
^el(%l: memref<2xi64>):
  cf.br ^join(%l, %e0 : memref<2xi64>, memref<2xi64>)
^er(%r: memref<2xi64>):
  cf.br ^join(%e0, %r : memref<2xi64>, memref<2xi64>)
^join(%j0: memref<2xi64>, %j1: memref<2xi64>):
  %out = memref.alloc() : memref<2xi64>
  memref.copy %j0, %out : memref<2xi64> to memref<2xi64>
  memref.copy %out, %dst : memref<2xi64> to memref<2xi64>
  return
}

// dealloc-branchop-interface @select_captured_in_next_block
func.func @select_captured(%c0: i1, %c1: i1, %buf: memref<2xi64>) -> i64 {
  %heap = memref.alloc() : memref<2xi64>
  %stack = memref.alloca() : memref<2xi64>
  %s = arith.select %c0, %heap, %stack : memref<2xi64>
  memref.copy %buf, %heap : memref<2xi64> to memref<2xi64>
  cf.cond_br %c1, ^next(%heap : memref<2xi64>), ^next(%buf : memref<2xi64>)
^next(%v: memref<2xi64>):
  memref.copy %v, %s : memref<2xi64> to memref<2xi64>
  %i0 = arith.constant 0 : index
  %x = memref.load %s[%i0] : memref<2xi64>
  return %x : i64
}

// dealloc-region-branchop-interface @loop_nested_alloc (the fresh buffer
// holds the outer induction variable)
func.func @loop_nested_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xi64>, %dst: memref<2xi64>) {
  %pre = memref.alloc() : memref<2xi64>
  memref.copy %init, %pre : memref<2xi64> to memref<2xi64>
  %i0 = arith.constant 0 : index
  %last_i = arith.subi %ub, %step : index
  %r0 = scf.for %i = %lb to %ub step %step iter_args(%a0 = %init) -> memref<2xi64> {
    %r1 = scf.for %j = %lb to %ub step %step iter_args(%a1 = %a0) -> memref<2xi64> {
      %r2 = scf.for %k = %lb to %ub step %step iter_args(%a2 = %a1) -> memref<2xi64> {
        %tmp = memref.alloc() : memref<2xi64>
        memref.copy %a2, %tmp : memref<2xi64> to memref<2xi64>
        %eq = arith.cmpi eq, %i, %last_i : index
        %pick = scf.if %eq -> (memref<2xi64>) {
          %fresh = memref.alloc() : memref<2xi64>
          %iv = arith.index_cast %i : index to i64
          memref.store %iv, %fresh[%i0] : memref<2xi64>
          scf.yield %fresh : memref<2xi64>
        } else {
          scf.yield %a2 : memref<2xi64>
        }
        scf.yield %pick : memref<2xi64>
      }
      scf.yield %r2 : memref<2xi64>
    }
    scf.yield %r1 : memref<2xi64>
  }
  memref.copy %r0, %dst : memref<2xi64> to memref<2xi64>
  return
}

// dealloc-region-branchop-interface @while_three_arg (a counter replaces the
// condition op; the result is the first element of the third buffer)
func.func @while_three(%iters: index, %src: memref<2xi64>) -> i64 {
  %i0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %buf = memref.alloc() : memref<2xi64>
  memref.copy %src, %buf : memref<2xi64> to memref<2xi64>
  %r:4 = scf.while (%p = %buf, %q = %buf, %s = %buf, %n = %i0) : (memref<2xi64>, memref<2xi64>, memref<2xi64>, index) -> (memref<2xi64>, memref<2xi64>, memref<2xi64>, index) {
    %go = arith.cmpi slt, %n, %iters : index
    scf.condition(%go) %p, %q, %s, %n : memref<2xi64>, memref<2xi64>, memref<2xi64>, index
  } do {
  ^bb0(%p2: memref<2xi64>, %q2: memref<2xi64>, %s2: memref<2xi64>, %n2: index):
    %f1 = memref.alloc() : memref<2xi64>
    %f2 = memref.alloc() : memref<2xi64>
    memref.copy %p2, %f1 : memref<2xi64> to memref<2xi64>
    memref.copy %s2, %f2 : memref<2xi64> to memref<2xi64>
    %n3 = arith.addi %n2, %one : index
    scf.yield %f2, %f1, %q2, %n3 : memref<2xi64>, memref<2xi64>, memref<2xi64>, index
  }
  %x = memref.load %r#2[%i0] : memref<2xi64>
  return %x : i64
}

// dealloc-unstructured-cf-loops @nested_loop_with_alloc
func.func @cf_nested_loops(%lb: index, %ub: index, %step: index, %init: memref<2xi64>, %dst: memref<2xi64>) {
  %i0 = arith.constant 0 : index
  %pre = memref.alloc() : memref<2xi64>
  memref.copy %init, %pre : memref<2xi64> to memref<2xi64>
  %last_i = arith.subi %ub, %step : index
  cf.br ^h0(%lb, %init : index, memref<2xi64>)
^h0(%i: index, %m0: memref<2xi64>):
  %c0 = arith.cmpi slt, %i, %ub : index
  cf.cond_br %c0, ^e1, ^exit
^e1:
  cf.br ^h1(%lb, %m0 : index, memref<2xi64>)
^h1(%j: index, %m1: memref<2xi64>):
  %c1 = arith.cmpi slt, %j, %ub : index
  cf.cond_br %c1, ^e2, ^l0
^e2:
  cf.br ^h2(%lb, %m1 : index, memref<2xi64>)
^h2(%k: index, %m2: memref<2xi64>):
  %c2 = arith.cmpi slt, %k, %ub : index
  cf.cond_br %c2, ^test, ^l1
^test:
  %tmp = memref.alloc() : memref<2xi64>
  memref.copy %m2, %tmp : memref<2xi64> to memref<2xi64>
  %last = arith.cmpi eq, %i, %last_i : index
  cf.cond_br %last, ^then, ^else
^then:
  %fresh = memref.alloc() : memref<2xi64>
  %iv = arith.index_cast %i : index to i64
  memref.store %iv, %fresh[%i0] : memref<2xi64>
  cf.br ^join(%fresh : memref<2xi64>)
^else:
  cf.br ^join(%m2 : memref<2xi64>)
^join(%pick: memref<2xi64>):
  cf.br ^l2
^l2:
  %k2 = arith.addi %k, %step : index
  cf.br ^h2(%k2, %pick : index, memref<2xi64>)
^l1:
  %j2 = arith.addi %j, %step : index
  cf.br ^h1(%j2, %m2 : index, memref<2xi64>)
^l0:
  %i2 = arith.addi %i, %step : index
  cf.br ^h0(%i2, %m1 : index, memref<2xi64>)
^exit:
  memref.copy %m0, %dst : memref<2xi64> to memref<2xi64>
  return
}

// dealloc-unstructured-cf-loops @while_loop (a counter replaces the
// condition op)
func.func @cf_while(%iters: index, %src: memref<2xi64>) -> i64 {
  %i0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %buf = memref.alloc() : memref<2xi64>
  memref.copy %src, %buf : memref<2xi64> to memref<2xi64>
  cf.br ^head(%i0, %buf, %buf, %buf : index, memref<2xi64>, memref<2xi64>, memref<2xi64>)
^head(%n: index, %p: memref<2xi64>, %q: memref<2xi64>, %s: memref<2xi64>):
  %go = arith.cmpi slt, %n, %iters : index
  cf.cond_br %go, ^body(%p, %q, %s : memref<2xi64>, memref<2xi64>, memref<2xi64>), ^exit
^body(%p2: memref<2xi64>, %q2: memref<2xi64>, %s2: memref<2xi64>):
  %f1 = memref.alloc() : memref<2xi64>
  %f2 = memref.alloc() : memref<2xi64>
  memref.copy %p2, %f1 : memref<2xi64> to memref<2xi64>
  memref.copy %s2, %f2 : memref<2xi64> to memref<2xi64>
  %n2 = arith.addi %n, %one : index
  cf.br ^head(%n2, %f2, %f1, %q2 : index, memref<2xi64>, memref<2xi64>, memref<2xi64>)
^exit:
  %x = memref.load %q[%i0] : memref<2xi64>
  return %x : i64
}

// dealloc-callop-interface @function_call_requries_merged_ownership_mid_block
func.func private @id(%m: memref<2xi64>) -> memref<2xi64> {
  return %m : memref<2xi64>
}

func.func @call_select(%c: i1, %src: memref<2xi64>) -> i64 {
  %heap = memref.alloc() : memref<2xi64>
  %stack = memref.alloca() : memref<2xi64>
  memref.copy %src, %heap : memref<2xi64> to memref<2xi64>
  memref.copy %src, %stack : memref<2xi64> to memref<2xi64>
  %s = arith.select %c, %heap, %stack : memref<2xi64>
  %r = call @id(%s) : (memref<2xi64>) -> memref<2xi64>
  memref.copy %r, %heap : memref<2xi64> to memref<2xi64>
  %i0 = arith.constant 0 : index
  %x = memref.load %heap[%i0] : memref<2xi64>
  return %x : i64
}

// dealloc-region-branchop-interface @loop_nested_if_alloc (returns the buffer)
func.func @loop_nested_if_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xi64>) -> memref<2xi64> {
  %pre = memref.alloc() : memref<2xi64>
  memref.copy %init, %pre : memref<2xi64> to memref<2xi64>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> memref<2xi64> {
    %one = arith.constant 1 : index
    %last = arith.cmpi eq, %iv, %one : index
    %pick = scf.if %last -> (memref<2xi64>) {
      %fresh = memref.alloc() : memref<2xi64>
      %i0 = arith.constant 0 : index
      %v = arith.index_cast %iv : index to i64
      %v3 = arith.addi %v, %v : i64
      %v4 = arith.addi %v3, %v : i64
      memref.store %v4, %fresh[%i0] : memref<2xi64>
      scf.yield %fresh : memref<2xi64>
    } else {
      scf.yield %pre : memref<2xi64>
    }
    scf.yield %pick : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @run() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i4 = arith.constant 4 : index
  %t = arith.constant true
  %f = arith.constant false
  %seven = arith.constant 7 : i64
  %src = memref.alloca() : memref<2xi64>
  memref.store %seven, %src[%i0] : memref<2xi64>
  memref.store %seven, %src[%i1] : memref<2xi64>
  %dst = memref.alloca() : memref<2xi64>
  %dsrc = memref.cast %src : memref<2xi64> to memref<?xi64>
  %ddst = memref.cast %dst : memref<2xi64> to memref<?xi64>

  // 7, 7 (clone of the argument / the new buffer)
  func.call @nested(%t, %dsrc, %ddst, %i2) : (i1, memref<?xi64>, memref<?xi64>, index) -> ()
  %a0 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%a0) : (i64) -> ()
  func.call @nested(%f, %dsrc, %ddst, %i2) : (i1, memref<?xi64>, memref<?xi64>, index) -> ()
  %a1 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%a1) : (i64) -> ()

  // 7, 7, 7
  func.call @if_else_nested(%t, %t, %src, %dst) : (i1, i1, memref<2xi64>, memref<2xi64>) -> ()
  %b0 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%b0) : (i64) -> ()
  func.call @if_else_nested(%f, %t, %src, %dst) : (i1, i1, memref<2xi64>, memref<2xi64>) -> ()
  %b1 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%b1) : (i64) -> ()
  func.call @if_else_nested(%f, %f, %src, %dst) : (i1, i1, memref<2xi64>, memref<2xi64>) -> ()
  %b2 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%b2) : (i64) -> ()

  // 7, 3, 7, 3: the select picks the heap buffer or the stack buffer
  %three = arith.constant 3 : i64
  %other = memref.alloca() : memref<2xi64>
  memref.store %three, %other[%i0] : memref<2xi64>
  memref.store %three, %other[%i1] : memref<2xi64>
  %c0 = func.call @select_captured(%t, %t, %src) : (i1, i1, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%c0) : (i64) -> ()
  %c1 = func.call @select_captured(%t, %f, %other) : (i1, i1, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%c1) : (i64) -> ()
  %c2 = func.call @select_captured(%f, %t, %src) : (i1, i1, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%c2) : (i64) -> ()
  %c3 = func.call @select_captured(%f, %f, %other) : (i1, i1, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%c3) : (i64) -> ()

  // 7 (no iteration), 0 + 7 (i = 0 is the last outer iteration), 2
  memref.store %seven, %dst[%i0] : memref<2xi64>
  func.call @loop_nested_alloc(%i0, %i0, %i1, %src, %dst) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  %d0 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%d0) : (i64) -> ()
  func.call @loop_nested_alloc(%i0, %i2, %i2, %src, %dst) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  %d1 = memref.load %dst[%i0] : memref<2xi64>
  %d1p = arith.addi %d1, %seven : i64
  func.call @bufrs_print_i64(%d1p) : (i64) -> ()
  func.call @loop_nested_alloc(%i0, %i4, %i2, %src, %dst) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  %d2 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%d2) : (i64) -> ()

  // 7 (no iteration), 1 (the last outer iteration is i = 1)
  func.call @cf_nested_loops(%i0, %i0, %i1, %src, %dst) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  %e0 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%e0) : (i64) -> ()
  func.call @cf_nested_loops(%i0, %i2, %i1, %src, %dst) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  %e1 = memref.load %dst[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%e1) : (i64) -> ()

  // 7, 7, 7 + 2 (while loops: every buffer holds a copy of 7)
  %w0 = func.call @while_three(%i0, %src) : (index, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%w0) : (i64) -> ()
  %w1 = func.call @while_three(%i4, %src) : (index, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%w1) : (i64) -> ()
  %w2 = func.call @cf_while(%i4, %src) : (index, memref<2xi64>) -> i64
  %two = arith.constant 2 : i64
  %w2p = arith.addi %w2, %two : i64
  func.call @bufrs_print_i64(%w2p) : (i64) -> ()

  // 3, 3 - 3 (call through a private identity function)
  %k0 = func.call @call_select(%t, %other) : (i1, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%k0) : (i64) -> ()
  %k1 = func.call @call_select(%f, %other) : (i1, memref<2xi64>) -> i64
  %k1p = arith.subi %k1, %three : i64
  func.call @bufrs_print_i64(%k1p) : (i64) -> ()

  // 3 (iv = 1 is the last iteration), 7: a returned buffer, used by the caller
  %r0 = func.call @loop_nested_if_alloc(%i0, %i2, %i1, %src) : (index, index, index, memref<2xi64>) -> memref<2xi64>
  %r0v = memref.load %r0[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%r0v) : (i64) -> ()
  %r1 = func.call @loop_nested_if_alloc(%i0, %i1, %i1, %src) : (index, index, index, memref<2xi64>) -> memref<2xi64>
  %r1v = memref.load %r1[%i0] : memref<2xi64>
  func.call @bufrs_print_i64(%r1v) : (i64) -> ()
  return
}
