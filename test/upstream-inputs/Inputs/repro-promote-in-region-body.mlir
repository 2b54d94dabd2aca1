// Reproducer (shape of upstream promote-buffers-to-stack.mlir's
// @nested_regions_and_cond_branch): bufrs-promote-buffers-to-stack turns the
// alloc inside the body of test.region_buffer_based into a memref.alloca. The
// body runs once per element (like linalg.generic's), so the alloca grows the
// stack on every run; upstream keeps this alloc on the heap.
// Run: mlir-opt --load-pass-plugin=target/release/libbufrs.so \
//   --pass-pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack))' THIS
func.func @promote_in_region_body(%in: memref<2xf32>, %out: memref<2xf32>) {
  test.region_buffer_based in(%in : memref<2xf32>) out(%out : memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %tmp = memref.alloc() : memref<2xf32>
    memref.copy %in, %tmp : memref<2xf32> to memref<2xf32>
    test.region_yield %x : f32
  }
  return
}
