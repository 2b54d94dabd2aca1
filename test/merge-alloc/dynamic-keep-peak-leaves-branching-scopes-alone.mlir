// With dynamic=true and keep-peak (what bufrs-memory-pipeline runs), buffers
// sized at run time in a scope region of several blocks are left alone, with
// a remark: an arena of such a scope is allocated at the region's entry and
// freed at its exits, so on the path that skips ^bb1 it would hold %b's
// bytes, and before %a is allocated both, which the separate buffers never
// did. Without keep-peak the two share one arena (4n bytes: they are never
// live together).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true no-higher-peak=true keep-peak=true report=true}))' -verify-diagnostics | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s --check-prefix=PACK

// CHECK-LABEL: func.func @branching(
// CHECK-SAME:      %[[N:[^:]*]]: index
// CHECK:         %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK:         memref.dealloc %[[A]] : memref<?xf32>
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[B:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK:         memref.dealloc %[[B]] : memref<?xf32>
// CHECK-NOT:     memref.view

// PACK-LABEL: func.func @branching(
// PACK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// PACK-NOT:     memref.alloc
// PACK:         memref.view %[[ARENA]]
// PACK-NOT:     memref.alloc
// PACK:         memref.view %[[ARENA]]
// PACK-NOT:     memref.alloc
func.func @branching(%n: index, %p: i1, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{bufrs-merge-alloc: not merged: sized at run time in a scope region of several blocks (its arena would live over the whole region)}}
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %a[%c0] : memref<?xf32>
  %x = memref.load %a[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  cf.cond_br %p, ^bb1, ^bb2(%x : f32)
^bb1:
  // expected-remark @below {{bufrs-merge-alloc: not merged: sized at run time in a scope region of several blocks (its arena would live over the whole region)}}
  %b = memref.alloc(%n) : memref<?xf32>
  memref.store %x, %b[%c0] : memref<?xf32>
  %y = memref.load %b[%c0] : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  cf.br ^bb2(%y : f32)
^bb2(%r: f32):
  return %r : f32
}
