// Upstream-derived inputs (Inputs/ownership-branchop.mlir, modeled on dealloc-branchop-interface.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)) and builtin.module(bufrs-deallocation-pipeline{keep-clones=true}),
// whose outputs are identical.
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-branchop.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-branchop.mlir --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s

// CHECK-LABEL: func.func @condBranch(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : memref<2xf32>), ^bb2
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V1]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy([[V2]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @condBranchDynamicType(
// CHECK-SAME: %arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : memref<?xf32>), ^bb2(%arg3 : index)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb3([[V1]] : memref<?xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V2]]) : memref<?xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<?xf32>) out([[ALLOC]] : memref<?xf32>)
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<?xf32>)
// CHECK-NEXT: ^bb3([[V3:%[a-zA-Z0-9_]+]]: memref<?xf32>):
// CHECK-NEXT: test.copy([[V3]], %arg2) : (memref<?xf32>, memref<?xf32>)
// CHECK-NEXT: memref.dealloc [[V3]] : memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @condBranchUnrankedType(
// CHECK-SAME: %arg0: i1, %arg1: memref<*xf32>, %arg2: memref<*xf32>, %arg3: index)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : memref<*xf32>), ^bb2(%arg3 : index)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<*xf32>):
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: cf.br ^bb3([[V1]] : memref<*xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V2]]) : memref<?xf32>
// CHECK-NEXT: [[CAST:%[a-zA-Z0-9_]+]] = memref.cast [[ALLOC]] : memref<?xf32> to memref<*xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<*xf32>) out([[CAST]] : memref<*xf32>)
// CHECK-NEXT: cf.br ^bb3([[CAST]] : memref<*xf32>)
// CHECK-NEXT: ^bb3([[V3:%[a-zA-Z0-9_]+]]: memref<*xf32>):
// CHECK-NEXT: test.copy([[V3]], %arg2) : (memref<*xf32>, memref<*xf32>)
// CHECK-NEXT: memref.dealloc [[V3]] : memref<*xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @condBranchDynamicTypeNested(
// CHECK-SAME: %arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: cf.br ^bb6([[V0]] : memref<?xf32>)
// CHECK-NEXT: ^bb2([[V1:%[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc([[V1]]) : memref<?xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<?xf32>) out([[ALLOC]] : memref<?xf32>)
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
// CHECK-NEXT: test.copy([[V4]], %arg2) : (memref<?xf32>, memref<?xf32>)
// CHECK-NEXT: memref.dealloc [[V3]] : memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @criticalEdge(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb2, ^bb1(%arg1 : memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[V1:%[a-zA-Z0-9_]+]] = bufferization.clone [[V0]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V1]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy([[V2]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V2]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @invCriticalEdge(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : memref<2xf32>)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb2([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb2([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy([[V0]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @ifElse(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOC]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOC]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb3([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: cf.br ^bb3([[V2]], [[V3]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in([[V4]] : memref<2xf32>) out([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: test.copy([[ALLOC_0]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @ifElseNoUsers(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, [[ALLOC]] : memref<2xf32>, memref<2xf32>), ^bb2([[ALLOC]], %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb1([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V1:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V0]], [[V1]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb2([[V2:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V3:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: cf.br ^bb3([[V2]], [[V3]] : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: ^bb3([[V4:%[a-zA-Z0-9_]+]]: memref<2xf32>, [[V5:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy(%arg1, %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @ifElseNested(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
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
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in([[V6]] : memref<2xf32>) out([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xf32>
// CHECK-NEXT: test.copy([[ALLOC_0]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @moving_alloc_and_inserting_missing_dealloc(
// CHECK-SAME: %arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: cf.br ^bb3([[ALLOC]] : memref<2xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.buffer_based in([[ALLOC_0]] : memref<2xf32>) out(%arg1 : memref<2xf32>)
// CHECK-NEXT: cf.br ^bb3([[ALLOC_0]] : memref<2xf32>)
// CHECK-NEXT: ^bb3([[V0:%[a-zA-Z0-9_]+]]: memref<2xf32>):
// CHECK-NEXT: test.copy([[V0]], %arg2) : (memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: memref.dealloc [[V0]] : memref<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @select_aliases(
// CHECK-SAME: %arg0: index, %arg1: memref<?xi8>, %arg2: i1)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT: [[ALLOC_0:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.select %arg2, [[ALLOC]], [[ALLOC_0]] : memref<?xi8>
// CHECK-NEXT: test.copy([[V0]], %arg1) : (memref<?xi8>, memref<?xi8>)
// CHECK-NEXT: memref.dealloc [[ALLOC_0]] : memref<?xi8>
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xi8>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @select_aliases_not_same_ownership(
// CHECK-SAME: %arg0: index, %arg1: memref<?xi8>, %arg2: i1)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca(%arg0) : memref<?xi8>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.select %arg2, [[ALLOC]], [[ALLOCA]] : memref<?xi8>
// CHECK-NEXT: cf.br ^bb1([[V0]] : memref<?xi8>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: memref<?xi8>):
// CHECK-NEXT: test.copy([[V1]], %arg1) : (memref<?xi8>, memref<?xi8>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xi8>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @select_captured_in_next_block(
// CHECK-SAME: %arg0: index, %arg1: memref<?xi8>, %arg2: i1, %arg3: i1)
// CHECK-NEXT: [[ALLOC:%[a-zA-Z0-9_]+]] = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT: [[ALLOCA:%[a-zA-Z0-9_]+]] = memref.alloca(%arg0) : memref<?xi8>
// CHECK-NEXT: [[V0:%[a-zA-Z0-9_]+]] = arith.select %arg2, [[ALLOC]], [[ALLOCA]] : memref<?xi8>
// CHECK-NEXT: cf.cond_br %arg3, ^bb1([[ALLOC]] : memref<?xi8>), ^bb1(%arg1 : memref<?xi8>)
// CHECK-NEXT: ^bb1([[V1:%[a-zA-Z0-9_]+]]: memref<?xi8>):
// CHECK-NEXT: test.copy([[V1]], [[V0]]) : (memref<?xi8>, memref<?xi8>)
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<?xi8>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @blocks_not_preordered_by_dominance(
// CHECK-SAME: )
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.read_buffer"([[ALLOC:%[a-zA-Z0-9_]+]]) : (memref<2xi32>) -> ()
// CHECK-NEXT: memref.dealloc [[ALLOC]] : memref<2xi32>
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: [[ALLOC]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }

