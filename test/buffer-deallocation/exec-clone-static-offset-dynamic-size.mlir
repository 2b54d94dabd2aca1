// A copy at a critical merge of a view with a static non-zero offset and a
// dynamic size (memref<?xi64, strided<[1], offset: 3>>): as for static sizes
// (exec-clone-static-offset.mlir) a bufferization.clone of it does not lower
// in MLIR 22, so the pass allocates a buffer of offset + 1 + max(size - 1, 0)
// * stride elements, the size read with memref.dim, views it with the same
// type (the dynamic size passed to memref.reinterpret_cast) and copies into
// it. Found by utils/run_dealloc_corpus.py (seed 2, program 93), in both
// deallocation passes.
// The view of the function's own buffer (first path) keeps the buffer's
// allocated pointer: it moves into the merge uncopied and is freed through
// it; the view of the argument (second path) is the one copied.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-verify-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      1
// OUT-NEXT: 7
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[F_ARG0:[a-z0-9_#]+]]: i1, %[[F_ARG1:[a-z0-9_#]+]]: memref<8xi64>, %[[F_ARG2:[a-z0-9_#]+]]: index) -> i64 {
// CHECK-NEXT: %[[F_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[F_C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[F_C1_I64:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-NEXT: cf.cond_br %[[F_ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[F_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<8xi64>
// CHECK-NEXT: memref.store %[[F_C1_I64]], %[[F_ALLOC]][%[[F_C3]]] : memref<8xi64>
// CHECK-NEXT: %[[F_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[F_ALLOC]][3] [%[[F_ARG2]]] [1] : memref<8xi64> to memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: cf.br ^bb3(%[[F_SUBVIEW]] : memref<?xi64, strided<[1], offset: 3>>)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %[[F_SUBVIEW_0:[a-z0-9_]+]] = memref.subview %[[F_ARG1]][3] [%[[F_ARG2]]] [1] : memref<8xi64> to memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: %[[F_C0_1:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[F_DIM:[a-z0-9_]+]] = memref.dim %[[F_SUBVIEW_0]], %[[F_C0_1]] : memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: %[[F_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[F_V_0:[a-z0-9_]+]] = arith.subi %[[F_DIM]], %[[F_C1]] : index
// CHECK-NEXT: %[[F_V_1:[a-z0-9_]+]] = arith.maxsi %[[F_V_0]], %[[F_C0_1]] : index
// CHECK-NEXT: %[[F_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[F_V_2:[a-z0-9_]+]] = arith.addi %[[F_C4]], %[[F_V_1]] : index
// CHECK-NEXT: %[[F_ALLOC_2:[a-z0-9_]+]] = memref.alloc(%[[F_V_2]]) : memref<?xi64>
// CHECK-NEXT: %[[F_REINTERPRET_CAST:[a-z0-9_]+]] = memref.reinterpret_cast %[[F_ALLOC_2]] to offset: [3], sizes: [%[[F_DIM]]], strides: [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: memref.copy %[[F_SUBVIEW_0]], %[[F_REINTERPRET_CAST]] : memref<?xi64, strided<[1], offset: 3>> to memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: cf.br ^bb3(%[[F_REINTERPRET_CAST]] : memref<?xi64, strided<[1], offset: 3>>)
// CHECK-NEXT: ^bb3(%[[F_V_3:[a-z0-9_]+]]: memref<?xi64, strided<[1], offset: 3>>):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %[[F_V_4:[a-z0-9_]+]] = memref.load %[[F_V_3]][%[[F_C0]]] : memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: memref.dealloc %[[F_V_3]] : memref<?xi64, strided<[1], offset: 3>>
// CHECK-NEXT: return %[[F_V_4]] : i64
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @f(%c: i1, %arg: memref<8xi64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  cf.cond_br %c, ^a, ^b
^a:
  %a = memref.alloc() : memref<8xi64>
  memref.store %one, %a[%c3] : memref<8xi64>
  %sa = memref.subview %a[3][%n][1] : memref<8xi64> to memref<?xi64, strided<[1], offset: 3>>
  cf.br ^join(%sa : memref<?xi64, strided<[1], offset: 3>>)
^b:
  %sb = memref.subview %arg[3][%n][1] : memref<8xi64> to memref<?xi64, strided<[1], offset: 3>>
  cf.br ^join(%sb : memref<?xi64, strided<[1], offset: 3>>)
^join(%m: memref<?xi64, strided<[1], offset: 3>>):
  %r = memref.load %m[%c0] : memref<?xi64, strided<[1], offset: 3>>
  return %r : i64
}

func.func @run() {
  %true = arith.constant true
  %false = arith.constant false
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %seven = arith.constant 7 : i64
  %arg = memref.alloc() : memref<8xi64>
  memref.store %seven, %arg[%c3] : memref<8xi64>
  %r0 = func.call @f(%true, %arg, %c2) : (i1, memref<8xi64>, index) -> i64
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  %r1 = func.call @f(%false, %arg, %c5) : (i1, memref<8xi64>, index) -> i64
  func.call @bufrs_print_i64(%r1) : (i64) -> ()
  memref.dealloc %arg : memref<8xi64>
  return
}
