// autoencoder: dense autoencoder 64-32-8-32-64, ReLU, sigmoid; batch 4. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (8 tensors after the input).

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<4x64xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<32xf32>, %arg3: tensor<8x32xf32>, %arg4: tensor<8xf32>, %arg5: tensor<32x8xf32>, %arg6: tensor<32xf32>, %arg7: tensor<64x32xf32>, %arg8: tensor<64xf32>) -> tensor<4x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x32xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<32x64xf32>) outs(%0 : tensor<64x32xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x32xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x64xf32>, tensor<64x32xf32>) outs(%2 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x32xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<4x32xf32>, tensor<4x32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %26 = arith.addf %in, %in_4 : f32
      linalg.yield %26 : f32
    } -> tensor<4x32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = arith.cmpf ugt, %in, %cst : f32
      %27 = arith.select %26, %in, %cst : f32
      linalg.yield %27 : f32
    } -> tensor<4x32xf32>
    %7 = tensor.empty() : tensor<32x8xf32>
    %transposed_1 = linalg.transpose ins(%arg3 : tensor<8x32xf32>) outs(%7 : tensor<32x8xf32>) permutation = [1, 0] 
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %10 = linalg.matmul ins(%6, %transposed_1 : tensor<4x32xf32>, tensor<32x8xf32>) outs(%9 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %26 = arith.addf %in, %in_4 : f32
      linalg.yield %26 : f32
    } -> tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = arith.cmpf ugt, %in, %cst : f32
      %27 = arith.select %26, %in, %cst : f32
      linalg.yield %27 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<8x32xf32>
    %transposed_2 = linalg.transpose ins(%arg5 : tensor<32x8xf32>) outs(%14 : tensor<8x32xf32>) permutation = [1, 0] 
    %15 = linalg.matmul ins(%13, %transposed_2 : tensor<4x8xf32>, tensor<8x32xf32>) outs(%2 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x32xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%15, %16 : tensor<4x32xf32>, tensor<4x32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %26 = arith.addf %in, %in_4 : f32
      linalg.yield %26 : f32
    } -> tensor<4x32xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<4x32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = arith.cmpf ugt, %in, %cst : f32
      %27 = arith.select %26, %in, %cst : f32
      linalg.yield %27 : f32
    } -> tensor<4x32xf32>
    %19 = tensor.empty() : tensor<32x64xf32>
    %transposed_3 = linalg.transpose ins(%arg7 : tensor<64x32xf32>) outs(%19 : tensor<32x64xf32>) permutation = [1, 0] 
    %20 = tensor.empty() : tensor<4x64xf32>
    %21 = linalg.fill ins(%cst : f32) outs(%20 : tensor<4x64xf32>) -> tensor<4x64xf32>
    %22 = linalg.matmul ins(%18, %transposed_3 : tensor<4x32xf32>, tensor<32x64xf32>) outs(%21 : tensor<4x64xf32>) -> tensor<4x64xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<64xf32>) outs(%20 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x64xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %23 : tensor<4x64xf32>, tensor<4x64xf32>) outs(%20 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %26 = arith.addf %in, %in_4 : f32
      linalg.yield %26 : f32
    } -> tensor<4x64xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<4x64xf32>) outs(%20 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = arith.negf %in : f32
      %27 = math.exp %26 : f32
      %28 = arith.addf %27, %cst_0 : f32
      %29 = arith.divf %cst_0, %28 : f32
      linalg.yield %29 : f32
    } -> tensor<4x64xf32>
    return %25 : tensor<4x64xf32>
  }
}
