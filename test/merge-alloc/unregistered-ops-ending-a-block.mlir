// MLIR's verifier accepts an unregistered op that ends a block as its
// terminator: the merged buffer's free goes before it, not after it (that
// left a "block with no terminator"); a buffer it takes is left alone.

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: func.func @frees_before_a_possible_terminator
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK:         memref.copy
// CHECK:         memref.copy
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<256xi8>
// CHECK-NEXT:    "test.end"() : () -> ()
// CHECK-NEXT:  }
// expected-remark @below {{scope @frees_before_a_possible_terminator: 2 buffers merged, 512 bytes before, 256 bytes after, lower bound 256, ratio 1.000}}
func.func @frees_before_a_possible_terminator(%out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  "test.end"() : () -> ()
}

// -----

// CHECK-LABEL: func.func @buffer_taken_by_a_possible_terminator
// CHECK-NEXT:    memref.alloc() : memref<64xf32>
// CHECK-NEXT:    "test.use"
func.func @buffer_taken_by_a_possible_terminator() {
  // expected-remark @below {{not merged: used by an op with unknown memory effects}}
  %a = memref.alloc() : memref<64xf32>
  "test.use"(%a) : (memref<64xf32>) -> ()
}
