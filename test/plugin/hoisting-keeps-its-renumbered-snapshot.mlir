// Loop hoisting and hoisting hand the passes after them their snapshot
// patched with their moves (patch::patch_moved_ops): a moved allocation
// takes a new place in the capture's pre-order, so ops and values are
// renumbered as a fresh capture would number them, and `compare=true`
// finds the kept snapshot equal to one (ids, facts, MLIR handles). A move
// that also builds a free after the loop and erases the one inside is not
// patched: the next pass captures.

// RUN: mlir-opt --load-pass-plugin=%plugin %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-test-kept-snapshot{compare=true}))' 2>&1 | FileCheck %s

// CHECK: remark: snapshot of 10 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @out_of_nested_loops
// CHECK: remark: snapshot of 10 ops: kept, the same as a fresh capture
// CHECK-NEXT: func.func @out_of_a_block_loop
// CHECK: remark: snapshot of 9 ops: captured
// CHECK-NEXT: func.func @with_its_free
// CHECK-NOT: remark
// CHECK-LABEL: func.func @out_of_nested_loops(%arg0
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[C0]]]
// CHECK-LABEL: func.func @out_of_a_block_loop(%arg0
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: cf.br ^bb1
// CHECK: ^bb1(%{{.*}}: index):
// CHECK-NEXT: memref.store %{{.*}}, %[[B]]
// CHECK-LABEL: func.func @with_its_free(%arg0
// CHECK: %[[F:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store %{{.*}}, %[[F]]
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[F]]

// Two threads (MLIR's default pool): the same per function.
// RUN: mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting,bufrs-test-kept-snapshot{compare=true}))' -o /dev/null 2>&1 | grep -o 'snapshot of [0-9]* ops: .*' | sort | uniq -c | FileCheck %s --check-prefix=THREADS
// THREADS: 2 snapshot of 10 ops: kept, the same as a fresh capture
// THREADS-NEXT: 1 snapshot of 9 ops: captured
// THREADS-NOT: snapshot

func.func @out_of_nested_loops(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %0 = memref.alloc() : memref<4xf32>
      memref.store %f, %0[%c0] : memref<4xf32>
    }
  }
  return
}

func.func @out_of_a_block_loop(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %0 = memref.alloc() : memref<4xf32>
  memref.store %f, %0[%c0] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^bb1(%next : index), ^bb2
^bb2:
  return
}

func.func @with_its_free(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%c0] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
  }
  return
}
