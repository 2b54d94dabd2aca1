// lstm bufferized from examples/models/lstm.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/lstm.linalg.mlir '--one-shot-bufferize=copy-before-write bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; lstm.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  memref.global "private" constant @__constant_1x1x32xf32 : memref<1x1x32xf32> = dense<0.000000e+00> {alignment = 64 : i64}
  memref.global "private" constant @__constant_1x32xf32 : memref<1x32xf32> = dense<0.000000e+00> {alignment = 64 : i64}
  func.func @forward(%arg0: memref<1x6x16xf32>, %arg1: memref<128x16xf32>, %arg2: memref<128x32xf32>, %arg3: memref<128xf32>, %arg4: memref<128xf32>, %arg5: memref<4x32xf32>, %arg6: memref<4xf32>) -> memref<1x6x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = memref.get_global @__constant_1x32xf32 : memref<1x32xf32>
    %1 = memref.get_global @__constant_1x1x32xf32 : memref<1x1x32xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x1x16xf32>
    linalg.transpose ins(%arg0 : memref<1x6x16xf32>) outs(%alloc : memref<6x1x16xf32>) permutation = [1, 0, 2] 
    %collapse_shape = memref.collapse_shape %alloc [[0], [1, 2]] : memref<6x1x16xf32> into memref<6x16xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<16x128xf32>
    linalg.transpose ins(%arg1 : memref<128x16xf32>) outs(%alloc_1 : memref<16x128xf32>) permutation = [1, 0] 
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<6x128xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<6x128xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<6x128xf32>
    memref.copy %alloc_2, %alloc_3 : memref<6x128xf32> to memref<6x128xf32>
    linalg.matmul ins(%collapse_shape, %alloc_1 : memref<6x16xf32>, memref<16x128xf32>) outs(%alloc_3 : memref<6x128xf32>)
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : memref<128xf32>) outs(%alloc_4 : memref<6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_3, %alloc_4 : memref<6x128xf32>, memref<6x128xf32>) outs(%alloc_5 : memref<6x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape = memref.expand_shape %alloc_5 [[0], [1, 2]] output_shape [6, 1, 128] : memref<6x128xf32> into memref<6x1x128xf32>
    %subview = memref.subview %expand_shape[0, 0, 0] [1, 1, 128] [1, 1, 1] : memref<6x1x128xf32> to memref<1x1x128xf32, strided<[128, 128, 1]>>
    %subview_6 = memref.subview %expand_shape[1, 0, 0] [1, 1, 128] [1, 1, 1] : memref<6x1x128xf32> to memref<1x1x128xf32, strided<[128, 128, 1], offset: 128>>
    %subview_7 = memref.subview %expand_shape[2, 0, 0] [1, 1, 128] [1, 1, 1] : memref<6x1x128xf32> to memref<1x1x128xf32, strided<[128, 128, 1], offset: 256>>
    %subview_8 = memref.subview %expand_shape[3, 0, 0] [1, 1, 128] [1, 1, 1] : memref<6x1x128xf32> to memref<1x1x128xf32, strided<[128, 128, 1], offset: 384>>
    %subview_9 = memref.subview %expand_shape[4, 0, 0] [1, 1, 128] [1, 1, 1] : memref<6x1x128xf32> to memref<1x1x128xf32, strided<[128, 128, 1], offset: 512>>
    %subview_10 = memref.subview %expand_shape[5, 0, 0] [1, 1, 128] [1, 1, 1] : memref<6x1x128xf32> to memref<1x1x128xf32, strided<[128, 128, 1], offset: 640>>
    %collapse_shape_11 = memref.collapse_shape %subview [[0, 1], [2]] : memref<1x1x128xf32, strided<[128, 128, 1]>> into memref<1x128xf32, strided<[128, 1]>>
    %collapse_shape_12 = memref.collapse_shape %subview_6 [[0, 1], [2]] : memref<1x1x128xf32, strided<[128, 128, 1], offset: 128>> into memref<1x128xf32, strided<[128, 1], offset: 128>>
    %collapse_shape_13 = memref.collapse_shape %subview_7 [[0, 1], [2]] : memref<1x1x128xf32, strided<[128, 128, 1], offset: 256>> into memref<1x128xf32, strided<[128, 1], offset: 256>>
    %collapse_shape_14 = memref.collapse_shape %subview_8 [[0, 1], [2]] : memref<1x1x128xf32, strided<[128, 128, 1], offset: 384>> into memref<1x128xf32, strided<[128, 1], offset: 384>>
    %collapse_shape_15 = memref.collapse_shape %subview_9 [[0, 1], [2]] : memref<1x1x128xf32, strided<[128, 128, 1], offset: 512>> into memref<1x128xf32, strided<[128, 1], offset: 512>>
    %collapse_shape_16 = memref.collapse_shape %subview_10 [[0, 1], [2]] : memref<1x1x128xf32, strided<[128, 128, 1], offset: 640>> into memref<1x128xf32, strided<[128, 1], offset: 640>>
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<32x128xf32>
    linalg.transpose ins(%arg2 : memref<128x32xf32>) outs(%alloc_17 : memref<32x128xf32>) permutation = [1, 0] 
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_18 : memref<1x128xf32>)
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    memref.copy %alloc_18, %alloc_19 : memref<1x128xf32> to memref<1x128xf32>
    linalg.matmul ins(%0, %alloc_17 : memref<1x32xf32>, memref<32x128xf32>) outs(%alloc_19 : memref<1x128xf32>)
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : memref<128xf32>) outs(%alloc_20 : memref<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_19, %alloc_20 : memref<1x128xf32>, memref<1x128xf32>) outs(%alloc_21 : memref<1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_22 = memref.expand_shape %alloc_21 [[0], [1, 2]] output_shape [1, 1, 128] : memref<1x128xf32> into memref<1x1x128xf32>
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<1x1x128xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_22, %collapse_shape_11 : memref<1x1x128xf32>, memref<1x128xf32, strided<[128, 1]>>) outs(%alloc_23 : memref<1x1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %subview_24 = memref.subview %alloc_23[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1]>>
    %subview_25 = memref.subview %alloc_23[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>
    %subview_26 = memref.subview %alloc_23[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>
    %subview_27 = memref.subview %alloc_23[0, 0, 96] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_24 : memref<1x1x32xf32, strided<[128, 128, 1]>>) outs(%alloc_28 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_25 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>) outs(%alloc_29 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_26 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>) outs(%alloc_30 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_27 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>) outs(%alloc_31 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_29, %1 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_32 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_28, %alloc_30 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_33 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_32, %alloc_33 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_34 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_34 : memref<1x1x32xf32>) outs(%alloc_35 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_31, %alloc_35 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_36 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %collapse_shape_37 = memref.collapse_shape %alloc_36 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    memref.copy %alloc_18, %alloc_38 : memref<1x128xf32> to memref<1x128xf32>
    linalg.matmul ins(%collapse_shape_37, %alloc_17 : memref<1x32xf32>, memref<32x128xf32>) outs(%alloc_38 : memref<1x128xf32>)
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_38, %alloc_20 : memref<1x128xf32>, memref<1x128xf32>) outs(%alloc_39 : memref<1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_40 = memref.expand_shape %alloc_39 [[0], [1, 2]] output_shape [1, 1, 128] : memref<1x128xf32> into memref<1x1x128xf32>
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<1x1x128xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_40, %collapse_shape_12 : memref<1x1x128xf32>, memref<1x128xf32, strided<[128, 1], offset: 128>>) outs(%alloc_41 : memref<1x1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %subview_42 = memref.subview %alloc_41[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1]>>
    %subview_43 = memref.subview %alloc_41[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>
    %subview_44 = memref.subview %alloc_41[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>
    %subview_45 = memref.subview %alloc_41[0, 0, 96] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_42 : memref<1x1x32xf32, strided<[128, 128, 1]>>) outs(%alloc_46 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_43 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>) outs(%alloc_47 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_44 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>) outs(%alloc_48 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_45 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>) outs(%alloc_49 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_47, %alloc_34 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_50 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_46, %alloc_48 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_51 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_50, %alloc_51 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_52 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_52 : memref<1x1x32xf32>) outs(%alloc_53 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_49, %alloc_53 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_54 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %collapse_shape_55 = memref.collapse_shape %alloc_54 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    memref.copy %alloc_18, %alloc_56 : memref<1x128xf32> to memref<1x128xf32>
    linalg.matmul ins(%collapse_shape_55, %alloc_17 : memref<1x32xf32>, memref<32x128xf32>) outs(%alloc_56 : memref<1x128xf32>)
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_56, %alloc_20 : memref<1x128xf32>, memref<1x128xf32>) outs(%alloc_57 : memref<1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_58 = memref.expand_shape %alloc_57 [[0], [1, 2]] output_shape [1, 1, 128] : memref<1x128xf32> into memref<1x1x128xf32>
    %alloc_59 = memref.alloc() {alignment = 64 : i64} : memref<1x1x128xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_58, %collapse_shape_13 : memref<1x1x128xf32>, memref<1x128xf32, strided<[128, 1], offset: 256>>) outs(%alloc_59 : memref<1x1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %subview_60 = memref.subview %alloc_59[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1]>>
    %subview_61 = memref.subview %alloc_59[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>
    %subview_62 = memref.subview %alloc_59[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>
    %subview_63 = memref.subview %alloc_59[0, 0, 96] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>
    %alloc_64 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_60 : memref<1x1x32xf32, strided<[128, 128, 1]>>) outs(%alloc_64 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_65 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_61 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>) outs(%alloc_65 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_66 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_62 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>) outs(%alloc_66 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_67 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_63 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>) outs(%alloc_67 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_68 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_65, %alloc_52 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_68 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_69 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_64, %alloc_66 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_69 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_70 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_68, %alloc_69 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_70 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_71 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_70 : memref<1x1x32xf32>) outs(%alloc_71 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_72 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_67, %alloc_71 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_72 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %collapse_shape_73 = memref.collapse_shape %alloc_72 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_74 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    memref.copy %alloc_18, %alloc_74 : memref<1x128xf32> to memref<1x128xf32>
    linalg.matmul ins(%collapse_shape_73, %alloc_17 : memref<1x32xf32>, memref<32x128xf32>) outs(%alloc_74 : memref<1x128xf32>)
    %alloc_75 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_74, %alloc_20 : memref<1x128xf32>, memref<1x128xf32>) outs(%alloc_75 : memref<1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_76 = memref.expand_shape %alloc_75 [[0], [1, 2]] output_shape [1, 1, 128] : memref<1x128xf32> into memref<1x1x128xf32>
    %alloc_77 = memref.alloc() {alignment = 64 : i64} : memref<1x1x128xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_76, %collapse_shape_14 : memref<1x1x128xf32>, memref<1x128xf32, strided<[128, 1], offset: 384>>) outs(%alloc_77 : memref<1x1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %subview_78 = memref.subview %alloc_77[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1]>>
    %subview_79 = memref.subview %alloc_77[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>
    %subview_80 = memref.subview %alloc_77[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>
    %subview_81 = memref.subview %alloc_77[0, 0, 96] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>
    %alloc_82 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_78 : memref<1x1x32xf32, strided<[128, 128, 1]>>) outs(%alloc_82 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_83 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_79 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>) outs(%alloc_83 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_84 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_80 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>) outs(%alloc_84 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_85 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_81 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>) outs(%alloc_85 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_86 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_83, %alloc_70 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_86 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_87 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_82, %alloc_84 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_87 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_88 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_86, %alloc_87 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_88 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_89 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_88 : memref<1x1x32xf32>) outs(%alloc_89 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_90 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_85, %alloc_89 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_90 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %collapse_shape_91 = memref.collapse_shape %alloc_90 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_92 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    memref.copy %alloc_18, %alloc_92 : memref<1x128xf32> to memref<1x128xf32>
    linalg.matmul ins(%collapse_shape_91, %alloc_17 : memref<1x32xf32>, memref<32x128xf32>) outs(%alloc_92 : memref<1x128xf32>)
    %alloc_93 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_92, %alloc_20 : memref<1x128xf32>, memref<1x128xf32>) outs(%alloc_93 : memref<1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_94 = memref.expand_shape %alloc_93 [[0], [1, 2]] output_shape [1, 1, 128] : memref<1x128xf32> into memref<1x1x128xf32>
    %alloc_95 = memref.alloc() {alignment = 64 : i64} : memref<1x1x128xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_94, %collapse_shape_15 : memref<1x1x128xf32>, memref<1x128xf32, strided<[128, 1], offset: 512>>) outs(%alloc_95 : memref<1x1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %subview_96 = memref.subview %alloc_95[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1]>>
    %subview_97 = memref.subview %alloc_95[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>
    %subview_98 = memref.subview %alloc_95[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>
    %subview_99 = memref.subview %alloc_95[0, 0, 96] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>
    %alloc_100 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_96 : memref<1x1x32xf32, strided<[128, 128, 1]>>) outs(%alloc_100 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_101 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_97 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>) outs(%alloc_101 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_102 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_98 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>) outs(%alloc_102 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_103 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_99 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>) outs(%alloc_103 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_104 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_101, %alloc_88 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_104 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_105 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_100, %alloc_102 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_105 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_106 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_104, %alloc_105 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_106 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_107 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_106 : memref<1x1x32xf32>) outs(%alloc_107 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_108 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_103, %alloc_107 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_108 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %collapse_shape_109 = memref.collapse_shape %alloc_108 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_110 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    memref.copy %alloc_18, %alloc_110 : memref<1x128xf32> to memref<1x128xf32>
    linalg.matmul ins(%collapse_shape_109, %alloc_17 : memref<1x32xf32>, memref<32x128xf32>) outs(%alloc_110 : memref<1x128xf32>)
    %alloc_111 = memref.alloc() {alignment = 64 : i64} : memref<1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_110, %alloc_20 : memref<1x128xf32>, memref<1x128xf32>) outs(%alloc_111 : memref<1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_112 = memref.expand_shape %alloc_111 [[0], [1, 2]] output_shape [1, 1, 128] : memref<1x128xf32> into memref<1x1x128xf32>
    %alloc_113 = memref.alloc() {alignment = 64 : i64} : memref<1x1x128xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape_112, %collapse_shape_16 : memref<1x1x128xf32>, memref<1x128xf32, strided<[128, 1], offset: 640>>) outs(%alloc_113 : memref<1x1x128xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %subview_114 = memref.subview %alloc_113[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1]>>
    %subview_115 = memref.subview %alloc_113[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>
    %subview_116 = memref.subview %alloc_113[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>
    %subview_117 = memref.subview %alloc_113[0, 0, 96] [1, 1, 32] [1, 1, 1] : memref<1x1x128xf32> to memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>
    %alloc_118 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_114 : memref<1x1x32xf32, strided<[128, 128, 1]>>) outs(%alloc_118 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_119 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_115 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 32>>) outs(%alloc_119 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_120 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_116 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 64>>) outs(%alloc_120 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_121 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_117 : memref<1x1x32xf32, strided<[128, 128, 1], offset: 96>>) outs(%alloc_121 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_122 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_119, %alloc_106 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_122 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_123 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_118, %alloc_120 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_123 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_124 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_122, %alloc_123 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_124 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_125 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_124 : memref<1x1x32xf32>) outs(%alloc_125 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_126 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_121, %alloc_125 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_126 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.mulf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %alloc_127 = memref.alloc() {alignment = 64 : i64} : memref<6x1x32xf32>
    %subview_128 = memref.subview %alloc_127[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1]>>
    memref.copy %alloc_36, %subview_128 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1]>>
    %subview_129 = memref.subview %alloc_127[1, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 32>>
    memref.copy %alloc_54, %subview_129 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 32>>
    %subview_130 = memref.subview %alloc_127[2, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 64>>
    memref.copy %alloc_72, %subview_130 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 64>>
    %subview_131 = memref.subview %alloc_127[3, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 96>>
    memref.copy %alloc_90, %subview_131 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 96>>
    %subview_132 = memref.subview %alloc_127[4, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 128>>
    memref.copy %alloc_108, %subview_132 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 128>>
    %subview_133 = memref.subview %alloc_127[5, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 160>>
    memref.copy %alloc_126, %subview_133 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 160>>
    %alloc_134 = memref.alloc() {alignment = 64 : i64} : memref<1x6x32xf32>
    linalg.transpose ins(%alloc_127 : memref<6x1x32xf32>) outs(%alloc_134 : memref<1x6x32xf32>) permutation = [1, 0, 2] 
    %collapse_shape_135 = memref.collapse_shape %alloc_134 [[0, 1], [2]] : memref<1x6x32xf32> into memref<6x32xf32>
    %alloc_136 = memref.alloc() {alignment = 64 : i64} : memref<32x4xf32>
    linalg.transpose ins(%arg5 : memref<4x32xf32>) outs(%alloc_136 : memref<32x4xf32>) permutation = [1, 0] 
    %alloc_137 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_137 : memref<6x4xf32>)
    %alloc_138 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    memref.copy %alloc_137, %alloc_138 : memref<6x4xf32> to memref<6x4xf32>
    linalg.matmul ins(%collapse_shape_135, %alloc_136 : memref<6x32xf32>, memref<32x4xf32>) outs(%alloc_138 : memref<6x4xf32>)
    %alloc_139 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : memref<4xf32>) outs(%alloc_139 : memref<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_140 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_138, %alloc_139 : memref<6x4xf32>, memref<6x4xf32>) outs(%alloc_140 : memref<6x4xf32>) {
    ^bb0(%in: f32, %in_142: f32, %out: f32):
      %2 = arith.addf %in, %in_142 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_141 = memref.expand_shape %alloc_140 [[0, 1], [2]] output_shape [1, 6, 4] : memref<6x4xf32> into memref<1x6x4xf32>
    return %expand_shape_141 : memref<1x6x4xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<1x6x16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<128x16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<128x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<4x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<4xf32> = uninitialized

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
    %g0 = memref.get_global @bufrs_model_input : memref<1x6x16xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1, 2]] : memref<1x6x16xf32> into memref<96xf32>
    %any0 = memref.cast %flat0 : memref<96xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %g1 = memref.get_global @bufrs_model_arg1 : memref<128x16xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1]] : memref<128x16xf32> into memref<2048xf32>
    %any1 = memref.cast %flat1 : memref<2048xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<128x32xf32>
    %flat2 = memref.collapse_shape %g2 [[0, 1]] : memref<128x32xf32> into memref<4096xf32>
    %any2 = memref.cast %flat2 : memref<4096xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x00000000 : f32
    %scale2 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<128xf32>
    %flat3 = memref.collapse_shape %g3 [[0]] : memref<128xf32> into memref<128xf32>
    %any3 = memref.cast %flat3 : memref<128xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3E9CC471 : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<128xf32>
    %flat4 = memref.collapse_shape %g4 [[0]] : memref<128xf32> into memref<128xf32>
    %any4 = memref.cast %flat4 : memref<128xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3E9CC471 : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<4x32xf32>
    %flat5 = memref.collapse_shape %g5 [[0, 1]] : memref<4x32xf32> into memref<128xf32>
    %any5 = memref.cast %flat5 : memref<128xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x00000000 : f32
    %scale5 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<4xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<4xf32> into memref<4xf32>
    %any6 = memref.cast %flat6 : memref<4xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3FDDB3D7 : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%g0, %g1, %g2, %g3, %g4, %g5, %g6) : (memref<1x6x16xf32>, memref<128x16xf32>, memref<128x32xf32>, memref<128xf32>, memref<128xf32>, memref<4x32xf32>, memref<4xf32>) -> memref<1x6x4xf32>
    %n0 = arith.constant 1 : index
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 6 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %n2 = arith.constant 4 : index
        scf.for %i2 = %c0 to %n2 step %c1 {
          %e = memref.load %result[%i0, %i1, %i2] : memref<1x6x4xf32>
          %d = arith.extf %e : f32 to f64
          func.call @bufrs_print_f64(%d) : (f64) -> ()
        }
      }
    }
    return
  }
}
