//! The deallocation plan shared by the two deallocation passes (seeds 000,
//! 001 and 002): for every owned buffer, where it dies on each path, which
//! edges into critical merges move it and which need a clone, and where frees
//! go (after the last use, at a block start, or on a split edge). The
//! clone-based pass (`bufrs-buffer-deallocation`) applies it as computed; the
//! ownership-based pass (`bufrs-ownership-based-buffer-deallocation`) first
//! turns clones into borrows (a runtime ownership flag) where the borrowed
//! buffer can be kept alive instead ([`Borrowing`]).
//!
//! Pure analysis over a [`Snapshot`]: no MLIR.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::analysis::{
    alias::AliasAnalysis,
    cycles::BlockCycles,
    dominance::DominanceInfo,
    graph::ancestor_op_in_region,
    ownership::{Ownership, Problem},
    root_liveness::RootLiveness,
    snapshot::{BlockId, EffectKind, Effects, OpId, RegionId, Snapshot, ValueDef, ValueId},
    uses::UseLists,
    value_flow::{AddressUses, address_uses, exposes_address, stores},
};

/// The buffers ownership-based deallocation already in the IR takes care
/// of: every value a `bufferization.dealloc` operand (memref or retained) may
/// come from. The pass leaves them to it: allocations and call results among
/// them are roots it does not own (so merges of them alone get no clone and
/// no free), while a merge where one of them meets a buffer the pass owns is
/// critical as usual (the pass clones it and frees the clone).
pub fn handled_by_ownership_deallocs(snapshot: &Snapshot, alias: &AliasAnalysis<'_>) -> Vec<bool> {
    let mut handled = vec![false; snapshot.values.len()];
    for op in snapshot
        .ops
        .iter()
        .filter(|op| op.name == super::allocs::OWNERSHIP_BASED_DEALLOC)
    {
        for &operand in &op.operands {
            if snapshot.value(operand).kind.is_buffer() && !handled[operand.index()] {
                for v in alias.dependencies(operand) {
                    handled[v.index()] = true;
                }
            }
        }
    }
    handled
}

/// No buffer a `bufferization.dealloc` frees may be one the pass owns (a
/// critical merge made owned through a coupled operand): both would free it.
pub fn check_handled(
    snapshot: &Snapshot,
    ownership: &Ownership,
    alias: &AliasAnalysis<'_>,
    handled: &[bool],
) -> Result<(), Vec<PlanError>> {
    let mut errors = vec![];
    for (index, op) in snapshot.ops.iter().enumerate() {
        if op.name != super::allocs::OWNERSHIP_BASED_DEALLOC {
            continue;
        }
        let clash = op.operands.iter().any(|&operand| {
            snapshot.value(operand).kind.is_buffer()
                && alias
                    .dependencies(operand)
                    .iter()
                    .any(|&v| handled[v.index()] && ownership.is_owned_root(v))
        });
        if clash {
            errors.push(PlanError {
                op: OpId(index as u32),
                error: DeallocError::FreedAlsoByOwnershipDealloc {
                    op: op.name.to_string(),
                },
            });
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Why the IR cannot be handled ([`DeallocError`]), at an op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError {
    /// Where the diagnostic goes.
    pub op: OpId,
    pub error: DeallocError,
}

/// The input IR breaks an assumption the deallocation plan rests on. Each
/// variant names the assumption; op names are the ones printed in the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeallocError {
    /// Every branch tells which of its operands go to each successor
    /// (`BranchOpInterface`).
    #[error("buffers flow to a successor whose operands are unknown (no BranchOpInterface)")]
    UnknownSuccessorOperands,
    /// Every terminator of a region-branch op's region tells where it goes
    /// (`RegionBranchTerminatorOpInterface` or `ReturnLike`); `parent` is the
    /// region-branch op.
    #[error(
        "the terminator's successors in '{parent}' are unknown (no RegionBranchTerminatorOpInterface or ReturnLike)"
    )]
    UnknownRegionExit { parent: String },
    /// The input has no ownership-based deallocation (`bufferization.dealloc`).
    #[error("'{op}' is ownership-based deallocation; run this pass on IR without it")]
    OwnershipBasedDealloc { op: String },
    /// Buffers that ownership-based deallocation (`bufferization.dealloc`)
    /// already frees are left to it; none of them may be one the pass must
    /// free too (e.g. a merge where such a buffer meets one the pass owns and
    /// that also feeds a merge the dealloc frees).
    #[error(
        "'{op}' frees a buffer that this pass would also have to free (it meets buffers the pass owns at a merge that needs a clone)"
    )]
    FreedAlsoByOwnershipDealloc { op: String },
    /// An op that frees does nothing else; here it also allocates (a realloc).
    #[error(
        "'{op}' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)"
    )]
    FreeAndAllocate { op: String },
    /// An op that frees does nothing else; here it has results, regions or
    /// other effects.
    #[error(
        "'{op}' frees buffers and does more (results, regions or other effects); run this pass on IR without it"
    )]
    FreeAndMore { op: String },
    /// An existing free frees only buffers the function owns on every path.
    #[error("frees a buffer that may or may not be owned by this function")]
    MaybeOwnedFree,
    /// A buffer allocated in a control-flow loop has uses that can be
    /// followed: its address is not kept where uses go out of sight.
    #[error(
        "keeps the address of a buffer allocated in a control-flow loop where its uses cannot be followed; where its last use is cannot be told"
    )]
    AddressKeptInLoop,
    /// An address taken as a plain value stays within its buffer's life:
    /// control flow does not carry it out of the buffer's region or around a
    /// loop to an earlier point.
    #[error(
        "takes the address of a buffer as a plain value that control flow carries out of the buffer's region or around a loop; where its last use is cannot be told"
    )]
    AddressCarriedAway,
    /// Every use of a buffer is nested in the region that owns it.
    #[error("uses a buffer outside the region that owns it")]
    UseOutsideOwningRegion,
    /// Buffers are not stored into memory (their ownership would be lost).
    #[error("stores a buffer into memory; its ownership cannot be tracked")]
    StoredBuffer,
    /// The function's blocks end with known returns.
    #[error(
        "'{op}' ends the function's block but is no known return (e.g. an unregistered op that may be a terminator); where the buffer goes is unknown"
    )]
    UnknownFunctionTerminator { op: String },
    /// A buffer leaves a region only through region-branch control flow
    /// (`RegionBranchOpInterface`); `parent` is the op whose region it leaves.
    #[error(
        "passes a buffer out of '{parent}', whose control flow is unknown (no RegionBranchOpInterface)"
    )]
    UnknownRegionControlFlow { parent: String },
}

