// A copy-op that is registered but cannot be built from (source, target)
// alone is rejected before any op is touched: memref.dealloc (one
// operand), linalg.copy (a named op with a body region; MLIR would report
// "requires one region" at every return). One error at the module, a
// failed pass.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{copy-op=memref.dealloc})' -verify-diagnostics
// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{copy-op=linalg.copy})' 2>&1 | FileCheck %s --check-prefix=LINALG

// expected-error @below {{bufrs-buffer-results-to-out-params: copy-op 'memref.dealloc' cannot be built from (source, target) alone (allowed: a registered op with two operands, no regions and no results, e.g. memref.copy)}}
module {
  func.func private @g(%m: memref<4xf32>) -> memref<4xf32> {
    return %m : memref<4xf32>
  }
}

// LINALG: error: bufrs-buffer-results-to-out-params: copy-op 'linalg.copy' cannot be built from (source, target) alone (allowed: a registered op with two operands, no regions and no results, e.g. memref.copy)
// LINALG-NOT: requires one region
// LINALG-NOT: does not build a valid copy
