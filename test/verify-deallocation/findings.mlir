// bufrs-verify-deallocation: one function per kind of finding, each an error
// at the allocation (or at the op at fault) with a note at the op at fault
// naming one path that leads there.

// RUN: %bufrs-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-verify-deallocation))'

func.func @leak_on_one_path(%c: i1) {
  // expected-error @below {{bufrs-verify-deallocation: this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^free, ^exit
^free:
  memref.dealloc %a : memref<2xf32>
  cf.br ^exit
^exit:
  // expected-note @below {{the path reaches this block with the buffer live and named by no value (path: ^bb0 -> ^bb2)}}
  return
}

// -----

func.func @double_free_through_a_block_argument() {
  // expected-error @below {{this buffer is freed twice on a path}}
  %a = memref.alloc() : memref<2xf32>
  cf.br ^next(%a : memref<2xf32>)
^next(%b: memref<2xf32>):
  // expected-note @below {{freed here first}}
  memref.dealloc %a : memref<2xf32>
  // expected-note @below {{freed again here (path: ^bb0 -> ^bb1)}}
  memref.dealloc %b : memref<2xf32>
  return
}

// -----

func.func @use_after_free_through_a_view(%i: index) -> f32 {
  // expected-error @below {{this buffer is used after its free on a path}}
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  // expected-note @below {{freed here first}}
  memref.dealloc %a : memref<8xf32>
  // expected-note @below {{used here after its free (path: ^bb0)}}
  %x = memref.load %v[%i] : memref<4xf32, strided<[1], offset: 2>>
  return %x : f32
}

// -----

func.func @free_of_an_argument(%arg: memref<2xf32>) {
  // expected-error @below {{frees memory the function does not own (an argument, a stack buffer or memory of unknown origin)}}
  // expected-note @below {{here (path: ^bb0)}}
  memref.dealloc %arg : memref<2xf32>
  return
}

// -----

// A buffer allocated outside a loop and freed inside it: the second
// iteration frees it again, and when the loop runs no iteration it leaks.
func.func @free_inside_a_loop_of_a_buffer_allocated_outside(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{this buffer is freed twice on a path}}
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %n step %c1 {
    // expected-note @below {{freed here first}}
    // expected-note @below {{freed again here (path: ^bb0 -> 'scf.for' region 0 ^bb0)}}
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note @below {{the path leaves here with the buffer live (path: ^bb0)}}
  return
}

// -----

// Allocated in every iteration of a block loop and never freed: back at the
// header the buffer is named by nothing any more.
func.func @allocated_in_a_block_loop_never_freed(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  // expected-note @below {{the path reaches this block with the buffer live and named by no value (path: ^bb0 -> ^bb1 -> ^bb2 -> ^bb1)}}
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<2xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}

// -----

func.func @returned_after_its_free() -> memref<2xf32> {
  // expected-error @below {{this buffer is returned after its free on a path}}
  %a = memref.alloc() : memref<2xf32>
  // expected-note @below {{freed here first}}
  memref.dealloc %a : memref<2xf32>
  // expected-note @below {{returned here after its free (path: ^bb0)}}
  return %a : memref<2xf32>
}

// -----

func.func @returned_twice() -> (memref<2xf32>, memref<2xf32>) {
  // expected-error @below {{this buffer is handed to the caller twice on a path (the caller would free it twice)}}
  %a = memref.alloc() : memref<2xf32>
  // expected-note @below {{returned again here (path: ^bb0)}}
  return %a, %a : memref<2xf32>, memref<2xf32>
}

// -----

// Ownership-based deallocation: freed only when the condition holds, which
// is false on the path through ^skip.
func.func @conditional_free_misses_a_path(%c: i1) {
  %false = arith.constant false
  %true = arith.constant true
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^own(%true : i1), ^skip(%false : i1)
^own(%o: i1):
  cf.br ^join(%o : i1)
^skip(%p: i1):
  cf.br ^join(%p : i1)
^join(%owned: i1):
  bufferization.dealloc (%a : memref<2xf32>) if (%owned)
  // expected-note @below {{the path leaves here with the buffer live (path: ^bb0 -> ^bb2 -> ^bb3)}}
  return
}

// -----

