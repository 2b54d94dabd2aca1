// Run-time sizes that are sums of a dimension and constants (a temporal
// convolution's padded buffer of %n + 2 elements, torch-mlir's length
// recomputed as (%n + 4) - 4 through i64) are polynomials over the
// dimension, so they compare with buffers sized by the dimension itself.
// %tmp (4n bytes) lives throughout, at offset 0; %pad (4n + 8 bytes) lies
// above it and dies before %out (4n bytes, sized by %back, which is %n) is
// allocated: %out reuses %pad's bytes at its offset, because 4n + 8 >= 4n
// is proved, and the arena is align(4n, 64) + 4n + 8 bytes. As sizes of
// their own (%pad's size and %back unrelated to %n), %out could not be
// placed inside %pad.
// The program runs under AddressSanitizer at n = 1, 5 and 100 with the
// same output as before.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true report=true}))' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s --check-prefix=OUT

// REMARK: remark: bufrs-merge-alloc: scope @pad_and_trim: 3 buffers merged (3 dynamic), %dim * 12 + 8 bytes before, align(%dim * 4, 64) + %dim * 4 + 8 bytes after, lower bound align(%dim * 4 + 8, 64) + align(%dim * 4, 64)

// CHECK-LABEL: func.func @pad_and_trim(
// CHECK:         %[[N:.*]] = memref.dim %arg0, %{{.*}} : memref<?xf32>
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[PAD:.*]] = memref.view %[[ARENA]][%[[AT:.*]]][%{{.*}}] : memref<?xi8> to memref<?xf32>
// CHECK:         %[[TMP:.*]] = memref.view %[[ARENA]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK:         %[[TRIM:.*]] = memref.view %[[ARENA]][%[[AT]]][%{{.*}}] : memref<?xi8> to memref<?xf32>
// CHECK-NOT:     memref.alloc(
// CHECK:         memref.dealloc %[[ARENA]] : memref<?xi8>

// x[i] = i: %pad and %tmp each hold x once, %out once more: 3 × Σ i.
// OUT:      0
// OUT-NEXT: 30
// OUT-NEXT: 14850
func.func private @bufrs_print_f32(f32)

func.func @pad_and_trim(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4_i64 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %n2 = arith.addi %n, %c2 : index
  %pad = memref.alloc(%n2) {alignment = 64 : i64} : memref<?xf32>
  scf.for %i = %c0 to %n2 step %c1 {
    memref.store %zero, %pad[%i] : memref<?xf32>
  }
  %tmp = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %j = arith.addi %i, %c1 : index
    memref.store %v, %pad[%j] : memref<?xf32>
    memref.store %v, %tmp[%i] : memref<?xf32>
  }
  %n4 = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%n]
  %wide = arith.index_cast %n4 : index to i64
  %back_i64 = arith.subi %wide, %c4_i64 : i64
  %back = arith.index_cast %back_i64 : i64 to index
  %sum1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %pad[%j] : memref<?xf32>
    %w = memref.load %tmp[%i] : memref<?xf32>
    %s = arith.addf %v, %w : f32
    %t = arith.addf %acc, %s : f32
    scf.yield %t : f32
  }
  memref.dealloc %pad : memref<?xf32>
  %out = memref.alloc(%back) {alignment = 64 : i64} : memref<?xf32>
  scf.for %i = %c0 to %back step %c1 {
    %w = memref.load %tmp[%i] : memref<?xf32>
    memref.store %w, %out[%i] : memref<?xf32>
  }
  memref.dealloc %tmp : memref<?xf32>
  %sum = scf.for %i = %c0 to %back step %c1 iter_args(%acc = %sum1) -> f32 {
    %v = memref.load %out[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  memref.dealloc %out : memref<?xf32>
  return %sum : f32
}

func.func @compute(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f32
    memref.store %f, %x[%i] : memref<?xf32>
  }
  %s = func.call @pad_and_trim(%x) : (memref<?xf32>) -> f32
  func.call @bufrs_print_f32(%s) : (f32) -> ()
  memref.dealloc %x : memref<?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c100 = arith.constant 100 : index
  call @compute(%c1) : (index) -> ()
  call @compute(%c5) : (index) -> ()
  call @compute(%c100) : (index) -> ()
  return
}
