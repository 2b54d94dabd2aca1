// The passes of one pipeline share one snapshot of a function while no pass
// changes it (capture::capture_unedited; the shim keeps it as an MLIR
// analysis of the function): a pass that reports the function unchanged
// leaves its snapshot to the next, a pass that edits (or any upstream pass
// that does not preserve analyses, canonicalize here, which erases the dead
// constant) makes the next capture anew, and the new capture sees the edit.

// RUN: mlir-opt --load-pass-plugin=%plugin %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(bufrs-test-kept-snapshot,bufrs-test-kept-snapshot,bufrs-test-kept-snapshot{edit=true},bufrs-test-kept-snapshot,canonicalize,bufrs-test-kept-snapshot,bufrs-test-kept-snapshot))' 2>&1 | FileCheck %s

// CHECK: remark: snapshot of 3 ops: captured
// CHECK-NEXT: func.func @f
// CHECK: remark: snapshot of 3 ops: kept
// CHECK-NEXT: func.func @f
// CHECK: remark: snapshot of 3 ops: kept
// CHECK-NEXT: func.func @f
// CHECK: remark: snapshot of 3 ops: captured
// CHECK-NEXT: func.func @f
// CHECK: remark: snapshot of 2 ops: captured
// CHECK-NEXT: func.func @f
// CHECK: remark: snapshot of 2 ops: kept
// CHECK-NEXT: func.func @f
// CHECK: remark: snapshot of 4 ops: captured
// CHECK-NEXT: func.func @g
// CHECK: remark: snapshot of 4 ops: kept
// CHECK-NEXT: func.func @g
// CHECK: remark: snapshot of 4 ops: kept
// CHECK-NEXT: func.func @g
// CHECK: remark: snapshot of 4 ops: captured
// CHECK-NEXT: func.func @g
// CHECK: remark: snapshot of 2 ops: captured
// CHECK-NEXT: func.func @g
// CHECK: remark: snapshot of 2 ops: kept
// CHECK-NEXT: func.func @g
// CHECK-NOT: remark
// CHECK: func.func @f() attributes {bufrs.test_edited}
// CHECK-NEXT: return
// CHECK: func.func @g(%[[A:.*]]: index) -> index attributes {bufrs.test_edited}
// CHECK-NEXT: return %[[A]] : index

// Two threads (MLIR's default pool): per function the same sequence
// (captured, kept, kept, captured), in any order between the functions.
// RUN: mlir-opt --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(func.func(bufrs-test-kept-snapshot,bufrs-test-kept-snapshot,bufrs-test-kept-snapshot{edit=true},bufrs-test-kept-snapshot))' -o /dev/null 2>&1 | grep -o 'snapshot of [0-9] ops: [a-z]*' | sort | uniq -c | FileCheck %s --check-prefix=THREADS
// THREADS: 2 snapshot of 3 ops: captured
// THREADS-NEXT: 2 snapshot of 3 ops: kept
// THREADS-NEXT: 2 snapshot of 4 ops: captured
// THREADS-NEXT: 2 snapshot of 4 ops: kept
// THREADS-NOT: snapshot

func.func @f() {
  %c = arith.constant 1 : index
  return
}

func.func @g(%a: index) -> index {
  %c = arith.constant 1 : index
  %d = arith.constant 2 : index
  return %a : index
}
