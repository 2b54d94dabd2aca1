// analysis-only=true rewrites nothing: every heap allocation gets either
// its lifetime (inclusive ticks of the pre-order walk, the function being
// tick 0; widened over loops and branches) and scope, or the reason it
// would be left alone.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{analysis-only=true}))' | FileCheck %s

// CHECK-LABEL: func.func @annotated(
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() {bufrs.lifetime = [2, 2], bufrs.scope = "@annotated"} : memref<4xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() {bufrs.lifetime = [4, 9], bufrs.scope = "@annotated"} : memref<4xf32>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.store %{{.*}}, %[[B]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.store %{{.*}}, %[[B]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[D:.*]] = memref.alloc(%{{.*}}) {bufrs.not_merged = "dynamic shape"} : memref<?xf32>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {bufrs.not_merged = "returned"} : memref<4xf32>
// CHECK-NEXT:    scf.forall
// CHECK-NEXT:      %[[P:.*]] = memref.alloc() {bufrs.lifetime = [14, 14], bufrs.scope = "scf.forall@12"} : memref<4xf32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[P]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[D]]
// CHECK-NEXT:    return %[[R]]
func.func @annotated(%c: i1, %i: index, %f: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%i] : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.store %f, %b[%i] : memref<4xf32>
  } else {
    memref.store %f, %b[%i] : memref<4xf32>
  }
  %d = memref.alloc(%i) : memref<?xf32>
  %r = memref.alloc() : memref<4xf32>
  scf.forall (%j) in (%i) {
    %p = memref.alloc() : memref<4xf32>
    memref.store %f, %p[%j] : memref<4xf32>
  }
  memref.dealloc %d : memref<?xf32>
  return %r : memref<4xf32>
}
