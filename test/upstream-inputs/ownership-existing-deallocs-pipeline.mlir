// Upstream-derived inputs (Inputs/ownership-existing-deallocs.mlir, modeled on dealloc-existing-deallocs.mlir) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}).
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-existing-deallocs.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @auto_dealloc(
// CHECK-SAME: )
// CHECK-NEXT: [[C10:%[a-zA-Z0-9_]+]] = arith.constant 10 : index
// CHECK-NEXT: [[C100:%[a-zA-Z0-9_]+]] = arith.constant 100 : index
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[C10]]) : memref<?xi32>
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[DIM:%[a-zA-Z0-9_]+]] = memref.dim [[ALLOC]], [[C0]] : memref<?xi32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[DIM]], [[C100]] : index
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<?xi32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc([[C100]]) : memref<?xi32>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC_0]][0] [[[DIM]]] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
// CHECK-NEXT: memref.copy [[ALLOC]], [[SUBVIEW]] : memref<?xi32> to memref<?xi32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<?xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST:%[a-zA-Z0-9_]+]] = memref.reinterpret_cast [[ALLOC]] to offset: [0], sizes: [[[C100]]], strides: [1] : memref<?xi32> to memref<?xi32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = bufferization.clone [[REINTERPRET_CAST]] : memref<?xi32> to memref<?xi32>
// CHECK-NEXT: scf.yield [[V2]] : memref<?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xi32>
// CHECK-NEXT: "test.memref_user"([[V1]]) : (memref<?xi32>) -> ()
// CHECK-NEXT: memref.dealloc [[V1]] : memref<?xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @auto_dealloc_inside_nested_region(
// CHECK-SAME: %arg0: memref<?xi32>, %arg1: i1)
// CHECK-NEXT: [[C100:%[a-zA-Z0-9_]+]] = arith.constant 100 : index
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = scf.if %arg1 -> (memref<?xi32>) {
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[DIM:%[a-zA-Z0-9_]+]] = memref.dim %arg0, [[C0]] : memref<?xi32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[DIM]], [[C100]] : index
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = scf.if [[V1]] -> (memref<?xi32>) {
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[C100]]) : memref<?xi32>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC]][0] [[[DIM]]] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg0, [[SUBVIEW]] : memref<?xi32> to memref<?xi32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC]] : memref<?xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST:%[a-zA-Z0-9_]+]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [[[C100]]], strides: [1] : memref<?xi32> to memref<?xi32>
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = bufferization.clone [[REINTERPRET_CAST]] : memref<?xi32> to memref<?xi32>
// CHECK-NEXT: scf.yield [[V3]] : memref<?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V2]] : memref<?xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V1]] = bufferization.clone %arg0 : memref<?xi32> to memref<?xi32>
// CHECK-NEXT: scf.yield [[V1]] : memref<?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: "test.memref_user"([[V0]]) : (memref<?xi32>) -> ()
// CHECK-NEXT: memref.dealloc [[V0]] : memref<?xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }

