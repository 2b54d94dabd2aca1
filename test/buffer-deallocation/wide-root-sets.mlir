// The block chain (utils/gen_block_chain.py) at 16 blocks: wide
// root sets (block k's argument may be any of the k-1 earlier allocations),
// so the plan finds roots' liveness per value (analysis/root_liveness.rs).
// Every edge hands its buffers on to a merge live in the next block: all
// allocations are freed in ^bb17, after the last use of what arrives there.
// The chain ends in a diamond whose join takes %p from one side and %q from
// the other: %p stays alive along the side that brings %q (and %q along the
// other), both freed after the join's use.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation,bufrs-verify-deallocation))' | FileCheck %s

// CHECK-LABEL: func.func @chain(
// CHECK:      ^bb16(%[[A16:.*]]: memref<4xf32>):
// CHECK-NEXT:   %[[M16:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:   memref.copy %[[A16]], %[[M16]]
// CHECK-NEXT:   cf.cond_br %{{.*}}, ^bb17(%[[M16]] : memref<4xf32>), ^bb17(%[[A16]] : memref<4xf32>)
// CHECK-NEXT: ^bb17(%[[LAST:.*]]: memref<4xf32>):
// CHECK-NEXT:   %[[P:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:   %[[Q:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:   memref.copy %[[LAST]], %[[P]]
// CHECK-NEXT:   memref.copy %[[LAST]], %[[Q]]
// CHECK-NEXT:   memref.dealloc %[[M16]] : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_13 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_12 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_11 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_10 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_9 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_8 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_7 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_6 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_5 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_4 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_3 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_2 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_0 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:   cf.cond_br %{{.*}}, ^bb18, ^bb19
// CHECK-NEXT: ^bb18:
// CHECK-NEXT:   cf.br ^bb20(%[[P]] : memref<4xf32>)
// CHECK-NEXT: ^bb19:
// CHECK-NEXT:   memref.copy %[[P]], %[[Q]]
// CHECK-NEXT:   cf.br ^bb20(%[[Q]] : memref<4xf32>)
// CHECK-NEXT: ^bb20(%[[J:.*]]: memref<4xf32>):
// CHECK-NEXT:   %[[V:.*]] = memref.load %[[J]]
// CHECK-NEXT:   memref.dealloc %[[Q]] : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %[[P]] : memref<4xf32>
// CHECK-NEXT:   return %[[V]] : f32
// CHECK-NOT:  memref.dealloc
func.func @chain(%c: i1, %init: memref<4xf32>) -> f32 {
  %i0 = arith.constant 0 : index
  cf.br ^bb1(%init : memref<4xf32>)
^bb1(%a1: memref<4xf32>):
  %m1 = memref.alloc() : memref<4xf32>
  memref.copy %a1, %m1 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb2(%m1 : memref<4xf32>), ^bb2(%a1 : memref<4xf32>)
^bb2(%a2: memref<4xf32>):
  %m2 = memref.alloc() : memref<4xf32>
  memref.copy %a2, %m2 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb3(%m2 : memref<4xf32>), ^bb3(%a2 : memref<4xf32>)
^bb3(%a3: memref<4xf32>):
  %m3 = memref.alloc() : memref<4xf32>
  memref.copy %a3, %m3 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb4(%m3 : memref<4xf32>), ^bb4(%a3 : memref<4xf32>)
^bb4(%a4: memref<4xf32>):
  %m4 = memref.alloc() : memref<4xf32>
  memref.copy %a4, %m4 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb5(%m4 : memref<4xf32>), ^bb5(%a4 : memref<4xf32>)
^bb5(%a5: memref<4xf32>):
  %m5 = memref.alloc() : memref<4xf32>
  memref.copy %a5, %m5 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb6(%m5 : memref<4xf32>), ^bb6(%a5 : memref<4xf32>)
^bb6(%a6: memref<4xf32>):
  %m6 = memref.alloc() : memref<4xf32>
  memref.copy %a6, %m6 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb7(%m6 : memref<4xf32>), ^bb7(%a6 : memref<4xf32>)
^bb7(%a7: memref<4xf32>):
  %m7 = memref.alloc() : memref<4xf32>
  memref.copy %a7, %m7 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb8(%m7 : memref<4xf32>), ^bb8(%a7 : memref<4xf32>)
^bb8(%a8: memref<4xf32>):
  %m8 = memref.alloc() : memref<4xf32>
  memref.copy %a8, %m8 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb9(%m8 : memref<4xf32>), ^bb9(%a8 : memref<4xf32>)
^bb9(%a9: memref<4xf32>):
  %m9 = memref.alloc() : memref<4xf32>
  memref.copy %a9, %m9 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb10(%m9 : memref<4xf32>), ^bb10(%a9 : memref<4xf32>)
^bb10(%a10: memref<4xf32>):
  %m10 = memref.alloc() : memref<4xf32>
  memref.copy %a10, %m10 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb11(%m10 : memref<4xf32>), ^bb11(%a10 : memref<4xf32>)
^bb11(%a11: memref<4xf32>):
  %m11 = memref.alloc() : memref<4xf32>
  memref.copy %a11, %m11 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb12(%m11 : memref<4xf32>), ^bb12(%a11 : memref<4xf32>)
^bb12(%a12: memref<4xf32>):
  %m12 = memref.alloc() : memref<4xf32>
  memref.copy %a12, %m12 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb13(%m12 : memref<4xf32>), ^bb13(%a12 : memref<4xf32>)
^bb13(%a13: memref<4xf32>):
  %m13 = memref.alloc() : memref<4xf32>
  memref.copy %a13, %m13 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb14(%m13 : memref<4xf32>), ^bb14(%a13 : memref<4xf32>)
^bb14(%a14: memref<4xf32>):
  %m14 = memref.alloc() : memref<4xf32>
  memref.copy %a14, %m14 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb15(%m14 : memref<4xf32>), ^bb15(%a14 : memref<4xf32>)
^bb15(%a15: memref<4xf32>):
  %m15 = memref.alloc() : memref<4xf32>
  memref.copy %a15, %m15 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb16(%m15 : memref<4xf32>), ^bb16(%a15 : memref<4xf32>)
^bb16(%a16: memref<4xf32>):
  %m16 = memref.alloc() : memref<4xf32>
  memref.copy %a16, %m16 : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb17(%m16 : memref<4xf32>), ^bb17(%a16 : memref<4xf32>)
^bb17(%last: memref<4xf32>):
  %p = memref.alloc() : memref<4xf32>
  %q = memref.alloc() : memref<4xf32>
  memref.copy %last, %p : memref<4xf32> to memref<4xf32>
  memref.copy %last, %q : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^left, ^right
^left:
  cf.br ^join(%p : memref<4xf32>)
^right:
  memref.copy %p, %q : memref<4xf32> to memref<4xf32>
  cf.br ^join(%q : memref<4xf32>)
^join(%j: memref<4xf32>):
  %v = memref.load %j[%i0] : memref<4xf32>
  return %v : f32
}
