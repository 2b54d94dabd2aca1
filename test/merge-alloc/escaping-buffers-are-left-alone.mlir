// Buffers whose lifetime cannot be traced in the scope are left alone
// (report=true says why): returned, yielded by a region-branch op, passed
// as a loop's iter_arg or yielded to the next iteration, stored into memory, used by an op with unknown effects, freed
// under another name. A buffer passed to a call merges (the callee neither
// frees nor keeps its buffer arguments, as the seeds' ownership contract
// says).

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report=true}))' -verify-diagnostics | FileCheck %s

func.func private @ext16(memref<16xf32>)

// CHECK-LABEL: func.func @returned(
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
func.func @returned() -> memref<4xf32> {
  // expected-remark @below {{not merged: returned}}
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @yielded_by_if(
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
func.func @yielded_by_if(%c: i1, %i: index) -> f32 {
  // expected-remark @below {{not merged: yielded by a region terminator}}
  %a = memref.alloc() : memref<4xf32>
  // expected-remark @below {{not merged: yielded by a region terminator}}
  %b = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%i] : memref<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @loop_carried(
// CHECK:         memref.alloc() : memref<4xf32>
// CHECK:           memref.alloc() : memref<4xf32>
func.func @loop_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{not merged: an operand of 'scf.for', whose uses in its regions are not traced}}
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<4xf32> {
    // expected-remark @below {{not merged: yielded by a region terminator}}
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @stored(
// CHECK:         memref.alloc() : memref<4xf32>
func.func @stored(%box: memref<1xmemref<4xf32>>) {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{not merged: stored into memory}}
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[%c0] : memref<1xmemref<4xf32>>
  return
}

// CHECK-LABEL: func.func @unknown_user(
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
func.func @unknown_user() {
  // expected-remark @below {{not merged: used by an op with unknown memory effects}}
  %a = memref.alloc() : memref<4xf32>
  "test.unknown"(%a) : (memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @freed_through_cast(
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
func.func @freed_through_cast() {
  // expected-remark @below {{not merged: freed through an alias}}
  %a = memref.alloc() : memref<4xf32>
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  return
}

// Two buffers passed to calls one after the other share one slot.
// CHECK-LABEL: func.func @passed_to_call(
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[V1:.*]] = memref.view %[[M]][%[[O1]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    call @ext16(%[[V1]])
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[V2:.*]] = memref.view %[[M]][%[[O2]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    call @ext16(%[[V2]])
// expected-remark @below {{scope @passed_to_call: 2 buffers merged, 128 bytes before, 64 bytes after, lower bound 64, ratio 1.000}}
func.func @passed_to_call() {
  %a = memref.alloc() : memref<16xf32>
  func.call @ext16(%a) : (memref<16xf32>) -> ()
  %b = memref.alloc() : memref<16xf32>
  func.call @ext16(%b) : (memref<16xf32>) -> ()
  return
}
