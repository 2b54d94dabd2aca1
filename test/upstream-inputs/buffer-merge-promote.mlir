// Upstream-derived inputs (see Inputs/buffer-merge.mlir for the source file) through
// builtin.module(func.func(bufrs-promote-buffers-to-stack)). Functions FINDINGS.md lists as refused have no CHECK lines;
// every other function has. CHECK lines generated from output judged correct by reading.

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/buffer-merge.mlir --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s

// CHECK-LABEL: func.func @mlp(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs([[ALLOC]] : memref<128x128xf32>)
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins([[ALLOC]], %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs([[ALLOC_0]] : memref<128x128xf32>)
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins([[ALLOC_0]], %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs([[ALLOC_1]] : memref<128x128xf32>)
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK-NEXT: linalg.matmul ins([[ALLOC_1]], %arg1 : memref<128x128xf32>, memref<128x128xf32>) outs([[ALLOC_2]] : memref<128x128xf32>)
// CHECK-NEXT: return [[ALLOC_2]] : memref<128x128xf32>

// CHECK-LABEL: func.func @basic(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC_0]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC_1]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC_0]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC_2]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: return [[ALLOC]] : memref<8x64xf32>

// CHECK-LABEL: func.func @different_size_and_dtype(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<64xf32>
// CHECK-NEXT: "test.source"([[ALLOC_0]]) : (memref<64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2x2x32xf64>
// CHECK-NEXT: "test.source"([[ALLOC_1]]) : (memref<2x2x32xf64>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2x4x32xf64>
// CHECK-NEXT: "test.source"([[ALLOC_2]]) : (memref<2x4x32xf64>) -> ()
// CHECK-NEXT: return

// CHECK-LABEL: func.func @withloop(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: [[C0:%[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: [[C1:%[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: [[C5:%[a-zA-Z0-9_]+]] = arith.constant 5 : index
// CHECK-NEXT: scf.for %arg0 = [[C0]] to [[C5]] step [[C1]] {
// CHECK-NEXT: "test.source"([[ALLOC]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC_0]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC_1]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC_2]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @different_mem_space(
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: "test.source"([[ALLOC]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<4x64xf32, #gpu.address_space<private>>
// CHECK-NEXT: "test.source"([[ALLOC_1]]) : (memref<4x64xf32, #gpu.address_space<private>>) -> ()
// CHECK-NEXT: [[ALLOC_2:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<64xf32, #gpu.address_space<private>>
// CHECK-NEXT: "test.source"([[ALLOC_2]]) : (memref<64xf32, #gpu.address_space<private>>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC_1]]) : (memref<4x64xf32, #gpu.address_space<private>>) -> ()
// CHECK-NEXT: [[ALLOC_3:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<8x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: [[ALLOC_4:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<6x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: "test.source"([[ALLOC_4]]) : (memref<6x64xf32, #gpu.address_space<workgroup>>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC_3]]) : (memref<8x64xf32, #gpu.address_space<workgroup>>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC_4]]) : (memref<6x64xf32, #gpu.address_space<workgroup>>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC_0]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: "test.source"([[ALLOC]]) : (memref<8x64xf32>) -> ()
// CHECK-NEXT: return
