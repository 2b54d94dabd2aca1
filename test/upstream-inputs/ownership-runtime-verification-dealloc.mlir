// Upstream-derived inputs (Inputs/ownership-runtime-verification.mlir, modeled on dealloc-runtime-verification.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-runtime-verification.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-runtime-verification.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @op_without_aliasing_and_allocation(
// CHECK-SAME: ) -> memref<4xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = memref.get_global @four : memref<4xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return [[V1]] : memref<4xf32>
// CHECK-NEXT: }

