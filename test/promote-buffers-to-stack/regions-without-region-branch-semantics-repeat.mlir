// A region of an op without RegionBranchOpInterface may run any number of
// times (a linalg.generic body runs once per element; so does
// test.region_buffer_based's): an allocation there stays on the heap, as one
// in a loop does (promoting it put 100000 allocas on the stack after
// convert-linalg-to-loops). promote-in-loops=true opts in, as for loops.

// RUN: %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{emit-remarks=true}))' -verify-diagnostics | FileCheck %s --check-prefix=DEFAULT
// RUN: %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{promote-in-loops=true}))' | FileCheck %s --check-prefix=LOOPS

#id = affine_map<(d0) -> (d0)>
// DEFAULT-LABEL: func.func @alloc_in_linalg_generic_body
// DEFAULT:         ^bb0(
// DEFAULT-NEXT:      %[[T:.*]] = memref.alloc() : memref<256xf32>
// DEFAULT-NEXT:      memref.store %{{.*}}, %[[T]]
// DEFAULT-NEXT:      memref.load %[[T]]
// DEFAULT-NEXT:      memref.dealloc %[[T]]
// DEFAULT-NEXT:      linalg.yield
// LOOPS-LABEL:   func.func @alloc_in_linalg_generic_body
// LOOPS:           ^bb0(
// LOOPS-NEXT:        %[[T:.*]] = memref.alloca() : memref<256xf32>
// LOOPS-NEXT:        memref.store %{{.*}}, %[[T]]
// LOOPS-NEXT:        memref.load %[[T]]
// LOOPS-NEXT:        linalg.yield
func.func @alloc_in_linalg_generic_body(%in: memref<100000xf32>, %out: memref<100000xf32>) {
  %c0 = arith.constant 0 : index
  // expected-note @below {{because of 'linalg.generic'}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<100000xf32>) outs(%out : memref<100000xf32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-remark @below {{not promoted: the allocation runs repeatedly in a loop of its scope}}
    %t = memref.alloc() : memref<256xf32>
    memref.store %a, %t[%c0] : memref<256xf32>
    %v = memref.load %t[%c0] : memref<256xf32>
    memref.dealloc %t : memref<256xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

// DEFAULT-LABEL: func.func @alloc_in_test_region_buffer_based_body
// DEFAULT:         test.region_buffer_based
// DEFAULT-NEXT:    ^bb0(
// DEFAULT-NEXT:      memref.alloc() : memref<2xf32>
// LOOPS-LABEL:   func.func @alloc_in_test_region_buffer_based_body
// LOOPS:           test.region_buffer_based
// LOOPS-NEXT:      ^bb0(
// LOOPS-NEXT:        memref.alloca() : memref<2xf32>
func.func @alloc_in_test_region_buffer_based_body(%in: memref<2xf32>, %out: memref<2xf32>) {
  // expected-note @below {{because of 'test.region_buffer_based'}}
  test.region_buffer_based in(%in : memref<2xf32>) out(%out : memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-remark @below {{not promoted: the allocation runs repeatedly in a loop of its scope}}
    %tmp = memref.alloc() : memref<2xf32>
    memref.copy %in, %tmp : memref<2xf32> to memref<2xf32>
    test.region_yield %x : f32
  }
  return
}
