//! How each edge into a critical merge (and each function return) hands its
//! buffer over: the operand occurrences that feed merges ([`Feed`]), whether
//! one can move its owned root instead of a clone ([`can_move`]), what a
//! borrowing merge keeps alive ([`lenders_of`]) and whether each merge owns
//! its buffer on every path, none or some ([`owns_of`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::analysis::{
    dominance::DominanceInfo,
    ownership::Ownership,
    snapshot::{OpId, Snapshot, ValueId},
};

use super::liveness::{Liveness, RootNeeded};
use super::places::{Places, Use, home};
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
) -> HashMap<ValueId, Owns> {
    let seeded =
        || -> HashMap<ValueId, Owns> { flagged.iter().map(|&r| (r, Owns::Dynamic)).collect() };
    let mut owns: HashMap<ValueId, Owns> = seeded();
    loop {
        let mut next: HashMap<ValueId, Owns> = seeded();
        for (feed, handover) in feeds.iter().zip(handovers) {
            for &m in &feed.receivers {
                let incoming = match handover {
                    Handover::Clone => Some(Owns::Always),
                    Handover::Borrow => Some(Owns::Never),
                    Handover::Move(root) if *root == m => None,
                    Handover::Move(root)
                        if ownership.critical[root.index()] || flagged.contains(root) =>
                    {
                        owns.get(root).copied()
                    }
                    Handover::Move(_) => Some(Owns::Always),
                };
                let Some(incoming) = incoming else { continue };
                next.entry(m)
                    .and_modify(|o| {
                        if *o != incoming {
                            *o = Owns::Dynamic;
                        }
                    })
                    .or_insert(incoming);
            }
        }
        if next == owns {
            break;
        }
        owns = next;
    }
    for (index, critical) in ownership.critical.iter().enumerate() {
        if *critical {
            owns.entry(ValueId(index as u32)).or_insert(Owns::Always);
        }
    }
    owns
}

/// Operand occurrences that feed critical merges, and function returns.
pub(super) fn feeds(snapshot: &Snapshot, ownership: &Ownership) -> Vec<Feed> {
    let mut receivers: BTreeMap<(OpId, (u32, u32)), Vec<ValueId>> = BTreeMap::new();
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
    let mut seen: BTreeSet<(OpId, (u32, u32))> = BTreeSet::new();
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
/// after the edge.
pub(super) fn can_move(
    snapshot: &Snapshot,
    places: &Places,
    ownership: &Ownership,
    uses: &[Vec<Use>],
    liveness: &Liveness<'_, '_>,
    feed: &Feed,
) -> Option<ValueId> {
    let root = ownership.exact_owned_root(feed.value)?;
    let (region, _) = home(snapshot, root)?;
    let forwarder = snapshot.op(feed.forwarder);
    let block = forwarder.parent_block?;
    if snapshot.block(block).region != region {
        return None; // an outer buffer passed on from an inner region
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
    let root_uses = &uses[root.index()][..];
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
