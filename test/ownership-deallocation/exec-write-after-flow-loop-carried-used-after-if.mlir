// A buffer lent to an scf.for's iter_arg where an scf.if in the body yields
// the iter_arg on one branch and a copy on the other, the body reads the
// iter_arg after the scf.if and writes the scf.if's result, and the lent
// buffer is written after the loop. The scf.if's result borrows the
// iter_arg, so the loop's yield cannot move it with its flag alone: the
// iter_arg may be the buffer handed on. The yield hands it on with no copy
// (every write reaches the buffer the input writes): owned when its own
// flag says so, or when it is the iter_arg (aligned pointers equal) and the
// iter_arg is owned; the iter_arg is freed before the yield only when it is
// owned and not the buffer handed on. Executed under ASan through the
// ownership-based pipelines, the memory pipeline and the clone-based
// pipeline (which deallocates a function with such a write as the
// ownership-based pass does), with zero to four iterations (the copy taken
// in the third).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{keep-clones=true},bufrs-verify-deallocation)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      10
// OUT-NEXT: 10
// OUT-NEXT: 10
// OUT-NEXT: 9
// OUT-NEXT: 10
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @iter_arg_read_after_the_if(
// CHECK-SAME: %[[ITERAR_ARG0:[a-z0-9_]+]]: index) -> f32 {
// CHECK-NEXT: %[[ITERAR_CST:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ITERAR_CST_0:[a-z0-9_]+]] = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %[[ITERAR_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[ITERAR_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[ITERAR_C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[ITERAR_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[ITERAR_CST]], %[[ITERAR_ALLOC]][%[[ITERAR_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[ITERAR_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: %[[ITERAR_0:[a-z0-9_]+]]:2 = scf.for %[[ITERAR_ARG1:[a-z0-9_]+]] = %[[ITERAR_C0]] to %[[ITERAR_ARG0]] step %[[ITERAR_C1]] iter_args(%[[ITERAR_ARG2:[a-z0-9_]+]] = %[[ITERAR_ALLOC]], %[[ITERAR_ARG3:[a-z0-9_]+]] = %[[ITERAR_FALSE]]) -> (memref<2xf32>, i1) {
// CHECK-NEXT: %[[ITERAR_4:[a-z0-9_]+]] = arith.cmpi eq, %[[ITERAR_ARG1]], %[[ITERAR_C2]] : index
// CHECK-NEXT: %[[ITERAR_5:[a-z0-9_]+]]:2 = scf.if %[[ITERAR_4]] -> (memref<2xf32>, i1) {
// CHECK-NEXT: %[[ITERAR_ALLOC_4:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %[[ITERAR_ARG2]], %[[ITERAR_ALLOC_4]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: %[[ITERAR_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[ITERAR_ALLOC_4]], %[[ITERAR_TRUE]] : memref<2xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ITERAR_FALSE_4:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[ITERAR_ARG2]], %[[ITERAR_FALSE_4]] : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[ITERAR_6:[a-z0-9_]+]] = memref.load %[[ITERAR_ARG2]][%[[ITERAR_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[ITERAR_7:[a-z0-9_]+]] = arith.addf %[[ITERAR_6]], %[[ITERAR_CST]] : f32
// CHECK-NEXT: memref.store %[[ITERAR_7]], %[[ITERAR_5]]#0[%[[ITERAR_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[ITERAR_INTPTR:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[ITERAR_5]]#0 : memref<2xf32> -> index
// CHECK-NEXT: %[[ITERAR_INTPTR_1:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[ITERAR_ARG2]] : memref<2xf32> -> index
// CHECK-NEXT: %[[ITERAR_8:[a-z0-9_]+]] = arith.cmpi eq, %[[ITERAR_INTPTR]], %[[ITERAR_INTPTR_1]] : index
// CHECK-NEXT: %[[ITERAR_9:[a-z0-9_]+]] = arith.andi %[[ITERAR_ARG3]], %[[ITERAR_8]] : i1
// CHECK-NEXT: %[[ITERAR_10:[a-z0-9_]+]] = arith.ori %[[ITERAR_5]]#1, %[[ITERAR_9]] : i1
// CHECK-NEXT: %[[ITERAR_INTPTR_2:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[ITERAR_ARG2]] : memref<2xf32> -> index
// CHECK-NEXT: %[[ITERAR_INTPTR_3:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[ITERAR_5]]#0 : memref<2xf32> -> index
// CHECK-NEXT: %[[ITERAR_11:[a-z0-9_]+]] = arith.cmpi ne, %[[ITERAR_INTPTR_2]], %[[ITERAR_INTPTR_3]] : index
// CHECK-NEXT: %[[ITERAR_12:[a-z0-9_]+]] = arith.andi %[[ITERAR_ARG3]], %[[ITERAR_11]] : i1
// CHECK-NEXT: scf.if %[[ITERAR_12]] {
// CHECK-NEXT: memref.dealloc %[[ITERAR_ARG2]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[ITERAR_5]]#0, %[[ITERAR_10]] : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[ITERAR_CST_0]], %[[ITERAR_ALLOC]][%[[ITERAR_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[ITERAR_1:[a-z0-9_]+]] = memref.load %[[ITERAR_0]]#0[%[[ITERAR_C0]]] : memref<2xf32>
// CHECK-NEXT: scf.if %[[ITERAR_0]]#1 {
// CHECK-NEXT: memref.dealloc %[[ITERAR_0]]#0 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[ITERAR_2:[a-z0-9_]+]] = memref.load %[[ITERAR_ALLOC]][%[[ITERAR_C0]]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc %[[ITERAR_ALLOC]] : memref<2xf32>
// CHECK-NEXT: %[[ITERAR_3:[a-z0-9_]+]] = arith.addf %[[ITERAR_1]], %[[ITERAR_2]] : f32
// CHECK-NEXT: return %[[ITERAR_3]] : f32
// CHECK-NEXT: }

func.func @iter_arg_read_after_the_if(%n: index) -> f32 {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %e = arith.cmpi eq, %k, %c2 : index
    %nx = scf.if %e -> memref<2xf32> {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %x, %b : memref<2xf32> to memref<2xf32>
      scf.yield %b : memref<2xf32>
    } else {
      scf.yield %x : memref<2xf32>
    }
    %v = memref.load %x[%c0] : memref<2xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %nx[%c0] : memref<2xf32>
    scf.yield %nx : memref<2xf32>
  }
  memref.store %five, %a[%c0] : memref<2xf32>
  %x1 = memref.load %r[%c0] : memref<2xf32>
  %y1 = memref.load %a[%c0] : memref<2xf32>
  %s = arith.addf %x1, %y1 : f32
  return %s : f32
}

func.func private @bufrs_print_f32(f32)
func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  scf.for %n = %c0 to %c5 step %c1 {
    %s = func.call @iter_arg_read_after_the_if(%n) : (index) -> f32
    func.call @bufrs_print_f32(%s) : (f32) -> ()
  }
  return
}
