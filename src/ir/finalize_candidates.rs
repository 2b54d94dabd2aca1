//! The ops `bufrs-finalize-deallocation` may touch, found in one C++ walk
//! (`cpp-shim/finalize_deallocation.cpp`) before anything is built: the
//! clones it lowers and the ops shaped like a dead view (no region, results
//! all memrefs, or all `i1` of an op without operands), whatever their uses.
//! Erasing ops never changes another op's shape, so the pass's rounds of
//! erasure check only these ops instead of walking the body again.

use std::ffi::c_void;

use mlir_sys::MlirOperation;

use crate::{
    ffi,
    ir::{collect, diagnostics::string_ref},
};

/// What [`finalize_candidates`] found, each list in pre-order.
#[derive(Default)]
pub struct FinalizeCandidates {
    /// The ops named as the clone asked for.
    pub clones: Vec<MlirOperation>,
    /// The ops shaped like a dead view, used or not.
    pub views: Vec<MlirOperation>,
}

/// The ops nested in `root` (not `root` itself) named `clone` (none when
/// `None`) and those shaped like a dead view; `None` when none is a clone
/// and every view-shaped op has a used result (the pass has nothing to do).
pub fn finalize_candidates(root: MlirOperation, clone: Option<&str>) -> Option<FinalizeCandidates> {
    let name = string_ref(clone.unwrap_or(""));
    let mut found = FinalizeCandidates::default();
    // SAFETY: `root` is a live op; the name outlives the call; each callback
    // pushes onto its own Vec, borrowed by nothing else during it.
    let anything = unsafe {
        ffi::bufrsShimFinalizeCandidates(
            root,
            name,
            Some(collect::collect_op),
            (&mut found.clones as *mut Vec<MlirOperation>).cast::<c_void>(),
            Some(collect::collect_op),
            (&mut found.views as *mut Vec<MlirOperation>).cast::<c_void>(),
        )
    };
    anything.then_some(found)
}

/// The op before `op` in its block, if any.
/// # Safety
/// `op` is a live op in a block.
pub unsafe fn previous_op(op: MlirOperation) -> Option<MlirOperation> {
    // SAFETY: the caller's contract.
    let prev = unsafe { ffi::bufrsShimFinalizePrevOp(op) };
    (!prev.ptr.is_null()).then_some(prev)
}

/// The ops shaped like dead views (as [`finalize_candidates`] finds them),
/// in pre-order, among the ops of `block` after `after` (from its first op
/// when `None`) and before `until` (to its end when `None`), with the ops
/// nested in them: what an edit inserted between two ops it left alone.
/// # Safety
/// `block` is live; `after` and `until` are `None` or live ops of `block`,
/// `after` before `until`.
pub unsafe fn views_between(
    block: mlir_sys::MlirBlock,
    after: Option<MlirOperation>,
    until: Option<MlirOperation>,
) -> Vec<MlirOperation> {
    let null = MlirOperation {
        ptr: std::ptr::null_mut(),
    };
    let mut out: Vec<MlirOperation> = Vec::new();
    // SAFETY: the caller's contract; the callback pushes onto `out`,
    // borrowed by nothing else during the call.
    unsafe {
        ffi::bufrsShimFinalizeViewsBetween(
            block,
            after.unwrap_or(null),
            until.unwrap_or(null),
            Some(collect::collect_op),
            (&mut out as *mut Vec<MlirOperation>).cast::<c_void>(),
        );
    }
    out
}
