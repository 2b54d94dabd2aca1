// A buffer lent to an scf.for iter_arg (%b31, allocated on one path, viewed
// after the loop) is never kept alive through a merge it does not dominate
// (the join's block argument, fed with the loop's result, which is %b31
// when the loop runs no iteration). Borrowing %b31 into the loop would only
// defer the copy to the join's edge, in the same block, and keep %b31 alive
// until there; the loop's entry clones %b31 instead (one copy for one
// copy), so the loop result is owned on every path and moves into the join,
// and %b31 is freed in its own block right after its last use, not at the
// join, where a free would not verify ("operand #0 does not dominate this
// use"). A strided cast of an argument rides along as a second iter_arg.
// The memory pipeline, whose deallocation is this pass, runs it clean too.
// utils/bufrs_utils/dealloc_programs.py generates both shapes (a subview of
// an iter_arg init after the loop, a strided cast of an argument as an
// iter_arg).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{keep-clones=true},bufrs-verify-deallocation)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true keep-clones=true},bufrs-verify-deallocation{private-function-dynamic-ownership=true})' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' -o /dev/null

// OUT:      3
// OUT-NEXT: 3
// OUT-NEXT: 7
// OUT-NEXT: 4
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @f0(
// CHECK-SAME: %[[F0_ARG0:[a-z0-9_]+]]: i1, %[[F0_ARG1:[a-z0-9_]+]]: index, %[[F0_ARG2:[a-z0-9_]+]]: index, %[[F0_ARG3:[a-z0-9_]+]]: index, %[[F0_ARG4:[a-z0-9_]+]]: memref<?xi32>) -> (i64, memref<?xi32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %[[F0_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[F0_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[F0_C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[F0_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[F0_C7_I32:[a-z0-9_]+]] = arith.constant 7 : i32
// CHECK-NEXT: %[[F0_ALLOCA:[a-z0-9_]+]] = memref.alloca() : memref<1xi64>
// CHECK-NEXT: %[[F0_0:[a-z0-9_]+]] = arith.addi %[[F0_ARG1]], %[[F0_C2]] : index
// CHECK-NEXT: %[[F0_1:[a-z0-9_]+]] = arith.cmpi eq, %[[F0_0]], %[[F0_C4]] : index
// CHECK-NEXT: cf.cond_br %[[F0_1]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[F0_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[F0_0]]) : memref<?xi32>
// CHECK-NEXT: memref.store %[[F0_C7_I32]], %[[F0_ALLOC]][%[[F0_C1]]] : memref<?xi32>
// CHECK-NEXT: %[[F0_CAST:[a-z0-9_]+]] = memref.cast %[[F0_ARG4]] : memref<?xi32> to memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[F0_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: %[[F0_2:[a-z0-9_]+]] = bufferization.clone %[[F0_ALLOC]] : memref<?xi32> to memref<?xi32>
// CHECK-NEXT: %[[F0_3:[a-z0-9_]+]]:3 = scf.for %[[F0_ARG5:[a-z0-9_]+]] = %[[F0_C1]] to %[[F0_ARG3]] step %[[F0_C1]] iter_args(%[[F0_ARG6:[a-z0-9_]+]] = %[[F0_2]], %[[F0_ARG7:[a-z0-9_]+]] = %[[F0_CAST]], %[[F0_ARG8:[a-z0-9_]+]] = %[[F0_FALSE]]) -> (memref<?xi32>, memref<?xi32, strided<[?], offset: ?>>, i1) {
// CHECK-NEXT: scf.if %[[F0_ARG8]] {
// CHECK-NEXT: memref.dealloc %[[F0_ARG7]] : memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[F0_ARG6]] : memref<?xi32>
// CHECK-NEXT: %[[F0_ALLOC_4:[a-z0-9_]+]] = memref.alloc(%[[F0_0]]) : memref<?xi32>
// CHECK-NEXT: %[[F0_ALLOC_5:[a-z0-9_]+]] = memref.alloc() : memref<6xi32>
// CHECK-NEXT: %[[F0_CAST_6:[a-z0-9_]+]] = memref.cast %[[F0_ALLOC_5]] : memref<6xi32> to memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[F0_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[F0_ALLOC_4]], %[[F0_CAST_6]], %[[F0_TRUE]] : memref<?xi32>, memref<?xi32, strided<[?], offset: ?>>, i1
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[F0_3]]#2 {
// CHECK-NEXT: memref.dealloc %[[F0_3]]#1 : memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %[[F0_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[F0_ALLOC]][0] [2] [1] : memref<?xi32> to memref<2xi32, strided<[1]>>
// CHECK-NEXT: %[[F0_4:[a-z0-9_]+]] = memref.load %[[F0_SUBVIEW]][%[[F0_C1]]] : memref<2xi32, strided<[1]>>
// CHECK-NEXT: memref.dealloc %[[F0_ALLOC]] : memref<?xi32>
// CHECK-NEXT: %[[F0_5:[a-z0-9_]+]] = arith.extsi %[[F0_4]] : i32 to i64
// CHECK-NEXT: memref.store %[[F0_5]], %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: cf.br ^bb3(%[[F0_3]]#0 : memref<?xi32>)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %[[F0_ALLOC_0:[a-z0-9_]+]] = memref.alloc() : memref<3xi32>
// CHECK-NEXT: %[[F0_CAST_1:[a-z0-9_]+]] = memref.cast %[[F0_ALLOC_0]] : memref<3xi32> to memref<?xi32>
// CHECK-NEXT: %[[F0_6:[a-z0-9_]+]] = arith.index_cast %[[F0_0]] : index to i64
// CHECK-NEXT: memref.store %[[F0_6]], %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: cf.br ^bb3(%[[F0_CAST_1]] : memref<?xi32>)
// CHECK-NEXT: ^bb3(%[[F0_7:[a-z0-9_]+]]: memref<?xi32>):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %[[F0_DIM:[a-z0-9_]+]] = memref.dim %[[F0_7]], %[[F0_C0]] : memref<?xi32>
// CHECK-NEXT: memref.dealloc %[[F0_7]] : memref<?xi32>
// CHECK-NEXT: %[[F0_ALLOC_2:[a-z0-9_]+]] = memref.alloc(%[[F0_ARG2]]) : memref<?xi32>
// CHECK-NEXT: %[[F0_8:[a-z0-9_]+]] = arith.index_cast %[[F0_DIM]] : index to i32
// CHECK-NEXT: memref.store %[[F0_8]], %[[F0_ALLOC_2]][%[[F0_C0]]] : memref<?xi32>
// CHECK-NEXT: %[[F0_CAST_3:[a-z0-9_]+]] = memref.cast %[[F0_ALLOC_2]] : memref<?xi32> to memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[F0_9:[a-z0-9_]+]] = memref.load %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: return %[[F0_9]], %[[F0_CAST_3]] : i64, memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @f0(%p: i1, %n: index, %m: index, %t: index, %arg0: memref<?xi32>) -> (i64, memref<?xi32, strided<[?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %k7 = arith.constant 7 : i32
  %acc = memref.alloca() : memref<1xi64>
  %n2 = arith.addi %n, %c2 : index
  %cond27 = arith.cmpi eq, %n2, %c4 : index
  cf.cond_br %cond27, ^bb1, ^bb2
