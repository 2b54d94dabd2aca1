// Running an allocation on more paths is refused when that would leak after
// deallocation: a buffer freed outside the region it would leave (or on its
// own CFG path), or one that leaves the function (returned, passed to an op
// with unknown effects), even with leave-conditionals=true. Control-equivalent moves stay legal: a freed
// allocation in a block that post-dominates the entry still moves there.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{leave-conditionals=true emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @freed_on_its_path
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.alloc()
func.func @freed_on_its_path(%c: i1, %f: f32, %i: index) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  // expected-remark @below {{not moved; stops because moving further would run it on more paths, and the buffer is freed outside or leaves the function}}
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  // expected-note @below {{at 'memref.dealloc'}}
  memref.dealloc %0 : memref<4xf32>
  cf.br ^bb3
^bb3:
  return
}

// CHECK-LABEL: func.func @returned_from_branch
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.alloc()
func.func @returned_from_branch(%c: i1, %other: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    // expected-remark @below {{not moved; stops because moving further would run it on more paths}}
    %0 = memref.alloc() : memref<4xf32>
    scf.yield %0 : memref<4xf32>
  } else {
    scf.yield %other : memref<4xf32>
  }
  // expected-note @below {{at 'func.return'}}
  return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @unknown_user
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.alloc()
func.func @unknown_user(%c: i1) {
  scf.if %c {
    // expected-remark @below {{not moved; stops because moving further would run it on more paths}}
    %0 = memref.alloc() : memref<4xf32>
    // expected-note @below {{at 'test.opaque'}}
    "test.opaque"(%0) : (memref<4xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @control_equivalent
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    cf.cond_br
func.func @control_equivalent(%c: i1, %f: f32, %i: index) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  // expected-remark @below {{hoisted; stops because there is nothing further this pass may leave}}
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
