// Upstream-derived inputs (Inputs/ownership-callop.mlir, modeled on dealloc-callop-interface.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-callop.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-callop.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func private @id(
// CHECK-SAME: %arg0: memref<f64>) -> memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<f64> to memref<f64>
// CHECK-NEXT: return [[V0]] : memref<f64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @function_call(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = call @id([[ALLOC]]) : (memref<f64>) -> memref<f64>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<f64>
// CHECK-NEXT: test.copy([[V0]], [[ALLOC_0]]) : (memref<f64>, memref<f64>)
// CHECK-NEXT: memref.dealloc [[V0]] : memref<f64>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<f64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @id(
// CHECK-SAME: %arg0: memref<f64>) -> memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<f64> to memref<f64>
// CHECK-NEXT: return [[V0]] : memref<f64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @function_call_non_private(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = call @id([[ALLOC]]) : (memref<f64>) -> memref<f64>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<f64>
// CHECK-NEXT: test.copy([[V0]], [[ALLOC_0]]) : (memref<f64>, memref<f64>)
// CHECK-NEXT: memref.dealloc [[V0]] : memref<f64>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<f64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @id(
// CHECK-SAME: %arg0: memref<f64>) -> memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<f64> to memref<f64>
// CHECK-NEXT: return [[V0]] : memref<f64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @function_call_requries_merged_ownership_mid_block(
// CHECK-SAME: %arg0: i1)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.select %arg0, [[ALLOC]], [[ALLOCA]] : memref<f64>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = call @id([[V0]]) : (memref<f64>) -> memref<f64>
// CHECK-NEXT: test.copy([[V1]], [[ALLOC]]) : (memref<f64>, memref<f64>)
// CHECK-NEXT: memref.dealloc [[V1]] : memref<f64>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<f64>
// CHECK-NEXT: return
// CHECK-NEXT: }

