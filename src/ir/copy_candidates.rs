//! Where the copy passes, loop hoisting and promotion may fire, found
//! before anything is captured: one C++ walk each
//! (`cpp-shim/copy_candidates.cpp`) that looks for the ops a rewrite starts
//! from by name or effect and asks interfaces only around them. Each
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

/// Where copy removal may remove something in `root`, from one C++ walk
/// (nothing captured): whether its dead-buffer step may remove a buffer
/// (asked only with `dead_buffers`: a `memref.dim` reads the size of (a view
/// of) a buffer an op only allocates whose uses, and its views' uses, are
/// `memref.dim`s, views and frees), and whether it may remove a copy: an op
/// named in `into_operand` or `into_new_buffer` (copies of
/// [`crate::dialect::copies::CopyShape::IntoOperand`] and
/// [`crate::dialect::copies::CopyShape::IntoNewBuffer`]) whose operand 0 a
/// later op of its block frees or which is defined in its block and used
/// there only before it, or one of the second kind whose result only ops
/// freeing it use or whose operand 0 a later op of its parent op's block
/// frees; and an op with an `Allocate` effect (a temporary or a clone).
/// Every removal needs one of them.
pub fn copy_removal_candidates(
    root: MlirOperation,
    dead_buffers: bool,
    into_operand: &[&str],
    into_new_buffer: &[&str],
) -> CopyRemovalCandidates {
    let operand: Vec<_> = into_operand.iter().map(|name| string_ref(name)).collect();
    let new_buffer: Vec<_> = into_new_buffer
        .iter()
        .map(|name| string_ref(name))
        .collect();
    // SAFETY: `root` is a live op; the strings and arrays outlive the call.
    let flags = unsafe {
        ffi::bufrsShimCopyRemovalCandidates(
            root,
            dead_buffers,
            operand.as_ptr(),
            operand.len() as isize,
            new_buffer.as_ptr(),
            new_buffer.len() as isize,
        )
    };
    CopyRemovalCandidates {
        dead_buffer: flags & ffi::BUFRS_MAY_HAVE_DEAD_BUFFER != 0,
        copy: flags & ffi::BUFRS_MAY_REMOVE_COPY != 0,
    }
}

/// What [`copy_removal_candidates`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyRemovalCandidates {
    pub dead_buffer: bool,
    pub copy: bool,
}

/// Whether `root` or an op nested in it declares an `Allocate` effect; with
/// `off_top_block`, only ops that are not directly in a single-block region
/// of `root` count (only those can be in a loop). One C++ walk, nothing
/// captured: promotion and loop hoisting have nothing to do without one.
pub fn has_allocation(root: MlirOperation, off_top_block: bool) -> bool {
    // SAFETY: `root` is a live op.
    unsafe { ffi::bufrsShimHasAllocationIn(root, off_top_block) }
}

/// Whether an op nested in `root` may be a copy `bufrs-write-into-destination`
/// removes (one C++ walk, `cpp-shim/write_into_destination.cpp`, nothing
/// captured): an op named in `copies` (into its operand 1) whose source is
/// the result of an op of its block before it and whose target is the
/// result of a view (`ViewLikeOpInterface`) of the result of another op of
/// that block without operands. Every copy the pass removes is one.
pub fn may_write_into_destination(root: MlirOperation, copies: &[&str]) -> bool {
    let names: Vec<_> = copies.iter().map(|name| string_ref(name)).collect();
    // SAFETY: `root` is a live op; the strings and the array outlive the call.
    unsafe { ffi::bufrsShimMayWriteIntoDestination(root, names.as_ptr(), names.len() as isize) }
}
