// separable-block: MobileNet-style depthwise 3x3 + BatchNorm + ReLU6, pointwise 1x1 8->16 + BatchNorm + ReLU6; 1x8x12x12. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (10 tensors after the input).

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @forward(%arg0: tensor<1x8x12x12xf32>, %arg1: tensor<8x1x3x3xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<16x8x1x1xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<16xf32>, %arg10: tensor<16xf32>) -> tensor<1x16x12x12xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_2 = arith.constant 1.000000e-05 : f64
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f32
    } : tensor<1x8x12x12xf32> to tensor<1x8x14x14xf32>
    %0 = tensor.empty() : tensor<1x8x12x12xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x12x12xf32>) -> tensor<1x8x12x12xf32>
    %collapsed = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<8x1x3x3xf32> into tensor<8x3x3xf32>
    %2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<1x8x14x14xf32>, tensor<8x3x3xf32>) outs(%1 : tensor<1x8x12x12xf32>) -> tensor<1x8x12x12xf32>
    %3 = tensor.empty() : tensor<8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg8 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.truncf %cst_2 : f64 to f32
      %25 = arith.addf %in, %24 : f32
      linalg.yield %25 : f32
    } -> tensor<8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = math.rsqrt %in : f32
      linalg.yield %24 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_3 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x8x12x12xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.subf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x8x12x12xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_3 : tensor<1x8x12x12xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.mulf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x8x12x12xf32>
    %expanded_4 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_4 : tensor<1x8x12x12xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.mulf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x8x12x12xf32>
    %expanded_5 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_5 : tensor<1x8x12x12xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.addf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x8x12x12xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %cst_1 : tensor<1x8x12x12xf32>, tensor<f32>) outs(%0 : tensor<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.cmpf ogt, %in, %in_10 : f32
      %25 = arith.select %24, %in, %in_10 : f32
      linalg.yield %25 : f32
    } -> tensor<1x8x12x12xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %10 : tensor<f32>, tensor<1x8x12x12xf32>) outs(%0 : tensor<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.cmpf olt, %in, %in_10 : f32
      %25 = arith.select %24, %in, %in_10 : f32
      linalg.yield %25 : f32
    } -> tensor<1x8x12x12xf32>
    %12 = tensor.empty() : tensor<1x16x12x12xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
    %14 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%11, %arg4 : tensor<1x8x12x12xf32>, tensor<16x8x1x1xf32>) outs(%13 : tensor<1x16x12x12xf32>) -> tensor<1x16x12x12xf32>
    %15 = tensor.empty() : tensor<16xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg10 : tensor<16xf32>) outs(%15 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.truncf %cst_2 : f64 to f32
      %25 = arith.addf %in, %24 : f32
      linalg.yield %25 : f32
    } -> tensor<16xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%16 : tensor<16xf32>) outs(%15 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = math.rsqrt %in : f32
      linalg.yield %24 : f32
    } -> tensor<16xf32>
    %expanded_6 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_7 = tensor.expand_shape %17 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14, %expanded_6 : tensor<1x16x12x12xf32>, tensor<16x1x1xf32>) outs(%12 : tensor<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.subf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x16x12x12xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_7 : tensor<1x16x12x12xf32>, tensor<16x1x1xf32>) outs(%12 : tensor<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.mulf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x16x12x12xf32>
    %expanded_8 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_8 : tensor<1x16x12x12xf32>, tensor<16x1x1xf32>) outs(%12 : tensor<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.mulf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x16x12x12xf32>
    %expanded_9 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_9 : tensor<1x16x12x12xf32>, tensor<16x1x1xf32>) outs(%12 : tensor<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.addf %in, %in_10 : f32
      linalg.yield %24 : f32
    } -> tensor<1x16x12x12xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %cst_1 : tensor<1x16x12x12xf32>, tensor<f32>) outs(%12 : tensor<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.cmpf ogt, %in, %in_10 : f32
      %25 = arith.select %24, %in, %in_10 : f32
      linalg.yield %25 : f32
    } -> tensor<1x16x12x12xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %22 : tensor<f32>, tensor<1x16x12x12xf32>) outs(%12 : tensor<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %24 = arith.cmpf olt, %in, %in_10 : f32
      %25 = arith.select %24, %in, %in_10 : f32
      linalg.yield %25 : f32
    } -> tensor<1x16x12x12xf32>
    return %23 : tensor<1x16x12x12xf32>
  }
}
