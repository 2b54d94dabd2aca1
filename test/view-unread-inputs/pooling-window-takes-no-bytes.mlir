// A pooling window is a buffer only passed to a linalg.generic whose
// payload never reads it: it gives the loops their extent. It becomes a
// view of the op's other input (reinterpret_cast to its own type) and its
// allocation and free go. A window the payload reads, one written by another
// op, and one larger than every other input stay. Run under
// AddressSanitizer through the pass and through the main job, with the same
// output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-view-unread-inputs))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-view-unread-inputs))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      8
// OUT-NEXT: 20
// OUT-NEXT: 8
// OUT-NEXT: 7

#in = affine_map<(i, j) -> (i + j)>
#win = affine_map<(i, j) -> (j)>
#out = affine_map<(i, j) -> (i)>

// CHECK-LABEL: func.func @max_pool(
// CHECK-SAME:      %[[X:.*]]: memref<6xi64>, %[[O:.*]]: memref<4xi64>) {
// CHECK-NEXT:    %[[V:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [3], strides: [1] : memref<6xi64> to memref<3xi64>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]], %[[V]] : memref<6xi64>, memref<3xi64>) outs(%[[O]] : memref<4xi64>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @max_pool(%x: memref<6xi64>, %o: memref<4xi64>) {
  %w = memref.alloc() : memref<3xi64>
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : memref<6xi64>, memref<3xi64>) outs(%o : memref<4xi64>) {
  ^bb0(%a: i64, %unused: i64, %m: i64):
    %r = arith.maxsi %a, %m : i64
    linalg.yield %r : i64
  }
  memref.dealloc %w : memref<3xi64>
  return
}

// The payload reads the window: it stays.
// CHECK-LABEL: func.func @window_read(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    memref.alloc() : memref<3xi64>
func.func @window_read(%x: memref<6xi64>, %o: memref<4xi64>) {
  %c0 = arith.constant 0 : i64
  %w = memref.alloc() : memref<3xi64>
  linalg.fill ins(%c0 : i64) outs(%w : memref<3xi64>)
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : memref<6xi64>, memref<3xi64>) outs(%o : memref<4xi64>) {
  ^bb0(%a: i64, %b: i64, %m: i64):
    %s = arith.addi %a, %b : i64
    %r = arith.addi %s, %m : i64
    linalg.yield %r : i64
  }
  memref.dealloc %w : memref<3xi64>
  return
}

// Another op writes the window: it stays.
// CHECK-LABEL: func.func @window_written(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    memref.alloc() : memref<3xi64>
func.func @window_written(%x: memref<6xi64>, %o: memref<4xi64>) {
  %c0 = arith.constant 0 : i64
  %w = memref.alloc() : memref<3xi64>
  linalg.fill ins(%c0 : i64) outs(%w : memref<3xi64>)
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : memref<6xi64>, memref<3xi64>) outs(%o : memref<4xi64>) {
  ^bb0(%a: i64, %unused: i64, %m: i64):
    %r = arith.maxsi %a, %m : i64
    linalg.yield %r : i64
  }
  memref.dealloc %w : memref<3xi64>
  return
}

// No other input holds the window's bytes: it stays.
// CHECK-LABEL: func.func @no_donor(
// CHECK-NEXT:    memref.alloc() : memref<3xi64>
func.func @no_donor(%y: memref<2xi64>, %o: memref<4xi64>) {
  %w = memref.alloc() : memref<3xi64>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i floordiv 2)>, #win, #out], iterator_types = ["parallel", "reduction"]}
      ins(%y, %w : memref<2xi64>, memref<3xi64>) outs(%o : memref<4xi64>) {
  ^bb0(%a: i64, %unused: i64, %m: i64):
    %r = arith.maxsi %a, %m : i64
    linalg.yield %r : i64
  }
  memref.dealloc %w : memref<3xi64>
  return
}

func.func private @bufrs_print_i64(i64)

// The largest element of the pooled vector.
func.func @top(%o: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %m = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %o[%i] : memref<4xi64>
    %r = arith.maxsi %acc, %v : i64
    scf.yield %r : i64
  }
  return %m : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i64
  %c6_i64 = arith.constant 6 : i64
  %x = memref.alloc() : memref<6xi64>
  scf.for %i = %c0 to %c6 step %c1 {
    %v = arith.index_cast %i : index to i64
    %sq = arith.muli %v, %v : i64
    %m = arith.remsi %sq, %c6_i64 : i64
    %t = arith.addi %m, %v : i64
    memref.store %t, %x[%i] : memref<6xi64>
  }
  %o = memref.alloc() : memref<4xi64>
  linalg.fill ins(%zero : i64) outs(%o : memref<4xi64>)
  func.call @max_pool(%x, %o) : (memref<6xi64>, memref<4xi64>) -> ()
  %a = func.call @top(%o) : (memref<4xi64>) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  linalg.fill ins(%zero : i64) outs(%o : memref<4xi64>)
  func.call @window_read(%x, %o) : (memref<6xi64>, memref<4xi64>) -> ()
  %b = func.call @top(%o) : (memref<4xi64>) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  linalg.fill ins(%zero : i64) outs(%o : memref<4xi64>)
  func.call @window_written(%x, %o) : (memref<6xi64>, memref<4xi64>) -> ()
  %c = func.call @top(%o) : (memref<4xi64>) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  linalg.fill ins(%zero : i64) outs(%o : memref<4xi64>)
  %y = memref.alloc() : memref<2xi64>
  %five = arith.constant 5 : i64
  %seven = arith.constant 7 : i64
  memref.store %five, %y[%c0] : memref<2xi64>
  memref.store %seven, %y[%c1] : memref<2xi64>
  func.call @no_donor(%y, %o) : (memref<2xi64>, memref<4xi64>) -> ()
  memref.dealloc %y : memref<2xi64>
  %d = func.call @top(%o) : (memref<4xi64>) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  memref.dealloc %o : memref<4xi64>
  memref.dealloc %x : memref<6xi64>
  return
}
