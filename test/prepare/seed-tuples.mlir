// Seed 002 (002_b75d21ac1bbf7e7d.txt), "Preparation Phase": the tuple
// examples ("Callbacks for Unpacking Types", "BufferizeFuncOpConverter",
// "Summarizing Example") through bufrs-decompose-tuples then
// bufrs-buffer-results-to-out-params with the seed's converter (tensors
// become memrefs, results converted from tensors are appended). The seed's
// functions are public, hence modify-public-functions. The seed's
// summarizing output keeps each make_tuple followed by its
// get_tuple_element; bufrs removes such pairs, which cancel.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-decompose-tuples{modify-public-functions},bufrs-buffer-results-to-out-params{modify-public-functions tensor-signatures append-results=from-tensors})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-decompose-tuples{modify-public-functions},bufrs-buffer-results-to-out-params{modify-public-functions tensor-signatures append-results=none})' | FileCheck %s --check-prefix=KEEP

// "Callbacks for Unpacking Types": both tensors of the result tuple become
// out-params (%target0, %target1 in the seed).
// CHECK-LABEL: func.func @func_on_tensors(
// CHECK-SAME: %[[B:.*]]: i1, %[[F:.*]]: f32, %[[T0:.*]]: memref<10xf32>, %[[T1:.*]]: memref<5xf32>) {
// CHECK-NEXT: %[[E0:.*]] = tensor.empty() : tensor<10xf32>
// CHECK-NEXT: %[[E1:.*]] = tensor.empty() : tensor<5xf32>
// CHECK-NEXT: %[[M0:.*]] = bufferization.to_buffer %[[E0]] : tensor<10xf32> to memref<10xf32>
// CHECK-NEXT: memref.copy %[[M0]], %[[T0]] : memref<10xf32> to memref<10xf32>
// CHECK-NEXT: %[[M1:.*]] = bufferization.to_buffer %[[E1]] : tensor<5xf32> to memref<5xf32>
// CHECK-NEXT: memref.copy %[[M1]], %[[T1]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @func_on_tensors(%arg0: tuple<i1,f32>) -> (tuple<tensor<10xf32>, tensor<5xf32>>) {
  %e0 = tensor.empty() : tensor<10xf32>
  %e1 = tensor.empty() : tensor<5xf32>
  %t = "test.make_tuple"(%e0, %e1) : (tensor<10xf32>, tensor<5xf32>) -> tuple<tensor<10xf32>, tensor<5xf32>>
  return %t : tuple<tensor<10xf32>, tensor<5xf32>>
}

// "BufferizeFuncOpConverter": the memref<10xf32> stays a result, the
// tensor<5xf32> becomes an out-param; with KeepAsFunctionResult both are
// results.
// CHECK-LABEL: func.func @on_tensors(
// CHECK-SAME: %[[B:.*]]: i1, %[[F:.*]]: f32, %[[M:.*]]: memref<10xf32>, %[[OUT:.*]]: memref<5xf32>) -> memref<10xf32> {
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<5xf32>
// CHECK-NEXT: %[[BUF:.*]] = bufferization.to_buffer %[[E]] : tensor<5xf32> to memref<5xf32>
// CHECK-NEXT: memref.copy %[[BUF]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[M]] : memref<10xf32>
// CHECK-NEXT: }
// KEEP-LABEL: func.func @on_tensors(
// KEEP-SAME: %[[B:.*]]: i1, %[[F:.*]]: f32, %[[M:.*]]: memref<10xf32>) -> (memref<10xf32>, memref<5xf32>) {
// KEEP-NEXT: %[[E:.*]] = tensor.empty() : tensor<5xf32>
// KEEP-NEXT: %[[BUF:.*]] = bufferization.to_buffer %[[E]] : tensor<5xf32> to memref<5xf32>
// KEEP-NEXT: return %[[M]], %[[BUF]] : memref<10xf32>, memref<5xf32>
// KEEP-NEXT: }
func.func @on_tensors(%arg1: tuple<i1,f32>, %m: memref<10xf32>) -> (tuple<memref<10xf32>, tensor<5xf32>>) {
  %e = tensor.empty() : tensor<5xf32>
  %t = "test.make_tuple"(%m, %e) : (memref<10xf32>, tensor<5xf32>) -> tuple<memref<10xf32>, tensor<5xf32>>
  return %t : tuple<memref<10xf32>, tensor<5xf32>>
}

// "Summarizing Example".
// CHECK-LABEL: func.func @callee(
// CHECK-SAME: %[[ARG0:.*]]: memref<5xf32>, %[[ARG1:.*]]: i1, %[[ARG2:.*]]: memref<5xf32>) -> i1 {
// CHECK-NEXT: memref.copy %[[ARG0]], %[[ARG2]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[ARG1]] : i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[ARG0:.*]]: memref<5xf32>, %[[ARG1:.*]]: i1, %[[ARG2:.*]]: memref<5xf32>) -> i1 {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: %[[R:.*]] = call @callee(%[[ARG0]], %[[ARG1]], %[[A]]) : (memref<5xf32>, i1, memref<5xf32>) -> i1
// CHECK-NEXT: memref.copy %[[A]], %[[ARG2]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[R]] : i1
// CHECK-NEXT: }
func.func @callee(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  return %arg0 : tuple<tensor<5xf32>,i1>
}

func.func @caller(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  %x = call @callee(%arg0) : (tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1>
  return %x : tuple<tensor<5xf32>,i1>
}
