// Upstream-derived inputs (see Inputs/buffer-loop-hoisting.mlir for the source file) through
// builtin.module(func.func(bufrs-merge-alloc)). bufrs-merge-alloc never grows memory: a scope with
// fewer than two mergeable buffers, or whose 64-byte-aligned arena is not strictly smaller than the
// sum of its buffers, is left untouched. Every function here is left alone (all buffers are tiny,
// dynamic, returned, yielded or alone in their scope); the output was compared with the input and
// read. Per function: the original alloc/alloca/dealloc ops are still there and no i8 arena or
// memref.view appears (FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/buffer-loop-hoisting.mlir --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK-LABEL: func.func @condBranch(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @condBranchDynamicType(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}) : memref<?xf32>
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

// CHECK-LABEL: func.func @loop_nested_alloc_hoistable(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_3:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_nested_alloc_dyn_dependency_extra(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg3) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @hoist_one_loop(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_one_loop(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @hoist_multiple_loop(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_one_loop_conditional(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @hoist_one_loop_conditional(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_one_loop_dependency(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @partial_hoist_multiple_loop_dependency(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_parallel(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_affine_parallel(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_forall(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @hoist_alloca(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOCA_0:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @loop_unreachable_parent(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @while_exit_alias(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg1) : memref<?xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_carried_view(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_exit_capture(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_dealloc(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: memref.dealloc %arg1 : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_nested_for(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_dynamic_size(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc({{%[a-zA-Z0-9_]+}}) : memref<?xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_capture(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_alloca(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}

// CHECK-LABEL: func.func @no_hoist_while_store_alias(
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
// CHECK: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NOT: {{memref<[0-9]+xi8>|memref.view}}
