// Seed 004's LayoutSlices example through the memref pass: four transients
// of 40, 4, 40 and 4 bytes, live over [0,2] [1,2] [2,4] [3,4] in IREE's
// ticks (here %a, %b, %c live together, then %c with %d), 64-byte
// alignment: one 192-byte allocation with the slices at 0, 64, 128 and 0,
// as IREE lays them out. Padding makes the arena larger than the 88 bytes
// of the buffers, so only dynamic=true (every transient in the scope's one
// allocation, as PackAllocations does) packs it; the default mode leaves it.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true planner=best-fit-start}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s --check-prefix=STATIC

// CHECK-LABEL: func.func @iree_slices(
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[M]][%[[O0]]][] : memref<192xi8> to memref<10xf32>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[M]][%[[O1]]][] : memref<192xi8> to memref<1xf32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[M]][%[[O2]]][] : memref<192xi8> to memref<10xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    memref.store %{{.*}}, %[[B]]
// CHECK-NEXT:    memref.store %{{.*}}, %[[C]]
// CHECK-NEXT:    memref.load %[[A]]
// CHECK-NEXT:    memref.load %[[B]]
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.view %[[M]][%[[O3]]][] : memref<192xi8> to memref<1xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[D]]
// CHECK-NEXT:    memref.load %[[C]]
// CHECK-NEXT:    memref.load %[[D]]
// CHECK-NEXT:    return

// STATIC-LABEL: func.func @iree_slices(
// STATIC-NEXT:    memref.alloc() : memref<10xf32>
// STATIC-NEXT:    memref.alloc() : memref<1xf32>
// STATIC-NEXT:    memref.alloc() : memref<10xf32>
// STATIC-NOT:     memref.view
func.func @iree_slices(%i: index, %f: f32) {
  %a = memref.alloc() : memref<10xf32>
  %b = memref.alloc() : memref<1xf32>
  %c = memref.alloc() : memref<10xf32>
  memref.store %f, %a[%i] : memref<10xf32>
  memref.store %f, %b[%i] : memref<1xf32>
  memref.store %f, %c[%i] : memref<10xf32>
  %x = memref.load %a[%i] : memref<10xf32>
  %y = memref.load %b[%i] : memref<1xf32>
  %d = memref.alloc() : memref<1xf32>
  memref.store %f, %d[%i] : memref<1xf32>
  %z = memref.load %c[%i] : memref<10xf32>
  %w = memref.load %d[%i] : memref<1xf32>
  return
}
