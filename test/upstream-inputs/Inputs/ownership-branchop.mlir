// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-branchop-interface.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. The test dialect ops (test.buffer_based, test.copy,
// test.read_buffer) are kept: stock mlir-opt 22 registers the test dialect.

func.func @condBranch(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  cf.cond_br %c, ^join(%src : memref<2xf32>), ^fill
^fill:
  %buf = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>)
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  test.copy(%v, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @condBranchDynamicType(%c: i1, %src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^join(%src : memref<?xf32>), ^fill(%n : index)
^fill(%size: index):
  %buf = memref.alloc(%size) : memref<?xf32>
  test.buffer_based in(%src: memref<?xf32>) out(%buf: memref<?xf32>)
  cf.br ^join(%buf : memref<?xf32>)
^join(%v: memref<?xf32>):
  test.copy(%v, %dst) : (memref<?xf32>, memref<?xf32>)
  return
}

// -----

func.func @condBranchUnrankedType(%c: i1, %src: memref<*xf32>, %dst: memref<*xf32>, %n: index) {
  cf.cond_br %c, ^join(%src : memref<*xf32>), ^fill(%n : index)
^fill(%size: index):
  %buf = memref.alloc(%size) : memref<?xf32>
  %ubuf = memref.cast %buf : memref<?xf32> to memref<*xf32>
  test.buffer_based in(%src: memref<*xf32>) out(%ubuf: memref<*xf32>)
  cf.br ^join(%ubuf : memref<*xf32>)
^join(%v: memref<*xf32>):
  test.copy(%v, %dst) : (memref<*xf32>, memref<*xf32>)
  return
}

// -----

func.func @condBranchDynamicTypeNested(%c: i1, %src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^pass, ^fill(%n : index)
^pass:
  cf.br ^join2(%src : memref<?xf32>)
^fill(%size: index):
  %buf = memref.alloc(%size) : memref<?xf32>
  test.buffer_based in(%src: memref<?xf32>) out(%buf: memref<?xf32>)
  cf.cond_br %c, ^l, ^r
^l:
  cf.br ^join1(%buf : memref<?xf32>)
^r:
  cf.br ^join1(%buf : memref<?xf32>)
^join1(%a: memref<?xf32>):
  cf.br ^join2(%a : memref<?xf32>)
^join2(%b: memref<?xf32>):
  cf.br ^last(%b : memref<?xf32>)
^last(%v: memref<?xf32>):
  test.copy(%v, %dst) : (memref<?xf32>, memref<?xf32>)
  return
}

// -----

func.func @criticalEdge(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  cf.cond_br %c, ^fill, ^join(%src : memref<2xf32>)
^fill:
  %buf = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>)
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  test.copy(%v, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @invCriticalEdge(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>)
  cf.cond_br %c, ^side, ^join(%src : memref<2xf32>)
^side:
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  test.copy(%v, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @ifElse(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>)
  cf.cond_br %c,
    ^then(%src, %buf : memref<2xf32>, memref<2xf32>),
    ^else(%buf, %src : memref<2xf32>, memref<2xf32>)
^then(%t0: memref<2xf32>, %t1: memref<2xf32>):
  cf.br ^join(%t0, %t1 : memref<2xf32>, memref<2xf32>)
^else(%e0: memref<2xf32>, %e1: memref<2xf32>):
  cf.br ^join(%e0, %e1 : memref<2xf32>, memref<2xf32>)
^join(%j0: memref<2xf32>, %j1: memref<2xf32>):
  %out = memref.alloc() : memref<2xf32>
  test.buffer_based in(%j0: memref<2xf32>) out(%out: memref<2xf32>)
  test.copy(%out, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @ifElseNoUsers(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>)
  cf.cond_br %c,
    ^then(%src, %buf : memref<2xf32>, memref<2xf32>),
    ^else(%buf, %src : memref<2xf32>, memref<2xf32>)
^then(%t0: memref<2xf32>, %t1: memref<2xf32>):
  cf.br ^join(%t0, %t1 : memref<2xf32>, memref<2xf32>)
^else(%e0: memref<2xf32>, %e1: memref<2xf32>):
  cf.br ^join(%e0, %e1 : memref<2xf32>, memref<2xf32>)
^join(%j0: memref<2xf32>, %j1: memref<2xf32>):
  test.copy(%src, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @ifElseNested(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  %buf = memref.alloc() : memref<2xf32>
  test.buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>)
  cf.cond_br %c,
    ^then(%src, %buf : memref<2xf32>, memref<2xf32>),
    ^else(%buf, %src : memref<2xf32>, memref<2xf32>)
^then(%t0: memref<2xf32>, %t1: memref<2xf32>):
  cf.br ^join(%t0, %t1 : memref<2xf32>, memref<2xf32>)
^else(%e0: memref<2xf32>, %e1: memref<2xf32>):
  cf.cond_br %c, ^el(%e0 : memref<2xf32>), ^er(%e1 : memref<2xf32>)
^el(%l: memref<2xf32>):
  cf.br ^join(%l, %e0 : memref<2xf32>, memref<2xf32>)
^er(%r: memref<2xf32>):
  cf.br ^join(%e0, %r : memref<2xf32>, memref<2xf32>)
^join(%j0: memref<2xf32>, %j1: memref<2xf32>):
  %out = memref.alloc() : memref<2xf32>
  test.buffer_based in(%j0: memref<2xf32>) out(%out: memref<2xf32>)
  test.copy(%out, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @moving_alloc_and_inserting_missing_dealloc(%c: i1, %a: memref<2xf32>, %b: memref<2xf32>) {
  cf.cond_br %c, ^first, ^second
^first:
  %buf0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%a: memref<2xf32>) out(%buf0: memref<2xf32>)
  cf.br ^done(%buf0 : memref<2xf32>)
^second:
  %buf1 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%buf1: memref<2xf32>) out(%a: memref<2xf32>)
  cf.br ^done(%buf1 : memref<2xf32>)
^done(%v: memref<2xf32>):
  test.copy(%v, %b) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @select_aliases(%n: index, %dst: memref<?xi8>, %c: i1) {
  %x = memref.alloc(%n) : memref<?xi8>
  %y = memref.alloc(%n) : memref<?xi8>
  %s = arith.select %c, %x, %y : memref<?xi8>
  test.copy(%s, %dst) : (memref<?xi8>, memref<?xi8>)
  return
}

// -----

func.func @select_aliases_not_same_ownership(%n: index, %dst: memref<?xi8>, %c: i1) {
  %heap = memref.alloc(%n) : memref<?xi8>
  %stack = memref.alloca(%n) : memref<?xi8>
  %s = arith.select %c, %heap, %stack : memref<?xi8>
  cf.br ^next(%s : memref<?xi8>)
^next(%v: memref<?xi8>):
  test.copy(%v, %dst) : (memref<?xi8>, memref<?xi8>)
  return
}

// -----

func.func @select_captured_in_next_block(%n: index, %buf: memref<?xi8>, %c0: i1, %c1: i1) {
  %heap = memref.alloc(%n) : memref<?xi8>
  %stack = memref.alloca(%n) : memref<?xi8>
  %s = arith.select %c0, %heap, %stack : memref<?xi8>
  cf.cond_br %c1, ^next(%heap : memref<?xi8>), ^next(%buf : memref<?xi8>)
^next(%v: memref<?xi8>):
  test.copy(%v, %s) : (memref<?xi8>, memref<?xi8>)
  return
}

// -----

func.func @blocks_not_preordered_by_dominance() {
  cf.br ^make
^use:
  "test.read_buffer"(%buf) : (memref<2xi32>) -> ()
  return
^make:
  %buf = memref.alloc() : memref<2xi32>
  cf.br ^use
}
