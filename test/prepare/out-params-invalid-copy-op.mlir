// A copy-op that is registered but does not copy (source, target): MLIR's
// verifier reports the op built, and the pass fails at the return that
// needed the copy.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{copy-op=memref.dealloc})' -verify-diagnostics

func.func private @g(%m: memref<4xf32>) -> memref<4xf32> {
  // expected-error @below {{'memref.dealloc' op requires a single operand}}
  // expected-error @below {{copy-op 'memref.dealloc' does not build a valid copy into the out-param}}
  return %m : memref<4xf32>
}
