// Only pure permutations fold. A generic that computes (negf), broadcasts
// (its input map is not a permutation), has two inputs or a reduction
// iterator, and a permutation of buffers (no tensor result) are left as
// they are, their readers unchanged.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-permutations))' %s | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$SWAP:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @negated(
// CHECK-SAME:      %[[S:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3x4xf32>)
// CHECK:         arith.negf
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[T]] : tensor<4x3xf32>) outs(%[[X]] : tensor<4x3xf32>)
func.func @negated(%s: tensor<3x4xf32>, %x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %o : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:      %[[S:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[T]] : tensor<4x3xf32>) outs(%[[X]] : tensor<4x3xf32>)
func.func @broadcast(%s: tensor<3xf32>, %x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %o : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// Two inputs, the first yielded: not the one-input form.
// CHECK-LABEL: func.func @two_inputs(
// CHECK-SAME:      %[[S:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]], %[[X]] : tensor<3x4xf32>, tensor<4x3xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[T]] : tensor<4x3xf32>) outs(%[[X]] : tensor<4x3xf32>)
func.func @two_inputs(%s: tensor<3x4xf32>, %x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%s, %x : tensor<3x4xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %in2: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %o : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// A reduction iterator: not all-parallel.
// CHECK-LABEL: func.func @reduction_iterator(
// CHECK-SAME:      %[[S:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<4x3xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {indexing_maps = [#[[$SWAP]], #[[$ID]]], iterator_types = ["parallel", "reduction"]} ins(%[[S]] : tensor<3x4xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[T]] : tensor<4x3xf32>) outs(%[[X]] : tensor<4x3xf32>)
func.func @reduction_iterator(%s: tensor<3x4xf32>, %x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#swap, #id], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %o : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// On buffers a permutation writes its init and has no result to fold.
// CHECK-LABEL: func.func @buffers(
// CHECK-SAME:      %[[S:.*]]: memref<3x4xf32>, %[[T:.*]]: memref<4x3xf32>, %[[X:.*]]: memref<4x3xf32>)
// CHECK-NEXT:    linalg.transpose ins(%[[S]] : memref<3x4xf32>) outs(%[[T]] : memref<4x3xf32>) permutation = [1, 0]
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[T]] : memref<4x3xf32>) outs(%[[X]] : memref<4x3xf32>)
func.func @buffers(%s: memref<3x4xf32>, %t: memref<4x3xf32>, %x: memref<4x3xf32>) {
  linalg.transpose ins(%s : memref<3x4xf32>) outs(%t : memref<4x3xf32>) permutation = [1, 0]
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : memref<4x3xf32>) outs(%x : memref<4x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %o : f32
    linalg.yield %v : f32
  }
  return
}
