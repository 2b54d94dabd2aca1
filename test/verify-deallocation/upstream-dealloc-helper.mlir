// Upstream's buffer-deallocation-pipeline lowers a bufferization.dealloc of
// several memrefs to a call of its generated dealloc helper, which compares
// the addresses stored in small local buffers and writes each buffer's
// ownership bit to another; the frees branch on loads of those bits. The
// verifier recognises the helper from its body (whatever its name, called or
// inlined), follows the cells of the local buffers on each path, and so
// decides the function; a helper with another body is not trusted, and a
// wrong ownership bit stored for the helper is a finding.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(buffer-deallocation-pipeline)' -o %t.lowered.mlir
// RUN: FileCheck %s --check-prefix=LOWERED < %t.lowered.mlir
// LOWERED: call @dealloc_helper(
// LOWERED: func.func private @dealloc_helper(

// Decided, under its own name and under another.
// RUN: %bufrs-opt %t.lowered.mlir --pass-pipeline='builtin.module(bufrs-verify-deallocation{emit-remarks=true})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK --implicit-check-not=error --implicit-check-not=warning
// RUN: sed 's/dealloc_helper/free_some/g' %t.lowered.mlir \
// RUN:   | %bufrs-opt --pass-pipeline='builtin.module(bufrs-verify-deallocation{emit-remarks=true})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK --implicit-check-not=error --implicit-check-not=warning
// OK-COUNT-2: remark: bufrs-verify-deallocation: every heap buffer is freed exactly once on every path, with no use after free

// Inlined (without the inliner's canonicalization): decided too.
// RUN: %bufrs-opt %t.lowered.mlir --inline='default-pipeline=' -o %t.inlined.mlir
// RUN: FileCheck %s --check-prefix=INLINED < %t.inlined.mlir
// INLINED-NOT: call @dealloc_helper
// INLINED: scf.for
// RUN: %bufrs-opt %t.inlined.mlir --pass-pipeline='builtin.module(bufrs-verify-deallocation{emit-remarks=true})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=error --implicit-check-not=warning
// ONE: remark: bufrs-verify-deallocation: every heap buffer is freed exactly once on every path, with no use after free
// ONE-NOT: remark

// A helper whose body differs (it sets the retained bits to true first) is
// not trusted: both ways of each branch on a bit it wrote are followed, and
// the leaks on the ways no execution may take are undecided.
// RUN: sed 's/memref.store %false, %arg4/memref.store %%true, %arg4/' %t.lowered.mlir \
// RUN:   | %bufrs-opt --pass-pipeline='builtin.module(bufrs-verify-deallocation)' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OTHER --implicit-check-not=error
// OTHER: warning: bufrs-verify-deallocation: cannot decide deallocation here: a leak on a path through both ways of a branch on a condition read from memory after buffer addresses were written to memory (e.g. by a dealloc helper that is not recognised): the way taken may run in no execution

// On one function the pass does not read the callee: undecided, not verified.
// RUN: %bufrs-opt %t.lowered.mlir --pass-pipeline='builtin.module(func.func(bufrs-verify-deallocation))' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OTHER --implicit-check-not=error

// The ownership bit of %a stored as %c instead of true: %a leaks when %c
// is false.
// RUN: sed 's/memref.store %%true, %alloc_5\[%c0\]/memref.store %arg0, %alloc_5[%c0]/' %t.lowered.mlir \
// RUN:   | not %bufrs-opt --pass-pipeline='builtin.module(bufrs-verify-deallocation)' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LEAK --implicit-check-not=warning
// LEAK: error: bufrs-verify-deallocation: this buffer is not freed on a path (it leaks)
// LEAK-NOT: error

func.func @merge(%c: i1, %n: index, %v: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %r = scf.if %c -> memref<?xf32> {
    scf.yield %a : memref<?xf32>
  } else {
    %b = memref.alloc(%n) : memref<?xf32>
    scf.yield %b : memref<?xf32>
  }
  %s = scf.if %c -> memref<?xf32> {
    %d = memref.alloc(%n) : memref<?xf32>
    scf.yield %d : memref<?xf32>
  } else {
    scf.yield %r : memref<?xf32>
  }
  memref.store %v, %s[%c0] : memref<?xf32>
  return %r : memref<?xf32>
}
