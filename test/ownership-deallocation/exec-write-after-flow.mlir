// Writes to a buffer after it flowed into a merge, as the sparsifier's code
// does: @grow passes a buffer into an scf.for as an iter_arg init, the loop
// body grows it (memref.realloc, inside an scf.if whose result merges the
// grown and the old buffer) and writes into the merge, and the function
// writes into the loop's result after the loop; @write_original_after_loop
// writes into the original buffer after the loop that carried it. No write
// reaches one of two buffers while the other is still used: where the plan
// clones (the merge of a buffer from outside the scf.if), the clone is made
// before the write and the original is dead, so both deallocation pipelines
// accept the program. The ownership-based pass makes no copy at all: the
// loop's yield hands the merge on as a checked move (owned when its flag
// says so, or when it is the iter_arg, aligned pointers equal, and the
// iter_arg is owned; the iter_arg freed only when owned and not the buffer
// handed on). The clone-based pass hands the iter_arg on through the branch
// that does not grow it and clones only the realloc's in-place result. The
// static verifier accepts both outputs, and both run clean under
// AddressSanitizer with the program's output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{keep-clones=true},bufrs-verify-deallocation)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true},bufrs-verify-deallocation)' | FileCheck %s --check-prefix=CLONE
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      108
// OUT-NEXT: 15
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @grow(
// CHECK-SAME: %[[GROW_ARG0:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[GROW_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[GROW_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[GROW_C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[GROW_C100_I64:[a-z0-9_]+]] = arith.constant 100 : i64
// CHECK-NEXT: %[[GROW_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[GROW_C2]]) : memref<?xi64>
// CHECK-NEXT: %[[GROW_C0_I64:[a-z0-9_]+]] = arith.constant 0 : i64
// CHECK-NEXT: memref.store %[[GROW_C0_I64]], %[[GROW_ALLOC]][%[[GROW_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[GROW_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: %[[GROW_0:[a-z0-9_]+]]:2 = scf.for %[[GROW_ARG1:[a-z0-9_]+]] = %[[GROW_C0]] to %[[GROW_ARG0]] step %[[GROW_C1]] iter_args(%[[GROW_ARG2:[a-z0-9_]+]] = %[[GROW_ALLOC]], %[[GROW_ARG3:[a-z0-9_]+]] = %[[GROW_TRUE]]) -> (memref<?xi64>, i1) {
// CHECK-NEXT: %[[GROW_DIM:[a-z0-9_]+]] = memref.dim %[[GROW_ARG2]], %[[GROW_C0]] : memref<?xi64>
// CHECK-NEXT: %[[GROW_5:[a-z0-9_]+]] = arith.cmpi uge, %[[GROW_ARG1]], %[[GROW_DIM]] : index
// CHECK-NEXT: %[[GROW_6:[a-z0-9_]+]]:2 = scf.if %[[GROW_5]] -> (memref<?xi64>, i1) {
// CHECK-NEXT: %[[GROW_13:[a-z0-9_]+]] = arith.muli %[[GROW_DIM]], %[[GROW_C2]] : index
// CHECK-NEXT: %[[GROW_C0_3:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[GROW_DIM_4:[a-z0-9_]+]] = memref.dim %[[GROW_ARG2]], %[[GROW_C0_3]] : memref<?xi64>
// CHECK-NEXT: %[[GROW_14:[a-z0-9_]+]] = arith.cmpi ult, %[[GROW_DIM_4]], %[[GROW_13]] : index
// CHECK-NEXT: %[[GROW_15:[a-z0-9_]+]]:2 = scf.if %[[GROW_14]] -> (memref<?xi64>, i1) {
// CHECK-NEXT: %[[GROW_ALLOC_5:[a-z0-9_]+]] = memref.alloc(%[[GROW_13]]) : memref<?xi64>
// CHECK-NEXT: %[[GROW_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[GROW_ALLOC_5]][0] [%[[GROW_DIM_4]]] [1] : memref<?xi64> to memref<?xi64, strided<[1]>>
// CHECK-NEXT: memref.copy %[[GROW_ARG2]], %[[GROW_SUBVIEW]] : memref<?xi64> to memref<?xi64, strided<[1]>>
// CHECK-NEXT: %[[GROW_TRUE_6:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[GROW_ALLOC_5]], %[[GROW_TRUE_6]] : memref<?xi64>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[GROW_REINTERPRET_CAST:[a-z0-9_]+]] = memref.reinterpret_cast %[[GROW_ARG2]] to offset: [0], sizes: [%[[GROW_13]]], strides: [1] : memref<?xi64> to memref<?xi64>
// CHECK-NEXT: %[[GROW_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[GROW_REINTERPRET_CAST]], %[[GROW_FALSE]] : memref<?xi64>, i1
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[GROW_15]]#0, %[[GROW_15]]#1 : memref<?xi64>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[GROW_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[GROW_ARG2]], %[[GROW_FALSE]] : memref<?xi64>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[GROW_7:[a-z0-9_]+]] = arith.index_cast %[[GROW_ARG1]] : index to i64
// CHECK-NEXT: memref.store %[[GROW_7]], %[[GROW_6]]#0[%[[GROW_ARG1]]] : memref<?xi64>
// CHECK-NEXT: %[[GROW_INTPTR:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[GROW_6]]#0 : memref<?xi64> -> index
// CHECK-NEXT: %[[GROW_INTPTR_0:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[GROW_ARG2]] : memref<?xi64> -> index
// CHECK-NEXT: %[[GROW_8:[a-z0-9_]+]] = arith.cmpi eq, %[[GROW_INTPTR]], %[[GROW_INTPTR_0]] : index
// CHECK-NEXT: %[[GROW_9:[a-z0-9_]+]] = arith.andi %[[GROW_ARG3]], %[[GROW_8]] : i1
// CHECK-NEXT: %[[GROW_10:[a-z0-9_]+]] = arith.ori %[[GROW_6]]#1, %[[GROW_9]] : i1
// CHECK-NEXT: %[[GROW_INTPTR_1:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[GROW_ARG2]] : memref<?xi64> -> index
// CHECK-NEXT: %[[GROW_INTPTR_2:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[GROW_6]]#0 : memref<?xi64> -> index
// CHECK-NEXT: %[[GROW_11:[a-z0-9_]+]] = arith.cmpi ne, %[[GROW_INTPTR_1]], %[[GROW_INTPTR_2]] : index
// CHECK-NEXT: %[[GROW_12:[a-z0-9_]+]] = arith.andi %[[GROW_ARG3]], %[[GROW_11]] : i1
// CHECK-NEXT: scf.if %[[GROW_12]] {
// CHECK-NEXT: memref.dealloc %[[GROW_ARG2]] : memref<?xi64>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[GROW_6]]#0, %[[GROW_10]] : memref<?xi64>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[GROW_C100_I64]], %[[GROW_0]]#0[%[[GROW_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[GROW_1:[a-z0-9_]+]] = arith.subi %[[GROW_ARG0]], %[[GROW_C1]] : index
// CHECK-NEXT: %[[GROW_2:[a-z0-9_]+]] = memref.load %[[GROW_0]]#0[%[[GROW_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[GROW_3:[a-z0-9_]+]] = memref.load %[[GROW_0]]#0[%[[GROW_1]]] : memref<?xi64>
// CHECK-NEXT: scf.if %[[GROW_0]]#1 {
// CHECK-NEXT: memref.dealloc %[[GROW_0]]#0 : memref<?xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[GROW_4:[a-z0-9_]+]] = arith.addi %[[GROW_2]], %[[GROW_3]] : i64
// CHECK-NEXT: return %[[GROW_4]] : i64
// CHECK-NEXT: }

