// Reproducer (the shape utils/gen_merge_programs.py generates with
// --shuffle-blocks, e.g. `utils/run_merge_programs.py --plugin
// target/release/libbufrs.so --count 20 --no-pointer-escapes`, programs 0
// and 8: double free): the block reading and freeing %a and %b is placed in
// the text before the block that allocates them.
//   utils/asan_exec.py --plugin target/release/libbufrs.so THIS_FILE \
//     --pipeline 'builtin.module(func.func(bufrs-merge-alloc))' --strict-before
// fails with plugins of commit eab9f9f: both buffers get offset 0 of the
// merged buffer although both are live in ^use (the load of %a prints 9),
// the frees in ^use are kept as frees of the views, and AddressSanitizer
// reports a heap-use-after-free.
func.func private @bufrs_print_i64(i64)

func.func @f() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %nine = arith.constant 9 : i64
  cf.br ^def
^use:
  %v = memref.load %a[%c0] : memref<8xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  memref.dealloc %a : memref<8xi64>
  %w = memref.load %b[%c0] : memref<8xi64>
  func.call @bufrs_print_i64(%w) : (i64) -> ()
  memref.dealloc %b : memref<8xi64>
  return
^def:
  %a = memref.alloc() : memref<8xi64>
  memref.store %seven, %a[%c0] : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %nine, %b[%c0] : memref<8xi64>
  cf.br ^use
}

func.func @run() {
  func.call @f() : () -> ()
  return
}
