//! How each edge into a critical merge (and each function return) hands its
//! buffer over: the operand occurrences that feed merges ([`Feed`]), whether
//! one can move its owned root instead of a clone ([`can_move`]), what a
//! borrowing merge keeps alive ([`lenders_of`]) and whether each merge owns
//! its buffer on every path, none or some ([`owns_of`]).

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap as HashMap;

use crate::analysis::{
    dominance::DominanceInfo,
    ownership::Ownership,
    snapshot::{OpId, RegionId, RegionTarget, Snapshot, ValueId},
};

use super::liveness::{Liveness, RootNeeded};
use super::places::{Places, RootUses, home};
use super::types::{Borrowed, FeedEdge, Handover, Owns};

/// An operand occurrence feeding critical merges (or a function return).
#[derive(Clone, Debug)]
pub(super) struct Feed {
    pub(super) forwarder: OpId,
    /// Position among the operands forwarded along `edge` (for `Entry` and
    /// `Return`: the operand index).
    pub(super) position: u32,
    pub(super) value: ValueId,
    pub(super) edge: FeedEdge,
    /// The critical merges this operand occurrence feeds (empty for returns).
    pub(super) receivers: Vec<ValueId>,
}

/// The owned roots `value` may name, and what those borrow: the buffers
/// that must stay alive while a merge borrowing `value` is used.
pub(super) fn lenders_of(
    ownership: &Ownership,
    borrowed: &Borrowed,
    value: ValueId,
) -> BTreeSet<ValueId> {
    let mut out = BTreeSet::new();
    for root in ownership.roots_iter(value) {
        if ownership.is_owned_root(root) {
            out.insert(root);
            if let Some(lenders) = borrowed.get(&root) {
                out.extend(lenders.iter().copied());
            }
        }
    }
    out
}

/// Whether a returned `value` can be handed to a caller that takes an
/// ownership flag as not owned (flag `false`, no clone): every buffer it may
/// name is one the function does not own (an argument, a global) or a merge
/// that owns on no path and borrows nothing the function owns. (A merge or
/// flagged call result that owns on some paths is moved with its flag.)
pub(super) fn returnable_unowned(
    ownership: &Ownership,
    borrowed: &Borrowed,
    owns: &HashMap<ValueId, Owns>,
    value: ValueId,
) -> bool {
    ownership.roots(value).into_iter().all(|root| {
        !ownership.is_owned_root(root)
            || (owns.get(&root) == Some(&Owns::Never)
                && borrowed.get(&root).is_none_or(BTreeSet::is_empty))
    })
}

/// Whether root `root` properly dominates merge `merge`'s definition.
pub(super) fn dominates(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    root: ValueId,
    merge: ValueId,
) -> bool {
    root != merge && crate::analysis::ownership::dominates_merge(snapshot, dominance, root, merge)
}

/// Whether each critical merge owns its buffer, from the handovers into it
/// (optimistic fix-point: a merge passing itself around a loop adds nothing).
pub(super) fn owns_of(
    ownership: &Ownership,
    feeds: &[Feed],
    handovers: &[Handover],
    flagged: &BTreeSet<ValueId>,
    critical: &[ValueId],
) -> HashMap<ValueId, Owns> {
    // Indexed by value while the fix-point runs (a map per round, compared
    // and rebuilt, cost more than the rounds' own work); each round resets
    // and compares only the merges it may set.
    let mut keys: Vec<usize> = flagged.iter().map(|r| r.index()).collect();
    keys.extend(
        feeds
            .iter()
            .flat_map(|f| f.receivers.iter().map(|m| m.index())),
    );
    keys.sort_unstable();
    keys.dedup();
    let seed = |k: usize| {
        flagged
            .contains(&ValueId(k as u32))
            .then_some(Owns::Dynamic)
    };
    let mut owns: Vec<Option<Owns>> = vec![None; ownership.kinds.len()];
    for &k in &keys {
        owns[k] = seed(k);
    }
    let mut next = owns.clone();
    loop {
        for (feed, handover) in feeds.iter().zip(handovers) {
            for &m in &feed.receivers {
                let incoming = match handover {
                    Handover::Clone => Some(Owns::Always),
                    Handover::Borrow => Some(Owns::Never),
                    Handover::Move(root) if *root == m => None,
                    Handover::Move(root)
                        if ownership.critical[root.index()] || flagged.contains(root) =>
                    {
                        owns[root.index()]
                    }
                    Handover::Move(_) => Some(Owns::Always),
                };
                let Some(incoming) = incoming else { continue };
                let slot = &mut next[m.index()];
                match slot {
                    None => *slot = Some(incoming),
                    Some(o) if *o != incoming => *o = Owns::Dynamic,
                    Some(_) => {}
                }
            }
        }
        if keys.iter().all(|&k| next[k] == owns[k]) {
            break;
        }
        for &k in &keys {
            owns[k] = next[k];
            next[k] = seed(k);
        }
    }
    let mut out: HashMap<ValueId, Owns> =
        HashMap::with_capacity_and_hasher(keys.len() + critical.len(), Default::default());
    for &k in &keys {
        if let Some(o) = owns[k] {
            out.insert(ValueId(k as u32), o);
        }
    }
    for &m in critical {
        out.entry(m).or_insert(Owns::Always);
    }
    out
}

