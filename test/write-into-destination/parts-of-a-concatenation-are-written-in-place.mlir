// Two buffers whose last use is a copy into a slice of one destination (a
// concatenation as copy-before-write bufferization leaves it) become views
// of those slices: the destination and both parts are views of one byte
// buffer allocated where the first part was, and the copies go. Run under
// AddressSanitizer through the pass followed by the ownership-based
// deallocation, and through the main job, with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-write-into-destination))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-write-into-destination),bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      1
// OUT-NEXT: 2
// OUT-NEXT: 3
// OUT-NEXT: 4
// OUT-NEXT: 2
// OUT-NEXT: 4
// OUT-NEXT: 6
// OUT-NEXT: 8
// OUT-NEXT: 5
// OUT-NEXT: 5

#id = affine_map<(i, j) -> (i, j)>

// CHECK-LABEL: func.func @concat(
// CHECK-SAME:      %[[X:.*]]: memref<1x4xi64>, %[[DST:.*]]: memref<2x4xi64>) {
// CHECK-NEXT:    arith.constant 1 : i64
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.view %[[A]][%[[C0]]][] : memref<64xi8> to memref<2x4xi64>
// CHECK-NEXT:    %[[C0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[H0:.*]] = memref.view %[[A]][%[[C0B]]][] : memref<64xi8> to memref<1x4xi64>
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[H1:.*]] = memref.view %[[A]][%[[C32]]][] : memref<64xi8> to memref<1x4xi64>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]] : memref<1x4xi64>) outs(%[[H0]] : memref<1x4xi64>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[H0]] : memref<1x4xi64>) outs(%[[H1]] : memref<1x4xi64>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.copy %[[D]], %[[DST]] : memref<2x4xi64> to memref<2x4xi64>
// CHECK-NEXT:    return
func.func @concat(%x: memref<1x4xi64>, %out: memref<2x4xi64>) {
  %c1 = arith.constant 1 : i64
  %h0 = memref.alloc() {alignment = 64 : i64} : memref<1x4xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1x4xi64>) outs(%h0 : memref<1x4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %r = arith.addi %a, %c1 : i64
    linalg.yield %r : i64
  }
  %h1 = memref.alloc() {alignment = 64 : i64} : memref<1x4xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h0 : memref<1x4xi64>) outs(%h1 : memref<1x4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %r = arith.addi %a, %a : i64
    linalg.yield %r : i64
  }
  %d = memref.alloc() {alignment = 64 : i64} : memref<2x4xi64>
  %s0 = memref.subview %d[0, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  memref.copy %h0, %s0 : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1]>>
  %s1 = memref.subview %d[1, 0] [1, 4] [1, 1] : memref<2x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %h1, %s1 : memref<1x4xi64> to memref<1x4xi64, strided<[4, 1], offset: 4>>
  memref.copy %d, %out : memref<2x4xi64> to memref<2x4xi64>
  return
}

// A part read by memref.load (data, not its address) goes too; the
// destination written after the copy is no op in the part's window.
// CHECK-LABEL: func.func @loaded(
// CHECK-SAME:      %[[V:.*]]: i64, %[[DST2:.*]]: memref<2x2xi64>) -> i64 {
// CHECK-NEXT:    %[[I0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.view %[[A]][%[[C0]]][] : memref<32xi8> to memref<2x2xi64>
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[H:.*]] = memref.view %[[A]][%[[C16]]][] : memref<32xi8> to memref<1x2xi64>
// CHECK-NEXT:    linalg.fill ins(%[[V]] : i64) outs(%[[H]] : memref<1x2xi64>)
// CHECK-NEXT:    %[[E:.*]] = memref.load %[[H]][%[[I0]], %[[I0]]] : memref<1x2xi64>
// CHECK-NEXT:    %[[S0:.*]] = memref.subview %[[D]][0, 0] [1, 2] [1, 1]
// CHECK-NEXT:    linalg.fill ins(%[[E]] : i64) outs(%[[S0]]
// CHECK-NEXT:    memref.copy %[[D]], %[[DST2]] : memref<2x2xi64> to memref<2x2xi64>
// CHECK-NEXT:    return %[[E]] : i64
func.func @loaded(%v: i64, %out: memref<2x2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %h = memref.alloc() : memref<1x2xi64>
  linalg.fill ins(%v : i64) outs(%h : memref<1x2xi64>)
  %e = memref.load %h[%c0, %c0] : memref<1x2xi64>
  %d = memref.alloc() : memref<2x2xi64>
  %s1 = memref.subview %d[1, 0] [1, 2] [1, 1] : memref<2x2xi64> to memref<1x2xi64, strided<[2, 1], offset: 2>>
  memref.copy %h, %s1 : memref<1x2xi64> to memref<1x2xi64, strided<[2, 1], offset: 2>>
  %s0 = memref.subview %d[0, 0] [1, 2] [1, 1] : memref<2x2xi64> to memref<1x2xi64, strided<[2, 1]>>
  linalg.fill ins(%e : i64) outs(%s0 : memref<1x2xi64, strided<[2, 1]>>)
  memref.copy %d, %out : memref<2x2xi64> to memref<2x2xi64>
  return %e : i64
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<1x4xi64>
  scf.for %j = %c0 to %c4 step %c1 {
    %v = arith.index_cast %j : index to i64
    memref.store %v, %x[%c0, %j] : memref<1x4xi64>
  }
  %out = memref.alloc() : memref<2x4xi64>
  func.call @concat(%x, %out) : (memref<1x4xi64>, memref<2x4xi64>) -> ()
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %out[%i, %j] : memref<2x4xi64>
      func.call @bufrs_print_i64(%v) : (i64) -> ()
    }
  }
  memref.dealloc %out : memref<2x4xi64>
  memref.dealloc %x : memref<1x4xi64>
  %five = arith.constant 5 : i64
  %out2 = memref.alloc() : memref<2x2xi64>
  %e = func.call @loaded(%five, %out2) : (i64, memref<2x2xi64>) -> i64
  func.call @bufrs_print_i64(%e) : (i64) -> ()
  %last = memref.load %out2[%c1, %c1] : memref<2x2xi64>
  func.call @bufrs_print_i64(%last) : (i64) -> ()
  memref.dealloc %out2 : memref<2x2xi64>
  return
}
