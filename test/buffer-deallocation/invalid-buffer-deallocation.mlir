// What the pass cannot handle soundly is an error at the op and a failed
// pass, never wrong code: a buffer stored into memory (its ownership is
// lost). (A buffer
// passed out of a region whose control flow is unknown is refused too; no
// registered op of stock mlir-opt can express it, so a Rust unit test in
// src/analysis/dealloc_plan/ covers it.)

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file -verify-diagnostics

func.func @stored(%mm: memref<2xmemref<4xf32>>) {
  %a = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{bufrs-buffer-deallocation: stores a buffer into memory; its ownership cannot be tracked}}
  memref.store %a, %mm[%c0] : memref<2xmemref<4xf32>>
  return
}

// -----

// A result of an op with unknown memory effects may or may not be owned:
// a free of it is refused (memoryeffect-interface.mlir has the accepted cases).

func.func @free_of_unknown_result_is_refused() {
  %a1 = memref.alloc() : memref<f32>
  %0 = "my_dialect.forward"(%a1) : (memref<f32>) -> memref<f32>
  // expected-error @below {{frees a buffer that may or may not be owned by this function}}
  memref.dealloc %0 : memref<f32>
  return
}

// -----

// An address carried around a control-flow loop (memoryeffect-interface.mlir
// has the accepted address cases).

// Carried around a CFG loop, the address of one iteration's buffer is used
// in another: where the buffer's life ends cannot be told.

func.func private @consume(index)
func.func @address_carried_around_a_block_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %last: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %a = memref.alloc() : memref<64xf32>
  // expected-error @below {{takes the address of a buffer as a plain value that control flow carries out of the buffer's region or around a loop; where its last use is cannot be told}}
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %p : index, index)
^exit:
  func.call @consume(%last) : (index) -> ()
  return
}