^bb1:
  %b31 = memref.alloc(%n2) : memref<?xi32>
  memref.store %k7, %b31[%c1] : memref<?xi32>
  %cast38 = memref.cast %arg0 : memref<?xi32> to memref<?xi32, strided<[?], offset: ?>>
  %r42:2 = scf.for %iv39 = %c1 to %t step %c1 iter_args(%it40 = %b31, %it41 = %cast38) -> (memref<?xi32>, memref<?xi32, strided<[?], offset: ?>>) {
    %b45 = memref.alloc(%n2) : memref<?xi32>
    %b46 = memref.alloc() : memref<6xi32>
    %cast47 = memref.cast %b46 : memref<6xi32> to memref<?xi32, strided<[?], offset: ?>>
    scf.yield %b45, %cast47 : memref<?xi32>, memref<?xi32, strided<[?], offset: ?>>
  }
  %sv48 = memref.subview %b31[0] [2] [1] : memref<?xi32> to memref<2xi32, strided<[1], offset: 0>>
  %v49 = memref.load %sv48[%c1] : memref<2xi32, strided<[1], offset: 0>>
  %v50 = arith.extsi %v49 : i32 to i64
  memref.store %v50, %acc[%c0] : memref<1xi64>
  cf.br ^bb3(%r42#0 : memref<?xi32>)
^bb2:
  %b51 = memref.alloc() : memref<3xi32>
  %cast61 = memref.cast %b51 : memref<3xi32> to memref<?xi32>
  %d52 = arith.index_cast %n2 : index to i64
  memref.store %d52, %acc[%c0] : memref<1xi64>
  cf.br ^bb3(%cast61 : memref<?xi32>)
^bb3(%j62: memref<?xi32>):
  %d110 = memref.dim %j62, %c0 : memref<?xi32>
  %b135 = memref.alloc(%m) : memref<?xi32>
  %d111 = arith.index_cast %d110 : index to i32
  memref.store %d111, %b135[%c0] : memref<?xi32>
  %cast148 = memref.cast %b135 : memref<?xi32> to memref<?xi32, strided<[?], offset: ?>>
  %h149 = memref.load %acc[%c0] : memref<1xi64>
  return %h149, %cast148 : i64, memref<?xi32, strided<[?], offset: ?>>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %a = memref.alloc(%c3) : memref<?xi32>
  scf.for %n = %c1 to %c3 step %c1 {
    %h, %r = func.call @f0(%true, %n, %c2, %c3, %a) : (i1, index, index, index, memref<?xi32>) -> (i64, memref<?xi32, strided<[?], offset: ?>>)
    func.call @bufrs_print_i64(%h) : (i64) -> ()
    %v = memref.load %r[%c0] : memref<?xi32, strided<[?], offset: ?>>
    %w = arith.extsi %v : i32 to i64
    func.call @bufrs_print_i64(%w) : (i64) -> ()
  }
  return
}
