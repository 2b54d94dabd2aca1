// A buffer lent to an scf.for iter_arg (%m, read after the loop) whose
// loop result then flows into a join %m does not dominate: borrowing there
// would only defer the copy to the join's edge (the loop result may be %m,
// so it is cloned into the join) and keep %m alive until that edge. In the
// same block, one copy for one copy, the pass clones at the loop's entry
// instead, as the clone-based pass does: the iter_arg owns its buffer on
// every path (no flag), %m is freed right after its last use, and the loop
// result moves into the join. Executed under ASan with two iterations, none,
// and the other path.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{keep-clones=true},bufrs-verify-deallocation)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      7
// OUT-NEXT: 21
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 9
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @lend_then_join(
// CHECK-SAME: %[[LENDTH_ARG0:[a-z0-9_]+]]: i1, %[[LENDTH_ARG1:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[LENDTH_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[LENDTH_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[LENDTH_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[LENDTH_C7_I64:[a-z0-9_]+]] = arith.constant 7 : i64
// CHECK-NEXT: %[[LENDTH_C9_I64:[a-z0-9_]+]] = arith.constant 9 : i64
// CHECK-NEXT: cf.cond_br %[[LENDTH_ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[LENDTH_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[LENDTH_C4]]) : memref<?xi64>
// CHECK-NEXT: memref.store %[[LENDTH_C7_I64]], %[[LENDTH_ALLOC]][%[[LENDTH_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[LENDTH_0:[a-z0-9_]+]] = bufferization.clone %[[LENDTH_ALLOC]] : memref<?xi64> to memref<?xi64>
// CHECK-NEXT: %[[LENDTH_1:[a-z0-9_]+]] = scf.for %[[LENDTH_ARG2:[a-z0-9_]+]] = %[[LENDTH_C0]] to %[[LENDTH_ARG1]] step %[[LENDTH_C1]] iter_args(%[[LENDTH_ARG3:[a-z0-9_]+]] = %[[LENDTH_0]]) -> (memref<?xi64>) {
// CHECK-NEXT: %[[LENDTH_6:[a-z0-9_]+]] = memref.load %[[LENDTH_ARG3]][%[[LENDTH_C0]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[LENDTH_ARG3]] : memref<?xi64>
// CHECK-NEXT: %[[LENDTH_7:[a-z0-9_]+]] = arith.addi %[[LENDTH_6]], %[[LENDTH_C7_I64]] : i64
// CHECK-NEXT: %[[LENDTH_ALLOC_2:[a-z0-9_]+]] = memref.alloc(%[[LENDTH_C1]]) : memref<?xi64>
// CHECK-NEXT: memref.store %[[LENDTH_7]], %[[LENDTH_ALLOC_2]][%[[LENDTH_C0]]] : memref<?xi64>
// CHECK-NEXT: scf.yield %[[LENDTH_ALLOC_2]] : memref<?xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[LENDTH_2:[a-z0-9_]+]] = memref.load %[[LENDTH_ALLOC]][%[[LENDTH_C0]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[LENDTH_ALLOC]] : memref<?xi64>
// CHECK-NEXT: call @bufrs_print_i64(%[[LENDTH_2]]) : (i64) -> ()
// CHECK-NEXT: cf.br ^bb3(%[[LENDTH_1]] : memref<?xi64>)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %[[LENDTH_ALLOC_0:[a-z0-9_]+]] = memref.alloc(%[[LENDTH_C1]]) : memref<?xi64>
// CHECK-NEXT: memref.store %[[LENDTH_C9_I64]], %[[LENDTH_ALLOC_0]][%[[LENDTH_C0]]] : memref<?xi64>
// CHECK-NEXT: cf.br ^bb3(%[[LENDTH_ALLOC_0]] : memref<?xi64>)
// CHECK-NEXT: ^bb3(%[[LENDTH_3:[a-z0-9_]+]]: memref<?xi64>):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %[[LENDTH_ALLOC_1:[a-z0-9_]+]] = memref.alloc(%[[LENDTH_C4]]) : memref<?xi64>
// CHECK-NEXT: %[[LENDTH_4:[a-z0-9_]+]] = memref.load %[[LENDTH_3]][%[[LENDTH_C0]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[LENDTH_3]] : memref<?xi64>
// CHECK-NEXT: memref.store %[[LENDTH_4]], %[[LENDTH_ALLOC_1]][%[[LENDTH_C1]]] : memref<?xi64>
// CHECK-NEXT: %[[LENDTH_5:[a-z0-9_]+]] = memref.load %[[LENDTH_ALLOC_1]][%[[LENDTH_C1]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[LENDTH_ALLOC_1]] : memref<?xi64>
// CHECK-NEXT: return %[[LENDTH_5]] : i64
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @lend_then_join(%c: i1, %trip: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k7 = arith.constant 7 : i64
  %k9 = arith.constant 9 : i64
  cf.cond_br %c, ^lend, ^other
^lend:
  %m = memref.alloc(%c4) : memref<?xi64>
  memref.store %k7, %m[%c0] : memref<?xi64>
  %r = scf.for %i = %c0 to %trip step %c1 iter_args(%x = %m) -> (memref<?xi64>) {
    %v = memref.load %x[%c0] : memref<?xi64>
    %w = arith.addi %v, %k7 : i64
    %t = memref.alloc(%c1) : memref<?xi64>
    memref.store %w, %t[%c0] : memref<?xi64>
    scf.yield %t : memref<?xi64>
  }
  %s = memref.load %m[%c0] : memref<?xi64>
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  cf.br ^join(%r : memref<?xi64>)
^other:
  %o = memref.alloc(%c1) : memref<?xi64>
  memref.store %k9, %o[%c0] : memref<?xi64>
  cf.br ^join(%o : memref<?xi64>)
^join(%j: memref<?xi64>):
  %big = memref.alloc(%c4) : memref<?xi64>
  %h = memref.load %j[%c0] : memref<?xi64>
  memref.store %h, %big[%c1] : memref<?xi64>
  %y = memref.load %big[%c1] : memref<?xi64>
  return %y : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @lend_then_join(%true, %c2) : (i1, index) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @lend_then_join(%true, %c0) : (i1, index) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %d = func.call @lend_then_join(%false, %c2) : (i1, index) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  return
}
