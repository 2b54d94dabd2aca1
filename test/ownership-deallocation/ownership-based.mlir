// bufrs-ownership-based-buffer-deallocation: static ownership gives plain
// frees; a runtime i1 flag appears only at merges whose ownership differs by
// path (block arguments, scf.if results, scf.for iter_args), freed with
// bufferization.dealloc on the flag. No clone where a flag can carry
// ownership; a clone only where a buffer must be owned on every path (a
// returned buffer).

// RUN: %bufrs-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation))' -split-input-file | FileCheck %s

func.func private @use(memref<4xf32>)

// Static: an allocation is owned, freed after its last use.
// CHECK-LABEL: func.func @static_owned
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    call @use(%[[A]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @static_owned() {
  %a = memref.alloc() : memref<4xf32>
  func.call @use(%a) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @use(memref<4xf32>)

// Static at a merge: both edges move an owned buffer, so the merge owns it
// on every path: no flag, a plain free.
// CHECK-LABEL: func.func @static_merge
// CHECK:         cf.cond_br %{{.*}}, ^[[B1:.*]], ^[[B2:.*]]
// CHECK:       ^[[B1]]:
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    cf.br ^[[B3:.*]](%[[A]] : memref<4xf32>)
// CHECK:       ^[[B2]]:
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK-NEXT:    cf.br ^[[B3]](%[[B]] : memref<4xf32>)
// CHECK:       ^[[B3]](%[[M:.*]]: memref<4xf32>):
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    memref.dealloc %[[M]]
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization
func.func @static_merge(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%a : memref<4xf32>)
^bb2:
  %b = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%b : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  func.call @use(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @use(memref<4xf32>)

// Static not owned: every edge passes memory the function does not own, so
// the merge is an alias and nothing is freed.
// CHECK-LABEL: func.func @static_not_owned
// CHECK:       ^{{.*}}(%[[M:.*]]: memref<4xf32>):
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    return
// CHECK-NOT:     dealloc
func.func @static_not_owned(%c: i1, %x: memref<4xf32>, %y: memref<4xf32>) {
  cf.cond_br %c, ^bb1(%x : memref<4xf32>), ^bb1(%y : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  func.call @use(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @use(memref<4xf32>)

// Dynamic at a block argument: an allocation on one path, an argument (not
// owned) on the other. The block gets an i1 argument; each edge passes its
// ownership; the merge is freed if it owns.
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
// CHECK-NEXT:    bufferization.dealloc (%[[M]] : memref<4xf32>) if (%[[O]])
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
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

// -----

func.func private @use(memref<4xf32>)

// Dynamic at an scf.if result: the op is rebuilt with an i1 result.
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
// CHECK-NEXT:    bufferization.dealloc (%[[R]]#0 : memref<4xf32>) if (%[[R]]#1)
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

// -----

func.func private @use(memref<4xf32>)

// A function argument as the init of an scf.for iter_arg: no clone on entry
// (the clone-based pass makes one); the iter_arg carries an i1 flag, false
// on entry, true once an iteration allocates.
// CHECK-LABEL: func.func @for_iter_arg_from_argument
// CHECK-SAME:    (%[[N:.*]]: index, %[[X:.*]]: memref<4xf32>)
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK-NEXT:    %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[I:.*]] = %[[X]], %[[O:.*]] = %[[F]]) -> (memref<4xf32>, i1) {
// CHECK-NEXT:      func.call @use(%[[I]])
// CHECK-NEXT:      bufferization.dealloc (%[[I]] : memref<4xf32>) if (%[[O]])
// CHECK-NEXT:      %[[A:.*]] = memref.alloc()
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[A]], %[[T]] : memref<4xf32>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    call @use(%[[R]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R]]#0 : memref<4xf32>) if (%[[R]]#1)
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
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

// -----

func.func private @use(memref<4xf32>)

// An unstructured cf loop whose header receives an argument on entry and a
// buffer allocated in the body on the back edge: a flag on the header's
// argument; each iteration frees the previous buffer if it owns it.
// CHECK-LABEL: func.func @cf_loop
// CHECK-SAME:    (%[[N:.*]]: index, %[[X:.*]]: memref<4xf32>)
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK-NEXT:    cf.br ^[[H:.*]](%{{.*}}, %[[X]], %[[F]] : index, memref<4xf32>, i1)
// CHECK:       ^[[H]](%[[I:.*]]: index, %[[M:.*]]: memref<4xf32>, %[[O:.*]]: i1):
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi
// CHECK-NEXT:    cf.cond_br %[[LT]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK:       ^[[BODY]]:
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    bufferization.dealloc (%[[M]] : memref<4xf32>) if (%[[O]])
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    cf.br ^[[H]](%[[NEXT]], %[[A]], %[[T]] : index, memref<4xf32>, i1)
// CHECK:       ^[[EXIT]]:
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    bufferization.dealloc (%[[M]] : memref<4xf32>) if (%[[O]])
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @cf_loop(%n: index, %x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %x : index, memref<4xf32>)
^header(%i: index, %m: memref<4xf32>):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  func.call @use(%m) : (memref<4xf32>) -> ()
  %a = memref.alloc() : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %a : index, memref<4xf32>)
^exit:
  func.call @use(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @use(memref<4xf32>)

// cf.switch: two cases allocate, the default passes an argument. A
// cf.switch cannot take one more operand per successor, so its edge into
// the merge goes through a new block that passes the flag; the cf.br edges
// take it directly.
// CHECK-LABEL: func.func @switch
// CHECK-SAME:    (%[[S:.*]]: i32, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    cf.switch %[[S]] : i32, [
// CHECK-NEXT:      default: ^[[D:[a-z0-9]+]](%[[X]] : memref<4xf32>),
// CHECK-NEXT:      0: ^[[C0:[a-z0-9]+]],
// CHECK-NEXT:      1: ^[[C1:[a-z0-9]+]]
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^[[D]](%[[VD:.*]]: memref<4xf32>):
// CHECK-NEXT:    %[[FD:.*]] = arith.constant false
// CHECK-NEXT:    cf.br ^[[J:[a-z0-9]+]](%[[VD]], %[[FD]] : memref<4xf32>, i1)
// CHECK-NEXT:  ^[[C0]]:
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[T0:.*]] = arith.constant true
// CHECK-NEXT:    cf.br ^[[J]](%[[A]], %[[T0]] : memref<4xf32>, i1)
// CHECK-NEXT:  ^[[C1]]:
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK-NEXT:    %[[T1:.*]] = arith.constant true
// CHECK-NEXT:    cf.br ^[[J]](%[[B]], %[[T1]] : memref<4xf32>, i1)
// CHECK-NEXT:  ^[[J]](%[[M:.*]]: memref<4xf32>, %[[O:.*]]: i1):
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    bufferization.dealloc (%[[M]] : memref<4xf32>) if (%[[O]])
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @switch(%s: i32, %x: memref<4xf32>) {
  cf.switch %s : i32, [
    default: ^join(%x : memref<4xf32>),
    0: ^case0,
    1: ^case1
  ]
^case0:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^join(%a : memref<4xf32>)
^case1:
  %b = memref.alloc() : memref<4xf32>
  cf.br ^join(%b : memref<4xf32>)
^join(%m: memref<4xf32>):
  func.call @use(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @use(memref<4xf32>)

// Existing frees of owned buffers are removed and placed again (here: the
// input frees %a too early for the path through ^bb2, which still uses it).
// Frees of memory the function does not own stay.
// CHECK-LABEL: func.func @existing_dealloc
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    memref.dealloc %[[X]]
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[B1:.*]], ^[[B2:.*]]
// CHECK:       ^[[B1]]:
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
// CHECK:       ^[[B2]]:
// CHECK-NEXT:    call @use(%[[A]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    return
func.func @existing_dealloc(%c: i1, %x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  return
^bb2:
  func.call @use(%a) : (memref<4xf32>) -> ()
  return
}

// -----

// Returned buffers: callers own results. An owned allocation is handed over
// as it is; a merge that owns only on some paths is handed over when its
// flag says it owns it, and cloned otherwise (no flag can cross a public
// function's boundary).
// CHECK-LABEL: func.func @return_owned
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    return %[[A]]
func.func @return_owned() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @return_dynamic
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[C]] -> (memref<4xf32>, i1) {
// CHECK:           scf.yield %[[X]], %{{.*}} : memref<4xf32>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[K:.*]] = scf.if %[[R]]#1 -> (memref<4xf32>) {
// CHECK-NEXT:      scf.yield %[[R]]#0 : memref<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[COPY:.*]] = bufferization.clone %[[R]]#0
// CHECK-NEXT:      scf.yield %[[COPY]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @return_dynamic(%c: i1, %x: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %x : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @return_argument
// CHECK-SAME:    (%[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[K:.*]] = bufferization.clone %[[X]]
// CHECK-NEXT:    return %[[K]]
func.func @return_argument(%x: memref<4xf32>) -> memref<4xf32> {
  return %x : memref<4xf32>
}

// -----

func.func private @use(memref<4xf32>)
func.func private @make() -> memref<4xf32>

// An op with unknown effects keeps its buffer operand alive as long as its
// result is used (the result may be that buffer); a call result is owned.
// A merge of the call result and an argument that both dominate it is an
// alias: static, no flag; the call result is freed after the merge's use.
// CHECK-LABEL: func.func @unknown_effects_and_calls
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[U:.*]] = "test.unknown"(%[[A]])
// CHECK-NEXT:    %[[R:.*]] = call @make()
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[B:.*]](%[[R]] : memref<4xf32>), ^[[B]](%[[X]] : memref<4xf32>)
// CHECK-NEXT:  ^[[B]](%[[M:.*]]: memref<4xf32>):
// CHECK-NEXT:    call @use(%[[U]])
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK-NEXT:    call @use(%[[M]])
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func @unknown_effects_and_calls(%c: i1, %x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = "test.unknown"(%a) : (memref<4xf32>) -> memref<4xf32>
  %r = func.call @make() : () -> memref<4xf32>
  cf.cond_br %c, ^bb1(%r : memref<4xf32>), ^bb1(%x : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  func.call @use(%b) : (memref<4xf32>) -> ()
  func.call @use(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func private @use(memref<4xf32>)
func.func private @cond(memref<4xf32>) -> i1

// scf.while: the before-region argument gets an i1 flag (false from the
// argument on entry, true from the allocation each iteration yields); the
// condition moves it, with its flag, to the after-region argument and the
// result, each freed if it owns.
// CHECK-LABEL: func.func @while_iter_arg
// CHECK-SAME:    (%[[X:.*]]: memref<4xf32>)
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[M:.*]] = %[[X]], %[[MO:.*]] = %[[F]]) : (memref<4xf32>, i1) -> (memref<4xf32>, i1) {
// CHECK-NEXT:      %[[C:.*]] = func.call @cond(%[[M]])
// CHECK-NEXT:      scf.condition(%[[C]]) %[[M]], %[[MO]] : memref<4xf32>, i1
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[B:.*]]: memref<4xf32>, %[[BO:.*]]: i1):
// CHECK-NEXT:      func.call @use(%[[B]])
// CHECK-NEXT:      bufferization.dealloc (%[[B]] : memref<4xf32>) if (%[[BO]])
// CHECK-NEXT:      %[[A:.*]] = memref.alloc()
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[A]], %[[T]] : memref<4xf32>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    call @use(%[[R]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R]]#0 : memref<4xf32>) if (%[[R]]#1)
// CHECK-NEXT:    return
// CHECK-NOT:     bufferization.clone
func.func @while_iter_arg(%x: memref<4xf32>) {
  %r = scf.while (%m = %x) : (memref<4xf32>) -> memref<4xf32> {
    %c = func.call @cond(%m) : (memref<4xf32>) -> i1
    scf.condition(%c) %m : memref<4xf32>
  } do {
  ^bb0(%b: memref<4xf32>):
    func.call @use(%b) : (memref<4xf32>) -> ()
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  func.call @use(%r) : (memref<4xf32>) -> ()
  return
}
