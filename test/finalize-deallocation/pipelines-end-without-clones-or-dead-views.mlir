// Every bufrs deallocation pipeline ends in the ops upstream's
// buffer-deallocation-pipeline leaves for the passes after it: the copy a
// function returning a view of its argument needs (and the copy a merge of a
// new buffer and an argument needs) is memref.alloc + memref.copy, not
// bufferization.clone; a view the input left without uses is gone. The
// output runs clean under AddressSanitizer (every lowered copy freed once)
// and prints what the input prints; keep-clones leaves the clones.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefixes=CHECK,CLONE
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s --check-prefixes=CHECK,CLONE
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s --check-prefix=KEEP
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{keep-clones=true})' | FileCheck %s --check-prefix=KEEP
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{keep-clones=true})' | FileCheck %s --check-prefix=KEEP
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @tail(
// CHECK-SAME:      %[[M:.*]]: memref<?xi64>, %[[N:.*]]: index)
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[M]][1] [%[[N]]] [1]
// CHECK-NEXT:    %[[V:.*]] = memref.cast %[[S]] : memref<?xi64, strided<[1], offset: 1>> to memref<?xi64, strided<[1], offset: ?>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[V]], %[[C0]]
// CHECK-NEXT:    %[[NEW:.*]] = memref.alloc(%[[D]]) : memref<?xi64>
// CHECK-NEXT:    memref.copy %[[V]], %[[NEW]] : memref<?xi64, strided<[1], offset: ?>> to memref<?xi64>
// CHECK-NEXT:    %[[CAST:.*]] = memref.cast %[[NEW]] : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
// CHECK-NEXT:    return %[[CAST]]
// KEEP-LABEL:  func.func @tail(
// KEEP:          bufferization.clone
func.func @tail(%m: memref<?xi64>, %n: index) -> memref<?xi64, strided<[1], offset: ?>> {
  %unused = memref.subview %m[0] [%n] [1] : memref<?xi64> to memref<?xi64, strided<[1]>>
  %s = memref.subview %m[1] [%n] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: 1>>
  %c = memref.cast %s : memref<?xi64, strided<[1], offset: 1>> to memref<?xi64, strided<[1], offset: ?>>
  return %c : memref<?xi64, strided<[1], offset: ?>>
}

// The clone-based pipelines copy %m in the branch that returns it; the
// ownership pipeline passes an ownership flag out of the scf.if and copies
// after it when the flag is false.
// CHECK-LABEL:    func.func @fresh_or_argument(
// CHECK-SAME:         %[[C:.*]]: i1, %[[M:.*]]: memref<4xi64>)
// CLONE:            scf.if %[[C]] -> (memref<4xi64>) {
// CLONE-NEXT:         %[[NEW:.*]] = memref.alloc() : memref<4xi64>
// CLONE-NEXT:         memref.copy %[[M]], %[[NEW]] : memref<4xi64> to memref<4xi64>
// CLONE-NEXT:         scf.yield %[[NEW]]
// OWNERSHIP:        %[[R:.*]]:2 = scf.if %[[C]] -> (memref<4xi64>, i1) {
// OWNERSHIP:        scf.if %[[R]]#1 -> (memref<4xi64>) {
// OWNERSHIP-NEXT:     scf.yield %[[R]]#0
// OWNERSHIP-NEXT:   } else {
// OWNERSHIP-NEXT:     %[[NEW:.*]] = memref.alloc() : memref<4xi64>
// OWNERSHIP-NEXT:     memref.copy %[[R]]#0, %[[NEW]] : memref<4xi64> to memref<4xi64>
// OWNERSHIP-NEXT:     scf.yield %[[NEW]]
// KEEP-LABEL:     func.func @fresh_or_argument(
// KEEP:             bufferization.clone
func.func @fresh_or_argument(%c: i1, %m: memref<4xi64>) -> memref<4xi64> {
  %r = scf.if %c -> memref<4xi64> {
    scf.yield %m : memref<4xi64>
  } else {
    %a = memref.alloc() : memref<4xi64>
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : i64
    memref.store %c7, %a[%c0] : memref<4xi64>
    scf.yield %a : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// CHECK-NOT: bufferization.
// CHECK-NOT: memref.subview %{{.*}}[0]

// OUT:      5
// OUT-NEXT: 7
// OUT-NEXT: 5
// OUT-NOT: {{.}}
func.func private @bufrs_print_i64(i64)
func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : i64
  %m = memref.alloc(%c4) : memref<?xi64>
  memref.store %c5, %m[%c1] : memref<?xi64>
  %t = call @tail(%m, %c2) : (memref<?xi64>, index) -> memref<?xi64, strided<[1], offset: ?>>
  %x = memref.load %t[%c0] : memref<?xi64, strided<[1], offset: ?>>
  call @bufrs_print_i64(%x) : (i64) -> ()
  %s = memref.alloc() : memref<4xi64>
  memref.store %c5, %s[%c0] : memref<4xi64>
  %true = arith.constant true
  %false = arith.constant false
  %f = call @fresh_or_argument(%false, %s) : (i1, memref<4xi64>) -> memref<4xi64>
  %y = memref.load %f[%c0] : memref<4xi64>
  call @bufrs_print_i64(%y) : (i64) -> ()
  %g = call @fresh_or_argument(%true, %s) : (i1, memref<4xi64>) -> memref<4xi64>
  %z = memref.load %g[%c0] : memref<4xi64>
  call @bufrs_print_i64(%z) : (i64) -> ()
  return
}
