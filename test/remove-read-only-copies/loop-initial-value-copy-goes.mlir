// A copy of an argument into a fresh buffer that only starts a loop (the
// loop's initial value, read by the first iteration, never yielded) goes
// when the loop's static trip count is positive: the loop starts from the
// argument. The copy stays where the loop may run no iteration and its
// result is returned (the result would be the argument), where the body
// writes the buffer, and where the body frees it. Run under
// AddressSanitizer through the pass followed by the ownership-based
// deallocation (which frees the iterations' buffers but not the argument)
// and through the main job, with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-remove-read-only-copies)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-remove-read-only-copies,bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      6
// OUT-NEXT: 4
// OUT-NEXT: 5
// OUT-NEXT: 2

#id = affine_map<(i) -> (i)>

// CHECK-LABEL: func.func @layers(
// CHECK-SAME:      %[[X:.*]]: memref<4xi64>) -> memref<4xi64> {
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    arith.constant 3 : index
// CHECK-NEXT:    arith.constant 1 : i64
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[X]]) -> (memref<4xi64>) {
// CHECK-NEXT:      %[[N:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:      linalg.generic {{.*}} ins(%[[A]] : memref<4xi64>) outs(%[[N]] : memref<4xi64>)
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @layers(%x: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %t = memref.alloc() : memref<4xi64>
  memref.copy %x, %t : memref<4xi64> to memref<4xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %t) -> (memref<4xi64>) {
    %n = memref.alloc() : memref<4xi64>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<4xi64>) outs(%n : memref<4xi64>) {
    ^bb0(%v: i64, %o: i64):
      %s = arith.addi %v, %one : i64
      linalg.yield %s : i64
    }
    scf.yield %n : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// The loop may run no iteration and its result is returned: the copy stays.
// CHECK-LABEL: func.func @maybe_no_iteration(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[T]]
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%{{.*}} = %[[T]])
func.func @maybe_no_iteration(%x: memref<4xi64>, %k: index) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %t = memref.alloc() : memref<4xi64>
  memref.copy %x, %t : memref<4xi64> to memref<4xi64>
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%a = %t) -> (memref<4xi64>) {
    %n = memref.alloc() : memref<4xi64>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<4xi64>) outs(%n : memref<4xi64>) {
    ^bb0(%v: i64, %o: i64):
      %s = arith.addi %v, %one : i64
      linalg.yield %s : i64
    }
    scf.yield %n : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// The body writes the loop's buffer: the copy stays.
// CHECK-LABEL: func.func @body_writes(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[T]]
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%{{.*}} = %[[T]])
func.func @body_writes(%x: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i64
  %t = memref.alloc() : memref<4xi64>
  memref.copy %x, %t : memref<4xi64> to memref<4xi64>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %t) -> (memref<4xi64>) {
    memref.store %one, %a[%c0] : memref<4xi64>
    %n = memref.alloc() : memref<4xi64>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<4xi64>) outs(%n : memref<4xi64>) {
    ^bb0(%v: i64, %o: i64):
      %s = arith.addi %v, %one : i64
      linalg.yield %s : i64
    }
    scf.yield %n : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// The body frees the loop's buffer: the copy stays (the argument must not
// be freed).
// CHECK-LABEL: func.func @body_frees(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[T]]
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%{{.*}} = %[[T]])
func.func @body_frees(%x: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1b = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %t = memref.alloc() : memref<4xi64>
  memref.copy %x, %t : memref<4xi64> to memref<4xi64>
  %r = scf.for %i = %c0 to %c1b step %c1 iter_args(%a = %t) -> (memref<4xi64>) {
    %n = memref.alloc() : memref<4xi64>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<4xi64>) outs(%n : memref<4xi64>) {
    ^bb0(%v: i64, %o: i64):
      %s = arith.addi %v, %v : i64
      linalg.yield %s : i64
    }
    memref.dealloc %a : memref<4xi64>
    scf.yield %n : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %x[%i] : memref<4xi64>
  }
  // Element 3 after three layers: 3 + 3.
  %a = func.call @layers(%x) : (memref<4xi64>) -> memref<4xi64>
  %a3 = memref.load %a[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%a3) : (i64) -> ()
  memref.dealloc %a : memref<4xi64>
  // Element 2 after two layers: 2 + 2.
  %b = func.call @maybe_no_iteration(%x, %c2) : (memref<4xi64>, index) -> memref<4xi64>
  %b2 = memref.load %b[%c2] : memref<4xi64>
  func.call @bufrs_print_i64(%b2) : (i64) -> ()
  memref.dealloc %b : memref<4xi64>
  // Element 3 after two layers, each adding one: 3 + 2.
  %w = func.call @body_writes(%x) : (memref<4xi64>) -> memref<4xi64>
  %w3 = memref.load %w[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%w3) : (i64) -> ()
  memref.dealloc %w : memref<4xi64>
  // Element 1 doubled once.
  %f = func.call @body_frees(%x) : (memref<4xi64>) -> memref<4xi64>
  %f1 = memref.load %f[%c1] : memref<4xi64>
  func.call @bufrs_print_i64(%f1) : (i64) -> ()
  memref.dealloc %f : memref<4xi64>
  memref.dealloc %x : memref<4xi64>
  return
}
