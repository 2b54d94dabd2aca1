// The seed's constraints (002_b75d21ac1bbf7e7d.txt,
// "CopyRemoval Pass"), each broken once: a user of the target (or of an
// alias of it) between its definition and the copy; a user of the source
// (or an alias) between the copy and the source's free; the free in another
// block; no free of the source; source and target of different types.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @target_used_before
// CHECK:         memref.copy
func.func @target_used_before(%src: memref<2xf32>, %f: f32, %i: index) -> memref<2xf32> {
  %t = memref.alloc() : memref<2xf32>
  // expected-note @below {{used by 'memref.store'}}
  memref.store %f, %t[%i] : memref<2xf32>
  // expected-remark @below {{kept: the target is used between its definition and the copy}}
  memref.copy %src, %t : memref<2xf32> to memref<2xf32>
  memref.dealloc %src : memref<2xf32>
  return %t : memref<2xf32>
}

// CHECK-LABEL: func.func @alias_of_source_used_after
// CHECK:         memref.copy
func.func @alias_of_source_used_after(%n: index, %f: f32, %i: index) -> memref<2xf32> {
  %src = memref.alloc() : memref<4xf32>
  %view = memref.subview %src[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %cast = memref.cast %view : memref<2xf32, strided<[1]>> to memref<2xf32>
  %t = memref.alloc() : memref<2xf32>
  // expected-remark @below {{kept: the source is used between the copy and its free}}
  memref.copy %cast, %t : memref<2xf32> to memref<2xf32>
  // expected-note @below {{used by 'memref.store'}}
  memref.store %f, %view[%i] : memref<2xf32, strided<[1]>>
  memref.dealloc %cast : memref<2xf32>
  return %t : memref<2xf32>
}

// CHECK-LABEL: func.func @free_in_another_block
// CHECK:         memref.copy
func.func @free_in_another_block(%src: memref<2xf32>) -> memref<2xf32> {
  %t = memref.alloc() : memref<2xf32>
  // expected-remark @below {{kept: the source is not freed after the copy in the same block}}
  memref.copy %src, %t : memref<2xf32> to memref<2xf32>
  cf.br ^bb1
^bb1:
  memref.dealloc %src : memref<2xf32>
  return %t : memref<2xf32>
}

// CHECK-LABEL: func.func @different_types
// CHECK:         memref.copy
func.func @different_types(%src: memref<2xf32, strided<[2]>>) -> memref<2xf32> {
  %t = memref.alloc() : memref<2xf32>
  // expected-remark @below {{kept: source and target are the same value or differ in type}}
  memref.copy %src, %t : memref<2xf32, strided<[2]>> to memref<2xf32>
  memref.dealloc %src : memref<2xf32, strided<[2]>>
  return %t : memref<2xf32>
}
