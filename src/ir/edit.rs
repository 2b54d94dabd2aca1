//! IR edits: replacing and erasing, creating and inserting ops and blocks,
//! and the builds bufrs makes through `AllocationOpInterface` (dealloc, clone,
//! stack allocation), so new IR matches whatever dialect the allocation came
//! from.
//!
//! # Safety
//!
//! These functions take MLIR's raw handles (`MlirOperation`, `MlirValue`,
//! `MlirBlock`, ...), which carry no lifetime: they are `unsafe fn`s whose
//! common contract is that **every handle passed is live** (not null, its IR
//! not erased, its context alive) and that no other thread edits the same IR.
//! Each function states what else it requires (indices in range, types that
//! match, detached ops, ...). Handles from `crate::ir::capture::IrMap` are live
//! until the op they belong to is erased.

use mlir_sys::{MlirBlock, MlirOperation, MlirValue};

use crate::ffi;

/// Replaces every use of `of` with `with`.
/// # Safety
/// `of` and `with` are live values of the same type, `with` dominates every
/// use of `of`.
pub unsafe fn replace_all_uses(of: MlirValue, with: MlirValue) {
    // SAFETY: the caller's contract.
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(of, with) }
}

/// Erases `op` (removing it from its block). Its results must be unused.
/// # Safety
/// `op` is live and in a block, and none of its results has a use left; every
/// handle into `op` (its results, regions, blocks) dangles afterwards.
pub unsafe fn erase(op: MlirOperation) {
    // SAFETY: `op` is live; MLIR's C API erases an op that is in a block.
    unsafe { mlir_sys::mlirOperationDestroy(op) }
}

/// Moves `op` from its block to right after `after`.
/// # Safety
/// `op` and `after` are live ops in blocks, `after` is not nested in `op`,
/// and every operand of `op` dominates the new position.
pub unsafe fn move_after(op: MlirOperation, after: MlirOperation) {
    // SAFETY: the caller's contract.
    unsafe { mlir_sys::mlirOperationMoveAfter(op, after) }
}

/// Where new IR goes, resolved when it is inserted (so that earlier edits,
/// e.g. erasing the op that followed, are taken into account).
#[derive(Clone, Copy, Debug)]
pub enum InsertPoint {
    /// Right before this op.
    Before(MlirOperation),
    /// Right after this op.
    After(MlirOperation),
    /// At the start of this block.
    StartOf(MlirBlock),
    /// At the end of this block (after its terminator: only for blocks
    /// without one).
    EndOf(MlirBlock),
}

impl InsertPoint {
    /// The shim's form: before an op (null block), or at the end of a block
    /// (null op).
    fn raw(self) -> (MlirBlock, MlirOperation) {
        let null_block = MlirBlock {
            ptr: std::ptr::null_mut(),
        };
        let null_op = MlirOperation {
            ptr: std::ptr::null_mut(),
        };
        // SAFETY: live anchors (the callers' contract); checked for null
        // and for being in a block.
        unsafe { self.check() };
        match self {
            InsertPoint::Before(op) => (null_block, op),
            InsertPoint::After(op) => {
                // SAFETY: live op.
                let next = unsafe { mlir_sys::mlirOperationGetNextInBlock(op) };
                if next.ptr.is_null() {
                    // SAFETY: live op.
                    (unsafe { mlir_sys::mlirOperationGetBlock(op) }, null_op)
                } else {
                    (null_block, next)
                }
            }
            InsertPoint::StartOf(block) => {
                // SAFETY: live block.
                let first = unsafe { mlir_sys::mlirBlockGetFirstOperation(block) };
                if first.ptr.is_null() {
                    (block, null_op)
                } else {
                    (null_block, first)
                }
            }
            InsertPoint::EndOf(block) => (block, null_op),
        }
    }

