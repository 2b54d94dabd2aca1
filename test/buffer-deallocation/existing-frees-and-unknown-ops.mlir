// Beyond upstream: frees already in the IR are not doubled (a free of an
// owned buffer is replaced by the pass's own placement; a free of memory
// the function does not own stays), and an op with unknown memory effects
// keeps the buffer alive: it is freed after the last use, never before.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @early_free_is_replaced
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %arg0, %[[A]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK-NOT:     memref.dealloc
func.func @early_free_is_replaced(%arg0: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Freed on one path by the input, kept on the other: one free per path.
// CHECK-LABEL: func.func @free_on_one_path
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.copy %[[A]], %arg1
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @free_on_one_path(%c: i1, %arg1: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg1, %a : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  return
^bb2:
  memref.copy %a, %arg1 : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A function argument freed by the input stays freed, once.
// CHECK-LABEL: func.func @argument_free_stays
// CHECK-NEXT:    memref.dealloc %arg0
// CHECK-NEXT:    return
func.func @argument_free_stays(%arg0: memref<4xf32>) {
  memref.dealloc %arg0 : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unknown_effects_keep_alive
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    "test.opaque"(%[[A]])
// CHECK-NEXT:    memref.copy %[[A]], %arg0
// CHECK-NEXT:    "test.opaque_later"(%[[A]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @unknown_effects_keep_alive(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  "test.opaque"(%a) : (memref<4xf32>) -> ()
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  "test.opaque_later"(%a) : (memref<4xf32>) -> ()
  return
}
