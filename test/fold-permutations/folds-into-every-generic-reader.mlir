// A transposed weight read by two matmuls (in generic form), as a recurrent
// model reads its transposed weight at every step: both read the weight
// itself through their map composed with the transpose's, ((d0, d1, d2) ->
// (d2, d1)) after ((d0, d1) -> (d1, d0)) giving (d0, d1, d2) -> (d1, d2),
// and the transpose goes, with the tensor.empty that was its init. A reader
// with the permutation as both inputs, and a permutation nothing reads,
// below.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-permutations))' %s | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>

// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$SWAP:.*]] = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func.func @two_matmuls(
// CHECK-SAME:      %[[W:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<2x4xf32>, %[[Y:.*]]: tensor<2x4xf32>, %[[ACC:.*]]: tensor<2x3xf32>)
// CHECK-NOT:     tensor.empty
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x4xf32>, tensor<3x4xf32>) outs(%[[ACC]] : tensor<2x3xf32>)
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[Y]], %[[W]] : tensor<2x4xf32>, tensor<3x4xf32>) outs(%[[ACC]] : tensor<2x3xf32>)
// CHECK:         return %[[A]], %[[B]]
func.func @two_matmuls(%w: tensor<3x4xf32>, %x: tensor<2x4xf32>, %y: tensor<2x4xf32>, %acc: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %t : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %m = arith.mulf %l, %r : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %b = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%y, %t : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %m = arith.mulf %l, %r : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}

// One reader with the permutation as both of its inputs: both fold. A
// permutation nothing reads goes too.
// CHECK-LABEL: func.func @read_twice_and_unused(
// CHECK-SAME:      %[[W:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[W]], %[[W]] : tensor<3x4xf32>, tensor<3x4xf32>) outs(%[[X]] : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    } -> tensor<4x3xf32>
// CHECK-NEXT:    return %[[A]]
func.func @read_twice_and_unused(%w: tensor<3x4xf32>, %x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%t, %t : tensor<4x3xf32>, tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %m = arith.mulf %l, %r : f32
    linalg.yield %m : f32
  } -> tensor<4x3xf32>
  %e2 = tensor.empty() : tensor<4x3xf32>
  %unused = linalg.transpose ins(%w : tensor<3x4xf32>) outs(%e2 : tensor<4x3xf32>) permutation = [1, 0]
  return %sq : tensor<4x3xf32>
}
