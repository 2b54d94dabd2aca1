// gru bufferized from examples/models/gru.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/gru.linalg.mlir '--one-shot-bufferize=copy-before-write bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; gru.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  memref.global "private" constant @__constant_1x1x32xf32 : memref<1x1x32xf32> = dense<0.000000e+00> {alignment = 64 : i64}
  memref.global "private" constant @__constant_1x32xf32 : memref<1x32xf32> = dense<0.000000e+00> {alignment = 64 : i64}
  func.func @forward(%arg0: memref<1x6x16xf32>, %arg1: memref<96x16xf32>, %arg2: memref<96x32xf32>, %arg3: memref<96xf32>, %arg4: memref<96xf32>, %arg5: memref<4x32xf32>, %arg6: memref<4xf32>) -> memref<1x6x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = memref.get_global @__constant_1x32xf32 : memref<1x32xf32>
    %1 = memref.get_global @__constant_1x1x32xf32 : memref<1x1x32xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x1x16xf32>
    linalg.transpose ins(%arg0 : memref<1x6x16xf32>) outs(%alloc : memref<6x1x16xf32>) permutation = [1, 0, 2] 
    %collapse_shape = memref.collapse_shape %alloc [[0], [1, 2]] : memref<6x1x16xf32> into memref<6x16xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<16x96xf32>
    linalg.transpose ins(%arg1 : memref<96x16xf32>) outs(%alloc_1 : memref<16x96xf32>) permutation = [1, 0] 
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<6x96xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<6x96xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<6x96xf32>
    memref.copy %alloc_2, %alloc_3 : memref<6x96xf32> to memref<6x96xf32>
    linalg.matmul ins(%collapse_shape, %alloc_1 : memref<6x16xf32>, memref<16x96xf32>) outs(%alloc_3 : memref<6x96xf32>)
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<6x96xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : memref<96xf32>) outs(%alloc_4 : memref<6x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<6x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_3, %alloc_4 : memref<6x96xf32>, memref<6x96xf32>) outs(%alloc_5 : memref<6x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape = memref.expand_shape %alloc_5 [[0], [1, 2]] output_shape [6, 1, 96] : memref<6x96xf32> into memref<6x1x96xf32>
    %subview = memref.subview %expand_shape[0, 0, 0] [1, 1, 96] [1, 1, 1] : memref<6x1x96xf32> to memref<1x1x96xf32, strided<[96, 96, 1]>>
    %subview_6 = memref.subview %expand_shape[1, 0, 0] [1, 1, 96] [1, 1, 1] : memref<6x1x96xf32> to memref<1x1x96xf32, strided<[96, 96, 1], offset: 96>>
    %subview_7 = memref.subview %expand_shape[2, 0, 0] [1, 1, 96] [1, 1, 1] : memref<6x1x96xf32> to memref<1x1x96xf32, strided<[96, 96, 1], offset: 192>>
    %subview_8 = memref.subview %expand_shape[3, 0, 0] [1, 1, 96] [1, 1, 1] : memref<6x1x96xf32> to memref<1x1x96xf32, strided<[96, 96, 1], offset: 288>>
    %subview_9 = memref.subview %expand_shape[4, 0, 0] [1, 1, 96] [1, 1, 1] : memref<6x1x96xf32> to memref<1x1x96xf32, strided<[96, 96, 1], offset: 384>>
    %subview_10 = memref.subview %expand_shape[5, 0, 0] [1, 1, 96] [1, 1, 1] : memref<6x1x96xf32> to memref<1x1x96xf32, strided<[96, 96, 1], offset: 480>>
    %collapse_shape_11 = memref.collapse_shape %subview [[0, 1], [2]] : memref<1x1x96xf32, strided<[96, 96, 1]>> into memref<1x96xf32, strided<[96, 1]>>
    %collapse_shape_12 = memref.collapse_shape %subview_6 [[0, 1], [2]] : memref<1x1x96xf32, strided<[96, 96, 1], offset: 96>> into memref<1x96xf32, strided<[96, 1], offset: 96>>
    %collapse_shape_13 = memref.collapse_shape %subview_7 [[0, 1], [2]] : memref<1x1x96xf32, strided<[96, 96, 1], offset: 192>> into memref<1x96xf32, strided<[96, 1], offset: 192>>
    %collapse_shape_14 = memref.collapse_shape %subview_8 [[0, 1], [2]] : memref<1x1x96xf32, strided<[96, 96, 1], offset: 288>> into memref<1x96xf32, strided<[96, 1], offset: 288>>
    %collapse_shape_15 = memref.collapse_shape %subview_9 [[0, 1], [2]] : memref<1x1x96xf32, strided<[96, 96, 1], offset: 384>> into memref<1x96xf32, strided<[96, 1], offset: 384>>
    %collapse_shape_16 = memref.collapse_shape %subview_10 [[0, 1], [2]] : memref<1x1x96xf32, strided<[96, 96, 1], offset: 480>> into memref<1x96xf32, strided<[96, 1], offset: 480>>
    %subview_17 = memref.subview %collapse_shape_11[0, 0] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1]>> to memref<1x32xf32, strided<[96, 1]>>
    %subview_18 = memref.subview %collapse_shape_11[0, 32] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1]>> to memref<1x32xf32, strided<[96, 1], offset: 32>>
    %subview_19 = memref.subview %collapse_shape_11[0, 64] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1]>> to memref<1x32xf32, strided<[96, 1], offset: 64>>
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<32x96xf32>
    linalg.transpose ins(%arg2 : memref<96x32xf32>) outs(%alloc_20 : memref<32x96xf32>) permutation = [1, 0] 
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_21 : memref<1x96xf32>)
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    memref.copy %alloc_21, %alloc_22 : memref<1x96xf32> to memref<1x96xf32>
    linalg.matmul ins(%0, %alloc_20 : memref<1x32xf32>, memref<32x96xf32>) outs(%alloc_22 : memref<1x96xf32>)
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : memref<96xf32>) outs(%alloc_23 : memref<1x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_22, %alloc_23 : memref<1x96xf32>, memref<1x96xf32>) outs(%alloc_24 : memref<1x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_25 = memref.expand_shape %alloc_24 [[0], [1, 2]] output_shape [1, 1, 96] : memref<1x96xf32> into memref<1x1x96xf32>
    %subview_26 = memref.subview %expand_shape_25[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1]>>
    %subview_27 = memref.subview %expand_shape_25[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>
    %subview_28 = memref.subview %expand_shape_25[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_26, %subview_17 : memref<1x1x32xf32, strided<[96, 96, 1]>>, memref<1x32xf32, strided<[96, 1]>>) outs(%alloc_29 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_29 : memref<1x1x32xf32>) outs(%alloc_30 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_27, %subview_18 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>, memref<1x32xf32, strided<[96, 1], offset: 32>>) outs(%alloc_31 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_31 : memref<1x1x32xf32>) outs(%alloc_32 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_28, %alloc_30 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_33 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_19, %alloc_33 : memref<1x32xf32, strided<[96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_34 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_34 : memref<1x1x32xf32>) outs(%alloc_35 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %alloc_35 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_36 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.subf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_36, %alloc_32 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_37 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_37, %alloc_35 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_38 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %subview_39 = memref.subview %collapse_shape_12[0, 0] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 96>> to memref<1x32xf32, strided<[96, 1], offset: 96>>
    %subview_40 = memref.subview %collapse_shape_12[0, 32] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 96>> to memref<1x32xf32, strided<[96, 1], offset: 128>>
    %subview_41 = memref.subview %collapse_shape_12[0, 64] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 96>> to memref<1x32xf32, strided<[96, 1], offset: 160>>
    %collapse_shape_42 = memref.collapse_shape %alloc_38 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    memref.copy %alloc_21, %alloc_43 : memref<1x96xf32> to memref<1x96xf32>
    linalg.matmul ins(%collapse_shape_42, %alloc_20 : memref<1x32xf32>, memref<32x96xf32>) outs(%alloc_43 : memref<1x96xf32>)
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_43, %alloc_23 : memref<1x96xf32>, memref<1x96xf32>) outs(%alloc_44 : memref<1x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_45 = memref.expand_shape %alloc_44 [[0], [1, 2]] output_shape [1, 1, 96] : memref<1x96xf32> into memref<1x1x96xf32>
    %subview_46 = memref.subview %expand_shape_45[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1]>>
    %subview_47 = memref.subview %expand_shape_45[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>
    %subview_48 = memref.subview %expand_shape_45[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_46, %subview_39 : memref<1x1x32xf32, strided<[96, 96, 1]>>, memref<1x32xf32, strided<[96, 1], offset: 96>>) outs(%alloc_49 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_49 : memref<1x1x32xf32>) outs(%alloc_50 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_47, %subview_40 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>, memref<1x32xf32, strided<[96, 1], offset: 128>>) outs(%alloc_51 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_51 : memref<1x1x32xf32>) outs(%alloc_52 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_48, %alloc_50 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_53 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_41, %alloc_53 : memref<1x32xf32, strided<[96, 1], offset: 160>>, memref<1x1x32xf32>) outs(%alloc_54 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_55 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_54 : memref<1x1x32xf32>) outs(%alloc_55 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_38, %alloc_55 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_56 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.subf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_56, %alloc_52 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_57 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_58 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_57, %alloc_55 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_58 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %subview_59 = memref.subview %collapse_shape_13[0, 0] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 192>> to memref<1x32xf32, strided<[96, 1], offset: 192>>
    %subview_60 = memref.subview %collapse_shape_13[0, 32] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 192>> to memref<1x32xf32, strided<[96, 1], offset: 224>>
    %subview_61 = memref.subview %collapse_shape_13[0, 64] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 192>> to memref<1x32xf32, strided<[96, 1], offset: 256>>
    %collapse_shape_62 = memref.collapse_shape %alloc_58 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_63 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    memref.copy %alloc_21, %alloc_63 : memref<1x96xf32> to memref<1x96xf32>
    linalg.matmul ins(%collapse_shape_62, %alloc_20 : memref<1x32xf32>, memref<32x96xf32>) outs(%alloc_63 : memref<1x96xf32>)
    %alloc_64 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_63, %alloc_23 : memref<1x96xf32>, memref<1x96xf32>) outs(%alloc_64 : memref<1x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_65 = memref.expand_shape %alloc_64 [[0], [1, 2]] output_shape [1, 1, 96] : memref<1x96xf32> into memref<1x1x96xf32>
    %subview_66 = memref.subview %expand_shape_65[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1]>>
    %subview_67 = memref.subview %expand_shape_65[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>
    %subview_68 = memref.subview %expand_shape_65[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>
    %alloc_69 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_66, %subview_59 : memref<1x1x32xf32, strided<[96, 96, 1]>>, memref<1x32xf32, strided<[96, 1], offset: 192>>) outs(%alloc_69 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_70 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_69 : memref<1x1x32xf32>) outs(%alloc_70 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_71 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_67, %subview_60 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>, memref<1x32xf32, strided<[96, 1], offset: 224>>) outs(%alloc_71 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_72 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_71 : memref<1x1x32xf32>) outs(%alloc_72 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_73 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_68, %alloc_70 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_73 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_74 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_61, %alloc_73 : memref<1x32xf32, strided<[96, 1], offset: 256>>, memref<1x1x32xf32>) outs(%alloc_74 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_75 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_74 : memref<1x1x32xf32>) outs(%alloc_75 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_76 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_58, %alloc_75 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_76 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.subf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_77 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_76, %alloc_72 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_77 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_78 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_77, %alloc_75 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_78 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %subview_79 = memref.subview %collapse_shape_14[0, 0] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 288>> to memref<1x32xf32, strided<[96, 1], offset: 288>>
    %subview_80 = memref.subview %collapse_shape_14[0, 32] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 288>> to memref<1x32xf32, strided<[96, 1], offset: 320>>
    %subview_81 = memref.subview %collapse_shape_14[0, 64] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 288>> to memref<1x32xf32, strided<[96, 1], offset: 352>>
    %collapse_shape_82 = memref.collapse_shape %alloc_78 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_83 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    memref.copy %alloc_21, %alloc_83 : memref<1x96xf32> to memref<1x96xf32>
    linalg.matmul ins(%collapse_shape_82, %alloc_20 : memref<1x32xf32>, memref<32x96xf32>) outs(%alloc_83 : memref<1x96xf32>)
    %alloc_84 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_83, %alloc_23 : memref<1x96xf32>, memref<1x96xf32>) outs(%alloc_84 : memref<1x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_85 = memref.expand_shape %alloc_84 [[0], [1, 2]] output_shape [1, 1, 96] : memref<1x96xf32> into memref<1x1x96xf32>
    %subview_86 = memref.subview %expand_shape_85[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1]>>
    %subview_87 = memref.subview %expand_shape_85[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>
    %subview_88 = memref.subview %expand_shape_85[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>
    %alloc_89 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_86, %subview_79 : memref<1x1x32xf32, strided<[96, 96, 1]>>, memref<1x32xf32, strided<[96, 1], offset: 288>>) outs(%alloc_89 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_90 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_89 : memref<1x1x32xf32>) outs(%alloc_90 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_91 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_87, %subview_80 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>, memref<1x32xf32, strided<[96, 1], offset: 320>>) outs(%alloc_91 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_92 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_91 : memref<1x1x32xf32>) outs(%alloc_92 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_93 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_88, %alloc_90 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_93 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_94 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_81, %alloc_93 : memref<1x32xf32, strided<[96, 1], offset: 352>>, memref<1x1x32xf32>) outs(%alloc_94 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_95 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_94 : memref<1x1x32xf32>) outs(%alloc_95 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_96 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_78, %alloc_95 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_96 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.subf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_97 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_96, %alloc_92 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_97 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_98 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_97, %alloc_95 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_98 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %subview_99 = memref.subview %collapse_shape_15[0, 0] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 384>> to memref<1x32xf32, strided<[96, 1], offset: 384>>
    %subview_100 = memref.subview %collapse_shape_15[0, 32] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 384>> to memref<1x32xf32, strided<[96, 1], offset: 416>>
    %subview_101 = memref.subview %collapse_shape_15[0, 64] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 384>> to memref<1x32xf32, strided<[96, 1], offset: 448>>
    %collapse_shape_102 = memref.collapse_shape %alloc_98 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_103 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    memref.copy %alloc_21, %alloc_103 : memref<1x96xf32> to memref<1x96xf32>
    linalg.matmul ins(%collapse_shape_102, %alloc_20 : memref<1x32xf32>, memref<32x96xf32>) outs(%alloc_103 : memref<1x96xf32>)
    %alloc_104 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_103, %alloc_23 : memref<1x96xf32>, memref<1x96xf32>) outs(%alloc_104 : memref<1x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_105 = memref.expand_shape %alloc_104 [[0], [1, 2]] output_shape [1, 1, 96] : memref<1x96xf32> into memref<1x1x96xf32>
    %subview_106 = memref.subview %expand_shape_105[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1]>>
    %subview_107 = memref.subview %expand_shape_105[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>
    %subview_108 = memref.subview %expand_shape_105[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>
    %alloc_109 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_106, %subview_99 : memref<1x1x32xf32, strided<[96, 96, 1]>>, memref<1x32xf32, strided<[96, 1], offset: 384>>) outs(%alloc_109 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_110 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_109 : memref<1x1x32xf32>) outs(%alloc_110 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_111 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_107, %subview_100 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>, memref<1x32xf32, strided<[96, 1], offset: 416>>) outs(%alloc_111 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_112 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_111 : memref<1x1x32xf32>) outs(%alloc_112 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_113 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_108, %alloc_110 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_113 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_114 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_101, %alloc_113 : memref<1x32xf32, strided<[96, 1], offset: 448>>, memref<1x1x32xf32>) outs(%alloc_114 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_115 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_114 : memref<1x1x32xf32>) outs(%alloc_115 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_116 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_98, %alloc_115 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_116 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.subf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_117 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_116, %alloc_112 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_117 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_118 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_117, %alloc_115 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_118 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %subview_119 = memref.subview %collapse_shape_16[0, 0] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 480>> to memref<1x32xf32, strided<[96, 1], offset: 480>>
    %subview_120 = memref.subview %collapse_shape_16[0, 32] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 480>> to memref<1x32xf32, strided<[96, 1], offset: 512>>
    %subview_121 = memref.subview %collapse_shape_16[0, 64] [1, 32] [1, 1] : memref<1x96xf32, strided<[96, 1], offset: 480>> to memref<1x32xf32, strided<[96, 1], offset: 544>>
    %collapse_shape_122 = memref.collapse_shape %alloc_118 [[0], [1, 2]] : memref<1x1x32xf32> into memref<1x32xf32>
    %alloc_123 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    memref.copy %alloc_21, %alloc_123 : memref<1x96xf32> to memref<1x96xf32>
    linalg.matmul ins(%collapse_shape_122, %alloc_20 : memref<1x32xf32>, memref<32x96xf32>) outs(%alloc_123 : memref<1x96xf32>)
    %alloc_124 = memref.alloc() {alignment = 64 : i64} : memref<1x96xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_123, %alloc_23 : memref<1x96xf32>, memref<1x96xf32>) outs(%alloc_124 : memref<1x96xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_125 = memref.expand_shape %alloc_124 [[0], [1, 2]] output_shape [1, 1, 96] : memref<1x96xf32> into memref<1x1x96xf32>
    %subview_126 = memref.subview %expand_shape_125[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1]>>
    %subview_127 = memref.subview %expand_shape_125[0, 0, 32] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>
    %subview_128 = memref.subview %expand_shape_125[0, 0, 64] [1, 1, 32] [1, 1, 1] : memref<1x1x96xf32> to memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>
    %alloc_129 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_126, %subview_119 : memref<1x1x32xf32, strided<[96, 96, 1]>>, memref<1x32xf32, strided<[96, 1], offset: 480>>) outs(%alloc_129 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_130 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_129 : memref<1x1x32xf32>) outs(%alloc_130 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_131 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_127, %subview_120 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 32>>, memref<1x32xf32, strided<[96, 1], offset: 512>>) outs(%alloc_131 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_132 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_131 : memref<1x1x32xf32>) outs(%alloc_132 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %cst_0 : f32
      %5 = arith.divf %cst_0, %4 : f32
      linalg.yield %5 : f32
    }
    %alloc_133 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_128, %alloc_130 : memref<1x1x32xf32, strided<[96, 96, 1], offset: 64>>, memref<1x1x32xf32>) outs(%alloc_133 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_134 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_121, %alloc_133 : memref<1x32xf32, strided<[96, 1], offset: 544>>, memref<1x1x32xf32>) outs(%alloc_134 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_135 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_134 : memref<1x1x32xf32>) outs(%alloc_135 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.tanh %in : f32
      linalg.yield %2 : f32
    }
    %alloc_136 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_118, %alloc_135 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_136 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.subf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_137 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_136, %alloc_132 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_137 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.mulf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_138 = memref.alloc() {alignment = 64 : i64} : memref<1x1x32xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_137, %alloc_135 : memref<1x1x32xf32>, memref<1x1x32xf32>) outs(%alloc_138 : memref<1x1x32xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %alloc_139 = memref.alloc() {alignment = 64 : i64} : memref<6x1x32xf32>
    %subview_140 = memref.subview %alloc_139[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1]>>
    memref.copy %alloc_38, %subview_140 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1]>>
    %subview_141 = memref.subview %alloc_139[1, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 32>>
    memref.copy %alloc_58, %subview_141 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 32>>
    %subview_142 = memref.subview %alloc_139[2, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 64>>
    memref.copy %alloc_78, %subview_142 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 64>>
    %subview_143 = memref.subview %alloc_139[3, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 96>>
    memref.copy %alloc_98, %subview_143 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 96>>
    %subview_144 = memref.subview %alloc_139[4, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 128>>
    memref.copy %alloc_118, %subview_144 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 128>>
    %subview_145 = memref.subview %alloc_139[5, 0, 0] [1, 1, 32] [1, 1, 1] : memref<6x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 160>>
    memref.copy %alloc_138, %subview_145 : memref<1x1x32xf32> to memref<1x1x32xf32, strided<[32, 32, 1], offset: 160>>
    %alloc_146 = memref.alloc() {alignment = 64 : i64} : memref<1x6x32xf32>
    linalg.transpose ins(%alloc_139 : memref<6x1x32xf32>) outs(%alloc_146 : memref<1x6x32xf32>) permutation = [1, 0, 2] 
    %collapse_shape_147 = memref.collapse_shape %alloc_146 [[0, 1], [2]] : memref<1x6x32xf32> into memref<6x32xf32>
    %alloc_148 = memref.alloc() {alignment = 64 : i64} : memref<32x4xf32>
    linalg.transpose ins(%arg5 : memref<4x32xf32>) outs(%alloc_148 : memref<32x4xf32>) permutation = [1, 0] 
    %alloc_149 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_149 : memref<6x4xf32>)
    %alloc_150 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    memref.copy %alloc_149, %alloc_150 : memref<6x4xf32> to memref<6x4xf32>
    linalg.matmul ins(%collapse_shape_147, %alloc_148 : memref<6x32xf32>, memref<32x4xf32>) outs(%alloc_150 : memref<6x4xf32>)
    %alloc_151 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : memref<4xf32>) outs(%alloc_151 : memref<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_152 = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_150, %alloc_151 : memref<6x4xf32>, memref<6x4xf32>) outs(%alloc_152 : memref<6x4xf32>) {
    ^bb0(%in: f32, %in_154: f32, %out: f32):
      %2 = arith.addf %in, %in_154 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_153 = memref.expand_shape %alloc_152 [[0, 1], [2]] output_shape [1, 6, 4] : memref<6x4xf32> into memref<1x6x4xf32>
    return %expand_shape_153 : memref<1x6x4xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<1x6x16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<96x16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<96x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<96xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<96xf32> = uninitialized
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
    %g1 = memref.get_global @bufrs_model_arg1 : memref<96x16xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1]] : memref<96x16xf32> into memref<1536xf32>
    %any1 = memref.cast %flat1 : memref<1536xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<96x32xf32>
    %flat2 = memref.collapse_shape %g2 [[0, 1]] : memref<96x32xf32> into memref<3072xf32>
    %any2 = memref.cast %flat2 : memref<3072xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x00000000 : f32
    %scale2 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<96xf32>
    %flat3 = memref.collapse_shape %g3 [[0]] : memref<96xf32> into memref<96xf32>
    %any3 = memref.cast %flat3 : memref<96xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3EB504F3 : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<96xf32>
    %flat4 = memref.collapse_shape %g4 [[0]] : memref<96xf32> into memref<96xf32>
    %any4 = memref.cast %flat4 : memref<96xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3EB504F3 : f32
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
    %result = func.call @forward(%g0, %g1, %g2, %g3, %g4, %g5, %g6) : (memref<1x6x16xf32>, memref<96x16xf32>, memref<96x32xf32>, memref<96xf32>, memref<96xf32>, memref<4x32xf32>, memref<4xf32>) -> memref<1x6x4xf32>
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
