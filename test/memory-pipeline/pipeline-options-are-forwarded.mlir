// The pipelines forward the options of their stages a user needs:
// bufrs-prepare-functions its out-param stage's append-results and both
// stages' modify-public-functions, bufrs-memory-pipeline the same for its
// prepare stage and its promotion's rank limit (to the promotion and to
// loop hoisting's keep-peak, which exempts what the promotion takes); its
// removal of read-only copies runs on the module, between preparation and
// the function stages. A bad
// value or an unknown option is one error line naming the pipeline.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-prepare-functions{modify-public-functions=true append-results=none})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREPARE
// PREPARE:      builtin.module(
// PREPARE-NEXT:   bufrs-decompose-tuples{index-attribute=index modify-public-functions=true pack-op=test.make_tuple unpack-op=test.get_tuple_element},
// PREPARE-NEXT:   bufrs-buffer-results-to-out-params{append-results=none copy-op=memref.copy hoist-allocations=true modify-public-functions=true only-in-place=true result-attribute= reuse-allocations=true tensor-signatures=true}
// PREPARE-NEXT: )

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{prepare=true modify-public-functions=true append-results=from-tensors promote-max-rank=2})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEMORY
// MEMORY:      builtin.module(
// MEMORY-NEXT:   bufrs-decompose-tuples{index-attribute=index modify-public-functions=true pack-op=test.make_tuple unpack-op=test.get_tuple_element},
// MEMORY-NEXT:   bufrs-buffer-results-to-out-params{append-results=from-tensors copy-op=memref.copy hoist-allocations=true modify-public-functions=true only-in-place=true result-attribute= reuse-allocations=true tensor-signatures=false},
// MEMORY-NEXT:   bufrs-remove-read-only-copies,
// MEMORY-NEXT:   func.func(
// MEMORY-NEXT:     bufrs-view-unread-inputs,
// MEMORY-NEXT:     bufrs-expand-realloc,
// MEMORY-NEXT:     bufrs-copy-removal{clones=true dead-buffers=true emit-remarks=false},
// MEMORY-NEXT:     bufrs-reuse-dying-inputs{keep-peak=true promoted-max-bytes=1024 promoted-max-rank=2},
// MEMORY-NEXT:     bufrs-write-into-destination,
// MEMORY-NEXT:     bufrs-buffer-loop-hoisting{block-loops=true emit-remarks=false keep-peak=true promoted-max-bytes=1024 promoted-max-rank=2},
// MEMORY-NEXT:     bufrs-promote-buffers-to-stack{emit-remarks=false max-alloc-size-in-bytes=1024 max-rank-of-allocated-memref=2 promote-in-loops=false},

// Seed 002's example signature through the pipeline: the public function's
// memref result becomes an out-param.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-prepare-functions{modify-public-functions=true})' | FileCheck %s
// CHECK-LABEL: func.func @on_tensors(
// CHECK-SAME:    %arg0: i1, %arg1: f32, %arg2: memref<5xf32>, %arg3: memref<10xf32>) {

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-prepare-functions{append-results=some})' 2>&1 | FileCheck %s --check-prefix=BAD --match-full-lines
// BAD: <unknown>:0: error: bufrs-prepare-functions: option 'append-results' has invalid value 'some' (allowed: one of all, from-tensors, none)
// BAD-NEXT: failed to add `bufrs-prepare-functions` with options `append-results=some`

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{promote-max-rank=-1})' 2>&1 | FileCheck %s --check-prefix=RANK --match-full-lines
// RANK: <unknown>:0: error: bufrs-memory-pipeline: option 'promote-max-rank' has invalid value '-1' (allowed: an integer >= 0)

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{loop-hoisting-keep-peak=false promote=false})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOKEEP
// NOKEEP:      bufrs-copy-removal{clones=true dead-buffers=true emit-remarks=false},
// NOKEEP-NEXT: bufrs-reuse-dying-inputs{keep-peak=true promoted-max-bytes=0 promoted-max-rank=8},
// NOKEEP-NEXT: bufrs-write-into-destination,
// NOKEEP-NEXT: bufrs-buffer-loop-hoisting{block-loops=true emit-remarks=false keep-peak=false promoted-max-bytes=0 promoted-max-rank=8},
// NOKEEP-NEXT: bufrs-ownership-based-buffer-deallocation{

// The in-place stage has its switch: off, copy removal is followed by the
// stage writing parts of a destination in place. On, it keeps the peak with the promotion's bounds (above; with
// promote=false no buffer is counted as on the stack).
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{reuse-dying-inputs=false})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOREUSE
// NOREUSE:      bufrs-copy-removal{clones=true dead-buffers=true emit-remarks=false},
// NOREUSE-NEXT: bufrs-write-into-destination,
// NOREUSE-NEXT: bufrs-buffer-loop-hoisting{
// NOREUSE-NOT:  bufrs-reuse-dying-inputs

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{no-such-option=1})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --match-full-lines
// UNKNOWN: <unknown>:0: error: bufrs-memory-pipeline: no such option no-such-option
// UNKNOWN-NEXT: failed to add `bufrs-memory-pipeline` with options `no-such-option=1`

func.func @on_tensors(%arg0: i1, %arg1: f32, %out: memref<5xf32>) -> memref<10xf32> {
  %0 = memref.alloc() : memref<10xf32>
  linalg.fill ins(%arg1 : f32) outs(%0 : memref<10xf32>)
  linalg.fill ins(%arg1 : f32) outs(%out : memref<5xf32>)
  return %0 : memref<10xf32>
}
