// bufrs-ownership-based-buffer-deallocation{lower-dynamic-frees=true}: a
// buffer whose ownership is dynamic is freed with the lowering of its
// one-memref bufferization.dealloc, `scf.if %flag { memref.dealloc %m }`
// (the IR bufrs-lower-deallocations emits for it), so no bufferization.dealloc
// is left: bufrs' simplification and lowering after it find nothing and
// leave the IR as it is, and the registered pipeline (which sets the option)
// gives the same IR. Cases: a block argument, an scf.if result, an scf.for
// iter_arg, and (private-function-dynamic-ownership) a flagged call result.
// The static verifier accepts the output. Execution under ASan:
// exec-ownership.mlir and private-functions.mlir.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true lower-dynamic-frees=true})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true lower-dynamic-frees=true},func.func(bufrs-buffer-deallocation-simplification,bufrs-lower-deallocations),bufrs-verify-deallocation{private-function-dynamic-ownership=true})' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})' | FileCheck %s
// Without the option: bufferization.dealloc on the flag.
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true})' | FileCheck %s --check-prefix=OFF

// OFF-LABEL:   func.func @dynamic_block_argument
// OFF:           call @use(%[[M:.*]]) :
// OFF-NEXT:      bufferization.dealloc (%[[M]] : memref<4xf32>) if (%{{.*}})
// OFF-NEXT:      return

func.func private @use(memref<4xf32>)

// CHECK-LABEL: func.func @dynamic_block_argument
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[B1:.*]], ^[[B2:.*]]
// CHECK:       ^[[B1]]:
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    cf.br ^[[B3:.*]](%[[A]], %[[T]] : memref<4xf32>, i1)
// CHECK:       ^[[B2]]:
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    cf.br ^[[B3]](%[[X]], %[[F]] : memref<4xf32>, i1)
// CHECK:       ^[[B3]](%[[M:.*]]: memref<4xf32>, %[[O:.*]]: i1):
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    scf.if %[[O]] {
// CHECK-NEXT:      memref.dealloc %[[M]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @dynamic_block_argument(%c: i1, %x: memref<4xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%a : memref<4xf32>)
^bb2:
  cf.br ^bb3(%x : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  func.call @use(%m) : (memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @dynamic_if_result
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[C]] -> (memref<4xf32>, i1) {
// CHECK-NEXT:      %[[A:.*]] = memref.alloc()
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[A]], %[[T]] : memref<4xf32>, i1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[F:.*]] = arith.constant false
// CHECK-NEXT:      scf.yield %[[X]], %[[F]] : memref<4xf32>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    call @use(%[[R]]#0)
// CHECK-NEXT:    scf.if %[[R]]#1 {
// CHECK-NEXT:      memref.dealloc %[[R]]#0 : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @dynamic_if_result(%c: i1, %x: memref<4xf32>) {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %x : memref<4xf32>
  }
  func.call @use(%r) : (memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @for_iter_arg_from_argument
// CHECK-SAME:    (%[[N:.*]]: index, %[[X:.*]]: memref<4xf32>)
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK-NEXT:    %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[I:.*]] = %[[X]], %[[O:.*]] = %[[F]]) -> (memref<4xf32>, i1) {
// CHECK-NEXT:      func.call @use(%[[I]])
// CHECK-NEXT:      scf.if %[[O]] {
// CHECK-NEXT:        memref.dealloc %[[I]] : memref<4xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[A:.*]] = memref.alloc()
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[A]], %[[T]] : memref<4xf32>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    call @use(%[[R]]#0)
// CHECK-NEXT:    scf.if %[[R]]#1 {
// CHECK-NEXT:      memref.dealloc %[[R]]#0 : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @for_iter_arg_from_argument(%n: index, %x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %x) -> memref<4xf32> {
    func.call @use(%it) : (memref<4xf32>) -> ()
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  func.call @use(%r) : (memref<4xf32>) -> ()
  return
}

// A private function returning a buffer it owns on one path only: one more
// i1 result, and its caller frees the result if that flag holds.
// CHECK-LABEL: func.func private @maybe_fresh
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>) -> (memref<4xf32>, i1)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[C]] -> (memref<4xf32>, i1) {
// CHECK-NEXT:      %[[A:.*]] = memref.alloc()
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[A]], %[[T]] : memref<4xf32>, i1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[F:.*]] = arith.constant false
// CHECK-NEXT:      scf.yield %[[X]], %[[F]] : memref<4xf32>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : memref<4xf32>, i1
func.func private @maybe_fresh(%c: i1, %x: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %x : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[R:.*]]:2 = call @maybe_fresh(%[[C]], %[[X]]) : (i1, memref<4xf32>) -> (memref<4xf32>, i1)
// CHECK-NEXT:    call @use(%[[R]]#0)
// CHECK-NEXT:    scf.if %[[R]]#1 {
// CHECK-NEXT:      memref.dealloc %[[R]]#0 : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @caller(%c: i1, %x: memref<4xf32>) {
  %r = func.call @maybe_fresh(%c, %x) : (i1, memref<4xf32>) -> memref<4xf32>
  func.call @use(%r) : (memref<4xf32>) -> ()
  return
}
