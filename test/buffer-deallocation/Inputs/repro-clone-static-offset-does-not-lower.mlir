// Reproducer (found by utils/run_dealloc_corpus.py, seed 1000 program 134):
//   utils/asan_exec.py --plugin target/release/libbufrs.so THIS_FILE \
//     --pipeline 'builtin.module(func.func(bufrs-buffer-deallocation))'
// fails with: lowering after failed (exit 1):
//   error: failed to legalize operation 'bufferization.clone' that was explicitly marked illegal
//   %3 = bufferization.clone %2 : memref<2xi64, strided<[1], offset: 1>> to memref<2xi64, strided<[1], offset: 1>>
// Two subviews with a static non-zero offset meet at a critical merge. The
// pass clones each with a bufferization.clone of the subview's type, which
// MLIR 22's convert-bufferization-to-memref cannot lower (it allocates an
// identity-layout buffer and can only cast it to a layout with offset 0 or
// `?`). The clone needs a type that lowers, e.g. the identity layout and a
// memref.cast at a merge of type memref<..., strided<[1], offset: ?>>, or an
// alloc + memref.copy into a buffer of the same layout.
func.func private @bufrs_print_i64(i64)

func.func @f(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c1] : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %two, %b[%c1] : memref<4xi64>
  %sa = memref.subview %a[1][2][1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  %sb = memref.subview %b[1][2][1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  cf.cond_br %c, ^join(%sa : memref<2xi64, strided<[1], offset: 1>>), ^join(%sb : memref<2xi64, strided<[1], offset: 1>>)
^join(%m: memref<2xi64, strided<[1], offset: 1>>):
  %r = memref.load %m[%c0] : memref<2xi64, strided<[1], offset: 1>>
  return %r : i64
}

func.func @run() {
  %true = arith.constant true
  %false = arith.constant false
  %r0 = func.call @f(%true) : (i1) -> i64
  func.call @bufrs_print_i64(%r0) : (i64) -> ()
  %r1 = func.call @f(%false) : (i1) -> i64
  func.call @bufrs_print_i64(%r1) : (i64) -> ()
  return
}
