// A sparse vector (assembled) scaled into a dense vector and summed into a
// 0-d tensor, through the sparsifier's pass list written out
// (docs/drop-in.md) with upstream's buffer-deallocation-pipeline or a bufrs
// pipeline as its own mlir-opt step after sparsification-and-bufferization.
// --sparsifier alone leaks the two result buffers; every deallocation step
// frees them, and the output is the same.

// DEFINE: %{sparsify} = mlir-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops),func.func(linalg-fuse-elementwise-ops),sparsification-and-bufferization)'
// DEFINE: %{lower} = mlir-opt --pass-pipeline='builtin.module(sparse-storage-specifier-to-llvm,func.func(canonicalize),func.func(convert-linalg-to-loops),func.func(convert-vector-to-scf),func.func(expand-realloc{emit-deallocs=true}),func.func(convert-scf-to-cf),expand-strided-metadata,lower-affine,convert-vector-to-llvm,func.func(convert-complex-to-standard),func.func(arith-expand),func.func(convert-math-to-llvm),convert-math-to-libm,convert-complex-to-libm,convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts)'
// DEFINE: %{run} = %heap-count mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// DEFINE: %{bufrs} = %bufrs-opt --pass-pipeline

// RUN: %{sparsify} | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,SPARSIFIER
// RUN: %{sparsify} | mlir-opt -buffer-deallocation-pipeline | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,UPSTREAM
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,DEALLOC
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-memory-pipeline{verify=true})' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,MEMORY

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>

#scale = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

#sum = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
  iterator_types = ["reduction"]
}

func.func @scale(%s: tensor<8xf64, #SV>, %d: tensor<8xf64>) -> tensor<8xf64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<8xf64>
  %out0 = linalg.fill ins(%zero : f64) outs(%init : tensor<8xf64>) -> tensor<8xf64>
  %out = linalg.generic #scale ins(%s, %d : tensor<8xf64, #SV>, tensor<8xf64>) outs(%out0 : tensor<8xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<8xf64>
  return %out : tensor<8xf64>
}

func.func @sum(%s: tensor<8xf64, #SV>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<f64>
  %acc0 = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %acc = linalg.generic #sum ins(%s : tensor<8xf64, #SV>) outs(%acc0 : tensor<f64>) {
  ^bb0(%x: f64, %a: f64):
    %t = arith.addf %a, %x : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %acc : tensor<f64>
}

func.func @main() {
  // [0, 1.5, 0, 0, 2, 0, 0, 4]
  %pos = arith.constant dense<[0, 3]> : tensor<2xindex>
  %crd = arith.constant dense<[1, 4, 7]> : tensor<3xindex>
  %val = arith.constant dense<[1.5, 2.0, 4.0]> : tensor<3xf64>
  %s = sparse_tensor.assemble (%pos, %crd), %val : (tensor<2xindex>, tensor<3xindex>), tensor<3xf64> to tensor<8xf64, #SV>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf64>
  %scaled = call @scale(%s, %d) : (tensor<8xf64, #SV>, tensor<8xf64>) -> tensor<8xf64>
  %total = call @sum(%s) : (tensor<8xf64, #SV>) -> tensor<f64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %scaled[%c0], %pad : tensor<8xf64>, vector<8xf64>
  vector.print %v : vector<8xf64>
  %t = tensor.extract %total[] : tensor<f64>
  vector.print %t : f64
  return
}

// CHECK:      ( 0, 3, 0, 0, 10, 0, 0, 32 )
// CHECK-NEXT: 7.5
// SPARSIFIER: heap: 2 mallocs, 0 frees, 2 live
// UPSTREAM:   heap: 7 mallocs, 7 frees, 0 live
// DEALLOC:    heap: 2 mallocs, 2 frees, 0 live
// OWNERSHIP:  heap: 2 mallocs, 2 frees, 0 live
// MEMORY:     heap: 2 mallocs, 2 frees, 0 live
