//! What the input already frees: the buffers existing ownership-based
//! deallocation (`bufferization.dealloc`) takes care of, which the pass
//! leaves to it, and the ops that only free, whose frees of owned buffers the
//! plan removes and places again (and which it refuses when they do more,
//! or free buffers owned on some paths only).

use std::collections::BTreeSet;

use crate::analysis::{
    alias::AliasAnalysis,
    ownership::Ownership,
    snapshot::{EffectKind, Effects, OpId, Snapshot, ValueId},
};

use super::types::{DeallocError, Plan, PlanError};

/// The buffers ownership-based deallocation already in the IR takes care
/// of: every value a `bufferization.dealloc` operand (memref or retained) may
/// come from. The pass leaves them to it: allocations and call results among
/// them are roots it does not own (so merges of them alone get no clone and
/// no free), while a merge where one of them meets a buffer the pass owns is
/// critical as usual (the pass clones it and frees the clone).
pub fn handled_by_ownership_deallocs(snapshot: &Snapshot, alias: &AliasAnalysis<'_>) -> Vec<bool> {
    let mut handled = vec![false; snapshot.values.len()];
    for op in snapshot
        .ops
        .iter()
        .filter(|op| op.name == crate::analysis::allocs::OWNERSHIP_BASED_DEALLOC)
    {
        for &operand in &op.operands {
            if snapshot.value(operand).kind.is_buffer() && !handled[operand.index()] {
                for v in alias.dependencies(operand) {
                    handled[v.index()] = true;
                }
            }
        }
    }
    handled
}

/// No buffer a `bufferization.dealloc` frees may be one the pass owns (a
/// critical merge made owned through a coupled operand): both would free it.
pub fn check_handled(
    snapshot: &Snapshot,
    ownership: &Ownership,
    alias: &AliasAnalysis<'_>,
    handled: &[bool],
) -> Result<(), Vec<PlanError>> {
    let mut errors = vec![];
    for (index, op) in snapshot.ops.iter().enumerate() {
        if op.name != crate::analysis::allocs::OWNERSHIP_BASED_DEALLOC {
            continue;
        }
        let clash = op.operands.iter().any(|&operand| {
            snapshot.value(operand).kind.is_buffer()
                && alias
                    .dependencies(operand)
                    .iter()
                    .any(|&v| handled[v.index()] && ownership.is_owned_root(v))
        });
        if clash {
            errors.push(PlanError {
                op: OpId(index as u32),
                error: DeallocError::FreedAlsoByOwnershipDealloc {
                    op: op.name.to_string(),
                },
            });
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Ops that only free buffers: frees of owned buffers are removed (the pass
/// places its own); frees of memory the function does not own stay.
pub(super) fn existing_frees(
    snapshot: &Snapshot,
    ownership: &Ownership,
    refused: &[&str],
    plan: &mut Plan,
    errors: &mut Vec<PlanError>,
) -> BTreeSet<OpId> {
    let mut erased = BTreeSet::new();
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        let refuse = |error: DeallocError| PlanError { op: id, error };
        if refused.contains(&op.name.as_str()) {
            errors.push(refuse(DeallocError::OwnershipBasedDealloc {
                op: op.name.to_string(),
            }));
            continue;
        }
        let Effects::Known(effects) = &op.facts.effects else {
            continue;
        };
        // Most ops free nothing: asked before anything is collected.
        if !effects
            .iter()
            .any(|e| e.kind == EffectKind::Free && e.value.is_some())
        {
            continue;
        }
        let frees: Vec<ValueId> = effects
            .iter()
            .filter(|e| e.kind == EffectKind::Free)
            .filter_map(|e| e.value)
            .collect();
        if frees.is_empty() {
            continue;
        }
        let only_frees = effects
            .iter()
            .all(|e| e.kind == EffectKind::Free || e.kind == EffectKind::Read)
            && op.results.is_empty()
            && op.regions.is_empty();
        if !only_frees {
            let allocates = effects.iter().any(|e| e.kind == EffectKind::Allocate);
            let op = op.name.to_string();
            errors.push(refuse(if allocates {
                DeallocError::FreeAndAllocate { op }
            } else {
                DeallocError::FreeAndMore { op }
            }));
            continue;
        }
        let owned: Vec<bool> = frees
            .iter()
            .flat_map(|&f| ownership.roots_iter(f))
            .map(|r| ownership.is_owned_root(r))
            .collect();
        if owned.iter().all(|&o| o) {
            erased.insert(id);
            plan.erase.push(id);
        } else if owned.iter().any(|&o| o) {
            errors.push(PlanError {
                op: id,
                error: DeallocError::MaybeOwnedFree,
            });
        }
    }
    erased
}
