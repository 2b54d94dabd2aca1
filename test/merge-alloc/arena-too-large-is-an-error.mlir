// An arena whose byte size does not fit in a memref dimension (an i64) is
// one error at the scope op, the pass fails and the IR is left as it was.
// Sizes are checked 64-bit arithmetic; when the padded buffers do not even
// sum within 64 bits, the error gives the least arena size (the padded
// bytes live at one tick, computed in 128 bits) or says that the scope is
// beyond 64-bit planning. The arena type is built through MLIR's C API, never parsed.
// Alignments above 2^32 (LLVM's largest) are refused up front (option
// validation, before any op is touched): the seed's
// MLP with alignment=2^62 would need "memref<9223372036854775808xi8>", which
// MLIR rejects ("invalid dimension") at an unknown location.

// RUN: %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' -verify-diagnostics
// RUN: not %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// RUN: not %bufrs-opt %S/mlp-seed-example.mlir --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=4611686018427387904}))' 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %bufrs-opt %S/mlp-seed-example.mlir --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{alignment=8589934592}))' 2>&1 | FileCheck %s --check-prefix=ALIGN33

// CHECK-NOT:   invalid dimension
// CHECK-NOT:   memory space
// CHECK:       arena-too-large-is-an-error.mlir:[[@LINE+5]]:1: error: bufrs-merge-alloc: arena of 13835058055282163520 bytes does not fit in a memref dimension (at most 9223372036854775807 bytes)
// CHECK:       IR Dump After bufrs-merge-alloc Failed
// CHECK-NEXT:  func.func @three_live_of_four(
// CHECK-NEXT:    memref.alloc() : memref<4611686018427387840xi8>
// expected-error @below {{bufrs-merge-alloc: arena of 13835058055282163520 bytes does not fit in a memref dimension (at most 9223372036854775807 bytes)}}
func.func @three_live_of_four(%i: index, %v: i8) {
  %a = memref.alloc() : memref<4611686018427387840xi8>
  %b = memref.alloc() : memref<4611686018427387840xi8>
  %c = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %a[%i] : memref<4611686018427387840xi8>
  memref.store %v, %b[%i] : memref<4611686018427387840xi8>
  memref.store %v, %c[%i] : memref<4611686018427387840xi8>
  memref.store %v, %a[%i] : memref<4611686018427387840xi8>
  %d = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %d[%i] : memref<4611686018427387840xi8>
  memref.store %v, %b[%i] : memref<4611686018427387840xi8>
  memref.store %v, %c[%i] : memref<4611686018427387840xi8>
  return
}

// -----

// CHECK-NOT:   invalid dimension
// CHECK:       error: bufrs-merge-alloc: arena of at least 23058430092136939200 bytes does not fit in a memref dimension (at most 9223372036854775807 bytes)
// CHECK:       IR Dump After bufrs-merge-alloc Failed
// CHECK-NEXT:  func.func @five_live(
// CHECK-NEXT:    memref.alloc() : memref<4611686018427387840xi8>
// expected-error @below {{bufrs-merge-alloc: arena of at least 23058430092136939200 bytes does not fit in a memref dimension (at most 9223372036854775807 bytes)}}
func.func @five_live(%i: index, %v: i8) {
  %a = memref.alloc() : memref<4611686018427387840xi8>
  %b = memref.alloc() : memref<4611686018427387840xi8>
  %c = memref.alloc() : memref<4611686018427387840xi8>
  %d = memref.alloc() : memref<4611686018427387840xi8>
  %e = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %a[%i] : memref<4611686018427387840xi8>
  memref.store %v, %b[%i] : memref<4611686018427387840xi8>
  memref.store %v, %c[%i] : memref<4611686018427387840xi8>
  memref.store %v, %d[%i] : memref<4611686018427387840xi8>
  memref.store %v, %e[%i] : memref<4611686018427387840xi8>
  memref.store %v, %a[%i] : memref<4611686018427387840xi8>
  memref.store %v, %b[%i] : memref<4611686018427387840xi8>
  memref.store %v, %c[%i] : memref<4611686018427387840xi8>
  memref.store %v, %d[%i] : memref<4611686018427387840xi8>
  return
}

// -----

// Five such buffers one after the other would fit in one slot, but their
// padded sizes do not sum within 64 bits, which the planners need.
// CHECK:       error: bufrs-merge-alloc: the buffers of the scope occupy 23058430092136939200 bytes with padding, more than 64-bit planning supports
// CHECK:       IR Dump After bufrs-merge-alloc Failed
// CHECK-NEXT:  func.func @five_in_turn(
// CHECK-NEXT:    memref.alloc() : memref<4611686018427387840xi8>
// expected-error @below {{bufrs-merge-alloc: the buffers of the scope occupy 23058430092136939200 bytes with padding, more than 64-bit planning supports}}
func.func @five_in_turn(%i: index, %v: i8) {
  %a = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %a[%i] : memref<4611686018427387840xi8>
  %b = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %b[%i] : memref<4611686018427387840xi8>
  %c = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %c[%i] : memref<4611686018427387840xi8>
  %d = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %d[%i] : memref<4611686018427387840xi8>
  %e = memref.alloc() : memref<4611686018427387840xi8>
  memref.store %v, %e[%i] : memref<4611686018427387840xi8>
  return
}

// ALIGN-NOT:   invalid dimension
// ALIGN:       <unknown>:0: error: bufrs-merge-alloc: option 'alignment' has invalid value '4611686018427387904' (allowed: a power of two from 1 to 4294967296)
// ALIGN-NOT:   error
// ALIGN33:     <unknown>:0: error: bufrs-merge-alloc: option 'alignment' has invalid value '8589934592' (allowed: a power of two from 1 to 4294967296)
