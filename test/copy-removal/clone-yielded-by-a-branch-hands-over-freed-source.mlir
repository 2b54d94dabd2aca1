// Clone-based deallocation clones a loop-carried buffer that one branch of
// an scf.if yields unchanged (the sparsifier's insertion loops: insert and
// grow the storage, or yield it as it is), and frees the carried buffer
// after the scf.if. Copy removal hands the buffer over instead: the branch
// yields it, the other branch frees it before yielding its new buffer. Run
// under AddressSanitizer through the clone-based pipelines, and the IR
// after it checked by the static verifier
// (clone-yielded-by-a-branch-stays-when-source-lives-on.mlir: where the
// clone stays).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline{keep-clones=true})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' -o /dev/null
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s --check-prefix=OUT

// OUT: 26

// CHECK-LABEL: func.func @insert_loop(
// CHECK:         scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (memref<?xi64>, memref<?xi64>) {
// CHECK:           %[[R:.*]]:2 = scf.if %{{.*}} -> (memref<?xi64>, memref<?xi64>) {
// CHECK-NEXT:        arith.index_cast
// CHECK-NEXT:        %[[G:.*]]:2 = func.call @grow(%[[A]], %[[B]], %{{.*}})
// CHECK-NEXT:        memref.dealloc %[[A]] : memref<?xi64>
// CHECK-NEXT:        memref.dealloc %[[B]] : memref<?xi64>
// CHECK-NEXT:        scf.yield %[[G]]#0, %[[G]]#1 : memref<?xi64>, memref<?xi64>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[A]], %[[B]] : memref<?xi64>, memref<?xi64>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[R]]#0, %[[R]]#1 : memref<?xi64>, memref<?xi64>
func.func @insert_loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i64
  %a0 = memref.alloc(%c1) : memref<?xi64>
  memref.store %one, %a0[%c0] : memref<?xi64>
  %b0 = memref.alloc(%c1) : memref<?xi64>
  memref.store %one, %b0[%c0] : memref<?xi64>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (memref<?xi64>, memref<?xi64>) {
    %rem = arith.remui %k, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %next:2 = scf.if %even -> (memref<?xi64>, memref<?xi64>) {
      %kk = arith.index_cast %k : index to i64
      %g:2 = func.call @grow(%a, %b, %kk) : (memref<?xi64>, memref<?xi64>, i64) -> (memref<?xi64>, memref<?xi64>)
      scf.yield %g#0, %g#1 : memref<?xi64>, memref<?xi64>
    } else {
      scf.yield %a, %b : memref<?xi64>, memref<?xi64>
    }
    scf.yield %next#0, %next#1 : memref<?xi64>, memref<?xi64>
  }
  %sa = func.call @sum(%r#0) : (memref<?xi64>) -> i64
  %sb = func.call @sum(%r#1) : (memref<?xi64>) -> i64
  %s = arith.addi %sa, %sb : i64
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
  %c7 = arith.constant 7 : index
  %a = func.call @insert_loop(%c7) : (index) -> i64
  func.call @bufrs_print_i64(%a) : (i64) -> ()
  return
}
