// The size limit, in bytes, computed from the static shape and the element's
// storage size without overflow: thresholds near and past 2^29 and 2^32
// (where upstream's 32-bit arithmetic in LLVM 22.1.8 wraps) and a buffer of
// more than 2^64 bytes behave. One RUN line per threshold.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' | FileCheck %s --check-prefix=DEFAULT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-alloc-size-in-bytes=16}))' | FileCheck %s --check-prefix=SIXTEEN
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-alloc-size-in-bytes=536870912}))' | FileCheck %s --check-prefix=TWO29
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-alloc-size-in-bytes=9223372036854775807}))' | FileCheck %s --check-prefix=MAX

// 1024 bytes: promoted by default; not with a 16-byte limit.
// DEFAULT-LABEL: func.func @exactly_1024_bytes
// DEFAULT-NEXT:    memref.alloca() : memref<256xf32>
// SIXTEEN-LABEL: func.func @exactly_1024_bytes
// SIXTEEN-NEXT:    memref.alloc() : memref<256xf32>
func.func @exactly_1024_bytes() {
  %0 = memref.alloc() : memref<256xf32>
  return
}

// 1028 bytes: one element over the default.
// DEFAULT-LABEL: func.func @over_1024_bytes
// DEFAULT-NEXT:    memref.alloc() : memref<257xf32>
func.func @over_1024_bytes() {
  %0 = memref.alloc() : memref<257xf32>
  return
}

// 16 bytes of i1 (a byte each in storage) and of index (8 bytes each).
// SIXTEEN-LABEL: func.func @i1_and_index
// SIXTEEN-NEXT:    memref.alloca() : memref<16xi1>
// SIXTEEN-NEXT:    memref.alloca() : memref<2xindex>
// SIXTEEN-NEXT:    memref.alloc() : memref<3xindex>
func.func @i1_and_index() {
  %0 = memref.alloc() : memref<16xi1>
  %1 = memref.alloc() : memref<2xindex>
  %2 = memref.alloc() : memref<3xindex>
  return
}

// 2^29 bytes exactly, and one element more.
// TWO29-LABEL: func.func @around_two_to_the_29
// TWO29-NEXT:    memref.alloca() : memref<134217728xf32>
// TWO29-NEXT:    memref.alloc() : memref<134217729xf32>
// MAX-LABEL:   func.func @around_two_to_the_29
// MAX-NEXT:      memref.alloca() : memref<134217728xf32>
// MAX-NEXT:      memref.alloca() : memref<134217729xf32>
func.func @around_two_to_the_29() {
  %0 = memref.alloc() : memref<134217728xf32>
  %1 = memref.alloc() : memref<134217729xf32>
  return
}

// 2^64 bytes: does not fit in 64 bits, never promoted.
// MAX-LABEL: func.func @two_to_the_64_bytes
// MAX-NEXT:    memref.alloc() : memref<4611686018427387904xf32>
func.func @two_to_the_64_bytes() {
  %0 = memref.alloc() : memref<4611686018427387904xf32>
  return
}
