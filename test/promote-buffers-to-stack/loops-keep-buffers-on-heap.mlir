// An allocation that runs repeatedly within its allocation scope would grow
// the stack every iteration (MLIR 22's lowering releases no alloca per
// scf.for iteration, although scf.for carries AutomaticAllocationScope), so
// it stays on the heap unless promote-in-loops=true: structured loops,
// scf.while, and unstructured cf loops alike. An allocation before the loop
// is promoted either way.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s --check-prefix=DEFAULT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{promote-in-loops=true}))' | FileCheck %s --check-prefix=LOOPS

// DEFAULT-LABEL: func.func @scf_for
// DEFAULT:         memref.alloca() : memref<2xf32>
// DEFAULT:         scf.for
// DEFAULT-NEXT:      memref.alloc() : memref<4xf32>
// LOOPS-LABEL:   func.func @scf_for
// LOOPS:           memref.alloca() : memref<2xf32>
// LOOPS:           scf.for
// LOOPS-NEXT:        memref.alloca() : memref<4xf32>
func.func @scf_for(%lb: index, %ub: index, %step: index, %f: f32) {
  %outer = memref.alloc() : memref<2xf32>
  scf.for %i = %lb to %ub step %step {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%lb] : memref<4xf32>
    memref.store %f, %outer[%lb] : memref<2xf32>
  }
  return
}

// DEFAULT-LABEL: func.func @scf_while
// DEFAULT:         scf.while
// DEFAULT-NEXT:      memref.alloc() : memref<4xf32>
// LOOPS-LABEL:   func.func @scf_while
// LOOPS:           scf.while
// LOOPS-NEXT:        memref.alloca() : memref<4xf32>
func.func @scf_while(%n: i32, %f: f32) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%c0] : memref<4xf32>
    %zero = arith.constant 0 : i32
    %go = arith.cmpi sgt, %i, %zero : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%i: i32):
    %one = arith.constant 1 : i32
    %next = arith.subi %i, %one : i32
    scf.yield %next : i32
  }
  return
}

// DEFAULT-LABEL: func.func @cf_loop
// DEFAULT:       ^bb1(%{{.*}}: index):
// DEFAULT-NEXT:    memref.alloc() : memref<4xf32>
// DEFAULT:       ^bb2:
// DEFAULT-NEXT:    memref.alloca() : memref<4xf32>
// LOOPS-LABEL:   func.func @cf_loop
// LOOPS:         ^bb1(%{{.*}}: index):
// LOOPS-NEXT:      memref.alloca() : memref<4xf32>
func.func @cf_loop(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^bb1(%next : index), ^bb2
^bb2:
  %1 = memref.alloc() : memref<4xf32>
  memref.store %f, %1[%c0] : memref<4xf32>
  return
}
