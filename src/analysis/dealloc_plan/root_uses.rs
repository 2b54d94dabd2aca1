//! The uses of every owned root, through any alias, lifted to the root's
//! region (what its liveness is built from), including the uses an address
//! taken as a plain value stands for; and the uses through which ownership
//! is lost (stored buffers, terminators with unknown successors), which
//! refuse the input.

use std::cell::OnceCell;
use std::collections::BTreeSet;

use crate::analysis::{
    cycles::BlockCycles,
    dominance::DominanceInfo,
    graph::ancestor_op_in_region,
    ownership::{Kind, Ownership},
    root_liveness::RootLiveness,
    snapshot::{BlockId, OpId, RegionId, Snapshot, ValueDef, ValueId},
    uses::UseLists,
    value_flow::{AddressUses, address_uses, exposes_address, stores},
};

use super::places::{Places, RootSlots, RootUses, Use};
use super::types::{Borrowed, DeallocError, PlanError};

/// For every owned root, its uses (through any alias), lifted to the root's
/// region. An op that takes a buffer's address as a plain value makes every
/// user of that address (and of values computed from it) a use; when the
/// address may be kept where its uses cannot be followed, every exit of the
/// buffer's region after that op is a use. Reads the ops of `naming`
/// ([`ops_naming_owned`]).
/// Also reports buffers that escape where ownership is lost.
#[allow(clippy::too_many_arguments)]
pub(super) fn lifted_uses<'s>(
    slots: &'s RootSlots,
    snapshot: &Snapshot,
    places: &Places,
    dominance: &DominanceInfo<'_>,
    ownership: &Ownership,
    borrowed: &Borrowed,
    fast: Option<&RootLiveness<'_>>,
    use_lists: &OnceCell<UseLists>,
    (naming, names_owned): (&[OpId], &[bool]),
    mut errors: Option<&mut Vec<PlanError>>,
) -> RootUses<'s> {
    // Loops matter only to addresses kept out of sight (rare): found on
    // first use.
    let cycles: OnceCell<BlockCycles> = OnceCell::new();
    // Every per-root array is indexed by the root's slot (every root given
    // a use is owned: an owned root an operand names, or a lender).
    let slot = |root: ValueId| slots.get(root).expect("uses are of owned roots");
    let mut uses: Vec<Vec<Use>> = vec![Vec::new(); slots.len()];
    // Per root, its latest use, not yet in `uses` (see [`push_use`]).
    let mut pending: Vec<Option<Use>> = vec![None; slots.len()];
    // The roots given a use, each once (flushing `pending` over every root
    // cost more than the roots' own uses).
    let mut touched: Vec<usize> = Vec::new();
    let mut is_touched: Vec<bool> = vec![false; slots.len()];
    let mut roots_here: Vec<ValueId> = Vec::new();
    // The roots of one op, each once: marked with the op's index + 1 (no
    // sort per op; an op's operands may name thousands of roots).
    let mut seen: Vec<u32> = vec![0; slots.len()];
    // Errors of the op's roots, reported in root order.
    let mut root_errors: Vec<(ValueId, PlanError)> = Vec::new();
    for &id in naming {
        let op = snapshot.op(id);
        let stamp = id.0 + 1;
        roots_here.clear();
        let mut add = |root: ValueId, roots_here: &mut Vec<ValueId>| {
            let s = slot(root);
            if seen[s] != stamp {
                seen[s] = stamp;
                roots_here.push(root);
            }
        };
        for &operand in &op.operands {
            // Most operands name no owned root (not buffers, arguments).
            if !names_owned[operand.index()] {
                continue;
            }
            // Roots whose liveness comes from [`RootLiveness`] need no uses
            // (nor can they fail here: their aliases' uses are ops of their
            // region, none taking an address).
            if let Some(fast) = fast
                && !fast.may_name_slow(operand)
            {
                continue;
            }
            for root in ownership.roots_iter(operand) {
                if ownership.is_owned_root(root) {
                    if fast.is_some_and(|f| f.is_fast(root)) {
                        continue;
                    }
                    add(root, &mut roots_here);
                    // A merge that may be a borrowed buffer keeps it alive.
                    if borrowed.is_empty() {
                        continue;
                    }
                    if let Some(lenders) = borrowed.get(&root) {
                        for &lender in lenders {
                            add(lender, &mut roots_here);
                        }
                    }
                }
            }
        }
        // Escapes do not depend on what merges borrow: found once, on the
        // first call (later calls pass no errors).
        if let Some(errors) = errors.as_deref_mut()
            && let Some(problem) = escape_problem(snapshot, ownership, id)
        {
            errors.push(problem);
        }
        if roots_here.is_empty() {
            continue;
        }
        // An address taken as a plain value: its uses, once for every root.
        let address = exposes_address(snapshot, id).then(|| {
            let use_lists = use_lists.get_or_init(|| UseLists::new(snapshot));
            address_uses(snapshot, use_lists, id)
        });
        // The op lifted to each root's region, for the last region asked
        // (an op's roots mostly live in one region).
        let mut lifted: Option<(RegionId, Option<OpId>)> = None;
        for &root in &roots_here {
            let Some((region, def_block)) = places.home(root) else {
                continue;
            };
            let s = slot(root);
            if !is_touched[s] {
                is_touched[s] = true;
                touched.push(s);
            }
            if let Some(address) = &address {
                let home = (region, def_block);
                match address_lifted_uses(snapshot, dominance, &cycles, address, id, home) {
                    Ok(lifted) => {
                        let uses = &mut uses[s];
                        uses.extend(pending[s].take());
                        uses.extend(lifted);
                    }
                    Err(error) => {
                        root_errors.push((root, error));
                        continue;
                    }
                }
            }
            let at = match lifted {
                Some((r, at)) if r == region => at,
                _ => {
                    let at = ancestor_op_in_region(snapshot, id, region);
                    lifted = Some((region, at));
                    at
                }
            };
            match at {
                Some(at) => push_use(
                    places,
                    &mut uses[s],
                    &mut pending[s],
                    Use::new(at, at != id),
                ),
                None => root_errors.push((
                    root,
                    PlanError {
                        op: id,
                        error: DeallocError::UseOutsideOwningRegion,
                    },
                )),
            }
        }
        if !root_errors.is_empty() {
            root_errors.sort_by_key(|&(root, _)| root);
            let reported = root_errors.drain(..).map(|(_, error)| error);
            if let Some(errors) = errors.as_deref_mut() {
                errors.extend(reported);
            }
        }
    }
    for s in touched {
        uses[s].extend(pending[s].take());
    }
    RootUses { slots, lists: uses }
}

