// A function that already frees with bufferization.dealloc is freed as the
// clone-based pass frees it: the buffers the existing dealloc frees are left
// to it, the others get a memref.dealloc after their last use. So the memory
// pipeline, whose deallocation is the ownership-based pass, accepts what
// bufrs-deallocation-pipeline accepts. With private-function-dynamic-ownership
// the function's boundary flags need the ownership-based plan, and the input
// is refused at the existing dealloc.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote=false})' | FileCheck %s --check-prefix=MEMORY
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote=false},func.func(bufrs-verify-deallocation))' -o /dev/null
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true})' -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @frees_one_already(
// CHECK-SAME: %[[KEEP:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[C:.*]] = arith.constant true
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[B]][%[[C0]]] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT: bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[C]]) retain (%[[KEEP]] : memref<4xf32>)
// CHECK-NEXT: return %[[V]] : f32

// The flag the existing dealloc took goes with it: the output holds no dead
// constant.
// MEMORY-LABEL: func.func @frees_one_already(
// MEMORY-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// MEMORY-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// MEMORY-NEXT: %[[C0:.*]] = arith.constant 0 : index
// MEMORY-NEXT: %[[V:.*]] = memref.load %[[B]][%[[C0]]]
// MEMORY-NEXT: memref.dealloc %[[B]] : memref<4xf32>
// MEMORY-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// MEMORY-NEXT: return %[[V]] : f32
func.func @frees_one_already(%keep: memref<4xf32>) -> f32 {
  %c = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32>
  // expected-error @below {{bufrs-ownership-based-buffer-deallocation: 'bufferization.dealloc' is ownership-based deallocation; run this pass on IR without it}}
  %r = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%keep : memref<4xf32>)
  return %v : f32
}
