// Recursive private functions returning static buffers: the recursive call
// inside scf.if, its result changed and returned (the tail call's buffer is
// the function's own result), and a recursion whose two calls' buffers are
// combined into a fresh one; both called from a loop. As written, nothing
// is freed. Entry: @run.

func.func private @bufrs_print_i64(i64)

// depth n: element 0 is n + v, element 1 is v.
func.func private @count(%n: i64, %v: i64) -> memref<8xi64> {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %zero : i64
  %r = scf.if %done -> memref<8xi64> {
    %b = memref.alloc() : memref<8xi64>
    memref.store %v, %b[%c0] : memref<8xi64>
    memref.store %v, %b[%c1] : memref<8xi64>
    scf.yield %b : memref<8xi64>
  } else {
    %m = arith.subi %n, %one : i64
    %inner = func.call @count(%m, %v) : (i64, i64) -> memref<8xi64>
    %x = memref.load %inner[%c0] : memref<8xi64>
    %y = arith.addi %x, %one : i64
    memref.store %y, %inner[%c0] : memref<8xi64>
    scf.yield %inner : memref<8xi64>
  }
  return %r : memref<8xi64>
}

// fib-like: element 0 of fib(n) is fib(n-1)[0] + fib(n-2)[0].
func.func private @fib(%n: i64) -> memref<8xi64> {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %c0 = arith.constant 0 : index
  %small = arith.cmpi slt, %n, %two : i64
  %out = memref.alloc() : memref<8xi64>
  scf.if %small {
    memref.store %n, %out[%c0] : memref<8xi64>
  } else {
    %n1 = arith.subi %n, %one : i64
    %n2 = arith.subi %n, %two : i64
    %a = func.call @fib(%n1) : (i64) -> memref<8xi64>
    %b = func.call @fib(%n2) : (i64) -> memref<8xi64>
    %x = memref.load %a[%c0] : memref<8xi64>
    %y = memref.load %b[%c0] : memref<8xi64>
    %s = arith.addi %x, %y : i64
    memref.store %s, %out[%c0] : memref<8xi64>
  }
  return %out : memref<8xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %b = func.call @count(%ii, %ii) : (i64, i64) -> memref<8xi64>
    %x = memref.load %b[%c0] : memref<8xi64>
    %y = memref.load %b[%c1] : memref<8xi64>
    %f = func.call @fib(%ii) : (i64) -> memref<8xi64>
    %z = memref.load %f[%c0] : memref<8xi64>
    %t1 = arith.addi %x, %y : i64
    %t2 = arith.addi %t1, %z : i64
    %t3 = arith.addi %acc, %t2 : i64
    scf.yield %t3 : i64
  }
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  return
}
