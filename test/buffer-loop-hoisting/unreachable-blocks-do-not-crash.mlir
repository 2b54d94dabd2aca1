// Upstream's --buffer-loop-hoisting in LLVM 22.1.8 crashes (segmentation
// fault) on each of these functions: unreachable blocks in a function, in a
// region inside a loop body, and next to a block loop (in the spirit of
// llvm-project #108364). bufrs leaves allocations in unreachable blocks
// alone and still hoists the reachable one out of its block loop.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{emit-remarks=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @unreachable_alloc
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.alloc()
func.func @unreachable_alloc() {
  return
^bb1:
  // expected-remark @below {{not moved; stops because its block is unreachable}}
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
}

// CHECK-LABEL: func.func @unreachable_in_loop
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.alloc()
func.func @unreachable_in_loop(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    scf.execute_region {
      scf.yield
    ^bb1:
      // expected-remark @below {{not moved; stops because its block is unreachable}}
      %0 = memref.alloc() : memref<2xf32>
      cf.br ^bb1
    }
  }
  return
}

// CHECK-LABEL: func.func @cf_loop_unreachable
// CHECK:         memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.br ^bb1
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.alloc() : memref<3xf32>
func.func @cf_loop_unreachable(%n: index) {
  %c0 = arith.constant 0 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  // expected-remark @below {{hoisted out of 1 loop; stops because there is nothing further this pass may leave}}
  %0 = memref.alloc() : memref<2xf32>
  %c1 = arith.constant 1 : index
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^bb1(%next : index), ^bb3
^bb2:
  // expected-remark @below {{not moved; stops because its block is unreachable}}
  %1 = memref.alloc() : memref<3xf32>
  cf.br ^bb1(%c0 : index)
^bb3:
  return
}
