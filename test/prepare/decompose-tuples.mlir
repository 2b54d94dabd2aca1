// bufrs-decompose-tuples beyond the seed's examples: nested tuples, a body
// that uses the tuple (packed again at the entry, unpacked at the return),
// recursion with the call inside scf.if, scf.for and scf.while carrying
// tuples (RegionBranchOpInterface), calls from another function,
// block arguments of tuple type with the operands of cf.br and cf.cond_br
// (whose operandSegmentSizes follow), cancelling pack/unpack pairs.
// Public functions keep their signature unless modify-public-functions.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-decompose-tuples)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-decompose-tuples{modify-public-functions})' | FileCheck %s --check-prefix=PUBLIC

// CHECK-LABEL: func.func private @nested(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: f32, %[[C:.*]]: memref<4xf32>) -> (i1, f32, memref<4xf32>) {
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]] : i1, f32, memref<4xf32>
// CHECK-NEXT: }
func.func private @nested(%t: tuple<i1, tuple<f32, memref<4xf32>>>) -> tuple<i1, tuple<f32, memref<4xf32>>> {
  return %t : tuple<i1, tuple<f32, memref<4xf32>>>
}

// The unpack of the argument's pack cancels.
// CHECK-LABEL: func.func private @uses_element(
// CHECK-SAME: %[[A:.*]]: i1, %[[M:.*]]: memref<4xf32>) -> i1 {
// CHECK-NEXT: return %[[A]] : i1
// CHECK-NEXT: }
func.func private @uses_element(%t: tuple<i1, memref<4xf32>>) -> i1 {
  %b = "test.get_tuple_element"(%t) {index = 0 : i32} : (tuple<i1, memref<4xf32>>) -> i1
  return %b : i1
}

// Recursion, the call inside scf.if, whose results and yields are
// flattened too (RegionBranchOpInterface).
// CHECK-LABEL: func.func private @rec(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i1, %[[B:.*]]: f32) -> (i1, f32) {
// CHECK-NEXT: %[[R:.*]]:2 = scf.if %[[C]] -> (i1, f32) {
// CHECK-NEXT: %[[X:.*]]:2 = func.call @rec(%[[C]], %[[A]], %[[B]]) : (i1, i1, f32) -> (i1, f32)
// CHECK-NEXT: scf.yield %[[X]]#0, %[[X]]#1 : i1, f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[A]], %[[B]] : i1, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : i1, f32
func.func private @rec(%c: i1, %t: tuple<i1, f32>) -> tuple<i1, f32> {
  %r = scf.if %c -> tuple<i1, f32> {
    %x = func.call @rec(%c, %t) : (i1, tuple<i1, f32>) -> tuple<i1, f32>
    scf.yield %x : tuple<i1, f32>
  } else {
    scf.yield %t : tuple<i1, f32>
  }
  return %r : tuple<i1, f32>
}

// Loop-carried tuples: scf.for iter_args and scf.while arguments and
// results are flattened with their inits and yields.
// CHECK-LABEL: func.func private @loop(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: f32, %[[N:.*]]: index) -> (i1, f32) {
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) -> (i1, f32) {
// CHECK-NEXT: %[[G:.*]] = arith.addf %[[Y]], %[[Y]] : f32
// CHECK-NEXT: scf.yield %[[X]], %[[G]] : i1, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : i1, f32
func.func private @loop(%t: tuple<i1, f32>, %n: index) -> tuple<i1, f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tuple<i1, f32> {
    %f = "test.get_tuple_element"(%acc) {index = 1 : i32} : (tuple<i1, f32>) -> f32
    %b = "test.get_tuple_element"(%acc) {index = 0 : i32} : (tuple<i1, f32>) -> i1
    %g = arith.addf %f, %f : f32
    %u = "test.make_tuple"(%b, %g) : (i1, f32) -> tuple<i1, f32>
    scf.yield %u : tuple<i1, f32>
  }
  return %r : tuple<i1, f32>
}

