// Rank limit: rank 1 by default; max-rank-of-allocated-memref raises it.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s --check-prefix=DEFAULT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-rank-of-allocated-memref=2}))' | FileCheck %s --check-prefix=RANK2
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-rank-of-allocated-memref=0}))' | FileCheck %s --check-prefix=RANK0

// DEFAULT:      memref.alloca() : memref<f32>
// DEFAULT-NEXT: memref.alloca() : memref<4xf32>
// DEFAULT-NEXT: memref.alloc() : memref<2x2xf32>
// DEFAULT-NEXT: memref.alloc() : memref<2x2x2xf32>
// RANK2:        memref.alloca() : memref<f32>
// RANK2-NEXT:   memref.alloca() : memref<4xf32>
// RANK2-NEXT:   memref.alloca() : memref<2x2xf32>
// RANK2-NEXT:   memref.alloc() : memref<2x2x2xf32>
// RANK0:        memref.alloca() : memref<f32>
// RANK0-NEXT:   memref.alloc() : memref<4xf32>
// RANK0-NEXT:   memref.alloc() : memref<2x2xf32>
// RANK0-NEXT:   memref.alloc() : memref<2x2x2xf32>
func.func @ranks() {
  %0 = memref.alloc() : memref<f32>
  %1 = memref.alloc() : memref<4xf32>
  %2 = memref.alloc() : memref<2x2xf32>
  %3 = memref.alloc() : memref<2x2x2xf32>
  return
}
