// A buffer that leaves its block stays on the heap: returned, passed to a
// successor block, yielded by a region, or stored as data into a buffer of
// buffers. -emit-remarks says why, with a note at the op responsible.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{emit-remarks=true}))' -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @returned
// CHECK-NEXT:    memref.alloc() : memref<2xf32>
func.func @returned() -> memref<2xf32> {
  // expected-remark @below {{not promoted: the buffer leaves its block (returned, yielded or passed to a successor)}}
  %0 = memref.alloc() : memref<2xf32>
  // expected-note @below {{because of 'func.return'}}
  return %0 : memref<2xf32>
}

// -----

// CHECK-LABEL: func.func @passed_to_successor
// CHECK-NEXT:    memref.alloc() : memref<2xf32>
func.func @passed_to_successor(%arg: memref<2xf32>) {
  // expected-remark @below {{not promoted: the buffer leaves its block}}
  %0 = memref.alloc() : memref<2xf32>
  // expected-note @below {{because of 'cf.br'}}
  cf.br ^bb1(%0 : memref<2xf32>)
^bb1(%1: memref<2xf32>):
  memref.copy %1, %arg : memref<2xf32> to memref<2xf32>
  return
}

// -----

// CHECK-LABEL: func.func @yielded
// CHECK-NEXT:    memref.alloc() : memref<2xf32>
func.func @yielded(%cond: i1, %arg: memref<2xf32>) {
  // expected-remark @below {{not promoted: the buffer leaves its block}}
  %0 = memref.alloc() : memref<2xf32>
  %1 = scf.if %cond -> memref<2xf32> {
    // expected-note @below {{because of 'scf.yield'}}
    scf.yield %0 : memref<2xf32>
  } else {
    scf.yield %arg : memref<2xf32>
  }
  memref.copy %1, %arg : memref<2xf32> to memref<2xf32>
  return
}

// -----

// CHECK-LABEL: func.func @stored_into_buffer_of_buffers
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
func.func @stored_into_buffer_of_buffers(%mm: memref<2xmemref<4xf32>>) {
  // expected-remark @below {{not promoted: the buffer is stored into memory}}
  %0 = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  // expected-note @below {{because of 'memref.store'}}
  memref.store %0, %mm[%c0] : memref<2xmemref<4xf32>>
  return
}

// -----

// A view that is returned makes its source escape too.
// CHECK-LABEL: func.func @view_returned
// CHECK-NEXT:    memref.alloc() : memref<8xf32>
func.func @view_returned() -> memref<4xf32, strided<[1], offset: 4>> {
  // expected-remark @below {{not promoted: the buffer leaves its block}}
  %0 = memref.alloc() : memref<8xf32>
  %v = memref.subview %0[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  // expected-note @below {{because of 'func.return'}}
  return %v : memref<4xf32, strided<[1], offset: 4>>
}
