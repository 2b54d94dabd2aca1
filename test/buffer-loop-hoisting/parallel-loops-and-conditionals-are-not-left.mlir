// Parallel loops are never left (their iterations would share one buffer
// concurrently), and loop hoisting does not leave conditional regions
// (that is buffer hoisting's job): an allocation in an scf.if in a loop
// stays in the scf.if.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @parallel
// CHECK:         scf.parallel
// CHECK-NEXT:      memref.alloc()
func.func @parallel(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @below {{at 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-remark @below {{not moved; stops because the enclosing loop runs its iterations in parallel}}
    %0 = memref.alloc() : memref<2xf32>
    memref.store %f, %0[%c0] : memref<2xf32>
    memref.dealloc %0 : memref<2xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @forall
// CHECK:         scf.forall
// CHECK-NEXT:      memref.alloc()
func.func @forall(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{at 'scf.forall'}}
  scf.forall (%i) in (%n) {
    // expected-remark @below {{not moved; stops because the enclosing loop runs its iterations in parallel}}
    %0 = memref.alloc() : memref<2xf32>
    memref.store %f, %0[%c0] : memref<2xf32>
    memref.dealloc %0 : memref<2xf32>
  }
  return
}

// CHECK-LABEL: func.func @if_in_loop
// CHECK:         scf.for
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        memref.alloc()
func.func @if_in_loop(%n: index, %c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-note @below {{at 'scf.if'}}
    scf.if %c {
      // expected-remark @below {{not moved; stops because the enclosing conditional region is not left by this pass}}
      %0 = memref.alloc() : memref<2xf32>
      memref.store %f, %0[%c0] : memref<2xf32>
      memref.dealloc %0 : memref<2xf32>
    }
  }
  return
}
