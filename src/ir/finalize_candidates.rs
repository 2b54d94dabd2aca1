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
