// Results that go further than one iteration: returned by an intermediate
// private function, carried across loop iterations (iter_args), copied into
// a caller's buffer, passed on; and results an out-param cannot beat: an
// argument returned, a global returned, a dynamic shape, one buffer
// returned twice. As written, nothing is freed. Entry: @run.

func.func private @bufrs_print_i64(i64)

memref.global "private" constant @table : memref<4xi64> = dense<[5, 6, 7, 8]>

func.func private @fresh(%v: i64) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %x = arith.addi %v, %ii : i64
    memref.store %x, %a[%i] : memref<4xi64>
  }
  return %a : memref<4xi64>
}

// Returns what it gets from @fresh (a chain).
func.func private @through(%v: i64) -> memref<4xi64> {
  %one = arith.constant 1 : i64
  %w = arith.addi %v, %one : i64
  %r = func.call @fresh(%w) : (i64) -> memref<4xi64>
  return %r : memref<4xi64>
}

// One step of a loop-carried buffer: reads the old one, returns a new one.
func.func private @step(%old: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %old[%i] : memref<4xi64>
    %j = arith.subi %c4, %i : index
    %k = arith.subi %j, %c1 : index
    %y = memref.load %old[%k] : memref<4xi64>
    %z = arith.addi %x, %y : i64
    memref.store %z, %a[%i] : memref<4xi64>
  }
  return %a : memref<4xi64>
}

// Its argument: an out-param would cost a copy.
func.func private @same(%m: memref<4xi64>) -> memref<4xi64> {
  return %m : memref<4xi64>
}

// A constant global: an out-param would cost a copy.
func.func private @table_ref() -> memref<4xi64> {
  %g = memref.get_global @table : memref<4xi64>
  return %g : memref<4xi64>
}

// A dynamic shape: the caller cannot allocate it.
func.func private @sized(%n: index, %v: i64) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xi64>
  }
  return %a : memref<?xi64>
}

// One buffer returned twice.
func.func private @twice(%v: i64) -> (memref<4xi64>, memref<4xi64>) {
  %a = func.call @fresh(%v) : (i64) -> memref<4xi64>
  return %a, %a : memref<4xi64>, memref<4xi64>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %dst = memref.alloc() : memref<4xi64>
  %s = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %t = func.call @through(%ii) : (i64) -> memref<4xi64>
    // Copied into a buffer of the caller.
    memref.copy %t, %dst : memref<4xi64> to memref<4xi64>
    %x = memref.load %dst[%c2] : memref<4xi64>
    %same = func.call @same(%t) : (memref<4xi64>) -> memref<4xi64>
    %g = func.call @table_ref() : () -> memref<4xi64>
    %y = memref.load %same[%c1] : memref<4xi64>
    %z = memref.load %g[%c3] : memref<4xi64>
    %d = func.call @sized(%c3, %ii) : (index, i64) -> memref<?xi64>
    %w = memref.load %d[%c2] : memref<?xi64>
    %p:2 = func.call @twice(%ii) : (i64) -> (memref<4xi64>, memref<4xi64>)
    %q = memref.load %p#1[%c0] : memref<4xi64>
    %t1 = arith.addi %x, %y : i64
    %t2 = arith.addi %t1, %z : i64
    %t3 = arith.addi %t2, %w : i64
    %t4 = arith.addi %t3, %q : i64
    %t5 = arith.addi %acc, %t4 : i64
    scf.yield %t5 : i64
  }
  func.call @bufrs_print_i64(%s) : (i64) -> ()
  // A buffer carried across iterations: each step's result feeds the next.
  %init = func.call @fresh(%one) : (i64) -> memref<4xi64>
  %last = scf.for %i = %c0 to %c5 step %c1 iter_args(%b = %init) -> memref<4xi64> {
    %n = func.call @step(%b) : (memref<4xi64>) -> memref<4xi64>
    scf.yield %n : memref<4xi64>
  }
  %v = memref.load %last[%c0] : memref<4xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  %v2 = memref.load %dst[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%v2) : (i64) -> ()
  return
}
