// bufrs-memory-pipeline merges buffers sized at run time (merge-dynamic, on
// by default) where the arena never raises the function's peak heap bytes,
// for any run-time size. In @chain, %a, %b and %c (4n bytes each) each
// overlap the next, and %d (4m bytes) lives alone at the end. One arena of
// all four is max(align(4n, 64) + 4n, 4m) bytes (%c reuses the bytes of %a,
// %d those of all three) and lives from %a to %d: where only %a, or only
// %d, is live it holds more than that buffer did, but never more than the
// function held at a point: the arena's first branch is at most what %a and
// %b held together (4n + 4n plus their alignment, 64 bytes each, asked of
// malloc), its second what %d held. So the four mallocs become one. The
// program runs under AddressSanitizer at (n, m) = (1, 100), (100, 1),
// (16, 16) and (3, 1): %d, then the two n-sized slots, then both in turn
// the largest.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{merge-dynamic=false})' | FileCheck %s --check-prefix=OFF

// OUT:      400
// OUT-NEXT: 400
// OUT-NEXT: 1024
// OUT-NEXT: 12

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[N:[^:]*]]: index, %[[M:[^:]*]]: index
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[A:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK-NEXT:    %[[C63:.*]] = arith.constant 63 : index
// CHECK-NEXT:    %[[A1:.*]] = arith.addi %[[A]], %[[C63]] : index
// CHECK-NEXT:    %[[MASK:.*]] = arith.constant -64 : index
// CHECK-NEXT:    %[[AEND:.*]] = arith.andi %[[A1]], %[[MASK]] : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.addi %[[AEND]], %[[A]] : index
// CHECK-NEXT:    %[[D:.*]] = arith.muli %[[M]], %[[C4]] : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.maxui %[[TWO]], %[[D]] : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[VA:.*]] = memref.view %[[ARENA]][%[[AEND]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    scf.for
// CHECK:         %[[Z1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[VB:.*]] = memref.view %[[ARENA]][%[[Z1]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    scf.for
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %[[VC:.*]] = memref.view %[[ARENA]][%[[AEND]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    scf.for
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[VD:.*]] = memref.view %[[ARENA]][%[[Z2]]][%[[M]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    scf.for
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT:    call @bufrs_print_f32
// CHECK-NEXT:    return

// With merge-dynamic=false the four buffers stay mallocs of their own.
// OFF-LABEL: func.func @chain(
// OFF-COUNT-4: memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// OFF-NOT:     memref.alloc
// OFF:         return

func.func private @bufrs_print_f32(f32)

func.func @chain(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %a[%i] : memref<?xf32>
  }
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %b[%i] : memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  %c = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %b[%i] : memref<?xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %c[%i] : memref<?xf32>
  }
  memref.dealloc %b : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %c[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  memref.dealloc %c : memref<?xf32>
  %d = memref.alloc(%m) {alignment = 64 : i64} : memref<?xf32>
  scf.for %j = %c0 to %m step %c1 {
    memref.store %s, %d[%j] : memref<?xf32>
  }
  %t = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %d[%j] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  memref.dealloc %d : memref<?xf32>
  call @bufrs_print_f32(%t) : (f32) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c100 = arith.constant 100 : index
  call @chain(%c1, %c100) : (index, index) -> ()
  call @chain(%c100, %c1) : (index, index) -> ()
  call @chain(%c16, %c16) : (index, index) -> ()
  call @chain(%c3, %c1) : (index, index) -> ()
  return
}
