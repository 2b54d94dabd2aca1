// A buffer lent to an scf.for's iter_arg, written in the loop and after it,
// where an scf.if in the body yields either a new buffer or the iter_arg:
// the iter_arg moves out of the scf.if with its i1 ownership flag (freed
// under that flag in the branch that does not yield it), and the loop's
// yield moves the scf.if's result on with its flag, so nothing is copied
// and every write reaches every alias. The loop result borrows the lent
// buffer where no iteration replaced it, so the buffer is freed after the
// result's last use and the result only under its flag. The verifier accepts
// the output, and every pipeline's output runs clean under AddressSanitizer
// with the program's output (n = 0, 2, 3, 5).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation),func.func(bufrs-verify-deallocation))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation),func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-buffer-deallocation),bufrs-finalize-deallocation,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline,func.func(bufrs-verify-deallocation))' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// OUT:      10
// OUT-NEXT: 10
// OUT-NEXT: 9
// OUT-NEXT: 11
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @lent_to_a_loop_carried_merge(
// CHECK-SAME: %[[N:[a-z0-9_]+]]: index) -> f32 {
// CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[FIVE:[a-z0-9_]+]] = arith.constant 5.000000e+00 : f32
// CHECK-NEXT: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[A:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %[[ONE]], %[[A]][%[[C0]]] : memref<2xf32>
// CHECK-NEXT: %[[FALSE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT: %[[R:[a-z0-9_]+]]:2 = scf.for %[[K:[a-z0-9_]+]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[X:[a-z0-9_]+]] = %[[A]], %[[XF:[a-z0-9_]+]] = %[[FALSE]]) -> (memref<2xf32>, i1) {
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = arith.cmpi eq, %[[K]], %[[C2]] : index
// CHECK-NEXT: %[[NX:[a-z0-9_]+]]:2 = scf.if %[[E]] -> (memref<2xf32>, i1) {
// CHECK-NEXT: %[[B:[a-z0-9_]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[B]] : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: %[[TRUE:[a-z0-9_]+]] = arith.constant true
// CHECK-NEXT: bufferization.dealloc (%[[X]] : memref<2xf32>) if (%[[XF]])
// CHECK-NEXT: scf.yield %[[B]], %[[TRUE]] : memref<2xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[X]], %[[XF]] : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = memref.load %[[NX]]#0[%[[C0]]] : memref<2xf32>
// CHECK-NEXT: %[[W:[a-z0-9_]+]] = arith.addf %[[V]], %[[ONE]] : f32
// CHECK-NEXT: memref.store %[[W]], %[[NX]]#0[%[[C0]]] : memref<2xf32>
// CHECK-NEXT: scf.yield %[[NX]]#0, %[[NX]]#1 : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[FIVE]], %[[A]][%[[C0]]] : memref<2xf32>
// CHECK-NEXT: %[[X1:[a-z0-9_]+]] = memref.load %[[R]]#0[%[[C0]]] : memref<2xf32>
// CHECK-NEXT: bufferization.dealloc (%[[R]]#0 : memref<2xf32>) if (%[[R]]#1)
// CHECK-NEXT: %[[Y1:[a-z0-9_]+]] = memref.load %[[A]][%[[C0]]] : memref<2xf32>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<2xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = arith.addf %[[X1]], %[[Y1]] : f32
// CHECK-NEXT: return %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NOT: bufferization.clone
// CHECK-NOT: memref.copy

func.func @lent_to_a_loop_carried_merge(%n: index) -> f32 {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xf32> {
    %e = arith.cmpi eq, %k, %c2 : index
    %nx = scf.if %e -> memref<2xf32> {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %x, %b : memref<2xf32> to memref<2xf32>
      scf.yield %b : memref<2xf32>
    } else {
      scf.yield %x : memref<2xf32>
    }
    %v = memref.load %nx[%c0] : memref<2xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %nx[%c0] : memref<2xf32>
    scf.yield %nx : memref<2xf32>
  }
  memref.store %five, %a[%c0] : memref<2xf32>
  %x1 = memref.load %r[%c0] : memref<2xf32>
  %y1 = memref.load %a[%c0] : memref<2xf32>
  %s = arith.addf %x1, %y1 : f32
  return %s : f32
}

func.func private @bufrs_print_f32(f32)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %r0 = call @lent_to_a_loop_carried_merge(%c0) : (index) -> f32
  call @bufrs_print_f32(%r0) : (f32) -> ()
  %r2 = call @lent_to_a_loop_carried_merge(%c2) : (index) -> f32
  call @bufrs_print_f32(%r2) : (f32) -> ()
  %r3 = call @lent_to_a_loop_carried_merge(%c3) : (index) -> f32
  call @bufrs_print_f32(%r3) : (f32) -> ()
  %r5 = call @lent_to_a_loop_carried_merge(%c5) : (index) -> f32
  call @bufrs_print_f32(%r5) : (f32) -> ()
  return
}
