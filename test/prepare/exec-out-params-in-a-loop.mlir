// The shape preparation exists for: a private callee returning a fresh
// static buffer, called 8 times in an scf.for. Without preparation every
// call allocates (8 mallocs, each freed after its iteration); with it the
// callee writes the caller's out-param in place and the caller allocates
// it once, before the loop: 1 malloc with either deallocation pipeline,
// and the memory pipeline promotes that one to the stack (0). Executed
// under AddressSanitizer (no leak, double free or use after free, the same
// output as the program that frees nothing) and counted by the heap-call
// counter under mlir-runner (where @bufrs_print_i64, test/lib/driver.c's,
// becomes a function printing through the runner library).

// DEFINE: %{lower} = mlir-opt -convert-linalg-to-loops -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts
// DEFINE: %{run} = %heap-count mlir-runner -e run -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// DEFINE: %{runner-print} = sed -e 's/^func.func private @bufrs_print_i64(i64)$/func.func private @printI64(i64) func.func private @printNewline() func.func private @bufrs_print_i64(%value: i64) { func.call @printI64(%value) : (i64) -> () func.call @printNewline() : () -> () return }/' %s
// DEFINE: %{bufrs} = %{runner-print} | %bufrs-opt --pass-pipeline

// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-prepare-functions,bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-prepare-functions,bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{prepare=true})' | FileCheck %s --check-prefix=OUT
// OUT: 1408
// OUT-EMPTY:

// RUN: %{bufrs}='builtin.module(bufrs-deallocation-pipeline)' | %{lower} | %{run} | FileCheck %s --check-prefix=EIGHT
// RUN: %{bufrs}='builtin.module(bufrs-ownership-deallocation-pipeline)' | %{lower} | %{run} | FileCheck %s --check-prefix=EIGHT
// EIGHT: 1408
// EIGHT-NEXT: heap: 8 mallocs, 8 frees, 0 live

// RUN: %{bufrs}='builtin.module(bufrs-prepare-functions,bufrs-deallocation-pipeline)' | %{lower} | %{run} | FileCheck %s --check-prefix=ONE
// RUN: %{bufrs}='builtin.module(bufrs-prepare-functions,bufrs-ownership-deallocation-pipeline)' | %{lower} | %{run} | FileCheck %s --check-prefix=ONE
// ONE: 1408
// ONE-NEXT: heap: 1 mallocs, 1 frees, 0 live

// RUN: %{bufrs}='builtin.module(bufrs-memory-pipeline{prepare=true})' | %{lower} | %{run} | FileCheck %s --check-prefix=NONE
// NONE: 1408
// NONE-NEXT: heap: 0 mallocs, 0 frees, 0 live

func.func private @bufrs_print_i64(i64)

// element i of @make(v) is v + i.
func.func private @make(%v: i64) -> memref<16xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.addi %v, %ii : i64
    memref.store %x, %a[%i] : memref<16xi64>
  }
  return %a : memref<16xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %b = func.call @make(%ii) : (i64) -> memref<16xi64>
    %t = scf.for %j = %c0 to %c16 step %c1 iter_args(%a2 = %acc) -> i64 {
      %x = memref.load %b[%j] : memref<16xi64>
      %y = arith.addi %a2, %x : i64
      scf.yield %y : i64
    }
    scf.yield %t : i64
  }
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  return
}
