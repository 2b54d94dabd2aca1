// Execution under AddressSanitizer of the deallocation examples of seeds 000
// and 002 ("Introduction of Clones", "Placement of Deallocs"), in today's
// syntax, with a driver that takes every branch and loop path (zero, one and
// several iterations). Before the pass the programs leak; after it they must
// free every buffer exactly once, use none after its free, and print the
// same values.

// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s
// The ownership-based pass (bufrs-ownership-based-buffer-deallocation):
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s

// CHECK: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 5
// CHECK-NEXT: 9
// CHECK-NEXT: 11
// CHECK-NEXT: 3
// CHECK-NEXT: 3
// CHECK-NEXT: 11
// CHECK-NEXT: 2
// CHECK-NEXT: 4
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 6
// CHECK-NEXT: 6
// CHECK-NEXT: 13
// CHECK-NEXT: 13
// CHECK-NEXT: 1
// CHECK-NEXT: 3

func.func private @bufrs_print_i64(i64)

func.func private @fill(%m: memref<?xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<?xi64>
  }
  return
}

func.func private @first(%m: memref<?xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xi64>
  return %v : i64
}

// Seed 000/002 @branch.
func.func @branch(%cond: i1) -> i64 {
  %c2 = arith.constant 2 : index
  %0 = memref.alloc(%c2) : memref<?xi64>
  %five = arith.constant 5 : i64
  func.call @fill(%0, %five) : (memref<?xi64>, i64) -> ()
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc(%c2) : memref<?xi64>
  %seven = arith.constant 7 : i64
  func.call @fill(%1, %seven) : (memref<?xi64>, i64) -> ()
  cf.br ^bb3(%1 : memref<?xi64>)
^bb2:
  cf.br ^bb3(%0 : memref<?xi64>)
^bb3(%2: memref<?xi64>):
  %r = func.call @first(%2) : (memref<?xi64>) -> i64
  return %r : i64
}

// Seed 002 @condBranchDynamicType: a function argument or a new buffer.
func.func @condBranchDynamicType(%cond: i1, %arg1: memref<?xi64>, %size: index) -> i64 {
  cf.cond_br %cond, ^bb1, ^bb2(%size : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xi64>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xi64>
  %nine = arith.constant 9 : i64
  func.call @fill(%1, %nine) : (memref<?xi64>, i64) -> ()
  cf.br ^bb3(%1 : memref<?xi64>)
^bb3(%2: memref<?xi64>):
  %r = func.call @first(%2) : (memref<?xi64>) -> i64
  return %r : i64
}

// Seed 000/002 @condBranchDynamicTypeNested.
func.func @condBranchDynamicTypeNested(%cond: i1, %inner: i1, %arg1: memref<?xi64>, %size: index) -> i64 {
  cf.cond_br %cond, ^bb1, ^bb2(%size : index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xi64>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xi64>
  %three = arith.constant 3 : i64
  func.call @fill(%1, %three) : (memref<?xi64>, i64) -> ()
  cf.cond_br %inner, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xi64>)
^bb4:
  cf.br ^bb5(%1 : memref<?xi64>)
^bb5(%2: memref<?xi64>):
  cf.br ^bb6(%2 : memref<?xi64>)
^bb6(%3: memref<?xi64>):
  cf.br ^bb7(%3 : memref<?xi64>)
^bb7(%4: memref<?xi64>):
  %r = func.call @first(%4) : (memref<?xi64>) -> i64
  return %r : i64
}

// Seed 000 @mixedAllocation: alloca and alloc into one block argument.
func.func @mixedAllocation(%cond: i1) -> i64 {
  %c2 = arith.constant 2 : index
  %0 = memref.alloca(%c2) : memref<?xi64>
  %1 = memref.alloc(%c2) : memref<?xi64>
  %two = arith.constant 2 : i64
  %four = arith.constant 4 : i64
  func.call @fill(%0, %two) : (memref<?xi64>, i64) -> ()
  func.call @fill(%1, %four) : (memref<?xi64>, i64) -> ()
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<?xi64>)
^bb2:
  cf.br ^bb3(%1 : memref<?xi64>)
^bb3(%2: memref<?xi64>):
  %r = func.call @first(%2) : (memref<?xi64>) -> i64
  return %r : i64
}

// Seed 000/002 @nested_region_control_flow: returns an alias of its buffer.
func.func @nested_region_control_flow(%a: index, %b: index) -> memref<?xi64> {
  %0 = arith.cmpi eq, %a, %b : index
  %1 = memref.alloc(%a) : memref<?xi64>
  %one = arith.constant 1 : i64
  func.call @fill(%1, %one) : (memref<?xi64>, i64) -> ()
  %2 = scf.if %0 -> (memref<?xi64>) {
    scf.yield %1 : memref<?xi64>
  } else {
    %3 = memref.alloc(%b) : memref<?xi64>
    %eight = arith.constant 8 : i64
    func.call @fill(%3, %eight) : (memref<?xi64>, i64) -> ()
    scf.yield %1 : memref<?xi64>
  }
  return %2 : memref<?xi64>
}

// Seed 000/002 @inner_region_control_flow_div, with the imaginary
// custom.region_if (then/else/join regions) written as an
// scf.execute_region whose blocks have the same control flow.
func.func @inner_region_control_flow_div(%cond: i1, %a: index, %b: index) -> memref<?xi64> {
  %0 = memref.alloc(%a) : memref<?xi64>
  %six = arith.constant 6 : i64
  func.call @fill(%0, %six) : (memref<?xi64>, i64) -> ()
  %1 = scf.execute_region -> memref<?xi64> {
    cf.cond_br %cond, ^then(%0 : memref<?xi64>), ^else(%0 : memref<?xi64>)
  ^then(%arg2: memref<?xi64>):
    cf.br ^join(%arg2 : memref<?xi64>)
  ^else(%arg3: memref<?xi64>):
    %2 = memref.alloc(%b) : memref<?xi64>
    %thirteen = arith.constant 13 : i64
    func.call @fill(%2, %thirteen) : (memref<?xi64>, i64) -> ()
    cf.br ^join(%2 : memref<?xi64>)
  ^join(%arg4: memref<?xi64>):
    scf.yield %arg4 : memref<?xi64>
  }
  return %1 : memref<?xi64>
}

