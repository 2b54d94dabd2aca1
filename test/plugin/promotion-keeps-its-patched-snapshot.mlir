// Promotion hands the passes after it its snapshot patched with its own
// edits (capture::patch_replaced_op, keep_edited): when each promotion only
// replaced a memref.alloc by a memref.alloca at the same place, every id
// stays, and the next pass reads the patched snapshot instead of capturing
// the function again; `compare=true` checks it against a fresh capture (ids,
// facts, MLIR handles). A promotion that erases a free shifts the ids of the
// ops after it: nothing is kept, the next pass captures. An upstream pass
// after promotion (canonicalize) drops the patched snapshot like any other.

// RUN: mlir-opt --load-pass-plugin=%plugin %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-test-kept-snapshot{compare=true},canonicalize,bufrs-test-kept-snapshot))' 2>&1 | FileCheck %s

// CHECK: remark: snapshot of 8 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @promoted
// CHECK: remark: snapshot of 5 ops: captured
// CHECK-NEXT: func.func @promoted
// CHECK: remark: snapshot of 6 ops: captured
// CHECK-NEXT: func.func @free_erased
// CHECK: remark: snapshot of 5 ops: captured
// CHECK-NEXT: func.func @free_erased
// CHECK: remark: snapshot of 6 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @too_large
// CHECK: remark: snapshot of 5 ops: captured
// CHECK-NEXT: func.func @too_large
// CHECK-NOT: remark
// CHECK-LABEL: func.func @promoted(%arg0
// CHECK-NEXT: %[[A:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A]]
// CHECK-NEXT: return %[[V]]
// CHECK-LABEL: func.func @free_erased(%arg0
// CHECK-NEXT: %[[B:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: memref.store %{{.*}}, %[[B]]
// CHECK-NEXT: %[[W:.*]] = memref.load %[[B]]
// CHECK-NEXT: return %[[W]]
// CHECK-LABEL: func.func @too_large(%arg0
// CHECK-NEXT: %[[C:.*]] = memref.alloc() : memref<4096xf32>
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
// CHECK-NEXT: %[[X:.*]] = memref.load %[[C]]
// CHECK-NEXT: return %[[X]]

// Two threads (MLIR's default pool): the same per function.
// RUN: mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-test-kept-snapshot{compare=true}))' -o /dev/null 2>&1 | grep -o 'snapshot of [0-9] ops: .*' | sort | uniq -c | FileCheck %s --check-prefix=THREADS
// THREADS: 1 snapshot of 6 ops: captured
// THREADS-NEXT: 1 snapshot of 6 ops: kept, the same as a fresh capture
// THREADS-NEXT: 1 snapshot of 8 ops: kept, the same as a fresh capture
// THREADS-NOT: snapshot

func.func @promoted(%i: index, %f: f32, %n: i64) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2xi64>
  %dead = arith.constant 1 : index
  memref.store %f, %a[%i] : memref<4xf32>
  memref.store %n, %b[%i] : memref<2xi64>
  %v = memref.load %a[%i] : memref<4xf32>
  return %v : f32
}

func.func @free_erased(%i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %dead = arith.constant 1 : index
  memref.store %f, %a[%i] : memref<4xf32>
  %v = memref.load %a[%i] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %v : f32
}

func.func @too_large(%i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<4096xf32>
  %dead = arith.constant 1 : index
  memref.store %f, %a[%i] : memref<4096xf32>
  %v = memref.load %a[%i] : memref<4096xf32>
  return %v : f32
}
