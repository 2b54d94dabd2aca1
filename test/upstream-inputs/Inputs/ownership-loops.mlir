// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-loops.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).
// Upstream runs -expand-realloc first; here memref.realloc reaches the pass.

func.func private @loop_with_realloc(%lb: index, %ub: index, %step: index, %c: i1, %n: index, %m: index) -> (memref<?xf32>, memref<?xf32>) {
  %x = memref.alloc(%n) : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  %rx, %ry = scf.for %iv = %lb to %ub step %step iter_args(%ax = %x, %ay = %y) -> (memref<?xf32>, memref<?xf32>) {
    %gx = memref.realloc %ax(%m) : memref<?xf32> to memref<?xf32>
    %gy = memref.realloc %ay(%m) : memref<?xf32> to memref<?xf32>
    scf.yield %gx, %gy : memref<?xf32>, memref<?xf32>
  }
  return %rx, %ry : memref<?xf32>, memref<?xf32>
}

// -----

func.func private @swapping_loop_with_realloc(%lb: index, %ub: index, %step: index, %c: i1, %n: index, %m: index) -> (memref<?xf32>, memref<?xf32>) {
  %x = memref.alloc(%n) : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  %rx, %ry = scf.for %iv = %lb to %ub step %step iter_args(%ax = %x, %ay = %y) -> (memref<?xf32>, memref<?xf32>) {
    %gx = memref.realloc %ax(%m) : memref<?xf32> to memref<?xf32>
    %gy = memref.realloc %ay(%m) : memref<?xf32> to memref<?xf32>
    scf.yield %gy, %gx : memref<?xf32>, memref<?xf32>
  }
  return %rx, %ry : memref<?xf32>, memref<?xf32>
}
