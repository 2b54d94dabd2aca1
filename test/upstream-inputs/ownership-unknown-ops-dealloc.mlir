// Upstream-derived inputs (Inputs/ownership-unknown-ops.mlir, modeled on dealloc-unknown-ops.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-unknown-ops.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-unknown-ops.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func private @id(
// CHECK-SAME: %arg0: memref<f32>) -> memref<f32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<f32> to memref<f32>
// CHECK-NEXT: return [[V0]] : memref<f32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @generic_ownership_materialization(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f32>
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = "my_dialect.select_randomly"([[ALLOC]], [[ALLOCA]], [[ALLOC]]) : (memref<f32>, memref<f32>, memref<f32>) -> memref<f32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = call @id([[V0]]) : (memref<f32>) -> memref<f32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<f32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<f32>
// CHECK-NEXT: return
// CHECK-NEXT: }

