// The copies of a part into a slice of a destination that must stay: the
// part read after the copy, the destination read between the part's
// allocation and the copy, a slice that is not contiguous, a destination
// that is returned, a part passed to a call (its address may be kept), two
// parts copied into one slice (only the first copy goes: the second then
// overwrites the slice, as before). Each function checks exactly which
// buffers stay. Run under AddressSanitizer through the pass followed by the
// ownership-based deallocation, and through the main job, with the same
// output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-write-into-destination))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-write-into-destination),bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      1
// OUT-NEXT: 4
// OUT-NEXT: 5
// OUT-NEXT: 7
// OUT-NEXT: 9
// OUT-NEXT: 11

#id = affine_map<(i, j) -> (i, j)>

// The part is read after the copy: it stays.
// CHECK-LABEL: func.func @read_after(
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<1x4xi64>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<2x4xi64>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[D]][1, 0] [1, 4] [1, 1]
// CHECK-NEXT:    memref.copy %[[H]], %[[S]]
// CHECK-NEXT:    memref.subview %[[D]][0, 0] [1, 4] [1, 1]
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    memref.copy %[[H]],
func.func @read_after(%v: i64, %out: memref<2x4xi64>, %o2: memref<1x4xi64>) {
  %h = memref.alloc() : memref<1x4xi64>
  linalg.fill ins(%v : i64) outs(%h : memref<1x4xi64>)
  %d = memref.alloc() : memref<2x4xi64>
  %s = memref.subview %d[1, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %h, %s : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  %s0 = memref.subview %d[0, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  linalg.fill ins(%v : i64) outs(%s0 : memref<1x4xi64, strided<[4, 1]>>)
  memref.copy %h, %o2 : memref<1x4xi64> to memref<1x4xi64>
  memref.copy %d, %out : memref<2x4xi64> to memref<2x4xi64>
  return
}

// The destination is read while the part is live: it stays.
// CHECK-LABEL: func.func @destination_read_meanwhile(
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<2x4xi64>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<1x4xi64>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[D]] : memref<2x4xi64>) outs(%[[H]] : memref<1x4xi64>)
// CHECK:         %[[S:.*]] = memref.subview %[[D]][1, 0] [1, 4] [1, 1]
// CHECK-NEXT:    memref.copy %[[H]], %[[S]]
func.func @destination_read_meanwhile(%v: i64, %out: memref<2x4xi64>) {
  %d = memref.alloc() : memref<2x4xi64>
  linalg.fill ins(%v : i64) outs(%d : memref<2x4xi64>)
  %h = memref.alloc() : memref<1x4xi64>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + 1, j)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d : memref<2x4xi64>) outs(%h : memref<1x4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %r = arith.addi %a, %a : i64
    linalg.yield %r : i64
  }
  %s = memref.subview %d[1, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %h, %s : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %d, %out : memref<2x4xi64> to memref<2x4xi64>
  return
}

// The slice is a column of the destination, not contiguous: it stays.
// CHECK-LABEL: func.func @column(
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<2x4xi64>
// CHECK-NEXT:    arith.constant 0 : i64
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<2x1xi64>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[D]][0, 2] [2, 1] [1, 1]
// CHECK-NEXT:    memref.copy %[[H]], %[[S]]
func.func @column(%v: i64, %out: memref<2x4xi64>) {
  %d = memref.alloc() : memref<2x4xi64>
  %zero = arith.constant 0 : i64
  linalg.fill ins(%zero : i64) outs(%d : memref<2x4xi64>)
  %h = memref.alloc() : memref<2x1xi64>
  linalg.fill ins(%v : i64) outs(%h : memref<2x1xi64>)
  %s = memref.subview %d[0, 2] [2, 1] [1, 1] : memref<2x4xi64> to memref<2x1xi64, strided<[4, 1], offset: 2>>
  memref.copy %h, %s : memref<2x1xi64> to memref<2x1xi64, strided<[4, 1], offset: 2>>
  memref.copy %d, %out : memref<2x4xi64> to memref<2x4xi64>
  return
}

// The destination is returned: it stays.
// CHECK-LABEL: func.func @returned(
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<1x4xi64>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<1x4xi64>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[D]][0, 0] [1, 4] [1, 1]
// CHECK-NEXT:    memref.copy %[[H]], %[[S]]
// CHECK-NEXT:    return %[[D]]
func.func @returned(%v: i64) -> memref<1x4xi64> {
  %h = memref.alloc() : memref<1x4xi64>
  linalg.fill ins(%v : i64) outs(%h : memref<1x4xi64>)
  %d = memref.alloc() : memref<1x4xi64>
  %s = memref.subview %d[0, 0] [1, 4] [1, 1] : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  memref.copy %h, %s : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  return %d : memref<1x4xi64>
}

func.func private @sum_into(%h: memref<1x4xi64>, %o: memref<1x4xi64>) {
  memref.copy %h, %o : memref<1x4xi64> to memref<1x4xi64>
  return
}

