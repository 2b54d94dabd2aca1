// bufrs-memory-pipeline plans buffers passed to calls whose results it
// frees: each weight of @three is copied into a buffer of its own before
// @project reads it (as copy-before-write bufferization leaves it), and the
// deallocation frees each call's result apart from the copy, since callers
// own what a function returns. merge-alloc runs with calls-return-fresh=true,
// so the three copies (on the heap: promotion keeps buffers passed to calls
// there), never live at once, share one 64-byte arena; without it
// (bufrs-merge-alloc alone after the same stages) a call's result may be its
// operand, each copy counts as freed through that result and stays a malloc
// of its own. The program runs under AddressSanitizer with the same output as
// before the pipeline. (By default the pipeline passes the weights
// themselves, as @project only reads them: calls-read-arguments-without-copies.mlir;
// here that stage is off, read-only-copies=false, to keep the copies.)

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{read-only-copies=false})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{read-only-copies=false merge=false},func.func(bufrs-merge-alloc{classes=heap,stack}))' | FileCheck %s --check-prefix=APART
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{read-only-copies=false})' | FileCheck %s --check-prefix=OUT

// OUT: 840

// CHECK-LABEL: func.func @three(
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[M]][%[[O1]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    memref.copy %arg1, %[[A]]
// CHECK-NEXT:    %[[Q:.*]] = call @project(%arg0, %[[A]])
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[M]][%[[O2]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    memref.copy %arg2, %[[B]]
// CHECK-NEXT:    %[[K:.*]] = call @project(%[[Q]], %[[B]])
// CHECK-NEXT:    memref.dealloc %[[Q]] : memref<16xf32>
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[M]][%[[O3]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    memref.copy %arg3, %[[C]]
// CHECK-NEXT:    %[[V:.*]] = call @project(%[[K]], %[[C]])
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<64xi8>
// CHECK-NEXT:    memref.dealloc %[[K]] : memref<16xf32>
// CHECK-NEXT:    return %[[V]] : memref<16xf32>
// APART-LABEL: func.func @three(
// APART-NEXT:    memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// APART-NOT:     memref.view
// APART:         memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// APART-NOT:     memref.view
// APART:         memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// APART-NOT:     memref.view
// APART:         return
func.func @three(%x: memref<16xf32>, %w1: memref<16xf32>, %w2: memref<16xf32>, %w3: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %w1, %a : memref<16xf32> to memref<16xf32>
  %q = func.call @project(%x, %a) : (memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %w2, %b : memref<16xf32> to memref<16xf32>
  %k = func.call @project(%q, %b) : (memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %w3, %c : memref<16xf32> to memref<16xf32>
  %v = func.call @project(%k, %c) : (memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  return %v : memref<16xf32>
}

// A fresh buffer: %x[i] + %w[15 - i].
func.func @project(%x: memref<16xf32>, %w: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %r = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %e = memref.load %x[%i] : memref<16xf32>
    %j = arith.subi %c15, %i : index
    %f = memref.load %w[%j] : memref<16xf32>
    %s = arith.addf %e, %f : f32
    memref.store %s, %r[%i] : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// %v[i] = i * %m.
func.func @fill(%v: memref<16xf32>, %m: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %e = arith.mulf %fi, %m : f32
    memref.store %e, %v[%i] : memref<16xf32>
  }
  return
}

func.func private @bufrs_print_f32(f32)

// Prints the sum of @three's result for %x[i] = i and weights i, 2i, 3i:
// element i is i + (15 - i) + 2 (15 - i) + 3 (15 - i) = 15 + 5 (15 - i),
// 16 * 15 + 5 * 120 = 840.
func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %x = memref.alloc() : memref<16xf32>
  %w1 = memref.alloc() : memref<16xf32>
  %w2 = memref.alloc() : memref<16xf32>
  %w3 = memref.alloc() : memref<16xf32>
  func.call @fill(%x, %one) : (memref<16xf32>, f32) -> ()
  func.call @fill(%w1, %one) : (memref<16xf32>, f32) -> ()
  func.call @fill(%w2, %two) : (memref<16xf32>, f32) -> ()
  func.call @fill(%w3, %three) : (memref<16xf32>, f32) -> ()
  %r = func.call @three(%x, %w1, %w2, %w3) : (memref<16xf32>, memref<16xf32>, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
    %e = memref.load %r[%i] : memref<16xf32>
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  func.call @bufrs_print_f32(%s) : (f32) -> ()
  return
}
