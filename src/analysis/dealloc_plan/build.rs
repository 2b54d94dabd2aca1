//! The plan itself ([`plan`], [`plan_with`]): existing frees and the roots'
//! lifted uses first, then the handover of every feed to a fix-point
//! (ownership-based mode turns clones into borrows and revises moves that
//! borrowing makes unsound), then moves and clones, then frees, placed per
//! owned root where it dies on each path.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use crate::analysis::{
    dominance::DominanceInfo,
    ownership::{Ownership, Problem},
    root_liveness::RootLiveness,
    snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId},
    uses::UseLists,
};

use super::existing::existing_frees;
use super::frees::{free_in_block, reachable_edges_into};
use super::handover::{
    can_move, checked_lenders, deferred_clones, dominates, feeds, lenders_of, nested_frees,
    no_block_clones_more, owns_of, returnable_unowned,
};
use super::liveness::{Liveness, Needed, RootNeeded, needed_blocks};
use super::places::{Places, RootSlots, RootUses, Use};
use super::root_uses::{lifted_uses, ops_naming_owned};
use super::types::{
    Borrowed, CloneAt, DeallocError, Decision, FeedEdge, FreeAt, Handover, LivenessMode, Owns,
    Plan, PlanConfig, PlanError, WIDE_ROOT_SETS,
};

/// A decision kept while the plan decides again: its handovers and, once
/// its fix-point found it, the ownership they give.
type FirstTry = (Vec<Handover>, Option<FxHashMap<ValueId, Owns>>);

/// Whether the root sets of `ownership` are wide (see [`WIDE_ROOT_SETS`]).
fn wide_root_sets(ownership: &Ownership) -> bool {
    use crate::analysis::ownership::Kind;
    let (mut values, mut roots) = (0usize, 0usize);
    for kind in &ownership.kinds {
        match kind {
            Kind::NotBuffer => {}
            Kind::OwnedRoot | Kind::UnownedRoot => {
                values += 1;
                roots += 1;
            }
            Kind::Alias(set) => {
                values += 1;
                roots += set.len();
            }
        }
    }
    roots > WIDE_ROOT_SETS * values
}

/// Computes the clone-based plan, or the reasons the IR cannot be handled.
pub fn plan(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    ownership: &Ownership,
    refused: &[&str],
) -> Result<Plan, Vec<PlanError>> {
    plan_with(
        snapshot,
        dominance,
        ownership,
        &PlanConfig {
            refused,
            flaggable: None,
            flagged_calls: None,
            returns_flags: false,
            liveness: LivenessMode::Auto,
        },
    )
}

