// Tensor code whose deallocation needs copies: an scf.for carrying a tensor
// whose next value is, by a run-time condition, a new tensor or the one it
// had; a slice of an argument returned from a public function; a private
// function returning its argument. Through one-shot-bufferize, then
// upstream's buffer-deallocation-pipeline (with and without
// private-function-dynamic-ownership) or a bufrs pipeline as its own
// mlir-opt step; the lowering after it has no convert-bufferization-to-memref,
// so every variant must leave no bufferization.clone. bufrs' pipelines free
// everything; with private-function-dynamic-ownership the private function
// returns its argument without a copy (one malloc fewer than without it).

// DEFINE: %{bufferize} = mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops"
// DEFINE: %{lower} = mlir-opt -expand-strided-metadata -lower-affine -convert-linalg-to-loops -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts
// DEFINE: %{run} = %heap-count mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// DEFINE: %{bufrs} = %bufrs-opt --pass-pipeline

// Upstream's output holds bufferization.clone here, so its RUN lines append
// convert-bufferization-to-memref to its step, as its users must; the
// lowering after bufrs' pipelines has none.
// RUN: %{bufferize} | mlir-opt -buffer-deallocation-pipeline | FileCheck %s --check-prefix=UPSTREAM-IR
// UPSTREAM-IR: bufferization.clone

// RUN: %{bufferize} | mlir-opt -buffer-deallocation-pipeline -convert-bufferization-to-memref | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,UPSTREAM
// RUN: %{bufferize} | mlir-opt -buffer-deallocation-pipeline=private-function-dynamic-ownership -convert-bufferization-to-memref | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,UPSTREAM-PFDO
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,DEALLOC
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,OWNERSHIP-PFDO
// RUN: %{bufferize} | %{bufrs}='builtin.module(bufrs-memory-pipeline{verify=true})' | %{lower} | %{run} | FileCheck %s --check-prefixes=CHECK,MEMORY

#map = affine_map<(d0) -> (d0)>

// Adds 1 to every element, `%n` times; on odd iterations the new tensor is
// kept, on even ones the old one (a merge of a new buffer and the carried one).
func.func @bump(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %size = tensor.dim %t, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
    %out = tensor.empty(%size) : tensor<?xf32>
    %next = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%acc : tensor<?xf32>) outs(%out : tensor<?xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<?xf32>
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi ne, %rem, %c0 : index
    %kept = scf.if %odd -> tensor<?xf32> {
      scf.yield %next : tensor<?xf32>
    } else {
      scf.yield %acc : tensor<?xf32>
    }
    scf.yield %kept : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// A slice of the argument (a view of it, which the caller must own: a copy).
func.func @middle(%t: tensor<?xf32>, %offset: index, %size: index) -> tensor<?xf32> {
  %s = tensor.extract_slice %t[%offset] [%size] [1] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func private @identity(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %v = tensor.cast %v0 : tensor<5xf32> to tensor<?xf32>
  %bumped = call @bump(%v, %c4) : (tensor<?xf32>, index) -> tensor<?xf32>
  %same = call @identity(%bumped) : (tensor<?xf32>) -> tensor<?xf32>
  %mid = call @middle(%same, %c1, %c3) : (tensor<?xf32>, index, index) -> tensor<?xf32>
  %u = tensor.cast %same : tensor<?xf32> to tensor<*xf32>
  %m = tensor.cast %mid : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%m) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)

// CHECK:      rank = 1 offset = 0 sizes = [5] strides = [1] data =
// CHECK-NEXT: [3,  4,  5,  6,  7]
// CHECK:      rank = 1 offset = 0 sizes = [3] strides = [1] data =
// CHECK-NEXT: [4,  5,  6]
// UPSTREAM:       heap: 13 mallocs, 13 frees, 0 live
// UPSTREAM-PFDO:  heap: 12 mallocs, 12 frees, 0 live
// DEALLOC:        heap: 13 mallocs, 13 frees, 0 live
// OWNERSHIP:      heap: 12 mallocs, 12 frees, 0 live
// OWNERSHIP-PFDO: heap: 11 mallocs, 11 frees, 0 live
// MEMORY:         heap: 12 mallocs, 12 frees, 0 live
