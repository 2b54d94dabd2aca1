// A write to a buffer after it flowed into a merge the clone-based plan
// hands a clone of it, while the merge and the buffer are both read after
// the write: the clone would miss the write. bufrs-buffer-deallocation
// hands such a merge the buffer itself with an i1 ownership flag instead
// (false where it borrows the buffer, true where it owns another), freed
// under its flag, so the write reaches every alias; a function without
// such a write keeps its clone. @write_after_iter_arg_init is the
// sparsifier's shape (a buffer written after it was an scf.for's iter_arg
// init). The verifier accepts the output, and every pipeline's output runs
// clean under AddressSanitizer with the program's output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true},func.func(bufrs-verify-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation),bufrs-finalize-deallocation,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation),func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// OUT:      10
// OUT-NEXT: 6
// OUT-NEXT: 11
// OUT-NEXT: 9
// OUT-NEXT: 2
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @write_after_if(
// CHECK-SAME: %[[WRITE_AFTER_IF_ARG0:[a-z0-9_]+]]: i1) -> f32 {
// CHECK-NEXT: %[[WRITE_AFTER_IF_CST:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[WRITE_AFTER_IF_CST_0:[a-z0-9_]+]] = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %[[WRITE_AFTER_IF_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[WRITE_AFTER_IF_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[WRITE_AFTER_IF_CST]], %[[WRITE_AFTER_IF_ALLOC]][%[[WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_IF_V_0:[a-z0-9_]+]]:2 = scf.if %[[WRITE_AFTER_IF_ARG0]] -> (memref<2xf32>, i1) {
// CHECK-NEXT: %[[WRITE_AFTER_IF_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[WRITE_AFTER_IF_ALLOC]], %[[WRITE_AFTER_IF_FALSE]] : memref<2xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[WRITE_AFTER_IF_ALLOC_1:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[WRITE_AFTER_IF_CST]], %[[WRITE_AFTER_IF_ALLOC_1]][%[[WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_IF_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[WRITE_AFTER_IF_ALLOC_1]], %[[WRITE_AFTER_IF_TRUE]] : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[WRITE_AFTER_IF_CST_0]], %[[WRITE_AFTER_IF_ALLOC]][%[[WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_IF_V_1:[a-z0-9_]+]] = memref.load %[[WRITE_AFTER_IF_V_0]]#0[%[[WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: scf.if %[[WRITE_AFTER_IF_V_0]]#1 {
// CHECK-NEXT: memref.dealloc %[[WRITE_AFTER_IF_V_0]]#0 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[WRITE_AFTER_IF_V_2:[a-z0-9_]+]] = memref.load %[[WRITE_AFTER_IF_ALLOC]][%[[WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc %[[WRITE_AFTER_IF_ALLOC]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_IF_V_3:[a-z0-9_]+]] = arith.addf %[[WRITE_AFTER_IF_V_1]], %[[WRITE_AFTER_IF_V_2]] : f32
// CHECK-NEXT: return %[[WRITE_AFTER_IF_V_3]] : f32
// CHECK-NEXT: }

// CHECK-LABEL: func.func @write_after_iter_arg_init(
// CHECK-SAME: %[[WRITE_AFTER_ITER_ARG_INIT_ARG0:[a-z0-9_]+]]: index) -> f32 {
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_CST:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_CST_0:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_CST_1:[a-z0-9_]+]] = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[WRITE_AFTER_ITER_ARG_INIT_CST]], %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC]][%[[WRITE_AFTER_ITER_ARG_INIT_C0]]] : memref<2xf32>
// CHECK-NEXT: memref.store %[[WRITE_AFTER_ITER_ARG_INIT_CST_0]], %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC]][%[[WRITE_AFTER_ITER_ARG_INIT_C1]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_0:[a-z0-9_]+]]:2 = scf.for %[[WRITE_AFTER_ITER_ARG_INIT_ARG1:[a-z0-9_]+]] = %[[WRITE_AFTER_ITER_ARG_INIT_C0]] to %[[WRITE_AFTER_ITER_ARG_INIT_ARG0]] step %[[WRITE_AFTER_ITER_ARG_INIT_C1]] iter_args(%[[WRITE_AFTER_ITER_ARG_INIT_ARG2:[a-z0-9_]+]] = %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC]], %[[WRITE_AFTER_ITER_ARG_INIT_ARG3:[a-z0-9_]+]] = %[[WRITE_AFTER_ITER_ARG_INIT_FALSE]]) -> (memref<2xf32>, i1) {
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_6:[a-z0-9_]+]] = memref.load %[[WRITE_AFTER_ITER_ARG_INIT_ARG2]][%[[WRITE_AFTER_ITER_ARG_INIT_C0]]] : memref<2xf32>
// CHECK-NEXT: scf.if %[[WRITE_AFTER_ITER_ARG_INIT_ARG3]] {
// CHECK-NEXT: memref.dealloc %[[WRITE_AFTER_ITER_ARG_INIT_ARG2]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_7:[a-z0-9_]+]] = arith.addf %[[WRITE_AFTER_ITER_ARG_INIT_V_6]], %[[WRITE_AFTER_ITER_ARG_INIT_CST]] : f32
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC_2:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[WRITE_AFTER_ITER_ARG_INIT_V_7]], %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC_2]][%[[WRITE_AFTER_ITER_ARG_INIT_C0]]] : memref<2xf32>
// CHECK-NEXT: memref.store %[[WRITE_AFTER_ITER_ARG_INIT_CST_0]], %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC_2]][%[[WRITE_AFTER_ITER_ARG_INIT_C1]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: scf.yield %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC_2]], %[[WRITE_AFTER_ITER_ARG_INIT_TRUE]] : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[WRITE_AFTER_ITER_ARG_INIT_CST_1]], %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC]][%[[WRITE_AFTER_ITER_ARG_INIT_C1]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_1:[a-z0-9_]+]] = memref.load %[[WRITE_AFTER_ITER_ARG_INIT_V_0]]#0[%[[WRITE_AFTER_ITER_ARG_INIT_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_2:[a-z0-9_]+]] = memref.load %[[WRITE_AFTER_ITER_ARG_INIT_V_0]]#0[%[[WRITE_AFTER_ITER_ARG_INIT_C1]]] : memref<2xf32>
// CHECK-NEXT: scf.if %[[WRITE_AFTER_ITER_ARG_INIT_V_0]]#1 {
// CHECK-NEXT: memref.dealloc %[[WRITE_AFTER_ITER_ARG_INIT_V_0]]#0 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_3:[a-z0-9_]+]] = memref.load %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC]][%[[WRITE_AFTER_ITER_ARG_INIT_C1]]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc %[[WRITE_AFTER_ITER_ARG_INIT_ALLOC]] : memref<2xf32>
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_4:[a-z0-9_]+]] = arith.addf %[[WRITE_AFTER_ITER_ARG_INIT_V_1]], %[[WRITE_AFTER_ITER_ARG_INIT_V_2]] : f32
// CHECK-NEXT: %[[WRITE_AFTER_ITER_ARG_INIT_V_5:[a-z0-9_]+]] = arith.addf %[[WRITE_AFTER_ITER_ARG_INIT_V_4]], %[[WRITE_AFTER_ITER_ARG_INIT_V_3]] : f32
// CHECK-NEXT: return %[[WRITE_AFTER_ITER_ARG_INIT_V_5]] : f32
// CHECK-NEXT: }

