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
}

/// Builds a dealloc of `buffer` (a result of `alloc_op`) at `at`. `None` when
/// the op has no `AllocationOpInterface` or its implementation declines.
pub fn build_dealloc(
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
pub fn build_clone(
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
pub fn build_promoted_alloc(
    alloc_op: MlirOperation,
    buffer: MlirValue,
    at: InsertPoint,
) -> Option<MlirOperation> {
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

/// Creates an op from its parts and inserts it at `at`. Returns the op.
/// The op's dialect must be loaded (passes declare their dependent dialects).
pub fn create_op(
    name: &str,
    location: mlir_sys::MlirLocation,
    operands: &[MlirValue],
    result_types: &[mlir_sys::MlirType],
    successors: &[MlirBlock],
    at: InsertPoint,
) -> MlirOperation {
    create_op_with_named_attributes(name, location, operands, result_types, successors, &[], at)
}

/// [`create_op`] with attributes already built (inherent ones become properties, as when
/// MLIR parses the generic form).
pub fn create_op_with_named_attributes(
    name: &str,
    location: mlir_sys::MlirLocation,
    operands: &[MlirValue],
    result_types: &[mlir_sys::MlirType],
    successors: &[MlirBlock],
    attributes: &[mlir_sys::MlirNamedAttribute],
    at: InsertPoint,
) -> MlirOperation {
    let name_ref = crate::ir::diagnostics::string_ref(name);
    // SAFETY: the state is filled with live handles and consumed by
    // mlirOperationCreate; insertion targets are live blocks/ops.
    unsafe {
        let mut state = mlir_sys::mlirOperationStateGet(name_ref, location);
        mlir_sys::mlirOperationStateAddOperands(
            &mut state,
            operands.len() as isize,
            operands.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddResults(
            &mut state,
            result_types.len() as isize,
            result_types.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddSuccessors(
            &mut state,
            successors.len() as isize,
            successors.as_ptr(),
        );
        mlir_sys::mlirOperationStateAddAttributes(
            &mut state,
            attributes.len() as isize,
            attributes.as_ptr(),
        );
        let op = mlir_sys::mlirOperationCreate(&mut state);
        insert(op, at);
        op
    }
}

/// Inserts a detached op at `at`.
pub fn insert(op: MlirOperation, at: InsertPoint) {
    // SAFETY: `op` is detached; insertion points are live.
    unsafe {
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
pub fn set_operand(op: MlirOperation, index: usize, value: MlirValue) {
    // SAFETY: caller guarantees `index < num operands` and a matching type.
    unsafe { mlir_sys::mlirOperationSetOperand(op, index as isize, value) }
}

/// Sets successor `index` of terminator `op` to `block`.
pub fn set_successor(op: MlirOperation, index: usize, block: MlirBlock) {
    // SAFETY: caller guarantees `index < num successors`.
    unsafe { mlir_sys::mlirOperationSetSuccessor(op, index as isize, block) }
}

/// Creates a block with the argument types and locations of `like`'s
/// arguments and inserts it after `after` in its region.
pub fn new_block_like(like: MlirBlock, after: MlirBlock) -> MlirBlock {
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
pub fn block_arguments(block: MlirBlock) -> Vec<MlirValue> {
    // SAFETY: `block` is live.
    unsafe {
        (0..mlir_sys::mlirBlockGetNumArguments(block))
            .map(|i| mlir_sys::mlirBlockGetArgument(block, i))
            .collect()
    }
}

/// The location of `op`.
pub fn location(op: MlirOperation) -> mlir_sys::MlirLocation {
    // SAFETY: `op` is live.
    unsafe { mlir_sys::mlirOperationGetLocation(op) }
}

/// The type of `value`.
pub fn value_type(value: MlirValue) -> mlir_sys::MlirType {
    // SAFETY: `value` is live.
    unsafe { mlir_sys::mlirValueGetType(value) }
}

/// The op defining `value`, if it is an op result.
pub fn defining_op(value: MlirValue) -> Option<MlirOperation> {
    // SAFETY: `value` is live.
    unsafe { mlir_sys::mlirValueIsAOpResult(value).then(|| mlir_sys::mlirOpResultGetOwner(value)) }
}
