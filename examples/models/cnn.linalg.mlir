// cnn: two conv+ReLU+max-pool, linear; 2x3x16x16. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (6 tensors after the input).

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<2x3x16x16xf32>, %arg1: tensor<8x3x3x3xf32>, %arg2: tensor<8xf32>, %arg3: tensor<16x8x3x3xf32>, %arg4: tensor<16xf32>, %arg5: tensor<10x256xf32>, %arg6: tensor<10xf32>) -> tensor<2x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg7: index, %arg8: index, %arg9: index, %arg10: index):
      tensor.yield %cst : f32
    } : tensor<2x3x16x16xf32> to tensor<2x3x18x18xf32>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<8xf32>) outs(%0 : tensor<2x8x16x16xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<2x3x18x18xf32>, tensor<8x3x3x3xf32>) outs(%broadcasted : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<2x8x16x16xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.cmpf ugt, %in, %cst : f32
      %20 = arith.select %19, %in, %cst : f32
      linalg.yield %20 : f32
    } -> tensor<2x8x16x16xf32>
    %3 = tensor.empty() : tensor<2x8x8x8xf32>
    %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %5 = tensor.empty() : tensor<2x2xf32>
    %6 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%2, %5 : tensor<2x8x16x16xf32>, tensor<2x2xf32>) outs(%4 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %padded_1 = tensor.pad %6 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg7: index, %arg8: index, %arg9: index, %arg10: index):
      tensor.yield %cst : f32
    } : tensor<2x8x8x8xf32> to tensor<2x8x10x10xf32>
    %7 = tensor.empty() : tensor<2x16x8x8xf32>
    %broadcasted_2 = linalg.broadcast ins(%arg4 : tensor<16xf32>) outs(%7 : tensor<2x16x8x8xf32>) dimensions = [0, 2, 3] 
    %8 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_1, %arg3 : tensor<2x8x10x10xf32>, tensor<16x8x3x3xf32>) outs(%broadcasted_2 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<2x16x8x8xf32>) outs(%7 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.cmpf ugt, %in, %cst : f32
      %20 = arith.select %19, %in, %cst : f32
      linalg.yield %20 : f32
    } -> tensor<2x16x8x8xf32>
    %10 = tensor.empty() : tensor<2x16x4x4xf32>
    %11 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<2x16x4x4xf32>) -> tensor<2x16x4x4xf32>
    %12 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%9, %5 : tensor<2x16x8x8xf32>, tensor<2x2xf32>) outs(%11 : tensor<2x16x4x4xf32>) -> tensor<2x16x4x4xf32>
    %collapsed = tensor.collapse_shape %12 [[0], [1, 2, 3]] : tensor<2x16x4x4xf32> into tensor<2x256xf32>
    %13 = tensor.empty() : tensor<256x10xf32>
    %transposed = linalg.transpose ins(%arg5 : tensor<10x256xf32>) outs(%13 : tensor<256x10xf32>) permutation = [1, 0] 
    %14 = tensor.empty() : tensor<2x10xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %16 = linalg.matmul ins(%collapsed, %transposed : tensor<2x256xf32>, tensor<256x10xf32>) outs(%15 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<10xf32>) outs(%14 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x10xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%16, %17 : tensor<2x10xf32>, tensor<2x10xf32>) outs(%14 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %19 = arith.addf %in, %in_3 : f32
      linalg.yield %19 : f32
    } -> tensor<2x10xf32>
    return %18 : tensor<2x10xf32>
  }
}
