//! Patches a snapshot with a pass's own edits, so that it equals what
//! [`super::capture::capture`] would return after them and the passes after
//! it can read it instead of capturing again
//! ([`super::capture::keep_edited`]).
//!
//! Two kinds of edit are patched: an op replaced at its place by one of the
//! same shape ([`patch_replaced_op`]: promotion's stack allocations; every
//! id stays) and ops moved between blocks ([`patch_moved_ops`]: hoisting's
//! allocations; the capture numbers ops and values in pre-order, so a move
//! renumbers them, and the patch renumbers the whole snapshot the same way).

use mlir_sys::{MlirOperation, MlirValue};
use rustc_hash::FxHashMap;

use crate::{
    analysis::snapshot::{
        BlockId, Effect, EffectKind, Effects, OpFacts, OpId, OpName, RegionEdge, Snapshot,
        ValueDef, ValueId, ValueKind,
    },
    ffi,
    ir::{
        interfaces,
        ir_map::{IrMap, str_of, trait_facts, value_kind},
    },
};

/// Patches `snapshot` and `map` after op `id` was replaced, at its place, by
/// `new_op`: an op without regions or successors taking the same operands
/// and giving as many results, of the same kinds (e.g. promotion's
/// `memref.alloca` for a `memref.alloc`), whose results took over every use
/// of the old ones. The ids stay (a fresh capture would number the new op
/// and its results as the old ones); the name, traits and effects are the
/// new op's, read as the capture reads them. False, with nothing patched,
/// for an op the capture would record more about (a terminator, view,
/// region branch, unregistered op, or one whose effects name other values).
pub fn patch_replaced_op(
    snapshot: &mut Snapshot,
    map: &mut IrMap,
    id: OpId,
    new_op: MlirOperation,
) -> bool {
    let traits = interfaces::traits(new_op);
    let old = snapshot.op(id);
    // SAFETY: `new_op` is a live op.
    let (regions, successors, operands, results) = unsafe {
        (
            mlir_sys::mlirOperationGetNumRegions(new_op),
            mlir_sys::mlirOperationGetNumSuccessors(new_op),
            mlir_sys::mlirOperationGetNumOperands(new_op) as usize,
            mlir_sys::mlirOperationGetNumResults(new_op) as usize,
        )
    };
    let special = ffi::BUFRS_TRAIT_TERMINATOR as u32
        | ffi::BUFRS_TRAIT_REGION_BRANCH as u32
        | ffi::BUFRS_TRAIT_VIEW_LIKE as u32
        | ffi::BUFRS_TRAIT_BRANCH as u32;
    if traits.0 & ffi::BUFRS_TRAIT_REGISTERED as u32 == 0
        || traits.0 & special != 0
        || regions != 0
        || successors != 0
        || !old.regions.is_empty()
        || operands != old.operands.len()
        || results != old.results.len()
    {
        return false;
    }
    // SAFETY: `new_op` is live; the indices are in range.
    let new_operands: Vec<MlirValue> = (0..operands)
        .map(|i| unsafe { mlir_sys::mlirOperationGetOperand(new_op, i as isize) })
        .collect();
    let new_results: Vec<MlirValue> = (0..results)
        .map(|i| unsafe { mlir_sys::mlirOperationGetResult(new_op, i as isize) })
        .collect();
    if new_operands
        .iter()
        .zip(&old.operands)
        .any(|(new, &v)| new.ptr != map.value(v).ptr)
    {
        return false;
    }
    let kinds: Vec<ValueKind> = new_results
        .iter()
        // SAFETY: live values.
        .map(|&v| value_kind(unsafe { mlir_sys::mlirValueGetType(v) }))
        .collect();
    if kinds
        .iter()
        .zip(&old.results)
        .any(|(&kind, &v)| snapshot.value(v).kind != kind)
    {
        return false;
    }
    // The values an effect may name, as the capture numbers them.
    let id_of = |value: MlirValue| -> Option<ValueId> {
        new_operands
            .iter()
            .zip(&old.operands)
            .chain(new_results.iter().zip(&old.results))
            .find(|(handle, _)| handle.ptr == value.ptr)
            .map(|(_, &v)| v)
    };
    let effects = if traits.has_memory_effect_interface() {
        let Some(raw) = interfaces::memory_effects(new_op) else {
            return false;
        };
        let mut effects = Vec::with_capacity(raw.len());
        for e in raw {
            let value = match e.value {
                None => None,
                Some(v) => match id_of(v) {
                    Some(v) => Some(v),
                    None => return false,
                },
            };
            effects.push(Effect {
                kind: match e.kind {
                    interfaces::EffectKind::Allocate => EffectKind::Allocate,
                    interfaces::EffectKind::Free => EffectKind::Free,
                    interfaces::EffectKind::Read => EffectKind::Read,
                    interfaces::EffectKind::Write => EffectKind::Write,
                },
                value,
                on_automatic_scope: e.on_automatic_allocation_scope,
            });
        }
        Effects::Known(effects)
    } else {
        Effects::Unknown
    };
    // SAFETY: a live op; MLIR keeps the name's string for the context.
    let name = unsafe { mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(new_op)) };
    let name = str_of(name);
    if name == "arith.constant" || name == "arith.cmpi" {
        // The capture records their attributes too.
        return false;
    }
    let facts = OpFacts {
        effects,
        // A registered op without regions.
        regions_have_ssa_dominance: true,
        ..trait_facts(traits)
    };
    let info = &mut snapshot.ops[id.index()];
    info.name = OpName::intern(name);
    info.facts = facts;
    map.ops[id.index()] = new_op;
    for (&v, &handle) in info.results.iter().zip(&new_results) {
        map.values[v.index()] = handle;
    }
    true
}

