// Upstream-derived inputs (Inputs/ownership-loops.mlir, modeled on dealloc-loops.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)).
// Every function is refused at its memref.realloc (which may free its operand;
// the pass does not take it), while the pipeline expands memref.realloc first
// (see the -pipeline test).

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-loops.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>&1 >/dev/null | FileCheck --check-prefix=ERR %s

// ERR: {{.*}}ownership-loops.mlir:13:11: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)
// ERR: {{.*}}ownership-loops.mlir:14:11: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)
// ERR: {{.*}}ownership-loops.mlir:26:11: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)
// ERR: {{.*}}ownership-loops.mlir:27:11: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)

