// An elementwise op (every loop parallel, its input and init read and
// written through one permutation map) whose input is a local buffer of the
// init's type that dies there writes into that buffer: the init's
// allocation moves up to the input's, the input's goes. The returned
// result keeps its own allocation; a chain of such ops becomes one buffer;
// an init allocated before the input stays where it is; a transposed map
// shared by input and init qualifies. Executed under AddressSanitizer
// through the pass and the main job, printing the same values as before.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=MAIN
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{promote=false verify=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs),bufrs-memory-pipeline{reuse-dying-inputs=false merge=false verify=true})' | FileCheck %s --check-prefix=OUT

// (x + y)^2 with x = [0..5], y = 1:
// OUT:      1
// OUT-NEXT: 4
// OUT-NEXT: 9
// OUT-NEXT: 16
// OUT-NEXT: 25
// OUT-NEXT: 36
// ((x + y) * 2 + 1) * 3:
// OUT-NEXT: 9
// OUT-NEXT: 15
// OUT-NEXT: 21
// OUT-NEXT: 27
// OUT-NEXT: 33
// OUT-NEXT: 39
// 2 * (x + 10), the init allocated first, the doubling through a
// transposed map:
// OUT-NEXT: 20
// OUT-NEXT: 22
// OUT-NEXT: 24
// OUT-NEXT: 26
// OUT-NEXT: 28
// OUT-NEXT: 30
// the sum of x * x, read from a local init:
// OUT-NEXT: 55
// OUT-NOT:  {{.}}

#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>

// CHECK-LABEL: func.func @square_of_sum(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[Y:.*]]: memref<2x3xf32>) -> memref<2x3xf32> {
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[X]], %[[Y]] : memref<2x3xf32>, memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : memref<2x3xf32>
// CHECK-NEXT:  }
// The main job: the one buffer is the returned one, nothing else is
// allocated or freed.
// MAIN-LABEL: func.func @square_of_sum(
// MAIN-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// MAIN-NOT:     memref.alloc
// MAIN-NOT:     memref.dealloc
// MAIN:         return %[[R]] : memref<2x3xf32>
func.func @square_of_sum(%x: memref<2x3xf32>, %y: memref<2x3xf32>) -> memref<2x3xf32> {
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<2x3xf32>, memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  }
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x3xf32>
}

// Three elementwise ops in a row after the sum: one buffer for all four.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[Y:.*]]: memref<2x3xf32>) -> memref<2x3xf32> {
// CHECK:         %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[X]], %[[Y]] : memref<2x3xf32>, memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{{.*}}} ins(%[[R]], %[[Y]] : memref<2x3xf32>, memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[R]] : memref<2x3xf32>
// MAIN-LABEL: func.func @chain(
// MAIN:         %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// MAIN-NOT:     memref.alloc
// MAIN-NOT:     memref.dealloc
// MAIN:         return %[[R]] : memref<2x3xf32>
func.func @chain(%x: memref<2x3xf32>, %y: memref<2x3xf32>) -> memref<2x3xf32> {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<2x3xf32>, memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  }
  %d = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%d : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %c2 : f32
    linalg.yield %v : f32
  }
  %p = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d : memref<2x3xf32>) outs(%p : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %c1 : f32
    linalg.yield %v : f32
  }
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %y : memref<2x3xf32>, memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %c3 : f32
    %v = arith.mulf %m, %b : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x3xf32>
}

// The init is allocated before the input: it stays in place, the input's
// allocation goes. Input and init share a transposed map (a permutation);
// the payload reads the init's element, which then holds the input's.
// CHECK-LABEL: func.func @init_first_transposed(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>) -> memref<2x3xf32> {
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[X]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[T:map[0-9]*]], #[[T]]], {{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>) {
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : memref<2x3xf32>
func.func @init_first_transposed(%x: memref<2x3xf32>) -> memref<2x3xf32> {
  %c10 = arith.constant 10.0 : f32
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %c10 : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#t, #t], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x3xf32>
}

// The init is local (not returned) and read after the op: the one buffer
// is freed once, after that read.
// CHECK-LABEL: func.func @local_init(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[SUM:.*]]: memref<f32>) {
// CHECK-NEXT:    %[[L:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[L]] : memref<2x3xf32> to memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[L]] : memref<2x3xf32>) outs(%[[L]] : memref<2x3xf32>) {
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[L]] : memref<2x3xf32>) outs(%[[SUM]] : memref<f32>) {
// CHECK:         return
// MAIN-LABEL: func.func @local_init(
// MAIN-NEXT:    %[[L:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x3xf32>
// MAIN-NOT:     memref.alloc
// MAIN:         return
func.func @local_init(%x: memref<2x3xf32>, %out: memref<f32>) {
  %s = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  memref.copy %x, %s : memref<2x3xf32> to memref<2x3xf32>
  %q = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%q : memref<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %a : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#id, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%q : memref<2x3xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %o : f32
    linalg.yield %v : f32
  }
  return
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

func.func @run() {
  %x = memref.get_global @x : memref<2x3xf32>
  %y = memref.get_global @y : memref<2x3xf32>
  %a = func.call @square_of_sum(%x, %y) : (memref<2x3xf32>, memref<2x3xf32>) -> memref<2x3xf32>
  func.call @print(%a) : (memref<2x3xf32>) -> ()
  %b = func.call @chain(%x, %y) : (memref<2x3xf32>, memref<2x3xf32>) -> memref<2x3xf32>
  func.call @print(%b) : (memref<2x3xf32>) -> ()
  %c = func.call @init_first_transposed(%x) : (memref<2x3xf32>) -> memref<2x3xf32>
  func.call @print(%c) : (memref<2x3xf32>) -> ()
  %zero = arith.constant 0.0 : f32
  %sum = memref.alloc() : memref<f32>
  memref.store %zero, %sum[] : memref<f32>
  func.call @local_init(%x, %sum) : (memref<2x3xf32>, memref<f32>) -> ()
  %s = memref.load %sum[] : memref<f32>
  func.call @bufrs_print_f32(%s) : (f32) -> ()
  memref.dealloc %sum : memref<f32>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %c : memref<2x3xf32>
  return
}

memref.global "private" constant @x : memref<2x3xf32> = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]>
memref.global "private" constant @y : memref<2x3xf32> = dense<1.0>
