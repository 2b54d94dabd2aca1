// What bufrs-decompose-tuples leaves as tuples says so in a remark: a
// function used other than by a direct call (note at the use), tuple
// arguments of the entry block of a region whose op has no
// RegionBranchOpInterface, and a block
// whose predecessor does not implement BranchOpInterface. The IR stays
// valid and unchanged there: checked by FileCheck on the same run.

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(bufrs-decompose-tuples)' -verify-diagnostics | FileCheck %s
// RUN: not %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(bufrs-decompose-tuples{pack-op=nodialect.pack})' 2>&1 | FileCheck %s --check-prefix=PACKOP

// PACKOP: error: bufrs-decompose-tuples: 'nodialect.pack' is not a registered op

// CHECK-LABEL: func.func private @taken(
// CHECK-SAME: %{{.*}}: tuple<i1, f32>) -> tuple<i1, f32> {
// expected-remark @below {{'taken' is used other than by a direct call: its tuples are not decomposed}}
func.func private @taken(%t: tuple<i1, f32>) -> tuple<i1, f32> {
  return %t : tuple<i1, f32>
}

// CHECK-LABEL: func.func @user(
// CHECK-NEXT: constant @taken
// CHECK-NEXT: call @taken(%{{.*}}) : (tuple<i1, f32>) -> tuple<i1, f32>
func.func @user(%t: tuple<i1, f32>) {
  // expected-note @below {{used here}}
  %f = func.constant @taken : (tuple<i1, f32>) -> tuple<i1, f32>
  %r = func.call @taken(%t) : (tuple<i1, f32>) -> tuple<i1, f32>
  return
}

// An op with a region but no RegionBranchOpInterface: nothing says what
// its region's arguments receive.
// CHECK-LABEL: func.func @opaque_region(
// CHECK: ^bb0(%{{.*}}: tuple<i1, f32>):
func.func @opaque_region() {
  // expected-remark @below {{tuple arguments of a region's entry block are not decomposed}}
  "foo.op"() ({
  ^bb0(%x: tuple<i1, f32>):
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}

// CHECK-LABEL: func.func @unknown_branch(
// CHECK: ^bb1(%{{.*}}: tuple<i1, f32>):
func.func @unknown_branch(%t: tuple<i1, f32>) {
  // expected-remark @below {{the tuple arguments of this op's successor are not decomposed: it does not implement BranchOpInterface}}
  "foo.br"(%t)[^bb1] : (tuple<i1, f32>) -> ()
^bb1(%u: tuple<i1, f32>):
  return
}
