// Copy removal is not lost to the stages around it: a zero-filled buffer
// copied into a fresh accumulator before a matmul, and the result copied into
// a fresh returned buffer (one-shot-bufferize's copy-before-write). The
// deallocation pipeline removes both copies; the memory pipeline removes the
// same two, whether promotion would put the temporaries on the stack (by
// default) or merging would make them views of one arena (promotion off),
// and the program runs clean with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote=false})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{promote=false})' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @layer(
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[ACC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[ACC]] : memref<8x8xf32>)
// CHECK-NEXT:    linalg.matmul ins(%arg0, %arg1 : memref<8x4xf32>, memref<4x8xf32>) outs(%[[ACC]] : memref<8x8xf32>)
// CHECK-NEXT:    return %[[ACC]] : memref<8x8xf32>
// CHECK-NEXT:  }

// OUT: 512

func.func @layer(%x: memref<8x4xf32>, %w: memref<4x8xf32>) -> memref<8x8xf32> {
  %cst = arith.constant 0.0 : f32
  %zero = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  linalg.fill ins(%cst : f32) outs(%zero : memref<8x8xf32>)
  %acc = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  memref.copy %zero, %acc : memref<8x8xf32> to memref<8x8xf32>
  linalg.matmul ins(%x, %w : memref<8x4xf32>, memref<4x8xf32>) outs(%acc : memref<8x8xf32>)
  %r = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  memref.copy %acc, %r : memref<8x8xf32> to memref<8x8xf32>
  return %r : memref<8x8xf32>
}

func.func private @bufrs_print_f32(f32)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<8x4xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<8x4xf32>)
  %w = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%two : f32) outs(%w : memref<4x8xf32>)
  %y = func.call @layer(%x, %w) : (memref<8x4xf32>, memref<4x8xf32>) -> memref<8x8xf32>
  %init = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%s = %init) -> (f32) {
    %row = scf.for %j = %c0 to %c8 step %c1 iter_args(%t = %s) -> (f32) {
      %v = memref.load %y[%i, %j] : memref<8x8xf32>
      %n = arith.addf %t, %v : f32
      scf.yield %n : f32
    }
    scf.yield %row : f32
  }
  func.call @bufrs_print_f32(%sum) : (f32) -> ()
  return
}
