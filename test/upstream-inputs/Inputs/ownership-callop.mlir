// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-callop-interface.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func private @id(%m: memref<f64>) -> memref<f64> {
  return %m : memref<f64>
}

func.func @function_call() {
  %a = memref.alloc() : memref<f64>
  %b = memref.alloc() : memref<f64>
  %r = call @id(%a) : (memref<f64>) -> memref<f64>
  test.copy(%r, %b) : (memref<f64>, memref<f64>)
  return
}

// -----

func.func @id(%m: memref<f64>) -> memref<f64> {
  return %m : memref<f64>
}

func.func @function_call_non_private() {
  %a = memref.alloc() : memref<f64>
  %b = memref.alloc() : memref<f64>
  %r = call @id(%a) : (memref<f64>) -> memref<f64>
  test.copy(%r, %b) : (memref<f64>, memref<f64>)
  return
}

// -----

func.func private @id(%m: memref<f64>) -> memref<f64> {
  return %m : memref<f64>
}

func.func @function_call_requries_merged_ownership_mid_block(%c: i1) {
  %heap = memref.alloc() : memref<f64>
  %stack = memref.alloca() : memref<f64>
  %s = arith.select %c, %heap, %stack : memref<f64>
  %r = call @id(%s) : (memref<f64>) -> memref<f64>
  test.copy(%r, %heap) : (memref<f64>, memref<f64>)
  return
}
