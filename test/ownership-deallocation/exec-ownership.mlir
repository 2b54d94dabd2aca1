// Execution under AddressSanitizer of the ownership-based deallocation cases
// of ownership-based.mlir (static and dynamic ownership at block arguments,
// scf.if results, scf.for iter_args, a cf loop, a cf.switch, existing frees,
// returned buffers), every path taken. Before the pass the programs leak;
// after it each buffer is freed exactly once and the output is the same.
// The static verifier checks the pass's output (bufferization.dealloc
// included) before upstream's lowering; the second RUN line is the
// registered pipeline (the pass with lower-dynamic-frees, then bufrs'
// simplification and lowering, which find nothing left), the third is the
// pass with lower-dynamic-frees alone (its lowered flagged frees checked by
// the static verifier), the fourth lowers through upstream's simplification
// too (interoperability).

// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation,bufrs-verify-deallocation),bufferization-lower-deallocations)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation{lower-dynamic-frees=true},bufrs-verify-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation),buffer-deallocation-simplification,bufferization-lower-deallocations)' | FileCheck %s

// CHECK: 4
// CHECK-NEXT: 7
// CHECK-NEXT: 4
// CHECK-NEXT: 7
// CHECK-NEXT: 4
// CHECK-NEXT: 14
// CHECK-NEXT: 7
// CHECK-NEXT: 27
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 15
// CHECK-NEXT: 7
// CHECK-NEXT: 3
// CHECK-NEXT: 5
// CHECK-NEXT: 4
// CHECK-NEXT: 7
// CHECK-NEXT: 9
// CHECK-NEXT: 7

func.func private @bufrs_print_i64(i64)

func.func private @fill(%m: memref<4xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %m[%i] : memref<4xi64>
  }
  return
}

func.func private @show(%m: memref<4xi64>) {
  %c3 = arith.constant 3 : index
  %v = memref.load %m[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}

func.func @dynamic_block_argument(%c: i1, %x: memref<4xi64>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xi64>
  %v = arith.constant 4 : i64
  func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
  cf.br ^bb3(%a : memref<4xi64>)
^bb2:
  cf.br ^bb3(%x : memref<4xi64>)
^bb3(%m: memref<4xi64>):
  func.call @show(%m) : (memref<4xi64>) -> ()
  return
}

func.func @dynamic_if_result(%c: i1, %x: memref<4xi64>) {
  %r = scf.if %c -> memref<4xi64> {
    %a = memref.alloc() : memref<4xi64>
    %v = arith.constant 4 : i64
    func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
    scf.yield %a : memref<4xi64>
  } else {
    scf.yield %x : memref<4xi64>
  }
  func.call @show(%r) : (memref<4xi64>) -> ()
  return
}

// Each iteration fills a new buffer with the previous value + 10.
func.func @for_iter_arg_from_argument(%n: index, %x: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %ten = arith.constant 10 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %x) -> memref<4xi64> {
    %old = memref.load %it[%c3] : memref<4xi64>
    %a = memref.alloc() : memref<4xi64>
    %new = arith.addi %old, %ten : i64
    func.call @fill(%a, %new) : (memref<4xi64>, i64) -> ()
    scf.yield %a : memref<4xi64>
  }
  func.call @show(%r) : (memref<4xi64>) -> ()
  return
}

// Each iteration fills a new buffer with the previous value + 1.
func.func @cf_loop(%n: index, %x: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  cf.br ^header(%c0, %x : index, memref<4xi64>)
^header(%i: index, %m: memref<4xi64>):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %old = memref.load %m[%c3] : memref<4xi64>
  %a = memref.alloc() : memref<4xi64>
  %new = arith.addi %old, %one : i64
  func.call @fill(%a, %new) : (memref<4xi64>, i64) -> ()
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %a : index, memref<4xi64>)
^exit:
  func.call @show(%m) : (memref<4xi64>) -> ()
  return
}

