// Upstream-derived inputs (Inputs/ownership-helper-function.mlir, modeled on dealloc-helper-function.mlir and dealloc-helper-function-invalid.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-helper-function.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-helper-function.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @test(
// CHECK-SAME: %arg0: index, %arg1: index) -> (memref<5xf32>, memref<5xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: [[C1:%[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]]:2 = scf.for %arg2 = %arg0 to %arg1 step [[C1]] iter_args(%arg3 = [[ALLOC]], %arg4 = [[ALLOC_0]]) -> (memref<5xf32>, memref<5xf32>) {
// CHECK-NEXT: scf.yield %arg4, %arg3 : memref<5xf32>, memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]]#0 : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]]#1 : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<5xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<5xf32>
// CHECK-NEXT: return [[V1]], [[V2]] : memref<5xf32>, memref<5xf32>
// CHECK-NEXT: }

