// The programs of exec-programs-with-deallocs-run-clean.mlir without their
// frees, run through the real deallocation pass (bufrs-buffer-deallocation)
// with copy removal before it and after it: same output under AddressSanitizer,
// no leak, no double free, no use-after-free in either order.

// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-copy-removal,bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-copy-removal,bufrs-promote-buffers-to-stack))' | FileCheck %s

// CHECK:      6
// CHECK-NEXT: 8
// CHECK-NEXT: 4
// CHECK-NEXT: 5
// CHECK-NEXT: 3


func.func private @bufrs_print_i64(i64)

func.func @reuse_source(%n: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %six = arith.constant 6 : i64
  %a = memref.alloc(%n) : memref<?xi64>
  memref.store %six, %a[%c0] : memref<?xi64>
  %d = memref.dim %a, %c0 : memref<?xi64>
  %b = memref.alloc(%d) : memref<?xi64>
  memref.copy %a, %b : memref<?xi64> to memref<?xi64>
  return %b : memref<?xi64>
}

func.func @reuse_target(%out: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %eight = arith.constant 8 : i64
  %temp = memref.alloc() : memref<2xi64>
  memref.store %eight, %temp[%c0] : memref<2xi64>
  memref.copy %temp, %out : memref<2xi64> to memref<2xi64>
  return
}

func.func @clone_of_freed() -> i64 {
  %c0 = arith.constant 0 : index
  %four = arith.constant 4 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %four, %a[%c0] : memref<2xi64>
  %c = bufferization.clone %a : memref<2xi64> to memref<2xi64>
  %dead = bufferization.clone %c : memref<2xi64> to memref<2xi64>
  %v = memref.load %c[%c0] : memref<2xi64>
  return %v : i64
}

// The source changes after the copy: the copy must stay (5, not 3).
func.func @written_after_copy() -> i64 {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5 : i64
  %three = arith.constant 3 : i64
  %a = memref.alloc() : memref<1xi64>
  memref.store %five, %a[%c0] : memref<1xi64>
  %b = memref.alloc() : memref<1xi64>
  memref.copy %a, %b : memref<1xi64> to memref<1xi64>
  memref.store %three, %a[%c0] : memref<1xi64>
  %v = memref.load %b[%c0] : memref<1xi64>
  %w = memref.load %a[%c0] : memref<1xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return %w : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = func.call @reuse_source(%c3) : (index) -> memref<?xi64>
  %x = memref.load %a[%c0] : memref<?xi64>
  func.call @bufrs_print_i64(%x) : (i64) -> ()
  %out = memref.alloc() : memref<2xi64>
  func.call @reuse_target(%out) : (memref<2xi64>) -> ()
  %y = memref.load %out[%c0] : memref<2xi64>
  func.call @bufrs_print_i64(%y) : (i64) -> ()
  %z = func.call @clone_of_freed() : () -> i64
  func.call @bufrs_print_i64(%z) : (i64) -> ()
  %w = func.call @written_after_copy() : () -> i64
  func.call @bufrs_print_i64(%w) : (i64) -> ()
  return
}
