// A sparse matrix (CSR, assembled from position, coordinate and value
// arrays) times a dense vector through the sparsifier's pass list written
// out (docs/drop-in.md): sparsification-and-bufferization, then upstream's
// buffer-deallocation-pipeline or a bufrs pipeline as its own mlir-opt step,
// then the rest of --sparsifier's passes unchanged (the list is --sparsifier
// with enable-runtime-library=false; --sparsifier itself, with the runtime
// library, is the first RUN line). --sparsifier frees nothing (the result
// vector leaks, with or without the runtime library); every deallocation
// step frees it.

// DEFINE: %{sparsify} = mlir-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops),func.func(linalg-fuse-elementwise-ops),sparsification-and-bufferization)'
// DEFINE: %{lower} = mlir-opt --pass-pipeline='builtin.module(sparse-storage-specifier-to-llvm,func.func(canonicalize),func.func(convert-linalg-to-loops),func.func(convert-vector-to-scf),func.func(expand-realloc{emit-deallocs=true}),func.func(convert-scf-to-cf),expand-strided-metadata,lower-affine,convert-vector-to-llvm,func.func(convert-complex-to-standard),func.func(arith-expand),func.func(convert-math-to-llvm),convert-math-to-libm,convert-complex-to-libm,convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts)'
// DEFINE: %{run} = %heap-count mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// DEFINE: %{bufrs} = %bufrs-opt --pass-pipeline

// RUN: mlir-opt %s --sparsifier | %{run} | FileCheck %s --check-prefixes=CHECK,SPARSIFIER-LIB
// RUN: %{sparsify} | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,SPARSIFIER
// RUN: %{sparsify} | mlir-opt -buffer-deallocation-pipeline | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,UPSTREAM
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,DEALLOC
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-memory-pipeline{verify=true})' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,MEMORY

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>

#spmv = {
  indexing_maps = [
    affine_map<(i, j) -> (i, j)>,
    affine_map<(i, j) -> (j)>,
    affine_map<(i, j) -> (i)>
  ],
  iterator_types = ["parallel", "reduction"]
}

func.func @spmv(%a: tensor<4x4xf64, #CSR>, %x: tensor<4xf64>) -> tensor<4xf64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<4xf64>
  %y0 = linalg.fill ins(%zero : f64) outs(%init : tensor<4xf64>) -> tensor<4xf64>
  %y = linalg.generic #spmv ins(%a, %x : tensor<4x4xf64, #CSR>, tensor<4xf64>) outs(%y0 : tensor<4xf64>) {
  ^bb0(%aij: f64, %xj: f64, %yi: f64):
    %p = arith.mulf %aij, %xj : f64
    %s = arith.addf %yi, %p : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %y : tensor<4xf64>
}

func.func @main() {
  // [[1, 0, 0, 2], [0, 0, 0, 0], [0, 3, 0, 0], [4, 0, 5, 0]]
  %pos = arith.constant dense<[0, 2, 2, 3, 5]> : tensor<5xindex>
  %crd = arith.constant dense<[0, 3, 1, 0, 2]> : tensor<5xindex>
  %val = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
  %a = sparse_tensor.assemble (%pos, %crd), %val : (tensor<5xindex>, tensor<5xindex>), tensor<5xf64> to tensor<4x4xf64, #CSR>
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %y = call @spmv(%a, %x) : (tensor<4x4xf64, #CSR>, tensor<4xf64>) -> tensor<4xf64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %y[%c0], %pad : tensor<4xf64>, vector<4xf64>
  vector.print %v : vector<4xf64>
  return
}

// CHECK:      ( 9, 0, 6, 19 )
// SPARSIFIER-LIB: heap: 1 mallocs, 0 frees, 1 live
// SPARSIFIER: heap: 1 mallocs, 0 frees, 1 live
// UPSTREAM:   heap: 1 mallocs, 1 frees, 0 live
// DEALLOC:    heap: 1 mallocs, 1 frees, 0 live
// OWNERSHIP:  heap: 1 mallocs, 1 frees, 0 live
// MEMORY:     heap: 1 mallocs, 1 frees, 0 live
