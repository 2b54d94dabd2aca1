// With keep-peak, an allocation leaves a loop only where one buffer for
// every iteration adds its bytes to no allocation's moment: in the body it
// is live at every op that may allocate (the heap allocations, calls), and
// no op before it uses a buffer the body receives (an iter_arg the
// deallocation may free there). A buffer dead before the body's next
// allocation, or one allocated after a read of the iter_arg, stays in the
// loop; two buffers live together at the body's allocations both leave; a
// buffer the stack promotion takes once out of every loop
// (promoted-max-bytes) leaves as without keep-peak, and allocates on the
// heap in the body no more. Without keep-peak every
// one of them leaves. The memory pipeline (keep-peak on) runs the programs
// clean under AddressSanitizer with the same output, and its output passes
// the verifier.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{keep-peak=true promoted-max-bytes=64}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s --check-prefix=ALL
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline,bufrs-verify-deallocation)' | FileCheck %s --check-prefix=PIPE
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s --check-prefix=OUT

// OUT:      10
// OUT-NEXT: 20
// OUT-NEXT: 28
// OUT-NEXT: 7
// OUT-NEXT: 20
// OUT-NEXT: 10
// OUT-NEXT: 10
// OUT-NEXT: 20
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @dead_before_the_next_allocation(
// CHECK-SAME: %[[D_N:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[D_C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D_C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[D_C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[D_Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[D_R:.*]] = scf.for %[[D_I:.*]] = %[[D_C0]] to %[[D_N]] step %[[D_C1]] iter_args(%[[D_ACC:.*]] = %[[D_Z]]) -> (i64) {
// CHECK-NEXT: %[[D_A:.*]] = memref.alloc(%[[D_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[D_V:.*]] = arith.index_cast %[[D_I]] : index to i64
// CHECK-NEXT: memref.store %[[D_V]], %[[D_A]][%[[D_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[D_X:.*]] = memref.load %[[D_A]][%[[D_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[D_B:.*]] = memref.alloc(%[[D_C8]]) : memref<?xi64>
// CHECK-NEXT: memref.store %[[D_X]], %[[D_B]][%[[D_C1]]] : memref<?xi64>
// CHECK-NEXT: %[[D_Y:.*]] = memref.load %[[D_B]][%[[D_C1]]] : memref<?xi64>
// CHECK-NEXT: %[[D_S:.*]] = arith.addi %[[D_ACC]], %[[D_Y]] : i64
// CHECK-NEXT: scf.yield %[[D_S]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[D_R]] : i64
// CHECK-NEXT: }

// ALL-LABEL: func.func @dead_before_the_next_allocation(
// ALL:       memref.alloc
// ALL-NEXT:  memref.alloc
// ALL-NEXT:  scf.for
func.func @dead_before_the_next_allocation(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %a = memref.alloc(%c8) : memref<?xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%c0] : memref<?xi64>
    %x = memref.load %a[%c0] : memref<?xi64>
    %b = memref.alloc(%c8) : memref<?xi64>
    memref.store %x, %b[%c1] : memref<?xi64>
    %y = memref.load %b[%c1] : memref<?xi64>
    %s = arith.addi %acc, %y : i64
    scf.yield %s : i64
  }
  return %r : i64
}

