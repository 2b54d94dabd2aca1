func.func private @bufrs_print_f32(f32)
func.func @run() {
  %f = arith.constant 3.5 : f32
  func.call @bufrs_print_f32(%f) : (f32) -> ()
  return
}
