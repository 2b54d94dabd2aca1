// A permutation is folded only into the inputs of linalg.generic ops. An
// init (the value an op starts from and may write in place), a reshape and a
// return read the permuted tensor itself: they keep the permutation, while
// the generic inputs beside them read the source through the composed map.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-permutations))' %s | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$SWAP:.*]] = affine_map<(d0, d1) -> (d1, d0)>

// The first reader folds; the second writes into the permuted tensor.
// CHECK-LABEL: func.func @init_use(
// CHECK-SAME:      %[[S:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3x4xf32>) outs(%[[E]] : tensor<4x3xf32>)
// CHECK:         %[[A:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[S]] : tensor<4x3xf32>, tensor<3x4xf32>) outs(%[[X]] : tensor<4x3xf32>)
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<4x3xf32>) outs(%[[T]] : tensor<4x3xf32>)
// CHECK:         return %[[A]], %[[B]]
func.func @init_use(%s: tensor<3x4xf32>, %x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %t : tensor<4x3xf32>, tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %sum = arith.addf %l, %r : f32
    linalg.yield %sum : f32
  } -> tensor<4x3xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x3xf32>) outs(%t : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %sum = arith.addf %in, %o : f32
    linalg.yield %sum : f32
  } -> tensor<4x3xf32>
  return %a, %b : tensor<4x3xf32>, tensor<4x3xf32>
}

// One op reading the permuted tensor as its input and as its init: the
// input folds, the init keeps the permutation.
// CHECK-LABEL: func.func @input_and_init_of_one_op(
// CHECK-SAME:      %[[S:.*]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3x4xf32>) outs(%[[E]] : tensor<4x3xf32>)
// CHECK:         %[[A:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3x4xf32>) outs(%[[T]] : tensor<4x3xf32>)
// CHECK:         return %[[A]]
func.func @input_and_init_of_one_op(%s: tensor<3x4xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x3xf32>) outs(%t : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %sum = arith.addf %in, %o : f32
    linalg.yield %sum : f32
  } -> tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// A reshape and a return keep the permutation; the generic reader folds.
// CHECK-LABEL: func.func @reshape_and_return(
// CHECK-SAME:      %[[S:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3x4xf32>) outs(%[[E]] : tensor<4x3xf32>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1]] : tensor<4x3xf32> into tensor<12xf32>
// CHECK-NEXT:    %[[A:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3x4xf32>) outs(%[[X]] : tensor<4x3xf32>)
// CHECK:         return %[[C]], %[[A]], %[[T]]
func.func @reshape_and_return(%s: tensor<3x4xf32>, %x: tensor<4x3xf32>) -> (tensor<12xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<4x3xf32> into tensor<12xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x3xf32>
  return %c, %a, %t : tensor<12xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}
