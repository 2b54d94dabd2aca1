// With keep-peak, an input the promotion would put on the stack is not
// merged into an init that stays on the heap (a returned result) where
// another heap buffer is live between the two allocations: the init
// allocated in the input's place would add its bytes to the heap there.
// A loop body that receives a buffer (the previous iteration's result) counts
// as one where a heap buffer is live. Where no heap buffer is live in
// between, or without keep-peak, the pair becomes one buffer. The main job sets keep-peak with its promotion's
// bounds; the programs run clean through it with the same output.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs{keep-peak=true promoted-max-bytes=1024 promoted-max-rank=8}))' | FileCheck %s --check-prefixes=CHECK,KEEP
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-reuse-dying-inputs))' | FileCheck %s --check-prefixes=CHECK,ANY
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=MAIN
// RUN: %asan-exec %s --pipeline='builtin.module(bufrs-memory-pipeline{verify=true})' | FileCheck %s --check-prefix=OUT

// OUT:      8
// OUT-NEXT: 16
// OUT-NEXT: 11
// OUT-NOT:  {{.}}

#id = affine_map<(i, j) -> (i, j)>
#v = affine_map<(i) -> (i)>

// The 4 KB buffer %h is read after the input's allocation and before the
// init's.
// CHECK-LABEL: func.func @heap_between(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[BIG:.*]]: memref<1024xf32>, %[[DST:.*]]: memref<1024xf32>) -> memref<2x3xf32> {
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT:    linalg.fill {{.*}} outs(%[[H]] : memref<1024xf32>)
// KEEP-NEXT:     %[[S:.*]] = memref.alloc() : memref<2x3xf32>
// KEEP-NEXT:     linalg.generic {{{.*}}} ins(%[[X]] : memref<2x3xf32>) outs(%[[S]] : memref<2x3xf32>)
// ANY-NEXT:      %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// ANY-NEXT:      linalg.generic {{{.*}}} ins(%[[X]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// CHECK:         linalg.generic {{{.*}}} ins(%[[H]], %[[BIG]] : memref<1024xf32>, memref<1024xf32>) outs(%[[DST]] : memref<1024xf32>)
// KEEP:          %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// KEEP-NEXT:     linalg.generic {{{.*}}} ins(%[[S]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// ANY:           linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// CHECK:         return %[[R]] : memref<2x3xf32>
// The main job: the input on the stack, the result allocated after the 4 KB
// buffer is freed.
// MAIN-LABEL: func.func @heap_between(
// MAIN:         %[[H:.*]] = memref.alloc() : memref<1024xf32>
// MAIN:         %[[S:.*]] = memref.alloca() : memref<2x3xf32>
// MAIN:         memref.dealloc %[[H]] : memref<1024xf32>
// MAIN-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// MAIN-NEXT:    linalg.generic {{{.*}}} ins(%[[S]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
func.func @heap_between(%x: memref<2x3xf32>, %big: memref<1024xf32>, %out: memref<1024xf32>) -> memref<2x3xf32> {
  %one = arith.constant 1.0 : f32
  %h = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%one : f32) outs(%h : memref<1024xf32>)
  %s = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]}
      ins(%h, %big : memref<1024xf32>, memref<1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  }
  %r = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x3xf32>
}

// The 4 KB buffer dies before the input is allocated.
// CHECK-LABEL: func.func @no_heap_between(
// CHECK-SAME:      %[[X:.*]]: memref<2x3xf32>, %[[BIG:.*]]: memref<1024xf32>, %[[DST:.*]]: memref<1024xf32>) -> memref<2x3xf32> {
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT:    linalg.fill {{.*}} outs(%[[H]] : memref<1024xf32>)
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[H]], %[[BIG]] : memref<1024xf32>, memref<1024xf32>) outs(%[[DST]] : memref<1024xf32>)
// CHECK:         %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK-NEXT:    linalg.generic {{{.*}}} ins(%[[X]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// CHECK:         linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// CHECK:         return %[[R]] : memref<2x3xf32>
// MAIN-LABEL: func.func @no_heap_between(
// MAIN:         memref.dealloc %{{.*}} : memref<1024xf32>
// MAIN-NEXT:    %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// MAIN-NEXT:    linalg.generic {{.*}} outs(%[[R]] : memref<2x3xf32>)
// MAIN-NOT:     memref.alloca
// MAIN:         linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// MAIN-NOT:     memref.alloca
// MAIN:         return %[[R]] : memref<2x3xf32>
func.func @no_heap_between(%x: memref<2x3xf32>, %big: memref<1024xf32>, %out: memref<1024xf32>) -> memref<2x3xf32> {
  %one = arith.constant 1.0 : f32
  %h = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%one : f32) outs(%h : memref<1024xf32>)
  linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]}
      ins(%h, %big : memref<1024xf32>, memref<1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  }
  %s = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %a : f32
    linalg.yield %v : f32
  }
  %r = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<2x3xf32>) outs(%r : memref<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %v = arith.mulf %a, %a : f32
    linalg.yield %v : f32
  }
  return %r : memref<2x3xf32>
}

