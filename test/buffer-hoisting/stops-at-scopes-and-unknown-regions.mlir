// Allocations never leave an AutomaticAllocationScope op that is not a loop
// (memref.alloca_scope), nor an op whose regions have unknown control flow
// (no RegionBranchOpInterface).

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @alloca_scope
// CHECK-NEXT:    memref.alloca_scope
// CHECK-NEXT:      memref.alloc()
func.func @alloca_scope(%f: f32, %i: index) {
  // expected-note @below {{at 'memref.alloca_scope'}}
  memref.alloca_scope {
    // expected-remark @below {{not moved; stops because the enclosing op is an automatic allocation scope}}
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%i] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @unknown_region
// CHECK-NEXT:    "test.region"
// CHECK-NEXT:      memref.alloc()
// An unregistered op's regions are graph regions (as MLIR's DominanceInfo
// has it): nothing moves out of them.
func.func @unknown_region(%f: f32, %i: index) {
  "test.region"() ({
    // expected-remark @below {{not moved; stops because it is in a graph region}}
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%i] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}
