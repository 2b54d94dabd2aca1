// bufrs-print-aliases: which buffers may alias, through views, branches,
// scf.if results and scf.for iter_args/results. One line per buffer value:
// its own origin, the allocations it may come from (external=1: it may also
// be memory of unknown origin), and every buffer value sharing a root.
// RUN: %bufrs-opt --mlir-disable-threading -o /dev/null \
// RUN:   --pass-pipeline='builtin.module(func.func(bufrs-print-aliases))' %s | FileCheck --match-full-lines %s

// Views (ViewLikeOpInterface: subview, cast) derive from the allocation; the
// alloca is its own root; a function argument is external.
// CHECK-LABEL: Testing : views
// CHECK-NEXT: %arg0: origin=external sources=[] external=1 aliases=[%arg0]
// CHECK-NEXT: %alloc: origin=allocation sources=[%alloc] external=0 aliases=[%alloc, %subview, %cast]
// CHECK-NEXT: %subview: origin=derived sources=[%alloc] external=0 aliases=[%alloc, %subview, %cast]
// CHECK-NEXT: %cast: origin=derived sources=[%alloc] external=0 aliases=[%alloc, %subview, %cast]
// CHECK-NEXT: %alloca: origin=alloca sources=[%alloca] external=0 aliases=[%alloca]
func.func @views(%arg: memref<16xf32>, %i: index) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  %sv = memref.subview %a[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %c = memref.cast %a : memref<16xf32> to memref<?xf32>
  %s = memref.alloca() : memref<4xf32>
  %v = memref.load %sv[%i] : memref<8xf32, strided<[1], offset: 4>>
  return %v : f32
}

// A block argument (%0, listed with the region's arguments before the ops)
// may be the allocation or the function argument.
// CHECK-LABEL: Testing : branches
// CHECK-NEXT: %arg1: origin=external sources=[] external=1 aliases=[%arg1, %0]
// CHECK-NEXT: %0: origin=derived sources=[%alloc] external=1 aliases=[%arg1, %0, %alloc]
// CHECK-NEXT: %alloc: origin=allocation sources=[%alloc] external=0 aliases=[%0, %alloc]
func.func @branches(%c: i1, %arg: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^left, ^right
^left:
  cf.br ^join(%a : memref<4xf32>)
^right:
  cf.br ^join(%arg : memref<4xf32>)
^join(%m: memref<4xf32>):
  memref.copy %m, %arg : memref<4xf32> to memref<4xf32>
  return
}

// scf.if's result (%0) may be either yielded allocation; the loop's iter arg
// (%arg5) and result (%1) may be the initial value or the buffer allocated
// in the body (the loop may run zero times); the body's allocation does not
// come from the others, and an unrelated allocation aliases only itself.
// CHECK-LABEL: Testing : structured
// CHECK-NEXT: %alloc: origin=allocation sources=[%alloc] external=0 aliases=[%alloc, %0, %1, %arg5]
// CHECK-NEXT: %alloc_0: origin=allocation sources=[%alloc_0] external=0 aliases=[%alloc_0, %0, %1, %arg5]
// CHECK-NEXT: %0: origin=derived sources=[%alloc, %alloc_0] external=0 aliases=[%alloc, %alloc_0, %0, %1, %arg5]
// CHECK-NEXT: %1: origin=derived sources=[%alloc, %alloc_0, %alloc_2] external=0 aliases=[%alloc, %alloc_0, %0, %1, %arg5, %alloc_2]
// CHECK-NEXT: %arg5: origin=derived sources=[%alloc, %alloc_0, %alloc_2] external=0 aliases=[%alloc, %alloc_0, %0, %1, %arg5, %alloc_2]
// CHECK-NEXT: %alloc_2: origin=allocation sources=[%alloc_2] external=0 aliases=[%1, %arg5, %alloc_2]
// CHECK-NEXT: %alloc_1: origin=allocation sources=[%alloc_1] external=0 aliases=[%alloc_1]
func.func @structured(%c: i1, %lb: index, %ub: index, %step: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  %l = scf.for %iv = %lb to %ub step %step iter_args(%it = %r) -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %it, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %z = memref.alloc() : memref<4xf32>
  return %l : memref<4xf32>
}
