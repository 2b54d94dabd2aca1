// Before deallocation a copy is removed when it is the last use of its
// source, a buffer allocated in the copy's block: every use of the source or
// an alias lies in that block before the copy. The buffer that takes the
// other's place is freed by the deallocation that follows. A later read of
// the source, or the source leaving the block, keeps the copy. Run through
// copy removal and then the deallocation, the program is clean under
// AddressSanitizer with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-copy-removal))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-copy-removal,bufrs-buffer-deallocation))' | FileCheck %s --check-prefix=OUT

// Reuse the source: the fresh target goes, the filled source is returned.
// CHECK-LABEL: func.func @reuse_source(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    memref.store %arg0, %[[S]][%[[C0]]] : memref<4xi64>
// CHECK-NEXT:    return %[[S]] : memref<4xi64>
func.func @reuse_source(%x: i64) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xi64>
  memref.store %x, %s[%c0] : memref<4xi64>
  %t = memref.alloc() : memref<4xi64>
  memref.copy %s, %t : memref<4xi64> to memref<4xi64>
  return %t : memref<4xi64>
}

// Reuse the target: the temporary is written in place of the out-param.
// CHECK-LABEL: func.func @reuse_target(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store %arg0, %arg1[%[[C0]]] : memref<4xi64>
// CHECK-NEXT:    return
func.func @reuse_target(%x: i64, %out: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xi64>
  memref.store %x, %s[%c0] : memref<4xi64>
  memref.copy %s, %out : memref<4xi64> to memref<4xi64>
  return
}

// The source is read after the copy: the copy stays.
// CHECK-LABEL: func.func @source_read_after(
// CHECK:         memref.copy
func.func @source_read_after(%x: i64) -> (i64, memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xi64>
  memref.store %x, %s[%c0] : memref<4xi64>
  %t = memref.alloc() : memref<4xi64>
  memref.copy %s, %t : memref<4xi64> to memref<4xi64>
  %one = arith.constant 1 : i64
  memref.store %one, %t[%c0] : memref<4xi64>
  %v = memref.load %s[%c0] : memref<4xi64>
  return %v, %t : i64, memref<4xi64>
}

// The source leaves its block (to a successor): the copy stays.
// CHECK-LABEL: func.func @source_leaves_block(
// CHECK:         memref.copy
func.func @source_leaves_block(%x: i64) -> (i64, memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xi64>
  memref.store %x, %s[%c0] : memref<4xi64>
  cf.br ^bb1(%s : memref<4xi64>)
^bb1(%s2: memref<4xi64>):
  %t = memref.alloc() : memref<4xi64>
  memref.copy %s, %t : memref<4xi64> to memref<4xi64>
  %one = arith.constant 1 : i64
  memref.store %one, %t[%c0] : memref<4xi64>
  %v = memref.load %s2[%c0] : memref<4xi64>
  return %v, %t : i64, memref<4xi64>
}

// OUT:      7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 1
// OUT-NEXT: 7
// OUT-NEXT: 1

func.func private @bufrs_print_i64(i64)

func.func @run() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 7 : i64
  %a = func.call @reuse_source(%x) : (i64) -> memref<4xi64>
  %a0 = memref.load %a[%c0] : memref<4xi64>
  func.call @bufrs_print_i64(%a0) : (i64) -> ()
  %out = memref.alloc() : memref<4xi64>
  func.call @reuse_target(%x, %out) : (i64, memref<4xi64>) -> ()
  %o0 = memref.load %out[%c0] : memref<4xi64>
  func.call @bufrs_print_i64(%o0) : (i64) -> ()
  %v1, %t1 = func.call @source_read_after(%x) : (i64) -> (i64, memref<4xi64>)
  func.call @bufrs_print_i64(%v1) : (i64) -> ()
  %t10 = memref.load %t1[%c0] : memref<4xi64>
  func.call @bufrs_print_i64(%t10) : (i64) -> ()
  %v2, %t2 = func.call @source_leaves_block(%x) : (i64) -> (i64, memref<4xi64>)
  func.call @bufrs_print_i64(%v2) : (i64) -> ()
  %t20 = memref.load %t2[%c0] : memref<4xi64>
  func.call @bufrs_print_i64(%t20) : (i64) -> ()
  return
}
