// Inputs modeled on the functions of intel/graph-compiler's
// test/mlir/test/gc/Transforms/buffer-merge.mlir (the gc-merge-alloc pass's
// test; Apache-2.0 WITH LLVM-exception). Only the shapes of the inputs are
// kept, rewritten for stock mlir-opt 22; no upstream CHECK lines.
// Changes: @mlp starts from tensors and one-shot-bufferize upstream; here it
// is written directly on memrefs (one memref.alloc per tensor.empty).
// "test.source" stays an unregistered op.

func.func @mlp(%x: memref<128x128xf32>, %y: memref<128x128xf32>) -> memref<128x128xf32> {
  %a = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
  linalg.matmul ins(%x, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%a : memref<128x128xf32>)
  %b = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
  linalg.matmul ins(%a, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%b : memref<128x128xf32>)
  %c = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
  linalg.matmul ins(%b, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%c : memref<128x128xf32>)
  %d = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
  linalg.matmul ins(%c, %y : memref<128x128xf32>, memref<128x128xf32>) outs(%d : memref<128x128xf32>)
  return %d : memref<128x128xf32>
}

// -----

func.func @basic() -> memref<8x64xf32> {
  %ret = memref.alloc() : memref<8x64xf32>
  "test.source"(%ret) : (memref<8x64xf32>) -> ()
  %p = memref.alloc() : memref<8x64xf32>
  "test.source"(%p) : (memref<8x64xf32>) -> ()
  %q = memref.alloc() : memref<8x64xf32>
  "test.source"(%q) : (memref<8x64xf32>) -> ()
  "test.source"(%p) : (memref<8x64xf32>) -> ()
  %r = memref.alloc() : memref<8x64xf32>
  "test.source"(%r) : (memref<8x64xf32>) -> ()
  return %ret : memref<8x64xf32>
}

// -----

func.func @different_size_and_dtype() {
  %p = memref.alloc() : memref<8x64xf32>
  "test.source"(%p) : (memref<8x64xf32>) -> ()
  %q = memref.alloc() : memref<64xf32>
  "test.source"(%q) : (memref<64xf32>) -> ()
  %r = memref.alloc() : memref<2x2x32xf64>
  "test.source"(%r) : (memref<2x2x32xf64>) -> ()
  "test.source"(%p) : (memref<8x64xf32>) -> ()
  %s = memref.alloc() : memref<2x4x32xf64>
  "test.source"(%s) : (memref<2x4x32xf64>) -> ()
  return
}

// -----

func.func @withloop() {
  %f = memref.alloc() : memref<8x64xf32>
  %g = memref.alloc() : memref<8x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    "test.source"(%f) : (memref<8x64xf32>) -> ()
    "test.source"(%g) : (memref<8x64xf32>) -> ()
    %h = memref.alloc() : memref<8x64xf32>
    "test.source"(%h) : (memref<8x64xf32>) -> ()
    %j = memref.alloc() : memref<8x64xf32>
    "test.source"(%j) : (memref<8x64xf32>) -> ()
  }
  return
}

// -----

func.func @different_mem_space() {
  %d1 = memref.alloc() : memref<8x64xf32>
  "test.source"(%d1) : (memref<8x64xf32>) -> ()
  %d2 = memref.alloc() : memref<8x64xf32>
  %p1 = memref.alloc() : memref<4x64xf32, #gpu.address_space<private>>
  "test.source"(%p1) : (memref<4x64xf32, #gpu.address_space<private>>) -> ()
  %p2 = memref.alloc() : memref<64xf32, #gpu.address_space<private>>
  "test.source"(%p2) : (memref<64xf32, #gpu.address_space<private>>) -> ()
  "test.source"(%p1) : (memref<4x64xf32, #gpu.address_space<private>>) -> ()
  %w1 = memref.alloc() : memref<8x64xf32, #gpu.address_space<workgroup>>
  %w2 = memref.alloc() : memref<6x64xf32, #gpu.address_space<workgroup>>
  "test.source"(%w2) : (memref<6x64xf32, #gpu.address_space<workgroup>>) -> ()
  "test.source"(%w1) : (memref<8x64xf32, #gpu.address_space<workgroup>>) -> ()
  "test.source"(%w2) : (memref<6x64xf32, #gpu.address_space<workgroup>>) -> ()
  "test.source"(%d2) : (memref<8x64xf32>) -> ()
  "test.source"(%d1) : (memref<8x64xf32>) -> ()
  return
}
