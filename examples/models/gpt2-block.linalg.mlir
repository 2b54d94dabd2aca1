// gpt2-block: GPT-2 style block d=32, 4 heads; 1x8x32. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (12 tensors after the input).

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1) -> (0, d1)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> ()>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<1x8x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<96x32xf32>, %arg4: tensor<96xf32>, %arg5: tensor<32x32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32xf32>, %arg9: tensor<128x32xf32>, %arg10: tensor<128xf32>, %arg11: tensor<32x128xf32>, %arg12: tensor<32xf32>) -> tensor<1x8x32xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = arith.constant 0.35355339059327373 : f64
    %cst_6 = arith.constant 1.000000e-05 : f64
    %cst_7 = arith.constant 3.200000e+01 : f64
    %cst_8 = arith.constant 3.200000e+01 : f32
    %cst_9 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x8x32xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x32xf32>) outs(%0 : tensor<1x8x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %88 = arith.extf %in : f32 to f64
      linalg.yield %88 : f64
    } -> tensor<1x8x32xf64>
    %2 = tensor.empty() : tensor<1x8x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x32xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.addf %in, %out : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.divf %in, %cst_7 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x8x32xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %88 = arith.subf %in, %in_37 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x32xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x8x32xf64>, tensor<1x8x32xf64>) outs(%0 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %88 = arith.mulf %in, %in_37 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x32xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x8x32xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.addf %in, %out : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.divf %in, %cst_7 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %10 = tensor.empty() : tensor<1x8x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %88 = arith.truncf %in : f64 to f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x8x32xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %out : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_8 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.truncf %cst_6 : f64 to f32
      %89 = arith.addf %in, %88 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.rsqrt %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %17 = tensor.empty() : tensor<1x8x32xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.subf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.mulf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.mulf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x8x32xf32> into tensor<8x32xf32>
    %22 = tensor.empty() : tensor<32x96xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<96x32xf32>) outs(%22 : tensor<32x96xf32>) permutation = [1, 0] 
    %23 = tensor.empty() : tensor<8x96xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<8x96xf32>) -> tensor<8x96xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<8x32xf32>, tensor<32x96xf32>) outs(%24 : tensor<8x96xf32>) -> tensor<8x96xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<96xf32>) outs(%23 : tensor<8x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x96xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<8x96xf32>, tensor<8x96xf32>) outs(%23 : tensor<8x96xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<8x96xf32>
    %expanded = tensor.expand_shape %27 [[0, 1], [2]] output_shape [1, 8, 96] : tensor<8x96xf32> into tensor<1x8x96xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 8, 32] [1, 1, 1] : tensor<1x8x96xf32> to tensor<1x8x32xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded[0, 0, 32] [1, 8, 32] [1, 1, 1] : tensor<1x8x96xf32> to tensor<1x8x32xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded[0, 0, 64] [1, 8, 32] [1, 1, 1] : tensor<1x8x96xf32> to tensor<1x8x32xf32>
    %expanded_12 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 8, 4, 8] : tensor<1x8x32xf32> into tensor<1x8x4x8xf32>
    %28 = tensor.empty() : tensor<1x4x8x8xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x8x4x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) permutation = [0, 2, 1, 3] 
    %expanded_14 = tensor.expand_shape %extracted_slice_10 [[0], [1], [2, 3]] output_shape [1, 8, 4, 8] : tensor<1x8x32xf32> into tensor<1x8x4x8xf32>
    %expanded_15 = tensor.expand_shape %extracted_slice_11 [[0], [1], [2, 3]] output_shape [1, 8, 4, 8] : tensor<1x8x32xf32> into tensor<1x8x4x8xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x8x4x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) permutation = [0, 2, 1, 3] 
    %transposed_17 = linalg.transpose ins(%expanded_14 : tensor<1x8x4x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_18 = tensor.collapse_shape %transposed_13 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_19 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %29 = tensor.empty() : tensor<4x8x8xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %31 = linalg.batch_matmul ins(%collapsed_18, %collapsed_19 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%30 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_20 = tensor.expand_shape %31 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %32 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.truncf %cst_5 : f64 to f32
      %89 = arith.mulf %in, %88 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %33 = tensor.empty() : tensor<8xi64>
    %34 = linalg.generic {indexing_maps = [#map6], iterator_types = ["parallel"]} outs(%33 : tensor<8xi64>) {
    ^bb0(%out: i64):
      %88 = linalg.index 0 : index
      %89 = arith.index_cast %88 : index to i64
      linalg.yield %89 : i64
    } -> tensor<8xi64>
    %expanded_21 = tensor.expand_shape %34 [[0, 1]] output_shape [1, 8] : tensor<8xi64> into tensor<1x8xi64>
    %expanded_22 = tensor.expand_shape %34 [[0, 1]] output_shape [8, 1] : tensor<8xi64> into tensor<8x1xi64>
    %35 = tensor.empty() : tensor<8x8xi1>
    %36 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_21, %expanded_22 : tensor<1x8xi64>, tensor<8x1xi64>) outs(%35 : tensor<8x8xi1>) {
    ^bb0(%in: i64, %in_37: i64, %out: i1):
      %88 = arith.cmpi sle, %in, %in_37 : i64
      linalg.yield %88 : i1
    } -> tensor<8x8xi1>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<8x8xi1>) outs(%35 : tensor<8x8xi1>) {
    ^bb0(%in: i1, %out: i1):
      %88 = arith.xori %in, %true : i1
      linalg.yield %88 : i1
    } -> tensor<8x8xi1>
    %38 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %cst_4, %32 : tensor<8x8xi1>, tensor<f32>, tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: i1, %in_37: f32, %in_38: f32, %out: f32):
      %88 = arith.select %in, %in_37, %in_38 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x8x8xf32>
    %39 = tensor.empty() : tensor<1x4x8xi64>
    %40 = linalg.fill ins(%c0_i64 : i64) outs(%39 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %41 = tensor.empty() : tensor<1x4x8xf32>
    %42 = linalg.fill ins(%cst_1 : f32) outs(%41 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %43:2 = linalg.generic {indexing_maps = [#map5, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%38 : tensor<1x4x8x8xf32>) outs(%42, %40 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_37: i64):
      %88 = linalg.index 3 : index
      %89 = arith.index_cast %88 : index to i64
      %90 = arith.maximumf %in, %out : f32
      %91 = arith.cmpf ogt, %in, %out : f32
      %92 = arith.select %91, %89, %out_37 : i64
      linalg.yield %90, %92 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_23 = tensor.expand_shape %43#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_23 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.subf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x8x8xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.exp %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x8x8xf32>
    %46 = tensor.empty() : tensor<1x4x8x1xf32>
    %47 = linalg.fill ins(%cst_0 : f32) outs(%46 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%45 : tensor<1x4x8x8xf32>) outs(%47 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %out : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x8x1xf32>
    %49 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %48 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.divf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_24 = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_25 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %50 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%30 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_26 = tensor.expand_shape %50 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %51 = tensor.empty() : tensor<1x8x4x8xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<1x4x8x8xf32>) outs(%51 : tensor<1x8x4x8xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_28 = tensor.collapse_shape %transposed_27 [[0, 1], [2, 3]] : tensor<1x8x4x8xf32> into tensor<8x32xf32>
    %52 = tensor.empty() : tensor<32x32xf32>
    %transposed_29 = linalg.transpose ins(%arg5 : tensor<32x32xf32>) outs(%52 : tensor<32x32xf32>) permutation = [1, 0] 
    %53 = tensor.empty() : tensor<8x32xf32>
    %54 = linalg.fill ins(%cst_0 : f32) outs(%53 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %55 = linalg.matmul ins(%collapsed_28, %transposed_29 : tensor<8x32xf32>, tensor<32x32xf32>) outs(%54 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %56 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<32xf32>) outs(%53 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %57 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%55, %56 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%53 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<8x32xf32>
    %expanded_30 = tensor.expand_shape %57 [[0, 1], [2]] output_shape [1, 8, 32] : tensor<8x32xf32> into tensor<1x8x32xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_30 : tensor<1x8x32xf32>, tensor<1x8x32xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<1x8x32xf32>) outs(%0 : tensor<1x8x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %88 = arith.extf %in : f32 to f64
      linalg.yield %88 : f64
    } -> tensor<1x8x32xf64>
    %60 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<1x8x32xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.addf %in, %out : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.divf %in, %cst_7 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %61 : tensor<1x8x32xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %88 = arith.subf %in, %in_37 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x32xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %62 : tensor<1x8x32xf64>, tensor<1x8x32xf64>) outs(%0 : tensor<1x8x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %88 = arith.mulf %in, %in_37 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x32xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<1x8x32xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.addf %in, %out : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %88 = arith.divf %in, %cst_7 : f64
      linalg.yield %88 : f64
    } -> tensor<1x8x1xf64>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %88 = arith.truncf %in : f64 to f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%58 : tensor<1x8x32xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %out : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_8 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.truncf %cst_6 : f64 to f32
      %89 = arith.addf %in, %88 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.rsqrt %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %68 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.subf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %70 : tensor<1x8x32xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.mulf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %arg7 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.mulf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %arg8 : tensor<1x8x32xf32>, tensor<32xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    %collapsed_31 = tensor.collapse_shape %74 [[0, 1], [2]] : tensor<1x8x32xf32> into tensor<8x32xf32>
    %75 = tensor.empty() : tensor<32x128xf32>
    %transposed_32 = linalg.transpose ins(%arg9 : tensor<128x32xf32>) outs(%75 : tensor<32x128xf32>) permutation = [1, 0] 
    %76 = tensor.empty() : tensor<8x128xf32>
    %77 = linalg.fill ins(%cst_0 : f32) outs(%76 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %78 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<8x32xf32>, tensor<32x128xf32>) outs(%77 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<128xf32>) outs(%76 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %80 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%78, %79 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%76 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<8x128xf32>
    %expanded_33 = tensor.expand_shape %80 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %81 = tensor.empty() : tensor<1x8x128xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x8x128xf32>) outs(%81 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_9 : f32
      %89 = math.erf %88 : f32
      %90 = arith.addf %89, %cst_2 : f32
      %91 = arith.mulf %90, %cst_3 : f32
      %92 = arith.mulf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x8x128xf32>
    %collapsed_34 = tensor.collapse_shape %82 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %83 = tensor.empty() : tensor<128x32xf32>
    %transposed_35 = linalg.transpose ins(%arg11 : tensor<32x128xf32>) outs(%83 : tensor<128x32xf32>) permutation = [1, 0] 
    %84 = linalg.matmul ins(%collapsed_34, %transposed_35 : tensor<8x128xf32>, tensor<128x32xf32>) outs(%54 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<32xf32>) outs(%53 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%84, %85 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%53 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<8x32xf32>
    %expanded_36 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [1, 8, 32] : tensor<8x32xf32> into tensor<1x8x32xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %expanded_36 : tensor<1x8x32xf32>, tensor<1x8x32xf32>) outs(%17 : tensor<1x8x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %88 = arith.addf %in, %in_37 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x32xf32>
    return %87 : tensor<1x8x32xf32>
  }
}
