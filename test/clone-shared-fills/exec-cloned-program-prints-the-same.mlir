// Executed: a tensor program bufferized with copy-before-write (as
// utils/bench_iree.py does) with and without bufrs-clone-shared-fills, then
// the main job, prints the same, right values under AddressSanitizer: a
// zero-filled tensor is the init of two matmuls and of a loop's matmul.
// Without the pass the filled buffer is the source of a copy into each
// accumulator (WITHOUT); with it each fill writes its accumulator, which
// the matmul then writes in place, and no copy is left (WITH).

// DEFINE: %{bufferize} = one-shot-bufferize{copy-before-write bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(%{bufferize},bufrs-memory-pipeline)' -o %t.without.mlir
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-clone-shared-fills),%{bufferize},bufrs-memory-pipeline)' -o %t.with.mlir
// RUN: FileCheck %s --check-prefix=WITHOUT < %t.without.mlir
// RUN: FileCheck %s --check-prefix=WITH < %t.with.mlir
// RUN: %asan-exec %t.without.mlir --after %t.with.mlir --strict-before | FileCheck %s

// x @ w and x @ v:
// CHECK:      1
// CHECK-NEXT: 2
// CHECK-NEXT: 3
// CHECK-NEXT: 4
// CHECK-NEXT: 2
// CHECK-NEXT: 4
// CHECK-NEXT: 6
// CHECK-NEXT: 8
// x @ v @ v @ v, v twice the identity (8 x):
// CHECK-NEXT: 8
// CHECK-NEXT: 16
// CHECK-NEXT: 24
// CHECK-NEXT: 32
// CHECK-NOT:  {{.}}

// WITHOUT-LABEL: func.func private @two_matmuls(
// WITHOUT:       linalg.fill
// WITHOUT:       memref.copy
// WITHOUT-LABEL: func.func private @loop(
// WITHOUT:       linalg.fill
// WITHOUT:       memref.copy
// WITHOUT:       scf.for
// WITHOUT:       memref.copy
// WITHOUT-LABEL: func.func @run(
// WITH-LABEL: func.func private @two_matmuls(
// WITH-NOT:   memref.copy
// WITH-COUNT-2: linalg.fill
// WITH-NOT:   memref.copy
// WITH-LABEL: func.func private @loop(
// WITH-NOT:   memref.copy
// WITH:       scf.for
// WITH-NEXT:  memref.alloc
// WITH-NEXT:  linalg.fill
// WITH-NOT:   memref.copy
// WITH-LABEL: func.func @run(

func.func private @bufrs_print_f32(f32)

func.func private @print(%t: tensor<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = tensor.extract %t[%i, %j] : tensor<2x2xf32>
      func.call @bufrs_print_f32(%v) : (f32) -> ()
    }
  }
  return
}

func.func private @two_matmuls(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>, %v: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %a = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  %b = linalg.matmul ins(%x, %v : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %a, %b : tensor<2x2xf32>, tensor<2x2xf32>
}

// acc = x; three times acc = acc @ w, each matmul starting from zeros.
func.func private @loop(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %first = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = scf.for %i = %c1 to %c3 step %c1 iter_args(%acc = %first) -> (tensor<2x2xf32>) {
    %p = linalg.matmul ins(%acc, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
    scf.yield %p : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

func.func @run() {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %w = arith.constant dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>
  %v = arith.constant dense<[[2.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf32>
  %a, %b = func.call @two_matmuls(%x, %w, %v) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  func.call @print(%a) : (tensor<2x2xf32>) -> ()
  func.call @print(%b) : (tensor<2x2xf32>) -> ()
  %l = func.call @loop(%x, %v) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.call @print(%l) : (tensor<2x2xf32>) -> ()
  return
}
