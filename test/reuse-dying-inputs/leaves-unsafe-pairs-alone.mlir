// The pairs the pass must leave as two buffers: the input read after the
// op, returned, viewed (the view returned) or passed to a call before it (stored:
// leaves-escaping-inputs-alone.mlir); input and
// init read through different maps, or the op with a reduction loop; types
// or allocation attributes that differ; an init written before the op; the
// op in a loop its buffers are allocated outside of; an init that is a
// function argument. Each function keeps both allocations and the op's
// operands. The main job runs the same programs clean under
// AddressSanitizer (the functions called from @run).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// OUT:      4
// OUT-NEXT: 6
// OUT-NEXT: 3
// OUT-NEXT: 10
// OUT-NEXT: 1
// OUT-NEXT: 12
// OUT-NEXT: 2
// OUT-NEXT: 4
// OUT-NEXT: 2
// OUT-NOT:  {{.}}

#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>
#id3 = affine_map<(i, j, k) -> (i, j)>
#k = affine_map<(i, j, k) -> (i, k)>

// CHECK-LABEL: func.func @input_read_after(
// CHECK-SAME:      %[[X:.*]]: memref<2x2xf32>, %[[O:.*]]: memref<2x2xf32>) -> memref<2x2xf32> {
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[S]]
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
// CHECK:         memref.copy %[[S]], %[[O]]
// CHECK-NEXT:    return %[[R]]
func.func @input_read_after(%x: memref<2x2xf32>, %o: memref<2x2xf32>) -> memref<2x2xf32> {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  memref.copy %s, %o : memref<2x2xf32> to memref<2x2xf32>
  return %r : memref<2x2xf32>
}

// CHECK-LABEL: func.func @input_returned(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
// CHECK:         return %[[R]], %[[S]]
func.func @input_returned(%x: memref<2x2xf32>) -> (memref<2x2xf32>, memref<2x2xf32>) {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r, %s : memref<2x2xf32>, memref<2x2xf32>
}

// A view of the input, taken before the op and returned, lets an alias out.
// CHECK-LABEL: func.func @input_viewed(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[S]]
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
// CHECK:         return %[[R]], %[[V]]
func.func @input_viewed(%x: memref<2x2xf32>) -> (memref<2x2xf32>, memref<2xf32, strided<[1]>>) {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %v = memref.subview %s[0, 0] [1, 2] [1, 1] : memref<2x2xf32> to memref<2xf32, strided<[1]>>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v2 = arith.addf %a, %a : f32
    linalg.yield %v2 : f32
  }
  return %r, %v : memref<2x2xf32>, memref<2xf32, strided<[1]>>
}

// A call may keep what it is passed.
// CHECK-LABEL: func.func @input_to_call(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    call @fill_ones(%[[S]])
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
func.func @input_to_call() -> memref<2x2xf32> {
  %s = memref.alloc() : memref<2x2xf32>
  func.call @fill_ones(%s) : (memref<2x2xf32>) -> ()
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x2xf32>
}

func.func private @fill_ones(%m: memref<2x2xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%m : memref<2x2xf32>)
  return
}

// A transpose: iteration (i, j) reads element (j, i) and writes (i, j).
// CHECK-LABEL: func.func @transposed_input(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
func.func @transposed_input(%x: memref<2x2xf32>) -> memref<2x2xf32> {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return %r : memref<2x2xf32>
}

// A matmul with the input's map (i, k) and the init's (i, j): a reduction
// loop, maps that differ and are no permutation.
// CHECK-LABEL: func.func @reduction(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]], %{{.*}} : memref<2x2xf32>, memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
func.func @reduction(%x: memref<2x2xf32>) -> memref<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%zero : f32) outs(%r : memref<2x2xf32>)
  linalg.generic {indexing_maps = [#k, affine_map<(i, j, k) -> (k, j)>, #id3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%s, %x : memref<2x2xf32>, memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %v = arith.addf %c, %m : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x2xf32>
}

// Another element type; another alignment.
// CHECK-LABEL: func.func @different_types(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf64>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf64>)
func.func @different_types(%x: memref<2x2xf32>) -> memref<2x2xf64> {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf64>) {
  ^bb0(%a: f32, %b: f64):
    %v = arith.extf %a : f32 to f64
    linalg.yield %v : f64
  }
  return %r : memref<2x2xf64>
}

// CHECK-LABEL: func.func @different_alignment(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
func.func @different_alignment(%x: memref<2x2xf32>) -> memref<2x2xf32> {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x2xf32>
}

// The init is written before the op.
// CHECK-LABEL: func.func @init_written_before(
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[R]] : memref<2x2xf32>)
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
func.func @init_written_before(%x: memref<2x2xf32>) -> memref<2x2xf32> {
  %one = arith.constant 1.0 : f32
  %s = memref.alloc() : memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%one : f32) outs(%r : memref<2x2xf32>)
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x2xf32>
}

