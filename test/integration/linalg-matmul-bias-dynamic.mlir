// A linalg program on tensors of run-time sizes (matmul into a filled
// buffer, a bias added, one of two results picked by scf.if) through
// one-shot-bufferize, then upstream's buffer-deallocation-pipeline or one of
// bufrs' deallocation pipelines as its own mlir-opt step, then the same
// lowering, run by mlir-runner with the heap-call counter: every variant
// prints the same matrix, and bufrs' leave nothing live at exit.

// DEFINE: %{bufferize} = mlir-opt %s -one-shot-bufferize=bufferize-function-boundaries
// DEFINE: %{lower} = mlir-opt -convert-linalg-to-loops -expand-strided-metadata -lower-affine -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts
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

func.func @matmul_bias(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty(%m, %n) : tensor<?x?xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %product = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%filled : tensor<?x?xf32>) -> tensor<?x?xf32>
  %out = tensor.empty(%m, %n) : tensor<?x?xf32>
  %sum = linalg.add ins(%product, %bias : tensor<?x?xf32>, tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %sum : tensor<?x?xf32>
}

func.func @pick(%first: i1, %x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = scf.if %first -> tensor<?x?xf32> {
    scf.yield %x : tensor<?x?xf32>
  } else {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = tensor.dim %y, %c0 : tensor<?x?xf32>
    %n = tensor.dim %y, %c1 : tensor<?x?xf32>
    %out = tensor.empty(%m, %n) : tensor<?x?xf32>
    %twice = linalg.add ins(%y, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %twice : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %a0 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b0 = arith.constant dense<[[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]> : tensor<3x2xf32>
  %bias0 = arith.constant dense<[[0.5, 0.5], [1.0, 1.0]]> : tensor<2x2xf32>
  %a = tensor.cast %a0 : tensor<2x3xf32> to tensor<?x?xf32>
  %b = tensor.cast %b0 : tensor<3x2xf32> to tensor<?x?xf32>
  %bias = tensor.cast %bias0 : tensor<2x2xf32> to tensor<?x?xf32>
  %r = call @matmul_bias(%a, %b, %bias) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %true = arith.constant true
  %false = arith.constant false
  %p = call @pick(%true, %r, %bias) : (i1, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %q = call @pick(%false, %r, %r) : (i1, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %pu = tensor.cast %p : tensor<?x?xf32> to tensor<*xf32>
  %qu = tensor.cast %q : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)

// CHECK:      rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[58.5,   64.5],
// CHECK-NEXT:  [140,   155]]
// CHECK:      rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[117,   129],
// CHECK-NEXT:  [280,   310]]
// UPSTREAM:  heap: 11 mallocs, 11 frees, 0 live
// DEALLOC:   heap: 6 mallocs, 6 frees, 0 live
// OWNERSHIP: heap: 6 mallocs, 6 frees, 0 live
// The main job adds the bias in place, into the matmul's buffer, which dies
// there (bufrs-reuse-dying-inputs):
// MEMORY:    heap: 5 mallocs, 5 frees, 0 live