// CHECK-LABEL: func.func @live_together(
// CHECK-SAME: %[[L_N:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[L_C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[L_C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[L_C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[L_Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[L_A:.*]] = memref.alloc(%[[L_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[L_B:.*]] = memref.alloc(%[[L_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[L_R:.*]] = scf.for %[[L_I:.*]] = %[[L_C0]] to %[[L_N]] step %[[L_C1]] iter_args(%[[L_ACC:.*]] = %[[L_Z]]) -> (i64) {
// CHECK-NEXT: %[[L_V:.*]] = arith.index_cast %[[L_I]] : index to i64
// CHECK-NEXT: memref.store %[[L_V]], %[[L_A]][%[[L_C0]]] : memref<?xi64>
// CHECK-NEXT: memref.store %[[L_V]], %[[L_B]][%[[L_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[L_X:.*]] = memref.load %[[L_A]][%[[L_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[L_Y:.*]] = memref.load %[[L_B]][%[[L_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[L_S:.*]] = arith.addi %[[L_X]], %[[L_Y]] : i64
// CHECK-NEXT: %[[L_T:.*]] = arith.addi %[[L_ACC]], %[[L_S]] : i64
// CHECK-NEXT: scf.yield %[[L_T]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[L_R]] : i64
// CHECK-NEXT: }
func.func @live_together(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %a = memref.alloc(%c8) : memref<?xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%c0] : memref<?xi64>
    %b = memref.alloc(%c8) : memref<?xi64>
    memref.store %v, %b[%c0] : memref<?xi64>
    %x = memref.load %a[%c0] : memref<?xi64>
    %y = memref.load %b[%c0] : memref<?xi64>
    %s = arith.addi %x, %y : i64
    %t = arith.addi %acc, %s : i64
    scf.yield %t : i64
  }
  return %r : i64
}

// The read of the iter_arg %x comes before %a: the deallocation may free
// %x's buffer there, before %a is allocated, so %a stays (the allocation
// %n is covered: %a is still live there).
// CHECK-LABEL: func.func @after_a_read_of_the_iter_arg(
// CHECK-SAME: %[[I_N:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[I_C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[I_C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[I_C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[I_Z:.*]] = arith.constant 7 : i64
// CHECK-NEXT: %[[I_M:.*]] = memref.alloc(%[[I_C8]]) : memref<?xi64>
// CHECK-NEXT: memref.store %[[I_Z]], %[[I_M]][%[[I_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[I_R:.*]] = scf.for %[[I_I:.*]] = %[[I_C0]] to %[[I_N]] step %[[I_C1]] iter_args(%[[I_X:.*]] = %[[I_M]]) -> (memref<?xi64>) {
// CHECK-NEXT: %[[I_V:.*]] = memref.load %[[I_X]][%[[I_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[I_A:.*]] = memref.alloc(%[[I_C8]]) : memref<?xi64>
// CHECK-NEXT: memref.store %[[I_V]], %[[I_A]][%[[I_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[I_NEW:.*]] = memref.alloc(%[[I_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[I_W:.*]] = memref.load %[[I_A]][%[[I_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[I_W1:.*]] = arith.addi %[[I_W]], %[[I_Z]] : i64
// CHECK-NEXT: memref.store %[[I_W1]], %[[I_NEW]][%[[I_C0]]] : memref<?xi64>
// CHECK-NEXT: scf.yield %[[I_NEW]] : memref<?xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[I_OUT:.*]] = memref.load %[[I_R]][%[[I_C0]]] : memref<?xi64>
// CHECK-NEXT: return %[[I_OUT]] : i64
// CHECK-NEXT: }

// ALL-LABEL: func.func @after_a_read_of_the_iter_arg(
// ALL:       memref.alloc
// ALL:       memref.alloc
// ALL-NEXT:  scf.for
func.func @after_a_read_of_the_iter_arg(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %k = arith.constant 7 : i64
  %m = memref.alloc(%c8) : memref<?xi64>
  memref.store %k, %m[%c0] : memref<?xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %m) -> (memref<?xi64>) {
    %v = memref.load %x[%c0] : memref<?xi64>
    %a = memref.alloc(%c8) : memref<?xi64>
    memref.store %v, %a[%c0] : memref<?xi64>
    %new = memref.alloc(%c8) : memref<?xi64>
    %w = memref.load %a[%c0] : memref<?xi64>
    %w1 = arith.addi %w, %k : i64
    memref.store %w1, %new[%c0] : memref<?xi64>
    scf.yield %new : memref<?xi64>
  }
  %out = memref.load %r[%c0] : memref<?xi64>
  return %out : i64
}

