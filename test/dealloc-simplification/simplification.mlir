// bufrs-buffer-deallocation-simplification on every rewrite it makes (seed
// 001: "it is recommended to place it carefully in the IR such that most
// operands can be optimized away by running the
// buffer-deallocation-simplification pass"): constant-false conditions,
// memrefs that are one buffer (conditions or-ed), a memref that is a
// retained value (dropped, its condition becomes the updated condition), a
// retained value no memref may alias (false), a retained value listed twice,
// a split by provable non-aliasing (results or-ed, as seed 001 says split
// deallocs must be combined), two deallocs of one block merged, an op left
// unchanged, and an op removed. Executed under AddressSanitizer after the
// simplification alone (the rest lowered by upstream) and followed by
// bufrs-lower-deallocations; after each dealloc the function frees what the
// op must not have freed, so a wrong free is a double free and a missing one
// a leak.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation-simplification))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation-simplification))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation-simplification,bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT

// OUT:      1
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @constant_false(
// CHECK-SAME: %[[CONSTANT_FALSE_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[CONSTANT_FALSE_FALSE:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: %[[CONSTANT_FALSE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[CONSTANT_FALSE_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: bufferization.dealloc (%[[CONSTANT_FALSE_ALLOC_0]] : memref<2xi64>) if (%[[CONSTANT_FALSE_ARG0]])
// CHECK-NEXT: memref.dealloc %[[CONSTANT_FALSE_ALLOC]] : memref<2xi64>
// CHECK-NEXT: %[[CONSTANT_FALSE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[CONSTANT_FALSE_V_0:[a-z0-9_#]+]] = arith.xori %[[CONSTANT_FALSE_ARG0]], %[[CONSTANT_FALSE_TRUE]] : i1
// CHECK-NEXT: scf.if %[[CONSTANT_FALSE_V_0]] {
// CHECK-NEXT: memref.dealloc %[[CONSTANT_FALSE_ALLOC_0]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @duplicate(
// CHECK-SAME: %[[DUPLICATE_ARG0:[a-z0-9_#]+]]: i1, %[[DUPLICATE_ARG1:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[DUPLICATE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[DUPLICATE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[DUPLICATE_CAST:[a-z0-9_#]+]] = memref.cast %[[DUPLICATE_ALLOC]] : memref<2xi64> to memref<?xi64>
// CHECK-NEXT: %[[DUPLICATE_V_0:[a-z0-9_#]+]] = arith.ori %[[DUPLICATE_ARG0]], %[[DUPLICATE_ARG1]] : i1
// CHECK-NEXT: bufferization.dealloc (%[[DUPLICATE_ALLOC]] : memref<2xi64>) if (%[[DUPLICATE_V_0]])
// CHECK-NEXT: %[[DUPLICATE_V_1:[a-z0-9_#]+]] = arith.ori %[[DUPLICATE_ARG0]], %[[DUPLICATE_ARG1]] : i1
// CHECK-NEXT: %[[DUPLICATE_V_2:[a-z0-9_#]+]] = arith.xori %[[DUPLICATE_V_1]], %[[DUPLICATE_TRUE]] : i1
// CHECK-NEXT: scf.if %[[DUPLICATE_V_2]] {
// CHECK-NEXT: memref.dealloc %[[DUPLICATE_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @retained_and_split(
// CHECK-SAME: %[[RETAINED_AND_SPLIT_ARG0:[a-z0-9_#]+]]: i1, %[[RETAINED_AND_SPLIT_ARG1:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_C0:[a-z0-9_#]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_ALLOC_1:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_SUBVIEW:[a-z0-9_#]+]] = memref.subview %[[RETAINED_AND_SPLIT_ALLOC]][1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_BASE_BUFFER:[a-z0-9_#]+]], %[[RETAINED_AND_SPLIT_OFFSET:[a-z0-9_#]+]], %[[RETAINED_AND_SPLIT_SIZES:[a-z0-9_#]+]], %[[RETAINED_AND_SPLIT_STRIDES:[a-z0-9_#]+]] = memref.extract_strided_metadata %[[RETAINED_AND_SPLIT_ALLOC]] : memref<4xi64> -> memref<i64>, index, index, index
// CHECK-NEXT: bufferization.dealloc (%[[RETAINED_AND_SPLIT_ALLOC_0]] : memref<4xi64>) if (%[[RETAINED_AND_SPLIT_ARG1]])
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_FALSE:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: call @print_i1(%[[RETAINED_AND_SPLIT_ARG0]]) : (i1) -> ()
// CHECK-NEXT: call @print_i1(%[[RETAINED_AND_SPLIT_FALSE]]) : (i1) -> ()
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_V_0:[a-z0-9_#]+]] = memref.load %[[RETAINED_AND_SPLIT_SUBVIEW]][%[[RETAINED_AND_SPLIT_C0]]] : memref<2xi64, strided<[1], offset: 1>>
// CHECK-NEXT: scf.if %[[RETAINED_AND_SPLIT_ARG0]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_AND_SPLIT_ALLOC]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_V_1:[a-z0-9_#]+]] = arith.xori %[[RETAINED_AND_SPLIT_ARG0]], %[[RETAINED_AND_SPLIT_TRUE]] : i1
// CHECK-NEXT: scf.if %[[RETAINED_AND_SPLIT_V_1]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_AND_SPLIT_ALLOC]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RETAINED_AND_SPLIT_V_2:[a-z0-9_#]+]] = arith.xori %[[RETAINED_AND_SPLIT_ARG1]], %[[RETAINED_AND_SPLIT_TRUE]] : i1
// CHECK-NEXT: scf.if %[[RETAINED_AND_SPLIT_V_2]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_AND_SPLIT_ALLOC_0]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[RETAINED_AND_SPLIT_ALLOC_1]] : memref<4xi64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @retained_twice(
// CHECK-SAME: %[[RETAINED_TWICE_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[RETAINED_TWICE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RETAINED_TWICE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[RETAINED_TWICE_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[RETAINED_TWICE_V_0:[a-z0-9_#]+]] = arith.select %[[RETAINED_TWICE_ARG0]], %[[RETAINED_TWICE_ALLOC]], %[[RETAINED_TWICE_ALLOC_0]] : memref<2xi64>
// CHECK-NEXT: %[[RETAINED_TWICE_V_1:[a-z0-9_#]+]] = bufferization.dealloc (%[[RETAINED_TWICE_ALLOC]] : memref<2xi64>) if (%[[RETAINED_TWICE_TRUE]]) retain (%[[RETAINED_TWICE_V_0]] : memref<2xi64>)
// CHECK-NEXT: %[[RETAINED_TWICE_V_2:[a-z0-9_#]+]] = bufferization.dealloc (%[[RETAINED_TWICE_ALLOC_0]] : memref<2xi64>) if (%[[RETAINED_TWICE_TRUE]]) retain (%[[RETAINED_TWICE_V_0]] : memref<2xi64>)
// CHECK-NEXT: %[[RETAINED_TWICE_V_3:[a-z0-9_#]+]] = arith.ori %[[RETAINED_TWICE_V_1]], %[[RETAINED_TWICE_V_2]] : i1
// CHECK-NEXT: %[[RETAINED_TWICE_V_4:[a-z0-9_#]+]] = arith.ori %[[RETAINED_TWICE_V_1]], %[[RETAINED_TWICE_V_2]] : i1
// CHECK-NEXT: call @print_i1(%[[RETAINED_TWICE_V_3]]) : (i1) -> ()
// CHECK-NEXT: call @print_i1(%[[RETAINED_TWICE_V_4]]) : (i1) -> ()
// CHECK-NEXT: memref.dealloc %[[RETAINED_TWICE_V_0]] : memref<2xi64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @merge(
// CHECK-SAME: %[[MERGE_ARG0:[a-z0-9_#]+]]: i1, %[[MERGE_ARG1:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[MERGE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[MERGE_CAST:[a-z0-9_#]+]] = memref.cast %[[MERGE_ALLOC]] : memref<2xi64> to memref<?xi64>
// CHECK-NEXT: %[[MERGE_V_0:[a-z0-9_#]+]] = arith.ori %[[MERGE_ARG0]], %[[MERGE_ARG1]] : i1
// CHECK-NEXT: bufferization.dealloc (%[[MERGE_ALLOC]] : memref<2xi64>) if (%[[MERGE_V_0]])
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @no_merge_undecided(
// CHECK-SAME: %[[NO_MERGE_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[NO_MERGE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[NO_MERGE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[NO_MERGE_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[NO_MERGE_V_0:[a-z0-9_#]+]] = arith.select %[[NO_MERGE_ARG0]], %[[NO_MERGE_ALLOC]], %[[NO_MERGE_ALLOC_0]] : memref<2xi64>
// CHECK-NEXT: bufferization.dealloc (%[[NO_MERGE_V_0]] : memref<2xi64>) if (%[[NO_MERGE_TRUE]])
// CHECK-NEXT: %[[NO_MERGE_V_1:[a-z0-9_#]+]] = arith.select %[[NO_MERGE_ARG0]], %[[NO_MERGE_ALLOC_0]], %[[NO_MERGE_ALLOC]] : memref<2xi64>
// CHECK-NEXT: bufferization.dealloc (%[[NO_MERGE_V_1]] : memref<2xi64>) if (%[[NO_MERGE_TRUE]])
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @unchanged(
// CHECK-SAME: %[[UNCHANGED_ARG0:[a-z0-9_#]+]]: memref<2xi64>, %[[UNCHANGED_ARG1:[a-z0-9_#]+]]: memref<2xi64>, %[[UNCHANGED_ARG2:[a-z0-9_#]+]]: i1, %[[UNCHANGED_ARG3:[a-z0-9_#]+]]: memref<2xi64>) -> i1 {
// CHECK-NEXT: %[[UNCHANGED_V_0:[a-z0-9_#]+]] = bufferization.dealloc (%[[UNCHANGED_ARG0]], %[[UNCHANGED_ARG1]] : memref<2xi64>, memref<2xi64>) if (%[[UNCHANGED_ARG2]], %[[UNCHANGED_ARG2]]) retain (%[[UNCHANGED_ARG3]] : memref<2xi64>)
// CHECK-NEXT: return %[[UNCHANGED_V_0]] : i1
// CHECK-NEXT: }

// CHECK-LABEL: func.func @empty(
// CHECK-SAME: %[[EMPTY_ARG0:[a-z0-9_#]+]]: memref<2xi64>, %[[EMPTY_ARG1:[a-z0-9_#]+]]: memref<2xi64>) -> i1 {
// CHECK-NEXT: %[[EMPTY_FALSE:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: %[[EMPTY_FALSE_0:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: return %[[EMPTY_FALSE_0]] : i1
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func private @print_i1(%b: i1) {
  %v = arith.extui %b : i1 to i64
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}

// A memref whose condition is constant false is dropped; the dealloc left
// has one memref and no retained value.
func.func @constant_false(%c: i1) {
  %false = arith.constant false
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  bufferization.dealloc (%a, %b : memref<2xi64>, memref<2xi64>) if (%false, %c)
  memref.dealloc %a : memref<2xi64>
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %b : memref<2xi64>
  }
  return
}

// %a and its cast are the same buffer: one memref with both conditions or-ed.
func.func @duplicate(%c0: i1, %c1: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %d = memref.cast %a : memref<2xi64> to memref<?xi64>
  bufferization.dealloc (%a, %d : memref<2xi64>, memref<?xi64>) if (%c0, %c1)
  %any = arith.ori %c0, %c1 : i1
  %none = arith.xori %any, %true : i1
  scf.if %none {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// The base buffer of %a (extract_strided_metadata) is retained through a
// subview of %a: the memref is dropped, never freed, and the updated
// condition is its condition. %b cannot alias the subview: it is split off
// into its own dealloc with no retained value. The retained %other aliases
// no memref: its result is false.
func.func @retained_and_split(%c: i1, %cb: i1) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  %other = memref.alloc() : memref<4xi64>
  %v = memref.subview %a[1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<4xi64> -> memref<i64>, index, index, index
  %u:2 = bufferization.dealloc (%base, %b : memref<i64>, memref<4xi64>) if (%c, %cb) retain (%v, %other : memref<2xi64, strided<[1], offset: 1>>, memref<4xi64>)
  func.call @print_i1(%u#0) : (i1) -> ()
  func.call @print_i1(%u#1) : (i1) -> ()
  %x = memref.load %v[%c0] : memref<2xi64, strided<[1], offset: 1>>
  scf.if %u#0 {
    memref.dealloc %a : memref<4xi64>
  }
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<4xi64>
  }
  %ncb = arith.xori %cb, %true : i1
  scf.if %ncb {
    memref.dealloc %b : memref<4xi64>
  }
  memref.dealloc %other : memref<4xi64>
  return
}

// A retained value listed twice gets one entry; both results are its result.
// %p may be %a or %b: that dealloc keeps its run-time check.
func.func @retained_twice(%pick: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %p = arith.select %pick, %a, %b : memref<2xi64>
  %u:2 = bufferization.dealloc (%a, %b : memref<2xi64>, memref<2xi64>) if (%true, %true) retain (%p, %p : memref<2xi64>, memref<2xi64>)
  func.call @print_i1(%u#0) : (i1) -> ()
  func.call @print_i1(%u#1) : (i1) -> ()
  memref.dealloc %p : memref<2xi64>
  return
}

// Two deallocs of one block whose memrefs are provably one buffer are merged
// into one (at the second's place): one free if either condition holds (at
// most one holds: the input frees no buffer twice).
func.func @merge(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<2xi64>
  %v = memref.cast %a : memref<2xi64> to memref<?xi64>
  bufferization.dealloc (%a : memref<2xi64>) if (%c)
  bufferization.dealloc (%v : memref<?xi64>) if (%d)
  return
}

// Two deallocs whose memrefs may be one buffer but are not provably so stay
// apart: merged, they would need a run-time pointer comparison that the
// separate ops (which never free one buffer twice) do not.
func.func @no_merge_undecided(%pick: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %p = arith.select %pick, %a, %b : memref<2xi64>
  bufferization.dealloc (%p : memref<2xi64>) if (%true)
  %q = arith.select %pick, %b, %a : memref<2xi64>
  bufferization.dealloc (%q : memref<2xi64>) if (%true)
  return
}

// Nothing to simplify: the op is left as it is.
func.func @unchanged(%m: memref<2xi64>, %n: memref<2xi64>, %c: i1, %r: memref<2xi64>) -> i1 {
  %u = bufferization.dealloc (%m, %n : memref<2xi64>, memref<2xi64>) if (%c, %c) retain (%r : memref<2xi64>)
  return %u : i1
}

// Only constant-false memrefs: the op is removed, its result is false.
func.func @empty(%m: memref<2xi64>, %r: memref<2xi64>) -> i1 {
  %false = arith.constant false
  %u = bufferization.dealloc (%m : memref<2xi64>) if (%false) retain (%r : memref<2xi64>)
  return %u : i1
}

func.func @run() {
  %t = arith.constant true
  %f = arith.constant false
  func.call @constant_false(%t) : (i1) -> ()
  func.call @constant_false(%f) : (i1) -> ()
  func.call @duplicate(%f, %f) : (i1, i1) -> ()
  func.call @duplicate(%f, %t) : (i1, i1) -> ()
  func.call @duplicate(%t, %t) : (i1, i1) -> ()
  func.call @retained_and_split(%t, %t) : (i1, i1) -> ()
  func.call @retained_and_split(%f, %t) : (i1, i1) -> ()
  func.call @retained_and_split(%t, %f) : (i1, i1) -> ()
  func.call @retained_twice(%t) : (i1) -> ()
  func.call @retained_twice(%f) : (i1) -> ()
  func.call @merge(%t, %f) : (i1, i1) -> ()
  func.call @merge(%f, %t) : (i1, i1) -> ()
  func.call @no_merge_undecided(%t) : (i1) -> ()
  func.call @no_merge_undecided(%f) : (i1) -> ()
  return
}
