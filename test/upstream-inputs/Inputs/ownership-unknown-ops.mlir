// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-unknown-ops.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).
// Needs -allow-unregistered-dialect (my_dialect.select_randomly).

func.func private @id(%m: memref<f32>) -> memref<f32> {
  return %m : memref<f32>
}

func.func @generic_ownership_materialization() {
  %heap = memref.alloc() : memref<f32>
  %stack = memref.alloca() : memref<f32>
  %s = "my_dialect.select_randomly"(%heap, %stack, %heap) : (memref<f32>, memref<f32>, memref<f32>) -> memref<f32>
  %r = call @id(%s) : (memref<f32>) -> memref<f32>
  return
}
