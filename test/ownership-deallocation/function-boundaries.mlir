// bufrs-ownership-function-boundaries, the module step of
// private-function-dynamic-ownership: a private function with a body whose
// every use is a direct call gets one i1 result per returned buffer (after
// its results, in the buffers' order), each return passes `true` for them
// (caller owns: the public ABI, until the per-function rewrite replaces
// them), and every call of it is rebuilt with the new results. The
// functions with a body and the rebuilt calls are marked with
// bufrs.ownership_flags (the flagged results; empty: no flags), which the
// per-function bufrs-ownership-based-buffer-deallocation reads. Declarations
// get no mark; a function already marked is left as it is, so running the
// step twice changes nothing (second RUN line).

// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(bufrs-ownership-function-boundaries)' | FileCheck %s
// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(bufrs-ownership-function-boundaries,bufrs-ownership-function-boundaries)' | FileCheck %s

// CHECK-LABEL: func.func private @two(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: memref<4xi64>, %[[B:.*]]: memref<4xi64>) -> (memref<4xi64>, i64, memref<4xi64>, i1, i1) attributes {bufrs.ownership_flags = array<i64: 0, 2>} {
// CHECK-NEXT:    %[[N:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[T1:.*]] = arith.constant true
// CHECK-NEXT:    return %[[A]], %[[N]], %[[B]], %[[T1]], %[[T1]] : memref<4xi64>, i64, memref<4xi64>, i1, i1
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[T2:.*]] = arith.constant true
// CHECK-NEXT:    return %[[B]], %[[N]], %[[A]], %[[T2]], %[[T2]] : memref<4xi64>, i64, memref<4xi64>, i1, i1
// CHECK-NEXT:  }
func.func private @two(%c: i1, %a: memref<4xi64>, %b: memref<4xi64>) -> (memref<4xi64>, i64, memref<4xi64>) {
  %n = arith.constant 3 : i64
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a, %n, %b : memref<4xi64>, i64, memref<4xi64>
^bb2:
  return %b, %n, %a : memref<4xi64>, i64, memref<4xi64>
}

// CHECK-LABEL: func.func private @taken(
// CHECK-SAME:      %[[A:.*]]: memref<4xi64>) -> memref<4xi64> attributes {bufrs.ownership_flags = array<i64>} {
// CHECK-NEXT:    return %[[A]] : memref<4xi64>
// CHECK-NEXT:  }
// expected-remark @below {{'taken' is used other than by a direct call: it keeps the public ABI (callers own its results)}}
func.func private @taken(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}

// CHECK-LABEL: func.func @public_id(
// CHECK-SAME:      %[[A:.*]]: memref<4xi64>) -> memref<4xi64> attributes {bufrs.ownership_flags = array<i64>} {
// CHECK-NEXT:    return %[[A]] : memref<4xi64>
// CHECK-NEXT:  }
func.func @public_id(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}

// CHECK-LABEL: func.func private @declared(memref<4xi64>) -> memref<4xi64>{{$}}
func.func private @declared(memref<4xi64>) -> memref<4xi64>

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: memref<4xi64>) -> memref<4xi64> attributes {bufrs.ownership_flags = array<i64>} {
// CHECK-NEXT:    %[[R:.*]]:5 = call @two(%[[C]], %[[A]], %[[A]]) {bufrs.ownership_flags = array<i64: 0, 2>} : (i1, memref<4xi64>, memref<4xi64>) -> (memref<4xi64>, i64, memref<4xi64>, i1, i1)
// CHECK-NEXT:    %[[F:.*]] = constant @taken : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    %[[T:.*]] = call_indirect %[[F]](%[[R]]#2) : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    %[[P:.*]] = call @public_id(%[[T]]) : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    %[[D:.*]] = call @declared(%[[P]]) : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    return %[[D]] : memref<4xi64>
// CHECK-NEXT:  }
func.func @caller(%c: i1, %a: memref<4xi64>) -> memref<4xi64> {
  %r:3 = func.call @two(%c, %a, %a) : (i1, memref<4xi64>, memref<4xi64>) -> (memref<4xi64>, i64, memref<4xi64>)
  // expected-note @below {{used here}}
  %f = func.constant @taken : (memref<4xi64>) -> memref<4xi64>
  %t = func.call_indirect %f(%r#2) : (memref<4xi64>) -> memref<4xi64>
  %p = func.call @public_id(%t) : (memref<4xi64>) -> memref<4xi64>
  %d = func.call @declared(%p) : (memref<4xi64>) -> memref<4xi64>
  return %d : memref<4xi64>
}
