// The input contract of clone-based deallocation (seed 000: every write to a
// buffer comes before the buffer flows anywhere). check=input reports a
// write after the buffer flowed into a merge (block argument, region result,
// iter_arg, select); bufrs-buffer-deallocation refuses the writes after a
// flow into a merge it may hand a clone (a critical one), where the clone
// would not see the write.

// RUN: %bufrs-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-verify-deallocation{check=input}))'
// RUN: not %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>&1 | FileCheck %s --check-prefix=DEALLOC

func.func @write_after_flowing_into_a_block_argument(%out: memref<2xf32>) {
  %f = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  // expected-note @below {{the buffer flowed here}}
  cf.br ^next(%a : memref<2xf32>)
^next(%m: memref<2xf32>):
  // expected-error @below {{writes a buffer after it flowed into a merge; clone-based deallocation needs every write before the buffer flows anywhere (seed 000's input contract)}}
  memref.store %f, %a[%i] : memref<2xf32>
  memref.copy %m, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// The merge is critical: it receives %a or a buffer allocated on the other
// path. The pass would clone %a into it; the write after would not show.
// DEALLOC: error: bufrs-buffer-deallocation: writes a buffer after it flowed into a merge that gets a copy of it (the buffer is still used after the merge, so it is not moved), and the write would reach only one of the two; write the buffer before it flows, or copy it explicitly (memref.alloc + memref.copy) before the merge and write the copy
// DEALLOC: note: the buffer flowed here
func.func @write_after_flowing_into_a_critical_merge(%c: i1, %out: memref<2xf32>) {
  %f = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  // expected-note @below {{the buffer flowed here}}
  cf.cond_br %c, ^join(%a : memref<2xf32>), ^other
^other:
  %b = memref.alloc() : memref<2xf32>
  cf.br ^join(%b : memref<2xf32>)
^join(%m: memref<2xf32>):
  // expected-error @below {{writes a buffer after it flowed into a merge}}
  memref.store %f, %a[%i] : memref<2xf32>
  memref.copy %m, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// The loop body writes the buffer it received as an iter_arg.
func.func @write_in_the_loop_that_carries_it(%n: index, %out: memref<2xf32>) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  // expected-note @below {{the buffer flowed here}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    // expected-error @below {{writes a buffer after it flowed into a merge}}
    memref.store %f, %x[%c0] : memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Writes before the flow, and a fresh buffer per iteration: nothing to say.
// DEALLOC-LABEL: func.func @writes_before_flowing
// DEALLOC-NOT: error
func.func @writes_before_flowing(%n: index, %out: memref<2xf32>) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = memref.alloc() : memref<2xf32>
  memref.store %f, %first[%c0] : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %first) -> memref<2xf32> {
    %fresh = memref.alloc() : memref<2xf32>
    memref.copy %x, %fresh : memref<2xf32> to memref<2xf32>
    memref.store %f, %fresh[%c0] : memref<2xf32>
    scf.yield %fresh : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}
