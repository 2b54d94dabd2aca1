// A contraction whose init is not a +0.0 fill (a fill of 1.0, an
// accumulator argument) and whose only use adds a bias to it starts from
// the sum of its init and the bias instead, built into the addition's init
// right before the addition (maps: the addition's init map for the start,
// the bias's map for the bias); the addition goes and the start stays. A
// contraction with one input whose body multiplies it by a value from
// outside the body (a constant operand folded in) folds like a two-input
// one.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-bias-into-init))' %s | FileCheck %s

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>

// CHECK-LABEL: func.func @one_filled(
// CHECK-SAME:      %[[X:.*]]: tensor<2x4xf32>, %[[W:.*]]: tensor<4x3xf32>, %[[BIAS:.*]]: tensor<3xf32>)
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[Z:.*]] = linalg.fill ins(%[[ONE]] : f32) outs(%[[E0]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[Z]], %[[BIAS]] : tensor<2x3xf32>, tensor<3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[S]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[SUM]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x4xf32>, tensor<4x3xf32>) outs(%[[I]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT:      %[[MUL:.*]] = arith.mulf %[[P]], %[[Q]] : f32
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[O]], %[[MUL]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[M]] : tensor<2x3xf32>
func.func @one_filled(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<2x3xf32>
  %z = linalg.fill ins(%one : f32) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%z : tensor<2x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %mul = arith.mulf %p, %q : f32
    %add = arith.addf %o, %mul : f32
    linalg.yield %add : f32
  } -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %b: f32, %o: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// The start is an accumulator argument, the bias (a full tensor) the
// addition's first input.
// CHECK-LABEL: func.func @accumulator_start(
// CHECK-SAME:      %[[X:.*]]: tensor<2x4xf32>, %[[W:.*]]: tensor<4x3xf32>, %[[ACC:.*]]: tensor<2x3xf32>, %[[ROW:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[ACC]], %[[ROW]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[S]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[SUM]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x4xf32>, tensor<4x3xf32>) outs(%[[I]] : tensor<2x3xf32>) {
// CHECK:         return %[[M]] : tensor<2x3xf32>
func.func @accumulator_start(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %acc: tensor<2x3xf32>, %row: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %m = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %mul = arith.mulf %p, %q : f32
    %add = arith.addf %o, %mul : f32
    linalg.yield %add : f32
  } -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%row, %m : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%b: f32, %in: f32, %o: f32):
    %s = arith.addf %b, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// One input times a constant from outside the body, started from +0.0:
// the bias broadcast becomes the start.
// CHECK-LABEL: func.func @constant_factor(
// CHECK-SAME:      %[[W:.*]]: tensor<4x3xf32>, %[[BIAS:.*]]: tensor<3xf32>)
// CHECK-NEXT:    arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[K:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {indexing_maps = [#[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[W]] : tensor<4x3xf32>) outs(%[[I]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[Q:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT:      %[[MUL:.*]] = arith.mulf %[[Q]], %[[K]] : f32
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[O]], %[[MUL]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[M]] : tensor<2x3xf32>
func.func @constant_factor(%w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<2x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.generic {indexing_maps = [#b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%w : tensor<4x3xf32>) outs(%z : tensor<2x3xf32>) {
  ^bb0(%q: f32, %o: f32):
    %mul = arith.mulf %q, %k : f32
    %add = arith.addf %o, %mul : f32
    linalg.yield %add : f32
  } -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %b: f32, %o: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
