// Hoisting does not leave loops (loop hoisting does): an allocation in an
// scf.for body or a block loop moves at most to the top of the loop body.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @scf_for
// CHECK:         scf.for
// CHECK-NEXT:      memref.alloc() : memref<4xf32>
// CHECK-NEXT:      arith.addf
func.func @scf_for(%lb: index, %ub: index, %s: index, %f: f32) {
  // expected-note @below {{at 'scf.for'}}
  scf.for %i = %lb to %ub step %s {
    %v = arith.addf %f, %f : f32
    // expected-remark @below {{hoisted; stops because the enclosing loop is not left by this pass}}
    %0 = memref.alloc() : memref<4xf32>
    memref.store %v, %0[%lb] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @cf_loop
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.alloc()
func.func @cf_loop(%c: i1, %f: f32, %i: index) {
  cf.br ^bb1
^bb1:
  // expected-remark @below {{not moved; stops because the enclosing loop is not left by this pass}}
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
