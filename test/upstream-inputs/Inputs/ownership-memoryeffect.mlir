// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-memoryeffect-interface.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func @redundantOperations(%src: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%a: memref<2xf32>)
  %b = memref.alloc() : memref<2xf32>
  test.buffer_based in(%a: memref<2xf32>) out(%b: memref<2xf32>)
  return
}

// -----

func.func @allocaIsNotDeallocated(%src: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%a: memref<2xf32>)
  %b = memref.alloca() : memref<2xf32>
  test.buffer_based in(%a: memref<2xf32>) out(%b: memref<2xf32>)
  return
}

// -----

func.func @inserting_missing_dealloc_simple(%src: memref<2xf32>, %dst: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%a: memref<2xf32>)
  test.copy(%a, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @alloca_ownership_indicator_is_false() {
  %s = memref.alloca() : memref<2xf32>
  cf.br ^next(%s : memref<2xf32>)
^next(%v: memref<2xf32>):
  return
}

// -----

func.func @dealloc_existing_clones(%x: memref<?x?xf64>, %y: memref<?x?xf64>) -> memref<?x?xf64> {
  %cx = bufferization.clone %x : memref<?x?xf64> to memref<?x?xf64>
  %cy = bufferization.clone %y : memref<?x?xf64> to memref<?x?xf64>
  return %cx : memref<?x?xf64>
}

// -----

memref.global "private" constant @four : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @op_without_aliasing_and_allocation() -> memref<4xf32> {
  %g = memref.get_global @four : memref<4xf32>
  return %g : memref<4xf32>
}
