// The merged buffer lives at the start of the scope and is shared by every
// allocation below it, so the climb from an allocation to its scope may only
// cross region-branch ops that run their regions one at a time.
// scf.execute_region and scf.while (a sequential loop) are crossed; an op
// whose regions are not described by RegionBranchOpInterface (it might run
// them concurrently, or be isolated) keeps its allocations.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @regions(
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    scf.execute_region
// CHECK-NEXT:      arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[M]]
// CHECK:         scf.while
// CHECK:           arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[M]]
// CHECK:         "test.region"() ({
// CHECK-NEXT:      memref.alloc() : memref<4xf32>
// expected-remark @below {{scope @regions: 2 buffers merged, 128 bytes before, 64 bytes after, lower bound 64, ratio 1.000}}
func.func @regions(%i: index, %f: f32, %c: i1) {
  scf.execute_region {
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%i] : memref<16xf32>
    scf.yield
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    %w = memref.alloc() : memref<16xf32>
    memref.store %f, %w[%i] : memref<16xf32>
    scf.yield
  }
  "test.region"() ({
    // expected-remark @below {{not merged: inside 'test.region', whose regions cannot share the scope's buffer}}
    %u = memref.alloc() : memref<4xf32>
    memref.store %f, %u[%i] : memref<4xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}