    /// Panics (a failed pass with an error at the op, through the FFI
    /// boundary's guard) where MLIR would dereference a null pointer: a
    /// null anchor, or an anchor op in no block. An erased op cannot be
    /// told from a live one here; the passes keep their anchors live.
    /// # Safety
    /// A non-null anchor is live.
    unsafe fn check(self) {
        let op = match self {
            InsertPoint::Before(op) | InsertPoint::After(op) => op,
            InsertPoint::StartOf(block) | InsertPoint::EndOf(block) => {
                assert!(!block.ptr.is_null(), "an insertion into a null block");
                return;
            }
        };
        assert!(!op.ptr.is_null(), "an insertion next to a null op");
        // SAFETY: a live op.
        let block = unsafe { mlir_sys::mlirOperationGetBlock(op) };
        assert!(
            !block.ptr.is_null(),
            "an insertion next to an op in no block"
        );
    }
}

/// Builds a dealloc of `buffer` (a result of `alloc_op`) at `at`. `None` when
/// the op has no `AllocationOpInterface` or its implementation declines.
/// # Safety
/// `alloc_op` is live, `buffer` is one of its results, and `at` names a live
/// op or block.
pub unsafe fn build_dealloc(
    alloc_op: MlirOperation,
    buffer: MlirValue,
    at: InsertPoint,
) -> Option<MlirOperation> {
    let (block, before) = at.raw();
    // SAFETY: all handles are live; the shim checks the interface.
    let op = unsafe { ffi::bufrsShimBuildDealloc(alloc_op, buffer, block, before) };
    (!op.ptr.is_null()).then_some(op)
}

/// Builds a clone of `buffer` at `at`; returns the clone.
/// # Safety
/// As [`build_dealloc`].
pub unsafe fn build_clone(
    alloc_op: MlirOperation,
    buffer: MlirValue,
    at: InsertPoint,
) -> Option<MlirValue> {
    let (block, before) = at.raw();
    // SAFETY: as above.
    let value = unsafe { ffi::bufrsShimBuildClone(alloc_op, buffer, block, before) };
    (!value.ptr.is_null()).then_some(value)
}

/// Builds the stack allocation that replaces `buffer` at `at`; returns the new
/// op (the caller rewires uses and erases `alloc_op`).
/// # Safety
/// As [`build_dealloc`].
pub unsafe fn build_promoted_alloc(
    alloc_op: MlirOperation,
    buffer: MlirValue,
    at: InsertPoint,
) -> Option<MlirOperation> {
    let (block, before) = at.raw();
    // SAFETY: as above.
    let op = unsafe { ffi::bufrsShimBuildPromotedAlloc(alloc_op, buffer, block, before) };
    (!op.ptr.is_null()).then_some(op)
}

/// Builds the free of `buffer` at `at` in C++ (`bufrsShimOwnershipFree`):
/// with a `flag`, `scf.if %flag { memref.dealloc %buffer }` (what
/// `builders::memref_dealloc_if` builds); without, the dealloc of the
/// `AllocationOpInterface` of `buffer`'s defining op, else `memref.dealloc`
/// (what `builders::free_buffer` builds).
/// # Safety
/// Every handle passed is live.
pub unsafe fn build_free_if(
    buffer: MlirValue,
    flag: Option<MlirValue>,
    location: mlir_sys::MlirLocation,
    at: InsertPoint,
) {
    let (block, before) = at.raw();
    let flag = flag.unwrap_or(MlirValue {
        ptr: std::ptr::null_mut(),
    });
    // SAFETY: live handles (the caller's contract); `at.raw()` checked the
    // anchor.
    unsafe { ffi::bufrsShimOwnershipFree(buffer, flag, location, block, before) };
}

/// Builds `arith.constant <value> : i1` at `at` in C++
/// (`bufrsShimOwnershipFlagConstant`, what `builders::arith_constant_bool`
/// builds); returns its result.
/// # Safety
/// Every handle passed is live.
pub unsafe fn build_bool_constant(
    value: bool,
    location: mlir_sys::MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    let (block, before) = at.raw();
    // SAFETY: live handles (the caller's contract).
    unsafe { ffi::bufrsShimOwnershipFlagConstant(value, location, block, before) }
}

