// report=true: one remark per scope (buffers merged, bytes before and after,
// the planner's lower bound, ratio after/bound) and one at every allocation
// left alone, with the reason. On the seed's MLP: 3 buffers, 196608 bytes
// before, 131072 after, at the lower bound.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics -o /dev/null

// expected-remark @below {{bufrs-merge-alloc: scope @mlp: 3 buffers merged, 196608 bytes before, 131072 bytes after, lower bound 131072, ratio 1.000}}
func.func @mlp(%x: memref<128x128xf32>, %y: memref<128x128xf32>) -> memref<128x128xf32> {
  %a0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%x, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%a0: memref<128x128xf32>)
  %b0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%a0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%b0: memref<128x128xf32>)
  %c0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%b0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%c0: memref<128x128xf32>)
  // expected-remark @below {{bufrs-merge-alloc: not merged: returned}}
  %d0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%c0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%d0: memref<128x128xf32>)
  return %d0 : memref<128x128xf32>
}

// Sizes that are not multiples of the alignment: 40 + 24 bytes, live
// together, would occupy two 64-byte slots: merging saves nothing, the
// scope is left alone and the remark says so.
// expected-remark @below {{bufrs-merge-alloc: scope @padded: not merged: no byte saved (64 bytes before, 128 bytes after)}}
func.func @padded(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<10xf32>
  %b = memref.alloc() : memref<6xf32>
  memref.store %f, %a[%i] : memref<10xf32>
  memref.store %f, %b[%i] : memref<6xf32>
  %x = memref.load %a[%i] : memref<10xf32>
  return %x : f32
}

// Nothing to merge: no remark at the function.
func.func @nothing(%n: index) {
  // expected-remark @below {{bufrs-merge-alloc: not merged: dynamic shape}}
  %a = memref.alloc(%n) : memref<?xf32>
  return
}
