// Copies of a call's result into a fresh buffer (one-shot-bufferize's
// copy-before-write), in a loop and straight-line: loop hoisting moves the
// loop's target out of the loop and promotion puts both targets on the stack
// before the deallocation frees the call results, so the copy removal after
// the deallocation sees a stack or hoisted target, not a heap buffer of the
// copy's block. The memory pipeline removes both copies, as the deallocation
// pipeline does (where the targets stay heap buffers of the copies' blocks),
// with either deallocation and without promotion, and the program runs clean
// with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote=false})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @run(
// CHECK-NOT:     memref.copy
// CHECK:         scf.for
// CHECK-NEXT:      arith.index_cast
// CHECK-NEXT:      arith.sitofp
// CHECK-NEXT:      %[[R:.*]] = func.call @layer(%{{.*}}) : (f32) -> memref<8x8xf32>
// CHECK-NEXT:      %[[S:.*]] = func.call @checksum(%[[R]]) : (memref<8x8xf32>) -> f32
// CHECK-NEXT:      memref.dealloc %[[R]] : memref<8x8xf32>
// CHECK-NEXT:      func.call @bufrs_print_f32(%[[S]]) : (f32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    arith.constant 7.0
// CHECK-NEXT:    %[[L:.*]] = call @layer(%{{.*}}) : (f32) -> memref<8x8xf32>
// CHECK-NEXT:    %[[T:.*]] = call @checksum(%[[L]]) : (memref<8x8xf32>) -> f32
// CHECK-NEXT:    memref.dealloc %[[L]] : memref<8x8xf32>
// CHECK-NEXT:    call @bufrs_print_f32(%[[T]]) : (f32) -> ()
// CHECK-NEXT:    return

// OUT:      64
// OUT-NEXT: 128
// OUT-NEXT: 192
// OUT-NEXT: 448

// A fresh 8x8 buffer filled with %v.
func.func @layer(%v: f32) -> memref<8x8xf32> {
  %r = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  linalg.fill ins(%v : f32) outs(%r : memref<8x8xf32>)
  return %r : memref<8x8xf32>
}

func.func @checksum(%m: memref<8x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%s = %zero) -> (f32) {
    %row = scf.for %j = %c0 to %c8 step %c1 iter_args(%t = %s) -> (f32) {
      %x = memref.load %m[%i, %j] : memref<8x8xf32>
      %n = arith.addf %t, %x : f32
      scf.yield %n : f32
    }
    scf.yield %row : f32
  }
  return %sum : f32
}

func.func private @bufrs_print_f32(f32)

func.func @run() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c1 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %v = arith.sitofp %ii : i32 to f32
    %r = func.call @layer(%v) : (f32) -> memref<8x8xf32>
    %t = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
    memref.copy %r, %t : memref<8x8xf32> to memref<8x8xf32>
    %s = func.call @checksum(%t) : (memref<8x8xf32>) -> f32
    func.call @bufrs_print_f32(%s) : (f32) -> ()
  }
  %seven = arith.constant 7.0 : f32
  %l = func.call @layer(%seven) : (f32) -> memref<8x8xf32>
  %u = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  memref.copy %l, %u : memref<8x8xf32> to memref<8x8xf32>
  %w = func.call @checksum(%u) : (memref<8x8xf32>) -> f32
  func.call @bufrs_print_f32(%w) : (f32) -> ()
  return
}
