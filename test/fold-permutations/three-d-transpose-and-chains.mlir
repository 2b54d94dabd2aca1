// Rank 3: a generic permutation, linalg.transpose (whose input map is the
// inverse of its `permutation`), a permutation of a permutation, and
// run-time sizes. Each reader's map is composed with the permutation's: for
// %t[d] = %s[p(d)] read as %t[m(x)], the reader reads %s through p ∘ m.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-permutations))' %s | FileCheck %s

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rot = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#skip1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>

// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$ROT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-DAG: #[[$INV:.*]] = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-DAG: #[[$ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$SKIP:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3, d0)>

// p = (d1, d2, d0): an elementwise reader (m the identity) reads %s through
// (d1, d2, d0); a broadcasting reader (m = (d0, d2, d3)) through (d2, d3, d0).
// CHECK-LABEL: func.func @generic_rank3(
// CHECK-SAME:      %[[S:.*]]: tensor<2x3x4xf32>, %[[X:.*]]: tensor<4x2x3xf32>, %[[Y:.*]]: tensor<4x5x2x3xf32>)
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$ROT]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[S]] : tensor<4x2x3xf32>, tensor<2x3x4xf32>) outs(%[[X]] : tensor<4x2x3xf32>)
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[$SKIP]], #[[$ID4]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<2x3x4xf32>) outs(%[[Y]] : tensor<4x5x2x3xf32>)
// CHECK:         return %[[A]], %[[B]]
func.func @generic_rank3(%s: tensor<2x3x4xf32>, %x: tensor<4x2x3xf32>, %y: tensor<4x5x2x3xf32>) -> (tensor<4x2x3xf32>, tensor<4x5x2x3xf32>) {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.generic {indexing_maps = [#rot, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x2x3xf32>
  %a = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %t : tensor<4x2x3xf32>, tensor<4x2x3xf32>) outs(%x : tensor<4x2x3xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %sum = arith.addf %l, %r : f32
    linalg.yield %sum : f32
  } -> tensor<4x2x3xf32>
  %b = linalg.generic {indexing_maps = [#skip1, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t : tensor<4x2x3xf32>) outs(%y : tensor<4x5x2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %sum = arith.addf %in, %o : f32
    linalg.yield %sum : f32
  } -> tensor<4x5x2x3xf32>
  return %a, %b : tensor<4x2x3xf32>, tensor<4x5x2x3xf32>
}

// linalg.transpose with permutation [1, 2, 0]: result dim i is source dim
// permutation[i], so %t[d] = %s[d2, d0, d1] and the reader reads through
// (d2, d0, d1).
// CHECK-LABEL: func.func @transpose_rank3(
// CHECK-SAME:      %[[S:.*]]: tensor<2x3x4xf32>, %[[X:.*]]: tensor<3x4x2xf32>)
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$INV]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<2x3x4xf32>) outs(%[[X]] : tensor<3x4x2xf32>)
// CHECK:         return %[[A]]
func.func @transpose_rank3(%s: tensor<2x3x4xf32>, %x: tensor<3x4x2xf32>) -> tensor<3x4x2xf32> {
  %e = tensor.empty() : tensor<3x4x2xf32>
  %t = linalg.transpose ins(%s : tensor<2x3x4xf32>) outs(%e : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  %a = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t : tensor<3x4x2xf32>) outs(%x : tensor<3x4x2xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3x4x2xf32>
  return %a : tensor<3x4x2xf32>
}

// The generic permutation of a linalg.transpose: folding the transpose into
// it gives a permutation of %s by (d2, d0, d1) ∘ (d1, d2, d0), the identity,
// which is then folded into its reader; both permutations and their inits go.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[S:.*]]: tensor<2x3x4xf32>, %[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<2x3x4xf32>) outs(%[[X]] : tensor<2x3x4xf32>)
// CHECK:         return %[[A]]
func.func @chain(%s: tensor<2x3x4xf32>, %x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %e = tensor.empty() : tensor<3x4x2xf32>
  %t = linalg.transpose ins(%s : tensor<2x3x4xf32>) outs(%e : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  %e2 = tensor.empty() : tensor<2x3x4xf32>
  %u = linalg.generic {indexing_maps = [#rot, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t : tensor<3x4x2xf32>) outs(%e2 : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<2x3x4xf32>
  %a = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%u : tensor<2x3x4xf32>) outs(%x : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x3x4xf32>
  return %a : tensor<2x3x4xf32>
}

// Run-time sizes: the reader's loop bounds come from the source's dims. The
// tensor.dim ops that sized the erased init stay (unused).
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[S:.*]]: tensor<?x?x4xf32>, %[[X:.*]]: tensor<4x?x?xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         tensor.dim %[[S]]
// CHECK-NEXT:    tensor.dim %[[S]]
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$ROT]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<?x?x4xf32>) outs(%[[X]] : tensor<4x?x?xf32>)
// CHECK:         return %[[A]]
func.func @dynamic(%s: tensor<?x?x4xf32>, %x: tensor<4x?x?xf32>) -> tensor<4x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = tensor.dim %s, %c0 : tensor<?x?x4xf32>
  %n1 = tensor.dim %s, %c1 : tensor<?x?x4xf32>
  %e = tensor.empty(%n0, %n1) : tensor<4x?x?xf32>
  %t = linalg.generic {indexing_maps = [#rot, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<?x?x4xf32>) outs(%e : tensor<4x?x?xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x?x?xf32>
  %a = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t : tensor<4x?x?xf32>) outs(%x : tensor<4x?x?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x?x?xf32>
  return %a : tensor<4x?x?xf32>
}
