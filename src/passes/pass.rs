//! What a bufrs pass is: the [`BufrsPass`] trait every pass implements, where
//! it may be scheduled ([`Anchor`]) and how it reports failure ([`PassFailed`]).
//! `crate::registry` lists the passes; this module knows none of them.

use melior::ir::OperationRef;

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
