// mlp: MLP 64-128-128-10, batch 4. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (6 tensors after the input).

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<4x64xf32>, %arg1: tensor<128x64xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128x128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<10x128xf32>, %arg6: tensor<10xf32>) -> tensor<4x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x128xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<128x64xf32>) outs(%0 : tensor<64x128xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x128xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x128xf32>) -> tensor<4x128xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x64xf32>, tensor<64x128xf32>) outs(%2 : tensor<4x128xf32>) -> tensor<4x128xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<128xf32>) outs(%1 : tensor<4x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x128xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<4x128xf32>, tensor<4x128xf32>) outs(%1 : tensor<4x128xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %18 = arith.addf %in, %in_2 : f32
      linalg.yield %18 : f32
    } -> tensor<4x128xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x128xf32>) outs(%1 : tensor<4x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.cmpf ugt, %in, %cst : f32
      %19 = arith.select %18, %in, %cst : f32
      linalg.yield %19 : f32
    } -> tensor<4x128xf32>
    %7 = tensor.empty() : tensor<128x128xf32>
    %transposed_0 = linalg.transpose ins(%arg3 : tensor<128x128xf32>) outs(%7 : tensor<128x128xf32>) permutation = [1, 0] 
    %8 = linalg.matmul ins(%6, %transposed_0 : tensor<4x128xf32>, tensor<128x128xf32>) outs(%2 : tensor<4x128xf32>) -> tensor<4x128xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<128xf32>) outs(%1 : tensor<4x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x128xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %9 : tensor<4x128xf32>, tensor<4x128xf32>) outs(%1 : tensor<4x128xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %18 = arith.addf %in, %in_2 : f32
      linalg.yield %18 : f32
    } -> tensor<4x128xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x128xf32>) outs(%1 : tensor<4x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.cmpf ugt, %in, %cst : f32
      %19 = arith.select %18, %in, %cst : f32
      linalg.yield %19 : f32
    } -> tensor<4x128xf32>
    %12 = tensor.empty() : tensor<128x10xf32>
    %transposed_1 = linalg.transpose ins(%arg5 : tensor<10x128xf32>) outs(%12 : tensor<128x10xf32>) permutation = [1, 0] 
    %13 = tensor.empty() : tensor<4x10xf32>
    %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %15 = linalg.matmul ins(%11, %transposed_1 : tensor<4x128xf32>, tensor<128x10xf32>) outs(%14 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<10xf32>) outs(%13 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%15, %16 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%13 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %18 = arith.addf %in, %in_2 : f32
      linalg.yield %18 : f32
    } -> tensor<4x10xf32>
    return %17 : tensor<4x10xf32>
  }
}
