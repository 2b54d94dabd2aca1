// Branches: %a is used in both regions of an scf.if, so its lifetime spans
// the whole scf.if and it cannot share bytes with %t, used in the "then"
// region only. %t and %e, each allocated and used in one region of the same
// scf.if, never live together and share offset 0 of the merged buffer. %z,
// used after the scf.if, reuses the bytes of %t/%e.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK-LABEL: func.func @branch(
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[M]][%[[O1]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[O2:.*]] = arith.constant 64 : index
// CHECK-NEXT:      %[[T:.*]] = memref.view %[[M]][%[[O2]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[T]]
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[O3:.*]] = arith.constant 64 : index
// CHECK-NEXT:      %[[E:.*]] = memref.view %[[M]][%[[O3]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[E]]
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[O4:.*]] = arith.constant {{0|64}} : index
// CHECK-NEXT:    %[[Z:.*]] = memref.view %[[M]][%[[O4]]][] : memref<128xi8> to memref<16xf32>
func.func @branch(%c: i1, %v: f32, %i: index) {
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    %t = memref.alloc() : memref<16xf32>
    memref.store %v, %t[%i] : memref<16xf32>
    memref.store %v, %a[%i] : memref<16xf32>
  } else {
    %e = memref.alloc() : memref<16xf32>
    memref.store %v, %e[%i] : memref<16xf32>
    memref.store %v, %a[%i] : memref<16xf32>
  }
  %z = memref.alloc() : memref<16xf32>
  memref.store %v, %z[%i] : memref<16xf32>
  return
}