func.func @switch(%s: i32, %x: memref<4xi64>) {
  cf.switch %s : i32, [
    default: ^join(%x : memref<4xi64>),
    0: ^case0,
    1: ^case1
  ]
^case0:
  %a = memref.alloc() : memref<4xi64>
  %v3 = arith.constant 3 : i64
  func.call @fill(%a, %v3) : (memref<4xi64>, i64) -> ()
  cf.br ^join(%a : memref<4xi64>)
^case1:
  %b = memref.alloc() : memref<4xi64>
  %v5 = arith.constant 5 : i64
  func.call @fill(%b, %v5) : (memref<4xi64>, i64) -> ()
  cf.br ^join(%b : memref<4xi64>)
^join(%m: memref<4xi64>):
  func.call @show(%m) : (memref<4xi64>) -> ()
  return
}

// The input frees %a on one path only (and too early for the other).
func.func @existing_dealloc(%c: i1, %x: memref<4xi64>) {
  %a = memref.alloc() : memref<4xi64>
  %v = arith.constant 4 : i64
  func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xi64>
  return
^bb2:
  func.call @show(%a) : (memref<4xi64>) -> ()
  return
}

func.func @return_dynamic(%c: i1, %x: memref<4xi64>) -> memref<4xi64> {
  %r = scf.if %c -> memref<4xi64> {
    %a = memref.alloc() : memref<4xi64>
    %v = arith.constant 9 : i64
    func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
    scf.yield %a : memref<4xi64>
  } else {
    scf.yield %x : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func @run() {
  %x = memref.alloca() : memref<4xi64>
  %seven = arith.constant 7 : i64
  func.call @fill(%x, %seven) : (memref<4xi64>, i64) -> ()
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s0 = arith.constant 0 : i32
  %s1 = arith.constant 1 : i32
  %s9 = arith.constant 9 : i32
  func.call @dynamic_block_argument(%t, %x) : (i1, memref<4xi64>) -> ()
  func.call @dynamic_block_argument(%f, %x) : (i1, memref<4xi64>) -> ()
  func.call @dynamic_if_result(%t, %x) : (i1, memref<4xi64>) -> ()
  func.call @dynamic_if_result(%f, %x) : (i1, memref<4xi64>) -> ()
  %c1 = arith.constant 1 : index
  // Loops: zero, one and two iterations.
  %hx = memref.alloca() : memref<4xi64>
  %minus6 = arith.constant -6 : i64
  func.call @fill(%hx, %minus6) : (memref<4xi64>, i64) -> ()
  func.call @for_iter_arg_from_argument(%c1, %hx) : (index, memref<4xi64>) -> ()
  func.call @for_iter_arg_from_argument(%c2, %hx) : (index, memref<4xi64>) -> ()
  func.call @for_iter_arg_from_argument(%c0, %x) : (index, memref<4xi64>) -> ()
  func.call @for_iter_arg_from_argument(%c2, %x) : (index, memref<4xi64>) -> ()
  func.call @cf_loop(%c0, %x) : (index, memref<4xi64>) -> ()
  func.call @cf_loop(%c0, %x) : (index, memref<4xi64>) -> ()
  %c8 = arith.constant 8 : index
  func.call @cf_loop(%c8, %x) : (index, memref<4xi64>) -> ()
  func.call @switch(%s9, %x) : (i32, memref<4xi64>) -> ()
  func.call @switch(%s0, %x) : (i32, memref<4xi64>) -> ()
  func.call @switch(%s1, %x) : (i32, memref<4xi64>) -> ()
  func.call @existing_dealloc(%t, %x) : (i1, memref<4xi64>) -> ()
  func.call @existing_dealloc(%f, %x) : (i1, memref<4xi64>) -> ()
  func.call @show(%x) : (memref<4xi64>) -> ()
  %r1 = func.call @return_dynamic(%t, %x) : (i1, memref<4xi64>) -> memref<4xi64>
  func.call @show(%r1) : (memref<4xi64>) -> ()
  %r2 = func.call @return_dynamic(%f, %x) : (i1, memref<4xi64>) -> memref<4xi64>
  func.call @show(%r2) : (memref<4xi64>) -> ()
  return
}
