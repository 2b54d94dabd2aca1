// What still refuses a write after a flow: a buffer lent to an scf.for's
// iter_arg where an scf.if in the body yields the iter_arg on one branch
// and the body reads the iter_arg after the scf.if. The iter_arg is still
// used after the scf.if, so it does not move out of it; the scf.if's result
// borrows it, and the loop's yield, whose receiver is that iter_arg, hands
// the result on as a copy. Writes to it in the loop (a later iteration
// writes only the copy) and after the loop (only the lent buffer) would
// reach one of the two while the other is read, so the ownership-based pass
// refuses at each write, naming where the buffer flowed; the clone-based
// pass refuses the same way.

// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation))'
// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' 2>&1 | FileCheck %s

// CHECK: error: bufrs-buffer-deallocation: writes a buffer after it flowed into a merge that gets a copy of it (the buffer is still used after the merge, so it is not moved), and the write would reach only one of the two; write the buffer before it flows, or copy it explicitly (memref.alloc + memref.copy) before the merge and write the copy
// CHECK-NEXT: memref.store %w, %nx[%c0]
// CHECK: note: the buffer flowed here
// CHECK-NEXT: scf.yield %nx
// CHECK: error: bufrs-buffer-deallocation: writes a buffer after it flowed into a merge
// CHECK-NEXT: memref.store %five, %a[%c0]
// CHECK: note: the buffer flowed here
// CHECK-NEXT: scf.yield %nx
// CHECK-NOT: error: bufrs-

func.func @iter_arg_read_after_the_if(%n: index) -> f32 {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %e = arith.cmpi eq, %k, %c2 : index
    %nx = scf.if %e -> memref<2xf32> {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %x, %b : memref<2xf32> to memref<2xf32>
      scf.yield %b : memref<2xf32>
    } else {
      scf.yield %x : memref<2xf32>
    }
    %v = memref.load %x[%c0] : memref<2xf32>
    %w = arith.addf %v, %one : f32
    // expected-error @below {{bufrs-ownership-based-buffer-deallocation: writes a buffer after it flowed into a merge that gets a copy of it}}
    memref.store %w, %nx[%c0] : memref<2xf32>
    // expected-note @below {{the buffer flowed here}}
    scf.yield %nx : memref<2xf32>
  }
  // expected-error @below {{bufrs-ownership-based-buffer-deallocation: writes a buffer after it flowed into a merge that gets a copy of it}}
  memref.store %five, %a[%c0] : memref<2xf32>
  %x1 = memref.load %r[%c0] : memref<2xf32>
  %y1 = memref.load %a[%c0] : memref<2xf32>
  %s = arith.addf %x1, %y1 : f32
  return %s : f32
}
