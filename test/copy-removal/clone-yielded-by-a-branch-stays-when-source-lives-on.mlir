// Where copy removal keeps a clone that one branch of an if-like op yields
// although the op is followed by a free of the clone's source: the branch
// writes the source after the clone, the source is read between the op and
// its free, or the region repeats (a loop body, which may also run zero
// times). Programs that free their buffers, run before and after under
// AddressSanitizer (clone-yielded-by-a-branch-hands-over-freed-source.mlir:
// where the clone goes).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal{emit-remarks=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// REMARK: .mlir:41:10: remark: kept: the source is used between the copy and its free
// REMARK: .mlir:69:10: remark: kept: the source is used between the copy and its free
// REMARK: .mlir:95:10: remark: kept: the source is not freed after the copy in the same block

// OUT:      3
// OUT-NEXT: 10
// OUT-NEXT: 24
// OUT-NEXT: 16
// OUT-NEXT: 6

// The branch writes the buffer after the clone: the clone stays.
// CHECK-LABEL: func.func @written_after_clone(
// CHECK:         } else {
// CHECK-NEXT:      %[[C:.*]] = bufferization.clone %[[X:.*]] : memref<?xi64> to memref<?xi64>
// CHECK-NEXT:      memref.store %{{.*}}, %[[X]][%{{.*}}] : memref<?xi64>
// CHECK-NEXT:      scf.yield %[[C]] : memref<?xi64>
func.func @written_after_clone(%p: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %nine = arith.constant 9 : i64
  %x = memref.alloc(%c1) : memref<?xi64>
  memref.store %one, %x[%c0] : memref<?xi64>
  %r = scf.if %p -> (memref<?xi64>) {
    %g:2 = func.call @grow(%x, %x, %one) : (memref<?xi64>, memref<?xi64>, i64) -> (memref<?xi64>, memref<?xi64>)
    memref.dealloc %g#1 : memref<?xi64>
    scf.yield %g#0 : memref<?xi64>
  } else {
    %c = bufferization.clone %x : memref<?xi64> to memref<?xi64>
    memref.store %nine, %x[%c0] : memref<?xi64>
    scf.yield %c : memref<?xi64>
  }
  %v = memref.load %x[%c0] : memref<?xi64>
  memref.dealloc %x : memref<?xi64>
  %s = func.call @sum(%r) : (memref<?xi64>) -> i64
  memref.dealloc %r : memref<?xi64>
  %t = arith.addi %s, %v : i64
  return %t : i64
}

// The buffer is read between the scf.if and its free: the clone stays.
// CHECK-LABEL: func.func @read_after_branch(
// CHECK:         } else {
// CHECK-NEXT:      %[[C:.*]] = bufferization.clone %{{.*}} : memref<?xi64> to memref<?xi64>
// CHECK-NEXT:      scf.yield %[[C]] : memref<?xi64>
func.func @read_after_branch(%p: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %eight = arith.constant 8 : i64
  %x = memref.alloc(%c1) : memref<?xi64>
  memref.store %eight, %x[%c0] : memref<?xi64>
  %r = scf.if %p -> (memref<?xi64>) {
    %g:2 = func.call @grow(%x, %x, %eight) : (memref<?xi64>, memref<?xi64>, i64) -> (memref<?xi64>, memref<?xi64>)
    memref.dealloc %g#1 : memref<?xi64>
    scf.yield %g#0 : memref<?xi64>
  } else {
    %c = bufferization.clone %x : memref<?xi64> to memref<?xi64>
    scf.yield %c : memref<?xi64>
  }
  %v = memref.load %x[%c0] : memref<?xi64>
  memref.dealloc %x : memref<?xi64>
  %s = func.call @sum(%r) : (memref<?xi64>) -> i64
  memref.dealloc %r : memref<?xi64>
  %t = arith.addi %s, %v : i64
  return %t : i64
}

// The body yields the clone once per iteration: the clone stays.
// CHECK-LABEL: func.func @loop_body(
// CHECK:         scf.for
// CHECK-NEXT:      %[[C:.*]] = bufferization.clone %{{.*}} : memref<?xi64> to memref<?xi64>
// CHECK-NEXT:      memref.dealloc %{{.*}} : memref<?xi64>
// CHECK-NEXT:      scf.yield %[[C]] : memref<?xi64>
func.func @loop_body(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %six = arith.constant 6 : i64
  %x = memref.alloc(%c1) : memref<?xi64>
  memref.store %six, %x[%c0] : memref<?xi64>
  %y = memref.alloc(%c1) : memref<?xi64>
  memref.store %six, %y[%c0] : memref<?xi64>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%it = %y) -> (memref<?xi64>) {
    %c = bufferization.clone %x : memref<?xi64> to memref<?xi64>
    memref.dealloc %it : memref<?xi64>
    scf.yield %c : memref<?xi64>
  }
  memref.dealloc %x : memref<?xi64>
  %s = func.call @sum(%r) : (memref<?xi64>) -> i64
  memref.dealloc %r : memref<?xi64>
  return %s : i64
}

// @grow(%a, %b, %v): fresh buffers one longer than %a and %b, their
// elements copied and %v appended.
func.func @grow(%a: memref<?xi64>, %b: memref<?xi64>, %v: i64) -> (memref<?xi64>, memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi64>
  %m = memref.dim %b, %c0 : memref<?xi64>
  %n1 = arith.addi %n, %c1 : index
  %m1 = arith.addi %m, %c1 : index
  %na = memref.alloc(%n1) : memref<?xi64>
  %nb = memref.alloc(%m1) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi64>
    memref.store %x, %na[%i] : memref<?xi64>
  }
  scf.for %i = %c0 to %m step %c1 {
    %x = memref.load %b[%i] : memref<?xi64>
    memref.store %x, %nb[%i] : memref<?xi64>
  }
  memref.store %v, %na[%n] : memref<?xi64>
  memref.store %v, %nb[%m] : memref<?xi64>
  return %na, %nb : memref<?xi64>, memref<?xi64>
}

func.func @sum(%m: memref<?xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %m, %c0 : memref<?xi64>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %m[%k] : memref<?xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %r : i64
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @written_after_clone(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  %b = func.call @written_after_clone(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%b) : (i64) -> ()
  %c = func.call @read_after_branch(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%c) : (i64) -> ()
  %d = func.call @read_after_branch(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%d) : (i64) -> ()
  %e = func.call @loop_body(%c3) : (index) -> i64
  func.call @bufrs_print_i64(%e) : (i64) -> ()
  return
}
