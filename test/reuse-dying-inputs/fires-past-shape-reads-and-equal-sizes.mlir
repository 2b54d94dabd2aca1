// Buffers of run-time size, as the models exported with a dynamic
// dimension bufferize: an input whose size a `memref.dim` reads before the
// op (a shape read, not an access: the init has the same shape), and an
// input sized by a length torch-mlir recomputes through i64
// (`index_cast(index_cast(%n + 2) - 2)`, the same value as `%n`) while the
// init is sized by `%n`. Both pairs become one buffer; the init, moved up,
// takes the input's size operand. A size only a division gives
// (`(%n * 2) / 2`, not read as a polynomial) keeps two buffers, as do
// sizes from two arguments (equal at run time, not provably) and a shape
// read after the op. The main job prints the same
// values under AddressSanitizer at lengths 1, 5 and 64.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// Per length n, five sums of n * n: 2 * i + 1 for i < n for the two pairs
// made one buffer, (i + 1) + i for the three left alone.
// OUT:      1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 25
// OUT-NEXT: 25
// OUT-NEXT: 25
// OUT-NEXT: 25
// OUT-NEXT: 25
// OUT-NEXT: 4096
// OUT-NEXT: 4096
// OUT-NEXT: 4096
// OUT-NEXT: 4096
// OUT-NEXT: 4096
// OUT-NOT:  {{.}}

#id = affine_map<(i) -> (i)>
#plus2 = affine_map<()[s0] -> (s0 + 2)>

// CHECK-LABEL: func.func @shape_read_before(
// CHECK-SAME:      %[[N:.*]]: index) -> memref<?xf32> {
// CHECK:         %[[O:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[O]], %{{.*}} : memref<?xf32>
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %[[D]]
// CHECK:           memref.store %{{.*}}, %[[O]][%{{.*}}] : memref<?xf32>
// CHECK:         linalg.generic {{{.*}}} ins(%[[O]] : memref<?xf32>) outs(%[[O]] : memref<?xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[O]] : memref<?xf32>
func.func @shape_read_before(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i = memref.alloc(%n) : memref<?xf32>
  %d = memref.dim %i, %c0 : memref<?xf32>
  scf.for %k = %c0 to %d step %c1 {
    %v = arith.index_cast %k : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %i[%k] : memref<?xf32>
  }
  %o = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %a : f32
    %one = arith.constant 1.0 : f32
    %r = arith.addf %s, %one : f32
    linalg.yield %r : f32
  }
  return %o : memref<?xf32>
}

// CHECK-LABEL: func.func @recomputed_length(
// CHECK-SAME:      %[[X:.*]]: memref<?xf32>) -> memref<?xf32> {
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xf32>
// CHECK-NEXT:    %[[P:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK-NEXT:    %[[W:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK-NEXT:    %[[S:.*]] = arith.subi %[[W]], %{{.*}} : i64
// CHECK-NEXT:    %[[M:.*]] = arith.index_cast %[[S]] : i64 to index
// CHECK-NEXT:    %[[O:.*]] = memref.alloc(%[[M]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[O]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[O]] : memref<?xf32>) outs(%[[O]] : memref<?xf32>) {
// CHECK:         return %[[O]] : memref<?xf32>
func.func @recomputed_length(%x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : i64
  %n = memref.dim %x, %c0 : memref<?xf32>
  %p = affine.apply #plus2()[%n]
  %w = arith.index_cast %p : index to i64
  %s = arith.subi %w, %c2 : i64
  %m = arith.index_cast %s : i64 to index
  %i = memref.alloc(%m) : memref<?xf32>
  memref.copy %x, %i : memref<?xf32> to memref<?xf32>
  %o = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %a : f32
    %one = arith.constant 1.0 : f32
    %r = arith.addf %t, %one : f32
    linalg.yield %r : f32
  }
  return %o : memref<?xf32>
}

// CHECK-LABEL: func.func @other_length(
// CHECK-SAME:      %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[K:.*]]: index) -> f32 {
// CHECK-NEXT:    %[[I:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[I]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    %[[O:.*]] = memref.alloc(%[[K]]) : memref<?xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[I]] : memref<?xf32>) outs(%[[O]] : memref<?xf32>) {
func.func @other_length(%x: memref<?xf32>, %n: index, %k: index) -> f32 {
  %i = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %i : memref<?xf32> to memref<?xf32>
  %o = memref.alloc(%k) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.addf %a, %one : f32
    linalg.yield %r : f32
  }
  %sum = call @sum_plus_index(%o) : (memref<?xf32>) -> f32
  return %sum : f32
}