/// Where a free goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FreeAt {
    After(OpId),
    Before(OpId),
    StartOf(BlockId),
}

/// One clone to insert: the operand of `forwarder` at `position` in the
/// operands it forwards along `edge` (now `value`) becomes a clone of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CloneAt {
    pub forwarder: OpId,
    pub edge: FeedEdge,
    pub position: u32,
    pub value: ValueId,
}

/// Everything the pass will change.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Frees already in the IR of owned buffers, removed and re-placed.
    pub erase: Vec<OpId>,
    pub clones: Vec<CloneAt>,
    pub moves: usize,
    pub frees: Vec<(ValueId, FreeAt)>,
    /// Edges (terminator, successor index) split by a new block that makes
    /// clones and frees buffers only when control takes that edge.
    pub splits: BTreeMap<(OpId, u32), EdgeBlock>,
    /// Every edge into critical merges and every returned buffer, with how
    /// it hands its buffer over.
    pub decisions: Vec<Decision>,
    /// Edges that borrow (ownership-based mode only).
    pub borrows: usize,
    /// Whether each critical merge owns its buffer (all `Always` in
    /// clone-based mode).
    pub owns: HashMap<ValueId, Owns>,
    /// What each merge may borrow (empty in clone-based mode).
    pub borrowed: Borrowed,
    /// Owned roots whose liveness the per-root walk found in the final
    /// round (the others' came from their aliases' own ranges).
    pub walked_roots: usize,
}

/// The work done on a split edge, in order: clones of forwarded operands
/// (by position in the successor operands), then frees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeBlock {
    pub clones: Vec<(u32, ValueId)>,
    pub frees: Vec<ValueId>,
}

/// A use of an owned root, lifted to the root's region: the op in the
/// root's region that holds the use, and whether the use is inside a region
/// of that op (not an operand of the op itself), packed in one word (a root
/// may have as many uses as the function has ops).
#[derive(Clone, Copy, Debug)]
struct Use(u32);

impl Use {
    const NESTED: u32 = 1 << 31;

    fn new(at: OpId, nested: bool) -> Use {
        assert!(at.0 < Self::NESTED, "op ids fit in 31 bits");
        Use(at.0 | if nested { Self::NESTED } else { 0 })
    }

    /// The op in the root's region that holds the use.
    fn at(self) -> OpId {
        OpId(self.0 & !Self::NESTED)
    }

    /// The use is inside a region of [`Use::at`].
    fn nested(self) -> bool {
        self.0 & Self::NESTED != 0
    }
}

/// An operand occurrence feeding critical merges (or a function return).
#[derive(Clone, Debug)]
struct Feed {
    forwarder: OpId,
    /// Position among the operands forwarded along `edge` (for `Entry` and
    /// `Return`: the operand index).
    position: u32,
    value: ValueId,
    edge: FeedEdge,
    /// The critical merges this operand occurrence feeds (empty for returns).
    receivers: Vec<ValueId>,
}

/// The kind of edge an operand is forwarded along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FeedEdge {
    /// Successor `k` of a branch.
    Branch(u32),
    /// A region terminator's exit (all its edges forward the same operands).
    RegionExit,
    /// A function return.
    Return,
    /// The operands a region-branch op forwards into its regions or results.
    Entry,
}

/// For every merge that may be a borrowed buffer: the owned roots it may
/// borrow (which must stay alive while it is used).
pub type Borrowed = HashMap<ValueId, BTreeSet<ValueId>>;

/// How an edge into critical merges hands its buffer over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handover {
    /// The incoming owned root itself, dead after the edge: its ownership
    /// (static or its flag) goes with it.
    Move(ValueId),
    /// A fresh clone (owned).
    Clone,
    /// The buffer as it is, not owned by the merge (runtime flag `false`):
    /// its owners keep it alive while the merge is used.
    Borrow,
}

/// One operand occurrence feeding critical merges (or a function return),
/// and how it hands its buffer over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub forwarder: OpId,
    pub edge: FeedEdge,
    /// As [`CloneAt::position`].
    pub position: u32,
    pub value: ValueId,
    /// The critical merges fed (empty for returns).
    pub receivers: Vec<ValueId>,
    pub handover: Handover,
}

/// Whether a critical merge owns its buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Owns {
    /// On every path (every edge moves an owned buffer or clones).
    Always,
    /// On no path (every edge borrows): the merge is an alias.
    Never,
    /// Depends on the path: the merge carries a runtime `i1` flag.
    Dynamic,
}

/// Settings of [`plan`].
#[derive(Clone, Copy, Default)]
pub struct PlanConfig<'a> {
    /// Ops refused as input (ownership-based deallocation, by name: it has
    /// no memory-effect interface in MLIR 22).
    pub refused: &'a [&'a str],
    /// Ownership-based mode: the critical merges that can carry a runtime
    /// ownership flag. Edges into them borrow instead of cloning where the
    /// lent buffer can be kept alive. `None`: clone-based.
    pub flaggable: Option<&'a dyn Fn(ValueId) -> bool>,
    /// Ownership-based mode with private-function dynamic ownership: call
    /// results that come with an `i1` result saying whether the caller owns
    /// them (result -> its flag). Such a result is an owned root whose
    /// ownership is dynamic; when not owned it may be any buffer operand of
    /// the call, which it borrows (kept alive while the result is used).
    pub flagged_calls: Option<&'a HashMap<ValueId, ValueId>>,
    /// Ownership-based mode: the function's returns say with an `i1` per
    /// returned buffer whether the caller owns it, so a returned buffer the
    /// function does not own (and that borrows nothing it owns) is returned
    /// as it is (`Handover::Borrow`) instead of cloned, and a returned merge
    /// with a flag hands its flag on.
    pub returns_flags: bool,
    /// How owned roots' liveness is found (the plan is the same either
    /// way).
    pub liveness: LivenessMode,
}

