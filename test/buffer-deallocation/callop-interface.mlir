// bufrs-buffer-deallocation at function boundaries and through CallOpInterface:
// returned buffers, call results.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// Functions that return buffers: returned buffers are not freed, callers own
// call results (and free them), and a returned buffer the function does not
// own (an argument, a view of one) is cloned so that every result is owned.

// CHECK-LABEL: func.func @returns_new
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    return %[[A]]
func.func @returns_new() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @returns_argument
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %arg0
// CHECK-NEXT:    return %[[C]]
func.func @returns_argument(%arg0: memref<4xf32>) -> memref<4xf32> {
  return %arg0 : memref<4xf32>
}

// The same buffer twice: the first result takes it, the second is a clone.
// CHECK-LABEL: func.func @returns_twice
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %[[A]]
// CHECK-NEXT:    return %[[A]], %[[C]]
func.func @returns_twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}

// A view of a local buffer keeps its allocated pointer: returned as it is,
// neither cloned nor freed (the caller frees the buffer through the view).
// CHECK-LABEL: func.func @returns_view
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[A]][2] [2] [1]
// CHECK-NEXT:    return %[[V]]
func.func @returns_view() -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}

// A view of an argument: cloned. The copy of a view with a static offset
// is a buffer of its own, viewed with the same layout (a
// bufferization.clone of this type does not lower).
// CHECK-LABEL: func.func @returns_view_of_argument
// CHECK-NEXT:    %[[V:.*]] = memref.subview %arg0[2] [2] [1]
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.reinterpret_cast %[[B]] to offset: [2], sizes: [2], strides: [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
// CHECK-NEXT:    memref.copy %[[V]], %[[C]]
// CHECK-NEXT:    return %[[C]]
func.func @returns_view_of_argument(%arg0: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 2>> {
  %v = memref.subview %arg0[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}

// CHECK-LABEL: func.func @caller
// CHECK-NEXT:    %[[R:.*]] = call @returns_new()
// CHECK-NEXT:    memref.copy %[[R]], %arg0
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func @caller(%out: memref<4xf32>) {
  %r = func.call @returns_new() : () -> memref<4xf32>
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}
