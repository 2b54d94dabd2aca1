// stack-joins-heap=true with dynamic=true no-higher-peak=true (what
// bufrs-memory-pipeline{merge-keep-peak=false} passes): %s1 and %s2 join
// the heap trace of %a and %b, whose run-time sizes keep them out of any
// arena here (an arena would hold more than the separate buffers at its
// ends). The part left, %s1 and %s2 alone, is a stack arena at the block's
// start: as a heap arena it would have no free of theirs to take the place
// of and, after the deallocation, nothing would free it (a leak under
// AddressSanitizer). %a and %b stay mallocs with their own frees. The
// program runs under AddressSanitizer with the same output as before.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack stack-joins-heap=true dynamic=true no-higher-peak=true}))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack stack-joins-heap=true dynamic=true no-higher-peak=true}))' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[STACK:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xi8>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NOT:     memref.alloc()
// CHECK:         %[[S1:.*]] = memref.view %[[STACK]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// CHECK:         memref.dealloc %[[A]] : memref<?xf32>
// CHECK:         %[[S2:.*]] = memref.view %[[STACK]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// CHECK:         %[[B:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:         memref.dealloc %[[B]] : memref<?xf32>
// CHECK-NEXT:    return
// CHECK-NOT:     memref.dealloc

// OUT: {{^}}2.5{{$}}
func.func @f(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  memref.store %x, %a[%c0] : memref<?xf32>
  %s1 = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
  %a4 = memref.subview %a[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  %s14 = memref.subview %s1[0] [4] [1] : memref<64xf32> to memref<4xf32, strided<[1]>>
  memref.copy %a4, %s14 : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
  memref.dealloc %a : memref<?xf32>
  %w = memref.load %s1[%c0] : memref<64xf32>
  %s2 = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
  memref.store %w, %s2[%c0] : memref<64xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %s24 = memref.subview %s2[0] [4] [1] : memref<64xf32> to memref<4xf32, strided<[1]>>
  %b4 = memref.subview %b[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  memref.copy %s24, %b4 : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
  %r = memref.load %b[%c0] : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %r : f32
}

func.func private @bufrs_print_f32(f32)

func.func @main() {
  %n = arith.constant 8 : index
  %x = arith.constant 2.5 : f32
  %r = call @f(%n, %x) : (index, f32) -> f32
  call @bufrs_print_f32(%r) : (f32) -> ()
  return
}
