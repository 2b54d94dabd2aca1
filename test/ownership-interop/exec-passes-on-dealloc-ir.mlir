// Every bufrs pass accepts IR that already contains bufferization.dealloc and
// stays correct on it: %a is freed by the dealloc in the input (when %own
// holds, otherwise by the scf.if after it); the passes place frees for, hoist,
// promote and remove copies of the other buffers only. Each pipeline ends
// with the static verifier (bufrs-verify-deallocation, which reads
// bufferization.dealloc with seed 001's semantics) and is executed under
// AddressSanitizer after bufrs-lower-deallocations, for both values of %own.
// The exact output of the clone-based pass is checked below: the dealloc and
// its scf.if stay as they are, and only %b, %t, %u and %r get frees.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-verify-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-verify-deallocation,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-hoisting,bufrs-buffer-deallocation,bufrs-verify-deallocation,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-buffer-deallocation,bufrs-verify-deallocation,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-buffer-deallocation,bufrs-verify-deallocation,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-copy-removal,bufrs-verify-deallocation,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-merge-alloc,bufrs-verify-deallocation,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT

// OUT:      5
// OUT-NEXT: 5
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %[[MIXED_ARG0:[a-z0-9_#]+]]: i1, %[[MIXED_ARG1:[a-z0-9_#]+]]: index) -> i64 {
// CHECK-NEXT: %[[MIXED_C0:[a-z0-9_#]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[MIXED_C1:[a-z0-9_#]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[MIXED_C1_I64:[a-z0-9_#]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[MIXED_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: memref.store %[[MIXED_C1_I64]], %[[MIXED_ALLOC]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: memref.copy %[[MIXED_ALLOC]], %[[MIXED_ALLOC_0]] : memref<4xi64> to memref<4xi64>
// CHECK-NEXT: %[[MIXED_V_0:[a-z0-9_#]+]] = scf.for %[[MIXED_ARG2:[a-z0-9_#]+]] = %[[MIXED_C0]] to %[[MIXED_ARG1]] step %[[MIXED_C1]] iter_args(%[[MIXED_ARG3:[a-z0-9_#]+]] = %[[MIXED_C1_I64]]) -> (i64) {
// CHECK-NEXT: %[[MIXED_ALLOC_2:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: %[[MIXED_ALLOC_3:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: memref.store %[[MIXED_ARG3]], %[[MIXED_ALLOC_2]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: memref.copy %[[MIXED_ALLOC_2]], %[[MIXED_ALLOC_3]] : memref<4xi64> to memref<4xi64>
// CHECK-NEXT: memref.dealloc %[[MIXED_ALLOC_2]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_V_5:[a-z0-9_#]+]] = memref.load %[[MIXED_ALLOC_3]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: memref.dealloc %[[MIXED_ALLOC_3]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_V_6:[a-z0-9_#]+]] = memref.load %[[MIXED_ALLOC_0]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_V_7:[a-z0-9_#]+]] = arith.addi %[[MIXED_V_5]], %[[MIXED_V_6]] : i64
// CHECK-NEXT: scf.yield %[[MIXED_V_7]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[MIXED_ALLOC_0]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_ALLOC_1:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: memref.store %[[MIXED_V_0]], %[[MIXED_ALLOC_1]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_V_1:[a-z0-9_#]+]] = memref.load %[[MIXED_ALLOC_1]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: memref.dealloc %[[MIXED_ALLOC_1]] : memref<4xi64>
// CHECK-NEXT: %[[MIXED_V_2:[a-z0-9_#]+]] = memref.load %[[MIXED_ALLOC]][%[[MIXED_C0]]] : memref<4xi64>
// CHECK-NEXT: bufferization.dealloc (%[[MIXED_ALLOC]] : memref<4xi64>) if (%[[MIXED_ARG0]])
// CHECK-NEXT: %[[MIXED_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[MIXED_V_3:[a-z0-9_#]+]] = arith.xori %[[MIXED_ARG0]], %[[MIXED_TRUE]] : i1
// CHECK-NEXT: scf.if %[[MIXED_V_3]] {
// CHECK-NEXT: memref.dealloc %[[MIXED_ALLOC]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[MIXED_V_4:[a-z0-9_#]+]] = arith.addi %[[MIXED_V_1]], %[[MIXED_V_2]] : i64
// CHECK-NEXT: return %[[MIXED_V_4]] : i64
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

// %a is freed by the bufferization.dealloc already in the input (when %own
// holds); %b, the loop temporaries and %r are left to the passes.
func.func @mixed(%own: i1, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c0] : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.copy %a, %b : memref<4xi64> to memref<4xi64>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (i64) {
    %t = memref.alloc() : memref<4xi64>
    %u = memref.alloc() : memref<4xi64>
    memref.store %acc, %t[%c0] : memref<4xi64>
    memref.copy %t, %u : memref<4xi64> to memref<4xi64>
    %v = memref.load %u[%c0] : memref<4xi64>
    %w = memref.load %b[%c0] : memref<4xi64>
    %x = arith.addi %v, %w : i64
    scf.yield %x : i64
  }
  %r = memref.alloc() : memref<4xi64>
  memref.store %sum, %r[%c0] : memref<4xi64>
  %y = memref.load %r[%c0] : memref<4xi64>
  %z = memref.load %a[%c0] : memref<4xi64>
  bufferization.dealloc (%a : memref<4xi64>) if (%own)
  %true = arith.constant true
  %not_own = arith.xori %own, %true : i1
  scf.if %not_own {
    memref.dealloc %a : memref<4xi64>
  }
  %s = arith.addi %y, %z : i64
  return %s : i64
}

func.func @run() {
  %t = arith.constant true
  %f = arith.constant false
  %c3 = arith.constant 3 : index
  %r0 = func.call @mixed(%t, %c3) : (i1, index) -> i64
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  %r1 = func.call @mixed(%f, %c3) : (i1, index) -> i64
  func.call @bufrs_print_i64(%r1) : (i64) -> ()
  return
}
