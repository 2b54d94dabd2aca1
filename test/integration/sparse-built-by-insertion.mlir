// Sparse storage built by insertion, through the sparsifier's pass list
// written out (docs/drop-in.md) with upstream's buffer-deallocation-pipeline
// or a bufrs pipeline as its own mlir-opt step after
// sparsification-and-bufferization: a CSR matrix and two sparse vectors
// converted from dense constants (sparse_tensor.convert inserts each
// nonzero in a loop, growing the storage buffers), the matrix scaled in
// place (the generated code writes into the values buffer after passing it
// into the loop that walks it), and a sparse output (the product of the
// two vectors, built by insertion). The sparse tensors are released with
// bufferization.dealloc_tensor, as upstream's sparse tests do, which
// sparsification-and-bufferization drops: without a deallocation step the
// program's 14 buffers (storage, dense results, temporaries) stay live, and
// each step frees them all, with the same output. The malloc counts differ:
// upstream's step also allocates the arrays of its run-time ownership
// checks; bufrs' clone-based deallocation clones the storage buffers an
// insertion loop carries on the branch that inserts nothing, and its copy
// removal hands them over instead (the loop frees them after the branch,
// so the branch that inserts frees them, and the other yields them): 71
// mallocs, as many as the ownership-based deallocation.

// DEFINE: %{sparsify} = mlir-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops),func.func(linalg-fuse-elementwise-ops),sparsification-and-bufferization)'
// DEFINE: %{lower} = mlir-opt --pass-pipeline='builtin.module(sparse-storage-specifier-to-llvm,func.func(canonicalize),func.func(convert-linalg-to-loops),func.func(convert-vector-to-scf),func.func(expand-realloc{emit-deallocs=true}),func.func(convert-scf-to-cf),expand-strided-metadata,lower-affine,convert-vector-to-llvm,func.func(convert-complex-to-standard),func.func(arith-expand),func.func(convert-math-to-llvm),convert-math-to-libm,convert-complex-to-libm,convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts)'
// DEFINE: %{run} = %heap-count mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// DEFINE: %{bufrs} = %bufrs-opt --pass-pipeline

// RUN: %{sparsify} | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,SPARSIFIER
// RUN: %{sparsify} | mlir-opt -buffer-deallocation-pipeline -convert-bufferization-to-memref | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,UPSTREAM
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,DEALLOC
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %{sparsify} | %{bufrs}='builtin.module(bufrs-memory-pipeline{verify=true})' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,MEMORY

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>

#scale = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}

#mul = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

func.func @scale(%a: tensor<4x5xf64, #CSR>) -> tensor<4x5xf64, #CSR> {
  %two = arith.constant 2.0 : f64
  %0 = linalg.generic #scale outs(%a : tensor<4x5xf64, #CSR>) {
  ^bb0(%x: f64):
    %p = arith.mulf %x, %two : f64
    linalg.yield %p : f64
  } -> tensor<4x5xf64, #CSR>
  return %0 : tensor<4x5xf64, #CSR>
}

func.func @mul(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>) -> tensor<8xf64, #SV> {
  %init = tensor.empty() : tensor<8xf64, #SV>
  %0 = linalg.generic #mul ins(%a, %b : tensor<8xf64, #SV>, tensor<8xf64, #SV>) outs(%init : tensor<8xf64, #SV>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<8xf64, #SV>
  return %0 : tensor<8xf64, #SV>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %d = arith.constant dense<[[1.0, 0.0, 0.0, 2.0, 0.0],
                             [0.0, 0.0, 0.0, 0.0, 0.0],
                             [0.0, 3.0, 0.0, 0.0, 4.0],
                             [5.0, 0.0, 6.0, 0.0, 0.0]]> : tensor<4x5xf64>
  %s = sparse_tensor.convert %d : tensor<4x5xf64> to tensor<4x5xf64, #CSR>
  %r = call @scale(%s) : (tensor<4x5xf64, #CSR>) -> tensor<4x5xf64, #CSR>
  %rd = sparse_tensor.convert %r : tensor<4x5xf64, #CSR> to tensor<4x5xf64>
  %v = vector.transfer_read %rd[%c0, %c0], %pad : tensor<4x5xf64>, vector<4x5xf64>
  vector.print %v : vector<4x5xf64>
  %x = arith.constant dense<[0.0, 1.5, 0.0, 3.0, 2.0, 0.0, 0.0, 4.0]> : tensor<8xf64>
  %y = arith.constant dense<[1.0, 2.0, 0.0, 0.0, 2.0, 7.0, 0.0, 0.5]> : tensor<8xf64>
  %xs = sparse_tensor.convert %x : tensor<8xf64> to tensor<8xf64, #SV>
  %ys = sparse_tensor.convert %y : tensor<8xf64> to tensor<8xf64, #SV>
  %m = call @mul(%xs, %ys) : (tensor<8xf64, #SV>, tensor<8xf64, #SV>) -> tensor<8xf64, #SV>
  %md = sparse_tensor.convert %m : tensor<8xf64, #SV> to tensor<8xf64>
  %mv = vector.transfer_read %md[%c0], %pad : tensor<8xf64>, vector<8xf64>
  vector.print %mv : vector<8xf64>
  %n = sparse_tensor.number_of_entries %m : tensor<8xf64, #SV>
  vector.print %n : index
  bufferization.dealloc_tensor %s : tensor<4x5xf64, #CSR>
  bufferization.dealloc_tensor %xs : tensor<8xf64, #SV>
  bufferization.dealloc_tensor %ys : tensor<8xf64, #SV>
  bufferization.dealloc_tensor %m : tensor<8xf64, #SV>
  return
}

// CHECK:      ( ( 2, 0, 0, 4, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, 6, 0, 0, 8 ), ( 10, 0, 12, 0, 0 ) )
// CHECK-NEXT: ( 0, 3, 0, 0, 4, 0, 0, 2 )
// CHECK-NEXT: 3
// SPARSIFIER: heap: 14 mallocs, 0 frees, 14 live
// UPSTREAM:   heap: 436 mallocs, 436 frees, 0 live
// DEALLOC:    heap: 71 mallocs, 71 frees, 0 live
// OWNERSHIP:  heap: 71 mallocs, 71 frees, 0 live
// MEMORY:     heap: 71 mallocs, 71 frees, 0 live
