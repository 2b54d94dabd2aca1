// vit-block: ViT: 4x4 patch embedding to 16 tokens of 32, one pre-LayerNorm attention + GELU MLP block; 1x3x16x16. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (15 tensors after the input).

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<1x3x16x16xf32>, %arg1: tensor<1x16x32xf32>, %arg2: tensor<32x3x4x4xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<96x32xf32>, %arg7: tensor<96xf32>, %arg8: tensor<32x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>, %arg11: tensor<32xf32>, %arg12: tensor<64x32xf32>, %arg13: tensor<64xf32>, %arg14: tensor<32x64xf32>, %arg15: tensor<32xf32>) -> tensor<1x16x32xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 0.35355339059327373 : f64
    %cst_5 = arith.constant 1.000000e-05 : f64
    %cst_6 = arith.constant 3.200000e+01 : f64
    %cst_7 = arith.constant 3.200000e+01 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x32x4x4xf32>
    %broadcasted = linalg.broadcast ins(%arg3 : tensor<32xf32>) outs(%0 : tensor<1x32x4x4xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<4> : vector<2xi64>} ins(%arg0, %arg2 : tensor<1x3x16x16xf32>, tensor<32x3x4x4xf32>) outs(%broadcasted : tensor<1x32x4x4xf32>) -> tensor<1x32x4x4xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1], [2, 3]] : tensor<1x32x4x4xf32> into tensor<1x32x16xf32>
    %2 = tensor.empty() : tensor<1x16x32xf32>
    %transposed = linalg.transpose ins(%collapsed : tensor<1x32x16xf32>) outs(%2 : tensor<1x16x32xf32>) permutation = [0, 2, 1] 
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed, %arg1 : tensor<1x16x32xf32>, tensor<1x16x32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %4 = tensor.empty() : tensor<1x16x32xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<1x16x32xf32>) outs(%4 : tensor<1x16x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %89 = arith.extf %in : f32 to f64
      linalg.yield %89 : f64
    } -> tensor<1x16x32xf64>
    %6 = tensor.empty() : tensor<1x16x1xf64>
    %7 = linalg.fill ins(%cst_0 : f64) outs(%6 : tensor<1x16x1xf64>) -> tensor<1x16x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%5 : tensor<1x16x32xf64>) outs(%7 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x16x1xf64>) outs(%6 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_6 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5, %9 : tensor<1x16x32xf64>, tensor<1x16x1xf64>) outs(%4 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %89 = arith.subf %in, %in_36 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x32xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10, %10 : tensor<1x16x32xf64>, tensor<1x16x32xf64>) outs(%4 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %89 = arith.mulf %in, %in_36 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x32xf64>
    %12 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%11 : tensor<1x16x32xf64>) outs(%7 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x16x1xf64>) outs(%6 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_6 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %14 = tensor.empty() : tensor<1x16x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x16x1xf64>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %89 = arith.truncf %in : f64 to f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%14 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<1x16x32xf32>) outs(%16 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x16x1xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_7 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x16x1xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_5 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x16x1xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<1x16x1xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %18 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.subf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %20 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.mulf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22, %arg4 : tensor<1x16x32xf32>, tensor<32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.mulf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23, %arg5 : tensor<1x16x32xf32>, tensor<32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %collapsed_9 = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<1x16x32xf32> into tensor<16x32xf32>
    %25 = tensor.empty() : tensor<32x96xf32>
    %transposed_10 = linalg.transpose ins(%arg6 : tensor<96x32xf32>) outs(%25 : tensor<32x96xf32>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<16x96xf32>
    %27 = linalg.fill ins(%cst : f32) outs(%26 : tensor<16x96xf32>) -> tensor<16x96xf32>
    %28 = linalg.matmul ins(%collapsed_9, %transposed_10 : tensor<16x32xf32>, tensor<32x96xf32>) outs(%27 : tensor<16x96xf32>) -> tensor<16x96xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<96xf32>) outs(%26 : tensor<16x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x96xf32>
    %30 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%28, %29 : tensor<16x96xf32>, tensor<16x96xf32>) outs(%26 : tensor<16x96xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<16x96xf32>
    %expanded = tensor.expand_shape %30 [[0, 1], [2]] output_shape [1, 16, 96] : tensor<16x96xf32> into tensor<1x16x96xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf32> to tensor<1x16x32xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded[0, 0, 32] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf32> to tensor<1x16x32xf32>
    %extracted_slice_12 = tensor.extract_slice %expanded[0, 0, 64] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf32> to tensor<1x16x32xf32>
    %expanded_13 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 16, 4, 8] : tensor<1x16x32xf32> into tensor<1x16x4x8xf32>
    %31 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x16x4x8xf32>) outs(%31 : tensor<1x4x16x8xf32>) permutation = [0, 2, 1, 3] 
    %expanded_15 = tensor.expand_shape %extracted_slice_11 [[0], [1], [2, 3]] output_shape [1, 16, 4, 8] : tensor<1x16x32xf32> into tensor<1x16x4x8xf32>
    %expanded_16 = tensor.expand_shape %extracted_slice_12 [[0], [1], [2, 3]] output_shape [1, 16, 4, 8] : tensor<1x16x32xf32> into tensor<1x16x4x8xf32>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x16x4x8xf32>) outs(%31 : tensor<1x4x16x8xf32>) permutation = [0, 2, 1, 3] 
    %32 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_18 = linalg.transpose ins(%expanded_15 : tensor<1x16x4x8xf32>) outs(%32 : tensor<1x4x8x16xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_19 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %33 = tensor.empty() : tensor<4x16x16xf32>
    %34 = linalg.fill ins(%cst : f32) outs(%33 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %35 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<4x16x8xf32>, tensor<4x8x16xf32>) outs(%34 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %expanded_21 = tensor.expand_shape %35 [[0, 1], [2], [3]] output_shape [1, 4, 16, 16] : tensor<4x16x16xf32> into tensor<1x4x16x16xf32>
    %36 = tensor.empty() : tensor<1x4x16x16xf32>
    %37 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x4x16x16xf32>) outs(%36 : tensor<1x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_4 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x16x16xf32>
    %38 = tensor.empty() : tensor<1x4x16xi64>
    %39 = linalg.fill ins(%c0_i64 : i64) outs(%38 : tensor<1x4x16xi64>) -> tensor<1x4x16xi64>
    %40 = tensor.empty() : tensor<1x4x16xf32>
    %41 = linalg.fill ins(%cst_1 : f32) outs(%40 : tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
    %42:2 = linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%37 : tensor<1x4x16x16xf32>) outs(%41, %39 : tensor<1x4x16xf32>, tensor<1x4x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_36: i64):
      %89 = linalg.index 3 : index
      %90 = arith.index_cast %89 : index to i64
      %91 = arith.maximumf %in, %out : f32
      %92 = arith.cmpf ogt, %in, %out : f32
      %93 = arith.select %92, %90, %out_36 : i64
      linalg.yield %91, %93 : f32, i64
    } -> (tensor<1x4x16xf32>, tensor<1x4x16xi64>)
    %expanded_22 = tensor.expand_shape %42#0 [[0], [1], [2, 3]] output_shape [1, 4, 16, 1] : tensor<1x4x16xf32> into tensor<1x4x16x1xf32>
    %43 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_22 : tensor<1x4x16x16xf32>, tensor<1x4x16x1xf32>) outs(%36 : tensor<1x4x16x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.subf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x16x16xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<1x4x16x16xf32>) outs(%36 : tensor<1x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.exp %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x16x16xf32>
    %45 = tensor.empty() : tensor<1x4x16x1xf32>
    %46 = linalg.fill ins(%cst : f32) outs(%45 : tensor<1x4x16x1xf32>) -> tensor<1x4x16x1xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%44 : tensor<1x4x16x16xf32>) outs(%46 : tensor<1x4x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x16x1xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %47 : tensor<1x4x16x16xf32>, tensor<1x4x16x1xf32>) outs(%36 : tensor<1x4x16x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.divf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x16x16xf32>
    %collapsed_23 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<1x4x16x16xf32> into tensor<4x16x16xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %49 = tensor.empty() : tensor<4x16x8xf32>
    %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
    %51 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x16x16xf32>, tensor<4x16x8xf32>) outs(%50 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
    %expanded_25 = tensor.expand_shape %51 [[0, 1], [2], [3]] output_shape [1, 4, 16, 8] : tensor<4x16x8xf32> into tensor<1x4x16x8xf32>
    %52 = tensor.empty() : tensor<1x16x4x8xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x4x16x8xf32>) outs(%52 : tensor<1x16x4x8xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_27 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x16x4x8xf32> into tensor<16x32xf32>
    %53 = tensor.empty() : tensor<32x32xf32>
    %transposed_28 = linalg.transpose ins(%arg8 : tensor<32x32xf32>) outs(%53 : tensor<32x32xf32>) permutation = [1, 0] 
    %54 = tensor.empty() : tensor<16x32xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %56 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%55 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %57 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<32xf32>) outs(%54 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x32xf32>
    %58 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%56, %57 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%54 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<16x32xf32>
    %expanded_29 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %expanded_29 : tensor<1x16x32xf32>, tensor<1x16x32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x16x32xf32>) outs(%4 : tensor<1x16x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %89 = arith.extf %in : f32 to f64
      linalg.yield %89 : f64
    } -> tensor<1x16x32xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%60 : tensor<1x16x32xf64>) outs(%7 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x16x1xf64>) outs(%6 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_6 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %62 : tensor<1x16x32xf64>, tensor<1x16x1xf64>) outs(%4 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %89 = arith.subf %in, %in_36 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x32xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %63 : tensor<1x16x32xf64>, tensor<1x16x32xf64>) outs(%4 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %89 = arith.mulf %in, %in_36 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x32xf64>
    %65 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<1x16x32xf64>) outs(%7 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x16x1xf64>) outs(%6 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_6 : f64
      linalg.yield %89 : f64
    } -> tensor<1x16x1xf64>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x16x1xf64>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %89 = arith.truncf %in : f64 to f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<1x16x32xf32>) outs(%16 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x16x1xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_7 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x16x1xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_5 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x16x1xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x16x1xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x1xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %69 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.subf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %71 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.mulf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %arg10 : tensor<1x16x32xf32>, tensor<32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.mulf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %arg11 : tensor<1x16x32xf32>, tensor<32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    %collapsed_30 = tensor.collapse_shape %75 [[0, 1], [2]] : tensor<1x16x32xf32> into tensor<16x32xf32>
    %76 = tensor.empty() : tensor<32x64xf32>
    %transposed_31 = linalg.transpose ins(%arg12 : tensor<64x32xf32>) outs(%76 : tensor<32x64xf32>) permutation = [1, 0] 
    %77 = tensor.empty() : tensor<16x64xf32>
    %78 = linalg.fill ins(%cst : f32) outs(%77 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %79 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%78 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<64xf32>) outs(%77 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x64xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%79, %80 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%77 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<16x64xf32>
    %expanded_32 = tensor.expand_shape %81 [[0, 1], [2]] output_shape [1, 16, 64] : tensor<16x64xf32> into tensor<1x16x64xf32>
    %82 = tensor.empty() : tensor<1x16x64xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x16x64xf32>) outs(%82 : tensor<1x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_8 : f32
      %90 = math.erf %89 : f32
      %91 = arith.addf %90, %cst_2 : f32
      %92 = arith.mulf %91, %cst_3 : f32
      %93 = arith.mulf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x16x64xf32>
    %collapsed_33 = tensor.collapse_shape %83 [[0, 1], [2]] : tensor<1x16x64xf32> into tensor<16x64xf32>
    %84 = tensor.empty() : tensor<64x32xf32>
    %transposed_34 = linalg.transpose ins(%arg14 : tensor<32x64xf32>) outs(%84 : tensor<64x32xf32>) permutation = [1, 0] 
    %85 = linalg.matmul ins(%collapsed_33, %transposed_34 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%55 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %86 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg15 : tensor<32xf32>) outs(%54 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x32xf32>
    %87 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %86 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%54 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<16x32xf32>
    %expanded_35 = tensor.expand_shape %87 [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %expanded_35 : tensor<1x16x32xf32>, tensor<1x16x32xf32>) outs(%2 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %89 = arith.addf %in, %in_36 : f32
      linalg.yield %89 : f32
    } -> tensor<1x16x32xf32>
    return %88 : tensor<1x16x32xf32>
  }
}
