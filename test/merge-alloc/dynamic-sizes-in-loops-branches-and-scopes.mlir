// dynamic=true across regions: a dynamic buffer in an scf.for body and one
// in an scf.if branch belong to the function's scope (their sizes are
// function arguments) and, never live together, share bytes: the arena is
// max(4n, 4n*n), computed at the function entry. scf.forall
// is a scope of its own: its buffers sized by a function argument or by its
// induction variable (a block argument of the body) join the per-iteration
// arena, computed at the start of the body. A size computed in the body
// by ops without memory effects from values available at its entry (%j1 =
// %j + 1) is computed there: those ops move to the start of the body, before
// the arena's size, and the buffer joins. The function's arena is allocated
// right before the first op holding one of its buffers (the scf.for) and,
// since the buffers had frees, freed right after the last op using one (the
// scf.if), not at the return. A size read from memory (a load)
// cannot: that buffer stays a malloc of its own, with a remark. report=true gives one line per scope with the bytes
// as expressions of the sizes.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{dynamic=true report=true}))' -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @regions(
// CHECK-SAME:      %[[N:[^:]*]]: index, %[[I:[^:]*]]: index, %[[F:[^:]*]]: f32, %[[FLAG:[^:]*]]: i1, %[[SIZES:[^:]*]]: memref<1xindex>
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    arith.constant 4 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[A:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK-NEXT:    %[[NN:.*]] = arith.muli %[[N]], %[[N]] : index
// CHECK-NEXT:    %[[B:.*]] = arith.muli %[[NN]], %[[C4]] : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.maxui %[[A]], %[[B]] : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         scf.for
// CHECK-NEXT:      %[[Z1:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[VA:.*]] = memref.view %[[ARENA]][%[[Z1]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NOT:       memref.dealloc
// CHECK:         scf.if %[[FLAG]] {
// CHECK-NEXT:      %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[VB:.*]] = memref.view %[[ARENA]][%[[Z2]]][%[[N]], %[[N]]] : memref<?xi8> to memref<?x?xf32>
// CHECK-NEXT:      memref.store %[[F]], %[[VB]][%[[I]], %[[I]]] : memref<?x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT:    scf.forall (%[[J:.*]]) in (%[[N]]) {
// CHECK-NEXT:      %[[K1:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[J1:.*]] = arith.addi %[[J]], %[[K1]] : index
// CHECK-NEXT:      %[[IC4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[P:.*]] = arith.muli %[[N]], %[[IC4]] : index
// CHECK-NEXT:      %[[IC63:.*]] = arith.constant 63 : index
// CHECK-NEXT:      %[[P1:.*]] = arith.addi %[[P]], %[[IC63]] : index
// CHECK-NEXT:      %[[IMASK:.*]] = arith.constant -64 : index
// CHECK-NEXT:      %[[PEND:.*]] = arith.andi %[[P1]], %[[IMASK]] : index
// CHECK-NEXT:      %[[Q:.*]] = arith.muli %[[J]], %[[IC4]] : index
// CHECK-NEXT:      %[[QTOP:.*]] = arith.addi %[[PEND]], %[[Q]] : index
// CHECK-NEXT:      %[[Q1:.*]] = arith.addi %[[QTOP]], %[[IC63]] : index
// CHECK-NEXT:      %[[QEND:.*]] = arith.andi %[[Q1]], %[[IMASK]] : index
// CHECK-NEXT:      %[[R:.*]] = arith.muli %[[J1]], %[[IC4]] : index
// CHECK-NEXT:      %[[RTOP:.*]] = arith.addi %[[QEND]], %[[R]] : index
// CHECK-NEXT:      %[[INNER:.*]] = memref.alloc(%[[RTOP]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:      %[[Z3:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[VP:.*]] = memref.view %[[INNER]][%[[Z3]]][%[[N]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:      %[[VQ:.*]] = memref.view %[[INNER]][%[[PEND]]][%[[J]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:      %[[VR:.*]] = memref.view %[[INNER]][%[[QEND]]][%[[J1]]] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[NP:.*]] = memref.load %[[SIZES]][%[[ZERO]]] : memref<1xindex>
// CHECK-NEXT:      %[[S:.*]] = memref.alloc(%[[NP]]) : memref<?xf32>
// CHECK:           memref.load %[[VR]]
// CHECK-NEXT:      memref.dealloc %[[INNER]] : memref<?xi8>
// CHECK-NEXT:      memref.dealloc %[[S]] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// expected-remark @below {{bufrs-merge-alloc: scope @regions: 2 buffers merged (2 dynamic), %arg0 * 4 + %arg0 * %arg0 * 4 bytes before, max(%arg0 * 4, %arg0 * %arg0 * 4) bytes after, lower bound max(align(%arg0 * 4, 64), align(%arg0 * %arg0 * 4, 64))}}
func.func @regions(%n: index, %i: index, %f: f32, %flag: i1, %sizes: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %a = memref.alloc(%n) : memref<?xf32>
    memref.store %f, %a[%k] : memref<?xf32>
    %x = memref.load %a[%k] : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
  }
  scf.if %flag {
    %b = memref.alloc(%n, %n) : memref<?x?xf32>
    memref.store %f, %b[%i, %i] : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
  }
  // expected-remark @below {{bufrs-merge-alloc: scope scf.forall@17: 3 buffers merged (3 dynamic), %arg0 * 4 + %arg5 * 4 + %0 * 4 bytes before, align(align(%arg0 * 4, 64) + %arg5 * 4, 64) + %0 * 4 bytes after, lower bound align(%arg0 * 4, 64) + align(%arg5 * 4, 64) + align(%0 * 4, 64)}}
  scf.forall (%j) in (%n) {
    %one = arith.constant 1 : index
    %p = memref.alloc(%n) : memref<?xf32>
    %q = memref.alloc(%j) : memref<?xf32>
    %j1 = arith.addi %j, %one : index
    %r = memref.alloc(%j1) : memref<?xf32>
    %zero = arith.constant 0 : index
    %np = memref.load %sizes[%zero] : memref<1xindex>
    // expected-remark @below {{bufrs-merge-alloc: not merged: dynamic size defined inside the scope, not available at its entry}}
    %s = memref.alloc(%np) : memref<?xf32>
    memref.store %f, %p[%i] : memref<?xf32>
    memref.store %f, %q[%i] : memref<?xf32>
    memref.store %f, %r[%i] : memref<?xf32>
    memref.store %f, %s[%i] : memref<?xf32>
    %x = memref.load %p[%i] : memref<?xf32>
    %y = memref.load %q[%i] : memref<?xf32>
    %w = memref.load %r[%i] : memref<?xf32>
    memref.dealloc %p : memref<?xf32>
    memref.dealloc %q : memref<?xf32>
    memref.dealloc %r : memref<?xf32>
    memref.dealloc %s : memref<?xf32>
  }
  return
}
