// A loop-carried buffer that an scf.while condition copies into the buffer
// it forwards (as one-shot-bufferize leaves the before region) is forwarded
// itself where the pass frees it right after the copy: in @halve_while_big
// its ownership differs by path (the argument or a fresh copy of it), so the
// copy becomes scf.if on its flag, the buffer itself when owned and the
// copy only when borrowed; in @halve_owned it is always owned and the copy
// and its buffer go. The condition forwards an owned buffer on every path,
// so the after region and the loop's result take no flag. Executed under
// ASan through the ownership-based pipelines, the memory pipeline and the
// clone-based pipeline: the borrowed and the owned path, with and without
// iterations.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{keep-clones=true},bufrs-verify-deallocation)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' -o /dev/null

// OUT:      4
// OUT-NEXT: 0.5625
// OUT-NEXT: 0.0625
// OUT-NEXT: 0.5625
// OUT-NEXT: 4
// OUT-NEXT: 0.5625
// OUT-NEXT: 0.0625
// OUT-NEXT: 0.5
// OUT-NEXT: 0
// OUT-NEXT: 0.5
// OUT-NEXT: 1
// OUT-NEXT: 0.5
// OUT-NEXT: 0
// OUT-NEXT: 0.5
// OUT-NEXT: 1
// OUT-NEXT: 0.5
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @halve_while_big(
// CHECK-SAME: %[[HALVEW_ARG0:[a-z0-9_]+]]: memref<4xf32>, %[[HALVEW_ARG1:[a-z0-9_]+]]: i1) -> (memref<4xf32>, i64) {
// CHECK-NEXT: %[[HALVEW_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[HALVEW_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[HALVEW_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[HALVEW_CST:[a-z0-9_]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[HALVEW_CST_0:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[HALVEW_C0_I64:[a-z0-9_]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[HALVEW_C1_I64:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[HALVEW_0:[a-z0-9_]+]]:2 = scf.if %[[HALVEW_ARG1]] -> (memref<4xf32>, i1) {
// CHECK-NEXT: %[[HALVEW_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[HALVEW_ARG0]], %[[HALVEW_ALLOC]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %[[HALVEW_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[HALVEW_ALLOC]], %[[HALVEW_TRUE]] : memref<4xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[HALVEW_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[HALVEW_ARG0]], %[[HALVEW_FALSE]] : memref<4xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[HALVEW_1:[a-z0-9_]+]]:2 = scf.while (%[[HALVEW_ARG2:[a-z0-9_]+]] = %[[HALVEW_0]]#0, %[[HALVEW_ARG3:[a-z0-9_]+]] = %[[HALVEW_C0_I64]], %[[HALVEW_ARG4:[a-z0-9_]+]] = %[[HALVEW_0]]#1) : (memref<4xf32>, i64, i1) -> (memref<4xf32>, i64) {
// CHECK-NEXT: %[[HALVEW_2:[a-z0-9_]+]] = memref.load %[[HALVEW_ARG2]][%[[HALVEW_C0]]] : memref<4xf32>
// CHECK-NEXT: %[[HALVEW_3:[a-z0-9_]+]] = arith.cmpf ogt, %[[HALVEW_2]], %[[HALVEW_CST_0]] : f32
// CHECK-NEXT: %[[HALVEW_4:[a-z0-9_]+]] = scf.if %[[HALVEW_ARG4]] -> (memref<4xf32>) {
// CHECK-NEXT: scf.yield %[[HALVEW_ARG2]] : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[HALVEW_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[HALVEW_ARG2]], %[[HALVEW_ALLOC]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: scf.yield %[[HALVEW_ALLOC]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.condition(%[[HALVEW_3]]) %[[HALVEW_4]], %[[HALVEW_ARG3]] : memref<4xf32>, i64
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[HALVEW_ARG2:[a-z0-9_]+]]: memref<4xf32>, %[[HALVEW_ARG3:[a-z0-9_]+]]: i64):
// CHECK-NEXT: %[[HALVEW_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: scf.for %[[HALVEW_ARG4:[a-z0-9_]+]] = %[[HALVEW_C0]] to %[[HALVEW_C4]] step %[[HALVEW_C1]] {
// CHECK-NEXT: %[[HALVEW_3:[a-z0-9_]+]] = memref.load %[[HALVEW_ARG2]][%[[HALVEW_ARG4]]] : memref<4xf32>
// CHECK-NEXT: %[[HALVEW_4:[a-z0-9_]+]] = arith.mulf %[[HALVEW_3]], %[[HALVEW_CST]] : f32
// CHECK-NEXT: memref.store %[[HALVEW_4]], %[[HALVEW_ALLOC]][%[[HALVEW_ARG4]]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[HALVEW_ARG2]] : memref<4xf32>
// CHECK-NEXT: %[[HALVEW_2:[a-z0-9_]+]] = arith.addi %[[HALVEW_ARG3]], %[[HALVEW_C1_I64]] : i64
// CHECK-NEXT: %[[HALVEW_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[HALVEW_ALLOC]], %[[HALVEW_2]], %[[HALVEW_TRUE]] : memref<4xf32>, i64, i1
// CHECK-NEXT: }
// CHECK-NEXT: return %[[HALVEW_1]]#0, %[[HALVEW_1]]#1 : memref<4xf32>, i64
// CHECK-NEXT: }
// CHECK-LABEL: func.func @halve_owned(
// CHECK-SAME: %[[HALVEO_ARG0:[a-z0-9_]+]]: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: %[[HALVEO_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[HALVEO_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[HALVEO_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[HALVEO_CST:[a-z0-9_]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[HALVEO_CST_0:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[HALVEO_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[HALVEO_ARG0]], %[[HALVEO_ALLOC]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %[[HALVEO_0:[a-z0-9_]+]] = scf.while (%[[HALVEO_ARG1:[a-z0-9_]+]] = %[[HALVEO_ALLOC]]) : (memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: %[[HALVEO_1:[a-z0-9_]+]] = memref.load %[[HALVEO_ARG1]][%[[HALVEO_C0]]] : memref<4xf32>
// CHECK-NEXT: %[[HALVEO_2:[a-z0-9_]+]] = arith.cmpf ogt, %[[HALVEO_1]], %[[HALVEO_CST_0]] : f32
// CHECK-NEXT: scf.condition(%[[HALVEO_2]]) %[[HALVEO_ARG1]] : memref<4xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[HALVEO_ARG1:[a-z0-9_]+]]: memref<4xf32>):
// CHECK-NEXT: %[[HALVEO_ALLOC_1:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: scf.for %[[HALVEO_ARG2:[a-z0-9_]+]] = %[[HALVEO_C0]] to %[[HALVEO_C4]] step %[[HALVEO_C1]] {
// CHECK-NEXT: %[[HALVEO_1:[a-z0-9_]+]] = memref.load %[[HALVEO_ARG1]][%[[HALVEO_ARG2]]] : memref<4xf32>
// CHECK-NEXT: %[[HALVEO_2:[a-z0-9_]+]] = arith.mulf %[[HALVEO_1]], %[[HALVEO_CST]] : f32
// CHECK-NEXT: memref.store %[[HALVEO_2]], %[[HALVEO_ALLOC_1]][%[[HALVEO_ARG2]]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[HALVEO_ARG1]] : memref<4xf32>
// CHECK-NEXT: scf.yield %[[HALVEO_ALLOC_1]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[HALVEO_0]] : memref<4xf32>
// CHECK-NEXT: }