// A call may allocate: %a, dead at the call, stays.
// CHECK-LABEL: func.func @dead_at_a_call(
// CHECK:      scf.for
// CHECK-NEXT: %[[C_A:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK:      func.call @twice
// CHECK-NEXT: %[[C_S:.*]] = arith.addi
// CHECK-NEXT: scf.yield

// ALL-LABEL: func.func @dead_at_a_call(
// ALL:       memref.alloc
// ALL-NEXT:  scf.for
func.func @dead_at_a_call(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %a = memref.alloc(%c8) : memref<?xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%c0] : memref<?xi64>
    %x = memref.load %a[%c0] : memref<?xi64>
    %y = func.call @twice(%x) : (i64) -> i64
    %s = arith.addi %acc, %y : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func private @twice(%x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<1xi64>
  memref.store %x, %t[%c0] : memref<1xi64>
  %y = memref.load %t[%c0] : memref<1xi64>
  %s = arith.addi %x, %y : i64
  memref.dealloc %t : memref<1xi64>
  return %s : i64
}

// %a (16 bytes, static) goes to the stack once out of the loop: it leaves
// although it is dead before %b, and no longer allocates in the body; %b,
// then the body's only heap allocation, leaves too.
// CHECK-LABEL: func.func @promoted_after(
// CHECK-SAME: %[[P_N:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[P_C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[P_C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[P_C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[P_Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[P_A:.*]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[P_B:.*]] = memref.alloc(%[[P_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[P_R:.*]] = scf.for %[[P_I:.*]] = %[[P_C0]] to %[[P_N]] step %[[P_C1]] iter_args(%[[P_ACC:.*]] = %[[P_Z]]) -> (i64) {
// CHECK-NEXT: %[[P_V:.*]] = arith.index_cast %[[P_I]] : index to i64
// CHECK-NEXT: memref.store %[[P_V]], %[[P_A]][%[[P_C0]]] : memref<2xi64>
// CHECK-NEXT: %[[P_X:.*]] = memref.load %[[P_A]][%[[P_C0]]] : memref<2xi64>
// CHECK-NEXT: memref.store %[[P_X]], %[[P_B]][%[[P_C1]]] : memref<?xi64>
// CHECK-NEXT: %[[P_Y:.*]] = memref.load %[[P_B]][%[[P_C1]]] : memref<?xi64>
// CHECK-NEXT: %[[P_S:.*]] = arith.addi %[[P_ACC]], %[[P_Y]] : i64
// CHECK-NEXT: scf.yield %[[P_S]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[P_R]] : i64
// CHECK-NEXT: }

func.func @promoted_after(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %a = memref.alloc() : memref<2xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%c0] : memref<2xi64>
    %x = memref.load %a[%c0] : memref<2xi64>
    %b = memref.alloc(%c8) : memref<?xi64>
    memref.store %x, %b[%c1] : memref<?xi64>
    %y = memref.load %b[%c1] : memref<?xi64>
    %s = arith.addi %acc, %y : i64
    scf.yield %s : i64
  }
  return %r : i64
}

// The same in a block loop (a CFG cycle): %a dead before %b, both stay.
// CHECK-LABEL: func.func @block_loop(
// CHECK-SAME: %[[B_N:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[B_C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[B_C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B_C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[B_Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: cf.br ^bb1(%[[B_C0]], %[[B_Z]] : index, i64)
// CHECK-NEXT: ^bb1(%[[B_I:.*]]: index, %[[B_ACC:.*]]: i64):
// CHECK-NEXT: %[[B_GO:.*]] = arith.cmpi slt, %[[B_I]], %[[B_N]] : index
// CHECK-NEXT: cf.cond_br %[[B_GO]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[B_A:.*]] = memref.alloc(%[[B_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[B_V:.*]] = arith.index_cast %[[B_I]] : index to i64
// CHECK-NEXT: memref.store %[[B_V]], %[[B_A]][%[[B_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[B_X:.*]] = memref.load %[[B_A]][%[[B_C0]]] : memref<?xi64>
// CHECK-NEXT: %[[B_B:.*]] = memref.alloc(%[[B_C8]]) : memref<?xi64>

