// A buffer that enters a loop as the initial value of a carried value (an
// iter_arg init) stays on the heap: a loop that yields another buffer frees
// the one it carried, and the deallocation would have to copy a stack buffer
// to the heap first (one more malloc and a copy than leaving it there). The
// same buffer read by the loop without being carried is promoted.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{emit-remarks=true}))' -verify-diagnostics | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack,bufrs-buffer-deallocation,bufrs-finalize-deallocation))' | FileCheck %s --check-prefix=DEALLOC

// CHECK-LABEL: func.func @carried
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[INIT:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: %[[R:.*]] = scf.for %{{.*}} = %[[C0]] to %{{.*}} step %[[C1]] iter_args(%{{.*}} = %[[INIT]]) -> (memref<4xf32>) {
// DEALLOC-LABEL: func.func @carried
// DEALLOC-NOT: memref.copy
// DEALLOC-NOT: memref.alloca
// DEALLOC: return
func.func @carried(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{not promoted: the buffer enters a loop as a carried value (a loop that replaces it frees it, and the deallocation would copy a stack buffer to the heap first)}}
  %init = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%init : memref<4xf32>)
  // expected-note @below {{because of 'scf.for'}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%old = %init) -> memref<4xf32> {
    // expected-remark @below {{not promoted: the allocation runs repeatedly in a loop of its scope}}
    %new = memref.alloc() : memref<4xf32>
    %x = memref.load %old[%c0] : memref<4xf32>
    linalg.fill ins(%x : f32) outs(%new : memref<4xf32>)
    scf.yield %new : memref<4xf32>
  }
  %y = memref.load %r[%c0] : memref<4xf32>
  return %y : f32
}

// CHECK-LABEL: func.func @read_in_loop
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %{{.*}} = memref.alloca() : memref<4xf32>
// CHECK-NOT: memref.alloc()
func.func @read_in_loop(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{promoted to the stack}}
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> f32 {
    %x = memref.load %b[%c0] : memref<4xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
}
