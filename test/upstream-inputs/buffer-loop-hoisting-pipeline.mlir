// Upstream-derived inputs (see Inputs/buffer-loop-hoisting.mlir for the source file) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}). Functions FINDINGS.md lists as refused have no CHECK lines;
// every other function has. CHECK lines generated from output judged correct by reading.

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/buffer-loop-hoisting.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// ERR: buffer-loop-hoisting.mlir:476:{{[0-9]+}}: error: bufrs-buffer-deallocation: stores a buffer into memory; its ownership cannot be tracked

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

// CHECK-LABEL: func.func @loop_nested_alloc_hoistable(
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
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_2]] : memref<2xf32>
// CHECK-NEXT: [[ALLOC_3:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc %arg10 : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC_3]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg10 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_1]] : memref<2xf32>
// CHECK-NEXT: scf.yield [[V5]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V3]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V2]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @loop_nested_alloc_dyn_dependency_extra(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg3) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (memref<?xf32>) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone %arg7 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.for %arg8 = %arg0 to %arg1 step %arg2 iter_args(%arg9 = [[V1]]) -> (memref<?xf32>) {
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = scf.for %arg10 = %arg0 to %arg1 step %arg2 iter_args(%arg11 = %arg9) -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?xf32>
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg6, %arg1 : index
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = scf.if [[V4]] -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NEXT: memref.dealloc %arg11 : memref<?xf32>
// CHECK-NEXT: scf.yield [[ALLOC_2]] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg11 : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc(%arg10) : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_1]] : memref<?xf32>
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