// ALL-LABEL: func.func @block_loop(
// ALL-NEXT:  arith.constant
// ALL-NEXT:  arith.constant
// ALL-NEXT:  arith.constant
// ALL-NEXT:  arith.constant
// ALL-NEXT:  memref.alloc
// ALL-NEXT:  memref.alloc
// ALL-NEXT:  cf.br
func.func @block_loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  cf.br ^head(%c0, %z : index, i64)
^head(%i: index, %acc: i64):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %a = memref.alloc(%c8) : memref<?xi64>
  %v = arith.index_cast %i : index to i64
  memref.store %v, %a[%c0] : memref<?xi64>
  %x = memref.load %a[%c0] : memref<?xi64>
  %b = memref.alloc(%c8) : memref<?xi64>
  memref.store %x, %b[%c1] : memref<?xi64>
  %y = memref.load %b[%c1] : memref<?xi64>
  %s = arith.addi %acc, %y : i64
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %s : index, i64)
^exit:
  return %acc : i64
}

// Live together in a block loop: both leave, to the end of the entry block.
// CHECK-LABEL: func.func @block_loop_live_together(
// CHECK-SAME: %[[BL_N:[a-z0-9_]+]]: index) -> i64 {
// CHECK-NEXT: %[[BL_C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[BL_C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[BL_C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[BL_Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[BL_A:.*]] = memref.alloc(%[[BL_C8]]) : memref<?xi64>
// CHECK-NEXT: %[[BL_B:.*]] = memref.alloc(%[[BL_C8]]) : memref<?xi64>
// CHECK-NEXT: cf.br ^bb1(%[[BL_C0]], %[[BL_Z]] : index, i64)
func.func @block_loop_live_together(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  cf.br ^head(%c0, %z : index, i64)
^head(%i: index, %acc: i64):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %a = memref.alloc(%c8) : memref<?xi64>
  %v = arith.index_cast %i : index to i64
  memref.store %v, %a[%c0] : memref<?xi64>
  %b = memref.alloc(%c8) : memref<?xi64>
  memref.store %v, %b[%c1] : memref<?xi64>
  %x = memref.load %a[%c0] : memref<?xi64>
  %y = memref.load %b[%c1] : memref<?xi64>
  %s0 = arith.addi %x, %y : i64
  %s = arith.addi %acc, %s0 : i64
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %s : index, i64)
^exit:
  return %acc : i64
}

// Through the memory pipeline: @dead_before_the_next_allocation keeps both
// allocations in its loop, each freed after its last use; @live_together's
// leave it.
// PIPE-LABEL: func.func @dead_before_the_next_allocation(
// PIPE:       scf.for
// PIPE-NEXT:  %[[PD_A:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// PIPE:       %[[PD_X:.*]] = memref.load %[[PD_A]]
// PIPE-NEXT:  memref.dealloc %[[PD_A]] : memref<?xi64>
// PIPE-NEXT:  %[[PD_B:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// PIPE-LABEL: func.func @live_together(
// PIPE:       memref.alloc
// PIPE-NEXT:  memref.alloc
// PIPE-NEXT:  scf.for

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = func.call @dead_before_the_next_allocation(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @live_together(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %c = func.call @after_a_read_of_the_iter_arg(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %c_0 = func.call @after_a_read_of_the_iter_arg(%c0) : (index) -> i64
  func.call @bufrs_print_i64(%c_0) : (i64) -> ()
  %d = func.call @dead_at_a_call(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  %e = func.call @promoted_after(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%e) : (i64) -> ()
  %f = func.call @block_loop(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%f) : (i64) -> ()
  %g = func.call @block_loop_live_together(%c5) : (index) -> i64
  func.call @bufrs_print_i64(%g) : (i64) -> ()
  return
}
