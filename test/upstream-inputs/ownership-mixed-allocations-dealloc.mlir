// Upstream-derived inputs (Inputs/ownership-mixed-allocations.mlir, modeled on dealloc-mixed-allocations.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline).
// Both refuse the only function (it already frees buffers with gpu.dealloc and
// memref.dealloc; upstream's test runs a test pass on it) and print no module.

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-mixed-allocations.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>&1 >/dev/null | FileCheck --check-prefix=ERR %s
// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-mixed-allocations.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' 2>&1 >/dev/null | FileCheck --check-prefix=ERR %s

// ERR: {{.*}}ownership-mixed-allocations.mlir:12:10: error: bufrs-buffer-deallocation: 'gpu.dealloc' frees buffers and does more (results, regions or other effects); run this pass on IR without it

