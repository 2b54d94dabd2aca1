// autoencoder bufferized from examples/models/autoencoder.linalg.mlir by stock mlir-opt 22 (utils/export_models.py):
//   mlir-opt examples/models/autoencoder.linalg.mlir '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map'
// followed by the driver @run (from its comment on): it fills the weights and the input
// (globals), calls @forward and prints every element of its result; autoencoder.expected
// holds PyTorch's output for the same weights and input.

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: memref<4x64xf32>, %arg1: memref<32x64xf32>, %arg2: memref<32xf32>, %arg3: memref<8x32xf32>, %arg4: memref<8xf32>, %arg5: memref<32x8xf32>, %arg6: memref<32xf32>, %arg7: memref<64x32xf32>, %arg8: memref<64xf32>) -> memref<4x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<64x32xf32>
    linalg.transpose ins(%arg1 : memref<32x64xf32>) outs(%alloc : memref<64x32xf32>) permutation = [1, 0] 
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x32xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x32xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<4x32xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x32xf32>
    memref.copy %alloc_2, %alloc_3 : memref<4x32xf32> to memref<4x32xf32>
    linalg.matmul ins(%arg0, %alloc : memref<4x64xf32>, memref<64x32xf32>) outs(%alloc_3 : memref<4x32xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : memref<32xf32>) outs(%alloc_1 : memref<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_3, %alloc_1 : memref<4x32xf32>, memref<4x32xf32>) outs(%alloc_1 : memref<4x32xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %0 = arith.addf %in, %in_11 : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_1 : memref<4x32xf32>) outs(%alloc_1 : memref<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<32x8xf32>
    linalg.transpose ins(%arg3 : memref<8x32xf32>) outs(%alloc_4 : memref<32x8xf32>) permutation = [1, 0] 
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_6 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_1, %alloc_4 : memref<4x32xf32>, memref<32x8xf32>) outs(%alloc_6 : memref<4x8xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : memref<8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_6, %alloc_5 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %0 = arith.addf %in, %in_11 : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<8x32xf32>
    linalg.transpose ins(%arg5 : memref<32x8xf32>) outs(%alloc_7 : memref<8x32xf32>) permutation = [1, 0] 
    linalg.matmul ins(%alloc_5, %alloc_7 : memref<4x8xf32>, memref<8x32xf32>) outs(%alloc_2 : memref<4x32xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : memref<32xf32>) outs(%alloc_1 : memref<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %alloc_1 : memref<4x32xf32>, memref<4x32xf32>) outs(%alloc_1 : memref<4x32xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %0 = arith.addf %in, %in_11 : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_1 : memref<4x32xf32>) outs(%alloc_1 : memref<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.cmpf ugt, %in, %cst : f32
      %1 = arith.select %0, %in, %cst : f32
      linalg.yield %1 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<32x64xf32>
    linalg.transpose ins(%arg7 : memref<64x32xf32>) outs(%alloc_8 : memref<32x64xf32>) permutation = [1, 0] 
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x64xf32>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x64xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_10 : memref<4x64xf32>)
    linalg.matmul ins(%alloc_1, %alloc_8 : memref<4x32xf32>, memref<32x64xf32>) outs(%alloc_10 : memref<4x64xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg8 : memref<64xf32>) outs(%alloc_9 : memref<4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_10, %alloc_9 : memref<4x64xf32>, memref<4x64xf32>) outs(%alloc_9 : memref<4x64xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %0 = arith.addf %in, %in_11 : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_9 : memref<4x64xf32>) outs(%alloc_9 : memref<4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.negf %in : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %1, %cst_0 : f32
      %3 = arith.divf %cst_0, %2 : f32
      linalg.yield %3 : f32
    }
    return %alloc_9 : memref<4x64xf32>
  }
  // The driver (utils/export_models.py appends it after bufferizing):
  memref.global "private" @bufrs_model_input : memref<4x64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg1 : memref<32x64xf32> = uninitialized
  memref.global "private" @bufrs_model_arg2 : memref<32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg3 : memref<8x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg4 : memref<8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg5 : memref<32x8xf32> = uninitialized
  memref.global "private" @bufrs_model_arg6 : memref<32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg7 : memref<64x32xf32> = uninitialized
  memref.global "private" @bufrs_model_arg8 : memref<64xf32> = uninitialized

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
    %g0 = memref.get_global @bufrs_model_input : memref<4x64xf32>
    %flat0 = memref.collapse_shape %g0 [[0, 1]] : memref<4x64xf32> into memref<256xf32>
    %any0 = memref.cast %flat0 : memref<256xf32> to memref<?xf32>
    %key0 = arith.constant 1012348 : i64
    %offset0 = arith.constant 0x00000000 : f32
    %scale0 = arith.constant 0x40000000 : f32
    func.call @bufrs_model_fill(%any0, %key0, %offset0, %scale0) : (memref<?xf32>, i64, f32, f32) -> ()
    %g1 = memref.get_global @bufrs_model_arg1 : memref<32x64xf32>
    %flat1 = memref.collapse_shape %g1 [[0, 1]] : memref<32x64xf32> into memref<2048xf32>
    %any1 = memref.cast %flat1 : memref<2048xf32> to memref<?xf32>
    %key1 = arith.constant 1020267 : i64
    %offset1 = arith.constant 0x00000000 : f32
    %scale1 = arith.constant 0x3EDDB3D7 : f32
    func.call @bufrs_model_fill(%any1, %key1, %offset1, %scale1) : (memref<?xf32>, i64, f32, f32) -> ()
    %g2 = memref.get_global @bufrs_model_arg2 : memref<32xf32>
    %flat2 = memref.collapse_shape %g2 [[0]] : memref<32xf32> into memref<32xf32>
    %any2 = memref.cast %flat2 : memref<32xf32> to memref<?xf32>
    %key2 = arith.constant 1028186 : i64
    %offset2 = arith.constant 0x00000000 : f32
    %scale2 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any2, %key2, %offset2, %scale2) : (memref<?xf32>, i64, f32, f32) -> ()
    %g3 = memref.get_global @bufrs_model_arg3 : memref<8x32xf32>
    %flat3 = memref.collapse_shape %g3 [[0, 1]] : memref<8x32xf32> into memref<256xf32>
    %any3 = memref.cast %flat3 : memref<256xf32> to memref<?xf32>
    %key3 = arith.constant 1036105 : i64
    %offset3 = arith.constant 0x00000000 : f32
    %scale3 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any3, %key3, %offset3, %scale3) : (memref<?xf32>, i64, f32, f32) -> ()
    %g4 = memref.get_global @bufrs_model_arg4 : memref<8xf32>
    %flat4 = memref.collapse_shape %g4 [[0]] : memref<8xf32> into memref<8xf32>
    %any4 = memref.cast %flat4 : memref<8xf32> to memref<?xf32>
    %key4 = arith.constant 1044024 : i64
    %offset4 = arith.constant 0x00000000 : f32
    %scale4 = arith.constant 0x3F9CC471 : f32
    func.call @bufrs_model_fill(%any4, %key4, %offset4, %scale4) : (memref<?xf32>, i64, f32, f32) -> ()
    %g5 = memref.get_global @bufrs_model_arg5 : memref<32x8xf32>
    %flat5 = memref.collapse_shape %g5 [[0, 1]] : memref<32x8xf32> into memref<256xf32>
    %any5 = memref.cast %flat5 : memref<256xf32> to memref<?xf32>
    %key5 = arith.constant 1051943 : i64
    %offset5 = arith.constant 0x00000000 : f32
    %scale5 = arith.constant 0x3F9CC471 : f32
    func.call @bufrs_model_fill(%any5, %key5, %offset5, %scale5) : (memref<?xf32>, i64, f32, f32) -> ()
    %g6 = memref.get_global @bufrs_model_arg6 : memref<32xf32>
    %flat6 = memref.collapse_shape %g6 [[0]] : memref<32xf32> into memref<32xf32>
    %any6 = memref.cast %flat6 : memref<32xf32> to memref<?xf32>
    %key6 = arith.constant 1059862 : i64
    %offset6 = arith.constant 0x00000000 : f32
    %scale6 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any6, %key6, %offset6, %scale6) : (memref<?xf32>, i64, f32, f32) -> ()
    %g7 = memref.get_global @bufrs_model_arg7 : memref<64x32xf32>
    %flat7 = memref.collapse_shape %g7 [[0, 1]] : memref<64x32xf32> into memref<2048xf32>
    %any7 = memref.cast %flat7 : memref<2048xf32> to memref<?xf32>
    %key7 = arith.constant 1067781 : i64
    %offset7 = arith.constant 0x00000000 : f32
    %scale7 = arith.constant 0x3F1CC471 : f32
    func.call @bufrs_model_fill(%any7, %key7, %offset7, %scale7) : (memref<?xf32>, i64, f32, f32) -> ()
    %g8 = memref.get_global @bufrs_model_arg8 : memref<64xf32>
    %flat8 = memref.collapse_shape %g8 [[0]] : memref<64xf32> into memref<64xf32>
    %any8 = memref.cast %flat8 : memref<64xf32> to memref<?xf32>
    %key8 = arith.constant 1075700 : i64
    %offset8 = arith.constant 0x00000000 : f32
    %scale8 = arith.constant 0x3EDDB3D7 : f32
    func.call @bufrs_model_fill(%any8, %key8, %offset8, %scale8) : (memref<?xf32>, i64, f32, f32) -> ()
    %result = func.call @forward(%g0, %g1, %g2, %g3, %g4, %g5, %g6, %g7, %g8) : (memref<4x64xf32>, memref<32x64xf32>, memref<32xf32>, memref<8x32xf32>, memref<8xf32>, memref<32x8xf32>, memref<32xf32>, memref<64x32xf32>, memref<64xf32>) -> memref<4x64xf32>
    %n0 = arith.constant 4 : index
    scf.for %i0 = %c0 to %n0 step %c1 {
      %n1 = arith.constant 64 : index
      scf.for %i1 = %c0 to %n1 step %c1 {
        %e = memref.load %result[%i0, %i1] : memref<4x64xf32>
        %d = arith.extf %e : f32 to f64
        func.call @bufrs_print_f64(%d) : (f64) -> ()
      }
    }
    return
  }
}
