// tcn-dynamic bufferized from examples/models/tcn-dynamic.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/tcn-dynamic.linalg.mlir '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; tcn-dynamic.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
#map1 = affine_map<()[s0] -> (s0 + 2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<()[s0] -> (s0 + 4)>
module {
  func.func @forward(%arg0: memref<1x4x?xf32>, %arg1: memref<16x4x1xf32>, %arg2: memref<16xf32>, %arg3: memref<16x16x3xf32>, %arg4: memref<16xf32>, %arg5: memref<16x16x3xf32>, %arg6: memref<16xf32>, %arg7: memref<2x16x1xf32>, %arg8: memref<2xf32>) -> memref<1x2x?xf32> {
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.000000e+00 : f32
    %c2_i64 = arith.constant 2 : i64
    %c4_i64 = arith.constant 4 : i64
    %dim = memref.dim %arg0, %c2 : memref<1x4x?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<1x16x?xf32>
    linalg.broadcast ins(%arg2 : memref<16xf32>) outs(%alloc : memref<1x16x?xf32>) dimensions = [0, 2] 
    linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%arg0, %arg1 : memref<1x4x?xf32>, memref<16x4x1xf32>) outs(%alloc : memref<1x16x?xf32>)
    %c2_0 = arith.constant 2 : index
    %dim_1 = memref.dim %alloc, %c2_0 : memref<1x16x?xf32>
    %c2_2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %0 = affine.apply #map()[%dim_1, %c2_2, %c0]
    %c2_3 = arith.constant 2 : index
    %dim_4 = memref.dim %alloc, %c2_3 : memref<1x16x?xf32>
    %1 = affine.apply #map1()[%dim_4]
    %alloc_5 = memref.alloc(%1) {alignment = 64 : i64} : memref<1x16x?xf32>
    linalg.map outs(%alloc_5 : memref<1x16x?xf32>)
      (%init: f32) {
        %14 = linalg.index 0 : index
        %15 = linalg.index 1 : index
        %16 = linalg.index 2 : index
        linalg.yield %cst : f32
      }
    %c2_6 = arith.constant 2 : index
    %dim_7 = memref.dim %alloc, %c2_6 : memref<1x16x?xf32>
    %subview = memref.subview %alloc_5[0, 0, 2] [1, 16, %dim_7] [1, 1, 1] : memref<1x16x?xf32> to memref<1x16x?xf32, strided<[?, ?, 1], offset: 2>>
    memref.copy %alloc, %subview : memref<1x16x?xf32> to memref<1x16x?xf32, strided<[?, ?, 1], offset: 2>>
    %2 = affine.apply #map1()[%dim]
    %3 = arith.index_cast %2 : index to i64
    %4 = arith.subi %3, %c2_i64 : i64
    %5 = arith.index_cast %4 : i64 to index
    %alloc_8 = memref.alloc(%5) {alignment = 64 : i64} : memref<1x16x?xf32>
    linalg.broadcast ins(%arg4 : memref<16xf32>) outs(%alloc_8 : memref<1x16x?xf32>) dimensions = [0, 2] 
    linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%alloc_5, %arg3 : memref<1x16x?xf32>, memref<16x16x3xf32>) outs(%alloc_8 : memref<1x16x?xf32>)
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_8 : memref<1x16x?xf32>) outs(%alloc_8 : memref<1x16x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.cmpf ugt, %in, %cst : f32
      %15 = arith.select %14, %in, %cst : f32
      linalg.yield %15 : f32
    }
    %6 = arith.cmpi eq, %dim, %5 : index
    cf.assert %6, "mismatched size for broadcast"
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc, %alloc_8 : memref<1x16x?xf32>, memref<1x16x?xf32>) outs(%alloc : memref<1x16x?xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %14 = arith.addf %in, %in_20 : f32
      linalg.yield %14 : f32
    }
    %c2_9 = arith.constant 2 : index
    %dim_10 = memref.dim %alloc, %c2_9 : memref<1x16x?xf32>
    %c4 = arith.constant 4 : index
    %c0_11 = arith.constant 0 : index
    %7 = affine.apply #map()[%dim_10, %c4, %c0_11]
    %c2_12 = arith.constant 2 : index
    %dim_13 = memref.dim %alloc, %c2_12 : memref<1x16x?xf32>
    %8 = affine.apply #map3()[%dim_13]
    %alloc_14 = memref.alloc(%8) {alignment = 64 : i64} : memref<1x16x?xf32>
    linalg.map outs(%alloc_14 : memref<1x16x?xf32>)
      (%init: f32) {
        %14 = linalg.index 0 : index
        %15 = linalg.index 1 : index
        %16 = linalg.index 2 : index
        linalg.yield %cst : f32
      }
    %c2_15 = arith.constant 2 : index
    %dim_16 = memref.dim %alloc, %c2_15 : memref<1x16x?xf32>
    %subview_17 = memref.subview %alloc_14[0, 0, 4] [1, 16, %dim_16] [1, 1, 1] : memref<1x16x?xf32> to memref<1x16x?xf32, strided<[?, ?, 1], offset: 4>>
    memref.copy %alloc, %subview_17 : memref<1x16x?xf32> to memref<1x16x?xf32, strided<[?, ?, 1], offset: 4>>
    %9 = affine.apply #map3()[%dim]
    %10 = arith.index_cast %9 : index to i64
    %11 = arith.subi %10, %c4_i64 : i64
    %12 = arith.index_cast %11 : i64 to index
    %alloc_18 = memref.alloc(%12) {alignment = 64 : i64} : memref<1x16x?xf32>
    linalg.broadcast ins(%arg6 : memref<16xf32>) outs(%alloc_18 : memref<1x16x?xf32>) dimensions = [0, 2] 
    linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%alloc_14, %arg5 : memref<1x16x?xf32>, memref<16x16x3xf32>) outs(%alloc_18 : memref<1x16x?xf32>)
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_18 : memref<1x16x?xf32>) outs(%alloc_18 : memref<1x16x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.cmpf ugt, %in, %cst : f32
      %15 = arith.select %14, %in, %cst : f32
      linalg.yield %15 : f32
    }
    %13 = arith.cmpi eq, %dim, %12 : index
    cf.assert %13, "mismatched size for broadcast"
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc, %alloc_18 : memref<1x16x?xf32>, memref<1x16x?xf32>) outs(%alloc : memref<1x16x?xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %14 = arith.addf %in, %in_20 : f32
      linalg.yield %14 : f32
    }
    %alloc_19 = memref.alloc(%dim) {alignment = 64 : i64} : memref<1x2x?xf32>
    linalg.broadcast ins(%arg8 : memref<2xf32>) outs(%alloc_19 : memref<1x2x?xf32>) dimensions = [0, 2] 
    linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%alloc, %arg7 : memref<1x16x?xf32>, memref<2x16x1xf32>) outs(%alloc_19 : memref<1x2x?xf32>)
    return %alloc_19 : memref<1x2x?xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<1x4x24xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<16x4x1xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<16x16x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<16x16x3xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<16xf32> = uninitialized
  memref.global "private" @bufrs_model_arg7 : memref<2x16x1xf32> = uninitialized
  memref.global "private" @bufrs_model_arg8 : memref<2xf32> = uninitialized

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
    %g0 = memref.get_global @bufrs_model_input : memref<1x4x24xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1, 2]] : memref<1x4x24xf32> into memref<96xf32>
    %any0 = memref.cast %flat0 : memref<96xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %dyn0 = memref.cast %g0 : memref<1x4x24xf32> to memref<1x4x?xf32>
    %g1 = memref.get_global @bufrs_model_arg1 : memref<16x4x1xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1, 2]] : memref<16x4x1xf32> into memref<64xf32>
    %any1 = memref.cast %flat1 : memref<64xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3FDDB3D7 : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<16xf32>
    %flat2 = memref.collapse_shape %g2 [[0]] : memref<16xf32> into memref<16xf32>
    %any2 = memref.cast %flat2 : memref<16xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x00000000 : f32
    %scale2 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<16x16x3xf32>
    %flat3 = memref.collapse_shape %g3 [[0, 1, 2]] : memref<16x16x3xf32> into memref<768xf32>
    %any3 = memref.cast %flat3 : memref<768xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<16xf32>
    %flat4 = memref.collapse_shape %g4 [[0]] : memref<16xf32> into memref<16xf32>
    %any4 = memref.cast %flat4 : memref<16xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<16x16x3xf32>
    %flat5 = memref.collapse_shape %g5 [[0, 1, 2]] : memref<16x16x3xf32> into memref<768xf32>
    %any5 = memref.cast %flat5 : memref<768xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x00000000 : f32
    %scale5 = arith.constant 0x3F000000 : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<16xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<16xf32> into memref<16xf32>
    %any6 = memref.cast %flat6 : memref<16xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %g7 = memref.get_global @bufrs_model_arg7 : memref<2x16x1xf32>
    %flat7 = memref.collapse_shape %g7 [[0, 1, 2]] : memref<2x16x1xf32> into memref<32xf32>
    %any7 = memref.cast %flat7 : memref<32xf32> to memref<?xf32>
    %key7 = arith.constant 1067781 : i64
    %offset7 = arith.constant 0x00000000 : f32
    %scale7 = arith.constant 0x3F5DB3D7 : f32
    func.call @bufrs_model_fill(%any7, %key7, %offset7, %scale7) : (memref<?xf32>, i64, f32, f32) -> ()
    %g8 = memref.get_global @bufrs_model_arg8 : memref<2xf32>
    %flat8 = memref.collapse_shape %g8 [[0]] : memref<2xf32> into memref<2xf32>
    %any8 = memref.cast %flat8 : memref<2xf32> to memref<?xf32>
    %key8 = arith.constant 1075700 : i64
    %offset8 = arith.constant 0x00000000 : f32
    %scale8 = arith.constant 0x401CC471 : f32
    func.call @bufrs_model_fill(%any8, %key8, %offset8, %scale8) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%dyn0, %g1, %g2, %g3, %g4, %g5, %g6, %g7, %g8) : (memref<1x4x?xf32>, memref<16x4x1xf32>, memref<16xf32>, memref<16x16x3xf32>, memref<16xf32>, memref<16x16x3xf32>, memref<16xf32>, memref<2x16x1xf32>, memref<2xf32>) -> memref<1x2x?xf32>
    %n0 = arith.constant 1 : index
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 2 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %c2_axis = arith.constant 2 : index
        %n2 = memref.dim %result, %c2_axis : memref<1x2x?xf32>
        scf.for %i2 = %c0 to %n2 step %c1 {
          %e = memref.load %result[%i0, %i1, %i2] : memref<1x2x?xf32>
          %d = arith.extf %e : f32 to f64
          func.call @bufrs_print_f64(%d) : (f64) -> ()
        }
      }
    }
    return
  }
}
