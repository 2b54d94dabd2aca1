// The verifier with private-function-dynamic-ownership (the ABI the
// ownership-based pass gives with the same option): a private function
// called only directly returns an i1 per returned buffer saying whether the
// caller owns it; a call's buffer result is owned only when its flag holds,
// and is otherwise one of the call's buffer operands. Each function here
// breaks that contract once.

// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(bufrs-verify-deallocation{private-function-dynamic-ownership=true})'

// Hands an argument to the caller as owned.
func.func private @id(%a: memref<4xf32>) -> (memref<4xf32>, i1) {
  %true = arith.constant true
  // expected-error @below {{returns memory the function does not own (an argument, a stack buffer or a global): the caller, who owns every returned buffer, would free it}}
  // expected-note @below {{returned here (path: ^bb0)}}
  return %a, %true : memref<4xf32>, i1
}

// Returns its own allocation as not owned: nobody frees it.
func.func private @fresh_unowned() -> (memref<4xf32>, i1) {
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<4xf32>
  %false = arith.constant false
  // expected-note @below {{the path leaves here with the buffer live (path: ^bb0)}}
  return %a, %false : memref<4xf32>, i1
}

// Owns its result only when %c holds; frees nothing.
func.func private @maybe(%c: i1, %a: memref<4xf32>) -> (memref<4xf32>, i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%b, %c : memref<4xf32>, i1)
^bb2:
  cf.br ^bb3(%a, %c : memref<4xf32>, i1)
^bb3(%m: memref<4xf32>, %f: i1):
  return %m, %f : memref<4xf32>, i1
}

// Does not free a flagged result it owns.
func.func @not_freed(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %r:2 = call @maybe(%c, %a) : (i1, memref<4xf32>) -> (memref<4xf32>, i1)
  // expected-note @below {{the path reaches this block with the buffer live and named by no value (path: ^bb0)}}
  memref.dealloc %a : memref<4xf32>
  return
}

// Frees the buffer it lent before using the result that may be it.
func.func @lender_freed_first(%c: i1) -> f32 {
  %i = arith.constant 0 : index
  // expected-error @below {{this buffer is used after its free on a path}}
  %a = memref.alloc() : memref<4xf32>
  %r:2 = call @maybe(%c, %a) : (i1, memref<4xf32>) -> (memref<4xf32>, i1)
  // expected-note @below {{freed here first}}
  memref.dealloc %a : memref<4xf32>
  // expected-note @below {{used here after its free (path: ^bb0)}}
  %x = memref.load %r#0[%i] : memref<4xf32>
  bufferization.dealloc (%r#0 : memref<4xf32>) if (%r#1)
  return %x : f32
}

// Correct: frees the result on its flag after its last use, then the
// buffer it lent.
func.func @correct(%c: i1) -> f32 {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = call @maybe(%c, %a) : (i1, memref<4xf32>) -> (memref<4xf32>, i1)
  %x = memref.load %r#0[%i] : memref<4xf32>
  bufferization.dealloc (%r#0 : memref<4xf32>) if (%r#1)
  memref.dealloc %a : memref<4xf32>
  return %x : f32
}
