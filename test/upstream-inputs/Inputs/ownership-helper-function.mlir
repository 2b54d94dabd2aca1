// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-helper-function.mlir and dealloc-helper-function-invalid.mlir (one input)
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func @test(%lb: index, %ub: index) -> (memref<5xf32>, memref<5xf32>) {
  %x = memref.alloc() : memref<5xf32>
  %y = memref.alloc() : memref<5xf32>
  %one = arith.constant 1 : index
  %rx, %ry = scf.for %iv = %lb to %ub step %one iter_args(%ax = %x, %ay = %y) -> (memref<5xf32>, memref<5xf32>) {
    scf.yield %ay, %ax : memref<5xf32>, memref<5xf32>
  }
  return %rx, %ry : memref<5xf32>, memref<5xf32>
}
