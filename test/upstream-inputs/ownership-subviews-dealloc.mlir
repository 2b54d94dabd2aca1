// Upstream-derived inputs (Inputs/ownership-subviews.mlir, modeled on dealloc-subviews.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-subviews.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-subviews.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s

// CHECK-LABEL: func.func @subview(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: memref<?x?xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<64x4xf32, strided<[4, 1]>>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC]][%arg0, %arg1] [%arg0, %arg1] [%arg0, %arg1] : memref<64x4xf32, strided<[4, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: test.copy([[SUBVIEW]], %arg2) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<64x4xf32, strided<[4, 1]>>
// CHECK-NEXT: return
// CHECK-NEXT: }

