// On IR that frees its buffers, the merged buffer lives no longer than the
// buffers it replaces: it is allocated right before the first op holding one
// of them and freed right after the last op using one, not at the scope's
// entry and exits. Here a buffer allocated after the last use of the merged
// ones (the returned result) is never live together with the arena, so
// merging does not raise the peak of heap bytes live at once.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc),bufrs-verify-deallocation)' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O1]]][] : memref<2048xi8> to memref<256xf32>
// CHECK-NEXT:    linalg.fill ins(%[[ONE]] : f32) outs(%[[A]] : memref<256xf32>)
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 1024 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O2]]][] : memref<2048xi8> to memref<256xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[B]] : memref<256xf32> to memref<256xf32>
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[ARENA]][%[[O3]]][] : memref<2048xi8> to memref<256xf32>
// CHECK-NEXT:    memref.copy %[[B]], %[[C]] : memref<256xf32> to memref<256xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[C]][0] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1]>>
// CHECK-NEXT:    memref.copy %[[S]], %arg0 : memref<16xf32, strided<[1]>> to memref<16xf32>
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<2048xi8>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%[[ONE]] : f32) outs(%[[R]] : memref<4xf32>)
// CHECK-NEXT:    return %[[R]] : memref<4xf32>
// CHECK-NEXT:  }

// OUT:      16
// OUT-NEXT: 4
// OUT-NOT:  {{.}}

func.func @chain(%a: memref<16xf32>) -> memref<4xf32> {
  %cst = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%0 : memref<256xf32>)
  %1 = memref.alloc() : memref<256xf32>
  memref.copy %0, %1 : memref<256xf32> to memref<256xf32>
  memref.dealloc %0 : memref<256xf32>
  %2 = memref.alloc() : memref<256xf32>
  memref.copy %1, %2 : memref<256xf32> to memref<256xf32>
  memref.dealloc %1 : memref<256xf32>
  %s = memref.subview %2[0] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1]>>
  memref.copy %s, %a : memref<16xf32, strided<[1]>> to memref<16xf32>
  memref.dealloc %2 : memref<256xf32>
  %r = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%r : memref<4xf32>)
  return %r : memref<4xf32>
}

func.func private @bufrs_print_f32(f32)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %r = func.call @chain(%a) : (memref<16xf32>) -> memref<4xf32>
  %sa = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> (f32) {
    %v = memref.load %a[%i] : memref<16xf32>
    %n = arith.addf %s, %v : f32
    scf.yield %n : f32
  }
  func.call @bufrs_print_f32(%sa) : (f32) -> ()
  %sr = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %zero) -> (f32) {
    %v = memref.load %r[%i] : memref<4xf32>
    %n = arith.addf %s, %v : f32
    scf.yield %n : f32
  }
  func.call @bufrs_print_f32(%sr) : (f32) -> ()
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
