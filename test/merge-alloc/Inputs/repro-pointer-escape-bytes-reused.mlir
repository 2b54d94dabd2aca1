// Reproducer (the shape utils/gen_merge_programs.py generates with
// --pointer-escapes, e.g. `utils/run_merge_programs.py --plugin
// target/release/libbufrs.so --count 20 --no-shuffle-blocks`: 14 of 20
// programs fail, output difference): %a's last use as a memref is
// memref.extract_aligned_pointer_as_index, but the C function
// bufrs_read_i64_at (test/lib/driver.c) reads %a through the pointer after
// %b is allocated and written.
//   utils/asan_exec.py --plugin target/release/libbufrs.so THIS_FILE \
//     --pipeline 'builtin.module(func.func(bufrs-merge-alloc))' --strict-before
// fails with plugins of commit eab9f9f: output differs (7 before, 9 after),
// %a and %b share offset 0 of the merged buffer. A buffer whose address is
// taken escapes: its lifetime cannot end before the end of its scope (or it
// must be left alone, like buffers used by unknown ops).
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
