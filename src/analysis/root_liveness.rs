//! Liveness of owned roots from their aliases' own live ranges, for the
//! deallocation plan ([`crate::analysis::dealloc_plan`]).
//!
//! The plan needs, per owned root `r` defined in block `R`, the blocks that
//! need `r` on entry: those (other than `R`, dominated by it) from which a
//! use of any value that may name `r` (an *alias*) is reachable without
//! passing `R`. Walking that backward from every alias's uses, per root, is
//! quadratic when roots have many aliases: on a chain of n blocks where each
//! block's argument may be any earlier allocation, root k has n-k aliases
//! and is live in n-k blocks.
//!
//! Here each value `v` gets its own range once: `own(v)` = the blocks other
//! than its defining block `D` that reach a use of `v` within the blocks `D`
//! dominates (its SSA live-in blocks), plus `D` itself when `v` is used there
//! or live out of it. A root's needed blocks are then the union of its
//! aliases' ranges minus `R`, provided every step from a root to an alias
//! keeps the root live on the way: an op result's sources are operands of
//! its op (used in its block), and every edge into a merge comes from one
//! block or carries all of the merge's roots (otherwise a merge also keeps a
//! root alive along the edges that bring its *other* inputs, which no alias's
//! own range covers). Roots with an alias that breaks this, or that is used
//! outside its region (lifted uses), or whose address is taken, are *slow*:
//! the plan keeps the per-root walk for them. So are the roots the caller
//! names (ownership-based mode: a merge that borrows, whose uses also keep
//! its lenders alive, and those lenders).
//!
//! For a fast root, membership is "some value live in the block names it";
//! the blocks where it may die are found from the values' own deaths: a
//! value dies on an edge out of its range unless it is forwarded into a
//! non-critical merge live in the successor (which names all its roots), so
//! only deaths without such a carrier are handed to the value's roots. On
//! the chain every edge is such a handover and the only death is the last
//! block's: linear work.

// Values are walked by index: several per-value arrays are read and written
// in each loop.
#![allow(clippy::needless_range_loop)]

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use crate::analysis::{
    dominance::DominanceInfo,
    ownership::{Kind, Ownership},
    snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId},
    uses::UseLists,
    value_flow::exposes_address,
};

