//! Where a buffer goes: the forward flow of one buffer value through the IR.
//!
//! Starting from a value (typically a fresh allocation), the walk follows
//! every way the same memory can be reached under another name, using only
//! interface facts:
//! - results of an op that takes the buffer and returns buffers it does not
//!   allocate (views through `ViewLikeOpInterface`, casts, pure ops such as
//!   `memref.extract_strided_metadata`): the results alias it;
//! - operands forwarded into regions by a `RegionBranchOpInterface` op (e.g.
//!   `scf.for` iter_args): the region arguments alias it;
//! - operands forwarded by terminators (branches, yields, returns): the
//!   receiving block arguments or op results alias it, and the forwarding is
//!   recorded as an [`FlowEvent::Forwarded`], since the buffer leaves the block.
//!
//! Along the way it records what happens to the memory: frees, being stored
//! as data into another buffer, and uses by ops whose effects are unknown.
//! Calls (`CallOpInterface`) are treated as the seeds' ownership contract
//! says: the callee reads or writes its buffer arguments but neither frees nor
//! retains them; buffer results of a call may alias its buffer operands.

use crate::analysis::{
    snapshot::{EffectKind, Effects, OpId, Snapshot, ValueId},
    uses::UseLists,
};

/// Something that happens to the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowEvent {
    /// Terminator `by` passes alias `value` on (to a successor block, a
    /// region, the parent op's results, or out of the function).
    Forwarded { by: OpId, value: ValueId },
    /// `by` frees alias `value`.
    Freed { by: OpId, value: ValueId },
    /// `by` stores alias `value` as data into another buffer.
    Stored { by: OpId, value: ValueId },
    /// `by` has unknown memory effects and uses alias `value`.
    UnknownUse { by: OpId, value: ValueId },
}

/// The result of following one buffer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flow {
    /// The start value and every alias found, in discovery order.
    pub aliases: Vec<ValueId>,
    pub events: Vec<FlowEvent>,
}

/// Follows `start` forward. O(uses of all aliases).
pub fn follow(snapshot: &Snapshot, uses: &UseLists, start: ValueId) -> Flow {
    let mut seen = vec![false; snapshot.values.len()];
    let mut flow = Flow::default();
    let mut worklist = vec![start];
    seen[start.index()] = true;
    let mut add = |value: ValueId, worklist: &mut Vec<ValueId>| {
        if !seen[value.index()] && snapshot.value(value).kind.is_buffer() {
            seen[value.index()] = true;
            worklist.push(value);
        }
    };
    while let Some(value) = worklist.pop() {
        flow.aliases.push(value);
        for u in uses.of(value) {
            let op = snapshot.op(u.user);
            let facts = &op.facts;
            if facts.is_terminator && forwards(snapshot, u.user, value) {
                flow.events.push(FlowEvent::Forwarded { by: u.user, value });
                for target in forwarded_targets(snapshot, u.user, value) {
                    add(target, &mut worklist);
                }
                continue;
            }
            if let Some(info) = &facts.region_branch {
                for edge in &info.entry_edges {
                    for (i, &fwd) in edge.forwarded.iter().enumerate() {
                        if fwd == value
                            && let Some(&input) = edge.inputs.get(i)
                        {
                            add(input, &mut worklist);
                        }
                    }
                }
            }
            match &facts.effects {
                Effects::Known(effects) => {
                    if effects
                        .iter()
                        .any(|e| e.kind == EffectKind::Free && e.value == Some(value))
                    {
                        flow.events.push(FlowEvent::Freed { by: u.user, value });
                    }
                    if stores(snapshot, u.user, value) {
                        flow.events.push(FlowEvent::Stored { by: u.user, value });
                    }
                    // Buffer results not freshly allocated may alias the operand.
                    for &result in &op.results {
                        let allocated = effects
                            .iter()
                            .any(|e| e.kind == EffectKind::Allocate && e.value == Some(result));
                        if !allocated {
                            add(result, &mut worklist);
                        }
                    }
                }
                Effects::Unknown => {
                    if !facts.is_call && !facts.has_recursive_effects && op.regions.is_empty() {
                        flow.events
                            .push(FlowEvent::UnknownUse { by: u.user, value });
                    }
                    if facts.is_call || op.regions.is_empty() {
                        for &result in &op.results {
                            add(result, &mut worklist);
                        }
                    }
                }
            }
        }
    }
    flow
}

/// Whether `op` (with known effects) stores buffer operand `value` as data
/// into another buffer: it writes memory, names no effect on `value`, and is
/// not a view of it (e.g. `memref.store %buf, %buffer_of_buffers[...]`).
pub fn stores(snapshot: &Snapshot, op: OpId, value: ValueId) -> bool {
    let facts = &snapshot.op(op).facts;
    let Effects::Known(effects) = &facts.effects else {
        return false;
    };
    let named = effects.iter().any(|e| e.value == Some(value));
    let writes_elsewhere = effects
        .iter()
        .any(|e| e.kind == EffectKind::Write && e.value != Some(value));
    !named && writes_elsewhere && facts.view_source != Some(value)
}

/// Whether terminator `term` forwards `value` anywhere (a successor operand,
/// a region edge, or a return from the root).
fn forwards(snapshot: &Snapshot, term: OpId, value: ValueId) -> bool {
    let facts = &snapshot.op(term).facts;
    facts
        .successors
        .iter()
        .any(|s| !s.mapping_known || s.forwarded.contains(&value))
        || facts
            .terminator_edges
            .iter()
            .any(|e| e.forwarded.contains(&value))
        || (facts.is_return_like && facts.terminator_edges.is_empty())
}

/// The values that receive `value` from terminator `term`.
fn forwarded_targets(snapshot: &Snapshot, term: OpId, value: ValueId) -> Vec<ValueId> {
    let facts = &snapshot.op(term).facts;
    let mut out = Vec::new();
    for s in &facts.successors {
        let args = &snapshot.block(s.block).args;
        if !s.mapping_known {
            out.extend(args.iter().copied());
            continue;
        }
        for (i, &fwd) in s.forwarded.iter().enumerate() {
            if fwd == value
                && let Some(&arg) = args.get(s.produced as usize + i)
            {
                out.push(arg);
            }
        }
    }
    for edge in &facts.terminator_edges {
        for (i, &fwd) in edge.forwarded.iter().enumerate() {
            if fwd == value
                && let Some(&input) = edge.inputs.get(i)
            {
                out.push(input);
            }
        }
    }
    out
}
