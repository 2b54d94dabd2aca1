// Executed under AddressSanitizer: reallocs that grow and shrink, with static
// and dynamic sizes, in straight-line code and in a loop, expanded by
// bufrs-expand-realloc and freed by bufrs-buffer-deallocation (and by the
// whole memory pipeline). The program before is lowered by upstream's
// memref-to-llvm (a call to realloc); the outputs must match (the kept
// contents), with no leak, double free or use after free. (A static shrink,
// whose expansion differs from upstream's, is in static-shrink-is-a-cast.mlir:
// upstream's expansion, which lowers the program before, fails on it.)

// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-expand-realloc,bufrs-buffer-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s

// CHECK:      11
// CHECK-NEXT: 12
// CHECK-NEXT: 11
// CHECK-NEXT: 12
// CHECK-NEXT: 11
// CHECK-NEXT: 17

func.func private @bufrs_print_i64(i64)

// Fills the first two elements with 11 and 12.
func.func private @fill(%m: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant 11 : i64
  %b = arith.constant 12 : i64
  memref.store %a, %m[%c0] : memref<?xi64>
  memref.store %b, %m[%c1] : memref<?xi64>
  return
}

// Dynamic to dynamic: grows from 2 to %n (or shrinks when %n < 2), prints
// the first kept element(s).
func.func private @dynamic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloc(%c2) : memref<?xi64>
  func.call @fill(%m) : (memref<?xi64>) -> ()
  %r = memref.realloc %m(%n) : memref<?xi64> to memref<?xi64>
  %v0 = memref.load %r[%c0] : memref<?xi64>
  func.call @bufrs_print_i64(%v0) : (i64) -> ()
  %big = arith.cmpi uge, %n, %c2 : index
  scf.if %big {
    %v1 = memref.load %r[%c1] : memref<?xi64>
    func.call @bufrs_print_i64(%v1) : (i64) -> ()
  }
  return
}

// Static to static, growing; then static to dynamic, shrinking.
func.func private @static() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant 11 : i64
  %b = arith.constant 12 : i64
  %m = memref.alloc() : memref<2xi64>
  memref.store %a, %m[%c0] : memref<2xi64>
  memref.store %b, %m[%c1] : memref<2xi64>
  %g = memref.realloc %m {alignment = 32} : memref<2xi64> to memref<8xi64>
  %v1 = memref.load %g[%c1] : memref<8xi64>
  func.call @bufrs_print_i64(%v1) : (i64) -> ()
  %s = memref.realloc %g(%c1) : memref<8xi64> to memref<?xi64>
  %v0 = memref.load %s[%c0] : memref<?xi64>
  func.call @bufrs_print_i64(%v0) : (i64) -> ()
  return
}

// Grows by one element per iteration (the deallocation frees every buffer
// but the last, which the function frees after reading it); returns the
// first element, stored before the loop and kept by every copy.
func.func private @loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 17 : i64
  %m = memref.alloc(%c1) : memref<?xi64>
  memref.store %v, %m[%c0] : memref<?xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %m) -> memref<?xi64> {
    %size = arith.addi %i, %c2 : index
    %g = memref.realloc %a(%size) : memref<?xi64> to memref<?xi64>
    scf.yield %g : memref<?xi64>
  }
  %out = memref.load %r[%c0] : memref<?xi64>
  return %out : i64
}

func.func @run() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  func.call @dynamic(%c5) : (index) -> ()
  func.call @dynamic(%c1) : (index) -> ()
  func.call @static() : () -> ()
  %l = func.call @loop(%c8) : (index) -> i64
  func.call @bufrs_print_i64(%l) : (i64) -> ()
  return
}