/// Operand occurrences that feed critical merges, and function returns.
pub(super) fn feeds(snapshot: &Snapshot, ownership: &Ownership) -> Vec<Feed> {
    // Looked up by occurrence only (the feeds come in merge order).
    let mut receivers: HashMap<(OpId, (u32, u32)), Vec<ValueId>> = HashMap::default();
    for (index, critical) in ownership.critical.iter().enumerate() {
        if *critical {
            for incoming in &ownership.incoming[index] {
                receivers
                    .entry((incoming.forwarder, incoming.slot))
                    .or_default()
                    .push(ValueId(index as u32));
            }
        }
    }
    let mut seen: rustc_hash::FxHashSet<(OpId, (u32, u32))> = Default::default();
    let mut out = Vec::new();
    for (index, critical) in ownership.critical.iter().enumerate() {
        if !*critical {
            continue;
        }
        for incoming in &ownership.incoming[index] {
            if !seen.insert((incoming.forwarder, incoming.slot)) {
                continue;
            }
            let op = snapshot.op(incoming.forwarder);
            let edge = if op.facts.region_branch.is_some() && !op.facts.is_terminator {
                FeedEdge::Entry
            } else if !op.facts.terminator_edges.is_empty() {
                FeedEdge::RegionExit
            } else {
                FeedEdge::Branch(incoming.slot.0)
            };
            out.push(Feed {
                forwarder: incoming.forwarder,
                position: incoming.slot.1,
                value: incoming.value,
                edge,
                receivers: receivers[&(incoming.forwarder, incoming.slot)].clone(),
            });
        }
    }
    // Function returns: the caller owns what it gets.
    for &region in &snapshot.op(Snapshot::ROOT).regions {
        for &block in &snapshot.region(region).blocks {
            let Some(t) = snapshot.terminator(block) else {
                continue;
            };
            let facts = &snapshot.op(t).facts;
            if !facts.is_return_like || !facts.terminator_edges.is_empty() {
                continue;
            }
            for (i, &value) in snapshot.op(t).operands.iter().enumerate() {
                // A buffer ownership-based deallocation handles is handed to
                // the caller by it (retained), not by a clone.
                if snapshot.value(value).kind.is_buffer() && !ownership.is_handled(value) {
                    out.push(Feed {
                        forwarder: t,
                        position: i as u32,
                        value,
                        edge: FeedEdge::Return,
                        receivers: vec![],
                    });
                }
            }
        }
    }
    out
}

