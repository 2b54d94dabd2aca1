// dynamic=true: allocations with dynamic sizes join the scope's arena. The
// offsets and the arena size are index arithmetic on the size operands,
// computed at the scope entry: sizes in bytes (arith.muli), sums
// (arith.addi), maxima (arith.maxui) and alignment to 64 as
// (x + 63) & -64 (arith.addi, arith.andi). The views keep the dynamic sizes.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s

// Deallocation afterwards frees each arena once before the return (the
// frees of @disjoint were moved there by the pass), and the static
// verifier accepts the result.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true},bufrs-buffer-deallocation,bufrs-verify-deallocation))' | FileCheck %s --check-prefix=DEALLOC
// DEALLOC-LABEL: func.func @disjoint(
// DEALLOC:         %[[M:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// DEALLOC-NOT:     memref.dealloc
// DEALLOC:         memref.dealloc %[[M]] : memref<?xi8>
// DEALLOC-NEXT:    return
// DEALLOC-LABEL: func.func @overlapping(
// DEALLOC:         %[[M:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// DEALLOC-NOT:     memref.dealloc
// DEALLOC:         memref.dealloc %[[M]] : memref<?xi8>
// DEALLOC-NEXT:    return
// DEALLOC-LABEL: func.func @aligned_product(
// DEALLOC:         %[[M:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// DEALLOC-NOT:     memref.dealloc
// DEALLOC:         memref.dealloc %[[M]] : memref<?xi8>
// DEALLOC-NEXT:    return

// Disjoint lifetimes share bytes: both views at 0, the arena is
// max(4n, 8m), not their sum (the arena ends with its top buffer's last
// byte: no padding after it).
// CHECK-LABEL: func.func @disjoint(
// CHECK-SAME:      %[[N:[^:]*]]: index, %[[M:[^:]*]]: index, %[[I:[^:]*]]: index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[A:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[B:.*]] = arith.muli %[[M]], %[[C8]] : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.maxui %[[A]], %[[B]] : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[Z1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[VA:.*]] = memref.view %[[ARENA]][%[[Z1]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[VA]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:    %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[VB:.*]] = memref.view %[[ARENA]][%[[Z2]]][%[[M]]] : memref<?xi8> to memref<?xf64>
// CHECK-NEXT:    memref.store %{{.*}}, %[[VB]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT:    return
func.func @disjoint(%n: index, %m: index, %i: index, %f: f32, %g: f64) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %a[%i] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf64>
  memref.store %g, %b[%i] : memref<?xf64>
  memref.dealloc %b : memref<?xf64>
  return
}

// Overlapping lifetimes stack: the larger per unit, %b (8m), goes first and
// %a rests on it at align(8m, 64); the arena ends at align(8m, 64) + 4n.
// CHECK-LABEL: func.func @overlapping(
// CHECK-SAME:      %[[N:[^:]*]]: index, %[[M:[^:]*]]: index, %[[I:[^:]*]]: index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[B:.*]] = arith.muli %[[M]], %[[C8]] : index
// CHECK-NEXT:    %[[C63:.*]] = arith.constant 63 : index
// CHECK-NEXT:    %[[B1:.*]] = arith.addi %[[B]], %[[C63]] : index
// CHECK-NEXT:    %[[MASK:.*]] = arith.constant -64 : index
// CHECK-NEXT:    %[[BEND:.*]] = arith.andi %[[B1]], %[[MASK]] : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[A:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.addi %[[BEND]], %[[A]] : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[VA:.*]] = memref.view %[[ARENA]][%[[BEND]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[VB:.*]] = memref.view %[[ARENA]][%[[Z]]][%[[M]]] : memref<?xi8> to memref<?xf64>
// CHECK-NEXT:    memref.store %{{.*}}, %[[VA]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[VB]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:    memref.load %[[VA]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:    memref.load %[[VB]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:    return
func.func @overlapping(%n: index, %m: index, %i: index, %f: f32, %g: f64) -> f32 {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf64>
  memref.store %f, %a[%i] : memref<?xf32>
  memref.store %g, %b[%i] : memref<?xf64>
  %x = memref.load %a[%i] : memref<?xf32>
  %y = memref.load %b[%i] : memref<?xf64>
  return %x : f32
}

// Static buffers are placed first, dynamic ones rest on them. A size that
// is a multiple of the alignment needs no rounding, and a product of two
// sizes is one arith.muli: memref<?x16x?xf32> holds n * m * 64 bytes, at 64
// above the static %s; the arena is n * m * 64 + 64.
// CHECK-LABEL: func.func @aligned_product(
// CHECK-SAME:      %[[N:[^:]*]]: index, %[[M:[^:]*]]: index, %[[I:[^:]*]]: index
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[NM:.*]] = arith.muli %[[N]], %[[M]] : index
// CHECK-NEXT:    %[[A:.*]] = arith.muli %[[NM]], %[[C64]] : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.addi %[[A]], %[[C64]] : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[O:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[VA:.*]] = memref.view %[[ARENA]][%[[O]]][%[[N]], %[[M]]] : memref<?xi8> to memref<?x16x?xf32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[VS:.*]] = memref.view %[[ARENA]][%[[Z]]][] : memref<?xi8> to memref<16xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[VA]][%[[I]], %[[I]], %[[I]]] : memref<?x16x?xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[VS]][%[[I]]] : memref<16xf32>
// CHECK-NEXT:    memref.load %[[VA]]
// CHECK-NEXT:    memref.load %[[VS]]
// CHECK-NEXT:    return
func.func @aligned_product(%n: index, %m: index, %i: index, %f: f32) -> f32 {
  %a = memref.alloc(%n, %m) : memref<?x16x?xf32>
  %s = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i, %i, %i] : memref<?x16x?xf32>
  memref.store %f, %s[%i] : memref<16xf32>
  %x = memref.load %a[%i, %i, %i] : memref<?x16x?xf32>
  %y = memref.load %s[%i] : memref<16xf32>
  return %x : f32
}