/// Builds `arith.constant <value> : index` at `at` in C++
/// (`bufrsShimIndexConstant`: what `builders::arith_constant_index`
/// builds, without parsing the attribute per op); returns its result.
/// # Safety
/// Every handle passed is live.
pub unsafe fn build_index_constant(
    value: i64,
    location: mlir_sys::MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    let (block, before) = at.raw();
    // SAFETY: live handles (the caller's contract).
    unsafe { ffi::bufrsShimIndexConstant(value, location, block, before) }
}

/// Result `index` of `op`.
/// # Safety
/// `op` is live and has more than `index` results.
pub unsafe fn result(op: MlirOperation, index: usize) -> MlirValue {
    // SAFETY: the caller's contract.
    unsafe { mlir_sys::mlirOperationGetResult(op, index as isize) }
}

/// Creates an op from its parts and inserts it at `at`. Returns the op.
/// The op's dialect must be loaded (passes declare their dependent dialects).
/// # Safety
/// As [`create_op_with_named_attributes`].
pub unsafe fn create_op(
    name: &str,
    location: mlir_sys::MlirLocation,
    operands: &[MlirValue],
    result_types: &[mlir_sys::MlirType],
    successors: &[MlirBlock],
    at: InsertPoint,
) -> MlirOperation {
    // SAFETY: the same contract.
    unsafe {
        create_op_with_named_attributes(name, location, operands, result_types, successors, &[], at)
    }
}

/// [`create_op`] with attributes already built (inherent ones become properties, as when
/// MLIR parses the generic form).
/// # Safety
/// `location`, `operands`, `result_types`, `successors` and `attributes` are
/// live handles of the context the op is created in; `at` names a live op or
/// block; the op that results must be valid for its dialect (MLIR does not
/// verify it here).
pub unsafe fn create_op_with_named_attributes(
    name: &str,
    location: mlir_sys::MlirLocation,
    operands: &[MlirValue],
    result_types: &[mlir_sys::MlirType],
    successors: &[MlirBlock],
    attributes: &[mlir_sys::MlirNamedAttribute],
    at: InsertPoint,
) -> MlirOperation {
    // SAFETY: live handles (the caller's contract); the op is fresh, so
    // detached, and `at` is live.
    unsafe {
        let op = build_op(
            crate::ir::diagnostics::string_ref(name),
            location,
            OpParts {
                operands,
                result_types,
                successors,
                attributes,
                regions: &[],
            },
        );
        insert(op, at);
        op
    }
}

/// What an op is built from (see [`build_op`]).
pub struct OpParts<'a> {
    pub operands: &'a [MlirValue],
    pub result_types: &'a [mlir_sys::MlirType],
    pub successors: &'a [MlirBlock],
    pub attributes: &'a [mlir_sys::MlirNamedAttribute],
    /// Fresh regions, owned by the new op once built.
    pub regions: &'a [mlir_sys::MlirRegion],
}