// The part is passed to a call: it stays.
// CHECK-LABEL: func.func @called(
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<2x4xi64>
// CHECK-NEXT:    arith.constant 0 : i64
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<1x4xi64>
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    call @sum_into(%[[H]],
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[D]][0, 0] [1, 4] [1, 1]
// CHECK-NEXT:    memref.copy %[[H]], %[[S]]
func.func @called(%v: i64, %out: memref<2x4xi64>, %o2: memref<1x4xi64>) {
  %d = memref.alloc() : memref<2x4xi64>
  %zero = arith.constant 0 : i64
  linalg.fill ins(%zero : i64) outs(%d : memref<2x4xi64>)
  %h = memref.alloc() : memref<1x4xi64>
  linalg.fill ins(%v : i64) outs(%h : memref<1x4xi64>)
  func.call @sum_into(%h, %o2) : (memref<1x4xi64>, memref<1x4xi64>) -> ()
  %s = memref.subview %d[0, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  memref.copy %h, %s : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  memref.copy %d, %out : memref<2x4xi64> to memref<2x4xi64>
  return
}

// Two parts go into one slice: the first becomes a view of it, the second
// copy stays and overwrites it.
// CHECK-LABEL: func.func @one_slice_twice(
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() {alignment = 16 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.view %[[A]][%[[C0]]][] : memref<64xi8> to memref<2x4xi64>
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[H0:.*]] = memref.view %[[A]][%[[C32]]][] : memref<64xi8> to memref<1x4xi64>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : i64) outs(%[[H0]] : memref<1x4xi64>)
// CHECK-NEXT:    %[[H1:.*]] = memref.alloc() : memref<1x4xi64>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : i64) outs(%[[H1]] : memref<1x4xi64>)
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[D]][1, 0] [1, 4] [1, 1]
// CHECK-NEXT:    memref.copy %[[H1]], %[[S]]
// CHECK-NEXT:    %[[S0:.*]] = memref.subview %[[D]][0, 0] [1, 4] [1, 1]
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : i64) outs(%[[S0]]
// CHECK-NEXT:    memref.copy %[[D]],
// CHECK-NEXT:    return
func.func @one_slice_twice(%v: i64, %w: i64, %out: memref<2x4xi64>) {
  %h0 = memref.alloc() : memref<1x4xi64>
  linalg.fill ins(%v : i64) outs(%h0 : memref<1x4xi64>)
  %h1 = memref.alloc() : memref<1x4xi64>
  linalg.fill ins(%w : i64) outs(%h1 : memref<1x4xi64>)
  %d = memref.alloc() : memref<2x4xi64>
  %s = memref.subview %d[1, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %h0, %s : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %h1, %s : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  %s0 = memref.subview %d[0, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  linalg.fill ins(%v : i64) outs(%s0 : memref<1x4xi64, strided<[4, 1]>>)
  memref.copy %d, %out : memref<2x4xi64> to memref<2x4xi64>
  return
}

func.func private @bufrs_print_i64(i64)

// The sum of a 2x4 buffer's elements.
func.func @sum(%o: memref<2x4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %m = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i64) {
    %row = scf.for %j = %c0 to %c4 step %c1 iter_args(%racc = %acc) -> (i64) {
      %x = memref.load %o[%i, %j] : memref<2x4xi64>
      %r = arith.addi %racc, %x : i64
      scf.yield %r : i64
    }
    scf.yield %row : i64
  }
  return %m : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %out = memref.alloc() : memref<2x4xi64>
  %o2 = memref.alloc() : memref<1x4xi64>
  %zero = arith.constant 0 : i64
  linalg.fill ins(%zero : i64) outs(%out : memref<2x4xi64>)
  // Each function's sum, divided by 8.
  %eight = arith.constant 8 : i64
  %v1 = arith.constant 1 : i64
  func.call @read_after(%v1, %out, %o2) : (i64, memref<2x4xi64>, memref<1x4xi64>) -> ()
  %a = func.call @sum(%out) : (memref<2x4xi64>) -> i64
  %a8 = arith.divsi %a, %eight : i64
  func.call @bufrs_print_i64(%a8) : (i64) -> ()
  %v3 = arith.constant 3 : i64
  func.call @destination_read_meanwhile(%v3, %out) : (i64, memref<2x4xi64>) -> ()
  %b = func.call @sum(%out) : (memref<2x4xi64>) -> i64
  %b8 = arith.divsi %b, %eight : i64
  func.call @bufrs_print_i64(%b8) : (i64) -> ()
  %v20 = arith.constant 20 : i64
  func.call @column(%v20, %out) : (i64, memref<2x4xi64>) -> ()
  %c = func.call @sum(%out) : (memref<2x4xi64>) -> i64
  %c8 = arith.divsi %c, %eight : i64
  func.call @bufrs_print_i64(%c8) : (i64) -> ()
  %v7 = arith.constant 7 : i64
  %r = func.call @returned(%v7) : (i64) -> memref<1x4xi64>
  %r0 = memref.load %r[%c0, %c3] : memref<1x4xi64>
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  memref.dealloc %r : memref<1x4xi64>
  %v18 = arith.constant 18 : i64
  func.call @called(%v18, %out, %o2) : (i64, memref<2x4xi64>, memref<1x4xi64>) -> ()
  %e = func.call @sum(%out) : (memref<2x4xi64>) -> i64
  %e8 = arith.divsi %e, %eight : i64
  func.call @bufrs_print_i64(%e8) : (i64) -> ()
  %v2 = arith.constant 2 : i64
  %v20b = arith.constant 20 : i64
  func.call @one_slice_twice(%v2, %v20b, %out) : (i64, i64, memref<2x4xi64>) -> ()
  %f = func.call @sum(%out) : (memref<2x4xi64>) -> i64
  %f8 = arith.divsi %f, %eight : i64
  func.call @bufrs_print_i64(%f8) : (i64) -> ()
  memref.dealloc %o2 : memref<1x4xi64>
  memref.dealloc %out : memref<2x4xi64>
  return
}
