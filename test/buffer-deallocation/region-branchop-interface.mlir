// bufrs-buffer-deallocation through RegionBranchOpInterface: buffers
// yielded out of scf.if / scf.for / scf.while regions, and such results
// used after later branches.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' -split-input-file | FileCheck %s

// Seeds 000 and 002: region control flow through RegionBranchOpInterface.
// The seeds' imaginary custom.region_if (then/else/join regions) is written
// as an scf.execute_region whose blocks have the same control flow; scf.if,
// scf.for, scf.while and scf.index_switch are used as they are.

// @nested_region_control_flow: %2 is a non-critical alias of %1; the nested
// allocation is freed inside its branch; returning %2 hands %1 to the caller.
// CHECK-LABEL: func.func @nested_region_control_flow
// CHECK:         %[[A:.*]] = memref.alloc(%arg0, %arg0)
// CHECK-NEXT:    %[[R:.*]] = scf.if
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[B:.*]] = memref.alloc(%arg0, %arg1)
// CHECK-NEXT:      memref.copy %[[A]], %[[B]]
// CHECK-NEXT:      memref.dealloc %[[B]]
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @nested_region_control_flow(%arg0 : index, %arg1 : index) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    memref.copy %1, %3 : memref<?x?xf32> to memref<?x?xf32>
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// -----

// @inner_region_control_flow: everything is an alias of %0; nothing to copy.
// CHECK-LABEL: func.func @inner_region_control_flow
// CHECK-NOT:     bufferization.clone
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @inner_region_control_flow(%arg0 : index, %cond : i1) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.execute_region -> memref<?x?xf32> {
    cf.cond_br %cond, ^then(%0 : memref<?x?xf32>), ^else(%0 : memref<?x?xf32>)
  ^then(%arg2 : memref<?x?xf32>):
    cf.br ^join(%arg2 : memref<?x?xf32>)
  ^else(%arg3 : memref<?x?xf32>):
    cf.br ^join(%arg3 : memref<?x?xf32>)
  ^join(%arg4 : memref<?x?xf32>):
    scf.yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}

// -----

// @inner_region_control_flow_div: the else branch allocates, so %arg4 and
// the result are critical. The seed copies everywhere; bufrs moves the
// divergent allocation and the critical %arg4, and clones the outer %0 once,
// which it frees after the region.
// CHECK-LABEL: func.func @inner_region_control_flow_div
// CHECK:         %[[A:.*]] = memref.alloc(%arg0, %arg0)
// CHECK-NEXT:    %[[R:.*]] = scf.execute_region
// CHECK-NEXT:      cf.cond_br %arg2, ^bb1(%[[A]] : memref<?x?xf32>), ^bb2(%[[A]] : memref<?x?xf32>)
// CHECK-NEXT:    ^bb1(%[[T:.*]]: memref<?x?xf32>):
// CHECK-NEXT:      %[[C:.*]] = bufferization.clone %[[T]]
// CHECK-NEXT:      cf.br ^bb3(%[[C]] : memref<?x?xf32>)
// CHECK-NEXT:    ^bb2(%{{.*}}: memref<?x?xf32>):
// CHECK-NEXT:      %[[B:.*]] = memref.alloc(%arg0, %arg1)
// CHECK-NEXT:      cf.br ^bb3(%[[B]] : memref<?x?xf32>)
// CHECK-NEXT:    ^bb3(%[[J:.*]]: memref<?x?xf32>):
// CHECK-NEXT:      scf.yield %[[J]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return %[[R]]
func.func @inner_region_control_flow_div(%arg0 : index, %arg1 : index, %cond : i1) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.execute_region -> memref<?x?xf32> {
    cf.cond_br %cond, ^then(%0 : memref<?x?xf32>), ^else(%0 : memref<?x?xf32>)
  ^then(%arg2 : memref<?x?xf32>):
    cf.br ^join(%arg2 : memref<?x?xf32>)
  ^else(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    cf.br ^join(%2 : memref<?x?xf32>)
  ^join(%arg4 : memref<?x?xf32>):
    scf.yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}

// -----

// @loop_nested_if ("Placement of Deallocs"): the init buffer is cloned into
// the loop, the divergent allocation is moved out of the then-branch, the
// iteration buffer is cloned in the else-branch and the previous iteration's
// buffer is freed before the back edge; the result is freed after its use.
// CHECK-LABEL: func.func @loop_nested_if
// CHECK:         %[[INIT:.*]] = bufferization.clone %arg3
// CHECK-NEXT:    %[[R:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %[[INIT]])
// CHECK-NEXT:      arith.cmpi
// CHECK-NEXT:      %[[IF:.*]] = scf.if
// CHECK-NEXT:        %[[N:.*]] = memref.alloc()
// CHECK-NEXT:        memref.copy %[[IT]], %[[N]]
// CHECK-NEXT:        scf.yield %[[N]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[C:.*]] = bufferization.clone %[[IT]]
// CHECK-NEXT:        scf.yield %[[C]]
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.dealloc %[[IT]]
// CHECK-NEXT:      scf.yield %[[IF]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.copy %[[R]], %arg4
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func @loop_nested_if(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      memref.copy %iterBuf, %3 : memref<2xf32> to memref<2xf32>
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}

// -----

// A buffer produced by scf.if or scf.for that is still used after a later
// cf.cond_br (upstream 22.1.8 frees such buffers too early or crashes): it
// is freed on each path after its last use there.

// CHECK-LABEL: func.func @if_then_cond_br
// CHECK:         %[[R:.*]] = scf.if
// CHECK:         cf.cond_br %arg1, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.copy %[[R]], %arg2
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    cf.br ^bb3
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    cf.br ^bb3
// CHECK:       ^bb3:
// CHECK-NEXT:    return
func.func @if_then_cond_br(%c: i1, %d: i1, %out: memref<4xf32>) {
  %r = scf.if %c -> memref<4xf32> {
    %x = memref.alloc() : memref<4xf32>
    memref.copy %out, %x : memref<4xf32> to memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else {
    %y = memref.alloc() : memref<4xf32>
    memref.copy %out, %y : memref<4xf32> to memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  cf.cond_br %d, ^a, ^b
^a:
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  cf.br ^end
^b:
  cf.br ^end
^end:
  return
}

// -----

// CHECK-LABEL: func.func @for_then_cond_br
// CHECK:         %[[R:.*]] = scf.for
// CHECK:         cf.cond_br %arg3, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.copy %[[R]], %arg4
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func @for_then_cond_br(%lb: index, %ub: index, %step: index, %d: i1, %out: memref<4xf32>) {
  %init = memref.alloc() : memref<4xf32>
  memref.copy %out, %init : memref<4xf32> to memref<4xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %acc, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  cf.cond_br %d, ^a, ^b
^a:
  return
^b:
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}
