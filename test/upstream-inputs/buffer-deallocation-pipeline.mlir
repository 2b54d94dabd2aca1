// Upstream-derived inputs (see Inputs/buffer-deallocation.mlir for the source file) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}). Functions FINDINGS.md lists as refused have no CHECK lines;
// every other function has. CHECK lines generated from output judged correct by reading.

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/buffer-deallocation.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

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

// CHECK-LABEL: func.func @condBranchUnrankedType(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<*xf32>)
// CHECK-NEXT: ^bb2([[V1:%[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V1]]) : memref<?xf32>
// CHECK-NEXT: [[CAST:%[a-zA-Z0-9_]+]] = memref.cast [[ALLOC]] : memref<?xf32> to memref<*xf32>
// CHECK-NEXT: memref.copy %arg1, [[CAST]] : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: cf.br ^bb3([[CAST]] : memref<*xf32>)
// CHECK-NEXT: ^bb3([[V2:%[a-zA-Z0-9_]+]]: memref<*xf32>):
// CHECK-NEXT: memref.copy [[V2]], %arg2 : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: memref.dealloc [[V2]] : memref<*xf32>
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

// CHECK-LABEL: func.func @emptyUsesValue(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<4xf32>
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

// CHECK-LABEL: func.func @invCriticalEdge(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : memref<2xf32>)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb2([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb2([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V0]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
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

// CHECK-LABEL: func.func @inserting_missing_dealloc_simple(
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @moving_invalid_dealloc_op(
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<2xf32> to memref<2xf32>
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

// CHECK-LABEL: func.func @memref_in_function_results(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<15xf32>
// CHECK-NEXT: memref.copy %arg0, %arg2 : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<10xf32> to memref<10xf32>
// CHECK-NEXT: return [[V0]], [[ALLOC]] : memref<10xf32>, memref<15xf32>

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

// CHECK-LABEL: func.func @subview(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<64x4xf32, strided<[4, 1]>>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC]][%arg0, %arg1] [%arg0, %arg1] [%arg0, %arg1] : memref<64x4xf32, strided<[4, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: memref.copy [[SUBVIEW]], %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<64x4xf32, strided<[4, 1]>>
// CHECK-NEXT: return

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

// CHECK-LABEL: func.func @ifElseAlloca(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %arg1, [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOC]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOC]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb3([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb3([[V2]], [[V3]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.copy [[V4]], [[ALLOCA]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: memref.copy [[ALLOCA]], %arg2 : memref<2xf32> to memref<2xf32>
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

// CHECK-LABEL: func.func @nestedRegionControlFlowAlloca(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V1]] : memref<?x?xf32>

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

// CHECK-LABEL: func.func @loop_nested_if_no_alloc(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg5, %arg1 : index
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.if [[V1]] -> (memref<2xf32>) {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg6 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V2]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
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

// CHECK-LABEL: func.func @affine_loop(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT: [[CST:%[a-zA-Z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = affine.for %arg0 = 0 to 10 step 2 iter_args(%arg1 = [[CST]]) -> (f32) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = affine.load [[ALLOC]][%arg0] : memref<1024xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.addf %arg1, [[V1]] : f32
// CHECK-NEXT: affine.yield [[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<1024xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @assumingOp(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = shape.assuming %arg0 -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: shape.assuming_yield %arg1 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = shape.assuming %arg0 -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: shape.assuming_yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @dealloc_existing_clones(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<?x?xf64> to memref<?x?xf64>
// CHECK-NEXT: return [[V0]] : memref<?x?xf64>

// CHECK-LABEL: func.func @while_two_arg(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]]:2 = scf.while (%arg1 = [[ALLOC]], %arg2 = [[V0]]) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = "test.make_condition"() : () -> i1
// CHECK-NEXT: scf.condition([[V2]]) %arg1, %arg2 : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>):
// CHECK-NEXT: memref.dealloc %arg2 : memref<?xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: scf.yield %arg1, [[ALLOC_0]] : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V1]]#1 : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @while_three_arg(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]]:3 = scf.while (%arg1 = [[V0]], %arg2 = [[V1]], %arg3 = [[ALLOC]]) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = "test.make_condition"() : () -> i1
// CHECK-NEXT: scf.condition([[V3]]) %arg1, %arg2, %arg3 : memref<?xf32>, memref<?xf32>, memref<?xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?xf32>):
// CHECK-NEXT: memref.dealloc %arg3 : memref<?xf32>
// CHECK-NEXT: memref.dealloc %arg1 : memref<?xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: scf.yield [[ALLOC_1]], [[ALLOC_0]], %arg2 : memref<?xf32>, memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V2]]#2 : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[V2]]#1 : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[V2]]#0 : memref<?xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @select_aliases(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.select %arg2, [[ALLOC]], [[ALLOC_0]] : memref<?xi8>
// CHECK-NEXT: memref.copy [[V0]], %arg1 : memref<?xi8> to memref<?xi8>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?xi8>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xi8>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @loop_dynalloc(
// CHECK-NEXT: [[C0_I32:%[a-zA-Z0-9_]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg2 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb1([[C0_I32]], [[V0]] : i32, memref<?xf32>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: i32, [[V2:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V1]], %arg1 : i32
// CHECK-NEXT: cf.cond_br [[V3]], ^bb2([[V1]], [[V2]] : i32, memref<?xf32>), ^bb3([[V2]] : memref<?xf32>)
// CHECK-NEXT: ^bb2([[V4:%[a-zA-Z0-9_]+]]: i32, [[V5:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: memref.dealloc [[V2]] : memref<?xf32>
// CHECK-NEXT: [[C1_I32:%[a-zA-Z0-9_]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V6:%[a-zA-Z0-9_]+]] = arith.addi [[V4]], [[C1_I32]] : i32
// CHECK-NEXT: [[V7:%[a-zA-Z0-9_]+]] = arith.index_cast [[V6]] : i32 to index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V7]]) : memref<?xf32>
// CHECK-NEXT: cf.br ^bb1([[V6]], [[ALLOC]] : i32, memref<?xf32>)
// CHECK-NEXT: ^bb3([[V8:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: memref.copy [[V8]], %arg3 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: memref.dealloc [[V2]] : memref<?xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @do_loop_alloc(
// CHECK-NEXT: [[C0_I32:%[a-zA-Z0-9_]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg2 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb1([[C0_I32]], [[V0]] : i32, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: i32, [[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: [[C1_I32:%[a-zA-Z0-9_]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.addi [[V1]], [[C1_I32]] : i32
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.br ^bb2([[V3]], [[ALLOC]] : i32, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V4:%[a-zA-Z0-9_]+]]: i32, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V6:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V4]], %arg1 : i32
// CHECK-NEXT: cf.cond_br [[V6]], ^bb1([[V4]], [[V5]] : i32, memref<2xf32>), ^bb3([[V5]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V7:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.copy [[V7]], %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