/// Patches `snapshot` and `map` after the ops `moved` (without regions)
/// were moved, each to any place in any block of the snapshot: the op lists
/// of the blocks they left and entered are read again from MLIR, then ops
/// and values are renumbered in the capture's pre-order (an op, its
/// results, then its regions: every block with its arguments, then the
/// blocks' ops). Blocks and regions keep their ids. False, with `snapshot`
/// left in an unspecified state, when the root has results (values from
/// outside, numbered by first use) or an op is not found where it should be.
pub fn patch_moved_ops(snapshot: &mut Snapshot, map: &mut IrMap, moved: &[OpId]) -> bool {
    if moved.is_empty() {
        return true;
    }
    if !snapshot.op(Snapshot::ROOT).results.is_empty() {
        return false;
    }
    // The blocks that changed: those the ops left and those they entered.
    let block_ids: FxHashMap<usize, BlockId> = map
        .blocks
        .iter()
        .enumerate()
        .map(|(b, handle)| (handle.ptr as usize, BlockId(b as u32)))
        .collect();
    let mut touched: Vec<BlockId> = Vec::new();
    for &op in moved {
        let Some(from) = snapshot.op(op).parent_block else {
            return false;
        };
        // SAFETY: a live op of the snapshot's IR.
        let block = unsafe { mlir_sys::mlirOperationGetBlock(map.op(op)) };
        let Some(&to) = block_ids.get(&(block.ptr as usize)) else {
            return false;
        };
        for b in [from, to] {
            if !touched.contains(&b) {
                touched.push(b);
            }
        }
    }
    let mut op_ids: FxHashMap<usize, OpId> = FxHashMap::default();
    for &b in &touched {
        for &o in &snapshot.block(b).ops {
            op_ids.insert(map.op(o).ptr as usize, o);
        }
    }
    for &b in &touched {
        let mut ops = Vec::with_capacity(snapshot.block(b).ops.len() + moved.len());
        // SAFETY: a live block; its ops are live.
        let mut cur = unsafe { mlir_sys::mlirBlockGetFirstOperation(map.block(b)) };
        while !cur.ptr.is_null() {
            let Some(&o) = op_ids.get(&(cur.ptr as usize)) else {
                return false;
            };
            ops.push(o);
            // SAFETY: as above.
            cur = unsafe { mlir_sys::mlirOperationGetNextInBlock(cur) };
        }
        for (position, &o) in ops.iter().enumerate() {
            let info = &mut snapshot.ops[o.index()];
            info.parent_block = Some(b);
            info.position = position as u32;
        }
        snapshot.blocks[b.index()].ops = ops;
    }
    // New ids in the capture's pre-order.
    const NONE: u32 = u32::MAX;
    let mut new_op = vec![NONE; snapshot.ops.len()];
    let mut new_value = vec![NONE; snapshot.values.len()];
    let (mut next_op, mut next_value) = (0u32, 0u32);
    // The root (its results, if any, are values from outside: refused above).
    new_op[Snapshot::ROOT.index()] = next_op;
    next_op += 1;
    for &r in &snapshot.op(Snapshot::ROOT).regions {
        number_region(
            snapshot,
            r,
            &mut new_op,
            &mut new_value,
            &mut next_op,
            &mut next_value,
        );
    }
    if new_op.contains(&NONE) || new_value.contains(&NONE) {
        return false;
    }
    permute(snapshot, map, &new_op, &new_value);
    true
}

