// bufrs-print-lifetimes: tick-based lifetimes of seed 003 ("Compile-time
// memref.alloc Scheduling and Merging", 003_274efeeca36273db.txt, the two
// `@basic` tick examples): a buffer allocated before a loop and used inside
// it lives across the whole loop; buffers allocated and used inside the
// body live only at their uses. Plus branch widening, an unused buffer,
// escapes, allocation scopes, and a CFG loop.
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(bufrs-print-lifetimes{print-ticks=true}))' %s \
// RUN:   | FileCheck --match-full-lines %s

// Seed 003, first example: %e and %f are used at ticks 4 and 5 inside the
// loop (ticks 3-7), so both live over the whole loop.
// CHECK-LABEL: Testing : basic_outer
// CHECK-NEXT: tick 0-9: func.func
// CHECK-NEXT: tick 1: memref.alloc
// CHECK-NEXT: tick 2: memref.alloc
// CHECK-NEXT: tick 3-7: scf.for
// CHECK-NEXT: tick 4: memref.load
// CHECK-NEXT: tick 5: memref.load
// CHECK-NEXT: tick 6: scf.yield
// CHECK-NEXT: tick 8: func.return
// CHECK-NEXT: scope @basic_outer:
// CHECK-NEXT:   %alloc: [3, 7] alloc uses=1 escape=-
// CHECK-NEXT:   %alloc_0: [3, 7] alloc uses=1 escape=-
func.func @basic_outer(%c0: index, %c1: index, %c3: index) {
  %e = memref.alloc() : memref<8x64xf32>
  %f = memref.alloc() : memref<8x64xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %e[%c0, %c0] : memref<8x64xf32>
    %y = memref.load %f[%c0, %c0] : memref<8x64xf32>
  }
  return
}

// Seed 003, second example: %g and %h are allocated in the body, so their
// lifetimes are just their uses (no widening). Their scope is the function:
// scf.for is an AutomaticAllocationScope, but a sequential loop, whose
// iterations can share one buffer (merge-alloc's scopes).
// CHECK-LABEL: Testing : basic_inner
// CHECK-NEXT: tick 0-9: func.func
// CHECK-NEXT: tick 1-7: scf.for
// CHECK-NEXT: tick 2: memref.alloc
// CHECK-NEXT: tick 3: memref.alloc
// CHECK-NEXT: tick 4: memref.load
// CHECK-NEXT: tick 5: memref.load
// CHECK-NEXT: tick 6: scf.yield
// CHECK-NEXT: tick 8: func.return
// CHECK-NEXT: scope @basic_inner:
// CHECK-NEXT:   %alloc: [4, 4] alloc uses=1 escape=-
// CHECK-NEXT:   %alloc_0: [5, 5] alloc uses=1 escape=-
func.func @basic_inner(%c0: index, %c1: index, %c3: index) {
  scf.for %i = %c0 to %c3 step %c1 {
    %g = memref.alloc() : memref<8x64xf32>
    %h = memref.alloc() : memref<8x64xf32>
    %x = memref.load %g[%c0, %c0] : memref<8x64xf32>
    %y = memref.load %h[%c0, %c0] : memref<8x64xf32>
  }
  return
}

// An unused buffer lives at its own tick; a use in one branch of an scf.if
// covers the whole scf.if (ticks 4-8); a use in an scf.forall covers the
// forall (9-14); returning or yielding an alias is an escape. The scf.forall
// body is a scope of its own: its iterations may overlap.
// CHECK-LABEL: Testing : branches_and_escapes
// CHECK-NEXT: tick 0-16: func.func
// CHECK-NEXT: tick 1: memref.alloc
// CHECK-NEXT: tick 2: memref.alloca
// CHECK-NEXT: tick 3: memref.alloc
// CHECK-NEXT: tick 4-8: scf.if
// CHECK-NEXT: tick 5: scf.yield
// CHECK-NEXT: tick 6: memref.copy
// CHECK-NEXT: tick 7: scf.yield
// CHECK-NEXT: tick 9-14: scf.forall
// CHECK-NEXT: tick 10: memref.alloc
// CHECK-NEXT: tick 11: memref.copy
// CHECK-NEXT: tick 12-13: scf.forall.in_parallel
// CHECK-NEXT: tick 15: func.return
// CHECK-NEXT: scope @branches_and_escapes:
// CHECK-NEXT:   %alloc_0: [3, 3] alloc uses=0 escape=-
// CHECK-NEXT:   %alloc: [4, 8] alloc uses=1 escape=returned,yielded
// CHECK-NEXT:   %alloca: [4, 14] alloca uses=1 escape=-
// CHECK-NEXT: scope scf.forall@9:
// CHECK-NEXT:   %alloc_1: [11, 11] alloc uses=1 escape=-
func.func @branches_and_escapes(%c: i1, %n: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  %u = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    memref.copy %b, %a : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %b, %t : memref<4xf32> to memref<4xf32>
  }
  return %r : memref<4xf32>
}

// A CFG loop: block order is not execution order, so a use in any block
// other than the allocation's covers the whole region (ticks 1-10); the
// buffer passed around the back edge is loop-carried.
// CHECK-LABEL: Testing : cfg_loop
// CHECK:      scope @cfg_loop:
// CHECK-NEXT:   %alloc: [1, 10] alloc uses=1 escape=-
// CHECK-NEXT:   %alloc_0: [1, 10] alloc uses=1 escape=-
// CHECK-NEXT:   %alloc_1: [1, 10] alloc uses=1 escape=loop-carried
func.func @cfg_loop(%n: index, %i: index, %f: f32) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.br ^header(%b : memref<4xf32>)
^header(%cur: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  memref.store %f, %a[%i] : memref<4xf32>
  %next = memref.alloc() : memref<4xf32>
  cf.br ^header(%next : memref<4xf32>)
^exit:
  memref.store %f, %cur[%i] : memref<4xf32>
  return
}
