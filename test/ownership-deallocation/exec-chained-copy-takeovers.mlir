// A chain of copies, each the last use of the buffer before it (a zero
// fill copied into an accumulator, the accumulator copied into the returned
// buffer), run through the ownership-based pass alone (no copy removal
// first): each copy's target takes over its source, and the second takeover
// copies from what replaced the first target (whose allocation the first
// takeover erased; reading it crashed the host). One buffer is left, filled,
// accumulated into and returned.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation))' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @layer(
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[BUF]] : memref<8x8xf32>)
// CHECK-NEXT:    linalg.matmul ins(%{{.*}}, %{{.*}} : memref<8x4xf32>, memref<4x8xf32>) outs(%[[BUF]] : memref<8x8xf32>)
// CHECK-NEXT:    return %[[BUF]] : memref<8x8xf32>
// CHECK-NEXT:  }
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

// OUT: 64
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
    %v = memref.load %y[%i, %i] : memref<8x8xf32>
    %n = arith.addf %s, %v : f32
    scf.yield %n : f32
  }
  func.call @bufrs_print_f32(%sum) : (f32) -> ()
  return
}
