// A loop-invariant allocation leaves its scf.for; its free in the body moves
// right after the loop (one allocation, one free, also for zero
// iterations). Upstream's buffer-loop-hoisting in LLVM 22.1.8 leaves the
// dealloc in the body, freeing the hoisted buffer every iteration. Without
// a free (before deallocation) only the allocation moves.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-buffer-loop-hoisting))' | FileCheck %s

// CHECK-LABEL: func.func @freed_in_body
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT:    return
func.func @freed_in_body(%lb: index, %ub: index, %s: index, %f: f32) {
  scf.for %i = %lb to %ub step %s {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%lb] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @not_freed
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @not_freed(%lb: index, %ub: index, %s: index, %f: f32) {
  scf.for %i = %lb to %ub step %s {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%lb] : memref<4xf32>
  }
  return
}

// The allocation lands right before the loop, not at the top of the block.
// CHECK-LABEL: func.func @lands_before_the_loop
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.while
// CHECK:         memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @lands_before_the_loop(%n: i32, %f: f32) {
  %g = arith.addf %f, %f : f32
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %zero = arith.constant 0 : i32
    %go = arith.cmpi sgt, %i, %zero : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%i: i32):
    %0 = memref.alloc() : memref<4xf32>
    memref.store %g, %0[%c0] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
    %one = arith.constant 1 : i32
    %next = arith.subi %i, %one : i32
    scf.yield %next : i32
  }
  return
}
