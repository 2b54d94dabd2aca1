// Upstream-derived inputs (Inputs/ownership-invalid.mlir, modeled on invalid-buffer-deallocation.mlir, invalid-buffer-deallocation-reentrant.mlir and misc-other.mlir) through
// builtin.module(bufrs-deallocation-pipeline{keep-clones=true}).
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument).
// Every function is accepted (bufferization.dealloc in the input is left to
// free what it frees).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-invalid.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @free_effect_realloc(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: [[C2:%[a-zA-Z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: [[C4:%[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi ult, [[C2]], [[C4]] : index
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = scf.if [[V0]] -> (memref<4xi32>) {
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4xi32>
// CHECK-NEXT: [[SUBVIEW:%[a-zA-Z0-9_]+]] = memref.subview [[ALLOC_0]][0] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1]>>
// CHECK-NEXT: memref.copy [[ALLOC]], [[SUBVIEW]] : memref<2xi32> to memref<2xi32, strided<[1]>>
// CHECK-NEXT: scf.yield [[ALLOC_0]] : memref<4xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT: [[REINTERPRET_CAST:%[a-zA-Z0-9_]+]] = memref.reinterpret_cast [[ALLOC]] to offset: [0], sizes: [4], strides: [1] : memref<2xi32> to memref<4xi32>
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = bufferization.clone [[REINTERPRET_CAST]] : memref<4xi32> to memref<4xi32>
// CHECK-NEXT: scf.yield [[V2]] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc [[V1]] : memref<4xi32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @free_effect_dealloc(
// CHECK-SAME: )
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @free_effect_bufferization_dealloc(
// CHECK-SAME: )
// CHECK-NEXT: [[TRUE:%[a-zA-Z0-9_]+]] = arith.constant true
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: bufferization.dealloc ([[ALLOC]] : memref<2xi32>) if ([[TRUE]])
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @func_with_assert(
// CHECK-SAME: %arg0: index, %arg1: index)
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.cmpi slt, %arg0, %arg1 : index
// CHECK-NEXT: cf.assert [[V0]], "i must be less than j"
// CHECK-NEXT: return
// CHECK-NEXT: }


