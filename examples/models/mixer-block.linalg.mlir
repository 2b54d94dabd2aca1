// mixer-block: MLP-Mixer block: 16 tokens x 24 channels, token MLP 32, channel MLP 48; 1x16x24. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (12 tensors after the input).

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<1x16x24xf32>, %arg1: tensor<24xf32>, %arg2: tensor<24xf32>, %arg3: tensor<32x16xf32>, %arg4: tensor<32xf32>, %arg5: tensor<16x32xf32>, %arg6: tensor<16xf32>, %arg7: tensor<24xf32>, %arg8: tensor<24xf32>, %arg9: tensor<48x24xf32>, %arg10: tensor<48xf32>, %arg11: tensor<24x48xf32>, %arg12: tensor<24xf32>) -> tensor<1x16x24xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 2.400000e+01 : f64
    %cst_5 = arith.constant 2.400000e+01 : f32
    %cst_6 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x16x24xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16x24xf32>) outs(%0 : tensor<1x16x24xf64>) {
    ^bb0(%in: f32, %out: f64):
      %69 = arith.extf %in : f32 to f64
      linalg.yield %69 : f64
    } -> tensor<1x16x24xf64>
    %2 = tensor.empty() : tensor<1x16x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x16x1xf64>) -> tensor<1x16x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x16x24xf64>) outs(%3 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.addf %in, %out : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x16x1xf64>) outs(%2 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.divf %in, %cst_4 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x16x24xf64>, tensor<1x16x1xf64>) outs(%0 : tensor<1x16x24xf64>) {
    ^bb0(%in: f64, %in_16: f64, %out: f64):
      %69 = arith.subf %in, %in_16 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x24xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x16x24xf64>, tensor<1x16x24xf64>) outs(%0 : tensor<1x16x24xf64>) {
    ^bb0(%in: f64, %in_16: f64, %out: f64):
      %69 = arith.mulf %in, %in_16 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x24xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x16x24xf64>) outs(%3 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.addf %in, %out : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x16x1xf64>) outs(%2 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.divf %in, %cst_4 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %10 = tensor.empty() : tensor<1x16x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x16x1xf64>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %69 = arith.truncf %in : f64 to f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x16x24xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.addf %in, %out : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x16x1xf32>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_5 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x16x1xf32>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.truncf %cst_3 : f64 to f32
      %70 = arith.addf %in, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<1x16x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x16x1xf32>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.rsqrt %in : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %17 = tensor.empty() : tensor<1x16x24xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x16x24xf32>, tensor<1x16x1xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.subf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x16x24xf32>, tensor<1x16x1xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.mulf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<1x16x24xf32>, tensor<24xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.mulf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<1x16x24xf32>, tensor<24xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %22 = tensor.empty() : tensor<1x24x16xf32>
    %transposed = linalg.transpose ins(%21 : tensor<1x16x24xf32>) outs(%22 : tensor<1x24x16xf32>) permutation = [0, 2, 1] 
    %23 = tensor.empty() : tensor<16x32xf32>
    %transposed_7 = linalg.transpose ins(%arg3 : tensor<32x16xf32>) outs(%23 : tensor<16x32xf32>) permutation = [1, 0] 
    %24 = tensor.empty() : tensor<1x16x32xf32>
    %25 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_7 : tensor<16x32xf32>) outs(%24 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x16x32xf32>
    %26 = tensor.empty() : tensor<1x24x32xf32>
    %27 = linalg.fill ins(%cst_0 : f32) outs(%26 : tensor<1x24x32xf32>) -> tensor<1x24x32xf32>
    %28 = linalg.batch_matmul ins(%transposed, %25 : tensor<1x24x16xf32>, tensor<1x16x32xf32>) outs(%27 : tensor<1x24x32xf32>) -> tensor<1x24x32xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28, %arg4 : tensor<1x24x32xf32>, tensor<32xf32>) outs(%26 : tensor<1x24x32xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x24x32xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<1x24x32xf32>) outs(%26 : tensor<1x24x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_6 : f32
      %70 = math.erf %69 : f32
      %71 = arith.addf %70, %cst_1 : f32
      %72 = arith.mulf %71, %cst_2 : f32
      %73 = arith.mulf %in, %72 : f32
      linalg.yield %73 : f32
    } -> tensor<1x24x32xf32>
    %collapsed = tensor.collapse_shape %30 [[0, 1], [2]] : tensor<1x24x32xf32> into tensor<24x32xf32>
    %31 = tensor.empty() : tensor<32x16xf32>
    %transposed_8 = linalg.transpose ins(%arg5 : tensor<16x32xf32>) outs(%31 : tensor<32x16xf32>) permutation = [1, 0] 
    %32 = tensor.empty() : tensor<24x16xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<24x16xf32>) -> tensor<24x16xf32>
    %34 = linalg.matmul ins(%collapsed, %transposed_8 : tensor<24x32xf32>, tensor<32x16xf32>) outs(%33 : tensor<24x16xf32>) -> tensor<24x16xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<16xf32>) outs(%32 : tensor<24x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<24x16xf32>
    %36 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%34, %35 : tensor<24x16xf32>, tensor<24x16xf32>) outs(%32 : tensor<24x16xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<24x16xf32>
    %expanded = tensor.expand_shape %36 [[0, 1], [2]] output_shape [1, 24, 16] : tensor<24x16xf32> into tensor<1x24x16xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x24x16xf32>) outs(%17 : tensor<1x16x24xf32>) permutation = [0, 2, 1] 
    %37 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_9 : tensor<1x16x24xf32>, tensor<1x16x24xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37 : tensor<1x16x24xf32>) outs(%0 : tensor<1x16x24xf64>) {
    ^bb0(%in: f32, %out: f64):
      %69 = arith.extf %in : f32 to f64
      linalg.yield %69 : f64
    } -> tensor<1x16x24xf64>
    %39 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%38 : tensor<1x16x24xf64>) outs(%3 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.addf %in, %out : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %40 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39 : tensor<1x16x1xf64>) outs(%2 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.divf %in, %cst_4 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %41 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38, %40 : tensor<1x16x24xf64>, tensor<1x16x1xf64>) outs(%0 : tensor<1x16x24xf64>) {
    ^bb0(%in: f64, %in_16: f64, %out: f64):
      %69 = arith.subf %in, %in_16 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x24xf64>
    %42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41, %41 : tensor<1x16x24xf64>, tensor<1x16x24xf64>) outs(%0 : tensor<1x16x24xf64>) {
    ^bb0(%in: f64, %in_16: f64, %out: f64):
      %69 = arith.mulf %in, %in_16 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x24xf64>
    %43 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%42 : tensor<1x16x24xf64>) outs(%3 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.addf %in, %out : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<1x16x1xf64>) outs(%2 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %69 = arith.divf %in, %cst_4 : f64
      linalg.yield %69 : f64
    } -> tensor<1x16x1xf64>
    %45 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44 : tensor<1x16x1xf64>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %69 = arith.truncf %in : f64 to f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %46 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%37 : tensor<1x16x24xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.addf %in, %out : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46 : tensor<1x16x1xf32>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_5 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<1x16x1xf32>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.truncf %cst_3 : f64 to f32
      %70 = arith.addf %in, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<1x16x1xf32>
    %49 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48 : tensor<1x16x1xf32>) outs(%10 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.rsqrt %in : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x1xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37, %47 : tensor<1x16x24xf32>, tensor<1x16x1xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.subf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %51 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %49 : tensor<1x16x24xf32>, tensor<1x16x1xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.mulf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %52 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %arg7 : tensor<1x16x24xf32>, tensor<24xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.mulf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %53 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52, %arg8 : tensor<1x16x24xf32>, tensor<24xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    %collapsed_10 = tensor.collapse_shape %53 [[0, 1], [2]] : tensor<1x16x24xf32> into tensor<16x24xf32>
    %54 = tensor.empty() : tensor<24x48xf32>
    %transposed_11 = linalg.transpose ins(%arg9 : tensor<48x24xf32>) outs(%54 : tensor<24x48xf32>) permutation = [1, 0] 
    %55 = tensor.empty() : tensor<16x48xf32>
    %56 = linalg.fill ins(%cst_0 : f32) outs(%55 : tensor<16x48xf32>) -> tensor<16x48xf32>
    %57 = linalg.matmul ins(%collapsed_10, %transposed_11 : tensor<16x24xf32>, tensor<24x48xf32>) outs(%56 : tensor<16x48xf32>) -> tensor<16x48xf32>
    %58 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<48xf32>) outs(%55 : tensor<16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x48xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%57, %58 : tensor<16x48xf32>, tensor<16x48xf32>) outs(%55 : tensor<16x48xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<16x48xf32>
    %expanded_12 = tensor.expand_shape %59 [[0, 1], [2]] output_shape [1, 16, 48] : tensor<16x48xf32> into tensor<1x16x48xf32>
    %60 = tensor.empty() : tensor<1x16x48xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_12 : tensor<1x16x48xf32>) outs(%60 : tensor<1x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_6 : f32
      %70 = math.erf %69 : f32
      %71 = arith.addf %70, %cst_1 : f32
      %72 = arith.mulf %71, %cst_2 : f32
      %73 = arith.mulf %in, %72 : f32
      linalg.yield %73 : f32
    } -> tensor<1x16x48xf32>
    %collapsed_13 = tensor.collapse_shape %61 [[0, 1], [2]] : tensor<1x16x48xf32> into tensor<16x48xf32>
    %62 = tensor.empty() : tensor<48x24xf32>
    %transposed_14 = linalg.transpose ins(%arg11 : tensor<24x48xf32>) outs(%62 : tensor<48x24xf32>) permutation = [1, 0] 
    %63 = tensor.empty() : tensor<16x24xf32>
    %64 = linalg.fill ins(%cst_0 : f32) outs(%63 : tensor<16x24xf32>) -> tensor<16x24xf32>
    %65 = linalg.matmul ins(%collapsed_13, %transposed_14 : tensor<16x48xf32>, tensor<48x24xf32>) outs(%64 : tensor<16x24xf32>) -> tensor<16x24xf32>
    %66 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<24xf32>) outs(%63 : tensor<16x24xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x24xf32>
    %67 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%65, %66 : tensor<16x24xf32>, tensor<16x24xf32>) outs(%63 : tensor<16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<16x24xf32>
    %expanded_15 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [1, 16, 24] : tensor<16x24xf32> into tensor<1x16x24xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37, %expanded_15 : tensor<1x16x24xf32>, tensor<1x16x24xf32>) outs(%17 : tensor<1x16x24xf32>) {
    ^bb0(%in: f32, %in_16: f32, %out: f32):
      %69 = arith.addf %in, %in_16 : f32
      linalg.yield %69 : f32
    } -> tensor<1x16x24xf32>
    return %68 : tensor<1x16x24xf32>
  }
}
