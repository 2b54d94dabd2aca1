// The seed's loop cases ("Tick-based trace collection"). %e and %f are
// allocated outside the loop and used inside it: the access pattern is
// e f e f ..., so both lifetimes widen to the whole loop: they cannot
// share bytes, merging them would save nothing, and they stay as they are
// (the TICKS run shows the overlapping lifetimes). %g and %h are allocated in the loop body and used only
// there: fresh buffers each iteration with disjoint lifetimes, so they share
// offset 0 (the merged buffer is hoisted to the function, scf.for is not a
// scope).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{analysis-only=true}))' | FileCheck %s --check-prefix=TICKS

// CHECK-LABEL: func.func @outer_buffers_used_in_loop(
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    %[[E:.*]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.store %{{.*}}, %[[E]]
// CHECK-NEXT:      memref.store %{{.*}}, %[[F]]
// TICKS-LABEL: func.func @outer_buffers_used_in_loop(
// TICKS:         memref.alloc() {bufrs.lifetime = [5, 9], bufrs.scope = "@outer_buffers_used_in_loop"}
// TICKS-NEXT:    memref.alloc() {bufrs.lifetime = [5, 9], bufrs.scope = "@outer_buffers_used_in_loop"}
// TICKS-NEXT:    scf.for
func.func @outer_buffers_used_in_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = memref.alloc() : memref<8x64xf32>
  %f = memref.alloc() : memref<8x64xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %e[%c0, %c0] : memref<8x64xf32>
    memref.store %v, %f[%c0, %c0] : memref<8x64xf32>
  }
  return
}

// CHECK-LABEL: func.func @buffers_allocated_in_loop(
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[G:.*]] = memref.view %[[M]][%[[O1]]][] : memref<2048xi8> to memref<8x64xf32>
// CHECK-NEXT:      %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[H:.*]] = memref.view %[[M]][%[[O2]]][] : memref<2048xi8> to memref<8x64xf32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[G]]
// CHECK-NEXT:      memref.store %{{.*}}, %[[H]]
// TICKS-LABEL: func.func @buffers_allocated_in_loop(
// TICKS:           memref.alloc() {bufrs.lifetime = [6, 6], bufrs.scope = "@buffers_allocated_in_loop"}
// TICKS-NEXT:      memref.alloc() {bufrs.lifetime = [7, 7], bufrs.scope = "@buffers_allocated_in_loop"}
func.func @buffers_allocated_in_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %g = memref.alloc() : memref<8x64xf32>
    %h = memref.alloc() : memref<8x64xf32>
    memref.store %v, %g[%c0, %c0] : memref<8x64xf32>
    memref.store %v, %h[%c0, %c0] : memref<8x64xf32>
  }
  return
}
