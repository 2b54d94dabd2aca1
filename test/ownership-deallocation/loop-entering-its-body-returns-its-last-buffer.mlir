// A loop whose static trip count is positive enters its body: its result
// is what the last iteration yields, never its initial value. Started from
// an argument the function does not own, the loop frees each buffer it
// carries under an i1 flag (false for the argument, true for the buffers
// the iterations allocate), and its result is returned as it is: no copy
// after the loop. Where the loop may run no iteration (a run-time bound),
// the result may be the argument, and a copy is returned when the flag says
// it is not owned. Run under AddressSanitizer with the same output (the
// input frees none of the iterations' buffers).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// OUT:      6
// OUT-NEXT: 5

#id = affine_map<(i) -> (i)>

// CHECK-LABEL: func.func @three_layers(
// CHECK-SAME:      %[[X:.*]]: memref<4xi64>) -> memref<4xi64> {
// CHECK:         %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[X]], %[[OWN:.*]] = %[[FALSE]]) -> (memref<4xi64>, i1) {
// CHECK-NEXT:      %[[N:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:      linalg.generic {{.*}} ins(%[[A]] : memref<4xi64>) outs(%[[N]] : memref<4xi64>)
// CHECK:           scf.if %[[OWN]] {
// CHECK-NEXT:        memref.dealloc %[[A]] : memref<4xi64>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[N]], %[[TRUE]] : memref<4xi64>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0 : memref<4xi64>
func.func @three_layers(%x: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (memref<4xi64>) {
    %n = memref.alloc() : memref<4xi64>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<4xi64>) outs(%n : memref<4xi64>) {
    ^bb0(%v: i64, %o: i64):
      %s = arith.addi %v, %one : i64
      linalg.yield %s : i64
    }
    scf.yield %n : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// CHECK-LABEL: func.func @k_layers(
// CHECK:         %[[R:.*]]:2 = scf.for
// CHECK:         %[[RES:.*]] = scf.if %[[R]]#1 -> (memref<4xi64>) {
// CHECK-NEXT:      scf.yield %[[R]]#0 : memref<4xi64>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[C:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:      memref.copy %[[R]]#0, %[[C]] : memref<4xi64> to memref<4xi64>
// CHECK-NEXT:      scf.yield %[[C]] : memref<4xi64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[RES]] : memref<4xi64>
func.func @k_layers(%x: memref<4xi64>, %k: index) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%a = %x) -> (memref<4xi64>) {
    %n = memref.alloc() : memref<4xi64>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<4xi64>) outs(%n : memref<4xi64>) {
    ^bb0(%v: i64, %o: i64):
      %s = arith.addi %v, %one : i64
      linalg.yield %s : i64
    }
    scf.yield %n : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %x[%i] : memref<4xi64>
  }
  // Element 3 after three layers: 3 + 3.
  %a = func.call @three_layers(%x) : (memref<4xi64>) -> memref<4xi64>
  %a3 = memref.load %a[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%a3) : (i64) -> ()
  memref.dealloc %a : memref<4xi64>
  // Element 3 after two layers: 3 + 2.
  %b = func.call @k_layers(%x, %c2) : (memref<4xi64>, index) -> memref<4xi64>
  %b3 = memref.load %b[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%b3) : (i64) -> ()
  memref.dealloc %b : memref<4xi64>
  memref.dealloc %x : memref<4xi64>
  return
}
