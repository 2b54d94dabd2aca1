// Dynamic shapes cannot go on the stack (size unknown before run time), and
// elements without a fixed size (a memref of memrefs, which crashes
// upstream's pass in LLVM 22.1.8, llvm-project #109646) are left alone.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{emit-remarks}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT:    memref.alloc(%{{.*}}) : memref<?xf32>
func.func @dynamic(%n: index) {
  // expected-remark @below {{not promoted: the shape is dynamic}}
  %0 = memref.alloc(%n) : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @memref_of_memref
// CHECK-NEXT:    memref.alloc() : memref<2xmemref<4xf32>>
func.func @memref_of_memref(%v: memref<4xf32>) {
  // expected-remark @below {{not promoted: the element type has no fixed size}}
  %0 = memref.alloc() : memref<2xmemref<4xf32>>
  %c0 = arith.constant 0 : index
  memref.store %v, %0[%c0] : memref<2xmemref<4xf32>>
  return
}
