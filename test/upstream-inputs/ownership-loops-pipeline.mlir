// Upstream-derived inputs (Inputs/ownership-loops.mlir, modeled on dealloc-loops.mlir) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}).
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-loops.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func private @loop_with_realloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: index, %arg5: index) -> (memref<?xf32>, memref<?xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg4) : memref<?xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg4) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]]:2 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = [[ALLOC]], %arg8 = [[ALLOC_0]]) -> (memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[DIM:%[a-zA-Z0-9_]+]] = memref.dim %arg7, [[C0]] : memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[DIM]], %arg5 : index
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.if [[V1]] -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_3:%[a-zA-Z0-9_]+]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC_3]][0] [[[DIM]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg7, [[SUBVIEW]] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC_3]] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST:%[a-zA-Z0-9_]+]] = memref.reinterpret_cast %arg7 to offset: [0], sizes: [%arg5], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = bufferization.clone [[REINTERPRET_CAST]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: scf.yield [[V5]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %arg7 : memref<?xf32>
// CHECK-NEXT: [[C0_1:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[DIM_2:%[a-zA-Z0-9_]+]] = memref.dim %arg8, [[C0_1]] : memref<?xf32>
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[DIM_2]], %arg5 : index
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = scf.if [[V3]] -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_3]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NEXT: [[SUBVIEW]] = memref.subview [[ALLOC_3]][0] [[[DIM_2]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg8, [[SUBVIEW]] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC_3]] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST]] = memref.reinterpret_cast %arg8 to offset: [0], sizes: [%arg5], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V5]] = bufferization.clone [[REINTERPRET_CAST]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: scf.yield [[V5]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %arg8 : memref<?xf32>
// CHECK-NEXT: scf.yield [[V2]], [[V4]] : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]]#0, [[V0]]#1 : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @swapping_loop_with_realloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: index, %arg5: index) -> (memref<?xf32>, memref<?xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg4) : memref<?xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg4) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]]:2 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = [[ALLOC]], %arg8 = [[ALLOC_0]]) -> (memref<?xf32>, memref<?xf32>) {
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[DIM:%[a-zA-Z0-9_]+]] = memref.dim %arg7, [[C0]] : memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[DIM]], %arg5 : index
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.if [[V1]] -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_3:%[a-zA-Z0-9_]+]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC_3]][0] [[[DIM]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg7, [[SUBVIEW]] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC_3]] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST:%[a-zA-Z0-9_]+]] = memref.reinterpret_cast %arg7 to offset: [0], sizes: [%arg5], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = bufferization.clone [[REINTERPRET_CAST]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: scf.yield [[V5]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %arg7 : memref<?xf32>
// CHECK-NEXT: [[C0_1:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[DIM_2:%[a-zA-Z0-9_]+]] = memref.dim %arg8, [[C0_1]] : memref<?xf32>
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[DIM_2]], %arg5 : index
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = scf.if [[V3]] -> (memref<?xf32>) {
// CHECK-NEXT: [[ALLOC_3]] = memref.alloc(%arg5) : memref<?xf32>
// CHECK-NEXT: [[SUBVIEW]] = memref.subview [[ALLOC_3]][0] [[[DIM_2]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg8, [[SUBVIEW]] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC_3]] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST]] = memref.reinterpret_cast %arg8 to offset: [0], sizes: [%arg5], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V5]] = bufferization.clone [[REINTERPRET_CAST]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: scf.yield [[V5]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %arg8 : memref<?xf32>
// CHECK-NEXT: scf.yield [[V4]], [[V2]] : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]]#0, [[V0]]#1 : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: }

