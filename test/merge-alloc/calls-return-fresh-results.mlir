// With calls-return-fresh=true a call's buffer results are fresh buffers,
// never one of its buffer operands (the seeds' ownership contract: callers
// own what a function returns), so a buffer passed to a call merges even
// where the call's result is returned or freed. Without it (the default) the
// result may be the operand: the buffers passed to @scale are left alone,
// freed or returned through the call's result. bufrs-memory-pipeline sets it
// with its deallocation stage, which frees call results on that contract.
// Execution under AddressSanitizer checks the values: in @twice, %a is still
// read after %b is written, so sharing their bytes would change the sums.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{calls-return-fresh=true report=true}))' -verify-diagnostics | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{calls-return-fresh=true}))' | FileCheck %s --check-prefix=OUT

// OUT:      120
// OUT-NEXT: 2176

// CHECK-LABEL: func.func @twice(
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[M]][%[[O1]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:    call @fill(%[[A]], %arg0)
// CHECK-NEXT:    %[[R1:.*]] = call @scale(%[[A]])
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[M]][%[[O2]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:    call @add(%[[R1]], %[[A]], %[[B]])
// CHECK-NEXT:    %[[R2:.*]] = call @scale(%[[B]])
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[M]][%[[O3]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:    call @add(%[[R2]], %[[R1]], %[[C]])
// CHECK-NEXT:    memref.dealloc %[[R1]] : memref<16xf32>
// CHECK-NEXT:    memref.dealloc %[[R2]] : memref<16xf32>
// CHECK-NEXT:    %[[R3:.*]] = call @scale(%[[C]])
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<128xi8>
// CHECK-NEXT:    return %[[R3]] : memref<16xf32>
// DEFAULT:       :[[# @LINE + 13]]:8: remark: bufrs-merge-alloc: not merged: freed through an alias
// DEFAULT:       :[[# @LINE + 15]]:8: remark: bufrs-merge-alloc: not merged: freed through an alias
// DEFAULT:       :[[# @LINE + 19]]:8: remark: bufrs-merge-alloc: not merged: returned
// DEFAULT-LABEL: func.func @twice(
// DEFAULT-NEXT:    memref.alloc() : memref<16xf32>
// DEFAULT-NOT:     memref.view
// DEFAULT:         memref.alloc() : memref<16xf32>
// DEFAULT-NOT:     memref.view
// DEFAULT:         memref.alloc() : memref<16xf32>
// DEFAULT-NOT:     memref.view
// DEFAULT:         return
// expected-remark @below {{scope @twice: 3 buffers merged, 192 bytes before, 128 bytes after, lower bound 128, ratio 1.000}}
func.func @twice(%x: f32) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  func.call @fill(%a, %x) : (memref<16xf32>, f32) -> ()
  %r1 = func.call @scale(%a) : (memref<16xf32>) -> memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  func.call @add(%r1, %a, %b) : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  %r2 = func.call @scale(%b) : (memref<16xf32>) -> memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  func.call @add(%r2, %r1, %c) : (memref<16xf32>, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  %r3 = func.call @scale(%c) : (memref<16xf32>) -> memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return %r3 : memref<16xf32>
}

// %v[i] = %x + i.
func.func @fill(%v: memref<16xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %e = arith.addf %fi, %x : f32
    memref.store %e, %v[%i] : memref<16xf32>
  }
  return
}

// A fresh buffer holding 2 * %v.
func.func @scale(%v: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  // expected-remark @below {{not merged: returned}}
  %r = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %e = memref.load %v[%i] : memref<16xf32>
    %s = arith.mulf %e, %two : f32
    memref.store %s, %r[%i] : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// %out[i] = %p[i] + %q[15 - i] (reversed, so that %out sharing bytes with
// %q would change what later iterations read).
func.func @add(%p: memref<16xf32>, %q: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %e = memref.load %p[%i] : memref<16xf32>
    %j = arith.subi %c15, %i : index
    %f = memref.load %q[%j] : memref<16xf32>
    %s = arith.addf %e, %f : f32
    memref.store %s, %out[%i] : memref<16xf32>
  }
  return
}

func.func @sum(%v: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
    %e = memref.load %v[%i] : memref<16xf32>
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  return %s : f32
}

func.func private @bufrs_print_f32(f32)

// Prints the sum of 0..15 (120), then that of @twice's result for %x = 1:
// %a[i] = i + 1, %b[i] = 2 (i + 1) + (16 - i) = i + 18, %c[i] = 2 (i + 18)
// + 2 (16 - i) = 68, the result 136 each: 16 * 136 = 2176.
// expected-remark @below {{scope @run: not merged: one buffer}}
func.func @run() {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %v = memref.alloc() : memref<16xf32>
  func.call @fill(%v, %zero) : (memref<16xf32>, f32) -> ()
  %s0 = func.call @sum(%v) : (memref<16xf32>) -> f32
  func.call @bufrs_print_f32(%s0) : (f32) -> ()
  memref.dealloc %v : memref<16xf32>
  %r = func.call @twice(%one) : (f32) -> memref<16xf32>
  %s1 = func.call @sum(%r) : (memref<16xf32>) -> f32
  func.call @bufrs_print_f32(%s1) : (f32) -> ()
  memref.dealloc %r : memref<16xf32>
  return
}
