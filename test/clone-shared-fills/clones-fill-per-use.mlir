// A linalg.fill whose tensor result is used by several ops gets one clone
// per use, right before the user, each with a clone of its tensor.empty
// init; the original fill and its init are erased. Uses in nested regions
// (a loop body) get their clone inside that region, right before the user.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-clone-shared-fills))' %s | FileCheck %s

// Two matmuls accumulate into the one zero-filled tensor.
// CHECK-LABEL: func.func @two_matmuls(
// CHECK-SAME:      %[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x8xf32>, %[[C:.*]]: tensor<8x8xf32>)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[F1:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E1]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[M1:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[F1]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[F2:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E2]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[M2:.*]] = linalg.matmul ins(%[[A]], %[[C]] : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[F2]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[M1]], %[[M2]]
func.func @two_matmuls(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m2 = linalg.matmul ins(%a, %c : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m1, %m2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// Three uses: a matmul, a loop's iter_arg, and a matmul inside the loop
// body (its clone goes into the body, right before it). A run-time sized
// tensor.empty is cloned with its size operand.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:      %[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<8x8xf32>, %[[N:.*]]: index)
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:    %[[F1:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E1]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<?x8xf32>, tensor<8x8xf32>) outs(%[[F1]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:    %[[F2:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E2]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:    %[[L:.*]] = scf.for %{{.*}} = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[F2]]) -> (tensor<?x8xf32>) {
// CHECK-NEXT:      %[[E3:.*]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:      %[[F3:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E3]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:      %[[P:.*]] = linalg.matmul ins(%[[ACC]], %[[B]] : tensor<?x8xf32>, tensor<8x8xf32>) outs(%[[F3]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:      scf.yield %[[P]] : tensor<?x8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[M]], %[[L]]
func.func @nested(%a: tensor<?x8xf32>, %b: tensor<8x8xf32>, %n: index) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> (tensor<?x8xf32>) {
    %p = linalg.matmul ins(%acc, %b : tensor<?x8xf32>, tensor<8x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
    scf.yield %p : tensor<?x8xf32>
  }
  return %m, %l : tensor<?x8xf32>, tensor<?x8xf32>
}
