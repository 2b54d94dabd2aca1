// MLIR's verifier accepts an unregistered op that ends a block as its
// terminator. Frees go before such an op, never after it (that left a
// "block with no terminator"), and a buffer it takes is refused: where it
// goes is unknown.

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' %s | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' %s | FileCheck %s --check-prefix=PIPELINE

func.func @buffer_passed_to_a_possible_terminator() {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @below {{'test.use' ends the function's block but is no known return (e.g. an unregistered op that may be a terminator); where the buffer goes is unknown}}
  "test.use"(%a) : (memref<4xf32>) -> ()
}

// -----

// CHECK-LABEL: func.func @frees_before_a_possible_terminator
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    memref.load %[[A]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    "test.end"() : () -> ()
// CHECK-NEXT:  }
// PIPELINE-LABEL: func.func @frees_before_a_possible_terminator
// PIPELINE:         %[[A:.*]] = memref.alloc()
// PIPELINE-NEXT:    memref.store %{{.*}}, %[[A]]
// PIPELINE-NEXT:    memref.load %[[A]]
// PIPELINE-NEXT:    memref.dealloc %[[A]]
// PIPELINE-NEXT:    memref.store
// PIPELINE-NEXT:    "test.end"() : () -> ()
// PIPELINE-NEXT:  }
func.func @frees_before_a_possible_terminator(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  "test.end"() : () -> ()
}

// -----

// In a single-block region of an unregistered op, the op ending the block
// may yield the buffer out of the region.
func.func @buffer_yielded_by_a_possible_terminator(%out: memref<4xf32>) {
  "test.region"() ({
    %a = memref.alloc() : memref<4xf32>
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    // expected-error @below {{passes a buffer out of 'test.region', whose control flow is unknown (no RegionBranchOpInterface)}}
    "test.yield"(%a) : (memref<4xf32>) -> ()
  }) : () -> ()
  return
}
