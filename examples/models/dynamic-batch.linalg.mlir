// dynamic-batch: Conv1d, LayerNorm, tanh, linear; batch dynamic (run with 3). Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward", dynamic_shapes=...)
//   with input dim 0: torch.export.Dim('batch', min=1, max=64)
// with the weights as @forward's arguments (6 tensors after the input).

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<?x4x12xf32>, %arg1: tensor<8x4x3xf32>, %arg2: tensor<8xf32>, %arg3: tensor<96xf32>, %arg4: tensor<96xf32>, %arg5: tensor<6x96xf32>, %arg6: tensor<6xf32>) -> tensor<?x6xf32> {
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 9.600000e+01 : f64
    %cst_3 = arith.constant 9.600000e+01 : f32
    %dim = tensor.dim %arg0, %c0 : tensor<?x4x12xf32>
    %0 = arith.index_cast %dim : index to i64
    %padded = tensor.pad %arg0 low[0, 0, 1] high[0, 0, 1] {
    ^bb0(%arg7: index, %arg8: index, %arg9: index):
      tensor.yield %cst : f32
    } : tensor<?x4x12xf32> to tensor<?x4x14xf32>
    %1 = tensor.empty(%dim) : tensor<?x8x12xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<8xf32>) outs(%1 : tensor<?x8x12xf32>) dimensions = [0, 2] 
    %2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %arg1 : tensor<?x4x14xf32>, tensor<8x4x3xf32>) outs(%broadcasted : tensor<?x8x12xf32>) -> tensor<?x8x12xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<?x8x12xf32>) outs(%1 : tensor<?x8x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.cmpf ugt, %in, %cst : f32
      %36 = arith.select %35, %in, %cst : f32
      linalg.yield %36 : f32
    } -> tensor<?x8x12xf32>
    %collapsed = tensor.collapse_shape %3 [[0], [1, 2]] : tensor<?x8x12xf32> into tensor<?x96xf32>
    %4 = tensor.empty(%dim) : tensor<?x96xf64>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<?x96xf32>) outs(%4 : tensor<?x96xf64>) {
    ^bb0(%in: f32, %out: f64):
      %35 = arith.extf %in : f32 to f64
      linalg.yield %35 : f64
    } -> tensor<?x96xf64>
    %6 = tensor.empty(%dim) : tensor<?x1xf64>
    %7 = linalg.fill ins(%cst_0 : f64) outs(%6 : tensor<?x1xf64>) -> tensor<?x1xf64>
    %8 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%5 : tensor<?x96xf64>) outs(%7 : tensor<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %35 = arith.addf %in, %out : f64
      linalg.yield %35 : f64
    } -> tensor<?x1xf64>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<?x1xf64>) outs(%6 : tensor<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %35 = arith.divf %in, %cst_2 : f64
      linalg.yield %35 : f64
    } -> tensor<?x1xf64>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %9 : tensor<?x96xf64>, tensor<?x1xf64>) outs(%4 : tensor<?x96xf64>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %35 = arith.subf %in, %in_4 : f64
      linalg.yield %35 : f64
    } -> tensor<?x96xf64>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %10 : tensor<?x96xf64>, tensor<?x96xf64>) outs(%4 : tensor<?x96xf64>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %35 = arith.mulf %in, %in_4 : f64
      linalg.yield %35 : f64
    } -> tensor<?x96xf64>
    %12 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<?x96xf64>) outs(%7 : tensor<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %35 = arith.addf %in, %out : f64
      linalg.yield %35 : f64
    } -> tensor<?x1xf64>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<?x1xf64>) outs(%6 : tensor<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %35 = arith.divf %in, %cst_2 : f64
      linalg.yield %35 : f64
    } -> tensor<?x1xf64>
    %14 = tensor.empty(%dim) : tensor<?x1xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<?x1xf64>) outs(%14 : tensor<?x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %35 = arith.truncf %in : f64 to f32
      linalg.yield %35 : f32
    } -> tensor<?x1xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%14 : tensor<?x1xf32>) -> tensor<?x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<?x96xf32>) outs(%16 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.addf %in, %out : f32
      linalg.yield %35 : f32
    } -> tensor<?x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<?x1xf32>) outs(%14 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.divf %in, %cst_3 : f32
      linalg.yield %35 : f32
    } -> tensor<?x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<?x1xf32>) outs(%14 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.truncf %cst_1 : f64 to f32
      %36 = arith.addf %in, %35 : f32
      linalg.yield %36 : f32
    } -> tensor<?x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<?x1xf32>) outs(%14 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = math.rsqrt %in : f32
      linalg.yield %35 : f32
    } -> tensor<?x1xf32>
    %21 = tensor.empty(%dim) : tensor<?x96xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed, %18 : tensor<?x96xf32>, tensor<?x1xf32>) outs(%21 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %35 = arith.subf %in, %in_4 : f32
      linalg.yield %35 : f32
    } -> tensor<?x96xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %20 : tensor<?x96xf32>, tensor<?x1xf32>) outs(%21 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %35 = arith.mulf %in, %in_4 : f32
      linalg.yield %35 : f32
    } -> tensor<?x96xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%23, %arg3 : tensor<?x96xf32>, tensor<96xf32>) outs(%21 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %35 = arith.mulf %in, %in_4 : f32
      linalg.yield %35 : f32
    } -> tensor<?x96xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%24, %arg4 : tensor<?x96xf32>, tensor<96xf32>) outs(%21 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %35 = arith.addf %in, %in_4 : f32
      linalg.yield %35 : f32
    } -> tensor<?x96xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<?x96xf32>) outs(%21 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = math.tanh %in : f32
      linalg.yield %35 : f32
    } -> tensor<?x96xf32>
    %27 = tensor.empty() : tensor<96x6xf32>
    %transposed = linalg.transpose ins(%arg5 : tensor<6x96xf32>) outs(%27 : tensor<96x6xf32>) permutation = [1, 0] 
    %28 = tensor.empty(%dim) : tensor<?x6xf32>
    %29 = linalg.fill ins(%cst : f32) outs(%28 : tensor<?x6xf32>) -> tensor<?x6xf32>
    %30 = linalg.matmul ins(%26, %transposed : tensor<?x96xf32>, tensor<96x6xf32>) outs(%29 : tensor<?x6xf32>) -> tensor<?x6xf32>
    %31 = arith.cmpi sge, %0, %c0_i64 : i64
    cf.assert %31, "negative values not allowed in new dimensions"
    %32 = tensor.empty(%dim) : tensor<?x6xf32>
    %33 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<6xf32>) outs(%32 : tensor<?x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x6xf32>
    cf.assert %true, "mismatched size for broadcast"
    %34 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%30, %33 : tensor<?x6xf32>, tensor<?x6xf32>) outs(%28 : tensor<?x6xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %35 = arith.addf %in, %in_4 : f32
      linalg.yield %35 : f32
    } -> tensor<?x6xf32>
    return %34 : tensor<?x6xf32>
  }
}
