//! Buffer ownership for clone-based deallocation (seeds 000 and 002): which
//! values own the memory they name, which values are mere aliases, and which
//! control-flow merges are *critical*.
//!
//! Every buffer value gets a set of *roots*: the values whose memory it may
//! name. A root is either
//! - **owned**: the function must free it or hand it on — results of heap
//!   allocations (`MemoryEffects::Allocate` not on the automatic-allocation
//!   scope), results of calls (callers own call results, the seeds' contract)
//!   and critical merges (below); or
//! - **not owned**: function arguments, allocas, buffers from ops without
//!   buffer operands (e.g. globals).
//!
//! Which values may name which memory comes from the shared value-flow graph
//! ([`crate::analysis::value_flow`]): views, casts and other ops pass their
//! buffer operands' roots on to their buffer results (unless they allocate
//! the result). A result of an op with unknown effects or unknown regions may
//! be any of its buffer operands, or memory from elsewhere: it names those
//! operands' roots and itself as a root the function does not own, so every
//! use of it keeps the operands' buffers alive.
//!
//! A *merge* value receives buffers along control-flow edges: a block
//! argument (branch successor operands), a region entry argument or a result
//! of a `RegionBranchOpInterface` op (region edges). A merge is
//! - an **alias** of the union `S` of its inputs' roots when every *owned*
//!   root in `S` properly dominates the merge (the seeds' non-critical alias:
//!   `%1` reaching `^bb5(%2)` from both sides; also a function argument or an
//!   alloca meeting a buffer allocated before the branch: each owned root
//!   then lives until the merge's last use, whichever arrived);
//! - **not owned** when every incoming root is not owned (no clone is needed
//!   to free nothing);
//! - **critical** otherwise: it becomes an owned root itself and every edge
//!   into it must pass it a buffer it may own — a clone, or the incoming
//!   owned buffer moved (decided by the deallocation pass, which knows where
//!   buffers are last used).
//!
//! Large root sets are persistent ([`RootSet`]): a merge's set is its
//! largest input's set with the others' roots inserted, sharing the rest, so
//! on a chain of merges each adding one root the sets take linear memory
//! (as vectors they took n²/2 ids on a chain of n blocks).
//!
//! Merges may depend on themselves through loops, so the states form a
//! lattice solved optimistically to a fix-point: `Unknown` (no incoming
//! information yet) < `Alias(S)` or `NotOwned(S)` < `Critical`. An edge
//! operand that feeds several merges at once (e.g. `scf.for` init operands
//! feed the body arguments and the results) makes all of them critical when
//! one is, since a clone on that operand reaches all of them.
//!
//! Facts that prevent a sound answer are reported as [`Problem`]s instead of
//! guessed: merges fed by a terminator whose operand mapping is unknown,
//! region-branch ops with a region whose terminator has no known edges.

use crate::analysis::{
    dominance::DominanceInfo,
    snapshot::{OpId, Snapshot, ValueDef, ValueId, ValueKind},
    value_flow::{Origin, ValueFlow},
};

/// A set of roots. One root (the common case: most buffers name exactly
/// one) is held inline, without an allocation; small sets are a sorted
/// vector; above [`RootSet::SMALL`] roots the set is persistent, shared
/// between the values that name it (cloning is O(1), inserting copies one
/// path). Which form a set takes depends only on its size, so equal sets
/// compare equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootSet(RootRepr);

#[derive(Clone, Debug, PartialEq, Eq)]
enum RootRepr {
    /// Exactly one root.
    One(ValueId),
    /// No root, or 2 to [`RootSet::SMALL`] roots, sorted.
    Small(Vec<ValueId>),
    Shared(imbl::OrdSet<ValueId>),
}

impl Default for RootSet {
    fn default() -> Self {
        RootSet::new()
    }
}

impl RootSet {
    /// The largest set kept as a sorted vector (iterating a persistent set
    /// costs more, and most sets are this small).
    pub const SMALL: usize = 16;

    pub fn new() -> Self {
        RootSet(RootRepr::Small(Vec::new()))
    }