/// The owned root that `feed` may hand on instead of a clone, if any: the
/// forwarded value must name it exactly (the root or an exact alias), the
/// root must live in the forwarder's region, be forwarded once, and be dead
/// after the edge. With `nested`, a root of the enclosing region may also
/// leave a region of a region-branch op ([`nested_exit`]).
pub(super) fn can_move(
    snapshot: &Snapshot,
    places: &Places,
    ownership: &Ownership,
    uses: &RootUses<'_>,
    liveness: &Liveness<'_, '_>,
    feed: &Feed,
    nested: bool,
) -> Option<ValueId> {
    let root = ownership.exact_owned_root(feed.value)?;
    let (region, _) = home(snapshot, root)?;
    let forwarder = snapshot.op(feed.forwarder);
    let block = forwarder.parent_block?;
    if snapshot.block(block).region != region {
        // An outer buffer passed on from an inner region.
        return if nested {
            nested_exit(
                snapshot, places, ownership, uses, liveness, feed, root, region,
            )
        } else {
            None
        };
    }
    // Along one edge, the first exact occurrence of the root may take it;
    // later occurrences (and views of it) get clones, made before the edge.
    // A region-branch op must not otherwise use the root at all.
    let forwarded: &[ValueId] = match feed.edge {
        FeedEdge::Branch(k) => forwarder
            .facts
            .successors
            .get(k as usize)
            .map_or(&[][..], |s| &s.forwarded[..]),
        FeedEdge::RegionExit => forwarder
            .facts
            .terminator_edges
            .first()
            .map_or(&[][..], |e| &e.forwarded[..]),
        FeedEdge::Return | FeedEdge::Entry => &forwarder.operands[..],
    };
    let first = forwarded
        .iter()
        .position(|&v| ownership.exact_owned_root(v) == Some(root));
    if first != Some(feed.position as usize) {
        return None;
    }
    if feed.edge == FeedEdge::Entry
        && forwarder
            .operands
            .iter()
            .filter(|&&v| ownership.roots_iter(v).any(|r| r == root))
            .count()
            != 1
    {
        return None;
    }
    let needed = liveness.of(places, root)?;
    let root_uses = uses.of(root);
    let dead_after = match feed.edge {
        FeedEdge::Branch(k) => forwarder
            .facts
            .successors
            .get(k as usize)
            .is_some_and(|s| !needed.needed_in(s.block)),
        FeedEdge::RegionExit | FeedEdge::Return => true,
        FeedEdge::Entry => {
            let position = forwarder.position;
            let later_use = match needed {
                RootNeeded::Walked(_) => root_uses.iter().any(|u| {
                    snapshot.op(u.at()).parent_block == Some(block)
                        && (snapshot.op(u.at()).position > position
                            || (u.at() == feed.forwarder && u.nested()))
                }),
                // A fast root's uses are ops of its region, none nested.
                RootNeeded::Fast(fast, _, _) => fast
                    .last_use(root, block)
                    .is_some_and(|at| snapshot.op(at).position > position),
            };
            let successors = snapshot
                .terminator(block)
                .map_or(&[][..], |t| &snapshot.op(t).facts.successors[..]);
            !later_use && !successors.iter().any(|s| needed.needed_in(s.block))
        }
    };
    dead_after.then_some(root)
}

