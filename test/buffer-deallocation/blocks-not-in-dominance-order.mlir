// Blocks need not appear in dominance order: a value may be used in a block
// that comes before its definition in the text. Each buffer is freed after
// its last use wherever that block stands (it used to be freed right after
// its definition, before the use that comes earlier in the text).

// RUN: %bufrs-opt -split-input-file --pass-pipeline='builtin.module(func.func(bufrs-buffer-deallocation))' %s | FileCheck %s

// CHECK-LABEL: func.func @use_block_before_definition_block
// CHECK:         cf.br ^[[DEF:bb[0-9]+]]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.copy %[[BUF:.*]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[BUF]]
// CHECK-NEXT:    return
// CHECK-NEXT:  ^[[DEF]]:
// CHECK-NEXT:    %[[BUF]] = memref.alloc()
// CHECK-NEXT:    cf.br ^bb1
func.func @use_block_before_definition_block(%out: memref<2xi32>) {
  cf.br ^def
^use:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  return
^def:
  %buf = memref.alloc() : memref<2xi32>
  cf.br ^use
}

// -----

// A loop whose header comes last: the body's buffer is freed in the body.
// CHECK-LABEL: func.func @loop_header_after_body
// CHECK:       ^bb1:
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %[[BUF]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[BUF]]
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NOT:     memref.dealloc
func.func @loop_header_after_body(%n: index, %out: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^exit:
  return
^body:
  %buf = memref.alloc() : memref<2xi32>
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
}

// -----

// A buffer defined in the last block and used by two earlier ones, one of
// which branches to the other: freed where each path ends.
// CHECK-LABEL: func.func @two_users_before_the_definition
// CHECK:         cf.br ^[[DEF:bb[0-9]+]]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.copy %[[BUF:.*]], %{{.*}}
// CHECK-NEXT:    memref.dealloc %[[BUF]]
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.copy %[[BUF]], %{{.*}}
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^[[DEF]]:
// CHECK-NEXT:    %[[BUF]] = memref.alloc()
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^bb1, ^bb2
func.func @two_users_before_the_definition(%c: i1, %out: memref<2xi32>) {
  cf.br ^def
^last:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  return
^middle:
  memref.copy %buf, %out : memref<2xi32> to memref<2xi32>
  cf.br ^last
^def:
  %buf = memref.alloc() : memref<2xi32>
  cf.cond_br %c, ^last, ^middle
}
