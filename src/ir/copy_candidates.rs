//! Where the copy passes may fire, found before anything is captured: one
//! C++ walk each (`cpp-shim/copy_candidates.cpp`) that looks for the op a
//! rewrite starts from by name and asks interfaces only around it. Each
//! answers a superset of where its pass fires; the pass then captures only
//! that IR and decides on the snapshot as it would on the whole.

use std::ffi::c_void;

use mlir_sys::MlirOperation;

use crate::{
    ffi,
    ir::{collect, diagnostics::string_ref},
};

/// The ops directly in `root`'s blocks, in order, that hold (or are) a copy
/// `bufrs-remove-read-only-copies` may remove: an op named in `copies`
/// (copying operand 0 into operand 1) whose target is the one result of an
/// earlier op of its block that only allocates it, of the source's type,
/// and whose every use is the copy, a free of it or a non-terminator (or a
/// call) after the copy in its block. No op: nothing to remove.
pub fn read_only_copy_units(root: MlirOperation, copies: &[&str]) -> Vec<MlirOperation> {
    let names: Vec<_> = copies.iter().map(|name| string_ref(name)).collect();
    let mut out: Vec<MlirOperation> = Vec::new();
    // SAFETY: `root` is a live op; the names outlive the call; the callback
    // pushes onto `out`, borrowed by nothing else during it.
    unsafe {
        ffi::bufrsShimReadOnlyCopyUnits(
            root,
            names.as_ptr(),
            names.len() as isize,
            Some(collect::collect_op),
            (&mut out as *mut Vec<MlirOperation>).cast::<c_void>(),
        );
    }
    out
}

/// Whether copy removal's dead-buffer step may remove a buffer in `root`: a
/// `memref.dim` reads the size of (a view of) a buffer an op only allocates
/// whose uses, and its views' uses, are `memref.dim`s, views and frees.
pub fn may_have_dead_buffer(root: MlirOperation) -> bool {
    // SAFETY: `root` is a live op.
    unsafe { ffi::bufrsShimMayHaveDeadBuffer(root) }
}
