// scf.forall runs its body as independent iterations; its terminator,
// scf.forall.in_parallel, is neither ReturnLike nor a region-branch
// terminator, but it forwards no buffer and the op has no buffer result
// (its shared outputs are tensors), so nothing leaves the body: each
// iteration frees the buffers it allocates, right after their last use, and
// a buffer from outside used in the body is freed after the op. Both
// deallocation passes give this output and the verifier accepts it (it
// checks such a body on its own); the memory pipeline, with and without
// hoisting, keeps the body's buffers in the body (iterations may run at the
// same time: they cannot share one). Every pipeline runs clean under
// AddressSanitizer with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation),bufrs-verify-deallocation)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation),bufrs-verify-deallocation)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{hoisting=true},bufrs-verify-deallocation)' | FileCheck %s --check-prefix=MEM
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{hoisting=true})' | FileCheck %s --check-prefix=OUT

// MEM-LABEL: func.func @tiles(
// MEM:       scf.forall (%{{.*}}) in (8) {
// MEM-NEXT:    %[[T:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// MEM-NEXT:    %[[S:.*]] = memref.alloc() : memref<2xi64>
// MEM:         memref.dealloc %[[T]] : memref<?xi64>
// MEM:         memref.dealloc %[[S]] : memref<2xi64>
// MEM:       }
// MEM-NEXT:  memref.dealloc

// OUT:      10
// OUT-NEXT: 12
// OUT-NEXT: 14
// OUT-NEXT: 16
// OUT-NEXT: 18
// OUT-NEXT: 20
// OUT-NEXT: 22
// OUT-NEXT: 24
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @tiles(
// CHECK-SAME: %[[TILES_ARG0:[a-z0-9_#]+]]: memref<8xi64>, %[[TILES_ARG1:[a-z0-9_#]+]]: index) {
// CHECK-NEXT: %[[TILES_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[TILES_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[TILES_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[TILES_ARG1]]) : memref<?xi64>
// CHECK-NEXT: %[[TILES_C5_I64:[a-z0-9_]+]] = arith.constant 5 : i64
// CHECK-NEXT: memref.store %[[TILES_C5_I64]], %[[TILES_ALLOC]][%[[TILES_C0]]] : memref<?xi64>
// CHECK-NEXT: scf.forall (%[[TILES_ARG2:[a-z0-9_]+]]) in (8) {
// CHECK-NEXT: %[[TILES_ALLOC_0:[a-z0-9_]+]] = memref.alloc(%[[TILES_ARG1]]) : memref<?xi64>
// CHECK-NEXT: %[[TILES_ALLOC_1:[a-z0-9_]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[TILES_V_0:[a-z0-9_]+]] = arith.index_cast %[[TILES_ARG2]] : index to i64
// CHECK-NEXT: %[[TILES_V_1:[a-z0-9_]+]] = memref.load %[[TILES_ALLOC]][%[[TILES_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[TILES_V_2:[a-z0-9_]+]] = arith.addi %[[TILES_V_0]], %[[TILES_V_1]] : i64
// CHECK-NEXT: memref.store %[[TILES_V_2]], %[[TILES_ALLOC_0]][%[[TILES_C0]]] : memref<?xi64>
// CHECK-NEXT: memref.store %[[TILES_V_2]], %[[TILES_ALLOC_1]][%[[TILES_C1]]] : memref<2xi64>
// CHECK-NEXT: %[[TILES_V_3:[a-z0-9_]+]] = memref.load %[[TILES_ALLOC_0]][%[[TILES_C0]]] : memref<?xi64>
// CHECK-NEXT: memref.dealloc %[[TILES_ALLOC_0]] : memref<?xi64>
// CHECK-NEXT: %[[TILES_V_4:[a-z0-9_]+]] = memref.load %[[TILES_ALLOC_1]][%[[TILES_C1]]] : memref<2xi64>
// CHECK-NEXT: memref.dealloc %[[TILES_ALLOC_1]] : memref<2xi64>
// CHECK-NEXT: %[[TILES_V_5:[a-z0-9_]+]] = arith.addi %[[TILES_V_3]], %[[TILES_V_4]] : i64
// CHECK-NEXT: memref.store %[[TILES_V_5]], %[[TILES_ARG0]][%[[TILES_ARG2]]] : memref<8xi64>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[TILES_ALLOC]] : memref<?xi64>
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func @tiles(%out: memref<8xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %outer = memref.alloc(%n) : memref<?xi64>
  %k = arith.constant 5 : i64
  memref.store %k, %outer[%c0] : memref<?xi64>
  scf.forall (%i) in (8) {
    %t = memref.alloc(%n) : memref<?xi64>
    %s = memref.alloc() : memref<2xi64>
    %iv = arith.index_cast %i : index to i64
    %base = memref.load %outer[%c0] : memref<?xi64>
    %v = arith.addi %iv, %base : i64
    memref.store %v, %t[%c0] : memref<?xi64>
    memref.store %v, %s[%c1] : memref<2xi64>
    %a = memref.load %t[%c0] : memref<?xi64>
    %b = memref.load %s[%c1] : memref<2xi64>
    %r = arith.addi %a, %b : i64
    memref.store %r, %out[%i] : memref<8xi64>
  }
  return
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloc() : memref<8xi64>
  func.call @tiles(%out, %c4) : (memref<8xi64>, index) -> ()
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %out[%i] : memref<8xi64>
    func.call @bufrs_print_i64(%v) : (i64) -> ()
  }
  return
}
