//! Liveness of SSA values over every block of a [`Snapshot`], with the
//! semantics of MLIR's `Liveness` / `LivenessBlockInfo`.
//!
//! # Semantics (MLIR's)
//!
//! For a block `B`, MLIR defines `def(B)` as the arguments of `B` plus every
//! value defined anywhere inside `B` (results of its ops and of ops nested in
//! their regions, arguments of nested blocks), and `use(B)` as the operands
//! of `B`'s ops and of all nested ops, minus `def(B)`. So a value used inside
//! a region of an op counts as used *at that op* in every enclosing block.
//! Then `in(B) = use(B) ∪ (out(B) − def(B))`, `out(B) = ∪ in(succ)`, plus
//! one extra rule: a value defined directly in `B` (argument or top-level
//! result) is in `out(B)` as soon as one of its users sits (transitively) in
//! another block of `B`'s region, even if that block is unreachable from `B`.
//! Every block of every region is solved; the CFG is the one of
//! [`crate::analysis::graph::Cfg`] (successors of a block's last op).
//!
//! # Algorithm
//!
//! Instead of iterating set equations to a fixpoint, we compute the same
//! least solution value by value ("path exploration", as in Brandner et al.,
//! *Computing Liveness Sets for SSA-Form Programs*): for each use of `v`, we
//! climb from the user op to its enclosing blocks. At each level, the block
//! `b` holding the (ancestor of the) user is marked live-in and the search
//! walks predecessors backwards, marking them live-out and, unless they are
//! the block that defines `v` at that level (the "stop" block), live-in,
//! until nothing changes. In the defining region the stop block is the
//! definition block; in nested regions there is no stop block (`v` is free
//! there), so we climb to the parent op and continue; we stop climbing at
//! the defining region. Per-block stamps (the current value id) replace
//! visited sets, so the cost is proportional to the size of the result plus
//! the uses times the nesting depth. Results are collected as `(block,
//! value)` pairs in increasing value order and bucketed by block, which
//! yields sorted per-block vectors in one linear pass: no per-block hash sets.
//!
//! Last users: each block's ops are visited in order together with their
//! nested ops; the last top-level op of the block seen using a value is its
//! last user there (MLIR's `findAncestorOpInBlock` inside
//! `getEndOperation`). Cost: total ops times nesting depth, plus small
//! per-block sorts.
//!
//! # Conventions
//!
//! - Results of the root op are never captured; values whose definition has
//!   no block are ignored.
//! - Queries with an op that has no block (the root) answer as if the value
//!   were dead: `is_dead_after` true, `end_operation` returns the op.
//! - Uses that are not nested in the definition's region (invalid SSA) are
//!   handled like MLIR's equations do: the value is live-in wherever it is
//!   used and not defined.
//! - Unreachable blocks take part like any other block (MLIR does the same).

use super::graph::{Cfg, Csr};
use super::snapshot::{BlockId, OpId, RegionId, Snapshot, ValueDef, ValueId};

const NONE: u32 = u32::MAX;

/// A sorted set of values per block. Filled in increasing value order, so
/// each block's list is sorted as it grows; one exactly sized list per
/// block (the flat `(block, value)` pairs bucketed afterwards took three
/// to four times the sets' own size at their peak: the live sets of a long
/// chain of blocks hold a number of entries quadratic in its length).
#[derive(Clone, Debug, Default)]
struct BlockSets {
    sets: Vec<Vec<ValueId>>,
}

impl BlockSets {
    fn new(nb: usize) -> Self {
        BlockSets {
            sets: vec![Vec::new(); nb],
        }
    }
    /// Adds `v` to `b`'s set; `v` is at least every value added before.
    fn push(&mut self, b: u32, v: u32) {
        self.sets[b as usize].push(ValueId(v));
    }
    fn shrink(&mut self) {
        for set in &mut self.sets {
            set.shrink_to_fit();
        }
    }
    fn get(&self, b: BlockId) -> &[ValueId] {
        &self.sets[b.index()]
    }
}

/// Liveness information for all blocks. See the module docs.
#[derive(Clone, Debug)]
pub struct Liveness<'a> {
    snap: &'a Snapshot,
    live_in: BlockSets,
    live_out: BlockSets,
    /// Per block: `(value, last user op in this block)`, sorted by value.
    last_start: Vec<u32>,
    last: Vec<(ValueId, OpId)>,
}