// CHECK-LABEL: func.func @hoist_one_loop(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_one_loop(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: memref.dealloc %arg6 : memref<2xf32>
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @hoist_multiple_loop(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg6) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_one_loop_conditional(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = [[V0]]) -> (memref<2xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg5, %arg1 : index
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = scf.if [[V2]] -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc %arg6 : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg6 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V3]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @hoist_one_loop_conditional(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi eq, %arg0, %arg1 : index
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<2xf32>) {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V1]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_one_loop_dependency(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @partial_hoist_multiple_loop_dependency(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg6) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?xf32>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_parallel(
// CHECK-NEXT: scf.parallel (%arg3) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_affine_parallel(
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: affine.parallel (%arg1) = (0) to (2) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: memref.store %arg1, [[ALLOC]][[[C0]]] : memref<1xindex>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = memref.load [[ALLOC]][[[C0]]] : memref<1xindex>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<1xindex>
// CHECK-NEXT: memref.store [[V0]], %arg0[%arg1] : memref<2xindex>
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_forall(
// CHECK-NEXT: scf.forall (%arg3) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @hoist_alloca(
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (memref<2xf32>) {
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg6) -> (memref<2xf32>) {
// CHECK-NEXT: [[ALLOCA_0:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT: scf.yield [[ALLOCA]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[ALLOCA]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy [[V0]], %arg4 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @loop_unreachable_parent(
// CHECK-NEXT: return
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[FALSE:%[a-zA-Z0-9_]+]] = arith.constant false
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: memref.store [[C0]], [[ALLOC]][[[C0]]] : memref<1xindex>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<1xindex>
// CHECK-NEXT: scf.condition([[FALSE]])
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @while_exit_alias(
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[C1:%[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]]:2 = scf.while (%arg3 = [[C0]], %arg4 = %arg2) : (index, memref<1xindex>) -> (memref<?xindex>, memref<1xindex>) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg1) : memref<?xindex>
// CHECK-NEXT: memref.store %arg3, [[ALLOC]][[[C0]]] : memref<?xindex>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.cmpi slt, %arg3, %arg0 : index
// CHECK-NEXT: scf.condition([[V2]]) [[ALLOC]], %arg4 : memref<?xindex>, memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: memref<?xindex>, %arg4: memref<1xindex>):
// CHECK-NEXT: [[V2]] = memref.load %arg3[[[C0]]] : memref<?xindex>
// CHECK-NEXT: memref.dealloc %arg3 : memref<?xindex>
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.addi [[V2]], [[C1]] : index
// CHECK-NEXT: scf.yield [[V3]], %arg4 : index, memref<1xindex>
// CHECK-NEXT: }
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[V0]]#0[0] [1] [1] : memref<?xindex> to memref<1xindex>
// CHECK-NEXT: [[CAST:%[a-zA-Z0-9_]+]] = memref.cast [[SUBVIEW]] : memref<1xindex> to memref<?xindex>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = memref.load [[CAST]][[[C0]]] : memref<?xindex>
// CHECK-NEXT: memref.dealloc [[V0]]#0 : memref<?xindex>
// CHECK-NEXT: return [[V1]] : index

// CHECK-LABEL: func.func @no_hoist_while_carried_view(
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[C1:%[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<1xindex> to memref<1xindex>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]]:2 = scf.while (%arg2 = [[C0]], %arg3 = [[V0]]) : (index, memref<1xindex>) -> (index, memref<1xindex>) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: memref.store %arg2, [[ALLOC]][[[C0]]] : memref<1xindex>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = memref.load %arg3[[[C0]]] : memref<1xindex>
// CHECK-NEXT: memref.dealloc %arg3 : memref<1xindex>
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi slt, %arg2, %arg0 : index
// CHECK-NEXT: scf.condition([[V3]]) [[V2]], [[ALLOC]] : index, memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: memref<1xindex>):
// CHECK-NEXT: [[V2]] = memref.load %arg3[[[C0]]] : memref<1xindex>
// CHECK-NEXT: [[V3]] = arith.addi [[V2]], [[C1]] : index
// CHECK-NEXT: [[CAST:%[a-zA-Z0-9_]+]] = memref.cast %arg3 : memref<1xindex> to memref<?xindex>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[CAST]][0] [1] [1] : memref<?xindex> to memref<1xindex>
// CHECK-NEXT: scf.yield [[V3]], [[SUBVIEW]] : index, memref<1xindex>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V1]]#1 : memref<1xindex>
// CHECK-NEXT: return [[V1]]#0 : index

// CHECK-LABEL: func.func @no_hoist_while_exit_capture(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.while : () -> memref<1xindex> {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: scf.condition(%arg0) [[ALLOC]] : memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<1xindex>):
// CHECK-NEXT: memref.dealloc %arg1 : memref<1xindex>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: call @capture([[V0]]) : (memref<1xindex>) -> ()
// CHECK-NEXT: memref.dealloc [[V0]] : memref<1xindex>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_while_dealloc(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.while : () -> memref<1xindex> {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: scf.condition(%arg0) [[ALLOC]] : memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<1xindex>):
// CHECK-NEXT: memref.dealloc %arg1 : memref<1xindex>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V0]] : memref<1xindex>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_while_nested_for(
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[C1:%[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg3 = [[C0]] to %arg0 step [[C1]] {
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.while : () -> memref<1xindex> {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: memref.store %arg3, [[ALLOC]][[[C0]]] : memref<1xindex>
// CHECK-NEXT: scf.condition(%arg1) [[ALLOC]] : memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg4: memref<1xindex>):
// CHECK-NEXT: memref.dealloc %arg4 : memref<1xindex>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = memref.load [[V0]][[[C0]]] : memref<1xindex>
// CHECK-NEXT: memref.dealloc [[V0]] : memref<1xindex>
// CHECK-NEXT: memref.store [[V1]], %arg2[%arg3] : memref<?xindex>
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_while_dynamic_size(
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[C1:%[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.while (%arg1 = [[C0]]) : (index) -> memref<?xindex> {
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.addi %arg1, [[C1]] : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V2]]) : memref<?xindex>
// CHECK-NEXT: memref.store %arg1, [[ALLOC]][[[C0]]] : memref<?xindex>
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi slt, %arg1, %arg0 : index
// CHECK-NEXT: scf.condition([[V3]]) [[ALLOC]] : memref<?xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<?xindex>):
// CHECK-NEXT: [[V2]] = memref.load %arg1[[[C0]]] : memref<?xindex>
// CHECK-NEXT: memref.dealloc %arg1 : memref<?xindex>
// CHECK-NEXT: [[V3]] = arith.addi [[V2]], [[C1]] : index
// CHECK-NEXT: scf.yield [[V3]] : index
// CHECK-NEXT: }
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = memref.load [[V0]][[[C0]]] : memref<?xindex>
// CHECK-NEXT: memref.dealloc [[V0]] : memref<?xindex>
// CHECK-NEXT: return [[V1]] : index

// CHECK-LABEL: func.func @no_hoist_while_capture(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.while : () -> memref<1xindex> {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<1xindex>
// CHECK-NEXT: func.call @capture([[ALLOC]]) : (memref<1xindex>) -> ()
// CHECK-NEXT: scf.condition(%arg0) [[ALLOC]] : memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<1xindex>):
// CHECK-NEXT: memref.dealloc %arg1 : memref<1xindex>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V0]] : memref<1xindex>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @no_hoist_while_alloca(
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.while : () -> memref<1xindex> {
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca() : memref<1xindex>
// CHECK-NEXT: scf.condition(%arg0) [[ALLOCA]] : memref<1xindex>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: memref<1xindex>):
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
