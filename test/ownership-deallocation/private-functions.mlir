// private-function-dynamic-ownership (upstream's option of the same name):
// private functions whose every use is a direct call return one i1 per
// returned buffer saying whether the caller owns it instead of cloning what
// they return without owning it, and callers free such results with
// bufferization.dealloc on the flag (keeping the buffers they lent alive
// until then). A function whose address is taken and a public function keep
// the public ABI. The first RUN line checks the IR and runs the static
// verifier (which reads the same flags); the others execute every case under
// AddressSanitizer, through bufrs' pipeline with the option and through
// upstream's simplification and lowering (interoperability). The pass on
// the module runs the module step (bufrs-ownership-function-boundaries)
// itself; the second RUN line runs the step, then the pass on each
// function (as the pipeline does): the same output, and no mark
// ('bufrs.ownership_flags') is left in either.

// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true},bufrs-verify-deallocation{private-function-dynamic-ownership=true})' | FileCheck %s --implicit-check-not=bufrs.ownership_flags
// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(bufrs-ownership-function-boundaries,func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}),bufrs-verify-deallocation{private-function-dynamic-ownership=true})' | FileCheck %s --implicit-check-not=bufrs.ownership_flags
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true},bufrs-verify-deallocation{private-function-dynamic-ownership=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-ownership-function-boundaries,func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}),buffer-deallocation-simplification,bufferization-lower-deallocations)' | FileCheck %s --check-prefix=OUT

// @callers(true, 0), then @callers(false, 2): id, fresh, pick, chain,
// countdown, taken, public_id.
// OUT: 7
// OUT-NEXT: 7
// OUT-NEXT: 5
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NEXT: 7
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func private @id(
// CHECK-SAME:      %[[A:.*]]: memref<4xi64>) -> (memref<4xi64>, i1) {
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    return %[[A]], %[[F]] : memref<4xi64>, i1
// CHECK-NEXT:  }
// A private function returning its argument: returned as it is, flag false.
func.func private @id(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}

// CHECK-LABEL: func.func private @fresh(
// CHECK-SAME:      %[[V:.*]]: i64) -> (memref<4xi64>, i1) {
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    call @fill(%[[A]], %[[V]])
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[A]], %[[T]] : memref<4xi64>, i1
// CHECK-NEXT:  }
// A private function returning an allocation: handed over, flag true.
func.func private @fresh(%v: i64) -> memref<4xi64> {
  %a = memref.alloc() : memref<4xi64>
  func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
  return %a : memref<4xi64>
}

// CHECK-LABEL: func.func private @pick(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: memref<4xi64>) -> (memref<4xi64>, i1) {
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[BB2:.*]], ^[[BB1:.*]](%[[X]] : memref<4xi64>)
// CHECK-NEXT:  ^[[BB1]](%[[B:.*]]: memref<4xi64>):
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    cf.br ^[[BB3:.*]](%[[B]], %[[F]] : memref<4xi64>, i1)
// CHECK-NEXT:  ^[[BB2]]:
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    %[[FIVE:.*]] = arith.constant 5 : i64
// CHECK-NEXT:    call @fill(%[[A]], %[[FIVE]])
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    cf.br ^[[BB3]](%[[A]], %[[T]] : memref<4xi64>, i1)
// CHECK-NEXT:  ^[[BB3]](%[[M:.*]]: memref<4xi64>, %[[MF:.*]]: i1):
// CHECK-NEXT:    return %[[M]], %[[MF]] : memref<4xi64>, i1
// CHECK-NEXT:  }
// A private function returning a merge owned on one path only: the merge's
// flag is returned (no scf.if, no clone).
func.func private @pick(%c: i1, %x: memref<4xi64>) -> memref<4xi64> {
  cf.cond_br %c, ^bb1, ^bb2(%x : memref<4xi64>)
^bb1:
  %a = memref.alloc() : memref<4xi64>
  %v = arith.constant 5 : i64
  func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
  cf.br ^bb2(%a : memref<4xi64>)
^bb2(%m: memref<4xi64>):
  return %m : memref<4xi64>
}

