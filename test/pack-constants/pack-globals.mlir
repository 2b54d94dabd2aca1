// bufrs-pack-constants (seed 004's PackConstants): the private constant
// globals of a module go into one constant byte global (64-byte aligned),
// each at an offset aligned to its own alignment (its `alignment`
// attribute, at least its element size): @a (12 bytes) at 0, @b (16 bytes,
// alignment 16) at 16, @c (2 bytes) at 32, 34 bytes in all. Mutable
// globals (the variable class) are packed separately, and `uninitialized`
// ones into an `uninitialized` packed global (no bytes written out). Each
// memref.get_global becomes a get_global of the packed global and a
// memref.view at the offset. Left alone: a public global (other modules
// may use it), the only global of its memory space (nothing to share), a
// global whose symbol is used by something else than memref.get_global, a
// splat (packing would write out every element; a remark says so).

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-pack-constants)' | FileCheck %s
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-pack-constants)' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// REMARK: remark: bufrs-pack-constants: @s1 left unpacked: its initial value is a splat, packing would write out all its 8 bytes
// REMARK: remark: bufrs-pack-constants: @z left unpacked: its initial value is a splat, packing would write out all its 16 bytes
// REMARK-NOT: remark

// CHECK-LABEL: module {
// CHECK-NEXT:    memref.global "private" constant @__bufrs_packed_constants : memref<34xi8> = dense<[0, 0, -128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" @__bufrs_packed_variables : memref<32xi8> = dense<[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" @__bufrs_packed_uninitialized : memref<24xi8> = uninitialized {alignment = 64 : i64}
// CHECK-NEXT:    memref.global @pub : memref<4xi32> = dense<0>
// CHECK-NEXT:    memref.global "private" constant @s1 : memref<2xf32, 1> = dense<1.000000e+00>
// CHECK-NEXT:    memref.global "private" constant @named : memref<2xf32> = dense<2.000000e+00>
// CHECK-NEXT:    memref.global "private" @z : memref<4xi32> = dense<0>
// CHECK-NOT:     memref.global
// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[P0:.*]] = memref.get_global @__bufrs_packed_constants : memref<34xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[P0]][%[[O0]]][] : memref<34xi8> to memref<3xf32>
// CHECK-NEXT:    %[[P1:.*]] = memref.get_global @__bufrs_packed_constants : memref<34xi8>
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[P1]][%[[O1]]][] : memref<34xi8> to memref<2xi64>
// CHECK-NEXT:    %[[P2:.*]] = memref.get_global @__bufrs_packed_constants : memref<34xi8>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[P2]][%[[O2]]][] : memref<34xi8> to memref<2xi8>
// CHECK-NEXT:    %[[P3:.*]] = memref.get_global @__bufrs_packed_variables : memref<32xi8>
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[V:.*]] = memref.view %[[P3]][%[[O3]]][] : memref<32xi8> to memref<4xi32>
// CHECK-NEXT:    %[[P4:.*]] = memref.get_global @__bufrs_packed_uninitialized : memref<24xi8>
// CHECK-NEXT:    %[[O4:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[W:.*]] = memref.view %[[P4]][%[[O4]]][] : memref<24xi8> to memref<4xi32>
// CHECK-NEXT:    %[[P5:.*]] = memref.get_global @__bufrs_packed_variables : memref<32xi8>
// CHECK-NEXT:    %[[O5:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[X:.*]] = memref.view %[[P5]][%[[O5]]][] : memref<32xi8> to memref<4xi32>
// CHECK-NEXT:    %[[P6:.*]] = memref.get_global @__bufrs_packed_uninitialized : memref<24xi8>
// CHECK-NEXT:    %[[O6:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[Y:.*]] = memref.view %[[P6]][%[[O6]]][] : memref<24xi8> to memref<2xi32>
// CHECK-NEXT:    memref.get_global @z : memref<4xi32>
// CHECK-NEXT:    memref.get_global @s1 : memref<2xf32, 1>
// CHECK-NEXT:    memref.get_global @named : memref<2xf32>
// CHECK-NEXT:    memref.load %[[A]]
memref.global "private" constant @a : memref<3xf32> = dense<[1.0, 2.0, 3.0]>
memref.global "private" constant @b : memref<2xi64> = dense<[7, 0]> {alignment = 16 : i64}
memref.global "private" constant @c : memref<2xi8> = dense<[1, 2]>
memref.global "private" @v : memref<4xi32> = dense<[1, 2, 3, 4]>
memref.global "private" @w : memref<4xi32> = uninitialized
memref.global "private" @x : memref<4xi32> = dense<[5, 6, 7, 8]>
memref.global "private" @y : memref<2xi32> = uninitialized {alignment = 16 : i64}
memref.global @pub : memref<4xi32> = dense<0>
memref.global "private" constant @s1 : memref<2xf32, 1> = dense<1.0>
memref.global "private" constant @named : memref<2xf32> = dense<2.0>
memref.global "private" @z : memref<4xi32> = dense<0>
func.func @f(%i: index) -> f32 {
  %a = memref.get_global @a : memref<3xf32>
  %b = memref.get_global @b : memref<2xi64>
  %c = memref.get_global @c : memref<2xi8>
  %v = memref.get_global @v : memref<4xi32>
  %w = memref.get_global @w : memref<4xi32>
  %x2 = memref.get_global @x : memref<4xi32>
  %y = memref.get_global @y : memref<2xi32>
  %z = memref.get_global @z : memref<4xi32>
  %s = memref.get_global @s1 : memref<2xf32, 1>
  %n = memref.get_global @named : memref<2xf32>
  %x = memref.load %a[%i] : memref<3xf32>
  return %x : f32
}
func.func @g() attributes {uses = @named} {
  return
}
