// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-mixed-allocations.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func @mixed_allocations(%c: i1) -> (memref<f32>, !gpu.async.token) {
  %host = memref.alloc() : memref<f32>
  %dev = gpu.alloc() : memref<f32>
  %s = arith.select %c, %host, %dev : memref<f32>
  %tok = gpu.dealloc async [] %dev : memref<f32>
  memref.dealloc %host : memref<f32>
  return %s, %tok : memref<f32>, !gpu.async.token
}
