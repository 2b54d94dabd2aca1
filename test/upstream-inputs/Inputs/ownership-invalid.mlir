// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/invalid-buffer-deallocation.mlir, invalid-buffer-deallocation-reentrant.mlir and misc-other.mlir (one file)
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func @free_effect_realloc() {
  %a = memref.alloc() : memref<2xi32>
  %b = memref.realloc %a : memref<2xi32> to memref<4xi32>
  return
}

// -----

func.func @free_effect_dealloc() {
  %a = memref.alloc() : memref<2xi32>
  memref.dealloc %a : memref<2xi32>
  return
}

// -----

func.func @free_effect_bufferization_dealloc() {
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi32>
  bufferization.dealloc (%a : memref<2xi32>) if (%t)
  return
}

// -----

func.func @func_with_assert(%i: index, %j: index) {
  %lt = arith.cmpi slt, %i, %j : index
  cf.assert %lt, "i must be less than j"
  return
}
