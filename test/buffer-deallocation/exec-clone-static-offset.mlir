// A copy at a critical merge of a view with a static non-zero offset
// (memref<2xi64, strided<[1], offset: 1>>, a subview's type): a
// bufferization.clone of that type does not lower in MLIR 22
// (convert-bufferization-to-memref allocates an identity layout and can cast
// it only to offset 0 or `?`), so the pass allocates a buffer large enough
// for the view at its offset, views it with the same type through
// memref.reinterpret_cast, and copies into it; freeing the view frees that
// buffer. Found by utils/run_dealloc_corpus.py (seed 1000, program 134).
// The view of the function's own buffer (first path) keeps the buffer's
// allocated pointer: it moves into the merge uncopied and is freed through
// it; the view of the argument (second path) is the one copied.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-verify-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      1
// OUT-NEXT: 7
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[F_ARG0:[a-z0-9_#]+]]: i1, %[[F_ARG1:[a-z0-9_#]+]]: memref<4xi64>) -> i64 {
// CHECK-NEXT: %[[F_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[F_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[F_C1_I64:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[F_C2_I64:[a-z0-9_]+]] = arith.constant 2 : i64
// CHECK-NEXT: cf.cond_br %[[F_ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[F_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: memref.store %[[F_C1_I64]], %[[F_ALLOC]][%[[F_C1]]] : memref<4xi64>
// CHECK-NEXT: %[[F_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[F_ALLOC]][1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: cf.br ^bb3(%[[F_SUBVIEW]] : memref<2xi64, strided<[1], offset: 1>>)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %[[F_SUBVIEW_0:[a-z0-9_]+]] = memref.subview %[[F_ARG1]][1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: %[[F_ALLOC_1:[a-z0-9_]+]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT: %[[F_REINTERPRET_CAST:[a-z0-9_]+]] = memref.reinterpret_cast %[[F_ALLOC_1]] to offset: [1], sizes: [2], strides: [1] : memref<3xi64> to memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: memref.copy %[[F_SUBVIEW_0]], %[[F_REINTERPRET_CAST]] : memref<2xi64, strided<[1], offset: 1>> to memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: cf.br ^bb3(%[[F_REINTERPRET_CAST]] : memref<2xi64, strided<[1], offset: 1>>)
// CHECK-NEXT: ^bb3(%[[F_V_0:[a-z0-9_]+]]: memref<2xi64, strided<[1], offset: 1>>):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %[[F_V_1:[a-z0-9_]+]] = memref.load %[[F_V_0]][%[[F_C0]]] : memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: memref.dealloc %[[F_V_0]] : memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: return %[[F_V_1]] : i64
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @f(%c: i1, %arg: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  cf.cond_br %c, ^a, ^b
^a:
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c1] : memref<4xi64>
  %sa = memref.subview %a[1][2][1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  cf.br ^join(%sa : memref<2xi64, strided<[1], offset: 1>>)
^b:
  %sb = memref.subview %arg[1][2][1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  cf.br ^join(%sb : memref<2xi64, strided<[1], offset: 1>>)
^join(%m: memref<2xi64, strided<[1], offset: 1>>):
  %r = memref.load %m[%c0] : memref<2xi64, strided<[1], offset: 1>>
  return %r : i64
}

func.func @run() {
  %true = arith.constant true
  %false = arith.constant false
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i64
  %arg = memref.alloc() : memref<4xi64>
  memref.store %seven, %arg[%c1] : memref<4xi64>
  %r0 = func.call @f(%true, %arg) : (i1, memref<4xi64>) -> i64
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  %r1 = func.call @f(%false, %arg) : (i1, memref<4xi64>) -> i64
  func.call @bufrs_print_i64(%r1) : (i64) -> ()
  memref.dealloc %arg : memref<4xi64>
  return
}
