//! Typed knowledge of specific ops, for the few places where bufrs must name
//! an op: where the IR to create is fixed (e.g. `memref.view` in merge-alloc)
//! or where MLIR 22 has no interface (copies: `CopyOpInterface` was removed
//! upstream; the integer arithmetic of run-time sizes, [`index_poly`]). Everything else goes through interfaces (`crate::ir`).

pub mod builders;
pub mod copies;
pub mod index_poly;

pub use crate::analysis::allocs::OWNERSHIP_BASED_DEALLOC;

/// The call op the preparation passes rebuild when a callee's signature
/// changes (the IR to create is fixed): `func.call`. Other call ops
/// (`CallOpInterface`) naming a function count as other uses of it.
pub const DIRECT_CALL: &str = "func.call";

/// Whether `op` is a [`DIRECT_CALL`] (a `CallOpInterface` op of that name).
pub fn is_direct_call(op: mlir_sys::MlirOperation) -> bool {
    // The name first: it is read in place, the interfaces through the shim
    // (this runs on every op of a module in the call graph's walk).
    crate::ir::functions::op_name_is(op, DIRECT_CALL) && crate::ir::interfaces::traits(op).is_call()
}
