// Stack scopes whose arena could save no byte are left exactly as they
// were, and report=true still says why for each. Without a report,
// merge-alloc rules these scopes out before building its analyses (two
// allocas used at the same op live together; buffers whose sizes sum to
// at most one alignment unit take a unit each), so this pins that the
// shortcut leaves the same IR and that the remarks, which need the
// analyses, are still emitted. @disjoint, whose allocas of 128 bytes do
// not overlap, still shares one arena.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack report=true}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack report=true}))' -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @overlapping(
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<32xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloca() : memref<32xf32>
// CHECK-NEXT:    memref.store %arg1, %[[A]][%arg0] : memref<32xf32>
// CHECK-NEXT:    memref.store %arg1, %[[B]][%arg0] : memref<32xf32>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[A]][%arg0] : memref<32xf32>
// CHECK-NEXT:    return %[[X]] : f32
// CHECK-NEXT:  }
// expected-remark @below {{bufrs-merge-alloc: scope @overlapping (stack): not merged: no byte saved (256 bytes before, 256 bytes after)}}
func.func @overlapping(%i: index, %v: f32) -> f32 {
  %a = memref.alloca() : memref<32xf32>
  %b = memref.alloca() : memref<32xf32>
  memref.store %v, %a[%i] : memref<32xf32>
  memref.store %v, %b[%i] : memref<32xf32>
  %x = memref.load %a[%i] : memref<32xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @small(
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    memref.store %arg1, %[[A]][%arg0] : memref<4xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloca() : memref<8xf32>
// CHECK-NEXT:    memref.store %arg1, %[[B]][%arg0] : memref<8xf32>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[B]][%arg0] : memref<8xf32>
// CHECK-NEXT:    return %[[X]] : f32
// CHECK-NEXT:  }
// expected-remark @below {{bufrs-merge-alloc: scope @small (stack): not merged: no byte saved (48 bytes before, 64 bytes after)}}
func.func @small(%i: index, %v: f32) -> f32 {
  %a = memref.alloca() : memref<4xf32>
  memref.store %v, %a[%i] : memref<4xf32>
  %b = memref.alloca() : memref<8xf32>
  memref.store %v, %b[%i] : memref<8xf32>
  %x = memref.load %b[%i] : memref<8xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @disjoint(
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[S]][%[[O1]]][] : memref<128xi8> to memref<32xf32>
// CHECK-NEXT:    memref.store %arg1, %[[A]][%arg0] : memref<32xf32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[S]][%[[O2]]][] : memref<128xi8> to memref<32xf32>
// CHECK-NEXT:    memref.store %arg1, %[[B]][%arg0] : memref<32xf32>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[B]][%arg0] : memref<32xf32>
// CHECK-NEXT:    return %[[X]] : f32
// CHECK-NEXT:  }
// expected-remark @below {{bufrs-merge-alloc: scope @disjoint (stack): 2 buffers merged, 256 bytes before, 128 bytes after}}
func.func @disjoint(%i: index, %v: f32) -> f32 {
  %a = memref.alloca() : memref<32xf32>
  memref.store %v, %a[%i] : memref<32xf32>
  %b = memref.alloca() : memref<32xf32>
  memref.store %v, %b[%i] : memref<32xf32>
  %x = memref.load %b[%i] : memref<32xf32>
  return %x : f32
}
