// An input stored into memory as a value before the op escapes: the store
// names no effect on the input itself, and the pass leaves the pair as two
// buffers. (The deallocation stages refuse such a store, so this one is
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
