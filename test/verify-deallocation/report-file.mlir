// bufrs-verify-deallocation{mode=warn report-file=PATH}: the verdicts of a
// whole module as JSON for CI, without failing the run: per function
// verified / findings / undecided, each finding with its kind, location, op
// at fault and path, each undecided case with its reason.

// RUN: rm -f %t.json
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-verify-deallocation{mode=warn report-file=%t.json})' -o /dev/null 2>/dev/null
// RUN: FileCheck %s < %t.json

// CHECK:      {
// CHECK-NEXT:   "pass": "bufrs-verify-deallocation",
// CHECK-NEXT:   "functions": [
// CHECK-NEXT:     {"function":"leaks","location":"{{.*}}report-file.mlir:[[#LEAKS:]]:1","verdict":"findings","findings":1,"undecided":0},
// CHECK-NEXT:     {"function":"reads_back","location":"{{.*}}report-file.mlir:[[#READS:]]:1","verdict":"undecided","findings":0,"undecided":1},
// CHECK-NEXT:     {"function":"verified","location":"{{.*}}report-file.mlir:[[#VERIFIED:]]:1","verdict":"verified","findings":0,"undecided":0}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "findings": [
// CHECK-NEXT:     {"function":"leaks","location":"{{.*}}report-file.mlir:[[#LEAKS+1]]:8","at":"{{.*}}report-file.mlir:[[#LEAKS+7]]:3","freed_by":null,"path":"^bb0 -> ^bb2","kind":"leak","message":"this buffer is not freed on a path (it leaks)"}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "undecided": [
// CHECK-NEXT:     {"function":"reads_back","location":"{{.*}}report-file.mlir:[[#READS+12]]:3","at":"{{.*}}report-file.mlir:[[#READS+12]]:3","freed_by":null,"path":"^bb0","reason":"a leak on a path through both ways of a branch on a condition read from memory after buffer addresses were written to memory (e.g. by a dealloc helper that is not recognised): the way taken may run in no execution"}
// CHECK-NEXT:   ]
// CHECK-NEXT: }

func.func @verified() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

func.func @leaks(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^free, ^exit
^free:
  memref.dealloc %a : memref<2xf32>
  return
^exit:
  return
}

func.func private @opaque(memref<1xindex>, memref<1xi1>)
func.func @reads_back() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %addrs = memref.alloca() : memref<1xindex>
  %owned = memref.alloca() : memref<1xi1>
  %p = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  memref.store %p, %addrs[%c0] : memref<1xindex>
  call @opaque(%addrs, %owned) : (memref<1xindex>, memref<1xi1>) -> ()
  %c = memref.load %owned[%c0] : memref<1xi1>
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
