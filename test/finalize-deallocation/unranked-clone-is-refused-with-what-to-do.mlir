// A clone of an unranked memref has no static rank to allocate with; the
// pass refuses it in one error at the clone naming the option that keeps it
// (convert-bufferization-to-memref lowers it with a loop over the rank), and
// fails. A bad option value is one error line before any op is touched.

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation)' 2>&1 | FileCheck %s
// CHECK: :[[# @LINE + 3]]:8: error: bufrs-finalize-deallocation: cannot lower this clone: its type is not a ranked memref; lower-clones=false keeps it
// CHECK-NOT: error:
func.func @unranked(%m: memref<*xf32>) -> memref<*xf32> {
  %c = bufferization.clone %m : memref<*xf32> to memref<*xf32>
  return %c : memref<*xf32>
}

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation{lower-clones=false})' | FileCheck %s --check-prefix=KEEP
// KEEP: bufferization.clone %{{.*}} : memref<*xf32> to memref<*xf32>

// RUN: not %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-finalize-deallocation{lower-clones=maybe})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --lower-clones option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// BAD-NOT: bufferization.clone