// The previous iteration's buffer travels in a block argument that only
// the exit frees: on entry to the body nothing names it any more.
func.func @carried_buffer_dropped(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %first = memref.alloc() : memref<2xf32>
  cf.br ^header(%c0, %first : index, memref<2xf32>)
^header(%i: index, %carried: memref<2xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  // expected-note @below {{the path reaches this block with the buffer live and named by no value (path: ^bb0 -> ^bb1 -> ^bb2)}}
  // expected-note @below {{the path reaches this block with the buffer live and named by no value (path: ^bb0 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2)}}
  %next = arith.addi %i, %c1 : index
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %fresh = memref.alloc() : memref<2xf32>
  cf.br ^header(%next, %fresh : index, memref<2xf32>)
^exit:
  memref.dealloc %carried : memref<2xf32>
  return
}

// -----

// An `scf.if` without else on a condition known false skips its region: the
// free in it never runs.
func.func @free_under_a_false_condition() {
  %false = arith.constant false
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<2xf32>
  scf.if %false {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note @below {{the path leaves here with the buffer live (path: ^bb0)}}
  return
}

// -----

// Callers own every returned buffer: returning an argument (here through a
// cast, as when a clone before the return is missing) makes the caller free
// memory it does not own.
func.func @return_of_an_argument(%arg: memref<3xf32>) -> memref<?xf32> {
  %cast = memref.cast %arg : memref<3xf32> to memref<?xf32>
  // expected-error @below {{bufrs-verify-deallocation: returns memory the function does not own (an argument, a stack buffer or a global): the caller, who owns every returned buffer, would free it}}
  // expected-note @below {{returned here (path: ^bb0)}}
  return %cast : memref<?xf32>
}

// -----

// A dealloc helper the checker does not recognise: addresses are written to
// memory, a call computes the ownership of each buffer into memory, and the
// frees branch on conditions loaded back. The checker follows both ways of
// such a branch; the leak on the way where the load is false may be on no
// execution, so it is undecided (a warning at the op at fault), not a finding.
func.func private @helper(memref<1xindex>, memref<1xi1>)
func.func @condition_read_back_from_memory() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %addrs = memref.alloca() : memref<1xindex>
  %owned = memref.alloca() : memref<1xi1>
  %p = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  memref.store %p, %addrs[%c0] : memref<1xindex>
  call @helper(%addrs, %owned) : (memref<1xindex>, memref<1xi1>) -> ()
  %c = memref.load %owned[%c0] : memref<1xi1>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-warning @below {{bufrs-verify-deallocation: cannot decide deallocation here: a leak on a path through both ways of a branch on a condition read from memory after buffer addresses were written to memory (e.g. by a dealloc helper that is not recognised): the way taken may run in no execution}}
  // expected-note @below {{here (path: ^bb0)}}
  return
}

// -----

// What a taken guard tells the path does not hide a real fault: `%g = andi
// %q, (xori %p, true)` taken says `%p` is false and `%q` true, so that path
// reaches the second free guarded by `%q`.
func.func @guard_facts_keep_real_double_free(%p: i1, %q: i1) {
  %true = arith.constant true
  // expected-error @below {{this buffer is freed twice on a path}}
  %a = memref.alloc() : memref<2xi64>
  %np = arith.xori %p, %true : i1
  %g = arith.andi %q, %np : i1
  scf.if %g {
    // expected-note @below {{freed here first}}
    memref.dealloc %a : memref<2xi64>
  }
  cf.cond_br %p, ^done, ^again
^again:
  scf.if %q {
    // expected-note @below {{freed again here (path: ^bb0 -> 'scf.if' region 0 ^bb0 -> ^bb0 -> ^bb1 -> 'scf.if' region 0 ^bb0)}}
    memref.dealloc %a : memref<2xi64>
  }
  %nq = arith.xori %q, %true : i1
  scf.if %nq {
    memref.dealloc %a : memref<2xi64>
  }
  return
^done:
  memref.dealloc %a : memref<2xi64>
  return
}

// -----

// Two arguments may be one buffer: a free guarded by their addresses
// differing cannot be decided, and a fault is not claimed either.
func.func @arguments_may_alias(%x: memref<2xi64>, %y: memref<2xi64>) {
  %px = memref.extract_aligned_pointer_as_index %x : memref<2xi64> -> index
  %py = memref.extract_aligned_pointer_as_index %y : memref<2xi64> -> index
  %d = arith.cmpi ne, %px, %py : index
  scf.if %d {
    // expected-error @below {{frees memory the function does not own}}
    // expected-note @below {{here (path: ^bb0 -> 'scf.if' region 0 ^bb0)}}
    memref.dealloc %x : memref<2xi64>
  }
  return
}

// -----

// `ult` false does not decide `ule` (the values may be equal): the free
// under `ule` may not run, and the buffer then leaks.
func.func @comparisons_that_do_not_decide(%n: index, %m: index) {
  // expected-error @below {{this buffer is not freed on a path (it leaks)}}
  %a = memref.alloc() : memref<2xi64>
  %lt = arith.cmpi ult, %n, %m : index
  cf.cond_br %lt, ^less, ^other
^less:
  memref.dealloc %a : memref<2xi64>
  return
^other:
  %le = arith.cmpi ule, %n, %m : index
  scf.if %le {
    memref.dealloc %a : memref<2xi64>
  }
  // expected-note @below {{the path leaves here with the buffer live (path: ^bb0 -> ^bb2)}}
  return
}
