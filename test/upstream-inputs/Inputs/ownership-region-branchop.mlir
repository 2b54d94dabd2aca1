// Inputs modeled on the functions of upstream MLIR's
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-region-branchop-interface.mlir
// (llvm/llvm-project; Apache-2.0 WITH LLVM-exception). Only the shapes of the
// inputs are kept (own value names, same control flow and ops); no upstream
// CHECK lines. Test dialect ops are kept (stock mlir-opt 22 registers the
// test dialect); affine.* and shape.assuming are kept as is.

func.func @nested_regions_and_cond_branch(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  cf.cond_br %c, ^pass, ^fill
^pass:
  cf.br ^join(%src : memref<2xf32>)
^fill:
  %buf = memref.alloc() : memref<2xf32>
  test.region_buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %tmp = memref.alloc() : memref<2xf32>
    test.buffer_based in(%src: memref<2xf32>) out(%tmp: memref<2xf32>)
    %e = math.exp %x : f32
    test.region_yield %e : f32
  }
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  test.copy(%v, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @nested_region_control_flow(%i: index, %j: index) -> memref<?x?xf32> {
  %eq = arith.cmpi eq, %i, %j : index
  %outer = memref.alloc(%i, %i) : memref<?x?xf32>
  %r = scf.if %eq -> (memref<?x?xf32>) {
    scf.yield %outer : memref<?x?xf32>
  } else {
    %inner = memref.alloc(%i, %j) : memref<?x?xf32>
    "test.read_buffer"(%inner) : (memref<?x?xf32>) -> ()
    scf.yield %outer : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @nested_region_control_flow_div(%i: index, %j: index) -> memref<?x?xf32> {
  %eq = arith.cmpi eq, %i, %j : index
  %outer = memref.alloc(%i, %i) : memref<?x?xf32>
  %r = scf.if %eq -> (memref<?x?xf32>) {
    scf.yield %outer : memref<?x?xf32>
  } else {
    %inner = memref.alloc(%i, %j) : memref<?x?xf32>
    scf.yield %inner : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @inner_region_control_flow(%n: index) -> memref<?x?xf32> {
  %buf = memref.alloc(%n, %n) : memref<?x?xf32>
  %r = test.region_if %buf : memref<?x?xf32> -> (memref<?x?xf32>) then {
    ^bb0(%t: memref<?x?xf32>):
      test.region_if_yield %t : memref<?x?xf32>
  } else {
    ^bb0(%e: memref<?x?xf32>):
      test.region_if_yield %e : memref<?x?xf32>
  } join {
    ^bb0(%j: memref<?x?xf32>):
      test.region_if_yield %j : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @nestedRegionsAndCondBranchAlloca(%c: i1, %src: memref<2xf32>, %dst: memref<2xf32>) {
  cf.cond_br %c, ^pass, ^fill
^pass:
  cf.br ^join(%src : memref<2xf32>)
^fill:
  %buf = memref.alloc() : memref<2xf32>
  test.region_buffer_based in(%src: memref<2xf32>) out(%buf: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %tmp = memref.alloca() : memref<2xf32>
    test.buffer_based in(%src: memref<2xf32>) out(%tmp: memref<2xf32>)
    %e = math.exp %x : f32
    test.region_yield %e : f32
  }
  cf.br ^join(%buf : memref<2xf32>)
^join(%v: memref<2xf32>):
  test.copy(%v, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @nestedRegionControlFlowAlloca(%i: index, %j: index, %f: f32) -> memref<?x?xf32> {
  %eq = arith.cmpi eq, %i, %j : index
  %outer = memref.alloc(%i, %i) : memref<?x?xf32>
  %r = scf.if %eq -> (memref<?x?xf32>) {
    scf.yield %outer : memref<?x?xf32>
  } else {
    %stack = memref.alloca(%i, %j) : memref<?x?xf32>
    %zero = arith.constant 0 : index
    memref.store %f, %stack[%zero, %zero] : memref<?x?xf32>
    scf.yield %outer : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

func.func @loop_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %dst: memref<2xf32>) {
  %pre = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%pre) : (memref<2xf32>) -> ()
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %iv, %ub : index
    %next = memref.alloc() : memref<2xf32>
    scf.yield %next : memref<2xf32>
  }
  test.copy(%r, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @loop_nested_if_no_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %dst: memref<2xf32>) {
  %pre = memref.alloc() : memref<2xf32>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %iv, %ub : index
    %pick = scf.if %last -> (memref<2xf32>) {
      scf.yield %pre : memref<2xf32>
    } else {
      scf.yield %acc : memref<2xf32>
    }
    scf.yield %pick : memref<2xf32>
  }
  test.copy(%r, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @loop_nested_if_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>) -> memref<2xf32> {
  %pre = memref.alloc() : memref<2xf32>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> memref<2xf32> {
    %last = arith.cmpi eq, %iv, %ub : index
    %pick = scf.if %last -> (memref<2xf32>) {
      %fresh = memref.alloc() : memref<2xf32>
      scf.yield %fresh : memref<2xf32>
    } else {
      scf.yield %pre : memref<2xf32>
    }
    scf.yield %pick : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

func.func @loop_nested_alloc(%lb: index, %ub: index, %step: index, %init: memref<2xf32>, %dst: memref<2xf32>) {
  %pre = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%pre) : (memref<2xf32>) -> ()
  %r0 = scf.for %i = %lb to %ub step %step iter_args(%a0 = %init) -> memref<2xf32> {
    %r1 = scf.for %j = %lb to %ub step %step iter_args(%a1 = %a0) -> memref<2xf32> {
      %r2 = scf.for %k = %lb to %ub step %step iter_args(%a2 = %a1) -> memref<2xf32> {
        %tmp = memref.alloc() : memref<2xf32>
        "test.read_buffer"(%tmp) : (memref<2xf32>) -> ()
        %last = arith.cmpi eq, %i, %ub : index
        %pick = scf.if %last -> (memref<2xf32>) {
          %fresh = memref.alloc() : memref<2xf32>
          scf.yield %fresh : memref<2xf32>
        } else {
          scf.yield %a2 : memref<2xf32>
        }
        scf.yield %pick : memref<2xf32>
      }
      scf.yield %r2 : memref<2xf32>
    }
    scf.yield %r1 : memref<2xf32>
  }
  test.copy(%r0, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @affine_loop() -> f32 {
  %buf = memref.alloc() : memref<1024xf32>
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 10 step 2 iter_args(%acc = %zero) -> f32 {
    %x = affine.load %buf[%i] : memref<1024xf32>
    %s = arith.addf %acc, %x : f32
    affine.yield %s : f32
  }
  return %sum : f32
}

// -----

func.func @assumingOp(%w: !shape.witness, %keep: memref<2xf32>, %dst: memref<2xf32>) {
  %r0 = shape.assuming %w -> memref<2xf32> {
    %tmp = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%tmp) : (memref<2xf32>) -> ()
    shape.assuming_yield %keep : memref<2xf32>
  }
  %r1 = shape.assuming %w -> memref<2xf32> {
    %fresh = memref.alloc() : memref<2xf32>
    shape.assuming_yield %fresh : memref<2xf32>
  }
  test.copy(%r1, %dst) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

func.func @noRegionBranchOpInterface() {
  %a = "test.one_region_with_recursive_memory_effects"() ({
    %b = "test.one_region_with_recursive_memory_effects"() ({
      %buf = memref.alloc() : memref<2xi32>
      "test.read_buffer"(%buf) : (memref<2xi32>) -> ()
      "test.return"() : () -> ()
    }) : () -> (i32)
    "test.return"() : () -> ()
  }) : () -> (i32)
  func.return
}

// -----

func.func @noRegionBranchOpInterface_returns_buffer() {
  %a = "test.one_region_with_recursive_memory_effects"() ({
    %b = "test.one_region_with_recursive_memory_effects"() ({
      %buf = memref.alloc() : memref<2xi32>
      "test.read_buffer"(%buf) : (memref<2xi32>) -> ()
      "test.return"(%buf) : (memref<2xi32>) -> ()
    }) : () -> (memref<2xi32>)
    "test.return"() : () -> ()
  }) : () -> (i32)
  func.return
}

// -----

func.func @while_two_arg(%n: index) {
  %buf = memref.alloc(%n) : memref<?xf32>
  scf.while (%p = %buf, %q = %buf) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
    %go = "test.side_effect_op"() {effects = [{effect="read"}]} : () -> i1
    scf.condition(%go) %p, %q : memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%p2: memref<?xf32>, %q2: memref<?xf32>):
    %fresh = memref.alloc(%n) : memref<?xf32>
    scf.yield %p2, %fresh : memref<?xf32>, memref<?xf32>
  }
  return
}

// -----

func.func @while_three_arg(%n: index) {
  %buf = memref.alloc(%n) : memref<?xf32>
  scf.while (%p = %buf, %q = %buf, %s = %buf) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
    %go = "test.side_effect_op"() {effects = [{effect="read"}]} : () -> i1
    scf.condition(%go) %p, %q, %s : memref<?xf32>, memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%p2: memref<?xf32>, %q2: memref<?xf32>, %s2: memref<?xf32>):
    %f1 = memref.alloc(%n) : memref<?xf32>
    %f2 = memref.alloc(%n) : memref<?xf32>
    scf.yield %f2, %f1, %q2 : memref<?xf32>, memref<?xf32>, memref<?xf32>
  }
  return
}

// -----

#always = affine_set<() : (0 >= 0)>
func.func @test_affine_if_1(%arg: memref<10xf32>) -> memref<10xf32> {
  %r = affine.if #always() -> memref<10xf32> {
    %fresh = memref.alloc() : memref<10xf32>
    affine.yield %fresh : memref<10xf32>
  } else {
    affine.yield %arg : memref<10xf32>
  }
  return %r : memref<10xf32>
}

// -----

#always = affine_set<() : (0 >= 0)>
func.func @test_affine_if_2() -> memref<10xf32> {
  %pre = memref.alloc() : memref<10xf32>
  %r = affine.if #always() -> memref<10xf32> {
    affine.yield %pre : memref<10xf32>
  } else {
    %fresh = memref.alloc() : memref<10xf32>
    affine.yield %fresh : memref<10xf32>
  }
  return %r : memref<10xf32>
}

// -----

#always = affine_set<() : (0 >= 0)>
func.func @test_affine_if_3() -> memref<10xf32> {
  %pre = memref.alloc() : memref<10xf32>
  %r = affine.if #always() -> memref<10xf32> {
    %fresh = memref.alloc() : memref<10xf32>
    affine.yield %fresh : memref<10xf32>
  } else {
    affine.yield %pre : memref<10xf32>
  }
  return %r : memref<10xf32>
}
