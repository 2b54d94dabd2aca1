// Executed: a tensor program bufferized with and without
// bufrs-fold-permutations prints the same, right values under
// AddressSanitizer, where each permutation is kept by a use (a reshape, a
// return) and folded into its producer instead: a bias broadcast and a
// matmul accumulating into it, transposed and reshaped, and a negation
// transposed by [1, 2, 0] and returned. Without the pass each product and
// its permuted copy are two buffers after bufferization (WITHOUT); with it
// the producer writes the permuted buffer alone (WITH).

// DEFINE: %{bufferize} = one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(%{bufferize})' -o %t.without.mlir
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-fold-permutations),%{bufferize})' -o %t.with.mlir
// RUN: FileCheck %s --check-prefix=WITHOUT < %t.without.mlir
// RUN: FileCheck %s --check-prefix=WITH < %t.with.mlir
// RUN: %bufrs-opt %t.without.mlir --pass-pipeline='builtin.module(bufrs-memory-pipeline)' -o %t.without-freed.mlir
// RUN: %bufrs-opt %t.with.mlir --pass-pipeline='builtin.module(bufrs-memory-pipeline)' -o %t.with-freed.mlir
// RUN: %asan-exec %t.without-freed.mlir --after %t.with-freed.mlir --strict-before | FileCheck %s

// (x @ w + b)^T with x = [[1, 0, 0, 0], [0, 1, 2, 3]], w row k is
// 6k+1 .. 6k+6, b = 100 .. 105: x @ w + b is
// [[101, 103, 105, 107, 109, 111], [190, 197, 204, 211, 218, 225]],
// printed transposed:
// CHECK:      101
// CHECK-NEXT: 190
// CHECK-NEXT: 103
// CHECK-NEXT: 197
// CHECK-NEXT: 105
// CHECK-NEXT: 204
// CHECK-NEXT: 107
// CHECK-NEXT: 211
// CHECK-NEXT: 109
// CHECK-NEXT: 218
// CHECK-NEXT: 111
// CHECK-NEXT: 225
// -s transposed by [1, 2, 0]: t[i][j][k] = -s[k][i][j], s = 0 .. 23:
// CHECK-NEXT: -0
// CHECK-NEXT: -12
// CHECK-NEXT: -1
// CHECK-NEXT: -13
// CHECK-NEXT: -2
// CHECK-NEXT: -14
// CHECK-NEXT: -3
// CHECK-NEXT: -15
// CHECK-NEXT: -4
// CHECK-NEXT: -16
// CHECK-NEXT: -5
// CHECK-NEXT: -17
// CHECK-NEXT: -6
// CHECK-NEXT: -18
// CHECK-NEXT: -7
// CHECK-NEXT: -19
// CHECK-NEXT: -8
// CHECK-NEXT: -20
// CHECK-NEXT: -9
// CHECK-NEXT: -21
// CHECK-NEXT: -10
// CHECK-NEXT: -22
// CHECK-NEXT: -11
// CHECK-NEXT: -23
// CHECK-NOT:  {{.}}

// WITHOUT-LABEL: func.func private @projection(
// WITHOUT:       memref.alloc() {alignment = 64 : i64} : memref<2x6xf32>
// WITHOUT:       memref.alloc() {alignment = 64 : i64} : memref<6x2xf32>
// WITHOUT-LABEL: func.func private @rotate(
// WITHOUT:       memref.alloc() {alignment = 64 : i64} : memref<2x3x4xf32>
// WITHOUT:       memref.alloc() {alignment = 64 : i64} : memref<3x4x2xf32>
// WITHOUT-LABEL: func.func @run(

// WITH-LABEL: func.func private @projection(
// WITH-NEXT:  memref.alloc() {alignment = 64 : i64} : memref<6x2xf32>
// WITH-NOT:   memref.alloc()
// WITH-LABEL: func.func private @rotate(
// WITH-NEXT:  memref.alloc() {alignment = 64 : i64} : memref<3x4x2xf32>
// WITH-NOT:   memref.alloc()
// WITH-LABEL: func.func @run(

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

func.func private @bufrs_print_f32(f32)

func.func private @print(%t: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = tensor.extract %t[%i] : tensor<?xf32>
    func.call @bufrs_print_f32(%v) : (f32) -> ()
  }
  return
}

func.func private @projection(%x: tensor<2x4xf32>, %w: tensor<4x6xf32>, %b: tensor<6xf32>) -> tensor<3x2x2xf32> {
  %e = tensor.empty() : tensor<2x6xf32>
  %f = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<6xf32>) outs(%e : tensor<2x6xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<2x6xf32>
  %m = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x4xf32>, tensor<4x6xf32>) outs(%f : tensor<2x6xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x6xf32>
  %e2 = tensor.empty() : tensor<6x2xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2x6xf32>) outs(%e2 : tensor<6x2xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<6x2xf32>
  %r = tensor.expand_shape %t [[0, 1], [2]] output_shape [3, 2, 2] : tensor<6x2xf32> into tensor<3x2x2xf32>
  return %r : tensor<3x2x2xf32>
}

func.func private @rotate(%s: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %n = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<3x4x2xf32>
  %t = linalg.transpose ins(%n : tensor<2x3x4xf32>) outs(%e2 : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  return %t : tensor<3x4x2xf32>
}

func.func @run() {
  %x = arith.constant dense<[[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<2x4xf32>
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                             [13.0, 14.0, 15.0, 16.0, 17.0, 18.0], [19.0, 20.0, 21.0, 22.0, 23.0, 24.0]]> : tensor<4x6xf32>
  %b = arith.constant dense<[100.0, 101.0, 102.0, 103.0, 104.0, 105.0]> : tensor<6xf32>
  %p = func.call @projection(%x, %w, %b) : (tensor<2x4xf32>, tensor<4x6xf32>, tensor<6xf32>) -> tensor<3x2x2xf32>
  %fp = tensor.collapse_shape %p [[0, 1, 2]] : tensor<3x2x2xf32> into tensor<12xf32>
  %dp = tensor.cast %fp : tensor<12xf32> to tensor<?xf32>
  func.call @print(%dp) : (tensor<?xf32>) -> ()

  %s = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %t = func.call @rotate(%s) : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %ft = tensor.collapse_shape %t [[0, 1, 2]] : tensor<3x4x2xf32> into tensor<24xf32>
  %dt = tensor.cast %ft : tensor<24xf32> to tensor<?xf32>
  func.call @print(%dt) : (tensor<?xf32>) -> ()
  return
}
