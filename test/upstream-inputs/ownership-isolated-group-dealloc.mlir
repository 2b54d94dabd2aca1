// Upstream-derived inputs (Inputs/ownership-isolated-group.mlir, modeled on dealloc-isolated-group.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-isolated-group.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-isolated-group.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err

// CHECK-LABEL: func.func @function_call(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = "test.isolated_one_region_with_recursive_memory_effects"([[ALLOC]]) ({
// CHECK-NEXT: ^bb0(%arg0: memref<f64>):
// CHECK-NEXT: test.region_yield %arg0 : memref<f64>
// CHECK-NEXT: }) : (memref<f64>) -> memref<f64>
// CHECK-NEXT: test.copy([[V0]], [[ALLOC_0]]) : (memref<f64>, memref<f64>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<f64>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<f64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @function_call_requries_merged_ownership_mid_block(
// CHECK-SAME: %arg0: i1)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<f64>
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<f64>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.select %arg0, [[ALLOC]], [[ALLOCA]] : memref<f64>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = "test.isolated_one_region_with_recursive_memory_effects"([[V0]]) ({
// CHECK-NEXT: ^bb0(%arg1: memref<f64>):
// CHECK-NEXT: test.region_yield %arg1 : memref<f64>
// CHECK-NEXT: }) : (memref<f64>) -> memref<f64>
// CHECK-NEXT: test.copy([[V1]], [[ALLOC]]) : (memref<f64>, memref<f64>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<f64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @g(
// CHECK-SAME: %arg0: memref<f32>) -> memref<f32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = "test.isolated_one_region_with_recursive_memory_effects"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg1: memref<f32>):
// CHECK-NEXT: test.region_yield %arg1 : memref<f32>
// CHECK-NEXT: }) : (memref<f32>) -> memref<f32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<f32> to memref<f32>
// CHECK-NEXT: return [[V1]] : memref<f32>
// CHECK-NEXT: }

// ERR: {{.*}}ownership-isolated-group.mlir:63:5: error: bufrs-buffer-deallocation: passes a buffer out of 'test.isolated_one_region_with_recursive_memory_effects', whose control flow is unknown (no RegionBranchOpInterface)
// ERR: {{.*}}ownership-isolated-group.mlir:65:3: error: bufrs-buffer-deallocation: uses a buffer outside the region that owns it

