// The seed's MLP (seed 003, "Merge-alloc pass"): four matmuls; %a0, %b0 and
// %c0 are temporaries, %d0 is returned. %a0 and %b0 live together, %c0 only
// with %b0, so two 65536-byte slots suffice: one 131072-byte buffer with
// %a0 and %c0 at offset 0 and %b0 at 65536, exactly as the seed shows. The
// returned buffer is untouched. The seed's chunk-list planner (free-chunk),
// the default planner and the search within a small budget agree here.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{planner=free-chunk}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{planner=search search-budget-ms=5}))' | FileCheck %s

// CHECK-LABEL: func.func @mlp(
// CHECK-SAME:      %[[X:.*]]: memref<128x128xf32>, %[[Y:.*]]: memref<128x128xf32>)
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A0:.*]] = memref.view %[[M]][%[[O1]]][] : memref<131072xi8> to memref<128x128xf32>
// CHECK-NEXT:    linalg.matmul ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[A0]] : memref<128x128xf32>)
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 65536 : index
// CHECK-NEXT:    %[[B0:.*]] = memref.view %[[M]][%[[O2]]][] : memref<131072xi8> to memref<128x128xf32>
// CHECK-NEXT:    linalg.matmul ins(%[[A0]], %[[Y]] : {{.*}}) outs(%[[B0]] : memref<128x128xf32>)
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C0:.*]] = memref.view %[[M]][%[[O3]]][] : memref<131072xi8> to memref<128x128xf32>
// CHECK-NEXT:    linalg.matmul ins(%[[B0]], %[[Y]] : {{.*}}) outs(%[[C0]] : memref<128x128xf32>)
// CHECK-NEXT:    %[[D0:.*]] = memref.alloc() : memref<128x128xf32>
// CHECK-NEXT:    linalg.matmul ins(%[[C0]], %[[Y]] : {{.*}}) outs(%[[D0]] : memref<128x128xf32>)
// CHECK-NEXT:    return %[[D0]] : memref<128x128xf32>
// CHECK-NEXT:  }
func.func @mlp(%x: memref<128x128xf32>, %y: memref<128x128xf32>) -> memref<128x128xf32> {
  %a0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%x, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%a0: memref<128x128xf32>)
  %b0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%a0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%b0: memref<128x128xf32>)
  %c0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%b0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%c0: memref<128x128xf32>)
  %d0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%c0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%d0: memref<128x128xf32>)
  return %d0 : memref<128x128xf32>
}
