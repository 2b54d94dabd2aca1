// A function whose body allocates, frees and calls nothing (every op of
// known effects) and that returns no buffer is left as it is without being
// captured (bufrsShimMayOwnOrFreeBuffers); a returned argument, a call
// result, an op of unknown effects still go through the whole pass.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s

// CHECK-LABEL: func.func @reads_only
// CHECK-NEXT:    %[[V:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    return %[[V]] : f32
func.func @reads_only(%a: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] : memref<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @loop_without_allocation
// CHECK:         scf.for
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_without_allocation(%a: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %a[%c0] : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @returns_argument
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %arg0
// CHECK-NEXT:    return %[[C]]
func.func @returns_argument(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @frees_call_result
// CHECK-NEXT:    %[[M:.*]] = call @make()
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[M]][%arg0]
// CHECK-NEXT:    memref.dealloc %[[M]]
// CHECK-NEXT:    return %[[V]]
func.func private @make() -> memref<4xf32>
func.func @frees_call_result(%i: index) -> f32 {
  %m = call @make() : () -> memref<4xf32>
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}

// An op of unknown effects: captured and analyzed (its result is not a
// buffer the pass allocated, so it frees nothing either).
// CHECK-LABEL: func.func @unknown_producer
// CHECK-NEXT:    %[[M:.*]] = "test.make"()
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[M]][%arg0]
// CHECK-NEXT:    return %[[V]]
func.func @unknown_producer(%i: index) -> f32 {
  %m = "test.make"() : () -> memref<4xf32>
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}