// CHECK-LABEL: func.func @write_original_after_loop(
// CHECK-SAME: %[[WRITEO_ARG0:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[WRITEO_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[WRITEO_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[WRITEO_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[WRITEO_C7_I64:[a-z0-9_]+]] = arith.constant 7 : i64
// CHECK-NEXT: %[[WRITEO_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[WRITEO_C4]]) : memref<?xi64>
// CHECK-NEXT: %[[WRITEO_C1_I64:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-NEXT: memref.store %[[WRITEO_C1_I64]], %[[WRITEO_ALLOC]][%[[WRITEO_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[WRITEO_0:[a-z0-9_]+]] = scf.for %[[WRITEO_ARG1:[a-z0-9_]+]] = %[[WRITEO_C0]] to %[[WRITEO_ARG0]] step %[[WRITEO_C1]] iter_args(%[[WRITEO_ARG2:[a-z0-9_]+]] = %[[WRITEO_ALLOC]]) -> (memref<?xi64>) {
// CHECK-NEXT: %[[WRITEO_4:[a-z0-9_]+]] = memref.load %[[WRITEO_ARG2]][%[[WRITEO_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[WRITEO_5:[a-z0-9_]+]] = arith.addi %[[WRITEO_4]], %[[WRITEO_4]] : i64
// CHECK-NEXT: memref.store %[[WRITEO_5]], %[[WRITEO_ARG2]][%[[WRITEO_C0]]] : memref<?xi64>
// CHECK-NEXT: scf.yield %[[WRITEO_ARG2]] : memref<?xi64>
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[WRITEO_C7_I64]], %[[WRITEO_ALLOC]][%[[WRITEO_C1]]] : memref<?xi64>
// CHECK-NEXT: %[[WRITEO_1:[a-z0-9_]+]] = memref.load %[[WRITEO_0]][%[[WRITEO_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[WRITEO_2:[a-z0-9_]+]] = memref.load %[[WRITEO_0]][%[[WRITEO_C1]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[WRITEO_ALLOC]] : memref<?xi64>
// CHECK-NEXT: %[[WRITEO_3:[a-z0-9_]+]] = arith.addi %[[WRITEO_1]], %[[WRITEO_2]] : i64
// CHECK-NEXT: return %[[WRITEO_3]] : i64
// CHECK-NEXT: }

