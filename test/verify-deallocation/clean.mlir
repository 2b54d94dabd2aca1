// bufrs-verify-deallocation finds nothing on correct deallocation: frees on
// every path, buffers returned, conditional frees whose conditions hold on
// exactly the paths that own the buffer (seed 001's bufferization.dealloc),
// retained values, and pointer comparisons as upstream's lowering emits them.

// RUN: %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-verify-deallocation{emit-remarks=true}))' -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error --implicit-check-not=warning

// CHECK-COUNT-15: remark: bufrs-verify-deallocation: every heap buffer is freed exactly once on every path, with no use after free

func.func @freed_on_both_paths(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^left, ^right
^left:
  memref.dealloc %a : memref<2xf32>
  return
^right:
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

func.func @returned_or_freed(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    memref.dealloc %b : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

func.func @freed_per_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// The ownership flag travels with the buffer: true where it was allocated.
func.func @ownership_flag_through_a_merge(%c: i1, %arg: memref<2xf32>) {
  %false = arith.constant false
  %true = arith.constant true
  cf.cond_br %c, ^fresh, ^borrowed
^fresh:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^join(%a, %true : memref<2xf32>, i1)
^borrowed:
  cf.br ^join(%arg, %false : memref<2xf32>, i1)
^join(%m: memref<2xf32>, %owned: i1):
  bufferization.dealloc (%m : memref<2xf32>) if (%owned)
  return
}

// -----

// A retained value keeps its memory: the updated condition says who owns it.
func.func @retained_then_freed() {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %owned = bufferization.dealloc (%a : memref<2xf32>) if (%true) retain (%a : memref<2xf32>)
  bufferization.dealloc (%a : memref<2xf32>) if (%owned)
  return
}

// -----

// Upstream's lowering compares addresses before freeing.
func.func @pointer_comparison_guards_the_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %m = arith.select %c, %a, %b : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  scf.if %same {
    memref.dealloc %a : memref<2xf32>
  } else {
    memref.dealloc %a : memref<2xf32>
    memref.dealloc %b : memref<2xf32>
  }
  return
}

// -----

// Upstream's lowering of a one-memref bufferization.dealloc with retained
// values: an `scf.if` without else, whose condition (the addresses differ)
// holds. The edge past the `scf.if` is its false branch: the path may not
// take it when the condition is known (it used to, and reported a leak of
// %b on every such program).
func.func @pointer_comparison_guards_a_free_without_else() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %differ = arith.cmpi ne, %pb, %pa : index
  scf.if %differ {
    memref.dealloc %b : memref<2xf32>
  }
  return %a : memref<2xf32>
}

// -----

