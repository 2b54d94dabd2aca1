// A view of the input (ViewLikeOpInterface) is one more use of it: when
// every use of the view (views of it included) is an access before the op
// that lets no alias out, the input still dies at the op and the op writes
// into it, as a softmax's shift by its row maximum, read through a reshape,
// writes into the scores. A view read after the op, or read by the op
// itself (a row it reads while writing others), keeps both buffers.
// Executed under AddressSanitizer through the pass and the main job,
// printing the same values as before.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs),bufrs-memory-pipeline{reuse-dying-inputs=false merge=false verify=true})' | FileCheck %s --check-prefix=OUT

// 2x minus the row maximum of 2x, x = [[0, 1, 2], [3, 4, 5]]:
// OUT:      -4
// OUT-NEXT: -2
// OUT-NEXT: 0
// OUT-NEXT: -4
// OUT-NEXT: -2
// OUT-NEXT: 0
// 3 * (x + 1) and the sum of x + 1 through two views:
// OUT-NEXT: 3
// OUT-NEXT: 6
// OUT-NEXT: 9
// OUT-NEXT: 12
// OUT-NEXT: 15
// OUT-NEXT: 18
// OUT-NEXT: 21
// -x, the sum of x read through a view after it:
// OUT-NEXT: -0
// OUT-NEXT: -1
// OUT-NEXT: -2
// OUT-NEXT: -3
// OUT-NEXT: -4
// OUT-NEXT: -5
// OUT-NEXT: 15
// x plus its row 1, read through a view by the op:
// OUT-NEXT: 3
// OUT-NEXT: 5
// OUT-NEXT: 7
// OUT-NEXT: 6
// OUT-NEXT: 8
// OUT-NEXT: 10
// OUT-NOT:  {{.}}

#id = affine_map<(i, j) -> (i, j)>
#id3 = affine_map<(i, k, j) -> (i, k, j)>
#rows3 = affine_map<(i, k, j) -> (i, k)>
#rowmax = affine_map<(i, j) -> (i, 0)>
#col = affine_map<(i, j) -> (j)>

// CHECK-LABEL: func.func @shifted_by_row_max(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>) -> memref<2x3xf32> {
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[X]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK:         %[[V:.*]] = memref.expand_shape %[[R]] {{\[}}[0], [1, 2]] output_shape [2, 1, 3] : memref<2x3xf32> into memref<2x1x3xf32>
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x1xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[M]] : memref<2x1xf32>)
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[V]] : memref<2x1x3xf32>) outs(%[[M]] : memref<2x1xf32>) {
// CHECK:         linalg.generic {{{.*}}} ins(%[[R]], %[[M]] : memref<2x3xf32>, memref<2x1xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[R]] : memref<2x3xf32>
func.func @shifted_by_row_max(%x: memref<2x3xf32>) -> memref<2x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  %v = memref.expand_shape %s [[0], [1, 2]] output_shape [2, 1, 3] : memref<2x3xf32> into memref<2x1x3xf32>
  %m = memref.alloc() {alignment = 64 : i64} : memref<2x1xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<2x1xf32>)
  linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%v : memref<2x1x3xf32>) outs(%m : memref<2x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %mx = arith.maximumf %a, %o : f32
    linalg.yield %mx : f32
  }
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #rowmax, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s, %m : memref<2x3xf32>, memref<2x1xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  }
  return %r : memref<2x3xf32>
}

// A view of a view, both read before the op.
// CHECK-LABEL: func.func @view_of_view(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[ACC:.*]]: memref<f32>) -> memref<2x3xf32> {
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[X]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK:         %[[C:.*]] = memref.collapse_shape %[[R]] {{\[}}[0, 1]] : memref<2x3xf32> into memref<6xf32>
// CHECK-NEXT:    %[[E:.*]] = memref.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[E]] : memref<3x2xf32>) outs(%[[ACC]] : memref<f32>) {
// CHECK:         linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[R]] : memref<2x3xf32>
func.func @view_of_view(%x: memref<2x3xf32>, %out: memref<f32>) -> memref<2x3xf32> {
  %c3 = arith.constant 3.0 : f32
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %v = arith.addf %a, %one : f32
    linalg.yield %v : f32
  }
  %c = memref.collapse_shape %s [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%e : memref<3x2xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %o : f32
    linalg.yield %v : f32
  }
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %c3 : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x3xf32>
}

