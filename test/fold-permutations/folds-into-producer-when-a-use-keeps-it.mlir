// A permutation some use keeps (a reshape, a return) is folded into its
// producer when that is a chain of linalg.generic inits starting from a
// static tensor.empty, each value used once: each generic of the chain
// writes its init through the inverse permutation composed with its map, the
// chain and its tensor.empty take the permuted type, and the permutation
// (and its tensor.empty) is erased. Any other producer keeps the permutation.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-permutations))' %s | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$SWAP:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$OUTT:.*]] = affine_map<(d0, d1, d2) -> (d1, d0)>
// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$ROT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>

// A bias broadcast, a matmul accumulating into it, its transpose reshaped:
// the broadcast and the matmul write the transposed layout.
// CHECK-LABEL: func.func @projection(
// CHECK-SAME:      %[[X:.*]]: tensor<2x4xf32>, %[[W:.*]]: tensor<4x6xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<6x2xf32>
// CHECK-NEXT:    %[[F:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$SWAP]]], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<6xf32>) outs(%[[E]] : tensor<6x2xf32>)
// CHECK:         } -> tensor<6x2xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUTT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x4xf32>, tensor<4x6xf32>) outs(%[[F]] : tensor<6x2xf32>)
// CHECK:         } -> tensor<6x2xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1], [2]] output_shape [3, 2, 2] : tensor<6x2xf32> into tensor<3x2x2xf32>
// CHECK-NEXT:    return %[[R]] : tensor<3x2x2xf32>
func.func @projection(%x: tensor<2x4xf32>, %w: tensor<4x6xf32>, %b: tensor<6xf32>) -> tensor<3x2x2xf32> {
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

// A rank-3 linalg.transpose by [1, 2, 0] (not its own inverse) of a
// negation, returned: n[a][b][c] is t[b][c][a].
// CHECK-LABEL: func.func @rotate(
// CHECK-SAME:      %[[S:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<3x4x2xf32>
// CHECK-NEXT:    %[[N:.*]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$ROT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<2x3x4xf32>) outs(%[[E]] : tensor<3x4x2xf32>)
// CHECK:         } -> tensor<3x4x2xf32>
// CHECK-NEXT:    return %[[N]] : tensor<3x4x2xf32>
func.func @rotate(%s: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
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

// The producer's result is also returned: its layout is read, the
// permutation stays.
// CHECK-LABEL: func.func @source_also_returned(
// CHECK:         %[[N:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<3x2xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[N]] : tensor<2x3xf32>) outs(%[[E]] : tensor<3x2xf32>)
// CHECK:         return %[[N]], %[[T]] : tensor<2x3xf32>, tensor<3x2xf32>
func.func @source_also_returned(%s: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %n = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<3x2xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id2], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<2x3xf32>) outs(%e2 : tensor<3x2xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<3x2xf32>
  return %n, %t : tensor<2x3xf32>, tensor<3x2xf32>
}

// The producer starts from an argument (the chain has no tensor.empty),
// and from a tensor.empty of run-time size: both keep the permutation.
// CHECK-LABEL: func.func @init_from_argument(
// CHECK-SAME:      %[[S:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[N:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<2x3xf32>) outs(%[[I]] : tensor<2x3xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<3x2xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[N]] : tensor<2x3xf32>) outs(%[[E]] : tensor<3x2xf32>)
// CHECK:         return %[[T]] : tensor<3x2xf32>
func.func @init_from_argument(%s: tensor<2x3xf32>, %i: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %n = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<2x3xf32>) outs(%i : tensor<2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %o : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<3x2xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id2], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<2x3xf32>) outs(%e2 : tensor<3x2xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @dynamic_empty(
// CHECK-SAME:      %[[S:.*]]: tensor<?x3xf32>, %[[D:.*]]: index)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    %[[N:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<?x3xf32>) outs(%[[E]] : tensor<?x3xf32>)
// CHECK:         %[[E2:.*]] = tensor.empty(%[[D]]) : tensor<3x?xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[N]] : tensor<?x3xf32>) outs(%[[E2]] : tensor<3x?xf32>)
// CHECK:         return %[[T]] : tensor<3x?xf32>
func.func @dynamic_empty(%s: tensor<?x3xf32>, %d: index) -> tensor<3x?xf32> {
  %e = tensor.empty(%d) : tensor<?x3xf32>
  %n = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x3xf32>) outs(%e : tensor<?x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<?x3xf32>
  %e2 = tensor.empty(%d) : tensor<3x?xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id2], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<?x3xf32>) outs(%e2 : tensor<3x?xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<3x?xf32>
  return %t : tensor<3x?xf32>
}
