//! Hashable keys for MLIR handles: the underlying pointer, valid while the IR
//! object lives (within one pass run).

use melior::ir::{BlockLike, BlockRef, OperationRef, Value, ValueLike, operation::OperationLike};

/// Identity of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpKey(pub usize);

/// Identity of an SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueKey(pub usize);

/// Identity of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockKey(pub usize);

impl OpKey {
    pub fn of(op: &OperationRef<'_, '_>) -> Self {
        OpKey(op.to_raw().ptr as usize)
    }
    pub fn of_raw(op: mlir_sys::MlirOperation) -> Self {
        OpKey(op.ptr as usize)
    }
}

impl ValueKey {
    pub fn of(value: &Value<'_, '_>) -> Self {
        ValueKey(value.to_raw().ptr as usize)
    }
    pub fn of_raw(value: mlir_sys::MlirValue) -> Self {
        ValueKey(value.ptr as usize)
    }
}

impl BlockKey {
    pub fn of(block: &BlockRef<'_, '_>) -> Self {
        BlockKey(block.to_raw().ptr as usize)
    }
    pub fn of_raw(block: mlir_sys::MlirBlock) -> Self {
        BlockKey(block.ptr as usize)
    }
}