/// How the plan finds where owned roots are live.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LivenessMode {
    /// Per value ([`RootLiveness`]) when root sets are wide (on average more
    /// than [`WIDE_ROOT_SETS`] roots per buffer value), else per root.
    #[default]
    Auto,
    /// Every root walked on its own from all its aliases' uses.
    PerRoot,
    /// Per value wherever the roots allow it.
    PerValue,
}

/// Root sets per buffer value above which [`LivenessMode::Auto`] derives
/// roots' liveness from values' own ranges: below it, the per-root walk over
/// the few aliases each root has costs less than building every value's
/// range (7% of the pass on the 175k-op module), above it the per-root walk
/// grows with roots times aliases (quadratic on a chain of blocks).
pub const WIDE_ROOT_SETS: usize = 4;

/// Whether the root sets of `ownership` are wide (see [`WIDE_ROOT_SETS`]).
fn wide_root_sets(ownership: &Ownership) -> bool {
    let (mut values, mut roots) = (0usize, 0usize);
    for (i, kind) in ownership.kinds.iter().enumerate() {
        if *kind != crate::analysis::ownership::Kind::NotBuffer {
            values += 1;
            roots += ownership.roots_len(ValueId(i as u32));
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
/// (moves only disappear, so this ends).
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
    let mut borrowed = Borrowed::new();
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
    let places = Places::new(snapshot);
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
    let mut fast = root_liveness(&borrowed);
    let mut uses = lifted_uses(
        snapshot,
        &places,
        dominance,
        ownership,
        &erased,
        &borrowed,
        fast.as_ref(),
        &use_lists,
        &mut errors,
    );
    let feeds = feeds(snapshot, ownership);
    if !errors.is_empty() {
        return Err(errors);
    }

    let mut no_move: BTreeSet<usize> = BTreeSet::new();
    let mut marks = vec![false; snapshot.blocks.len()];
    let (liveness, handovers) = loop {
        // Indexed by value (a hash map keyed by root dominated the plan's
        // profile on long block chains).
        let mut walked: Vec<Option<Needed>> = Vec::new();
        walked.resize_with(snapshot.values.len(), || None);
        for &root in &owned {
            if fast.as_ref().is_some_and(|f| f.is_fast(root)) {
                continue;
            }
            if let Some(home) = places.home(root) {
                walked[root.index()] = Some(needed_blocks(
                    snapshot,
                    &places,
                    dominance,
                    home,
                    &uses[root.index()],
                    &mut marks,
                ));
            }
        }
        let liveness = Liveness {
            walked,
            fast: fast.as_ref(),
        };
        let mut handovers: Vec<Handover> = Vec::with_capacity(feeds.len());
        let mut changed = false;
        // Lenders only accumulate (a decision that changes keeps what it
        // lent alive), so liveness only grows and moves only disappear.
        for (i, feed) in feeds.iter().enumerate() {
            let moved =
                can_move(snapshot, &places, ownership, &uses, &liveness, feed).filter(|&root| {
                    config.flaggable.is_none()
                        || borrowed.get(&root).is_none_or(|lenders| {
                            feed.receivers.iter().all(|&m| {
                                lenders
                                    .iter()
                                    .all(|&r| dominates(snapshot, dominance, r, m))
                            })
                        })
                });
            if let Some(root) = moved.filter(|_| !no_move.contains(&i)) {
                handovers.push(Handover::Move(root));
            } else {
                let borrow = config.flaggable.is_some_and(|flaggable| {
                    feed.edge != FeedEdge::Return
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
            break (liveness, handovers);
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
        let owns = owns_of(ownership, &feeds, &handovers, &flagged);
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
        if next == borrowed && !changed {
            break (liveness, handovers);
        }
        if next != borrowed {
            borrowed = next;
            fast = root_liveness(&borrowed);
            let mut ignored = Vec::new();
            uses = lifted_uses(
                snapshot,
                &places,
                dominance,
                ownership,
                &erased,
                &borrowed,
                fast.as_ref(),
                &use_lists,
                &mut ignored,
            );
        }
    };
    plan.owns = owns_of(ownership, &feeds, &handovers, &flagged);
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
                    uses[root.index()]
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

/// The owned roots `value` may name, and what those borrow: the buffers
/// that must stay alive while a merge borrowing `value` is used.
fn lenders_of(ownership: &Ownership, borrowed: &Borrowed, value: ValueId) -> BTreeSet<ValueId> {
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
fn returnable_unowned(
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
fn dominates(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    root: ValueId,
    merge: ValueId,
) -> bool {
    root != merge && crate::analysis::ownership::dominates_merge(snapshot, dominance, root, merge)
}

/// Whether each critical merge owns its buffer, from the handovers into it
/// (optimistic fix-point: a merge passing itself around a loop adds nothing).
fn owns_of(
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

/// Where ops and values sit, in compact arrays built once per plan: the
/// plan's per-root loops look up the block of every use and the home of every
/// root they meet, and on a long chain of blocks (one root per block, each
/// used in every later block) reading the full op and value records for that
/// missed the cache on nearly every lookup.
struct Places {
    /// Per op: its block (`u32::MAX` for the root) and position there.
    ops: Vec<(u32, u32)>,
    /// Per value: [`home`] (`u32::MAX` when it has none).
    homes: Vec<(u32, u32)>,
    /// Per block `b`: its terminator's successor blocks are
    /// `successors[successor_starts[b]..successor_starts[b + 1]]`.
    successor_starts: Vec<u32>,
    successors: Vec<BlockId>,
}

impl Places {
    const NONE: u32 = u32::MAX;

    fn new(snapshot: &Snapshot) -> Places {
        let ops = snapshot
            .ops
            .iter()
            .map(|op| (op.parent_block.map_or(Self::NONE, |b| b.0), op.position))
            .collect();
        let homes = (0..snapshot.values.len())
            .map(|i| {
                home(snapshot, ValueId(i as u32))
                    .map_or((Self::NONE, Self::NONE), |(r, b)| (r.0, b.0))
            })
            .collect();
        let mut successor_starts = Vec::with_capacity(snapshot.blocks.len() + 1);
        let mut successors = Vec::new();
        for b in 0..snapshot.blocks.len() {
            successor_starts.push(successors.len() as u32);
            if let Some(t) = snapshot.terminator(BlockId(b as u32)) {
                successors.extend(snapshot.op(t).facts.successors.iter().map(|s| s.block));
            }
        }
        successor_starts.push(successors.len() as u32);
        Places {
            ops,
            homes,
            successor_starts,
            successors,
        }
    }

    /// The successor blocks of `block`'s terminator, in order.
    fn successors(&self, block: BlockId) -> &[BlockId] {
        let b = block.index();
        &self.successors[self.successor_starts[b] as usize..self.successor_starts[b + 1] as usize]
    }

    /// The block holding `op` (`None` for the root).
    fn block(&self, op: OpId) -> Option<BlockId> {
        let (block, _) = self.ops[op.index()];
        (block != Self::NONE).then_some(BlockId(block))
    }

    /// The position of `op` in its block.
    fn position(&self, op: OpId) -> u32 {
        self.ops[op.index()].1
    }

    /// [`home`] of `value`.
    fn home(&self, value: ValueId) -> Option<(RegionId, BlockId)> {
        let (region, block) = self.homes[value.index()];
        (region != Self::NONE).then_some((RegionId(region), BlockId(block)))
    }
}

/// The region an owned root lives in and the block that defines it.
fn home(snapshot: &Snapshot, root: ValueId) -> Option<(RegionId, BlockId)> {
    let block = match snapshot.value(root).def {
        ValueDef::BlockArg { block, .. } => block,
        ValueDef::OpResult { op, .. } => snapshot.op(op).parent_block?,
    };
    Some((snapshot.block(block).region, block))
}

/// Ops that only free buffers: frees of owned buffers are removed (the pass
/// places its own); frees of memory the function does not own stay.
fn existing_frees(
    snapshot: &Snapshot,
    ownership: &Ownership,
    refused: &[&str],
    plan: &mut Plan,
    errors: &mut Vec<PlanError>,
) -> BTreeSet<OpId> {
    let mut erased = BTreeSet::new();
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        let refuse = |error: DeallocError| PlanError { op: id, error };
        if refused.contains(&op.name.as_str()) {
            errors.push(refuse(DeallocError::OwnershipBasedDealloc {
                op: op.name.to_string(),
            }));
            continue;
        }
        let Effects::Known(effects) = &op.facts.effects else {
            continue;
        };
        let frees: Vec<ValueId> = effects
            .iter()
            .filter(|e| e.kind == EffectKind::Free)
            .filter_map(|e| e.value)
            .collect();
        if frees.is_empty() {
            continue;
        }
        let only_frees = effects
            .iter()
            .all(|e| e.kind == EffectKind::Free || e.kind == EffectKind::Read)
            && op.results.is_empty()
            && op.regions.is_empty();
        if !only_frees {
            let allocates = effects.iter().any(|e| e.kind == EffectKind::Allocate);
            let op = op.name.to_string();
            errors.push(refuse(if allocates {
                DeallocError::FreeAndAllocate { op }
            } else {
                DeallocError::FreeAndMore { op }
            }));
            continue;
        }
        let owned: Vec<bool> = frees
            .iter()
            .flat_map(|&f| ownership.roots_iter(f))
            .map(|r| ownership.is_owned_root(r))
            .collect();
        if owned.iter().all(|&o| o) {
            erased.insert(id);
            plan.erase.push(id);
        } else if owned.iter().any(|&o| o) {
            errors.push(PlanError {
                op: id,
                error: DeallocError::MaybeOwnedFree,
            });
        }
    }
    erased
}

/// For every owned root, its uses (through any alias), lifted to the root's
/// region. An op that takes a buffer's address as a plain value makes every
/// user of that address (and of values computed from it) a use; when the
/// address may be kept where its uses cannot be followed, every exit of the
/// buffer's region after that op is a use.
/// Also reports buffers that escape where ownership is lost.
#[allow(clippy::too_many_arguments)]
fn lifted_uses(
    snapshot: &Snapshot,
    places: &Places,
    dominance: &DominanceInfo<'_>,
    ownership: &Ownership,
    erased: &BTreeSet<OpId>,
    borrowed: &Borrowed,
    fast: Option<&RootLiveness<'_>>,
    use_lists: &OnceCell<UseLists>,
    errors: &mut Vec<PlanError>,
) -> Vec<Vec<Use>> {
    // Loops matter only to addresses kept out of sight (rare): found on
    // first use.
    let cycles: OnceCell<BlockCycles> = OnceCell::new();
    let mut uses: Vec<Vec<Use>> = vec![Vec::new(); snapshot.values.len()];
    // Per root, its latest use, not yet in `uses` (see [`push_use`]).
    let mut pending: Vec<Option<Use>> = vec![None; snapshot.values.len()];
    // The roots given a use, each once (flushing `pending` over every value
    // of the function cost more than the roots' own uses).
    let mut touched: Vec<ValueId> = Vec::new();
    let mut is_touched: Vec<bool> = vec![false; snapshot.values.len()];
    let mut roots_here: Vec<ValueId> = Vec::new();
    // The roots of one op, each once: marked with the op's index + 1 (no
    // sort per op; an op's operands may name thousands of roots).
    let mut seen: Vec<u32> = vec![0; snapshot.values.len()];
    // Errors of the op's roots, reported in root order.
    let mut root_errors: Vec<(ValueId, PlanError)> = Vec::new();
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        if id == Snapshot::ROOT || erased.contains(&id) {
            continue;
        }
        let stamp = index as u32 + 1;
        roots_here.clear();
        let mut add = |root: ValueId, roots_here: &mut Vec<ValueId>| {
            if seen[root.index()] != stamp {
                seen[root.index()] = stamp;
                roots_here.push(root);
            }
        };
        // Whether an operand names an owned root (fast ones included).
        let mut names_owned = false;
        for &operand in &op.operands {
            // Roots whose liveness comes from [`RootLiveness`] need no uses
            // (nor can they fail here: their aliases' uses are ops of their
            // region, none taking an address).
            if let Some(fast) = fast
                && !fast.may_name_slow(operand)
            {
                names_owned |= fast.has_owned(operand);
                continue;
            }
            for root in ownership.roots_iter(operand) {
                if ownership.is_owned_root(root) {
                    names_owned = true;
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
        if !names_owned {
            continue;
        }
        if let Some(problem) = escape_problem(snapshot, ownership, id) {
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
            if !is_touched[root.index()] {
                is_touched[root.index()] = true;
                touched.push(root);
            }
            if let Some(address) = &address {
                let home = (region, def_block);
                match address_lifted_uses(snapshot, dominance, &cycles, address, id, home) {
                    Ok(lifted) => {
                        let uses = &mut uses[root.index()];
                        uses.extend(pending[root.index()].take());
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
                    &mut uses[root.index()],
                    &mut pending[root.index()],
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
            errors.extend(root_errors.drain(..).map(|(_, error)| error));
        }
    }
    for root in touched {
        uses[root.index()].extend(pending[root.index()].take());
    }
    uses
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

/// Operand occurrences that feed critical merges, and function returns.
fn feeds(snapshot: &Snapshot, ownership: &Ownership) -> Vec<Feed> {
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

/// Each owned root's liveness: walked per root ([`needed_blocks`]) or, for
/// the roots [`RootLiveness`] answers, from their aliases' own ranges.
struct Liveness<'l, 'a> {
    walked: Vec<Option<Needed>>,
    fast: Option<&'l RootLiveness<'a>>,
}

impl Liveness<'_, '_> {
    /// The liveness of owned root `root` (`None` without a home).
    fn of(&self, places: &Places, root: ValueId) -> Option<RootNeeded<'_>> {
        if let Some(fast) = self.fast
            && fast.is_fast(root)
        {
            let (_, def) = places.home(root)?;
            return Some(RootNeeded::Fast(fast, root, def));
        }
        self.walked[root.index()].as_ref().map(RootNeeded::Walked)
    }
}

/// One root's liveness (see [`Liveness`]).
#[derive(Clone, Copy)]
enum RootNeeded<'l> {
    Walked(&'l Needed),
    /// The root and its defining block.
    Fast(&'l RootLiveness<'l>, ValueId, BlockId),
}

impl RootNeeded<'_> {
    fn needed_in(&self, block: BlockId) -> bool {
        match *self {
            RootNeeded::Walked(needed) => needed.needed_in(block),
            RootNeeded::Fast(fast, root, def) => fast.needed_in(root, def, block),
        }
    }
}

/// Blocks of the root's region that still need the root on entry, as bits
/// over the span of block indices they cover (sparse in the function, dense
/// where the root lives; no list besides: on a chain of n blocks the roots
/// together need O(n^2) blocks, and a bit per block is 32 times smaller
/// than a block id).
struct Needed {
    first: usize,
    bits: Vec<u64>,
}

impl Needed {
    /// From the blocks, sorted.
    fn new(blocks: &[BlockId]) -> Self {
        let first = blocks.first().map_or(0, |b| b.index());
        let span = blocks.last().map_or(0, |b| b.index() + 1 - first);
        let mut bits = vec![0u64; span.div_ceil(64)];
        for b in blocks {
            let i = b.index() - first;
            bits[i / 64] |= 1 << (i % 64);
        }
        Needed { first, bits }
    }

    /// The blocks, ascending.
    fn blocks(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.bits.iter().enumerate().flat_map(move |(w, &word)| {
            let base = self.first + w * 64;
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    BlockId((base + i) as u32)
                })
            })
        })
    }

    fn needed_in(&self, block: BlockId) -> bool {
        block
            .index()
            .checked_sub(self.first)
            .and_then(|i| self.bits.get(i / 64).map(|w| w >> (i % 64) & 1 == 1))
            .unwrap_or(false)
    }
}

/// Backward liveness of one root over its region's blocks: a block needs the
/// root on entry if it uses it, or a successor needs it; the defining block
/// never does (the root is born there, also around back edges). `marks`
/// (one per block of the snapshot, all false) is scratch space, left false;
/// the work is linear in the blocks found, not in the region.
fn needed_blocks(
    snapshot: &Snapshot,
    places: &Places,
    dominance: &DominanceInfo<'_>,
    (region, def_block): (RegionId, BlockId),
    uses: &[Use],
    marks: &mut [bool],
) -> Needed {
    let mut found: Vec<BlockId> = Vec::new();
    let mut worklist: Vec<BlockId> = Vec::new();
    for u in uses {
        if let Some(b) = places.block(u.at())
            && b != def_block
            && snapshot.block(b).region == region
            && !marks[b.index()]
            && dominance.is_reachable(b)
        {
            marks[b.index()] = true;
            found.push(b);
            worklist.push(b);
        }
    }
    while let Some(b) = worklist.pop() {
        for p in dominance.cfg().predecessors(b) {
            // Found blocks first: the dominance query is the costly test.
            if marks[p.index()]
                || p == def_block
                || !dominance.is_reachable(p)
                || !dominance.block_dominates(def_block, p)
            {
                continue;
            }
            if snapshot.block(p).region == region {
                marks[p.index()] = true;
                found.push(p);
                worklist.push(p);
            }
        }
    }
    for b in &found {
        marks[b.index()] = false;
    }
    found.sort_unstable();
    Needed::new(&found)
}

/// The owned root that `feed` may hand on instead of a clone, if any: the
/// forwarded value must name it exactly (the root or an exact alias), the
/// root must live in the forwarder's region, be forwarded once, and be dead
/// after the edge.
fn can_move(
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

/// Where a root dies inside `block`: after its last use there, before the
/// terminator when the terminator itself uses it (a clone source), or right
/// after its definition when it has no use in the block.
fn free_in_block(
    snapshot: &Snapshot,
    places: &Places,
    root: ValueId,
    block: BlockId,
    uses: &[(BlockId, Use)],
) -> FreeAt {
    let last = uses
        .iter()
        .map(|(_, u)| u)
        .max_by_key(|u| places.position(u.at()));
    match last {
        Some(u) if snapshot.op(u.at()).facts.is_terminator => FreeAt::Before(u.at()),
        Some(u) => FreeAt::After(u.at()),
        None => match snapshot.value(root).def {
            ValueDef::OpResult { op, .. } if snapshot.op(op).parent_block == Some(block) => {
                FreeAt::After(op)
            }
            _ => FreeAt::StartOf(block),
        },
    }
}

/// The reachable CFG edges (terminator, successor index) into `target`.
fn reachable_edges_into(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    region: RegionId,
    target: BlockId,
) -> Vec<(OpId, u32)> {
    let mut out = Vec::new();
    for &block in &snapshot.region(region).blocks {
        if !dominance.is_reachable(block) {
            continue;
        }
        let Some(t) = snapshot.terminator(block) else {
            continue;
        };
        for (k, s) in snapshot.op(t).facts.successors.iter().enumerate() {
            if s.block == target {
                out.push((t, k as u32));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::ownership;
    use crate::analysis::snapshot::{Effect, OpFacts, SnapshotBuilder, Successor, ValueKind};

    fn func_facts() -> OpFacts {
        OpFacts {
            is_automatic_allocation_scope: true,
            is_isolated_from_above: true,
            regions_have_ssa_dominance: true,
            ..OpFacts::default()
        }
    }

    fn alloc_facts(builder: &SnapshotBuilder, next_value: u32) -> OpFacts {
        let _ = builder;
        OpFacts {
            effects: Effects::Known(vec![Effect {
                kind: EffectKind::Allocate,
                value: Some(ValueId(next_value)),
                on_automatic_scope: false,
            }]),
            regions_have_ssa_dominance: true,
            ..OpFacts::default()
        }
    }

    fn branch(to: Vec<(BlockId, Vec<ValueId>)>) -> OpFacts {
        OpFacts {
            is_terminator: true,
            effects: Effects::Known(vec![]),
            successors: to
                .into_iter()
                .map(|(block, forwarded)| Successor {
                    block,
                    forwarded,
                    produced: 0,
                    mapping_known: true,
                })
                .collect(),
            ..OpFacts::default()
        }
    }

    fn return_facts() -> OpFacts {
        OpFacts {
            is_terminator: true,
            is_return_like: true,
            ..OpFacts::default()
        }
    }

    fn read_facts(value: ValueId) -> OpFacts {
        OpFacts {
            effects: Effects::Known(vec![Effect {
                kind: EffectKind::Read,
                value: Some(value),
                on_automatic_scope: false,
            }]),
            ..OpFacts::default()
        }
    }

    fn plan_of(snapshot: &Snapshot) -> Result<Plan, Vec<PlanError>> {
        let dominance = DominanceInfo::new(snapshot);
        let ownership = crate::analysis::ownership::compute(snapshot, &dominance);
        plan(snapshot, &dominance, &ownership, &[])
    }

    #[test]
    fn a_buffer_leaving_an_op_without_region_semantics_is_refused() {
        let mut b = SnapshotBuilder::new("func.func", func_facts());
        let body = b.add_region(Snapshot::ROOT);
        let entry = b.add_block(body, &[]);
        let unknown = b.add_op(
            entry,
            "test.region_op",
            &[],
            &[],
            OpFacts {
                regions_have_ssa_dominance: true,
                ..OpFacts::default()
            },
        );
        let inner = b.add_region(unknown);
        let inner_block = b.add_block(inner, &[]);
        let next = b.snapshot().values.len() as u32;
        let facts = alloc_facts(&b, next);
        let alloc = b.add_op(
            inner_block,
            "memref.alloc",
            &[],
            &[ValueKind::RankedMemRef],
            facts,
        );
        let buffer = b.snapshot().op(alloc).results[0];
        let exit = b.add_op(
            inner_block,
            "test.region_terminator",
            &[buffer],
            &[],
            OpFacts {
                is_terminator: true,
                effects: Effects::Known(vec![]),
                ..OpFacts::default()
            },
        );
        b.add_op(
            entry,
            "func.return",
            &[],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                ..OpFacts::default()
            },
        );
        let errors = plan_of(&b.finish()).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].op, exit);
        assert!(
            errors[0]
                .error
                .to_string()
                .contains("whose control flow is unknown"),
            "{}",
            errors[0].error.to_string()
        );
    }

    /// The plan of `snapshot` with roots' liveness found `mode`: clone-based,
    /// or ownership-based with the merges `flaggable` accepts.
    fn plan_in(
        snapshot: &Snapshot,
        mode: LivenessMode,
        flaggable: Option<&dyn Fn(ValueId) -> bool>,
    ) -> Result<Plan, Vec<PlanError>> {
        let dominance = DominanceInfo::new(snapshot);
        let ownership = crate::analysis::ownership::compute(snapshot, &dominance);
        let config = PlanConfig {
            liveness: mode,
            flaggable,
            ..PlanConfig::default()
        };
        plan_with(snapshot, &dominance, &ownership, &config)
    }

    /// Liveness per value ([`RootLiveness`]) gives the plan the per-root
    /// walk gives, on random snapshots (CFGs with loops, nested regions,
    /// unknown ops, graph regions) and on random CFGs of many blocks, where
    /// merges of different roots from different blocks make some roots slow;
    /// clone-based and ownership-based (every merge, or every other one, can
    /// carry a flag: borrows make their merges and lenders slow).
    #[test]
    fn liveness_per_value_plans_as_per_root_on_random_snapshots() {
        use crate::analysis::testgen::{GenConfig, generate};
        let (mut planned, mut fast_roots, mut slow_roots) = (0, 0, 0);
        let mut borrows = 0;
        let configs = [
            GenConfig::default(),
            GenConfig::medium(),
            GenConfig::cfg_only(12),
        ];
        let all = |_: ValueId| true;
        let even = |v: ValueId| v.0.is_multiple_of(2);
        let modes: [Option<&dyn Fn(ValueId) -> bool>; 3] = [None, Some(&all), Some(&even)];
        for (c, config) in configs.iter().enumerate() {
            for (seed, flaggable) in (0..200).flat_map(|s| modes.iter().map(move |&f| (s, f))) {
                let snapshot = generate(seed * 7 + c as u64, config);
                let per_root = plan_in(&snapshot, LivenessMode::PerRoot, flaggable);
                let per_value = plan_in(&snapshot, LivenessMode::PerValue, flaggable);
                match (&per_root, &per_value) {
                    (Ok(a), Ok(b)) => {
                        planned += 1;
                        borrows += a.borrows;
                        let what = format!(
                            "seed {seed}, config {c}, ownership-based: {}",
                            flaggable.is_some()
                        );
                        assert_eq!(a.erase, b.erase, "{what}");
                        assert_eq!(a.clones, b.clones, "{what}");
                        assert_eq!(a.moves, b.moves, "{what}");
                        assert_eq!(a.frees, b.frees, "{what}");
                        assert_eq!(a.splits, b.splits, "{what}");
                        assert_eq!(a.decisions, b.decisions, "{what}");
                        assert_eq!(a.owns, b.owns, "{what}");
                        assert_eq!(a.borrows, b.borrows, "{what}");
                        assert_eq!(a.borrowed, b.borrowed, "{what}");
                    }
                    (Err(a), Err(b)) => assert_eq!(a, b, "seed {seed}, config {c}"),
                    _ => panic!("seed {seed}, config {c}: {per_root:?} vs {per_value:?}"),
                }
                let dominance = DominanceInfo::new(&snapshot);
                let ownership = crate::analysis::ownership::compute(&snapshot, &dominance);
                let fast = RootLiveness::new(
                    &snapshot,
                    &dominance,
                    &ownership,
                    &BTreeSet::new(),
                    &UseLists::new(&snapshot),
                    &BTreeSet::new(),
                );
                for root in ownership.owned_roots() {
                    if fast.is_fast(root) {
                        fast_roots += 1;
                    } else {
                        slow_roots += 1;
                    }
                }
            }
        }
        // Most snapshots get a plan, with roots of both kinds.
        assert!(planned > 900, "{planned} plans");
        assert!(borrows > 100, "{borrows} borrows");
        assert!(fast_roots > 300, "{fast_roots} fast roots");
        assert!(slow_roots > 300, "{slow_roots} slow roots");
    }

    /// The block chain (`utils/gen_block_chain.py`) at 64
    /// blocks: block k allocates `%mk`, reads its argument `%ak` and passes
    /// `%mk` or `%ak` to block k+1 through one conditional branch. Root sets
    /// are wide, nothing borrows, so both modes find every root's liveness
    /// from its aliases' own ranges (the per-root walk is quadratic here:
    /// ownership-based mode kept it until borrows were modelled apart), and
    /// every allocation is freed in the last block.
    #[test]
    fn the_block_chain_needs_no_per_root_walk_in_either_mode() {
        const N: usize = 64;
        let mut b = SnapshotBuilder::new("func.func", func_facts());
        let body = b.add_region(Snapshot::ROOT);
        let entry = b.add_block(body, &[ValueKind::Other, ValueKind::RankedMemRef]);
        let blocks: Vec<BlockId> = (0..=N)
            .map(|_| b.add_block(body, &[ValueKind::RankedMemRef]))
            .collect();
        let cond = b.snapshot().block(entry).args[0];
        let init = b.snapshot().block(entry).args[1];
        b.add_op(
            entry,
            "cf.br",
            &[init],
            &[],
            branch(vec![(blocks[0], vec![init])]),
        );
        let mut allocs = Vec::new();
        for k in 0..N {
            let arg = b.snapshot().block(blocks[k]).args[0];
            let next = b.snapshot().values.len() as u32;
            let f = alloc_facts(&b, next);
            let a = b.add_op(
                blocks[k],
                "memref.alloc",
                &[],
                &[ValueKind::RankedMemRef],
                f,
            );
            let m = b.snapshot().op(a).results[0];
            allocs.push(m);
            b.add_op(blocks[k], "read", &[arg], &[], read_facts(arg));
            b.add_op(
                blocks[k],
                "cf.cond_br",
                &[cond, m, arg],
                &[],
                branch(vec![(blocks[k + 1], vec![m]), (blocks[k + 1], vec![arg])]),
            );
        }
        let last = b.snapshot().block(blocks[N]).args[0];
        let read = b.add_op(blocks[N], "read", &[last], &[], read_facts(last));
        b.add_op(blocks[N], "func.return", &[], &[], return_facts());
        let snapshot = b.finish();
        let all = |_: ValueId| true;
        for flaggable in [None, Some(&all as &dyn Fn(ValueId) -> bool)] {
            let plan = plan_in(&snapshot, LivenessMode::Auto, flaggable).unwrap();
            assert_eq!(plan.walked_roots, 0);
            assert_eq!((plan.borrows, plan.moves), (0, 0));
            assert!(plan.clones.is_empty() && plan.splits.is_empty());
            let mut expected: Vec<(ValueId, FreeAt)> =
                allocs.iter().map(|&m| (m, FreeAt::After(read))).collect();
            expected.sort();
            assert_eq!(plan.frees, expected);
        }
    }

    /// Seed @branch: both buffers reaching the join are moved, %0 is freed
    /// at the start of the branch that does not use it, the join's argument
    /// after its use.
    #[test]
    fn branch_example_moves_both_buffers() {
        let mut b = SnapshotBuilder::new("func.func", func_facts());
        let body = b.add_region(Snapshot::ROOT);
        let bb0 = b.add_block(body, &[ValueKind::Other]);
        let bb1 = b.add_block(body, &[]);
        let bb2 = b.add_block(body, &[]);
        let bb3 = b.add_block(body, &[ValueKind::RankedMemRef]);
        let next = b.snapshot().values.len() as u32;
        let f = alloc_facts(&b, next);
        let a0 = b.add_op(bb0, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
        let v0 = b.snapshot().op(a0).results[0];
        let cond = b.snapshot().block(bb0).args[0];
        b.add_op(
            bb0,
            "cf.cond_br",
            &[cond],
            &[],
            branch(vec![(bb1, vec![]), (bb2, vec![])]),
        );
        let next = b.snapshot().values.len() as u32;
        let f = alloc_facts(&b, next);
        let a1 = b.add_op(bb1, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
        let v1 = b.snapshot().op(a1).results[0];
        b.add_op(bb1, "cf.br", &[v1], &[], branch(vec![(bb3, vec![v1])]));
        let read = read_facts(v0);
        let use0 = b.add_op(bb2, "use", &[v0], &[], read);
        b.add_op(bb2, "cf.br", &[v0], &[], branch(vec![(bb3, vec![v0])]));
        let join = b.snapshot().block(bb3).args[0];
        let read = read_facts(join);
        let use2 = b.add_op(bb3, "use", &[join], &[], read);
        b.add_op(bb3, "func.return", &[], &[], return_facts());
        let plan = plan_of(&b.finish()).unwrap();
        assert_eq!(plan.moves, 2);
        assert!(plan.clones.is_empty());
        assert!(plan.splits.is_empty());
        assert_eq!(
            plan.frees,
            vec![(join, FreeAt::After(use2)), (v0, FreeAt::StartOf(bb1))]
        );
        let _ = use0;
    }

    /// A block argument fed an allocation on one path and a function
    /// argument on the other: clone-based mode clones the argument;
    /// ownership-based mode borrows it (no clone), moves the allocation, and
    /// the merge's ownership is dynamic.
    #[test]
    fn a_function_argument_is_borrowed_not_cloned_with_flags() {
        let mut b = SnapshotBuilder::new("func.func", func_facts());
        let body = b.add_region(Snapshot::ROOT);
        let bb0 = b.add_block(body, &[ValueKind::Other, ValueKind::RankedMemRef]);
        let bb1 = b.add_block(body, &[]);
        let bb2 = b.add_block(body, &[]);
        let bb3 = b.add_block(body, &[ValueKind::RankedMemRef]);
        let cond = b.snapshot().block(bb0).args[0];
        let arg = b.snapshot().block(bb0).args[1];
        b.add_op(
            bb0,
            "cf.cond_br",
            &[cond],
            &[],
            branch(vec![(bb1, vec![]), (bb2, vec![])]),
        );
        let next = b.snapshot().values.len() as u32;
        let f = alloc_facts(&b, next);
        let a = b.add_op(bb1, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
        let va = b.snapshot().op(a).results[0];
        b.add_op(bb1, "cf.br", &[va], &[], branch(vec![(bb3, vec![va])]));
        b.add_op(bb2, "cf.br", &[arg], &[], branch(vec![(bb3, vec![arg])]));
        let join = b.snapshot().block(bb3).args[0];
        let read = read_facts(join);
        let use_join = b.add_op(bb3, "use", &[join], &[], read);
        b.add_op(bb3, "func.return", &[], &[], return_facts());
        let snapshot = b.finish();
        let dominance = DominanceInfo::new(&snapshot);
        let ownership = crate::analysis::ownership::compute(&snapshot, &dominance);

        let cloned = plan(&snapshot, &dominance, &ownership, &[]).unwrap();
        assert_eq!(cloned.clones.len(), 1);
        assert_eq!(cloned.clones[0].value, arg);

        let all = |_: ValueId| true;
        let config = PlanConfig {
            refused: &[],
            flaggable: Some(&all),
            flagged_calls: None,
            returns_flags: false,
            liveness: LivenessMode::Auto,
        };
        let owned = plan_with(&snapshot, &dominance, &ownership, &config).unwrap();
        assert!(owned.clones.is_empty() && owned.splits.is_empty());
        assert_eq!(owned.borrows, 1);
        assert_eq!(owned.moves, 1);
        assert_eq!(owned.owns.get(&join), Some(&Owns::Dynamic));
        let handover = |v: ValueId| {
            owned
                .decisions
                .iter()
                .find(|d| d.value == v)
                .map(|d| d.handover)
        };
        assert_eq!(handover(arg), Some(Handover::Borrow));
        assert_eq!(handover(va), Some(Handover::Move(va)));
        assert_eq!(owned.frees, vec![(join, FreeAt::After(use_join))]);
    }

    /// A buffer a bufferization.dealloc frees that the pass would own too (a
    /// critical merge of buffers allocated in the branches) is refused at the
    /// dealloc. The backward closure of dealloc operands never leaves such a
    /// merge unhandled while its inputs are, so the marks are made by hand.
    #[test]
    fn a_dealloc_freeing_a_buffer_the_pass_owns_is_refused() {
        let mut b = SnapshotBuilder::new("func.func", func_facts());
        let body = b.add_region(Snapshot::ROOT);
        let bb0 = b.add_block(body, &[ValueKind::Other]);
        let bb1 = b.add_block(body, &[]);
        let bb2 = b.add_block(body, &[]);
        let bb3 = b.add_block(body, &[ValueKind::RankedMemRef]);
        let cond = b.snapshot().block(bb0).args[0];
        b.add_op(
            bb0,
            "cf.cond_br",
            &[cond],
            &[],
            branch(vec![(bb1, vec![]), (bb2, vec![])]),
        );
        for block in [bb1, bb2] {
            let next = b.snapshot().values.len() as u32;
            let f = alloc_facts(&b, next);
            let alloc = b.add_op(block, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
            let v = b.snapshot().op(alloc).results[0];
            b.add_op(block, "cf.br", &[v], &[], branch(vec![(bb3, vec![v])]));
        }
        let merge = b.snapshot().block(bb3).args[0];
        let dealloc = b.add_op(
            bb3,
            crate::analysis::allocs::OWNERSHIP_BASED_DEALLOC,
            &[merge, cond],
            &[],
            OpFacts {
                regions_have_ssa_dominance: true,
                ..OpFacts::default()
            },
        );
        b.add_op(
            bb3,
            "func.return",
            &[],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                ..OpFacts::default()
            },
        );
        let snapshot = b.finish();
        let dominance = DominanceInfo::new(&snapshot);
        let alias = AliasAnalysis::new(&snapshot);
        let mut handled = vec![false; snapshot.values.len()];
        handled[merge.index()] = true;
        let ownership =
            ownership::compute_with_handled(&snapshot, &dominance, alias.flow(), &handled);
        assert!(ownership.is_owned_root(merge));
        let errors = check_handled(&snapshot, &ownership, &alias, &handled).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].op, dealloc);
        // With the marks the pass computes (the merge and both allocations),
        // nothing is owned and nothing is refused.
        let handled = handled_by_ownership_deallocs(&snapshot, &alias);
        let ownership =
            ownership::compute_with_handled(&snapshot, &dominance, alias.flow(), &handled);
        assert!(ownership.owned_roots().next().is_none());
        assert!(check_handled(&snapshot, &ownership, &alias, &handled).is_ok());
    }
}
