// Executed: a tensor program bufferized with and without
// bufrs-fold-permutations (upstream's linalg-generalize-named-ops before it,
// one-shot bufferization and the main job after) prints the same, right
// values under AddressSanitizer: a transposed weight read by two matmuls, a rank-3
// linalg.transpose read by an elementwise op and a reduction, and a
// permutation also written into (an init, so it stays). Without the pass
// each permuted tensor is a buffer of its own after bufferization
// (WITHOUT); with it only the one written into is (WITH).

// DEFINE: %{bufferize} = one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops),%{bufferize})' -o %t.without.mlir
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops,bufrs-fold-permutations),%{bufferize})' -o %t.with.mlir
// RUN: FileCheck %s --check-prefix=WITHOUT < %t.without.mlir
// RUN: FileCheck %s --check-prefix=WITH < %t.with.mlir
// RUN: %bufrs-opt %t.without.mlir --pass-pipeline='builtin.module(bufrs-memory-pipeline)' -o %t.without-freed.mlir
// RUN: %bufrs-opt %t.with.mlir --pass-pipeline='builtin.module(bufrs-memory-pipeline)' -o %t.with-freed.mlir
// RUN: %asan-exec %t.without-freed.mlir --after %t.with-freed.mlir --strict-before | FileCheck %s

// x @ w^T and y @ w^T (w row i is 4i+1 .. 4i+4):
// CHECK:      1
// CHECK-NEXT: 5
// CHECK-NEXT: 9
// CHECK-NEXT: 20
// CHECK-NEXT: 44
// CHECK-NEXT: 68
// CHECK-NEXT: 6.5
// CHECK-NEXT: 12.5
// CHECK-NEXT: 18.5
// CHECK-NEXT: 10
// CHECK-NEXT: 26
// CHECK-NEXT: 42
// %s transposed by [1, 2, 0] plus 100: t[i][j][k] = s[k][i][j]:
// CHECK-NEXT: 100
// CHECK-NEXT: 112
// CHECK-NEXT: 101
// CHECK-NEXT: 113
// CHECK-NEXT: 102
// CHECK-NEXT: 114
// CHECK-NEXT: 103
// CHECK-NEXT: 115
// CHECK-NEXT: 104
// CHECK-NEXT: 116
// CHECK-NEXT: 105
// CHECK-NEXT: 117
// CHECK-NEXT: 106
// CHECK-NEXT: 118
// CHECK-NEXT: 107
// CHECK-NEXT: 119
// CHECK-NEXT: 108
// CHECK-NEXT: 120
// CHECK-NEXT: 109
// CHECK-NEXT: 121
// CHECK-NEXT: 110
// CHECK-NEXT: 122
// CHECK-NEXT: 111
// CHECK-NEXT: 123
// the sums of t over its last two dims:
// CHECK-NEXT: 60
// CHECK-NEXT: 92
// CHECK-NEXT: 124
// -(x^T), then z + x^T:
// CHECK-NEXT: -1
// CHECK-NEXT: -3
// CHECK-NEXT: -5
// CHECK-NEXT: -7
// CHECK-NEXT: -2
// CHECK-NEXT: -4
// CHECK-NEXT: -6
// CHECK-NEXT: -8
// CHECK-NEXT: 11
// CHECK-NEXT: 23
// CHECK-NEXT: 35
// CHECK-NEXT: 47
// CHECK-NEXT: 52
// CHECK-NEXT: 64
// CHECK-NEXT: 76
// CHECK-NEXT: 88
// CHECK-NOT:  {{.}}

// WITHOUT-LABEL: func.func private @two_matmuls(
// WITHOUT:       memref.alloc() {alignment = 64 : i64} : memref<4x3xf32>
// WITHOUT-LABEL: func.func private @rank3(
// WITHOUT-COUNT-2: memref.alloc() {alignment = 64 : i64} : memref<3x4x2xf32>
// WITHOUT-LABEL: func.func private @init_use(

// WITH-LABEL: func.func private @two_matmuls(
// WITH-NOT:   memref<4x3xf32>
// WITH-LABEL: func.func private @rank3(
// WITH:       memref.alloc() {alignment = 64 : i64} : memref<3x4x2xf32>
// WITH-NOT:   memref.alloc() {alignment = 64 : i64} : memref<3x4x2xf32>
// WITH-LABEL: func.func private @init_use(

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#sum12 = affine_map<(d0, d1, d2) -> (d0)>

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

