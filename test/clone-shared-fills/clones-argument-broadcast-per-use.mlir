// A linalg.generic broadcasting a function argument (one input, the body
// yielding it) whose result has several uses gets one clone per use, right
// before the user, each with a clone of its tensor.empty init; the original
// and its init are erased. A broadcast of a value computed in the function
// (cloned, it would keep that value alive until the last use) and a generic
// computing something (negf) are left shared.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-clone-shared-fills))' %s | FileCheck %s

#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @argument_broadcast(
// CHECK-SAME:      %[[BIAS:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[B1:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<3xf32>) outs(%[[E1]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN1]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[S1:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B1]], %[[X]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[X]] : tensor<2x3xf32>) {
// CHECK:         } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[B2:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<3xf32>) outs(%[[E2]] : tensor<2x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN2]] : f32
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[S2:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B2]], %[[S1]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[X]] : tensor<2x3xf32>) {
// CHECK:         } -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[S2]] : tensor<2x3xf32>
func.func @argument_broadcast(%bias: tensor<3xf32>, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %b = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %x : tensor<2x3xf32>, tensor<2x3xf32>) outs(%x : tensor<2x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v = arith.addf %p, %q : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %s1 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%x : tensor<2x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v = arith.addf %p, %q : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  return %s2 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @computed_and_negated(
// CHECK-SAME:      %[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT:    tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[N:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<3xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.negf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[B:.*]] = linalg.generic {{.*}} ins(%[[N]] : tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    } -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[N]], %[[N]], %[[B]], %[[B]]
func.func @computed_and_negated(%x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %n = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3xf32>) outs(%e0 : tensor<2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  return %n, %n, %b, %b : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
