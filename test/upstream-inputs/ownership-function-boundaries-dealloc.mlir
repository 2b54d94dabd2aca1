// Upstream-derived inputs (Inputs/ownership-function-boundaries.mlir, modeled on dealloc-function-boundaries.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-function-boundaries.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-function-boundaries.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func private @emptyUsesValue(
// CHECK-SAME: %arg0: memref<4xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "test.memref_user"([[ALLOC]]) : (memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @emptyUsesValue(
// CHECK-SAME: %arg0: memref<4xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: "test.memref_user"([[ALLOC]]) : (memref<4xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @redundantOperations(
// CHECK-SAME: %arg0: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in([[ALLOC]] : memref<2xf32>) out([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @memref_in_function_results(
// CHECK-SAME: %arg0: memref<5xf32>, %arg1: memref<10xf32>, %arg2: memref<5xf32>) -> (memref<10xf32>, memref<15xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<15xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<5xf32>) out([[ALLOC_0]] : memref<5xf32>)
// CHECK-NEXT: test.copy([[ALLOC_0]], %arg2) : (memref<5xf32>, memref<5xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<5xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<10xf32> to memref<10xf32>
// CHECK-NEXT: return [[V0]], [[ALLOC]] : memref<10xf32>, memref<15xf32>
// CHECK-NEXT: }

