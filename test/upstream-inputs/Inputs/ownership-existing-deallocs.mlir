// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-existing-deallocs.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func @auto_dealloc() {
  %small = arith.constant 10 : index
  %large = arith.constant 100 : index
  %a = memref.alloc(%small) : memref<?xi32>
  %b = memref.realloc %a(%large) : memref<?xi32> to memref<?xi32>
  "test.memref_user"(%b) : (memref<?xi32>) -> ()
  return
}

// -----

func.func @auto_dealloc_inside_nested_region(%arg: memref<?xi32>, %c: i1) {
  %large = arith.constant 100 : index
  %r = scf.if %c -> memref<?xi32> {
    %grown = memref.realloc %arg(%large) : memref<?xi32> to memref<?xi32>
    scf.yield %grown : memref<?xi32>
  } else {
    scf.yield %arg : memref<?xi32>
  }
  "test.memref_user"(%r) : (memref<?xi32>) -> ()
  return
}
