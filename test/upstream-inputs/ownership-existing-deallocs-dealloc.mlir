// Upstream-derived inputs (Inputs/ownership-existing-deallocs.mlir, modeled on dealloc-existing-deallocs.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)).
// Every function is refused at its memref.realloc (which may free its operand;
// the pass does not take it), while the pipeline expands memref.realloc first
// (see the -pipeline test).

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-existing-deallocs.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>&1 >/dev/null | FileCheck --check-prefix=ERR %s

// ERR: {{.*}}ownership-existing-deallocs.mlir:12:8: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)
// ERR: {{.*}}ownership-existing-deallocs.mlir:22:14: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)