// The op runs in a loop; the second iteration reads what the first left in
// the input.
// CHECK-LABEL: func.func @op_in_loop(
// CHECK:         %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
func.func @op_in_loop(%x: memref<2x2xf32>) -> memref<2x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %a : f32
      linalg.yield %v : f32
    }
  }
  return %r : memref<2x2xf32>
}

// The init is the caller's buffer: no allocation of its own.
// CHECK-LABEL: func.func @init_argument(
// CHECK-SAME:      %[[X:.*]]: memref<2x2xf32>, %[[O:.*]]: memref<2x2xf32>) {
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[O]] : memref<2x2xf32>)
func.func @init_argument(%x: memref<2x2xf32>, %o: memref<2x2xf32>) {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%o : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return
}

// Driver: element (0, 1) of results ([[1, 2], [3, 4]] as input), some
// combined.
// CHECK-LABEL: func.func @run(
func.func private @bufrs_print_f32(f32)
func.func private @bufrs_print_f64(f64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.get_global @x : memref<2x2xf32>
  %o = memref.alloc() : memref<2x2xf32>
  %a = func.call @input_read_after(%x, %o) : (memref<2x2xf32>, memref<2x2xf32>) -> memref<2x2xf32>
  %a1 = memref.load %a[%c0, %c1] : memref<2x2xf32>
  func.call @bufrs_print_f32(%a1) : (f32) -> ()
  %b:2 = func.call @input_returned(%x) : (memref<2x2xf32>) -> (memref<2x2xf32>, memref<2x2xf32>)
  %b1 = memref.load %b#1[%c0, %c1] : memref<2x2xf32>
  %b2 = memref.load %b#0[%c0, %c1] : memref<2x2xf32>
  %b3 = arith.addf %b1, %b2 : f32
  func.call @bufrs_print_f32(%b3) : (f32) -> ()
  %t = func.call @transposed_input(%x) : (memref<2x2xf32>) -> memref<2x2xf32>
  %t1 = memref.load %t[%c0, %c1] : memref<2x2xf32>
  %m = func.call @reduction(%x) : (memref<2x2xf32>) -> memref<2x2xf32>
  %m1 = memref.load %m[%c0, %c1] : memref<2x2xf32>
  %f = func.call @input_to_call() : () -> memref<2x2xf32>
  %f1 = memref.load %f[%c0, %c1] : memref<2x2xf32>
  func.call @bufrs_print_f32(%t1) : (f32) -> ()
  func.call @bufrs_print_f32(%m1) : (f32) -> ()
  %w = func.call @init_written_before(%x) : (memref<2x2xf32>) -> memref<2x2xf32>
  %w1 = memref.load %w[%c0, %c1] : memref<2x2xf32>
  %w2 = arith.subf %w1, %f1 : f32
  func.call @bufrs_print_f32(%w2) : (f32) -> ()
  %l = func.call @op_in_loop(%x) : (memref<2x2xf32>) -> memref<2x2xf32>
  %l1 = memref.load %l[%c0, %c1] : memref<2x2xf32>
  %l2 = arith.mulf %l1, %t1 : f32
  func.call @bufrs_print_f32(%l2) : (f32) -> ()
  %d = func.call @different_types(%x) : (memref<2x2xf32>) -> memref<2x2xf64>
  %d1 = memref.load %d[%c0, %c1] : memref<2x2xf64>
  func.call @bufrs_print_f64(%d1) : (f64) -> ()
  %g = func.call @different_alignment(%x) : (memref<2x2xf32>) -> memref<2x2xf32>
  %g1 = memref.load %g[%c0, %c1] : memref<2x2xf32>
  func.call @bufrs_print_f32(%g1) : (f32) -> ()
  func.call @init_argument(%x, %o) : (memref<2x2xf32>, memref<2x2xf32>) -> ()
  %o1 = memref.load %o[%c0, %c1] : memref<2x2xf32>
  %o2 = arith.subf %o1, %f1 : f32
  func.call @bufrs_print_f32(%o2) : (f32) -> ()
  memref.dealloc %d : memref<2x2xf64>
  memref.dealloc %g : memref<2x2xf32>
  memref.dealloc %o : memref<2x2xf32>
  memref.dealloc %a : memref<2x2xf32>
  memref.dealloc %b#0 : memref<2x2xf32>
  memref.dealloc %b#1 : memref<2x2xf32>
  memref.dealloc %t : memref<2x2xf32>
  memref.dealloc %m : memref<2x2xf32>
  memref.dealloc %f : memref<2x2xf32>
  memref.dealloc %w : memref<2x2xf32>
  memref.dealloc %l : memref<2x2xf32>
  return
}

memref.global "private" constant @x : memref<2x2xf32> = dense<[[1.0, 2.0], [3.0, 4.0]]>
