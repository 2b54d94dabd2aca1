// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-isolated-group.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).
// Changes: test.isolated_one_region_with_recursive_memory_effects is newer
// than LLVM 22's test dialect; it is written in generic form, so stock
// mlir-opt 22 parses it as an unknown op of the test dialect (no interfaces,
// unknown memory effects), unlike upstream.

func.func @function_call() {
  %a = memref.alloc() : memref<f64>
  %b = memref.alloc() : memref<f64>
  %r = "test.isolated_one_region_with_recursive_memory_effects"(%a) ({
  ^bb0(%x: memref<f64>):
    test.region_yield %x : memref<f64>
  }) : (memref<f64>) -> memref<f64>
  test.copy(%r, %b) : (memref<f64>, memref<f64>)
  return
}

// -----

func.func @function_call_requries_merged_ownership_mid_block(%c: i1) {
  %heap = memref.alloc() : memref<f64>
  %stack = memref.alloca() : memref<f64>
  %s = arith.select %c, %heap, %stack : memref<f64>
  %r = "test.isolated_one_region_with_recursive_memory_effects"(%s) ({
  ^bb0(%x: memref<f64>):
    test.region_yield %x : memref<f64>
  }) : (memref<f64>) -> memref<f64>
  test.copy(%r, %heap) : (memref<f64>, memref<f64>)
  return
}

// -----

func.func @g(%arg: memref<f32>) -> memref<f32> {
  %r = "test.isolated_one_region_with_recursive_memory_effects"(%arg) ({
  ^bb0(%x: memref<f32>):
    test.region_yield %x : memref<f32>
  }) : (memref<f32>) -> memref<f32>
  return %r : memref<f32>
}

// -----

func.func @alloc_yielded_from_block() {
  %a = memref.alloc() : memref<f64>
  %b = memref.alloc() : memref<f64>
  %r = "test.isolated_one_region_with_recursive_memory_effects"(%a) ({
  ^bb0(%x: memref<f64>):
    %v = memref.load %x[] : memref<f64>
    %one = arith.constant 1.0 : f64
    %eq = arith.cmpf oeq, %v, %one : f64
    %pick = scf.if %eq -> memref<f64> {
      %fresh = memref.alloc() : memref<f64>
      scf.yield %fresh : memref<f64>
    } else {
      scf.yield %x : memref<f64>
    }
    test.region_yield %pick : memref<f64>
  }) : (memref<f64>) -> memref<f64>
  test.copy(%r, %b) : (memref<f64>, memref<f64>)
  return
}
