// Bufferized from examples/src/control-flow.mlir by stock mlir-opt 22 (utils/bufferize_examples.py):
//   mlir-opt examples/src/control-flow.mlir '--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map'
// @main runs it and prints the results (scripts/demo, test/examples/).

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
module {
  func.func @norm2(%arg0: memref<64xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]} ins(%arg0 : memref<64xf32>) outs(%alloc : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.mulf %in, %in : f32
      %2 = arith.addf %1, %out : f32
      linalg.yield %2 : f32
    }
    %0 = memref.load %alloc[] : memref<f32>
    return %0 : f32
  }
  func.func @scale(%arg0: memref<64xf32>, %arg1: f32, %arg2: f32) -> memref<64xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<64xf32>) outs(%alloc : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %in, %arg1 : f32
      %1 = arith.subf %0, %arg2 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<64xf32>
  }
  func.func @damp(%arg0: memref<64xf32>, %arg1: f32) -> (memref<64xf32>, i64) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant -1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 7.500000e-01 : f32
    %cst_3 = arith.constant 0.00999999977 : f32
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c40_i64 = arith.constant 40 : i64
    %0 = memref.load %arg0[%c0] : memref<64xf32>
    %1 = arith.cmpf olt, %0, %cst : f32
    %2 = scf.if %1 -> (memref<64xf32>) {
      %4 = func.call @scale(%arg0, %cst_0, %cst) : (memref<64xf32>, f32, f32) -> memref<64xf32>
      scf.yield %4 : memref<64xf32>
    } else {
      scf.yield %arg0 : memref<64xf32>
    }
    %3:2 = scf.while (%arg2 = %2, %arg3 = %c0_i64) : (memref<64xf32>, i64) -> (memref<64xf32>, i64) {
      %4 = func.call @norm2(%arg2) : (memref<64xf32>) -> f32
      %5 = arith.cmpf ogt, %4, %arg1 : f32
      %6 = arith.cmpi slt, %arg3, %c40_i64 : i64
      %7 = arith.andi %5, %6 : i1
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
      memref.copy %arg2, %alloc : memref<64xf32> to memref<64xf32>
      scf.condition(%7) %alloc, %arg3 : memref<64xf32>, i64
    } do {
    ^bb0(%arg2: memref<64xf32>, %arg3: i64):
      %4 = arith.remui %arg3, %c2_i64 : i64
      %5 = arith.cmpi eq, %4, %c0_i64 : i64
      %6 = scf.if %5 -> (memref<64xf32>) {
        %8 = func.call @scale(%arg2, %cst_1, %cst) : (memref<64xf32>, f32, f32) -> memref<64xf32>
        scf.yield %8 : memref<64xf32>
      } else {
        %8 = func.call @scale(%arg2, %cst_2, %cst_3) : (memref<64xf32>, f32, f32) -> memref<64xf32>
        scf.yield %8 : memref<64xf32>
      }
      %7 = arith.addi %arg3, %c1_i64 : i64
      scf.yield %6, %7 : memref<64xf32>, i64
    }
    return %3#0, %3#1 : memref<64xf32>, i64
  }
  func.func @vector(%arg0: index, %arg1: f32) -> memref<64xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%alloc : memref<64xf32>) {
    ^bb0(%out: f32):
      %0 = linalg.index 0 : index
      %c23 = arith.constant 23 : index
      %1 = arith.muli %0, %arg0 : index
      %2 = arith.remui %1, %c23 : index
      %3 = arith.index_cast %2 : index to i32
      %4 = arith.sitofp %3 : i32 to f32
      %cst = arith.constant 1.100000e+01 : f32
      %5 = arith.subf %4, %cst : f32
      %6 = arith.addf %5, %arg1 : f32
      linalg.yield %6 : f32
    }
    return %alloc : memref<64xf32>
  }
  func.func private @bufrs_print_f32(f32)
  func.func private @bufrs_print_i64(i64)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant -5.000000e-01 : f32
    scf.for %arg0 = %c0 to %c4 step %c1 {
      %0 = arith.addi %arg0, %c2 : index
      %1 = func.call @vector(%0, %cst_0) : (index, f32) -> memref<64xf32>
      %2:2 = func.call @damp(%1, %cst) : (memref<64xf32>, f32) -> (memref<64xf32>, i64)
      %3 = func.call @norm2(%2#0) : (memref<64xf32>) -> f32
      func.call @bufrs_print_i64(%2#1) : (i64) -> ()
      func.call @bufrs_print_f32(%3) : (f32) -> ()
    }
    return
  }
}

