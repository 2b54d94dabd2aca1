// mixer-block bufferized from examples/models/mixer-block.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/mixer-block.linalg.mlir '--one-shot-bufferize=copy-before-write bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; mixer-block.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: memref<1x16x24xf32>, %arg1: memref<24xf32>, %arg2: memref<24xf32>, %arg3: memref<32x16xf32>, %arg4: memref<32xf32>, %arg5: memref<16x32xf32>, %arg6: memref<16xf32>, %arg7: memref<24xf32>, %arg8: memref<24xf32>, %arg9: memref<48x24xf32>, %arg10: memref<48xf32>, %arg11: memref<24x48xf32>, %arg12: memref<24xf32>) -> memref<1x16x24xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 2.400000e+01 : f64
    %cst_5 = arith.constant 2.400000e+01 : f32
    %cst_6 = arith.constant 1.41421354 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf64>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : memref<1x16x24xf32>) outs(%alloc : memref<1x16x24xf64>) {
    ^bb0(%in: f32, %out: f64):
      %0 = arith.extf %in : f32 to f64
      linalg.yield %0 : f64
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    linalg.fill ins(%cst : f64) outs(%alloc_7 : memref<1x16x1xf64>)
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    memref.copy %alloc_7, %alloc_8 : memref<1x16x1xf64> to memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%alloc : memref<1x16x24xf64>) outs(%alloc_8 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.addf %in, %out : f64
      linalg.yield %0 : f64
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_8 : memref<1x16x1xf64>) outs(%alloc_9 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.divf %in, %cst_4 : f64
      linalg.yield %0 : f64
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf64>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc, %alloc_9 : memref<1x16x24xf64>, memref<1x16x1xf64>) outs(%alloc_10 : memref<1x16x24xf64>) {
    ^bb0(%in: f64, %in_70: f64, %out: f64):
      %0 = arith.subf %in, %in_70 : f64
      linalg.yield %0 : f64
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf64>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_10, %alloc_10 : memref<1x16x24xf64>, memref<1x16x24xf64>) outs(%alloc_11 : memref<1x16x24xf64>) {
    ^bb0(%in: f64, %in_70: f64, %out: f64):
      %0 = arith.mulf %in, %in_70 : f64
      linalg.yield %0 : f64
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    memref.copy %alloc_7, %alloc_12 : memref<1x16x1xf64> to memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%alloc_11 : memref<1x16x24xf64>) outs(%alloc_12 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.addf %in, %out : f64
      linalg.yield %0 : f64
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_12 : memref<1x16x1xf64>) outs(%alloc_13 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.divf %in, %cst_4 : f64
      linalg.yield %0 : f64
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_13 : memref<1x16x1xf64>) outs(%alloc_14 : memref<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %0 = arith.truncf %in : f64 to f32
      linalg.yield %0 : f32
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_15 : memref<1x16x1xf32>)
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    memref.copy %alloc_15, %alloc_16 : memref<1x16x1xf32> to memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : memref<1x16x24xf32>) outs(%alloc_16 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_16 : memref<1x16x1xf32>) outs(%alloc_17 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %in, %cst_5 : f32
      linalg.yield %0 : f32
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_14 : memref<1x16x1xf32>) outs(%alloc_18 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_3 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_18 : memref<1x16x1xf32>) outs(%alloc_19 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %alloc_17 : memref<1x16x24xf32>, memref<1x16x1xf32>) outs(%alloc_20 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.subf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_20, %alloc_19 : memref<1x16x24xf32>, memref<1x16x1xf32>) outs(%alloc_21 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.mulf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_21, %arg1 : memref<1x16x24xf32>, memref<24xf32>) outs(%alloc_22 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.mulf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_22, %arg2 : memref<1x16x24xf32>, memref<24xf32>) outs(%alloc_23 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1x24x16xf32>
    linalg.transpose ins(%alloc_23 : memref<1x16x24xf32>) outs(%alloc_24 : memref<1x24x16xf32>) permutation = [0, 2, 1] 
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<16x32xf32>
    linalg.transpose ins(%arg3 : memref<32x16xf32>) outs(%alloc_25 : memref<16x32xf32>) permutation = [1, 0] 
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<1x16x32xf32>
    linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_25 : memref<16x32xf32>) outs(%alloc_26 : memref<1x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<1x24x32xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_27 : memref<1x24x32xf32>)
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<1x24x32xf32>
    memref.copy %alloc_27, %alloc_28 : memref<1x24x32xf32> to memref<1x24x32xf32>
    linalg.batch_matmul ins(%alloc_24, %alloc_26 : memref<1x24x16xf32>, memref<1x16x32xf32>) outs(%alloc_28 : memref<1x24x32xf32>)
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x24x32xf32>
    linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_28, %arg4 : memref<1x24x32xf32>, memref<32xf32>) outs(%alloc_29 : memref<1x24x32xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<1x24x32xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_29 : memref<1x24x32xf32>) outs(%alloc_30 : memref<1x24x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %in, %cst_6 : f32
      %1 = math.erf %0 : f32
      %2 = arith.addf %1, %cst_1 : f32
      %3 = arith.mulf %2, %cst_2 : f32
      %4 = arith.mulf %in, %3 : f32
      linalg.yield %4 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_30 [[0, 1], [2]] : memref<1x24x32xf32> into memref<24x32xf32>
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<32x16xf32>
    linalg.transpose ins(%arg5 : memref<16x32xf32>) outs(%alloc_31 : memref<32x16xf32>) permutation = [1, 0] 
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<24x16xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_32 : memref<24x16xf32>)
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<24x16xf32>
    memref.copy %alloc_32, %alloc_33 : memref<24x16xf32> to memref<24x16xf32>
    linalg.matmul ins(%collapse_shape, %alloc_31 : memref<24x32xf32>, memref<32x16xf32>) outs(%alloc_33 : memref<24x16xf32>)
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<24x16xf32>
    linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg6 : memref<16xf32>) outs(%alloc_34 : memref<24x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<24x16xf32>
    linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%alloc_33, %alloc_34 : memref<24x16xf32>, memref<24x16xf32>) outs(%alloc_35 : memref<24x16xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %expand_shape = memref.expand_shape %alloc_35 [[0, 1], [2]] output_shape [1, 24, 16] : memref<24x16xf32> into memref<1x24x16xf32>
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.transpose ins(%expand_shape : memref<1x24x16xf32>) outs(%alloc_36 : memref<1x16x24xf32>) permutation = [0, 2, 1] 
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %alloc_36 : memref<1x16x24xf32>, memref<1x16x24xf32>) outs(%alloc_37 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf64>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_37 : memref<1x16x24xf32>) outs(%alloc_38 : memref<1x16x24xf64>) {
    ^bb0(%in: f32, %out: f64):
      %0 = arith.extf %in : f32 to f64
      linalg.yield %0 : f64
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    memref.copy %alloc_7, %alloc_39 : memref<1x16x1xf64> to memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%alloc_38 : memref<1x16x24xf64>) outs(%alloc_39 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.addf %in, %out : f64
      linalg.yield %0 : f64
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_39 : memref<1x16x1xf64>) outs(%alloc_40 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.divf %in, %cst_4 : f64
      linalg.yield %0 : f64
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf64>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_38, %alloc_40 : memref<1x16x24xf64>, memref<1x16x1xf64>) outs(%alloc_41 : memref<1x16x24xf64>) {
    ^bb0(%in: f64, %in_70: f64, %out: f64):
      %0 = arith.subf %in, %in_70 : f64
      linalg.yield %0 : f64
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf64>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_41, %alloc_41 : memref<1x16x24xf64>, memref<1x16x24xf64>) outs(%alloc_42 : memref<1x16x24xf64>) {
    ^bb0(%in: f64, %in_70: f64, %out: f64):
      %0 = arith.mulf %in, %in_70 : f64
      linalg.yield %0 : f64
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    memref.copy %alloc_7, %alloc_43 : memref<1x16x1xf64> to memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%alloc_42 : memref<1x16x24xf64>) outs(%alloc_43 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.addf %in, %out : f64
      linalg.yield %0 : f64
    }
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf64>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_43 : memref<1x16x1xf64>) outs(%alloc_44 : memref<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = arith.divf %in, %cst_4 : f64
      linalg.yield %0 : f64
    }
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_44 : memref<1x16x1xf64>) outs(%alloc_45 : memref<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %0 = arith.truncf %in : f64 to f32
      linalg.yield %0 : f32
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    memref.copy %alloc_15, %alloc_46 : memref<1x16x1xf32> to memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%alloc_37 : memref<1x16x24xf32>) outs(%alloc_46 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_46 : memref<1x16x1xf32>) outs(%alloc_47 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %in, %cst_5 : f32
      linalg.yield %0 : f32
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_45 : memref<1x16x1xf32>) outs(%alloc_48 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_3 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<1x16x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_48 : memref<1x16x1xf32>) outs(%alloc_49 : memref<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_37, %alloc_47 : memref<1x16x24xf32>, memref<1x16x1xf32>) outs(%alloc_50 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.subf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_50, %alloc_49 : memref<1x16x24xf32>, memref<1x16x1xf32>) outs(%alloc_51 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.mulf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_51, %arg7 : memref<1x16x24xf32>, memref<24xf32>) outs(%alloc_52 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.mulf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_52, %arg8 : memref<1x16x24xf32>, memref<24xf32>) outs(%alloc_53 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %collapse_shape_54 = memref.collapse_shape %alloc_53 [[0, 1], [2]] : memref<1x16x24xf32> into memref<16x24xf32>
    %alloc_55 = memref.alloc() {alignment = 64 : i64} : memref<24x48xf32>
    linalg.transpose ins(%arg9 : memref<48x24xf32>) outs(%alloc_55 : memref<24x48xf32>) permutation = [1, 0] 
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<16x48xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_56 : memref<16x48xf32>)
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<16x48xf32>
    memref.copy %alloc_56, %alloc_57 : memref<16x48xf32> to memref<16x48xf32>
    linalg.matmul ins(%collapse_shape_54, %alloc_55 : memref<16x24xf32>, memref<24x48xf32>) outs(%alloc_57 : memref<16x48xf32>)
    %alloc_58 = memref.alloc() {alignment = 64 : i64} : memref<16x48xf32>
    linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg10 : memref<48xf32>) outs(%alloc_58 : memref<16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_59 = memref.alloc() {alignment = 64 : i64} : memref<16x48xf32>
    linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%alloc_57, %alloc_58 : memref<16x48xf32>, memref<16x48xf32>) outs(%alloc_59 : memref<16x48xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_60 = memref.expand_shape %alloc_59 [[0, 1], [2]] output_shape [1, 16, 48] : memref<16x48xf32> into memref<1x16x48xf32>
    %alloc_61 = memref.alloc() {alignment = 64 : i64} : memref<1x16x48xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_60 : memref<1x16x48xf32>) outs(%alloc_61 : memref<1x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %in, %cst_6 : f32
      %1 = math.erf %0 : f32
      %2 = arith.addf %1, %cst_1 : f32
      %3 = arith.mulf %2, %cst_2 : f32
      %4 = arith.mulf %in, %3 : f32
      linalg.yield %4 : f32
    }
    %collapse_shape_62 = memref.collapse_shape %alloc_61 [[0, 1], [2]] : memref<1x16x48xf32> into memref<16x48xf32>
    %alloc_63 = memref.alloc() {alignment = 64 : i64} : memref<48x24xf32>
    linalg.transpose ins(%arg11 : memref<24x48xf32>) outs(%alloc_63 : memref<48x24xf32>) permutation = [1, 0] 
    %alloc_64 = memref.alloc() {alignment = 64 : i64} : memref<16x24xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_64 : memref<16x24xf32>)
    %alloc_65 = memref.alloc() {alignment = 64 : i64} : memref<16x24xf32>
    memref.copy %alloc_64, %alloc_65 : memref<16x24xf32> to memref<16x24xf32>
    linalg.matmul ins(%collapse_shape_62, %alloc_63 : memref<16x48xf32>, memref<48x24xf32>) outs(%alloc_65 : memref<16x24xf32>)
    %alloc_66 = memref.alloc() {alignment = 64 : i64} : memref<16x24xf32>
    linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg12 : memref<24xf32>) outs(%alloc_66 : memref<16x24xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_67 = memref.alloc() {alignment = 64 : i64} : memref<16x24xf32>
    linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%alloc_65, %alloc_66 : memref<16x24xf32>, memref<16x24xf32>) outs(%alloc_67 : memref<16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_68 = memref.expand_shape %alloc_67 [[0, 1], [2]] output_shape [1, 16, 24] : memref<16x24xf32> into memref<1x16x24xf32>
    %alloc_69 = memref.alloc() {alignment = 64 : i64} : memref<1x16x24xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_37, %expand_shape_68 : memref<1x16x24xf32>, memref<1x16x24xf32>) outs(%alloc_69 : memref<1x16x24xf32>) {
    ^bb0(%in: f32, %in_70: f32, %out: f32):
      %0 = arith.addf %in, %in_70 : f32
      linalg.yield %0 : f32
    }
    return %alloc_69 : memref<1x16x24xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<1x16x24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<32x16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<16x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg7 : memref<24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg8 : memref<24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg9 : memref<48x24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg10 : memref<48xf32> = uninitialized
  memref.global "private" @bufrs_model_arg11 : memref<24x48xf32> = uninitialized
  memref.global "private" @bufrs_model_arg12 : memref<24xf32> = uninitialized

  // The driver's weights and input: element i of a buffer is
  // offset + scale * ((hash(i, key) & 0xFFFFFF) / 2^24 - 0.5)
  // (utils/export_models.py computes the same in PyTorch).
  func.func private @bufrs_model_fill(%buffer: memref<?xf32>, %key: i64, %offset: f32, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %buffer, %c0 : memref<?xf32>
    %mul1 = arith.constant 2654435761 : i64
    %mul2 = arith.constant 1274126177 : i64
    %mask32 = arith.constant 4294967295 : i64
    %mask24 = arith.constant 16777215 : i64
    %s13 = arith.constant 13 : i64
    %s16 = arith.constant 16 : i64
    %unit = arith.constant 5.96046448E-8 : f32
    %half = arith.constant 5.000000e-01 : f32
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %a0 = arith.muli %ii, %mul1 : i64
      %a1 = arith.addi %a0, %key : i64
      %a = arith.andi %a1, %mask32 : i64
      %b0 = arith.shrui %a, %s13 : i64
      %b = arith.xori %a, %b0 : i64
      %c0m = arith.muli %b, %mul2 : i64
      %c = arith.andi %c0m, %mask32 : i64
      %d0 = arith.shrui %c, %s16 : i64
      %d = arith.xori %c, %d0 : i64
      %e = arith.andi %d, %mask24 : i64
      %f = arith.sitofp %e : i64 to f32
      %u = arith.mulf %f, %unit : f32
      %v = arith.subf %u, %half : f32
      %w = arith.mulf %v, %scale : f32
      %x = arith.addf %w, %offset : f32
      memref.store %x, %buffer[%i] : memref<?xf32>
    }
    return
  }
  func.func private @bufrs_print_f64(f64)
  func.func @run() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %g0 = memref.get_global @bufrs_model_input : memref<1x16x24xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1, 2]] : memref<1x16x24xf32> into memref<384xf32>
    %any0 = memref.cast %flat0 : memref<384xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %g1 = memref.get_global @bufrs_model_arg1 : memref<24xf32>
    %flat1 = memref.collapse_shape %g1 [[0]] : memref<24xf32> into memref<24xf32>
    %any1 = memref.cast %flat1 : memref<24xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x3F800000 : f32
    %scale1 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<24xf32>
    %flat2 = memref.collapse_shape %g2 [[0]] : memref<24xf32> into memref<24xf32>
    %any2 = memref.cast %flat2 : memref<24xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x00000000 : f32
    %scale2 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<32x16xf32>
    %flat3 = memref.collapse_shape %g3 [[0, 1]] : memref<32x16xf32> into memref<512xf32>
    %any3 = memref.cast %flat3 : memref<512xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<32xf32>
    %flat4 = memref.collapse_shape %g4 [[0]] : memref<32xf32> into memref<32xf32>
    %any4 = memref.cast %flat4 : memref<32xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<16x32xf32>
    %flat5 = memref.collapse_shape %g5 [[0, 1]] : memref<16x32xf32> into memref<512xf32>
    %any5 = memref.cast %flat5 : memref<512xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x00000000 : f32
    %scale5 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<16xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<16xf32> into memref<16xf32>
    %any6 = memref.cast %flat6 : memref<16xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %g7 = memref.get_global @bufrs_model_arg7 : memref<24xf32>
    %flat7 = memref.collapse_shape %g7 [[0]] : memref<24xf32> into memref<24xf32>
    %any7 = memref.cast %flat7 : memref<24xf32> to memref<?xf32>
    %key7 = arith.constant 1067781 : i64
    %offset7 = arith.constant 0x3F800000 : f32
    %scale7 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any7, %key7, %offset7, %scale7) : (memref<?xf32>, i64, f32, f32) -> ()
    %g8 = memref.get_global @bufrs_model_arg8 : memref<24xf32>
    %flat8 = memref.collapse_shape %g8 [[0]] : memref<24xf32> into memref<24xf32>
    %any8 = memref.cast %flat8 : memref<24xf32> to memref<?xf32>
    %key8 = arith.constant 1075700 : i64
    %offset8 = arith.constant 0x00000000 : f32
    %scale8 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any8, %key8, %offset8, %scale8) : (memref<?xf32>, i64, f32, f32) -> ()
    %g9 = memref.get_global @bufrs_model_arg9 : memref<48x24xf32>
    %flat9 = memref.collapse_shape %g9 [[0, 1]] : memref<48x24xf32> into memref<1152xf32>
    %any9 = memref.cast %flat9 : memref<1152xf32> to memref<?xf32>
    %key9 = arith.constant 1083619 : i64
    %offset9 = arith.constant 0x00000000 : f32
    %scale9 = arith.constant 0x3F3504F3 : f32
    func.call @bufrs_model_fill(%any9, %key9, %offset9, %scale9) : (memref<?xf32>, i64, f32, f32) -> ()
    %g10 = memref.get_global @bufrs_model_arg10 : memref<48xf32>
    %flat10 = memref.collapse_shape %g10 [[0]] : memref<48xf32> into memref<48xf32>
    %any10 = memref.cast %flat10 : memref<48xf32> to memref<?xf32>
    %key10 = arith.constant 1091538 : i64
    %offset10 = arith.constant 0x00000000 : f32
    %scale10 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any10, %key10, %offset10, %scale10) : (memref<?xf32>, i64, f32, f32) -> ()
    %g11 = memref.get_global @bufrs_model_arg11 : memref<24x48xf32>
    %flat11 = memref.collapse_shape %g11 [[0, 1]] : memref<24x48xf32> into memref<1152xf32>
    %any11 = memref.cast %flat11 : memref<1152xf32> to memref<?xf32>
    %key11 = arith.constant 1099457 : i64
    %offset11 = arith.constant 0x00000000 : f32
    %scale11 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any11, %key11, %offset11, %scale11) : (memref<?xf32>, i64, f32, f32) -> ()
    %g12 = memref.get_global @bufrs_model_arg12 : memref<24xf32>
    %flat12 = memref.collapse_shape %g12 [[0]] : memref<24xf32> into memref<24xf32>
    %any12 = memref.cast %flat12 : memref<24xf32> to memref<?xf32>
    %key12 = arith.constant 1107376 : i64
    %offset12 = arith.constant 0x00000000 : f32
    %scale12 = arith.constant 0x3F3504F3 : f32
    func.call @bufrs_model_fill(%any12, %key12, %offset12, %scale12) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%g0, %g1, %g2, %g3, %g4, %g5, %g6, %g7, %g8, %g9, %g10, %g11, %g12) : (memref<1x16x24xf32>, memref<24xf32>, memref<24xf32>, memref<32x16xf32>, memref<32xf32>, memref<16x32xf32>, memref<16xf32>, memref<24xf32>, memref<24xf32>, memref<48x24xf32>, memref<48xf32>, memref<24x48xf32>, memref<24xf32>) -> memref<1x16x24xf32>
    %n0 = arith.constant 1 : index
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 16 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %n2 = arith.constant 24 : index
        scf.for %i2 = %c0 to %n2 step %c1 {
          %e = memref.load %result[%i0, %i1, %i2] : memref<1x16x24xf32>
          %d = arith.extf %e : f32 to f64
          func.call @bufrs_print_f64(%d) : (f64) -> ()
        }
      }
    }
    return
  }
}
