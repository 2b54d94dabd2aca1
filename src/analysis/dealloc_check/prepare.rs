//! What the checker computes once per function before following paths: the
//! ops conditions are computed with, which region-branch ops it follows,
//! the components of the blocks' reach graph, whether addresses are written
//! to memory, the modelled local buffers and the sibling comparisons.

use rustc_hash::{FxHashMap, FxHashSet};

use super::inputs::MemoryFacts;
use crate::analysis::{
    allocs::OWNERSHIP_BASED_DEALLOC,
    dealloc_helper::InlinedHelper,
    ownership::has_opaque_exits,
    snapshot::{EffectKind, Effects, OpId, Snapshot, ValueDef, ValueId},
};

/// Ops whose `i1` or address results path conditions are computed from
/// (see [`Checker::cond`]).
pub(super) const CONDITION_OPS: &[&str] = &[
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.select",
    "arith.cmpi",
    "memref.extract_aligned_pointer_as_index",
];

/// Whether the checker follows `op`'s control flow through its
/// `RegionBranchOpInterface` (otherwise its regions are bodies of their own
/// and the op a use of what they use).
pub(super) fn described(snap: &Snapshot, op: OpId) -> bool {
    snap.op(op).facts.region_branch.is_some() && !has_opaque_exits(snap, op)
}

/// Per block, its strongly connected component (and their number) in a
/// graph over-approximating every move of the checker from a point of a
/// block: to its branch successors, into the entry of any region of an op in
/// it, and from any block of such a region back to the block holding the op
/// (a region's terminator continues after its parent op or enters a sibling
/// region, reached from there). Components are numbered in reverse
/// topological order: a block reaches only components numbered at most its
/// own.
pub(super) fn reach_components(snap: &Snapshot) -> (Vec<u32>, u32) {
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (index, block) in snap.blocks.iter().enumerate() {
        let b = index as u32;
        for &op in &block.ops {
            let info = snap.op(op);
            for successor in &info.facts.successors {
                pairs.push((b, successor.block.0));
            }
            for &r in &info.regions {
                for (i, &nested) in snap.region(r).blocks.iter().enumerate() {
                    if i == 0 {
                        pairs.push((b, nested.0));
                    }
                    pairs.push((nested.0, b));
                }
            }
        }
    }
    let graph = crate::analysis::graph::Csr::from_pairs(snap.blocks.len(), &pairs);
    crate::analysis::graph::strongly_connected_components(&graph)
}

/// Per value: whether a path state may hold a fact of it (see
/// [`super::state::State`]): buffers (what they name, their sites), block
/// arguments (bound on entry, receivers of edges), results of the ops whose
/// results get facts (condition ops, loads of modelled cells, calls, ownership
/// deallocs, region-branch ops) and the values conditions are assumed of
/// (branch conditions, stored values, dealloc and return operands, operands
/// of condition ops). Any other value (an integer computed by other
/// arithmetic, a constant, whose value is computed where it is asked for)
/// never has one, so the checker's live sets leave it out: dropping it on
/// block entry would drop nothing.
pub(super) fn fact_values(snap: &Snapshot) -> Vec<bool> {
    let mut out: Vec<bool> = snap
        .values
        .iter()
        .map(|v| v.kind.is_buffer() || matches!(v.def, ValueDef::BlockArg { .. }))
        .collect();
    for op in snap.ops.iter().skip(1) {
        let name = op.name.as_str();
        let condition_op = CONDITION_OPS.contains(&name);
        if condition_op
            || name == "memref.load"
            || name == OWNERSHIP_BASED_DEALLOC
            || op.facts.is_call
            || !op.regions.is_empty()
        {
            for &r in &op.results {
                out[r.index()] = true;
            }
        }
        let all_operands =
            condition_op || name == OWNERSHIP_BASED_DEALLOC || op.facts.is_return_like;
        let first_operand = matches!(name, "scf.if" | "cf.cond_br" | "memref.store");
        if all_operands {
            for &v in &op.operands {
                out[v.index()] = true;
            }
        } else if first_operand && let Some(&v) = op.operands.first() {
            out[v.index()] = true;
        }
    }
    out
}

/// Whether some op writes a value computed from an extracted buffer address
/// (`memref.extract_aligned_pointer_as_index`) to memory other than the
/// cells of modelled buffers (`modeled`: their values), whose contents the
/// paths follow.
pub(super) fn addresses_in_memory(snap: &Snapshot, modeled: &FxHashSet<ValueId>) -> bool {
    let mut tainted: FxHashSet<ValueId> = FxHashSet::default();
    for op in snap.ops.iter().skip(1) {
        if op.name == "memref.extract_aligned_pointer_as_index" {
            tainted.extend(op.results.iter().copied());
        }
    }
    if tainted.is_empty() {
        return false;
    }
    // Forward through op results to a fixed point (blocks may come in any
    // order).
    loop {
        let mut changed = false;
        for op in snap.ops.iter().skip(1) {
            if !op.operands.iter().any(|v| tainted.contains(v)) {
                continue;
            }
            let to_modeled = op.name == "memref.store"
                && op.operands.get(1).is_some_and(|m| modeled.contains(m));
            if let Effects::Known(effects) = &op.facts.effects
                && !to_modeled
                && effects.iter().any(|e| e.kind == EffectKind::Write)
                && op
                    .operands
                    .iter()
                    .any(|&v| tainted.contains(&v) && !snap.value(v).kind.is_buffer())
            {
                return true;
            }
            for &r in &op.results {
                changed |= tainted.insert(r);
            }
        }
        if !changed {
            return false;
        }
    }
}

