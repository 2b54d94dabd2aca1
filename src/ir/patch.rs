//! Patches a snapshot with a pass's own edits, so that it equals what
//! [`super::capture::capture`] would return after them and the passes after
//! it can read it instead of capturing again
//! ([`super::capture::keep_edited`]).
//!
//! Three kinds of edit are patched: an op replaced at its place by one of
//! the same shape ([`patch_replaced_op`]: promotion's stack allocations;
//! every id stays), ops moved between blocks ([`patch_moved_ops`]:
//! hoisting's allocations; the capture numbers ops and values in pre-order,
//! so a move renumbers them, and the patch renumbers the whole snapshot the
//! same way), and ops erased, inserted next to them and their results
//! replaced ([`patch_rewritten`]: finalization's lowered clones and dead
//! views; the inserted ops are captured one by one).

use mlir_sys::{MlirBlock, MlirOperation, MlirValue};
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

/// What a pass did to the IR of a snapshot, for [`patch_rewritten`].
#[derive(Default)]
pub struct Rewrites {
    /// Each erased op and the block that held it, both taken before the
    /// erasure.
    pub erased: Vec<(MlirOperation, MlirBlock)>,
    /// Each value (a result of an erased op) whose every use was replaced,
    /// with its replacement, taken before the erasure.
    pub replaced: Vec<(MlirValue, MlirValue)>,
}

/// Where an op or value of the patched snapshot comes from.
#[derive(Clone, Copy)]
enum Entry {
    /// The snapshot's op (or value) of this id.
    Old(u32),
    /// The k-th inserted op (for a value: and its result `index`).
    New(u32, u32),
}

const NONE: u32 = u32::MAX;

