// no-higher-peak=true (what bufrs-memory-pipeline's merge-dynamic passes):
// an arena is made only where it never holds more bytes than the buffers it
// replaces hold without it (or, when dynamic=false would merge the scope's
// static buffers into one arena over the whole scope, that arena plus the
// dynamic buffers live), at any tick and for any run-time size.
// @chain: two dynamic buffers whose lives overlap at one op: an arena would
// hold both from the first allocation on, while separately the first is
// alone at first, so both stay separate mallocs, each with a remark.
// @two_parts: two parts with no buffer live between them, each a dynamic
// buffer of 64n bytes live through its part and a static one of 256 bytes
// inside it. One arena over both parts would be live between them, where
// dynamic=false holds only its 256-byte static arena; each part's own
// arena (64n + 256 bytes) never holds more than that static arena plus the
// part's dynamic buffer, so each part gets one, allocated at its first
// buffer and freed after its last use. Both run under AddressSanitizer at
// n = 2 and 5 with the same output as before the pass.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true no-higher-peak=true}))' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true no-higher-peak=true report=true}))' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true no-higher-peak=true}))' | FileCheck %s --check-prefix=OUT

// REMARK:      remark: bufrs-merge-alloc: scope @chain: not merged: an arena would hold more bytes than its buffers at some tick;
// REMARK:     :[[#@LINE+31]]:8: remark: bufrs-merge-alloc: not merged: an arena would hold more bytes than the separate buffers at some point of its life
// REMARK:     :[[#@LINE+32]]:8: remark: bufrs-merge-alloc: not merged: an arena would hold more bytes than the separate buffers at some point of its life
// REMARK-COUNT-2: remark: bufrs-merge-alloc: scope @two_parts: 2 buffers merged (1 dynamic), %arg0 * 64 + 256 bytes before, %arg0 * 64 + 256 bytes after, lower bound %arg0 * 64 + 256;

// CHECK-LABEL: func.func @chain(
// CHECK:         memref.alloc(%{{.*}}) : memref<?x16xf32>
// CHECK:         memref.alloc(%{{.*}}) : memref<?x16xf32>
// CHECK-NOT:     memref.view
// CHECK:         return

// CHECK-LABEL: func.func @two_parts(
// CHECK:         %[[A1:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-COUNT-2: memref.view %[[A1]]
// CHECK-NOT:     memref.alloc
// CHECK:         memref.dealloc %[[A1]] : memref<?xi8>
// CHECK:         %[[A2:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-COUNT-2: memref.view %[[A2]]
// CHECK-NOT:     memref.alloc
// CHECK:         memref.dealloc %[[A2]] : memref<?xi8>
// CHECK-NOT:     memref.alloc
// CHECK:         return

// OUT: 3
// OUT-NEXT: 3
// OUT-NEXT: 30
// OUT-NEXT: 30

func.func private @bufrs_print_f32(f32)

func.func @chain(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?x16xf32>
  memref.store %x, %a[%c0, %c0] : memref<?x16xf32>
  %b = memref.alloc(%n) : memref<?x16xf32>
  memref.store %x, %b[%c0, %c0] : memref<?x16xf32>
  %u = memref.load %a[%c0, %c0] : memref<?x16xf32>
  memref.dealloc %a : memref<?x16xf32>
  %t = arith.addf %u, %x : f32
  %v = memref.load %b[%c0, %c0] : memref<?x16xf32>
  %s = arith.addf %v, %t : f32
  memref.dealloc %b : memref<?x16xf32>
  return %s : f32
}

func.func @two_parts(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d1 = memref.alloc(%n) : memref<?x16xf32>
  memref.store %x, %d1[%c1, %c0] : memref<?x16xf32>
  %s1 = memref.alloc() : memref<64xf32>
  memref.store %x, %s1[%c0] : memref<64xf32>
  %u1 = memref.load %s1[%c0] : memref<64xf32>
  memref.dealloc %s1 : memref<64xf32>
  memref.store %u1, %d1[%c0, %c0] : memref<?x16xf32>
  %v1 = memref.load %d1[%c0, %c0] : memref<?x16xf32>
  memref.dealloc %d1 : memref<?x16xf32>
  %w = arith.addf %v1, %v1 : f32
  %d2 = memref.alloc(%n) : memref<?x16xf32>
  memref.store %w, %d2[%c1, %c0] : memref<?x16xf32>
  %s2 = memref.alloc() : memref<64xf32>
  memref.store %w, %s2[%c1] : memref<64xf32>
  %u2 = memref.load %s2[%c1] : memref<64xf32>
  memref.dealloc %s2 : memref<64xf32>
  memref.store %u2, %d2[%c0, %c0] : memref<?x16xf32>
  %v2 = memref.load %d2[%c0, %c0] : memref<?x16xf32>
  memref.dealloc %d2 : memref<?x16xf32>
  %r = arith.addf %v2, %v1 : f32
  return %r : f32
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %a = call @chain(%c2, %one) : (index, f32) -> f32
  call @bufrs_print_f32(%a) : (f32) -> ()
  %b = call @two_parts(%c5, %one) : (index, f32) -> f32
  call @bufrs_print_f32(%b) : (f32) -> ()
  %c = call @chain(%c5, %three) : (index, f32) -> f32
  %d = call @two_parts(%c2, %c) : (index, f32) -> f32
  %e = arith.addf %d, %three : f32
  call @bufrs_print_f32(%e) : (f32) -> ()
  call @bufrs_print_f32(%e) : (f32) -> ()
  return
}
