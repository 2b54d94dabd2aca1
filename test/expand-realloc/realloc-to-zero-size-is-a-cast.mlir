// A realloc to a 0-size memref never grows the buffer (no old size is
// below 0), so its expansion is the cast of the old buffer alone. The grow
// branch upstream's expand-realloc builds takes a subview of the new,
// empty buffer at offset 0, which the verifier rejects ("offset 0 is
// out-of-bounds"); it must reach none of the deallocation pipelines, whose
// output bufrs-verify-deallocation accepts (the old buffer is freed once).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-expand-realloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline,bufrs-verify-deallocation)' | FileCheck %s --check-prefix=FREE
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline,bufrs-verify-deallocation)' | FileCheck %s --check-prefix=FREE
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline,bufrs-verify-deallocation)' | FileCheck %s --check-prefix=FREE

// CHECK-LABEL: func.func @to_empty
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:    %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [0], strides: [1] : memref<?xf32> to memref<0xf32>
// CHECK-NEXT:    "test.use"(%[[CAST]]) : (memref<0xf32>) -> ()
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @static_to_empty
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc() : memref<0xi8>
// CHECK-NEXT:    %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [0], strides: [1] : memref<0xi8> to memref<0xi8>
// CHECK-NEXT:    "test.use"(%[[CAST]]) : (memref<0xi8>) -> ()
// CHECK-NEXT:    return
// CHECK-NOT:     memref.realloc
// CHECK-NOT:     memref.subview

// FREE-LABEL: func.func @to_empty
// FREE-NOT:     memref.subview
// FREE:         memref.reinterpret_cast
// FREE-NOT:     memref.subview
// FREE:         memref.dealloc
// FREE-NOT:     memref.dealloc
// FREE-LABEL: func.func @static_to_empty
// FREE-NOT:     memref.subview
func.func @to_empty(%n: index) {
  %old = memref.alloc(%n) : memref<?xf32>
  %r = memref.realloc %old : memref<?xf32> to memref<0xf32>
  "test.use"(%r) : (memref<0xf32>) -> ()
  return
}
func.func @static_to_empty() {
  %old = memref.alloc() : memref<0xi8>
  %r = memref.realloc %old : memref<0xi8> to memref<0xi8>
  "test.use"(%r) : (memref<0xi8>) -> ()
  return
}
