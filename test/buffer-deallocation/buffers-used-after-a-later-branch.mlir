// A buffer produced by scf.if or scf.for that is still used after a later
// cf.cond_br (upstream 22.1.8 frees such buffers too early or crashes): it
// is freed on each path after its last use there.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @if_then_cond_br
// CHECK:         %[[R:.*]] = scf.if
// CHECK:         cf.cond_br %arg1, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.copy %[[R]], %arg2
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    cf.br ^bb3
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    cf.br ^bb3
// CHECK:       ^bb3:
// CHECK-NEXT:    return
func.func @if_then_cond_br(%c: i1, %d: i1, %out: memref<4xf32>) {
  %r = scf.if %c -> memref<4xf32> {
    %x = memref.alloc() : memref<4xf32>
    memref.copy %out, %x : memref<4xf32> to memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else {
    %y = memref.alloc() : memref<4xf32>
    memref.copy %out, %y : memref<4xf32> to memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  cf.cond_br %d, ^a, ^b
^a:
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  cf.br ^end
^b:
  cf.br ^end
^end:
  return
}

// -----

// CHECK-LABEL: func.func @for_then_cond_br
// CHECK:         %[[R:.*]] = scf.for
// CHECK:         cf.cond_br %arg3, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.copy %[[R]], %arg4
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func @for_then_cond_br(%lb: index, %ub: index, %step: index, %d: i1, %out: memref<4xf32>) {
  %init = memref.alloc() : memref<4xf32>
  memref.copy %out, %init : memref<4xf32> to memref<4xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %acc, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  cf.cond_br %d, ^a, ^b
^a:
  return
^b:
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}
