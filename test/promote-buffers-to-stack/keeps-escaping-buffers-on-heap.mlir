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

// -----

// Its address as a plain value may be used anywhere later.
func.func private @consume(index)

// CHECK-LABEL: func.func @address_taken
// CHECK-NEXT:    memref.alloc() : memref<2xf32>
func.func @address_taken() {
  // expected-remark @below {{not promoted: its address is taken as a plain value, whose uses are not traced}}
  %0 = memref.alloc() : memref<2xf32>
  // expected-note @below {{because of 'memref.extract_aligned_pointer_as_index'}}
  %p = memref.extract_aligned_pointer_as_index %0 : memref<2xf32> -> index
  func.call @consume(%p) : (index) -> ()
  memref.dealloc %0 : memref<2xf32>
  return
}

// -----

// memref.realloc allocates its result but also reads and frees its operand:
// not a plain allocation, so it is never rebuilt as a memref.alloca (which
// would take the source as a size operand and fail to verify), whatever the
// limits.
// CHECK-LABEL: func.func @realloc_is_not_a_plain_allocation
// CHECK-NEXT:    memref.alloc() : memref<5xf32>
// CHECK-NEXT:    memref.realloc
// CHECK-NEXT:    memref.dealloc
func.func @realloc_is_not_a_plain_allocation() {
  // expected-remark @below {{not promoted: the buffer is freed through an alias}}
  %0 = memref.alloc() : memref<5xf32>
  // expected-remark @below {{not promoted: the op does more than allocate its result}}
  // expected-note @below {{because of 'memref.realloc'}}
  %1 = memref.realloc %0 : memref<5xf32> to memref<0xf32>
  memref.dealloc %1 : memref<0xf32>
  return
}
