//! Builders for the fixed IR bufrs creates by name: `memref.dealloc`,
//! `bufferization.clone` and `cf.br`. Used only where no interface can build
//! the op (e.g. freeing a buffer that came from a call or a merge, whose
//! producer has no `AllocationOpInterface`); passes that use them list the
//! dialects in `BufrsPass::DEPENDENT_DIALECTS`.

use mlir_sys::{MlirBlock, MlirLocation, MlirOperation, MlirValue};

use crate::ir::edit::{Anchor, create_op, value_type};

/// `memref.dealloc %buffer`.
pub fn memref_dealloc(buffer: MlirValue, location: MlirLocation, at: Anchor) -> MlirOperation {
    create_op("memref.dealloc", location, &[buffer], &[], &[], at)
}

/// `%copy = bufferization.clone %buffer` (same type); returns `%copy`.
pub fn bufferization_clone(buffer: MlirValue, location: MlirLocation, at: Anchor) -> MlirValue {
    let op = create_op("bufferization.clone", location, &[buffer], &[value_type(buffer)], &[], at);
    crate::ir::edit::result(op, 0)
}

/// `cf.br ^target(%arguments)` at the end of `block`.
pub fn cf_br(block: MlirBlock, target: MlirBlock, arguments: &[MlirValue], location: MlirLocation) -> MlirOperation {
    // SAFETY: creating and appending to a live block.
    unsafe {
        let mut state =
            mlir_sys::mlirOperationStateGet(crate::ir::diagnostics::string_ref("cf.br"), location);
        mlir_sys::mlirOperationStateAddOperands(&mut state, arguments.len() as isize, arguments.as_ptr());
        mlir_sys::mlirOperationStateAddSuccessors(&mut state, 1, &target);
        let op = mlir_sys::mlirOperationCreate(&mut state);
        mlir_sys::mlirBlockAppendOwnedOperation(block, op);
        op
    }
}