/// Builds a detached op `name` at `location` from `parts` (one operation
/// state, consumed by `mlirOperationCreate`); null if MLIR cannot build it
/// (e.g. an attribute does not convert to the op's properties).
/// # Safety
/// Every handle in `parts` is live and of the location's context; the
/// regions are fresh (no other owner).
pub unsafe fn build_op(
    name: mlir_sys::MlirStringRef,
    location: mlir_sys::MlirLocation,
    parts: OpParts<'_>,
) -> MlirOperation {
    // SAFETY: the caller's contract; the arrays outlive the calls.
    unsafe {
        let mut state = mlir_sys::mlirOperationStateGet(name, location);
        mlir_sys::mlirOperationStateAddOperands(
            &mut state,
            parts.operands.len() as isize,
            parts.operands.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddResults(
            &mut state,
            parts.result_types.len() as isize,
            parts.result_types.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddSuccessors(
            &mut state,
            parts.successors.len() as isize,
            parts.successors.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddAttributes(
            &mut state,
            parts.attributes.len() as isize,
            parts.attributes.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddOwnedRegions(
            &mut state,
            parts.regions.len() as isize,
            parts.regions.as_ptr(),
        );
        mlir_sys::mlirOperationCreate(&mut state)
    }
}

/// Inserts a detached op at `at`.
/// # Safety
/// `op` is live and detached (in no block); `at` names a live op that is in a
/// block, or a live block.
pub unsafe fn insert(op: MlirOperation, at: InsertPoint) {
    // SAFETY: `op` is detached; anchors are live (checked for null and for
    // being in a block).
    unsafe {
        at.check();
        match at {
            InsertPoint::Before(next) => {
                let block = mlir_sys::mlirOperationGetBlock(next);
                mlir_sys::mlirBlockInsertOwnedOperationBefore(block, next, op);
            }
            InsertPoint::After(prev) => {
                let block = mlir_sys::mlirOperationGetBlock(prev);
                mlir_sys::mlirBlockInsertOwnedOperationAfter(block, prev, op);
            }
            InsertPoint::StartOf(block) => {
                let first = mlir_sys::mlirBlockGetFirstOperation(block);
                if first.ptr.is_null() {
                    mlir_sys::mlirBlockAppendOwnedOperation(block, op);
                } else {
                    mlir_sys::mlirBlockInsertOwnedOperationBefore(block, first, op);
                }
            }
            InsertPoint::EndOf(block) => mlir_sys::mlirBlockAppendOwnedOperation(block, op),
        }
    }
}

/// Sets operand `index` of `op` to `value`.
/// # Safety
/// `op` and `value` are live, `index` is less than `op`'s operand count and
/// `value`'s type is one the op accepts there.
pub unsafe fn set_operand(op: MlirOperation, index: usize, value: MlirValue) {
    // SAFETY: the caller's contract.
    unsafe { mlir_sys::mlirOperationSetOperand(op, index as isize, value) }
}

/// Sets successor `index` of terminator `op` to `block`.
/// # Safety
/// `op` is a live terminator with more than `index` successors; `block` is a
/// live block of the same region.
pub unsafe fn set_successor(op: MlirOperation, index: usize, block: MlirBlock) {
    // SAFETY: the caller's contract.
    unsafe { mlir_sys::mlirOperationSetSuccessor(op, index as isize, block) }
}

/// Creates a block with the argument types and locations of `like`'s
/// arguments and inserts it after `after` in its region.
/// # Safety
/// `like` and `after` are live blocks; `after` is in a region.
pub unsafe fn new_block_like(like: MlirBlock, after: MlirBlock) -> MlirBlock {
    // SAFETY: `like` and `after` are live blocks of one region.
    unsafe {
        let count = mlir_sys::mlirBlockGetNumArguments(like);
        let mut types = Vec::with_capacity(count as usize);
        let mut locations = Vec::with_capacity(count as usize);
        for i in 0..count {
            let arg = mlir_sys::mlirBlockGetArgument(like, i);
            types.push(mlir_sys::mlirValueGetType(arg));
            locations.push(mlir_sys::mlirValueGetLocation(arg));
        }
        let block = mlir_sys::mlirBlockCreate(count, types.as_ptr(), locations.as_ptr());
        let region = mlir_sys::mlirBlockGetParentRegion(after);
        mlir_sys::mlirRegionInsertOwnedBlockAfter(region, after, block);
        block
    }
}

/// The arguments of `block`.
/// # Safety
/// `block` is live.
pub unsafe fn block_arguments(block: MlirBlock) -> Vec<MlirValue> {
    // SAFETY: `block` is live.
    unsafe {
        (0..mlir_sys::mlirBlockGetNumArguments(block))
            .map(|i| mlir_sys::mlirBlockGetArgument(block, i))
            .collect()
    }
}

/// The location of `op`.
/// # Safety
/// `op` is live.
pub unsafe fn location(op: MlirOperation) -> mlir_sys::MlirLocation {
    // SAFETY: `op` is live.
    unsafe { mlir_sys::mlirOperationGetLocation(op) }
}

/// The type of `value`.
/// # Safety
/// `value` is live.
pub unsafe fn value_type(value: MlirValue) -> mlir_sys::MlirType {
    // SAFETY: `value` is live.
    unsafe { mlir_sys::mlirValueGetType(value) }
}

/// The op defining `value`, if it is an op result.
/// # Safety
/// `value` is live.
pub unsafe fn defining_op(value: MlirValue) -> Option<MlirOperation> {
    // SAFETY: `value` is live.
    unsafe { mlir_sys::mlirValueIsAOpResult(value).then(|| mlir_sys::mlirOpResultGetOwner(value)) }
}

/// Builds, right before `op`, an op of the same name, location and
/// attributes (`attributes` replaces the ones named there) with `operands`
/// and `result_types`, moves `op`'s regions into it and returns it. The
/// caller rewires the uses of `op`'s results and erases `op` (whose regions
/// are then empty). `None` (and `op` untouched) if MLIR cannot build the op.
/// # Safety
/// Every handle is live and of one context; the new op must be valid for
/// its dialect with the moved regions (MLIR does not verify it here).
pub unsafe fn rebuild_with_regions(
    op: MlirOperation,
    operands: &[MlirValue],
    result_types: &[mlir_sys::MlirType],
    attributes: &[mlir_sys::MlirNamedAttribute],
) -> Option<MlirOperation> {
    // SAFETY: the caller's contract; the arrays outlive the calls; the new
    // regions are owned by the state, then by the new op.
    unsafe {
        let named: Vec<mlir_sys::MlirNamedAttribute> = (0
            ..mlir_sys::mlirOperationGetNumAttributes(op))
            .map(|i| mlir_sys::mlirOperationGetAttribute(op, i))
            .filter(|a| {
                !attributes
                    .iter()
                    .any(|b| mlir_sys::mlirIdentifierEqual(a.name, b.name))
            })
            .chain(attributes.iter().copied())
            .collect();
        let count = mlir_sys::mlirOperationGetNumRegions(op);
        let regions: Vec<mlir_sys::MlirRegion> =
            (0..count).map(|_| mlir_sys::mlirRegionCreate()).collect();
        let new_op = build_op(
            mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(op)),
            location(op),
            OpParts {
                operands,
                result_types,
                successors: &[],
                attributes: &named,
                regions: &regions,
            },
        );
        if new_op.ptr.is_null() {
            return None;
        }
        for i in 0..count {
            mlir_sys::mlirRegionTakeBody(
                mlir_sys::mlirOperationGetRegion(new_op, i),
                mlir_sys::mlirOperationGetRegion(op, i),
            );
        }
        insert(new_op, InsertPoint::Before(op));
        Some(new_op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An insertion next to a null op or next to an op in no block panics
    /// (the FFI boundary turns the panic into an error at the pass's op)
    /// instead of handing MLIR a null block.
    #[test]
    fn insertions_next_to_a_null_or_detached_op_panic() {
        let context = crate::ir::context::new_context();
        let module = melior::ir::Module::parse(&context, "func.func @f() { return }").unwrap();
        // SAFETY: the module's live ops; the clones are detached and
        // destroyed at the end, nothing is inserted.
        unsafe {
            let body = mlir_sys::mlirModuleGetBody(module.to_raw());
            let func = mlir_sys::mlirBlockGetFirstOperation(body);
            let detached = mlir_sys::mlirOperationClone(func);
            let op = mlir_sys::mlirOperationClone(func);
            let null = MlirOperation {
                ptr: std::ptr::null_mut(),
            };
            for (at, message) in [
                (InsertPoint::After(null), "an insertion next to a null op"),
                (
                    InsertPoint::Before(detached),
                    "an insertion next to an op in no block",
                ),
                (
                    InsertPoint::After(detached),
                    "an insertion next to an op in no block",
                ),
            ] {
                let panic = std::panic::catch_unwind(|| insert(op, at)).unwrap_err();
                assert_eq!(panic.downcast_ref::<&str>(), Some(&message));
            }
            mlir_sys::mlirOperationDestroy(op);
            mlir_sys::mlirOperationDestroy(detached);
        }
    }
}
