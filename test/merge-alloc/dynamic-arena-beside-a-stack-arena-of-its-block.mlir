// In a scope of several blocks every arena goes to the scope block's entry.
// When the stack arena of that block is built first, its rewrite erases the
// allocas the block started with; the arena sized at run time is then built
// before the block's first op as the IR is now, not before an erased alloca
// (that crashed mlir-opt).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true classes=heap,stack}))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true classes=heap,stack}),bufrs-verify-deallocation)' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @stack_then_heap(
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[BYTES:.*]] = arith.muli %arg0, %[[C4]] : index
// CHECK-NEXT:    %[[HEAP:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[STACK:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S1:.*]] = memref.view %[[STACK]][%[[O1]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S2:.*]] = memref.view %[[STACK]][%[[O2]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store %arg1, %[[S1]][%[[C0]]] : memref<16xf32>
// CHECK-NEXT:    %[[V1:.*]] = memref.load %[[S1]][%[[C0]]] : memref<16xf32>
// CHECK-NEXT:    memref.store %[[V1]], %[[S2]][%[[C0]]] : memref<16xf32>
// CHECK-NEXT:    %[[V2:.*]] = memref.load %[[S2]][%[[C0]]] : memref<16xf32>
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[HEAP]][%[[O3]]][%arg0] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    memref.store %[[V2]], %[[A]][%[[C0]]] : memref<?xf32>
// CHECK-NEXT:    %[[V3:.*]] = memref.load %[[A]][%[[C0]]] : memref<?xf32>
// CHECK-NEXT:    %[[O4:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[HEAP]][%[[O4]]][%arg0] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    memref.store %[[V3]], %[[B]][%[[C0]]] : memref<?xf32>
// CHECK-NEXT:    %[[V4:.*]] = memref.load %[[B]][%[[C0]]] : memref<?xf32>
// CHECK-NEXT:    cf.cond_br %arg2, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.dealloc %[[HEAP]] : memref<?xi8>
// CHECK-NEXT:    return %[[V4]] : f32
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[W:.*]] = arith.addf %[[V4]], %[[V4]] : f32
// CHECK-NEXT:    memref.dealloc %[[HEAP]] : memref<?xi8>
// CHECK-NEXT:    return %[[W]] : f32
// CHECK-NEXT:  }
func.func @stack_then_heap(%n: index, %x: f32, %c: i1) -> f32 {
  %s1 = memref.alloca() : memref<16xf32>
  %s2 = memref.alloca() : memref<16xf32>
  %c0 = arith.constant 0 : index
  memref.store %x, %s1[%c0] : memref<16xf32>
  %v1 = memref.load %s1[%c0] : memref<16xf32>
  memref.store %v1, %s2[%c0] : memref<16xf32>
  %v2 = memref.load %s2[%c0] : memref<16xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %v2, %a[%c0] : memref<?xf32>
  %v3 = memref.load %a[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.store %v3, %b[%c0] : memref<?xf32>
  %v4 = memref.load %b[%c0] : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %v4 : f32
^bb2:
  %w = arith.addf %v4, %v4 : f32
  return %w : f32
}

// OUT:      1.5
// OUT-NEXT: 3
// OUT-NOT:  {{.}}

func.func private @bufrs_print_f32(f32)

func.func @run() {
  %n = arith.constant 5 : index
  %x = arith.constant 1.5 : f32
  %true = arith.constant true
  %false = arith.constant false
  %r1 = func.call @stack_then_heap(%n, %x, %true) : (index, f32, i1) -> f32
  func.call @bufrs_print_f32(%r1) : (f32) -> ()
  %r2 = func.call @stack_then_heap(%n, %x, %false) : (index, f32, i1) -> f32
  func.call @bufrs_print_f32(%r2) : (f32) -> ()
  return
}
