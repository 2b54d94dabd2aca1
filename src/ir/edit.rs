//! IR edits: use lists (which melior lacks), replacing and erasing, and the
//! builds bufrs makes through `AllocationOpInterface` (dealloc, clone, stack
//! allocation), so new IR matches whatever dialect the allocation came from.

use mlir_sys::{MlirBlock, MlirOperation, MlirValue};

use crate::ffi;

/// One use of a value: the user op and the operand index.
#[derive(Clone, Copy, Debug)]
pub struct Use {
    pub owner: MlirOperation,
    pub operand_index: usize,
}

/// All uses of `value`, in use-list order.
pub fn uses(value: MlirValue) -> Vec<Use> {
    let mut out = Vec::new();
    // SAFETY: walking a live value's use list without modifying it.
    unsafe {
        let mut operand = mlir_sys::mlirValueGetFirstUse(value);
        while !mlir_sys::mlirOpOperandIsNull(operand) {
            out.push(Use {
                owner: mlir_sys::mlirOpOperandGetOwner(operand),
                operand_index: mlir_sys::mlirOpOperandGetOperandNumber(operand) as usize,
            });
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    out
}

/// Replaces every use of `of` with `with`.
pub fn replace_all_uses(of: MlirValue, with: MlirValue) {
    // SAFETY: both values are live and of compatible types (caller's duty).
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(of, with) }
}

/// Erases `op` (removing it from its block). Its results must be unused.
pub fn erase(op: MlirOperation) {
    // SAFETY: `op` is live; MLIR's C API erases an op that is in a block.
    unsafe { mlir_sys::mlirOperationDestroy(op) }
}

/// Where new IR goes.
#[derive(Clone, Copy, Debug)]
pub enum InsertPoint {
    /// Right before this op.
    Before(MlirOperation),
    /// At the end of this block (after its terminator: only for blocks
    /// without one).
    EndOf(MlirBlock),
}

impl InsertPoint {
    fn raw(self) -> (MlirBlock, MlirOperation) {
        match self {
            InsertPoint::Before(op) => (MlirBlock { ptr: std::ptr::null_mut() }, op),
            InsertPoint::EndOf(block) => (block, MlirOperation { ptr: std::ptr::null_mut() }),
        }
    }
}

/// Builds a dealloc of `buffer` (a result of `alloc_op`) at `at`. `None` when
/// the op has no `AllocationOpInterface` or its implementation declines.
pub fn build_dealloc(alloc_op: MlirOperation, buffer: MlirValue, at: InsertPoint) -> Option<MlirOperation> {
    let (block, before) = at.raw();
    // SAFETY: all handles are live; the shim checks the interface.
    let op = unsafe { ffi::bufrsShimBuildDealloc(alloc_op, buffer, block, before) };
    (!op.ptr.is_null()).then_some(op)
}

/// Builds a clone of `buffer` at `at`; returns the clone.
pub fn build_clone(alloc_op: MlirOperation, buffer: MlirValue, at: InsertPoint) -> Option<MlirValue> {
    let (block, before) = at.raw();
    // SAFETY: as above.
    let value = unsafe { ffi::bufrsShimBuildClone(alloc_op, buffer, block, before) };
    (!value.ptr.is_null()).then_some(value)
}

/// Builds the stack allocation that replaces `buffer` at `at`; returns the new
/// op (the caller rewires uses and erases `alloc_op`).
pub fn build_promoted_alloc(alloc_op: MlirOperation, buffer: MlirValue, at: InsertPoint) -> Option<MlirOperation> {
    let (block, before) = at.raw();
    // SAFETY: as above.
    let op = unsafe { ffi::bufrsShimBuildPromotedAlloc(alloc_op, buffer, block, before) };
    (!op.ptr.is_null()).then_some(op)
}

/// Result `index` of `op`.
pub fn result(op: MlirOperation, index: usize) -> MlirValue {
    // SAFETY: caller guarantees `index < num results`.
    unsafe { mlir_sys::mlirOperationGetResult(op, index as isize) }
}
