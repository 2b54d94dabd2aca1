// Reproducer (the shape utils/gen_programs.py generates with --shuffle-blocks,
// e.g. `utils/run_dealloc_corpus.py --seed 1 --count 30 --no-pointer-escapes`,
// programs 2, 11, 25: use after free; 26: rejected): a block placed in the
// text before the block that defines the buffer it reads. MLIR's verifier
// accepts it (^def dominates ^use in the CFG).
//   utils/asan_exec.py --plugin target/release/libbufrs.so THIS_FILE \
//     --pipeline 'builtin.module(func.func(bufrs-buffer-deallocation))'
// fails with plugins of commit eab9f9f: ERROR: AddressSanitizer:
// heap-use-after-free: the pass frees %buf at the end of ^def, before the
// load in ^use (bufrs's liveness does not see %buf live into ^use; see
// test/analysis/Inputs/repro-liveness-use-before-def-in-text.mlir).
func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  cf.br ^def
^use:
  %v = memref.load %buf[%c0] : memref<4xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
^def:
  %buf = memref.alloc() : memref<4xi64>
  memref.store %seven, %buf[%c0] : memref<4xi64>
  cf.br ^use
}
