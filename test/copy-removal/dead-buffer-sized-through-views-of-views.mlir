// A buffer nothing reads or writes whose size is read only through a view
// of a view of it goes like one whose size is read directly: the
// dead-buffer step finds it from the memref.dim, up through the views to
// the allocation (a function with no such memref.dim is not captured for
// it). A buffer written through a view of a view stays. The program runs
// the same under AddressSanitizer after the pass.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s --check-prefix=EXEC

// EXEC:      7
// EXEC-NEXT: 4

func.func private @bufrs_print_i64(i64)

// CHECK-LABEL: func.func @dim_of_cast_of_expand(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: index) -> index {
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    return %[[M]] : index
// CHECK-NEXT:  }
func.func @dim_of_cast_of_expand(%n: index, %m: index) -> index {
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?x96xf32>
  %e = memref.expand_shape %a [[0, 1], [2]] output_shape [1, %m, 96] : memref<?x96xf32> into memref<1x?x96xf32>
  %c = memref.cast %e : memref<1x?x96xf32> to memref<1x?x96xf32>
  %d = memref.dim %c, %c1 : memref<1x?x96xf32>
  memref.dealloc %a : memref<?x96xf32>
  return %d : index
}

// CHECK-LABEL: func.func @written_through_views(
// CHECK-SAME:      %[[N:.*]]: index) -> index {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[V:.*]] = arith.constant 5 : i64
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xi64>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[A]][0] [4] [1] : memref<?xi64> to memref<4xi64, strided<[1]>>
// CHECK-NEXT:    %[[T:.*]] = memref.subview %[[S]][0] [2] [1] : memref<4xi64, strided<[1]>> to memref<2xi64, strided<[1]>>
// CHECK-NEXT:    memref.store %[[V]], %[[T]][%[[C0]]] : memref<2xi64, strided<[1]>>
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[S]], %[[C0]] : memref<4xi64, strided<[1]>>
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<?xi64>
// CHECK-NEXT:    return %[[D]] : index
func.func @written_through_views(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5 : i64
  %a = memref.alloc(%n) : memref<?xi64>
  %s = memref.subview %a[0] [4] [1] : memref<?xi64> to memref<4xi64, strided<[1]>>
  %t = memref.subview %s[0] [2] [1] : memref<4xi64, strided<[1]>> to memref<2xi64, strided<[1]>>
  memref.store %five, %t[%c0] : memref<2xi64, strided<[1]>>
  %d = memref.dim %s, %c0 : memref<4xi64, strided<[1]>>
  memref.dealloc %a : memref<?xi64>
  return %d : index
}

func.func @run() {
  %c8 = arith.constant 8 : index
  %c7 = arith.constant 7 : index
  %e = func.call @dim_of_cast_of_expand(%c7, %c7) : (index, index) -> index
  %e_i = arith.index_cast %e : index to i64
  func.call @bufrs_print_i64(%e_i) : (i64) -> ()
  %w = func.call @written_through_views(%c8) : (index) -> index
  %w_i = arith.index_cast %w : index to i64
  func.call @bufrs_print_i64(%w_i) : (i64) -> ()
  return
}
