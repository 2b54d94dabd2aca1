// What bufrs-buffer-results-to-out-params leaves alone says so in a remark
// at the function: results of dynamic shape (a caller cannot allocate
// them), results of a layout no allocation gives, functions whose symbol is
// used other than by a direct call (a note at the use). The IR stays
// unchanged for them: checked by FileCheck on the same run.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params)' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func private @dyn(
// CHECK-SAME: %[[N:.*]]: index) -> memref<?xf32> {
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT: return %[[A]] : memref<?xf32>
// expected-remark @below {{result #0 of 'dyn' has a dynamic shape (a caller cannot allocate it): it stays a result}}
func.func private @dyn(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}

// CHECK-LABEL: func.func private @badlayout(
// CHECK-SAME: %[[M:.*]]: memref<4xf32, strided<[2]>>) -> memref<4xf32, strided<[2]>> {
// CHECK-NEXT: return %[[M]]
// expected-remark @below {{result #0 of 'badlayout' has a layout no allocation gives: it stays a result}}
func.func private @badlayout(%m: memref<4xf32, strided<[2]>>) -> memref<4xf32, strided<[2]>> {
  return %m : memref<4xf32, strided<[2]>>
}

// CHECK-LABEL: func.func private @taken() -> memref<4xf32> {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: return %[[A]] : memref<4xf32>
// expected-remark @below {{'taken' is used other than by a direct call: its signature is left unchanged}}
func.func private @taken() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

// The direct call stays as it is too.
// CHECK-LABEL: func.func @user(
// CHECK-NEXT: %[[F:.*]] = constant @taken : () -> memref<4xf32>
// CHECK-NEXT: %[[R:.*]] = call @taken() : () -> memref<4xf32>
// CHECK-NEXT: %[[I:.*]] = call_indirect %[[F]]() : () -> memref<4xf32>
// CHECK-NEXT: %[[D:.*]] = call @dyn(%{{.*}}) : (index) -> memref<?xf32>
func.func @user(%n: index) {
  // expected-note @below {{used here}}
  %f = func.constant @taken : () -> memref<4xf32>
  %r = func.call @taken() : () -> memref<4xf32>
  %i = func.call_indirect %f() : () -> memref<4xf32>
  %d = func.call @dyn(%n) : (index) -> memref<?xf32>
  return
}
