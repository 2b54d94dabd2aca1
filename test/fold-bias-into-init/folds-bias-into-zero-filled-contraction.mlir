// A matmul (generic, body out + x*y) started from a +0.0 fill whose only
// use is an elementwise addition of a broadcast bias starts from the bias
// broadcast into the addition's init instead: the addition, the fill and the
// fill's tensor.empty go, and the addition's users read the matmul. Both
// operand orders of the addition's and the contraction's body, and both
// fill forms (linalg.fill, a generic yielding the constant), fold.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-bias-into-init))' %s | FileCheck %s

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @named_fill(
// CHECK-SAME:      %[[X:.*]]: tensor<2x4xf32>, %[[W:.*]]: tensor<4x3xf32>, %[[BIAS:.*]]: tensor<3xf32>)
// CHECK-NEXT:    arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x4xf32>, tensor<4x3xf32>) outs(%[[I]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT:      %[[MUL:.*]] = arith.mulf %[[P]], %[[Q]] : f32
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[O]], %[[MUL]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[M]] : tensor<2x3xf32>
func.func @named_fill(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
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

// The bias first among the addition's inputs, the addition's operands and
// the contraction's swapped, the fill a generic yielding the constant.
// CHECK-LABEL: func.func @swapped_generic_fill(
// CHECK-SAME:      %[[X:.*]]: tensor<2x4xf32>, %[[W:.*]]: tensor<4x3xf32>, %[[BIAS:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x4xf32>, tensor<4x3xf32>) outs(%[[I]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT:      %[[MUL:.*]] = arith.mulf %[[Q]], %[[P]] : f32
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[MUL]], %[[O]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[M]] : tensor<2x3xf32>
func.func @swapped_generic_fill(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x3xf32>
  %z = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e0 : tensor<2x3xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<2x3xf32>
  %m = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%z : tensor<2x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %mul = arith.mulf %q, %p : f32
    %add = arith.addf %mul, %o : f32
    linalg.yield %add : f32
  } -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%bias, %m : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%b: f32, %in: f32, %o: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