// CHECK-LABEL: func.func private @wh(
// CHECK-SAME: %[[A:.*]]: i1, %[[M:.*]]: memref<4xf32>) -> (i1, memref<4xf32>) {
// CHECK-NEXT: %[[R:.*]]:2 = scf.while (%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[M]]) : (i1, memref<4xf32>) -> (i1, memref<4xf32>) {
// CHECK-NEXT: scf.condition(%[[X]]) %[[X]], %[[Y]] : i1, memref<4xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P:.*]]: i1, %[[Q:.*]]: memref<4xf32>):
// CHECK-NEXT: scf.yield %[[P]], %[[Q]] : i1, memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : i1, memref<4xf32>
func.func private @wh(%t: tuple<i1, memref<4xf32>>) -> tuple<i1, memref<4xf32>> {
  %r = scf.while (%a = %t) : (tuple<i1, memref<4xf32>>) -> tuple<i1, memref<4xf32>> {
    %b = "test.get_tuple_element"(%a) {index = 0 : i32} : (tuple<i1, memref<4xf32>>) -> i1
    scf.condition(%b) %a : tuple<i1, memref<4xf32>>
  } do {
  ^bb0(%x: tuple<i1, memref<4xf32>>):
    scf.yield %x : tuple<i1, memref<4xf32>>
  }
  return %r : tuple<i1, memref<4xf32>>
}

// Block arguments: the public function's own arguments stay tuples (by
// default) and are unpacked before the branch; the successor's argument is
// flattened.
// CHECK-LABEL: func.func @branches(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: tuple<i1, f32>, %[[B:.*]]: tuple<i1, f32>, %[[N:.*]]: index) -> f32 {
// CHECK-NEXT: %[[A0:.*]] = "test.get_tuple_element"(%[[A]]) <{index = 0 : i32}> : (tuple<i1, f32>) -> i1
// CHECK-NEXT: %[[A1:.*]] = "test.get_tuple_element"(%[[A]]) <{index = 1 : i32}> : (tuple<i1, f32>) -> f32
// CHECK-NEXT: %[[B0:.*]] = "test.get_tuple_element"(%[[B]]) <{index = 0 : i32}> : (tuple<i1, f32>) -> i1
// CHECK-NEXT: %[[B1:.*]] = "test.get_tuple_element"(%[[B]]) <{index = 1 : i32}> : (tuple<i1, f32>) -> f32
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[N]], %[[A0]], %[[A1]] : index, i1, f32), ^bb1(%[[N]], %[[B0]], %[[B1]] : index, i1, f32)
// CHECK-NEXT: ^bb1(%[[I:.*]]: index, %[[U0:.*]]: i1, %[[U1:.*]]: f32):
// CHECK-NEXT: cf.br ^bb2(%[[U0]], %[[U1]], %[[I]] : i1, f32, index)
// CHECK-NEXT: ^bb2(%{{.*}}: i1, %[[G:.*]]: f32, %{{.*}}: index):
// CHECK-NEXT: return %[[G]] : f32
// PUBLIC-LABEL: func.func @branches(
// PUBLIC-SAME: %[[C:.*]]: i1, %[[A0:.*]]: i1, %[[A1:.*]]: f32, %[[B0:.*]]: i1, %[[B1:.*]]: f32, %[[N:.*]]: index) -> f32 {
// PUBLIC-NEXT: cf.cond_br %[[C]], ^bb1(%[[N]], %[[A0]], %[[A1]] : index, i1, f32), ^bb1(%[[N]], %[[B0]], %[[B1]] : index, i1, f32)
func.func @branches(%c: i1, %a: tuple<i1, f32>, %b: tuple<i1, f32>, %n: index) -> f32 {
  cf.cond_br %c, ^bb1(%n, %a : index, tuple<i1, f32>), ^bb1(%n, %b : index, tuple<i1, f32>)
^bb1(%i: index, %u: tuple<i1, f32>):
  %w = "test.make_tuple"(%u, %i) : (tuple<i1, f32>, index) -> tuple<tuple<i1, f32>, index>
  cf.br ^bb2(%w : tuple<tuple<i1, f32>, index>)
^bb2(%v: tuple<tuple<i1, f32>, index>):
  %x = "test.get_tuple_element"(%v) {index = 0 : i32} : (tuple<tuple<i1, f32>, index>) -> tuple<i1, f32>
  %f = "test.get_tuple_element"(%x) {index = 1 : i32} : (tuple<i1, f32>) -> f32
  return %f : f32
}