// CLONE-LABEL: func.func @grow(
// CLONE-SAME: %[[GROW_ARG0:[a-z0-9_]+]]: index) -> i64 {
// CLONE-NEXT: %[[GROW_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CLONE-NEXT: %[[GROW_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CLONE-NEXT: %[[GROW_C2:[a-z0-9_]+]] = arith.constant 2 : index
// CLONE-NEXT: %[[GROW_C100_I64:[a-z0-9_]+]] = arith.constant 100 : i64
// CLONE-NEXT: %[[GROW_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[GROW_C2]]) : memref<?xi64>
// CLONE-NEXT: %[[GROW_C0_I64:[a-z0-9_]+]] = arith.constant 0 : i64
// CLONE-NEXT: memref.store %[[GROW_C0_I64]], %[[GROW_ALLOC]][%[[GROW_C0]]] : memref<?xi64>
// CLONE-NEXT: %[[GROW_0:[a-z0-9_]+]] = scf.for %[[GROW_ARG1:[a-z0-9_]+]] = %[[GROW_C0]] to %[[GROW_ARG0]] step %[[GROW_C1]] iter_args(%[[GROW_ARG2:[a-z0-9_]+]] = %[[GROW_ALLOC]]) -> (memref<?xi64>) {
// CLONE-NEXT: %[[GROW_DIM:[a-z0-9_]+]] = memref.dim %[[GROW_ARG2]], %[[GROW_C0]] : memref<?xi64>
// CLONE-NEXT: %[[GROW_5:[a-z0-9_]+]] = arith.cmpi uge, %[[GROW_ARG1]], %[[GROW_DIM]] : index
// CLONE-NEXT: %[[GROW_6:[a-z0-9_]+]] = scf.if %[[GROW_5]] -> (memref<?xi64>) {
// CLONE-NEXT: %[[GROW_8:[a-z0-9_]+]] = arith.muli %[[GROW_DIM]], %[[GROW_C2]] : index
// CLONE-NEXT: %[[GROW_C0_0:[a-z0-9_]+]] = arith.constant 0 : index
// CLONE-NEXT: %[[GROW_DIM_1:[a-z0-9_]+]] = memref.dim %[[GROW_ARG2]], %[[GROW_C0_0]] : memref<?xi64>
// CLONE-NEXT: %[[GROW_9:[a-z0-9_]+]] = arith.cmpi ult, %[[GROW_DIM_1]], %[[GROW_8]] : index
// CLONE-NEXT: %[[GROW_10:[a-z0-9_]+]] = scf.if %[[GROW_9]] -> (memref<?xi64>) {
// CLONE-NEXT: %[[GROW_ALLOC_2:[a-z0-9_]+]] = memref.alloc(%[[GROW_8]]) : memref<?xi64>
// CLONE-NEXT: %[[GROW_SUBVIEW:[a-z0-9_]+]] = memref.subview %[[GROW_ALLOC_2]][0] [%[[GROW_DIM_1]]] [1] : memref<?xi64> to memref<?xi64, strided<[1]>>
// CLONE-NEXT: memref.copy %[[GROW_ARG2]], %[[GROW_SUBVIEW]] : memref<?xi64> to memref<?xi64, strided<[1]>>
// CLONE-NEXT: scf.yield %[[GROW_ALLOC_2]] : memref<?xi64>
// CLONE-NEXT: } else {
// CLONE-NEXT: %[[GROW_REINTERPRET_CAST:[a-z0-9_]+]] = memref.reinterpret_cast %[[GROW_ARG2]] to offset: [0], sizes: [%[[GROW_8]]], strides: [1] : memref<?xi64> to memref<?xi64>
// CLONE-NEXT: %[[GROW_11:[a-z0-9_]+]] = bufferization.clone %[[GROW_REINTERPRET_CAST]] : memref<?xi64> to memref<?xi64>
// CLONE-NEXT: scf.yield %[[GROW_11]] : memref<?xi64>
// CLONE-NEXT: }
// CLONE-NEXT: memref.dealloc %[[GROW_ARG2]] : memref<?xi64>
// CLONE-NEXT: scf.yield %[[GROW_10]] : memref<?xi64>
// CLONE-NEXT: } else {
// CLONE-NEXT: scf.yield %[[GROW_ARG2]] : memref<?xi64>
// CLONE-NEXT: }
// CLONE-NEXT: %[[GROW_7:[a-z0-9_]+]] = arith.index_cast %[[GROW_ARG1]] : index to i64
// CLONE-NEXT: memref.store %[[GROW_7]], %[[GROW_6]][%[[GROW_ARG1]]] : memref<?xi64>
// CLONE-NEXT: scf.yield %[[GROW_6]] : memref<?xi64>
// CLONE-NEXT: }
// CLONE-NEXT: memref.store %[[GROW_C100_I64]], %[[GROW_0]][%[[GROW_C0]]] : memref<?xi64>
// CLONE-NEXT: %[[GROW_1:[a-z0-9_]+]] = arith.subi %[[GROW_ARG0]], %[[GROW_C1]] : index
// CLONE-NEXT: %[[GROW_2:[a-z0-9_]+]] = memref.load %[[GROW_0]][%[[GROW_C0]]] : memref<?xi64>
// CLONE-NEXT: %[[GROW_3:[a-z0-9_]+]] = memref.load %[[GROW_0]][%[[GROW_1]]] : memref<?xi64>
// CLONE-NEXT: memref.dealloc %[[GROW_0]] : memref<?xi64>
// CLONE-NEXT: %[[GROW_4:[a-z0-9_]+]] = arith.addi %[[GROW_2]], %[[GROW_3]] : i64
// CLONE-NEXT: return %[[GROW_4]] : i64
// CLONE-NEXT: }

