// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/buffer-loop-hoisting.mlir
// (llvm/llvm-project, Apache-2.0 WITH LLVM-exception). Only the shapes of the inputs
// are kept, rewritten for stock mlir-opt 22; no upstream CHECK lines.
// Changes: the test dialect's test.buffer_based in(A) out(B) and
// test.copy(A, B) are memref.copy A, B; test.region_buffer_based and
// test.region_if are written in generic form (stock mlir-opt 22 registers the test dialect).
// Upstream's @loop_nested_alloc and @loop_nested_alloc_dyn_dependency here
// are named @loop_nested_alloc_hoistable and
// @loop_nested_alloc_dyn_dependency_extra (they carry extra dead allocations
// compared with the deallocation test's functions of the same name).
// Left out: functions using acc.* (OpenACC) and the test dialect's
// test.store_with_a_loop_region, and @no_hoist_while_invariant_load /
// @no_hoist_while_pointer_escape (pointer escapes are a known open issue).

func.func @condBranch(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^left, ^right
^left:
  cf.br ^join(%in : memref<2xf32>)
^right:
  %buf = memref.alloc() : memref<2xf32>
  memref.copy %in, %buf : memref<2xf32> to memref<2xf32>
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @condBranchDynamicType(%c: i1, %in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^left, ^right(%n : index)
^left:
  cf.br ^join(%in : memref<?xf32>)
^right(%size: index):
  %buf = memref.alloc(%size) : memref<?xf32>
  memref.copy %in, %buf : memref<?xf32> to memref<?xf32>
  cf.br ^join(%buf : memref<?xf32>)
^join(%v: memref<?xf32>):
  memref.copy %v, %out : memref<?xf32> to memref<?xf32>
  return
}

// -----

func.func @nested_regions_and_cond_branch(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^l, ^r
^l:
  cf.br ^join(%in : memref<2xf32>)
^r:
  %outer = memref.alloc() : memref<2xf32>
  "test.region_buffer_based"(%in, %outer) ({
  ^bb0(%x: f32, %y: f32):
    %inner = memref.alloc() : memref<2xf32>
    memref.copy %in, %inner : memref<2xf32> to memref<2xf32>
    %e = math.exp %x : f32
    "test.region_yield"(%e) : (f32) -> ()
  }) : (memref<2xf32>, memref<2xf32>) -> ()
  cf.br ^join(%outer : memref<2xf32>)
^join(%v: memref<2xf32>):
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @nested_region_control_flow(%m: index, %n: index) -> memref<?x?xf32> {
  %eq = arith.cmpi eq, %m, %n : index
  %a = memref.alloc(%m, %m) : memref<?x?xf32>
  %r = scf.if %eq -> (memref<?x?xf32>) {
    scf.yield %a : memref<?x?xf32>
  } else {
    %b = memref.alloc(%m, %n) : memref<?x?xf32>
    scf.yield %a : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @loop_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %unused = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %i, %ub : index
    %fresh = memref.alloc() : memref<2xf32>
    scf.yield %fresh : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @loop_nested_if_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>) -> memref<2xf32> {
  %buf = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %i, %ub : index
    %sel = scf.if %last -> (memref<2xf32>) {
      %fresh = memref.alloc() : memref<2xf32>
      scf.yield %fresh : memref<2xf32>
    } else {
      scf.yield %buf : memref<2xf32>
    }
    scf.yield %sel : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

func.func @loop_nested_alloc_hoistable(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %outer = memref.alloc() : memref<2xf32>
  %r1 = scf.for %i = %lb to %ub step %step iter_args(%it1 = %init) -> memref<2xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it1) -> memref<2xf32> {
      %r3 = scf.for %k = %lb to %ub step %step iter_args(%it3 = %it2) -> memref<2xf32> {
        %dead1 = memref.alloc() : memref<2xf32>
        %last = arith.cmpi eq, %i, %ub : index
        %sel = scf.if %last -> (memref<2xf32>) {
          %dead2 = memref.alloc() : memref<2xf32>
          %fresh = memref.alloc() : memref<2xf32>
          scf.yield %fresh : memref<2xf32>
        } else {
          scf.yield %it3 : memref<2xf32>
        }
        %dead3 = memref.alloc() : memref<2xf32>
        scf.yield %sel : memref<2xf32>
      }
      scf.yield %r3 : memref<2xf32>
    }
    scf.yield %r2 : memref<2xf32>
  }
  memref.copy %r1, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @loop_nested_alloc_dyn_dependency_extra(%lb: index, %ub: index, %step: index, %n: index, %init: memref<?xf32>, %out: memref<?xf32>) {
  %buf = memref.alloc(%n) : memref<?xf32>
  %r1 = scf.for %i = %lb to %ub step %step iter_args(%it1 = %init) -> memref<?xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it1) -> memref<?xf32> {
      %r3 = scf.for %k = %lb to %ub step %step iter_args(%it3 = %it2) -> memref<?xf32> {
        %dead1 = memref.alloc(%k) : memref<?xf32>
        %last = arith.cmpi eq, %i, %ub : index
        %sel = scf.if %last -> (memref<?xf32>) {
          %fresh = memref.alloc(%k) : memref<?xf32>
          scf.yield %fresh : memref<?xf32>
        } else {
          scf.yield %it3 : memref<?xf32>
        }
        %dead2 = memref.alloc(%k) : memref<?xf32>
        scf.yield %sel : memref<?xf32>
      }
      scf.yield %r3 : memref<?xf32>
    }
    scf.yield %buf : memref<?xf32>
  }
  memref.copy %r1, %out : memref<?xf32> to memref<?xf32>
  return
}

// -----

func.func @hoist_one_loop(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %dead = memref.alloc() : memref<2xf32>
    scf.yield %buf : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @no_hoist_one_loop(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %fresh = memref.alloc() : memref<2xf32>
    scf.yield %fresh : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @hoist_multiple_loop(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it) -> memref<2xf32> {
      %dead = memref.alloc() : memref<2xf32>
      scf.yield %buf : memref<2xf32>
    }
    scf.yield %buf : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @no_hoist_one_loop_conditional(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %i, %ub : index
    %sel = scf.if %last -> (memref<2xf32>) {
      %fresh = memref.alloc() : memref<2xf32>
      scf.yield %fresh : memref<2xf32>
    } else {
      scf.yield %it : memref<2xf32>
    }
    scf.yield %sel : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @hoist_one_loop_conditional(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  %eq = arith.cmpi eq, %lb, %ub : index
  %sel = scf.if %eq -> (memref<2xf32>) {
    %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
      %dead = memref.alloc() : memref<2xf32>
      scf.yield %buf : memref<2xf32>
    }
    scf.yield %buf : memref<2xf32>
  } else {
    scf.yield %buf : memref<2xf32>
  }
  memref.copy %sel, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @no_hoist_one_loop_dependency(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %dyn = memref.alloc(%i) : memref<?xf32>
    scf.yield %buf : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @partial_hoist_multiple_loop_dependency(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it) -> memref<2xf32> {
      %dyn = memref.alloc(%i) : memref<?xf32>
      scf.yield %buf : memref<2xf32>
    }
    scf.yield %buf : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @no_hoist_parallel(%lb: index, %ub: index, %step: index) {
  scf.parallel (%i) = (%lb) to (%ub) step (%step) {
    %buf = memref.alloc() : memref<2xf32>
    scf.reduce
  }
  return
}

// -----

func.func @no_hoist_affine_parallel(%out: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  affine.parallel (%i) = (0) to (2) {
    %buf = memref.alloc() : memref<1xindex>
    memref.store %i, %buf[%c0] : memref<1xindex>
    %v = memref.load %buf[%c0] : memref<1xindex>
    memref.store %v, %out[%i] : memref<2xindex>
  }
  return
}

// -----

func.func @no_hoist_forall(%lb: index, %ub: index, %step: index) {
  scf.forall (%i) = (%lb) to (%ub) step (%step) {
    %buf = memref.alloc() : memref<2xf32>
  }
  return
}

// -----

func.func @hoist_alloca(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %s = memref.alloca() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it) -> memref<2xf32> {
      %t = memref.alloca() : memref<2xf32>
      scf.yield %s : memref<2xf32>
    }
    scf.yield %s : memref<2xf32>
  }
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @loop_unreachable_parent() {
  return
^dead:
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  scf.while : () -> () {
    %buf = memref.alloc() : memref<1xindex>
    memref.store %c0, %buf[%c0] : memref<1xindex>
    scf.condition(%false)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_exit_alias(%n: index, %size: index, %other: memref<1xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w:2 = scf.while (%i = %c0, %keep = %other) : (index, memref<1xindex>) -> (memref<?xindex>, memref<1xindex>) {
    %buf = memref.alloc(%size) : memref<?xindex>
    memref.store %i, %buf[%c0] : memref<?xindex>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %buf, %keep : memref<?xindex>, memref<1xindex>
  } do {
  ^bb0(%cur: memref<?xindex>, %k: memref<1xindex>):
    %v = memref.load %cur[%c0] : memref<?xindex>
    %next = arith.addi %v, %c1 : index
    scf.yield %next, %k : index, memref<1xindex>
  }
  %view = memref.subview %w#0[0] [1] [1] : memref<?xindex> to memref<1xindex>
  %cast = memref.cast %view : memref<1xindex> to memref<?xindex>
  %res = memref.load %cast[%c0] : memref<?xindex>
  return %res : index
}

// -----

func.func @no_hoist_while_carried_view(%n: index, %seed: memref<1xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w:2 = scf.while (%i = %c0, %old = %seed) : (index, memref<1xindex>) -> (index, memref<1xindex>) {
    %fresh = memref.alloc() : memref<1xindex>
    memref.store %i, %fresh[%c0] : memref<1xindex>
    %prev = memref.load %old[%c0] : memref<1xindex>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %prev, %fresh : index, memref<1xindex>
  } do {
  ^bb0(%p: index, %cur: memref<1xindex>):
    %v = memref.load %cur[%c0] : memref<1xindex>
    %next = arith.addi %v, %c1 : index
    %cast = memref.cast %cur : memref<1xindex> to memref<?xindex>
    %view = memref.subview %cast[0] [1] [1] : memref<?xindex> to memref<1xindex>
    scf.yield %next, %view : index, memref<1xindex>
  }
  return %w#0 : index
}

// -----

func.func private @capture(memref<1xindex>)
func.func @no_hoist_while_exit_capture(%c: i1) {
  %last = scf.while () : () -> memref<1xindex> {
    %buf = memref.alloc() : memref<1xindex>
    scf.condition(%c) %buf : memref<1xindex>
  } do {
  ^bb0(%cur: memref<1xindex>):
    scf.yield
  }
  func.call @capture(%last) : (memref<1xindex>) -> ()
  return
}

// -----

func.func @no_hoist_while_dealloc(%c: i1) {
  %last = scf.while () : () -> memref<1xindex> {
    %buf = memref.alloc() : memref<1xindex>
    scf.condition(%c) %buf : memref<1xindex>
  } do {
  ^bb0(%cur: memref<1xindex>):
    memref.dealloc %cur : memref<1xindex>
    scf.yield
  }
  return
}

// -----

func.func @no_hoist_while_nested_for(%n: index, %c: i1, %out: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %last = scf.while () : () -> memref<1xindex> {
      %buf = memref.alloc() : memref<1xindex>
      memref.store %i, %buf[%c0] : memref<1xindex>
      scf.condition(%c) %buf : memref<1xindex>
    } do {
    ^bb0(%cur: memref<1xindex>):
      scf.yield
    }
    %v = memref.load %last[%c0] : memref<1xindex>
    memref.store %v, %out[%i] : memref<?xindex>
  }
  return
}

// -----

func.func @no_hoist_while_dynamic_size(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %last = scf.while (%i = %c0) : (index) -> memref<?xindex> {
    %size = arith.addi %i, %c1 : index
    %buf = memref.alloc(%size) : memref<?xindex>
    memref.store %i, %buf[%c0] : memref<?xindex>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %buf : memref<?xindex>
  } do {
  ^bb0(%cur: memref<?xindex>):
    %v = memref.load %cur[%c0] : memref<?xindex>
    %next = arith.addi %v, %c1 : index
    scf.yield %next : index
  }
  %v = memref.load %last[%c0] : memref<?xindex>
  return %v : index
}

// -----

func.func private @capture(memref<1xindex>)
func.func @no_hoist_while_capture(%c: i1) {
  %last = scf.while () : () -> memref<1xindex> {
    %buf = memref.alloc() : memref<1xindex>
    func.call @capture(%buf) : (memref<1xindex>) -> ()
    scf.condition(%c) %buf : memref<1xindex>
  } do {
  ^bb0(%cur: memref<1xindex>):
    scf.yield
  }
  return
}

// -----

func.func @no_hoist_while_alloca(%c: i1) {
  %last = scf.while () : () -> memref<1xindex> {
    %buf = memref.alloca() : memref<1xindex>
    scf.condition(%c) %buf : memref<1xindex>
  } do {
  ^bb0(%cur: memref<1xindex>):
    scf.yield
  }
  return
}

// -----

func.func @no_hoist_while_store_alias(%c: i1, %holder: memref<memref<1xindex>>) {
  %last = scf.while () : () -> memref<1xindex> {
    %buf = memref.alloc() : memref<1xindex>
    scf.condition(%c) %buf : memref<1xindex>
  } do {
  ^bb0(%cur: memref<1xindex>):
    memref.store %cur, %holder[] : memref<memref<1xindex>>
    scf.yield
  }
  return
}
