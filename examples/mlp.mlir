// Bufferized from examples/src/mlp.mlir by stock mlir-opt 22 (utils/bufferize_examples.py):
//   mlir-opt examples/src/mlp.mlir '--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map'
// @main runs it and prints the results (scripts/demo, test/examples/).

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> ()>
module {
  func.func @mlp(%arg0: memref<8x16xf32>, %arg1: memref<4x16x16xf32>, %arg2: memref<4x16xf32>) -> memref<8x16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %arg0) -> (memref<8x16xf32>) {
      %cast = memref.cast %arg4 : memref<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
      %subview = memref.subview %arg1[%arg3, 0, 0] [1, 16, 16] [1, 1, 1] : memref<4x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
      %subview_0 = memref.subview %arg2[%arg3, 0] [1, 16] [1, 1] : memref<4x16xf32> to memref<16xf32, strided<[1], offset: ?>>
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
      linalg.fill ins(%cst : f32) outs(%alloc : memref<8x16xf32>)
      linalg.matmul ins(%cast, %subview : memref<8x16xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32, strided<[16, 1], offset: ?>>) outs(%alloc : memref<8x16xf32>)
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
      linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %subview_0 : memref<8x16xf32>, memref<16xf32, strided<[1], offset: ?>>) outs(%alloc_1 : memref<8x16xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %1 = arith.addf %in, %in_2 : f32
        %2 = arith.maximumf %1, %cst : f32
        linalg.yield %2 : f32
      }
      scf.yield %alloc_1 : memref<8x16xf32>
    }
    return %0 : memref<8x16xf32>
  }
  func.func @weights() -> memref<4x16x16xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16x16xf32>
    linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel", "parallel", "parallel"]} outs(%alloc : memref<4x16x16xf32>) {
    ^bb0(%out: f32):
      %0 = linalg.index 0 : index
      %1 = linalg.index 1 : index
      %2 = linalg.index 2 : index
      %c7 = arith.constant 7 : index
      %c3 = arith.constant 3 : index
      %c11 = arith.constant 11 : index
      %3 = arith.muli %0, %c7 : index
      %4 = arith.muli %1, %c3 : index
      %5 = arith.addi %3, %4 : index
      %6 = arith.addi %5, %2 : index
      %7 = arith.remui %6, %c11 : index
      %8 = arith.index_cast %7 : index to i32
      %9 = arith.sitofp %8 : i32 to f32
      %cst = arith.constant 1.100000e+01 : f32
      %cst_0 = arith.constant 5.000000e-01 : f32
      %10 = arith.divf %9, %cst : f32
      %11 = arith.subf %10, %cst_0 : f32
      linalg.yield %11 : f32
    }
    return %alloc : memref<4x16x16xf32>
  }
  func.func @rows(%arg0: index) -> memref<?x16xf32> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x16xf32>
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%alloc : memref<?x16xf32>) {
    ^bb0(%out: f32):
      %0 = linalg.index 0 : index
      %1 = linalg.index 1 : index
      %c5 = arith.constant 5 : index
      %c13 = arith.constant 13 : index
      %2 = arith.muli %0, %c5 : index
      %3 = arith.addi %2, %1 : index
      %4 = arith.remui %3, %c13 : index
      %5 = arith.index_cast %4 : index to i32
      %6 = arith.sitofp %5 : i32 to f32
      %cst = arith.constant 1.300000e+01 : f32
      %7 = arith.divf %6, %cst : f32
      linalg.yield %7 : f32
    }
    return %alloc : memref<?x16xf32>
  }
  func.func @checksum(%arg0: memref<8x16xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["reduction", "reduction"]} ins(%arg0 : memref<8x16xf32>) outs(%alloc : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.addf %in, %out : f32
      linalg.yield %1 : f32
    }
    %0 = memref.load %alloc[] : memref<f32>
    return %0 : f32
  }
  func.func private @bufrs_print_f32(f32)
  func.func @main() {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %0 = call @weights() : () -> memref<4x16x16xf32>
    %1 = call @rows(%c4) : (index) -> memref<?x16xf32>
    %cast = memref.cast %1 : memref<?x16xf32> to memref<4x16xf32>
    %2 = call @rows(%c8) : (index) -> memref<?x16xf32>
    %cast_0 = memref.cast %2 : memref<?x16xf32> to memref<8x16xf32>
    %3 = call @mlp(%cast_0, %0, %cast) : (memref<8x16xf32>, memref<4x16x16xf32>, memref<4x16xf32>) -> memref<8x16xf32>
    %4 = call @checksum(%3) : (memref<8x16xf32>) -> f32
    call @bufrs_print_f32(%4) : (f32) -> ()
    return
  }
}

