// Execution under AddressSanitizer of programs that free their buffers, with
// removable copies (source reuse, target reuse, clones of freed sources,
// dead clones) and copies that must stay (the source is written after the
// copy). Every order users write: alone, twice, with promote-to-stack
// before and after, and after both hoisting passes.

// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-copy-removal,bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-copy-removal,bufrs-promote-buffers-to-stack))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-buffer-hoisting,bufrs-buffer-loop-hoisting,bufrs-copy-removal))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s --check-prefix=IR

// CHECK:      6
// CHECK-NEXT: 8
// CHECK-NEXT: 4
// CHECK-NEXT: 5
// CHECK-NEXT: 3

// IR-LABEL: func.func @reuse_source
// IR-NOT:     memref.copy
// IR-LABEL: func.func @reuse_target
// IR-NOT:     memref.copy
// IR-LABEL: func.func @clone_of_freed
// IR-NOT:     bufferization.clone
// IR-LABEL: func.func @written_after_copy
// IR:         memref.copy

func.func private @bufrs_print_i64(i64)

func.func @reuse_source(%n: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %six = arith.constant 6 : i64
  %a = memref.alloc(%n) : memref<?xi64>
  memref.store %six, %a[%c0] : memref<?xi64>
  %d = memref.dim %a, %c0 : memref<?xi64>
  %b = memref.alloc(%d) : memref<?xi64>
  memref.copy %a, %b : memref<?xi64> to memref<?xi64>
  memref.dealloc %a : memref<?xi64>
  return %b : memref<?xi64>
}

func.func @reuse_target(%out: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %eight = arith.constant 8 : i64
  %temp = memref.alloc() : memref<2xi64>
  memref.store %eight, %temp[%c0] : memref<2xi64>
  memref.copy %temp, %out : memref<2xi64> to memref<2xi64>
  memref.dealloc %temp : memref<2xi64>
  return
}

func.func @clone_of_freed() -> i64 {
  %c0 = arith.constant 0 : index
  %four = arith.constant 4 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %four, %a[%c0] : memref<2xi64>
  %c = bufferization.clone %a : memref<2xi64> to memref<2xi64>
  memref.dealloc %a : memref<2xi64>
  %dead = bufferization.clone %c : memref<2xi64> to memref<2xi64>
  memref.dealloc %dead : memref<2xi64>
  %v = memref.load %c[%c0] : memref<2xi64>
  memref.dealloc %c : memref<2xi64>
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
  memref.dealloc %a : memref<1xi64>
  memref.dealloc %b : memref<1xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return %w : i64
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = func.call @reuse_source(%c3) : (index) -> memref<?xi64>
  %x = memref.load %a[%c0] : memref<?xi64>
  func.call @bufrs_print_i64(%x) : (i64) -> ()
  memref.dealloc %a : memref<?xi64>
  %out = memref.alloc() : memref<2xi64>
  func.call @reuse_target(%out) : (memref<2xi64>) -> ()
  %y = memref.load %out[%c0] : memref<2xi64>
  func.call @bufrs_print_i64(%y) : (i64) -> ()
  memref.dealloc %out : memref<2xi64>
  %z = func.call @clone_of_freed() : () -> i64
  func.call @bufrs_print_i64(%z) : (i64) -> ()
  %w = func.call @written_after_copy() : () -> i64
  func.call @bufrs_print_i64(%w) : (i64) -> ()
  return
}
