// The pass asks a C++ walk whether a body may hold a pair before it
// captures anything; the walk must let through every pair the rule takes.
// These pairs sit where a quick look could miss them: the input written
// inside a loop before the op, the init read inside a loop after it, a
// named elementwise op (linalg.add) rather than linalg.generic, and two
// stack allocations. Each is rewritten as the rule says, and the main job
// prints the same values under AddressSanitizer.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// 2 * i + 1 for i = 0..3, summed after the op inside a loop: 16.
// OUT:      16
// x + x with x = [0..3], from a named op on stack buffers: 0 2 4 6.
// OUT-NEXT: 0
// OUT-NEXT: 2
// OUT-NEXT: 4
// OUT-NEXT: 6
// OUT-NOT:  {{.}}

#id = affine_map<(i) -> (i)>

// CHECK-LABEL: func.func @nested_uses() -> f32 {
// CHECK:         %[[O:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.for
// CHECK:           memref.store %{{.*}}, %[[O]][%{{.*}}] : memref<4xf32>
// CHECK:         linalg.generic {{{.*}}} ins(%[[O]] : memref<4xf32>) outs(%[[O]] : memref<4xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK:           memref.load %[[O]][%{{.*}}] : memref<4xf32>
func.func @nested_uses() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %i = memref.alloc() : memref<4xf32>
  scf.for %k = %c0 to %c4 step %c1 {
    %n = arith.index_cast %k : index to i32
    %f = arith.sitofp %n : i32 to f32
    memref.store %f, %i[%k] : memref<4xf32>
  }
  %o = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : memref<4xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %a : f32
    %v = arith.addf %d, %one : f32
    linalg.yield %v : f32
  }
  %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %o[%k] : memref<4xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// CHECK-LABEL: func.func @named_on_stack(
// CHECK-SAME:      %[[X:.*]]: memref<4xf32>, %[[R:.*]]: memref<4xf32>) {
// CHECK-NEXT:    %[[O:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[O]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    linalg.add ins(%[[O]], %[[X]] : memref<4xf32>, memref<4xf32>) outs(%[[O]] : memref<4xf32>)
// CHECK-NEXT:    memref.copy %[[O]], %[[R]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    return
func.func @named_on_stack(%x: memref<4xf32>, %r: memref<4xf32>) {
  %i = memref.alloca() : memref<4xf32>
  memref.copy %x, %i : memref<4xf32> to memref<4xf32>
  %o = memref.alloca() : memref<4xf32>
  linalg.add ins(%i, %x : memref<4xf32>, memref<4xf32>) outs(%o : memref<4xf32>)
  memref.copy %o, %r : memref<4xf32> to memref<4xf32>
  return
}

func.func private @bufrs_print_f32(f32)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = func.call @nested_uses() : () -> f32
  func.call @bufrs_print_f32(%s) : (f32) -> ()
  %x = memref.get_global @x : memref<4xf32>
  %r = memref.alloc() : memref<4xf32>
  func.call @named_on_stack(%x, %r) : (memref<4xf32>, memref<4xf32>) -> ()
  scf.for %k = %c0 to %c4 step %c1 {
    %v = memref.load %r[%k] : memref<4xf32>
    func.call @bufrs_print_f32(%v) : (f32) -> ()
  }
  memref.dealloc %r : memref<4xf32>
  return
}

memref.global "private" constant @x : memref<4xf32> = dense<[0.0, 1.0, 2.0, 3.0]>
