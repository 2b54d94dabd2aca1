// gpt2-block-dynamic: the GPT-2 style block, sequence length dynamic (run with 8). Exported by utils/export_models.py (seed 1, torch 2.15.0+cu132):
//   torch_mlir.fx.export_and_import(model, input, weights, output_type="linalg-on-tensors", func_name="forward", dynamic_shapes=...)
//   with input dim 1: torch.export.Dim('seq', min=2, max=64)
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
  func.func @forward(%arg0: tensor<1x?x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<96x32xf32>, %arg4: tensor<96xf32>, %arg5: tensor<32x32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32xf32>, %arg9: tensor<128x32xf32>, %arg10: tensor<128xf32>, %arg11: tensor<32x128xf32>, %arg12: tensor<32xf32>) -> tensor<1x?x32xf32> {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c4_i64 = arith.constant 4 : i64
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
    %dim = tensor.dim %arg0, %c1 : tensor<1x?x32xf32>
    %0 = arith.index_cast %dim : index to i64
    %1 = tensor.empty(%dim) : tensor<1x?x32xf64>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x?x32xf32>) outs(%1 : tensor<1x?x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %123 = arith.extf %in : f32 to f64
      linalg.yield %123 : f64
    } -> tensor<1x?x32xf64>
    %3 = tensor.empty(%dim) : tensor<1x?x1xf64>
    %4 = linalg.fill ins(%cst : f64) outs(%3 : tensor<1x?x1xf64>) -> tensor<1x?x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x?x32xf64>) outs(%4 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.addf %in, %out : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x?x1xf64>) outs(%3 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.divf %in, %cst_7 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2, %6 : tensor<1x?x32xf64>, tensor<1x?x1xf64>) outs(%1 : tensor<1x?x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %123 = arith.subf %in, %in_37 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x32xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %7 : tensor<1x?x32xf64>, tensor<1x?x32xf64>) outs(%1 : tensor<1x?x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %123 = arith.mulf %in, %in_37 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x32xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<1x?x32xf64>) outs(%4 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.addf %in, %out : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x?x1xf64>) outs(%3 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.divf %in, %cst_7 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %11 = tensor.empty(%dim) : tensor<1x?x1xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x?x1xf64>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %123 = arith.truncf %in : f64 to f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %13 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<1x?x1xf32>) -> tensor<1x?x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x?x32xf32>) outs(%13 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %in, %out : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<1x?x1xf32>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_8 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x?x1xf32>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.truncf %cst_6 : f64 to f32
      %124 = arith.addf %in, %123 : f32
      linalg.yield %124 : f32
    } -> tensor<1x?x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x?x1xf32>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = math.rsqrt %in : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %18 = tensor.empty(%dim) : tensor<1x?x32xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %15 : tensor<1x?x32xf32>, tensor<1x?x1xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.subf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %17 : tensor<1x?x32xf32>, tensor<1x?x1xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.mulf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg1 : tensor<1x?x32xf32>, tensor<32xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.mulf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg2 : tensor<1x?x32xf32>, tensor<32xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %collapsed = tensor.collapse_shape %22 [[0, 1], [2]] : tensor<1x?x32xf32> into tensor<?x32xf32>
    %23 = tensor.empty() : tensor<32x96xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<96x32xf32>) outs(%23 : tensor<32x96xf32>) permutation = [1, 0] 
    %24 = tensor.empty(%dim) : tensor<?x96xf32>
    %25 = linalg.fill ins(%cst_0 : f32) outs(%24 : tensor<?x96xf32>) -> tensor<?x96xf32>
    %26 = linalg.matmul ins(%collapsed, %transposed : tensor<?x32xf32>, tensor<32x96xf32>) outs(%25 : tensor<?x96xf32>) -> tensor<?x96xf32>
    %27 = arith.cmpi sge, %0, %c0_i64 : i64
    cf.assert %27, "negative values not allowed in new dimensions"
    %28 = tensor.empty(%dim) : tensor<?x96xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<96xf32>) outs(%28 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x96xf32>
    cf.assert %true, "mismatched size for broadcast"
    %30 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%26, %29 : tensor<?x96xf32>, tensor<?x96xf32>) outs(%24 : tensor<?x96xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<?x96xf32>
    %expanded = tensor.expand_shape %30 [[0, 1], [2]] output_shape [1, %dim, 96] : tensor<?x96xf32> into tensor<1x?x96xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, %dim, 32] [1, 1, 1] : tensor<1x?x96xf32> to tensor<1x?x32xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded[0, 0, 32] [1, %dim, 32] [1, 1, 1] : tensor<1x?x96xf32> to tensor<1x?x32xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded[0, 0, 64] [1, %dim, 32] [1, 1, 1] : tensor<1x?x96xf32> to tensor<1x?x32xf32>
    %expanded_12 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, %dim, 4, 8] : tensor<1x?x32xf32> into tensor<1x?x4x8xf32>
    %31 = tensor.empty(%dim) : tensor<1x4x?x8xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x?x4x8xf32>) outs(%31 : tensor<1x4x?x8xf32>) permutation = [0, 2, 1, 3] 
    %expanded_14 = tensor.expand_shape %extracted_slice_10 [[0], [1], [2, 3]] output_shape [1, %dim, 4, 8] : tensor<1x?x32xf32> into tensor<1x?x4x8xf32>
    %expanded_15 = tensor.expand_shape %extracted_slice_11 [[0], [1], [2, 3]] output_shape [1, %dim, 4, 8] : tensor<1x?x32xf32> into tensor<1x?x4x8xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x?x4x8xf32>) outs(%31 : tensor<1x4x?x8xf32>) permutation = [0, 2, 1, 3] 
    %32 = tensor.empty(%dim) : tensor<1x4x8x?xf32>
    %transposed_17 = linalg.transpose ins(%expanded_14 : tensor<1x?x4x8xf32>) outs(%32 : tensor<1x4x8x?xf32>) permutation = [0, 2, 3, 1] 
    cf.assert %27, "unimplemented: dynamic negative broadcast sizes"
    %33 = tensor.empty(%dim) : tensor<1x4x?x8xf32>
    %34 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%33 : tensor<1x4x?x8xf32>) {
    ^bb0(%out: f32):
      %123 = linalg.index 1 : index
      %124 = linalg.index 2 : index
      %125 = linalg.index 3 : index
      %126 = arith.cmpi eq, %dim, %c1 : index
      %127 = arith.select %126, %c0, %124 : index
      %extracted = tensor.extract %transposed_13[%c0, %123, %127, %125] : tensor<1x4x?x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x4x?x8xf32>
    %collapsed_18 = tensor.collapse_shape %34 [[0, 1], [2], [3]] : tensor<1x4x?x8xf32> into tensor<4x?x8xf32>
    cf.assert %27, "unimplemented: dynamic negative broadcast sizes"
    %35 = tensor.empty(%dim) : tensor<1x4x8x?xf32>
    %36 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%35 : tensor<1x4x8x?xf32>) {
    ^bb0(%out: f32):
      %123 = linalg.index 1 : index
      %124 = linalg.index 2 : index
      %125 = linalg.index 3 : index
      %126 = arith.cmpi eq, %dim, %c1 : index
      %127 = arith.select %126, %c0, %125 : index
      %extracted = tensor.extract %transposed_17[%c0, %123, %124, %127] : tensor<1x4x8x?xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x4x8x?xf32>
    %collapsed_19 = tensor.collapse_shape %36 [[0, 1], [2], [3]] : tensor<1x4x8x?xf32> into tensor<4x8x?xf32>
    %37 = tensor.empty(%dim, %dim) : tensor<4x?x?xf32>
    %38 = linalg.fill ins(%cst_0 : f32) outs(%37 : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
    %39 = linalg.batch_matmul ins(%collapsed_18, %collapsed_19 : tensor<4x?x8xf32>, tensor<4x8x?xf32>) outs(%38 : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
    %40 = arith.muli %0, %c4_i64 : i64
    %41 = arith.cmpi slt, %0, %c0_i64 : i64
    %42 = arith.select %41, %c4_i64, %40 : i64
    %43 = arith.extui %41 : i1 to i64
    %44 = arith.muli %42, %0 : i64
    %45 = arith.addi %43, %c1_i64 : i64
    %46 = arith.select %41, %c4_i64, %44 : i64
    %47 = arith.select %41, %45, %43 : i64
    %48 = arith.cmpi sle, %47, %c1_i64 : i64
    cf.assert %48, "must have at most one inferred (negative) dimension"
    %49 = arith.muli %40, %0 : i64
    %50 = arith.divsi %49, %46 : i64
    %51 = arith.select %41, %50, %0 : i64
    %from_elements = tensor.from_elements %c1_i64, %c4_i64, %51, %51 : tensor<4xi64>
    %reshape = tensor.reshape %39(%from_elements) : (tensor<4x?x?xf32>, tensor<4xi64>) -> tensor<1x4x?x?xf32>
    %52 = arith.index_cast %51 : i64 to index
    %53 = tensor.empty(%52, %52) : tensor<1x4x?x?xf32>
    %54 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%reshape : tensor<1x4x?x?xf32>) outs(%53 : tensor<1x4x?x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.truncf %cst_5 : f64 to f32
      %124 = arith.mulf %in, %123 : f32
      linalg.yield %124 : f32
    } -> tensor<1x4x?x?xf32>
    %55 = tensor.empty(%dim) : tensor<?xi64>
    %56 = linalg.generic {indexing_maps = [#map6], iterator_types = ["parallel"]} outs(%55 : tensor<?xi64>) {
    ^bb0(%out: i64):
      %123 = linalg.index 0 : index
      %124 = arith.index_cast %123 : index to i64
      linalg.yield %124 : i64
    } -> tensor<?xi64>
    %expanded_20 = tensor.expand_shape %56 [[0, 1]] output_shape [1, %dim] : tensor<?xi64> into tensor<1x?xi64>
    %expanded_21 = tensor.expand_shape %56 [[0, 1]] output_shape [%dim, 1] : tensor<?xi64> into tensor<?x1xi64>
    %57 = tensor.empty(%dim, %dim) : tensor<?x?xi1>
    %58 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_20, %expanded_21 : tensor<1x?xi64>, tensor<?x1xi64>) outs(%57 : tensor<?x?xi1>) {
    ^bb0(%in: i64, %in_37: i64, %out: i1):
      %123 = arith.cmpi sle, %in, %in_37 : i64
      linalg.yield %123 : i1
    } -> tensor<?x?xi1>
    %59 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%58 : tensor<?x?xi1>) outs(%57 : tensor<?x?xi1>) {
    ^bb0(%in: i1, %out: i1):
      %123 = arith.xori %in, %true : i1
      linalg.yield %123 : i1
    } -> tensor<?x?xi1>
    %60 = arith.cmpi eq, %dim, %52 : index
    cf.assert %60, "mismatched size for broadcast"
    cf.assert %60, "mismatched size for broadcast"
    %61 = tensor.empty(%dim, %dim) : tensor<1x4x?x?xf32>
    %62 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %cst_4, %54 : tensor<?x?xi1>, tensor<f32>, tensor<1x4x?x?xf32>) outs(%61 : tensor<1x4x?x?xf32>) {
    ^bb0(%in: i1, %in_37: f32, %in_38: f32, %out: f32):
      %123 = arith.select %in, %in_37, %in_38 : f32
      linalg.yield %123 : f32
    } -> tensor<1x4x?x?xf32>
    %63 = tensor.empty(%dim) : tensor<1x4x?xi64>
    %64 = linalg.fill ins(%c0_i64 : i64) outs(%63 : tensor<1x4x?xi64>) -> tensor<1x4x?xi64>
    %65 = tensor.empty(%dim) : tensor<1x4x?xf32>
    %66 = linalg.fill ins(%cst_1 : f32) outs(%65 : tensor<1x4x?xf32>) -> tensor<1x4x?xf32>
    %67:2 = linalg.generic {indexing_maps = [#map5, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%62 : tensor<1x4x?x?xf32>) outs(%66, %64 : tensor<1x4x?xf32>, tensor<1x4x?xi64>) {
    ^bb0(%in: f32, %out: f32, %out_37: i64):
      %123 = linalg.index 3 : index
      %124 = arith.index_cast %123 : index to i64
      %125 = arith.maximumf %in, %out : f32
      %126 = arith.cmpf ogt, %in, %out : f32
      %127 = arith.select %126, %124, %out_37 : i64
      linalg.yield %125, %127 : f32, i64
    } -> (tensor<1x4x?xf32>, tensor<1x4x?xi64>)
    %expanded_22 = tensor.expand_shape %67#0 [[0], [1], [2, 3]] output_shape [1, 4, %dim, 1] : tensor<1x4x?xf32> into tensor<1x4x?x1xf32>
    %68 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_22 : tensor<1x4x?x?xf32>, tensor<1x4x?x1xf32>) outs(%61 : tensor<1x4x?x?xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.subf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x4x?x?xf32>
    %69 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68 : tensor<1x4x?x?xf32>) outs(%61 : tensor<1x4x?x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = math.exp %in : f32
      linalg.yield %123 : f32
    } -> tensor<1x4x?x?xf32>
    %70 = tensor.empty(%dim) : tensor<1x4x?x1xf32>
    %71 = linalg.fill ins(%cst_0 : f32) outs(%70 : tensor<1x4x?x1xf32>) -> tensor<1x4x?x1xf32>
    %72 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%69 : tensor<1x4x?x?xf32>) outs(%71 : tensor<1x4x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %in, %out : f32
      linalg.yield %123 : f32
    } -> tensor<1x4x?x1xf32>
    %73 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69, %72 : tensor<1x4x?x?xf32>, tensor<1x4x?x1xf32>) outs(%61 : tensor<1x4x?x?xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.divf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x4x?x?xf32>
    cf.assert %27, "unimplemented: dynamic negative broadcast sizes"
    cf.assert %27, "unimplemented: dynamic negative broadcast sizes"
    %74 = tensor.empty(%dim, %dim) : tensor<1x4x?x?xf32>
    %75 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%74 : tensor<1x4x?x?xf32>) {
    ^bb0(%out: f32):
      %123 = linalg.index 1 : index
      %124 = linalg.index 2 : index
      %125 = linalg.index 3 : index
      %126 = arith.cmpi eq, %dim, %c1 : index
      %127 = arith.select %126, %c0, %124 : index
      %128 = arith.select %126, %c0, %125 : index
      %extracted = tensor.extract %73[%c0, %123, %127, %128] : tensor<1x4x?x?xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x4x?x?xf32>
    cf.assert %48, "must have at most one inferred (negative) dimension"
    %from_elements_23 = tensor.from_elements %c4_i64, %51, %51 : tensor<3xi64>
    %reshape_24 = tensor.reshape %75(%from_elements_23) : (tensor<1x4x?x?xf32>, tensor<3xi64>) -> tensor<4x?x?xf32>
    cf.assert %27, "unimplemented: dynamic negative broadcast sizes"
    %76 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%33 : tensor<1x4x?x8xf32>) {
    ^bb0(%out: f32):
      %123 = linalg.index 1 : index
      %124 = linalg.index 2 : index
      %125 = linalg.index 3 : index
      %126 = arith.cmpi eq, %dim, %c1 : index
      %127 = arith.select %126, %c0, %124 : index
      %extracted = tensor.extract %transposed_16[%c0, %123, %127, %125] : tensor<1x4x?x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x4x?x8xf32>
    %collapsed_25 = tensor.collapse_shape %76 [[0, 1], [2], [3]] : tensor<1x4x?x8xf32> into tensor<4x?x8xf32>
    %77 = arith.cmpi eq, %51, %0 : i64
    cf.assert %77, "mismatching contracting dimension"
    %78 = tensor.empty(%52) : tensor<4x?x8xf32>
    %79 = linalg.fill ins(%cst_0 : f32) outs(%78 : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
    %80 = linalg.batch_matmul ins(%reshape_24, %collapsed_25 : tensor<4x?x?xf32>, tensor<4x?x8xf32>) outs(%79 : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
    %expanded_26 = tensor.expand_shape %80 [[0, 1], [2], [3]] output_shape [1, 4, %52, 8] : tensor<4x?x8xf32> into tensor<1x4x?x8xf32>
    %81 = tensor.empty(%52) : tensor<1x?x4x8xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<1x4x?x8xf32>) outs(%81 : tensor<1x?x4x8xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_28 = tensor.collapse_shape %transposed_27 [[0, 1], [2, 3]] : tensor<1x?x4x8xf32> into tensor<?x32xf32>
    %82 = tensor.empty() : tensor<32x32xf32>
    %transposed_29 = linalg.transpose ins(%arg5 : tensor<32x32xf32>) outs(%82 : tensor<32x32xf32>) permutation = [1, 0] 
    %83 = tensor.empty(%52) : tensor<?x32xf32>
    %84 = linalg.fill ins(%cst_0 : f32) outs(%83 : tensor<?x32xf32>) -> tensor<?x32xf32>
    %85 = linalg.matmul ins(%collapsed_28, %transposed_29 : tensor<?x32xf32>, tensor<32x32xf32>) outs(%84 : tensor<?x32xf32>) -> tensor<?x32xf32>
    cf.assert %27, "negative values not allowed in new dimensions"
    %86 = tensor.empty(%dim) : tensor<?x32xf32>
    %87 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<32xf32>) outs(%86 : tensor<?x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x32xf32>
    %88 = arith.cmpi eq, %52, %dim : index
    cf.assert %88, "mismatched size for broadcast"
    %89 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %87 : tensor<?x32xf32>, tensor<?x32xf32>) outs(%83 : tensor<?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<?x32xf32>
    %expanded_30 = tensor.expand_shape %89 [[0, 1], [2]] output_shape [1, %52, 32] : tensor<?x32xf32> into tensor<1x?x32xf32>
    cf.assert %60, "mismatched size for broadcast"
    %90 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_30 : tensor<1x?x32xf32>, tensor<1x?x32xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x?x32xf32>) outs(%1 : tensor<1x?x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %123 = arith.extf %in : f32 to f64
      linalg.yield %123 : f64
    } -> tensor<1x?x32xf64>
    %92 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<1x?x32xf64>) outs(%4 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.addf %in, %out : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x?x1xf64>) outs(%3 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.divf %in, %cst_7 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %94 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %93 : tensor<1x?x32xf64>, tensor<1x?x1xf64>) outs(%1 : tensor<1x?x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %123 = arith.subf %in, %in_37 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x32xf64>
    %95 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %94 : tensor<1x?x32xf64>, tensor<1x?x32xf64>) outs(%1 : tensor<1x?x32xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %123 = arith.mulf %in, %in_37 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x32xf64>
    %96 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%95 : tensor<1x?x32xf64>) outs(%4 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.addf %in, %out : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<1x?x1xf64>) outs(%3 : tensor<1x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %123 = arith.divf %in, %cst_7 : f64
      linalg.yield %123 : f64
    } -> tensor<1x?x1xf64>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<1x?x1xf64>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %123 = arith.truncf %in : f64 to f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%90 : tensor<1x?x32xf32>) outs(%13 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %in, %out : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<1x?x1xf32>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_8 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x?x1xf32>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.truncf %cst_6 : f64 to f32
      %124 = arith.addf %in, %123 : f32
      linalg.yield %124 : f32
    } -> tensor<1x?x1xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101 : tensor<1x?x1xf32>) outs(%11 : tensor<1x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = math.rsqrt %in : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x1xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %100 : tensor<1x?x32xf32>, tensor<1x?x1xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.subf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %102 : tensor<1x?x32xf32>, tensor<1x?x1xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.mulf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %arg7 : tensor<1x?x32xf32>, tensor<32xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.mulf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %arg8 : tensor<1x?x32xf32>, tensor<32xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    %collapsed_31 = tensor.collapse_shape %106 [[0, 1], [2]] : tensor<1x?x32xf32> into tensor<?x32xf32>
    %107 = tensor.empty() : tensor<32x128xf32>
    %transposed_32 = linalg.transpose ins(%arg9 : tensor<128x32xf32>) outs(%107 : tensor<32x128xf32>) permutation = [1, 0] 
    %108 = tensor.empty(%dim) : tensor<?x128xf32>
    %109 = linalg.fill ins(%cst_0 : f32) outs(%108 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %110 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<?x32xf32>, tensor<32x128xf32>) outs(%109 : tensor<?x128xf32>) -> tensor<?x128xf32>
    cf.assert %27, "negative values not allowed in new dimensions"
    %111 = tensor.empty(%dim) : tensor<?x128xf32>
    %112 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<128xf32>) outs(%111 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x128xf32>
    cf.assert %true, "mismatched size for broadcast"
    %113 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%110, %112 : tensor<?x128xf32>, tensor<?x128xf32>) outs(%108 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<?x128xf32>
    %expanded_33 = tensor.expand_shape %113 [[0, 1], [2]] output_shape [1, %dim, 128] : tensor<?x128xf32> into tensor<1x?x128xf32>
    %114 = tensor.empty(%dim) : tensor<1x?x128xf32>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x?x128xf32>) outs(%114 : tensor<1x?x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_9 : f32
      %124 = math.erf %123 : f32
      %125 = arith.addf %124, %cst_2 : f32
      %126 = arith.mulf %125, %cst_3 : f32
      %127 = arith.mulf %in, %126 : f32
      linalg.yield %127 : f32
    } -> tensor<1x?x128xf32>
    %collapsed_34 = tensor.collapse_shape %115 [[0, 1], [2]] : tensor<1x?x128xf32> into tensor<?x128xf32>
    %116 = tensor.empty() : tensor<128x32xf32>
    %transposed_35 = linalg.transpose ins(%arg11 : tensor<32x128xf32>) outs(%116 : tensor<128x32xf32>) permutation = [1, 0] 
    %117 = tensor.empty(%dim) : tensor<?x32xf32>
    %118 = linalg.fill ins(%cst_0 : f32) outs(%117 : tensor<?x32xf32>) -> tensor<?x32xf32>
    %119 = linalg.matmul ins(%collapsed_34, %transposed_35 : tensor<?x128xf32>, tensor<128x32xf32>) outs(%118 : tensor<?x32xf32>) -> tensor<?x32xf32>
    cf.assert %27, "negative values not allowed in new dimensions"
    %120 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<32xf32>) outs(%86 : tensor<?x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x32xf32>
    cf.assert %true, "mismatched size for broadcast"
    %121 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%119, %120 : tensor<?x32xf32>, tensor<?x32xf32>) outs(%117 : tensor<?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<?x32xf32>
    %expanded_36 = tensor.expand_shape %121 [[0, 1], [2]] output_shape [1, %dim, 32] : tensor<?x32xf32> into tensor<1x?x32xf32>
    %122 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %expanded_36 : tensor<1x?x32xf32>, tensor<1x?x32xf32>) outs(%18 : tensor<1x?x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %123 = arith.addf %in, %in_37 : f32
      linalg.yield %123 : f32
    } -> tensor<1x?x32xf32>
    return %122 : tensor<1x?x32xf32>
  }
}
