// encoder: nn.TransformerEncoderLayer d=32, 4 heads, ff 64; 1x8x32. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (12 tensors after the input).

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @forward(%arg0: tensor<1x8x32xf32>, %arg1: tensor<96x32xf32>, %arg2: tensor<96xf32>, %arg3: tensor<32x32xf32>, %arg4: tensor<32xf32>, %arg5: tensor<64x32xf32>, %arg6: tensor<64xf32>, %arg7: tensor<32x64xf32>, %arg8: tensor<32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>, %arg11: tensor<32xf32>, %arg12: tensor<32xf32>) -> tensor<1x8x32xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<1x4x8x8xf32>
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 0xFFF0000000000000 : f64
    %cst_5 = arith.constant 0.59460355750136051 : f64
    %cst_6 = arith.constant 3.200000e+01 : f64
    %cst_7 = arith.constant 3.200000e+01 : f32
    %0 = tensor.empty() : tensor<8x1x32xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<1x8x32xf32>) outs(%0 : tensor<8x1x32xf32>) permutation = [1, 0, 2] 
    %collapsed = tensor.collapse_shape %transposed [[0], [1, 2]] : tensor<8x1x32xf32> into tensor<8x32xf32>
    %1 = tensor.empty() : tensor<32x96xf32>
    %transposed_8 = linalg.transpose ins(%arg1 : tensor<96x32xf32>) outs(%1 : tensor<32x96xf32>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<8x96xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<8x96xf32>) -> tensor<8x96xf32>
    %4 = linalg.matmul ins(%collapsed, %transposed_8 : tensor<8x32xf32>, tensor<32x96xf32>) outs(%3 : tensor<8x96xf32>) -> tensor<8x96xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<96xf32>) outs(%2 : tensor<8x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x96xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %5 : tensor<8x96xf32>, tensor<8x96xf32>) outs(%2 : tensor<8x96xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<8x96xf32>
    %expanded = tensor.expand_shape %6 [[0, 1], [2, 3, 4]] output_shape [1, 8, 1, 3, 32] : tensor<8x96xf32> into tensor<1x8x1x3x32xf32>
    %7 = tensor.empty() : tensor<3x8x1x1x32xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x1x3x32xf32>) outs(%7 : tensor<3x8x1x1x32xf32>) permutation = [3, 1, 2, 0, 4] 
    %collapsed_10 = tensor.collapse_shape %transposed_9 [[0], [1], [2, 3], [4]] : tensor<3x8x1x1x32xf32> into tensor<3x8x1x32xf32>
    %extracted_slice = tensor.extract_slice %collapsed_10[0, 0, 0, 0] [1, 8, 1, 32] [1, 1, 1, 1] : tensor<3x8x1x32xf32> to tensor<1x8x1x32xf32>
    %extracted_slice_11 = tensor.extract_slice %collapsed_10[1, 0, 0, 0] [1, 8, 1, 32] [1, 1, 1, 1] : tensor<3x8x1x32xf32> to tensor<1x8x1x32xf32>
    %extracted_slice_12 = tensor.extract_slice %collapsed_10[2, 0, 0, 0] [1, 8, 1, 32] [1, 1, 1, 1] : tensor<3x8x1x32xf32> to tensor<1x8x1x32xf32>
    %collapsed_13 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
    %expanded_14 = tensor.expand_shape %collapsed_13 [[0], [1, 2]] output_shape [8, 4, 8] : tensor<8x32xf32> into tensor<8x4x8xf32>
    %8 = tensor.empty() : tensor<4x8x8xf32>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<8x4x8xf32>) outs(%8 : tensor<4x8x8xf32>) permutation = [1, 0, 2] 
    %collapsed_16 = tensor.collapse_shape %extracted_slice_11 [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
    %expanded_17 = tensor.expand_shape %collapsed_16 [[0], [1, 2]] output_shape [8, 4, 8] : tensor<8x32xf32> into tensor<8x4x8xf32>
    %transposed_18 = linalg.transpose ins(%expanded_17 : tensor<8x4x8xf32>) outs(%8 : tensor<4x8x8xf32>) permutation = [1, 0, 2] 
    %collapsed_19 = tensor.collapse_shape %extracted_slice_12 [[0, 1], [2, 3]] : tensor<1x8x1x32xf32> into tensor<8x32xf32>
    %expanded_20 = tensor.expand_shape %collapsed_19 [[0], [1, 2]] output_shape [8, 4, 8] : tensor<8x32xf32> into tensor<8x4x8xf32>
    %transposed_21 = linalg.transpose ins(%expanded_20 : tensor<8x4x8xf32>) outs(%8 : tensor<4x8x8xf32>) permutation = [1, 0, 2] 
    %expanded_22 = tensor.expand_shape %transposed_15 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %expanded_23 = tensor.expand_shape %transposed_18 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %9 = tensor.empty() : tensor<1x4x8x8xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<1x4x8x8xf32>) outs(%9 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.truncf %cst_5 : f64 to f32
      %92 = arith.mulf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x8x8xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x4x8x8xf32>) outs(%9 : tensor<1x4x8x8xf32>) permutation = [0, 1, 3, 2] 
    %11 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_24 : tensor<1x4x8x8xf32>) outs(%9 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.truncf %cst_5 : f64 to f32
      %92 = arith.mulf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_25 = tensor.collapse_shape %10 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_26 = tensor.collapse_shape %11 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%8 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %13 = linalg.batch_matmul ins(%collapsed_25, %collapsed_26 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%12 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_27 = tensor.expand_shape %13 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %14 = tensor.empty() : tensor<1x4x8xi64>
    %15 = linalg.fill ins(%c0_i64 : i64) outs(%14 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %16 = tensor.empty() : tensor<1x4x8xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %18:2 = linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_27 : tensor<1x4x8x8xf32>) outs(%17, %15 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_42: i64):
      %91 = linalg.index 3 : index
      %92 = arith.index_cast %91 : index to i64
      %93 = arith.maximumf %in, %out : f32
      %94 = arith.cmpf ogt, %in, %out : f32
      %95 = arith.select %94, %92, %out_42 : i64
      linalg.yield %93, %95 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_28 = tensor.expand_shape %18#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %19 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_27, %expanded_28 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%9 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.subf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<1x4x8x8xf32>) outs(%9 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.exp %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %21 = tensor.empty() : tensor<1x4x8x1xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%20 : tensor<1x4x8x8xf32>) outs(%22 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.addf %in, %out : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %23 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%9 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.divf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %25 = tensor.empty() : tensor<1x4x8x8xi1>
    %26 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_27 : tensor<1x4x8x8xf32>) outs(%25 : tensor<1x4x8x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %91 = arith.extf %in : f32 to f64
      %92 = arith.cmpf oeq, %91, %cst_4 : f64
      linalg.yield %92 : i1
    } -> tensor<1x4x8x8xi1>
    %27 = tensor.empty() : tensor<1x4x8x1xi1>
    %28 = linalg.fill ins(%true : i1) outs(%27 : tensor<1x4x8x1xi1>) -> tensor<1x4x8x1xi1>
    %29 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%26 : tensor<1x4x8x8xi1>) outs(%28 : tensor<1x4x8x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %91 = arith.andi %in, %out : i1
      linalg.yield %91 : i1
    } -> tensor<1x4x8x1xi1>
    %30 = linalg.generic {indexing_maps = [#map4, #map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %cst_2, %24 : tensor<1x4x8x1xi1>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%9 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: i1, %in_42: f32, %in_43: f32, %out: f32):
      %91 = arith.select %in, %in_42, %in_43 : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_29 = tensor.collapse_shape %30 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %31 = linalg.batch_matmul ins(%collapsed_29, %transposed_21 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%12 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_30 = tensor.expand_shape %31 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %32 = tensor.empty() : tensor<8x1x4x8xf32>
    %transposed_31 = linalg.transpose ins(%expanded_30 : tensor<1x4x8x8xf32>) outs(%32 : tensor<8x1x4x8xf32>) permutation = [2, 0, 1, 3] 
    %collapsed_32 = tensor.collapse_shape %transposed_31 [[0], [1, 2, 3]] : tensor<8x1x4x8xf32> into tensor<8x32xf32>
    %33 = tensor.empty() : tensor<32x32xf32>
    %transposed_33 = linalg.transpose ins(%arg3 : tensor<32x32xf32>) outs(%33 : tensor<32x32xf32>) permutation = [1, 0] 
    %34 = tensor.empty() : tensor<8x32xf32>
    %35 = linalg.fill ins(%cst : f32) outs(%34 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %36 = linalg.matmul ins(%collapsed_32, %transposed_33 : tensor<8x32xf32>, tensor<32x32xf32>) outs(%35 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<32xf32>) outs(%34 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%36, %37 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%34 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<8x32xf32>
    %expanded_34 = tensor.expand_shape %38 [[0], [1, 2]] output_shape [8, 1, 32] : tensor<8x32xf32> into tensor<8x1x32xf32>
    %39 = tensor.empty() : tensor<1x8x32xf32>
    %transposed_35 = linalg.transpose ins(%expanded_34 : tensor<8x1x32xf32>) outs(%39 : tensor<1x8x32xf32>) permutation = [1, 0, 2] 
    %40 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_35 : tensor<1x8x32xf32>, tensor<1x8x32xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %41 = tensor.empty() : tensor<1x8x32xf64>
    %42 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40 : tensor<1x8x32xf32>) outs(%41 : tensor<1x8x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %91 = arith.extf %in : f32 to f64
      linalg.yield %91 : f64
    } -> tensor<1x8x32xf64>
    %43 = tensor.empty() : tensor<1x8x1xf64>
    %44 = linalg.fill ins(%cst_1 : f64) outs(%43 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %45 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%42 : tensor<1x8x32xf64>) outs(%44 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.addf %in, %out : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %46 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<1x8x1xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.divf %in, %cst_6 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %47 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42, %46 : tensor<1x8x32xf64>, tensor<1x8x1xf64>) outs(%41 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_42: f64, %out: f64):
      %91 = arith.subf %in, %in_42 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x32xf64>
    %48 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %47 : tensor<1x8x32xf64>, tensor<1x8x32xf64>) outs(%41 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_42: f64, %out: f64):
      %91 = arith.mulf %in, %in_42 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x32xf64>
    %49 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%48 : tensor<1x8x32xf64>) outs(%44 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.addf %in, %out : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %50 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49 : tensor<1x8x1xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.divf %in, %cst_6 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %51 = tensor.empty() : tensor<1x8x1xf32>
    %52 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<1x8x1xf64>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %91 = arith.truncf %in : f64 to f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %53 = linalg.fill ins(%cst : f32) outs(%51 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %54 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%40 : tensor<1x8x32xf32>) outs(%53 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.addf %in, %out : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %55 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<1x8x1xf32>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.divf %in, %cst_7 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %56 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52 : tensor<1x8x1xf32>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.truncf %cst_3 : f64 to f32
      %92 = arith.addf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x8x1xf32>
    %57 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x8x1xf32>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.rsqrt %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %58 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40, %55 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.subf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %57 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.mulf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %arg9 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.mulf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %61 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %arg10 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %collapsed_36 = tensor.collapse_shape %61 [[0, 1], [2]] : tensor<1x8x32xf32> into tensor<8x32xf32>
    %62 = tensor.empty() : tensor<32x64xf32>
    %transposed_37 = linalg.transpose ins(%arg5 : tensor<64x32xf32>) outs(%62 : tensor<32x64xf32>) permutation = [1, 0] 
    %63 = tensor.empty() : tensor<8x64xf32>
    %64 = linalg.fill ins(%cst : f32) outs(%63 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %65 = linalg.matmul ins(%collapsed_36, %transposed_37 : tensor<8x32xf32>, tensor<32x64xf32>) outs(%64 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<64xf32>) outs(%63 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%65, %66 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%63 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<8x64xf32>
    %expanded_38 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %68 = tensor.empty() : tensor<1x8x64xf32>
    %69 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<1x8x64xf32>) outs(%68 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.cmpf ugt, %in, %cst : f32
      %92 = arith.select %91, %in, %cst : f32
      linalg.yield %92 : f32
    } -> tensor<1x8x64xf32>
    %collapsed_39 = tensor.collapse_shape %69 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %70 = tensor.empty() : tensor<64x32xf32>
    %transposed_40 = linalg.transpose ins(%arg7 : tensor<32x64xf32>) outs(%70 : tensor<64x32xf32>) permutation = [1, 0] 
    %71 = linalg.matmul ins(%collapsed_39, %transposed_40 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%35 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<32xf32>) outs(%34 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%71, %72 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%34 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<8x32xf32>
    %expanded_41 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 8, 32] : tensor<8x32xf32> into tensor<1x8x32xf32>
    %74 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61, %expanded_41 : tensor<1x8x32xf32>, tensor<1x8x32xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x8x32xf32>) outs(%41 : tensor<1x8x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %91 = arith.extf %in : f32 to f64
      linalg.yield %91 : f64
    } -> tensor<1x8x32xf64>
    %76 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%75 : tensor<1x8x32xf64>) outs(%44 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.addf %in, %out : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %77 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x8x1xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.divf %in, %cst_6 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %78 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75, %77 : tensor<1x8x32xf64>, tensor<1x8x1xf64>) outs(%41 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_42: f64, %out: f64):
      %91 = arith.subf %in, %in_42 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x32xf64>
    %79 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %78 : tensor<1x8x32xf64>, tensor<1x8x32xf64>) outs(%41 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_42: f64, %out: f64):
      %91 = arith.mulf %in, %in_42 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x32xf64>
    %80 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%79 : tensor<1x8x32xf64>) outs(%44 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.addf %in, %out : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %81 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x8x1xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %91 = arith.divf %in, %cst_6 : f64
      linalg.yield %91 : f64
    } -> tensor<1x8x1xf64>
    %82 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x1xf64>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %91 = arith.truncf %in : f64 to f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %83 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%74 : tensor<1x8x32xf32>) outs(%53 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.addf %in, %out : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %84 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<1x8x1xf32>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.divf %in, %cst_7 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %85 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x8x1xf32>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.truncf %cst_3 : f64 to f32
      %92 = arith.addf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x8x1xf32>
    %86 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x8x1xf32>) outs(%51 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.rsqrt %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %87 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %84 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.subf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %88 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %86 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.mulf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %89 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %arg11 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.mulf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    %90 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %arg12 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%39 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %91 = arith.addf %in, %in_42 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x32xf32>
    return %90 : tensor<1x8x32xf32>
  }
}
