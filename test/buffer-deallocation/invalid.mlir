// What the pass cannot handle soundly is an error at the op and a failed
// pass, never wrong code: a buffer stored into memory (its ownership is
// lost) and ownership-based bufferization.dealloc ops in the input. (A buffer
// passed out of a region whose control flow is unknown is refused too; no
// registered op of stock mlir-opt can express it, so a Rust unit test in
// src/passes/buffer_deallocation.rs covers it.)

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file -verify-diagnostics

func.func @stored(%mm: memref<2xmemref<4xf32>>) {
  %a = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{bufrs-buffer-deallocation: stores a buffer into memory; its ownership cannot be tracked}}
  memref.store %a, %mm[%c0] : memref<2xmemref<4xf32>>
  return
}

// -----

func.func @ownership_based(%c: i1, %keep: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @below {{bufrs-buffer-deallocation: 'bufferization.dealloc' is ownership-based deallocation; run this pass on IR without it}}
  %r = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%keep : memref<4xf32>)
  return
}
