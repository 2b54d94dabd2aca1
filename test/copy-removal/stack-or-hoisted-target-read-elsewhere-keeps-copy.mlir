// A copy into a stack buffer or a buffer allocated outside the copy's loop
// stays when the target is read anywhere but after the copy in the copy's
// block (the target's earlier contents are read: before the copy in a later
// iteration, after the loop, through the block's terminator), and when the
// target is a view of an arena (not an allocation: other views of the arena
// share its memory). Run before and after under AddressSanitizer: the copies
// that stay keep the output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal{emit-remarks=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// OUT:      38
// OUT-NEXT: 3
// OUT-NEXT: 10
// OUT-NEXT: 10

// REMARK: remark: kept: the target is not allocated in the copy's block and is used other than after the copy in that block
// REMARK: remark: kept: the target is not allocated in the copy's block and is used other than after the copy in that block
// REMARK: remark: kept: the target is not allocated in the copy's block and is used other than after the copy in that block
// REMARK: remark: kept: the target is not allocated in the copy's block and is used other than after the copy in that block
// REMARK: remark: kept: neither buffer is allocated in the copy's block
// REMARK: remark: kept: neither buffer is allocated in the copy's block

// The previous iteration's copy is read before this iteration's.
// CHECK-LABEL: func.func @read_before_copy(
// CHECK:         %[[T:.*]] = memref.alloca() : memref<4xi64>
// CHECK:         scf.for
// CHECK:           memref.load %[[T]]
// CHECK:           memref.copy %{{.*}}, %[[T]]
func.func @read_before_copy(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %t = memref.alloca() : memref<4xi64>
  %seven = arith.constant 7 : i64
  memref.store %seven, %t[%c0] : memref<4xi64>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %old = memref.load %t[%c0] : memref<4xi64>
    %i = arith.index_cast %k : index to i64
    %s = func.call @make(%i) : (i64) -> memref<4xi64>
    memref.copy %s, %t : memref<4xi64> to memref<4xi64>
    memref.dealloc %s : memref<4xi64>
    %v = func.call @sum(%t) : (memref<4xi64>) -> i64
    %a = arith.addi %acc, %v : i64
    %b = arith.addi %a, %old : i64
    scf.yield %b : i64
  }
  return %r : i64
}

// The last iteration's copy is read after the loop.
// CHECK-LABEL: func.func @read_after_loop(
// CHECK:         %[[T:.*]] = memref.alloca() : memref<4xi64>
// CHECK:         scf.for
// CHECK:           memref.copy %{{.*}}, %[[T]]
// CHECK:         memref.load %[[T]]
func.func @read_after_loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloca() : memref<4xi64>
  scf.for %k = %c0 to %n step %c1 {
    %i = arith.index_cast %k : index to i64
    %s = func.call @make(%i) : (i64) -> memref<4xi64>
    memref.copy %s, %t : memref<4xi64> to memref<4xi64>
    memref.dealloc %s : memref<4xi64>
  }
  %v = memref.load %t[%c1] : memref<4xi64>
  return %v : i64
}

// The target leaves the copy's block through its terminator.
// CHECK-LABEL: func.func @yielded(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xi64>
// CHECK:         scf.if
// CHECK:           memref.copy %{{.*}}, %[[T]]
// CHECK:           scf.yield %[[T]]
func.func @yielded(%p: i1, %i: i64) -> i64 {
  %t = memref.alloc() : memref<4xi64>
  %r = scf.if %p -> (memref<4xi64>) {
    %s = func.call @make(%i) : (i64) -> memref<4xi64>
    memref.copy %s, %t : memref<4xi64> to memref<4xi64>
    memref.dealloc %s : memref<4xi64>
    scf.yield %t : memref<4xi64>
  } else {
    %u = func.call @make(%i) : (i64) -> memref<4xi64>
    memref.copy %u, %t : memref<4xi64> to memref<4xi64>
    memref.dealloc %u : memref<4xi64>
    scf.yield %t : memref<4xi64>
  }
  %v = func.call @sum(%r) : (memref<4xi64>) -> i64
  memref.dealloc %t : memref<4xi64>
  return %v : i64
}

// The target is a view of an arena whose other view is live across it.
// CHECK-LABEL: func.func @arena_view(
// CHECK:         %[[A:.*]] = memref.alloc() : memref<64xi8>
// CHECK:         %[[T:.*]] = memref.view %[[A]][%{{.*}}][] : memref<64xi8> to memref<4xi64>
// CHECK:         memref.copy %{{.*}}, %[[T]]
func.func @arena_view(%i: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %arena = memref.alloc() : memref<64xi8>
  %t = memref.view %arena[%c0][] : memref<64xi8> to memref<4xi64>
  %o = memref.view %arena[%c32][] : memref<64xi8> to memref<4xi64>
  %one = arith.constant 1 : i64
  %w = func.call @make(%one) : (i64) -> memref<4xi64>
  memref.copy %w, %o : memref<4xi64> to memref<4xi64>
  memref.dealloc %w : memref<4xi64>
  %s = func.call @make(%i) : (i64) -> memref<4xi64>
  memref.copy %s, %t : memref<4xi64> to memref<4xi64>
  memref.dealloc %s : memref<4xi64>
  %v = func.call @sum(%t) : (memref<4xi64>) -> i64
  %x = func.call @sum(%o) : (memref<4xi64>) -> i64
  %y = arith.subi %v, %x : i64
  memref.dealloc %arena : memref<64xi8>
  %z = arith.addi %y, %v : i64
  return %z : i64
}

// @make(%i) holds [i, i+1, i+2, i+3].
func.func @make(%i: i64) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xi64>
  scf.for %k = %c0 to %c4 step %c1 {
    %kk = arith.index_cast %k : index to i64
    %v = arith.addi %i, %kk : i64
    memref.store %v, %m[%k] : memref<4xi64>
  }
  return %m : memref<4xi64>
}

func.func @sum(%m: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%k] : memref<4xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %r : i64
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %true = arith.constant true
  %a = func.call @read_before_copy(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @read_after_loop(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %c = func.call @yielded(%true, %one) : (i1, i64) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %d = func.call @arena_view(%one) : (i64) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  return
}
