// Upstream-derived inputs (Inputs/ownership-other.mlir, modeled on dealloc-other.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-other.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-other.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func private @no_interface_no_operands(
// CHECK-SAME: %arg0: tensor<?x?x?xf16>) -> memref<?x?x?xf16>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.to_buffer %arg0 : tensor<?x?x?xf16> to memref<?x?x?xf16>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<?x?x?xf16> to memref<?x?x?xf16>
// CHECK-NEXT: return [[V1]] : memref<?x?x?xf16>
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @no_interface(
// CHECK-SAME: ) -> memref<5xf32>
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = "test.forward_buffer"([[ALLOC]]) : (memref<5xf32>) -> memref<5xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<5xf32>
// CHECK-NEXT: return [[V1]] : memref<5xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @no_side_effects(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: "test.unregistered_op_foo"([[ALLOC]]) : (memref<5xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<5xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

