// bufrs-print-dominance{format=tree}: immediate dominators and immediate
// post-dominators per block, on small CFGs. Blocks are numbered as MLIR's
// test-print-dominance numbers them (post-order op walk; the module's block
// comes last and is not listed in this format).
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(bufrs-print-dominance{format=tree})' %s | FileCheck --match-full-lines %s
// The same on each function directly: the same blocks and answers.
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(bufrs-print-dominance{format=tree}))' %s | FileCheck --match-full-lines %s

// Diamond: the join post-dominates everything, the entry dominates everything.
// CHECK-LABEL: Testing : diamond
// CHECK-NEXT: block 0: idom=- ipostdom=3 reachable=1 reaches-exit=1
// CHECK-NEXT: block 1: idom=0 ipostdom=3 reachable=1 reaches-exit=1
// CHECK-NEXT: block 2: idom=0 ipostdom=3 reachable=1 reaches-exit=1
// CHECK-NEXT: block 3: idom=0 ipostdom=- reachable=1 reaches-exit=1
func.func @diamond(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^then, ^else
^then:
  %a = arith.addi %x, %x : i32
  cf.br ^join(%a : i32)
^else:
  cf.br ^join(%x : i32)
^join(%r: i32):
  return %r : i32
}

// Loop: header 1 <-> body 2, exit 3. The body's ipostdom is the header.
// CHECK-LABEL: Testing : loop
// CHECK-NEXT: block 0: idom=- ipostdom=1 reachable=1 reaches-exit=1
// CHECK-NEXT: block 1: idom=0 ipostdom=3 reachable=1 reaches-exit=1
// CHECK-NEXT: block 2: idom=1 ipostdom=1 reachable=1 reaches-exit=1
// CHECK-NEXT: block 3: idom=1 ipostdom=- reachable=1 reaches-exit=1
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return %i : i32
}

// Two returns: no common post-dominator block (only MLIR's virtual root).
// CHECK-LABEL: Testing : two_exits
// CHECK-NEXT: block 0: idom=- ipostdom=- reachable=1 reaches-exit=1
// CHECK-NEXT: block 1: idom=0 ipostdom=- reachable=1 reaches-exit=1
// CHECK-NEXT: block 2: idom=0 ipostdom=- reachable=1 reaches-exit=1
func.func @two_exits(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// Nested regions, numbered in post-order: the scf.if's blocks (0, 1) are
// numbered before the function's block (2), which gets its number when its
// first op, the scf.if, is visited; then the execute_region's CFG (3, 4, 5).
// Entry blocks of regions have no idom; single exits no ipostdom.
// CHECK-LABEL: Testing : nested
// CHECK-NEXT: block 0: idom=- ipostdom=- reachable=1 reaches-exit=1
// CHECK-NEXT: block 1: idom=- ipostdom=- reachable=1 reaches-exit=1
// CHECK-NEXT: block 2: idom=- ipostdom=- reachable=1 reaches-exit=1
// CHECK-NEXT: block 3: idom=- ipostdom=5 reachable=1 reaches-exit=1
// CHECK-NEXT: block 4: idom=3 ipostdom=5 reachable=1 reaches-exit=1
// CHECK-NEXT: block 5: idom=3 ipostdom=- reachable=1 reaches-exit=1
func.func @nested(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %s = scf.execute_region -> i32 {
    cf.cond_br %c, ^a, ^b(%r : i32)
  ^a:
    cf.br ^b(%x : i32)
  ^b(%y: i32):
    scf.yield %y : i32
  }
  return %s : i32
}

// An unreachable block is outside the dominator tree (but reaches the exit);
// a block in an infinite loop is outside the post-dominator tree, so every
// path from the entry to an exit goes through ^exit: ipostdom(0) = 1 (LLVM's
// tree, which adds a root inside the loop, differs here by design).
// CHECK-LABEL: Testing : unreachable_and_infinite
// CHECK-NEXT: block 0: idom=- ipostdom=1 reachable=1 reaches-exit=1
// CHECK-NEXT: block 1: idom=0 ipostdom=- reachable=1 reaches-exit=1
// CHECK-NEXT: block 2: idom=0 ipostdom=- reachable=1 reaches-exit=0
// CHECK-NEXT: block 3: idom=- ipostdom=1 reachable=0 reaches-exit=1
func.func @unreachable_and_infinite(%c: i1) {
  cf.cond_br %c, ^exit, ^spin
^exit:
  return
^spin:
  cf.br ^spin
^dead:
  cf.br ^exit
}
