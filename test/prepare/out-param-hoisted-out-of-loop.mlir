// A caller that calls in a loop allocates the out-param once, before the
// loop, when no alias of the buffer outlives an iteration
// (hoist-allocations, as bufrs-prepare-functions runs it): out of an
// scf.for nest and out of a block loop. It stays in the loop when the
// buffer is carried to the next iteration (an iter_arg) or flows into a
// merge (the scf.if's result): one buffer would then be overwritten while
// an earlier iteration's value is still in use.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{only-in-place hoist-allocations})' | FileCheck %s

func.func private @make(%v: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}

func.func private @step(%old: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %old, %a : memref<4xf32> to memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @nest(
// CHECK-SAME: %[[V:.*]]: f32, %[[N:.*]]: index) -> f32 {
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[S:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[T:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]]) -> (f32) {
// CHECK-NEXT: func.call @make(%[[V]], %[[B]]) : (f32, memref<4xf32>) -> ()
// CHECK-NEXT: %[[X:.*]] = memref.load %[[B]][%{{.*}}] : memref<4xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[ACC2]], %[[X]] : f32
// CHECK-NEXT: scf.yield %[[Y]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[T]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[S]] : f32
func.func @nest(%v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %t = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> f32 {
      %b = func.call @make(%v) : (f32) -> memref<4xf32>
      %x = memref.load %b[%c0] : memref<4xf32>
      %y = arith.addf %acc2, %x : f32
      scf.yield %y : f32
    }
    scf.yield %t : f32
  }
  return %s : f32
}

// A block loop: the allocation goes to the end of the entry block.
// CHECK-LABEL: func.func @block_loop(
// CHECK-SAME: %[[V:.*]]: f32, %[[N:.*]]: index) -> f32 {
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: cf.br ^bb1(
// CHECK: ^bb2:
// CHECK-NEXT: call @make(%[[V]], %[[B]]) : (f32, memref<4xf32>) -> ()
// CHECK-NEXT: memref.load %[[B]]
func.func @block_loop(%v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  cf.br ^head(%c0, %zero : index, f32)
^head(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %b = func.call @make(%v) : (f32) -> memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  %y = arith.addf %acc, %x : f32
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next, %y : index, f32)
^exit:
  return %acc : f32
}

// Carried to the next iteration: one allocation per iteration, in the loop.
// CHECK-LABEL: func.func @carried(
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OLD:.*]] = %{{.*}}) -> (memref<4xf32>) {
// CHECK-NEXT: %[[NEW:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: func.call @step(%[[OLD]], %[[NEW]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.yield %[[NEW]] : memref<4xf32>
func.func @carried(%v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = func.call @make(%v) : (f32) -> memref<4xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%old = %init) -> memref<4xf32> {
    %new = func.call @step(%old) : (memref<4xf32>) -> memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  %x = memref.load %last[%c0] : memref<4xf32>
  return %x : f32
}

// Flows into a merge (the scf.if's result) inside the loop: stays.
// CHECK-LABEL: func.func @merged(
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: func.call @make(%{{.*}}, %[[A]]) : (f32, memref<4xf32>) -> ()
// CHECK-NEXT: scf.yield %[[A]] : memref<4xf32>
func.func @merged(%v: f32, %n: index, %other: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %p = arith.cmpi eq, %i, %c0 : index
    %b = scf.if %p -> memref<4xf32> {
      %m = func.call @make(%v) : (f32) -> memref<4xf32>
      scf.yield %m : memref<4xf32>
    } else {
      scf.yield %other : memref<4xf32>
    }
    %x = memref.load %b[%c0] : memref<4xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
}
