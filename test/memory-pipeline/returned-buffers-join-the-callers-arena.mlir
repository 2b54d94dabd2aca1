// bufrs-memory-pipeline{prepare=true} plans a buffer a private callee
// returns in its caller: @make's fresh 4 KiB result becomes an out-param
// @make writes in place, @run allocates it before each call, and the two
// allocations, never live at once, share one arena of @run. The caller's
// allocation takes the callee's `alignment = 64` (the same bytes malloc'ed
// as the allocation it replaces); merge-alloc's keep-peak counts an
// allocation's alignment as bytes malloc'ed, so an unaligned pair would stay
// two mallocs next to a 64-byte aligned arena. Without preparation each
// call mallocs in @make and @run has nothing to merge. The program runs
// under AddressSanitizer with the same output as before the pipeline.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{prepare=true})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-prepare-functions)' | FileCheck %s --check-prefix=PREP
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=APART
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{prepare=true})' | FileCheck %s --check-prefix=OUT

// OUT: 263168

// CHECK-LABEL: func.func private @make(
// CHECK-SAME:    %[[V:.*]]: i64, %[[RES:.*]]: memref<512xi64>) {
// CHECK-NOT:     memref.alloc
// CHECK:         memref.store %{{.*}}, %[[RES]][%{{.*}}] : memref<512xi64>
// CHECK-NOT:     memref.alloc
// CHECK:         return{{$}}
// CHECK-LABEL: func.func @run(
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[M]][%[[O1]]][] : memref<4096xi8> to memref<512xi64>
// CHECK-NEXT:    call @make(%[[ONE]], %[[A]]) : (i64, memref<512xi64>) -> ()
// CHECK-NEXT:    %[[SA:.*]] = call @sum(%[[A]])
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[M]][%[[O2]]][] : memref<4096xi8> to memref<512xi64>
// CHECK-NEXT:    call @make(%[[TWO]], %[[B]]) : (i64, memref<512xi64>) -> ()
// CHECK-NEXT:    %[[SB:.*]] = call @sum(%[[B]])
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<4096xi8>
// CHECK-NOT:     memref.alloc
// CHECK:         return

// PREP-LABEL: func.func @run(
// PREP:          %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xi64>
// PREP-NEXT:     call @make(%{{.*}}, %[[A]]) : (i64, memref<512xi64>) -> ()
// PREP:          %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xi64>
// PREP-NEXT:     call @make(%{{.*}}, %[[B]]) : (i64, memref<512xi64>) -> ()

// APART-LABEL: func.func private @make(
// APART:         memref.alloc() {alignment = 64 : i64} : memref<512xi64>
// APART:         return %{{.*}} : memref<512xi64>
// APART-LABEL: func.func @run(
// APART-NOT:     memref.alloc
// APART:         return

func.func private @bufrs_print_i64(i64)

// A fresh buffer: element i is %v + i.
func.func private @make(%v: i64) -> memref<512xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<512xi64>
  scf.for %i = %c0 to %c512 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.addi %v, %ii : i64
    memref.store %x, %a[%i] : memref<512xi64>
  }
  return %a : memref<512xi64>
}

func.func private @sum(%m: memref<512xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> i64 {
    %e = memref.load %m[%i] : memref<512xi64>
    %n = arith.addi %acc, %e : i64
    scf.yield %n : i64
  }
  return %s : i64
}

// Prints @sum(@make(1)) + @sum(@make(2)) = (512 + 130816) + (1024 + 130816)
// = 263168.
func.func @run() {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = func.call @make(%one) : (i64) -> memref<512xi64>
  %sa = func.call @sum(%a) : (memref<512xi64>) -> i64
  %b = func.call @make(%two) : (i64) -> memref<512xi64>
  %sb = func.call @sum(%b) : (memref<512xi64>) -> i64
  %t = arith.addi %sa, %sb : i64
  func.call @bufrs_print_i64(%t) : (i64) -> ()
  return
}
