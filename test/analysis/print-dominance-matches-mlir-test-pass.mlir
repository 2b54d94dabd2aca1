// bufrs-print-dominance (format=mlir) writes exactly what MLIR's own
// test-print-dominance writes: same block numbering (post-order op walk,
// the module's block last), same four tables. Run on the module, bufrs sees
// each function's enclosing block as MLIR's test does.
// RUN: mlir-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(test-print-dominance))' %s > %t.mlir.txt
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(bufrs-print-dominance)' %s > %t.bufrs.txt
// RUN: diff %t.mlir.txt %t.bufrs.txt
// RUN: FileCheck --match-full-lines %s < %t.bufrs.txt

// Block 0 is the entry, 1 the exit, 2 the module's block (a graph region:
// it properly (post-)dominates itself and encloses the function's blocks).
// CHECK-LABEL: Testing : straight
// CHECK-NEXT: --- DominanceInfo ---
// CHECK-NEXT: Nearest(0, 0) = 0
// CHECK-NEXT: Nearest(0, 1) = 0
// CHECK-NEXT: Nearest(0, 2) = 2
// CHECK-NEXT: Nearest(1, 0) = 0
// CHECK-NEXT: Nearest(1, 1) = 1
// CHECK-NEXT: Nearest(1, 2) = 2
// CHECK-NEXT: Nearest(2, 0) = 2
// CHECK-NEXT: Nearest(2, 1) = 2
// CHECK-NEXT: Nearest(2, 2) = 2
// CHECK-NEXT: --- PostDominanceInfo ---
// CHECK-NEXT: Nearest(0, 0) = 0
// CHECK-NEXT: Nearest(0, 1) = 1
// CHECK-NEXT: Nearest(0, 2) = 2
// CHECK-NEXT: Nearest(1, 0) = 1
// CHECK-NEXT: Nearest(1, 1) = 1
// CHECK-NEXT: Nearest(1, 2) = 2
// CHECK-NEXT: Nearest(2, 0) = 2
// CHECK-NEXT: Nearest(2, 1) = 2
// CHECK-NEXT: Nearest(2, 2) = 2
// CHECK-NEXT: --- Block Dominance relationship ---
// CHECK-NEXT: dominates(0, 0) = 1 (properly = 0)
// CHECK-NEXT: dominates(0, 1) = 1 (properly = 1)
// CHECK-NEXT: dominates(0, 2) = 0 (properly = 0)
// CHECK-NEXT: dominates(1, 0) = 0 (properly = 0)
// CHECK-NEXT: dominates(1, 1) = 1 (properly = 0)
// CHECK-NEXT: dominates(1, 2) = 0 (properly = 0)
// CHECK-NEXT: dominates(2, 0) = 1 (properly = 1)
// CHECK-NEXT: dominates(2, 1) = 1 (properly = 1)
// CHECK-NEXT: dominates(2, 2) = 1 (properly = 1)
// CHECK-NEXT: --- Block PostDominance relationship ---
// CHECK-NEXT: postdominates(0, 0) = 1 (properly = 0)
// CHECK-NEXT: postdominates(0, 1) = 0 (properly = 0)
// CHECK-NEXT: postdominates(0, 2) = 0 (properly = 0)
// CHECK-NEXT: postdominates(1, 0) = 1 (properly = 1)
// CHECK-NEXT: postdominates(1, 1) = 1 (properly = 0)
// CHECK-NEXT: postdominates(1, 2) = 0 (properly = 0)
// CHECK-NEXT: postdominates(2, 0) = 1 (properly = 1)
// CHECK-NEXT: postdominates(2, 1) = 1 (properly = 1)
// CHECK-NEXT: postdominates(2, 2) = 1 (properly = 1)
// CHECK-NEXT: Testing : diamond
func.func @straight(%x: i32) -> i32 {
  cf.br ^next
^next:
  return %x : i32
}

// The rest is checked against MLIR by the diff above.
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

func.func @loop_with_two_exits(%n: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  cf.cond_br %c, ^header(%next : i32), ^early
^early:
  return %next : i32
^exit:
  return %i : i32
}

func.func @nested_regions(%c: i1, %x: i32, %lb: index, %ub: index, %step: index) -> i32 {
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %x) -> (i32) {
    %y = scf.if %c -> (i32) {
      %z = scf.execute_region -> i32 {
        cf.cond_br %c, ^a, ^b(%acc : i32)
      ^a:
        cf.br ^b(%x : i32)
      ^b(%w: i32):
        scf.yield %w : i32
      }
      scf.yield %z : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %y : i32
  }
  %w = scf.while (%arg = %r) : (i32) -> i32 {
    %cond = arith.cmpi slt, %arg, %x : i32
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  }
  return %w : i32
}

func.func private @declaration(i32) -> i32