/// Nesting depth of every region (regions of the root: 0).
pub(crate) fn region_depths(snap: &Snapshot) -> Vec<u32> {
    let nr = snap.regions.len();
    let mut depth = vec![NONE; nr];
    let mut chain: Vec<usize> = Vec::new();
    for r in 0..nr {
        let mut cur = r;
        chain.clear();
        let base = loop {
            if depth[cur] != NONE {
                break depth[cur];
            }
            chain.push(cur);
            let op = snap.regions[cur].parent_op;
            match snap.op(op).parent_block {
                Some(b) => cur = snap.block(b).region.index(),
                None => break u32::MAX, // marker: top level
            }
            if chain.len() > nr {
                break u32::MAX; // malformed cycle; treat as top level
            }
        };
        let d0 = base.wrapping_add(1); // u32::MAX + 1 == 0 for top level
        for (k, &c) in chain.iter().rev().enumerate() {
            depth[c] = d0 + k as u32;
        }
    }
    depth
}

impl<'a> Liveness<'a> {
    /// Computes liveness for every block of `snap`.
    pub fn new(snap: &'a Snapshot) -> Self {
        let cfg = Cfg::new(snap);
        Self::with_cfg(snap, &cfg)
    }

    /// Same as [`Liveness::new`], reusing a CFG.
    pub fn with_cfg(snap: &'a Snapshot, cfg: &Cfg) -> Self {
        let nb = snap.blocks.len();
        let nv = snap.values.len();
        let rdepth = region_depths(snap);
        let mut use_pairs = Vec::new();
        for (o, op) in snap.ops.iter().enumerate() {
            for &v in &op.operands {
                use_pairs.push((v.0, o as u32));
            }
        }
        let uses = Csr::from_pairs(nv, &use_pairs);
        drop(use_pairs);

        let mut in_stamp = vec![NONE; nb];
        let mut out_stamp = vec![NONE; nb];
        let mut live_in = BlockSets::new(nb);
        let mut live_out = BlockSets::new(nb);
        let mut work: Vec<u32> = Vec::new();

        for v in 0..nv as u32 {
            let Some(d) = snap.defining_block(ValueId(v)) else {
                continue;
            };
            let r_def: RegionId = snap.block(d).region;
            for &u in uses.get(v) {
                // Liveness, climbing until the defining region.
                let mut op = OpId(u);
                while let Some(b) = snap.op(op).parent_block {
                    if b == d {
                        break;
                    }
                    let r = snap.block(b).region;
                    let stop = if r == r_def {
                        Some(d)
                    } else if rdepth[r.index()] > rdepth[r_def.index()] {
                        None
                    } else {
                        super::graph::ancestor_block_in_region(snap, d, r)
                    };
                    if stop == Some(b) {
                        break;
                    }
                    if r == r_def && out_stamp[d.index()] != v {
                        // MLIR's gatherOutValues: used in another block.
                        out_stamp[d.index()] = v;
                        live_out.push(d.0, v);
                    }
                    let stop_raw = stop.map_or(NONE, |s| s.0);
                    if in_stamp[b.index()] != v {
                        in_stamp[b.index()] = v;
                        live_in.push(b.0, v);
                        work.push(b.0);
                        while let Some(x) = work.pop() {
                            for &p in cfg.pred_raw(BlockId(x)) {
                                if out_stamp[p as usize] != v {
                                    out_stamp[p as usize] = v;
                                    live_out.push(p, v);
                                }
                                if p != stop_raw && in_stamp[p as usize] != v {
                                    in_stamp[p as usize] = v;
                                    live_in.push(p, v);
                                    work.push(p);
                                }
                            }
                        }
                    }
                    if stop.is_some() {
                        break;
                    }
                    op = snap.region(r).parent_op;
                }
            }
        }
        live_in.shrink();
        live_out.shrink();

        // Last users: per block, walk each op's subtree in program order;
        // the last op seen using a value is its last user in the block.
        let mut stamp = vec![NONE; nv];
        let mut last_of = vec![0u32; nv];
        let mut list: Vec<u32> = Vec::new();
        let mut stack: Vec<OpId> = Vec::new();
        let mut last_start = Vec::with_capacity(nb + 1);
        let mut lasts: Vec<(ValueId, OpId)> = Vec::new();
        last_start.push(0u32);
        for b in 0..nb {
            list.clear();
            for &o in &snap.blocks[b].ops {
                stack.push(o);
                while let Some(x) = stack.pop() {
                    let xi = snap.op(x);
                    for &v in &xi.operands {
                        if stamp[v.index()] != b as u32 {
                            stamp[v.index()] = b as u32;
                            list.push(v.0);
                        }
                        last_of[v.index()] = o.0;
                    }
                    for &r in &xi.regions {
                        for &cb in &snap.region(r).blocks {
                            stack.extend(snap.block(cb).ops.iter().copied());
                        }
                    }
                }
            }
            list.sort_unstable();
            lasts.extend(
                list.iter()
                    .map(|&v| (ValueId(v), OpId(last_of[v as usize]))),
            );
            last_start.push(lasts.len() as u32);
        }
        Liveness {
            snap,
            live_in,
            live_out,
            last_start,
            last: lasts,
        }
    }

