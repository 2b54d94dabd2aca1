// A buffer nothing reads or writes (its only users are memref.dim, views
// whose own users are memref.dim or frees, and frees) goes: each memref.dim
// becomes the extent it returns (the allocation's size operand, the
// expand_shape's output_shape operand, or a constant for a static extent),
// and the views, the frees and the allocation are erased. A buffer used by
// anything else (a store, its address taken as an integer, a dim with a
// non-constant index) stays, and so does one no size depends on (frees
// only). The program runs the same under AddressSanitizer after the pass,
// alone and followed by the deallocation.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal{dead-buffers=false}))' | FileCheck %s --check-prefix=OFF
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s --check-prefix=EXEC
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-copy-removal,bufrs-buffer-deallocation))' | FileCheck %s --check-prefix=EXEC

// EXEC:      21
// EXEC-NEXT: 24
// EXEC-NEXT: 5
// EXEC-NEXT: 3

func.func private @bufrs_print_i64(i64)

// CHECK-LABEL: func.func @through_expand_shape(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %{{.*}} = arith.constant 2 : index
// CHECK-NEXT:    %[[C96:.*]] = arith.constant 96 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[C96]] : index
// CHECK-NEXT:    return %[[S]] : index
// OFF-LABEL: func.func @through_expand_shape(
// OFF:         memref.alloc(%{{.*}}) : memref<?x96xf32>
// OFF:         memref.expand_shape
// OFF:         memref.dealloc
func.func @through_expand_shape(%n: index, %m: index) -> index {
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?x96xf32>
  %e = memref.expand_shape %a [[0, 1], [2]] output_shape [1, %m, 96] : memref<?x96xf32> into memref<1x?x96xf32>
  %d = memref.dim %e, %c1 : memref<1x?x96xf32>
  %c2 = arith.constant 2 : index
  %s = memref.dim %e, %c2 : memref<1x?x96xf32>
  %r = arith.addi %d, %s : index
  memref.dealloc %a : memref<?x96xf32>
  return %r : index
}

// CHECK-LABEL: func.func @direct_and_cast(
// CHECK-SAME:      %[[N:.*]]: index, %[[K:.*]]: index)
// CHECK-NEXT:    %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[N]], %[[K]] : index
// CHECK-NEXT:    return %[[R]] : index
func.func @direct_and_cast(%n: index, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n, %k) : memref<?x?xi64>
  %d0 = memref.dim %a, %c0 : memref<?x?xi64>
  %cast = memref.cast %a : memref<?x?xi64> to memref<?x?xi64>
  %d1 = memref.dim %cast, %c1 : memref<?x?xi64>
  %r = arith.addi %d0, %d1 : index
  memref.dealloc %cast : memref<?x?xi64>
  return %r : index
}

// CHECK-LABEL: func.func @kept(
// CHECK:         %[[W:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK-NEXT:    memref.store %{{.*}}, %[[W]][%{{.*}}] : memref<?xi64>
// CHECK-NEXT:    %[[P:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK-NEXT:    %[[I:.*]] = memref.extract_aligned_pointer_as_index %[[P]] : memref<?xi64> -> index
// CHECK-NEXT:    %[[Q:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK-NEXT:    %[[DQ:.*]] = memref.dim %[[Q]], %{{.*}} : memref<?xi64>
// CHECK-NEXT:    memref.dealloc %[[W]] : memref<?xi64>
// CHECK-NEXT:    memref.dealloc %[[P]] : memref<?xi64>
// CHECK-NEXT:    memref.dealloc %[[Q]] : memref<?xi64>
func.func @kept(%n: index, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %w = memref.alloc(%n) : memref<?xi64>
  memref.store %seven, %w[%c0] : memref<?xi64>
  %p = memref.alloc(%n) : memref<?xi64>
  %addr = memref.extract_aligned_pointer_as_index %p : memref<?xi64> -> index
  %q = memref.alloc(%n) : memref<?xi64>
  %dq = memref.dim %q, %i : memref<?xi64>
  memref.dealloc %w : memref<?xi64>
  memref.dealloc %p : memref<?xi64>
  memref.dealloc %q : memref<?xi64>
  %nonzero = arith.cmpi ne, %addr, %c0 : index
  %one = arith.index_cast %nonzero : i1 to index
  %r = arith.addi %dq, %one : index
  return %r : index
}

// Before the deallocation: no free yet, the buffer goes all the same.
// CHECK-LABEL: func.func @unfreed(
// CHECK-SAME:      %[[N:.*]]: index)
// CHECK-NEXT:    %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:    return %[[N]] : index
func.func @unfreed(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %d = memref.dim %a, %c0 : memref<?xf32>
  return %d : index
}

// No size depends on a buffer only freed: it is left to canonicalization.
// CHECK-LABEL: func.func @only_freed(
// CHECK-NEXT:    %[[F:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[F]] : memref<4xf32>
// CHECK-NEXT:    return
func.func @only_freed() {
  %f = memref.alloc() : memref<4xf32>
  memref.dealloc %f : memref<4xf32>
  return
}

func.func @run() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %e = func.call @through_expand_shape(%c12, %c12) : (index, index) -> index
  %e_i = arith.index_cast %e : index to i64
  %e99 = arith.constant 87 : i64
  %e_s = arith.subi %e_i, %e99 : i64
  func.call @bufrs_print_i64(%e_s) : (i64) -> ()
  %d = func.call @direct_and_cast(%c12, %c12) : (index, index) -> index
  %d_i = arith.index_cast %d : index to i64
  func.call @bufrs_print_i64(%d_i) : (i64) -> ()
  %c0 = arith.constant 0 : index
  %k = func.call @kept(%c10, %c0) : (index, index) -> index
  %k_i = arith.index_cast %k : index to i64
  %k4 = arith.constant 4 : i64
  %k_s = arith.subi %k_i, %k4 : i64
  func.call @bufrs_print_i64(%k_s) : (i64) -> ()
  %u = func.call @unfreed(%c3) : (index) -> index
  %u_i = arith.index_cast %u : index to i64
  func.call @bufrs_print_i64(%u_i) : (i64) -> ()
  func.call @only_freed() : () -> ()
  return
}
