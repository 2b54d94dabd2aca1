//! Where `bufrs-reuse-dying-inputs` may fire, found before anything is
//! captured: one C++ walk (`cpp-shim/reuse_dying_inputs.cpp`) asks each op
//! for the parts of the pass's rule it can see without a snapshot. It
//! answers a superset of where the pass fires; the pass captures only a
//! body it finds a pair in, and decides on the snapshot as before.

use mlir_sys::MlirOperation;

use crate::ffi;

/// Whether an op nested in `root` may be one the pass rewrites: a
/// destination-style op on buffers with an input and an init of one type,
/// each its operand once and the one result of an op of its block that
/// declares an `Allocate` effect on it, nothing using the init before the
/// op nor the input after it, the two read and written at the same point
/// ([`crate::ir::interfaces::same_point_access`]). False: nothing to do.
pub fn may_reuse_dying_input(root: MlirOperation) -> bool {
    // SAFETY: `root` is a live op.
    unsafe { ffi::bufrsShimMayReuseDyingInput(root) }
}