// CHECK-LABEL: func.func @no_write_after_if(
// CHECK-SAME: %[[NO_WRITE_AFTER_IF_ARG0:[a-z0-9_]+]]: i1) -> f32 {
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_CST:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_ALLOC:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[NO_WRITE_AFTER_IF_CST]], %[[NO_WRITE_AFTER_IF_ALLOC]][%[[NO_WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_V_0:[a-z0-9_]+]] = scf.if %[[NO_WRITE_AFTER_IF_ARG0]] -> (memref<2xf32>) {
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_V_4:[a-z0-9_]+]] = bufferization.clone %[[NO_WRITE_AFTER_IF_ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: scf.yield %[[NO_WRITE_AFTER_IF_V_4]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_ALLOC_0:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[NO_WRITE_AFTER_IF_CST]], %[[NO_WRITE_AFTER_IF_ALLOC_0]][%[[NO_WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: scf.yield %[[NO_WRITE_AFTER_IF_ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_V_1:[a-z0-9_]+]] = memref.load %[[NO_WRITE_AFTER_IF_V_0]][%[[NO_WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc %[[NO_WRITE_AFTER_IF_V_0]] : memref<2xf32>
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_V_2:[a-z0-9_]+]] = memref.load %[[NO_WRITE_AFTER_IF_ALLOC]][%[[NO_WRITE_AFTER_IF_C0]]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc %[[NO_WRITE_AFTER_IF_ALLOC]] : memref<2xf32>
// CHECK-NEXT: %[[NO_WRITE_AFTER_IF_V_3:[a-z0-9_]+]] = arith.addf %[[NO_WRITE_AFTER_IF_V_1]], %[[NO_WRITE_AFTER_IF_V_2]] : f32
// CHECK-NEXT: return %[[NO_WRITE_AFTER_IF_V_3]] : f32
// CHECK-NEXT: }

func.func private @bufrs_print_f32(f32)

// A buffer yielded by one branch of an scf.if and written after it, while
// both the scf.if's result and the buffer are read.
func.func @write_after_if(%c: i1) -> f32 {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %m = scf.if %c -> memref<2xf32> {
    scf.yield %a : memref<2xf32>
  } else {
    %b = memref.alloc() : memref<2xf32>
    memref.store %one, %b[%c0] : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  memref.store %five, %a[%c0] : memref<2xf32>
  %x = memref.load %m[%c0] : memref<2xf32>
  %y = memref.load %a[%c0] : memref<2xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

// The sparsifier's shape: a buffer passed into an scf.for as its iter_arg
// init (the loop's result is that buffer when the loop runs no iteration)
// and written after the loop.
func.func @write_after_iter_arg_init(%n: index) -> f32 {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %zero, %a[%c1] : memref<2xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %v = memref.load %x[%c0] : memref<2xf32>
    %w = arith.addf %v, %one : f32
    %fresh = memref.alloc() : memref<2xf32>
    memref.store %w, %fresh[%c0] : memref<2xf32>
    memref.store %zero, %fresh[%c1] : memref<2xf32>
    scf.yield %fresh : memref<2xf32>
  }
  memref.store %five, %a[%c1] : memref<2xf32>
  %r0 = memref.load %r[%c0] : memref<2xf32>
  %r1 = memref.load %r[%c1] : memref<2xf32>
  %a1 = memref.load %a[%c1] : memref<2xf32>
  %s0 = arith.addf %r0, %r1 : f32
  %s = arith.addf %s0, %a1 : f32
  return %s : f32
}

// The same merge with no write after it: the clone stays.
func.func @no_write_after_if(%c: i1) -> f32 {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %m = scf.if %c -> memref<2xf32> {
    scf.yield %a : memref<2xf32>
  } else {
    %b = memref.alloc() : memref<2xf32>
    memref.store %one, %b[%c0] : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  %x = memref.load %m[%c0] : memref<2xf32>
  %y = memref.load %a[%c0] : memref<2xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

func.func @run() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %1 = call @write_after_if(%t) : (i1) -> f32
  call @bufrs_print_f32(%1) : (f32) -> ()
  %2 = call @write_after_if(%f) : (i1) -> f32
  call @bufrs_print_f32(%2) : (f32) -> ()
  %3 = call @write_after_iter_arg_init(%c0) : (index) -> f32
  call @bufrs_print_f32(%3) : (f32) -> ()
  %4 = call @write_after_iter_arg_init(%c3) : (index) -> f32
  call @bufrs_print_f32(%4) : (f32) -> ()
  %5 = call @no_write_after_if(%t) : (i1) -> f32
  call @bufrs_print_f32(%5) : (f32) -> ()
  return
}