func.func private @bufrs_print_f32(f32)
func.func private @bufrs_print_i64(i64)

// The loop-carried buffer is the argument (not owned) or a fresh buffer
// (owned), by path; the before region copies it into the buffer it forwards.
func.func @halve_while_big(%a: memref<4xf32>, %fresh: i1) -> (memref<4xf32>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  %limit = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %init = scf.if %fresh -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %r:2 = scf.while (%x = %init, %k = %i0) : (memref<4xf32>, i64) -> (memref<4xf32>, i64) {
    %v = memref.load %x[%c0] : memref<4xf32>
    %big = arith.cmpf ogt, %v, %limit : f32
    %t = memref.alloc() : memref<4xf32>
    memref.copy %x, %t : memref<4xf32> to memref<4xf32>
    scf.condition(%big) %t, %k : memref<4xf32>, i64
  } do {
  ^bb0(%y: memref<4xf32>, %j: i64):
    %n = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %e = memref.load %y[%i] : memref<4xf32>
      %h = arith.mulf %e, %half : f32
      memref.store %h, %n[%i] : memref<4xf32>
    }
    %j1 = arith.addi %j, %i1 : i64
    scf.yield %n, %j1 : memref<4xf32>, i64
  }
  return %r#0, %r#1 : memref<4xf32>, i64
}

// The loop-carried buffer is always owned (a fresh copy of the argument).
func.func @halve_owned(%a: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  %limit = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<4xf32>
  memref.copy %a, %init : memref<4xf32> to memref<4xf32>
  %r = scf.while (%x = %init) : (memref<4xf32>) -> memref<4xf32> {
    %v = memref.load %x[%c0] : memref<4xf32>
    %big = arith.cmpf ogt, %v, %limit : f32
    %t = memref.alloc() : memref<4xf32>
    memref.copy %x, %t : memref<4xf32> to memref<4xf32>
    scf.condition(%big) %t : memref<4xf32>
  } do {
  ^bb0(%y: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %e = memref.load %y[%i] : memref<4xf32>
      %h = arith.mulf %e, %half : f32
      memref.store %h, %n[%i] : memref<4xf32>
    }
    scf.yield %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %g = arith.mulf %f, %f : f32
    memref.store %g, %a[%i] : memref<4xf32>
  }
  %big = arith.constant 9.0 : f32
  memref.store %big, %a[%c0] : memref<4xf32>
  scf.for %p = %c0 to %c4 step %c1 {
    %two = arith.constant 2 : index
    %odd = arith.remui %p, %two : index
    %sel = arith.cmpi eq, %odd, %c1 : index
    %r, %k = func.call @halve_while_big(%a, %sel) : (memref<4xf32>, i1) -> (memref<4xf32>, i64)
    %v0 = memref.load %r[%c0] : memref<4xf32>
    %v3 = memref.load %r[%c1] : memref<4xf32>
    func.call @bufrs_print_i64(%k) : (i64) -> ()
    func.call @bufrs_print_f32(%v0) : (f32) -> ()
    func.call @bufrs_print_f32(%v3) : (f32) -> ()
    // From the third call on, the loop starts at or below the limit.
    %small = arith.constant 0.5 : f32
    %ge = arith.cmpi uge, %p, %c1 : index
    scf.if %ge {
      memref.store %small, %a[%c0] : memref<4xf32>
    }
    %o = func.call @halve_owned(%a) : (memref<4xf32>) -> memref<4xf32>
    %o0 = memref.load %o[%c0] : memref<4xf32>
    func.call @bufrs_print_f32(%o0) : (f32) -> ()
    memref.dealloc %r : memref<4xf32>
    memref.dealloc %o : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}
