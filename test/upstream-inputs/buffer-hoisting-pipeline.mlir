// Upstream-derived inputs (see Inputs/buffer-hoisting.mlir for the source file) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}). Functions FINDINGS.md lists as refused have no CHECK lines;
// every other function has. CHECK lines generated from output judged correct by reading.

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/buffer-hoisting.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @condBranch(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V1]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @condBranchDynamicType(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<?xf32>)
// CHECK-NEXT: ^bb2([[V1:%[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V1]]) : memref<?xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<?xf32>)
// CHECK-NEXT: ^bb3([[V2:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: memref.copy [[V2]], %arg2 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: memref.dealloc [[V2]] : memref<?xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @condBranchDynamicTypeNested(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb6([[V0]] : memref<?xf32>)
// CHECK-NEXT: ^bb2([[V1:%[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V1]]) : memref<?xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: cf.br ^bb5([[ALLOC]] : memref<?xf32>)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: cf.br ^bb5([[ALLOC]] : memref<?xf32>)
// CHECK-NEXT: ^bb5([[V2:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: cf.br ^bb6([[V2]] : memref<?xf32>)
// CHECK-NEXT: ^bb6([[V3:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: cf.br ^bb7([[V3]] : memref<?xf32>)
// CHECK-NEXT: ^bb7([[V4:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: memref.copy [[V4]], %arg2 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: memref.dealloc [[V3]] : memref<?xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @criticalEdge(
// CHECK-NEXT: cf.cond_br %arg0, ^bb2, ^bb1(%arg1 : memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V1]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V2]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @ifElse(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOC]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOC]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb3([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb3([[V2]], [[V3]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V4]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @ifElseNoUsers(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOC]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOC]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V2]], [[V3]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy %arg1, %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @ifElseNested(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOC]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOC]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb5([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.cond_br %arg0, ^bb3([[V2]] : memref<2xf32>), ^bb4([[V3]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb5([[V4]], [[V2]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb4([[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb5([[V2]], [[V5]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb5([[V6:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V7:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V6]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @redundantOperations(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg0, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @moving_alloc_and_inserting_missing_dealloc(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC_0]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V0]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V0]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @moving_invalid_dealloc_op_complex(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb3(%arg1 : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V0]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @nested_regions_and_cond_branch(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.region_buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>) {
// CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC_0]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = math.exp %arg3 : f32
// CHECK-NEXT: test.region_yield [[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V1]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @nested_region_control_flow(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V1]] : memref<?x?xf32>

// CHECK-LABEL: func.func @nested_region_control_flow_div(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V1]] : memref<?x?xf32>

// CHECK-LABEL: func.func @nested_region_control_flow_div_nested(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?x?xf32> to memref<?x?xf32>
// CHECK-NEXT: scf.yield [[V3]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V2]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOC_0]] = memref.alloc(%arg1, %arg1) : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: return [[V1]] : memref<?x?xf32>

// CHECK-LABEL: func.func @nested_region_control_flow_div_nested_dependencies(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.if %arg1 -> (memref<?x?xf32>) {
// CHECK-NEXT: [[C1_I32:%[a-zA-Z0-9_]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = arith.addi %arg0, [[C1_I32]] : i32
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.index_cast [[V1]] : i32 to index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg2, [[V2]]) : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[C2_I32:%[a-zA-Z0-9_]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V1]] = arith.addi %arg0, [[C2_I32]] : i32
// CHECK-NEXT: [[V2]] = arith.index_cast [[V1]] : i32 to index
// CHECK-NEXT: [[ALLOC]] = memref.alloc(%arg2, [[V2]]) : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]] : memref<?x?xf32>

// CHECK-LABEL: func.func @inner_region_control_flow(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = test.region_if [[ALLOC]]: memref<?x?xf32> -> memref<?x?xf32> then {
// CHECK-NEXT: ^bb0(%arg1: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg1 : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: ^bb0(%arg1: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg1 : memref<?x?xf32>
// CHECK-NEXT: } join {
// CHECK-NEXT: ^bb0(%arg1: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg1 : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]] : memref<?x?xf32>

// CHECK-LABEL: func.func @inner_region_control_flow_div(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = test.region_if [[ALLOC]]: memref<?x?xf32> -> memref<?x?xf32> then {
// CHECK-NEXT: ^bb0(%arg2: memref<?x?xf32>):
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone %arg2 : memref<?x?xf32> to memref<?x?xf32>
// CHECK-NEXT: test.region_if_yield [[V1]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: ^bb0(%arg2: memref<?x?xf32>):
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: test.region_if_yield [[ALLOC_0]] : memref<?x?xf32>
// CHECK-NEXT: } join {
// CHECK-NEXT: ^bb0(%arg2: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg2 : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: return [[V0]] : memref<?x?xf32>

// CHECK-LABEL: func.func @condBranchAlloca(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb3(%arg1 : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOCA]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[ALLOCA]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V0]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @ifElseNestedAlloca(
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOCA]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOCA]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOCA]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb5([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.cond_br %arg0, ^bb3([[V2]] : memref<2xf32>), ^bb4([[V3]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb5([[V4]], [[V2]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb4([[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb5([[V2]], [[V5]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb5([[V6:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V7:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V6]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @nestedRegionsAndCondBranchAlloca(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.region_buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>) {
// CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOCA]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = math.exp %arg3 : f32
// CHECK-NEXT: test.region_yield [[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V1]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @loop_alloc(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: memref.dealloc %arg6 : memref<2xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg5, %arg1 : index
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @loop_nested_if_alloc(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: memref.dealloc %arg5 : memref<2xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg4, %arg1 : index
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = scf.if [[V2]] -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: scf.yield [[V4]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V3]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return [[V1]] : memref<2xf32>

// CHECK-LABEL: func.func @loop_nested_alloc(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg6) -> (memref<2xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = scf.for %arg9 = %arg0 to %arg1 step %arg2 iter_args(%arg10 = %arg8) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg5, %arg1 : index
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = scf.if [[V4]] -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc %arg10 : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC_1]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg10 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V5]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V3]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V2]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @loop_nested_alloc_dyn_dependency(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg3) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (memref<?xf32>) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone %arg7 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.for %arg8 = %arg0 to %arg1 step %arg2 iter_args(%arg9 = [[V1]]) -> (memref<?xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = scf.for %arg10 = %arg0 to %arg1 step %arg2 iter_args(%arg11 = %arg9) -> (memref<?xf32>) {
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg6, %arg1 : index
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = scf.if [[V4]] -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NEXT: memref.dealloc %arg11 : memref<?xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg11 : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V5]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V3]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V2]] : memref<?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg5 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @unreachable_alloc(
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: return
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: i32):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT: return
