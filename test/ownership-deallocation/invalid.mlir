// What the ownership-based pass cannot handle soundly is an error at the op
// and a failed pass, as for the clone-based pass (the same plan refuses the
// same input): a buffer stored into memory, a free of a buffer that may or
// may not be owned.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation))' -split-input-file -verify-diagnostics

func.func @stored(%mm: memref<2xmemref<4xf32>>) {
  %a = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{bufrs-ownership-based-buffer-deallocation: stores a buffer into memory; its ownership cannot be tracked}}
  memref.store %a, %mm[%c0] : memref<2xmemref<4xf32>>
  return
}

// -----

// A result of an op with unknown memory effects may be an owned buffer or
// memory from elsewhere: a free of it is refused.
func.func @maybe_owned_free() {
  %a = memref.alloc() : memref<4xf32>
  %b = "test.unknown"(%a) : (memref<4xf32>) -> memref<4xf32>
  // expected-error @below {{bufrs-ownership-based-buffer-deallocation: frees a buffer that may or may not be owned by this function}}
  memref.dealloc %b : memref<4xf32>
  return
}
