// Finalization reads the snapshot the pass before it kept and hands on that
// snapshot patched with its own edits (patch::patch_rewritten,
// capture::keep_rewritten): a clone lowered to new ops in its block, a dead
// view erased. The next pass (merge-alloc in the main job) then reads it
// instead of capturing the function again; `compare=true` checks it against
// a fresh capture (ids, facts, MLIR handles). A lowering that builds an op
// with a region (the scf.for of an unranked clone) falls outside what the
// patch knows: nothing is kept, the next pass captures.

// RUN: mlir-opt --load-pass-plugin=%plugin %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(bufrs-test-kept-snapshot,bufrs-finalize-deallocation,bufrs-test-kept-snapshot{compare=true}))' 2>&1 | FileCheck %s

// CHECK: remark: snapshot of 8 ops: captured
// CHECK-NEXT: func.func @static_clone
// CHECK: remark: snapshot of 9 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @static_clone
// CHECK: remark: snapshot of 7 ops: captured
// CHECK-NEXT: func.func @strided_clone
// CHECK: remark: snapshot of 11 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @strided_clone
// CHECK: remark: snapshot of 5 ops: captured
// CHECK-NEXT: func.func @dead_view
// CHECK: remark: snapshot of 3 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @dead_view
// CHECK: remark: snapshot of 3 ops: captured
// CHECK-NEXT: func.func @unranked_clone
// CHECK: remark: snapshot of 14 ops: captured
// CHECK-NEXT: func.func @unranked_clone
// CHECK-NOT: remark

// CHECK-LABEL: func.func @static_clone(%arg0: index, %arg1: f32)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %arg1, %[[A]][%arg0]
// CHECK-NEXT: %[[C:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[C]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[C]][%arg0]
// CHECK-NEXT: memref.dealloc %[[C]]
// CHECK-NEXT: return %[[V]]
func.func @static_clone(%i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%i] : memref<4xf32>
  %c = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %v = memref.load %c[%i] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @strided_clone(%arg0: memref<?xf32, strided<[1], offset: ?>>, %arg1: index)
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D:.*]] = memref.dim %arg0, %[[Z]]
// CHECK-NEXT: %[[N:.*]] = memref.alloc(%[[D]]) : memref<?xf32>
// CHECK-NEXT: memref.copy %arg0, %[[N]]
// CHECK-NEXT: %[[K:.*]] = memref.cast %[[N]] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %[[V:.*]] = memref.load %[[K]][%arg1]
// CHECK-NEXT: %[[W:.*]] = memref.load %[[K]][%arg1]
// CHECK-NEXT: memref.dealloc %[[K]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[W]]
// CHECK-NEXT: return %[[S]]
func.func @strided_clone(%m: memref<?xf32, strided<[1], offset: ?>>, %i: index) -> f32 {
  %c = bufferization.clone %m : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %v = memref.load %c[%i] : memref<?xf32, strided<[1], offset: ?>>
  %w = memref.load %c[%i] : memref<?xf32, strided<[1], offset: ?>>
  memref.dealloc %c : memref<?xf32, strided<[1], offset: ?>>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// CHECK-LABEL: func.func @dead_view(%arg0: memref<8xf32>, %arg1: index)
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT: return %[[V]]
func.func @dead_view(%m: memref<8xf32>, %i: index) -> f32 {
  %s = memref.subview %m[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %k = memref.cast %s : memref<4xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  %v = memref.load %m[%i] : memref<8xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @unranked_clone(%arg0: memref<*xf32>)
// CHECK-NEXT: memref.rank %arg0
// CHECK: scf.for
// CHECK: memref.reshape
// CHECK: memref.copy %arg0
// CHECK-NOT: bufferization.clone
// CHECK: return
func.func @unranked_clone(%m: memref<*xf32>) -> memref<*xf32> {
  %c = bufferization.clone %m : memref<*xf32> to memref<*xf32>
  return %c : memref<*xf32>
}
