// A buffer allocated before a cf loop (%alloc_0, as loop hoisting leaves
// it), written in each iteration, then passed as the init of an scf.for
// iter_arg and read after that loop: the scf.for's iter_arg gets a clone
// (the buffer is still read after the loop), and the next iteration's write
// comes after that flow, but the clone and the merges it feeds are dead by
// then (defined later in the block and not carried around the cf loop), so
// the write reaches the only buffer still used and the pass accepts the
// program. The static verifier accepts the output; every deallocation
// pipeline runs it clean under AddressSanitizer with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation),bufrs-verify-deallocation)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      84
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @f0(
// CHECK-SAME: %[[F0_ARG0:[a-z0-9_#]+]]: i1, %[[F0_ARG1:[a-z0-9_#]+]]: index, %[[F0_ARG2:[a-z0-9_#]+]]: index, %[[F0_ARG3:[a-z0-9_#]+]]: index) -> (i64, memref<?xf32>) {
// CHECK-NEXT: %[[F0_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[F0_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[F0_C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[F0_C11_I32:[a-z0-9_]+]] = arith.constant 11 : i32
// CHECK-NEXT: %[[F0_C2_I32:[a-z0-9_]+]] = arith.constant 2 : i32
// CHECK-NEXT: %[[F0_C4_I32:[a-z0-9_]+]] = arith.constant 4 : i32
// CHECK-NEXT: %[[F0_ALLOCA:[a-z0-9_]+]] = memref.alloca() : memref<1xi64>
// CHECK-NEXT: %[[F0_C0_I64:[a-z0-9_]+]] = arith.constant 0 : i64
// CHECK-NEXT: memref.store %[[F0_C0_I64]], %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: %[[F0_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[F0_ARG2]], %[[F0_ARG1]]) : memref<?x?xi32>
// CHECK-NEXT: %[[F0_ALLOC_0:[a-z0-9_]+]] = memref.alloc(%[[F0_ARG2]], %[[F0_ARG2]]) : memref<?x?xi32>
// CHECK-NEXT: cf.br ^bb1(%[[F0_C0]], %[[F0_ALLOC]] : index, memref<?x?xi32>)
// CHECK-NEXT: ^bb1(%[[F0_V_0:[a-z0-9_]+]]: index, %[[F0_V_1:[a-z0-9_]+]]: memref<?x?xi32>):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: memref.dealloc %[[F0_V_1]] : memref<?x?xi32>
// CHECK-NEXT: %[[F0_V_2:[a-z0-9_]+]] = arith.cmpi slt, %[[F0_V_0]], %[[F0_ARG3]] : index
// CHECK-NEXT: cf.cond_br %[[F0_V_2]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %[[F0_DIM:[a-z0-9_]+]] = memref.dim %[[F0_ALLOC_0]], %[[F0_C0]] : memref<?x?xi32>
// CHECK-NEXT: %[[F0_DIM_1:[a-z0-9_]+]] = memref.dim %[[F0_ALLOC_0]], %[[F0_C1]] : memref<?x?xi32>
// CHECK-NEXT: scf.for %[[F0_ARG4:[a-z0-9_]+]] = %[[F0_C0]] to %[[F0_DIM]] step %[[F0_C1]] {
// CHECK-NEXT: scf.for %[[F0_ARG5:[a-z0-9_]+]] = %[[F0_C0]] to %[[F0_DIM_1]] step %[[F0_C1]] {
// CHECK-NEXT: %[[F0_V_12:[a-z0-9_]+]] = arith.index_cast %[[F0_ARG4]] : index to i32
// CHECK-NEXT: %[[F0_V_13:[a-z0-9_]+]] = arith.index_cast %[[F0_ARG5]] : index to i32
// CHECK-NEXT: %[[F0_V_14:[a-z0-9_]+]] = arith.muli %[[F0_V_12]], %[[F0_C11_I32]] : i32
// CHECK-NEXT: %[[F0_V_15:[a-z0-9_]+]] = arith.addi %[[F0_V_14]], %[[F0_V_13]] : i32
// CHECK-NEXT: %[[F0_V_16:[a-z0-9_]+]] = arith.muli %[[F0_V_15]], %[[F0_C2_I32]] : i32
// CHECK-NEXT: %[[F0_V_17:[a-z0-9_]+]] = arith.addi %[[F0_V_16]], %[[F0_C4_I32]] : i32
// CHECK-NEXT: memref.store %[[F0_V_17]], %[[F0_ALLOC_0]][%[[F0_ARG4]], %[[F0_ARG5]]] : memref<?x?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[F0_V_3:[a-z0-9_]+]] = bufferization.clone %[[F0_ALLOC_0]] : memref<?x?xi32> to memref<?x?xi32>
// CHECK-NEXT: %[[F0_V_4:[a-z0-9_]+]] = scf.for %[[F0_ARG4]] = %[[F0_C0]] to %[[F0_C2]] step %[[F0_C1]] iter_args(%[[F0_ARG5]] = %[[F0_V_3]]) -> (memref<?x?xi32>) {
// CHECK-NEXT: memref.dealloc %[[F0_ARG5]] : memref<?x?xi32>
// CHECK-NEXT: %[[F0_ALLOC_4:[a-z0-9_]+]] = memref.alloc(%[[F0_ARG2]], %[[F0_ARG1]]) : memref<?x?xi32>
// CHECK-NEXT: scf.yield %[[F0_ALLOC_4]] : memref<?x?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[F0_V_5:[a-z0-9_]+]] = memref.load %[[F0_V_4]][%[[F0_C1]], %[[F0_C1]]] : memref<?x?xi32>
// CHECK-NEXT: memref.dealloc %[[F0_V_4]] : memref<?x?xi32>
// CHECK-NEXT: %[[F0_V_6:[a-z0-9_]+]] = memref.load %[[F0_ALLOC_0]][%[[F0_C1]], %[[F0_C1]]] : memref<?x?xi32>
// CHECK-NEXT: %[[F0_V_7:[a-z0-9_]+]] = arith.extsi %[[F0_V_6]] : i32 to i64
// CHECK-NEXT: %[[F0_V_8:[a-z0-9_]+]] = memref.load %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: %[[F0_V_9:[a-z0-9_]+]] = arith.addi %[[F0_V_8]], %[[F0_V_7]] : i64
// CHECK-NEXT: memref.store %[[F0_V_9]], %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: %[[F0_ALLOC_2:[a-z0-9_]+]] = memref.alloc(%[[F0_ARG2]]) : memref<?x6xi32>
// CHECK-NEXT: %[[F0_CAST:[a-z0-9_]+]] = memref.cast %[[F0_ALLOC_2]] : memref<?x6xi32> to memref<?x?xi32>
// CHECK-NEXT: %[[F0_V_10:[a-z0-9_]+]] = arith.addi %[[F0_V_0]], %[[F0_C1]] : index
// CHECK-NEXT: cf.br ^bb1(%[[F0_V_10]], %[[F0_CAST]] : index, memref<?x?xi32>)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: memref.dealloc %[[F0_ALLOC_0]] : memref<?x?xi32>
// CHECK-NEXT: %[[F0_ALLOC_3:[a-z0-9_]+]] = memref.alloc(%[[F0_ARG1]]) : memref<?xf32>
// CHECK-NEXT: %[[F0_V_11:[a-z0-9_]+]] = memref.load %[[F0_ALLOCA]][%[[F0_C0]]] : memref<1xi64>
// CHECK-NEXT: return %[[F0_V_11]], %[[F0_ALLOC_3]] : i64, memref<?xf32>
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)
func.func @f0(%arg0: i1, %arg1: index, %arg2: index, %arg3: index) -> (i64, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c11_i32 = arith.constant 11 : i32
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %alloca = memref.alloca() : memref<1xi64>
  %c0_i64 = arith.constant 0 : i64
  memref.store %c0_i64, %alloca[%c0] : memref<1xi64>
  %alloc = memref.alloc(%arg2, %arg1) : memref<?x?xi32>
  %alloc_0 = memref.alloc(%arg2, %arg2) : memref<?x?xi32>
  cf.br ^bb1(%c0, %alloc : index, memref<?x?xi32>)
^bb1(%0: index, %1: memref<?x?xi32>):  // 2 preds: ^bb0, ^bb2
  %2 = arith.cmpi slt, %0, %arg3 : index
  cf.cond_br %2, ^bb2, ^bb3
^bb2:  // pred: ^bb1
  %dim = memref.dim %alloc_0, %c0 : memref<?x?xi32>
  %dim_1 = memref.dim %alloc_0, %c1 : memref<?x?xi32>
  scf.for %arg4 = %c0 to %dim step %c1 {
    scf.for %arg5 = %c0 to %dim_1 step %c1 {
      %11 = arith.index_cast %arg4 : index to i32
      %12 = arith.index_cast %arg5 : index to i32
      %13 = arith.muli %11, %c11_i32 : i32
      %14 = arith.addi %13, %12 : i32
      %15 = arith.muli %14, %c2_i32 : i32
      %16 = arith.addi %15, %c4_i32 : i32
      memref.store %16, %alloc_0[%arg4, %arg5] : memref<?x?xi32>
    }
  }
  %3 = scf.for %arg4 = %c0 to %c2 step %c1 iter_args(%arg5 = %alloc_0) -> (memref<?x?xi32>) {
    %alloc_4 = memref.alloc(%arg2, %arg1) : memref<?x?xi32>
    scf.yield %alloc_4 : memref<?x?xi32>
  }
  %4 = memref.load %3[%c1, %c1] : memref<?x?xi32>
  %5 = memref.load %alloc_0[%c1, %c1] : memref<?x?xi32>
  %6 = arith.extsi %5 : i32 to i64
  %7 = memref.load %alloca[%c0] : memref<1xi64>
  %8 = arith.addi %7, %6 : i64
  memref.store %8, %alloca[%c0] : memref<1xi64>
  %alloc_2 = memref.alloc(%arg2) : memref<?x6xi32>
  %cast = memref.cast %alloc_2 : memref<?x6xi32> to memref<?x?xi32>
  %9 = arith.addi %0, %c1 : index
  cf.br ^bb1(%9, %cast : index, memref<?x?xi32>)
^bb3:  // pred: ^bb1
  %alloc_3 = memref.alloc(%arg1) : memref<?xf32>
  %10 = memref.load %alloca[%c0] : memref<1xi64>
  return %10, %alloc_3 : i64, memref<?xf32>
}
func.func @run() {
  %true = arith.constant true
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0:2 = call @f0(%true, %c2, %c2, %c3) : (i1, index, index, index) -> (i64, memref<?xf32>)
  call @bufrs_print_i64(%0#0) : (i64) -> ()
  return
}