// CLONE-LABEL: func.func @write_original_after_loop(
// CLONE-SAME: %[[WRITEO_ARG0:[a-z0-9_]+]]: index) -> i64 {
// CLONE-NEXT: %[[WRITEO_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CLONE-NEXT: %[[WRITEO_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CLONE-NEXT: %[[WRITEO_C4:[a-z0-9_]+]] = arith.constant 4 : index
// CLONE-NEXT: %[[WRITEO_C7_I64:[a-z0-9_]+]] = arith.constant 7 : i64
// CLONE-NEXT: %[[WRITEO_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[WRITEO_C4]]) : memref<?xi64>
// CLONE-NEXT: %[[WRITEO_C1_I64:[a-z0-9_]+]] = arith.constant 1 : i64
// CLONE-NEXT: memref.store %[[WRITEO_C1_I64]], %[[WRITEO_ALLOC]][%[[WRITEO_C0]]] : memref<?xi64>
// CLONE-NEXT: %[[WRITEO_0:[a-z0-9_]+]] = scf.for %[[WRITEO_ARG1:[a-z0-9_]+]] = %[[WRITEO_C0]] to %[[WRITEO_ARG0]] step %[[WRITEO_C1]] iter_args(%[[WRITEO_ARG2:[a-z0-9_]+]] = %[[WRITEO_ALLOC]]) -> (memref<?xi64>) {
// CLONE-NEXT: %[[WRITEO_4:[a-z0-9_]+]] = memref.load %[[WRITEO_ARG2]][%[[WRITEO_C0]]] : memref<?xi64>
// CLONE-NEXT: %[[WRITEO_5:[a-z0-9_]+]] = arith.addi %[[WRITEO_4]], %[[WRITEO_4]] : i64
// CLONE-NEXT: memref.store %[[WRITEO_5]], %[[WRITEO_ARG2]][%[[WRITEO_C0]]] : memref<?xi64>
// CLONE-NEXT: scf.yield %[[WRITEO_ARG2]] : memref<?xi64>
// CLONE-NEXT: }
// CLONE-NEXT: memref.store %[[WRITEO_C7_I64]], %[[WRITEO_ALLOC]][%[[WRITEO_C1]]] : memref<?xi64>
// CLONE-NEXT: %[[WRITEO_1:[a-z0-9_]+]] = memref.load %[[WRITEO_0]][%[[WRITEO_C0]]] : memref<?xi64>
// CLONE-NEXT: %[[WRITEO_2:[a-z0-9_]+]] = memref.load %[[WRITEO_0]][%[[WRITEO_C1]]] : memref<?xi64>
// CLONE-NEXT: memref.dealloc %[[WRITEO_ALLOC]] : memref<?xi64>
// CLONE-NEXT: %[[WRITEO_3:[a-z0-9_]+]] = arith.addi %[[WRITEO_1]], %[[WRITEO_2]] : i64
// CLONE-NEXT: return %[[WRITEO_3]] : i64
// CLONE-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @grow(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k = arith.constant 100 : i64
  %b = memref.alloc(%c2) : memref<?xi64>
  %z = arith.constant 0 : i64
  memref.store %z, %b[%c0] : memref<?xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %b) -> (memref<?xi64>) {
    %d = memref.dim %cur, %c0 : memref<?xi64>
    %full = arith.cmpi uge, %i, %d : index
    %next = scf.if %full -> (memref<?xi64>) {
      %d2 = arith.muli %d, %c2 : index
      %g = memref.realloc %cur(%d2) : memref<?xi64> to memref<?xi64>
      scf.yield %g : memref<?xi64>
    } else {
      scf.yield %cur : memref<?xi64>
    }
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %next[%i] : memref<?xi64>
    scf.yield %next : memref<?xi64>
  }
  memref.store %k, %r[%c0] : memref<?xi64>
  %last = arith.subi %n, %c1 : index
  %a = memref.load %r[%c0] : memref<?xi64>
  %l = memref.load %r[%last] : memref<?xi64>
  %s = arith.addi %a, %l : i64
  return %s : i64
}

func.func @write_original_after_loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant 7 : i64
  %b = memref.alloc(%c4) : memref<?xi64>
  %z = arith.constant 1 : i64
  memref.store %z, %b[%c0] : memref<?xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %b) -> (memref<?xi64>) {
    %v = memref.load %cur[%c0] : memref<?xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %cur[%c0] : memref<?xi64>
    scf.yield %cur : memref<?xi64>
  }
  memref.store %k, %b[%c1] : memref<?xi64>
  %a = memref.load %r[%c0] : memref<?xi64>
  %e = memref.load %r[%c1] : memref<?xi64>
  %s = arith.addi %a, %e : i64
  return %s : i64
}

func.func @run() {
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %a = func.call @grow(%c9) : (index) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @write_original_after_loop(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  return
}
