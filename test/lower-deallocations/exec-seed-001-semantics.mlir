// Every statement of seed 001 (001_f8f384053190eab0.txt, bufferization.dealloc)
// about what the op frees and what it returns, as the exact lowering of
// bufrs-lower-deallocations and executed under AddressSanitizer: conditions,
// retained values (a retained view keeps its buffer), updated conditions (the
// disjunction of the conditions of the memrefs that alias the retained value,
// false when none does), and memrefs listed twice (freed once). After each
// dealloc the function frees what the op must not have freed (through the
// updated conditions where they say who owns it), so a wrong free is a double
// free or use after free, a missing one a leak. The program before is lowered
// by upstream's convert-bufferization-to-memref; outputs must match.
// Upstream's generic lowering (LLVM 22) differs on @duplicate(false, true): it
// frees neither copy (a leak); seed 001 frees one.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-lower-deallocations))' | FileCheck %s
// RUN: %asan-exec %s --pipeline='builtin.module(func.func(bufrs-lower-deallocations))' | FileCheck %s --check-prefix=OUT

// OUT:      7
// OUT-NEXT: 1
// OUT-NEXT: 5
// OUT-NEXT: 0
// OUT-NEXT: 5
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NOT: {{.}}

// CHECK-LABEL: func.func @condition(
// CHECK-SAME: %[[CONDITION_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[CONDITION_C0:[a-z0-9_#]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[CONDITION_C7_I64:[a-z0-9_#]+]] = arith.constant 7 : i64
// CHECK-NEXT: %[[CONDITION_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: memref.store %[[CONDITION_C7_I64]], %[[CONDITION_ALLOC]][%[[CONDITION_C0]]] : memref<2xi64>
// CHECK-NEXT: scf.if %[[CONDITION_ARG0]] {
// CHECK-NEXT: memref.dealloc %[[CONDITION_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[CONDITION_ARG0]] {
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[CONDITION_V_0:[a-z0-9_#]+]] = memref.load %[[CONDITION_ALLOC]][%[[CONDITION_C0]]] : memref<2xi64>
// CHECK-NEXT: func.call @bufrs_print_i64(%[[CONDITION_V_0]]) : (i64) -> ()
// CHECK-NEXT: memref.dealloc %[[CONDITION_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @retained_alias(
// CHECK-SAME: %[[RETAINED_ALIAS_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[RETAINED_ALIAS_C0:[a-z0-9_#]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RETAINED_ALIAS_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RETAINED_ALIAS_C5_I64:[a-z0-9_#]+]] = arith.constant 5 : i64
// CHECK-NEXT: %[[RETAINED_ALIAS_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<4xi64>
// CHECK-NEXT: %[[RETAINED_ALIAS_SUBVIEW:[a-z0-9_#]+]] = memref.subview %[[RETAINED_ALIAS_ALLOC]][2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
// CHECK-NEXT: memref.store %[[RETAINED_ALIAS_C5_I64]], %[[RETAINED_ALIAS_SUBVIEW]][%[[RETAINED_ALIAS_C0]]] : memref<2xi64, strided<[1], offset: 2>>
// CHECK-NEXT: %[[RETAINED_ALIAS_INTPTR:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RETAINED_ALIAS_ALLOC]] : memref<4xi64> -> index
// CHECK-NEXT: %[[RETAINED_ALIAS_INTPTR_0:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RETAINED_ALIAS_SUBVIEW]] : memref<2xi64, strided<[1], offset: 2>> -> index
// CHECK-NEXT: %[[RETAINED_ALIAS_V_0:[a-z0-9_#]+]] = arith.cmpi eq, %[[RETAINED_ALIAS_INTPTR]], %[[RETAINED_ALIAS_INTPTR_0]] : index
// CHECK-NEXT: %[[RETAINED_ALIAS_V_1:[a-z0-9_#]+]] = arith.andi %[[RETAINED_ALIAS_V_0]], %[[RETAINED_ALIAS_ARG0]] : i1
// CHECK-NEXT: %[[RETAINED_ALIAS_TRUE_1:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RETAINED_ALIAS_V_2:[a-z0-9_#]+]] = arith.xori %[[RETAINED_ALIAS_V_0]], %[[RETAINED_ALIAS_TRUE_1]] : i1
// CHECK-NEXT: %[[RETAINED_ALIAS_V_3:[a-z0-9_#]+]] = arith.andi %[[RETAINED_ALIAS_V_2]], %[[RETAINED_ALIAS_ARG0]] : i1
// CHECK-NEXT: scf.if %[[RETAINED_ALIAS_V_3]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_ALIAS_ALLOC]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: call @print_i1(%[[RETAINED_ALIAS_V_1]]) : (i1) -> ()
// CHECK-NEXT: %[[RETAINED_ALIAS_V_4:[a-z0-9_#]+]] = memref.load %[[RETAINED_ALIAS_SUBVIEW]][%[[RETAINED_ALIAS_C0]]] : memref<2xi64, strided<[1], offset: 2>>
// CHECK-NEXT: call @bufrs_print_i64(%[[RETAINED_ALIAS_V_4]]) : (i64) -> ()
// CHECK-NEXT: scf.if %[[RETAINED_ALIAS_V_1]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_ALIAS_ALLOC]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RETAINED_ALIAS_V_5:[a-z0-9_#]+]] = arith.xori %[[RETAINED_ALIAS_ARG0]], %[[RETAINED_ALIAS_TRUE]] : i1
// CHECK-NEXT: scf.if %[[RETAINED_ALIAS_V_5]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_ALIAS_ALLOC]] : memref<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @retained_other(
// CHECK-SAME: %[[RETAINED_OTHER_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[RETAINED_OTHER_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RETAINED_OTHER_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[RETAINED_OTHER_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<3xi64>
// CHECK-NEXT: %[[RETAINED_OTHER_INTPTR:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RETAINED_OTHER_ALLOC]] : memref<2xi64> -> index
// CHECK-NEXT: %[[RETAINED_OTHER_INTPTR_1:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RETAINED_OTHER_ALLOC_0]] : memref<3xi64> -> index
// CHECK-NEXT: %[[RETAINED_OTHER_V_0:[a-z0-9_#]+]] = arith.cmpi eq, %[[RETAINED_OTHER_INTPTR]], %[[RETAINED_OTHER_INTPTR_1]] : index
// CHECK-NEXT: %[[RETAINED_OTHER_V_1:[a-z0-9_#]+]] = arith.andi %[[RETAINED_OTHER_V_0]], %[[RETAINED_OTHER_ARG0]] : i1
// CHECK-NEXT: %[[RETAINED_OTHER_TRUE_2:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RETAINED_OTHER_V_2:[a-z0-9_#]+]] = arith.xori %[[RETAINED_OTHER_V_0]], %[[RETAINED_OTHER_TRUE_2]] : i1
// CHECK-NEXT: %[[RETAINED_OTHER_V_3:[a-z0-9_#]+]] = arith.andi %[[RETAINED_OTHER_V_2]], %[[RETAINED_OTHER_ARG0]] : i1
// CHECK-NEXT: scf.if %[[RETAINED_OTHER_V_3]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_OTHER_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: call @print_i1(%[[RETAINED_OTHER_V_1]]) : (i1) -> ()
// CHECK-NEXT: memref.dealloc %[[RETAINED_OTHER_ALLOC_0]] : memref<3xi64>
// CHECK-NEXT: %[[RETAINED_OTHER_V_4:[a-z0-9_#]+]] = arith.xori %[[RETAINED_OTHER_ARG0]], %[[RETAINED_OTHER_TRUE]] : i1
// CHECK-NEXT: scf.if %[[RETAINED_OTHER_V_4]] {
// CHECK-NEXT: memref.dealloc %[[RETAINED_OTHER_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @duplicate(
// CHECK-SAME: %[[DUPLICATE_ARG0:[a-z0-9_#]+]]: i1, %[[DUPLICATE_ARG1:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[DUPLICATE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[DUPLICATE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[DUPLICATE_CAST:[a-z0-9_#]+]] = memref.cast %[[DUPLICATE_ALLOC]] : memref<2xi64> to memref<?xi64>
// CHECK-NEXT: %[[DUPLICATE_INTPTR:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[DUPLICATE_ALLOC]] : memref<2xi64> -> index
// CHECK-NEXT: %[[DUPLICATE_INTPTR_0:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[DUPLICATE_CAST]] : memref<?xi64> -> index
// CHECK-NEXT: %[[DUPLICATE_V_0:[a-z0-9_#]+]] = arith.cmpi eq, %[[DUPLICATE_INTPTR]], %[[DUPLICATE_INTPTR_0]] : index
// CHECK-NEXT: %[[DUPLICATE_V_1:[a-z0-9_#]+]] = arith.andi %[[DUPLICATE_V_0]], %[[DUPLICATE_ARG0]] : i1
// CHECK-NEXT: %[[DUPLICATE_TRUE_1:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[DUPLICATE_V_2:[a-z0-9_#]+]] = arith.xori %[[DUPLICATE_V_1]], %[[DUPLICATE_TRUE_1]] : i1
// CHECK-NEXT: %[[DUPLICATE_V_3:[a-z0-9_#]+]] = arith.andi %[[DUPLICATE_V_2]], %[[DUPLICATE_ARG1]] : i1
// CHECK-NEXT: scf.if %[[DUPLICATE_ARG0]] {
// CHECK-NEXT: memref.dealloc %[[DUPLICATE_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[DUPLICATE_V_3]] {
// CHECK-NEXT: memref.dealloc %[[DUPLICATE_CAST]] : memref<?xi64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[DUPLICATE_V_4:[a-z0-9_#]+]] = arith.ori %[[DUPLICATE_ARG0]], %[[DUPLICATE_ARG1]] : i1
// CHECK-NEXT: %[[DUPLICATE_V_5:[a-z0-9_#]+]] = arith.xori %[[DUPLICATE_V_4]], %[[DUPLICATE_TRUE]] : i1
// CHECK-NEXT: scf.if %[[DUPLICATE_V_5]] {
// CHECK-NEXT: memref.dealloc %[[DUPLICATE_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @seed_example(
// CHECK-SAME: %[[SEED_EXAMPLE_ARG0:[a-z0-9_#]+]]: i1, %[[SEED_EXAMPLE_ARG1:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[SEED_EXAMPLE_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[SEED_EXAMPLE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %[[SEED_EXAMPLE_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<4xi32>
// CHECK-NEXT: %[[SEED_EXAMPLE_ALLOC_1:[a-z0-9_#]+]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT: %[[SEED_EXAMPLE_CAST:[a-z0-9_#]+]] = memref.cast %[[SEED_EXAMPLE_ALLOC]] : memref<2xf32> to memref<?xf32>
// CHECK-NEXT: %[[SEED_EXAMPLE_INTPTR:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[SEED_EXAMPLE_ALLOC]] : memref<2xf32> -> index
// CHECK-NEXT: %[[SEED_EXAMPLE_INTPTR_2:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[SEED_EXAMPLE_ALLOC_0]] : memref<4xi32> -> index
// CHECK-NEXT: %[[SEED_EXAMPLE_INTPTR_3:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[SEED_EXAMPLE_CAST]] : memref<?xf32> -> index
// CHECK-NEXT: %[[SEED_EXAMPLE_INTPTR_4:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[SEED_EXAMPLE_ALLOC_0]] : memref<4xi32> -> index
// CHECK-NEXT: %[[SEED_EXAMPLE_INTPTR_5:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[SEED_EXAMPLE_ALLOC_1]] : memref<2xi32> -> index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_0:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR]], %[[SEED_EXAMPLE_INTPTR_3]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_1:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_0]], %[[SEED_EXAMPLE_ARG0]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_2:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR]], %[[SEED_EXAMPLE_INTPTR_4]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_3:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_2]], %[[SEED_EXAMPLE_ARG0]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_4:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR]], %[[SEED_EXAMPLE_INTPTR_5]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_5:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_4]], %[[SEED_EXAMPLE_ARG0]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_6:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_0]], %[[SEED_EXAMPLE_V_2]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_7:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_6]], %[[SEED_EXAMPLE_V_4]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_TRUE_6:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[SEED_EXAMPLE_V_8:[a-z0-9_#]+]] = arith.xori %[[SEED_EXAMPLE_V_7]], %[[SEED_EXAMPLE_TRUE_6]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_9:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_8]], %[[SEED_EXAMPLE_ARG0]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_10:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR_2]], %[[SEED_EXAMPLE_INTPTR_3]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_11:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_10]], %[[SEED_EXAMPLE_ARG1]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_12:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR_2]], %[[SEED_EXAMPLE_INTPTR_4]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_13:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_12]], %[[SEED_EXAMPLE_ARG1]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_14:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR_2]], %[[SEED_EXAMPLE_INTPTR_5]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_15:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_14]], %[[SEED_EXAMPLE_ARG1]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_16:[a-z0-9_#]+]] = arith.cmpi eq, %[[SEED_EXAMPLE_INTPTR]], %[[SEED_EXAMPLE_INTPTR_2]] : index
// CHECK-NEXT: %[[SEED_EXAMPLE_V_17:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_16]], %[[SEED_EXAMPLE_ARG0]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_18:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_10]], %[[SEED_EXAMPLE_V_12]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_19:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_18]], %[[SEED_EXAMPLE_V_14]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_20:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_19]], %[[SEED_EXAMPLE_V_17]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_21:[a-z0-9_#]+]] = arith.xori %[[SEED_EXAMPLE_V_20]], %[[SEED_EXAMPLE_TRUE_6]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_22:[a-z0-9_#]+]] = arith.andi %[[SEED_EXAMPLE_V_21]], %[[SEED_EXAMPLE_ARG1]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_23:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_1]], %[[SEED_EXAMPLE_V_11]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_24:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_3]], %[[SEED_EXAMPLE_V_13]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_25:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_5]], %[[SEED_EXAMPLE_V_15]] : i1
// CHECK-NEXT: scf.if %[[SEED_EXAMPLE_V_9]] {
// CHECK-NEXT: memref.dealloc %[[SEED_EXAMPLE_ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[SEED_EXAMPLE_V_22]] {
// CHECK-NEXT: memref.dealloc %[[SEED_EXAMPLE_ALLOC_0]] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: call @print_i1(%[[SEED_EXAMPLE_V_23]]) : (i1) -> ()
// CHECK-NEXT: call @print_i1(%[[SEED_EXAMPLE_V_24]]) : (i1) -> ()
// CHECK-NEXT: call @print_i1(%[[SEED_EXAMPLE_V_25]]) : (i1) -> ()
// CHECK-NEXT: %[[SEED_EXAMPLE_V_26:[a-z0-9_#]+]] = arith.xori %[[SEED_EXAMPLE_ARG0]], %[[SEED_EXAMPLE_TRUE]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_27:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_23]], %[[SEED_EXAMPLE_V_26]] : i1
// CHECK-NEXT: scf.if %[[SEED_EXAMPLE_V_27]] {
// CHECK-NEXT: memref.dealloc %[[SEED_EXAMPLE_ALLOC]] : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[SEED_EXAMPLE_V_28:[a-z0-9_#]+]] = arith.xori %[[SEED_EXAMPLE_ARG1]], %[[SEED_EXAMPLE_TRUE]] : i1
// CHECK-NEXT: %[[SEED_EXAMPLE_V_29:[a-z0-9_#]+]] = arith.ori %[[SEED_EXAMPLE_V_24]], %[[SEED_EXAMPLE_V_28]] : i1
// CHECK-NEXT: scf.if %[[SEED_EXAMPLE_V_29]] {
// CHECK-NEXT: memref.dealloc %[[SEED_EXAMPLE_ALLOC_0]] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[SEED_EXAMPLE_ALLOC_1]] : memref<2xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @runtime_alias(
// CHECK-SAME: %[[RUNTIME_ALIAS_ARG0:[a-z0-9_#]+]]: i1) {
// CHECK-NEXT: %[[RUNTIME_ALIAS_TRUE:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RUNTIME_ALIAS_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[RUNTIME_ALIAS_ALLOC_0:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_0:[a-z0-9_#]+]] = arith.select %[[RUNTIME_ALIAS_ARG0]], %[[RUNTIME_ALIAS_ALLOC]], %[[RUNTIME_ALIAS_ALLOC_0]] : memref<2xi64>
// CHECK-NEXT: %[[RUNTIME_ALIAS_INTPTR:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RUNTIME_ALIAS_ALLOC]] : memref<2xi64> -> index
// CHECK-NEXT: %[[RUNTIME_ALIAS_INTPTR_1:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RUNTIME_ALIAS_ALLOC_0]] : memref<2xi64> -> index
// CHECK-NEXT: %[[RUNTIME_ALIAS_INTPTR_2:[a-z0-9_#]+]] = memref.extract_aligned_pointer_as_index %[[RUNTIME_ALIAS_V_0]] : memref<2xi64> -> index
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_1:[a-z0-9_#]+]] = arith.cmpi eq, %[[RUNTIME_ALIAS_INTPTR]], %[[RUNTIME_ALIAS_INTPTR_2]] : index
// CHECK-NEXT: %[[RUNTIME_ALIAS_TRUE_3:[a-z0-9_#]+]] = arith.constant true
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_2:[a-z0-9_#]+]] = arith.xori %[[RUNTIME_ALIAS_V_1]], %[[RUNTIME_ALIAS_TRUE_3]] : i1
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_3:[a-z0-9_#]+]] = arith.cmpi eq, %[[RUNTIME_ALIAS_INTPTR_1]], %[[RUNTIME_ALIAS_INTPTR_2]] : index
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_4:[a-z0-9_#]+]] = arith.cmpi eq, %[[RUNTIME_ALIAS_INTPTR]], %[[RUNTIME_ALIAS_INTPTR_1]] : index
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_5:[a-z0-9_#]+]] = arith.ori %[[RUNTIME_ALIAS_V_3]], %[[RUNTIME_ALIAS_V_4]] : i1
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_6:[a-z0-9_#]+]] = arith.xori %[[RUNTIME_ALIAS_V_5]], %[[RUNTIME_ALIAS_TRUE_3]] : i1
// CHECK-NEXT: %[[RUNTIME_ALIAS_V_7:[a-z0-9_#]+]] = arith.ori %[[RUNTIME_ALIAS_V_1]], %[[RUNTIME_ALIAS_V_3]] : i1
// CHECK-NEXT: scf.if %[[RUNTIME_ALIAS_V_2]] {
// CHECK-NEXT: memref.dealloc %[[RUNTIME_ALIAS_ALLOC]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[RUNTIME_ALIAS_V_6]] {
// CHECK-NEXT: memref.dealloc %[[RUNTIME_ALIAS_ALLOC_0]] : memref<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: call @print_i1(%[[RUNTIME_ALIAS_V_7]]) : (i1) -> ()
// CHECK-NEXT: memref.dealloc %[[RUNTIME_ALIAS_V_0]] : memref<2xi64>
// CHECK-NEXT: return
// CHECK-NEXT: }

// CHECK-LABEL: func.func @nothing_to_free(
// CHECK-SAME: ) {
// CHECK-NEXT: %[[NOTHING_TO_FREE_ALLOC:[a-z0-9_#]+]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT: %[[NOTHING_TO_FREE_FALSE:[a-z0-9_#]+]] = arith.constant false
// CHECK-NEXT: call @print_i1(%[[NOTHING_TO_FREE_FALSE]]) : (i1) -> ()
// CHECK-NEXT: memref.dealloc %[[NOTHING_TO_FREE_ALLOC]] : memref<2xi64>
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func private @bufrs_print_i64(i64)

func.func private @print_i1(%b: i1) {
  %v = arith.extui %b : i1 to i64
  func.call @bufrs_print_i64(%v) : (i64) -> ()
  return
}

// "deallocates each of the given memrefs if ... the corresponding condition
// value is set": %a is freed iff %c; otherwise it is still usable and the
// function frees it itself.
func.func @condition(%c: i1) {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %seven, %a[%c0] : memref<2xi64>
  bufferization.dealloc (%a : memref<2xi64>) if (%c)
  scf.if %c {
  } else {
    %v = memref.load %a[%c0] : memref<2xi64>
    func.call @bufrs_print_i64(%v) : (i64) -> ()
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// "if there is no alias to that memref in the list of retained memrefs": a
// retained view of %a keeps %a alive, and the updated condition ("the
// disjunction of all conditions operands where the corresponding to memrefs
// operand aliases with the retained memref") hands its ownership on: %u == %c.
func.func @retained_alias(%c: i1) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %five = arith.constant 5 : i64
  %a = memref.alloc() : memref<4xi64>
  %v = memref.subview %a[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  memref.store %five, %v[%c0] : memref<2xi64, strided<[1], offset: 2>>
  %u = bufferization.dealloc (%a : memref<4xi64>) if (%c) retain (%v : memref<2xi64, strided<[1], offset: 2>>)
  func.call @print_i1(%u) : (i1) -> ()
  %x = memref.load %v[%c0] : memref<2xi64, strided<[1], offset: 2>>
  func.call @bufrs_print_i64(%x) : (i64) -> ()
  scf.if %u {
    memref.dealloc %a : memref<4xi64>
  }
  %notc = arith.xori %c, %true : i1
  scf.if %notc {
    memref.dealloc %a : memref<4xi64>
  }
  return
}

// "If the retained memref has no aliases among memrefs, the resulting updated
// condition is 'false'": %b is retained, %a is freed iff %c, %u is false.
func.func @retained_other(%c: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<3xi64>
  %u = bufferization.dealloc (%a : memref<2xi64>) if (%c) retain (%b : memref<3xi64>)
  func.call @print_i1(%u) : (i1) -> ()
  memref.dealloc %b : memref<3xi64>
  %notc = arith.xori %c, %true : i1
  scf.if %notc {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// "If two memrefs alias each other, only one will be deallocated": %a listed
// twice (once through a cast) is freed once iff %c0 or %c1.
func.func @duplicate(%c0: i1, %c1: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %d = memref.cast %a : memref<2xi64> to memref<?xi64>
  bufferization.dealloc (%a, %d : memref<2xi64>, memref<?xi64>) if (%c0, %c1)
  %any = arith.ori %c0, %c1 : i1
  %none = arith.xori %any, %true : i1
  scf.if %none {
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// The seed's example shape: two memrefs, three retained values. %r0 is a
// view of %a0, %r1 is %a1 itself, %r2 is unrelated: neither memref is freed,
// and the updated conditions are %cond0, %cond1 and false.
func.func @seed_example(%cond0: i1, %cond1: i1) {
  %true = arith.constant true
  %a0 = memref.alloc() : memref<2xf32>
  %a1 = memref.alloc() : memref<4xi32>
  %other = memref.alloc() : memref<2xi32>
  %r0 = memref.cast %a0 : memref<2xf32> to memref<?xf32>
  %0:3 = bufferization.dealloc (%a0, %a1 : memref<2xf32>, memref<4xi32>) if (%cond0, %cond1) retain (%r0, %a1, %other : memref<?xf32>, memref<4xi32>, memref<2xi32>)
  func.call @print_i1(%0#0) : (i1) -> ()
  func.call @print_i1(%0#1) : (i1) -> ()
  func.call @print_i1(%0#2) : (i1) -> ()
  %n0 = arith.xori %cond0, %true : i1
  %own0 = arith.ori %0#0, %n0 : i1
  scf.if %own0 {
    memref.dealloc %a0 : memref<2xf32>
  }
  %n1 = arith.xori %cond1, %true : i1
  %own1 = arith.ori %0#1, %n1 : i1
  scf.if %own1 {
    memref.dealloc %a1 : memref<4xi32>
  }
  memref.dealloc %other : memref<2xi32>
  return
}

// Which memref is retained is known only at run time: the one picked is kept
// (its updated condition is true), the other is freed.
func.func @runtime_alias(%pick: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %p = arith.select %pick, %a, %b : memref<2xi64>
  %u = bufferization.dealloc (%a, %b : memref<2xi64>, memref<2xi64>) if (%true, %true) retain (%p : memref<2xi64>)
  func.call @print_i1(%u) : (i1) -> ()
  memref.dealloc %p : memref<2xi64>
  return
}

// No memrefs: every updated condition is false.
func.func @nothing_to_free() {
  %a = memref.alloc() : memref<2xi64>
  %u = bufferization.dealloc retain (%a : memref<2xi64>)
  func.call @print_i1(%u) : (i1) -> ()
  memref.dealloc %a : memref<2xi64>
  return
}

func.func @run() {
  %t = arith.constant true
  %f = arith.constant false
  func.call @condition(%t) : (i1) -> ()
  func.call @condition(%f) : (i1) -> ()
  func.call @retained_alias(%t) : (i1) -> ()
  func.call @retained_alias(%f) : (i1) -> ()
  func.call @retained_other(%t) : (i1) -> ()
  func.call @retained_other(%f) : (i1) -> ()
  func.call @duplicate(%f, %f) : (i1, i1) -> ()
  func.call @duplicate(%f, %t) : (i1, i1) -> ()
  func.call @duplicate(%t, %f) : (i1, i1) -> ()
  func.call @duplicate(%t, %t) : (i1, i1) -> ()
  func.call @seed_example(%t, %t) : (i1, i1) -> ()
  func.call @seed_example(%t, %f) : (i1, i1) -> ()
  func.call @seed_example(%f, %t) : (i1, i1) -> ()
  func.call @runtime_alias(%t) : (i1) -> ()
  func.call @runtime_alias(%f) : (i1) -> ()
  func.call @nothing_to_free() : () -> ()
  return
}
