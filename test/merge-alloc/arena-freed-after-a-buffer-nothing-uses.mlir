// A buffer nothing reads or writes (its users are its free and, as
// bufferization leaves them, a reshaping view of it and a memref.dim of
// that view) can end its arena's life: the last op holding a use of it is
// its own allocation, which the rewrite replaces by a view. The arena is
// freed right after that view, static or sized at run time (inserting after
// the erased allocation crashed mlir-opt).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}))' | FileCheck %s
// RUN: %asan-exec %s --strict-before --pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true}),bufrs-verify-deallocation)' | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @static_unused(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O1]]][] : memref<256xi8> to memref<64xf32>
// CHECK-NEXT:    memref.store %arg0, %[[A]][%[[C0]]] : memref<64xf32>
// CHECK-NEXT:    %[[Y:.*]] = memref.load %[[A]][%[[C0]]] : memref<64xf32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.view %[[ARENA]][%[[O2]]][] : memref<256xi8> to memref<64xf32>
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<256xi8>
// CHECK-NEXT:    return %[[Y]] : f32
// CHECK-NEXT:  }
func.func @static_unused(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  memref.store %x, %a[%c0] : memref<64xf32>
  %y = memref.load %a[%c0] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %y : f32
}

// CHECK-LABEL: func.func @dynamic_unused(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim %arg0, %[[C0]] : memref<?xf32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[BYTES:.*]] = arith.muli %[[N]], %[[C16]] : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O1]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[A]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    %[[Y:.*]] = memref.load %[[A]][%[[C1]]] : memref<?xf32>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O2]]][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT:    %[[E:.*]] = memref.expand_shape %[[B]] {{\[\[}}0, 1], [2]] output_shape [1, %[[N]], 4] : memref<?x4xf32> into memref<1x?x4xf32>
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[E]], %[[C1]] : memref<1x?x4xf32>
// CHECK-NEXT:    return %[[Y]], %[[D]] : f32, index
// CHECK-NEXT:  }
func.func @dynamic_unused(%in: memref<?xf32>) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %in, %a : memref<?xf32> to memref<?xf32>
  %y = memref.load %a[%c1] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%n) : memref<?x4xf32>
  %e = memref.expand_shape %b [[0, 1], [2]] output_shape [1, %n, 4] : memref<?x4xf32> into memref<1x?x4xf32>
  %d = memref.dim %e, %c1 : memref<1x?x4xf32>
  memref.dealloc %b : memref<?x4xf32>
  return %y, %d : f32, index
}

// OUT:      2.5
// OUT-NEXT: 7.5
// OUT-NEXT: 3
// OUT-NOT:  {{.}}

func.func private @bufrs_print_f32(f32)
func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 2.5 : f32
  %s = func.call @static_unused(%x) : (f32) -> f32
  func.call @bufrs_print_f32(%s) : (f32) -> ()
  %in = memref.alloc(%c3) : memref<?xf32>
  %v = arith.constant 7.5 : f32
  linalg.fill ins(%v : f32) outs(%in : memref<?xf32>)
  %y, %d = func.call @dynamic_unused(%in) : (memref<?xf32>) -> (f32, index)
  memref.dealloc %in : memref<?xf32>
  func.call @bufrs_print_f32(%y) : (f32) -> ()
  %d64 = arith.index_cast %d : index to i64
  func.call @bufrs_print_i64(%d64) : (i64) -> ()
  return
}
