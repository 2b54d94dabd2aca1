// Upstream-derived inputs (see Inputs/buffer-hoisting.mlir for the source file) through
// builtin.module(func.func(bufrs-merge-alloc)). bufrs-merge-alloc never grows memory: a scope with
// fewer than two mergeable buffers, or whose 64-byte-aligned arena is not strictly smaller than the
// sum of its buffers, is left untouched. Every function here is left alone (all buffers are tiny,
// dynamic, returned, yielded or alone in their scope); the output was compared with the input and
// read. Per function: the original alloc/alloca/dealloc ops are still there and no i8 arena or
// memref.view appears (FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/buffer-hoisting.mlir --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK-LABEL: func.func @condBranch(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @condBranchDynamicType(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @condBranchDynamicTypeNested(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @criticalEdge(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @ifElse(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @ifElseNoUsers(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @ifElseNested(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @redundantOperations(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @moving_alloc_and_inserting_missing_dealloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @moving_invalid_dealloc_op_complex(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nested_regions_and_cond_branch(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nested_region_control_flow(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nested_region_control_flow_div(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nested_region_control_flow_div_nested(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg1, %arg1) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nested_region_control_flow_div_nested_dependencies(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg2, {{%[a-zA-Z0-9_]+}}) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg2, {{%[a-zA-Z0-9_]+}}) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @inner_region_control_flow(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @inner_region_control_flow_div(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @condBranchAlloca(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @ifElseNestedAlloca(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nestedRegionsAndCondBranchAlloca(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_nested_if_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_nested_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_nested_alloc_dyn_dependency(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg3) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @unreachable_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