/// The ops [`lifted_uses`] reads, in order: those (the function itself and
/// the erased ops left out) with an operand that names an owned root (what
/// merges borrow and which roots are fast do not change which); and per
/// value, whether it may name an owned root.
pub(super) fn ops_naming_owned(
    snapshot: &Snapshot,
    ownership: &Ownership,
    erased: &BTreeSet<OpId>,
) -> (Vec<OpId>, Vec<bool>) {
    // Per value, once: whether it may name an owned root (values are
    // fewer than operands, and most operands are not buffers).
    let names: Vec<bool> = ownership
        .kinds
        .iter()
        .map(|kind| match kind {
            Kind::NotBuffer | Kind::UnownedRoot => false,
            Kind::OwnedRoot => true,
            Kind::Alias(roots) => roots.iter().any(|&r| ownership.is_owned_root(r)),
        })
        .collect();
    let mut naming = Vec::new();
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        if id == Snapshot::ROOT {
            continue;
        }
        if op.operands.iter().any(|&operand| names[operand.index()]) && !erased.contains(&id) {
            naming.push(id);
        }
    }
    (naming, names)
}

/// Appends `new` to a root's uses, first dropping the previous use when it
/// is in the same block at an earlier op: every reader of the uses asks only
/// which blocks hold one, which op of a block holds the last one (and every
/// use there), and whether a use follows an op in its block, none of which
/// an earlier use beside a later one changes. (Halves the uses a long chain
/// of blocks keeps, one per root and later block.)
///
/// The latest use waits in `pending` (one slot per root, in an array the
/// roots of one op walk in order) until a use in another block or at an
/// earlier op follows: reading and rewriting the tail of every root's list
/// missed the cache once per root and op on long chains of blocks.
fn push_use(places: &Places, uses: &mut Vec<Use>, pending: &mut Option<Use>, new: Use) {
    let last = pending.or_else(|| uses.last().copied());
    if let Some(last) = last {
        let (a, b) = (places.ops[last.at().index()], places.ops[new.at().index()]);
        if a.0 == b.0 && a.1 < b.1 {
            if pending.is_none() {
                uses.pop();
            }
            *pending = Some(new);
            return;
        }
    }
    uses.extend(pending.replace(new));
}

