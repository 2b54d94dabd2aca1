// Upstream-derived inputs (Inputs/ownership-invalid.mlir, modeled on invalid-buffer-deallocation.mlir, invalid-buffer-deallocation-reentrant.mlir and misc-other.mlir) through
// builtin.module(func.func(bufrs-buffer-deallocation)).
// CHECK lines generated from the output and judged correct by reading (every heap
// buffer freed once on every path, no use after free, no free of an argument);
// ERR lines: functions refused with a diagnostic (see FINDINGS.md).

// RUN: not %bufrs-opt -allow-unregistered-dialect -split-input-file %S/Inputs/ownership-invalid.mlir --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err

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

// ERR: {{.*}}ownership-invalid.mlir:10:8: error: bufrs-buffer-deallocation: 'memref.realloc' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)

