// An input stored into memory as a value, or made a tensor, before the op
// escapes: the store names no effect on the input itself, the tensor reads
// it after the op. The pass leaves each pair as two buffers. (The
// deallocation stages refuse such a store and such a tensor, so these are
// not executed.)

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s

#id = affine_map<(i, j) -> (i, j)>

// CHECK-LABEL: func.func @input_stored(
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.store %[[S]]
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
// CHECK:         return %[[R]] : memref<2x2xf32>
func.func @input_stored(%box: memref<memref<2x2xf32>>) -> memref<2x2xf32> {
  %s = memref.alloc() : memref<2x2xf32>
  memref.store %s, %box[] : memref<memref<2x2xf32>>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x2xf32>
}

// CHECK-LABEL: func.func @input_as_tensor(
// CHECK-SAME:      %[[X:.*]]: memref<2x2xf32>) -> (memref<2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[S]]
// CHECK-NEXT:    %[[T:.*]] = bufferization.to_tensor %[[S]]
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x2xf32>) outs(%[[R]] : memref<2x2xf32>)
// CHECK:         return %[[R]], %[[T]] : memref<2x2xf32>, tensor<2x2xf32>
func.func @input_as_tensor(%x: memref<2x2xf32>) -> (memref<2x2xf32>, tensor<2x2xf32>) {
  %s = memref.alloc() : memref<2x2xf32>
  memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32>
  %t = bufferization.to_tensor %s : memref<2x2xf32> to tensor<2x2xf32>
  %r = memref.alloc() : memref<2x2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x2xf32>) outs(%r : memref<2x2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r, %t : memref<2x2xf32>, tensor<2x2xf32>
}