/// Patches `snapshot` and `map` (taken before the edits) after a pass that
/// erased the ops `rewrites.erased` (none with regions), inserted ops without
/// regions or successors only into the blocks that held them (before their
/// last op), and replaced every use of an erased op's results as
/// `rewrites.replaced` says: finalization's lowered clones and dead views.
/// The result is what a fresh capture would return: the op lists of those
/// blocks are read again from MLIR, the inserted ops are captured one by
/// one (`capture_alone`: the capture, which this module does not depend
/// on), and every id is renumbered in the capture's pre-order. `None` when
/// an edit falls outside that (a block whose last op changed, an op gone
/// that is not among the erased, an inserted op with regions, a value that
/// is gone and not replaced). A handle in `erased` names no op of the
/// snapshot afterwards, even where MLIR gave its memory to an inserted op.
pub fn patch_rewritten(
    snapshot: Snapshot,
    map: IrMap,
    rewrites: &Rewrites,
    capture_alone: impl Fn(MlirOperation) -> (Snapshot, IrMap),
) -> Option<(Snapshot, IrMap)> {
    if !snapshot.op(Snapshot::ROOT).results.is_empty() {
        return None;
    }
    // A block's id by its handle: a scan of few blocks, a map of many.
    let blocks_by_handle: std::cell::OnceCell<FxHashMap<usize, BlockId>> =
        std::cell::OnceCell::new();
    let block_of = |handle: MlirBlock| -> Option<BlockId> {
        if map.blocks.len() <= 32 {
            return map
                .blocks
                .iter()
                .position(|b| b.ptr == handle.ptr)
                .map(|b| BlockId(b as u32));
        }
        blocks_by_handle
            .get_or_init(|| {
                map.blocks
                    .iter()
                    .enumerate()
                    .map(|(b, h)| (h.ptr as usize, BlockId(b as u32)))
                    .collect()
            })
            .get(&(handle.ptr as usize))
            .copied()
    };
    let erased: rustc_hash::FxHashSet<usize> = rewrites
        .erased
        .iter()
        .map(|(o, _)| o.ptr as usize)
        .collect();
    let mut touched: Vec<BlockId> = Vec::new();
    for (_, block) in &rewrites.erased {
        let b = block_of(*block)?;
        if !touched.contains(&b) {
            touched.push(b);
        }
    }
    // The touched blocks' op lists, read again.
    let mut lists: Vec<Option<Vec<Entry>>> = vec![None; snapshot.blocks.len()];
    let mut inserted: Vec<(MlirOperation, u32)> = Vec::new();
    let mut erased_ops: Vec<OpId> = Vec::new();
    for &b in &touched {
        let old = &snapshot.block(b).ops;
        let mut present: FxHashMap<usize, OpId> = FxHashMap::default();
        for &o in old {
            let handle = map.op(o).ptr as usize;
            if erased.contains(&handle) {
                if !snapshot.op(o).regions.is_empty() {
                    return None;
                }
                erased_ops.push(o);
            } else {
                present.insert(handle, o);
            }
        }
        let mut list = Vec::with_capacity(old.len() + 4);
        let mut found = 0;
        // SAFETY: a live block of the edited IR and its live ops.
        let mut cur = unsafe { mlir_sys::mlirBlockGetFirstOperation(map.block(b)) };
        while !cur.ptr.is_null() {
            if let Some(&o) = present.get(&(cur.ptr as usize)) {
                list.push(Entry::Old(o.0));
                found += 1;
            } else {
                // SAFETY: as above.
                let (regions, successors, results) = unsafe {
                    (
                        mlir_sys::mlirOperationGetNumRegions(cur),
                        mlir_sys::mlirOperationGetNumSuccessors(cur),
                        mlir_sys::mlirOperationGetNumResults(cur),
                    )
                };
                if regions != 0 || successors != 0 {
                    return None;
                }
                list.push(Entry::New(inserted.len() as u32, 0));
                inserted.push((cur, results as u32));
            }
            // SAFETY: as above.
            cur = unsafe { mlir_sys::mlirOperationGetNextInBlock(cur) };
        }
        let same_end = match (old.last(), list.last()) {
            (None, None) => true,
            (Some(&o), Some(Entry::Old(n))) => o.0 == *n,
            _ => false,
        };
        if found != present.len() || !same_end {
            return None;
        }
        lists[b.index()] = Some(list);
    }
    // New ids in the capture's pre-order.
    let mut number = Numbering {
        snapshot: &snapshot,
        lists: &lists,
        inserted: &inserted,
        new_of_op: vec![NONE; snapshot.ops.len()],
        new_of_value: vec![NONE; snapshot.values.len()],
        op_order: Vec::with_capacity(snapshot.ops.len() + inserted.len()),
        value_order: Vec::with_capacity(snapshot.values.len() + inserted.len()),
        inserted_ids: vec![NONE; inserted.len()],
        inserted_values: vec![NONE; inserted.len()],
    };
    number.new_of_op[0] = 0;
    number.op_order.push(Entry::Old(0));
    for &r in &snapshot.op(Snapshot::ROOT).regions {
        number.region(r);
    }
    let Numbering {
        new_of_op,
        new_of_value,
        op_order,
        value_order,
        inserted_ids,
        inserted_values,
        ..
    } = number;
    let kept_ops = op_order
        .iter()
        .filter(|e| matches!(e, Entry::Old(_)))
        .count();
    if kept_ops + erased_ops.len() != snapshot.ops.len() {
        return None;
    }
    // The handles of the values now, and a value's new id by its handle
    // (for the inserted ops and the replacements; an op's handle to its id
    // is built only when one names a result of an op of the snapshot).
    let value_handles: Vec<MlirValue> = value_order
        .iter()
        .map(|entry| match *entry {
            Entry::Old(v) => map.values[v as usize],
            // SAFETY: a live inserted op; `index` is in range.
            Entry::New(k, index) => unsafe {
                mlir_sys::mlirOperationGetResult(inserted[k as usize].0, index as isize)
            },
        })
        .collect();
    let inserted_results: FxHashMap<usize, ValueId> = value_order
        .iter()
        .zip(0u32..)
        .filter(|(entry, _)| matches!(entry, Entry::New(..)))
        .map(|(_, v)| (value_handles[v as usize].ptr as usize, ValueId(v)))
        .collect();
    // Each op's results as (first id, count): a capture numbers them in a
    // row (an op whose are not is never resolved through).
    let result_ids: Vec<(u32, u32)> = snapshot
        .ops
        .iter()
        .map(|info| match (info.results.first(), info.results.last()) {
            (Some(first), Some(last)) if last.0 - first.0 + 1 == info.results.len() as u32 => {
                (first.0, info.results.len() as u32)
            }
            _ => (NONE, 0),
        })
        .collect();
    let snapshot_blocks = &snapshot.blocks;
    // The new id of a live value of the edited IR.
    let resolve = |handle: MlirValue| -> Option<ValueId> {
        if let Some(&v) = inserted_results.get(&(handle.ptr as usize)) {
            return Some(v);
        }
        // SAFETY: `handle` is a live value (an operand or effect of a live
        // op, or a replacement that took over a use).
        let old = unsafe {
            if mlir_sys::mlirValueIsABlockArgument(handle) {
                let block = mlir_sys::mlirBlockArgumentGetOwner(handle);
                let b = block_of(block)?;
                let index = mlir_sys::mlirBlockArgumentGetArgNumber(handle) as usize;
                *snapshot_blocks[b.index()].args.get(index)?
            } else {
                // The owner among its block's ops (before the edits: an
                // inserted op's results were found above).
                let owner = mlir_sys::mlirOpResultGetOwner(handle);
                let b = block_of(mlir_sys::mlirOperationGetBlock(owner))?;
                let o = *snapshot_blocks[b.index()].ops.iter().find(|&&o| {
                    map.op(o).ptr == owner.ptr && !erased.contains(&(owner.ptr as usize))
                })?;
                let index = mlir_sys::mlirOpResultGetResultNumber(handle) as u32;
                let (first, count) = result_ids[o.index()];
                if index >= count {
                    return None;
                }
                ValueId(first + index)
            }
        };
        let now = new_of_value[old.index()];
        (now != NONE && value_handles[now as usize].ptr == handle.ptr).then_some(ValueId(now))
    };
    // Replaced values by their old ids (results of erased ops).
    let mut replacement: FxHashMap<ValueId, MlirValue> = FxHashMap::default();
    for &(old, new) in &rewrites.replaced {
        let v = erased_ops
            .iter()
            .flat_map(|&o| snapshot.op(o).results.iter().copied())
            .find(|&v| map.value(v).ptr == old.ptr)?;
        replacement.insert(v, new);
    }
    let value = |v: ValueId| -> Option<ValueId> {
        match new_of_value[v.index()] {
            // Resolved only where the snapshot still names it: then the
            // replacement took over a use and is alive.
            NONE => resolve(*replacement.get(&v)?),
            now => Some(ValueId(now)),
        }
    };
    // The inserted ops, each captured alone.
    let mut inserted_infos: Vec<Option<crate::analysis::snapshot::OpInfo>> =
        Vec::with_capacity(inserted.len());
    for (k, &(handle, results)) in inserted.iter().enumerate() {
        let (mut alone, alone_map) = capture_alone(handle);
        let mut info = alone.ops.swap_remove(0);
        let facts = &info.facts;
        if facts.is_terminator
            || facts.region_branch.is_some()
            || !facts.terminator_edges.is_empty()
            || !facts.successors.is_empty()
            || inserted_ids[k] == NONE
        {
            return None;
        }
        remap_facts(&mut info.facts, &|v: ValueId| resolve(alone_map.value(v)))?;
        // SAFETY: a live op of the edited IR.
        let count = unsafe { mlir_sys::mlirOperationGetNumOperands(handle) };
        info.operands = (0..count)
            // SAFETY: as above; `i` is in range.
            .map(|i| resolve(unsafe { mlir_sys::mlirOperationGetOperand(handle, i) }))
            .collect::<Option<_>>()?;
        let first = inserted_values[k];
        info.results = (0..results).map(|i| ValueId(first + i)).collect();
        info.regions = Default::default();
        inserted_infos.push(Some(info));
    }
    // The ops in their new order: the kept ones moved (the old ids of the
    // kept ops rise along the new order: checked first), the erased
    // ones dropped, then every id renamed in place.
    let mut previous = None;
    for entry in &op_order {
        if let Entry::Old(o) = *entry {
            if previous.is_some_and(|p| p >= o) {
                return None;
            }
            previous = Some(o);
        }
    }
    if inserted_infos.iter().any(Option::is_none) {
        return None;
    }
    let mut old_ops = snapshot.ops;
    let mut ops: Vec<crate::analysis::snapshot::OpInfo> = Vec::with_capacity(op_order.len());
    // SAFETY: `old_ops` gives up its elements (length 0, it frees only its
    // buffer); each is then dropped (erased: no new id) or moved exactly
    // once into `ops` (kept: its one entry of `op_order`, in rising order),
    // and `ops` gets its length once all `op_order.len()` slots are
    // written; an early return leaves both lengths 0 (a leak, never a
    // second drop).
    unsafe {
        let len = old_ops.len();
        let src = old_ops.as_mut_ptr();
        old_ops.set_len(0);
        for (o, &new) in new_of_op.iter().enumerate().take(len) {
            if new == NONE {
                std::ptr::drop_in_place(src.add(o));
            }
        }
        let dst = ops.as_mut_ptr();
        let mut i = 0;
        while i < op_order.len() {
            match op_order[i] {
                Entry::Old(o) => {
                    // One record at a time: moves of a known size (a run
                    // as one memcpy is a byte loop to instruction counts).
                    std::ptr::copy_nonoverlapping(src.add(o as usize), dst.add(i), 1);
                    i += 1;
                }
                Entry::New(k, _) => {
                    // Each inserted op has one entry (checked above that
                    // all are there); were one missing, the elements would
                    // leak, never be dropped twice.
                    let info = inserted_infos[k as usize].take()?;
                    std::ptr::write(dst.add(i), info);
                    i += 1;
                }
            }
        }
        ops.set_len(op_order.len());
    }
    drop(old_ops);
    let mut map_ops = Vec::with_capacity(op_order.len());
    for (info, entry) in ops.iter_mut().zip(&op_order) {
        match *entry {
            Entry::Old(o) => {
                for v in info.operands.iter_mut() {
                    *v = value(*v)?;
                }
                for v in info.results.iter_mut() {
                    *v = ValueId(new_of_value[v.index()]);
                }
                remap_facts(&mut info.facts, &value)?;
                map_ops.push(map.ops[o as usize]);
            }
            Entry::New(k, _) => map_ops.push(inserted[k as usize].0),
        }
    }
    let mut blocks = snapshot.blocks;
    for (b, block) in blocks.iter_mut().enumerate() {
        for a in block.args.iter_mut() {
            *a = ValueId(new_of_value[a.index()]);
        }
        match &lists[b] {
            Some(list) => {
                block.ops = list
                    .iter()
                    .map(|entry| match *entry {
                        Entry::Old(o) => OpId(new_of_op[o as usize]),
                        Entry::New(k, _) => OpId(inserted_ids[k as usize]),
                    })
                    .collect();
                for (position, &o) in block.ops.iter().enumerate() {
                    let info = &mut ops[o.index()];
                    info.parent_block = Some(BlockId(b as u32));
                    info.position = position as u32;
                }
            }
            None => block
                .ops
                .iter_mut()
                .for_each(|o| *o = OpId(new_of_op[o.index()])),
        }
    }
    let mut regions = snapshot.regions;
    for region in &mut regions {
        region.parent_op = OpId(new_of_op[region.parent_op.index()]);
    }
    let values = value_order
        .iter()
        .zip(&value_handles)
        .map(|(entry, &handle)| match *entry {
            Entry::Old(v) => {
                let info = &snapshot.values[v as usize];
                let def = match info.def {
                    ValueDef::OpResult { op, index } => ValueDef::OpResult {
                        op: OpId(new_of_op[op.index()]),
                        index,
                    },
                    def => def,
                };
                crate::analysis::snapshot::ValueInfo {
                    def,
                    kind: info.kind,
                }
            }
            Entry::New(k, index) => crate::analysis::snapshot::ValueInfo {
                def: ValueDef::OpResult {
                    op: OpId(inserted_ids[k as usize]),
                    index,
                },
                // SAFETY: a live value.
                kind: value_kind(unsafe { mlir_sys::mlirValueGetType(handle) }),
            },
        })
        .collect();
    let mut map = map;
    map.ops = map_ops;
    map.values = value_handles;
    let op = |o: OpId| (new_of_op[o.index()] != NONE).then(|| OpId(new_of_op[o.index()]));
    if !(map
        .successor_operand_starts
        .rename_kept_keys(|(o, i)| Some((op(o)?, i)))
        && map
            .entry_edge_operand_starts
            .rename_kept_keys(|(o, i)| Some((op(o)?, i)))
        && map.terminator_operand_starts.rename_kept_keys(op))
    {
        return None;
    }
    Some((
        Snapshot {
            ops,
            blocks,
            regions,
            values,
        },
        map,
    ))
}

