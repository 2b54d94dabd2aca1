// A branch on a condition read from memory (or returned by a call) in a
// function that writes buffer addresses to memory the checker does not
// follow: the condition may encode which buffers are the same, so the
// checker cannot pick the way a run takes, and it follows both. Every run
// takes one of them, so a function with nothing wrong on either way
// verifies; what goes wrong only after such a branch may be on a way no run
// takes and is undecided; what goes wrong before it is still a finding.

// RUN: %bufrs-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(bufrs-verify-deallocation{mode=warn emit-remarks=true})'

// The shape of upstream's lowered output of a generated program: an address
// handed to a call whose result is written to memory, and a later `scf.if`
// on a condition computed from a call result. Both ways free the buffer.
func.func private @read_at(index) -> i64
// expected-remark @below {{bufrs-verify-deallocation: every heap buffer is freed exactly once on every path, with no use after free}}
func.func @both_ways_free(%out: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi64>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xi64> -> index
  %v = func.call @read_at(%p) : (index) -> i64
  memref.store %v, %out[%c0] : memref<1xi64>
  %c = arith.trunci %v : i64 to i1
  scf.if %c {
    memref.dealloc %a : memref<4xi64>
  } else {
    memref.dealloc %a : memref<4xi64>
  }
  return
}

// -----

// The same with `cf.cond_br`, and a later branch on the same condition:
// the fact assumed on each way decides it, so the free on the way back is
// the only one on each path.
// expected-remark @below {{bufrs-verify-deallocation: every heap buffer is freed exactly once on every path, with no use after free}}
func.func @cond_br_correlated(%addrs: memref<?xindex>, %flags: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi64>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xi64> -> index
  memref.store %p, %addrs[%c0] : memref<?xindex>
  %c = memref.load %flags[%c0] : memref<?xi1>
  cf.cond_br %c, ^left, ^right
^left:
  cf.br ^join
^right:
  cf.br ^join
^join:
  scf.if %c {
    memref.dealloc %a : memref<4xi64>
  } else {
    memref.dealloc %a : memref<4xi64>
  }
  return
}

// -----

// A free on one way only: the leak on the other way may be on no run.
func.func @leak_after_memory_branch(%addrs: memref<?xindex>, %flags: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi64>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xi64> -> index
  memref.store %p, %addrs[%c0] : memref<?xindex>
  %c = memref.load %flags[%c0] : memref<?xi1>
  cf.cond_br %c, ^free, ^exit
^free:
  memref.dealloc %a : memref<4xi64>
  cf.br ^exit
^exit:
  // expected-warning @below {{bufrs-verify-deallocation: cannot decide deallocation here: a leak on a path through both ways of a branch on a condition read from memory after buffer addresses were written to memory (e.g. by a dealloc helper that is not recognised): the way taken may run in no execution}}
  // expected-note @below {{here (path: ^bb0 -> ^bb2)}}
  return
}

// -----

// A double free before the branch is on every run: a finding (a warning in
// `mode=warn`), next to the undecided leak after the branch.
func.func @finding_before_memory_branch(%addrs: memref<?xindex>, %flags: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  // expected-warning @below {{bufrs-verify-deallocation: this buffer is freed twice on a path}}
  %b = memref.alloc() : memref<4xi64>
  // expected-note @below {{freed here first}}
  memref.dealloc %b : memref<4xi64>
  // expected-note @below {{freed again here (path: ^bb0)}}
  memref.dealloc %b : memref<4xi64>
  %a = memref.alloc() : memref<4xi64>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xi64> -> index
  memref.store %p, %addrs[%c0] : memref<?xindex>
  %c = memref.load %flags[%c0] : memref<?xi1>
  scf.if %c {
    memref.dealloc %a : memref<4xi64>
  }
  // expected-warning @below {{bufrs-verify-deallocation: cannot decide deallocation here: a leak on a path through both ways of a branch on a condition read from memory after buffer addresses were written to memory (e.g. by a dealloc helper that is not recognised): the way taken may run in no execution}}
  // expected-note @below {{here (path: ^bb0)}}
  return
}
