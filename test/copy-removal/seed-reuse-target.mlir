// Seed 002 (002_b75d21ac1bbf7e7d.txt, "CopyRemoval Pass",
// "Reusing the Target Buffer of the Copy Operation", @reuseTarget): the
// linalg.generic writes %result directly; %temp, the copy and the dealloc go.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s

#map0 = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @reuseTarget
// CHECK-SAME:    (%[[ARG0:.*]]: memref<2xf32>, %[[RESULT:.*]]: memref<2xf32>)
// CHECK-NEXT:    linalg.generic
// CHECK-SAME:      ins(%[[ARG0]] : memref<2xf32>) outs(%[[RESULT]] : memref<2xf32>)
// CHECK:         }
// CHECK-NEXT:    return
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {
    indexing_maps = [#map0, #map0],
    iterator_types = ["parallel"]} ins(%arg0 : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    linalg.yield %tmp2 : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}
