// bufrs-print-liveness writes exactly what MLIR's own test-print-liveness
// writes (to stderr, as MLIR does): live-in/live-out per block, the liveness
// interval of every op result, the values live at every op. Blocks, values
// and ops are numbered in MLIR's pre-order walk; `\b` before `]` is MLIR's.
// RUN: mlir-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(test-print-liveness))' %s 2> %t.mlir.txt
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(bufrs-print-liveness)' %s 2> %t.bufrs.txt
// RUN: diff %t.mlir.txt %t.bufrs.txt
// RUN: FileCheck --match-full-lines %s < %t.bufrs.txt
// On a function directly (no enclosing block needed for liveness): the same.
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(bufrs-print-liveness))' %s 2> %t.func.txt
// RUN: diff %t.mlir.txt %t.func.txt

// Diamond: %x (arg1@0) and %one (val_2) are live out of the entry; %one is
// live into the join; %c (arg0@0) dies at the cond_br.
// CHECK-LABEL: Testing : diamond
// CHECK-NEXT: // ---- Liveness -----
// CHECK-NEXT: // - Block: 0
// CHECK-NEXT: // --- LiveIn: 
// CHECK-NEXT: // --- LiveOut: arg1@0 val_2 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // val_2 :
// CHECK-NEXT: //     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: //     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: //     %0 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: //     cf.br ^bb3(%0 : i32)
// CHECK-NEXT: //     cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: //     %2 = arith.addi %1, %c1_i32 : i32
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     %c1_i32 = arith.constant 1 : i32 [arg0@0 arg1@0 val_2 {{.}}]
// CHECK-NEXT: //     cf.cond_br %arg0, ^bb1, ^bb2 [arg0@0 arg1@0 val_2 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // - Block: 1
// CHECK-NEXT: // --- LiveIn: arg1@0 val_2 
// CHECK-NEXT: // --- LiveOut: val_2 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // val_3 :
// CHECK-NEXT: //     %0 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: //     cf.br ^bb3(%0 : i32)
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     %0 = arith.addi %arg1, %c1_i32 : i32 [arg1@0 val_2 val_3 {{.}}]
// CHECK-NEXT: //     cf.br ^bb3(%0 : i32) [val_2 val_3 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // - Block: 2
// CHECK-NEXT: // --- LiveIn: arg1@0 val_2 
// CHECK-NEXT: // --- LiveOut: val_2 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     cf.br ^bb3(%arg1 : i32) [arg1@0 val_2 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // - Block: 3
// CHECK-NEXT: // --- LiveIn: val_2 
// CHECK-NEXT: // --- LiveOut: 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // val_5 :
// CHECK-NEXT: //     %2 = arith.addi %1, %c1_i32 : i32
// CHECK-NEXT: //     func.return %2 : i32
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     %2 = arith.addi %1, %c1_i32 : i32 [val_2 arg0@3 val_5 {{.}}]
// CHECK-NEXT: //     func.return %2 : i32 [val_5 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // -------------------
func.func @diamond(%c: i1, %x: i32) -> i32 {
  %one = arith.constant 1 : i32
  cf.cond_br %c, ^then, ^else
^then:
  %a = arith.addi %x, %one : i32
  cf.br ^join(%a : i32)
^else:
  cf.br ^join(%x : i32)
^join(%r: i32):
  %s = arith.addi %r, %one : i32
  return %s : i32
}

// Loop: %i (arg0@1) is live around the back edge and into the exit; %n and
// %x stay live through header and body; %next goes to the header as an
// argument, so it is not live-out of the body.
// CHECK-LABEL: Testing : loop
// CHECK-NEXT: // ---- Liveness -----
// CHECK-NEXT: // - Block: 0
// CHECK-NEXT: // --- LiveIn: 
// CHECK-NEXT: // --- LiveOut: arg0@0 arg1@0 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // val_2 :
// CHECK-NEXT: //     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: //     cf.br ^bb1(%c0_i32 : i32)
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     %c0_i32 = arith.constant 0 : i32 [arg0@0 arg1@0 val_2 {{.}}]
// CHECK-NEXT: //     cf.br ^bb1(%c0_i32 : i32) [arg0@0 arg1@0 val_2 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // - Block: 1
// CHECK-NEXT: // --- LiveIn: arg0@0 arg1@0 
// CHECK-NEXT: // --- LiveOut: arg0@0 arg1@0 arg0@1 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // val_4 :
// CHECK-NEXT: //     %1 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: //     cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     %1 = arith.cmpi slt, %0, %arg0 : i32 [arg0@0 arg1@0 arg0@1 val_4 {{.}}]
// CHECK-NEXT: //     cf.cond_br %1, ^bb2, ^bb3 [arg0@0 arg1@0 arg0@1 val_4 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // - Block: 2
// CHECK-NEXT: // --- LiveIn: arg0@0 arg1@0 arg0@1 
// CHECK-NEXT: // --- LiveOut: arg0@0 arg1@0 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // val_5 :
// CHECK-NEXT: //     %2 = arith.addi %0, %arg1 : i32
// CHECK-NEXT: //     cf.br ^bb1(%2 : i32)
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     %2 = arith.addi %0, %arg1 : i32 [arg0@0 arg1@0 arg0@1 val_5 {{.}}]
// CHECK-NEXT: //     cf.br ^bb1(%2 : i32) [arg0@0 arg1@0 val_5 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // - Block: 3
// CHECK-NEXT: // --- LiveIn: arg0@1 
// CHECK-NEXT: // --- LiveOut: 
// CHECK-NEXT: // --- BeginLivenessIntervals
// CHECK-NEXT: // --- EndLivenessIntervals
// CHECK-NEXT: // --- BeginCurrentlyLive
// CHECK-NEXT: //     func.return %0 : i32 [arg0@1 {{.}}]
// CHECK-NEXT: // --- EndCurrentlyLive
// CHECK-NEXT: // -------------------
func.func @loop(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %next = arith.addi %i, %x : i32
  cf.br ^header(%next : i32)
^exit:
  return %i : i32
}

// Nested regions (checked against MLIR by the diff above): a value used in
// a nested region is live at the op holding the region, in every enclosing
// block.
func.func @nested(%c: i1, %x: i32, %lb: index, %ub: index, %step: index) -> i32 {
  %k = arith.constant 3 : i32
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %x) -> (i32) {
    %y = scf.if %c -> (i32) {
      %z = arith.addi %acc, %k : i32
      scf.yield %z : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %y : i32
  }
  %e = scf.execute_region -> i32 {
    cf.cond_br %c, ^a, ^b(%r : i32)
  ^a:
    cf.br ^b(%k : i32)
  ^b(%w: i32):
    scf.yield %w : i32
  }
  return %e : i32
}
