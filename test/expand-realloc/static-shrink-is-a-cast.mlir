// A realloc from a static size to a smaller static size: the new buffer
// would never be allocated (the old one is never smaller), and the subview
// of it that upstream's expand-realloc builds would not fit in it (the
// verifier rejects it, so upstream's pass fails here). bufrs-expand-realloc
// emits the cast alone; the old buffer stays the one to free.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-expand-realloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-expand-realloc,bufrs-buffer-deallocation))' | FileCheck %s --check-prefix=FREE

// CHECK-LABEL: func.func @static_shrink
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc() : memref<8xi8>
// CHECK-NEXT:    %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [3], strides: [1] : memref<8xi8> to memref<3xi8>
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[CAST]][%{{.*}}] : memref<3xi8>
// CHECK-NEXT:    return %[[V]] : i8
// CHECK-NOT:     memref.realloc

// FREE-LABEL: func.func @static_shrink
// FREE-NEXT:    %[[OLD:.*]] = memref.alloc() : memref<8xi8>
// FREE-NEXT:    %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]]
// FREE-NEXT:    %[[V:.*]] = memref.load %[[CAST]]
// FREE-NEXT:    memref.dealloc %[[OLD]] : memref<8xi8>
// FREE-NEXT:    return %[[V]] : i8
func.func @static_shrink(%i: index) -> i8 {
  %old = memref.alloc() : memref<8xi8>
  %r = memref.realloc %old {alignment = 64} : memref<8xi8> to memref<3xi8>
  %v = memref.load %r[%i] : memref<3xi8>
  return %v : i8
}
