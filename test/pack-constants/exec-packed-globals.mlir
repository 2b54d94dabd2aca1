// Execution under AddressSanitizer before and after bufrs-pack-constants:
// constant globals of several element types and two mutable globals, one
// written and read back, are packed, and so are two uninitialized globals
// (into an uninitialized packed global); a splat stays as it is. Every
// value read through the views must be what the original globals held, and
// a write to one mutable global must not show in another.

// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(bufrs-pack-constants)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-pack-constants)' | FileCheck %s --check-prefix=IR

// CHECK:      3
// CHECK-NEXT: 7
// CHECK-NEXT: -2
// CHECK-NEXT: 42
// CHECK-NEXT: 11
// CHECK-NEXT: 3
// CHECK-NEXT: 5
// CHECK-NEXT: 9
// CHECK-NEXT: 8

// IR:     memref.global "private" constant @__bufrs_packed_constants : memref<34xi8>
// IR:     memref.global "private" @__bufrs_packed_variables : memref<32xi8>
// IR:     memref.global "private" @__bufrs_packed_uninitialized : memref<32xi8> = uninitialized
// IR:     memref.global "private" constant @s : memref<4xi16> = dense<5>
// IR-NOT: memref.global

memref.global "private" constant @a : memref<3xi32> = dense<[1, 2, 3]>
memref.global "private" constant @b : memref<2xi64> = dense<[6, 7]> {alignment = 16 : i64}
memref.global "private" constant @c : memref<2xi8> = dense<[5, -2]>
memref.global "private" @v : memref<4xi32> = dense<[11, 12, 13, 14]>
memref.global "private" @w : memref<4xi32> = dense<[0, 3, 0, 0]>
memref.global "private" @p : memref<3xi32> = uninitialized
memref.global "private" @q : memref<2xi64> = uninitialized
memref.global "private" constant @s : memref<4xi16> = dense<5>

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.get_global @a : memref<3xi32>
  %b = memref.get_global @b : memref<2xi64>
  %c = memref.get_global @c : memref<2xi8>
  %v = memref.get_global @v : memref<4xi32>
  %w = memref.get_global @w : memref<4xi32>
  %x = memref.load %a[%c2] : memref<3xi32>
  %x64 = arith.extsi %x : i32 to i64
  func.call @bufrs_print_i64(%x64) : (i64) -> ()
  %y = memref.load %b[%c1] : memref<2xi64>
  func.call @bufrs_print_i64(%y) : (i64) -> ()
  %z = memref.load %c[%c1] : memref<2xi8>
  %z64 = arith.extsi %z : i8 to i64
  func.call @bufrs_print_i64(%z64) : (i64) -> ()
  %k = arith.constant 42 : i32
  memref.store %k, %w[%c0] : memref<4xi32>
  %r = memref.load %w[%c0] : memref<4xi32>
  %r64 = arith.extsi %r : i32 to i64
  func.call @bufrs_print_i64(%r64) : (i64) -> ()
  %s = memref.load %v[%c0] : memref<4xi32>
  %s64 = arith.extsi %s : i32 to i64
  func.call @bufrs_print_i64(%s64) : (i64) -> ()
  %t = memref.load %w[%c1] : memref<4xi32>
  %t64 = arith.extsi %t : i32 to i64
  func.call @bufrs_print_i64(%t64) : (i64) -> ()
  %sp = memref.get_global @s : memref<4xi16>
  %u = memref.load %sp[%c2] : memref<4xi16>
  %u64 = arith.extsi %u : i16 to i64
  func.call @bufrs_print_i64(%u64) : (i64) -> ()
  %p = memref.get_global @p : memref<3xi32>
  %q = memref.get_global @q : memref<2xi64>
  %k9 = arith.constant 9 : i32
  %k8 = arith.constant 8 : i64
  memref.store %k9, %p[%c2] : memref<3xi32>
  memref.store %k8, %q[%c0] : memref<2xi64>
  %pv = memref.load %p[%c2] : memref<3xi32>
  %pv64 = arith.extsi %pv : i32 to i64
  func.call @bufrs_print_i64(%pv64) : (i64) -> ()
  %qv = memref.load %q[%c0] : memref<2xi64>
  func.call @bufrs_print_i64(%qv) : (i64) -> ()
  return
}
