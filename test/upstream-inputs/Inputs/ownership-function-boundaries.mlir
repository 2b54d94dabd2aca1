// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-function-boundaries.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func private @emptyUsesValue(%unused: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  "test.memref_user"(%a) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @emptyUsesValue(%unused: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  "test.memref_user"(%a) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @redundantOperations(%src: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%a: memref<2xf32>)
  %b = memref.alloc() : memref<2xf32>
  test.buffer_based in(%a: memref<2xf32>) out(%b: memref<2xf32>)
  return
}

// -----

func.func private @memref_in_function_results(%src: memref<5xf32>, %pass: memref<10xf32>, %dst: memref<5xf32>) -> (memref<10xf32>, memref<15xf32>) {
  %big = memref.alloc() : memref<15xf32>
  %tmp = memref.alloc() : memref<5xf32>
  test.buffer_based in(%src: memref<5xf32>) out(%tmp: memref<5xf32>)
  test.copy(%tmp, %dst) : (memref<5xf32>, memref<5xf32>)
  return %pass, %big : memref<10xf32>, memref<15xf32>
}
