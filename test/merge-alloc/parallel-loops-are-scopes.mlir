// scf.forall and scf.parallel bodies are allocation scopes of their own
// (seed 003: "scf.forall ... alloc scope 2"): their iterations may run in
// parallel, so each iteration gets its own merged buffer, allocated before
// the first op holding one of its buffers and freed after the last op using
// one. scf.for is not a scope:
// its buffers merge into the function's buffer. A function buffer used in
// the forall body lives across the whole forall, and shares its bytes with
// a buffer of the later scf.for.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics -o /dev/null

// CHECK-LABEL: func.func @scopes(
// CHECK:         %[[F:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         memref.view %[[F]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// CHECK:         scf.forall
// CHECK-NEXT:      %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:      %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[P]][%[[O1]]][] : memref<64xi8> to memref<16xf32>
// CHECK:           scf.forall
// CHECK-NEXT:        %[[Q:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:        arith.constant 0 : index
// CHECK-NEXT:        memref.view %[[Q]]
// CHECK-NEXT:        memref.store
// CHECK-NEXT:        arith.constant 0 : index
// CHECK-NEXT:        memref.view %[[Q]]
// CHECK-NEXT:        memref.store
// CHECK-NEXT:        memref.dealloc %[[Q]] : memref<64xi8>
// CHECK-NEXT:      }
// CHECK:           memref.view %[[P]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.dealloc %[[P]] : memref<64xi8>
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:           memref.dealloc %[[R]] : memref<64xi8>
// CHECK-NEXT:      scf.reduce
// CHECK:         scf.for
// CHECK-NEXT:      arith.constant
// CHECK-NEXT:      memref.view %[[F]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// CHECK:         memref.dealloc %[[F]] : memref<64xi8>
// CHECK-NEXT:    return
// expected-remark @below {{scope @scopes: 2 buffers merged, 128 bytes before, 64 bytes after, lower bound 64, ratio 1.000}}
func.func @scopes(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %top = memref.alloc() : memref<16xf32>
  memref.store %f, %top[%c0] : memref<16xf32>
  // expected-remark @below {{scope scf.forall@5: 2 buffers merged, 128 bytes before, 64 bytes after, lower bound 64, ratio 1.000}}
  scf.forall (%i) in (%n) {
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%i] : memref<16xf32>
    // expected-remark @below {{scope scf.forall@8: 2 buffers merged, 128 bytes before, 64 bytes after, lower bound 64, ratio 1.000}}
    scf.forall (%j) in (%n) {
      %q = memref.alloc() : memref<16xf32>
      memref.store %f, %q[%j] : memref<16xf32>
      memref.dealloc %q : memref<16xf32>
      %q2 = memref.alloc() : memref<16xf32>
      memref.store %f, %q2[%j] : memref<16xf32>
      memref.dealloc %q2 : memref<16xf32>
    }
    %b = memref.alloc() : memref<16xf32>
    memref.store %f, %b[%i] : memref<16xf32>
    memref.store %f, %top[%i] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
  }
  // expected-remark @below {{scope scf.parallel@26: 2 buffers merged, 128 bytes before, 64 bytes after, lower bound 64, ratio 1.000}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %p = memref.alloc() : memref<16xf32>
    memref.store %f, %p[%i] : memref<16xf32>
    memref.dealloc %p : memref<16xf32>
    %p2 = memref.alloc() : memref<16xf32>
    memref.store %f, %p2[%i] : memref<16xf32>
    memref.dealloc %p2 : memref<16xf32>
    scf.reduce
  }
  scf.for %i = %c0 to %n step %c1 {
    %s = memref.alloc() : memref<16xf32>
    memref.store %f, %s[%i] : memref<16xf32>
    memref.dealloc %s : memref<16xf32>
  }
  memref.dealloc %top : memref<16xf32>
  return
}
