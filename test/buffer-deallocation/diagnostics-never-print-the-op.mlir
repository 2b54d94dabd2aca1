// bufrs reports its diagnostics at an op's location, never at the op
// itself: mlir-opt prints the op of a diagnostic at an op after the message
// (-mlir-print-op-on-diagnostic, on by default), which for an error at a
// function is its whole body. An error at an op in a loop body and an error
// at a function each give one located line and their notes, and nothing
// else.

// RUN: not %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' 2>&1 | FileCheck %s --check-prefix=OP --implicit-check-not="see current operation"
// RUN: not %bufrs-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}))' 2>&1 | FileCheck %s --check-prefix=FUNCTION --implicit-check-not="see current operation"

// OP: diagnostics-never-print-the-op.mlir:[[# @LINE + 10]]:5: error: bufrs-buffer-deallocation: stores a buffer into memory; its ownership cannot be tracked
// OP-NEXT: memref.store %b, %holder[] : memref<memref<2xf32>>
// OP-NEXT: ^
// FUNCTION: diagnostics-never-print-the-op.mlir:[[# @LINE + 2]]:1: error: bufrs-ownership-based-buffer-deallocation: private-function-dynamic-ownership on a function reads the marks
// FUNCTION-NOT: scf.for
func.func @stores_a_buffer(%n: index, %holder: memref<memref<2xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<2xf32>
    memref.store %b, %holder[] : memref<memref<2xf32>>
  }
  return
}
