// Reproducer (found by utils/run_dealloc_corpus.py, seed 1 program 83). Fails
// with plugins built before commit 21fdbcd, which fixed it; kept as a
// regression input.
//   utils/asan_exec.py --plugin target/release/libbufrs.so THIS_FILE \
//     --pipeline 'builtin.module(func.func(bufrs-buffer-deallocation))'
// fails with: ERROR: LeakSanitizer: detected memory leaks
//   SUMMARY: AddressSanitizer: 32 byte(s) leaked in 1 allocation(s).
// The cast %bc flows along one edge of a cf.cond_br into a critical merge
// (^join). The pass clones it *before* the cond_br (not on the edge), so the
// clone is made on both paths but consumed, and freed, only on the edge to
// ^join: @f(true, false) leaks it on the path through ^other.
func.func private @bufrs_print_i64(i64)

func.func @f(%c: i1, %d: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c0] : memref<4xi64>
  cf.cond_br %c, ^left, ^right
^left:
  %b = memref.alloc() : memref<4xi64>
  memref.store %two, %b[%c0] : memref<4xi64>
  %bc = memref.cast %b : memref<4xi64> to memref<?xi64>
  cf.cond_br %d, ^join(%bc : memref<?xi64>), ^other
^other:
  %v = memref.load %b[%c0] : memref<4xi64>
  return %v : i64
^right:
  %ac = memref.cast %a : memref<4xi64> to memref<?xi64>
  cf.br ^join(%ac : memref<?xi64>)
^join(%m: memref<?xi64>):
  %r = memref.load %m[%c0] : memref<?xi64>
  return %r : i64
}

func.func @run() {
  %true = arith.constant true
  %false = arith.constant false
  %r0 = func.call @f(%true, %true) : (i1, i1) -> i64
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  %r1 = func.call @f(%true, %false) : (i1, i1) -> i64
  func.call @bufrs_print_i64(%r1) : (i64) -> ()
  %r2 = func.call @f(%false, %false) : (i1, i1) -> i64
  func.call @bufrs_print_i64(%r2) : (i64) -> ()
  return
}
