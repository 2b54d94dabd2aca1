// bufrs-buffer-results-to-out-params on memref results (append-results=all,
// the default): returns copy into the out-param unless the returned buffer
// is an allocation of the callee that nothing else keeps (then the
// out-param replaces it: seed 002's CopyRemoval "reuse target" case);
// calls are rewritten wherever they are (another function, a region of
// scf.if, the function itself) with a memref.alloc before them. Public
// functions change only with modify-public-functions.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{reuse-allocations=false})' | FileCheck %s --check-prefix=NOREUSE
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{modify-public-functions})' | FileCheck %s --check-prefix=PUBLIC
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{result-attribute=bufrs.out copy-op=test.copy})' | FileCheck %s --check-prefix=ATTR

// The allocation the callee returns becomes the out-param: no copy.
// CHECK-LABEL: func.func private @fresh(
// CHECK-SAME: %[[F:.*]]: f32, %[[OUT:.*]]: memref<4xf32> {llvm.noalias}) {
// CHECK-NEXT: linalg.fill ins(%[[F]] : f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// NOREUSE-LABEL: func.func private @fresh(
// NOREUSE-SAME: %[[F:.*]]: f32, %[[OUT:.*]]: memref<4xf32> {llvm.noalias}) {
// NOREUSE-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// NOREUSE-NEXT: linalg.fill ins(%[[F]] : f32) outs(%[[A]] : memref<4xf32>)
// NOREUSE-NEXT: memref.copy %[[A]], %[[OUT]] : memref<4xf32> to memref<4xf32>
// NOREUSE-NEXT: return
// ATTR-LABEL: func.func private @fresh(
// ATTR-SAME: %{{.*}}: f32, %{{.*}}: memref<4xf32> {bufrs.out, llvm.noalias}) {
func.func private @fresh(%n: f32) -> (memref<4xf32> {llvm.noalias}) {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%n : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}

// One allocation returned twice: two out-params, no reuse (it would have
// to be both), two copies.
// CHECK-LABEL: func.func private @twice(
// CHECK-SAME: %[[M:.*]]: memref<4xf32>, %[[O1:.*]]: memref<4xf32>, %[[O2:.*]]: memref<4xf32>) {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[M]], %[[A]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[O1]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[O2]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return
// ATTR-LABEL: func.func private @twice(
// ATTR-SAME: %[[M:.*]]: memref<4xf32>, %[[O1:.*]]: memref<4xf32> {bufrs.out}, %[[O2:.*]]: memref<4xf32> {bufrs.out}) {
// ATTR-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// ATTR-NEXT: memref.copy %[[M]], %[[A]] : memref<4xf32> to memref<4xf32>
// ATTR-NEXT: test.copy(%[[A]], %[[O1]]) : (memref<4xf32>, memref<4xf32>)
// ATTR-NEXT: test.copy(%[[A]], %[[O2]]) : (memref<4xf32>, memref<4xf32>)
// ATTR-NEXT: return
func.func private @twice(%m: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}

// Recursion, the call in a region of scf.if.
// CHECK-LABEL: func.func private @rec(
// CHECK-SAME: %[[C:.*]]: i1, %[[M:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) {
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (memref<4xf32>) {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: func.call @rec(%[[C]], %[[M]], %[[A]]) : (i1, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: scf.yield %[[A]] : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[M]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy %[[R]], %[[OUT]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return
func.func private @rec(%c: i1, %m: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %x = func.call @rec(%c, %m) : (i1, memref<4xf32>) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else {
    scf.yield %m : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// A strided layout an identity buffer casts to.
// CHECK-LABEL: func.func private @strided(
// CHECK-SAME: %[[M:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[OUT:.*]]: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: memref.copy %[[M]], %[[OUT]]
// CHECK-NEXT: return
func.func private @strided(%m: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
  return %m : memref<4xf32, strided<[?], offset: ?>>
}

// A public function keeps its signature unless modify-public-functions.
// CHECK-LABEL: func.func @pub() -> memref<4xf32> {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: return %[[A]] : memref<4xf32>
// PUBLIC-LABEL: func.func @pub(
// PUBLIC-SAME: %[[OUT:.*]]: memref<4xf32>) {
// PUBLIC-NEXT: return
func.func @pub() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @user(
// CHECK-SAME: %[[C:.*]]: i1, %[[F:.*]]: f32, %[[S:.*]]: memref<4xf32, strided<[?], offset: ?>>) -> i1 {
// CHECK-NEXT: %[[A0:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: call @fresh(%[[F]], %[[A0]]) : (f32, memref<4xf32>) -> ()
// CHECK-NEXT: %[[A1:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[A2:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: call @twice(%[[A0]], %[[A1]], %[[A2]]) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %[[A3:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: call @rec(%[[C]], %[[A2]], %[[A3]]) : (i1, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %[[A4:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[A4]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: call @strided(%[[S]], %[[CAST]]) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT: %[[P:.*]] = call @pub() : () -> memref<4xf32>
// CHECK-NEXT: return %[[C]] : i1
// PUBLIC-LABEL: func.func @user(
// PUBLIC-SAME: %[[C:.*]]: i1, %{{.*}}: f32, %{{.*}}: memref<4xf32, strided<[?], offset: ?>>) -> i1 {
// PUBLIC: call @strided(
// PUBLIC-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// PUBLIC-NEXT: call @pub(%[[A]]) : (memref<4xf32>) -> ()
// PUBLIC-NEXT: return %[[C]] : i1
func.func @user(%c: i1, %f: f32, %s: memref<4xf32, strided<[?], offset: ?>>) -> i1 {
  %0 = call @fresh(%f) : (f32) -> memref<4xf32>
  %1:2 = call @twice(%0) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  %2 = call @rec(%c, %1#1) : (i1, memref<4xf32>) -> memref<4xf32>
  %3 = call @strided(%s) : (memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
  %4 = call @pub() : () -> memref<4xf32>
  return %c : i1
}