    /// Values live on entry to `block`, sorted.
    pub fn live_in(&self, block: BlockId) -> &[ValueId] {
        self.live_in.get(block)
    }

    /// Values live on exit from `block`, sorted.
    pub fn live_out(&self, block: BlockId) -> &[ValueId] {
        self.live_out.get(block)
    }

    pub fn is_live_in(&self, v: ValueId, block: BlockId) -> bool {
        self.live_in(block).binary_search(&v).is_ok()
    }

    pub fn is_live_out(&self, v: ValueId, block: BlockId) -> bool {
        self.live_out(block).binary_search(&v).is_ok()
    }

    /// `(value, last user)` pairs of `block`, sorted by value: the last op of
    /// the block that uses the value or contains a use in its regions.
    pub fn last_users(&self, block: BlockId) -> &[(ValueId, OpId)] {
        &self.last
            [self.last_start[block.index()] as usize..self.last_start[block.index() + 1] as usize]
    }

    /// The last op of `block` that uses `v` (directly or in nested regions).
    pub fn last_user_in_block(&self, v: ValueId, block: BlockId) -> Option<OpId> {
        let l = self.last_users(block);
        l.binary_search_by_key(&v, |&(x, _)| x).ok().map(|i| l[i].1)
    }

    /// MLIR `LivenessBlockInfo::getStartOperation`: the block's first op if
    /// `v` is live-in or a block argument, else its defining op. `None` for
    /// an empty block.
    pub fn start_operation(&self, v: ValueId, block: BlockId) -> Option<OpId> {
        match self.snap.value(v).def {
            ValueDef::OpResult { op, .. } if !self.is_live_in(v, block) => Some(op),
            _ => self.snap.block(block).ops.first().copied(),
        }
    }

    /// MLIR `LivenessBlockInfo::getEndOperation(value, startOperation)` in the
    /// block of `start`: the block's last op if `v` is live-out, otherwise the
    /// last user of `v` at or after `start` (or `start` itself).
    pub fn end_operation(&self, v: ValueId, start: OpId) -> OpId {
        let Some(block) = self.snap.op(start).parent_block else {
            return start;
        };
        if self.is_live_out(v, block)
            && let Some(&l) = self.snap.block(block).ops.last()
        {
            return l;
        }
        match self.last_user_in_block(v, block) {
            Some(u) if self.snap.op(u).position > self.snap.op(start).position => u,
            _ => start,
        }
    }

    /// MLIR `Liveness::isDeadAfter(value, op)`.
    pub fn is_dead_after(&self, v: ValueId, op: OpId) -> bool {
        let Some(block) = self.snap.op(op).parent_block else {
            return true;
        };
        if self.is_live_out(v, block) {
            return false;
        }
        let end = self.end_operation(v, op);
        end == op || self.snap.op(end).position < self.snap.op(op).position
    }

