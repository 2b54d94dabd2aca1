// With leave-conditionals=true, an allocation in an scf.if leaves it when
// its whole life lies in the region: with a free there, the free moves right
// after the scf.if (one allocation, one free on both paths); without one
// (before deallocation), the buffer is simply allocated before the scf.if.
// By default both stay (leaving runs a malloc on the path that had none). A
// region that runs exactly once (scf.execute_region) is always left: the
// allocation runs as often as before, its free stays where it is.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting{leave-conditionals=true}))' | FileCheck %s --check-prefixes=CHECK,ONCE
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-hoisting))' | FileCheck %s --check-prefixes=STAY,ONCE

// CHECK-LABEL: func.func @freed_inside
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// STAY-LABEL: func.func @freed_inside
// STAY-NEXT:    scf.if
// STAY-NEXT:      memref.alloc()
func.func @freed_inside(%c: i1, %f: f32, %i: index) {
  scf.if %c {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%i] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @not_freed
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// STAY-LABEL: func.func @not_freed
// STAY-NEXT:    scf.if
// STAY-NEXT:      memref.alloc()
func.func @not_freed(%c: i1, %f: f32, %i: index) {
  scf.if %c {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%i] : memref<4xf32>
  }
  return
}

// ONCE-LABEL: func.func @execute_region
// ONCE-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xf32>
// ONCE-NEXT:    scf.execute_region
// ONCE-NEXT:      memref.store %{{.*}}, %[[A]]
// ONCE-NEXT:      memref.dealloc %[[A]]
// ONCE-NEXT:      scf.yield
func.func @execute_region(%f: f32, %i: index) {
  scf.execute_region {
    %0 = memref.alloc() : memref<4xf32>
    memref.store %f, %0[%i] : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
    scf.yield
  }
  return
}