    pub fn len(&self) -> usize {
        match &self.0 {
            RootRepr::One(_) => 1,
            RootRepr::Small(v) => v.len(),
            RootRepr::Shared(s) => s.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, root: &ValueId) -> bool {
        match &self.0 {
            RootRepr::One(r) => r == root,
            RootRepr::Small(v) => v.binary_search(root).is_ok(),
            RootRepr::Shared(s) => s.contains(root),
        }
    }

    /// The roots, ascending.
    pub fn iter(&self) -> RootIter<'_> {
        match &self.0 {
            RootRepr::One(r) => RootIter::Small(std::slice::from_ref(r).iter()),
            RootRepr::Small(v) => RootIter::Small(v.iter()),
            RootRepr::Shared(s) => RootIter::Shared(s.iter()),
        }
    }

    pub fn insert(&mut self, root: ValueId) {
        match &mut self.0 {
            RootRepr::Small(v) if v.is_empty() => self.0 = RootRepr::One(root),
            RootRepr::One(r) => {
                if *r != root {
                    let (a, b) = ((*r).min(root), (*r).max(root));
                    self.0 = RootRepr::Small(vec![a, b]);
                }
            }
            RootRepr::Small(v) => {
                if let Err(at) = v.binary_search(&root) {
                    v.insert(at, root);
                    if v.len() > Self::SMALL {
                        self.0 = RootRepr::Shared(v.iter().copied().collect());
                    }
                }
            }
            RootRepr::Shared(s) => {
                s.insert(root);
            }
        }
    }
}

/// [`RootSet::iter`].
pub enum RootIter<'a> {
    Small(std::slice::Iter<'a, ValueId>),
    Shared(imbl::ordset::Iter<'a, ValueId, imbl::shared_ptr::DefaultSharedPtr>),
}

impl<'a> Iterator for RootIter<'a> {
    type Item = &'a ValueId;

    fn next(&mut self) -> Option<&'a ValueId> {
        match self {
            RootIter::Small(i) => i.next(),
            RootIter::Shared(i) => i.next(),
        }
    }
}

/// [`Ownership::roots_iter`]: a root itself, or the roots of an alias (one
/// match per step, for the per-operand walks of the deallocation plan).
pub enum Roots<'a> {
    One(Option<ValueId>),
    Set(RootIter<'a>),
}

impl Iterator for Roots<'_> {
    type Item = ValueId;

    fn next(&mut self) -> Option<ValueId> {
        match self {
            Roots::One(root) => root.take(),
            Roots::Set(roots) => roots.next().copied(),
        }
    }
}

/// What a value is, for ownership.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Not a buffer.
    NotBuffer,
    /// An owned root (allocation, call result or critical merge).
    OwnedRoot,
    /// A root this function does not own.
    UnownedRoot,
    /// Names memory of the given roots.
    Alias(RootSet),
}

/// One edge into a merge value: `forwarder` passes its operand `value`
/// (occurrence `slot` of the forwarder's forwarded list) to the merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Incoming {
    pub forwarder: OpId,
    pub value: ValueId,
    /// Identifies the operand occurrence: (successor or edge index, position).
    pub slot: (u32, u32),
}

/// Why ownership cannot be decided soundly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// `op` branches to a block whose arguments' sources are unknown (no
    /// `BranchOpInterface`) while buffers flow there.
    UnknownSuccessorOperands { op: OpId },
    /// Region-branch op `op` has a region whose terminator `terminator` has
    /// no known region edges.
    UnknownRegionExit { op: OpId, terminator: OpId },
}

/// The ownership of every value of a snapshot.
#[derive(Clone, Debug)]
pub struct Ownership {
    pub kinds: Vec<Kind>,
    /// For merge values: their incoming edges (empty for other values).
    pub incoming: Vec<Vec<Incoming>>,
    /// Merge values that are critical.
    pub critical: Vec<bool>,
    /// Values that name exactly one root's allocation: the root itself, a
    /// cast or a view of an exact alias that keeps its allocated pointer
    /// ([`keeps_allocation`]), or a non-critical merge all of whose inputs
    /// are exact aliases of it. Handing such a value on hands on the root
    /// (freeing it frees the root: `memref.dealloc` frees a memref's
    /// allocated pointer).
    pub exact: Vec<bool>,
    pub problems: Vec<Problem>,
    /// The `handled` marks [`compute_with_handled`] was given: buffers that
    /// something else in the IR already frees or hands on.
    pub handled: Vec<bool>,
}

