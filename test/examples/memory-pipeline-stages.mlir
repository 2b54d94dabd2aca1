// bufrs-memory-pipeline expands to one nested func.func pipeline in the
// documented order (docs/pipeline.md; plain hoisting only on request), with
// bufrs-finalize-deallocation before merging (and the verifier last, when on); every
// stage can be turned off, the
// promotion limit and the merge planner are passed on, and a bad value is
// one error line.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: IR Dump After bufrs-expand-realloc
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-copy-removal
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-reuse-dying-inputs
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-write-into-destination
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-buffer-loop-hoisting
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-promote-buffers-to-stack
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-ownership-based-buffer-deallocation
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-buffer-deallocation-simplification
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-lower-deallocations
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-copy-removal
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-finalize-deallocation
// ALL-NOT: IR Dump After
// ALL: IR Dump After bufrs-merge-alloc
// ALL-NOT: IR Dump After

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{hoisting=true})' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOIST
// HOIST: IR Dump After bufrs-expand-realloc
// HOIST-NOT: IR Dump After
// HOIST: IR Dump After bufrs-copy-removal
// HOIST-NOT: IR Dump After
// HOIST: IR Dump After bufrs-reuse-dying-inputs
// HOIST-NOT: IR Dump After
// HOIST: IR Dump After bufrs-write-into-destination
// HOIST-NOT: IR Dump After
// HOIST: IR Dump After bufrs-buffer-hoisting
// HOIST-NOT: IR Dump After
// HOIST: IR Dump After bufrs-buffer-loop-hoisting

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{loop-hoisting=false promote=false copy-removal=false reuse-dying-inputs=false merge=false ownership=false verify=true})' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=FEW
// FEW: IR Dump After bufrs-expand-realloc
// FEW-NOT: IR Dump After
// FEW: IR Dump After bufrs-write-into-destination
// FEW-NOT: IR Dump After
// FEW: IR Dump After bufrs-buffer-deallocation
// FEW-NOT: IR Dump After
// FEW: IR Dump After bufrs-finalize-deallocation
// FEW-NOT: IR Dump After
// FEW: IR Dump After bufrs-verify-deallocation
// FEW-NOT: IR Dump After

// With promotion of buffers up to 4 bytes only, both stay on the heap; the
// loop's buffer is hoisted out of the loop. With merge-keep-peak=false, as
// their lifetimes do not overlap both are merged into one buffer of 64 bytes
// at offset 0, allocated where the first of them was (after the function's
// constants) and freed after the last use. By default (keep-peak) they stay
// two mallocs: the arena's 64-byte alignment makes malloc asked for 128
// bytes, above the 64 of the larger buffer alone.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote-max-bytes=4 merge-planner=greedy-size merge-keep-peak=false})' | FileCheck %s --check-prefix=SMALL
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote-max-bytes=4 merge-planner=greedy-size})' | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @f(
// KEEP:         %[[A:.*]] = memref.alloc() : memref<16xf32>
// KEEP:         memref.dealloc %[[A]] : memref<16xf32>
// KEEP-NEXT:    %[[B:.*]] = memref.alloc() : memref<8xf32>
// KEEP-NEXT:    scf.for
// KEEP:         memref.dealloc %[[B]] : memref<8xf32>
// KEEP-NEXT:    return
// SMALL-LABEL: func.func @f(
// SMALL-NEXT:    arith.constant 0 : index
// SMALL-NEXT:    arith.constant 1 : index
// SMALL-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// SMALL:         memref.view %[[ARENA]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// SMALL:         memref.view %[[ARENA]][%{{.*}}][] : memref<64xi8> to memref<8xf32>
// SMALL-NEXT:    scf.for
// SMALL-NOT:     memref.alloc
// SMALL:         memref.dealloc %[[ARENA]] : memref<64xi8>
// SMALL-NEXT:    return

// By default both go to the stack (64 and 32 bytes) and, their lifetimes
// disjoint, share one 64-byte stack arena; nothing is left to free. With
// merge-stack=false each keeps its own alloca.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-LABEL: func.func @f(
// DEFAULT-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// DEFAULT:         memref.view %[[S]][%{{.*}}][] : memref<64xi8> to memref<16xf32>
// DEFAULT:         memref.view %[[S]][%{{.*}}][] : memref<64xi8> to memref<8xf32>
// DEFAULT-NOT:     memref.alloc
// DEFAULT-NOT:     memref.dealloc
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{merge-stack=false})' | FileCheck %s --check-prefix=APART
// APART-LABEL: func.func @f(
// APART-DAG:     memref.alloca() : memref<16xf32>
// APART-DAG:     memref.alloca() : memref<8xf32>
// APART-NOT:     memref.alloc()
// APART-NOT:     memref.dealloc

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{merge-planner=best})' 2>&1 | FileCheck %s --check-prefix=BAD --match-full-lines
// BAD: <unknown>:0: error: bufrs-memory-pipeline: option 'merge-planner' has invalid value 'best' (allowed: one of default, free-chunk, free-chunk-cost, greedy-size, best-fit-start, size-duration, greedy-breadth, skyline, search)
// BAD-NEXT: failed to add `bufrs-memory-pipeline` with options `merge-planner=best`
func.func @f(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %small = memref.alloc() : memref<16xf32>
  memref.store %x, %small[%c0] : memref<16xf32>
  %w = memref.load %small[%c0] : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> f32 {
    %tmp = memref.alloc() : memref<8xf32>
    memref.store %acc, %tmp[%c0] : memref<8xf32>
    %v = memref.load %tmp[%c0] : memref<8xf32>
    %s = arith.addf %v, %x : f32
    scf.yield %s : f32
  }
  return %r : f32
}
