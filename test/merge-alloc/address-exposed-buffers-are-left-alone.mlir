// After memref.extract_aligned_pointer_as_index the raw address can be used
// anywhere later (here a call reads through it), so the buffer is left alone;
// the others still share bytes, but never the exposed buffer's (its
// lifetime does not end at the extract, so no later buffer is placed on it).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics | FileCheck %s

func.func private @consume(index)

// CHECK-LABEL: func.func @address_read_after_other_buffers
// CHECK:         %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<64xf32>)
// CHECK-NEXT:    memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<256xi8> to memref<64xf32>
// CHECK:         call @consume
// CHECK-NOT:     memref.alloc
// expected-remark @below {{scope @address_read_after_other_buffers: 2 buffers merged, 512 bytes before, 256 bytes after, lower bound 256, ratio 1.000}}
func.func @address_read_after_other_buffers(%out: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  // expected-remark @below {{not merged: its address is taken as a plain value, whose uses are not traced}}
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<64xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%two : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%c : memref<64xf32>)
  memref.copy %c, %out : memref<64xf32> to memref<64xf32>
  func.call @consume(%p) : (index) -> ()
  return
}
