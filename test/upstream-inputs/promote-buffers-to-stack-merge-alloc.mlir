// Upstream-derived inputs (see Inputs/promote-buffers-to-stack.mlir for the source file) through
// builtin.module(func.func(bufrs-merge-alloc)). bufrs-merge-alloc never grows memory: a scope with
// fewer than two mergeable buffers, or whose 64-byte-aligned arena is not strictly smaller than the
// sum of its buffers, is left untouched. Every function here is left alone (all buffers are tiny,
// dynamic, returned, yielded or alone in their scope); the output was compared with the input and
// read. Per function: the original alloc/alloca/dealloc ops are still there and no i8 arena or
// memref.view appears (FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/promote-buffers-to-stack.mlir --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK-LABEL: func.func @condBranch(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @condBranchDynamicType(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @dynamicRanked(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}) : memref<?xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @dynamicRanked2D(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}, {{%[a-zA-Z0-9_]+}}) : memref<?x?xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @dynamicNoRank(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @emptyUsesValue(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @criticalEdge(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @invCriticalEdge(
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

// CHECK-LABEL: func.func @nested_regions_and_cond_branch(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @memref_in_function_results(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<15xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<5xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nested_region_control_flow(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @inner_region_control_flow_static(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2x2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_nested_if_no_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_nested_if_alloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @large_buffer_allocation(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2048xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @indexElementType(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @bigIndexElementType(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() {alignment = 64 : i64, custom_attr} : memref<4xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @huge_static_memref(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<3090540x3090540x3090540xi32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @nestedMemref(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xmemref<2xf32>>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
