// A buffer allocated in the body of a cf loop, written, then passed as the
// init of an scf.for iter_arg whose loop yields a fresh buffer. Hoisted out of
// the cf loop, one buffer would serve every iteration, and the next
// iteration's writes would follow the previous iteration's flow into the
// iter_arg: input clone-based deallocation refuses (its input contract).
// Loop hoisting keeps it in its loop (with a remark saying why), so the
// memory pipeline accepts what the deallocation pipeline accepts, with plain
// hoisting and dynamic merging too, with either deallocation, and the program runs clean with the same
// output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-buffer-loop-hoisting{emit-remarks=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK:      remark: not moved; stops because the buffer flows into a merge and is written: shared between iterations, a write would follow an earlier iteration's flow into the merge (clone-based deallocation's input contract)
// REMARK-NEXT: %b43 = memref.alloc(%m, %m) : memref<?x?xi32>
// REMARK:      note: at 'scf.for'
// REMARK-NEXT: %r58 = scf.for

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{ownership=false})' | FileCheck %s --check-prefix=OUT
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{hoisting=true})' | FileCheck %s --check-prefix=HOIST
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{merge-dynamic=true})' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline)' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{hoisting=true merge-dynamic=true})' | FileCheck %s --check-prefix=OUT
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-deallocation-pipeline)' | FileCheck %s --check-prefix=OUT

// The buffer stays in the cf loop's body, allocated there every iteration.
// CHECK-LABEL: func.func @f0(
// CHECK:         cf.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^bb{{[0-9]+}}
// CHECK:       ^[[BODY]]:
// CHECK-NEXT:    %[[B:.*]] = memref.alloc(%arg1, %arg1) : memref<?x?xi32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[B]]) -> (memref<?x?xi32>)

// Plain hoisting moves it up to the cf loop's header, still in the loop.
// HOIST-LABEL: func.func @f0(
// HOIST:       ^bb1(%{{.*}}: index, %[[LB:.*]]: memref<?x?xi32>):
// HOIST-NEXT:    memref.dealloc %[[LB]] : memref<?x?xi32>
// HOIST-NEXT:    %[[B:.*]] = memref.alloc(%arg1, %arg1) : memref<?x?xi32>
// HOIST:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[B]]) -> (memref<?x?xi32>)

// OUT:      29
// OUT-NEXT: 0

func.func private @bufrs_print_i64(i64)

func.func @f0(%n: index, %m: index, %t: index) -> (i64, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k4 = arith.constant 11 : i32
  %k53 = arith.constant 2 : i32
  %k55 = arith.constant 4 : i32
  %acc = memref.alloca() : memref<1xi64>
  %zero = arith.constant 0 : i64
  memref.store %zero, %acc[%c0] : memref<1xi64>
  %b2 = memref.alloc(%m, %n) : memref<?x?xi32>
  cf.br ^bb1(%c0, %b2 : index, memref<?x?xi32>)
^bb1(%liv5: index, %lb6: memref<?x?xi32>):
  %cond7 = arith.cmpi slt, %liv5, %t : index
  cf.cond_br %cond7, ^bb2, ^bb3
^bb2:
  %b43 = memref.alloc(%m, %m) : memref<?x?xi32>
  %d44 = memref.dim %b43, %c0 : memref<?x?xi32>
  %d45 = memref.dim %b43, %c1 : memref<?x?xi32>
  scf.for %i46 = %c0 to %d44 step %c1 {
    scf.for %i47 = %c0 to %d45 step %c1 {
      %v48 = arith.index_cast %i46 : index to i32
      %v49 = arith.index_cast %i47 : index to i32
      %v50 = arith.muli %v48, %k4 : i32
      %v51 = arith.addi %v50, %v49 : i32
      %v52 = arith.muli %v51, %k53 : i32
      %v54 = arith.addi %v52, %k55 : i32
      memref.store %v54, %b43[%i46, %i47] : memref<?x?xi32>
    }
  }
  %r58 = scf.for %iv56 = %c0 to %c2 step %c1 iter_args(%it57 = %b43) -> (memref<?x?xi32>) {
    %b68 = memref.alloc(%m, %n) : memref<?x?xi32>
    %fill = arith.index_cast %iv56 : index to i32
    %d69 = memref.dim %b68, %c0 : memref<?x?xi32>
    %d70 = memref.dim %b68, %c1 : memref<?x?xi32>
    scf.for %i71 = %c0 to %d69 step %c1 {
      scf.for %i72 = %c0 to %d70 step %c1 {
        %old = memref.load %it57[%i71, %i72] : memref<?x?xi32>
        %new = arith.addi %old, %fill : i32
        memref.store %new, %b68[%i71, %i72] : memref<?x?xi32>
      }
    }
    scf.yield %b68 : memref<?x?xi32>
  }
  %v69 = memref.load %r58[%c1, %c1] : memref<?x?xi32>
  %w69 = arith.extsi %v69 : i32 to i64
  %h0 = memref.load %acc[%c0] : memref<1xi64>
  %h1 = arith.addi %h0, %w69 : i64
  memref.store %h1, %acc[%c0] : memref<1xi64>
  %b74 = memref.alloc(%m) : memref<?x6xi32>
  %cast80 = memref.cast %b74 : memref<?x6xi32> to memref<?x?xi32>
  %v81 = arith.addi %liv5, %c1 : index
  cf.br ^bb1(%v81, %cast80 : index, memref<?x?xi32>)
^bb3:
  %b215 = memref.alloc(%n) : memref<?xf32>
  %h223 = memref.load %acc[%c0] : memref<1xi64>
  return %h223, %b215 : i64, memref<?xf32>
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = func.call @f0(%c3, %c3, %c1) : (index, index, index) -> (i64, memref<?xf32>)
  func.call @bufrs_print_i64(%r#0) : (i64) -> ()
  %r2:2 = func.call @f0(%c3, %c3, %c0) : (index, index, index) -> (i64, memref<?xf32>)
  func.call @bufrs_print_i64(%r2#0) : (i64) -> ()
  return
}
