// lstm: nn.LSTM 16->32 over 6 steps, linear head. Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward")
// with the weights as @forward's arguments (6 tensors after the input).

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @forward(%arg0: tensor<1x6x16xf32>, %arg1: tensor<128x16xf32>, %arg2: tensor<128x32xf32>, %arg3: tensor<128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<4x32xf32>, %arg6: tensor<4xf32>) -> tensor<1x6x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x32xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<1x1x32xf32>
    %0 = tensor.empty() : tensor<6x1x16xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<1x6x16xf32>) outs(%0 : tensor<6x1x16xf32>) permutation = [1, 0, 2] 
    %collapsed = tensor.collapse_shape %transposed [[0], [1, 2]] : tensor<6x1x16xf32> into tensor<6x16xf32>
    %1 = tensor.empty() : tensor<16x128xf32>
    %transposed_3 = linalg.transpose ins(%arg1 : tensor<128x16xf32>) outs(%1 : tensor<16x128xf32>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<6x128xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6x128xf32>) -> tensor<6x128xf32>
    %4 = linalg.matmul ins(%collapsed, %transposed_3 : tensor<6x16xf32>, tensor<16x128xf32>) outs(%3 : tensor<6x128xf32>) -> tensor<6x128xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<128xf32>) outs(%2 : tensor<6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x128xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %5 : tensor<6x128xf32>, tensor<6x128xf32>) outs(%2 : tensor<6x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<6x128xf32>
    %expanded = tensor.expand_shape %6 [[0], [1, 2]] output_shape [6, 1, 128] : tensor<6x128xf32> into tensor<6x1x128xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 1, 128] [1, 1, 1] : tensor<6x1x128xf32> to tensor<1x1x128xf32>
    %extracted_slice_4 = tensor.extract_slice %expanded[1, 0, 0] [1, 1, 128] [1, 1, 1] : tensor<6x1x128xf32> to tensor<1x1x128xf32>
    %extracted_slice_5 = tensor.extract_slice %expanded[2, 0, 0] [1, 1, 128] [1, 1, 1] : tensor<6x1x128xf32> to tensor<1x1x128xf32>
    %extracted_slice_6 = tensor.extract_slice %expanded[3, 0, 0] [1, 1, 128] [1, 1, 1] : tensor<6x1x128xf32> to tensor<1x1x128xf32>
    %extracted_slice_7 = tensor.extract_slice %expanded[4, 0, 0] [1, 1, 128] [1, 1, 1] : tensor<6x1x128xf32> to tensor<1x1x128xf32>
    %extracted_slice_8 = tensor.extract_slice %expanded[5, 0, 0] [1, 1, 128] [1, 1, 1] : tensor<6x1x128xf32> to tensor<1x1x128xf32>
    %collapsed_9 = tensor.collapse_shape %extracted_slice [[0, 1], [2]] : tensor<1x1x128xf32> into tensor<1x128xf32>
    %collapsed_10 = tensor.collapse_shape %extracted_slice_4 [[0, 1], [2]] : tensor<1x1x128xf32> into tensor<1x128xf32>
    %collapsed_11 = tensor.collapse_shape %extracted_slice_5 [[0, 1], [2]] : tensor<1x1x128xf32> into tensor<1x128xf32>
    %collapsed_12 = tensor.collapse_shape %extracted_slice_6 [[0, 1], [2]] : tensor<1x1x128xf32> into tensor<1x128xf32>
    %collapsed_13 = tensor.collapse_shape %extracted_slice_7 [[0, 1], [2]] : tensor<1x1x128xf32> into tensor<1x128xf32>
    %collapsed_14 = tensor.collapse_shape %extracted_slice_8 [[0, 1], [2]] : tensor<1x1x128xf32> into tensor<1x128xf32>
    %7 = tensor.empty() : tensor<32x128xf32>
    %transposed_15 = linalg.transpose ins(%arg2 : tensor<128x32xf32>) outs(%7 : tensor<32x128xf32>) permutation = [1, 0] 
    %8 = tensor.empty() : tensor<1x128xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %10 = linalg.matmul ins(%cst_1, %transposed_15 : tensor<1x32xf32>, tensor<32x128xf32>) outs(%9 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128xf32>
    %expanded_16 = tensor.expand_shape %12 [[0], [1, 2]] output_shape [1, 1, 128] : tensor<1x128xf32> into tensor<1x1x128xf32>
    %13 = tensor.empty() : tensor<1x1x128xf32>
    %14 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_16, %collapsed_9 : tensor<1x1x128xf32>, tensor<1x128xf32>) outs(%13 : tensor<1x1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x128xf32>
    %extracted_slice_17 = tensor.extract_slice %14[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_18 = tensor.extract_slice %14[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_19 = tensor.extract_slice %14[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_20 = tensor.extract_slice %14[0, 0, 96] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %15 = tensor.empty() : tensor<1x1x32xf32>
    %16 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_17 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_18 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_19 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %19 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_20 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17, %cst_2 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16, %18 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %21 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %23 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %collapsed_21 = tensor.collapse_shape %24 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %25 = linalg.matmul ins(%collapsed_21, %transposed_15 : tensor<1x32xf32>, tensor<32x128xf32>) outs(%9 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25, %11 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128xf32>
    %expanded_22 = tensor.expand_shape %26 [[0], [1, 2]] output_shape [1, 1, 128] : tensor<1x128xf32> into tensor<1x1x128xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22, %collapsed_10 : tensor<1x1x128xf32>, tensor<1x128xf32>) outs(%13 : tensor<1x1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x128xf32>
    %extracted_slice_23 = tensor.extract_slice %27[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_24 = tensor.extract_slice %27[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_25 = tensor.extract_slice %27[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_26 = tensor.extract_slice %27[0, 0, 96] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_23 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %29 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_24 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %30 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_25 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %31 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_26 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %32 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %22 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %33 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28, %30 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %34 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%32, %33 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %35 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%34 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %36 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31, %35 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %collapsed_27 = tensor.collapse_shape %36 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %37 = linalg.matmul ins(%collapsed_27, %transposed_15 : tensor<1x32xf32>, tensor<32x128xf32>) outs(%9 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%37, %11 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128xf32>
    %expanded_28 = tensor.expand_shape %38 [[0], [1, 2]] output_shape [1, 1, 128] : tensor<1x128xf32> into tensor<1x1x128xf32>
    %39 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28, %collapsed_11 : tensor<1x1x128xf32>, tensor<1x128xf32>) outs(%13 : tensor<1x1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x128xf32>
    %extracted_slice_29 = tensor.extract_slice %39[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_30 = tensor.extract_slice %39[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_31 = tensor.extract_slice %39[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_32 = tensor.extract_slice %39[0, 0, 96] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %40 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_29 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %41 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_30 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %42 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_31 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %43 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_32 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %44 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41, %34 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %45 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40, %42 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %46 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44, %45 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %47 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %48 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43, %47 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %collapsed_33 = tensor.collapse_shape %48 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %49 = linalg.matmul ins(%collapsed_33, %transposed_15 : tensor<1x32xf32>, tensor<32x128xf32>) outs(%9 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%49, %11 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128xf32>
    %expanded_34 = tensor.expand_shape %50 [[0], [1, 2]] output_shape [1, 1, 128] : tensor<1x128xf32> into tensor<1x1x128xf32>
    %51 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_34, %collapsed_12 : tensor<1x1x128xf32>, tensor<1x128xf32>) outs(%13 : tensor<1x1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x128xf32>
    %extracted_slice_35 = tensor.extract_slice %51[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_36 = tensor.extract_slice %51[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_37 = tensor.extract_slice %51[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_38 = tensor.extract_slice %51[0, 0, 96] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %52 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_35 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %53 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_36 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %54 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_37 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %55 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_38 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %56 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53, %46 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %57 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52, %54 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %58 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %57 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %59 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %60 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55, %59 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %collapsed_39 = tensor.collapse_shape %60 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %61 = linalg.matmul ins(%collapsed_39, %transposed_15 : tensor<1x32xf32>, tensor<32x128xf32>) outs(%9 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%61, %11 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128xf32>
    %expanded_40 = tensor.expand_shape %62 [[0], [1, 2]] output_shape [1, 1, 128] : tensor<1x128xf32> into tensor<1x1x128xf32>
    %63 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40, %collapsed_13 : tensor<1x1x128xf32>, tensor<1x128xf32>) outs(%13 : tensor<1x1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x128xf32>
    %extracted_slice_41 = tensor.extract_slice %63[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_42 = tensor.extract_slice %63[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_43 = tensor.extract_slice %63[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_44 = tensor.extract_slice %63[0, 0, 96] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %64 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_41 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %65 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_42 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %66 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_43 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %67 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_44 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %68 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %58 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %66 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %70 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %69 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %71 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %72 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %71 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %collapsed_45 = tensor.collapse_shape %72 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32>
    %73 = linalg.matmul ins(%collapsed_45, %transposed_15 : tensor<1x32xf32>, tensor<32x128xf32>) outs(%9 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%73, %11 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%8 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x128xf32>
    %expanded_46 = tensor.expand_shape %74 [[0], [1, 2]] output_shape [1, 1, 128] : tensor<1x128xf32> into tensor<1x1x128xf32>
    %75 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %collapsed_14 : tensor<1x1x128xf32>, tensor<1x128xf32>) outs(%13 : tensor<1x1x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x128xf32>
    %extracted_slice_47 = tensor.extract_slice %75[0, 0, 0] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_48 = tensor.extract_slice %75[0, 0, 32] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_49 = tensor.extract_slice %75[0, 0, 64] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %extracted_slice_50 = tensor.extract_slice %75[0, 0, 96] [1, 1, 32] [1, 1, 1] : tensor<1x1x128xf32> to tensor<1x1x32xf32>
    %76 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_47 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %77 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_48 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %78 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_49 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %79 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_50 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.negf %in : f32
      %93 = math.exp %92 : f32
      %94 = arith.addf %93, %cst_0 : f32
      %95 = arith.divf %cst_0, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x1x32xf32>
    %80 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %70 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %78 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %82 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %81 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %83 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %84 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %83 : tensor<1x1x32xf32>, tensor<1x1x32xf32>) outs(%15 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.mulf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<1x1x32xf32>
    %concat = tensor.concat dim(0) %24, %36, %48, %60, %72, %84 : (tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>, tensor<1x1x32xf32>) -> tensor<6x1x32xf32>
    %85 = tensor.empty() : tensor<1x6x32xf32>
    %transposed_51 = linalg.transpose ins(%concat : tensor<6x1x32xf32>) outs(%85 : tensor<1x6x32xf32>) permutation = [1, 0, 2] 
    %collapsed_52 = tensor.collapse_shape %transposed_51 [[0, 1], [2]] : tensor<1x6x32xf32> into tensor<6x32xf32>
    %86 = tensor.empty() : tensor<32x4xf32>
    %transposed_53 = linalg.transpose ins(%arg5 : tensor<4x32xf32>) outs(%86 : tensor<32x4xf32>) permutation = [1, 0] 
    %87 = tensor.empty() : tensor<6x4xf32>
    %88 = linalg.fill ins(%cst : f32) outs(%87 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %89 = linalg.matmul ins(%collapsed_52, %transposed_53 : tensor<6x32xf32>, tensor<32x4xf32>) outs(%88 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %90 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<4xf32>) outs(%87 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x4xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%89, %90 : tensor<6x4xf32>, tensor<6x4xf32>) outs(%87 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %92 = arith.addf %in, %in_55 : f32
      linalg.yield %92 : f32
    } -> tensor<6x4xf32>
    %expanded_54 = tensor.expand_shape %91 [[0, 1], [2]] output_shape [1, 6, 4] : tensor<6x4xf32> into tensor<1x6x4xf32>
    return %expanded_54 : tensor<1x6x4xf32>
  }
}
