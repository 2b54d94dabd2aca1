// A clone of an unranked memref has no static rank to allocate with: the
// pass reads the rank and sizes at run time (memref.rank, and memref.dim in
// an scf.for that stores each size into a shape buffer on the stack and
// multiplies them), allocates that many elements in one dimension,
// memref.reshapes the buffer to the source's shape and copies the source
// into it, as convert-bufferization-to-memref lowers such a clone. The
// program runs clean under AddressSanitizer after every deallocation
// pipeline with the output of the program before (the clone is a copy: a
// store to the source after it does not show in it; a rank-0 source gets a
// one-element buffer). With lower-clones=false the clone stays; a bad
// option value is one error line before any op is touched.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// OUT:      1.5
// OUT-NEXT: 2.5
// OUT-NEXT: 9
// OUT-NEXT: 2.5
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @unranked(
// CHECK-SAME: %[[UNRANKED_ARG0:[a-z0-9_]+]]: memref<*xf32>) -> memref<*xf32> {
// CHECK-NEXT: %[[UNRANKED_V_0:[a-z0-9_]+]] = memref.rank %[[UNRANKED_ARG0]] : memref<*xf32>
// CHECK-NEXT: %[[UNRANKED_C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[UNRANKED_C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[UNRANKED_ALLOCA:[a-z0-9_]+]] = memref.alloca(%[[UNRANKED_V_0]]) : memref<?xindex>
// CHECK-NEXT: %[[UNRANKED_V_1:[a-z0-9_]+]] = scf.for %[[UNRANKED_ARG1:[a-z0-9_]+]] = %[[UNRANKED_C0]] to %[[UNRANKED_V_0]] step %[[UNRANKED_C1]] iter_args(%[[UNRANKED_ARG2:[a-z0-9_]+]] = %[[UNRANKED_C1]]) -> (index) {
// CHECK-NEXT: %[[UNRANKED_DIM:[a-z0-9_]+]] = memref.dim %[[UNRANKED_ARG0]], %[[UNRANKED_ARG1]] : memref<*xf32>
// CHECK-NEXT: memref.store %[[UNRANKED_DIM]], %[[UNRANKED_ALLOCA]][%[[UNRANKED_ARG1]]] : memref<?xindex>
// CHECK-NEXT: %[[UNRANKED_V_2:[a-z0-9_]+]] = arith.muli %[[UNRANKED_ARG2]], %[[UNRANKED_DIM]] : index
// CHECK-NEXT: scf.yield %[[UNRANKED_V_2]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[UNRANKED_ALLOC:[a-z0-9_]+]] = memref.alloc(%[[UNRANKED_V_1]]) : memref<?xf32>
// CHECK-NEXT: %[[UNRANKED_RESHAPE:[a-z0-9_]+]] = memref.reshape %[[UNRANKED_ALLOC]](%[[UNRANKED_ALLOCA]]) : (memref<?xf32>, memref<?xindex>) -> memref<*xf32>
// CHECK-NEXT: memref.copy %[[UNRANKED_ARG0]], %[[UNRANKED_RESHAPE]] : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: return %[[UNRANKED_RESHAPE]] : memref<*xf32>
// CHECK-NEXT: }

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation{lower-clones=false})' | FileCheck %s --check-prefix=KEEP
// KEEP: bufferization.clone %{{.*}} : memref<*xf32> to memref<*xf32>

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation{lower-clones=maybe})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: bufrs-finalize-deallocation: option 'lower-clones': 'maybe' is not a boolean (true, false, 1 or 0)
// BAD-NOT: bufferization.clone

func.func private @bufrs_print_f32(f32)

func.func @unranked(%m: memref<*xf32>) -> memref<*xf32> {
  %c = bufferization.clone %m : memref<*xf32> to memref<*xf32>
  return %c : memref<*xf32>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.5 : f32
  %two = arith.constant 2.5 : f32
  %nine = arith.constant 9.0 : f32
  %a = memref.alloc() : memref<2x3xf32>
  memref.store %one, %a[%c0, %c0] : memref<2x3xf32>
  memref.store %two, %a[%c1, %c2] : memref<2x3xf32>
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %c = func.call @unranked(%u) : (memref<*xf32>) -> memref<*xf32>
  memref.store %nine, %a[%c1, %c2] : memref<2x3xf32>
  %r = memref.cast %c : memref<*xf32> to memref<2x3xf32>
  %x = memref.load %r[%c0, %c0] : memref<2x3xf32>
  %y = memref.load %r[%c1, %c2] : memref<2x3xf32>
  %z = memref.load %a[%c1, %c2] : memref<2x3xf32>
  func.call @bufrs_print_f32(%x) : (f32) -> ()
  func.call @bufrs_print_f32(%y) : (f32) -> ()
  func.call @bufrs_print_f32(%z) : (f32) -> ()
  %s = memref.alloc() : memref<f32>
  memref.store %two, %s[] : memref<f32>
  %su = memref.cast %s : memref<f32> to memref<*xf32>
  %sc = func.call @unranked(%su) : (memref<*xf32>) -> memref<*xf32>
  %sr = memref.cast %sc : memref<*xf32> to memref<f32>
  %sv = memref.load %sr[] : memref<f32>
  func.call @bufrs_print_f32(%sv) : (f32) -> ()
  return
}
