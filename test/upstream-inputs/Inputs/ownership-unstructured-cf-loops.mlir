// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-unstructured-cf-loops.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect).

func.func private @infinite_loop(%init: memref<2xi32>) -> memref<2xi32> {
  cf.br ^loop(%init : memref<2xi32>)
^loop(%cur: memref<2xi32>):
  %fresh = memref.alloc() : memref<2xi32>
  cf.br ^loop(%fresh : memref<2xi32>)
}

// -----

func.func private @simple_for_loop(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %dst: memref<2xf32>) {
  %pre = memref.alloc() : memref<2xf32>
  "test.memref_user"(%pre) : (memref<2xf32>) -> ()
  cf.br ^head(%lb, %init : index, memref<2xf32>)
^head(%iv: index, %cur: memref<2xf32>):
  %more = arith.cmpi slt, %iv, %ub : index
  cf.cond_br %more, ^body, ^exit
^body:
  %last = arith.cmpi eq, %iv, %ub : index
  %fresh = memref.alloc() : memref<2xf32>
  %nxt = arith.addi %iv, %step : index
  cf.br ^head(%nxt, %fresh : index, memref<2xf32>)
^exit:
  test.copy(%cur, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func private @loop_nested_if_no_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %dst: memref<2xf32>) {
  %pre = memref.alloc() : memref<2xf32>
  cf.br ^head(%lb, %init : index, memref<2xf32>)
^head(%iv: index, %cur: memref<2xf32>):
  %more = arith.cmpi slt, %iv, %ub : index
  cf.cond_br %more, ^test, ^exit
^test:
  %last = arith.cmpi eq, %iv, %ub : index
  cf.cond_br %last, ^then, ^else
^then:
  cf.br ^join(%pre : memref<2xf32>)
^else:
  cf.br ^join(%cur : memref<2xf32>)
^join(%pick: memref<2xf32>):
  cf.br ^latch
^latch:
  %nxt = arith.addi %iv, %step : index
  cf.br ^head(%nxt, %pick : index, memref<2xf32>)
^exit:
  test.copy(%cur, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func private @loop_nested_if_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>) -> memref<2xf32> {
  %pre = memref.alloc() : memref<2xf32>
  cf.br ^head(%lb, %init : index, memref<2xf32>)
^head(%iv: index, %cur: memref<2xf32>):
  %more = arith.cmpi slt, %iv, %ub : index
  cf.cond_br %more, ^test, ^exit
^test:
  %last = arith.cmpi eq, %iv, %ub : index
  cf.cond_br %last, ^then, ^else
^then:
  %fresh = memref.alloc() : memref<2xf32>
  cf.br ^join(%fresh : memref<2xf32>)
^else:
  cf.br ^join(%pre : memref<2xf32>)
^join(%pick: memref<2xf32>):
  cf.br ^latch
^latch:
  %nxt = arith.addi %iv, %step : index
  cf.br ^head(%nxt, %pick : index, memref<2xf32>)
^exit:
  return %cur : memref<2xf32>
}

// -----

func.func private @nested_loop_with_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %dst: memref<2xf32>) {
  %pre = memref.alloc() : memref<2xf32>
  "test.memref_user"(%pre) : (memref<2xf32>) -> ()
  cf.br ^h0(%lb, %init : index, memref<2xf32>)
^h0(%i: index, %m0: memref<2xf32>):
  %c0 = arith.cmpi slt, %i, %ub : index
  cf.cond_br %c0, ^e1, ^exit
^e1:
  cf.br ^h1(%lb, %m0 : index, memref<2xf32>)
^h1(%j: index, %m1: memref<2xf32>):
  %c1 = arith.cmpi slt, %j, %ub : index
  cf.cond_br %c1, ^e2, ^l0
^e2:
  cf.br ^h2(%lb, %m1 : index, memref<2xf32>)
^h2(%k: index, %m2: memref<2xf32>):
  %c2 = arith.cmpi slt, %k, %ub : index
  cf.cond_br %c2, ^test, ^l1
^test:
  %tmp = memref.alloc() : memref<2xf32>
  "test.memref_user"(%tmp) : (memref<2xf32>) -> ()
  %last = arith.cmpi eq, %i, %ub : index
  cf.cond_br %last, ^then, ^else
^then:
  %fresh = memref.alloc() : memref<2xf32>
  cf.br ^join(%fresh : memref<2xf32>)
^else:
  cf.br ^join(%m2 : memref<2xf32>)
^join(%pick: memref<2xf32>):
  cf.br ^l2
^l2:
  %k2 = arith.addi %k, %step : index
  cf.br ^h2(%k2, %pick : index, memref<2xf32>)
^l1:
  %j2 = arith.addi %j, %step : index
  cf.br ^h1(%j2, %m2 : index, memref<2xf32>)
^l0:
  %i2 = arith.addi %i, %step : index
  cf.br ^h0(%i2, %m1 : index, memref<2xf32>)
^exit:
  test.copy(%m0, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func private @while_loop(%n: index) {
  %buf = memref.alloc(%n) : memref<?xf32>
  cf.br ^head(%buf, %buf, %buf : memref<?xf32>, memref<?xf32>, memref<?xf32>)
^head(%p: memref<?xf32>, %q: memref<?xf32>, %s: memref<?xf32>):
  %go = "test.make_condition"() : () -> i1
  cf.cond_br %go, ^body(%p, %q, %s : memref<?xf32>, memref<?xf32>, memref<?xf32>), ^exit
^body(%p2: memref<?xf32>, %q2: memref<?xf32>, %s2: memref<?xf32>):
  %f1 = memref.alloc(%n) : memref<?xf32>
  %f2 = memref.alloc(%n) : memref<?xf32>
  cf.br ^head(%f2, %f1, %q2 : memref<?xf32>, memref<?xf32>, memref<?xf32>)
^exit:
  return
}