// CHECK-LABEL: func.func private @chain(
// CHECK-SAME:      %[[X:.*]]: memref<4xi64>) -> (memref<4xi64>, i1) {
// CHECK-NEXT:    %[[R:.*]]:2 = call @id(%[[X]]) : (memref<4xi64>) -> (memref<4xi64>, i1)
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : memref<4xi64>, i1
// CHECK-NEXT:  }
// A private function returning what a flagged call returns: the call's
// flag is handed on.
func.func private @chain(%x: memref<4xi64>) -> memref<4xi64> {
  %r = func.call @id(%x) : (memref<4xi64>) -> memref<4xi64>
  return %r : memref<4xi64>
}

// CHECK-LABEL: func.func private @countdown(
// CHECK-SAME:      %[[N:.*]]: index, %[[X:.*]]: memref<4xi64>) -> (memref<4xi64>, i1) {
// CHECK:         %[[R:.*]]:2 = scf.if %{{.*}} -> (memref<4xi64>, i1) {
// CHECK-NEXT:      %[[F:.*]] = arith.constant false
// CHECK-NEXT:      scf.yield %[[X]], %[[F]] : memref<4xi64>, i1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[M:.*]] = arith.subi
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:      memref.copy %[[X]], %[[B]]
// CHECK-NEXT:      %[[S:.*]]:2 = func.call @countdown(%[[M]], %[[B]]) : (index, memref<4xi64>) -> (memref<4xi64>, i1)
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      %[[COPY:.*]] = bufferization.clone %[[S]]#0
// CHECK-NEXT:      memref.dealloc %[[B]] : memref<4xi64>
// CHECK-NEXT:      bufferization.dealloc (%[[S]]#0 : memref<4xi64>) if (%[[S]]#1)
// CHECK-NEXT:      scf.yield %[[COPY]], %[[T]] : memref<4xi64>, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : memref<4xi64>, i1
// CHECK-NEXT:  }
// A recursive private function: the recursive call's result is owned only
// when its flag says so; it may be the buffer allocated here (the call's
// operand), which is freed before the return, so it is cloned into the
// scf.if result.
func.func private @countdown(%n: index, %x: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> memref<4xi64> {
    scf.yield %x : memref<4xi64>
  } else {
    %m = arith.subi %n, %c1 : index
    %b = memref.alloc() : memref<4xi64>
    memref.copy %x, %b : memref<4xi64> to memref<4xi64>
    %s = func.call @countdown(%m, %b) : (index, memref<4xi64>) -> memref<4xi64>
    scf.yield %s : memref<4xi64>
  }
  return %r : memref<4xi64>
}

// CHECK-LABEL: func.func private @taken(
// CHECK-SAME:      %[[A:.*]]: memref<4xi64>) -> memref<4xi64> {
// CHECK-NEXT:    %[[COPY:.*]] = bufferization.clone %[[A]]
// CHECK-NEXT:    return %[[COPY]] : memref<4xi64>
// CHECK-NEXT:  }
// A private function whose address is taken keeps the public ABI: its
// callers own its result, so the argument it returns is cloned.
// expected-remark @below {{'taken' is used other than by a direct call: it keeps the public ABI (callers own its results)}}
func.func private @taken(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}

// CHECK-LABEL: func.func @public_id(
// CHECK-SAME:      %[[A:.*]]: memref<4xi64>) -> memref<4xi64> {
// CHECK-NEXT:    %[[COPY:.*]] = bufferization.clone %[[A]]
// CHECK-NEXT:    return %[[COPY]] : memref<4xi64>
// CHECK-NEXT:  }
// A public function keeps the public ABI.
func.func @public_id(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}

func.func private @fill(%m: memref<4xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %m[%i] : memref<4xi64>
  }
  return
}

func.func private @show(%m: memref<4xi64>) {
  %c3 = arith.constant 3 : index
  %v = memref.load %m[%c3] : memref<4xi64>
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}

func.func private @bufrs_print_i64(i64)

