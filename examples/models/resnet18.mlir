// resnet18 bufferized from examples/models/resnet18.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/resnet18.linalg.mlir '--one-shot-bufferize=copy-before-write bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; resnet18.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: memref<1x3x32x32xf32>, %arg1: memref<64x3x7x7xf32>, %arg2: memref<64xf32>, %arg3: memref<64xf32>, %arg4: memref<64x64x3x3xf32>, %arg5: memref<64xf32>, %arg6: memref<64xf32>, %arg7: memref<64x64x3x3xf32>, %arg8: memref<64xf32>, %arg9: memref<64xf32>, %arg10: memref<64x64x3x3xf32>, %arg11: memref<64xf32>, %arg12: memref<64xf32>, %arg13: memref<64x64x3x3xf32>, %arg14: memref<64xf32>, %arg15: memref<64xf32>, %arg16: memref<128x64x3x3xf32>, %arg17: memref<128xf32>, %arg18: memref<128xf32>, %arg19: memref<128x128x3x3xf32>, %arg20: memref<128xf32>, %arg21: memref<128xf32>, %arg22: memref<128x64x1x1xf32>, %arg23: memref<128xf32>, %arg24: memref<128xf32>, %arg25: memref<128x128x3x3xf32>, %arg26: memref<128xf32>, %arg27: memref<128xf32>, %arg28: memref<128x128x3x3xf32>, %arg29: memref<128xf32>, %arg30: memref<128xf32>, %arg31: memref<256x128x3x3xf32>, %arg32: memref<256xf32>, %arg33: memref<256xf32>, %arg34: memref<256x256x3x3xf32>, %arg35: memref<256xf32>, %arg36: memref<256xf32>, %arg37: memref<256x128x1x1xf32>, %arg38: memref<256xf32>, %arg39: memref<256xf32>, %arg40: memref<256x256x3x3xf32>, %arg41: memref<256xf32>, %arg42: memref<256xf32>, %arg43: memref<256x256x3x3xf32>, %arg44: memref<256xf32>, %arg45: memref<256xf32>, %arg46: memref<512x256x3x3xf32>, %arg47: memref<512xf32>, %arg48: memref<512xf32>, %arg49: memref<512x512x3x3xf32>, %arg50: memref<512xf32>, %arg51: memref<512xf32>, %arg52: memref<512x256x1x1xf32>, %arg53: memref<512xf32>, %arg54: memref<512xf32>, %arg55: memref<512x512x3x3xf32>, %arg56: memref<512xf32>, %arg57: memref<512xf32>, %arg58: memref<512x512x3x3xf32>, %arg59: memref<512xf32>, %arg60: memref<512xf32>, %arg61: memref<10x512xf32>, %arg62: memref<10xf32>, %arg63: memref<64xf32>, %arg64: memref<64xf32>, %arg65: memref<64xf32>, %arg66: memref<64xf32>, %arg67: memref<64xf32>, %arg68: memref<64xf32>, %arg69: memref<64xf32>, %arg70: memref<64xf32>, %arg71: memref<64xf32>, %arg72: memref<64xf32>, %arg73: memref<128xf32>, %arg74: memref<128xf32>, %arg75: memref<128xf32>, %arg76: memref<128xf32>, %arg77: memref<128xf32>, %arg78: memref<128xf32>, %arg79: memref<128xf32>, %arg80: memref<128xf32>, %arg81: memref<128xf32>, %arg82: memref<128xf32>, %arg83: memref<256xf32>, %arg84: memref<256xf32>, %arg85: memref<256xf32>, %arg86: memref<256xf32>, %arg87: memref<256xf32>, %arg88: memref<256xf32>, %arg89: memref<256xf32>, %arg90: memref<256xf32>, %arg91: memref<256xf32>, %arg92: memref<256xf32>, %arg93: memref<512xf32>, %arg94: memref<512xf32>, %arg95: memref<512xf32>, %arg96: memref<512xf32>, %arg97: memref<512xf32>, %arg98: memref<512xf32>, %arg99: memref<512xf32>, %arg100: memref<512xf32>, %arg101: memref<512xf32>, %arg102: memref<512xf32>) -> memref<1x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3x38x38xf32>
    linalg.map outs(%alloc : memref<1x3x38x38xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 0, 3, 3] [1, 3, 32, 32] [1, 1, 1, 1] : memref<1x3x38x38xf32> to memref<1x3x32x32xf32, strided<[4332, 1444, 38, 1], offset: 117>>
    memref.copy %arg0, %subview : memref<1x3x32x32xf32> to memref<1x3x32x32xf32, strided<[4332, 1444, 38, 1], offset: 117>>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<1x64x16x16xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    memref.copy %alloc_2, %alloc_3 : memref<1x64x16x16xf32> to memref<1x64x16x16xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc, %arg1 : memref<1x3x38x38xf32>, memref<64x3x7x7xf32>) outs(%alloc_3 : memref<1x64x16x16xf32>)
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg64 : memref<64xf32>) outs(%alloc_4 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_4 : memref<64xf32>) outs(%alloc_5 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape = memref.expand_shape %arg63 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %expand_shape_6 = memref.expand_shape %alloc_5 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_3, %expand_shape : memref<1x64x16x16xf32>, memref<64x1x1xf32>) outs(%alloc_7 : memref<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_7, %expand_shape_6 : memref<1x64x16x16xf32>, memref<64x1x1xf32>) outs(%alloc_8 : memref<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_9 = memref.expand_shape %arg2 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_8, %expand_shape_9 : memref<1x64x16x16xf32>, memref<64x1x1xf32>) outs(%alloc_10 : memref<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_11 = memref.expand_shape %arg3 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_10, %expand_shape_11 : memref<1x64x16x16xf32>, memref<64x1x1xf32>) outs(%alloc_12 : memref<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<1x64x16x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_12 : memref<1x64x16x16xf32>) outs(%alloc_13 : memref<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x64x18x18xf32>
    linalg.map outs(%alloc_14 : memref<1x64x18x18xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst_0 : f32
      }
    %subview_15 = memref.subview %alloc_14[0, 0, 1, 1] [1, 64, 16, 16] [1, 1, 1, 1] : memref<1x64x18x18xf32> to memref<1x64x16x16xf32, strided<[20736, 324, 18, 1], offset: 19>>
    memref.copy %alloc_13, %subview_15 : memref<1x64x16x16xf32> to memref<1x64x16x16xf32, strided<[20736, 324, 18, 1], offset: 19>>
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_16 : memref<1x64x8x8xf32>)
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    memref.copy %alloc_16, %alloc_18 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32>
    linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_14, %alloc_17 : memref<1x64x18x18xf32>, memref<3x3xf32>) outs(%alloc_18 : memref<1x64x8x8xf32>)
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x64x10x10xf32>
    linalg.map outs(%alloc_19 : memref<1x64x10x10xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_20 = memref.subview %alloc_19[0, 0, 1, 1] [1, 64, 8, 8] [1, 1, 1, 1] : memref<1x64x10x10xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    memref.copy %alloc_18, %subview_20 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_21 : memref<1x64x8x8xf32>)
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    memref.copy %alloc_21, %alloc_22 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_19, %arg4 : memref<1x64x10x10xf32>, memref<64x64x3x3xf32>) outs(%alloc_22 : memref<1x64x8x8xf32>)
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg66 : memref<64xf32>) outs(%alloc_23 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_23 : memref<64xf32>) outs(%alloc_24 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_25 = memref.expand_shape %arg65 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %expand_shape_26 = memref.expand_shape %alloc_24 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_22, %expand_shape_25 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_27 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_27, %expand_shape_26 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_28 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_29 = memref.expand_shape %arg5 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_28, %expand_shape_29 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_30 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_31 = memref.expand_shape %arg6 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_30, %expand_shape_31 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_32 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_32 : memref<1x64x8x8xf32>) outs(%alloc_33 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<1x64x10x10xf32>
    linalg.map outs(%alloc_34 : memref<1x64x10x10xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_35 = memref.subview %alloc_34[0, 0, 1, 1] [1, 64, 8, 8] [1, 1, 1, 1] : memref<1x64x10x10xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    memref.copy %alloc_33, %subview_35 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    memref.copy %alloc_21, %alloc_36 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_34, %arg7 : memref<1x64x10x10xf32>, memref<64x64x3x3xf32>) outs(%alloc_36 : memref<1x64x8x8xf32>)
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg68 : memref<64xf32>) outs(%alloc_37 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_37 : memref<64xf32>) outs(%alloc_38 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_39 = memref.expand_shape %arg67 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %expand_shape_40 = memref.expand_shape %alloc_38 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_36, %expand_shape_39 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_41 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_41, %expand_shape_40 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_42 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_43 = memref.expand_shape %arg8 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_42, %expand_shape_43 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_44 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_45 = memref.expand_shape %arg9 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_44, %expand_shape_45 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_46 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_46, %alloc_18 : memref<1x64x8x8xf32>, memref<1x64x8x8xf32>) outs(%alloc_47 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_47 : memref<1x64x8x8xf32>) outs(%alloc_48 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<1x64x10x10xf32>
    linalg.map outs(%alloc_49 : memref<1x64x10x10xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_50 = memref.subview %alloc_49[0, 0, 1, 1] [1, 64, 8, 8] [1, 1, 1, 1] : memref<1x64x10x10xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    memref.copy %alloc_48, %subview_50 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    memref.copy %alloc_21, %alloc_51 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_49, %arg10 : memref<1x64x10x10xf32>, memref<64x64x3x3xf32>) outs(%alloc_51 : memref<1x64x8x8xf32>)
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg70 : memref<64xf32>) outs(%alloc_52 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_52 : memref<64xf32>) outs(%alloc_53 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_54 = memref.expand_shape %arg69 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %expand_shape_55 = memref.expand_shape %alloc_53 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_51, %expand_shape_54 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_56 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_56, %expand_shape_55 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_57 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_58 = memref.expand_shape %arg11 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_59 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_57, %expand_shape_58 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_59 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_60 = memref.expand_shape %arg12 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_61 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_59, %expand_shape_60 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_61 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_62 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_61 : memref<1x64x8x8xf32>) outs(%alloc_62 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_63 = memref.alloc() {alignment = 64 : i64} : memref<1x64x10x10xf32>
    linalg.map outs(%alloc_63 : memref<1x64x10x10xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_64 = memref.subview %alloc_63[0, 0, 1, 1] [1, 64, 8, 8] [1, 1, 1, 1] : memref<1x64x10x10xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    memref.copy %alloc_62, %subview_64 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    %alloc_65 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    memref.copy %alloc_21, %alloc_65 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_63, %arg13 : memref<1x64x10x10xf32>, memref<64x64x3x3xf32>) outs(%alloc_65 : memref<1x64x8x8xf32>)
    %alloc_66 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg72 : memref<64xf32>) outs(%alloc_66 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_67 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_66 : memref<64xf32>) outs(%alloc_67 : memref<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_68 = memref.expand_shape %arg71 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %expand_shape_69 = memref.expand_shape %alloc_67 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_70 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_65, %expand_shape_68 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_70 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_71 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_70, %expand_shape_69 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_71 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_72 = memref.expand_shape %arg14 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_73 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_71, %expand_shape_72 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_73 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_74 = memref.expand_shape %arg15 [[0, 1, 2]] output_shape [64, 1, 1] : memref<64xf32> into memref<64x1x1xf32>
    %alloc_75 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_73, %expand_shape_74 : memref<1x64x8x8xf32>, memref<64x1x1xf32>) outs(%alloc_75 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_76 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_75, %alloc_48 : memref<1x64x8x8xf32>, memref<1x64x8x8xf32>) outs(%alloc_76 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_77 = memref.alloc() {alignment = 64 : i64} : memref<1x64x8x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_76 : memref<1x64x8x8xf32>) outs(%alloc_77 : memref<1x64x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_78 = memref.alloc() {alignment = 64 : i64} : memref<1x64x10x10xf32>
    linalg.map outs(%alloc_78 : memref<1x64x10x10xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_79 = memref.subview %alloc_78[0, 0, 1, 1] [1, 64, 8, 8] [1, 1, 1, 1] : memref<1x64x10x10xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    memref.copy %alloc_77, %subview_79 : memref<1x64x8x8xf32> to memref<1x64x8x8xf32, strided<[6400, 100, 10, 1], offset: 11>>
    %alloc_80 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_80 : memref<1x128x4x4xf32>)
    %alloc_81 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    memref.copy %alloc_80, %alloc_81 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_78, %arg16 : memref<1x64x10x10xf32>, memref<128x64x3x3xf32>) outs(%alloc_81 : memref<1x128x4x4xf32>)
    %alloc_82 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg74 : memref<128xf32>) outs(%alloc_82 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_83 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_82 : memref<128xf32>) outs(%alloc_83 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_84 = memref.expand_shape %arg73 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %expand_shape_85 = memref.expand_shape %alloc_83 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_86 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_81, %expand_shape_84 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_86 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_87 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_86, %expand_shape_85 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_87 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_88 = memref.expand_shape %arg17 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_89 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_87, %expand_shape_88 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_89 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_90 = memref.expand_shape %arg18 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_91 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_89, %expand_shape_90 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_91 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_92 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_91 : memref<1x128x4x4xf32>) outs(%alloc_92 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_93 = memref.alloc() {alignment = 64 : i64} : memref<1x128x6x6xf32>
    linalg.map outs(%alloc_93 : memref<1x128x6x6xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_94 = memref.subview %alloc_93[0, 0, 1, 1] [1, 128, 4, 4] [1, 1, 1, 1] : memref<1x128x6x6xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    memref.copy %alloc_92, %subview_94 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    %alloc_95 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    memref.copy %alloc_80, %alloc_95 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_93, %arg19 : memref<1x128x6x6xf32>, memref<128x128x3x3xf32>) outs(%alloc_95 : memref<1x128x4x4xf32>)
    %alloc_96 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg76 : memref<128xf32>) outs(%alloc_96 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_97 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_96 : memref<128xf32>) outs(%alloc_97 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_98 = memref.expand_shape %arg75 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %expand_shape_99 = memref.expand_shape %alloc_97 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_100 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_95, %expand_shape_98 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_100 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_101 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_100, %expand_shape_99 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_101 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_102 = memref.expand_shape %arg20 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_103 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_101, %expand_shape_102 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_103 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_104 = memref.expand_shape %arg21 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_105 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_103, %expand_shape_104 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_105 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_106 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    memref.copy %alloc_80, %alloc_106 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_77, %arg22 : memref<1x64x8x8xf32>, memref<128x64x1x1xf32>) outs(%alloc_106 : memref<1x128x4x4xf32>)
    %alloc_107 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg78 : memref<128xf32>) outs(%alloc_107 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_108 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_107 : memref<128xf32>) outs(%alloc_108 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_109 = memref.expand_shape %arg77 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %expand_shape_110 = memref.expand_shape %alloc_108 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_111 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_106, %expand_shape_109 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_111 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_112 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_111, %expand_shape_110 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_112 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_113 = memref.expand_shape %arg23 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_114 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_112, %expand_shape_113 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_114 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_115 = memref.expand_shape %arg24 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_116 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_114, %expand_shape_115 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_116 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_117 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_105, %alloc_116 : memref<1x128x4x4xf32>, memref<1x128x4x4xf32>) outs(%alloc_117 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_118 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_117 : memref<1x128x4x4xf32>) outs(%alloc_118 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_119 = memref.alloc() {alignment = 64 : i64} : memref<1x128x6x6xf32>
    linalg.map outs(%alloc_119 : memref<1x128x6x6xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_120 = memref.subview %alloc_119[0, 0, 1, 1] [1, 128, 4, 4] [1, 1, 1, 1] : memref<1x128x6x6xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    memref.copy %alloc_118, %subview_120 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    %alloc_121 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    memref.copy %alloc_80, %alloc_121 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_119, %arg25 : memref<1x128x6x6xf32>, memref<128x128x3x3xf32>) outs(%alloc_121 : memref<1x128x4x4xf32>)
    %alloc_122 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg80 : memref<128xf32>) outs(%alloc_122 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_123 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_122 : memref<128xf32>) outs(%alloc_123 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_124 = memref.expand_shape %arg79 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %expand_shape_125 = memref.expand_shape %alloc_123 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_126 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_121, %expand_shape_124 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_126 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_127 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_126, %expand_shape_125 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_127 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_128 = memref.expand_shape %arg26 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_129 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_127, %expand_shape_128 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_129 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_130 = memref.expand_shape %arg27 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_131 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_129, %expand_shape_130 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_131 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_132 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_131 : memref<1x128x4x4xf32>) outs(%alloc_132 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_133 = memref.alloc() {alignment = 64 : i64} : memref<1x128x6x6xf32>
    linalg.map outs(%alloc_133 : memref<1x128x6x6xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_134 = memref.subview %alloc_133[0, 0, 1, 1] [1, 128, 4, 4] [1, 1, 1, 1] : memref<1x128x6x6xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    memref.copy %alloc_132, %subview_134 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    %alloc_135 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    memref.copy %alloc_80, %alloc_135 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_133, %arg28 : memref<1x128x6x6xf32>, memref<128x128x3x3xf32>) outs(%alloc_135 : memref<1x128x4x4xf32>)
    %alloc_136 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg82 : memref<128xf32>) outs(%alloc_136 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_137 = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_136 : memref<128xf32>) outs(%alloc_137 : memref<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_138 = memref.expand_shape %arg81 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %expand_shape_139 = memref.expand_shape %alloc_137 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_140 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_135, %expand_shape_138 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_140 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_141 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_140, %expand_shape_139 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_141 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_142 = memref.expand_shape %arg29 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_143 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_141, %expand_shape_142 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_143 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_144 = memref.expand_shape %arg30 [[0, 1, 2]] output_shape [128, 1, 1] : memref<128xf32> into memref<128x1x1xf32>
    %alloc_145 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_143, %expand_shape_144 : memref<1x128x4x4xf32>, memref<128x1x1xf32>) outs(%alloc_145 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_146 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_145, %alloc_118 : memref<1x128x4x4xf32>, memref<1x128x4x4xf32>) outs(%alloc_146 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_147 = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_146 : memref<1x128x4x4xf32>) outs(%alloc_147 : memref<1x128x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_148 = memref.alloc() {alignment = 64 : i64} : memref<1x128x6x6xf32>
    linalg.map outs(%alloc_148 : memref<1x128x6x6xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_149 = memref.subview %alloc_148[0, 0, 1, 1] [1, 128, 4, 4] [1, 1, 1, 1] : memref<1x128x6x6xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    memref.copy %alloc_147, %subview_149 : memref<1x128x4x4xf32> to memref<1x128x4x4xf32, strided<[4608, 36, 6, 1], offset: 7>>
    %alloc_150 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_150 : memref<1x256x2x2xf32>)
    %alloc_151 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    memref.copy %alloc_150, %alloc_151 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_148, %arg31 : memref<1x128x6x6xf32>, memref<256x128x3x3xf32>) outs(%alloc_151 : memref<1x256x2x2xf32>)
    %alloc_152 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg84 : memref<256xf32>) outs(%alloc_152 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_153 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_152 : memref<256xf32>) outs(%alloc_153 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_154 = memref.expand_shape %arg83 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %expand_shape_155 = memref.expand_shape %alloc_153 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_156 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_151, %expand_shape_154 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_156 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_157 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_156, %expand_shape_155 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_157 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_158 = memref.expand_shape %arg32 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_159 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_157, %expand_shape_158 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_159 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_160 = memref.expand_shape %arg33 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_161 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_159, %expand_shape_160 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_161 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_162 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_161 : memref<1x256x2x2xf32>) outs(%alloc_162 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_163 = memref.alloc() {alignment = 64 : i64} : memref<1x256x4x4xf32>
    linalg.map outs(%alloc_163 : memref<1x256x4x4xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_164 = memref.subview %alloc_163[0, 0, 1, 1] [1, 256, 2, 2] [1, 1, 1, 1] : memref<1x256x4x4xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    memref.copy %alloc_162, %subview_164 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    %alloc_165 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    memref.copy %alloc_150, %alloc_165 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_163, %arg34 : memref<1x256x4x4xf32>, memref<256x256x3x3xf32>) outs(%alloc_165 : memref<1x256x2x2xf32>)
    %alloc_166 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg86 : memref<256xf32>) outs(%alloc_166 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_167 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_166 : memref<256xf32>) outs(%alloc_167 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_168 = memref.expand_shape %arg85 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %expand_shape_169 = memref.expand_shape %alloc_167 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_170 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_165, %expand_shape_168 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_170 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_171 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_170, %expand_shape_169 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_171 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_172 = memref.expand_shape %arg35 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_173 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_171, %expand_shape_172 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_173 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_174 = memref.expand_shape %arg36 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_175 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_173, %expand_shape_174 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_175 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_176 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    memref.copy %alloc_150, %alloc_176 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_147, %arg37 : memref<1x128x4x4xf32>, memref<256x128x1x1xf32>) outs(%alloc_176 : memref<1x256x2x2xf32>)
    %alloc_177 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg88 : memref<256xf32>) outs(%alloc_177 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_178 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_177 : memref<256xf32>) outs(%alloc_178 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_179 = memref.expand_shape %arg87 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %expand_shape_180 = memref.expand_shape %alloc_178 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_181 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_176, %expand_shape_179 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_181 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_182 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_181, %expand_shape_180 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_182 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_183 = memref.expand_shape %arg38 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_184 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_182, %expand_shape_183 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_184 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_185 = memref.expand_shape %arg39 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_186 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_184, %expand_shape_185 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_186 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_187 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_175, %alloc_186 : memref<1x256x2x2xf32>, memref<1x256x2x2xf32>) outs(%alloc_187 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_188 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_187 : memref<1x256x2x2xf32>) outs(%alloc_188 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_189 = memref.alloc() {alignment = 64 : i64} : memref<1x256x4x4xf32>
    linalg.map outs(%alloc_189 : memref<1x256x4x4xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_190 = memref.subview %alloc_189[0, 0, 1, 1] [1, 256, 2, 2] [1, 1, 1, 1] : memref<1x256x4x4xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    memref.copy %alloc_188, %subview_190 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    %alloc_191 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    memref.copy %alloc_150, %alloc_191 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_189, %arg40 : memref<1x256x4x4xf32>, memref<256x256x3x3xf32>) outs(%alloc_191 : memref<1x256x2x2xf32>)
    %alloc_192 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg90 : memref<256xf32>) outs(%alloc_192 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_193 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_192 : memref<256xf32>) outs(%alloc_193 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_194 = memref.expand_shape %arg89 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %expand_shape_195 = memref.expand_shape %alloc_193 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_196 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_191, %expand_shape_194 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_196 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_197 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_196, %expand_shape_195 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_197 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_198 = memref.expand_shape %arg41 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_199 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_197, %expand_shape_198 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_199 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_200 = memref.expand_shape %arg42 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_201 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_199, %expand_shape_200 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_201 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_202 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_201 : memref<1x256x2x2xf32>) outs(%alloc_202 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_203 = memref.alloc() {alignment = 64 : i64} : memref<1x256x4x4xf32>
    linalg.map outs(%alloc_203 : memref<1x256x4x4xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_204 = memref.subview %alloc_203[0, 0, 1, 1] [1, 256, 2, 2] [1, 1, 1, 1] : memref<1x256x4x4xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    memref.copy %alloc_202, %subview_204 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    %alloc_205 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    memref.copy %alloc_150, %alloc_205 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_203, %arg43 : memref<1x256x4x4xf32>, memref<256x256x3x3xf32>) outs(%alloc_205 : memref<1x256x2x2xf32>)
    %alloc_206 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg92 : memref<256xf32>) outs(%alloc_206 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_207 = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_206 : memref<256xf32>) outs(%alloc_207 : memref<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_208 = memref.expand_shape %arg91 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %expand_shape_209 = memref.expand_shape %alloc_207 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_210 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_205, %expand_shape_208 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_210 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_211 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_210, %expand_shape_209 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_211 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_212 = memref.expand_shape %arg44 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_213 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_211, %expand_shape_212 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_213 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_214 = memref.expand_shape %arg45 [[0, 1, 2]] output_shape [256, 1, 1] : memref<256xf32> into memref<256x1x1xf32>
    %alloc_215 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_213, %expand_shape_214 : memref<1x256x2x2xf32>, memref<256x1x1xf32>) outs(%alloc_215 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_216 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_215, %alloc_188 : memref<1x256x2x2xf32>, memref<1x256x2x2xf32>) outs(%alloc_216 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_217 = memref.alloc() {alignment = 64 : i64} : memref<1x256x2x2xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_216 : memref<1x256x2x2xf32>) outs(%alloc_217 : memref<1x256x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_218 = memref.alloc() {alignment = 64 : i64} : memref<1x256x4x4xf32>
    linalg.map outs(%alloc_218 : memref<1x256x4x4xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_219 = memref.subview %alloc_218[0, 0, 1, 1] [1, 256, 2, 2] [1, 1, 1, 1] : memref<1x256x4x4xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    memref.copy %alloc_217, %subview_219 : memref<1x256x2x2xf32> to memref<1x256x2x2xf32, strided<[4096, 16, 4, 1], offset: 5>>
    %alloc_220 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_220 : memref<1x512x1x1xf32>)
    %alloc_221 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    memref.copy %alloc_220, %alloc_221 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_218, %arg46 : memref<1x256x4x4xf32>, memref<512x256x3x3xf32>) outs(%alloc_221 : memref<1x512x1x1xf32>)
    %alloc_222 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg94 : memref<512xf32>) outs(%alloc_222 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_223 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_222 : memref<512xf32>) outs(%alloc_223 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_224 = memref.expand_shape %arg93 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %expand_shape_225 = memref.expand_shape %alloc_223 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_226 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_221, %expand_shape_224 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_226 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_227 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_226, %expand_shape_225 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_227 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_228 = memref.expand_shape %arg47 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_229 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_227, %expand_shape_228 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_229 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_230 = memref.expand_shape %arg48 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_231 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_229, %expand_shape_230 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_231 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_232 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_231 : memref<1x512x1x1xf32>) outs(%alloc_232 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_233 = memref.alloc() {alignment = 64 : i64} : memref<1x512x3x3xf32>
    linalg.map outs(%alloc_233 : memref<1x512x3x3xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_234 = memref.subview %alloc_233[0, 0, 1, 1] [1, 512, 1, 1] [1, 1, 1, 1] : memref<1x512x3x3xf32> to memref<1x512x1x1xf32, strided<[4608, 9, 3, 1], offset: 4>>
    memref.copy %alloc_232, %subview_234 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32, strided<[4608, 9, 3, 1], offset: 4>>
    %alloc_235 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    memref.copy %alloc_220, %alloc_235 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_233, %arg49 : memref<1x512x3x3xf32>, memref<512x512x3x3xf32>) outs(%alloc_235 : memref<1x512x1x1xf32>)
    %alloc_236 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg96 : memref<512xf32>) outs(%alloc_236 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_237 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_236 : memref<512xf32>) outs(%alloc_237 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_238 = memref.expand_shape %arg95 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %expand_shape_239 = memref.expand_shape %alloc_237 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_240 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_235, %expand_shape_238 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_240 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_241 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_240, %expand_shape_239 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_241 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_242 = memref.expand_shape %arg50 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_243 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_241, %expand_shape_242 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_243 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_244 = memref.expand_shape %arg51 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_245 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_243, %expand_shape_244 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_245 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_246 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    memref.copy %alloc_220, %alloc_246 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%alloc_217, %arg52 : memref<1x256x2x2xf32>, memref<512x256x1x1xf32>) outs(%alloc_246 : memref<1x512x1x1xf32>)
    %alloc_247 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg98 : memref<512xf32>) outs(%alloc_247 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_248 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_247 : memref<512xf32>) outs(%alloc_248 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_249 = memref.expand_shape %arg97 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %expand_shape_250 = memref.expand_shape %alloc_248 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_251 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_246, %expand_shape_249 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_251 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_252 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_251, %expand_shape_250 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_252 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_253 = memref.expand_shape %arg53 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_254 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_252, %expand_shape_253 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_254 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_255 = memref.expand_shape %arg54 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_256 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_254, %expand_shape_255 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_256 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_257 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_245, %alloc_256 : memref<1x512x1x1xf32>, memref<1x512x1x1xf32>) outs(%alloc_257 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_258 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_257 : memref<1x512x1x1xf32>) outs(%alloc_258 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_259 = memref.alloc() {alignment = 64 : i64} : memref<1x512x3x3xf32>
    linalg.map outs(%alloc_259 : memref<1x512x3x3xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_260 = memref.subview %alloc_259[0, 0, 1, 1] [1, 512, 1, 1] [1, 1, 1, 1] : memref<1x512x3x3xf32> to memref<1x512x1x1xf32, strided<[4608, 9, 3, 1], offset: 4>>
    memref.copy %alloc_258, %subview_260 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32, strided<[4608, 9, 3, 1], offset: 4>>
    %alloc_261 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    memref.copy %alloc_220, %alloc_261 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_259, %arg55 : memref<1x512x3x3xf32>, memref<512x512x3x3xf32>) outs(%alloc_261 : memref<1x512x1x1xf32>)
    %alloc_262 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg100 : memref<512xf32>) outs(%alloc_262 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_263 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_262 : memref<512xf32>) outs(%alloc_263 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_264 = memref.expand_shape %arg99 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %expand_shape_265 = memref.expand_shape %alloc_263 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_266 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_261, %expand_shape_264 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_266 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_267 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_266, %expand_shape_265 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_267 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_268 = memref.expand_shape %arg56 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_269 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_267, %expand_shape_268 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_269 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_270 = memref.expand_shape %arg57 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_271 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_269, %expand_shape_270 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_271 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_272 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_271 : memref<1x512x1x1xf32>) outs(%alloc_272 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_273 = memref.alloc() {alignment = 64 : i64} : memref<1x512x3x3xf32>
    linalg.map outs(%alloc_273 : memref<1x512x3x3xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview_274 = memref.subview %alloc_273[0, 0, 1, 1] [1, 512, 1, 1] [1, 1, 1, 1] : memref<1x512x3x3xf32> to memref<1x512x1x1xf32, strided<[4608, 9, 3, 1], offset: 4>>
    memref.copy %alloc_272, %subview_274 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32, strided<[4608, 9, 3, 1], offset: 4>>
    %alloc_275 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    memref.copy %alloc_220, %alloc_275 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_273, %arg58 : memref<1x512x3x3xf32>, memref<512x512x3x3xf32>) outs(%alloc_275 : memref<1x512x1x1xf32>)
    %alloc_276 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg102 : memref<512xf32>) outs(%alloc_276 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.truncf %cst_1 : f64 to f32
      %1 = arith.addf %in, %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_277 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_276 : memref<512xf32>) outs(%alloc_277 : memref<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.rsqrt %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape_278 = memref.expand_shape %arg101 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %expand_shape_279 = memref.expand_shape %alloc_277 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_280 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_275, %expand_shape_278 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_280 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.subf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_281 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_280, %expand_shape_279 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_281 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_282 = memref.expand_shape %arg59 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_283 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_281, %expand_shape_282 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_283 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.mulf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %expand_shape_284 = memref.expand_shape %arg60 [[0, 1, 2]] output_shape [512, 1, 1] : memref<512xf32> into memref<512x1x1xf32>
    %alloc_285 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_283, %expand_shape_284 : memref<1x512x1x1xf32>, memref<512x1x1xf32>) outs(%alloc_285 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_286 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_285, %alloc_258 : memref<1x512x1x1xf32>, memref<1x512x1x1xf32>) outs(%alloc_286 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    %alloc_287 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_286 : memref<1x512x1x1xf32>) outs(%alloc_287 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_288 = memref.alloc() {alignment = 64 : i64} : memref<1x512x1x1xf32>
    memref.copy %alloc_220, %alloc_288 : memref<1x512x1x1xf32> to memref<1x512x1x1xf32>
    linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%alloc_287 : memref<1x512x1x1xf32>) outs(%alloc_288 : memref<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_288 [[0], [1, 2, 3]] : memref<1x512x1x1xf32> into memref<1x512xf32>
    %alloc_289 = memref.alloc() {alignment = 64 : i64} : memref<512x10xf32>
    linalg.transpose ins(%arg61 : memref<10x512xf32>) outs(%alloc_289 : memref<512x10xf32>) permutation = [1, 0] 
    %alloc_290 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_290 : memref<1x10xf32>)
    %alloc_291 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    memref.copy %alloc_290, %alloc_291 : memref<1x10xf32> to memref<1x10xf32>
    linalg.matmul ins(%collapse_shape, %alloc_289 : memref<1x512xf32>, memref<512x10xf32>) outs(%alloc_291 : memref<1x10xf32>)
    %alloc_292 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%arg62 : memref<10xf32>) outs(%alloc_292 : memref<1x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_293 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%alloc_291, %alloc_292 : memref<1x10xf32>, memref<1x10xf32>) outs(%alloc_293 : memref<1x10xf32>) {
    ^bb0(%in: f32, %in_294: f32, %out: f32):
      %0 = arith.addf %in, %in_294 : f32
      linalg.yield %0 : f32
    }
    return %alloc_293 : memref<1x10xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<1x3x32x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<64x3x7x7xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<64x64x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg7 : memref<64x64x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg8 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg9 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg10 : memref<64x64x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg11 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg12 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg13 : memref<64x64x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg14 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg15 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg16 : memref<128x64x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg17 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg18 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg19 : memref<128x128x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg20 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg21 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg22 : memref<128x64x1x1xf32> = uninitialized
  memref.global "private" @bufrs_model_arg23 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg24 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg25 : memref<128x128x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg26 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg27 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg28 : memref<128x128x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg29 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg30 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg31 : memref<256x128x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg32 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg33 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg34 : memref<256x256x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg35 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg36 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg37 : memref<256x128x1x1xf32> = uninitialized
  memref.global "private" @bufrs_model_arg38 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg39 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg40 : memref<256x256x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg41 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg42 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg43 : memref<256x256x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg44 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg45 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg46 : memref<512x256x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg47 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg48 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg49 : memref<512x512x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg50 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg51 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg52 : memref<512x256x1x1xf32> = uninitialized
  memref.global "private" @bufrs_model_arg53 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg54 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg55 : memref<512x512x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg56 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg57 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg58 : memref<512x512x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg59 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg60 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg61 : memref<10x512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg62 : memref<10xf32> = uninitialized
  memref.global "private" @bufrs_model_arg63 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg64 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg65 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg66 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg67 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg68 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg69 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg70 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg71 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg72 : memref<64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg73 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg74 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg75 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg76 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg77 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg78 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg79 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg80 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg81 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg82 : memref<128xf32> = uninitialized
  memref.global "private" @bufrs_model_arg83 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg84 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg85 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg86 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg87 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg88 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg89 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg90 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg91 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg92 : memref<256xf32> = uninitialized
  memref.global "private" @bufrs_model_arg93 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg94 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg95 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg96 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg97 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg98 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg99 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg100 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg101 : memref<512xf32> = uninitialized
  memref.global "private" @bufrs_model_arg102 : memref<512xf32> = uninitialized

  // The driver's weights and input: element i of a buffer is
  // offset + scale * ((hash(i, key) & 0xFFFFFF) / 2^24 - 0.5)
  // (utils/export_models.py computes the same in PyTorch).
  func.func private @bufrs_model_fill(%buffer: memref<?xf32>, %key: i64, %offset: f32, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %buffer, %c0 : memref<?xf32>
    %mul1 = arith.constant 2654435761 : i64
    %mul2 = arith.constant 1274126177 : i64
    %mask32 = arith.constant 4294967295 : i64
    %mask24 = arith.constant 16777215 : i64
    %s13 = arith.constant 13 : i64
    %s16 = arith.constant 16 : i64
    %unit = arith.constant 5.96046448E-8 : f32
    %half = arith.constant 5.000000e-01 : f32
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %a0 = arith.muli %ii, %mul1 : i64
      %a1 = arith.addi %a0, %key : i64
      %a = arith.andi %a1, %mask32 : i64
      %b0 = arith.shrui %a, %s13 : i64
      %b = arith.xori %a, %b0 : i64
      %c0m = arith.muli %b, %mul2 : i64
      %c = arith.andi %c0m, %mask32 : i64
      %d0 = arith.shrui %c, %s16 : i64
      %d = arith.xori %c, %d0 : i64
      %e = arith.andi %d, %mask24 : i64
      %f = arith.sitofp %e : i64 to f32
      %u = arith.mulf %f, %unit : f32
      %v = arith.subf %u, %half : f32
      %w = arith.mulf %v, %scale : f32
      %x = arith.addf %w, %offset : f32
      memref.store %x, %buffer[%i] : memref<?xf32>
    }
    return
  }
  func.func private @bufrs_print_f64(f64)
  func.func @run() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %g0 = memref.get_global @bufrs_model_input : memref<1x3x32x32xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1, 2, 3]] : memref<1x3x32x32xf32> into memref<3072xf32>
    %any0 = memref.cast %flat0 : memref<3072xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %g1 = memref.get_global @bufrs_model_arg1 : memref<64x3x7x7xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1, 2, 3]] : memref<64x3x7x7xf32> into memref<9408xf32>
    %any1 = memref.cast %flat1 : memref<9408xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3E924925 : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<64xf32>
    %flat2 = memref.collapse_shape %g2 [[0]] : memref<64xf32> into memref<64xf32>
    %any2 = memref.cast %flat2 : memref<64xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x3F800000 : f32
    %scale2 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<64xf32>
    %flat3 = memref.collapse_shape %g3 [[0]] : memref<64xf32> into memref<64xf32>
    %any3 = memref.cast %flat3 : memref<64xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<64x64x3x3xf32>
    %flat4 = memref.collapse_shape %g4 [[0, 1, 2, 3]] : memref<64x64x3x3xf32> into memref<36864xf32>
    %any4 = memref.cast %flat4 : memref<36864xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3E13CD3A : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<64xf32>
    %flat5 = memref.collapse_shape %g5 [[0]] : memref<64xf32> into memref<64xf32>
    %any5 = memref.cast %flat5 : memref<64xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x3F800000 : f32
    %scale5 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<64xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<64xf32> into memref<64xf32>
    %any6 = memref.cast %flat6 : memref<64xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %g7 = memref.get_global @bufrs_model_arg7 : memref<64x64x3x3xf32>
    %flat7 = memref.collapse_shape %g7 [[0, 1, 2, 3]] : memref<64x64x3x3xf32> into memref<36864xf32>
    %any7 = memref.cast %flat7 : memref<36864xf32> to memref<?xf32>
    %key7 = arith.constant 1067781 : i64
    %offset7 = arith.constant 0x00000000 : f32
    %scale7 = arith.constant 0x3E13CD3A : f32
    func.call @bufrs_model_fill(%any7, %key7, %offset7, %scale7) : (memref<?xf32>, i64, f32, f32) -> ()
    %g8 = memref.get_global @bufrs_model_arg8 : memref<64xf32>
    %flat8 = memref.collapse_shape %g8 [[0]] : memref<64xf32> into memref<64xf32>
    %any8 = memref.cast %flat8 : memref<64xf32> to memref<?xf32>
    %key8 = arith.constant 1075700 : i64
    %offset8 = arith.constant 0x3F800000 : f32
    %scale8 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any8, %key8, %offset8, %scale8) : (memref<?xf32>, i64, f32, f32) -> ()
    %g9 = memref.get_global @bufrs_model_arg9 : memref<64xf32>
    %flat9 = memref.collapse_shape %g9 [[0]] : memref<64xf32> into memref<64xf32>
    %any9 = memref.cast %flat9 : memref<64xf32> to memref<?xf32>
    %key9 = arith.constant 1083619 : i64
    %offset9 = arith.constant 0x00000000 : f32
    %scale9 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any9, %key9, %offset9, %scale9) : (memref<?xf32>, i64, f32, f32) -> ()
    %g10 = memref.get_global @bufrs_model_arg10 : memref<64x64x3x3xf32>
    %flat10 = memref.collapse_shape %g10 [[0, 1, 2, 3]] : memref<64x64x3x3xf32> into memref<36864xf32>
    %any10 = memref.cast %flat10 : memref<36864xf32> to memref<?xf32>
    %key10 = arith.constant 1091538 : i64
    %offset10 = arith.constant 0x00000000 : f32
    %scale10 = arith.constant 0x3E13CD3A : f32
    func.call @bufrs_model_fill(%any10, %key10, %offset10, %scale10) : (memref<?xf32>, i64, f32, f32) -> ()
    %g11 = memref.get_global @bufrs_model_arg11 : memref<64xf32>
    %flat11 = memref.collapse_shape %g11 [[0]] : memref<64xf32> into memref<64xf32>
    %any11 = memref.cast %flat11 : memref<64xf32> to memref<?xf32>
    %key11 = arith.constant 1099457 : i64
    %offset11 = arith.constant 0x3F800000 : f32
    %scale11 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any11, %key11, %offset11, %scale11) : (memref<?xf32>, i64, f32, f32) -> ()
    %g12 = memref.get_global @bufrs_model_arg12 : memref<64xf32>
    %flat12 = memref.collapse_shape %g12 [[0]] : memref<64xf32> into memref<64xf32>
    %any12 = memref.cast %flat12 : memref<64xf32> to memref<?xf32>
    %key12 = arith.constant 1107376 : i64
    %offset12 = arith.constant 0x00000000 : f32
    %scale12 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any12, %key12, %offset12, %scale12) : (memref<?xf32>, i64, f32, f32) -> ()
    %g13 = memref.get_global @bufrs_model_arg13 : memref<64x64x3x3xf32>
    %flat13 = memref.collapse_shape %g13 [[0, 1, 2, 3]] : memref<64x64x3x3xf32> into memref<36864xf32>
    %any13 = memref.cast %flat13 : memref<36864xf32> to memref<?xf32>
    %key13 = arith.constant 1115295 : i64
    %offset13 = arith.constant 0x00000000 : f32
    %scale13 = arith.constant 0x3E13CD3A : f32
    func.call @bufrs_model_fill(%any13, %key13, %offset13, %scale13) : (memref<?xf32>, i64, f32, f32) -> ()
    %g14 = memref.get_global @bufrs_model_arg14 : memref<64xf32>
    %flat14 = memref.collapse_shape %g14 [[0]] : memref<64xf32> into memref<64xf32>
    %any14 = memref.cast %flat14 : memref<64xf32> to memref<?xf32>
    %key14 = arith.constant 1123214 : i64
    %offset14 = arith.constant 0x3F800000 : f32
    %scale14 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any14, %key14, %offset14, %scale14) : (memref<?xf32>, i64, f32, f32) -> ()
    %g15 = memref.get_global @bufrs_model_arg15 : memref<64xf32>
    %flat15 = memref.collapse_shape %g15 [[0]] : memref<64xf32> into memref<64xf32>
    %any15 = memref.cast %flat15 : memref<64xf32> to memref<?xf32>
    %key15 = arith.constant 1131133 : i64
    %offset15 = arith.constant 0x00000000 : f32
    %scale15 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any15, %key15, %offset15, %scale15) : (memref<?xf32>, i64, f32, f32) -> ()
    %g16 = memref.get_global @bufrs_model_arg16 : memref<128x64x3x3xf32>
    %flat16 = memref.collapse_shape %g16 [[0, 1, 2, 3]] : memref<128x64x3x3xf32> into memref<73728xf32>
    %any16 = memref.cast %flat16 : memref<73728xf32> to memref<?xf32>
    %key16 = arith.constant 1139052 : i64
    %offset16 = arith.constant 0x00000000 : f32
    %scale16 = arith.constant 0x3E13CD3A : f32
    func.call @bufrs_model_fill(%any16, %key16, %offset16, %scale16) : (memref<?xf32>, i64, f32, f32) -> ()
    %g17 = memref.get_global @bufrs_model_arg17 : memref<128xf32>
    %flat17 = memref.collapse_shape %g17 [[0]] : memref<128xf32> into memref<128xf32>
    %any17 = memref.cast %flat17 : memref<128xf32> to memref<?xf32>
    %key17 = arith.constant 1146971 : i64
    %offset17 = arith.constant 0x3F800000 : f32
    %scale17 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any17, %key17, %offset17, %scale17) : (memref<?xf32>, i64, f32, f32) -> ()
    %g18 = memref.get_global @bufrs_model_arg18 : memref<128xf32>
    %flat18 = memref.collapse_shape %g18 [[0]] : memref<128xf32> into memref<128xf32>
    %any18 = memref.cast %flat18 : memref<128xf32> to memref<?xf32>
    %key18 = arith.constant 1154890 : i64
    %offset18 = arith.constant 0x00000000 : f32
    %scale18 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any18, %key18, %offset18, %scale18) : (memref<?xf32>, i64, f32, f32) -> ()
    %g19 = memref.get_global @bufrs_model_arg19 : memref<128x128x3x3xf32>
    %flat19 = memref.collapse_shape %g19 [[0, 1, 2, 3]] : memref<128x128x3x3xf32> into memref<147456xf32>
    %any19 = memref.cast %flat19 : memref<147456xf32> to memref<?xf32>
    %key19 = arith.constant 1162809 : i64
    %offset19 = arith.constant 0x00000000 : f32
    %scale19 = arith.constant 0x3DD105EC : f32
    func.call @bufrs_model_fill(%any19, %key19, %offset19, %scale19) : (memref<?xf32>, i64, f32, f32) -> ()
    %g20 = memref.get_global @bufrs_model_arg20 : memref<128xf32>
    %flat20 = memref.collapse_shape %g20 [[0]] : memref<128xf32> into memref<128xf32>
    %any20 = memref.cast %flat20 : memref<128xf32> to memref<?xf32>
    %key20 = arith.constant 1170728 : i64
    %offset20 = arith.constant 0x3F800000 : f32
    %scale20 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any20, %key20, %offset20, %scale20) : (memref<?xf32>, i64, f32, f32) -> ()
    %g21 = memref.get_global @bufrs_model_arg21 : memref<128xf32>
    %flat21 = memref.collapse_shape %g21 [[0]] : memref<128xf32> into memref<128xf32>
    %any21 = memref.cast %flat21 : memref<128xf32> to memref<?xf32>
    %key21 = arith.constant 1178647 : i64
    %offset21 = arith.constant 0x00000000 : f32
    %scale21 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any21, %key21, %offset21, %scale21) : (memref<?xf32>, i64, f32, f32) -> ()
    %g22 = memref.get_global @bufrs_model_arg22 : memref<128x64x1x1xf32>
    %flat22 = memref.collapse_shape %g22 [[0, 1, 2, 3]] : memref<128x64x1x1xf32> into memref<8192xf32>
    %any22 = memref.cast %flat22 : memref<8192xf32> to memref<?xf32>
    %key22 = arith.constant 1186566 : i64
    %offset22 = arith.constant 0x00000000 : f32
    %scale22 = arith.constant 0x3EDDB3D7 : f32
    func.call @bufrs_model_fill(%any22, %key22, %offset22, %scale22) : (memref<?xf32>, i64, f32, f32) -> ()
    %g23 = memref.get_global @bufrs_model_arg23 : memref<128xf32>
    %flat23 = memref.collapse_shape %g23 [[0]] : memref<128xf32> into memref<128xf32>
    %any23 = memref.cast %flat23 : memref<128xf32> to memref<?xf32>
    %key23 = arith.constant 1194485 : i64
    %offset23 = arith.constant 0x3F800000 : f32
    %scale23 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any23, %key23, %offset23, %scale23) : (memref<?xf32>, i64, f32, f32) -> ()
    %g24 = memref.get_global @bufrs_model_arg24 : memref<128xf32>
    %flat24 = memref.collapse_shape %g24 [[0]] : memref<128xf32> into memref<128xf32>
    %any24 = memref.cast %flat24 : memref<128xf32> to memref<?xf32>
    %key24 = arith.constant 1202404 : i64
    %offset24 = arith.constant 0x00000000 : f32
    %scale24 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any24, %key24, %offset24, %scale24) : (memref<?xf32>, i64, f32, f32) -> ()
    %g25 = memref.get_global @bufrs_model_arg25 : memref<128x128x3x3xf32>
    %flat25 = memref.collapse_shape %g25 [[0, 1, 2, 3]] : memref<128x128x3x3xf32> into memref<147456xf32>
    %any25 = memref.cast %flat25 : memref<147456xf32> to memref<?xf32>
    %key25 = arith.constant 1210323 : i64
    %offset25 = arith.constant 0x00000000 : f32
    %scale25 = arith.constant 0x3DD105EC : f32
    func.call @bufrs_model_fill(%any25, %key25, %offset25, %scale25) : (memref<?xf32>, i64, f32, f32) -> ()
    %g26 = memref.get_global @bufrs_model_arg26 : memref<128xf32>
    %flat26 = memref.collapse_shape %g26 [[0]] : memref<128xf32> into memref<128xf32>
    %any26 = memref.cast %flat26 : memref<128xf32> to memref<?xf32>
    %key26 = arith.constant 1218242 : i64
    %offset26 = arith.constant 0x3F800000 : f32
    %scale26 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any26, %key26, %offset26, %scale26) : (memref<?xf32>, i64, f32, f32) -> ()
    %g27 = memref.get_global @bufrs_model_arg27 : memref<128xf32>
    %flat27 = memref.collapse_shape %g27 [[0]] : memref<128xf32> into memref<128xf32>
    %any27 = memref.cast %flat27 : memref<128xf32> to memref<?xf32>
    %key27 = arith.constant 1226161 : i64
    %offset27 = arith.constant 0x00000000 : f32
    %scale27 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any27, %key27, %offset27, %scale27) : (memref<?xf32>, i64, f32, f32) -> ()
    %g28 = memref.get_global @bufrs_model_arg28 : memref<128x128x3x3xf32>
    %flat28 = memref.collapse_shape %g28 [[0, 1, 2, 3]] : memref<128x128x3x3xf32> into memref<147456xf32>
    %any28 = memref.cast %flat28 : memref<147456xf32> to memref<?xf32>
    %key28 = arith.constant 1234080 : i64
    %offset28 = arith.constant 0x00000000 : f32
    %scale28 = arith.constant 0x3DD105EC : f32
    func.call @bufrs_model_fill(%any28, %key28, %offset28, %scale28) : (memref<?xf32>, i64, f32, f32) -> ()
    %g29 = memref.get_global @bufrs_model_arg29 : memref<128xf32>
    %flat29 = memref.collapse_shape %g29 [[0]] : memref<128xf32> into memref<128xf32>
    %any29 = memref.cast %flat29 : memref<128xf32> to memref<?xf32>
    %key29 = arith.constant 1241999 : i64
    %offset29 = arith.constant 0x3F800000 : f32
    %scale29 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any29, %key29, %offset29, %scale29) : (memref<?xf32>, i64, f32, f32) -> ()
    %g30 = memref.get_global @bufrs_model_arg30 : memref<128xf32>
    %flat30 = memref.collapse_shape %g30 [[0]] : memref<128xf32> into memref<128xf32>
    %any30 = memref.cast %flat30 : memref<128xf32> to memref<?xf32>
    %key30 = arith.constant 1249918 : i64
    %offset30 = arith.constant 0x00000000 : f32
    %scale30 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any30, %key30, %offset30, %scale30) : (memref<?xf32>, i64, f32, f32) -> ()
    %g31 = memref.get_global @bufrs_model_arg31 : memref<256x128x3x3xf32>
    %flat31 = memref.collapse_shape %g31 [[0, 1, 2, 3]] : memref<256x128x3x3xf32> into memref<294912xf32>
    %any31 = memref.cast %flat31 : memref<294912xf32> to memref<?xf32>
    %key31 = arith.constant 1257837 : i64
    %offset31 = arith.constant 0x00000000 : f32
    %scale31 = arith.constant 0x3DD105EC : f32
    func.call @bufrs_model_fill(%any31, %key31, %offset31, %scale31) : (memref<?xf32>, i64, f32, f32) -> ()
    %g32 = memref.get_global @bufrs_model_arg32 : memref<256xf32>
    %flat32 = memref.collapse_shape %g32 [[0]] : memref<256xf32> into memref<256xf32>
    %any32 = memref.cast %flat32 : memref<256xf32> to memref<?xf32>
    %key32 = arith.constant 1265756 : i64
    %offset32 = arith.constant 0x3F800000 : f32
    %scale32 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any32, %key32, %offset32, %scale32) : (memref<?xf32>, i64, f32, f32) -> ()
    %g33 = memref.get_global @bufrs_model_arg33 : memref<256xf32>
    %flat33 = memref.collapse_shape %g33 [[0]] : memref<256xf32> into memref<256xf32>
    %any33 = memref.cast %flat33 : memref<256xf32> to memref<?xf32>
    %key33 = arith.constant 1273675 : i64
    %offset33 = arith.constant 0x00000000 : f32
    %scale33 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any33, %key33, %offset33, %scale33) : (memref<?xf32>, i64, f32, f32) -> ()
    %g34 = memref.get_global @bufrs_model_arg34 : memref<256x256x3x3xf32>
    %flat34 = memref.collapse_shape %g34 [[0, 1, 2, 3]] : memref<256x256x3x3xf32> into memref<589824xf32>
    %any34 = memref.cast %flat34 : memref<589824xf32> to memref<?xf32>
    %key34 = arith.constant 1281594 : i64
    %offset34 = arith.constant 0x00000000 : f32
    %scale34 = arith.constant 0x3D93CD3A : f32
    func.call @bufrs_model_fill(%any34, %key34, %offset34, %scale34) : (memref<?xf32>, i64, f32, f32) -> ()
    %g35 = memref.get_global @bufrs_model_arg35 : memref<256xf32>
    %flat35 = memref.collapse_shape %g35 [[0]] : memref<256xf32> into memref<256xf32>
    %any35 = memref.cast %flat35 : memref<256xf32> to memref<?xf32>
    %key35 = arith.constant 1289513 : i64
    %offset35 = arith.constant 0x3F800000 : f32
    %scale35 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any35, %key35, %offset35, %scale35) : (memref<?xf32>, i64, f32, f32) -> ()
    %g36 = memref.get_global @bufrs_model_arg36 : memref<256xf32>
    %flat36 = memref.collapse_shape %g36 [[0]] : memref<256xf32> into memref<256xf32>
    %any36 = memref.cast %flat36 : memref<256xf32> to memref<?xf32>
    %key36 = arith.constant 1297432 : i64
    %offset36 = arith.constant 0x00000000 : f32
    %scale36 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any36, %key36, %offset36, %scale36) : (memref<?xf32>, i64, f32, f32) -> ()
    %g37 = memref.get_global @bufrs_model_arg37 : memref<256x128x1x1xf32>
    %flat37 = memref.collapse_shape %g37 [[0, 1, 2, 3]] : memref<256x128x1x1xf32> into memref<32768xf32>
    %any37 = memref.cast %flat37 : memref<32768xf32> to memref<?xf32>
    %key37 = arith.constant 1305351 : i64
    %offset37 = arith.constant 0x00000000 : f32
    %scale37 = arith.constant 0x3E9CC471 : f32
    func.call @bufrs_model_fill(%any37, %key37, %offset37, %scale37) : (memref<?xf32>, i64, f32, f32) -> ()
    %g38 = memref.get_global @bufrs_model_arg38 : memref<256xf32>
    %flat38 = memref.collapse_shape %g38 [[0]] : memref<256xf32> into memref<256xf32>
    %any38 = memref.cast %flat38 : memref<256xf32> to memref<?xf32>
    %key38 = arith.constant 1313270 : i64
    %offset38 = arith.constant 0x3F800000 : f32
    %scale38 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any38, %key38, %offset38, %scale38) : (memref<?xf32>, i64, f32, f32) -> ()
    %g39 = memref.get_global @bufrs_model_arg39 : memref<256xf32>
    %flat39 = memref.collapse_shape %g39 [[0]] : memref<256xf32> into memref<256xf32>
    %any39 = memref.cast %flat39 : memref<256xf32> to memref<?xf32>
    %key39 = arith.constant 1321189 : i64
    %offset39 = arith.constant 0x00000000 : f32
    %scale39 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any39, %key39, %offset39, %scale39) : (memref<?xf32>, i64, f32, f32) -> ()
    %g40 = memref.get_global @bufrs_model_arg40 : memref<256x256x3x3xf32>
    %flat40 = memref.collapse_shape %g40 [[0, 1, 2, 3]] : memref<256x256x3x3xf32> into memref<589824xf32>
    %any40 = memref.cast %flat40 : memref<589824xf32> to memref<?xf32>
    %key40 = arith.constant 1329108 : i64
    %offset40 = arith.constant 0x00000000 : f32
    %scale40 = arith.constant 0x3D93CD3A : f32
    func.call @bufrs_model_fill(%any40, %key40, %offset40, %scale40) : (memref<?xf32>, i64, f32, f32) -> ()
    %g41 = memref.get_global @bufrs_model_arg41 : memref<256xf32>
    %flat41 = memref.collapse_shape %g41 [[0]] : memref<256xf32> into memref<256xf32>
    %any41 = memref.cast %flat41 : memref<256xf32> to memref<?xf32>
    %key41 = arith.constant 1337027 : i64
    %offset41 = arith.constant 0x3F800000 : f32
    %scale41 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any41, %key41, %offset41, %scale41) : (memref<?xf32>, i64, f32, f32) -> ()
    %g42 = memref.get_global @bufrs_model_arg42 : memref<256xf32>
    %flat42 = memref.collapse_shape %g42 [[0]] : memref<256xf32> into memref<256xf32>
    %any42 = memref.cast %flat42 : memref<256xf32> to memref<?xf32>
    %key42 = arith.constant 1344946 : i64
    %offset42 = arith.constant 0x00000000 : f32
    %scale42 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any42, %key42, %offset42, %scale42) : (memref<?xf32>, i64, f32, f32) -> ()
    %g43 = memref.get_global @bufrs_model_arg43 : memref<256x256x3x3xf32>
    %flat43 = memref.collapse_shape %g43 [[0, 1, 2, 3]] : memref<256x256x3x3xf32> into memref<589824xf32>
    %any43 = memref.cast %flat43 : memref<589824xf32> to memref<?xf32>
    %key43 = arith.constant 1352865 : i64
    %offset43 = arith.constant 0x00000000 : f32
    %scale43 = arith.constant 0x3D93CD3A : f32
    func.call @bufrs_model_fill(%any43, %key43, %offset43, %scale43) : (memref<?xf32>, i64, f32, f32) -> ()
    %g44 = memref.get_global @bufrs_model_arg44 : memref<256xf32>
    %flat44 = memref.collapse_shape %g44 [[0]] : memref<256xf32> into memref<256xf32>
    %any44 = memref.cast %flat44 : memref<256xf32> to memref<?xf32>
    %key44 = arith.constant 1360784 : i64
    %offset44 = arith.constant 0x3F800000 : f32
    %scale44 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any44, %key44, %offset44, %scale44) : (memref<?xf32>, i64, f32, f32) -> ()
    %g45 = memref.get_global @bufrs_model_arg45 : memref<256xf32>
    %flat45 = memref.collapse_shape %g45 [[0]] : memref<256xf32> into memref<256xf32>
    %any45 = memref.cast %flat45 : memref<256xf32> to memref<?xf32>
    %key45 = arith.constant 1368703 : i64
    %offset45 = arith.constant 0x00000000 : f32
    %scale45 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any45, %key45, %offset45, %scale45) : (memref<?xf32>, i64, f32, f32) -> ()
    %g46 = memref.get_global @bufrs_model_arg46 : memref<512x256x3x3xf32>
    %flat46 = memref.collapse_shape %g46 [[0, 1, 2, 3]] : memref<512x256x3x3xf32> into memref<1179648xf32>
    %any46 = memref.cast %flat46 : memref<1179648xf32> to memref<?xf32>
    %key46 = arith.constant 1376622 : i64
    %offset46 = arith.constant 0x00000000 : f32
    %scale46 = arith.constant 0x3D93CD3A : f32
    func.call @bufrs_model_fill(%any46, %key46, %offset46, %scale46) : (memref<?xf32>, i64, f32, f32) -> ()
    %g47 = memref.get_global @bufrs_model_arg47 : memref<512xf32>
    %flat47 = memref.collapse_shape %g47 [[0]] : memref<512xf32> into memref<512xf32>
    %any47 = memref.cast %flat47 : memref<512xf32> to memref<?xf32>
    %key47 = arith.constant 1384541 : i64
    %offset47 = arith.constant 0x3F800000 : f32
    %scale47 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any47, %key47, %offset47, %scale47) : (memref<?xf32>, i64, f32, f32) -> ()
    %g48 = memref.get_global @bufrs_model_arg48 : memref<512xf32>
    %flat48 = memref.collapse_shape %g48 [[0]] : memref<512xf32> into memref<512xf32>
    %any48 = memref.cast %flat48 : memref<512xf32> to memref<?xf32>
    %key48 = arith.constant 1392460 : i64
    %offset48 = arith.constant 0x00000000 : f32
    %scale48 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any48, %key48, %offset48, %scale48) : (memref<?xf32>, i64, f32, f32) -> ()
    %g49 = memref.get_global @bufrs_model_arg49 : memref<512x512x3x3xf32>
    %flat49 = memref.collapse_shape %g49 [[0, 1, 2, 3]] : memref<512x512x3x3xf32> into memref<2359296xf32>
    %any49 = memref.cast %flat49 : memref<2359296xf32> to memref<?xf32>
    %key49 = arith.constant 1400379 : i64
    %offset49 = arith.constant 0x00000000 : f32
    %scale49 = arith.constant 0x3D5105EC : f32
    func.call @bufrs_model_fill(%any49, %key49, %offset49, %scale49) : (memref<?xf32>, i64, f32, f32) -> ()
    %g50 = memref.get_global @bufrs_model_arg50 : memref<512xf32>
    %flat50 = memref.collapse_shape %g50 [[0]] : memref<512xf32> into memref<512xf32>
    %any50 = memref.cast %flat50 : memref<512xf32> to memref<?xf32>
    %key50 = arith.constant 1408298 : i64
    %offset50 = arith.constant 0x3F800000 : f32
    %scale50 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any50, %key50, %offset50, %scale50) : (memref<?xf32>, i64, f32, f32) -> ()
    %g51 = memref.get_global @bufrs_model_arg51 : memref<512xf32>
    %flat51 = memref.collapse_shape %g51 [[0]] : memref<512xf32> into memref<512xf32>
    %any51 = memref.cast %flat51 : memref<512xf32> to memref<?xf32>
    %key51 = arith.constant 1416217 : i64
    %offset51 = arith.constant 0x00000000 : f32
    %scale51 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any51, %key51, %offset51, %scale51) : (memref<?xf32>, i64, f32, f32) -> ()
    %g52 = memref.get_global @bufrs_model_arg52 : memref<512x256x1x1xf32>
    %flat52 = memref.collapse_shape %g52 [[0, 1, 2, 3]] : memref<512x256x1x1xf32> into memref<131072xf32>
    %any52 = memref.cast %flat52 : memref<131072xf32> to memref<?xf32>
    %key52 = arith.constant 1424136 : i64
    %offset52 = arith.constant 0x00000000 : f32
    %scale52 = arith.constant 0x3E5DB3D7 : f32
    func.call @bufrs_model_fill(%any52, %key52, %offset52, %scale52) : (memref<?xf32>, i64, f32, f32) -> ()
    %g53 = memref.get_global @bufrs_model_arg53 : memref<512xf32>
    %flat53 = memref.collapse_shape %g53 [[0]] : memref<512xf32> into memref<512xf32>
    %any53 = memref.cast %flat53 : memref<512xf32> to memref<?xf32>
    %key53 = arith.constant 1432055 : i64
    %offset53 = arith.constant 0x3F800000 : f32
    %scale53 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any53, %key53, %offset53, %scale53) : (memref<?xf32>, i64, f32, f32) -> ()
    %g54 = memref.get_global @bufrs_model_arg54 : memref<512xf32>
    %flat54 = memref.collapse_shape %g54 [[0]] : memref<512xf32> into memref<512xf32>
    %any54 = memref.cast %flat54 : memref<512xf32> to memref<?xf32>
    %key54 = arith.constant 1439974 : i64
    %offset54 = arith.constant 0x00000000 : f32
    %scale54 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any54, %key54, %offset54, %scale54) : (memref<?xf32>, i64, f32, f32) -> ()
    %g55 = memref.get_global @bufrs_model_arg55 : memref<512x512x3x3xf32>
    %flat55 = memref.collapse_shape %g55 [[0, 1, 2, 3]] : memref<512x512x3x3xf32> into memref<2359296xf32>
    %any55 = memref.cast %flat55 : memref<2359296xf32> to memref<?xf32>
    %key55 = arith.constant 1447893 : i64
    %offset55 = arith.constant 0x00000000 : f32
    %scale55 = arith.constant 0x3D5105EC : f32
    func.call @bufrs_model_fill(%any55, %key55, %offset55, %scale55) : (memref<?xf32>, i64, f32, f32) -> ()
    %g56 = memref.get_global @bufrs_model_arg56 : memref<512xf32>
    %flat56 = memref.collapse_shape %g56 [[0]] : memref<512xf32> into memref<512xf32>
    %any56 = memref.cast %flat56 : memref<512xf32> to memref<?xf32>
    %key56 = arith.constant 1455812 : i64
    %offset56 = arith.constant 0x3F800000 : f32
    %scale56 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any56, %key56, %offset56, %scale56) : (memref<?xf32>, i64, f32, f32) -> ()
    %g57 = memref.get_global @bufrs_model_arg57 : memref<512xf32>
    %flat57 = memref.collapse_shape %g57 [[0]] : memref<512xf32> into memref<512xf32>
    %any57 = memref.cast %flat57 : memref<512xf32> to memref<?xf32>
    %key57 = arith.constant 1463731 : i64
    %offset57 = arith.constant 0x00000000 : f32
    %scale57 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any57, %key57, %offset57, %scale57) : (memref<?xf32>, i64, f32, f32) -> ()
    %g58 = memref.get_global @bufrs_model_arg58 : memref<512x512x3x3xf32>
    %flat58 = memref.collapse_shape %g58 [[0, 1, 2, 3]] : memref<512x512x3x3xf32> into memref<2359296xf32>
    %any58 = memref.cast %flat58 : memref<2359296xf32> to memref<?xf32>
    %key58 = arith.constant 1471650 : i64
    %offset58 = arith.constant 0x00000000 : f32
    %scale58 = arith.constant 0x3D5105EC : f32
    func.call @bufrs_model_fill(%any58, %key58, %offset58, %scale58) : (memref<?xf32>, i64, f32, f32) -> ()
    %g59 = memref.get_global @bufrs_model_arg59 : memref<512xf32>
    %flat59 = memref.collapse_shape %g59 [[0]] : memref<512xf32> into memref<512xf32>
    %any59 = memref.cast %flat59 : memref<512xf32> to memref<?xf32>
    %key59 = arith.constant 1479569 : i64
    %offset59 = arith.constant 0x3F800000 : f32
    %scale59 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any59, %key59, %offset59, %scale59) : (memref<?xf32>, i64, f32, f32) -> ()
    %g60 = memref.get_global @bufrs_model_arg60 : memref<512xf32>
    %flat60 = memref.collapse_shape %g60 [[0]] : memref<512xf32> into memref<512xf32>
    %any60 = memref.cast %flat60 : memref<512xf32> to memref<?xf32>
    %key60 = arith.constant 1487488 : i64
    %offset60 = arith.constant 0x00000000 : f32
    %scale60 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any60, %key60, %offset60, %scale60) : (memref<?xf32>, i64, f32, f32) -> ()
    %g61 = memref.get_global @bufrs_model_arg61 : memref<10x512xf32>
    %flat61 = memref.collapse_shape %g61 [[0, 1]] : memref<10x512xf32> into memref<5120xf32>
    %any61 = memref.cast %flat61 : memref<5120xf32> to memref<?xf32>
    %key61 = arith.constant 1495407 : i64
    %offset61 = arith.constant 0x00000000 : f32
    %scale61 = arith.constant 0x3E1CC471 : f32
    func.call @bufrs_model_fill(%any61, %key61, %offset61, %scale61) : (memref<?xf32>, i64, f32, f32) -> ()
    %g62 = memref.get_global @bufrs_model_arg62 : memref<10xf32>
    %flat62 = memref.collapse_shape %g62 [[0]] : memref<10xf32> into memref<10xf32>
    %any62 = memref.cast %flat62 : memref<10xf32> to memref<?xf32>
    %key62 = arith.constant 1503326 : i64
    %offset62 = arith.constant 0x00000000 : f32
    %scale62 = arith.constant 0x3F8C378C : f32
    func.call @bufrs_model_fill(%any62, %key62, %offset62, %scale62) : (memref<?xf32>, i64, f32, f32) -> ()
    %g63 = memref.get_global @bufrs_model_arg63 : memref<64xf32>
    %flat63 = memref.collapse_shape %g63 [[0]] : memref<64xf32> into memref<64xf32>
    %any63 = memref.cast %flat63 : memref<64xf32> to memref<?xf32>
    %key63 = arith.constant 1511245 : i64
    %offset63 = arith.constant 0x00000000 : f32
    %scale63 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any63, %key63, %offset63, %scale63) : (memref<?xf32>, i64, f32, f32) -> ()
    %g64 = memref.get_global @bufrs_model_arg64 : memref<64xf32>
    %flat64 = memref.collapse_shape %g64 [[0]] : memref<64xf32> into memref<64xf32>
    %any64 = memref.cast %flat64 : memref<64xf32> to memref<?xf32>
    %key64 = arith.constant 1519164 : i64
    %offset64 = arith.constant 0x3F800000 : f32
    %scale64 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any64, %key64, %offset64, %scale64) : (memref<?xf32>, i64, f32, f32) -> ()
    %g65 = memref.get_global @bufrs_model_arg65 : memref<64xf32>
    %flat65 = memref.collapse_shape %g65 [[0]] : memref<64xf32> into memref<64xf32>
    %any65 = memref.cast %flat65 : memref<64xf32> to memref<?xf32>
    %key65 = arith.constant 1527083 : i64
    %offset65 = arith.constant 0x00000000 : f32
    %scale65 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any65, %key65, %offset65, %scale65) : (memref<?xf32>, i64, f32, f32) -> ()
    %g66 = memref.get_global @bufrs_model_arg66 : memref<64xf32>
    %flat66 = memref.collapse_shape %g66 [[0]] : memref<64xf32> into memref<64xf32>
    %any66 = memref.cast %flat66 : memref<64xf32> to memref<?xf32>
    %key66 = arith.constant 1535002 : i64
    %offset66 = arith.constant 0x3F800000 : f32
    %scale66 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any66, %key66, %offset66, %scale66) : (memref<?xf32>, i64, f32, f32) -> ()
    %g67 = memref.get_global @bufrs_model_arg67 : memref<64xf32>
    %flat67 = memref.collapse_shape %g67 [[0]] : memref<64xf32> into memref<64xf32>
    %any67 = memref.cast %flat67 : memref<64xf32> to memref<?xf32>
    %key67 = arith.constant 1542921 : i64
    %offset67 = arith.constant 0x00000000 : f32
    %scale67 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any67, %key67, %offset67, %scale67) : (memref<?xf32>, i64, f32, f32) -> ()
    %g68 = memref.get_global @bufrs_model_arg68 : memref<64xf32>
    %flat68 = memref.collapse_shape %g68 [[0]] : memref<64xf32> into memref<64xf32>
    %any68 = memref.cast %flat68 : memref<64xf32> to memref<?xf32>
    %key68 = arith.constant 1550840 : i64
    %offset68 = arith.constant 0x3F800000 : f32
    %scale68 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any68, %key68, %offset68, %scale68) : (memref<?xf32>, i64, f32, f32) -> ()
    %g69 = memref.get_global @bufrs_model_arg69 : memref<64xf32>
    %flat69 = memref.collapse_shape %g69 [[0]] : memref<64xf32> into memref<64xf32>
    %any69 = memref.cast %flat69 : memref<64xf32> to memref<?xf32>
    %key69 = arith.constant 1558759 : i64
    %offset69 = arith.constant 0x00000000 : f32
    %scale69 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any69, %key69, %offset69, %scale69) : (memref<?xf32>, i64, f32, f32) -> ()
    %g70 = memref.get_global @bufrs_model_arg70 : memref<64xf32>
    %flat70 = memref.collapse_shape %g70 [[0]] : memref<64xf32> into memref<64xf32>
    %any70 = memref.cast %flat70 : memref<64xf32> to memref<?xf32>
    %key70 = arith.constant 1566678 : i64
    %offset70 = arith.constant 0x3F800000 : f32
    %scale70 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any70, %key70, %offset70, %scale70) : (memref<?xf32>, i64, f32, f32) -> ()
    %g71 = memref.get_global @bufrs_model_arg71 : memref<64xf32>
    %flat71 = memref.collapse_shape %g71 [[0]] : memref<64xf32> into memref<64xf32>
    %any71 = memref.cast %flat71 : memref<64xf32> to memref<?xf32>
    %key71 = arith.constant 1574597 : i64
    %offset71 = arith.constant 0x00000000 : f32
    %scale71 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any71, %key71, %offset71, %scale71) : (memref<?xf32>, i64, f32, f32) -> ()
    %g72 = memref.get_global @bufrs_model_arg72 : memref<64xf32>
    %flat72 = memref.collapse_shape %g72 [[0]] : memref<64xf32> into memref<64xf32>
    %any72 = memref.cast %flat72 : memref<64xf32> to memref<?xf32>
    %key72 = arith.constant 1582516 : i64
    %offset72 = arith.constant 0x3F800000 : f32
    %scale72 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any72, %key72, %offset72, %scale72) : (memref<?xf32>, i64, f32, f32) -> ()
    %g73 = memref.get_global @bufrs_model_arg73 : memref<128xf32>
    %flat73 = memref.collapse_shape %g73 [[0]] : memref<128xf32> into memref<128xf32>
    %any73 = memref.cast %flat73 : memref<128xf32> to memref<?xf32>
    %key73 = arith.constant 1590435 : i64
    %offset73 = arith.constant 0x00000000 : f32
    %scale73 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any73, %key73, %offset73, %scale73) : (memref<?xf32>, i64, f32, f32) -> ()
    %g74 = memref.get_global @bufrs_model_arg74 : memref<128xf32>
    %flat74 = memref.collapse_shape %g74 [[0]] : memref<128xf32> into memref<128xf32>
    %any74 = memref.cast %flat74 : memref<128xf32> to memref<?xf32>
    %key74 = arith.constant 1598354 : i64
    %offset74 = arith.constant 0x3F800000 : f32
    %scale74 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any74, %key74, %offset74, %scale74) : (memref<?xf32>, i64, f32, f32) -> ()
    %g75 = memref.get_global @bufrs_model_arg75 : memref<128xf32>
    %flat75 = memref.collapse_shape %g75 [[0]] : memref<128xf32> into memref<128xf32>
    %any75 = memref.cast %flat75 : memref<128xf32> to memref<?xf32>
    %key75 = arith.constant 1606273 : i64
    %offset75 = arith.constant 0x00000000 : f32
    %scale75 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any75, %key75, %offset75, %scale75) : (memref<?xf32>, i64, f32, f32) -> ()
    %g76 = memref.get_global @bufrs_model_arg76 : memref<128xf32>
    %flat76 = memref.collapse_shape %g76 [[0]] : memref<128xf32> into memref<128xf32>
    %any76 = memref.cast %flat76 : memref<128xf32> to memref<?xf32>
    %key76 = arith.constant 1614192 : i64
    %offset76 = arith.constant 0x3F800000 : f32
    %scale76 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any76, %key76, %offset76, %scale76) : (memref<?xf32>, i64, f32, f32) -> ()
    %g77 = memref.get_global @bufrs_model_arg77 : memref<128xf32>
    %flat77 = memref.collapse_shape %g77 [[0]] : memref<128xf32> into memref<128xf32>
    %any77 = memref.cast %flat77 : memref<128xf32> to memref<?xf32>
    %key77 = arith.constant 1622111 : i64
    %offset77 = arith.constant 0x00000000 : f32
    %scale77 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any77, %key77, %offset77, %scale77) : (memref<?xf32>, i64, f32, f32) -> ()
    %g78 = memref.get_global @bufrs_model_arg78 : memref<128xf32>
    %flat78 = memref.collapse_shape %g78 [[0]] : memref<128xf32> into memref<128xf32>
    %any78 = memref.cast %flat78 : memref<128xf32> to memref<?xf32>
    %key78 = arith.constant 1630030 : i64
    %offset78 = arith.constant 0x3F800000 : f32
    %scale78 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any78, %key78, %offset78, %scale78) : (memref<?xf32>, i64, f32, f32) -> ()
    %g79 = memref.get_global @bufrs_model_arg79 : memref<128xf32>
    %flat79 = memref.collapse_shape %g79 [[0]] : memref<128xf32> into memref<128xf32>
    %any79 = memref.cast %flat79 : memref<128xf32> to memref<?xf32>
    %key79 = arith.constant 1637949 : i64
    %offset79 = arith.constant 0x00000000 : f32
    %scale79 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any79, %key79, %offset79, %scale79) : (memref<?xf32>, i64, f32, f32) -> ()
    %g80 = memref.get_global @bufrs_model_arg80 : memref<128xf32>
    %flat80 = memref.collapse_shape %g80 [[0]] : memref<128xf32> into memref<128xf32>
    %any80 = memref.cast %flat80 : memref<128xf32> to memref<?xf32>
    %key80 = arith.constant 1645868 : i64
    %offset80 = arith.constant 0x3F800000 : f32
    %scale80 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any80, %key80, %offset80, %scale80) : (memref<?xf32>, i64, f32, f32) -> ()
    %g81 = memref.get_global @bufrs_model_arg81 : memref<128xf32>
    %flat81 = memref.collapse_shape %g81 [[0]] : memref<128xf32> into memref<128xf32>
    %any81 = memref.cast %flat81 : memref<128xf32> to memref<?xf32>
    %key81 = arith.constant 1653787 : i64
    %offset81 = arith.constant 0x00000000 : f32
    %scale81 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any81, %key81, %offset81, %scale81) : (memref<?xf32>, i64, f32, f32) -> ()
    %g82 = memref.get_global @bufrs_model_arg82 : memref<128xf32>
    %flat82 = memref.collapse_shape %g82 [[0]] : memref<128xf32> into memref<128xf32>
    %any82 = memref.cast %flat82 : memref<128xf32> to memref<?xf32>
    %key82 = arith.constant 1661706 : i64
    %offset82 = arith.constant 0x3F800000 : f32
    %scale82 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any82, %key82, %offset82, %scale82) : (memref<?xf32>, i64, f32, f32) -> ()
    %g83 = memref.get_global @bufrs_model_arg83 : memref<256xf32>
    %flat83 = memref.collapse_shape %g83 [[0]] : memref<256xf32> into memref<256xf32>
    %any83 = memref.cast %flat83 : memref<256xf32> to memref<?xf32>
    %key83 = arith.constant 1669625 : i64
    %offset83 = arith.constant 0x00000000 : f32
    %scale83 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any83, %key83, %offset83, %scale83) : (memref<?xf32>, i64, f32, f32) -> ()
    %g84 = memref.get_global @bufrs_model_arg84 : memref<256xf32>
    %flat84 = memref.collapse_shape %g84 [[0]] : memref<256xf32> into memref<256xf32>
    %any84 = memref.cast %flat84 : memref<256xf32> to memref<?xf32>
    %key84 = arith.constant 1677544 : i64
    %offset84 = arith.constant 0x3F800000 : f32
    %scale84 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any84, %key84, %offset84, %scale84) : (memref<?xf32>, i64, f32, f32) -> ()
    %g85 = memref.get_global @bufrs_model_arg85 : memref<256xf32>
    %flat85 = memref.collapse_shape %g85 [[0]] : memref<256xf32> into memref<256xf32>
    %any85 = memref.cast %flat85 : memref<256xf32> to memref<?xf32>
    %key85 = arith.constant 1685463 : i64
    %offset85 = arith.constant 0x00000000 : f32
    %scale85 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any85, %key85, %offset85, %scale85) : (memref<?xf32>, i64, f32, f32) -> ()
    %g86 = memref.get_global @bufrs_model_arg86 : memref<256xf32>
    %flat86 = memref.collapse_shape %g86 [[0]] : memref<256xf32> into memref<256xf32>
    %any86 = memref.cast %flat86 : memref<256xf32> to memref<?xf32>
    %key86 = arith.constant 1693382 : i64
    %offset86 = arith.constant 0x3F800000 : f32
    %scale86 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any86, %key86, %offset86, %scale86) : (memref<?xf32>, i64, f32, f32) -> ()
    %g87 = memref.get_global @bufrs_model_arg87 : memref<256xf32>
    %flat87 = memref.collapse_shape %g87 [[0]] : memref<256xf32> into memref<256xf32>
    %any87 = memref.cast %flat87 : memref<256xf32> to memref<?xf32>
    %key87 = arith.constant 1701301 : i64
    %offset87 = arith.constant 0x00000000 : f32
    %scale87 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any87, %key87, %offset87, %scale87) : (memref<?xf32>, i64, f32, f32) -> ()
    %g88 = memref.get_global @bufrs_model_arg88 : memref<256xf32>
    %flat88 = memref.collapse_shape %g88 [[0]] : memref<256xf32> into memref<256xf32>
    %any88 = memref.cast %flat88 : memref<256xf32> to memref<?xf32>
    %key88 = arith.constant 1709220 : i64
    %offset88 = arith.constant 0x3F800000 : f32
    %scale88 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any88, %key88, %offset88, %scale88) : (memref<?xf32>, i64, f32, f32) -> ()
    %g89 = memref.get_global @bufrs_model_arg89 : memref<256xf32>
    %flat89 = memref.collapse_shape %g89 [[0]] : memref<256xf32> into memref<256xf32>
    %any89 = memref.cast %flat89 : memref<256xf32> to memref<?xf32>
    %key89 = arith.constant 1717139 : i64
    %offset89 = arith.constant 0x00000000 : f32
    %scale89 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any89, %key89, %offset89, %scale89) : (memref<?xf32>, i64, f32, f32) -> ()
    %g90 = memref.get_global @bufrs_model_arg90 : memref<256xf32>
    %flat90 = memref.collapse_shape %g90 [[0]] : memref<256xf32> into memref<256xf32>
    %any90 = memref.cast %flat90 : memref<256xf32> to memref<?xf32>
    %key90 = arith.constant 1725058 : i64
    %offset90 = arith.constant 0x3F800000 : f32
    %scale90 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any90, %key90, %offset90, %scale90) : (memref<?xf32>, i64, f32, f32) -> ()
    %g91 = memref.get_global @bufrs_model_arg91 : memref<256xf32>
    %flat91 = memref.collapse_shape %g91 [[0]] : memref<256xf32> into memref<256xf32>
    %any91 = memref.cast %flat91 : memref<256xf32> to memref<?xf32>
    %key91 = arith.constant 1732977 : i64
    %offset91 = arith.constant 0x00000000 : f32
    %scale91 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any91, %key91, %offset91, %scale91) : (memref<?xf32>, i64, f32, f32) -> ()
    %g92 = memref.get_global @bufrs_model_arg92 : memref<256xf32>
    %flat92 = memref.collapse_shape %g92 [[0]] : memref<256xf32> into memref<256xf32>
    %any92 = memref.cast %flat92 : memref<256xf32> to memref<?xf32>
    %key92 = arith.constant 1740896 : i64
    %offset92 = arith.constant 0x3F800000 : f32
    %scale92 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any92, %key92, %offset92, %scale92) : (memref<?xf32>, i64, f32, f32) -> ()
    %g93 = memref.get_global @bufrs_model_arg93 : memref<512xf32>
    %flat93 = memref.collapse_shape %g93 [[0]] : memref<512xf32> into memref<512xf32>
    %any93 = memref.cast %flat93 : memref<512xf32> to memref<?xf32>
    %key93 = arith.constant 1748815 : i64
    %offset93 = arith.constant 0x00000000 : f32
    %scale93 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any93, %key93, %offset93, %scale93) : (memref<?xf32>, i64, f32, f32) -> ()
    %g94 = memref.get_global @bufrs_model_arg94 : memref<512xf32>
    %flat94 = memref.collapse_shape %g94 [[0]] : memref<512xf32> into memref<512xf32>
    %any94 = memref.cast %flat94 : memref<512xf32> to memref<?xf32>
    %key94 = arith.constant 1756734 : i64
    %offset94 = arith.constant 0x3F800000 : f32
    %scale94 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any94, %key94, %offset94, %scale94) : (memref<?xf32>, i64, f32, f32) -> ()
    %g95 = memref.get_global @bufrs_model_arg95 : memref<512xf32>
    %flat95 = memref.collapse_shape %g95 [[0]] : memref<512xf32> into memref<512xf32>
    %any95 = memref.cast %flat95 : memref<512xf32> to memref<?xf32>
    %key95 = arith.constant 1764653 : i64
    %offset95 = arith.constant 0x00000000 : f32
    %scale95 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any95, %key95, %offset95, %scale95) : (memref<?xf32>, i64, f32, f32) -> ()
    %g96 = memref.get_global @bufrs_model_arg96 : memref<512xf32>
    %flat96 = memref.collapse_shape %g96 [[0]] : memref<512xf32> into memref<512xf32>
    %any96 = memref.cast %flat96 : memref<512xf32> to memref<?xf32>
    %key96 = arith.constant 1772572 : i64
    %offset96 = arith.constant 0x3F800000 : f32
    %scale96 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any96, %key96, %offset96, %scale96) : (memref<?xf32>, i64, f32, f32) -> ()
    %g97 = memref.get_global @bufrs_model_arg97 : memref<512xf32>
    %flat97 = memref.collapse_shape %g97 [[0]] : memref<512xf32> into memref<512xf32>
    %any97 = memref.cast %flat97 : memref<512xf32> to memref<?xf32>
    %key97 = arith.constant 1780491 : i64
    %offset97 = arith.constant 0x00000000 : f32
    %scale97 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any97, %key97, %offset97, %scale97) : (memref<?xf32>, i64, f32, f32) -> ()
    %g98 = memref.get_global @bufrs_model_arg98 : memref<512xf32>
    %flat98 = memref.collapse_shape %g98 [[0]] : memref<512xf32> into memref<512xf32>
    %any98 = memref.cast %flat98 : memref<512xf32> to memref<?xf32>
    %key98 = arith.constant 1788410 : i64
    %offset98 = arith.constant 0x3F800000 : f32
    %scale98 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any98, %key98, %offset98, %scale98) : (memref<?xf32>, i64, f32, f32) -> ()
    %g99 = memref.get_global @bufrs_model_arg99 : memref<512xf32>
    %flat99 = memref.collapse_shape %g99 [[0]] : memref<512xf32> into memref<512xf32>
    %any99 = memref.cast %flat99 : memref<512xf32> to memref<?xf32>
    %key99 = arith.constant 1796329 : i64
    %offset99 = arith.constant 0x00000000 : f32
    %scale99 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any99, %key99, %offset99, %scale99) : (memref<?xf32>, i64, f32, f32) -> ()
    %g100 = memref.get_global @bufrs_model_arg100 : memref<512xf32>
    %flat100 = memref.collapse_shape %g100 [[0]] : memref<512xf32> into memref<512xf32>
    %any100 = memref.cast %flat100 : memref<512xf32> to memref<?xf32>
    %key100 = arith.constant 1804248 : i64
    %offset100 = arith.constant 0x3F800000 : f32
    %scale100 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any100, %key100, %offset100, %scale100) : (memref<?xf32>, i64, f32, f32) -> ()
    %g101 = memref.get_global @bufrs_model_arg101 : memref<512xf32>
    %flat101 = memref.collapse_shape %g101 [[0]] : memref<512xf32> into memref<512xf32>
    %any101 = memref.cast %flat101 : memref<512xf32> to memref<?xf32>
    %key101 = arith.constant 1812167 : i64
    %offset101 = arith.constant 0x00000000 : f32
    %scale101 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any101, %key101, %offset101, %scale101) : (memref<?xf32>, i64, f32, f32) -> ()
    %g102 = memref.get_global @bufrs_model_arg102 : memref<512xf32>
    %flat102 = memref.collapse_shape %g102 [[0]] : memref<512xf32> into memref<512xf32>
    %any102 = memref.cast %flat102 : memref<512xf32> to memref<?xf32>
    %key102 = arith.constant 1820086 : i64
    %offset102 = arith.constant 0x3F800000 : f32
    %scale102 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any102, %key102, %offset102, %scale102) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%g0, %g1, %g2, %g3, %g4, %g5, %g6, %g7, %g8, %g9, %g10, %g11, %g12, %g13, %g14, %g15, %g16, %g17, %g18, %g19, %g20, %g21, %g22, %g23, %g24, %g25, %g26, %g27, %g28, %g29, %g30, %g31, %g32, %g33, %g34, %g35, %g36, %g37, %g38, %g39, %g40, %g41, %g42, %g43, %g44, %g45, %g46, %g47, %g48, %g49, %g50, %g51, %g52, %g53, %g54, %g55, %g56, %g57, %g58, %g59, %g60, %g61, %g62, %g63, %g64, %g65, %g66, %g67, %g68, %g69, %g70, %g71, %g72, %g73, %g74, %g75, %g76, %g77, %g78, %g79, %g80, %g81, %g82, %g83, %g84, %g85, %g86, %g87, %g88, %g89, %g90, %g91, %g92, %g93, %g94, %g95, %g96, %g97, %g98, %g99, %g100, %g101, %g102) : (memref<1x3x32x32xf32>, memref<64x3x7x7xf32>, memref<64xf32>, memref<64xf32>, memref<64x64x3x3xf32>, memref<64xf32>, memref<64xf32>, memref<64x64x3x3xf32>, memref<64xf32>, memref<64xf32>, memref<64x64x3x3xf32>, memref<64xf32>, memref<64xf32>, memref<64x64x3x3xf32>, memref<64xf32>, memref<64xf32>, memref<128x64x3x3xf32>, memref<128xf32>, memref<128xf32>, memref<128x128x3x3xf32>, memref<128xf32>, memref<128xf32>, memref<128x64x1x1xf32>, memref<128xf32>, memref<128xf32>, memref<128x128x3x3xf32>, memref<128xf32>, memref<128xf32>, memref<128x128x3x3xf32>, memref<128xf32>, memref<128xf32>, memref<256x128x3x3xf32>, memref<256xf32>, memref<256xf32>, memref<256x256x3x3xf32>, memref<256xf32>, memref<256xf32>, memref<256x128x1x1xf32>, memref<256xf32>, memref<256xf32>, memref<256x256x3x3xf32>, memref<256xf32>, memref<256xf32>, memref<256x256x3x3xf32>, memref<256xf32>, memref<256xf32>, memref<512x256x3x3xf32>, memref<512xf32>, memref<512xf32>, memref<512x512x3x3xf32>, memref<512xf32>, memref<512xf32>, memref<512x256x1x1xf32>, memref<512xf32>, memref<512xf32>, memref<512x512x3x3xf32>, memref<512xf32>, memref<512xf32>, memref<512x512x3x3xf32>, memref<512xf32>, memref<512xf32>, memref<10x512xf32>, memref<10xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>, memref<512xf32>) -> memref<1x10xf32>
    %n0 = arith.constant 1 : index
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 10 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %e = memref.load %result[%i0, %i1] : memref<1x10xf32>
        %d = arith.extf %e : f32 to f64
        func.call @bufrs_print_f64(%d) : (f64) -> ()
      }
    }
    return
  }
}
