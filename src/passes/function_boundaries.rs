//! Function boundaries under private-function dynamic ownership, shared by
//! `bufrs-ownership-function-boundaries` (which changes them),
//! `bufrs-ownership-based-buffer-deallocation` (which reads their marks) and
//! `bufrs-verify-deallocation` (which derives them structurally): the
//! functions of a module that return buffers, and whether each is left with
//! the public ABI (public, a declaration, or its symbol used other than by a
//! direct call, per the call graph of `crate::analysis::call_graph`); and the
//! discardable attribute [`OWNERSHIP_FLAGS`] that marks the functions and
//! calls whose trailing `i1` results are ownership flags, so the
//! per-function rewrite reads only its own function's ops.

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirType};

use crate::{
    analysis::call_graph::{self, LeftAlone, SymbolUse},
    dialect::is_direct_call,
    ir::{Diagnostic, functions},
    passes::{PassFailed, PassResult},
};

/// How a pass anchored on any op that may take private-function dynamic
/// ownership runs: on a function-like `op`, `on_function(op, None)` (and, with
/// `needs_module`, an error saying to schedule it on the module); on any
/// other op, `module_step(op)` once, then `on_function(f, Some(&step))` on
/// every function with a body directly in it (all of them, failing if any
/// fails).
pub fn run_on_functions<T>(
    op: OperationRef<'_, '_>,
    argument: &str,
    needs_module: bool,
    module_step: impl FnOnce(MlirOperation) -> T,
    mut on_function: impl FnMut(OperationRef<'_, '_>, Option<&T>) -> PassResult,
) -> PassResult {
    let raw = melior::ir::operation::OperationLike::to_raw(&op);
    if crate::ir::interfaces::traits(raw).is_function_like() {
        if needs_module {
            Diagnostic::error(
                &op,
                format!(
                    "{argument}: private-function-dynamic-ownership reads and changes callers and callees: schedule the pass on the module, e.g. builtin.module({argument}{{private-function-dynamic-ownership=true}})"
                ),
            )
            .emit();
            return Err(PassFailed);
        }
        return on_function(op, None);
    }
    let step = module_step(raw);
    let mut result = Ok(());
    for function in functions::module_functions(raw) {
        if !function.has_body {
            continue;
        }
        // SAFETY: a live function of the running pass.
        let f = unsafe { OperationRef::from_raw(function.op) };
        if on_function(f, Some(&step)).is_err() {
            result = Err(PassFailed);
        }
    }
    result
}

/// A ranked or unranked memref type.
pub fn is_buffer_type(ty: MlirType) -> bool {
    // SAFETY: a live type.
    unsafe { mlir_sys::mlirTypeIsAMemRef(ty) || mlir_sys::mlirTypeIsAUnrankedMemRef(ty) }
}

/// A function of the module that returns buffers (at `buffers`, among its
/// results), and whether private-function dynamic ownership leaves it alone
/// (public, a declaration, or used other than by a direct call).
pub struct BoundaryCandidate {
    pub function: functions::FunctionOp,
    pub buffers: Vec<usize>,
    pub left_alone: Option<LeftAlone>,
}

/// The functions of `module` that return buffers, with the module's symbol
/// uses and the ops holding them (the call graph the module-level step and
/// the verifier read). After the step, a function not left alone returns
/// one `i1` per buffer after its other results, in the buffers' order.
pub fn private_function_boundaries(
    module: MlirOperation,
) -> (Vec<BoundaryCandidate>, Vec<SymbolUse>, Vec<MlirOperation>) {
    let (uses, users) = functions::symbol_uses(module, &is_direct_call);
    let other_uses = call_graph::OtherUses::new(&uses);
    let candidates = functions::module_functions(module)
        .into_iter()
        .filter_map(|function| {
            let buffers: Vec<usize> = (0..function.signature.results.len())
                .filter(|&i| is_buffer_type(function.signature.results[i]))
                .collect();
            if buffers.is_empty() {
                return None;
            }
            let left_alone = call_graph::eligibility(
                &function.name,
                function.public,
                function.has_body,
                &other_uses,
                false,
            );
            Some(BoundaryCandidate {
                function,
                buffers,
                left_alone,
            })
        })
        .collect();
    (candidates, uses, users)
}

/// The discardable attribute `bufrs-ownership-function-boundaries` puts on
/// every function with a body of the module it ran on and on every call it
/// rebuilt: `array<i64: r...>`, the results (buffers, in order) whose
/// ownership flags are the op's last results, one `i1` each (for a function:
/// the results of its type; empty when its returns carry no flags).
/// `bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}`
/// reads and removes the marks of the function it runs on and of the calls
/// in it, so its output carries none.
pub const OWNERSHIP_FLAGS: &str = "bufrs.ownership_flags";

/// The results `op`'s [`OWNERSHIP_FLAGS`] mark names, `None` without a mark
/// (or with an attribute of another kind under that name).
pub fn ownership_flags(op: MlirOperation) -> Option<Vec<usize>> {
    // SAFETY: a live op; attribute queries are total; null means absent.
    unsafe {
        let attr = mlir_sys::mlirOperationGetDiscardableAttributeByName(
            op,
            crate::ir::diagnostics::string_ref(OWNERSHIP_FLAGS),
        );
        if attr.ptr.is_null() || !mlir_sys::mlirAttributeIsADenseI64Array(attr) {
            return None;
        }
        Some(
            (0..mlir_sys::mlirDenseArrayGetNumElements(attr))
                .map(|i| mlir_sys::mlirDenseI64ArrayGetElement(attr, i) as usize)
                .collect(),
        )
    }
}

/// Marks `op` with [`OWNERSHIP_FLAGS`] naming `results`.
/// # Safety
/// `op` is live.
pub unsafe fn set_ownership_flags(op: MlirOperation, results: &[usize]) {
    let values: Vec<i64> = results.iter().map(|&r| r as i64).collect();
    // SAFETY: the caller's contract; the array outlives the call.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(op);
        let attr = mlir_sys::mlirDenseI64ArrayGet(context, values.len() as isize, values.as_ptr());
        mlir_sys::mlirOperationSetDiscardableAttributeByName(
            op,
            crate::ir::diagnostics::string_ref(OWNERSHIP_FLAGS),
            attr,
        );
    }
}

/// Removes `op`'s [`OWNERSHIP_FLAGS`] mark.
/// # Safety
/// `op` is live.
pub unsafe fn remove_ownership_flags(op: MlirOperation) {
    // SAFETY: the caller's contract.
    unsafe {
        mlir_sys::mlirOperationRemoveDiscardableAttributeByName(
            op,
            crate::ir::diagnostics::string_ref(OWNERSHIP_FLAGS),
        );
    }
}
