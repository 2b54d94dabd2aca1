// bufrs-memory-pipeline merges static buffers with merge-alloc's keep-peak
// (merge-keep-peak=true by default): %c (2 KiB) lives from before %b to
// after the returned 64 KiB %big is allocated, so one arena of %a, %b and %c
// would still be live next to %big, above the peak of the separate buffers.
// The pipeline gives %a and %b one 16384-byte arena, freed before %big is
// allocated, and leaves %c a malloc of its own; merge-keep-peak=false gives
// the one 18432-byte arena freed after %big's allocation. The option is
// checked before any op is touched; the program runs under AddressSanitizer
// with the same output as before the pipeline.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{merge-keep-peak=false})' | FileCheck %s --check-prefix=ONE
// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{merge-keep-peak=maybe})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %asan-exec %s --entry main --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16384xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[M]][%[[O1]]][] : memref<16384xi8> to memref<4096xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A]][%[[C0]]] : memref<4096xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
// CHECK:         %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[M]][%[[O2]]][] : memref<16384xi8> to memref<4096xf32>
// CHECK:         memref.load %[[B]][%[[C0]]] : memref<4096xf32>
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<16384xi8>
// CHECK-NEXT:    %[[BIG:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16384xf32>
// CHECK-NEXT:    memref.load %[[C]][%[[C0]]] : memref<512xf32>
// CHECK-NEXT:    memref.dealloc %[[C]] : memref<512xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[BIG]] : memref<16384xf32>

// ONE-LABEL: func.func @f(
// ONE:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<18432xi8>
// ONE:         %[[C:.*]] = memref.view %[[M]][%{{.*}}][] : memref<18432xi8> to memref<512xf32>
// ONE:         %[[BIG:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16384xf32>
// ONE-NEXT:    memref.load %[[C]]
// ONE-NEXT:    memref.dealloc %[[M]] : memref<18432xi8>
// ONE-NOT:     memref.alloc
// ONE:         return %[[BIG]] : memref<16384xf32>

// BAD: error: bufrs-memory-pipeline: option 'merge-keep-peak': 'maybe' is not a boolean (true, false, 1 or 0)
// BAD: failed to add `bufrs-memory-pipeline` with options `merge-keep-peak=maybe`

// OUT: {{^}}3{{$}}

func.func private @bufrs_print_f32(f32)

func.func @f(%x: f32) -> memref<16384xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  memref.store %x, %a[%c0] : memref<4096xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  %u = memref.load %a[%c0] : memref<4096xf32>
  memref.store %u, %c[%c0] : memref<512xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  %v = memref.load %c[%c0] : memref<512xf32>
  memref.store %v, %b[%c0] : memref<4096xf32>
  %w = memref.load %b[%c0] : memref<4096xf32>
  %big = memref.alloc() {alignment = 64 : i64} : memref<16384xf32>
  %y = memref.load %c[%c0] : memref<512xf32>
  %z = arith.addf %y, %w : f32
  memref.store %z, %big[%c0] : memref<16384xf32>
  return %big : memref<16384xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.5 : f32
  %r = call @f(%x) : (f32) -> memref<16384xf32>
  %v = memref.load %r[%c0] : memref<16384xf32>
  call @bufrs_print_f32(%v) : (f32) -> ()
  memref.dealloc %r : memref<16384xf32>
  return
}
