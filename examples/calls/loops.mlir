// Private callees returning fresh static buffers, called in scf.for loops
// (one loop, a nest, and a loop whose result is read after a second call
// takes it as input): each call's buffer is used within its iteration only.
// As written, nothing is freed. Entry: @run.

func.func private @bufrs_print_i64(i64)

// Fills `%m` with v, v+1, ... (a helper taking a buffer: no result).
func.func private @fill(%m: memref<64xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.addi %v, %ii : i64
    memref.store %x, %m[%i] : memref<64xi64>
  }
  return
}

func.func private @sum(%m: memref<64xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> i64 {
    %x = memref.load %m[%i] : memref<64xi64>
    %y = arith.addi %acc, %x : i64
    scf.yield %y : i64
  }
  return %s : i64
}

// A fresh buffer, filled and returned.
func.func private @make(%v: i64) -> memref<64xi64> {
  %a = memref.alloc() : memref<64xi64>
  func.call @fill(%a, %v) : (memref<64xi64>, i64) -> ()
  return %a : memref<64xi64>
}

// Reads its input, returns a fresh buffer of its elements doubled.
func.func private @double(%in: memref<64xi64>) -> memref<64xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %a = memref.alloc() : memref<64xi64>
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %in[%i] : memref<64xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %a[%i] : memref<64xi64>
  }
  return %a : memref<64xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i64
  // One loop: a fresh buffer per iteration, summed.
  %s1 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %b = func.call @make(%ii) : (i64) -> memref<64xi64>
    %x = func.call @sum(%b) : (memref<64xi64>) -> i64
    %y = arith.addi %acc, %x : i64
    scf.yield %y : i64
  }
  func.call @bufrs_print_i64(%s1) : (i64) -> ()
  // A nest: the inner call's buffer passed on to a second call.
  %s2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> i64 {
    %t = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> i64 {
      %ij = arith.addi %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %b = func.call @make(%v) : (i64) -> memref<64xi64>
      %d = func.call @double(%b) : (memref<64xi64>) -> memref<64xi64>
      %x = memref.load %d[%c3] : memref<64xi64>
      %y = arith.addi %acc2, %x : i64
      scf.yield %y : i64
    }
    scf.yield %t : i64
  }
  func.call @bufrs_print_i64(%s2) : (i64) -> ()
  return
}
