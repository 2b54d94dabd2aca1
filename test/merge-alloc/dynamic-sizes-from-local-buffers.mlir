// dynamic=true with sizes read from local buffers, as torch-mlir's
// bufferized IR sizes them: %b is sized by memref.dim of %a, %c and %m by
// memref.dim of an expand_shape of %b (through its output_shape operand).
// Each such size is the size operand of the buffer it reads, so all four
// buffers join the arena, their views sized by %n itself, and %a, %b, %c
// share the symbol %n: %c (16n bytes) provably fits in the bytes of %a,
// dead by then, so the arena is 16n + 16n + 4n² (each of the two lower
// ones padded to 64 bytes), the most bytes live at once, not the sum of all
// four. With the frees
// as written, the arena is freed right after the last loop reading %m.
// The program runs under AddressSanitizer at n = 1, 2, 7 and 16 (4n² below
// 16n, equal to it at n = 4 and above it from there), with the frees as
// written (the pass frees the arena after the last op using a buffer) and
// with them left to the deallocation pass.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true report=true}))' -verify-diagnostics | FileCheck %s
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true},bufrs-buffer-deallocation,bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT

// m[i][k] = 2 (i + 1) + (k + 4), summed: n = 1 gives 6, n = 2 gives 30.
// OUT:      6
// OUT-NEXT: 30
// OUT-NEXT: 735
// OUT-NEXT: 7296

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[N:[^:]*]]: index
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[ARENA]][%[[AT:.*]]][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[ARENA]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[ARENA]][%[[AT]]][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[ARENA]][%{{.*}}][%[[N]], %[[N]]] : memref<?xi8> to memref<?x?xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT:    call @bufrs_print_f32
// CHECK-NEXT:    return

func.func private @bufrs_print_f32(f32)

// expected-remark @below {{bufrs-merge-alloc: scope @chain: 4 buffers merged (4 dynamic), %arg0 * 48 + %arg0 * %arg0 * 4 bytes before, align(align(%arg0 * 16, 64) + %arg0 * 16, 64) + %arg0 * %arg0 * 4 bytes after, lower bound align(%arg0 * 16, 64) + align(%arg0 * 16, 64) + align(%arg0 * %arg0 * 4, 64)}}
func.func @chain(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc(%n) : memref<?x4xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ij = arith.addi %i, %j : index
      %x = arith.index_cast %ij : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %a[%i, %j] : memref<?x4xf32>
    }
  }
  %d = memref.dim %a, %c0 : memref<?x4xf32>
  %b = memref.alloc(%d) : memref<?x4xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %a[%i, %j] : memref<?x4xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %b[%i, %j] : memref<?x4xf32>
    }
  }
  memref.dealloc %a : memref<?x4xf32>
  %e = memref.expand_shape %b [[0, 1], [2]] output_shape [1, %d, 4] : memref<?x4xf32> into memref<1x?x4xf32>
  %d2 = memref.dim %e, %c1 : memref<1x?x4xf32>
  %c = memref.alloc(%d2) : memref<?x4xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %e[%c0, %i, %j] : memref<1x?x4xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %c[%i, %j] : memref<?x4xf32>
    }
  }
  %m = memref.alloc(%d2, %d2) : memref<?x?xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %k = %c0 to %n step %c1 {
      %u = memref.load %c[%i, %c0] : memref<?x4xf32>
      %v = memref.load %b[%k, %c3] : memref<?x4xf32>
      %w = arith.addf %u, %v : f32
      memref.store %w, %m[%i, %k] : memref<?x?xf32>
    }
  }
  memref.dealloc %b : memref<?x4xf32>
  memref.dealloc %c : memref<?x4xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %row = scf.for %k = %c0 to %n step %c1 iter_args(%r = %acc) -> f32 {
      %v = memref.load %m[%i, %k] : memref<?x?xf32>
      %s = arith.addf %r, %v : f32
      scf.yield %s : f32
    }
    scf.yield %row : f32
  }
  func.call @bufrs_print_f32(%sum) : (f32) -> ()
  memref.dealloc %m : memref<?x?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  call @chain(%c1) : (index) -> ()
  call @chain(%c2) : (index) -> ()
  call @chain(%c7) : (index) -> ()
  call @chain(%c16) : (index) -> ()
  return
}
