// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-other.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).
// Changes: bufferization.to_memref is spelled bufferization.to_buffer (its
// LLVM 22 name).

func.func private @no_interface_no_operands(%t: tensor<?x?x?xf16>) -> memref<?x?x?xf16> {
  %m = bufferization.to_buffer %t : tensor<?x?x?xf16> to memref<?x?x?xf16>
  return %m : memref<?x?x?xf16>
}

// -----

func.func private @no_interface() -> memref<5xf32> {
  %a = memref.alloc() : memref<5xf32>
  %f = "test.forward_buffer"(%a) : (memref<5xf32>) -> (memref<5xf32>)
  return %f : memref<5xf32>
}

// -----

func.func @no_side_effects() {
  %a = memref.alloc() : memref<5xf32>
  "test.unregistered_op_foo"(%a) : (memref<5xf32>) -> ()
  return
}
