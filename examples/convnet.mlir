// Bufferized from examples/src/convnet.mlir by stock mlir-opt 22 (utils/bufferize_examples.py):
//   mlir-opt examples/src/convnet.mlir '--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map'
// @main runs it and prints the results (scripts/demo, test/examples/).

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @convnet(%arg0: memref<1x10x10x1xf32>, %arg1: memref<3x3x1x4xf32>, %arg2: memref<4xf32>, %arg3: memref<64x10xf32>) -> memref<1x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<1x8x8x4xf32>)
    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : memref<1x10x10x1xf32>, memref<3x3x1x4xf32>) outs(%alloc : memref<1x8x8x4xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc, %arg2 : memref<1x8x8x4xf32>, memref<4xf32>) outs(%alloc_1 : memref<1x8x8x4xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %0 = arith.addf %in, %in_5 : f32
      %1 = arith.maximumf %0, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x4xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_3 : memref<1x4x4x4xf32>)
    linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_1, %alloc_2 : memref<1x8x8x4xf32>, memref<2x2xf32>) outs(%alloc_3 : memref<1x4x4x4xf32>)
    %collapse_shape = memref.collapse_shape %alloc_3 [[0], [1, 2, 3]] : memref<1x4x4x4xf32> into memref<1x64xf32>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_4 : memref<1x10xf32>)
    linalg.matmul ins(%collapse_shape, %arg3 : memref<1x64xf32>, memref<64x10xf32>) outs(%alloc_4 : memref<1x10xf32>)
    return %alloc_4 : memref<1x10xf32>
  }
  func.func @matrix(%arg0: index, %arg1: index, %arg2: index, %arg3: f32) -> memref<?x?xf32> {
    %alloc = memref.alloc(%arg0, %arg1) {alignment = 64 : i64} : memref<?x?xf32>
    linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel", "parallel"]} outs(%alloc : memref<?x?xf32>) {
    ^bb0(%out: f32):
      %0 = linalg.index 0 : index
      %1 = linalg.index 1 : index
      %c3 = arith.constant 3 : index
      %c19 = arith.constant 19 : index
      %2 = arith.muli %0, %arg2 : index
      %3 = arith.muli %1, %c3 : index
      %4 = arith.addi %2, %3 : index
      %5 = arith.remui %4, %c19 : index
      %6 = arith.index_cast %5 : index to i32
      %7 = arith.sitofp %6 : i32 to f32
      %cst = arith.constant 1.900000e+01 : f32
      %8 = arith.divf %7, %cst : f32
      %9 = arith.subf %8, %arg3 : f32
      linalg.yield %9 : f32
    }
    return %alloc : memref<?x?xf32>
  }
  func.func private @bufrs_print_f32(f32)
  func.func private @bufrs_print_i64(i64)
  func.func @report(%arg0: memref<1x10xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0:3 = scf.for %arg1 = %c0 to %c10 step %c1 iter_args(%arg2 = %cst, %arg3 = %cst_0, %arg4 = %c0) -> (f32, f32, index) {
      %2 = memref.load %arg0[%c0, %arg1] : memref<1x10xf32>
      %3 = arith.addf %arg2, %2 : f32
      %4 = arith.cmpf ogt, %2, %arg3 : f32
      %5 = arith.select %4, %2, %arg3 : f32
      %6 = arith.select %4, %arg1, %arg4 : index
      scf.yield %3, %5, %6 : f32, f32, index
    }
    call @bufrs_print_f32(%0#0) : (f32) -> ()
    %1 = arith.index_cast %0#2 : index to i64
    call @bufrs_print_i64(%1) : (i64) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c64 = arith.constant 64 : index
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 4.000000e-01 : f32
    %0 = call @matrix(%c9, %c4, %c5, %cst) : (index, index, index, f32) -> memref<?x?xf32>
    %cast = memref.cast %0 : memref<?x?xf32> to memref<9x4xf32>
    %expand_shape = memref.expand_shape %cast [[0, 1, 2], [3]] output_shape [3, 3, 1, 4] : memref<9x4xf32> into memref<3x3x1x4xf32>
    %1 = call @matrix(%c1, %c4, %c3, %cst_0) : (index, index, index, f32) -> memref<?x?xf32>
    %cast_1 = memref.cast %1 : memref<?x?xf32> to memref<1x4xf32>
    %collapse_shape = memref.collapse_shape %cast_1 [[0, 1]] : memref<1x4xf32> into memref<4xf32>
    %2 = call @matrix(%c64, %c10, %c9, %cst) : (index, index, index, f32) -> memref<?x?xf32>
    %cast_2 = memref.cast %2 : memref<?x?xf32> to memref<64x10xf32>
    scf.for %arg0 = %c0 to %c3 step %c1 {
      %3 = arith.addi %arg0, %c4 : index
      %4 = func.call @matrix(%c10, %c10, %3, %cst_0) : (index, index, index, f32) -> memref<?x?xf32>
      %cast_3 = memref.cast %4 : memref<?x?xf32> to memref<10x10xf32>
      %expand_shape_4 = memref.expand_shape %cast_3 [[0, 1], [2, 3]] output_shape [1, 10, 10, 1] : memref<10x10xf32> into memref<1x10x10x1xf32>
      %5 = func.call @convnet(%expand_shape_4, %expand_shape, %collapse_shape, %cast_2) : (memref<1x10x10x1xf32>, memref<3x3x1x4xf32>, memref<4xf32>, memref<64x10xf32>) -> memref<1x10xf32>
      func.call @report(%5) : (memref<1x10xf32>) -> ()
    }
    return
  }
}