// Upstream's ownership conditions through arith.select: %own is true on both
// paths (%c, or not %c where %c is false), so the free always runs.
func.func @ownership_through_select(%c: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %not = arith.xori %c, %true : i1
  %own = arith.select %c, %c, %not : i1
  cf.cond_br %c, ^left, ^right
^left:
  cf.br ^join
^right:
  cf.br ^join
^join:
  scf.if %own {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// Upstream's lowering of a one-memref dealloc with a dynamic condition: two
// complementary guarded frees. The path through the first `scf.if` knows its
// condition, so it knows the `xori` of the second is false (upstream
// program prog-0014 of `verify_corpus.py --upstream`).
func.func @complementary_guards(%x: i64) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %c = arith.trunci %x : i64 to i1
  scf.if %c {
    memref.dealloc %a : memref<2xi64>
  }
  %n = arith.xori %c, %true : i1
  scf.if %n {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// -----

// A free guarded by `%g = andi %q, (xori %p, true)`: on the path that took
// it `%p` is false, so the branch to the use cannot be taken; on the path
// that did not, `%p` false makes `%q` false, so the second guard frees
// (upstream program prog-0058 has this shape).
func.func @guard_decides_later_branch(%p: i1, %q: i1) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %np = arith.xori %p, %true : i1
  %g = arith.andi %q, %np : i1
  scf.if %g {
    memref.dealloc %a : memref<2xi64>
  }
  cf.cond_br %p, ^use, ^rest
^use:
  %v = memref.load %a[%c0] : memref<2xi64>
  memref.dealloc %a : memref<2xi64>
  return
^rest:
  %nq = arith.xori %q, %true : i1
  scf.if %nq {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// -----

// Comparisons of addresses upstream's lowering makes: a view of an argument
// is the argument (equal addresses), and a buffer allocated here, freed or
// not, is never an argument (prog-0058).
func.func @addresses_of_argument_and_freed_buffer(%arg: memref<4xi64>, %c: i1) {
  %a = memref.alloc() : memref<4xi64>
  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %arg : memref<4xi64> -> memref<i64>, index, index, index
  %pa = memref.extract_aligned_pointer_as_index %base : memref<i64> -> index
  %pb = memref.extract_aligned_pointer_as_index %arg : memref<4xi64> -> index
  %same = arith.cmpi ne, %pa, %pb : index
  scf.if %same {
    memref.dealloc %arg : memref<4xi64>
  }
  memref.dealloc %a : memref<4xi64>
  %pc = memref.extract_aligned_pointer_as_index %a : memref<4xi64> -> index
  %differ = arith.cmpi eq, %pc, %pa : index
  scf.if %differ {
    memref.dealloc %arg : memref<4xi64>
  }
  return
}

// -----

// Upstream's ownership of a buffer across a branch on `cmpi ugt %n, 0` is
// `select %gt, %gt, (cmpi ule %n, 0)`: on the path where `%gt` is false the
// other comparison of the same values is true (prog-0050, prog-0252 and
// prog-0289 of `verify_corpus.py --upstream --seed 2 --count 300`).
func.func @complementary_comparisons(%n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %gt = arith.cmpi ugt, %n, %c0 : index
  %le = arith.cmpi ule, %n, %c0 : index
  %own = arith.select %gt, %gt, %le : i1
  cf.cond_br %gt, ^big, ^small
^big:
  memref.dealloc %a : memref<2xi64>
  return
^small:
  scf.if %own {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// -----

// The same with operands exchanged: `cmpi uge %c0, %n` is `ule %n, %c0`.
func.func @complementary_comparisons_swapped(%n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %gt = arith.cmpi ugt, %n, %c0 : index
  cf.cond_br %gt, ^big, ^small
^big:
  memref.dealloc %a : memref<2xi64>
  return
^small:
  %le = arith.cmpi uge, %c0, %n : index
  scf.if %le {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// -----

// A lowered two-memref dealloc (bufrs-lower-deallocations' shape): the
// addresses are compared before the first free; after `%a` is freed the
// comparison still says the two buffers were distinct, so the guard of the
// second free holds.
func.func @comparison_before_the_frees(%c: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xi64> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xi64> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  %not_same = arith.xori %same, %true : i1
  memref.dealloc %a : memref<2xi64>
  scf.if %not_same {
    memref.dealloc %b : memref<2xi64>
  }
  return
}

// -----

// Upstream's ownership-based output: a memref whose condition is false adds
// nothing to a retained value's updated condition even when the two may be
// one buffer (two arguments), and a buffer listed twice with true
// conditions is freed once (seed 001).
func.func @dealloc_conditions_and_duplicates(%x: memref<2xi64>, %y: memref<2xi64>) {
  %false = arith.constant false
  %true = arith.constant true
  %own = bufferization.dealloc (%x : memref<2xi64>) if (%false) retain (%y : memref<2xi64>)
  scf.if %own {
    memref.dealloc %y : memref<2xi64>
  }
  %a = memref.alloc() : memref<2xi64>
  %v = memref.cast %a : memref<2xi64> to memref<?xi64>
  bufferization.dealloc (%a, %v : memref<2xi64>, memref<?xi64>) if (%true, %true)
  return
}
