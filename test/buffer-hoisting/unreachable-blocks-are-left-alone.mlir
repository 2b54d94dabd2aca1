// Upstream's --buffer-hoisting in LLVM 22.1.8 crashes (segmentation fault)
// on @unreachable_size (an allocation in an unreachable block whose size is
// defined in another unreachable block; in the spirit of llvm-project
// #118445). bufrs leaves allocations in unreachable blocks where they are
// and moves the rest as usual.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @unreachable_size
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:    cf.br ^bb1
func.func @unreachable_size() {
  return
^bb1:
  %n = arith.constant 4 : index
  cf.br ^bb2
^bb2:
  // expected-remark @below {{not moved; stops because its block is unreachable}}
  %0 = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb1
}

// CHECK-LABEL: func.func @unreachable_region
// CHECK:       ^bb1:
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.alloc()
func.func @unreachable_region(%c: i1, %f: f32, %i: index) {
  return
^bb1:
  scf.if %c {
    // expected-remark @below {{not moved; stops because its block is unreachable}}
    %0 = memref.alloc() : memref<2xf32>
    memref.store %f, %0[%i] : memref<2xf32>
  }
  cf.br ^bb1
}
