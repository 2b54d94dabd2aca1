// Seed 002 (002_b75d21ac1bbf7e7d.txt, "CopyRemoval Pass",
// "Reusing the Source Buffer of the Copy Operation", @dynamic_allocation):
// the copy %10 is replaced by its source %7; the copy, the allocation of %10
// and the dealloc of %7 go.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal{clones=false}))' | FileCheck %s

// CHECK-LABEL: func.func @dynamic_allocation
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK-NEXT:    arith.constant 0
// CHECK-NEXT:    memref.dim %[[A]]
// CHECK-NEXT:    arith.constant 1
// CHECK-NEXT:    memref.dim %[[A]]
// CHECK-NEXT:    return %[[A]] : memref<?x?xf32>
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %7 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %c0_0 = arith.constant 0 : index
  %8 = memref.dim %7, %c0_0 : memref<?x?xf32>
  %c1_1 = arith.constant 1 : index
  %9 = memref.dim %7, %c1_1 : memref<?x?xf32>
  %10 = memref.alloc(%8, %9) : memref<?x?xf32>
  linalg.copy ins(%7 : memref<?x?xf32>) outs(%10 : memref<?x?xf32>)
  memref.dealloc %7 : memref<?x?xf32>
  return %10 : memref<?x?xf32>
}
