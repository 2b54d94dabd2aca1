// dynamic-batch bufferized from examples/models/dynamic-batch.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/dynamic-batch.linalg.mlir '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; dynamic-batch.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: memref<?x4x12xf32>, %arg1: memref<8x4x3xf32>, %arg2: memref<8xf32>, %arg3: memref<96xf32>, %arg4: memref<96xf32>, %arg5: memref<6x96xf32>, %arg6: memref<6xf32>) -> memref<?x6xf32> {
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 9.600000e+01 : f64
    %cst_3 = arith.constant 9.600000e+01 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x4x12xf32>
    %0 = arith.index_cast %dim : index to i64
    %c0_4 = arith.constant 0 : index
    %dim_5 = memref.dim %arg0, %c0_4 : memref<?x4x12xf32>
    %c0_6 = arith.constant 0 : index
    %c0_7 = arith.constant 0 : index
    %1 = affine.apply #map()[%dim_5, %c0_6, %c0_7]
    %c0_8 = arith.constant 0 : index
    %dim_9 = memref.dim %arg0, %c0_8 : memref<?x4x12xf32>
    %alloc = memref.alloc(%dim_9) {alignment = 64 : i64} : memref<?x4x14xf32>
    linalg.map outs(%alloc : memref<?x4x14xf32>)
      (%init: f32) {
        %3 = linalg.index 0 : index
        %4 = linalg.index 1 : index
        %5 = linalg.index 2 : index
        linalg.yield %cst : f32
      }
    %c0_10 = arith.constant 0 : index
    %dim_11 = memref.dim %arg0, %c0_10 : memref<?x4x12xf32>
    %subview = memref.subview %alloc[0, 0, 1] [%dim_11, 4, 12] [1, 1, 1] : memref<?x4x14xf32> to memref<?x4x12xf32, strided<[56, 14, 1], offset: 1>>
    memref.copy %arg0, %subview : memref<?x4x12xf32> to memref<?x4x12xf32, strided<[56, 14, 1], offset: 1>>
    %alloc_12 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x8x12xf32>
    linalg.broadcast ins(%arg2 : memref<8xf32>) outs(%alloc_12 : memref<?x8x12xf32>) dimensions = [0, 2] 
    linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%alloc, %arg1 : memref<?x4x14xf32>, memref<8x4x3xf32>) outs(%alloc_12 : memref<?x8x12xf32>)
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_12 : memref<?x8x12xf32>) outs(%alloc_12 : memref<?x8x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.cmpf ugt, %in, %cst : f32
      %4 = arith.select %3, %in, %cst : f32
      linalg.yield %4 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_12 [[0], [1, 2]] : memref<?x8x12xf32> into memref<?x96xf32>
    %alloc_13 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x96xf64>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape : memref<?x96xf32>) outs(%alloc_13 : memref<?x96xf64>) {
    ^bb0(%in: f32, %out: f64):
      %3 = arith.extf %in : f32 to f64
      linalg.yield %3 : f64
    }
    %alloc_14 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x1xf64>
    %alloc_15 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x1xf64>
    linalg.fill ins(%cst_0 : f64) outs(%alloc_15 : memref<?x1xf64>)
    %c0_16 = arith.constant 0 : index
    %dim_17 = memref.dim %alloc_15, %c0_16 : memref<?x1xf64>
    %alloc_18 = memref.alloc(%dim_17) {alignment = 64 : i64} : memref<?x1xf64>
    memref.copy %alloc_15, %alloc_18 : memref<?x1xf64> to memref<?x1xf64>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%alloc_13 : memref<?x96xf64>) outs(%alloc_18 : memref<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %3 = arith.addf %in, %out : f64
      linalg.yield %3 : f64
    }
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_18 : memref<?x1xf64>) outs(%alloc_14 : memref<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %3 = arith.divf %in, %cst_2 : f64
      linalg.yield %3 : f64
    }
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_13, %alloc_14 : memref<?x96xf64>, memref<?x1xf64>) outs(%alloc_13 : memref<?x96xf64>) {
    ^bb0(%in: f64, %in_26: f64, %out: f64):
      %3 = arith.subf %in, %in_26 : f64
      linalg.yield %3 : f64
    }
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_13, %alloc_13 : memref<?x96xf64>, memref<?x96xf64>) outs(%alloc_13 : memref<?x96xf64>) {
    ^bb0(%in: f64, %in_26: f64, %out: f64):
      %3 = arith.mulf %in, %in_26 : f64
      linalg.yield %3 : f64
    }
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%alloc_13 : memref<?x96xf64>) outs(%alloc_15 : memref<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %3 = arith.addf %in, %out : f64
      linalg.yield %3 : f64
    }
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_15 : memref<?x1xf64>) outs(%alloc_14 : memref<?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %3 = arith.divf %in, %cst_2 : f64
      linalg.yield %3 : f64
    }
    %alloc_19 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x1xf32>
    %alloc_20 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x1xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_14 : memref<?x1xf64>) outs(%alloc_20 : memref<?x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %3 = arith.truncf %in : f64 to f32
      linalg.yield %3 : f32
    }
    linalg.fill ins(%cst : f32) outs(%alloc_19 : memref<?x1xf32>)
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%collapse_shape : memref<?x96xf32>) outs(%alloc_19 : memref<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %out : f32
      linalg.yield %3 : f32
    }
    %alloc_21 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x1xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_19 : memref<?x1xf32>) outs(%alloc_21 : memref<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.divf %in, %cst_3 : f32
      linalg.yield %3 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_20 : memref<?x1xf32>) outs(%alloc_19 : memref<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.truncf %cst_1 : f64 to f32
      %4 = arith.addf %in, %3 : f32
      linalg.yield %4 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_19 : memref<?x1xf32>) outs(%alloc_19 : memref<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.rsqrt %in : f32
      linalg.yield %3 : f32
    }
    %alloc_22 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x96xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape, %alloc_21 : memref<?x96xf32>, memref<?x1xf32>) outs(%alloc_22 : memref<?x96xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %3 = arith.subf %in, %in_26 : f32
      linalg.yield %3 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_22, %alloc_19 : memref<?x96xf32>, memref<?x1xf32>) outs(%alloc_22 : memref<?x96xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %3 = arith.mulf %in, %in_26 : f32
      linalg.yield %3 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_22, %arg3 : memref<?x96xf32>, memref<96xf32>) outs(%alloc_22 : memref<?x96xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %3 = arith.mulf %in, %in_26 : f32
      linalg.yield %3 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_22, %arg4 : memref<?x96xf32>, memref<96xf32>) outs(%alloc_22 : memref<?x96xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %3 = arith.addf %in, %in_26 : f32
      linalg.yield %3 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_22 : memref<?x96xf32>) outs(%alloc_22 : memref<?x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.tanh %in : f32
      linalg.yield %3 : f32
    }
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<96x6xf32>
    linalg.transpose ins(%arg5 : memref<6x96xf32>) outs(%alloc_23 : memref<96x6xf32>) permutation = [1, 0] 
    %alloc_24 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x6xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_24 : memref<?x6xf32>)
    linalg.matmul ins(%alloc_22, %alloc_23 : memref<?x96xf32>, memref<96x6xf32>) outs(%alloc_24 : memref<?x6xf32>)
    %2 = arith.cmpi sge, %0, %c0_i64 : i64
    cf.assert %2, "negative values not allowed in new dimensions"
    %alloc_25 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x6xf32>
    linalg.generic {indexing_maps = [#map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg6 : memref<6xf32>) outs(%alloc_25 : memref<?x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    cf.assert %true, "mismatched size for broadcast"
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_24, %alloc_25 : memref<?x6xf32>, memref<?x6xf32>) outs(%alloc_24 : memref<?x6xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %3 = arith.addf %in, %in_26 : f32
      linalg.yield %3 : f32
    }
    return %alloc_24 : memref<?x6xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<3x4x12xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<8x4x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<96xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<96xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<6x96xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<6xf32> = uninitialized

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
    %g0 = memref.get_global @bufrs_model_input : memref<3x4x12xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1, 2]] : memref<3x4x12xf32> into memref<144xf32>
    %any0 = memref.cast %flat0 : memref<144xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %dyn0 = memref.cast %g0 : memref<3x4x12xf32> to memref<?x4x12xf32>
    %g1 = memref.get_global @bufrs_model_arg1 : memref<8x4x3xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1, 2]] : memref<8x4x3xf32> into memref<96xf32>
    %any1 = memref.cast %flat1 : memref<96xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3F800000 : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<8xf32>
    %flat2 = memref.collapse_shape %g2 [[0]] : memref<8xf32> into memref<8xf32>
    %any2 = memref.cast %flat2 : memref<8xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x00000000 : f32
    %scale2 = arith.constant 0x3F9CC471 : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<96xf32>
    %flat3 = memref.collapse_shape %g3 [[0]] : memref<96xf32> into memref<96xf32>
    %any3 = memref.cast %flat3 : memref<96xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x3F800000 : f32
    %scale3 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<96xf32>
    %flat4 = memref.collapse_shape %g4 [[0]] : memref<96xf32> into memref<96xf32>
    %any4 = memref.cast %flat4 : memref<96xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3E4CCCCD : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<6x96xf32>
    %flat5 = memref.collapse_shape %g5 [[0, 1]] : memref<6x96xf32> into memref<576xf32>
    %any5 = memref.cast %flat5 : memref<576xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x00000000 : f32
    %scale5 = arith.constant 0x3EB504F3 : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<6xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<6xf32> into memref<6xf32>
    %any6 = memref.cast %flat6 : memref<6xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3FB504F3 : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%dyn0, %g1, %g2, %g3, %g4, %g5, %g6) : (memref<?x4x12xf32>, memref<8x4x3xf32>, memref<8xf32>, memref<96xf32>, memref<96xf32>, memref<6x96xf32>, memref<6xf32>) -> memref<?x6xf32>
    %c0_axis = arith.constant 0 : index
    %n0 = memref.dim %result, %c0_axis : memref<?x6xf32>
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 6 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %e = memref.load %result[%i0, %i1] : memref<?x6xf32>
        %d = arith.extf %e : f32 to f64
        func.call @bufrs_print_f64(%d) : (f64) -> ()
      }
    }
    return
  }
}