/// The uses of an owned root living in `(region, def_block)` (see [`home`])
/// that an address taken by `exposer` stands for:
/// every user of the address (lifted to the root's region), or, where the
/// address may be kept out of sight, every exit of the region after
/// `exposer`. Control flow may hand the address on only to values within the
/// buffer's life (defined in blocks its definition strictly dominates, or
/// nested in ops of its region); otherwise the address leaves the region or
/// reaches an earlier point of a loop, where it names another iteration's
/// buffer, and the input is refused.
///
/// [`home`]: super::places::home
fn address_lifted_uses(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    cycles: &OnceCell<BlockCycles>,
    address: &AddressUses,
    exposer: OpId,
    (region, def_block): (RegionId, BlockId),
) -> Result<Vec<Use>, PlanError> {
    let within = |r: ValueId| match snapshot.value(r).def {
        ValueDef::BlockArg { block, .. } if snapshot.block(block).region == region => {
            block != def_block && dominance.block_dominates(def_block, block)
        }
        def => {
            let holder = match def {
                ValueDef::BlockArg { block, .. } => snapshot.parent_op_of_block(block),
                ValueDef::OpResult { op, .. } => op,
            };
            ancestor_op_in_region(snapshot, holder, region)
                .and_then(|at| snapshot.op(at).parent_block)
                .is_some_and(|b| dominance.block_dominates(def_block, b))
        }
    };
    if !address.receivers.iter().all(|&r| within(r)) {
        return Err(PlanError {
            op: exposer,
            error: DeallocError::AddressCarriedAway,
        });
    }
    let Some(by) = address.escapes else {
        return Ok(address
            .users
            .iter()
            .filter_map(|&user| {
                ancestor_op_in_region(snapshot, user, region).map(|at| Use::new(at, at != user))
            })
            .collect());
    };
    // Kept where uses cannot be followed: the buffer lives until its region
    // is left on every path from here.
    let cycles = cycles.get_or_init(|| BlockCycles::new(dominance.cfg()));
    if cycles.on_cycle[def_block.index()] {
        return Err(PlanError {
            op: by,
            error: DeallocError::AddressKeptInLoop,
        });
    }
    let from = ancestor_op_in_region(snapshot, exposer, region)
        .and_then(|at| snapshot.op(at).parent_block);
    Ok(snapshot
        .region(region)
        .blocks
        .iter()
        .filter(|&&block| from.is_some_and(|f| dominance.block_dominates(f, block)))
        .filter_map(|&block| snapshot.terminator(block))
        .filter(|&exit| snapshot.op(exit).facts.successors.is_empty())
        .map(|exit| Use::new(exit, false))
        .collect())
}

/// Uses through which ownership is lost: storing a buffer into memory, or
/// passing it to a terminator whose successors are unknown.
fn escape_problem(snapshot: &Snapshot, ownership: &Ownership, id: OpId) -> Option<PlanError> {
    let op = snapshot.op(id);
    let facts = &op.facts;
    let stored = op.operands.iter().any(|&operand| {
        snapshot.value(operand).kind.is_buffer()
            && ownership.roots_iter(operand).next().is_some()
            && stores(snapshot, id, operand)
    });
    if stored {
        return Some(PlanError {
            op: id,
            error: DeallocError::StoredBuffer,
        });
    }
    if facts.is_terminator && facts.successors.is_empty() && facts.terminator_edges.is_empty() {
        let parent = op.parent_block.map(|b| snapshot.parent_op_of_block(b));
        let is_function_return = parent == Some(Snapshot::ROOT) && facts.is_return_like;
        let in_region_branch = parent.is_some_and(|p| snapshot.op(p).facts.region_branch.is_some());
        if parent == Some(Snapshot::ROOT) && !facts.is_return_like {
            return Some(PlanError {
                op: id,
                error: DeallocError::UnknownFunctionTerminator {
                    op: op.name.to_string(),
                },
            });
        }
        if !is_function_return && !in_region_branch {
            return Some(PlanError {
                op: id,
                error: DeallocError::UnknownRegionControlFlow {
                    parent: parent
                        .map_or("?", |p| snapshot.op(p).name.as_str())
                        .to_string(),
                },
            });
        }
    }
    None
}
