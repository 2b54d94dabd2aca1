// Upstream-derived inputs (Inputs/ownership-memoryeffect.mlir, modeled on dealloc-memoryeffect-interface.mlir) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}).
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-memoryeffect.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @redundantOperations(
// CHECK-SAME: %arg0: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in([[ALLOC]] : memref<2xf32>) out([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @allocaIsNotDeallocated(
// CHECK-SAME: %arg0: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in([[ALLOC]] : memref<2xf32>) out([[ALLOCA]] : memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @inserting_missing_dealloc_simple(
// CHECK-SAME: %arg0: memref<2xf32>, %arg1: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: test.copy([[ALLOC]], %arg1) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @alloca_ownership_indicator_is_false(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: cf.br ^bb1([[ALLOCA]] : memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @dealloc_existing_clones(
// CHECK-SAME: %arg0: memref<?x?xf64>, %arg1: memref<?x?xf64>) -> memref<?x?xf64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<?x?xf64> to memref<?x?xf64>
// CHECK-NEXT: return [[V0]] : memref<?x?xf64>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @op_without_aliasing_and_allocation(
// CHECK-SAME: ) -> memref<4xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = memref.get_global @four : memref<4xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return [[V1]] : memref<4xf32>
// CHECK-NEXT: }

