// A copy into a fresh buffer that is only read afterwards goes when its
// source stays unchanged and live until the last read: the readers (ops,
// views, calls to functions of the module that only read that parameter)
// read the source, and the buffer and its free go. A callee that writes
// its parameter, a write to the source before the last read, a source
// whose last use is the copy, a target that leaves its block and a target
// whose address is taken as an integer keep the copy. The program frees its buffers; it runs clean under
// AddressSanitizer with the same output before and after the pass.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-remove-read-only-copies)' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(bufrs-remove-read-only-copies)' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-remove-read-only-copies))' | FileCheck %s --check-prefix=FUNC

// OUT:      6
// OUT-NEXT: 6
// OUT-NEXT: 2
// OUT-NEXT: 6
// OUT-NEXT: 6
// OUT-NEXT: 6
// OUT-NEXT: 3

// Reads every element of its parameter: the parameter is read-only.
func.func private @sum(%m: memref<3xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%i] : memref<3xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %s : i64
}

// Writes its parameter: not read-only.
func.func private @bump(%m: memref<3xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  memref.store %one, %m[%c0] : memref<3xi64>
  %r = func.call @sum(%m) : (memref<3xi64>) -> i64
  return %r : i64
}

// A read-only callee: the copy, the buffer and its free go.
// CHECK-LABEL: func.func @read_by_callee(
// CHECK-SAME:      %[[A:.*]]: memref<3xi64>) -> i64 {
// CHECK-NEXT:    %[[R:.*]] = call @sum(%[[A]]) : (memref<3xi64>) -> i64
// CHECK-NEXT:    return %[[R]] : i64
// Run on one function, the pass knows no callee: the copy stays.
// FUNC-LABEL: func.func @read_by_callee(
// FUNC-NEXT:    memref.alloc
// FUNC-NEXT:    memref.copy
func.func @read_by_callee(%a: memref<3xi64>) -> i64 {
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %r = func.call @sum(%t) : (memref<3xi64>) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

// Read through a view by an op: the view reads the source.
// CHECK-LABEL: func.func @read_through_view(
// CHECK-SAME:      %[[A:.*]]: memref<3xi64>) -> i64 {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[A]][1] [2] [1]
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[V]][%[[C0]]]
// CHECK-NEXT:    return %[[X]] : i64
func.func @read_through_view(%a: memref<3xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %v = memref.subview %t[1] [2] [1] : memref<3xi64> to memref<2xi64, strided<[1], offset: 1>>
  %x = memref.load %v[%c0] : memref<2xi64, strided<[1], offset: 1>>
  memref.dealloc %t : memref<3xi64>
  return %x : i64
}

// The callee writes its parameter: the copy stays.
// CHECK-LABEL: func.func @written_by_callee(
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[T]]
// CHECK-NEXT:    call @bump(%[[T]])
func.func @written_by_callee(%a: memref<3xi64>) -> i64 {
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %r = func.call @bump(%t) : (memref<3xi64>) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

// The source is written before the last read of the copy: it stays.
// CHECK-LABEL: func.func @source_written_meanwhile(
// CHECK:         memref.copy
func.func @source_written_meanwhile(%a: memref<3xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  memref.store %zero, %a[%c0] : memref<3xi64>
  %r = func.call @sum(%t) : (memref<3xi64>) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

// A local source whose last use is the copy (reading it instead would keep
// it longer): the copy stays.
// CHECK-LABEL: func.func @source_dead_after_copy(
// CHECK:         memref.copy
func.func @source_dead_after_copy(%a: memref<3xi64>) -> i64 {
  %s = memref.alloc() : memref<3xi64>
  memref.copy %a, %s : memref<3xi64> to memref<3xi64>
  %t = memref.alloc() : memref<3xi64>
  memref.copy %s, %t : memref<3xi64> to memref<3xi64>
  memref.dealloc %s : memref<3xi64>
  %r = func.call @sum(%t) : (memref<3xi64>) -> i64
  memref.dealloc %t : memref<3xi64>
  return %r : i64
}

// A loop's buffer, copied in a branch: it lives past the branch, so the
// branch reads it.
// CHECK-LABEL: func.func @loop_buffer_in_branch(
// CHECK:         scf.for %{{.*}} iter_args(%[[B:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}) -> (memref<3xi64>, i64) {
// CHECK-NEXT:      %[[S:.*]] = scf.if %{{.*}} -> (i64) {
// CHECK-NEXT:        %[[R:.*]] = func.call @sum(%[[B]]) : (memref<3xi64>) -> i64
// CHECK-NEXT:        scf.yield %[[R]] : i64
func.func @loop_buffer_in_branch(%a: memref<3xi64>, %p: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%b = %a, %acc = %zero) -> (memref<3xi64>, i64) {
    %s = scf.if %p -> (i64) {
      %t = memref.alloc() : memref<3xi64>
      memref.copy %b, %t : memref<3xi64> to memref<3xi64>
      %x = func.call @sum(%t) : (memref<3xi64>) -> i64
      memref.dealloc %t : memref<3xi64>
      scf.yield %x : i64
    } else {
      scf.yield %zero : i64
    }
    %n = arith.addi %acc, %s : i64
    scf.yield %b, %n : memref<3xi64>, i64
  }
  return %r#1 : i64
}

// The copy is returned: it stays.
// CHECK-LABEL: func.func @target_returned(
// CHECK:         memref.copy
func.func @target_returned(%a: memref<3xi64>) -> memref<3xi64> {
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  return %t : memref<3xi64>
}

// The target's address leaves as an integer (nothing tracks what reads it
// there): the copy stays.
// CHECK-LABEL: func.func @address_taken(
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[T]]
// CHECK-NEXT:    memref.extract_aligned_pointer_as_index %[[T]]
func.func @address_taken(%a: memref<3xi64>) -> index {
  %t = memref.alloc() : memref<3xi64>
  memref.copy %a, %t : memref<3xi64> to memref<3xi64>
  %p = memref.extract_aligned_pointer_as_index %t : memref<3xi64> -> index
  memref.dealloc %t : memref<3xi64>
  return %p : index
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %true = arith.constant true
  %a = memref.alloc() : memref<3xi64>
  memref.store %one, %a[%c0] : memref<3xi64>
  memref.store %two, %a[%c1] : memref<3xi64>
  memref.store %three, %a[%c2] : memref<3xi64>
  %r0 = func.call @read_by_callee(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  %r1 = func.call @written_by_callee(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%r1) : (i64) -> ()
  %r2 = func.call @read_through_view(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%r2) : (i64) -> ()
  %b = memref.alloc() : memref<3xi64>
  memref.copy %a, %b : memref<3xi64> to memref<3xi64>
  %r3 = func.call @source_written_meanwhile(%b) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%r3) : (i64) -> ()
  memref.dealloc %b : memref<3xi64>
  %r4 = func.call @source_dead_after_copy(%a) : (memref<3xi64>) -> i64
  func.call @bufrs_print_i64(%r4) : (i64) -> ()
  %r5 = func.call @loop_buffer_in_branch(%a, %true) : (memref<3xi64>, i1) -> i64
  %h = arith.divui %r5, %two : i64
  func.call @bufrs_print_i64(%h) : (i64) -> ()
  %t = func.call @target_returned(%a) : (memref<3xi64>) -> memref<3xi64>
  %x = memref.load %t[%c2] : memref<3xi64>
  func.call @bufrs_print_i64(%x) : (i64) -> ()
  memref.dealloc %t : memref<3xi64>
  memref.dealloc %a : memref<3xi64>
  return
}
