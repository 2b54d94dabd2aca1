// Executed: a tensor program bufferized with and without
// bufrs-fold-bias-into-init (upstream's linalg-generalize-named-ops before
// it, one-shot bufferization and the main job after) prints the same, right
// values under AddressSanitizer: x @ w + bias with the bias a broadcast row,
// bias + x @ w with the bias a full matrix, and x @ w started from 1.0
// plus a broadcast row (the start plus the bias as the new init). Without the pass the
// matmul's sum and the biased sum are two buffers (WITHOUT); with it the
// matmul starts from the bias and writes one (WITH).

// DEFINE: %{bufferize} = one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops),%{bufferize})' -o %t.without.mlir
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops,bufrs-fold-bias-into-init),%{bufferize})' -o %t.with.mlir
// RUN: FileCheck %s --check-prefix=WITHOUT < %t.without.mlir
// RUN: FileCheck %s --check-prefix=WITH < %t.with.mlir
// RUN: %bufrs-opt %t.without.mlir --pass-pipeline='builtin.module(bufrs-memory-pipeline)' -o %t.without-freed.mlir
// RUN: %bufrs-opt %t.with.mlir --pass-pipeline='builtin.module(bufrs-memory-pipeline)' -o %t.with-freed.mlir
// RUN: %asan-exec %t.without-freed.mlir --after %t.with-freed.mlir --strict-before | FileCheck %s

// x @ w + [100, 200, 300]:
// CHECK:      101
// CHECK-NEXT: 202
// CHECK-NEXT: 303
// CHECK-NEXT: 148
// CHECK-NEXT: 254
// CHECK-NEXT: 360
// [[1, 2, 3], [4, 5, 6]] + x @ w:
// CHECK-NEXT: 2
// CHECK-NEXT: 4
// CHECK-NEXT: 6
// CHECK-NEXT: 52
// CHECK-NEXT: 59
// CHECK-NEXT: 66
// 1 + x @ w + [100, 200, 300]:
// CHECK-NEXT: 102
// CHECK-NEXT: 203
// CHECK-NEXT: 304
// CHECK-NEXT: 149
// CHECK-NEXT: 255
// CHECK-NEXT: 361
// CHECK-NOT:  {{.}}

// WITHOUT-LABEL: func.func private @row_bias(
// WITHOUT-COUNT-2: memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// WITHOUT-LABEL: func.func private @full_bias(
// WITHOUT-COUNT-2: memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// WITHOUT-LABEL: func.func @run(

// WITH-LABEL: func.func private @row_bias(
// WITH:       memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// WITH-NOT:   memref.alloc()
// WITH-LABEL: func.func private @full_bias(
// WITH:       memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// WITH-NOT:   memref.alloc()
// WITH-LABEL: func.func @run(

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func private @bufrs_print_f32(f32)

func.func private @print(%t: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = tensor.extract %t[%i] : tensor<?xf32>
    func.call @bufrs_print_f32(%v) : (f32) -> ()
  }
  return
}

func.func private @row_bias(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func private @full_bias(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%bias, %m : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%b: f32, %in: f32, %out: f32):
    %s = arith.addf %b, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @run() {
  %x = arith.constant dense<[[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<2x4xf32>
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %row = arith.constant dense<[100.0, 200.0, 300.0]> : tensor<3xf32>
  %a = func.call @row_bias(%x, %w, %row) : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %fa = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %da = tensor.cast %fa : tensor<6xf32> to tensor<?xf32>
  func.call @print(%da) : (tensor<?xf32>) -> ()
  %full = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = func.call @full_bias(%x, %w, %full) : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %fb = tensor.collapse_shape %b [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %db = tensor.cast %fb : tensor<6xf32> to tensor<?xf32>
  func.call @print(%db) : (tensor<?xf32>) -> ()
  %c = func.call @started(%x, %w, %row) : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %fc = tensor.collapse_shape %c [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %dc = tensor.cast %fc : tensor<6xf32> to tensor<?xf32>
  func.call @print(%dc) : (tensor<?xf32>) -> ()
  return
}

func.func private @started(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant 1.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%one : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
