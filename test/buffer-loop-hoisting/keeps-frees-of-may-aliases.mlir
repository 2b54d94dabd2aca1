// A free of a value that only *may* alias the buffer (here the result of a
// call that takes the buffer) frees other memory: loop hoisting must not
// move or erase it with the buffer's own frees. Found by the random corpus
// run through deallocation then loop hoisting (the call results leaked).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting))' | FileCheck %s

func.func private @derive(memref<3xi64>) -> memref<3xi64>

// CHECK-LABEL: func.func @loop
// CHECK:         scf.for
// CHECK-NEXT:      %[[A:.*]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT:      %[[R:.*]] = func.call @derive(%[[A]])
// CHECK-NEXT:      memref.dealloc %[[R]]
// CHECK-NEXT:      memref.dealloc %[[A]]
// CHECK-NEXT:    }
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<3xi64>
    %r = func.call @derive(%a) : (memref<3xi64>) -> memref<3xi64>
    memref.dealloc %r : memref<3xi64>
    memref.dealloc %a : memref<3xi64>
  }
  return
}
