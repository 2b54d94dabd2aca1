// Execution under AddressSanitizer of the memref.realloc shapes of the
// OwnershipBasedBufferDeallocation inputs (Inputs/ownership-loops.mlir,
// Inputs/ownership-existing-deallocs.mlir) through bufrs-deallocation-pipeline,
// which expands memref.realloc before deallocation (bufrs-buffer-deallocation
// alone refuses it). Both loops grow on some iterations and keep the buffer on
// others; the swapping loop exchanges its two buffers every iteration.

// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s

// CHECK:      5
// CHECK-NEXT: 6
// CHECK-NEXT: 5
// CHECK-NEXT: 6
// CHECK-NEXT: 6
// CHECK-NEXT: 5
// CHECK-NEXT: 42

func.func private @bufrs_print_i64(i64)

// dealloc-loops @loop_with_realloc: the sizes grow with the induction variable
func.func private @loop_with_realloc(%lb: index, %ub: index, %step: index, %n: index) -> (memref<?xi64>, memref<?xi64>) {
  %i0 = arith.constant 0 : index
  %five = arith.constant 5 : i64
  %six = arith.constant 6 : i64
  %x = memref.alloc(%n) : memref<?xi64>
  %y = memref.alloc(%n) : memref<?xi64>
  memref.store %five, %x[%i0] : memref<?xi64>
  memref.store %six, %y[%i0] : memref<?xi64>
  %rx, %ry = scf.for %iv = %lb to %ub step %step iter_args(%ax = %x, %ay = %y) -> (memref<?xi64>, memref<?xi64>) {
    %m = arith.addi %n, %iv : index
    %gx = memref.realloc %ax(%m) : memref<?xi64> to memref<?xi64>
    %gy = memref.realloc %ay(%n) : memref<?xi64> to memref<?xi64>
    scf.yield %gx, %gy : memref<?xi64>, memref<?xi64>
  }
  return %rx, %ry : memref<?xi64>, memref<?xi64>
}

// dealloc-loops @swapping_loop_with_realloc
func.func private @swapping_loop_with_realloc(%lb: index, %ub: index, %step: index, %n: index) -> (memref<?xi64>, memref<?xi64>) {
  %i0 = arith.constant 0 : index
  %five = arith.constant 5 : i64
  %six = arith.constant 6 : i64
  %x = memref.alloc(%n) : memref<?xi64>
  %y = memref.alloc(%n) : memref<?xi64>
  memref.store %five, %x[%i0] : memref<?xi64>
  memref.store %six, %y[%i0] : memref<?xi64>
  %rx, %ry = scf.for %iv = %lb to %ub step %step iter_args(%ax = %x, %ay = %y) -> (memref<?xi64>, memref<?xi64>) {
    %m = arith.addi %n, %iv : index
    %gx = memref.realloc %ax(%m) : memref<?xi64> to memref<?xi64>
    %gy = memref.realloc %ay(%m) : memref<?xi64> to memref<?xi64>
    scf.yield %gy, %gx : memref<?xi64>, memref<?xi64>
  }
  return %rx, %ry : memref<?xi64>, memref<?xi64>
}

// dealloc-existing-deallocs @auto_dealloc
func.func @auto_dealloc() -> i64 {
  %i0 = arith.constant 0 : index
  %small = arith.constant 10 : index
  %large = arith.constant 100 : index
  %v = arith.constant 42 : i64
  %a = memref.alloc(%small) : memref<?xi64>
  memref.store %v, %a[%i0] : memref<?xi64>
  %b = memref.realloc %a(%large) : memref<?xi64> to memref<?xi64>
  %r = memref.load %b[%i0] : memref<?xi64>
  return %r : i64
}

func.func @run() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %p:2 = func.call @loop_with_realloc(%i0, %i4, %i1, %i3) : (index, index, index, index) -> (memref<?xi64>, memref<?xi64>)
  %p0 = memref.load %p#0[%i0] : memref<?xi64>
  func.call @bufrs_print_i64(%p0) : (i64) -> ()
  %p1 = memref.load %p#1[%i0] : memref<?xi64>
  func.call @bufrs_print_i64(%p1) : (i64) -> ()
  // 4 iterations: swapped an even number of times
  %q:2 = func.call @swapping_loop_with_realloc(%i0, %i4, %i1, %i3) : (index, index, index, index) -> (memref<?xi64>, memref<?xi64>)
  %q0 = memref.load %q#0[%i0] : memref<?xi64>
  func.call @bufrs_print_i64(%q0) : (i64) -> ()
  %q1 = memref.load %q#1[%i0] : memref<?xi64>
  func.call @bufrs_print_i64(%q1) : (i64) -> ()
  // 3 iterations: swapped an odd number of times
  %s:2 = func.call @swapping_loop_with_realloc(%i0, %i3, %i1, %i3) : (index, index, index, index) -> (memref<?xi64>, memref<?xi64>)
  %s0 = memref.load %s#0[%i0] : memref<?xi64>
  func.call @bufrs_print_i64(%s0) : (i64) -> ()
  %s1 = memref.load %s#1[%i0] : memref<?xi64>
  func.call @bufrs_print_i64(%s1) : (i64) -> ()
  %ad = func.call @auto_dealloc() : () -> i64
  func.call @bufrs_print_i64(%ad) : (i64) -> ()
  return
}
