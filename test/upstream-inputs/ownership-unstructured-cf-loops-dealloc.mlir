// Upstream-derived inputs (Inputs/ownership-unstructured-cf-loops.mlir, modeled on dealloc-unstructured-cf-loops.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-unstructured-cf-loops.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-unstructured-cf-loops.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func private @infinite_loop(
// CHECK-SAME: %arg0: memref<2xi32>) -> memref<2xi32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg0 : memref<2xi32> to memref<2xi32>
// CHECK-NEXT: cf.br ^bb1([[V0]] : memref<2xi32>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: memref<2xi32>):
// CHECK-NEXT: memref.dealloc [[V1]] : memref<2xi32>
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: cf.br ^bb1([[ALLOC]] : memref<2xi32>)
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @simple_for_loop(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.memref_user"([[ALLOC]]) : (memref<2xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb1(%arg0, [[V0]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: index, [[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V1]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V3]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = arith.cmpi eq, [[V1]], %arg1 : index
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = arith.addi [[V1]], %arg2 : index
// CHECK-NEXT: cf.br ^bb1([[V5]], [[ALLOC_0]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: test.copy([[V2]], %arg4) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @loop_nested_if_no_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.br ^bb1(%arg0, %arg3 : index, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: index, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V2:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V0]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V2]], ^bb2, ^bb7
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi eq, [[V0]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V3]], ^bb3, ^bb4
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: cf.br ^bb5([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: cf.br ^bb5([[V1]] : memref<2xf32>)
// CHECK-NEXT: ^bb5([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = arith.addi [[V0]], %arg2 : index
// CHECK-NEXT: cf.br ^bb1([[V5]], [[V4]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: test.copy([[V1]], %arg4) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @loop_nested_if_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb1(%arg0, [[V0]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: index, [[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V1]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V3]], ^bb2, ^bb7
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: [[V4:%[a-zA-Z0-9_]+]] = arith.cmpi eq, [[V1]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V4]], ^bb3, ^bb4
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.br ^bb5([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb5([[V5]] : memref<2xf32>)
// CHECK-NEXT: ^bb5([[V6:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: [[V7:%[a-zA-Z0-9_]+]] = arith.addi [[V1]], %arg2 : index
// CHECK-NEXT: cf.br ^bb1([[V7]], [[V6]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return [[V2]] : memref<2xf32>
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @nested_loop_with_alloc(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.memref_user"([[ALLOC]]) : (memref<2xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg3 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb1(%arg0, [[V0]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: index, [[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V3:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V1]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V3]], ^bb2, ^bb13
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb3(%arg0, [[V2]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: index, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V6:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V4]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V6]], ^bb4, ^bb12
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: cf.br ^bb5(%arg0, [[V5]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb5([[V7:%[a-zA-Z0-9_]+]]: index, [[V8:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V9:%[a-zA-Z0-9_]+]] = arith.cmpi slt, [[V7]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V9]], ^bb6, ^bb11
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: "test.memref_user"([[ALLOC_0]]) : (memref<2xf32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: [[V10:%[a-zA-Z0-9_]+]] = arith.cmpi eq, [[V1]], %arg1 : index
// CHECK-NEXT: cf.cond_br [[V10]], ^bb7, ^bb8
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: memref.dealloc [[V8]] : memref<2xf32>
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.br ^bb9([[ALLOC_1]] : memref<2xf32>)
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: cf.br ^bb9([[V8]] : memref<2xf32>)
// CHECK-NEXT: ^bb9([[V11:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb10
// CHECK-NEXT: ^bb10:
// CHECK-NEXT: [[V12:%[a-zA-Z0-9_]+]] = arith.addi [[V7]], %arg2 : index
// CHECK-NEXT: cf.br ^bb5([[V12]], [[V11]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb11:
// CHECK-NEXT: [[V13:%[a-zA-Z0-9_]+]] = arith.addi [[V4]], %arg2 : index
// CHECK-NEXT: cf.br ^bb3([[V13]], [[V8]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb12:
// CHECK-NEXT: [[V14:%[a-zA-Z0-9_]+]] = arith.addi [[V1]], %arg2 : index
// CHECK-NEXT: cf.br ^bb1([[V14]], [[V5]] : index, memref<2xf32>)
// CHECK-NEXT: ^bb13:
// CHECK-NEXT: test.copy([[V2]], %arg4) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @while_loop(
// CHECK-SAME: %arg0: index)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[ALLOC]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb1([[ALLOC]], [[V0]], [[V1]] : memref<?xf32>, memref<?xf32>, memref<?xf32>)
// CHECK-NEXT: ^bb1([[V2:%[a-zA-Z0-9_]+]]: memref<?xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<?xf32>, [[V4:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: [[V5:%[a-zA-Z0-9_]+]] = "test.make_condition"() : () -> i1
// CHECK-NEXT: memref.dealloc [[V2]] : memref<?xf32>
// CHECK-NEXT: memref.dealloc [[V4]] : memref<?xf32>
// CHECK-NEXT: cf.cond_br [[V5]], ^bb2([[V2]], [[V3]], [[V4]] : memref<?xf32>, memref<?xf32>, memref<?xf32>), ^bb3
// CHECK-NEXT: ^bb2([[V6:%[a-zA-Z0-9_]+]]: memref<?xf32>, [[V7:%[a-zA-Z0-9_]+]]: memref<?xf32>, [[V8:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: [[ALLOC_1:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: cf.br ^bb1([[ALLOC_1]], [[ALLOC_0]], [[V7]] : memref<?xf32>, memref<?xf32>, memref<?xf32>)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: memref.dealloc [[V3]] : memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