/// The region-branch op `exit` (a terminator of one of its regions, `feed`
/// exiting to its results) leaves, when `root` of the op's own region may
/// move out through it: every region of the op has one block whose
/// terminator goes only to the op's results (so one region runs per
/// execution of the op) and control enters a region on every path,
/// `exit` forwards the root once and no other
/// terminator of the op forwards anything of it (those regions free it
/// before their terminator, see [`nested_frees`]), and the root is dead
/// after the op in its block.
#[allow(clippy::too_many_arguments)]
fn nested_exit(
    snapshot: &Snapshot,
    places: &Places,
    ownership: &Ownership,
    uses: &RootUses<'_>,
    liveness: &Liveness<'_, '_>,
    feed: &Feed,
    root: ValueId,
    region: RegionId,
) -> Option<ValueId> {
    if feed.edge != FeedEdge::RegionExit {
        return None;
    }
    let exit = snapshot.op(feed.forwarder);
    let parent = snapshot.parent_op_of_block(exit.parent_block?);
    let op = snapshot.op(parent);
    let block = op.parent_block?;
    // Control enters a region on every path (the root is freed in one).
    let entered = op.facts.region_branch.as_ref().is_some_and(|info| {
        !info.entry_edges.is_empty()
            && info
                .entry_edges
                .iter()
                .all(|e| matches!(e.target, RegionTarget::Region(_)))
    });
    if snapshot.block(block).region != region || !entered {
        return None;
    }
    let names_root = |v: &ValueId| ownership.roots_iter(*v).any(|r| r == root);
    for &r in &op.regions {
        let blocks = &snapshot.region(r).blocks;
        if blocks.len() != 1 {
            return None;
        }
        let t = snapshot.terminator(blocks[0])?;
        let facts = &snapshot.op(t).facts;
        if facts.terminator_edges.is_empty()
            || facts
                .terminator_edges
                .iter()
                .any(|e| e.target != RegionTarget::Parent)
        {
            return None;
        }
        let count = snapshot
            .op(t)
            .operands
            .iter()
            .filter(|v| names_root(v))
            .count();
        if (t == feed.forwarder && count != 1) || (t != feed.forwarder && count != 0) {
            return None;
        }
    }
    if op.operands.iter().any(names_root) {
        return None;
    }
    let needed = liveness.of(places, root)?;
    let position = op.position;
    let later_use = match needed {
        RootNeeded::Walked(_) => uses.of(root).iter().any(|u| {
            snapshot.op(u.at()).parent_block == Some(block)
                && snapshot.op(u.at()).position > position
        }),
        RootNeeded::Fast(fast, _, _) => fast
            .last_use(root, block)
            .is_some_and(|at| snapshot.op(at).position > position),
    };
    let successors = snapshot
        .terminator(block)
        .map_or(&[][..], |t| &snapshot.op(t).facts.successors[..]);
    (!later_use && !successors.iter().any(|s| needed.needed_in(s.block))).then_some(root)
}

/// Where a root that moves out of a region-branch op ([`nested_exit`])
/// is freed instead of after the op: before the terminator of every other
/// region of the op. Returns the op and those terminators, or `None` when
/// `forwarder` is in the root's own region.
pub(super) fn nested_frees(
    snapshot: &Snapshot,
    ownership: &Ownership,
    root: ValueId,
    forwarder: OpId,
) -> Option<(OpId, Vec<OpId>)> {
    let (region, _) = home(snapshot, root)?;
    let block = snapshot.op(forwarder).parent_block?;
    if snapshot.block(block).region == region {
        return None;
    }
    let parent = snapshot.parent_op_of_block(block);
    let others = snapshot
        .op(parent)
        .regions
        .iter()
        .filter_map(|&r| snapshot.terminator(*snapshot.region(r).blocks.first()?))
        .filter(|&t| {
            !snapshot
                .op(t)
                .operands
                .iter()
                .any(|&v| ownership.roots_iter(v).any(|r| r == root))
        })
        .collect();
    Some((parent, others))
}

/// Borrows that only defer a clone: feeds that borrow (`handovers`) where a
/// feed forwarded from the same block clones a value that may name what the
/// borrow lends (a loop's result that borrows the buffer lent to its
/// iter_arg, cloned into a join the buffer does not dominate), and every
/// buffer lent dies in that block (`dies_in`: no successor needs it) and
/// no other feed of the block forwards it. Cloning at the borrow instead
/// lets the lent buffer die at its own last use in the block, not at the
/// later clone, and the later feed move what it forwards.
pub(super) fn deferred_clones(
    snapshot: &Snapshot,
    ownership: &Ownership,
    borrowed: &Borrowed,
    feeds: &[Feed],
    handovers: &[Handover],
    dies_in: &dyn Fn(ValueId, crate::analysis::snapshot::BlockId) -> bool,
) -> BTreeSet<usize> {
    let block_of = |feed: &Feed| snapshot.op(feed.forwarder).parent_block;
    let mut clones_by_block: BTreeMap<crate::analysis::snapshot::BlockId, BTreeSet<ValueId>> =
        BTreeMap::new();
    for (feed, handover) in feeds.iter().zip(handovers) {
        if *handover == Handover::Clone
            && let Some(block) = block_of(feed)
        {
            clones_by_block
                .entry(block)
                .or_default()
                .extend(lenders_of(ownership, borrowed, feed.value));
        }
    }
    let mut out = BTreeSet::new();
    for (i, (feed, handover)) in feeds.iter().zip(handovers).enumerate() {
        if *handover != Handover::Borrow {
            continue;
        }
        let Some(block) = block_of(feed) else {
            continue;
        };
        let Some(cloned) = clones_by_block.get(&block) else {
            continue;
        };
        let lent = lenders_of(ownership, borrowed, feed.value);
        let forwarded_elsewhere = |r: ValueId| {
            feeds.iter().enumerate().any(|(j, other)| {
                j != i
                    && block_of(other) == Some(block)
                    && ownership.roots_iter(other.value).any(|x| x == r)
            })
        };
        if lent.iter().any(|r| cloned.contains(r))
            && lent
                .iter()
                .all(|&r| dies_in(r, block) && !forwarded_elsewhere(r))
        {
            out.insert(i);
        }
    }
    out
}

