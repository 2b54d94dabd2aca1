//! The refusals the deallocation passes share: the one diagnostic for a
//! break of clone-based deallocation's input contract
//! ([`crate::analysis::input_contract`]), used by the passes that refuse such
//! input (`bufrs-buffer-deallocation`, `bufrs-ownership-based-buffer-deallocation`)
//! and the one that checks for it (`bufrs-verify-deallocation{check=input}`),
//! and the errors of the shared deallocation plan. Not a pass.

use melior::ir::OperationRef;

use crate::{
    analysis::{
        alias::AliasAnalysis,
        dealloc_plan::PlanError,
        dominance::DominanceInfo,
        input_contract::{CloneMerges, Violation, writes_after_flow},
        ownership::Ownership,
    },
    ir::{Diagnostic, capture::IrMap},
    passes::{PassFailed, PassResult},
};

/// Refuses, as `pass`, input where a buffer is written after it flowed into
/// a critical merge of `ownership` (the merge may get a clone or share the
/// buffer, so the write would not reach every alias).
pub fn refuse_writes_after_flow(
    alias: &AliasAnalysis<'_>,
    ownership: &Ownership,
    dominance: &DominanceInfo<'_>,
    map: &IrMap,
    pass: &str,
) -> PassResult {
    let snapshot = alias.snapshot();
    let liveness = std::cell::OnceCell::new();
    let violations = writes_after_flow(
        snapshot,
        alias,
        Some(&CloneMerges {
            critical: &ownership.critical,
            liveness: &liveness,
            cfg: dominance.cfg(),
        }),
    );
    if violations.is_empty() {
        return Ok(());
    }
    for violation in &violations {
        emit_contract_violation(map, violation, pass, true);
    }
    Err(PassFailed)
}

/// Reports every error of the deallocation plan at its op, as `pass`.
pub fn emit_plan_errors(map: &IrMap, errors: &[PlanError], pass: &str) -> PassFailed {
    for error in errors {
        // SAFETY: live ops of the captured IR; nothing was edited.
        let at = unsafe { OperationRef::from_raw(map.op(error.op)) };
        Diagnostic::error(&at, format!("{pass}: {}", error.error)).emit();
    }
    PassFailed
}

/// Reports a write after its buffer flowed into a merge, as
/// `pass` (the verifier or the deallocation pass refusing its input).
pub fn emit_contract_violation(map: &IrMap, violation: &Violation, pass: &str, as_error: bool) {
    // SAFETY: live ops of the captured IR; nothing was edited.
    let write = unsafe { OperationRef::from_raw(map.op(violation.write)) };
    let flow = unsafe { OperationRef::from_raw(map.op(violation.flow)) };
    let text = format!(
        "{pass}: writes a buffer after it flowed into a merge; clone-based deallocation needs every write before the buffer flows anywhere (seed 000's input contract)"
    );
    let diagnostic = if as_error {
        Diagnostic::error(&write, text)
    } else {
        Diagnostic::warning(&write, text)
    };
    diagnostic.note_at(&flow, "the buffer flowed here").emit();
}
