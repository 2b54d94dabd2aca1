// Execution under AddressSanitizer of shapes found in inputs nobody here
// wrote: a buffer used in a block that comes before its definition in the
// text; a buffer whose address is taken as a plain value and read through by
// a later call while other buffers come and go (merge-alloc must not place
// them on its bytes; deallocation must not free it before the call); a
// memref.realloc (the pipeline expands it first); a temporary inside a
// linalg.generic body (promotion would put one alloca per element on the
// stack). The output must be the same before and after, with no leak, double
// free or use after free.

// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-promote-buffers-to-stack{max-alloc-size-in-bytes=4096}),bufrs-deallocation-pipeline,func.func(bufrs-merge-alloc))' | FileCheck %s

// CHECK:      7
// CHECK-NEXT: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 3
// CHECK-NEXT: 1.5
// CHECK-NEXT: 0
// CHECK-NEXT: 200000

func.func private @bufrs_print_i64(i64)
func.func private @bufrs_print_f32(f32)

func.func @use_block_before_definition_block() {
  %c0 = arith.constant 0 : index
  cf.br ^def
^use:
  %v = memref.load %buf[%c0] : memref<2xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
^def:
  %buf = memref.alloc() : memref<2xi64>
  %seven = arith.constant 7 : i64
  memref.store %seven, %buf[%c0] : memref<2xi64>
  cf.br ^use
}

// Reads the f32 at an address given as an index.
func.func @read_through(%p: index) -> f32 {
  %i = arith.index_cast %p : index to i64
  %ptr = llvm.inttoptr %i : i64 to !llvm.ptr
  %v = llvm.load %ptr : !llvm.ptr -> f32
  return %v : f32
}

func.func @address_read_after_other_buffers() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<64xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%two : f32) outs(%b : memref<64xf32>)
  %vb = memref.load %b[%c0] : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.fill ins(%three : f32) outs(%c : memref<64xf32>)
  %vc = memref.load %c[%c0] : memref<64xf32>
  %va = func.call @read_through(%p) : (index) -> f32
  func.call @bufrs_print_f32(%va) : (f32) -> ()
  func.call @bufrs_print_f32(%vb) : (f32) -> ()
  func.call @bufrs_print_f32(%vc) : (f32) -> ()
  return
}

func.func @realloc_grows(%n: index) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %b = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32>
  %v = memref.load %b[%c0] : memref<?xf32>
  func.call @bufrs_print_f32(%v) : (f32) -> ()
  memref.dealloc %b : memref<?xf32>
  return
}

#id = affine_map<(d0) -> (d0)>
func.func @temporary_per_element() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<100000xf32>
  %out = memref.alloc() : memref<100000xf32>
  linalg.fill ins(%zero : f32) outs(%in : memref<100000xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<100000xf32>) outs(%out : memref<100000xf32>) {
  ^bb0(%x: f32, %y: f32):
    %t = memref.alloc() : memref<1024xf32>
    memref.store %x, %t[%c0] : memref<1024xf32>
    %v = memref.load %t[%c0] : memref<1024xf32>
    memref.dealloc %t : memref<1024xf32>
    linalg.yield %v : f32
  }
  %r = memref.load %out[%c0] : memref<100000xf32>
  func.call @bufrs_print_f32(%r) : (f32) -> ()
  %c2 = arith.constant 200000 : i64
  func.call @bufrs_print_i64(%c2) : (i64) -> ()
  memref.dealloc %in : memref<100000xf32>
  memref.dealloc %out : memref<100000xf32>
  return
}

func.func @run() {
  func.call @use_block_before_definition_block() : () -> ()
  func.call @address_read_after_other_buffers() : () -> ()
  %eight = arith.constant 8 : index
  func.call @realloc_grows(%eight) : (index) -> ()
  func.call @temporary_per_element() : () -> ()
  return
}
