// Reproducer (the shape utils/differential.py generates with
// --shuffle-blocks, e.g. `differential.py --functions 300 --seed 1`): a
// block placed in the text before the block that defines a value it uses.
// MLIR's verifier accepts it (^def dominates ^use in the CFG).
//   mlir-opt THIS_FILE --pass-pipeline='builtin.module(func.func(test-print-liveness))'
//   mlir-opt --load-pass-plugin=target/release/libbufrs.so THIS_FILE \
//     --pass-pipeline='builtin.module(bufrs-print-liveness)'
// differ with plugins of commit eab9f9f: MLIR has %buf (val_1) live into and
// out of ^use's block... bufrs has it nowhere:
//   < // --- LiveIn: arg0@0 val_1     > // --- LiveIn: arg0@0
// and bufrs-buffer-deallocation frees %buf in ^def, before the memref.copy
// in ^use reads it (a use after free).
// This file is also part of differential.py's project corpus.
func.func @use_before_def_in_text(%m: memref<4xf32>) {
  cf.br ^def
^use:
  memref.copy %buf, %m : memref<4xf32> to memref<4xf32>
  return
^def:
  %buf = memref.alloc() : memref<4xf32>
  cf.br ^use
}
