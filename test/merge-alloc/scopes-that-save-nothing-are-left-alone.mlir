// Merging never makes memory grow. A scope with a single mergeable buffer
// (graph-compiler's buffer-merge-invalid case: 32 bytes would become a
// 64-byte arena at alignment 64) and a scope whose arena would not be
// strictly smaller than its buffers (two 32-byte buffers live together: two
// 64-byte slots) are left exactly as they were; report=true says why.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @single(
// CHECK-SAME:      %[[ARG:.*]]: memref<8xf32>)
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %[[ARG]], %[[A]] : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[ARG]] : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// expected-remark @below {{bufrs-merge-alloc: scope @single: not merged: one buffer}}
func.func @single(%arg0: memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  memref.copy %arg0, %a : memref<8xf32> to memref<8xf32>
  memref.copy %a, %arg0 : memref<8xf32> to memref<8xf32>
  return
}

// CHECK-LABEL: func.func @no_byte_saved(
// CHECK-SAME:      %[[ARG:.*]]: memref<8xf32>)
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %[[ARG]], %[[A]] : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[B]] : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:    memref.copy %[[B]], %[[ARG]] : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<8xf32>
// CHECK-NEXT:    memref.dealloc %[[B]] : memref<8xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// expected-remark @below {{bufrs-merge-alloc: scope @no_byte_saved: not merged: no byte saved (64 bytes before, 128 bytes after)}}
func.func @no_byte_saved(%arg0: memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  memref.copy %arg0, %a : memref<8xf32> to memref<8xf32>
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  memref.copy %b, %arg0 : memref<8xf32> to memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}

// Equal sizes are not a saving either: two 64-byte buffers live together.
// CHECK-LABEL: func.func @equal(
// CHECK-NEXT:    memref.alloc() : memref<16xf32>
// CHECK-NEXT:    memref.alloc() : memref<16xf32>
// CHECK-NOT:     memref.view
// expected-remark @below {{bufrs-merge-alloc: scope @equal: not merged: no byte saved (128 bytes before, 128 bytes after)}}
func.func @equal(%arg0: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %arg0, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  memref.copy %b, %arg0 : memref<16xf32> to memref<16xf32>
  return
}
