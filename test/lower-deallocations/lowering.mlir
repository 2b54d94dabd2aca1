// The cases of bufrs-lower-deallocations besides the general one (see
// exec-seed-001-semantics.mlir): a constant true condition gives a plain
// memref.dealloc, memrefs with a constant false condition are dropped (an
// op left without memrefs yields false for every retained value), one memref
// with retained values compares its pointer with each of theirs (unranked
// ones too), and deallocs nested in regions are lowered in place.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-lower-deallocations))' | FileCheck %s

// CHECK-LABEL: func.func @constant_true(
// CHECK-SAME: %[[CONSTANT_TRUE_ARG0:[a-z0-9_#]+]]: memref<2xf32>) {
// CHECK-NEXT: %[[CONSTANT_TRUE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: memref.dealloc %[[CONSTANT_TRUE_ARG0]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @constant_false_dropped(
// CHECK-SAME: %[[CONSTANT_FALSE_DROPPED_ARG0:[a-z0-9_#]+]]: memref<2xf32>, %[[CONSTANT_FALSE_DROPPED_ARG1:[a-z0-9_#]+]]: memref<4xf32>, %[[CONSTANT_FALSE_DROPPED_ARG2:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[CONSTANT_FALSE_DROPPED_FALSE:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: scf.if %[[CONSTANT_FALSE_DROPPED_ARG2]] {
// CHECK-NEXT: memref.dealloc %[[CONSTANT_FALSE_DROPPED_ARG1]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @only_false(
// CHECK-SAME: %[[ONLY_FALSE_ARG0:[a-z0-9_#]+]]: memref<2xf32>, %[[ONLY_FALSE_ARG1:[a-z0-9_#]+]]: memref<2xf32>) -> i1 {
// CHECK-NEXT: %[[ONLY_FALSE_FALSE:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: %[[ONLY_FALSE_FALSE_0:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: return %[[ONLY_FALSE_FALSE_0]] : i1
// CHECK-NEXT: }

// CHECK-LABEL: func.func @one_memref_two_retained(
// CHECK-SAME: %[[ONE_MEMREF_TWO_RETAINED_ARG0:[a-z0-9_#]+]]: memref<2xf32>, %[[ONE_MEMREF_TWO_RETAINED_ARG1:[a-z0-9_#]+]]: i1, %[[ONE_MEMREF_TWO_RETAINED_ARG2:[a-z0-9_#]+]]: memref<1xf32>, %[[ONE_MEMREF_TWO_RETAINED_ARG3:[a-z0-9_#]+]]: memref<*xf32>) -> (i1, i1) {
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_INTPTR:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[ONE_MEMREF_TWO_RETAINED_ARG0]] : memref<2xf32> -> index
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_INTPTR_0:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[ONE_MEMREF_TWO_RETAINED_ARG2]] : memref<1xf32> -> index
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_INTPTR_1:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[ONE_MEMREF_TWO_RETAINED_ARG3]] : memref<*xf32> -> index
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_0:[a-z0-9_#]+]] = arith.cmpi eq, %[[ONE_MEMREF_TWO_RETAINED_INTPTR]], %[[ONE_MEMREF_TWO_RETAINED_INTPTR_0]] : index
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_1:[a-z0-9_#]+]] = arith.andi %[[ONE_MEMREF_TWO_RETAINED_V_0]], %[[ONE_MEMREF_TWO_RETAINED_ARG1]] : i1
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_2:[a-z0-9_#]+]] = arith.cmpi eq, %[[ONE_MEMREF_TWO_RETAINED_INTPTR]], %[[ONE_MEMREF_TWO_RETAINED_INTPTR_1]] : index
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_3:[a-z0-9_#]+]] = arith.andi %[[ONE_MEMREF_TWO_RETAINED_V_2]], %[[ONE_MEMREF_TWO_RETAINED_ARG1]] : i1
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_4:[a-z0-9_#]+]] = arith.ori %[[ONE_MEMREF_TWO_RETAINED_V_0]], %[[ONE_MEMREF_TWO_RETAINED_V_2]] : i1
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_5:[a-z0-9_#]+]] = arith.xori %[[ONE_MEMREF_TWO_RETAINED_V_4]], %[[ONE_MEMREF_TWO_RETAINED_TRUE]] : i1
// CHECK-NEXT: %[[ONE_MEMREF_TWO_RETAINED_V_6:[a-z0-9_#]+]] = arith.andi %[[ONE_MEMREF_TWO_RETAINED_V_5]], %[[ONE_MEMREF_TWO_RETAINED_ARG1]] : i1
// CHECK-NEXT: scf.if %[[ONE_MEMREF_TWO_RETAINED_V_6]] {
// CHECK-NEXT: memref.dealloc %[[ONE_MEMREF_TWO_RETAINED_ARG0]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[ONE_MEMREF_TWO_RETAINED_V_1]], %[[ONE_MEMREF_TWO_RETAINED_V_3]] : i1, i1
// CHECK-NEXT: }

// CHECK-LABEL: func.func @in_region(
// CHECK-SAME: %[[IN_REGION_ARG0:[a-z0-9_#]+]]: memref<2xf32>, %[[IN_REGION_ARG1:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: scf.if %[[IN_REGION_ARG1]] {
// CHECK-NEXT: scf.if %[[IN_REGION_ARG1]] {
// CHECK-NEXT: memref.dealloc %[[IN_REGION_ARG0]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @constant_true(%m: memref<2xf32>) {
  %true = arith.constant true
  bufferization.dealloc (%m : memref<2xf32>) if (%true)
  return
}

func.func @constant_false_dropped(%m: memref<2xf32>, %n: memref<4xf32>, %c: i1) {
  %false = arith.constant false
  bufferization.dealloc (%m, %n : memref<2xf32>, memref<4xf32>) if (%false, %c)
  return
}

func.func @only_false(%m: memref<2xf32>, %r: memref<2xf32>) -> i1 {
  %false = arith.constant false
  %u = bufferization.dealloc (%m : memref<2xf32>) if (%false) retain (%r : memref<2xf32>)
  return %u : i1
}

func.func @one_memref_two_retained(%m: memref<2xf32>, %c: i1, %r0: memref<1xf32>, %r1: memref<*xf32>) -> (i1, i1) {
  %u:2 = bufferization.dealloc (%m : memref<2xf32>) if (%c) retain (%r0, %r1 : memref<1xf32>, memref<*xf32>)
  return %u#0, %u#1 : i1, i1
}

func.func @in_region(%m: memref<2xf32>, %c: i1) {
  scf.if %c {
    bufferization.dealloc (%m : memref<2xf32>) if (%c)
  }
  return
}
