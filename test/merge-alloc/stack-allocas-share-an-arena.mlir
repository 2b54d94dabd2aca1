// With classes=heap,stack the stack allocations of a scope are planned like
// its heap allocations: allocas whose lifetimes do not overlap share the
// bytes of one memref.alloca arena (i8, aligned, at the scope's start),
// allocas live at the same time get disjoint bytes, and heap and stack
// buffers never share an arena. An alloca in an scf.for body belongs to the
// function's scope (a fresh buffer per iteration that is not carried). The
// default (classes=heap) leaves every alloca alone. Execution under
// AddressSanitizer checks the values: if the two allocas @overlapping has
// live at once shared bytes, its first value would be 28 instead of 12.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s --check-prefix=HEAP
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack}))' | FileCheck %s --check-prefix=OUT

// OUT:      3
// OUT-NEXT: 12
// OUT-NEXT: 7
// OUT-NEXT: 15
// OUT-NEXT: 45

// CHECK-LABEL: func.func @disjoint(
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[S]][%[[O1]]][] : memref<64xi8> to memref<16xi32>
// CHECK-NEXT:    memref.store %arg1, %[[A]][%arg0] : memref<16xi32>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[A]][%arg0] : memref<16xi32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[S]][%[[O2]]][] : memref<64xi8> to memref<8xi32>
// CHECK-NEXT:    memref.store %[[X]], %[[B]][%arg0] : memref<8xi32>
// CHECK-NEXT:    %[[Y:.*]] = memref.load %[[B]][%arg0] : memref<8xi32>
// CHECK-NEXT:    return %[[Y]] : i32
// HEAP-LABEL: func.func @disjoint(
// HEAP-NEXT:    memref.alloca() : memref<16xi32>
// HEAP-NOT:     memref.view
// HEAP:         memref.alloca() : memref<8xi32>
// HEAP-NOT:     memref.view
// HEAP:         return
func.func @disjoint(%i: index, %v: i32) -> i32 {
  %a = memref.alloca() : memref<16xi32>
  memref.store %v, %a[%i] : memref<16xi32>
  %x = memref.load %a[%i] : memref<16xi32>
  %b = memref.alloca() : memref<8xi32>
  memref.store %x, %b[%i] : memref<8xi32>
  %y = memref.load %b[%i] : memref<8xi32>
  return %y : i32
}

// %a and %b are live together (offsets 0 and 64), %c reuses %a's bytes.
// CHECK-LABEL: func.func @overlapping(
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[S]][%[[O1]]][] : memref<128xi8> to memref<16xi32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[S]][%[[O2]]][] : memref<128xi8> to memref<16xi32>
// CHECK:         %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[S]][%[[O3]]][] : memref<128xi8> to memref<16xi32>
func.func @overlapping(%i: index, %v: i32, %w: i32) -> (i32, i32) {
  %a = memref.alloca() : memref<16xi32>
  %b = memref.alloca() : memref<16xi32>
  memref.store %v, %a[%i] : memref<16xi32>
  memref.store %w, %b[%i] : memref<16xi32>
  %x = memref.load %a[%i] : memref<16xi32>
  %y = memref.load %b[%i] : memref<16xi32>
  %c = memref.alloca() : memref<16xi32>
  memref.store %x, %c[%i] : memref<16xi32>
  %z = memref.load %c[%i] : memref<16xi32>
  %s = arith.addi %z, %x : i32
  %t = arith.addi %s, %x : i32
  %u = arith.addi %t, %x : i32
  return %u, %y : i32, i32
}

// The heap buffers get their own arena (a memref.alloc, freed where their
// last use was), the allocas a memref.alloca arena, never freed.
// CHECK-LABEL: func.func @heap_and_stack(
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S]][%[[O1]]][] : memref<64xi8> to memref<16xi32>
// CHECK:         %[[H:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[H]][%[[O2]]][] : memref<64xi8> to memref<16xi32>
// CHECK:         %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[H]][%[[O3]]][] : memref<64xi8> to memref<16xi32>
// CHECK:         memref.dealloc %[[H]] : memref<64xi8>
// CHECK-NEXT:    %[[O4:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S]][%[[O4]]][] : memref<64xi8> to memref<16xi32>
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @heap_and_stack(%i: index, %v: i32) -> i32 {
  %a = memref.alloca() : memref<16xi32>
  memref.store %v, %a[%i] : memref<16xi32>
  %x = memref.load %a[%i] : memref<16xi32>
  %h = memref.alloc() : memref<16xi32>
  memref.store %x, %h[%i] : memref<16xi32>
  %y = memref.load %h[%i] : memref<16xi32>
  memref.dealloc %h : memref<16xi32>
  %g = memref.alloc() : memref<16xi32>
  memref.store %y, %g[%i] : memref<16xi32>
  %z = memref.load %g[%i] : memref<16xi32>
  memref.dealloc %g : memref<16xi32>
  %b = memref.alloca() : memref<16xi32>
  memref.store %z, %b[%i] : memref<16xi32>
  %r = memref.load %b[%i] : memref<16xi32>
  %s = arith.muli %r, %x : i32
  %t = arith.addi %s, %x : i32
  %u = arith.addi %t, %x : i32
  return %u : i32
}

// A fresh alloca per iteration of an scf.for and one after the loop share
// the function's stack arena, allocated at the function's start (out of
// the loop).
// CHECK-LABEL: func.func @in_loop(
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         scf.for
// CHECK-NEXT:      %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[S]][%[[O1]]][] : memref<64xi8> to memref<16xi32>
// CHECK:         %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S]][%[[O2]]][] : memref<64xi8> to memref<16xi32>
func.func @in_loop(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %t = memref.alloca() : memref<16xi32>
    %kv = arith.index_cast %k : index to i32
    memref.store %kv, %t[%k] : memref<16xi32>
    %l = memref.load %t[%k] : memref<16xi32>
    %next = arith.addi %acc, %l : i32
    scf.yield %next : i32
  }
  %p = memref.alloca() : memref<16xi32>
  memref.store %sum, %p[%c1] : memref<16xi32>
  %r = memref.load %p[%c1] : memref<16xi32>
  return %r : i32
}

func.func private @bufrs_print_i64(i64)

func.func @print(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  func.call @bufrs_print_i64(%w) : (i64) -> ()
  return
}

func.func @run() {
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %three = arith.constant 3 : i32
  %seven = arith.constant 7 : i32
  %d = func.call @disjoint(%c1, %three) : (index, i32) -> i32
  func.call @print(%d) : (i32) -> ()
  %o:2 = func.call @overlapping(%c1, %three, %seven) : (index, i32, i32) -> (i32, i32)
  func.call @print(%o#0) : (i32) -> ()
  func.call @print(%o#1) : (i32) -> ()
  %hs = func.call @heap_and_stack(%c1, %three) : (index, i32) -> i32
  func.call @print(%hs) : (i32) -> ()
  %l = func.call @in_loop(%c10) : (index) -> i32
  func.call @print(%l) : (i32) -> ()
  return
}
