// bufrs-buffer-deallocation through BranchOpInterface: buffers passed as
// cf.br / cf.cond_br / cf.switch block arguments, control-flow loops, and
// blocks written in any order in the text.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// Seeds 000 and 002, "Introduction of Clones": @branch, @condBranchDynamicType
// and @condBranchDynamicTypeNested (002 in old syntax; here in today's), and
// seed 000's @mixedAllocation. Where the seeds clone an owned buffer into a
// critical block argument and free the original right after, bufrs moves the
// buffer instead (what clone canonicalization makes of the seeds' output);
// buffers the function does not own (arguments, allocas) are cloned when the
// join is critical.

// CHECK-LABEL: func.func @branch
// CHECK:         %[[A0:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^[[BB1:.*]], ^[[BB2:.*]]
// CHECK:       ^[[BB1]]:
// CHECK-NEXT:    memref.dealloc %[[A0]]
// CHECK-NEXT:    %[[A1:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.br ^[[BB3:.*]](%[[A1]] : memref<2xf32>)
// CHECK:       ^[[BB2]]:
// CHECK-NEXT:    memref.copy %[[A0]], %{{.*}}
// CHECK-NEXT:    cf.br ^[[BB3]](%[[A0]] : memref<2xf32>)
// CHECK:       ^[[BB3]](%[[J:.*]]: memref<2xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[J]]
// CHECK-NEXT:    return
// CHECK-NOT:   bufferization.clone
func.func @branch(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.copy %2, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// The argument is cloned on its way into the critical ^bb3 argument; the
// dynamically sized clone takes its size from the source.
// CHECK-LABEL: func.func @condBranchDynamicType
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    cf.br ^bb3(%[[C]] : memref<?xf32>)
// CHECK:       ^bb2(%[[N:.*]]: index):
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    memref.copy %arg1, %[[A]]
// CHECK-NEXT:    cf.br ^bb3(%[[A]] : memref<?xf32>)
// CHECK:       ^bb3(%[[J:.*]]: memref<?xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %arg2
// CHECK-NEXT:    memref.dealloc %[[J]] : memref<?xf32>
// CHECK-NEXT:    return
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// %2 (^bb5) is a non-critical alias of %1; %3 (^bb6) is critical (it may be
// %arg1 or %1); %4 (^bb7) is a non-critical alias of %3, so %3 is freed
// after %4's last use, as in seed 002. Where the seed clones %2 into %3 and
// frees %1, bufrs hands %1 over through its exact alias %2: no copy.
// CHECK-LABEL: func.func @condBranchDynamicTypeNested
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[C0:.*]] = bufferization.clone %arg1
// CHECK-NEXT:    cf.br ^bb6(%[[C0]] : memref<?xf32>)
// CHECK:       ^bb2(%{{.*}}: index):
// CHECK-NEXT:    %[[A:.*]] = memref.alloc
// CHECK:       ^bb3:
// CHECK-NEXT:    cf.br ^bb5(%[[A]] : memref<?xf32>)
// CHECK:       ^bb4:
// CHECK-NEXT:    cf.br ^bb5(%[[A]] : memref<?xf32>)
// CHECK:       ^bb5(%[[B5:.*]]: memref<?xf32>):
// CHECK-NEXT:    cf.br ^bb6(%[[B5]] : memref<?xf32>)
// CHECK:       ^bb6(%[[B6:.*]]: memref<?xf32>):
// CHECK-NEXT:    cf.br ^bb7(%[[B6]] : memref<?xf32>)
// CHECK:       ^bb7(%[[B7:.*]]: memref<?xf32>):
// CHECK-NEXT:    memref.copy %[[B7]], %arg2
// CHECK-NEXT:    memref.dealloc %[[B6]] : memref<?xf32>
// CHECK-NEXT:    return
// CHECK-NOT:     memref.dealloc
func.func @condBranchDynamicTypeNested(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Seed 000 @mixedAllocation: the alloca is not owned and the alloc dominates
// the join, so the join is a mere alias of both: where the seed clones, bufrs
// copies nothing and frees the alloc after the join's last use.
// CHECK-LABEL: func.func @mixedAllocation
// CHECK:         %[[S:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[S]] : memref<2xf32>)
// CHECK:       ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[H]] : memref<2xf32>)
// CHECK:       ^bb3(%[[J:.*]]: memref<2xf32>):
// CHECK-NEXT:    memref.copy %[[J]], %arg1
// CHECK-NEXT:    memref.dealloc %[[H]]
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @mixedAllocation(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.copy %2, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Beyond upstream (whose ownership-based pass rejects unstructured loops in
// LLVM 22.1.8): a cf loop carrying a new buffer around its back edge frees
// the previous iteration's buffer; buffers that all dominate a cf.switch
// join just live until its last use; cf.switch edges that need different
// frees into one block get a block of their own on the edge.

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

// -----

// Blocks need not appear in dominance order: a value may be used in a block
// that comes before its definition in the text. Each buffer is freed after
// its last use wherever that block stands, not right after its definition
// (which would come before the use that comes earlier in the text).

// CHECK-LABEL: func.func @use_block_before_definition_block
// CHECK:         cf.br ^[[DEF:bb[0-9]+]]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.copy %[[BUF:.*]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[BUF]]
// CHECK-NEXT:    return
// CHECK-NEXT:  ^[[DEF]]:
// CHECK-NEXT:    %[[BUF]] = memref.alloc()
// CHECK-NEXT:    cf.br ^bb1
func.func @use_block_before_definition_block(%out: memref<2xi32>) {
  cf.br ^def
^use:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  return
^def:
  %buf = memref.alloc() : memref<2xi32>
  cf.br ^use
}

// -----

// A loop whose header comes last: the body's buffer is freed in the body.
// CHECK-LABEL: func.func @loop_header_after_body
// CHECK:       ^bb1:
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %[[BUF]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[BUF]]
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NOT:     memref.dealloc
func.func @loop_header_after_body(%n: index, %out: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^exit:
  return
^body:
  %buf = memref.alloc() : memref<2xi32>
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
}

// -----

// A buffer defined in the last block and used by two earlier ones, one of
// which branches to the other: freed where each path ends.
// CHECK-LABEL: func.func @two_users_before_the_definition
// CHECK:         cf.br ^[[DEF:bb[0-9]+]]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.copy %[[BUF:.*]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[BUF]]
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.copy %[[BUF]], %{{.*}}
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^[[DEF]]:
// CHECK-NEXT:    %[[BUF]] = memref.alloc()
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^bb1, ^bb2
func.func @two_users_before_the_definition(%c: i1, %out: memref<2xi32>) {
  cf.br ^def
^last:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  return
^middle:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  cf.br ^last
^def:
  %buf = memref.alloc() : memref<2xi32>
  cf.cond_br %c, ^last, ^middle
}
