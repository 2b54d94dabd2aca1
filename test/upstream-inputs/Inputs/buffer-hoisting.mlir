// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/buffer-hoisting.mlir
// (llvm/llvm-project, Apache-2.0 WITH LLVM-exception). Only the shapes of the inputs
// are kept, rewritten for stock mlir-opt 22; no upstream CHECK lines.
// Changes: the test dialect's test.buffer_based in(A) out(B) and
// test.copy(A, B) are memref.copy A, B; test.region_buffer_based and
// test.region_if are written in generic form (stock mlir-opt 22 registers the test dialect).

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

func.func @condBranchDynamicTypeNested(%c: i1, %in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^b1, ^b2(%n : index)
^b1:
  cf.br ^b6(%in : memref<?xf32>)
^b2(%size: index):
  %buf = memref.alloc(%size) : memref<?xf32>
  memref.copy %in, %buf : memref<?xf32> to memref<?xf32>
  cf.cond_br %c, ^b3, ^b4
^b3:
  cf.br ^b5(%buf : memref<?xf32>)
^b4:
  cf.br ^b5(%buf : memref<?xf32>)
^b5(%x: memref<?xf32>):
  cf.br ^b6(%x : memref<?xf32>)
^b6(%y: memref<?xf32>):
  cf.br ^b7(%y : memref<?xf32>)
^b7(%z: memref<?xf32>):
  memref.copy %z, %out : memref<?xf32> to memref<?xf32>
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

func.func @moving_invalid_dealloc_op_complex(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^l, ^r
^l:
  cf.br ^exit(%in : memref<2xf32>)
^r:
  memref.copy %in, %buf : memref<2xf32> to memref<2xf32>
  memref.dealloc %buf : memref<2xf32>
  cf.br ^exit(%buf : memref<2xf32>)
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

func.func @nested_region_control_flow_div(%m: index, %n: index) -> memref<?x?xf32> {
  %eq = arith.cmpi eq, %m, %n : index
  %a = memref.alloc(%m, %m) : memref<?x?xf32>
  %r = scf.if %eq -> (memref<?x?xf32>) {
    scf.yield %a : memref<?x?xf32>
  } else {
    %b = memref.alloc(%m, %n) : memref<?x?xf32>
    scf.yield %b : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @nested_region_control_flow_div_nested(%m: index, %n: index) -> memref<?x?xf32> {
  %eq = arith.cmpi eq, %m, %n : index
  %a = memref.alloc(%m, %m) : memref<?x?xf32>
  %r = scf.if %eq -> (memref<?x?xf32>) {
    %r2 = scf.if %eq -> (memref<?x?xf32>) {
      scf.yield %a : memref<?x?xf32>
    } else {
      %b = memref.alloc(%m, %n) : memref<?x?xf32>
      scf.yield %b : memref<?x?xf32>
    }
    scf.yield %r2 : memref<?x?xf32>
  } else {
    %c = memref.alloc(%n, %n) : memref<?x?xf32>
    scf.yield %c : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @nested_region_control_flow_div_nested_dependencies(%v: i32, %c: i1, %n: index) -> memref<?x?xf32> {
  %r = scf.if %c -> (memref<?x?xf32>) {
    %one = arith.constant 1 : i32
    %s = arith.addi %v, %one : i32
    %d = arith.index_cast %s : i32 to index
    %a = memref.alloc(%n, %d) : memref<?x?xf32>
    scf.yield %a : memref<?x?xf32>
  } else {
    %two = arith.constant 2 : i32
    %s = arith.addi %v, %two : i32
    %d = arith.index_cast %s : i32 to index
    %a = memref.alloc(%n, %d) : memref<?x?xf32>
    scf.yield %a : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @inner_region_control_flow(%n: index) -> memref<?x?xf32> {
  %a = memref.alloc(%n, %n) : memref<?x?xf32>
  %r = "test.region_if"(%a) ({
  ^bb0(%x: memref<?x?xf32>):
    "test.region_if_yield"(%x) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%x: memref<?x?xf32>):
    "test.region_if_yield"(%x) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%x: memref<?x?xf32>):
    "test.region_if_yield"(%x) : (memref<?x?xf32>) -> ()
  }) : (memref<?x?xf32>) -> memref<?x?xf32>
  return %r : memref<?x?xf32>
}

// -----

func.func @inner_region_control_flow_div(%m: index, %n: index) -> memref<?x?xf32> {
  %a = memref.alloc(%m, %m) : memref<?x?xf32>
  %r = "test.region_if"(%a) ({
  ^bb0(%x: memref<?x?xf32>):
    "test.region_if_yield"(%x) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%x: memref<?x?xf32>):
    %b = memref.alloc(%m, %n) : memref<?x?xf32>
    "test.region_if_yield"(%b) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%x: memref<?x?xf32>):
    "test.region_if_yield"(%x) : (memref<?x?xf32>) -> ()
  }) : (memref<?x?xf32>) -> memref<?x?xf32>
  return %r : memref<?x?xf32>
}

// -----

func.func @condBranchAlloca(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^l, ^r
^l:
  cf.br ^join(%in : memref<2xf32>)
^r:
  %s = memref.alloca() : memref<2xf32>
  memref.copy %in, %s : memref<2xf32> to memref<2xf32>
  cf.br ^join(%s : memref<2xf32>)
^join(%v: memref<2xf32>):
  memref.copy %v, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @ifElseNestedAlloca(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  %first = memref.alloca() : memref<2xf32>
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

func.func @nestedRegionsAndCondBranchAlloca(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^l, ^r
^l:
  cf.br ^join(%in : memref<2xf32>)
^r:
  %outer = memref.alloc() : memref<2xf32>
  "test.region_buffer_based"(%in, %outer) ({
  ^bb0(%x: f32, %y: f32):
    %inner = memref.alloca() : memref<2xf32>
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

func.func @loop_nested_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %out: memref<2xf32>) {
  %unused = memref.alloc() : memref<2xf32>
  %r1 = scf.for %i = %lb to %ub step %step iter_args(%it1 = %init) -> memref<2xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it1) -> memref<2xf32> {
      %r3 = scf.for %k = %lb to %ub step %step iter_args(%it3 = %it2) -> memref<2xf32> {
        %dead = memref.alloc() : memref<2xf32>
        %last = arith.cmpi eq, %i, %ub : index
        %sel = scf.if %last -> (memref<2xf32>) {
          %fresh = memref.alloc() : memref<2xf32>
          scf.yield %fresh : memref<2xf32>
        } else {
          scf.yield %it3 : memref<2xf32>
        }
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

func.func @loop_nested_alloc_dyn_dependency(%lb: index, %ub: index, %step: index, %n: index, %init: memref<?xf32>, %out: memref<?xf32>) {
  %buf = memref.alloc(%n) : memref<?xf32>
  %r1 = scf.for %i = %lb to %ub step %step iter_args(%it1 = %init) -> memref<?xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%it2 = %it1) -> memref<?xf32> {
      %r3 = scf.for %k = %lb to %ub step %step iter_args(%it3 = %it2) -> memref<?xf32> {
        %last = arith.cmpi eq, %i, %ub : index
        %sel = scf.if %last -> (memref<?xf32>) {
          %fresh = memref.alloc(%k) : memref<?xf32>
          scf.yield %fresh : memref<?xf32>
        } else {
          scf.yield %it3 : memref<?xf32>
        }
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

func.func @unreachable_alloc(%x: f32) {
  %c0 = arith.constant 0 : index
  return
^dead(%v: i32):
  %buf = memref.alloc() : memref<10xf32>
  return
}
