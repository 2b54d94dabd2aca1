// Seed 002 (002_b75d21ac1bbf7e7d.txt), "Preparation Phase": the
// BufferizeReturnOpConverter and BufferizeCallOpConverter examples, in
// today's syntax (`linalg.copy(a, b)` is `memref.copy`), with the seed's
// converter: ranked tensors become memrefs and only the results converted
// from tensors are appended to the arguments (AppendToArgumentsList); a
// result that was a memref stays a result. The functions are private (the
// seed changes every function; bufrs leaves public ones alone by default).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{tensor-signatures append-results=from-tensors})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{tensor-signatures append-results=none})' | FileCheck %s --check-prefix=KEEP

// "BufferizeReturnOpConverter": the tensor result becomes an out-param that
// the return copies into; the i1 result stays.
// CHECK-LABEL: func.func private @on_tensors(
// CHECK-SAME: %[[ARG0:.*]]: memref<5xf32>, %[[ARG1:.*]]: i1, %[[OUT:.*]]: memref<5xf32>) -> i1 {
// CHECK-NEXT: memref.copy %[[ARG0]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[ARG1]] : i1
// CHECK-NEXT: }
// With KeepAsFunctionResult the converted result stays a result.
// KEEP-LABEL: func.func private @on_tensors(
// KEEP-SAME: %[[ARG0:.*]]: memref<5xf32>, %[[ARG1:.*]]: i1) -> (memref<5xf32>, i1) {
// KEEP-NEXT: return %[[ARG0]], %[[ARG1]] : memref<5xf32>, i1
// KEEP-NEXT: }
func.func private @on_tensors(%arg0: tensor<5xf32>, %arg1: i1) -> (tensor<5xf32>, i1) {
  return %arg0, %arg1 : tensor<5xf32>, i1
}

// "BufferizeCallOpConverter": the caller allocates the out-param, passes it
// and copies it into its own out-param.
// CHECK-LABEL: func.func private @callee(
// CHECK-SAME: %[[ARG0:.*]]: memref<5xf32>, %[[OUT:.*]]: memref<5xf32>) {
// CHECK-NEXT: memref.copy %[[ARG0]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @caller(
// CHECK-SAME: %[[ARG0:.*]]: memref<5xf32>, %[[OUT:.*]]: memref<5xf32>) {
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: call @callee(%[[ARG0]], %[[ALLOC]]) : (memref<5xf32>, memref<5xf32>) -> ()
// CHECK-NEXT: memref.copy %[[ALLOC]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// KEEP-LABEL: func.func private @callee(
// KEEP-SAME: %[[ARG0:.*]]: memref<5xf32>) -> memref<5xf32> {
// KEEP-NEXT: return %[[ARG0]] : memref<5xf32>
// KEEP-LABEL: func.func private @caller(
// KEEP-SAME: %[[ARG0:.*]]: memref<5xf32>) -> memref<5xf32> {
// KEEP-NEXT: %[[R:.*]] = call @callee(%[[ARG0]]) : (memref<5xf32>) -> memref<5xf32>
// KEEP-NEXT: return %[[R]] : memref<5xf32>
func.func private @callee(%arg0: tensor<5xf32>) -> (tensor<5xf32>) {
  return %arg0 : tensor<5xf32>
}

func.func private @caller(%arg0: tensor<5xf32>) -> tensor<5xf32> {
  %x = call @callee(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
  return %x : tensor<5xf32>
}

// "BufferizeFuncOpConverter" without the tuple (decomposed by
// bufrs-decompose-tuples, see seed-tuples.mlir): the memref result stays a
// result, the tensor one becomes an out-param. The body uses the tensors
// through bufferization.to_tensor / to_buffer.
// CHECK-LABEL: func.func private @on_buffers(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: f32, %[[M:.*]]: memref<10xf32>, %[[T:.*]]: memref<5xf32>, %[[OUT:.*]]: memref<5xf32>) -> memref<10xf32> {
// CHECK-NEXT: %[[TT:.*]] = bufferization.to_tensor %[[T]] : memref<5xf32> to tensor<5xf32>
// CHECK-NEXT: %[[NEG:.*]] = tensor.empty() : tensor<5xf32>
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[A]], %[[TT]], %[[NEG]] : tensor<5xf32>
// CHECK-NEXT: %[[BUF:.*]] = bufferization.to_buffer %[[SEL]] : tensor<5xf32> to memref<5xf32>
// CHECK-NEXT: memref.copy %[[BUF]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[M]] : memref<10xf32>
// CHECK-NEXT: }
// KEEP-LABEL: func.func private @on_buffers(
// KEEP-SAME: %[[A:.*]]: i1, %[[B:.*]]: f32, %[[M:.*]]: memref<10xf32>, %[[T:.*]]: memref<5xf32>) -> (memref<10xf32>, memref<5xf32>) {
// KEEP-NEXT: %[[TT:.*]] = bufferization.to_tensor %[[T]] : memref<5xf32> to tensor<5xf32>
// KEEP-NEXT: %[[NEG:.*]] = tensor.empty() : tensor<5xf32>
// KEEP-NEXT: %[[SEL:.*]] = arith.select %[[A]], %[[TT]], %[[NEG]] : tensor<5xf32>
// KEEP-NEXT: %[[BUF:.*]] = bufferization.to_buffer %[[SEL]] : tensor<5xf32> to memref<5xf32>
// KEEP-NEXT: return %[[M]], %[[BUF]] : memref<10xf32>, memref<5xf32>
// KEEP-NEXT: }
func.func private @on_buffers(%a: i1, %b: f32, %m: memref<10xf32>, %t: tensor<5xf32>) -> (memref<10xf32>, tensor<5xf32>) {
  %e = tensor.empty() : tensor<5xf32>
  %s = arith.select %a, %t, %e : tensor<5xf32>
  return %m, %s : memref<10xf32>, tensor<5xf32>
}