// Seed 000/002 @loop_nested_if: a new buffer in some iterations.
func.func @loop_nested_if(%lb: index, %ub: index, %step: index, %buf: memref<2xi64>) -> i64 {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%iterBuf = %buf) -> memref<2xi64> {
    %c1 = arith.constant 1 : index
    %last = arith.subi %ub, %c1 : index
    %1 = arith.cmpi eq, %i, %last : index
    %2 = scf.if %1 -> (memref<2xi64>) {
      %3 = memref.alloc() : memref<2xi64>
      %c0 = arith.constant 0 : index
      %iv = arith.index_cast %i : index to i64
      memref.store %iv, %3[%c0] : memref<2xi64>
      scf.yield %3 : memref<2xi64>
    } else {
      scf.yield %iterBuf : memref<2xi64>
    }
    scf.yield %2 : memref<2xi64>
  }
  %c0 = arith.constant 0 : index
  %r = memref.load %0[%c0] : memref<2xi64>
  return %r : i64
}

func.func @run() {
  %true = arith.constant true
  %false = arith.constant false
  %b1 = func.call @branch(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%b1) : (i64) -> ()
  %b2 = func.call @branch(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%b2) : (i64) -> ()
  %b3 = func.call @branch(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%b3) : (i64) -> ()

  %c3 = arith.constant 3 : index
  %arg = memref.alloc(%c3) : memref<?xi64>
  %eleven = arith.constant 11 : i64
  func.call @fill(%arg, %eleven) : (memref<?xi64>, i64) -> ()
  %d1 = func.call @condBranchDynamicType(%false, %arg, %c3) : (i1, memref<?xi64>, index) -> i64
  func.call @bufrs_print_i64(%d1) : (i64) -> ()
  %d2 = func.call @condBranchDynamicType(%true, %arg, %c3) : (i1, memref<?xi64>, index) -> i64
  func.call @bufrs_print_i64(%d2) : (i64) -> ()

  %n1 = func.call @condBranchDynamicTypeNested(%false, %true, %arg, %c3) : (i1, i1, memref<?xi64>, index) -> i64
  func.call @bufrs_print_i64(%n1) : (i64) -> ()
  %n2 = func.call @condBranchDynamicTypeNested(%false, %false, %arg, %c3) : (i1, i1, memref<?xi64>, index) -> i64
  func.call @bufrs_print_i64(%n2) : (i64) -> ()
  %n3 = func.call @condBranchDynamicTypeNested(%true, %true, %arg, %c3) : (i1, i1, memref<?xi64>, index) -> i64
  func.call @bufrs_print_i64(%n3) : (i64) -> ()
  memref.dealloc %arg : memref<?xi64>

  %m1 = func.call @mixedAllocation(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%m1) : (i64) -> ()
  %m2 = func.call @mixedAllocation(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%m2) : (i64) -> ()

  %c2 = arith.constant 2 : index
  %r1 = func.call @nested_region_control_flow(%c2, %c2) : (index, index) -> memref<?xi64>
  %v1 = func.call @first(%r1) : (memref<?xi64>) -> i64
  func.call @bufrs_print_i64(%v1) : (i64) -> ()
  %r2 = func.call @nested_region_control_flow(%c2, %c3) : (index, index) -> memref<?xi64>
  %v2 = func.call @first(%r2) : (memref<?xi64>) -> i64
  func.call @bufrs_print_i64(%v2) : (i64) -> ()

  %i1 = func.call @inner_region_control_flow_div(%true, %c2, %c3) : (i1, index, index) -> memref<?xi64>
  %w1 = func.call @first(%i1) : (memref<?xi64>) -> i64
  func.call @bufrs_print_i64(%w1) : (i64) -> ()
  %i2 = func.call @inner_region_control_flow_div(%true, %c3, %c2) : (i1, index, index) -> memref<?xi64>
  %w2 = func.call @first(%i2) : (memref<?xi64>) -> i64
  func.call @bufrs_print_i64(%w2) : (i64) -> ()
  %i3 = func.call @inner_region_control_flow_div(%false, %c2, %c3) : (i1, index, index) -> memref<?xi64>
  %w3 = func.call @first(%i3) : (memref<?xi64>) -> i64
  func.call @bufrs_print_i64(%w3) : (i64) -> ()
  %i4 = func.call @inner_region_control_flow_div(%false, %c3, %c3) : (i1, index, index) -> memref<?xi64>
  %w4 = func.call @first(%i4) : (memref<?xi64>) -> i64
  func.call @bufrs_print_i64(%w4) : (i64) -> ()

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %start = memref.alloc() : memref<2xi64>
  %one = arith.constant 1 : i64
  memref.store %one, %start[%c0] : memref<2xi64>
  %l0 = func.call @loop_nested_if(%c0, %c0, %c1, %start) : (index, index, index, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%l0) : (i64) -> ()
  %l4 = func.call @loop_nested_if(%c0, %c4, %c1, %start) : (index, index, index, memref<2xi64>) -> i64
  func.call @bufrs_print_i64(%l4) : (i64) -> ()
  memref.dealloc %start : memref<2xi64>
  return
}
