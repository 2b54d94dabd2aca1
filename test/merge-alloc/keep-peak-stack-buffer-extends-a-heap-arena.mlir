// keep-peak=true with stack-joins-heap=true (what bufrs-memory-pipeline
// passes by default): a stack buffer whose life no heap arena covers joins
// the heap arena of its scope planned with it, which then lives until the
// stack buffer's last use, where the function's heap peak allows it. One
// arena of the five heap buffers would still hold 6144 bytes when the
// returned %r is allocated: it splits into %a, %c, %d (2048 bytes, freed
// after %d's last use) and %b, %e (4096 bytes). %s is written from %c and
// read after %d is freed: the 2048-byte arena does not cover its life and
// %b fills the 4096-byte one where %s starts, so joined one by one it stays
// on the stack. Planned with the heap buffers, %s lies in the 2048-byte
// arena at offset 1024 (beside %c and %d), which is freed after %s is read:
// by then %b is freed, and the two arenas hold no more than %a and %b did
// (6272 bytes malloc'ed with their 64-byte alignment, the function's peak
// either way, measured by utils/demo.py's `measure` with `--entry main`),
// and no stack arena is left. The program runs under AddressSanitizer with
// the same output as before the pass: the value stored in %a reaches %r
// through %b, %c and %s.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack stack-joins-heap=true keep-peak=true}))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --entry main --pipeline='builtin.module(func.func(bufrs-merge-alloc{classes=heap,stack stack-joins-heap=true keep-peak=true}))' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @f(
// CHECK-NOT:     memref.alloca
// CHECK:         %[[SMALL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
// CHECK:         %[[LARGE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xi8>
// CHECK:         %[[O1024:.*]] = arith.constant 1024 : index
// CHECK-NEXT:    %[[S:.*]] = memref.view %[[SMALL]][%[[O1024]]][] : memref<2048xi8> to memref<4xf32>
// CHECK-NOT:     memref.alloca
// CHECK:         memref.copy %[[S]], %{{.*}} : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>>
// CHECK-NEXT:    memref.dealloc %[[SMALL]] : memref<2048xi8>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    memref.copy %{{.*}}, %[[R]] : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[LARGE]] : memref<4096xi8>
// CHECK-NEXT:    return %[[R]] : memref<4xf32>

// OUT: {{^}}1.5{{$}}
func.func @f(%x: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  memref.store %x, %a[%c0] : memref<512xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  %b0 = memref.subview %b[0] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1]>>
  memref.copy %a, %b0 : memref<512xf32> to memref<512xf32, strided<[1]>>
  memref.dealloc %a : memref<512xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  %b1 = memref.subview %b[0] [256] [1] : memref<1024xf32> to memref<256xf32, strided<[1]>>
  memref.copy %b1, %c : memref<256xf32, strided<[1]>> to memref<256xf32>
  %s = memref.alloca() {alignment = 64 : i64} : memref<4xf32>
  %c1 = memref.subview %c[0] [4] [1] : memref<256xf32> to memref<4xf32, strided<[1]>>
  memref.copy %c1, %s : memref<4xf32, strided<[1]>> to memref<4xf32>
  memref.dealloc %c : memref<256xf32>
  %d = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  memref.copy %b1, %d : memref<256xf32, strided<[1]>> to memref<256xf32>
  memref.dealloc %b : memref<1024xf32>
  %e = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  %e0 = memref.subview %e[0] [256] [1] : memref<512xf32> to memref<256xf32, strided<[1]>>
  memref.copy %d, %e0 : memref<256xf32> to memref<256xf32, strided<[1]>>
  memref.dealloc %d : memref<256xf32>
  %e1 = memref.subview %e[4] [4] [1] : memref<512xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %s, %e1 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>>
  %r = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.copy %e1, %r : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  memref.dealloc %e : memref<512xf32>
  return %r : memref<4xf32>
}

func.func private @bufrs_print_f32(f32)

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.5 : f32
  %r = call @f(%x) : (f32) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  call @bufrs_print_f32(%v) : (f32) -> ()
  memref.dealloc %r : memref<4xf32>
  return
}