/// The numbering of [`patch_rewritten`]: ops and values in the capture's
/// order (an op, its results, then each region's block arguments, then its
/// blocks' ops), with the touched blocks' op lists read again.
struct Numbering<'a> {
    snapshot: &'a Snapshot,
    lists: &'a [Option<Vec<Entry>>],
    inserted: &'a [(MlirOperation, u32)],
    new_of_op: Vec<u32>,
    new_of_value: Vec<u32>,
    op_order: Vec<Entry>,
    value_order: Vec<Entry>,
    inserted_ids: Vec<u32>,
    /// The new id of each inserted op's first result.
    inserted_values: Vec<u32>,
}

impl Numbering<'_> {
    fn region(&mut self, region: crate::analysis::snapshot::RegionId) {
        let snapshot = self.snapshot;
        let blocks = &snapshot.region(region).blocks;
        for &b in blocks {
            for &a in &snapshot.block(b).args {
                self.new_of_value[a.index()] = self.value_order.len() as u32;
                self.value_order.push(Entry::Old(a.0));
            }
        }
        let lists = self.lists;
        for &b in blocks {
            match &lists[b.index()] {
                Some(list) => {
                    for &entry in list {
                        self.op(entry);
                    }
                }
                None => {
                    for &o in &snapshot.block(b).ops {
                        self.op(Entry::Old(o.0));
                    }
                }
            }
        }
    }

    fn op(&mut self, entry: Entry) {
        let id = self.op_order.len() as u32;
        self.op_order.push(entry);
        match entry {
            Entry::Old(o) => {
                self.new_of_op[o as usize] = id;
                let snapshot = self.snapshot;
                let info = snapshot.op(OpId(o));
                for &r in &info.results {
                    self.new_of_value[r.index()] = self.value_order.len() as u32;
                    self.value_order.push(Entry::Old(r.0));
                }
                for &r in &info.regions {
                    self.region(r);
                }
            }
            Entry::New(k, _) => {
                self.inserted_ids[k as usize] = id;
                self.inserted_values[k as usize] = self.value_order.len() as u32;
                for index in 0..self.inserted[k as usize].1 {
                    self.value_order.push(Entry::New(k, index));
                }
            }
        }
    }
}

/// Renames the value ids an op's facts name through `value` (`None`: a
/// value that is gone).
fn remap_facts(facts: &mut OpFacts, value: &impl Fn(ValueId) -> Option<ValueId>) -> Option<()> {
    let values = |list: &mut [ValueId]| -> Option<()> {
        for v in list {
            *v = value(*v)?;
        }
        Some(())
    };
    let edges = |list: &mut [RegionEdge]| -> Option<()> {
        for e in list {
            values(&mut e.forwarded)?;
            values(&mut e.inputs)?;
        }
        Some(())
    };
    if let Effects::Known(effects) = &mut facts.effects {
        for e in effects {
            if let Some(v) = e.value {
                e.value = Some(value(v)?);
            }
        }
    }
    if let Some(rb) = &mut facts.region_branch {
        edges(&mut rb.entry_edges)?;
    }
    edges(&mut facts.terminator_edges)?;
    for s in &mut facts.successors {
        values(&mut s.forwarded)?;
    }
    if let Some(v) = facts.view_source {
        facts.view_source = Some(value(v)?);
    }
    Some(())
}
