// report=true: one line per scope with seed 004's lifetime classes in
// memref terms: external (buffer arguments, returned allocations: 3 here),
// transient (the scope's mergeable allocations), constant and variable
// (memref.get_global of a constant or mutable global), staging
// (allocations in the staging-space memory space, never merged), and what
// was left out and why; bytes before and after as expressions of the size
// operands. The remarks are emitted at locations, not at ops, so MLIR does
// not print the function body after them (-mlir-print-op-on-diagnostic is on
// by default).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true report=true staging-space=1}))' -verify-diagnostics -o /dev/null
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true report=true staging-space=1}))' -o /dev/null 2>&1 | FileCheck %s

// CHECK:      :[[# @LINE + 14]]:1: remark: bufrs-merge-alloc: scope @classes: 2 buffers merged (1 dynamic), %arg1 * 4 + 64 bytes before, max(%arg1 * 4, 64) bytes after, lower bound max(align(%arg1 * 4, 64), 64); classes: external 3, transient 2, constant 1, variable 1, staging 1; left out: 1 (1 its address is taken as a plain value, whose uses are not traced)
// CHECK-NEXT: func.func @classes(
// CHECK-NEXT: ^
// CHECK-NEXT: remark: bufrs-merge-alloc: not merged: its address is taken as a plain value
// CHECK-NEXT:   %e = memref.alloc() : memref<16xf32>
// CHECK-NEXT:        ^
// CHECK-NEXT: remark: bufrs-merge-alloc: not merged: staging buffer
// CHECK-NEXT:   %st = memref.alloc() : memref<8xf32, 1>
// CHECK-NEXT:         ^
// CHECK-NEXT: remark: bufrs-merge-alloc: not merged: returned
// CHECK-NEXT:   %r = memref.alloc() : memref<4xf32>
// CHECK-NEXT:        ^
// CHECK-NOT:  see current operation
// expected-remark @below {{bufrs-merge-alloc: scope @classes: 2 buffers merged (1 dynamic), %arg1 * 4 + 64 bytes before, max(%arg1 * 4, 64) bytes after, lower bound max(align(%arg1 * 4, 64), 64); classes: external 3, transient 2, constant 1, variable 1, staging 1; left out: 1 (1 its address is taken as a plain value, whose uses are not traced)}}
func.func @classes(%x: memref<4xf32>, %n: index, %i: index, %y: memref<?xf32>) -> memref<4xf32> {
  %t = memref.get_global @table : memref<4xf32>
  %s = memref.get_global @state : memref<4xf32>
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // expected-remark @below {{not merged: its address is taken as a plain value, whose uses are not traced}}
  %e = memref.alloc() : memref<16xf32>
  // expected-remark @below {{not merged: staging buffer}}
  %st = memref.alloc() : memref<8xf32, 1>
  // expected-remark @below {{not merged: returned}}
  %r = memref.alloc() : memref<4xf32>
  %v = memref.load %t[%i] : memref<4xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  memref.store %v, %b[%i] : memref<?xf32>
  memref.store %v, %e[%i] : memref<16xf32>
  memref.store %v, %st[%i] : memref<8xf32, 1>
  memref.store %v, %s[%i] : memref<4xf32>
  memref.store %v, %r[%i] : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %e : memref<16xf32> -> index
  return %r : memref<4xf32>
}

memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" @state : memref<4xf32> = uninitialized
