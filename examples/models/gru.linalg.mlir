// gru: nn.GRU 16->32 over 6 steps, linear head. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (6 tensors after the input).

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @forward(%arg0: tensor<1x6x16xf32>, %arg1: tensor<96x16xf32>, %arg2: tensor<96x32xf32>, %arg3: tensor<96xf32>, %arg4: tensor<96xf32>, %arg5: tensor<4x32xf32>, %arg6: tensor<4xf32>) -> tensor<1x6x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x32xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<1x1x32xf32>
    %0 = tensor.empty() : tensor<6x1x16xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<1x6x16xf32>) outs(%0 : tensor<6x1x16xf32>) permutation = [1, 0, 2] 
    %collapsed = tensor.collapse_shape %transposed [[0], [1, 2]] : tensor<6x1x16xf32> into tensor<6x16xf32>
    %1 = tensor.empty() : tensor<16x96xf32>
    %transposed_3 = linalg.transpose ins(%arg1 : tensor<96x16xf32>) outs(%1 : tensor<16x96xf32>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<6x96xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6x96xf32>) -> tensor<6x96xf32>
    %4 = linalg.matmul ins(%collapsed, %transposed_3 : tensor<6x16xf32>, tensor<16x96xf32>) outs(%3 : tensor<6x96xf32>) -> tensor<6x96xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<96xf32>) outs(%2 : tensor<6x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x96xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %5 : tensor<6x96xf32>, tensor<6x96xf32>) outs(%2 : tensor<6x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<6x96xf32>
    %expanded = tensor.expand_shape %6 [[0], [1, 2]] output_shape [6, 1, 96] : tensor<6x96xf32> into tensor<6x1x96xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 1, 96] [1, 1, 1] : tensor<6x1x96xf32> to tensor<1x1x96xf32>
    %extracted_slice_4 = tensor.extract_slice %expanded[1, 0, 0] [1, 1, 96] [1, 1, 1] : tensor<6x1x96xf32> to tensor<1x1x96xf32>
    %extracted_slice_5 = tensor.extract_slice %expanded[2, 0, 0] [1, 1, 96] [1, 1, 1] : tensor<6x1x96xf32> to tensor<1x1x96xf32>
    %extracted_slice_6 = tensor.extract_slice %expanded[3, 0, 0] [1, 1, 96] [1, 1, 1] : tensor<6x1x96xf32> to tensor<1x1x96xf32>
    %extracted_slice_7 = tensor.extract_slice %expanded[4, 0, 0] [1, 1, 96] [1, 1, 1] : tensor<6x1x96xf32> to tensor<1x1x96xf32>
    %extracted_slice_8 = tensor.extract_slice %expanded[5, 0, 0] [1, 1, 96] [1, 1, 1] : tensor<6x1x96xf32> to tensor<1x1x96xf32>
    %collapsed_9 = tensor.collapse_shape %extracted_slice [[0, 1], [2]] : tensor<1x1x96xf32> into tensor<1x96xf32>
    %collapsed_10 = tensor.collapse_shape %extracted_slice_4 [[0, 1], [2]] : tensor<1x1x96xf32> into tensor<1x96xf32>
    %collapsed_11 = tensor.collapse_shape %extracted_slice_5 [[0, 1], [2]] : tensor<1x1x96xf32> into tensor<1x96xf32>
    %collapsed_12 = tensor.collapse_shape %extracted_slice_6 [[0, 1], [2]] : tensor<1x1x96xf32> into tensor<1x96xf32>
    %collapsed_13 = tensor.collapse_shape %extracted_slice_7 [[0, 1], [2]] : tensor<1x1x96xf32> into tensor<1x96xf32>
    %collapsed_14 = tensor.collapse_shape %extracted_slice_8 [[0, 1], [2]] : tensor<1x1x96xf32> into tensor<1x96xf32>
    %extracted_slice_15 = tensor.extract_slice %collapsed_9[0, 0] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_16 = tensor.extract_slice %collapsed_9[0, 32] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_17 = tensor.extract_slice %collapsed_9[0, 64] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %7 = tensor.empty() : tensor<32x96xf32>
    %transposed_18 = linalg.transpose ins(%arg2 : tensor<96x32xf32>) outs(%7 : tensor<32x96xf32>) permutation = [1, 0] 
    %8 = tensor.empty() : tensor<1x96xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %10 = linalg.matmul ins(%cst_1, %transposed_18 : tensor<1x32xf32>, tensor<32x96xf32>) outs(%9 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x96xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<1x96xf32>, tensor<1x96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x96xf32>
    %expanded_19 = tensor.expand_shape %12 [[0], [1, 2]] output_shape [1, 1, 96] : tensor<1x96xf32> into tensor<1x1x96xf32>
    %extracted_slice_20 = tensor.extract_slice %expanded_19[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_21 = tensor.extract_slice %expanded_19[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_22 = tensor.extract_slice %expanded_19[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %13 = tensor.empty() : tensor<1x1x32xf32>
    %14 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_20, %extracted_slice_15 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %15 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %16 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_21, %extracted_slice_16 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_22, %15 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_17, %18 : tensor<1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.tanh %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_2, %20 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.subf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %17 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22, %20 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %extracted_slice_23 = tensor.extract_slice %collapsed_10[0, 0] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_24 = tensor.extract_slice %collapsed_10[0, 32] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_25 = tensor.extract_slice %collapsed_10[0, 64] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %collapsed_26 = tensor.collapse_shape %23 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %24 = linalg.matmul ins(%collapsed_26, %transposed_18 : tensor<1x32xf32>, tensor<32x96xf32>) outs(%9 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24, %11 : tensor<1x96xf32>, tensor<1x96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x96xf32>
    %expanded_27 = tensor.expand_shape %25 [[0], [1, 2]] output_shape [1, 1, 96] : tensor<1x96xf32> into tensor<1x1x96xf32>
    %extracted_slice_28 = tensor.extract_slice %expanded_27[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_29 = tensor.extract_slice %expanded_27[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_30 = tensor.extract_slice %expanded_27[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_28, %extracted_slice_23 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_29, %extracted_slice_24 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %29 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %30 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_30, %27 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_25, %30 : tensor<1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %32 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.tanh %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %33 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23, %32 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.subf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %34 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33, %29 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %35 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%34, %32 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %extracted_slice_31 = tensor.extract_slice %collapsed_11[0, 0] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_32 = tensor.extract_slice %collapsed_11[0, 32] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_33 = tensor.extract_slice %collapsed_11[0, 64] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %collapsed_34 = tensor.collapse_shape %35 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %36 = linalg.matmul ins(%collapsed_34, %transposed_18 : tensor<1x32xf32>, tensor<32x96xf32>) outs(%9 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%36, %11 : tensor<1x96xf32>, tensor<1x96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x96xf32>
    %expanded_35 = tensor.expand_shape %37 [[0], [1, 2]] output_shape [1, 1, 96] : tensor<1x96xf32> into tensor<1x1x96xf32>
    %extracted_slice_36 = tensor.extract_slice %expanded_35[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_37 = tensor.extract_slice %expanded_35[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_38 = tensor.extract_slice %expanded_35[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %38 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_36, %extracted_slice_31 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %39 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %40 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_37, %extracted_slice_32 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %41 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %42 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_38, %39 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %43 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_33, %42 : tensor<1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %44 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.tanh %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %45 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35, %44 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.subf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %46 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45, %41 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %47 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46, %44 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %extracted_slice_39 = tensor.extract_slice %collapsed_12[0, 0] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_40 = tensor.extract_slice %collapsed_12[0, 32] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_41 = tensor.extract_slice %collapsed_12[0, 64] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %collapsed_42 = tensor.collapse_shape %47 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %48 = linalg.matmul ins(%collapsed_42, %transposed_18 : tensor<1x32xf32>, tensor<32x96xf32>) outs(%9 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%48, %11 : tensor<1x96xf32>, tensor<1x96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x96xf32>
    %expanded_43 = tensor.expand_shape %49 [[0], [1, 2]] output_shape [1, 1, 96] : tensor<1x96xf32> into tensor<1x1x96xf32>
    %extracted_slice_44 = tensor.extract_slice %expanded_43[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_45 = tensor.extract_slice %expanded_43[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_46 = tensor.extract_slice %expanded_43[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %50 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_44, %extracted_slice_39 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %51 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %52 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_45, %extracted_slice_40 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %53 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %54 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_46, %51 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %55 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_41, %54 : tensor<1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %56 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.tanh %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %57 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %56 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.subf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %58 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %53 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %59 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %56 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %extracted_slice_47 = tensor.extract_slice %collapsed_13[0, 0] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_48 = tensor.extract_slice %collapsed_13[0, 32] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_49 = tensor.extract_slice %collapsed_13[0, 64] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %collapsed_50 = tensor.collapse_shape %59 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %60 = linalg.matmul ins(%collapsed_50, %transposed_18 : tensor<1x32xf32>, tensor<32x96xf32>) outs(%9 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%60, %11 : tensor<1x96xf32>, tensor<1x96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x96xf32>
    %expanded_51 = tensor.expand_shape %61 [[0], [1, 2]] output_shape [1, 1, 96] : tensor<1x96xf32> into tensor<1x1x96xf32>
    %extracted_slice_52 = tensor.extract_slice %expanded_51[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_53 = tensor.extract_slice %expanded_51[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_54 = tensor.extract_slice %expanded_51[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %62 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_52, %extracted_slice_47 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %63 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %64 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_53, %extracted_slice_48 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %65 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %66 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_54, %63 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %67 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_49, %66 : tensor<1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %68 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.tanh %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %68 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.subf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %70 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %65 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %71 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %68 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %extracted_slice_55 = tensor.extract_slice %collapsed_14[0, 0] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_56 = tensor.extract_slice %collapsed_14[0, 32] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %extracted_slice_57 = tensor.extract_slice %collapsed_14[0, 64] [1, 32] [1, 1] : tensor<1x96xf32> to tensor<1x32xf32>
    %collapsed_58 = tensor.collapse_shape %71 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %72 = linalg.matmul ins(%collapsed_58, %transposed_18 : tensor<1x32xf32>, tensor<32x96xf32>) outs(%9 : tensor<1x96xf32>) -> tensor<1x96xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%72, %11 : tensor<1x96xf32>, tensor<1x96xf32>) outs(%8 : tensor<1x96xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x96xf32>
    %expanded_59 = tensor.expand_shape %73 [[0], [1, 2]] output_shape [1, 1, 96] : tensor<1x96xf32> into tensor<1x1x96xf32>
    %extracted_slice_60 = tensor.extract_slice %expanded_59[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_61 = tensor.extract_slice %expanded_59[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %extracted_slice_62 = tensor.extract_slice %expanded_59[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x96xf32> to tensor<1x1x32xf32>
    %74 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_60, %extracted_slice_55 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %75 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %76 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_61, %extracted_slice_56 : tensor<1x1x32xf32>, tensor<1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %77 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_0 : f32
      %94 = arith.divf %cst_0, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x1x32xf32>
    %78 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_62, %75 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_57, %78 : tensor<1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %80 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.tanh %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %80 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.subf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %82 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %77 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.mulf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %83 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %80 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%13 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<1x1x32xf32>
    %concat = tensor.concat dim(0) %23, %35, %47, %59, %71, %83 : (tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>) -> tensor<6x1x32xf32>
    %84 = tensor.empty() : tensor<1x6x32xf32>
    %transposed_63 = linalg.transpose ins(%concat : tensor<6x1x32xf32>) outs(%84 : tensor<1x6x32xf32>) permutation = [1, 0, 2] 
    %collapsed_64 = tensor.collapse_shape %transposed_63 [[0, 1], [2]] : tensor<1x6x32xf32> into tensor<6x32xf32>
    %85 = tensor.empty() : tensor<32x4xf32>
    %transposed_65 = linalg.transpose ins(%arg5 : tensor<4x32xf32>) outs(%85 : tensor<32x4xf32>) permutation = [1, 0] 
    %86 = tensor.empty() : tensor<6x4xf32>
    %87 = linalg.fill ins(%cst : f32) outs(%86 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %88 = linalg.matmul ins(%collapsed_64, %transposed_65 : tensor<6x32xf32>, tensor<32x4xf32>) outs(%87 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<4xf32>) outs(%86 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x4xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%88, %89 : tensor<6x4xf32>, tensor<6x4xf32>) outs(%86 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_67: f32, %out: f32):
      %91 = arith.addf %in, %in_67 : f32
      linalg.yield %91 : f32
    } -> tensor<6x4xf32>
    %expanded_66 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [1, 6, 4] : tensor<6x4xf32> into tensor<1x6x4xf32>
    return %expanded_66 : tensor<1x6x4xf32>
  }
}
