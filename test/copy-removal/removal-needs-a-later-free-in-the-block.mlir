// Copy removal skips a body (before capturing it) unless some copy's source
// is freed by a later op of the copy's block, or a clone is used by nothing
// but frees of it. These bodies sit on either side of that line: the ones
// with such a free or clone lose their copy, the others keep everything.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s

// A clone nobody uses goes.
// CHECK-LABEL: func.func @unused_clone
// CHECK-NEXT:    return
func.func @unused_clone(%arg0: memref<4xf32>) {
  %0 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
  return
}

// The source is freed before the copy: nothing to remove.
// CHECK-LABEL: func.func @freed_before_copy
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %arg0
// CHECK-NEXT:    memref.copy %arg1, %[[T]]
// CHECK-NEXT:    "test.use"(%[[T]])
// CHECK-NEXT:    memref.dealloc %[[T]]
// CHECK-NEXT:    return
func.func @freed_before_copy(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
  %t = memref.alloc() : memref<4xf32>
  memref.dealloc %arg0 : memref<4xf32>
  memref.copy %arg1, %t : memref<4xf32> to memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

// The source is freed in the next block: nothing to remove.
// CHECK-LABEL: func.func @freed_in_another_block
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[T]]
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.dealloc %arg0
// CHECK-NEXT:    "test.use"(%[[T]])
func.func @freed_in_another_block(%arg0: memref<4xf32>) {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %t : memref<4xf32> to memref<4xf32>
  cf.br ^bb1
^bb1:
  memref.dealloc %arg0 : memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

// The source is freed inside a region of a later op: nothing to remove.
// CHECK-LABEL: func.func @freed_in_a_nested_region
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[T]]
// CHECK-NEXT:    scf.execute_region {
// CHECK-NEXT:      memref.dealloc %arg0
func.func @freed_in_a_nested_region(%arg0: memref<4xf32>) {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %t : memref<4xf32> to memref<4xf32>
  scf.execute_region {
    memref.dealloc %arg0 : memref<4xf32>
    scf.yield
  }
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

// The source is freed after the copy in its block: the target reuses it.
// CHECK-LABEL: func.func @freed_after_copy
// CHECK-NEXT:    "test.use"(%arg0)
// CHECK-NEXT:    memref.dealloc %arg0
// CHECK-NEXT:    return
func.func @freed_after_copy(%arg0: memref<4xf32>) {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %arg0 : memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}