/// Numbers a region's block arguments, then its ops (recursively), in the
/// capture's order.
fn number_region(
    snapshot: &Snapshot,
    region: crate::analysis::snapshot::RegionId,
    new_op: &mut [u32],
    new_value: &mut [u32],
    next_op: &mut u32,
    next_value: &mut u32,
) {
    let blocks = &snapshot.region(region).blocks;
    for &b in blocks {
        for &a in &snapshot.block(b).args {
            new_value[a.index()] = *next_value;
            *next_value += 1;
        }
    }
    for &b in blocks {
        for &o in &snapshot.block(b).ops {
            new_op[o.index()] = *next_op;
            *next_op += 1;
            let info = snapshot.op(o);
            for &v in &info.results {
                new_value[v.index()] = *next_value;
                *next_value += 1;
            }
            for &r in &info.regions {
                number_region(snapshot, r, new_op, new_value, next_op, next_value);
            }
        }
    }
}

/// Renames every op and value id of `snapshot` and `map` (`new_op[old]`,
/// `new_value[old]`, both permutations) and reorders the tables.
fn permute(snapshot: &mut Snapshot, map: &mut IrMap, new_op: &[u32], new_value: &[u32]) {
    let op = |o: OpId| OpId(new_op[o.index()]);
    let value = |v: ValueId| ValueId(new_value[v.index()]);
    let values = |list: &mut [ValueId]| list.iter_mut().for_each(|v| *v = value(*v));
    let edges = |list: &mut [RegionEdge]| {
        for e in list {
            values(&mut e.forwarded);
            values(&mut e.inputs);
        }
    };
    for info in &mut snapshot.ops {
        values(&mut info.operands);
        values(&mut info.results);
        let facts = &mut info.facts;
        if let Effects::Known(effects) = &mut facts.effects {
            for e in effects {
                e.value = e.value.map(value);
            }
        }
        if let Some(rb) = &mut facts.region_branch {
            edges(&mut rb.entry_edges);
        }
        edges(&mut facts.terminator_edges);
        for s in &mut facts.successors {
            values(&mut s.forwarded);
        }
        facts.view_source = facts.view_source.map(value);
    }
    // Only the ids between the first and the last that change move (a move
    // rotates the ids between the allocation's old and new place).
    permute_range(&mut snapshot.ops, new_op);
    permute_range(&mut map.ops, new_op);
    for block in &mut snapshot.blocks {
        values(&mut block.args);
        block.ops.iter_mut().for_each(|o| *o = op(*o));
    }
    for region in &mut snapshot.regions {
        region.parent_op = op(region.parent_op);
    }
    for info in &mut snapshot.values {
        if let ValueDef::OpResult { op: o, .. } = &mut info.def {
            *o = op(*o);
        }
    }
    permute_range(&mut snapshot.values, new_value);
    permute_range(&mut map.values, new_value);
    map.successor_operand_starts
        .rename_keys(|(o, i)| (op(o), i));
    map.entry_edge_operand_starts
        .rename_keys(|(o, i)| (op(o), i));
    map.terminator_operand_starts.rename_keys(op);
}

/// Puts `table[old]` at `new[old]` (a permutation), copying only the range
/// of indices it changes.
fn permute_range<T: Clone>(table: &mut [T], new: &[u32]) {
    let changed = |(i, &n): (usize, &u32)| n as usize != i;
    let Some(first) = new.iter().enumerate().position(changed) else {
        return;
    };
    let last = new.len() - 1 - new.iter().enumerate().rev().position(changed).unwrap_or(0);
    let moved: Vec<T> = table[first..=last].to_vec();
    for (k, item) in moved.into_iter().enumerate() {
        table[new[first + k] as usize] = item;
    }
}
