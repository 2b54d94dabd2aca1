// With stack-joins-heap=true (and classes=heap,stack) the stack allocations
// of a scope that has mergeable heap allocations are planned with them in
// the heap arena: the alloca %s, live while %h2 is but after %h1's last
// use, takes %h1's bytes, so one 128-byte arena replaces two 64-byte heap
// buffers (which alone share nothing, so stay as they are without the
// option) and a 64-byte alloca; it is freed after the last use of any of
// them. A scope with allocas only (@stack_only) still gets a stack arena.
// Without the option the alloca stays as it is (a single stack buffer).
// Executed under AddressSanitizer: the heap arena is freed once, the values
// are the same.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack stack-joins-heap=true}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack}))' | FileCheck %s --check-prefix=APART
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack stack-joins-heap=true}))' | FileCheck %s --check-prefix=OUT

// OUT:      18
// OUT-NEXT: 10

// CHECK-LABEL: func.func @joined(
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[H1:.*]] = memref.view %[[H]][%[[O1]]][] : memref<128xi8> to memref<16xi32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[H2:.*]] = memref.view %[[H]][%[[O2]]][] : memref<128xi8> to memref<16xi32>
// CHECK-NEXT:    memref.store %arg1, %[[H1]][%arg0] : memref<16xi32>
// CHECK-NEXT:    memref.store %arg1, %[[H2]][%arg0] : memref<16xi32>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[H1]][%arg0] : memref<16xi32>
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S:.*]] = memref.view %[[H]][%[[O3]]][] : memref<128xi8> to memref<16xi32>
// CHECK-NEXT:    memref.store %[[X]], %[[S]][%arg0] : memref<16xi32>
// CHECK-NEXT:    %[[Y:.*]] = memref.load %[[S]][%arg0] : memref<16xi32>
// CHECK-NEXT:    %[[Z:.*]] = memref.load %[[H2]][%arg0] : memref<16xi32>
// CHECK-NEXT:    memref.dealloc %[[H]] : memref<128xi8>
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[Z]], %[[X]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[T]], %[[Y]] : i32
// CHECK-NEXT:    return %[[R]] : i32
// APART-LABEL: func.func @joined(
// APART-NEXT:    memref.alloc() : memref<16xi32>
// APART-NEXT:    memref.alloc() : memref<16xi32>
// APART-NOT:     memref.view
// APART:         memref.alloca() : memref<16xi32>
// APART-NOT:     memref.view
// APART:         return
// APART-LABEL: func.func @stack_only(
// APART-NEXT:    memref.alloca() {alignment = 64 : i64} : memref<64xi8>
func.func @joined(%i: index, %v: i32) -> i32 {
  %h1 = memref.alloc() : memref<16xi32>
  %h2 = memref.alloc() : memref<16xi32>
  memref.store %v, %h1[%i] : memref<16xi32>
  memref.store %v, %h2[%i] : memref<16xi32>
  %x = memref.load %h1[%i] : memref<16xi32>
  %s = memref.alloca() : memref<16xi32>
  memref.store %x, %s[%i] : memref<16xi32>
  %y = memref.load %s[%i] : memref<16xi32>
  %z = memref.load %h2[%i] : memref<16xi32>
  memref.dealloc %h1 : memref<16xi32>
  memref.dealloc %h2 : memref<16xi32>
  %t = arith.addi %z, %x : i32
  %r = arith.addi %t, %y : i32
  return %r : i32
}

// CHECK-LABEL: func.func @stack_only(
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S]][%[[O1]]][] : memref<64xi8> to memref<16xi32>
// CHECK:         %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[S]][%[[O2]]][] : memref<64xi8> to memref<16xi32>
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @stack_only(%i: index, %v: i32) -> i32 {
  %a = memref.alloca() : memref<16xi32>
  memref.store %v, %a[%i] : memref<16xi32>
  %x = memref.load %a[%i] : memref<16xi32>
  %b = memref.alloca() : memref<16xi32>
  memref.store %x, %b[%i] : memref<16xi32>
  %y = memref.load %b[%i] : memref<16xi32>
  %r = arith.addi %y, %x : i32
  return %r : i32
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c3 = arith.constant 3 : index
  %six = arith.constant 6 : i32
  %five = arith.constant 5 : i32
  %j = func.call @joined(%c3, %six) : (index, i32) -> i32
  %j64 = arith.extsi %j : i32 to i64
  func.call @bufrs_print_i64(%j64) : (i64) -> ()
  %s = func.call @stack_only(%c3, %five) : (index, i32) -> i32
  %s64 = arith.extsi %s : i32 to i64
  func.call @bufrs_print_i64(%s64) : (i64) -> ()
  return
}
