// An unknown format is an error diagnostic and a failed pass, not a crash.
// RUN: not %bufrs-opt -o /dev/null --pass-pipeline='builtin.module(bufrs-print-dominance{format=dot})' %s 2>&1 | FileCheck %s
// CHECK: error: bufrs-print-dominance: unknown format 'dot' (expected 'mlir' or 'tree')
func.func @f() {
  return
}
