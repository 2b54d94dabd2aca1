//! The refusals the deallocation passes share: the one diagnostic for a
//! break of clone-based deallocation's input contract
//! ([`crate::analysis::input_contract`]), used by the passes that refuse such
//! input (`bufrs-buffer-deallocation`, `bufrs-ownership-based-buffer-deallocation`)
//! and the one that checks for it (`bufrs-verify-deallocation{check=input}`),
//! and the errors of the shared deallocation plan. Not a pass.

use std::collections::HashSet;

use melior::ir::OperationRef;

use crate::{
    analysis::{
        alias::AliasAnalysis,
        dealloc_plan::{Handover, Plan, PlanError},
        dominance::DominanceInfo,
        input_contract::{CloneMerges, CloneSplits, Violation, writes_after_flow},
        ownership::Ownership,
        snapshot::{OpId, ValueId},
    },
    ir::{Diagnostic, capture::IrMap},
    passes::{PassFailed, PassResult},
};

/// Refuses, as `pass`, input where a buffer is written after it flowed into
/// a critical merge of `ownership` that `plan` feeds with a clone along that
/// flow, while both buffers are still used: the write would reach only one of
/// them. A flow the plan moves or borrows hands the merge the buffer itself,
/// so writes after it reach every alias and are accepted.
pub fn refuse_writes_after_flow(
    alias: &AliasAnalysis<'_>,
    ownership: &Ownership,
    dominance: &DominanceInfo<'_>,
    plan: &Plan,
    map: &IrMap,
    pass: &str,
) -> PassResult {
    let violations = writes_split_by_clones(alias, ownership, dominance, plan);
    if violations.is_empty() {
        return Ok(());
    }
    for violation in &violations {
        emit_clone_violation(map, violation, pass);
    }
    Err(PassFailed)
}

/// The writes after a flow into a critical merge of `ownership` that `plan`
/// feeds with a clone along that flow, while both buffers are still used
/// (what [`refuse_writes_after_flow`] refuses).
pub fn writes_split_by_clones(
    alias: &AliasAnalysis<'_>,
    ownership: &Ownership,
    dominance: &DominanceInfo<'_>,
    plan: &Plan,
) -> Vec<Violation> {
    // Every flow into a critical merge is an operand occurrence the plan
    // decides (one decision per feed, naming each merge it feeds), so with
    // no clone decided no flow matters and nothing lends to a clone.
    if !plan.decisions.iter().any(|d| d.handover == Handover::Clone) {
        return Vec::new();
    }
    let snapshot = alias.snapshot();
    let liveness = std::cell::OnceCell::new();
    // A flow matters where the plan hands the merge a clone of the flowed
    // value (a flow it does not decide counts as one) and the write reaches
    // one of the two buffers while the other is still used.
    let cloned: HashSet<(OpId, ValueId, ValueId)> = plan
        .decisions
        .iter()
        .filter(|d| d.handover == Handover::Clone)
        .flat_map(|d| d.receivers.iter().map(move |&m| (d.forwarder, d.value, m)))
        .collect();
    let cloned_edge = |forwarder: OpId, value: ValueId, merge: ValueId| {
        cloned.contains(&(forwarder, value, merge))
    };
    let context = CloneSplits {
        snapshot,
        ownership,
        liveness: &liveness,
        cloned_edge: &cloned_edge,
    };
    let matters = |write: OpId, flow: OpId, merge: ValueId| {
        let mut decided = plan
            .decisions
            .iter()
            .filter(|d| d.forwarder == flow && d.receivers.contains(&merge))
            .peekable();
        if decided.peek().is_none() {
            return true;
        }
        decided.any(|d| d.handover == Handover::Clone && context.splits(write, merge, d.value, 0))
    };
    // A clone of a merge that borrows buffers copies them too: the lenders
    // flow into the clone's merge there.
    let lent: Vec<(ValueId, OpId, ValueId)> = plan
        .decisions
        .iter()
        .filter(|d| d.handover == Handover::Clone)
        .flat_map(|d| {
            let lenders: HashSet<ValueId> = ownership
                .roots_iter(d.value)
                .chain(std::iter::once(d.value))
                .filter_map(|r| plan.borrowed.get(&r))
                .flatten()
                .copied()
                .collect();
            lenders
                .into_iter()
                .flat_map(move |l| d.receivers.iter().map(move |&m| (l, d.forwarder, m)))
        })
        .collect();
    writes_after_flow(
        snapshot,
        alias,
        Some(&CloneMerges {
            critical: &ownership.critical,
            matters: &matters,
            cfg: dominance.cfg(),
            lent: &lent,
        }),
    )
}

/// Reports, as `pass`, a write after its buffer flowed into a merge that the
/// pass would hand a copy, and what makes the input acceptable.
pub fn emit_clone_violation(map: &IrMap, violation: &Violation, pass: &str) {
    // SAFETY: live ops of the captured IR; nothing was edited.
    let write = unsafe { OperationRef::from_raw(map.op(violation.write)) };
    let flow = unsafe { OperationRef::from_raw(map.op(violation.flow)) };
    Diagnostic::error(
        &write,
        format!(
            "{pass}: writes a buffer after it flowed into a merge that gets a copy of it (the buffer is still used after the merge, so it is not moved), and the write would reach only one of the two; write the buffer before it flows, or copy it explicitly (memref.alloc + memref.copy) before the merge and write the copy"
        ),
    )
    .note_at(&flow, "the buffer flowed here")
    .emit();
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
