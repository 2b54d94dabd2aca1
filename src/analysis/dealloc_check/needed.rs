//! What a path still needs at a point (live values, what the enclosing
//! blocks need after a region-branch op, and what those are computed from),
//! and the pruning of a state to it on block entry: facts of dead values
//! dropped, instances nothing names any more dropped (a live one leaks),
//! the rest numbered canonically so equal facts make equal states.

use super::{
    checker::Checker,
    findings::FindingKind,
    prepare::described,
    state::{Cell, Instance, Names, Path, Point, State, Status, ValueSet, cell_names},
};
use crate::analysis::{
    liveness::SharedLiveness,
    snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId},
};

/// Up to this many sites in a state's `current`, [`Checker::canonicalize`]
/// tests each one instead of diffing the needed sets.
const FEW_SITES: usize = 32;

/// Up to this many values in a live set, [`Checker::looked_through`] filters
/// it instead of reading the liveness of the values looked through.
const FEW_LIVE: usize = 64;

/// Up to this many elements in the smaller set, [`union_into`] looks each one
/// up in the larger instead of diffing the two.
const FEW_VALUES: usize = 32;

impl Checker<'_> {
    /// [`Checker::needed`] at `point` inside its block: the values used by
    /// the ops from `point` on (or nested in them), live out of the block,
    /// or needed after the block's region-branch parent, and what they are
    /// computed from.
    pub(super) fn needed_at(&mut self, point: Point) -> ValueSet {
        if let Some(n) = self.needed_at.get(&point) {
            return n.clone();
        }
        let block = point.block;
        let mut set = self.liveness.live_out(block).clone();
        let mut looked = self.looked_through(block, false);
        let used: Vec<ValueId> = self
            .last_uses(block)
            .iter()
            .filter(|&&(_, last)| last >= point.index)
            .map(|&(v, _)| v)
            .collect();
        self.add_needed(&mut set, &mut looked, &used);
        self.outer_needed(block, &mut set);
        self.close(&mut set, looked);
        self.needed_at.insert(point, set.clone());
        set
    }

    /// The values live into `block` (`entry`) or out of it that
    /// [`Checker::close`] looks through: filtered from the live set when it
    /// is small, else read from the liveness of those values alone (built
    /// then).
    pub(super) fn looked_through(&self, block: BlockId, entry: bool) -> Vec<ValueId> {
        let of = |liveness: &'_ SharedLiveness| {
            if entry {
                liveness.live_in(block).clone()
            } else {
                liveness.live_out(block).clone()
            }
        };
        let live = of(&self.liveness);
        if live.len() <= FEW_LIVE {
            return live
                .iter()
                .copied()
                .filter(|v| self.through[v.index()])
                .collect();
        }
        let through = self.liveness_through.get_or_init(|| {
            SharedLiveness::with_free_values(self.snap, &self.free, |v| self.through[v.index()])
        });
        of(through).iter().copied().collect()
    }

    /// The operands of the op defining `v` (none for a block argument).
    pub(super) fn operands_of(&self, v: ValueId) -> &[ValueId] {
        match self.snap.value(v).def {
            ValueDef::OpResult { op, .. } => &self.snap.op(op).operands,
            ValueDef::BlockArg { .. } => &[],
        }
    }

    /// The values whose facts a path may still need on entry to `block`: its
    /// arguments, the values live into it, for a block of a region-branch
    /// op's region whatever the op's enclosing blocks still need after it,
    /// and, through their defining ops, everything they are computed from (a
    /// view's source, a condition's operands), since what a value names is
    /// looked up through them.
    ///
    /// A persistent set built from the block's shared live-in set: the
    /// needed sets of neighbouring blocks share most of their structure, so
    /// keeping one per block costs what differs between them, and the
    /// values that stop being needed from one to the next are found without
    /// walking either (see [`Checker::canonicalize`]).
    pub(super) fn needed(&mut self, block: BlockId) -> ValueSet {
        if let Some(n) = self.needed.get(&block) {
            return n.clone();
        }
        let snap = self.snap;
        let mut set = self.liveness.live_in(block).clone();
        let mut looked = self.looked_through(block, true);
        self.add_needed(&mut set, &mut looked, &snap.block(block).args);
        self.outer_needed(block, &mut set);
        self.close(&mut set, looked);
        self.needed.insert(block, set.clone());
        set
    }

    /// Adds `values` to `set`, and those [`Checker::close`] looks through
    /// to `looked`.
    pub(super) fn add_needed(
        &self,
        set: &mut ValueSet,
        looked: &mut Vec<ValueId>,
        values: &[ValueId],
    ) {
        for &v in values {
            if self.through[v.index()] {
                looked.push(v);
            }
            if !set.contains(&v) {
                set.insert(v);
            }
        }
    }

    /// Adds what the enclosing blocks of `block`'s region-branch parents
    /// still need after them (their live-out sets and the values used after
    /// the parent op).
    pub(super) fn outer_needed(&mut self, block: BlockId, set: &mut ValueSet) {
        let parent = self.snap.parent_op_of_block(block);
        if let Some(after) = self.after_op(parent) {
            union_into(set, &after);
        }
    }

    /// For a region-branch op: what its enclosing blocks still need after
    /// it (the live-out set of its block, the values used after it there,
    /// and the same for its own region-branch parent), closed under what
    /// [`Checker::close`] looks through (a union of closed sets is closed,
    /// so users add it as it is). Kept per op, so that nested region-branch
    /// ops share their parents' sets instead of each walking every
    /// enclosing block (cubic in the nesting depth).
    pub(super) fn after_op(&mut self, op: OpId) -> Option<ValueSet> {
        let snap = self.snap;
        if op == Snapshot::ROOT || !described(snap, op) {
            return None;
        }
        if let Some(known) = self.after_op.get(&op) {
            return Some(known.clone());
        }
        let outer = snap.op(op).parent_block?;
        let mut set = self.closed_live_out(outer);
        let mut looked = Vec::new();
        let position = snap.op(op).position;
        // The op's own results have no value while a path is in its
        // regions.
        let results = &snap.op(op).results;
        let used: Vec<ValueId> = self
            .last_uses(outer)
            .iter()
            .filter(|&&(v, last)| last > position && !results.contains(&v))
            .map(|&(v, _)| v)
            .collect();
        self.add_needed(&mut set, &mut looked, &used);
        self.close(&mut set, looked);
        let grandparent = snap.parent_op_of_block(outer);
        if let Some(after) = self.after_op(grandparent) {
            union_into(&mut set, &after);
        }
        self.after_op.insert(op, set.clone());
        Some(set)
    }

    /// The live-out set of `block`, closed ([`Checker::close`]): kept per
    /// block, shared by the region-branch ops in it ([`Checker::after_op`]).
    pub(super) fn closed_live_out(&mut self, block: BlockId) -> ValueSet {
        if let Some(known) = self.closed_out.get(&block) {
            return known.clone();
        }
        let mut set = self.liveness.live_out(block).clone();
        let looked = self.looked_through(block, false);
        self.close(&mut set, looked);
        self.closed_out.insert(block, set.clone());
        set
    }

    /// A mark no value carries yet in `marks` (the scratch of
    /// [`Checker::close`] and [`Checker::last_uses`]).
    fn fresh_mark(&mut self) -> u32 {
        self.mark += 1;
        self.mark
    }

    /// Closes `set` under what `names` and `cond` look through: from the
    /// values of `looked` (every value of `set` whose defining op they look
    /// through), the operands of their defining ops (and a comparison's
    /// siblings, which decide it too), transitively. Values whose defining
    /// op is not looked through (sites, block arguments, most values) add
    /// nothing, so only `looked` needs a walk.
    pub(super) fn close(&mut self, set: &mut ValueSet, mut work: Vec<ValueId>) {
        let snap = self.snap;
        let mark = self.fresh_mark();
        while let Some(v) = work.pop() {
            if self.marks[v.index()] == mark {
                continue;
            }
            self.marks[v.index()] = mark;
            if !set.contains(&v) {
                set.insert(v);
            }
            if !self.through[v.index()] {
                continue;
            }
            let ValueDef::OpResult { op, .. } = snap.value(v).def else {
                continue;
            };
            work.extend(snap.op(op).operands.iter().copied());
            // A comparison is decided by facts on its siblings too.
            if let Some(siblings) = self.cmpi_siblings.get(&v) {
                work.extend(siblings.iter().copied());
            }
        }
    }

    /// For every value used in `block` (by its ops or ops nested in them)
    /// that a path may hold a fact of ([`Checker::facts`]): the position of
    /// the last op of the block that uses it.
    ///
    /// Values defined inside an op's regions are used there only, so each
    /// op contributes its free values ([`crate::analysis::liveness::free_values`]): no walk of the ops
    /// nested in it.
    pub(super) fn last_uses(&mut self, block: BlockId) -> &[(ValueId, u32)] {
        if !self.last_uses.contains_key(&block) {
            let snap = self.snap;
            // From the last op back: a value's first sight is its last use.
            let mark = self.fresh_mark();
            let mut last: Vec<(ValueId, u32)> = Vec::new();
            for &top in snap.block(block).ops.iter().rev() {
                let position = snap.op(top).position;
                for &v in &self.free[top.index()] {
                    if self.facts[v.index()] && self.marks[v.index()] != mark {
                        self.marks[v.index()] = mark;
                        last.push((v, position));
                    }
                }
            }
            self.last_uses.insert(block, last);
        }
        &self.last_uses[&block]
    }

    /// Drops the instances nothing can name any more on entry to a block (not
    /// named by a live allocation result, not bound to a live value) — a live
    /// one among them is a leak, found here — and numbers the rest in a
    /// canonical order, so that equal path facts make equal states.
    pub(super) fn canonicalize(
        &mut self,
        state: &mut State,
        point: Point,
        path: &Path,
        needed: &ValueSet,
    ) {
        // A site's latest instance stays named by the allocation's result only
        // while that result may still be used.
        // (Removed one by one: a map rebuilt when nothing goes would share
        // nothing with the states it was cloned from.)
        // Every site of `current` was needed where the state was last
        // canonicalized (at `since`) or has been set since (`fresh`): the
        // ones that go are among the results needed there and not here,
        // and the fresh ones. With few sites in `current`, testing each
        // costs less than the diff, which walks all of both sets where they
        // share no structure (a region's blocks against the block holding
        // the region's op); both find the same sites.
        let gone: Vec<u32> = match &state.since {
            Some(since) if state.current.len() > FEW_SITES => {
                let mut gone: Vec<u32> = since
                    .diff(needed)
                    .filter_map(|item| match item {
                        imbl::ordset::DiffItem::Remove(v) => self.site_of_value.get(v).copied(),
                        imbl::ordset::DiffItem::Add(_) => None,
                    })
                    .filter(|s| state.current.contains_key(s))
                    .collect();
                gone.extend(state.current.fresh.iter().copied().filter(|s| {
                    state.current.contains_key(s) && !needed.contains(&self.sites[*s as usize])
                }));
                gone.sort_unstable();
                gone.dedup();
                gone
            }
            _ => state
                .current
                .keys()
                .filter(|&&s| !needed.contains(&self.sites[s as usize]))
                .copied()
                .collect(),
        };
        for s in gone {
            state.current.remove(&s);
        }
        if !state.mem.is_empty() {
            let current = &state.current;
            state.mem.retain(|(s, _), _| current.contains_key(s));
        }
        state.current.fresh.clear();
        state.since = Some(needed.clone());
        // Already canonical without a walk over every instance: the latest
        // instances are 0..c in site order, every other instance is named
        // by a binding or an address, first named in order c, c+1, ...
        if state.current.identity {
            let c = state.current.len() as u32;
            let mut next = c;
            let mut in_order = true;
            for n in state
                .bind
                .values()
                .chain(state.addr.values())
                .chain(cell_names(&state.mem))
            {
                if let Names::Site(i) = *n {
                    if i == next {
                        next += 1;
                    } else if i > next {
                        in_order = false;
                        break;
                    }
                }
            }
            if in_order && next as usize == state.inst.len() {
                return;
            }
        }
        let count = state.inst.len();
        let mut order: Vec<u32> = Vec::with_capacity(count);
        let mut new_index = vec![u32::MAX; count];
        let mut take = |i: u32, order: &mut Vec<u32>| {
            if new_index[i as usize] == u32::MAX {
                new_index[i as usize] = order.len() as u32;
                order.push(i);
            }
        };
        for i in state.current.values() {
            take(*i, &mut order);
        }
        for n in state
            .bind
            .values()
            .chain(state.addr.values())
            .chain(cell_names(&state.mem))
        {
            if let Names::Site(i) = n {
                take(*i, &mut order);
            }
        }
        let lost: Vec<Instance> = state
            .inst
            .iter()
            .zip(&new_index)
            .filter(|(inst, n)| **n == u32::MAX && inst.status == Status::Live)
            .map(|(inst, _)| *inst)
            .collect();
        let at = self.op_at(point);
        for inst in lost {
            self.report(FindingKind::Lost, Some(inst.site), at, None, path);
        }
        // Already canonical (nothing dropped, nothing reordered): left as it
        // is, shared with the states it came from.
        if order.len() == count && order.iter().enumerate().all(|(k, &i)| k as u32 == i) {
            state.current.identity = true;
            return;
        }
        let renumber = |n: &mut Names| {
            if let Names::Site(i) = n {
                *i = new_index[*i as usize];
            }
        };
        state.inst = order.iter().map(|&i| state.inst[i as usize]).collect();
        state.current = state
            .current
            .iter()
            .map(|(&s, &c)| (s, new_index[c as usize]))
            .collect();
        state.bind.values_mut().for_each(renumber);
        state.addr.values_mut().for_each(renumber);
        for cell in state.mem.values_mut() {
            if let Cell::Addr(n) = cell {
                renumber(n);
            }
        }
    }
}

/// Adds the elements of `other` to `set`, found by a walk of what differs
/// between them (shared subtrees are skipped).
pub(super) fn union_into(set: &mut ValueSet, other: &ValueSet) {
    if other.len() > set.len() {
        let mut bigger = other.clone();
        union_into(&mut bigger, set);
        *set = bigger;
        return;
    }
    // Few elements to add: each looked up in `set` (the diff would walk all
    // of `set` where the two share no structure, e.g. a region block's few
    // live values against what is needed after the region's op).
    if other.len() <= FEW_VALUES {
        for v in other.iter() {
            if !set.contains(v) {
                set.insert(*v);
            }
        }
        return;
    }
    let adds: Vec<ValueId> = set
        .diff(other)
        .filter_map(|item| match item {
            imbl::ordset::DiffItem::Add(v) => Some(*v),
            imbl::ordset::DiffItem::Remove(_) => None,
        })
        .collect();
    for v in adds {
        set.insert(v);
    }
}
