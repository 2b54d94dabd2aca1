// Invalid option values of bufrs-buffer-results-to-out-params: one clear
// error at the module, a failed pass, the IR untouched. (A copy-op that
// builds no valid copy: out-params-invalid-copy-op.mlir.)

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{append-results=some})' -verify-diagnostics
// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{copy-op=nodialect.copy})' 2>&1 | FileCheck %s --check-prefix=COPYOP

// expected-error @+1 {{bufrs-buffer-results-to-out-params: append-results must be all, from-tensors or none, not 'some'}}
module {
  func.func private @f() -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    return %a : memref<4xf32>
  }
  func.func private @g(%m: memref<4xf32>) -> memref<4xf32> {
    return %m : memref<4xf32>
  }
}

// COPYOP: error: bufrs-buffer-results-to-out-params: copy-op 'nodialect.copy' is not a registered op

// A result-attribute without a dialect prefix would put an attribute on
// the new arguments that MLIR's verifier rejects ("arguments may only have
// dialect attributes"): the value is rejected before any op is touched.
// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{result-attribute=out})' 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: not %bufrs-opt %s --verify-each=0 --pass-pipeline='builtin.module(bufrs-buffer-results-to-out-params{result-attribute=.out})' 2>&1 | FileCheck %s --check-prefix=ATTR-DOT
// ATTR: bufrs-buffer-results-to-out-params: option 'result-attribute' has invalid value 'out' (allowed: empty, or a dialect attribute name such as bufrs.out)
// ATTR-NOT: func.func
// ATTR-DOT: option 'result-attribute' has invalid value '.out'
// ATTR-DOT-NOT: func.func