impl Ownership {
    /// Whether `value` is left to deallocation already in the IR.
    pub fn is_handled(&self, value: ValueId) -> bool {
        self.handled.get(value.index()).copied().unwrap_or(false)
    }
}

/// The source of `value` when `value` is the result of an op that keeps
/// its source's allocation: a `CastOpInterface` op with one operand and one
/// result (the same buffer with another static type), or the result of a
/// `ViewLikeOpInterface` op viewing a memref as a memref. A memref's
/// descriptor carries the pointer its buffer was allocated at, and a view
/// (cast, subview, reinterpret_cast, collapse_shape, expand_shape,
/// transpose, view) copies it from its source unchanged, whatever its offset,
/// sizes and strides: the view, handed on, can free the buffer
/// (`memref.dealloc` frees the allocated pointer).
pub fn keeps_allocation(snapshot: &Snapshot, value: ValueId) -> Option<ValueId> {
    let ValueDef::OpResult { op, index } = snapshot.value(value).def else {
        return None;
    };
    let info = snapshot.op(op);
    if info.facts.is_cast {
        return (info.operands.len() == 1 && info.results.len() == 1).then(|| info.operands[0]);
    }
    let source = info.facts.view_source?;
    let memref = |v: ValueId| snapshot.value(v).kind == ValueKind::RankedMemRef;
    (index == 0 && info.results.len() == 1 && memref(value) && memref(source)).then_some(source)
}

/// Roots are exact; an alias merge is exact when all its inputs are exact
/// aliases of its single root, and a cast or view that keeps its source's
/// allocation ([`keeps_allocation`]) when its source is (greatest
/// fix-point: start true, refute).
fn exact_aliases(
    snapshot: &Snapshot,
    kinds: &[Kind],
    incoming: &[Vec<Incoming>],
    is_merge: &[bool],
) -> Vec<bool> {
    let cast_source = |i: usize| keeps_allocation(snapshot, ValueId(i as u32));
    let mut exact: Vec<bool> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| match k {
            Kind::OwnedRoot | Kind::UnownedRoot => true,
            Kind::Alias(roots) => roots.len() == 1 && (is_merge[i] || cast_source(i).is_some()),
            Kind::NotBuffer => false,
        })
        .collect();
    loop {
        let mut changed = false;
        for i in 0..kinds.len() {
            if !exact[i] || !matches!(kinds[i], Kind::Alias(_)) {
                continue;
            }
            let refuted = match cast_source(i) {
                Some(source) if !is_merge[i] => !exact[source.index()],
                _ => incoming[i]
                    .iter()
                    .any(|e| e.value.index() != i && !exact[e.value.index()]),
            };
            if refuted {
                exact[i] = false;
                changed = true;
            }
        }
        if !changed {
            return exact;
        }
    }
}

impl Ownership {
    /// The owned root that `value` names exactly, if any.
    pub fn exact_owned_root(&self, value: ValueId) -> Option<ValueId> {
        if !self.exact[value.index()] {
            return None;
        }
        if self.roots_len(value) != 1 {
            return None;
        }
        self.roots_iter(value)
            .next()
            .filter(|&root| self.is_owned_root(root))
    }

    /// The roots `value` may name (itself for roots, empty for non-buffers).
    pub fn roots(&self, value: ValueId) -> Vec<ValueId> {
        match &self.kinds[value.index()] {
            Kind::NotBuffer => vec![],
            Kind::OwnedRoot | Kind::UnownedRoot => vec![value],
            Kind::Alias(roots) => roots.iter().copied().collect(),
        }
    }