// Each iteration's result is carried to the next: the previous one is live
// in the body while the input is.
// CHECK-LABEL: func.func @loop_carried(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (memref<2x3xf32>) {
// KEEP-NEXT:       %[[S:.*]] = memref.alloc() : memref<2x3xf32>
// KEEP-NEXT:       linalg.generic {{{.*}}} ins(%[[ACC]] : memref<2x3xf32>) outs(%[[S]] : memref<2x3xf32>)
// KEEP:            %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// KEEP-NEXT:       linalg.generic {{{.*}}} ins(%[[S]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// ANY-NEXT:        %[[R:.*]] = memref.alloc() : memref<2x3xf32>
// ANY-NEXT:        linalg.generic {{{.*}}} ins(%[[ACC]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// ANY:             linalg.generic {{{.*}}} ins(%[[R]] : memref<2x3xf32>) outs(%[[R]] : memref<2x3xf32>)
// CHECK:           scf.yield %[[R]] : memref<2x3xf32>
func.func @loop_carried(%x: memref<2x3xf32>, %n: index) -> memref<2x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (memref<2x3xf32>) {
    %s = memref.alloc() : memref<2x3xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%acc : memref<2x3xf32>) outs(%s : memref<2x3xf32>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %a : f32
      linalg.yield %v : f32
    }
    %o = memref.alloc() : memref<2x3xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%s : memref<2x3xf32>) outs(%o : memref<2x3xf32>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %one : f32
      linalg.yield %v : f32
    }
    scf.yield %o : memref<2x3xf32>
  }
  return %r : memref<2x3xf32>
}

// Driver: element (0, 1) of each result, x = [[1, 2, 3], [4, 5, 6]]:
// 2 * (2 * 2), (2 * 2)^2, and 2 * (2 * 2 + 1) + 1 (two iterations).
// CHECK-LABEL: func.func @run(
func.func private @bufrs_print_f32(f32)

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.get_global @x : memref<2x3xf32>
  %big = memref.alloc() : memref<1024xf32>
  %out = memref.alloc() : memref<1024xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%big : memref<1024xf32>)
  %a = func.call @heap_between(%x, %big, %out) : (memref<2x3xf32>, memref<1024xf32>, memref<1024xf32>) -> memref<2x3xf32>
  %a1 = memref.load %a[%c0, %c1] : memref<2x3xf32>
  func.call @bufrs_print_f32(%a1) : (f32) -> ()
  %b = func.call @no_heap_between(%x, %big, %out) : (memref<2x3xf32>, memref<1024xf32>, memref<1024xf32>) -> memref<2x3xf32>
  %b1 = memref.load %b[%c0, %c1] : memref<2x3xf32>
  func.call @bufrs_print_f32(%b1) : (f32) -> ()
  %c2 = arith.constant 2 : index
  %l = func.call @loop_carried(%x, %c2) : (memref<2x3xf32>, index) -> memref<2x3xf32>
  %l1 = memref.load %l[%c0, %c1] : memref<2x3xf32>
  func.call @bufrs_print_f32(%l1) : (f32) -> ()
  memref.dealloc %l : memref<2x3xf32>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %big : memref<1024xf32>
  memref.dealloc %out : memref<1024xf32>
  return
}

memref.global "private" constant @x : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
