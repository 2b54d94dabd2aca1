//! What a bufrs pass is: the [`BufrsPass`] trait every pass implements, where
//! it may be scheduled ([`Anchor`]) and how it reports failure ([`PassFailed`]).
//! `crate::registry` lists the passes; this module knows none of them.

use std::cell::Cell;

use melior::ir::OperationRef;
use mlir_sys::MlirOperation;

use crate::options::PassOptions;

/// Where a pass may be scheduled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Any op.
    Any,
    /// Ops with this name, e.g. `func.func`.
    Op(&'static str),
    /// Ops implementing `FunctionOpInterface`.
    FunctionLike,
}

/// The pass failed; a diagnostic saying why has been emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pass failed (see the emitted diagnostic)")]
pub struct PassFailed;

pub type PassResult = Result<(), PassFailed>;

thread_local! {
    /// The op the running pass said it left unchanged ([`unchanged`]).
    static UNCHANGED_OP: Cell<Option<usize>> = const { Cell::new(None) };
}

/// What a pass returns when it leaves `op`, the op it runs on, and
/// everything in it unchanged (say it only on a path that made no edit): MLIR
/// then keeps its analyses and does not verify `op` again after the pass.
/// Said of another op (one function of the module a pass runs on) it has no
/// effect: the run counts as changing the IR.
pub fn unchanged(op: MlirOperation) -> PassResult {
    UNCHANGED_OP.with(|slot| slot.set(Some(op.ptr as usize)));
    Ok(())
}

/// Whether the pass that just ran on `op` said it left `op` unchanged;
/// forgets what it said (called once per run, by the FFI boundary).
pub(crate) fn take_unchanged(op: MlirOperation) -> bool {
    UNCHANGED_OP.with(|slot| slot.take()) == Some(op.ptr as usize)
}

/// A bufrs pass.
pub trait BufrsPass {
    type Options: PassOptions;
    /// The pipeline name, `bufrs-...`.
    const ARGUMENT: &'static str;
    const SUMMARY: &'static str;
    const ANCHOR: Anchor;
    /// Registered for tests of bufrs itself; not for users.
    const TEST_ONLY: bool = false;
    /// Namespaces of the dialects whose ops the pass creates.
    const DEPENDENT_DIALECTS: &'static [&'static str] = &[];
    /// Runs on `op`. Emits a diagnostic before returning `Err`.
    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(address: usize) -> MlirOperation {
        MlirOperation {
            ptr: address as *mut std::ffi::c_void,
        }
    }

    #[test]
    fn unchanged_counts_only_for_the_op_the_pass_runs_on_and_only_once() {
        let (module, function) = (op(0x1000), op(0x2000));
        assert!(!take_unchanged(module), "nothing said yet");
        unchanged(function).unwrap();
        assert!(!take_unchanged(module), "said of another op");
        assert!(!take_unchanged(function), "forgotten by the previous take");
        unchanged(module).unwrap();
        assert!(take_unchanged(module));
        assert!(!take_unchanged(module), "one run only");
    }
}
