"""bufrs's Python utilities (standard library only), one package:

- toolchain: where LLVM 22's tools are, the plugin, the repository's paths;
- execution: lower a memref program to LLVM IR, build it with
  AddressSanitizer and the C driver, run it, compare before and after
  (builds cached by content within a run, heavy steps limited to the
  machine's cores across processes);
- block_order: write the blocks of generated MLIR in a random order;
- gen_common: what the program generators share (options, the driver's
  declarations, fresh names, batching programs into one module);
- dealloc_programs, merge_programs, cfg_functions: the random program
  generators of the deallocation corpus, the merge-alloc corpus and the
  differential test of the analyses.

The scripts in utils/ are command-line front ends over this package; import
it with `sys.path.insert(0, <repo>/utils)`.
"""
