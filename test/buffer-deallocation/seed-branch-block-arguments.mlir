// Seeds 000 and 002, "Introduction of Clones": @branch, @condBranchDynamicType
// and @condBranchDynamicTypeNested (002 in old syntax; here in today's), and
// seed 000's @mixedAllocation. Where the seeds clone an owned buffer into a
// critical block argument and free the original right after, bufrs moves the
// buffer instead (what clone canonicalization makes of the seeds' output);
// buffers the function does not own (arguments, allocas) are cloned when the
// join is critical.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @branch
// CHECK:         %[[A0:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^[[BB1:.*]], ^[[BB2:.*]]
// CHECK:       ^[[BB1]]:
// CHECK-NEXT:    memref.dealloc %[[A0]]
// CHECK-NEXT:    %[[A1:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.br ^[[BB3:.*]](%[[A1]] : memref<2xf32>)
// CHECK:       ^[[BB2]]:
// CHECK-NEXT:    memref.copy %[[A0]], %{{.*}}
// CHECK-NEXT:    cf.br ^[[BB3]](%[[A0]] : memref<2xf32>)
// CHECK:       ^[[BB3]](%[[J:.*]]: memref<2xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[J]]
// CHECK-NEXT:    return
// CHECK-NOT:   bufferization.clone
func.func @branch(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.copy %2, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// The argument is cloned on its way into the critical ^bb3 argument; the
// dynamically sized clone takes its size from the source.
// CHECK-LABEL: func.func @condBranchDynamicType
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    cf.br ^bb3(%[[C]] : memref<?xf32>)
// CHECK:       ^bb2(%[[N:.*]]: index):
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %arg1, %[[A]]
// CHECK-NEXT:    cf.br ^bb3(%[[A]] : memref<?xf32>)
// CHECK:       ^bb3(%[[J:.*]]: memref<?xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %arg2
// CHECK-NEXT:    memref.dealloc %[[J]] : memref<?xf32>
// CHECK-NEXT:    return
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// %2 (^bb5) is a non-critical alias of %1; %3 (^bb6) is critical (it may be
// %arg1 or %1); %4 (^bb7) is a non-critical alias of %3, so %3 is freed
// after %4's last use, as in seed 002. Where the seed clones %2 into %3 and
// frees %1, bufrs hands %1 over through its exact alias %2: no copy.
// CHECK-LABEL: func.func @condBranchDynamicTypeNested
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[C0:.*]] = bufferization.clone %arg1
// CHECK-NEXT:    cf.br ^bb6(%[[C0]] : memref<?xf32>)
// CHECK:       ^bb2(%{{.*}}: index):
// CHECK-NEXT:    %[[A:.*]] = memref.alloc
// CHECK:       ^bb3:
// CHECK-NEXT:    cf.br ^bb5(%[[A]] : memref<?xf32>)
// CHECK:       ^bb4:
// CHECK-NEXT:    cf.br ^bb5(%[[A]] : memref<?xf32>)
// CHECK:       ^bb5(%[[B5:.*]]: memref<?xf32>):
// CHECK-NEXT:    cf.br ^bb6(%[[B5]] : memref<?xf32>)
// CHECK:       ^bb6(%[[B6:.*]]: memref<?xf32>):
// CHECK-NEXT:    cf.br ^bb7(%[[B6]] : memref<?xf32>)
// CHECK:       ^bb7(%[[B7:.*]]: memref<?xf32>):
// CHECK-NEXT:    memref.copy %[[B7]], %arg2
// CHECK-NEXT:    memref.dealloc %[[B6]] : memref<?xf32>
// CHECK-NEXT:    return
// CHECK-NOT:     memref.dealloc
func.func @condBranchDynamicTypeNested(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Seed 000 @mixedAllocation: the alloca is not owned and the alloc dominates
// the join, so the join is a mere alias of both: where the seed clones, bufrs
// copies nothing and frees the alloc after the join's last use.
// CHECK-LABEL: func.func @mixedAllocation
// CHECK:         %[[S:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[S]] : memref<2xf32>)
// CHECK:       ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[H]] : memref<2xf32>)
// CHECK:       ^bb3(%[[J:.*]]: memref<2xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %arg1
// CHECK-NEXT:    memref.dealloc %[[H]]
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @mixedAllocation(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.copy %2, %out : memref<2xf32> to memref<2xf32>
  return
}
