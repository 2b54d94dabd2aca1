/*
 * bufrs.h - use bufrs's passes from a C or C++ compiler built on MLIR 22.
 *
 * Link libbufrs.so (it shares the process's libMLIR.so; see ARCHITECTURE.md).
 * Either register every pass with MLIR's global registry and name them in
 * textual pipelines, or create one pass and add it to a pass manager:
 *
 *   bufrsRegisterAllPasses();
 *   // ... parsePassPipeline("func.func(bufrs-promote-buffers-to-stack)", pm)
 *
 *   MlirPass pass = bufrsCreatePass(
 *       mlirStringRefCreate(name, strlen(name)),        // inline in mlir-c
 *       mlirStringRefCreate(options, strlen(options)),
 *       onError, userData);
 *   // ... mlirOpPassManagerAddOwnedPass(funcPM, pass);
 *
 * Contexts that you create yourself need bufrsRegisterInterfaceModels on
 * their dialect registry (mlir-opt registers those models already).
 */
#ifndef BUFRS_H
#define BUFRS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Registers every bufrs pass with MLIR's global pass registry. Idempotent. */
void bufrsRegisterAllPasses(void);

/* Creates the pass named `argument` (e.g. "bufrs-promote-buffers-to-stack")
 * with `options` in pipeline syntax ("a=1 b=x", may be empty). The caller owns
 * the pass (hand it to a pass manager). Returns a null pass for an unknown
 * name or invalid options, after calling `onError` (if not null) with the
 * message. */
MlirPass bufrsCreatePass(MlirStringRef argument, MlirStringRef options,
                         MlirStringCallback onError, void *userData);

/* The number of bufrs passes, and the argument of pass `index` (a string
 * that lives as long as the process; empty when out of range). */
intptr_t bufrsGetNumPasses(void);
MlirStringRef bufrsGetPassArgument(intptr_t index);

/* Runs seed 002's preparation on `module` (a builtin.module) with the default
 * converter, as the bufrs-prepare-functions pipeline does: tuple types are
 * flattened (test.make_tuple / test.get_tuple_element; only when the test
 * dialect is registered with the context, as in mlir-opt), tensor signatures
 * become memrefs, memref results of private functions become out-params,
 * returns and calls follow. Diagnostics go to the module's context. Returns
 * false if it failed. */
bool bufrsPrepareFunctions(MlirOperation module);

/* Adds the interface models bufrs relies on (AllocationOpInterface for
 * memref.alloc/alloca) to `registry`. */
void bufrsRegisterInterfaceModels(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif /* BUFRS_H */
