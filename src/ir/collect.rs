//! Collectors: `extern "C"` callbacks the shim (or MLIR's C API) calls to hand
//! variable-length data back to Rust, each appending to the Rust value passed
//! as `user_data`, and the raw records they fill ([`RawRegionEdge`], which
//! `ir::interfaces` returns). Nothing here calls back into the other `ir`
//! modules but `diagnostics`.
//!
//! They cannot panic (allocation failure aborts rather than unwinds), so they
//! need no guard; every other function C++ calls into Rust lives in
//! `crate::boundary`, under `catch_unwind`.

use std::ffi::c_void;

use mlir_sys::{MlirOperation, MlirStringRef, MlirValue};

use crate::ir::diagnostics::string_from_ref;

/// One region-control-flow edge, as the shim reports it.
#[derive(Clone, Debug)]
pub struct RawRegionEdge {
    /// Index of the target region of the region-branch op; `None`: the op's results.
    pub target_region: Option<u32>,
    pub forwarded: Vec<MlirValue>,
    /// The forwarding op's operand index of `forwarded[0]`.
    pub first_operand_index: Option<u32>,
    pub inputs: Vec<MlirValue>,
}

/// `MlirStringCallback` that appends to the `String` at `user_data`.
///
/// # Safety
/// `user_data` must point to a live `String` not otherwise borrowed during the call.
pub(crate) unsafe extern "C" fn append_to_string(chunk: MlirStringRef, user_data: *mut c_void) {
    // SAFETY: `user_data` is a `String` owned by the caller for the call.
    let out = unsafe { &mut *(user_data as *mut String) };
    out.push_str(&string_from_ref(chunk));
}

/// The shim's error callback (`user_data` first): appends `message` to the
/// `String` at `user_data`.
///
/// # Safety
/// As [`append_to_string`].
pub(crate) unsafe extern "C" fn append_error(user_data: *mut c_void, message: MlirStringRef) {
    // SAFETY: `user_data` is the `String` handed to the shim.
    let out = unsafe { &mut *(user_data as *mut String) };
    out.push_str(&string_from_ref(message));
}

/// `BufrsEdgeFn` that pushes onto the `Vec<RawRegionEdge>` at `user_data`.
///
/// # Safety
/// `user_data` must point to a live `Vec<RawRegionEdge>` not otherwise
/// borrowed during the call; `forwarded` and `inputs` must be null or point to
/// `num_forwarded` / `num_inputs` readable values.
pub(crate) unsafe extern "C" fn collect_region_edge(
    user_data: *mut c_void,
    target_region: i32,
    forwarded: *const MlirValue,
    num_forwarded: isize,
    first_operand_index: i32,
    inputs: *const MlirValue,
    num_inputs: isize,
) {
    // SAFETY: `user_data` is the caller's Vec; arrays have the given lengths.
    let edges = unsafe { &mut *(user_data as *mut Vec<RawRegionEdge>) };
    edges.push(RawRegionEdge {
        target_region: u32::try_from(target_region).ok(),
        forwarded: unsafe { slice_or_empty(forwarded, num_forwarded) }.to_vec(),
        first_operand_index: u32::try_from(first_operand_index).ok(),
        inputs: unsafe { slice_or_empty(inputs, num_inputs) }.to_vec(),
    });
}

/// `BufrsOpFn` that pushes onto the `Vec<MlirOperation>` at `user_data`.
///
/// # Safety
/// `user_data` must point to a live `Vec<MlirOperation>` not otherwise
/// borrowed during the call.
pub(crate) unsafe extern "C" fn collect_op(user_data: *mut c_void, op: MlirOperation) {
    // SAFETY: `user_data` is the caller's Vec.
    let ops = unsafe { &mut *(user_data as *mut Vec<MlirOperation>) };
    ops.push(op);
}

/// The `len` values at `data`, or nothing when `data` is null or `len <= 0`.
///
/// # Safety
/// Unless null, `data` must point to `len` readable values that outlive `'a`.
pub(crate) unsafe fn slice_or_empty<'a, T>(data: *const T, len: isize) -> &'a [T] {
    if data.is_null() || len <= 0 {
        &[]
    } else {
        // SAFETY: caller guarantees `len` readable entries.
        unsafe { std::slice::from_raw_parts(data, len as usize) }
    }
}
