// Upstream-derived inputs (Inputs/ownership-region-branchop.mlir, modeled on dealloc-region-branchop-interface.mlir) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}).
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-region-branchop.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err

// CHECK-LABEL: func.func @nested_regions_and_cond_branch(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.region_buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>) {
// CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = math.exp %arg3 : f32
// CHECK-NEXT: test.region_yield [[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy([[V1]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @nested_region_control_flow(
// CHECK-SAME: %arg0: index, %arg1: index) -> memref<?x?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: "test.read_buffer"([[ALLOC_0]]) : (memref<?x?xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V1]] : memref<?x?xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @nested_region_control_flow_div(
// CHECK-SAME: %arg0: index, %arg1: index) -> memref<?x?xf32>
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
// CHECK-NEXT: }

// CHECK-LABEL: func.func @inner_region_control_flow(
// CHECK-SAME: %arg0: index) -> memref<?x?xf32>
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
// CHECK-NEXT: }

// CHECK-LABEL: func.func @nestedRegionsAndCondBranchAlloca(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.region_buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>) {
// CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOCA]] : memref<2xf32>)
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = math.exp %arg3 : f32
// CHECK-NEXT: test.region_yield [[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy([[V1]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @nestedRegionControlFlowAlloca(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: f32) -> memref<?x?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?x?xf32>) {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %arg2, [[ALLOCA]][[[C0]], [[C0]]] : memref<?x?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V1]] : memref<?x?xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @loop_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.read_buffer"([[ALLOC]]) : (memref<2xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: memref.dealloc %arg6 : memref<2xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg5, %arg1 : index
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: test.copy([[V1]], %arg4) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @loop_nested_if_no_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>)
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
// CHECK-NEXT: test.copy([[V0]], %arg4) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @loop_nested_if_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>) -> memref<2xf32>
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
// CHECK-NEXT: }

// CHECK-LABEL: func.func @loop_nested_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.read_buffer"([[ALLOC]]) : (memref<2xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg6) -> (memref<2xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = scf.for %arg9 = %arg0 to %arg1 step %arg2 iter_args(%arg10 = %arg8) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.read_buffer"([[ALLOC_0]]) : (memref<2xf32>) -> ()
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
// CHECK-NEXT: test.copy([[V1]], %arg4) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @affine_loop(
// CHECK-SAME: ) -> f32
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT: [[CST:%[a-zA-Z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = affine.for %arg0 = 0 to 10 step 2 iter_args(%arg1 = [[CST]]) -> (f32) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = affine.load [[ALLOC]][%arg0] : memref<1024xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.addf %arg1, [[V1]] : f32
// CHECK-NEXT: affine.yield [[V2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<1024xf32>
// CHECK-NEXT: return [[V0]] : f32
// CHECK-NEXT: }

// CHECK-LABEL: func.func @assumingOp(
// CHECK-SAME: %arg0: !shape.witness, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = shape.assuming %arg0 -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.read_buffer"([[ALLOC]]) : (memref<2xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: shape.assuming_yield %arg1 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = shape.assuming %arg0 -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: shape.assuming_yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: test.copy([[V1]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @noRegionBranchOpInterface(
// CHECK-SAME: )
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = "test.one_region_with_recursive_memory_effects"() ({
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = "test.one_region_with_recursive_memory_effects"() ({
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: "test.read_buffer"([[ALLOC]]) : (memref<2xi32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xi32>
// CHECK-NEXT: "test.return"() : () -> ()
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: "test.return"() : () -> ()
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @while_two_arg(
// CHECK-SAME: %arg0: index)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]]:2 = scf.while (%arg1 = [[ALLOC]], %arg2 = [[V0]]) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
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
// CHECK-NEXT: }

// CHECK-LABEL: func.func @while_three_arg(
// CHECK-SAME: %arg0: index)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]]:3 = scf.while (%arg1 = [[V0]], %arg2 = [[V1]], %arg3 = [[ALLOC]]) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
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
// CHECK-NEXT: }

// CHECK-LABEL: func.func @test_affine_if_1(
// CHECK-SAME: %arg0: memref<10xf32>) -> memref<10xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = affine.if #set() -> memref<10xf32> {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT: affine.yield [[ALLOC]] : memref<10xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<10xf32> to memref<10xf32>
// CHECK-NEXT: affine.yield [[V1]] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]] : memref<10xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @test_affine_if_2(
// CHECK-SAME: ) -> memref<10xf32>
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = affine.if #set() -> memref<10xf32> {
// CHECK-NEXT: affine.yield [[ALLOC]] : memref<10xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<10xf32>
// CHECK-NEXT: affine.yield [[ALLOC_0]] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]] : memref<10xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func @test_affine_if_3(
// CHECK-SAME: ) -> memref<10xf32>
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = affine.if #set() -> memref<10xf32> {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<10xf32>
// CHECK-NEXT: affine.yield [[ALLOC_0]] : memref<10xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield [[ALLOC]] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]] : memref<10xf32>
// CHECK-NEXT: }

// ERR: {{.*}}ownership-region-branchop.mlir:235:7: error: bufrs-buffer-deallocation: passes a buffer out of 'test.one_region_with_recursive_memory_effects', whose control flow is unknown (no RegionBranchOpInterface)