/// Compressed lists indexed by a dense id.
struct Lists<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Lists<T> {
    fn from_pairs(n: usize, pairs: &[(u32, T)]) -> Self {
        let mut starts = vec![0u32; n + 1];
        for &(i, _) in pairs {
            starts[i as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        // Each list keeps its pairs' order.
        let mut next = starts.clone();
        let mut items: Vec<Option<T>> = vec![None; pairs.len()];
        for &(i, item) in pairs {
            items[next[i as usize] as usize] = Some(item);
            next[i as usize] += 1;
        }
        Lists {
            starts,
            items: items.into_iter().flatten().collect(),
        }
    }

    fn get(&self, i: usize) -> &[T] {
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.items[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// Per-value ranges and the fast roots' liveness derived from them.
pub struct RootLiveness<'a> {
    snapshot: &'a Snapshot,
    ownership: &'a Ownership,
    /// Ops the plan removes (their uses do not count).
    erased: BTreeSet<OpId>,
    /// Per value: it names an owned root.
    has_owned: Vec<bool>,
    /// Per owned root: its liveness comes from the per-root walk.
    slow: Vec<bool>,
    /// Per value: it may name a slow root (over-approximation).
    may_name_slow: Vec<bool>,
    /// Per block: the values whose own range holds it.
    live_at: Lists<ValueId>,
    /// Per fast root: the blocks where it may die (its defining block
    /// included), ascending.
    candidates: Lists<BlockId>,
    /// Per block scanned so far: the last op of the block using each fast
    /// root it names, by root.
    last_uses: RefCell<HashMap<BlockId, Vec<(ValueId, OpId)>>>,
}

impl<'a> RootLiveness<'a> {
    /// `erased`: ops the plan removes (their uses do not count);
    /// `slow_roots`: owned roots left to the per-root walk whatever their
    /// aliases (their liveness is more than their aliases' uses).
    pub fn new(
        snapshot: &'a Snapshot,
        dominance: &DominanceInfo<'_>,
        ownership: &'a Ownership,
        erased: &BTreeSet<OpId>,
        use_lists: &UseLists,
        slow_roots: &BTreeSet<ValueId>,
    ) -> Self {
        let n = snapshot.values.len();
        let has_owned: Vec<bool> = (0..n)
            .map(|i| match &ownership.kinds[i] {
                Kind::NotBuffer | Kind::UnownedRoot => false,
                Kind::OwnedRoot => true,
                Kind::Alias(_) => ownership
                    .roots_iter(ValueId(i as u32))
                    .any(|r| ownership.is_owned_root(r)),
            })
            .collect();
        let region_of = |b: BlockId| snapshot.block(b).region;
        let mut is_erased = vec![
            false;
            if erased.is_empty() {
                0
            } else {
                snapshot.ops.len()
            }
        ];
        for op in erased {
            is_erased[op.index()] = true;
        }
        // The ops whose uses count (not the root's, not erased ones).
        let counted = |v: ValueId| {
            use_lists.of(v).iter().filter_map(|u| {
                (u.user != Snapshot::ROOT
                    && !is_erased.get(u.user.index()).copied().unwrap_or(false))
                .then_some(u.user)
            })
        };

        // Values whose own range does not compose into their roots'.
        let mut slow = vec![false; n];
        let mut good = vec![false; n];
        for i in 0..n {
            if !has_owned[i] {
                continue;
            }
            let v = ValueId(i as u32);
            if is_good(snapshot, dominance, ownership, v, &counted) {
                good[i] = true;
            } else {
                for r in ownership.roots_iter(v) {
                    if ownership.is_owned_root(r) {
                        slow[r.index()] = true;
                    }
                }
            }
        }
        for r in slow_roots {
            slow[r.index()] = true;
        }
        // A root with no home has no liveness (left to the plan as before).
        for i in 0..n {
            if ownership.kinds[i] == Kind::OwnedRoot
                && snapshot.defining_block(ValueId(i as u32)).is_none()
            {
                slow[i] = true;
            }
        }

        // Which values may name a slow root: forward from the slow roots
        // along the edges ownership derives root sets from.
        let mut targets: Vec<(u32, ValueId)> = Vec::new();
        let mut may_name_slow = vec![false; n];
        for i in 0..n {
            let v = ValueId(i as u32);
            if !matches!(ownership.kinds[i], Kind::Alias(_)) {
                continue;
            }
            if !ownership.incoming[i].is_empty() {
                for e in &ownership.incoming[i] {
                    targets.push((e.value.0, v));
                }
            } else if let ValueDef::OpResult { op, .. } = snapshot.value(v).def {
                let info = snapshot.op(op);
                if !info.regions.is_empty() || op == Snapshot::ROOT {
                    may_name_slow[i] = true;
                }
                for &o in &info.operands {
                    if snapshot.value(o).kind.is_buffer() {
                        targets.push((o.0, v));
                    }
                }
            } else {
                may_name_slow[i] = true;
            }
        }
        let forward = Lists::from_pairs(n, &targets);
        let mut work: Vec<usize> = (0..n).filter(|&i| slow[i] || may_name_slow[i]).collect();
        for &i in &work {
            may_name_slow[i] = true;
        }
        while let Some(i) = work.pop() {
            for &t in forward.get(i) {
                if !may_name_slow[t.index()] {
                    may_name_slow[t.index()] = true;
                    work.push(t.index());
                }
            }
        }

        // Each good value's own range.
        let nb = snapshot.blocks.len();
        let mut marks = vec![false; nb];
        // `own[own_starts[v]..own_starts[v + 1]]`, ascending.
        let mut own: Vec<BlockId> = Vec::new();
        let mut own_starts: Vec<u32> = Vec::with_capacity(n + 1);
        let mut live_pairs: Vec<(u32, ValueId)> = Vec::new();
        let mut found: Vec<BlockId> = Vec::new();
        // A good value and its defining block.
        let good_at = |i: usize| {
            let v = ValueId(i as u32);
            good[i].then(|| {
                (
                    v,
                    snapshot
                        .defining_block(v)
                        .expect("good values have a block"),
                )
            })
        };
        for i in 0..n {
            own_starts.push(own.len() as u32);
            let Some((v, def)) = good_at(i) else {
                continue;
            };
            found.clear();
            let mut used_in_def = false;
            for user in counted(v) {
                let Some(b) = snapshot.op(user).parent_block else {
                    continue;
                };
                if b == def {
                    used_in_def = true;
                } else if !marks[b.index()] && dominance.is_reachable(b) {
                    marks[b.index()] = true;
                    found.push(b);
                }
            }
            let mut next = 0;
            while next < found.len() {
                let b = found[next];
                next += 1;
                for p in dominance.cfg().predecessors(b) {
                    if marks[p.index()]
                        || p == def
                        || !dominance.is_reachable(p)
                        || region_of(p) != region_of(def)
                        || !dominance.block_dominates(def, p)
                    {
                        continue;
                    }
                    marks[p.index()] = true;
                    found.push(p);
                }
            }
            let live_out = || dominance.cfg().successors(def).any(|s| marks[s.index()]);
            if dominance.is_reachable(def) && (used_in_def || live_out()) {
                found.push(def);
            }
            for b in &found {
                marks[b.index()] = false;
            }
            found.sort_unstable();
            for &b in &found {
                live_pairs.push((b.0, v));
            }
            own.extend_from_slice(&found);
        }
        own_starts.push(own.len() as u32);
        let own = Lists {
            starts: own_starts,
            items: own,
        };
        let live_at = Lists::from_pairs(nb, &live_pairs);

        // Deaths without a carrier, handed to the dying value's fast roots.
        let mut candidate_pairs: Vec<(u32, BlockId)> = Vec::new();
        let mut deaths: Vec<BlockId> = Vec::new();
        for i in 0..n {
            let Some((v, def)) = good_at(i).filter(|_| !own.get(i).is_empty()) else {
                continue;
            };
            deaths.clear();
            for &b in own.get(i) {
                let t = snapshot.terminator(b);
                let successors = t.map_or(&[][..], |t| &snapshot.op(t).facts.successors[..]);
                // Back to its own block: a root defined there is not needed
                // on entry to it.
                let dies = successors.is_empty()
                    || successors.iter().any(|s| {
                        (s.block == def || own.get(i).binary_search(&s.block).is_err())
                            && !successors.iter().any(|c| {
                                c.block == s.block && carried(snapshot, ownership, &own, v, c)
                            })
                    });
                if dies {
                    deaths.push(b);
                }
            }
            if deaths.is_empty() {
                continue;
            }
            for r in ownership.roots_iter(v) {
                if ownership.is_owned_root(r) && !slow[r.index()] {
                    candidate_pairs.extend(deaths.iter().map(|&b| (r.0, b)));
                }
            }
        }
        for i in 0..n {
            if ownership.kinds[i] == Kind::OwnedRoot && !slow[i] {
                let def = snapshot
                    .defining_block(ValueId(i as u32))
                    .expect("fast roots have a block");
                candidate_pairs.push((i as u32, def));
            }
        }
        candidate_pairs.sort_unstable();
        candidate_pairs.dedup();
        let candidates = Lists::from_pairs(n, &candidate_pairs);
        RootLiveness {
            snapshot,
            ownership,
            erased: erased.clone(),
            has_owned,
            slow,
            may_name_slow,
            live_at,
            candidates,
            last_uses: RefCell::new(HashMap::new()),
        }
    }

    /// Whether `value` names an owned root.
    pub fn has_owned(&self, value: ValueId) -> bool {
        self.has_owned[value.index()]
    }

    /// Whether owned root `root` is fast (its liveness is answered here).
    pub fn is_fast(&self, root: ValueId) -> bool {
        !self.slow[root.index()]
    }

    /// Whether `value` may name a slow root (false: every owned root it
    /// names is fast).
    pub fn may_name_slow(&self, value: ValueId) -> bool {
        self.may_name_slow[value.index()]
    }

    /// Whether fast root `root` (defined in `def`) is needed on entry to
    /// `block`.
    pub fn needed_in(&self, root: ValueId, def: BlockId, block: BlockId) -> bool {
        block != def
            && self
                .live_at
                .get(block.index())
                .iter()
                .any(|&v| self.ownership.names(v, root))
    }

    /// The blocks where fast root `root` may die, its defining block
    /// included, ascending: every block of its needed set with a successor
    /// that does not need it, or with none, is among them.
    pub fn candidates(&self, root: ValueId) -> &[BlockId] {
        self.candidates.get(root.index())
    }

    /// The last op of `block` that uses fast root `root` (through any
    /// alias), if any.
    pub fn last_use(&self, root: ValueId, block: BlockId) -> Option<OpId> {
        let (snapshot, ownership, erased) = (self.snapshot, self.ownership, &self.erased);
        let mut cache = self.last_uses.borrow_mut();
        let last = cache.entry(block).or_insert_with(|| {
            let mut last: Vec<(ValueId, OpId)> = Vec::new();
            for &op in &snapshot.block(block).ops {
                if erased.contains(&op) {
                    continue;
                }
                for &operand in &snapshot.op(op).operands {
                    if !self.has_owned[operand.index()] {
                        continue;
                    }
                    for r in ownership.roots_iter(operand) {
                        if ownership.is_owned_root(r) && !self.slow[r.index()] {
                            last.push((r, op));
                        }
                    }
                }
            }
            // Ops ascend within the block: the stable sort keeps each
            // root's uses in order, and the last one wins.
            last.sort_by_key(|&(r, _)| r);
            let mut out: Vec<(ValueId, OpId)> = Vec::with_capacity(last.len());
            for (r, op) in last {
                match out.last_mut() {
                    Some(prev) if prev.0 == r => prev.1 = op,
                    _ => out.push((r, op)),
                }
            }
            out
        });
        last.binary_search_by_key(&root, |&(r, _)| r)
            .ok()
            .map(|i| last[i].1)
    }
}

/// Whether `v` (naming an owned root) composes: its counted uses are ops
/// directly in its region, in blocks its definition dominates, none taking
/// its address; an op result's roots come from operands of its op (no
/// regions) defined in its region; a merge's edges are branches in its region
/// from one block, or each brings all of its roots.
fn is_good<I: Iterator<Item = OpId>>(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    ownership: &Ownership,
    v: ValueId,
    counted: &impl Fn(ValueId) -> I,
) -> bool {
    let Some(def) = snapshot.defining_block(v) else {
        return false;
    };
    if !dominance.is_reachable(def) || !dominance.has_ssa_dominance(def) {
        return false;
    }
    let region = snapshot.block(def).region;
    let same_region = |x: ValueId| {
        snapshot
            .defining_block(x)
            .is_some_and(|b| snapshot.block(b).region == region)
    };
    for user in counted(v) {
        let Some(b) = snapshot.op(user).parent_block else {
            return false;
        };
        if snapshot.block(b).region != region
            || exposes_address(snapshot, user)
            || (dominance.is_reachable(b) && !dominance.block_dominates(def, b))
        {
            return false;
        }
    }
    if !matches!(ownership.kinds[v.index()], Kind::Alias(_)) {
        return true;
    }
    let incoming = &ownership.incoming[v.index()];
    if incoming.is_empty() {
        let ValueDef::OpResult { op, .. } = snapshot.value(v).def else {
            return false;
        };
        let info = snapshot.op(op);
        return op != Snapshot::ROOT
            && info.regions.is_empty()
            && info
                .operands
                .iter()
                .all(|&o| !snapshot.value(o).kind.is_buffer() || same_region(o));
    }
    if !matches!(snapshot.value(v).def, ValueDef::BlockArg { .. }) {
        return false;
    }
    let mut from: Option<BlockId> = None;
    let mut one_block = true;
    for e in incoming {
        let f = snapshot.op(e.forwarder);
        let Some(b) = f.parent_block else {
            return false;
        };
        if f.facts.successors.is_empty()
            || !f.facts.terminator_edges.is_empty()
            || f.facts.region_branch.is_some()
            || snapshot.block(b).region != region
            || !same_region(e.value)
        {
            return false;
        }
        one_block &= from.is_none_or(|x| x == b);
        from = Some(b);
    }
    one_block || {
        let all = ownership.roots_len(v);
        incoming
            .iter()
            .all(|e| e.value == v || ownership.roots_len(e.value) == all)
    }
}

/// Whether `v`, dying on the edge to `successor`, is forwarded there into a
/// non-critical merge live on entry (which names every root `v` names).
fn carried(
    snapshot: &Snapshot,
    ownership: &Ownership,
    own: &Lists<BlockId>,
    v: ValueId,
    successor: &crate::analysis::snapshot::Successor,
) -> bool {
    if !successor.mapping_known {
        return false;
    }
    let args = &snapshot.block(successor.block).args;
    let produced = successor.produced as usize;
    successor.forwarded.iter().enumerate().any(|(i, &f)| {
        f == v
            && args.get(produced + i).is_some_and(|&a| {
                matches!(ownership.kinds[a.index()], Kind::Alias(_))
                    && !ownership.critical[a.index()]
                    && own.get(a.index()).binary_search(&successor.block).is_ok()
            })
    })
}
