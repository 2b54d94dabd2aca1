// An allocation leaves as many loops as its operands allow: a size defined
// outside every loop leaves them all; a size from an outer induction
// variable stops in that loop's body.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @invariant
// CHECK:         %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        memref.store
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[A]]
func.func @invariant(%n: index, %k: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      // expected-remark @below {{hoisted out of 2 loops (its free moved after the loop); stops because there is nothing further this pass may leave}}
      %0 = memref.alloc(%k) : memref<?xf32>
      memref.store %f, %0[%c0] : memref<?xf32>
      memref.dealloc %0 : memref<?xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @outer_index
// CHECK:         scf.for %[[I:.*]] = 
// CHECK-NEXT:      %[[A:.*]] = memref.alloc(%[[I]]) : memref<?xf32>
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        memref.store
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.dealloc %[[A]]
func.func @outer_index(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      // expected-remark @below {{hoisted out of 1 loop (its free moved after the loop); stops because an operand is defined here}}
      %0 = memref.alloc(%i) : memref<?xf32>
      memref.store %f, %0[%c0] : memref<?xf32>
      memref.dealloc %0 : memref<?xf32>
    }
  }
  return
}
