// On IR that already frees its buffers, the frees of merged allocations are
// removed and the merged buffer is freed once: before every exit of a scope
// of several blocks (each of several returns), and in a scope of one block
// after the last op using one of its buffers (after a loop whose body freed
// its buffer every iteration, at the end of an scf.forall body, its own
// scope). IR without frees gets none (a later deallocation pass
// frees the merged buffer).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK-LABEL: func.func @two_returns(
// CHECK:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NOT:     memref.dealloc
// CHECK:         cf.cond_br
// CHECK:       ^bb1:
// CHECK-NOT:     memref.dealloc
// CHECK:         memref.dealloc %[[M]] : memref<64xi8>
// CHECK-NEXT:    return
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<64xi8>
// CHECK-NEXT:    return
func.func @two_returns(%c: i1, %i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  %x = memref.load %a[%i] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  cf.cond_br %c, ^yes, ^no
^yes:
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%i] : memref<16xf32>
  %y = memref.load %b[%i] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %y : f32
^no:
  return %x : f32
}

// CHECK-LABEL: func.func @freed_in_loop(
// CHECK:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         scf.for
// CHECK-NEXT:      arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[M]]
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[M]]
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<64xi8>
// CHECK-NEXT:    return
func.func @freed_in_loop(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%i] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    memref.store %f, %b[%i] : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
  }
  return
}

// A late free does not stretch a lifetime: %a's last use is its store, so
// %b reuses its bytes although %a was freed only at the end.
// CHECK-LABEL: func.func @late_free(
// CHECK:         %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[M]][%[[O1]]][]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[M]][%[[O2]]][]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    memref.dealloc %[[M]] : memref<64xi8>
// CHECK-NEXT:    return
func.func @late_free(%i: index, %f: f32) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %f, %b[%i] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// CHECK-LABEL: func.func @not_freed(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @not_freed(%i: index, %f: f32) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %f, %b[%i] : memref<16xf32>
  return
}
