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
