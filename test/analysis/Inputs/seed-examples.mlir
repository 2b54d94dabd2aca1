// Examples of the seeds, converted by hand to MLIR 22 syntax, as a corpus for
// the analysis printers and for utils/differential.py (each function cites its
// seed). Conversions: old-syntax `alloc`/`dealloc`/`cond_br`/`br`/`constant`/
// `cmpi`/`dim`/`func` (seed 002) become memref/cf/arith/func ops; `use(%x)`,
// `test.copy` and `"linalg.copy"` become `memref.copy`; `test.use` becomes a
// `memref.load`; the imaginary `custom.region_if` becomes `scf.if` +
// `scf.execute_region`; elided parts (`...`) are dropped.

// Seed 002 (BufferHoisting input), seed 000 lines 133-150.
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// Seed 002 / seed 000 "mixedAllocation": alloc and alloca meet in ^bb3.
func.func @mixedAllocation(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  memref.copy %out, %1 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.copy %2, %out : memref<2xf32> to memref<2xf32>
  return
}

// Seed 002 "branch" (Introduction of Copies): %2 may be %0 or %1.
func.func @branch(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  memref.copy %out, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.copy %2, %out : memref<2xf32> to memref<2xf32>
  return
}

// Seed 002 "condBranchDynamicType".
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// Seed 002 "inner_region_control_flow": custom.region_if's then/else/join
// regions as an scf.if whose result feeds an scf.execute_region (the join).
func.func @inner_region_control_flow(%arg0: index, %arg1: index, %c: i1) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.if %c -> (memref<?x?xf32>) {
    scf.yield %0 : memref<?x?xf32>
  } else {
    scf.yield %0 : memref<?x?xf32>
  }
  %2 = scf.execute_region -> memref<?x?xf32> {
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// Seed 002 "nested_region_control_flow" (seed 000 lines 408-419).
func.func @nested_region_control_flow(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    memref.copy %1, %3 : memref<?x?xf32> to memref<?x?xf32>
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// Seed 002 "inner_region_control_flow_div": the else region allocates.
func.func @inner_region_control_flow_div(%arg0: index, %arg1: index, %c: i1) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.if %c -> (memref<?x?xf32>) {
    scf.yield %0 : memref<?x?xf32>
  } else {
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    scf.yield %2 : memref<?x?xf32>
  }
  %3 = scf.execute_region -> memref<?x?xf32> {
    scf.yield %1 : memref<?x?xf32>
  }
  return %3 : memref<?x?xf32>
}

// Seed 002 / seed 000 "loop_nested_if": a loop-carried buffer.
func.func @loop_nested_if(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}

// Seed 002 "loop_dynalloc"-style CFG loop with a back edge carrying a buffer.
func.func @loop_dynalloc(%arg0: i32, %arg1: i32, %arg2: memref<?xf32>, %arg3: memref<?xf32>) {
  %const0 = arith.constant 0 : i32
  cf.br ^loopHeader(%const0, %arg2 : i32, memref<?xf32>)
^loopHeader(%i: i32, %buff: memref<?xf32>):
  %lessThan = arith.cmpi slt, %i, %arg1 : i32
  cf.cond_br %lessThan, ^loopBody(%i, %buff : i32, memref<?xf32>), ^exit(%buff : memref<?xf32>)
^loopBody(%val: i32, %buff2: memref<?xf32>):
  %const1 = arith.constant 1 : i32
  %inc = arith.addi %val, %const1 : i32
  %size = arith.index_cast %inc : i32 to index
  %alloc1 = memref.alloc(%size) : memref<?xf32>
  cf.br ^loopHeader(%inc, %alloc1 : i32, memref<?xf32>)
^exit(%buff3: memref<?xf32>):
  memref.copy %buff3, %arg3 : memref<?xf32> to memref<?xf32>
  return
}

// Seed 002 "reuseTarget" (CopyRemoval): a temporary copied into the result.
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %temp : memref<2xf32> to memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// Seed 003 "basic" (tick example 1): buffers used in a loop live across it.
func.func @basic_outer(%c0: index, %c1: index, %c3: index) {
  %e = memref.alloc() : memref<8x64xf32>
  %f = memref.alloc() : memref<8x64xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %e[%c0, %c0] : memref<8x64xf32>
    %y = memref.load %f[%c0, %c0] : memref<8x64xf32>
  }
  return
}

// Seed 003 "basic" (tick example 2): buffers allocated inside the loop body.
func.func @basic_inner(%c0: index, %c1: index, %c3: index) {
  scf.for %i = %c0 to %c3 step %c1 {
    %g = memref.alloc() : memref<8x64xf32>
    %h = memref.alloc() : memref<8x64xf32>
    %x = memref.load %g[%c0, %c0] : memref<8x64xf32>
    %y = memref.load %h[%c0, %c0] : memref<8x64xf32>
  }
  return
}

// Seed 003 "mlp" after merge-alloc: views into one buffer.
func.func @mlp_merged(%x: memref<128x128xf32>, %y: memref<128x128xf32>) -> memref<128x128xf32> {
  %single_buffer = memref.alloc() : memref<131072xi8>
  %c0 = arith.constant 0 : index
  %c65536 = arith.constant 65536 : index
  %a0 = memref.view %single_buffer[%c0][] : memref<131072xi8> to memref<128x128xf32>
  linalg.matmul ins(%x, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%a0: memref<128x128xf32>)
  %b0 = memref.view %single_buffer[%c65536][] : memref<131072xi8> to memref<128x128xf32>
  linalg.matmul ins(%a0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%b0: memref<128x128xf32>)
  %c0v = memref.view %single_buffer[%c0][] : memref<131072xi8> to memref<128x128xf32>
  linalg.matmul ins(%b0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%c0v: memref<128x128xf32>)
  %d0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%c0v, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%d0: memref<128x128xf32>)
  return %d0 : memref<128x128xf32>
}
