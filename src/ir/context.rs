//! An MLIR context ready for bufrs outside `mlir-opt`: every dialect plus the
//! external interface models bufrs relies on.

use crate::ffi;

/// Adds to `registry` the interface models bufrs relies on that a bare
/// dialect registration lacks (AllocationOpInterface for memref.alloc and
/// memref.alloca). Needed for contexts created outside mlir-opt.
pub fn register_interface_models(registry: &melior::dialect::DialectRegistry) {
    // SAFETY: a valid registry; the shim cannot unwind.
    unsafe { ffi::bufrsShimRegisterInterfaceModels(registry.to_raw()) }
}

/// A context with every MLIR dialect and the interface models bufrs needs:
/// what an embedding Rust compiler (or a test) starts from.
pub fn new_context() -> melior::Context {
    let registry = melior::dialect::DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    register_interface_models(&registry);
    let context = melior::Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context
}

/// Whether op `name` (`dialect.op`) is registered, loading its dialect from
/// the context's registry first if needed (e.g. the test dialect that stock
/// `mlir-opt` registers but loads only when the input uses it). Only for
/// passes anchored on the top-level module: nothing else runs on the
/// context while they do, so loading a dialect there is not a race.
pub fn load_registered_op(context: mlir_sys::MlirContext, name: &str) -> bool {
    let namespace = name.split('.').next().unwrap_or_default();
    // SAFETY: live context; the strings are copied for the calls.
    unsafe {
        mlir_sys::mlirContextGetOrLoadDialect(
            context,
            crate::ir::diagnostics::string_ref(namespace),
        );
        mlir_sys::mlirContextIsRegisteredOperation(
            context,
            crate::ir::diagnostics::string_ref(name),
        )
    }
}

/// Whether `name` is a registered op that can be built like `memref.copy`
/// from (source, target) alone: memory effects, two operands, no regions,
/// no results.
pub fn is_plain_copy_op(context: mlir_sys::MlirContext, name: &str) -> bool {
    // SAFETY: a live context; the name is copied for the call.
    unsafe { crate::ffi::bufrsShimIsPlainCopyOp(context, crate::ir::diagnostics::string_ref(name)) }
}
