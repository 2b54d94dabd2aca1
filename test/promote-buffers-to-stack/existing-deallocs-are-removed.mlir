// IR that already frees the buffer: promoting removes the free (stack memory
// is released by its scope; freeing it would crash). A free under another
// name (a view) keeps the buffer on the heap.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s

// CHECK-LABEL: func.func @freed_after_use
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    return
func.func @freed_after_use(%f: f32, %i: index) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @freed_through_a_cast
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %[[A]]
// CHECK-NEXT:    memref.dealloc %[[C]]
func.func @freed_through_a_cast() {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.cast %0 : memref<4xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  return
}
