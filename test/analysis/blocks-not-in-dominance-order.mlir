// Block order is not dominance order: %buf is used in ^use, which comes
// before its definition in ^def. Liveness must match MLIR's test pass (live
// out of ^def, live into ^use), and the tick lifetimes must cover the use
// (the CFG region widening).
// RUN: mlir-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(test-print-liveness))' %s 2> %t.mlir.txt
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(bufrs-print-liveness)' %s 2> %t.bufrs.txt
// RUN: diff %t.mlir.txt %t.bufrs.txt
// RUN: FileCheck --match-full-lines --check-prefix=LIVE %s < %t.bufrs.txt
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(bufrs-print-lifetimes{print-ticks=true}))' %s \
// RUN:   | FileCheck --match-full-lines --check-prefix=TICKS %s

// LIVE-LABEL: Testing : use_before_definition_in_the_text
// LIVE:       // - Block: 1
// LIVE-NEXT:  // --- LiveIn: arg0@0 val_1 {{$}}
// LIVE-NEXT:  // --- LiveOut: {{$}}
// LIVE:       // - Block: 2
// LIVE-NEXT:  // --- LiveIn: arg0@0 {{$}}
// LIVE-NEXT:  // --- LiveOut: arg0@0 val_1 {{$}}

// TICKS-LABEL: Testing : use_before_definition_in_the_text
// TICKS-NEXT: tick 0-6: func.func
// TICKS-NEXT: tick 1: cf.br
// TICKS-NEXT: tick 2: memref.copy
// TICKS-NEXT: tick 3: func.return
// TICKS-NEXT: tick 4: memref.alloc
// TICKS-NEXT: tick 5: cf.br
// TICKS-NEXT: scope @use_before_definition_in_the_text:
// TICKS-NEXT:   %alloc: [1, 5] alloc uses=1 escape=-
func.func @use_before_definition_in_the_text(%out: memref<2xi32>) {
  cf.br ^def
^use:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  return
^def:
  %buf = memref.alloc() : memref<2xi32>
  cf.br ^use
}
