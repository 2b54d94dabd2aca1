// private-function-dynamic-ownership changes callers: the ownership-based
// pass refuses it when scheduled on a function (one clear error per
// function).

// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}))'

// expected-error @below {{bufrs-ownership-based-buffer-deallocation: private-function-dynamic-ownership reads and changes callers and callees: schedule the pass on the module, e.g. builtin.module(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true})}}
func.func private @id(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}
