// Runtime verification around the deallocation step: tensor ops checked by
// generate-runtime-verification before one-shot-bufferize, then upstream's
// buffer-deallocation-pipeline or a bufrs pipeline as its own mlir-opt step,
// then generate-runtime-verification again on the memref ops that step left
// (the casts and copies of the returned slices included), then the lowering.
// Every access is in bounds, so no check fires; each variant prints the same
// values, and bufrs' pipelines leave nothing live.

// DEFINE: %{bufferize} = mlir-opt %s -generate-runtime-verification -one-shot-bufferize=bufferize-function-boundaries
// DEFINE: %{lower} = mlir-opt -generate-runtime-verification -expand-strided-metadata -lower-affine -convert-linalg-to-loops -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts
// DEFINE: %{run} = %heap-count mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// DEFINE: %{bufrs} = %bufrs-opt --pass-pipeline

// Upstream's output holds bufferization.clone here, so its RUN lines append
// convert-bufferization-to-memref to its step, as its users must; the
// lowering after bufrs' pipelines has none.
// RUN: %{bufferize} | mlir-opt -buffer-deallocation-pipeline | FileCheck %s --check-prefix=UPSTREAM-IR
// UPSTREAM-IR: bufferization.clone

// RUN: %{bufferize} | mlir-opt -buffer-deallocation-pipeline -convert-bufferization-to-memref | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,UPSTREAM
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,DEALLOC
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-memory-pipeline{verify=true})' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,MEMORY

// The rows [%row, %row + %rows) of %t, doubled.
func.func @rows_doubled(%t: tensor<?x4xf32>, %row: index, %rows: index) -> tensor<?x4xf32> {
  %s = tensor.extract_slice %t[%row, 0] [%rows, 4] [1, 1] : tensor<?x4xf32> to tensor<?x4xf32>
  %out = tensor.empty(%rows) : tensor<?x4xf32>
  %d = linalg.add ins(%s, %s : tensor<?x4xf32>, tensor<?x4xf32>) outs(%out : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %d : tensor<?x4xf32>
}

// The row %row of %t, as a view of it.
func.func @row(%t: tensor<?x4xf32>, %row: index) -> tensor<4xf32> {
  %s = tensor.extract_slice %t[%row, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m0 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %m = tensor.cast %m0 : tensor<3x4xf32> to tensor<?x4xf32>
  %d = call @rows_doubled(%m, %c1, %c2) : (tensor<?x4xf32>, index, index) -> tensor<?x4xf32>
  %r = call @row(%d, %c1) : (tensor<?x4xf32>, index) -> tensor<4xf32>
  %x = tensor.extract %r[%c2] : tensor<4xf32>
  vector.print %x : f32
  %du = tensor.cast %d : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%du) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)

// CHECK:      22
// CHECK-NEXT: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[}}[10,   12,   14,   16],
// CHECK-NEXT:  [18,   20,   22,   24]]
// UPSTREAM:   heap: 7 mallocs, 7 frees, 0 live
// DEALLOC:    heap: 2 mallocs, 2 frees, 0 live
// OWNERSHIP:  heap: 2 mallocs, 2 frees, 0 live
// MEMORY:     heap: 2 mallocs, 2 frees, 0 live