// The view is read after the op: the input lives on, two buffers.
// CHECK-LABEL: func.func @view_read_after(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[ACC:.*]]: memref<f32>) -> memref<2x3xf32> {
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[S]]
// CHECK-NEXT:    %[[V:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1]] : memref<2x3xf32> into memref<6xf32>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK:         linalg.generic {{{.*}}} ins(%[[V]] : memref<6xf32>) outs(%[[ACC]] : memref<f32>) {
// CHECK:         return %[[R]] : memref<2x3xf32>
func.func @view_read_after(%x: memref<2x3xf32>, %out: memref<f32>) -> memref<2x3xf32> {
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  memref.copy %x, %s : memref<2x3xf32> to memref<2x3xf32>
  %v = memref.collapse_shape %s [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%v : memref<6xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %sum = arith.addf %a, %o : f32
    linalg.yield %sum : f32
  }
  return %r : memref<2x3xf32>
}

// The op reads row 1 of its input through a view while it writes every
// row: two buffers.
// CHECK-LABEL: func.func @view_read_by_the_op(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>) -> memref<2x3xf32> {
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[S]]
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[S]][1, 0] [1, 3] [1, 1]
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]], %[[V]] : memref<2x3xf32>, memref<3xf32, strided<[1], offset: 3>>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK:         return %[[R]] : memref<2x3xf32>
func.func @view_read_by_the_op(%x: memref<2x3xf32>) -> memref<2x3xf32> {
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  memref.copy %x, %s : memref<2x3xf32> to memref<2x3xf32>
  %v = memref.subview %s[1, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s, %v : memref<2x3xf32>, memref<3xf32, strided<[1], offset: 3>>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %sum = arith.addf %a, %b : f32
    linalg.yield %sum : f32
  }
  return %r : memref<2x3xf32>
}

// Driver.
// CHECK-LABEL: func.func @run(
func.func private @bufrs_print_f32(f32)

func.func private @print(%m: memref<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %m[%i, %j] : memref<2x3xf32>
      func.call @bufrs_print_f32(%v) : (f32) -> ()
    }
  }
  return
}

func.func private @print_sum(%sum: memref<f32>) {
  %s = memref.load %sum[] : memref<f32>
  func.call @bufrs_print_f32(%s) : (f32) -> ()
  return
}

func.func @run() {
  %x = memref.get_global @x : memref<2x3xf32>
  %zero = arith.constant 0.0 : f32
  %a = func.call @shifted_by_row_max(%x) : (memref<2x3xf32>) -> memref<2x3xf32>
  func.call @print(%a) : (memref<2x3xf32>) -> ()
  %sum = memref.alloc() : memref<f32>
  memref.store %zero, %sum[] : memref<f32>
  %b = func.call @view_of_view(%x, %sum) : (memref<2x3xf32>, memref<f32>) -> memref<2x3xf32>
  func.call @print(%b) : (memref<2x3xf32>) -> ()
  func.call @print_sum(%sum) : (memref<f32>) -> ()
  memref.store %zero, %sum[] : memref<f32>
  %c = func.call @view_read_after(%x, %sum) : (memref<2x3xf32>, memref<f32>) -> memref<2x3xf32>
  func.call @print(%c) : (memref<2x3xf32>) -> ()
  func.call @print_sum(%sum) : (memref<f32>) -> ()
  %d = func.call @view_read_by_the_op(%x) : (memref<2x3xf32>) -> memref<2x3xf32>
  func.call @print(%d) : (memref<2x3xf32>) -> ()
  memref.dealloc %sum : memref<f32>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %c : memref<2x3xf32>
  memref.dealloc %d : memref<2x3xf32>
  return
}

memref.global "private" constant @x : memref<2x3xf32> = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]>
