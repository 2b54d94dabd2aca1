// Only a fill with a tensor result and several uses is cloned. A fill with
// one use, a fill of a memref and other ops are left as they are. A fill
// whose init is no clonable op (a function argument, the result of an op
// with a region) is cloned per use with that same init, which is kept.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-clone-shared-fills))' %s | FileCheck %s

// CHECK-LABEL: func.func @single_use(
// CHECK-SAME:      %[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x8xf32>)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[F]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[M]]
func.func @single_use(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @memref_fill(
// CHECK-SAME:      %[[M:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[Z]] : f32) outs(%[[M]] : memref<4xf32>)
// CHECK-NEXT:    return
func.func @memref_fill(%m: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%m : memref<4xf32>)
  return
}

// The init is an argument: both clones fill it.
// CHECK-LABEL: func.func @argument_init(
// CHECK-SAME:      %[[I:.*]]: tensor<4xf32>)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[F1:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[I]] : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[F2:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[I]] : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[F1]], %[[F2]]
func.func @argument_init(%i: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%i : tensor<4xf32>) -> tensor<4xf32>
  return %f, %f : tensor<4xf32>, tensor<4xf32>
}

// The init is a generic's result (an op with a region): it is kept and
// shared by the clones; the generic reading the fill is left alone.
// CHECK-LABEL: func.func @generic_init(
// CHECK-SAME:      %[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[G:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>) outs(%[[X]] : tensor<4xf32>)
// CHECK:         %[[F1:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[G]] : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[H:.*]] = linalg.generic {{.*}} ins(%[[F1]] : tensor<4xf32>) outs(%[[X]] : tensor<4xf32>)
// CHECK:         %[[F2:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[G]] : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[H]], %[[F2]]
#id = affine_map<(d0) -> (d0)>
func.func @generic_init(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%g : tensor<4xf32>) -> tensor<4xf32>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%f : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.addf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %h, %f : tensor<4xf32>, tensor<4xf32>
}
