// A small program for `scripts/demo`: some buffers can move to the stack,
// others cannot (returned, too large, dynamic, allocated in a loop).

func.func @temporaries(%x: f32, %i: index) -> f32 {
  %tmp = memref.alloc() : memref<16xf32>
  memref.store %x, %tmp[%i] : memref<16xf32>
  %v = memref.load %tmp[%i] : memref<16xf32>
  memref.dealloc %tmp : memref<16xf32>
  return %v : f32
}

func.func @returned() -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  return %out : memref<4xf32>
}

func.func @too_large_or_dynamic(%n: index, %x: f32) {
  %big = memref.alloc() : memref<4096xf32>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  memref.store %x, %big[%c0] : memref<4096xf32>
  memref.store %x, %dyn[%c0] : memref<?xf32>
  memref.dealloc %big : memref<4096xf32>
  memref.dealloc %dyn : memref<?xf32>
  return
}

func.func @in_a_loop(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloc() : memref<1xf32>
  scf.for %k = %c0 to %n step %c1 {
    %scratch = memref.alloc() : memref<8xf32>
    memref.store %x, %scratch[%c0] : memref<8xf32>
    %v = memref.load %scratch[%c0] : memref<8xf32>
    memref.store %v, %acc[%c0] : memref<1xf32>
    memref.dealloc %scratch : memref<8xf32>
  }
  memref.dealloc %acc : memref<1xf32>
  return
}
