// One buffer may serve every iteration only if no iteration can see another
// iteration's buffer: a buffer yielded to the next iteration, stored into
// memory, or used by an op with unknown effects stays in the loop.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @carried
// CHECK:         scf.for
// CHECK-NEXT:      memref.alloc()
func.func @carried(%n: index, %init: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<2xf32> {
    // expected-remark @below {{not moved; stops because the buffer may live across iterations (carried, stored, used by an unknown op or its address taken)}}
    %0 = memref.alloc() : memref<2xf32>
    memref.copy %prev, %0 : memref<2xf32> to memref<2xf32>
    // expected-note @below {{at 'scf.yield'}}
    scf.yield %0 : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// CHECK-LABEL: func.func @stored
// CHECK:         scf.for
// CHECK-NEXT:      memref.alloc()
func.func @stored(%n: index, %table: memref<8xmemref<2xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{not moved; stops because the buffer may live across iterations (carried, stored, used by an unknown op or its address taken)}}
    %0 = memref.alloc() : memref<2xf32>
    // expected-note @below {{at 'memref.store'}}
    memref.store %0, %table[%i] : memref<8xmemref<2xf32>>
  }
  return
}

// CHECK-LABEL: func.func @unknown_user
// CHECK:         scf.for
// CHECK-NEXT:      memref.alloc()
func.func @unknown_user(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{not moved; stops because the buffer may live across iterations (carried, stored, used by an unknown op or its address taken)}}
    %0 = memref.alloc() : memref<2xf32>
    // expected-note @below {{at 'test.keep'}}
    "test.keep"(%0) : (memref<2xf32>) -> ()
  }
  return
}

// The address taken as a plain value may be kept by the callee across
// iterations: the buffer is not shared between iterations.
func.func private @consume(index)

// CHECK-LABEL: func.func @address_taken
// CHECK:         scf.for
// CHECK-NEXT:      memref.alloc()
func.func @address_taken(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark @below {{not moved; stops because the buffer may live across iterations (carried, stored, used by an unknown op or its address taken)}}
    %0 = memref.alloc() : memref<2xf32>
    // expected-note @below {{at 'memref.extract_aligned_pointer_as_index'}}
    %p = memref.extract_aligned_pointer_as_index %0 : memref<2xf32> -> index
    func.call @consume(%p) : (index) -> ()
    memref.dealloc %0 : memref<2xf32>
  }
  return
}
