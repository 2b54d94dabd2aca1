// An alignment that is not a positive power of two is an error at the module.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(bufrs-pack-constants{alignment=48})' -verify-diagnostics

// expected-error @below {{bufrs-pack-constants: alignment must be a positive power of two up to 2^32, got 48}}
module {
  memref.global "private" constant @a : memref<3xf32> = dense<[1.0, 2.0, 3.0]>
}
