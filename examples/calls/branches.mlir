// Private callees returning static buffers chosen by branches: an scf.if
// whose branches each allocate (or call) and yield, cf branches that each
// return their own fresh buffer, and a caller that calls in both branches of
// an scf.if and of a cf.cond_br joining at a block argument. As written,
// nothing is freed. Entry: @run.

func.func private @bufrs_print_i64(i64)

func.func private @fill(%m: memref<16xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.addi %v, %ii : i64
    memref.store %x, %m[%i] : memref<16xi64>
  }
  return
}

// Each branch of the scf.if allocates its own buffer.
func.func private @pick(%p: i1, %v: i64) -> memref<16xi64> {
  %r = scf.if %p -> memref<16xi64> {
    %a = memref.alloc() : memref<16xi64>
    func.call @fill(%a, %v) : (memref<16xi64>, i64) -> ()
    scf.yield %a : memref<16xi64>
  } else {
    %b = memref.alloc() : memref<16xi64>
    %w = arith.muli %v, %v : i64
    func.call @fill(%b, %w) : (memref<16xi64>, i64) -> ()
    scf.yield %b : memref<16xi64>
  }
  return %r : memref<16xi64>
}

// Two returns, each of a buffer allocated on its own path.
func.func private @split(%p: i1, %v: i64) -> memref<16xi64> {
  cf.cond_br %p, ^a, ^b
^a:
  %a = memref.alloc() : memref<16xi64>
  func.call @fill(%a, %v) : (memref<16xi64>, i64) -> ()
  return %a : memref<16xi64>
^b:
  %b = memref.alloc() : memref<16xi64>
  %w = arith.addi %v, %v : i64
  func.call @fill(%b, %w) : (memref<16xi64>, i64) -> ()
  return %b : memref<16xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %seven = arith.constant 7 : i64
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %p = arith.trunci %ii : i64 to i1
    %a = func.call @pick(%p, %ii) : (i1, i64) -> memref<16xi64>
    %b = func.call @split(%p, %ii) : (i1, i64) -> memref<16xi64>
    // Calls in both branches, the result yielded by the scf.if.
    %c = scf.if %p -> memref<16xi64> {
      %x = func.call @pick(%p, %seven) : (i1, i64) -> memref<16xi64>
      scf.yield %x : memref<16xi64>
    } else {
      %y = func.call @split(%p, %seven) : (i1, i64) -> memref<16xi64>
      scf.yield %y : memref<16xi64>
    }
    %x1 = memref.load %a[%c1] : memref<16xi64>
    %x2 = memref.load %b[%c2] : memref<16xi64>
    %x3 = memref.load %c[%c4] : memref<16xi64>
    %t1 = arith.addi %x1, %x2 : i64
    %t2 = arith.addi %t1, %x3 : i64
    %t3 = arith.addi %acc, %t2 : i64
    scf.yield %t3 : i64
  }
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  // Calls in both branches of a cf.cond_br, joined at a block argument.
  %true = arith.constant true
  cf.cond_br %true, ^l, ^r
^l:
  %l = func.call @pick(%true, %seven) : (i1, i64) -> memref<16xi64>
  cf.br ^join(%l : memref<16xi64>)
^r:
  %r = func.call @split(%true, %seven) : (i1, i64) -> memref<16xi64>
  cf.br ^join(%r : memref<16xi64>)
^join(%j: memref<16xi64>):
  %v = memref.load %j[%c2] : memref<16xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}
