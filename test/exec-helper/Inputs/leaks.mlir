func.func private @bufrs_print_f32(f32)
func.func @run() {
  %0 = memref.alloc() : memref<4xf32>
  %c1 = arith.constant 1 : index
  %f = arith.constant 2.5 : f32
  memref.store %f, %0[%c1] : memref<4xf32>
  %v = memref.load %0[%c1] : memref<4xf32>
  func.call @bufrs_print_f32(%v) : (f32) -> ()
  return
}