    /// [`Ownership::roots`] without copying them.
    pub fn roots_iter(&self, value: ValueId) -> Roots<'_> {
        match &self.kinds[value.index()] {
            Kind::NotBuffer => Roots::One(None),
            Kind::OwnedRoot | Kind::UnownedRoot => Roots::One(Some(value)),
            Kind::Alias(roots) => Roots::Set(roots.iter()),
        }
    }

    /// Whether `root` is among the roots `value` may name.
    pub fn names(&self, value: ValueId, root: ValueId) -> bool {
        match &self.kinds[value.index()] {
            Kind::NotBuffer => false,
            Kind::OwnedRoot | Kind::UnownedRoot => value == root,
            Kind::Alias(roots) => roots.contains(&root),
        }
    }

    /// How many roots `value` may name.
    pub fn roots_len(&self, value: ValueId) -> usize {
        match &self.kinds[value.index()] {
            Kind::NotBuffer => 0,
            Kind::OwnedRoot | Kind::UnownedRoot => 1,
            Kind::Alias(roots) => roots.len(),
        }
    }

    pub fn is_owned_root(&self, value: ValueId) -> bool {
        matches!(self.kinds[value.index()], Kind::OwnedRoot)
    }

    /// Every owned root.
    pub fn owned_roots(&self) -> impl Iterator<Item = ValueId> + '_ {
        self.kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| matches!(k, Kind::OwnedRoot))
            .map(|(i, _)| ValueId(i as u32))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum MergeState {
    Unknown,
    Alias(RootSet),
    NotOwned(RootSet),
    Critical,
}

/// [`MergeState`] without its roots (the value's [`Kind`] holds them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MergeTag {
    Unknown,
    Alias,
    NotOwned,
    Critical,
}

impl MergeState {
    fn tag(&self) -> MergeTag {
        match self {
            MergeState::Unknown => MergeTag::Unknown,
            MergeState::Alias(_) => MergeTag::Alias,
            MergeState::NotOwned(_) => MergeTag::NotOwned,
            MergeState::Critical => MergeTag::Critical,
        }
    }
}

/// Computes ownership for `snapshot`.
pub fn compute(snapshot: &Snapshot, dominance: &DominanceInfo<'_>) -> Ownership {
    compute_with_flow(snapshot, dominance, &ValueFlow::new(snapshot))
}

/// [`compute`] over an existing value-flow graph of `snapshot` (e.g. the one
/// an [`crate::analysis::alias::AliasAnalysis`] was built on).
pub fn compute_with_flow(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    flow: &ValueFlow,
) -> Ownership {
    compute_with_handled(snapshot, dominance, flow, &[])
}

