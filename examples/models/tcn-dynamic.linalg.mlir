// tcn-dynamic: temporal conv net: 1x1 conv 4->16, two residual dilated causal Conv1d (k 3, dilation 1, 2) + ReLU, 1x1 head 16->2; sequence length dynamic (run with 24). Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward", dynamic_shapes=...)
//   with input dim 2: torch.export.Dim('length', min=4, max=256)
// with the weights as @forward's arguments (8 tensors after the input).

#map = affine_map<()[s0] -> (s0 + 2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<()[s0] -> (s0 + 4)>
module {
  func.func @forward(%arg0: tensor<1x4x?xf32>, %arg1: tensor<16x4x1xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x16x3xf32>, %arg4: tensor<16xf32>, %arg5: tensor<16x16x3xf32>, %arg6: tensor<16xf32>, %arg7: tensor<2x16x1xf32>, %arg8: tensor<2xf32>) -> tensor<1x2x?xf32> {
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.000000e+00 : f32
    %c2_i64 = arith.constant 2 : i64
    %c4_i64 = arith.constant 4 : i64
    %dim = tensor.dim %arg0, %c2 : tensor<1x4x?xf32>
    %0 = tensor.empty(%dim) : tensor<1x16x?xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<16xf32>) outs(%0 : tensor<1x16x?xf32>) dimensions = [0, 2] 
    %1 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%arg0, %arg1 : tensor<1x4x?xf32>, tensor<16x4x1xf32>) outs(%broadcasted : tensor<1x16x?xf32>) -> tensor<1x16x?xf32>
    %padded = tensor.pad %1 low[0, 0, 2] high[0, 0, 0] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index):
      tensor.yield %cst : f32
    } : tensor<1x16x?xf32> to tensor<1x16x?xf32>
    %2 = affine.apply #map()[%dim]
    %3 = arith.index_cast %2 : index to i64
    %4 = arith.subi %3, %c2_i64 : i64
    %5 = arith.index_cast %4 : i64 to index
    %6 = tensor.empty(%5) : tensor<1x16x?xf32>
    %broadcasted_0 = linalg.broadcast ins(%arg4 : tensor<16xf32>) outs(%6 : tensor<1x16x?xf32>) dimensions = [0, 2] 
    %7 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %arg3 : tensor<1x16x?xf32>, tensor<16x16x3xf32>) outs(%broadcasted_0 : tensor<1x16x?xf32>) -> tensor<1x16x?xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x16x?xf32>) outs(%6 : tensor<1x16x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x16x?xf32>
    %9 = arith.cmpi eq, %dim, %5 : index
    cf.assert %9, "mismatched size for broadcast"
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x16x?xf32>, tensor<1x16x?xf32>) outs(%0 : tensor<1x16x?xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %22 = arith.addf %in, %in_4 : f32
      linalg.yield %22 : f32
    } -> tensor<1x16x?xf32>
    %padded_1 = tensor.pad %10 low[0, 0, 4] high[0, 0, 0] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index):
      tensor.yield %cst : f32
    } : tensor<1x16x?xf32> to tensor<1x16x?xf32>
    %11 = affine.apply #map2()[%dim]
    %12 = arith.index_cast %11 : index to i64
    %13 = arith.subi %12, %c4_i64 : i64
    %14 = arith.index_cast %13 : i64 to index
    %15 = tensor.empty(%14) : tensor<1x16x?xf32>
    %broadcasted_2 = linalg.broadcast ins(%arg6 : tensor<16xf32>) outs(%15 : tensor<1x16x?xf32>) dimensions = [0, 2] 
    %16 = linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded_1, %arg5 : tensor<1x16x?xf32>, tensor<16x16x3xf32>) outs(%broadcasted_2 : tensor<1x16x?xf32>) -> tensor<1x16x?xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x16x?xf32>) outs(%15 : tensor<1x16x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x16x?xf32>
    %18 = arith.cmpi eq, %dim, %14 : index
    cf.assert %18, "mismatched size for broadcast"
    %19 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10, %17 : tensor<1x16x?xf32>, tensor<1x16x?xf32>) outs(%0 : tensor<1x16x?xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %22 = arith.addf %in, %in_4 : f32
      linalg.yield %22 : f32
    } -> tensor<1x16x?xf32>
    %20 = tensor.empty(%dim) : tensor<1x2x?xf32>
    %broadcasted_3 = linalg.broadcast ins(%arg8 : tensor<2xf32>) outs(%20 : tensor<1x2x?xf32>) dimensions = [0, 2] 
    %21 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%19, %arg7 : tensor<1x16x?xf32>, tensor<2x16x1xf32>) outs(%broadcasted_3 : tensor<1x2x?xf32>) -> tensor<1x2x?xf32>
    return %21 : tensor<1x2x?xf32>
  }
}
