// bufrs-deallocation-pipeline is used at module level exactly like
// upstream's buffer-deallocation-pipeline: it runs deallocation on every
// function (here two), then runs copy removal.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s

// CHECK-LABEL: func.func @first
// CHECK:         %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %arg0, %[[A]]
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @first(%arg0: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @second
// CHECK-NEXT:    %[[R:.*]] = call @make()
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func private @make() -> memref<4xf32>
func.func @second() {
  %r = func.call @make() : () -> memref<4xf32>
  return
}