/// Computes the plan under `config`, or the reasons the IR cannot be handled.
///
/// Ownership-based mode starts from the clone-based decisions (move where the
/// incoming root dies at the edge) and turns each clone into a borrow when
/// every receiving merge can carry a flag and every owned buffer the value
/// may name properly dominates them. Borrowed roots then live through the
/// merges' uses, which may make earlier moves unsound (the root is now used
/// after the edge): those become borrows or clones, until nothing changes
/// (moves only disappear, so this ends). A region's yield whose root borrows
/// one of the region's own arguments moves with a run-time check
/// ([`Plan::checked_moves`]); a borrow that only defers a clone to an edge of
/// the same block is decided again as a clone ([`deferred_clones`]), kept
/// where no block then clones more often.
pub fn plan_with(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    ownership: &Ownership,
    config: &PlanConfig<'_>,
) -> Result<Plan, Vec<PlanError>> {
    let mut errors: Vec<PlanError> = ownership
        .problems
        .iter()
        .map(|p| match p {
            Problem::UnknownSuccessorOperands { op } => PlanError {
                op: *op,
                error: DeallocError::UnknownSuccessorOperands,
            },
            Problem::UnknownRegionExit { op, terminator } => PlanError {
                op: *terminator,
                error: DeallocError::UnknownRegionExit {
                    parent: snapshot.op(*op).name.to_string(),
                },
            },
        })
        .collect();

    let mut plan = Plan::default();
    let erased = existing_frees(snapshot, ownership, config.refused, &mut plan, &mut errors);
    let owned: Vec<ValueId> = ownership.owned_roots().collect();
    let mut borrowed = Borrowed::default();
    // A flagged call result not owned is one of the call's buffer operands
    // (the callee returned an argument, or something it borrows from one):
    // it borrows their owned roots.
    let flagged: BTreeSet<ValueId> = config
        .flagged_calls
        .map(|f| {
            f.keys()
                .copied()
                .filter(|&r| ownership.is_owned_root(r))
                .collect()
        })
        .unwrap_or_default();
    for &r in &flagged {
        let ValueDef::OpResult { op, .. } = snapshot.value(r).def else {
            continue;
        };
        let mut lenders = BTreeSet::new();
        for &operand in &snapshot.op(op).operands {
            if snapshot.value(operand).kind.is_buffer() {
                lenders.extend(lenders_of(ownership, &borrowed, operand));
            }
        }
        if !lenders.is_empty() {
            borrowed.insert(r, lenders);
        }
    }
    let places = Places::new(snapshot, &owned);
    // Use lists serve only addresses taken as plain values and the per-value
    // liveness: most functions need neither, so they are built on first use.
    let use_lists: OnceCell<UseLists> = OnceCell::new();
    // Roots whose liveness composes from their aliases' own ranges skip the
    // per-root uses and walk (linear on long chains). Borrowing is not
    // among those steps (a merge's uses keep what it borrows alive), so the
    // roots that borrow or lend are walked per root; they are rebuilt below
    // whenever what merges borrow grows.
    let per_value = match config.liveness {
        LivenessMode::Auto => wide_root_sets(ownership),
        LivenessMode::PerRoot => false,
        LivenessMode::PerValue => true,
    };
    let root_liveness = |borrowed: &Borrowed| {
        per_value.then(|| {
            let mut lending: BTreeSet<ValueId> = BTreeSet::new();
            for (&merge, lenders) in borrowed {
                lending.insert(merge);
                lending.extend(lenders.iter().copied());
            }
            let use_lists = use_lists.get_or_init(|| UseLists::new(snapshot));
            RootLiveness::new(snapshot, dominance, ownership, &erased, use_lists, &lending)
        })
    };
    // Every root's uses lifted to its region, for what merges borrow now.
    let (naming, names_owned) = ops_naming_owned(snapshot, ownership, &erased);
    let slots = RootSlots::new(snapshot.values.len(), &owned);
    let lift = |borrowed: &Borrowed,
                fast: Option<&RootLiveness<'_>>,
                errors: Option<&mut Vec<PlanError>>| {
        lifted_uses(
            &slots,
            snapshot,
            &places,
            dominance,
            ownership,
            borrowed,
            fast,
            &use_lists,
            (&naming, &names_owned),
            errors,
        )
    };
    let mut fast = root_liveness(&borrowed);
    let mut uses = lift(&borrowed, fast.as_ref(), Some(&mut errors));
    // The liveness and uses of what merges borrow at first, kept while the
    // fix-point below works on more (deciding again starts from them).
    let mut at_first = true;
    let mut first: Option<(Option<RootLiveness<'_>>, RootUses<'_>)> = None;
    let feeds = feeds(snapshot, ownership);
    // The critical merges, listed once (the ownership of each is asked per
    // round of the fix-point below).
    let critical: Vec<ValueId> = (0..ownership.critical.len())
        .filter(|&i| ownership.critical[i])
        .map(|i| ValueId(i as u32))
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }

    let mut marks = vec![false; snapshot.blocks.len()];
    // Ownership-based mode decides twice where a borrow only defers a clone
    // to an edge of the same block ([`deferred_clones`]): again with those
    // feeds cloning, kept when no block then clones more often; else a third
    // time as at first.
    let initially_borrowed = borrowed.clone();
    let mut force_clone: BTreeSet<usize> = BTreeSet::new();
    let mut first_try: Option<FirstTry> = None;
    let mut settled = false;
    let mut checked_moves: BTreeMap<usize, Vec<ValueId>> = BTreeMap::new();
    // The decided handovers, with the merges' ownership they give once the
    // fix-point has found it (ownership-based mode).
    let (liveness, handovers, decided_owns) = 'decide: loop {
        if first_try.is_some() || settled {
            borrowed = initially_borrowed.clone();
            if !at_first {
                (fast, uses) = first.take().expect("kept when borrowing grew");
                at_first = true;
            }
        }
        let mut no_move: BTreeSet<usize> = BTreeSet::new();
        let (liveness, handovers, owns) = loop {
            // Indexed by root slot, the position in `owned` (a hash map
            // keyed by root dominated the plan's profile on long block
            // chains).
            let mut walked: Vec<Option<Needed>> = Vec::new();
            walked.resize_with(slots.len(), || None);
            for (slot, &root) in owned.iter().enumerate() {
                if fast.as_ref().is_some_and(|f| f.is_fast(root)) {
                    continue;
                }
                if let Some(home) = places.home(root) {
                    walked[slot] = Some(needed_blocks(
                        snapshot,
                        &places,
                        dominance,
                        home,
                        uses.of(root),
                        &mut marks,
                    ));
                }
            }
            let liveness = Liveness {
                walked,
                slots: &slots,
                fast: fast.as_ref(),
            };
            let mut handovers: Vec<Handover> = Vec::with_capacity(feeds.len());
            checked_moves.clear();
            let mut changed = false;
            // Lenders only accumulate (a decision that changes keeps what it
            // lent alive), so liveness only grows and moves only disappear.
            for (i, feed) in feeds.iter().enumerate() {
                let movable = can_move(
                    snapshot,
                    &places,
                    ownership,
                    &uses,
                    &liveness,
                    feed,
                    config.flaggable.is_some(),
                );
                let moved = movable.filter(|&root| {
                    config.flaggable.is_none()
                        || borrowed.get(&root).is_none_or(|lenders| {
                            feed.receivers.iter().all(|&m| {
                                lenders
                                    .iter()
                                    .all(|&r| dominates(snapshot, dominance, r, m))
                            })
                        })
                });
                // Ownership-based mode: a region's result that may be one of
                // the region's own arguments it borrows moves with a run-time
                // check instead ([`checked_lenders`]).
                let checked = match (moved, movable) {
                    (None, Some(root)) if config.flaggable.is_some() => {
                        checked_lenders(snapshot, dominance, ownership, &borrowed, feed, root)
                            .map(|args| (root, args))
                    }
                    _ => None,
                };
                if let Some(root) = moved.filter(|_| !no_move.contains(&i)) {
                    handovers.push(Handover::Move(root));
                } else if let Some((root, args)) = checked.filter(|_| !no_move.contains(&i)) {
                    checked_moves.insert(i, args);
                    handovers.push(Handover::Move(root));
                } else {
                    let borrow = config.flaggable.is_some_and(|flaggable| {
                        !force_clone.contains(&i)
                            && feed.edge != FeedEdge::Return
                            && !feed.receivers.is_empty()
                            && feed.receivers.iter().all(|&m| flaggable(m))
                            && lenders_of(ownership, &borrowed, feed.value)
                                .iter()
                                .all(|&r| {
                                    feed.receivers
                                        .iter()
                                        .all(|&m| dominates(snapshot, dominance, r, m))
                                })
                    });
                    handovers.push(if borrow {
                        Handover::Borrow
                    } else {
                        Handover::Clone
                    });
                }
            }
            if config.flaggable.is_none() {
                break (liveness, handovers, None);
            }
            // Borrowed roots of every merge, to a fix-point: a borrow lends the
            // value's owned roots (and what they borrow); a move of a merge
            // hands on what it borrows. Only lenders that properly dominate the
            // merge are recorded: a handover lending one that does not is never
            // final (neither a borrow nor a move may lend it, see above), and
            // once recorded, lenders stay (the sets only grow, so this ends), so
            // a lender recorded from a handover later revised would keep a
            // buffer alive where it may not be defined (its free would not
            // dominate the merge's uses).
            let mut next = borrowed.clone();
            loop {
                let mut grew = false;
                for (feed, handover) in feeds.iter().zip(&handovers) {
                    let lent: BTreeSet<ValueId> = match handover {
                        Handover::Borrow => lenders_of(ownership, &next, feed.value),
                        Handover::Move(root) => next.get(root).cloned().unwrap_or_default(),
                        Handover::Clone => BTreeSet::new(),
                    };
                    for &m in &feed.receivers {
                        let set = next.entry(m).or_default();
                        for &r in &lent {
                            if dominates(snapshot, dominance, r, m) && set.insert(r) {
                                grew = true;
                            }
                        }
                    }
                }
                if !grew {
                    break;
                }
            }
            next.retain(|_, set| !set.is_empty());
            // Moves of merges that may own: a return must hand over a buffer it
            // owns on every path.
            // Moves of merges that own only on some paths need receivers that
            // carry a flag.
            let owns = owns_of(ownership, &feeds, &handovers, &flagged, &critical);
            // Returns that would clone a buffer the function does not own hand
            // it over as it is when the caller takes a flag (returns feed no
            // merge: ownership and liveness stay as they are).
            if config.returns_flags {
                for (feed, handover) in feeds.iter().zip(handovers.iter_mut()) {
                    if feed.edge == FeedEdge::Return
                        && *handover == Handover::Clone
                        && returnable_unowned(ownership, &borrowed, &owns, feed.value)
                    {
                        *handover = Handover::Borrow;
                    }
                }
            }
            let flaggable = config.flaggable.expect("ownership-based mode");
            for (i, (feed, handover)) in feeds.iter().zip(&handovers).enumerate() {
                // A return of a merge that owns on some paths is a conditional
                // move (the pass clones when the flag is false).
                let refuted = |o: Owns| match feed.edge {
                    FeedEdge::Return => o == Owns::Never,
                    _ => o != Owns::Always && !feed.receivers.iter().all(|&m| flaggable(m)),
                };
                if let Handover::Move(root) = handover
                    && owns.get(root).is_some_and(|&o| refuted(o))
                    && no_move.insert(i)
                {
                    changed = true;
                }
            }
            // (The returns changed above feed no merge: `owns` is the
            // ownership these handovers give.)
            if next == borrowed && !changed {
                break (liveness, handovers, Some(owns));
            }
            if next != borrowed {
                borrowed = next;
                let grown_fast = root_liveness(&borrowed);
                let grown_uses = lift(&borrowed, grown_fast.as_ref(), None);
                let before = (
                    std::mem::replace(&mut fast, grown_fast),
                    std::mem::replace(&mut uses, grown_uses),
                );
                if at_first {
                    first = Some(before);
                    at_first = false;
                }
            }
        };
        if config.flaggable.is_none() || settled {
            break 'decide (liveness, handovers, owns);
        }
        match first_try.take() {
            None => {
                let dies_in = |root: ValueId, block: BlockId| {
                    places.home(root).is_some_and(|(region, _)| {
                        snapshot.block(block).region == region
                            && liveness.of(&places, root).is_some_and(|needed| {
                                places
                                    .successors(block)
                                    .iter()
                                    .all(|&s| !needed.needed_in(s))
                            })
                    })
                };
                force_clone =
                    deferred_clones(snapshot, ownership, &borrowed, &feeds, &handovers, &dies_in);
                if force_clone.is_empty() {
                    break 'decide (liveness, handovers, owns);
                }
                first_try = Some((handovers, owns));
            }
            Some((before, owns_before)) => {
                let owns = owns
                    .unwrap_or_else(|| owns_of(ownership, &feeds, &handovers, &flagged, &critical));
                let owns_before = owns_before
                    .unwrap_or_else(|| owns_of(ownership, &feeds, &before, &flagged, &critical));
                if no_block_clones_more(
                    snapshot,
                    &feeds,
                    (&before, &owns_before),
                    (&handovers, &owns),
                ) {
                    break 'decide (liveness, handovers, Some(owns));
                }
                force_clone.clear();
                settled = true;
            }
        }
    };
    for (&i, args) in &checked_moves {
        plan.checked_moves
            .insert((feeds[i].forwarder, feeds[i].position), args.clone());
    }
    plan.owns =
        decided_owns.unwrap_or_else(|| owns_of(ownership, &feeds, &handovers, &flagged, &critical));
    plan.borrowed = borrowed;
    plan.walked_roots = liveness.walked.iter().filter(|w| w.is_some()).count();

    // Moves and clones.
    let mut moved: BTreeSet<(OpId, ValueId, FeedEdge)> = BTreeSet::new();
    for (feed, &handover) in feeds.iter().zip(&handovers) {
        plan.decisions.push(Decision {
            forwarder: feed.forwarder,
            edge: feed.edge,
            position: feed.position,
            value: feed.value,
            receivers: feed.receivers.clone(),
            handover,
        });
        if let Handover::Move(root) = handover {
            plan.moves += 1;
            moved.insert((feed.forwarder, root, feed.edge));
        } else if handover == Handover::Borrow {
            plan.borrows += 1;
        } else if let FeedEdge::Branch(k) = feed.edge
            && snapshot.op(feed.forwarder).facts.successors.len() > 1
        {
            // A clone before a branch with several successors would run on
            // every path; it belongs on its edge.
            plan.splits
                .entry((feed.forwarder, k))
                .or_default()
                .clones
                .push((feed.position, feed.value));
        } else {
            plan.clones.push(CloneAt {
                forwarder: feed.forwarder,
                edge: feed.edge,
                position: feed.position,
                value: feed.value,
            });
        }
    }

    // Frees.
    let split_clones = plan.splits.values().any(|e| !e.clones.is_empty());
    let mut uses_by_block: Vec<(BlockId, Use)> = Vec::new();
    let mut fast_in_block: Vec<(BlockId, Use)> = Vec::new();
    for &root in &owned {
        let Some((home_region, def_block)) = places.home(root) else {
            continue;
        };
        let needed = liveness
            .of(&places, root)
            .expect("every owned root with a home has its liveness");
        let mut edge_requests: BTreeMap<BlockId, Vec<(OpId, u32)>> = BTreeMap::new();
        // The root's uses by block, once (filtering them per block made the
        // plan cubic on long chains of blocks): sorted by block in a buffer
        // reused across roots (a map of vectors per root dominated the
        // profile). Uses come in op order, mostly sorted already.
        uses_by_block.clear();
        let candidates: Vec<BlockId> = match needed {
            RootNeeded::Walked(walked) => {
                uses_by_block.extend(
                    uses.of(root)
                        .iter()
                        .filter_map(|&u| places.block(u.at()).map(|b| (b, u))),
                );
                // (A stable sort allocates scratch space even for sorted input.)
                if !uses_by_block.is_sorted_by_key(|&(b, _)| b) {
                    uses_by_block.sort_by_key(|&(b, _)| b);
                }
                // Only the blocks that need the root and its defining block
                // (the order does not matter: frees are sorted, and every
                // edge gets at most one request per root). Walking every
                // block of the region for every root made the plan quadratic
                // in the blocks.
                let mut candidates: Vec<BlockId> = walked.blocks().collect();
                if let Err(at) = candidates.binary_search(&def_block) {
                    candidates.insert(at, def_block);
                }
                candidates
            }
            // Its defining block and every block of its needed set where it
            // may die (the others would place nothing).
            RootNeeded::Fast(fast, _, _) => fast.candidates(root).to_vec(),
        };
        let mut cursor = 0;
        for block in candidates {
            if snapshot.block(block).region != home_region || !dominance.is_reachable(block) {
                continue;
            }
            // A block every successor of which still needs the root, with no
            // move or clone that could take it: nothing to place (the rest of
            // this loop would find the same; on a long chain of blocks nearly
            // every candidate is one).
            if moved.is_empty() && !split_clones && {
                let successors = places.successors(block);
                !successors.is_empty() && successors.iter().all(|&s| needed.needed_in(s))
            } {
                continue;
            }
            let in_block: &[(BlockId, Use)] = match needed {
                RootNeeded::Walked(_) => {
                    // Candidates ascend like the uses: one cursor walks both.
                    while cursor < uses_by_block.len() && uses_by_block[cursor].0 < block {
                        cursor += 1;
                    }
                    let start = cursor;
                    while cursor < uses_by_block.len() && uses_by_block[cursor].0 == block {
                        cursor += 1;
                    }
                    &uses_by_block[start..cursor]
                }
                // A fast root's uses are ops of its region: the last one of
                // the block is all the per-root list keeps there.
                RootNeeded::Fast(fast, _, _) => {
                    fast_in_block.clear();
                    fast_in_block.extend(
                        fast.last_use(root, block)
                            .map(|op| (block, Use::new(op, false))),
                    );
                    &fast_in_block
                }
            };
            // Consumed by a region-branch op that moves it into its regions.
            if !moved.is_empty()
                && in_block
                    .iter()
                    .any(|(_, u)| moved.contains(&(u.at(), root, FeedEdge::Entry)))
            {
                continue;
            }
            let terminator = snapshot.terminator(block);
            let successors = terminator.map_or(&[][..], |t| &snapshot.op(t).facts.successors[..]);
            if successors.is_empty() {
                let moved_out = terminator.is_some_and(|t| {
                    moved.contains(&(t, root, FeedEdge::RegionExit))
                        || moved.contains(&(t, root, FeedEdge::Return))
                });
                if !moved_out {
                    plan.frees.push((
                        root,
                        free_in_block(snapshot, &places, root, block, in_block),
                    ));
                }
                continue;
            }
            let t = terminator.expect("successors imply a terminator");
            let edge_moved = |k: u32| moved.contains(&(t, root, FeedEdge::Branch(k)));
            // An edge block cloning an alias of the root uses it on that edge
            // (nothing to allocate when no edge is split).
            let cloned: Vec<bool> = if plan.splits.is_empty() {
                Vec::new()
            } else {
                (0..successors.len() as u32)
                    .map(|k| {
                        plan.splits.get(&(t, k)).is_some_and(|e| {
                            e.clones.iter().any(|&(_, v)| {
                                ownership.roots_iter(v).any(|r| r == root)
                                    || lenders_of(ownership, &plan.borrowed, v).contains(&root)
                            })
                        })
                    })
                    .collect()
            };
            let cloned_on_edge = |k: u32| cloned.get(k as usize).copied().unwrap_or(false);
            let any_needed = successors
                .iter()
                .enumerate()
                .any(|(k, s)| needed.needed_in(s.block) || cloned_on_edge(k as u32));
            let any_moved = (0..successors.len() as u32).any(edge_moved);
            if !any_needed && !any_moved {
                plan.frees.push((
                    root,
                    free_in_block(snapshot, &places, root, block, in_block),
                ));
                continue;
            }
            for (k, successor) in successors.iter().enumerate() {
                let k = k as u32;
                if needed.needed_in(successor.block) || edge_moved(k) {
                    continue;
                }
                if cloned_on_edge(k) {
                    plan.splits.entry((t, k)).or_default().frees.push(root);
                } else {
                    edge_requests
                        .entry(successor.block)
                        .or_default()
                        .push((t, k));
                }
            }
        }
        for (target, requests) in edge_requests {
            let incoming = reachable_edges_into(snapshot, dominance, home_region, target);
            let all: BTreeSet<(OpId, u32)> = incoming.into_iter().collect();
            let requested: BTreeSet<(OpId, u32)> = requests.iter().copied().collect();
            if requested == all && dominance.block_dominates(def_block, target) {
                plan.frees.push((root, FreeAt::StartOf(target)));
            } else {
                for edge in requests {
                    plan.splits.entry(edge).or_default().frees.push(root);
                }
            }
        }
    }
    // A root moved out of a region-branch op's region is freed in the op's
    // other regions instead of after the op.
    for d in &plan.decisions {
        let Handover::Move(root) = d.handover else {
            continue;
        };
        if let Some((op, others)) = nested_frees(snapshot, ownership, root, d.forwarder) {
            plan.frees
                .retain(|&(r, at)| !(r == root && at == FreeAt::After(op)));
            plan.frees
                .extend(others.into_iter().map(|t| (root, FreeAt::Before(t))));
        }
    }
    let never = |root: &ValueId| plan.owns.get(root) == Some(&Owns::Never);
    let frees = std::mem::take(&mut plan.frees);
    plan.frees = frees.into_iter().filter(|(r, _)| !never(r)).collect();
    let owns = plan.owns.clone();
    for work in plan.splits.values_mut() {
        work.frees.retain(|r| owns.get(r) != Some(&Owns::Never));
    }
    plan.frees.sort();
    plan.frees.dedup();
    Ok(plan)
}
