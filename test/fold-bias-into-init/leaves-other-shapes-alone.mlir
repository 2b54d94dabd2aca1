// Only a contraction added to a bias by its only user folds: a contraction
// with a second use (that use wants the sum without
// the bias), an addition computing arith.subf, a contraction whose body is
// not out + x*y (maxnumf), and an addition reading the contraction through
// another map than its init's (a transposed sum) are left as they are.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-fold-bias-into-init))' %s | FileCheck %s

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @two_uses(
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {{.*}} outs(%[[Z]] : tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[M]], %{{.*}} : tensor<2x3xf32>, tensor<3xf32>)
// CHECK:         return %[[R]], %[[M]]
func.func @two_uses(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
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
  return %r, %m : tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @subtracted(
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {{.*}} outs(%[[Z]] : tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[M]], %{{.*}} : tensor<2x3xf32>, tensor<3xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.subf
// CHECK:         return %[[R]]
func.func @subtracted(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
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
    %s = arith.subf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @max_reduction(
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {{.*}} outs(%[[Z]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      arith.maxnumf
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[M]], %{{.*}} : tensor<2x3xf32>, tensor<3xf32>)
// CHECK:         return %[[R]]
func.func @max_reduction(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%z : tensor<2x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %mul = arith.mulf %p, %q : f32
    %max = arith.maxnumf %o, %mul : f32
    linalg.yield %max : f32
  } -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %b: f32, %o: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @transposed_read(
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK-NEXT:    %[[M:.*]] = linalg.generic {{.*}} outs(%[[Z]] : tensor<3x3xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[M]], %{{.*}} : tensor<3x3xf32>, tensor<3xf32>)
// CHECK:         return %[[R]]
func.func @transposed_read(%x: tensor<3x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<3x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<3x3xf32>) -> tensor<3x3xf32>
  %m = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<3x4xf32>, tensor<4x3xf32>) outs(%z : tensor<3x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %mul = arith.mulf %p, %q : f32
    %add = arith.addf %o, %mul : f32
    linalg.yield %add : f32
  } -> tensor<3x3xf32>
  %e = tensor.empty() : tensor<3x3xf32>
  %r = linalg.generic {indexing_maps = [#swap, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<3x3xf32>, tensor<3xf32>) outs(%e : tensor<3x3xf32>) {
  ^bb0(%in: f32, %b: f32, %o: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}