    /// MLIR `LivenessBlockInfo::currentlyLiveValues(op)`: values live at `op`
    /// in its block (block arguments, live-ins, and results of ops up to and
    /// including `op`, whose live range within the block contains `op`).
    /// Sorted. O(block size + live-in size) per query.
    pub fn currently_live_values(&self, op: OpId) -> Vec<ValueId> {
        let snap = self.snap;
        let Some(block) = snap.op(op).parent_block else {
            return vec![];
        };
        let binfo = snap.block(block);
        let (Some(&first), Some(&lastop)) = (binfo.ops.first(), binfo.ops.last()) else {
            return vec![];
        };
        let pos = |o: OpId| snap.op(o).position;
        let here = pos(op);
        let mut out = Vec::new();
        let mut consider = |v: ValueId| {
            let start = match snap.value(v).def {
                ValueDef::OpResult { op: d, .. } if !self.is_live_in(v, block) => {
                    match super::graph::ancestor_op_in_region(snap, d, binfo.region) {
                        Some(a) if snap.op(a).parent_block == Some(block) => a,
                        _ => return,
                    }
                }
                _ => first,
            };
            let end = if self.is_live_out(v, block) {
                lastop
            } else {
                self.end_operation(v, start)
            };
            if !(here < pos(start) || pos(end) < here) {
                out.push(v);
            }
        };
        for &a in &binfo.args {
            consider(a);
        }
        for &v in self.live_in(block) {
            consider(v);
        }
        for &o in &binfo.ops {
            for &r in &snap.op(o).results {
                consider(r);
            }
            if o == op {
                break;
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The ops in pre-order with the end of each one's subtree: whether a value
/// is defined inside an op in O(1).
#[derive(Clone, Debug)]
pub struct OpNesting {
    pre: Vec<u32>,
    end: Vec<u32>,
    order: Vec<OpId>,
}

impl OpNesting {
    pub fn new(snap: &Snapshot) -> Self {
        let count = snap.ops.len();
        let mut pre = vec![0u32; count];
        let mut end = vec![0u32; count];
        let mut order: Vec<OpId> = Vec::with_capacity(count);
        let mut stack: Vec<(OpId, bool)> = vec![(Snapshot::ROOT, false)];
        while let Some((op, done)) = stack.pop() {
            if done {
                end[op.index()] = order.len() as u32;
                continue;
            }
            pre[op.index()] = order.len() as u32;
            order.push(op);
            stack.push((op, true));
            for &r in snap.op(op).regions.iter().rev() {
                for &b in snap.region(r).blocks.iter().rev() {
                    for &o in snap.block(b).ops.iter().rev() {
                        stack.push((o, false));
                    }
                }
            }
        }
        OpNesting { pre, end, order }
    }

    /// Whether `v` is defined inside `o`'s regions: its definition (an op,
    /// or a block's parent op) lies in `o`'s subtree, `o` excluded for a
    /// result and included for a block argument.
    pub fn defined_inside(&self, snap: &Snapshot, v: ValueId, o: OpId) -> bool {
        let (def, strict) = match snap.value(v).def {
            ValueDef::OpResult { op, .. } => (op, true),
            ValueDef::BlockArg { block, .. } => (snap.parent_op_of_block(block), false),
        };
        let (p, e) = (self.pre[o.index()], self.end[o.index()]);
        let d = self.pre[def.index()];
        if strict {
            d > p && d < e
        } else {
            d >= p && d < e
        }
    }
}

/// Per op: the values it and the ops nested in it use that are defined
/// outside it (its operands and its regions' free values), deduplicated.
/// Computed bottom-up in one walk: a value appears in the lists of the ops
/// between its uses and its definition only.
pub fn free_values(snap: &Snapshot, nesting: &OpNesting) -> Vec<Vec<ValueId>> {
    let count = snap.ops.len();
    let inside = |v: ValueId, o: OpId| nesting.defined_inside(snap, v, o);
    let order = &nesting.order;
    let mut free: Vec<Vec<ValueId>> = vec![Vec::new(); count];
    // Children come after their parent in pre-order: walk it backwards.
    for &op in order.iter().rev() {
        let info = snap.op(op);
        let mut out: Vec<ValueId> = info.operands.to_vec();
        for &r in &info.regions {
            for &b in &snap.region(r).blocks {
                for &o in &snap.block(b).ops {
                    out.extend(free[o.index()].iter().copied().filter(|&v| !inside(v, op)));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        free[op.index()] = out;
    }
    free
}

/// The live-in and live-out sets of every block (the same sets as
/// [`Liveness`]) as persistent ordered sets that share their structure:
/// for the static deallocation checker, which needs whole sets per block
/// and the values that stop being live from one block to the next.
///
/// [`Liveness`] stores each block's sets as its own sorted vector: on a
/// chain of n blocks where every value lives to the end that is n²/2
/// entries (and as many steps to find them). Here MLIR's equations
/// (module docs) are solved by a worklist over the blocks: a block's
/// live-out set is the largest live-in set of its successors, shared, with
/// the others' missing elements inserted (found by [`imbl::OrdSet::diff`],
/// which skips shared subtrees), and its live-in set is that minus the
/// block's definitions plus its uses. Each step copies only the tree paths
/// it edits, so on the chain both time and memory are O(n log n). The
/// iteration starts from empty sets and only adds, so a set changed iff its
/// size did. Worst case (many successors with unrelated sets, deep loops)
/// it is no cheaper than [`Liveness`].
///
/// `keep` restricts the sets to the values it accepts (the solution of the
/// equations restricted to them, as the equations treat each value apart).
#[derive(Clone, Debug)]
pub struct SharedLiveness {
    live_in: Vec<imbl::OrdSet<ValueId>>,
    live_out: Vec<imbl::OrdSet<ValueId>>,
}

impl SharedLiveness {
    /// Solves liveness for the values `keep` accepts, over every block.
    pub fn new(snap: &Snapshot, keep: impl Fn(ValueId) -> bool) -> Self {
        Self::with_free_values(snap, &free_values(snap, &OpNesting::new(snap)), keep)
    }

    /// [`SharedLiveness::new`] with each op's free values ([`free_values`])
    /// given.
    pub fn with_free_values(
        snap: &Snapshot,
        free: &[Vec<ValueId>],
        keep: impl Fn(ValueId) -> bool,
    ) -> Self {
        let nb = snap.blocks.len();
        let nv = snap.values.len();
        let cfg = Cfg::new(snap);
        // Per block: the values it defines (arguments and results of its
        // ops; a value defined in a nested region is never live out of it)
        // and those it uses (its ops' free values, minus its definitions):
        // from each op's free values, so no block walks the ops nested in
        // it (quadratic in the nesting depth).
        let mut def_start = Vec::with_capacity(nb + 1);
        let mut defs: Vec<ValueId> = Vec::new();
        let mut use_start = Vec::with_capacity(nb + 1);
        let mut uses: Vec<ValueId> = Vec::new();
        let mut def_stamp = vec![NONE; nv];
        let mut use_stamp = vec![NONE; nv];
        def_start.push(0u32);
        use_start.push(0u32);
        for b in 0..nb {
            let stamp = b as u32;
            let mut define = |v: ValueId, defs: &mut Vec<ValueId>| {
                def_stamp[v.index()] = stamp;
                if keep(v) {
                    defs.push(v);
                }
            };
            for &a in &snap.blocks[b].args {
                define(a, &mut defs);
            }
            for &o in &snap.blocks[b].ops {
                for &r in &snap.op(o).results {
                    define(r, &mut defs);
                }
            }
            for &o in &snap.blocks[b].ops {
                for &v in &free[o.index()] {
                    if def_stamp[v.index()] != stamp && use_stamp[v.index()] != stamp && keep(v) {
                        use_stamp[v.index()] = stamp;
                        uses.push(v);
                    }
                }
            }
            def_start.push(defs.len() as u32);
            use_start.push(uses.len() as u32);
        }
        drop(def_stamp);
        drop(use_stamp);
        // MLIR's gatherOutValues: a value defined directly in a block with a
        // user whose ancestor block in that block's region is another one
        // (or none) is live out of it.
        let mut gather: Vec<Vec<ValueId>> = vec![Vec::new(); nb];
        let mut gathered = vec![false; nv];
        for op in &snap.ops {
            let Some(user_block) = op.parent_block else {
                continue;
            };
            for &v in &op.operands {
                if gathered[v.index()] || !keep(v) {
                    continue;
                }
                let d = match snap.value(v).def {
                    ValueDef::BlockArg { block, .. } => block,
                    ValueDef::OpResult { op: def, .. } => match snap.op(def).parent_block {
                        Some(d) => d,
                        None => continue,
                    },
                };
                let region = snap.block(d).region;
                if super::graph::ancestor_block_in_region(snap, user_block, region) != Some(d) {
                    gathered[v.index()] = true;
                    gather[d.index()].push(v);
                }
            }
        }
        drop(gathered);

        let mut live_in = vec![imbl::OrdSet::new(); nb];
        let mut live_out = vec![imbl::OrdSet::new(); nb];
        let mut queued = vec![true; nb];
        // Popped from the back: higher-numbered blocks (usually later in
        // their region) first, so a chain is solved in one sweep.
        let mut work: Vec<u32> = (0..nb as u32).collect();
        let mut succs: Vec<u32> = Vec::new();
        let mut adds: Vec<ValueId> = Vec::new();
        while let Some(b) = work.pop() {
            queued[b as usize] = false;
            let block = BlockId(b);
            succs.clear();
            succs.extend_from_slice(cfg.succ_raw(block));
            succs.sort_unstable();
            succs.dedup();
            let widest = succs
                .iter()
                .copied()
                .max_by_key(|&s| live_in[s as usize].len());
            let mut out: imbl::OrdSet<ValueId> = match widest {
                Some(s) => live_in[s as usize].clone(),
                None => imbl::OrdSet::new(),
            };
            for &s in &succs {
                if Some(s) == widest {
                    continue;
                }
                adds.clear();
                for item in out.diff(&live_in[s as usize]) {
                    if let imbl::ordset::DiffItem::Add(v) = item {
                        adds.push(*v);
                    }
                }
                for &v in &adds {
                    out.insert(v);
                }
            }
            for &v in &gather[b as usize] {
                out.insert(v);
            }
            let mut inn = out.clone();
            for v in &defs[def_start[b as usize] as usize..def_start[b as usize + 1] as usize] {
                inn.remove(v);
            }
            for &v in &uses[use_start[b as usize] as usize..use_start[b as usize + 1] as usize] {
                inn.insert(v);
            }
            live_out[b as usize] = out;
            // Sets only grow from the empty start: same size, same set.
            if inn.len() != live_in[b as usize].len() {
                live_in[b as usize] = inn;
                for &p in cfg.pred_raw(block) {
                    if !queued[p as usize] {
                        queued[p as usize] = true;
                        work.push(p);
                    }
                }
            }
        }
        SharedLiveness { live_in, live_out }
    }

    /// Values live on entry to `block`.
    pub fn live_in(&self, block: BlockId) -> &imbl::OrdSet<ValueId> {
        &self.live_in[block.index()]
    }

    /// Values live on exit from `block`.
    pub fn live_out(&self, block: BlockId) -> &imbl::OrdSet<ValueId> {
        &self.live_out[block.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::graph::ancestor_op_in_region;
    use crate::analysis::snapshot::{Effects, OpFacts, SnapshotBuilder, Successor, ValueKind};
    use crate::analysis::testgen::{self, GenConfig};
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn facts() -> OpFacts {
        OpFacts {
            regions_have_ssa_dominance: true,
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        }
    }
    fn term(succs: Vec<Successor>) -> OpFacts {
        OpFacts {
            is_terminator: true,
            successors: succs,
            ..facts()
        }
    }
    fn succ(b: BlockId, fw: &[ValueId]) -> Successor {
        Successor {
            block: b,
            forwarded: fw.to_vec(),
            produced: 0,
            mapping_known: true,
        }
    }

    /// MLIR's Liveness equations, solved naively with ordered sets.
    fn naive(snap: &Snapshot) -> (Vec<BTreeSet<ValueId>>, Vec<BTreeSet<ValueId>>) {
        let nb = snap.blocks.len();
        let cfg = Cfg::new(snap);
        // users per value
        let mut users: Vec<Vec<OpId>> = vec![vec![]; snap.values.len()];
        for (o, op) in snap.ops.iter().enumerate() {
            for &v in &op.operands {
                users[v.index()].push(OpId(o as u32));
            }
        }
        let mut defs = vec![BTreeSet::new(); nb];
        let mut usev = vec![BTreeSet::new(); nb];
        let mut outs = vec![BTreeSet::new(); nb];
        for b in 0..nb {
            let bid = BlockId(b as u32);
            let region = snap.block(bid).region;
            let gather = |v: ValueId, outs: &mut Vec<BTreeSet<ValueId>>| {
                for &u in &users[v.index()] {
                    let ub = snap.op(u).parent_block.unwrap();
                    let anc = crate::analysis::graph::ancestor_block_in_region(snap, ub, region);
                    if anc != Some(bid) {
                        // (MLIR asserts anc exists; count it as escaping.)
                        outs[b].insert(v);
                        break;
                    }
                }
            };
            for &a in &snap.block(bid).args {
                defs[b].insert(a);
                gather(a, &mut outs);
            }
            for &o in &snap.block(bid).ops {
                for &r in &snap.op(o).results {
                    gather(r, &mut outs);
                }
            }
            // walk nested
            let mut stack: Vec<OpId> = snap.block(bid).ops.clone();
            while let Some(o) = stack.pop() {
                let op = snap.op(o);
                defs[b].extend(op.results.iter().copied());
                usev[b].extend(op.operands.iter().copied());
                for &r in &op.regions {
                    for &cb in &snap.region(r).blocks {
                        defs[b].extend(snap.block(cb).args.iter().copied());
                        stack.extend(snap.block(cb).ops.iter().copied());
                    }
                }
            }
            let u: BTreeSet<ValueId> = usev[b].difference(&defs[b]).copied().collect();
            usev[b] = u;
        }
        let mut ins: Vec<BTreeSet<ValueId>> = usev.clone();
        loop {
            let mut changed = false;
            for b in 0..nb {
                for s in cfg.successors(BlockId(b as u32)) {
                    for &v in ins[s.index()].clone().iter() {
                        changed |= outs[b].insert(v);
                    }
                }
                let add: Vec<ValueId> = outs[b].difference(&defs[b]).copied().collect();
                for v in add {
                    changed |= ins[b].insert(v);
                }
            }
            if !changed {
                break;
            }
        }
        (ins, outs)
    }

    fn naive_end(snap: &Snapshot, lv: &Liveness, v: ValueId, start: OpId) -> OpId {
        let block = snap.op(start).parent_block.unwrap();
        if lv.is_live_out(v, block) {
            return *snap.block(block).ops.last().unwrap();
        }
        let mut end = start;
        for (o, op) in snap.ops.iter().enumerate() {
            if op.operands.contains(&v)
                && let Some(a) =
                    ancestor_op_in_region(snap, OpId(o as u32), snap.block(block).region)
                && snap.op(a).parent_block == Some(block)
                && snap.op(end).position < snap.op(a).position
            {
                end = a;
            }
        }
        end
    }

    fn check_against_naive(snap: &Snapshot) {
        let lv = Liveness::new(snap);
        let shared = SharedLiveness::new(snap, |_| true);
        let odd_shared = SharedLiveness::new(snap, |v| v.0 % 2 == 1);
        let (ins, outs) = naive(snap);
        for b in 0..snap.blocks.len() {
            let bid = BlockId(b as u32);
            let li: BTreeSet<ValueId> = lv.live_in(bid).iter().copied().collect();
            let lo: BTreeSet<ValueId> = lv.live_out(bid).iter().copied().collect();
            assert_eq!(li, ins[b], "live-in of {bid:?}");
            assert_eq!(lo, outs[b], "live-out of {bid:?}");
            assert!(lv.live_in(bid).windows(2).all(|w| w[0] < w[1]));
            let shared = &shared;
            let si: BTreeSet<ValueId> = shared.live_in(bid).iter().copied().collect();
            let so: BTreeSet<ValueId> = shared.live_out(bid).iter().copied().collect();
            assert_eq!(si, ins[b], "shared live-in of {bid:?}");
            assert_eq!(so, outs[b], "shared live-out of {bid:?}");
            // Restricted to some values: the same sets, filtered.
            let odd = |v: &ValueId| v.0 % 2 == 1;
            let oi: BTreeSet<ValueId> = odd_shared.live_in(bid).iter().copied().collect();
            let oo: BTreeSet<ValueId> = odd_shared.live_out(bid).iter().copied().collect();
            assert_eq!(
                oi,
                ins[b].iter().copied().filter(odd).collect(),
                "odd live-in of {bid:?}"
            );
            assert_eq!(
                oo,
                outs[b].iter().copied().filter(odd).collect(),
                "odd live-out of {bid:?}"
            );
        }
        // end operations for every (value, op) pair in the value's block.
        for v in 0..snap.values.len() {
            let v = ValueId(v as u32);
            let Some(d) = snap.defining_block(v) else {
                continue;
            };
            for &o in &snap.block(d).ops {
                assert_eq!(
                    lv.end_operation(v, o),
                    naive_end(snap, &lv, v, o),
                    "end of {v:?} from {o:?}"
                );
            }
        }
    }

    /// bb0: %a = def; cond_br bb1, bb2 ; bb1: use %a; br bb3 ; bb2: br bb3(%b) ; bb3(%x): use %x
    #[test]
    fn diamond() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[ValueKind::Other]);
        let b1 = b.add_block(r, &[]);
        let b2 = b.add_block(r, &[]);
        let b3 = b.add_block(r, &[ValueKind::Other]);
        let c = b.snapshot().block(b0).args[0];
        let op_a = b.add_op(b0, "def", &[], &[ValueKind::Other], facts());
        let a = b.snapshot().op(op_a).results[0];
        let op_bdef = b.add_op(b0, "def", &[], &[ValueKind::Other], facts());
        let bv = b.snapshot().op(op_bdef).results[0];
        let t0 = b.add_op(
            b0,
            "cf.cond_br",
            &[c],
            &[],
            term(vec![succ(b1, &[]), succ(b2, &[])]),
        );
        let u1 = b.add_op(b1, "use", &[a], &[], facts());
        let t1 = b.add_op(b1, "cf.br", &[a], &[], term(vec![succ(b3, &[a])]));
        b.add_op(b2, "cf.br", &[bv], &[], term(vec![succ(b3, &[bv])]));
        let x = b.snapshot().block(b3).args[0];
        let u3 = b.add_op(b3, "use", &[x], &[], facts());
        b.add_op(
            b3,
            "return",
            &[],
            &[],
            OpFacts {
                is_return_like: true,
                ..term(vec![])
            },
        );
        let s = b.finish();
        let lv = Liveness::new(&s);
        assert_eq!(lv.live_in(b0), &[] as &[ValueId]);
        assert_eq!(lv.live_out(b0), &[a, bv]);
        assert_eq!(lv.live_in(b1), &[a]);
        assert_eq!(lv.live_out(b1), &[] as &[ValueId]);
        assert_eq!(lv.live_in(b2), &[bv]);
        assert_eq!(lv.live_in(b3), &[] as &[ValueId]);
        assert!(lv.is_dead_after(a, t1));
        assert!(!lv.is_dead_after(a, u1));
        assert_eq!(lv.end_operation(a, u1), t1);
        assert!(lv.is_dead_after(x, u3));
        assert!(!lv.is_dead_after(a, op_a));
        assert!(lv.is_dead_after(c, t0));
        assert_eq!(lv.last_user_in_block(a, b1), Some(t1));
        assert_eq!(lv.start_operation(a, b1), Some(u1));
        assert_eq!(lv.start_operation(a, b0), Some(op_a));
        assert_eq!(lv.currently_live_values(u1), vec![a]);
        check_against_naive(&s);
    }

    /// A loop: bb0: %i = def; br bb1 ; bb1: use %i; cond_br bb1, bb2 ; bb2: return
    /// plus a nested region op in bb2 using %i.
    #[test]
    fn loop_and_nested_use() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[]);
        let b1 = b.add_block(r, &[]);
        let b2 = b.add_block(r, &[]);
        let d = b.add_op(
            b0,
            "def",
            &[],
            &[ValueKind::Other, ValueKind::Other],
            facts(),
        );
        let i = b.snapshot().op(d).results[0];
        let j = b.snapshot().op(d).results[1];
        b.add_op(b0, "cf.br", &[], &[], term(vec![succ(b1, &[])]));
        b.add_op(b1, "use", &[i], &[], facts());
        b.add_op(
            b1,
            "cf.cond_br",
            &[],
            &[],
            term(vec![succ(b1, &[]), succ(b2, &[])]),
        );
        let nested = b.add_op(b2, "scf.execute_region", &[], &[], facts());
        let nr = b.add_region(nested);
        let nb0 = b.add_block(nr, &[]);
        let nb1 = b.add_block(nr, &[]);
        b.add_op(nb0, "cf.br", &[], &[], term(vec![succ(nb1, &[])]));
        let inner_use = b.add_op(nb1, "use", &[j], &[], facts());
        b.add_op(nb1, "yield", &[], &[], term(vec![]));
        let ret = b.add_op(b2, "return", &[], &[], term(vec![]));
        let s = b.finish();
        let lv = Liveness::new(&s);
        assert_eq!(lv.live_in(b1), &[i, j]);
        assert_eq!(lv.live_out(b1), &[i, j]);
        assert_eq!(lv.live_in(b2), &[j]);
        assert_eq!(lv.live_out(b2), &[] as &[ValueId]);
        assert_eq!(lv.live_in(nb0), &[j]);
        assert_eq!(lv.live_out(nb0), &[j]);
        assert_eq!(lv.live_in(nb1), &[j]);
        assert_eq!(lv.last_user_in_block(j, b2), Some(nested));
        assert_eq!(lv.last_user_in_block(j, nb1), Some(inner_use));
        assert!(lv.is_dead_after(j, nested));
        assert!(!lv.is_dead_after(i, ret) || lv.is_dead_after(i, ret));
        assert!(lv.is_dead_after(i, ret));
        check_against_naive(&s);
    }

    /// A use in an unreachable block still makes the value live-out of its
    /// definition block (MLIR's gatherOutValues), without successors.
    #[test]
    fn unreachable_use() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[]);
        let b1 = b.add_block(r, &[]);
        let d = b.add_op(b0, "def", &[], &[ValueKind::Other], facts());
        let v = b.snapshot().op(d).results[0];
        b.add_op(b0, "return", &[], &[], term(vec![]));
        b.add_op(b1, "use", &[v], &[], facts());
        b.add_op(b1, "return", &[], &[], term(vec![]));
        let s = b.finish();
        let lv = Liveness::new(&s);
        assert_eq!(lv.live_out(b0), &[v]);
        assert_eq!(lv.live_in(b1), &[v]);
        check_against_naive(&s);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn matches_naive_on_random_snapshots(seed in any::<u64>()) {
            let s = testgen::generate(seed, &GenConfig::default());
            check_against_naive(&s);
        }
        #[test]
        fn matches_naive_on_medium_snapshots(seed in any::<u64>()) {
            let c = GenConfig { target_ops: 400, max_blocks: 12, max_ops_per_block: 12, max_depth: 4, ..GenConfig::default() };
            check_against_naive(&testgen::generate(seed, &c));
        }
        #[test]
        fn matches_naive_on_random_cfgs(seed in any::<u64>()) {
            let s = testgen::generate(seed, &GenConfig::cfg_only(10));
            check_against_naive(&s);
        }
    }
}
