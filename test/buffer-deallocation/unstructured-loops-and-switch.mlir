// Beyond upstream (whose ownership-based pass rejects unstructured loops in
// LLVM 22.1.8): a cf loop carrying a new buffer around its back edge frees
// the previous iteration's buffer; buffers that all dominate a cf.switch
// join just live until its last use; cf.switch edges that need different
// frees into one block get a block of their own on the edge.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @cf_loop
// CHECK:         %[[INIT:.*]] = memref.alloc()
// CHECK:         cf.br ^bb1(%{{.*}}, %[[INIT]] : index, memref<4xf32>)
// CHECK:       ^bb1(%{{.*}}: index, %[[ACC:.*]]: memref<4xf32>):
// CHECK:         cf.cond_br %{{.*}}, ^bb2, ^bb3
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[NEXT:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %[[ACC]], %[[NEXT]]
// CHECK-NEXT:    memref.dealloc %[[ACC]]
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    cf.br ^bb1(%{{.*}}, %[[NEXT]] : index, memref<4xf32>)
// CHECK:       ^bb3:
// CHECK-NEXT:    memref.copy %[[ACC]], %arg1
// CHECK-NEXT:    memref.dealloc %[[ACC]]
// CHECK-NEXT:    return
func.func @cf_loop(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  memref.copy %out, %init : memref<4xf32> to memref<4xf32>
  cf.br ^header(%c0, %init : index, memref<4xf32>)
^header(%i: index, %acc: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<4xf32>
  memref.copy %acc, %next : memref<4xf32> to memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1, %next : index, memref<4xf32>)
^exit:
  memref.copy %acc, %out : memref<4xf32> to memref<4xf32>
  return
}

// -----

// Two buffers allocated before the switch and an argument reach one block:
// no copy; both buffers live until the merged value's last use.
// CHECK-LABEL: func.func @switch
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^[[JOIN:bb[0-9]+]](%[[A]] : memref<4xf32>),
// CHECK-NEXT:      1: ^[[JOIN]](%[[B]] : memref<4xf32>),
// CHECK-NEXT:      2: ^[[TWO:bb[0-9]+]]
// CHECK-NEXT:    ]
// CHECK:       ^[[TWO]]:
// CHECK-NEXT:    cf.br ^[[JOIN]](%arg1 : memref<4xf32>)
// CHECK:       ^[[JOIN]](%[[J:.*]]: memref<4xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %arg1
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @switch(%flag: i32, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %out, %a : memref<4xf32> to memref<4xf32>
  memref.copy %out, %b : memref<4xf32> to memref<4xf32>
  cf.switch %flag : i32, [
    default: ^join(%a : memref<4xf32>),
    1: ^join(%b : memref<4xf32>),
    2: ^other
  ]
^other:
  cf.br ^join(%out : memref<4xf32>)
^join(%j: memref<4xf32>):
  memref.copy %j, %out : memref<4xf32> to memref<4xf32>
  return
}

// -----

// A buffer allocated on one path makes the join critical: the two earlier
// buffers are moved along their edges, and each edge frees the other one on
// a block of its own (the edges from the switch to the join need different
// frees); the third path frees both at its start.
// CHECK-LABEL: func.func @switch_split
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^[[DEF:bb[0-9]+]](%[[A]] : memref<4xf32>),
// CHECK-NEXT:      1: ^[[ONE:bb[0-9]+]](%[[B]] : memref<4xf32>),
// CHECK-NEXT:      2: ^[[TWO:bb[0-9]+]]
// CHECK-NEXT:    ]
// CHECK:       ^[[ONE]](%[[X:.*]]: memref<4xf32>):
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    cf.br ^[[JOIN:bb[0-9]+]](%[[X]] : memref<4xf32>)
// CHECK:       ^[[DEF]](%[[Y:.*]]: memref<4xf32>):
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    cf.br ^[[JOIN]](%[[Y]] : memref<4xf32>)
// CHECK:       ^[[TWO]]:
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    %[[C:.*]] = memref.alloc()
// CHECK:         cf.br ^[[JOIN]](%[[C]] : memref<4xf32>)
// CHECK:       ^[[JOIN]](%[[J:.*]]: memref<4xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %arg1
// CHECK-NEXT:    memref.dealloc %[[J]]
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @switch_split(%flag: i32, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %out, %a : memref<4xf32> to memref<4xf32>
  memref.copy %out, %b : memref<4xf32> to memref<4xf32>
  cf.switch %flag : i32, [
    default: ^join(%a : memref<4xf32>),
    1: ^join(%b : memref<4xf32>),
    2: ^other
  ]
^other:
  %c = memref.alloc() : memref<4xf32>
  memref.copy %out, %c : memref<4xf32> to memref<4xf32>
  cf.br ^join(%c : memref<4xf32>)
^join(%j: memref<4xf32>):
  memref.copy %j, %out : memref<4xf32> to memref<4xf32>
  return
}
