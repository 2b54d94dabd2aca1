// Seed 000 (000_5e093e6bb24f38f9.txt, "Clone
// Canonicalization", "Canonicalization of the Source Buffer of the Clone
// Operation", @dynamic_allocation): the clone %2 is replaced by its source
// %1, whose dealloc goes with the clone. clones=false keeps them.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal{clones=false}))' | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @dynamic_allocation
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK-NEXT:    return %[[A]] : memref<?x?xf32>
// OFF-LABEL: func.func @dynamic_allocation
// OFF-NEXT:    memref.alloc
// OFF-NEXT:    bufferization.clone
// OFF-NEXT:    memref.dealloc
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %1 : memref<?x?xf32>
  return %2 : memref<?x?xf32>
}

// A clone that is only freed goes with its free.
// CHECK-LABEL: func.func @dead_clone
// CHECK-NEXT:    return
func.func @dead_clone(%arg0: memref<4xf32>) {
  %0 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// Seed 000, "Canonicalization of the Target Buffer of the Clone Operation"
// (@reuseTarget): the seed's example names the clone %result, which is also
// an argument (not valid SSA); well-formed, the clone of the freed %temp
// takes %temp's place, and the clone and the dealloc go.
#map0 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @reuseTarget
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    linalg.generic
// CHECK-SAME:      outs(%[[T]] : memref<2xf32>)
// CHECK:         }
// CHECK-NEXT:    return %[[T]] : memref<2xf32>
func.func @reuseTarget(%arg0: memref<2xf32>) -> memref<2xf32> {
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {
    indexing_maps = [#map0, #map0],
    iterator_types = ["parallel"]} ins(%arg0 : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    linalg.yield %tmp2 : f32
  }
  %result = bufferization.clone %temp : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return %result : memref<2xf32>
}