/// The sites whose cells a path can follow (see [`MemoryFacts`]).
pub(super) fn modeled_sites(
    snap: &Snapshot,
    memory: &MemoryFacts,
    inlined: &FxHashMap<OpId, InlinedHelper>,
    site_of_value: &FxHashMap<ValueId, u32>,
) -> (FxHashMap<u32, (u32, bool)>, FxHashSet<ValueId>) {
    let mut out = FxHashMap::default();
    let mut values = FxHashSet::default();
    if memory.cells.is_empty() {
        return (out, values);
    }
    let mut users: FxHashMap<ValueId, Vec<(OpId, usize)>> = FxHashMap::default();
    for (index, op) in snap.ops.iter().enumerate().skip(1) {
        for (k, &v) in op.operands.iter().enumerate() {
            users.entry(v).or_default().push((OpId(index as u32), k));
        }
    }
    // The ops of inlined helpers (nested ones included), with the buffers
    // they may use.
    let mut in_helper: FxHashMap<OpId, [ValueId; 5]> = FxHashMap::default();
    for h in inlined.values() {
        let Some(block) = snap.op(h.first).parent_block else {
            continue;
        };
        let (from, to) = (snap.op(h.first).position, snap.op(h.last).position);
        let mut stack: Vec<OpId> = snap.block(block).ops[from as usize..=to as usize].to_vec();
        while let Some(o) = stack.pop() {
            in_helper.insert(o, h.buffers.all());
            for &r in &snap.op(o).regions {
                for &b in &snap.region(r).blocks {
                    stack.extend(snap.block(b).ops.iter().copied());
                }
            }
        }
    }
    let constant_index = |v: ValueId, len: u32| {
        memory
            .constants
            .get(&v)
            .is_some_and(|&c| c >= 0 && c < len as i64)
    };
    for (&value, &(len, i1)) in &memory.cells {
        let Some(&site) = site_of_value.get(&value) else {
            continue;
        };
        let mut work = vec![value];
        let mut ok = true;
        let mut named = Vec::new();
        while let Some(v) = work.pop() {
            named.push(v);
            for &(op, k) in users.get(&v).map(Vec::as_slice).unwrap_or(&[]) {
                let info = snap.op(op);
                let fine = if let Some(buffers) = in_helper.get(&op) {
                    buffers.contains(&v)
                } else if info.facts.is_cast && k == 0 {
                    work.extend(info.results.iter().copied());
                    true
                } else if info.name == "memref.load" {
                    k == 0 && info.operands.len() == 2 && constant_index(info.operands[1], len)
                } else if info.name == "memref.store" {
                    k == 1 && info.operands.len() == 3 && constant_index(info.operands[2], len)
                } else if let Some(roles) = memory.helper_calls.get(&op) {
                    roles.all().contains(&k)
                } else {
                    matches!(&info.facts.effects, Effects::Known(e)
                        if e.len() == 1 && e[0].kind == EffectKind::Free && e[0].value == Some(v))
                };
                if !fine {
                    ok = false;
                    break;
                }
            }
            if !ok {
                break;
            }
        }
        if ok {
            out.insert(site, (len, i1));
            values.extend(named);
        }
    }
    (out, values)
}

/// The two operands of an `arith.cmpi`.
pub(super) fn cmpi_operands(snap: &Snapshot, op: OpId) -> Option<(ValueId, ValueId)> {
    let operands = &snap.op(op).operands;
    Some((*operands.first()?, *operands.get(1)?))
}

/// For every `arith.cmpi` result, the results of the other comparisons of
/// the same two values (in either order).
pub(super) fn cmpi_siblings(snap: &Snapshot) -> FxHashMap<ValueId, Vec<ValueId>> {
    let mut by_pair: FxHashMap<(ValueId, ValueId), Vec<ValueId>> = FxHashMap::default();
    for (index, op) in snap.ops.iter().enumerate() {
        if op.name != "arith.cmpi" || op.results.len() != 1 {
            continue;
        }
        let Some((a, b)) = cmpi_operands(snap, OpId(index as u32)) else {
            continue;
        };
        by_pair
            .entry((a.min(b), a.max(b)))
            .or_default()
            .push(op.results[0]);
    }
    let mut out = FxHashMap::default();
    for group in by_pair.into_values().filter(|g| g.len() > 1) {
        for &v in &group {
            out.insert(v, group.iter().copied().filter(|&w| w != v).collect());
        }
    }
    out
}