// %w^T read by two matmuls: x @ w^T and y @ w^T.
func.func private @two_matmuls(%w: tensor<3x4xf32>, %x: tensor<2x4xf32>, %y: tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id2], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %a = linalg.matmul ins(%x, %t : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = linalg.matmul ins(%y, %t : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}

// %s (2x3x4) transposed by [1, 2, 0] (3x4x2): added to %u elementwise, and
// summed over its last two dims.
func.func private @rank3(%s: tensor<2x3x4xf32>, %u: tensor<3x4x2xf32>) -> (tensor<3x4x2xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3x4x2xf32>
  %t = linalg.transpose ins(%s : tensor<2x3x4xf32>) outs(%e : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  %sum = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %u : tensor<3x4x2xf32>, tensor<3x4x2xf32>) outs(%e : tensor<3x4x2xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %v = arith.addf %l, %r : f32
    linalg.yield %v : f32
  } -> tensor<3x4x2xf32>
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<3xf32>) -> tensor<3xf32>
  %red = linalg.generic {indexing_maps = [#id3, #sum12], iterator_types = ["parallel", "reduction", "reduction"]} ins(%t : tensor<3x4x2xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%in: f32, %o2: f32):
    %v = arith.addf %in, %o2 : f32
    linalg.yield %v : f32
  } -> tensor<3xf32>
  return %sum, %red : tensor<3x4x2xf32>, tensor<3xf32>
}

// %x^T is read by a negation (folded) and written into by an add (kept).
func.func private @init_use(%x: tensor<4x2xf32>, %z: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %e = tensor.empty() : tensor<2x4xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x2xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<2x4xf32>
  %o = tensor.empty() : tensor<2x4xf32>
  %neg = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<2x4xf32>) outs(%o : tensor<2x4xf32>) {
  ^bb0(%in: f32, %o2: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<2x4xf32>
  %add = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%z : tensor<2x4xf32>) outs(%t : tensor<2x4xf32>) {
  ^bb0(%in: f32, %o2: f32):
    %v = arith.addf %in, %o2 : f32
    linalg.yield %v : f32
  } -> tensor<2x4xf32>
  return %neg, %add : tensor<2x4xf32>, tensor<2x4xf32>
}

func.func @run() {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x = arith.constant dense<[[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<2x4xf32>
  %y = arith.constant dense<[[0.5, -1.0, 0.0, 2.0], [1.0, 1.0, 1.0, 1.0]]> : tensor<2x4xf32>
  %a, %b = func.call @two_matmuls(%w, %x, %y) : (tensor<3x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %fa = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %da = tensor.cast %fa : tensor<6xf32> to tensor<?xf32>
  func.call @print(%da) : (tensor<?xf32>) -> ()
  %fb = tensor.collapse_shape %b [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %db = tensor.cast %fb : tensor<6xf32> to tensor<?xf32>
  func.call @print(%db) : (tensor<?xf32>) -> ()

  %s = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %u = arith.constant dense<100.0> : tensor<3x4x2xf32>
  %sum, %red = func.call @rank3(%s, %u) : (tensor<2x3x4xf32>, tensor<3x4x2xf32>) -> (tensor<3x4x2xf32>, tensor<3xf32>)
  %fs = tensor.collapse_shape %sum [[0, 1, 2]] : tensor<3x4x2xf32> into tensor<24xf32>
  %ds = tensor.cast %fs : tensor<24xf32> to tensor<?xf32>
  func.call @print(%ds) : (tensor<?xf32>) -> ()
  %dr = tensor.cast %red : tensor<3xf32> to tensor<?xf32>
  func.call @print(%dr) : (tensor<?xf32>) -> ()

  %z = arith.constant dense<[[10.0, 20.0, 30.0, 40.0], [50.0, 60.0, 70.0, 80.0]]> : tensor<2x4xf32>
  %xt = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %neg, %add = func.call @init_use(%xt, %z) : (tensor<4x2xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  %fn = tensor.collapse_shape %neg [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %dn = tensor.cast %fn : tensor<8xf32> to tensor<?xf32>
  func.call @print(%dn) : (tensor<?xf32>) -> ()
  %fd = tensor.collapse_shape %add [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %dd = tensor.cast %fd : tensor<8xf32> to tensor<?xf32>
  func.call @print(%dd) : (tensor<?xf32>) -> ()
  return
}
