// The input contract of clone-based deallocation (seed 000: every write to a
// buffer comes before the buffer flows anywhere). check=input reports a
// write after the buffer flowed into a merge (block argument, region result,
// iter_arg, select). Where bufrs-buffer-deallocation would hand such a
// merge a clone (a critical one) that the write would not reach, it hands
// the merge the buffer itself with an i1 ownership flag instead (the
// ownership-based pass's rewrite of that function), so the write reaches
// the merge; elsewhere it makes no flag.

// RUN: %bufrs-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-verify-deallocation{check=input}))'
// RUN: %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation),func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=DEALLOC

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
// path. A clone of %a there would not see the write after: the merge
// borrows %a (flag false) or owns the other buffer (flag true), freed under
// its flag.
// DEALLOC-LABEL: func.func @write_after_flowing_into_a_critical_merge(
// DEALLOC-SAME: %[[C:[a-z0-9_]+]]: i1, %[[OUT:[a-z0-9_]+]]: memref<2xf32>) {
// DEALLOC-NEXT: %[[F:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// DEALLOC-NEXT: %[[I:[a-z0-9_]+]] = arith.constant 0 : index
// DEALLOC-NEXT: %[[A:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// DEALLOC-NEXT: cf.cond_br %[[C]], ^bb1(%[[A]] : memref<2xf32>), ^bb2
// DEALLOC-NEXT: ^bb1(%[[V0:[a-z0-9_]+]]: memref<2xf32>):
// DEALLOC-NEXT: %[[FALSE:[a-z0-9_]+]] = arith.constant false
// DEALLOC-NEXT: cf.br ^bb3(%[[V0]], %[[FALSE]] : memref<2xf32>, i1)
// DEALLOC-NEXT: ^bb2:
// DEALLOC-NEXT: %[[B:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// DEALLOC-NEXT: %[[TRUE:[a-z0-9_]+]] = arith.constant true
// DEALLOC-NEXT: cf.br ^bb3(%[[B]], %[[TRUE]] : memref<2xf32>, i1)
// DEALLOC-NEXT: ^bb3(%[[M:[a-z0-9_]+]]: memref<2xf32>, %[[FLAG:[a-z0-9_]+]]: i1):
// DEALLOC-NEXT: memref.store %[[F]], %[[A]][%[[I]]] : memref<2xf32>
// DEALLOC-NEXT: memref.copy %[[M]], %[[OUT]] : memref<2xf32> to memref<2xf32>
// DEALLOC-NEXT: memref.dealloc %[[A]] : memref<2xf32>
// DEALLOC-NEXT: scf.if %[[FLAG]] {
// DEALLOC-NEXT: memref.dealloc %[[M]] : memref<2xf32>
// DEALLOC-NEXT: }
// DEALLOC-NEXT: return
// DEALLOC-NEXT: }
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
// DEALLOC-NOT: scf.if
// DEALLOC: return
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
