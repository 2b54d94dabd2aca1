// Execution under AddressSanitizer of seed 002's preparation examples
// (002_b75d21ac1bbf7e7d.txt, "BufferizeCallOpConverter",
// "BufferizeReturnOpConverter"), on memrefs so the program runs before
// preparation too, plus the cases bufrs adds: a returned allocation that
// becomes the out-param, one allocation returned twice, recursion with the
// call inside scf.if, a call in a loop, a strided result. Before: the
// callees' buffers leak (nobody frees them). After bufrs-prepare-functions
// and bufrs-deallocation-pipeline: no leak, no double free, same output.

// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-prepare-functions,bufrs-deallocation-pipeline)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-prepare-functions,bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' -o /dev/null

// CHECK: 3
// CHECK-NEXT: 1
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 9
// CHECK-NEXT: 3
// CHECK-NEXT: 12
// CHECK-NEXT: 4
// CHECK-NEXT: 8

func.func private @bufrs_print_i64(i64)

func.func private @fill(%m: memref<5xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %v, %m[%i] : memref<5xi64>
  }
  return
}

func.func private @print_first(%m: memref<5xi64>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<5xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}

// The seed's @callee / @caller: the result is the argument.
func.func private @callee(%arg0: memref<5xi64>) -> memref<5xi64> {
  return %arg0 : memref<5xi64>
}

func.func private @caller(%arg0: memref<5xi64>) -> memref<5xi64> {
  %x = call @callee(%arg0) : (memref<5xi64>) -> memref<5xi64>
  return %x : memref<5xi64>
}

// The seed's @on_tensors on memrefs: a buffer and an i1.
func.func private @on_buffers(%arg0: memref<5xi64>, %arg1: i1) -> (memref<5xi64>, i1) {
  return %arg0, %arg1 : memref<5xi64>, i1
}

// A fresh buffer returned: it becomes the out-param.
func.func private @fresh(%v: i64) -> memref<5xi64> {
  %a = memref.alloc() : memref<5xi64>
  func.call @fill(%a, %v) : (memref<5xi64>, i64) -> ()
  return %a : memref<5xi64>
}

// One fresh buffer returned twice: copied into both out-params.
func.func private @twice(%v: i64) -> (memref<5xi64>, memref<5xi64>) {
  %a = memref.alloc() : memref<5xi64>
  func.call @fill(%a, %v) : (memref<5xi64>, i64) -> ()
  return %a, %a : memref<5xi64>, memref<5xi64>
}

// Recursion: depth n adds 1 per level, the call inside scf.if.
func.func private @count(%n: i64) -> memref<5xi64> {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %done = arith.cmpi eq, %n, %zero : i64
  %r = scf.if %done -> memref<5xi64> {
    %b = memref.alloc() : memref<5xi64>
    func.call @fill(%b, %zero) : (memref<5xi64>, i64) -> ()
    scf.yield %b : memref<5xi64>
  } else {
    %m = arith.subi %n, %one : i64
    %inner = func.call @count(%m) : (i64) -> memref<5xi64>
    %x = memref.load %inner[%c0] : memref<5xi64>
    %y = arith.addi %x, %one : i64
    memref.store %y, %inner[%c0] : memref<5xi64>
    scf.yield %inner : memref<5xi64>
  }
  return %r : memref<5xi64>
}

// A strided result (caller allocates and casts).
func.func private @view(%m: memref<5xi64>) -> memref<5xi64, strided<[?], offset: ?>> {
  %c = memref.cast %m : memref<5xi64> to memref<5xi64, strided<[?], offset: ?>>
  return %c : memref<5xi64, strided<[?], offset: ?>>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %three = arith.constant 3 : i64
  %seven = arith.constant 7 : i64
  %nine = arith.constant 9 : i64
  %true = arith.constant true
  %in = memref.alloc() : memref<5xi64>
  func.call @fill(%in, %three) : (memref<5xi64>, i64) -> ()
  %0 = func.call @caller(%in) : (memref<5xi64>) -> memref<5xi64>
  func.call @print_first(%0) : (memref<5xi64>) -> ()
  %1:2 = func.call @on_buffers(%in, %true) : (memref<5xi64>, i1) -> (memref<5xi64>, i1)
  %b = arith.extui %1#1 : i1 to i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %2:2 = func.call @twice(%seven) : (i64) -> (memref<5xi64>, memref<5xi64>)
  func.call @print_first(%2#0) : (memref<5xi64>) -> ()
  func.call @print_first(%2#1) : (memref<5xi64>) -> ()
  %3 = func.call @fresh(%nine) : (i64) -> memref<5xi64>
  func.call @print_first(%3) : (memref<5xi64>) -> ()
  %4 = func.call @view(%in) : (memref<5xi64>) -> memref<5xi64, strided<[?], offset: ?>>
  %v4 = memref.load %4[%c0] : memref<5xi64, strided<[?], offset: ?>>
  func.call @bufrs_print_i64(%v4) : (i64) -> ()
  // A call in a loop: four fresh buffers summed.
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %three) -> i64 {
    %f = func.call @fresh(%acc) : (i64) -> memref<5xi64>
    %x = memref.load %f[%c0] : memref<5xi64>
    %y = arith.addi %x, %three : i64
    scf.yield %y : i64
  }
  %s = arith.subi %sum, %three : i64
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  %n = arith.constant 4 : i64
  %5 = func.call @count(%n) : (i64) -> memref<5xi64>
  func.call @print_first(%5) : (memref<5xi64>) -> ()
  %6 = func.call @count(%seven) : (i64) -> memref<5xi64>
  %x6 = memref.load %6[%c0] : memref<5xi64>
  %one = arith.constant 1 : i64
  %y6 = arith.addi %x6, %one : i64
  func.call @bufrs_print_i64(%y6) : (i64) -> ()
  return
}