/// [`compute_with_flow`] where the buffers marked in `handled` (indexed by
/// value; shorter slices mark nothing) are freed by something else already
/// in the IR, e.g. ownership-based `bufferization.dealloc` ops: allocations
/// and call results among them are roots the function does not own, so
/// merges of them alone need no clone and nothing places a free for them.
pub fn compute_with_handled(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    flow: &ValueFlow,
    handled: &[bool],
) -> Ownership {
    let n = snapshot.values.len();
    // Buffers start unknown (an alias with no roots yet), so that a merge
    // visited before the values it receives stays optimistic.
    let mut kinds: Vec<Kind> = snapshot
        .values
        .iter()
        .map(|v| {
            if v.kind.is_buffer() {
                Kind::Alias(RootSet::new())
            } else {
                Kind::NotBuffer
            }
        })
        .collect();
    let mut incoming: Vec<Vec<Incoming>> = vec![vec![]; n];
    let mut is_merge = vec![false; n];
    let mut problems = Vec::new();
    // Operand occurrences feeding several merges: (forwarder, slot) -> merges.
    let mut coupled: Vec<Vec<ValueId>> = Vec::new();

    collect_incoming(
        snapshot,
        flow,
        &mut incoming,
        &mut is_merge,
        &mut coupled,
        &mut problems,
    );

    // The state of each merge without its root set, which `kinds` holds
    // (keeping it twice doubled the memory on long block chains).
    let mut states = vec![MergeTag::Unknown; n];
    let mut force_critical = false;
    let mut converged = false;
    // Merges are recomputed from their inputs each round; only `Critical`
    // is absorbing. Inputs settle from optimistic to final, so a merge may
    // move between `NotOwned` and `Alias` on the way. Should no fix-point be
    // reached within the bound, every merge becomes critical, which is always
    // sound (clones on every edge), and the rest settles with merges fixed.
    //
    // A value none of whose inputs changed since it was last computed is not
    // computed again (it would get the same kind): on a long chain of blocks
    // a second round would otherwise recompute every merge's root set. Its
    // inputs are the kinds of the values it reads (incoming edges' values,
    // flow sources) and, for a merge, whether each root in its set is owned;
    // a root's ownership changes without its readers' inputs changing only
    // when it turns between owned and not-owned root after having been one
    // (before, no root set holds it), which makes every value computed again.
    let mut tracker = ChangeTracker::new(n);
    // The buffers, the only values each round computes.
    let buffers: Vec<u32> = (0..n as u32)
        .filter(|&i| snapshot.value(ValueId(i)).kind.is_buffer())
        .collect();
    for _attempt in 0..2 {
        tracker.computed.fill(0);
        for _round in 0..(64 + 4 * n) {
            let mut changed = false;
            for &index in &buffers {
                let (v, index) = (ValueId(index), index as usize);
                let again = if is_merge[index] {
                    tracker.start(index, incoming[index].iter().map(|e| e.value))
                } else {
                    tracker.start(index, flow.incoming(v).iter().map(|e| e.from))
                };
                if !again {
                    continue;
                }
                if is_merge[index] {
                    let next = if force_critical || states[index] == MergeTag::Critical {
                        MergeState::Critical
                    } else {
                        merge_state(snapshot, dominance, v, &incoming[index], &kinds)
                    };
                    let tag = next.tag();
                    let tag_changed = tag != states[index];
                    if tag_changed {
                        states[index] = tag;
                        changed = true;
                    }
                    let kind = match next {
                        MergeState::Unknown => Kind::Alias(RootSet::new()),
                        MergeState::Alias(s) => Kind::Alias(s),
                        MergeState::NotOwned(s) if s.is_empty() => Kind::UnownedRoot,
                        MergeState::NotOwned(s) => Kind::Alias(s),
                        MergeState::Critical => Kind::OwnedRoot,
                    };
                    tracker.names_itself(index, &kind);
                    if kinds[index] != kind {
                        tracker.changed(index, &kinds[index], &kind);
                        kinds[index] = kind;
                        changed = true;
                    } else if tag_changed {
                        tracker.changed(index, &kinds[index], &kinds[index]);
                    }
                } else {
                    let kind = definition_kind(snapshot, flow, v, &kinds, handled);
                    tracker.names_itself(index, &kind);
                    if kinds[index] != kind {
                        tracker.changed(index, &kinds[index], &kind);
                        kinds[index] = kind;
                        changed = true;
                    }
                }
            }
            // Coupled operand occurrences: one critical receiver makes all critical.
            for merges in &coupled {
                if merges
                    .iter()
                    .any(|m| states[m.index()] == MergeTag::Critical)
                {
                    for m in merges {
                        if states[m.index()] != MergeTag::Critical {
                            states[m.index()] = MergeTag::Critical;
                            tracker.changed(m.index(), &kinds[m.index()], &Kind::OwnedRoot);
                            tracker.recompute(m.index());
                            kinds[m.index()] = Kind::OwnedRoot;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                converged = true;
                break;
            }
        }
        if converged {
            break;
        }
        force_critical = true;
    }
    // Merges that never received anything known (e.g. only from themselves
    // or unreachable code) name memory the function does not own.
    for index in 0..n {
        if is_merge[index] && states[index] == MergeTag::Unknown {
            kinds[index] = Kind::UnownedRoot;
        }
    }
    let critical: Vec<bool> = states.iter().map(|s| *s == MergeTag::Critical).collect();
    let exact = exact_aliases(snapshot, &kinds, &incoming, &is_merge);
    Ownership {
        kinds,
        incoming,
        critical,
        exact,
        problems,
        handled: handled.to_vec(),
    }
}

/// When the values of [`compute_with_handled`]'s fix-point must be computed
/// again: steps (one per value computed) at which each was last computed and
/// last changed.
struct ChangeTracker {
    step: u64,
    /// Per value: the step it was last computed at (0: never, or must be).
    computed: Vec<u64>,
    /// Per value: the step its kind or state last changed at.
    changed: Vec<u64>,
    /// Per value: its kind names itself as a root among others, or its
    /// state changed from outside its own computation (coupled operands):
    /// it is always computed again.
    always: Vec<bool>,
    /// Per value: it has been a root (owned or not), so root sets may hold it.
    was_root: Vec<bool>,
    /// The last step at which a value turned between owned and not-owned
    /// root after having been a root.
    last_flip: u64,
}

impl ChangeTracker {
    fn new(n: usize) -> Self {
        ChangeTracker {
            step: 0,
            computed: vec![0; n],
            changed: vec![0; n],
            always: vec![false; n],
            was_root: vec![false; n],
            last_flip: 0,
        }
    }

    /// Starts a step for `index`, whose kind is a function of the kinds of
    /// `inputs`: whether it must be computed.
    fn start(&mut self, index: usize, mut inputs: impl Iterator<Item = ValueId>) -> bool {
        self.step += 1;
        let at = self.computed[index];
        let again = at == 0
            || self.always[index]
            || self.last_flip >= at
            || inputs.any(|i| self.changed[i.index()] >= at);
        if again {
            self.computed[index] = self.step;
        }
        again
    }

    /// `index` was computed to `kind`.
    fn names_itself(&mut self, index: usize, kind: &Kind) {
        if let Kind::Alias(roots) = kind
            && roots.contains(&ValueId(index as u32))
        {
            self.always[index] = true;
        }
    }

    /// The kind (or state) of `index` changes from `old` to `new`.
    fn changed(&mut self, index: usize, old: &Kind, new: &Kind) {
        let is_root = |k: &Kind| matches!(k, Kind::OwnedRoot | Kind::UnownedRoot);
        self.changed[index] = self.step;
        if self.was_root[index] && (*old == Kind::OwnedRoot) != (*new == Kind::OwnedRoot) {
            self.last_flip = self.step;
        }
        if is_root(new) {
            self.was_root[index] = true;
        }
    }

    /// `index` must be computed again whatever its inputs.
    fn recompute(&mut self, index: usize) {
        self.always[index] = true;
    }
}

/// Whether region-branch op `op` has a region exit whose edges are unknown
/// (a terminator with neither successors, region-branch edges nor
/// `ReturnLike`) but that hands on no buffer: the terminator forwards no
/// buffer and the op has no buffer result (`scf.forall`, whose
/// `scf.forall.in_parallel` runs its body as independent iterations). Such
/// an op's regions are bodies of their own for deallocation: their buffers
/// die in them, and buffers from outside are used, never handed in or out.
pub fn has_opaque_exits(snapshot: &Snapshot, op: OpId) -> bool {
    let info = snapshot.op(op);
    if info.facts.region_branch.is_none()
        || info
            .results
            .iter()
            .any(|&r| snapshot.value(r).kind.is_buffer())
    {
        return false;
    }
    let mut opaque = false;
    for &region in &info.regions {
        for &block in &snapshot.region(region).blocks {
            let Some(t) = snapshot.terminator(block) else {
                continue;
            };
            let terminator = snapshot.op(t);
            if terminator.facts.successors.is_empty()
                && terminator.facts.terminator_edges.is_empty()
            {
                if terminator
                    .operands
                    .iter()
                    .any(|&v| snapshot.value(v).kind.is_buffer())
                {
                    return false;
                }
                opaque = true;
            }
        }
    }
    opaque
}

fn collect_incoming(
    snapshot: &Snapshot,
    flow: &ValueFlow,
    incoming: &mut [Vec<Incoming>],
    is_merge: &mut [bool],
    coupled: &mut Vec<Vec<ValueId>>,
    problems: &mut Vec<Problem>,
) {
    // (forwarder, slot) of an operand occurrence, and the merge it feeds.
    type Occurrence = ((OpId, (u32, u32)), ValueId);
    let mut occurrences: Vec<Occurrence> = Vec::new();
    for edge in flow.edges() {
        let Some(slot) = edge.slot() else { continue };
        is_merge[edge.to.index()] = true;
        incoming[edge.to.index()].push(Incoming {
            forwarder: edge.op,
            value: edge.from,
            slot,
        });
        occurrences.push(((edge.op, slot), edge.to));
    }
    // The occurrences that feed several merges, in (forwarder, slot) order
    // (a map entry and a vector per occurrence were a tenth of ownership;
    // most feed one merge).
    occurrences.sort_by_key(|&(key, _)| key);
    for group in occurrences.chunk_by(|a, b| a.0 == b.0) {
        if group.len() > 1 {
            coupled.push(group.iter().map(|&(_, to)| to).collect());
        }
    }
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        let facts = &op.facts;
        for successor in &facts.successors {
            let args = &snapshot.block(successor.block).args;
            if !successor.mapping_known && args.iter().any(|a| snapshot.value(*a).kind.is_buffer())
            {
                problems.push(Problem::UnknownSuccessorOperands { op: id });
            }
        }
        if facts.region_branch.is_some() && !has_opaque_exits(snapshot, id) {
            // Every region's exits must be known, or results (or region
            // arguments) miss sources; an op whose unknown exits hand on no
            // buffer is fine ([`has_opaque_exits`]).
            for &region in &op.regions {
                for &block in &snapshot.region(region).blocks {
                    if let Some(t) = snapshot.terminator(block) {
                        let tf = &snapshot.op(t).facts;
                        if tf.successors.is_empty() && tf.terminator_edges.is_empty() {
                            problems.push(Problem::UnknownRegionExit {
                                op: id,
                                terminator: t,
                            });
                        }
                    }
                }
            }
        }
    }
}

fn definition_kind(
    snapshot: &Snapshot,
    flow: &ValueFlow,
    v: ValueId,
    kinds: &[Kind],
    handled: &[bool],
) -> Kind {
    let is_handled = handled.get(v.index()).copied().unwrap_or(false);
    match snapshot.value(v).def {
        // Function arguments, arguments produced by terminators, entry
        // arguments of regions without region-branch semantics (their uses
        // count at the op holding the region).
        ValueDef::BlockArg { .. } => Kind::UnownedRoot,
        ValueDef::OpResult { op, .. } => {
            if op == Snapshot::ROOT {
                return Kind::UnownedRoot;
            }
            match flow.origin(v) {
                Origin::Allocation if is_handled => return Kind::UnownedRoot,
                Origin::Allocation => return Kind::OwnedRoot,
                Origin::Alloca => return Kind::UnownedRoot,
                Origin::External | Origin::Derived => {}
            }
            // Callers own call results (the seeds' contract).
            if snapshot.op(op).facts.is_call {
                return if is_handled {
                    Kind::UnownedRoot
                } else {
                    Kind::OwnedRoot
                };
            }
            let incoming = flow.incoming(v);
            if incoming.is_empty() {
                return Kind::UnownedRoot;
            }
            let mut roots = roots_of(incoming, kinds);
            // A result that may also be memory from elsewhere (an op with
            // unknown effects or unknown regions) names itself as a root the
            // function does not own, besides every buffer it may be.
            if flow.is_external(v) {
                roots.insert(v);
            }
            Kind::Alias(roots)
        }
    }
}

/// The roots the sources of `incoming` may name, united. One source (a
/// view, a cast: most values) hands on its own set as it is, without the
/// vectors of [`RootParts`] (two allocations per value were a fifth of
/// ownership's time).
fn roots_of(incoming: &[crate::analysis::value_flow::Edge], kinds: &[Kind]) -> RootSet {
    if let [edge] = incoming {
        return match &kinds[edge.from.index()] {
            Kind::NotBuffer => RootSet::new(),
            Kind::OwnedRoot | Kind::UnownedRoot => {
                let mut one = RootSet::new();
                one.insert(edge.from);
                one
            }
            Kind::Alias(roots) => roots.clone(),
        };
    }
    let mut parts = RootParts::default();
    for edge in incoming {
        parts.add(edge.from, &kinds[edge.from.index()]);
    }
    parts.union()
}

/// The root sets of several values, united into one set: the largest is
/// shared and the others' roots inserted into it (linear in the smaller
/// ones, not in the result).
#[derive(Default)]
struct RootParts<'k> {
    sets: Vec<&'k RootSet>,
    singles: Vec<ValueId>,
}

impl<'k> RootParts<'k> {
    /// Adds the roots of `value` (of kind `kind`); whether it added any.
    fn add(&mut self, value: ValueId, kind: &'k Kind) -> bool {
        match kind {
            Kind::NotBuffer => false,
            Kind::OwnedRoot | Kind::UnownedRoot => {
                self.singles.push(value);
                true
            }
            Kind::Alias(roots) if roots.is_empty() => false,
            Kind::Alias(roots) => {
                self.sets.push(roots);
                true
            }
        }
    }

    fn union(self) -> RootSet {
        let largest =
            (0..self.sets.len()).max_by_key(|&i| (self.sets[i].len(), std::cmp::Reverse(i)));
        let mut union = largest.map_or_else(RootSet::new, |i| self.sets[i].clone());
        for (i, set) in self.sets.iter().enumerate() {
            if Some(i) != largest {
                for &r in set.iter() {
                    union.insert(r);
                }
            }
        }
        for &r in &self.singles {
            union.insert(r);
        }
        union
    }
}

fn merge_state(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    merge: ValueId,
    incoming: &[Incoming],
    kinds: &[Kind],
) -> MergeState {
    // The union of the inputs' roots, and apart the roots that still need a
    // dominance check: every owned root of a value dominates that value (a
    // root itself, an operand's root, or a checked alias merge's root), so an
    // input that properly dominates the merge vouches for all its roots (one
    // query per edge instead of one per root: merges on a chain of blocks
    // may have as many roots as there are blocks before them).
    let mut parts = RootParts::default();
    let mut unchecked: Vec<ValueId> = Vec::new();
    let mut known = false;
    for edge in incoming {
        if edge.value == merge {
            continue; // passes itself around a loop: no new information
        }
        // Still-unknown inputs are skipped: optimistic.
        let kind = &kinds[edge.value.index()];
        if matches!(kind, Kind::Alias(r) if r.is_empty()) {
            continue;
        }
        known = true;
        if parts.add(edge.value, kind) && !dominates_merge(snapshot, dominance, edge.value, merge) {
            match kind {
                Kind::Alias(r) => unchecked.extend(r.iter().copied()),
                _ => unchecked.push(edge.value),
            }
        }
    }
    if !known {
        return MergeState::Unknown;
    }
    let union = parts.union();
    let owned = |r: &ValueId| kinds[r.index()] == Kind::OwnedRoot;
    if !union.iter().any(owned) {
        return MergeState::NotOwned(union);
    }
    // Every owned root that may arrive dominates the merge: the merge can be
    // an alias of all of them (each stays alive through the merge's uses and
    // is freed after them, whichever arrived). Unowned roots need nothing.
    unchecked.sort_unstable();
    unchecked.dedup();
    let dominated = !(owned(&merge) && union.contains(&merge))
        && unchecked
            .iter()
            .filter(|r| owned(r))
            .all(|&r| dominates_merge(snapshot, dominance, r, merge));
    if dominated {
        MergeState::Alias(union)
    } else {
        MergeState::Critical
    }
}

/// Whether root `root` properly dominates the definition point of `merge`.
pub fn dominates_merge(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    root: ValueId,
    merge: ValueId,
) -> bool {
    match snapshot.value(merge).def {
        ValueDef::OpResult { op, .. } => dominance.value_properly_dominates(root, op),
        ValueDef::BlockArg { block, .. } => {
            // Dominating a block argument: dominating the block's first op,
            // or, for an empty block, its parent op's region entry.
            match snapshot.block(block).ops.first() {
                Some(&first) => {
                    dominance.value_properly_dominates(root, first)
                        && !defined_in(snapshot, root, block)
                }
                None => false,
            }
        }
    }
}

fn defined_in(
    snapshot: &Snapshot,
    value: ValueId,
    block: crate::analysis::snapshot::BlockId,
) -> bool {
    snapshot.defining_block(value) == Some(block)
}
