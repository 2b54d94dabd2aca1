// 20 functions, each with a heap buffer: a per-function option error would
// appear 20 times (test/plugin/option-values-are-validated-once.test).
func.func @f0() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f1() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f2() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f3() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f4() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f5() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f6() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f7() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f8() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f9() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f10() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f11() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f12() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f13() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f14() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f15() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f16() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f17() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f18() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @f19() {
  %0 = memref.alloc() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