/// Whether the handovers `after` copy no more often than `before` in every
/// block: per block, and per edge of a branch with several successors (a
/// clone there runs only on that edge), no more clones, a returned merge
/// whose ownership is dynamic counting as one (it is cloned when its flag
/// is false). Each pair is the handovers of `feeds` and the merges'
/// ownership they give.
pub(super) fn no_block_clones_more(
    snapshot: &Snapshot,
    feeds: &[Feed],
    before: (&[Handover], &HashMap<ValueId, Owns>),
    after: (&[Handover], &HashMap<ValueId, Owns>),
) -> bool {
    type Key = (Option<crate::analysis::snapshot::BlockId>, Option<u32>);
    let count = |(handovers, owns): (&[Handover], &HashMap<ValueId, Owns>)| {
        let mut out: BTreeMap<Key, usize> = BTreeMap::new();
        for (feed, handover) in feeds.iter().zip(handovers) {
            let copies = match handover {
                Handover::Clone => true,
                Handover::Move(root) => {
                    feed.edge == FeedEdge::Return && owns.get(root) == Some(&Owns::Dynamic)
                }
                Handover::Borrow => false,
            };
            if !copies {
                continue;
            }
            let op = snapshot.op(feed.forwarder);
            let edge = match feed.edge {
                FeedEdge::Branch(k) if op.facts.successors.len() > 1 => Some(k),
                _ => None,
            };
            *out.entry((op.parent_block, edge)).or_default() += 1;
        }
        out
    };
    let before = count(before);
    count(after)
        .into_iter()
        .all(|(key, n)| n <= before.get(&key).copied().unwrap_or(0))
}

/// Where a feed out of a region (`RegionExit`) could move its owned root
/// `root` but `root` borrows buffers that do not dominate the receivers:
/// those buffers, when each is an argument of the region's only block (a
/// loop body's iter_arg that an `scf.if` in the body yields on one branch)
/// and no other operand the terminator forwards may name or borrow one. The
/// move then hands `root` on as owned when its own flag says so or when it
/// is such an argument at run time and that argument is owned, and frees
/// the argument before the terminator only when it is owned and not the
/// buffer handed on ([`super::Plan::checked_moves`]): no copy, so every
/// write reaches the buffer the input writes.
pub(super) fn checked_lenders(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    ownership: &Ownership,
    borrowed: &Borrowed,
    feed: &Feed,
    root: ValueId,
) -> Option<Vec<ValueId>> {
    if feed.edge != FeedEdge::RegionExit {
        return None;
    }
    let terminator = snapshot.op(feed.forwarder);
    let block = terminator.parent_block?;
    if snapshot.region(snapshot.block(block).region).blocks.len() != 1 {
        return None;
    }
    let args = &snapshot.block(block).args;
    let failing: Vec<ValueId> = borrowed
        .get(&root)?
        .iter()
        .copied()
        .filter(|&r| {
            !feed
                .receivers
                .iter()
                .all(|&m| dominates(snapshot, dominance, r, m))
        })
        .collect();
    if failing.is_empty() || !failing.iter().all(|r| args.contains(r)) {
        return None;
    }
    let forwarded = &terminator.facts.terminator_edges.first()?.forwarded;
    for (k, &v) in forwarded.iter().enumerate() {
        if k as u32 == feed.position {
            continue;
        }
        let others = lenders_of(ownership, borrowed, v);
        if failing.iter().any(|r| others.contains(r)) {
            return None;
        }
    }
    Some(failing)
}