// Calls: operands unpacked (or the pack's operands taken), results used
// directly where the caller unpacked them.
// CHECK-LABEL: func.func @user(
// CHECK-SAME: %[[T:.*]]: tuple<i1, tuple<f32, memref<4xf32>>>, %[[C:.*]]: i1) -> i1 {
// CHECK-NEXT: %[[T0:.*]] = "test.get_tuple_element"(%[[T]]) <{index = 0 : i32}> : (tuple<i1, tuple<f32, memref<4xf32>>>) -> i1
// CHECK-NEXT: %[[T1:.*]] = "test.get_tuple_element"(%[[T]]) <{index = 1 : i32}> : (tuple<i1, tuple<f32, memref<4xf32>>>) -> tuple<f32, memref<4xf32>>
// CHECK-NEXT: %[[T10:.*]] = "test.get_tuple_element"(%[[T1]]) <{index = 0 : i32}> : (tuple<f32, memref<4xf32>>) -> f32
// CHECK-NEXT: %[[T11:.*]] = "test.get_tuple_element"(%[[T1]]) <{index = 1 : i32}> : (tuple<f32, memref<4xf32>>) -> memref<4xf32>
// CHECK-NEXT: %[[R:.*]]:3 = call @nested(%[[T0]], %[[T10]], %[[T11]]) : (i1, f32, memref<4xf32>) -> (i1, f32, memref<4xf32>)
// CHECK-NEXT: %[[E:.*]] = call @uses_element(%[[C]], %[[R]]#2) : (i1, memref<4xf32>) -> i1
// CHECK-NEXT: return %[[E]] : i1
// PUBLIC-LABEL: func.func @user(
// PUBLIC-SAME: %[[T0:.*]]: i1, %[[T10:.*]]: f32, %[[T11:.*]]: memref<4xf32>, %[[C:.*]]: i1) -> i1 {
// PUBLIC-NEXT: %[[R:.*]]:3 = call @nested(%[[T0]], %[[T10]], %[[T11]]) : (i1, f32, memref<4xf32>) -> (i1, f32, memref<4xf32>)
// PUBLIC-NEXT: %[[E:.*]] = call @uses_element(%[[C]], %[[R]]#2) : (i1, memref<4xf32>) -> i1
// PUBLIC-NEXT: return %[[E]] : i1
func.func @user(%t: tuple<i1, tuple<f32, memref<4xf32>>>, %c: i1) -> i1 {
  %0 = call @nested(%t) : (tuple<i1, tuple<f32, memref<4xf32>>>) -> tuple<i1, tuple<f32, memref<4xf32>>>
  %1 = "test.get_tuple_element"(%0) {index = 1 : i32} : (tuple<i1, tuple<f32, memref<4xf32>>>) -> tuple<f32, memref<4xf32>>
  %2 = "test.get_tuple_element"(%1) {index = 1 : i32} : (tuple<f32, memref<4xf32>>) -> memref<4xf32>
  %3 = "test.make_tuple"(%c, %2) : (i1, memref<4xf32>) -> tuple<i1, memref<4xf32>>
  %4 = call @uses_element(%3) : (tuple<i1, memref<4xf32>>) -> i1
  return %4 : i1
}
