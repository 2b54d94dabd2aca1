// Nested loops: %a is used only in the first inner loop and %b only in the
// second, but both are allocated outside the outer loop, which carries
// their contents from one iteration to the next (a b a b ...). Their
// lifetimes widen through every enclosing loop up to the allocation, not
// only the innermost, so they must not share bytes: two 64-byte slots save
// nothing, and they stay as they are.
// %p and %q, allocated in the outer loop body and each used in one inner
// loop, are fresh per outer iteration: they share one slot. %k, allocated
// and used in the second inner loop's body, lives while %q does (whose
// lifetime covers that whole inner loop), so it takes the second slot.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @outer_carries_contents(
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<16xf32>
// expected-remark @below {{bufrs-merge-alloc: scope @outer_carries_contents: not merged: no byte saved (128 bytes before, 128 bytes after)}}
func.func @outer_carries_contents(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %x = memref.load %a[%j] : memref<16xf32>
      %y = arith.addf %x, %v : f32
      memref.store %y, %a[%j] : memref<16xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      %x = memref.load %b[%j] : memref<16xf32>
      %y = arith.addf %x, %v : f32
      memref.store %y, %b[%j] : memref<16xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @fresh_per_outer_iteration(
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[P:.*]] = memref.view %[[M]][%[[O1]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:      %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[Q:.*]] = memref.view %[[M]][%[[O2]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        memref.store %{{.*}}, %[[P]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        %[[O3:.*]] = arith.constant 64 : index
// CHECK-NEXT:        %[[K:.*]] = memref.view %[[M]][%[[O3]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:        memref.store %{{.*}}, %[[K]]
// CHECK-NEXT:        memref.store %{{.*}}, %[[Q]]
// expected-remark @below {{bufrs-merge-alloc: scope @fresh_per_outer_iteration: 3 buffers merged, 192 bytes before, 128 bytes after, lower bound 128, ratio 1.000}}
func.func @fresh_per_outer_iteration(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %p = memref.alloc() : memref<16xf32>
    %q = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %n step %c1 {
      memref.store %v, %p[%j] : memref<16xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      %k = memref.alloc() : memref<16xf32>
      memref.store %v, %k[%j] : memref<16xf32>
      memref.store %v, %q[%j] : memref<16xf32>
    }
  }
  return
}
