// private-function-dynamic-ownership changes callers and callees, which a
// function pass must not do: scheduled on a function, the ownership-based
// pass reads the marks bufrs-ownership-function-boundaries (the module
// step) leaves, and refuses a function without one (one clear error per
// function with a body; declarations have nothing to free). Scheduled on
// the module it runs the step itself (private-functions.mlir).

// RUN: %bufrs-opt %s -verify-diagnostics --pass-pipeline='builtin.module(func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}))'

// expected-error @below {{bufrs-ownership-based-buffer-deallocation: private-function-dynamic-ownership on a function reads the marks ('bufrs.ownership_flags') bufrs-ownership-function-boundaries leaves on its module's functions and calls, and this function has none: run builtin.module(bufrs-ownership-function-boundaries,func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true})), the pipeline bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true}, or the pass on the module}}
func.func private @id(%a: memref<4xi64>) -> memref<4xi64> {
  return %a : memref<4xi64>
}

func.func private @declared(memref<4xi64>) -> memref<4xi64>
