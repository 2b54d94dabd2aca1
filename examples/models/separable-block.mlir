// separable-block bufferized from examples/models/separable-block.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/separable-block.linalg.mlir '--one-shot-bufferize=copy-before-write bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; separable-block.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  memref.global "private" constant @__constant_xf32_0 : memref<f32> = dense<0.000000e+00> {alignment = 64 : i64}
  memref.global "private" constant @__constant_xf32 : memref<f32> = dense<6.000000e+00> {alignment = 64 : i64}
  func.func @forward(%arg0: memref<1x8x12x12xf32>, %arg1: memref<8x1x3x3xf32>, %arg2: memref<8xf32>, %arg3: memref<8xf32>, %arg4: memref<16x8x1x1xf32>, %arg5: memref<16xf32>, %arg6: memref<16xf32>, %arg7: memref<8xf32>, %arg8: memref<8xf32>, %arg9: memref<16xf32>, %arg10: memref<16xf32>) -> memref<1x16x12x12xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = memref.get_global @__constant_xf32 : memref<f32>
    %1 = memref.get_global @__constant_xf32_0 : memref<f32>
    %cst_0 = arith.constant 1.000000e-05 : f64
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x8x14x14xf32>
    linalg.map outs(%alloc : memref<1x8x14x14xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        %3 = linalg.index 1 : index
        %4 = linalg.index 2 : index
        %5 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 0, 1, 1] [1, 8, 12, 12] [1, 1, 1, 1] : memref<1x8x14x14xf32> to memref<1x8x12x12xf32, strided<[1568, 196, 14, 1], offset: 15>>
    memref.copy %arg0, %subview : memref<1x8x12x12xf32> to memref<1x8x12x12xf32, strided<[1568, 196, 14, 1], offset: 15>>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<1x8x12x12xf32>)
    %collapse_shape = memref.collapse_shape %arg1 [[0, 1], [2], [3]] : memref<8x1x3x3xf32> into memref<8x3x3xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    memref.copy %alloc_1, %alloc_2 : memref<1x8x12x12xf32> to memref<1x8x12x12xf32>
    linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc, %collapse_shape : memref<1x8x14x14xf32>, memref<8x3x3xf32>) outs(%alloc_2 : memref<1x8x12x12xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg8 : memref<8xf32>) outs(%alloc_3 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.truncf %cst_0 : f64 to f32
      %3 = arith.addf %in, %2 : f32
      linalg.yield %3 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_3 : memref<8xf32>) outs(%alloc_4 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.rsqrt %in : f32
      linalg.yield %2 : f32
    }
    %expand_shape = memref.expand_shape %arg7 [[0, 1, 2]] output_shape [8, 1, 1] : memref<8xf32> into memref<8x1x1xf32>
    %expand_shape_5 = memref.expand_shape %alloc_4 [[0, 1, 2]] output_shape [8, 1, 1] : memref<8xf32> into memref<8x1x1xf32>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_2, %expand_shape : memref<1x8x12x12xf32>, memref<8x1x1xf32>) outs(%alloc_6 : memref<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.subf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_6, %expand_shape_5 : memref<1x8x12x12xf32>, memref<8x1x1xf32>) outs(%alloc_7 : memref<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.mulf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_8 = memref.expand_shape %arg2 [[0, 1, 2]] output_shape [8, 1, 1] : memref<8xf32> into memref<8x1x1xf32>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_7, %expand_shape_8 : memref<1x8x12x12xf32>, memref<8x1x1xf32>) outs(%alloc_9 : memref<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.mulf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_10 = memref.expand_shape %arg3 [[0, 1, 2]] output_shape [8, 1, 1] : memref<8xf32> into memref<8x1x1xf32>
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_9, %expand_shape_10 : memref<1x8x12x12xf32>, memref<8x1x1xf32>) outs(%alloc_11 : memref<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.addf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_11, %1 : memref<1x8x12x12xf32>, memref<f32>) outs(%alloc_12 : memref<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.cmpf ogt, %in, %in_28 : f32
      %3 = arith.select %2, %in, %in_28 : f32
      linalg.yield %3 : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<1x8x12x12xf32>
    linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_12 : memref<f32>, memref<1x8x12x12xf32>) outs(%alloc_13 : memref<1x8x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.cmpf olt, %in, %in_28 : f32
      %3 = arith.select %2, %in, %in_28 : f32
      linalg.yield %3 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_14 : memref<1x16x12x12xf32>)
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    memref.copy %alloc_14, %alloc_15 : memref<1x16x12x12xf32> to memref<1x16x12x12xf32>
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%alloc_13, %arg4 : memref<1x8x12x12xf32>, memref<16x8x1x1xf32>) outs(%alloc_15 : memref<1x16x12x12xf32>)
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg10 : memref<16xf32>) outs(%alloc_16 : memref<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.truncf %cst_0 : f64 to f32
      %3 = arith.addf %in, %2 : f32
      linalg.yield %3 : f32
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc_16 : memref<16xf32>) outs(%alloc_17 : memref<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.rsqrt %in : f32
      linalg.yield %2 : f32
    }
    %expand_shape_18 = memref.expand_shape %arg9 [[0, 1, 2]] output_shape [16, 1, 1] : memref<16xf32> into memref<16x1x1xf32>
    %expand_shape_19 = memref.expand_shape %alloc_17 [[0, 1, 2]] output_shape [16, 1, 1] : memref<16xf32> into memref<16x1x1xf32>
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_15, %expand_shape_18 : memref<1x16x12x12xf32>, memref<16x1x1xf32>) outs(%alloc_20 : memref<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.subf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_20, %expand_shape_19 : memref<1x16x12x12xf32>, memref<16x1x1xf32>) outs(%alloc_21 : memref<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.mulf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_22 = memref.expand_shape %arg5 [[0, 1, 2]] output_shape [16, 1, 1] : memref<16xf32> into memref<16x1x1xf32>
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_21, %expand_shape_22 : memref<1x16x12x12xf32>, memref<16x1x1xf32>) outs(%alloc_23 : memref<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.mulf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %expand_shape_24 = memref.expand_shape %arg6 [[0, 1, 2]] output_shape [16, 1, 1] : memref<16xf32> into memref<16x1x1xf32>
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_23, %expand_shape_24 : memref<1x16x12x12xf32>, memref<16x1x1xf32>) outs(%alloc_25 : memref<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.addf %in, %in_28 : f32
      linalg.yield %2 : f32
    }
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_25, %1 : memref<1x16x12x12xf32>, memref<f32>) outs(%alloc_26 : memref<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.cmpf ogt, %in, %in_28 : f32
      %3 = arith.select %2, %in, %in_28 : f32
      linalg.yield %3 : f32
    }
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<1x16x12x12xf32>
    linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_26 : memref<f32>, memref<1x16x12x12xf32>) outs(%alloc_27 : memref<1x16x12x12xf32>) {
    ^bb0(%in: f32, %in_28: f32, %out: f32):
      %2 = arith.cmpf olt, %in, %in_28 : f32
      %3 = arith.select %2, %in, %in_28 : f32
      linalg.yield %3 : f32
    }
    return %alloc_27 : memref<1x16x12x12xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<1x8x12x12xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<8x1x3x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<16x8x1x1xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg7 : memref<8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg8 : memref<8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg9 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg10 : memref<16xf32> = uninitialized

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
    %g0 = memref.get_global @bufrs_model_input : memref<1x8x12x12xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1, 2, 3]] : memref<1x8x12x12xf32> into memref<1152xf32>
    %any0 = memref.cast %flat0 : memref<1152xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %g1 = memref.get_global @bufrs_model_arg1 : memref<8x1x3x3xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1, 2, 3]] : memref<8x1x3x3xf32> into memref<72xf32>
    %any1 = memref.cast %flat1 : memref<72xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3F93CD3A : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<8xf32>
    %flat2 = memref.collapse_shape %g2 [[0]] : memref<8xf32> into memref<8xf32>
    %any2 = memref.cast %flat2 : memref<8xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x3F800000 : f32
    %scale2 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<8xf32>
    %flat3 = memref.collapse_shape %g3 [[0]] : memref<8xf32> into memref<8xf32>
    %any3 = memref.cast %flat3 : memref<8xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<16x8x1x1xf32>
    %flat4 = memref.collapse_shape %g4 [[0, 1, 2, 3]] : memref<16x8x1x1xf32> into memref<128xf32>
    %any4 = memref.cast %flat4 : memref<128xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3F9CC471 : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<16xf32>
    %flat5 = memref.collapse_shape %g5 [[0]] : memref<16xf32> into memref<16xf32>
    %any5 = memref.cast %flat5 : memref<16xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x3F800000 : f32
    %scale5 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<16xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<16xf32> into memref<16xf32>
    %any6 = memref.cast %flat6 : memref<16xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %g7 = memref.get_global @bufrs_model_arg7 : memref<8xf32>
    %flat7 = memref.collapse_shape %g7 [[0]] : memref<8xf32> into memref<8xf32>
    %any7 = memref.cast %flat7 : memref<8xf32> to memref<?xf32>
    %key7 = arith.constant 1067781 : i64
    %offset7 = arith.constant 0x00000000 : f32
    %scale7 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any7, %key7, %offset7, %scale7) : (memref<?xf32>, i64, f32, f32) -> ()
    %g8 = memref.get_global @bufrs_model_arg8 : memref<8xf32>
    %flat8 = memref.collapse_shape %g8 [[0]] : memref<8xf32> into memref<8xf32>
    %any8 = memref.cast %flat8 : memref<8xf32> to memref<?xf32>
    %key8 = arith.constant 1075700 : i64
    %offset8 = arith.constant 0x3F800000 : f32
    %scale8 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any8, %key8, %offset8, %scale8) : (memref<?xf32>, i64, f32, f32) -> ()
    %g9 = memref.get_global @bufrs_model_arg9 : memref<16xf32>
    %flat9 = memref.collapse_shape %g9 [[0]] : memref<16xf32> into memref<16xf32>
    %any9 = memref.cast %flat9 : memref<16xf32> to memref<?xf32>
    %key9 = arith.constant 1083619 : i64
    %offset9 = arith.constant 0x00000000 : f32
    %scale9 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any9, %key9, %offset9, %scale9) : (memref<?xf32>, i64, f32, f32) -> ()
    %g10 = memref.get_global @bufrs_model_arg10 : memref<16xf32>
    %flat10 = memref.collapse_shape %g10 [[0]] : memref<16xf32> into memref<16xf32>
    %any10 = memref.cast %flat10 : memref<16xf32> to memref<?xf32>
    %key10 = arith.constant 1091538 : i64
    %offset10 = arith.constant 0x3F800000 : f32
    %scale10 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any10, %key10, %offset10, %scale10) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%g0, %g1, %g2, %g3, %g4, %g5, %g6, %g7, %g8, %g9, %g10) : (memref<1x8x12x12xf32>, memref<8x1x3x3xf32>, memref<8xf32>, memref<8xf32>, memref<16x8x1x1xf32>, memref<16xf32>, memref<16xf32>, memref<8xf32>, memref<8xf32>, memref<16xf32>, memref<16xf32>) -> memref<1x16x12x12xf32>
    %n0 = arith.constant 1 : index
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 16 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %n2 = arith.constant 12 : index
        scf.for %i2 = %c0 to %n2 step %c1 {
          %n3 = arith.constant 12 : index
          scf.for %i3 = %c0 to %n3 step %c1 {
            %e = memref.load %result[%i0, %i1, %i2, %i3] : memref<1x16x12x12xf32>
            %d = arith.extf %e : f32 to f64
            func.call @bufrs_print_f64(%d) : (f64) -> ()
          }
        }
      }
    }
    return
  }
}
