// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-subviews.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func @subview(%i: index, %j: index, %dst: memref<?x?xf32>) {
  %a = memref.alloc() : memref<64x4xf32, strided<[4, 1], offset: 0>>
  %v = memref.subview %a[%i, %j][%i, %j][%i, %j] :
    memref<64x4xf32, strided<[4, 1], offset: 0>>
    to memref<?x?xf32, strided<[?, ?], offset: ?>>
  test.copy(%v, %dst) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>)
  return
}
