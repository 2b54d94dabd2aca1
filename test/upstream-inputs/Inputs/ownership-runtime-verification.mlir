// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-runtime-verification.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

memref.global "private" constant @four : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @op_without_aliasing_and_allocation() -> memref<4xf32> {
  %g = memref.get_global @four : memref<4xf32>
  return %g : memref<4xf32>
}
