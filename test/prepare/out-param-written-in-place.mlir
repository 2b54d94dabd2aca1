// A callee whose returned buffer is fresh writes it in place: with
// only-in-place (as bufrs-prepare-functions runs it), every allocation the
// function may return at that position, through scf.if branches and
// separate returns, and the out-param of a call whose result it returns,
// is replaced by its own out-param: no memref.copy into it, no allocation
// left for it. A result the callee cannot write in place (its argument, a
// global, one buffer returned twice) stays a result: an out-param would
// cost a copy.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{only-in-place})' 2>/dev/null | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{only-in-place})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Each branch of the scf.if allocates: both allocations become the out-param.
// CHECK-LABEL: func.func private @pick(
// CHECK-SAME: %[[P:.*]]: i1, %[[V:.*]]: f32, %[[OUT:.*]]: memref<4xf32>) {
// CHECK-NEXT: %[[R:.*]] = scf.if %[[P]] -> (memref<4xf32>) {
// CHECK-NEXT: linalg.fill ins(%[[V]] : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: scf.yield %[[OUT]] : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[W:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK-NEXT: linalg.fill ins(%[[W]] : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: scf.yield %[[OUT]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @pick(%p: i1, %v: f32) -> memref<4xf32> {
  %r = scf.if %p -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    %w = arith.addf %v, %v : f32
    linalg.fill ins(%w : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Two returns, each of an allocation on its own path.
// CHECK-LABEL: func.func private @split(
// CHECK-SAME: %[[P:.*]]: i1, %[[V:.*]]: f32, %[[OUT:.*]]: memref<4xf32>) {
// CHECK-NEXT: cf.cond_br %[[P]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: linalg.fill ins(%[[V]] : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[W:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT: linalg.fill ins(%[[W]] : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @split(%p: i1, %v: f32) -> memref<4xf32> {
  cf.cond_br %p, ^a, ^b
^a:
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
^b:
  %b = memref.alloc() : memref<4xf32>
  %w = arith.mulf %v, %v : f32
  linalg.fill ins(%w : f32) outs(%b : memref<4xf32>)
  return %b : memref<4xf32>
}

// The result of a call returned: the call gets the caller's own out-param.
// CHECK-LABEL: func.func private @through(
// CHECK-SAME: %[[V:.*]]: f32, %[[OUT:.*]]: memref<4xf32>) {
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: call @pick(%[[T]], %[[V]], %[[OUT]]) : (i1, f32, memref<4xf32>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @through(%v: f32) -> memref<4xf32> {
  %t = arith.constant true
  %r = func.call @pick(%t, %v) : (i1, f32) -> memref<4xf32>
  return %r : memref<4xf32>
}

// Recursion in tail position: the recursive call writes the same out-param.
// CHECK-LABEL: func.func private @countdown(
// CHECK-SAME: %[[N:.*]]: i64, %[[OUT:.*]]: memref<4xf32>) {
// CHECK: scf.if
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.0{{.*}} : f32
// CHECK-NEXT: linalg.fill ins(%[[Z]] : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: scf.yield %[[OUT]] : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[M:.*]] = arith.subi
// CHECK-NEXT: func.call @countdown(%[[M]], %[[OUT]]) : (i64, memref<4xf32>) -> ()
// CHECK-NEXT: scf.yield %[[OUT]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @countdown(%n: i64) -> memref<4xf32> {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %done = arith.cmpi eq, %n, %zero : i64
  %r = scf.if %done -> memref<4xf32> {
    %f = arith.constant 0.0 : f32
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  } else {
    %m = arith.subi %n, %one : i64
    %inner = func.call @countdown(%m) : (i64) -> memref<4xf32>
    scf.yield %inner : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Not fresh: stays a result, no copy.
// CHECK-LABEL: func.func private @same(
// CHECK-SAME: %[[M:.*]]: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: return %[[M]] : memref<4xf32>
// REMARK: remark: result #0 of 'same' is not a fresh buffer of its own the out-param can replace (an out-param would cost a copy): it stays a result
func.func private @same(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

// Both allocations run in one call (neither branch excludes the other):
// one out-param cannot stand for both, the result stays.
// CHECK-LABEL: func.func private @both(
// CHECK-SAME: %[[P:.*]]: i1) -> memref<4xf32> {
// REMARK: remark: result #0 of 'both' is not a fresh buffer of its own the out-param can replace (an out-param would cost a copy): it stays a result
func.func private @both(%p: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = arith.select %p, %a, %b : memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @caller(
// CHECK-NOT: memref.copy
// CHECK: return
func.func @caller(%v: f32, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %n = arith.constant 3 : i64
  %a = func.call @pick(%t, %v) : (i1, f32) -> memref<4xf32>
  %b = func.call @split(%t, %v) : (i1, f32) -> memref<4xf32>
  %c = func.call @through(%v) : (f32) -> memref<4xf32>
  %d = func.call @countdown(%n) : (i64) -> memref<4xf32>
  %e = func.call @same(%m) : (memref<4xf32>) -> memref<4xf32>
  %f = func.call @both(%t) : (i1) -> memref<4xf32>
  %x1 = memref.load %a[%c0] : memref<4xf32>
  %x2 = memref.load %b[%c0] : memref<4xf32>
  %x3 = memref.load %c[%c0] : memref<4xf32>
  %x4 = memref.load %d[%c0] : memref<4xf32>
  %x5 = memref.load %e[%c0] : memref<4xf32>
  %x6 = memref.load %f[%c0] : memref<4xf32>
  %s1 = arith.addf %x1, %x2 : f32
  %s2 = arith.addf %s1, %x3 : f32
  %s3 = arith.addf %s2, %x4 : f32
  %s4 = arith.addf %s3, %x5 : f32
  %s5 = arith.addf %s4, %x6 : f32
  return %s5 : f32
}