// CHECK-LABEL: func.func @callers(
// CHECK-SAME:      %[[C:.*]]: i1, %[[N:.*]]: index) {
// CHECK-NEXT:    %[[V:.*]] = arith.constant 7 : i64
// CHECK-NEXT:    %[[X:.*]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT:    call @fill(%[[X]], %[[V]])
// CHECK-NEXT:    %[[R0:.*]]:2 = call @id(%[[X]]) : (memref<4xi64>) -> (memref<4xi64>, i1)
// CHECK-NEXT:    call @show(%[[R0]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R0]]#0 : memref<4xi64>) if (%[[R0]]#1)
// CHECK-NEXT:    %[[R1:.*]]:2 = call @fresh(%[[V]]) : (i64) -> (memref<4xi64>, i1)
// CHECK-NEXT:    call @show(%[[R1]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R1]]#0 : memref<4xi64>) if (%[[R1]]#1)
// CHECK-NEXT:    %[[R2:.*]]:2 = call @pick(%[[C]], %[[X]]) : (i1, memref<4xi64>) -> (memref<4xi64>, i1)
// CHECK-NEXT:    call @show(%[[R2]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R2]]#0 : memref<4xi64>) if (%[[R2]]#1)
// CHECK-NEXT:    %[[R3:.*]]:2 = call @chain(%[[X]]) : (memref<4xi64>) -> (memref<4xi64>, i1)
// CHECK-NEXT:    call @show(%[[R3]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R3]]#0 : memref<4xi64>) if (%[[R3]]#1)
// CHECK-NEXT:    %[[R4:.*]]:2 = call @countdown(%[[N]], %[[X]]) : (index, memref<4xi64>) -> (memref<4xi64>, i1)
// CHECK-NEXT:    call @show(%[[R4]]#0)
// CHECK-NEXT:    bufferization.dealloc (%[[R4]]#0 : memref<4xi64>) if (%[[R4]]#1)
// CHECK-NEXT:    %[[F:.*]] = constant @taken : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    %[[R5:.*]] = call_indirect %[[F]](%[[X]]) : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    call @show(%[[R5]])
// CHECK-NEXT:    memref.dealloc %[[R5]] : memref<4xi64>
// CHECK-NEXT:    %[[R6:.*]] = call @public_id(%[[X]]) : (memref<4xi64>) -> memref<4xi64>
// CHECK-NEXT:    memref.dealloc %[[X]] : memref<4xi64>
// CHECK-NEXT:    call @show(%[[R6]])
// CHECK-NEXT:    memref.dealloc %[[R6]] : memref<4xi64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// The caller frees each flagged result with bufferization.dealloc on its
// flag, after its last use; the buffer it lends (%x) lives until then too.
func.func @callers(%c: i1, %n: index) {
  %v = arith.constant 7 : i64
  %x = memref.alloc() : memref<4xi64>
  func.call @fill(%x, %v) : (memref<4xi64>, i64) -> ()
  %r0 = func.call @id(%x) : (memref<4xi64>) -> memref<4xi64>
  func.call @show(%r0) : (memref<4xi64>) -> ()
  %r1 = func.call @fresh(%v) : (i64) -> memref<4xi64>
  func.call @show(%r1) : (memref<4xi64>) -> ()
  %r2 = func.call @pick(%c, %x) : (i1, memref<4xi64>) -> memref<4xi64>
  func.call @show(%r2) : (memref<4xi64>) -> ()
  %r3 = func.call @chain(%x) : (memref<4xi64>) -> memref<4xi64>
  func.call @show(%r3) : (memref<4xi64>) -> ()
  %r4 = func.call @countdown(%n, %x) : (index, memref<4xi64>) -> memref<4xi64>
  func.call @show(%r4) : (memref<4xi64>) -> ()
  // expected-note @below {{used here}}
  %f = func.constant @taken : (memref<4xi64>) -> memref<4xi64>
  %r5 = func.call_indirect %f(%x) : (memref<4xi64>) -> memref<4xi64>
  func.call @show(%r5) : (memref<4xi64>) -> ()
  %r6 = func.call @public_id(%x) : (memref<4xi64>) -> memref<4xi64>
  func.call @show(%r6) : (memref<4xi64>) -> ()
  return
}

func.func @run() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  func.call @callers(%t, %c0) : (i1, index) -> ()
  func.call @callers(%f, %c2) : (i1, index) -> ()
  return
}
