// A private callee returning a fresh static buffer, called in a loop made of
// cf branches (a block loop) and in a block loop around an scf.if: each
// call's buffer is used within its iteration. As written, nothing is freed.
// Entry: @run.

func.func private @bufrs_print_i64(i64)

func.func private @make(%v: i64) -> memref<32xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = memref.alloc() : memref<32xi64>
  scf.for %i = %c0 to %c32 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.muli %v, %ii : i64
    memref.store %x, %a[%i] : memref<32xi64>
  }
  return %a : memref<32xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  cf.br ^head(%c0, %zero : index, i64)
^head(%i: index, %acc: i64):
  %more = arith.cmpi slt, %i, %c10 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %ii = arith.index_cast %i : index to i64
  %b = func.call @make(%ii) : (i64) -> memref<32xi64>
  %x = memref.load %b[%c5] : memref<32xi64>
  %odd = arith.trunci %ii : i64 to i1
  %y = scf.if %odd -> i64 {
    %b2 = func.call @make(%x) : (i64) -> memref<32xi64>
    %z = memref.load %b2[%c1] : memref<32xi64>
    scf.yield %z : i64
  } else {
    scf.yield %x : i64
  }
  %acc2 = arith.addi %acc, %y : i64
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next, %acc2 : index, i64)
^exit:
  func.call @bufrs_print_i64(%acc) : (i64) -> ()
  return
}
