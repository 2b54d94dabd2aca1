// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Transforms/promote-buffers-to-stack.mlir
// (llvm/llvm-project, Apache-2.0 WITH LLVM-exception). Only the shapes of the inputs
// are kept, rewritten for stock mlir-opt 22; no upstream CHECK lines.
// Changes: the test dialect's test.buffer_based in(A) out(B) and
// test.copy(A, B) are memref.copy A, B; test.region_buffer_based and
// test.region_if are written in generic form (stock mlir-opt 22 registers the test dialect). Upstream's
// @inner_region_control_flow (static 2x2 shape here) is
// @inner_region_control_flow_static.

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

func.func @dynamicRanked(%m: memref<*xf32>) {
  %r = memref.rank %m : memref<*xf32>
  %buf = memref.alloc(%r) : memref<?xindex>
  return
}

// -----

func.func @dynamicRanked2D(%m: memref<*xf32>) {
  %r = memref.rank %m : memref<*xf32>
  %buf = memref.alloc(%r, %r) : memref<?x?xindex>
  return
}

// -----

func.func @dynamicNoRank(%n: index) {
  %buf = memref.alloc(%n) : memref<?xindex>
  return
}

// -----

func.func @emptyUsesValue(%unused: memref<4xf32>) {
  %buf = memref.alloc() : memref<4xf32>
  return
}

// -----

func.func @criticalEdge(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^fill, ^join(%in : memref<2xf32>)
^fill:
  %buf = memref.alloc() : memref<2xf32>
  memref.copy %in, %buf : memref<2xf32> to memref<2xf32>
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @invCriticalEdge(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  memref.copy %in, %buf : memref<2xf32> to memref<2xf32>
  cf.cond_br %c, ^pass, ^join(%in : memref<2xf32>)
^pass:
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @ifElse(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  %first = memref.alloc() : memref<2xf32>
  memref.copy %in, %first : memref<2xf32> to memref<2xf32>
  cf.cond_br %c, ^l(%in, %first : memref<2xf32>, memref<2xf32>), ^r(%first, %in : memref<2xf32>, memref<2xf32>)
^l(%l0: memref<2xf32>, %l1: memref<2xf32>):
  cf.br ^join(%l0, %l1 : memref<2xf32>, memref<2xf32>)
^r(%r0: memref<2xf32>, %r1: memref<2xf32>):
  cf.br ^join(%r0, %r1 : memref<2xf32>, memref<2xf32>)
^join(%j0: memref<2xf32>, %j1: memref<2xf32>):
  %second = memref.alloc() : memref<2xf32>
  memref.copy %j0, %second : memref<2xf32> to memref<2xf32>
  memref.copy %second, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @ifElseNoUsers(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  %first = memref.alloc() : memref<2xf32>
  memref.copy %in, %first : memref<2xf32> to memref<2xf32>
  cf.cond_br %c, ^l(%in, %first : memref<2xf32>, memref<2xf32>), ^r(%first, %in : memref<2xf32>, memref<2xf32>)
^l(%l0: memref<2xf32>, %l1: memref<2xf32>):
  cf.br ^join(%l0, %l1 : memref<2xf32>, memref<2xf32>)
^r(%r0: memref<2xf32>, %r1: memref<2xf32>):
  cf.br ^join(%r0, %r1 : memref<2xf32>, memref<2xf32>)
^join(%j0: memref<2xf32>, %j1: memref<2xf32>):
  memref.copy %in, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @ifElseNested(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  %first = memref.alloc() : memref<2xf32>
  memref.copy %in, %first : memref<2xf32> to memref<2xf32>
  cf.cond_br %c, ^b1(%in, %first : memref<2xf32>, memref<2xf32>), ^b2(%first, %in : memref<2xf32>, memref<2xf32>)
^b1(%p0: memref<2xf32>, %p1: memref<2xf32>):
  cf.br ^b5(%p0, %p1 : memref<2xf32>, memref<2xf32>)
^b2(%q0: memref<2xf32>, %q1: memref<2xf32>):
  cf.cond_br %c, ^b3(%q0 : memref<2xf32>), ^b4(%q1 : memref<2xf32>)
^b3(%s: memref<2xf32>):
  cf.br ^b5(%s, %q0 : memref<2xf32>, memref<2xf32>)
^b4(%t: memref<2xf32>):
  cf.br ^b5(%q0, %t : memref<2xf32>, memref<2xf32>)
^b5(%j0: memref<2xf32>, %j1: memref<2xf32>):
  %second = memref.alloc() : memref<2xf32>
  memref.copy %j0, %second : memref<2xf32> to memref<2xf32>
  memref.copy %second, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @redundantOperations(%in: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %in, %a : memref<2xf32> to memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @moving_alloc_and_inserting_missing_dealloc(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^l, ^r
^l:
  %a = memref.alloc() : memref<2xf32>
  memref.copy %in, %a : memref<2xf32> to memref<2xf32>
  cf.br ^exit(%a : memref<2xf32>)
^r:
  %b = memref.alloc() : memref<2xf32>
  memref.copy %in, %b : memref<2xf32> to memref<2xf32>
  cf.br ^exit(%b : memref<2xf32>)
^exit(%v: memref<2xf32>):
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
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

func.func @memref_in_function_results(%in: memref<5xf32>, %passthrough: memref<10xf32>, %out: memref<5xf32>) -> (memref<10xf32>, memref<15xf32>) {
  %ret = memref.alloc() : memref<15xf32>
  %tmp = memref.alloc() : memref<5xf32>
  memref.copy %in, %tmp : memref<5xf32> to memref<5xf32>
  memref.copy %tmp, %out : memref<5xf32> to memref<5xf32>
  return %passthrough, %ret : memref<10xf32>, memref<15xf32>
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

func.func @inner_region_control_flow_static(%n: index) -> memref<2x2xf32> {
  %a = memref.alloc() : memref<2x2xf32>
  %r = "test.region_if"(%a) ({
  ^bb0(%x: memref<2x2xf32>):
    "test.region_if_yield"(%x) : (memref<2x2xf32>) -> ()
  }, {
  ^bb0(%x: memref<2x2xf32>):
    "test.region_if_yield"(%x) : (memref<2x2xf32>) -> ()
  }, {
  ^bb0(%x: memref<2x2xf32>):
    "test.region_if_yield"(%x) : (memref<2x2xf32>) -> ()
  }) : (memref<2x2xf32>) -> memref<2x2xf32>
  return %r : memref<2x2xf32>
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

func.func @loop_nested_if_no_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %i, %ub : index
    %sel = scf.if %last -> (memref<2xf32>) {
      scf.yield %buf : memref<2xf32>
    } else {
      scf.yield %it : memref<2xf32>
    }
    scf.yield %sel : memref<2xf32>
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

func.func @large_buffer_allocation(%out: memref<2048xf32>) {
  %buf = memref.alloc() : memref<2048xf32>
  memref.copy %buf, %out : memref<2048xf32> to memref<2048xf32>
  return
}

// -----

func.func @indexElementType() {
  %buf = memref.alloc() : memref<4xindex>
  return
}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 256>>} {
  func.func @bigIndexElementType() {
    %buf = memref.alloc() {alignment = 64 : i64, custom_attr} : memref<4xindex>
    return
  }
}

// -----

func.func @huge_static_memref() {
  %buf = memref.alloc() : memref<3090540x3090540x3090540xi32>
  return
}

// -----

func.func @nestedMemref() {
  %buf = memref.alloc() : memref<1xmemref<2xf32>>
  return
}
