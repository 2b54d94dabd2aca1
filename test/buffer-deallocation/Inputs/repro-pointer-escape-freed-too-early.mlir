// Reproducer (the shape utils/gen_programs.py generates with
// --pointer-escapes, e.g. `utils/run_dealloc_corpus.py --seed 1 --count 20
// --no-shuffle-blocks`, programs 1, 3, 10: use after free in
// bufrs_read_i64_at): %a's last use as a memref is
// memref.extract_aligned_pointer_as_index, and the program reads %a through
// the pointer in C (test/lib/driver.c) later, then frees it itself.
//   utils/asan_exec.py --plugin target/release/libbufrs.so THIS_FILE \
//     --pipeline 'builtin.module(func.func(bufrs-buffer-deallocation))'
// fails with plugins of commit eab9f9f: ERROR: AddressSanitizer:
// heap-use-after-free in bufrs_read_i64_at: the pass moves the free of %a
// right after the extract (its last use as a memref).
func.func private @bufrs_print_i64(i64)
func.func private @bufrs_read_i64_at(index) -> i64

func.func @f() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %nine = arith.constant 9 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %seven, %a[%c0] : memref<8xi64>
  %p = memref.extract_aligned_pointer_as_index %a : memref<8xi64> -> index
  %b = memref.alloc() : memref<8xi64>
  memref.store %nine, %b[%c0] : memref<8xi64>
  %w = memref.load %b[%c0] : memref<8xi64>
  func.call @bufrs_print_i64(%w) : (i64) -> ()
  %r = func.call @bufrs_read_i64_at(%p) : (index) -> i64
  func.call @bufrs_print_i64(%r) : (i64) -> ()
  memref.dealloc %b : memref<8xi64>
  memref.dealloc %a : memref<8xi64>
  return
}

func.func @run() {
  func.call @f() : () -> ()
  return
}
