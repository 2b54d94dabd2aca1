// Bufferized from examples/src/attention.mlir by stock mlir-opt 22 (utils/bufferize_examples.py):
//   mlir-opt examples/src/attention.mlir '--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map'
// @main runs it and prints the results (scripts/demo, test/examples/).

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0)>
#map5 = affine_map<(d0, d1) -> ()>
module {
  func.func @project(%arg0: memref<?x16xf32>, %arg1: memref<16x16xf32>) -> memref<?x16xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x16xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x16xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<?x16xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<?x16xf32>, memref<16x16xf32>) outs(%alloc : memref<?x16xf32>)
    return %alloc : memref<?x16xf32>
  }
  func.func @attention(%arg0: memref<?x16xf32>, %arg1: memref<16x16xf32>, %arg2: memref<16x16xf32>, %arg3: memref<16x16xf32>) -> memref<?x16xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.500000e-01 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x16xf32>
    %0 = call @project(%arg0, %arg1) : (memref<?x16xf32>, memref<16x16xf32>) -> memref<?x16xf32>
    %1 = call @project(%arg0, %arg2) : (memref<?x16xf32>, memref<16x16xf32>) -> memref<?x16xf32>
    %2 = call @project(%arg0, %arg3) : (memref<?x16xf32>, memref<16x16xf32>) -> memref<?x16xf32>
    %alloc = memref.alloc(%dim, %dim) {alignment = 64 : i64} : memref<?x?xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%0, %1 : memref<?x16xf32>, memref<?x16xf32>) outs(%alloc : memref<?x?xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %3 = arith.mulf %in, %in_9 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    }
    %alloc_2 = memref.alloc(%dim, %dim) {alignment = 64 : i64} : memref<?x?xf32>
    linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<?x?xf32>) outs(%alloc_2 : memref<?x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst_0 : f32
      linalg.yield %3 : f32
    }
    %alloc_3 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    linalg.fill ins(%cst_1 : f32) outs(%alloc_3 : memref<?xf32>)
    linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%alloc_2 : memref<?x?xf32>) outs(%alloc_3 : memref<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.maximumf %in, %out : f32
      linalg.yield %3 : f32
    }
    %alloc_4 = memref.alloc(%dim, %dim) {alignment = 64 : i64} : memref<?x?xf32>
    linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %alloc_3 : memref<?x?xf32>, memref<?xf32>) outs(%alloc_4 : memref<?x?xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %3 = arith.subf %in, %in_9 : f32
      %4 = math.exp %3 : f32
      linalg.yield %4 : f32
    }
    %alloc_5 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_5 : memref<?xf32>)
    linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%alloc_4 : memref<?x?xf32>) outs(%alloc_5 : memref<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %out : f32
      linalg.yield %3 : f32
    }
    %alloc_6 = memref.alloc(%dim, %dim) {alignment = 64 : i64} : memref<?x?xf32>
    linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_4, %alloc_5 : memref<?x?xf32>, memref<?xf32>) outs(%alloc_6 : memref<?x?xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %3 = arith.divf %in, %in_9 : f32
      linalg.yield %3 : f32
    }
    %alloc_7 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x16xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_7 : memref<?x16xf32>)
    linalg.matmul ins(%alloc_6, %2 : memref<?x?xf32>, memref<?x16xf32>) outs(%alloc_7 : memref<?x16xf32>)
    %alloc_8 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x16xf32>
    linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_7, %arg0 : memref<?x16xf32>, memref<?x16xf32>) outs(%alloc_8 : memref<?x16xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %3 = arith.addf %in, %in_9 : f32
      linalg.yield %3 : f32
    }
    return %alloc_8 : memref<?x16xf32>
  }
  func.func @matrix(%arg0: index, %arg1: index, %arg2: f32) -> memref<?x16xf32> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x16xf32>
    linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel"]} outs(%alloc : memref<?x16xf32>) {
    ^bb0(%out: f32):
      %0 = linalg.index 0 : index
      %1 = linalg.index 1 : index
      %c17 = arith.constant 17 : index
      %2 = arith.muli %0, %arg1 : index
      %3 = arith.addi %2, %1 : index
      %4 = arith.remui %3, %c17 : index
      %5 = arith.index_cast %4 : index to i32
      %6 = arith.sitofp %5 : i32 to f32
      %cst = arith.constant 1.700000e+01 : f32
      %7 = arith.divf %6, %cst : f32
      %8 = arith.subf %7, %arg2 : f32
      linalg.yield %8 : f32
    }
    return %alloc : memref<?x16xf32>
  }
  func.func @checksum(%arg0: memref<?x16xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["reduction", "reduction"]} ins(%arg0 : memref<?x16xf32>) outs(%alloc : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.addf %in, %out : f32
      linalg.yield %1 : f32
    }
    %0 = memref.load %alloc[] : memref<f32>
    return %0 : f32
  }
  func.func private @bufrs_print_f32(f32)
  func.func @run_block(%arg0: index) {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c16 = arith.constant 16 : index
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 2.500000e-01 : f32
    %0 = call @matrix(%arg0, %c3, %cst_0) : (index, index, f32) -> memref<?x16xf32>
    %1 = call @matrix(%c16, %c5, %cst) : (index, index, f32) -> memref<?x16xf32>
    %2 = call @matrix(%c16, %c7, %cst) : (index, index, f32) -> memref<?x16xf32>
    %3 = call @matrix(%c16, %c11, %cst) : (index, index, f32) -> memref<?x16xf32>
    %cast = memref.cast %1 : memref<?x16xf32> to memref<16x16xf32>
    %cast_1 = memref.cast %2 : memref<?x16xf32> to memref<16x16xf32>
    %cast_2 = memref.cast %3 : memref<?x16xf32> to memref<16x16xf32>
    %4 = call @attention(%0, %cast, %cast_1, %cast_2) : (memref<?x16xf32>, memref<16x16xf32>, memref<16x16xf32>, memref<16x16xf32>) -> memref<?x16xf32>
    %5 = call @checksum(%4) : (memref<?x16xf32>) -> f32
    call @bufrs_print_f32(%5) : (f32) -> ()
    return
  }
  func.func @main() {
    %c5 = arith.constant 5 : index
    %c12 = arith.constant 12 : index
    call @run_block(%c5) : (index) -> ()
    call @run_block(%c12) : (index) -> ()
    return
  }
}