// CHECK-LABEL: func.func @divided_length(
// CHECK:         %[[N:.*]] = memref.dim
// CHECK-NEXT:    %[[D:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[M:.*]] = arith.divui %[[D]], %{{.*}} : index
// CHECK-NEXT:    %[[I:.*]] = memref.alloc(%[[M]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[I]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    %[[O:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[I]] : memref<?xf32>) outs(%[[O]] : memref<?xf32>) {
func.func @divided_length(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %d = arith.muli %n, %c2 : index
  %m = arith.divui %d, %c2 : index
  %i = memref.alloc(%m) : memref<?xf32>
  memref.copy %x, %i : memref<?xf32> to memref<?xf32>
  %o = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.addf %a, %one : f32
    linalg.yield %r : f32
  }
  %sum = call @sum_plus_index(%o) : (memref<?xf32>) -> f32
  return %sum : f32
}

// CHECK-LABEL: func.func @shape_read_after(
// CHECK-NEXT:    %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim
// CHECK-NEXT:    %[[I:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[I]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    %[[O:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[I]] : memref<?xf32>) outs(%[[O]] : memref<?xf32>) {
// CHECK:         memref.dim %[[I]]
func.func @shape_read_after(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %i = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %i : memref<?xf32> to memref<?xf32>
  %o = memref.alloc(%n) : memref<?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.addf %a, %one : f32
    linalg.yield %r : f32
  }
  %after = memref.dim %i, %c0 : memref<?xf32>
  %part = memref.subview %o[0] [%after] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  %whole = memref.cast %part : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  %sum = call @sum_plus_index_strided(%whole) : (memref<?xf32, strided<[1]>>) -> f32
  return %sum : f32
}

// The sum of b[i] + i.
func.func private @sum_plus_index(%b: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %b, %c0 : memref<?xf32>
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %b[%k] : memref<?xf32>
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %t = arith.addf %acc, %v : f32
    %u = arith.addf %t, %kf : f32
    scf.yield %u : f32
  }
  return %s : f32
}

// The sum of b[i] + i, through a view.
func.func private @sum_plus_index_strided(%b: memref<?xf32, strided<[1]>>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %b, %c0 : memref<?xf32, strided<[1]>>
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %b[%k] : memref<?xf32, strided<[1]>>
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %t = arith.addf %acc, %v : f32
    %u = arith.addf %t, %kf : f32
    scf.yield %u : f32
  }
  return %s : f32
}

// The sum of b[i].
func.func private @sum(%b: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %b, %c0 : memref<?xf32>
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %b[%k] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

func.func private @bufrs_print_f32(f32)

// Prints, for one length n, the five sums.
func.func private @at_length(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = call @shape_read_before(%n) : (index) -> memref<?xf32>
  %sa = call @sum(%a) : (memref<?xf32>) -> f32
  call @bufrs_print_f32(%sa) : (f32) -> ()
  memref.dealloc %a : memref<?xf32>
  %x = memref.alloc(%n) : memref<?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %v = arith.index_cast %k : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %x[%k] : memref<?xf32>
  }
  %b = call @recomputed_length(%x) : (memref<?xf32>) -> memref<?xf32>
  %sb = call @sum(%b) : (memref<?xf32>) -> f32
  call @bufrs_print_f32(%sb) : (f32) -> ()
  memref.dealloc %b : memref<?xf32>
  %sc = call @other_length(%x, %n, %n) : (memref<?xf32>, index, index) -> f32
  call @bufrs_print_f32(%sc) : (f32) -> ()
  %sd = call @divided_length(%x) : (memref<?xf32>) -> f32
  call @bufrs_print_f32(%sd) : (f32) -> ()
  %se = call @shape_read_after(%x) : (memref<?xf32>) -> f32
  call @bufrs_print_f32(%se) : (f32) -> ()
  memref.dealloc %x : memref<?xf32>
  return
}

func.func @run() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c64 = arith.constant 64 : index
  call @at_length(%c1) : (index) -> ()
  call @at_length(%c5) : (index) -> ()
  call @at_length(%c64) : (index) -> ()
  return
}
