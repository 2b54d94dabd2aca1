//! The input contract of clone-based deallocation (seed 000: "all buffer
//! writes need to dominate all buffer reads"): a buffer is written before it
//! flows anywhere. Once a buffer has flowed into a merge (a block argument, a
//! region argument or result, an iter_arg, a select of buffers), the
//! deallocation pass may hand the merge a clone, and a later write
//! to the original would not show in the clone: the program's output would
//! change. This analysis finds such writes so the pass can refuse the input
//! instead of producing wrong code.
//!
//! A *flow* is an edge of the shared value-flow graph from a value that
//! names an allocation's latest buffer (heap or stack) into a merge
//! ([`EdgeKind::Forward`]) or into a select-like op (a derived result of an op
//! taking several buffers). A call is no flow here: the pass hands a callee
//! the buffer itself, never a clone. A *write* is an op with a known `Write`
//! effect on a value known to name the same allocation (through views,
//! casts, derived results and control flow; not through results of calls or
//! unknown ops, which may or may not be their operands). The write violates the contract when it can run after the flow:
//! lifted into the innermost region holding both, it comes later in the same
//! block, in a block reachable from the flow's, inside the op that forwards
//! (e.g. the body of the loop that takes the buffer as an iter_arg), or
//! anywhere in a loop that holds both. Writes through calls and ops with
//! unknown effects cannot be told from reads and are not reported.
//!
//! The deallocation passes ask more precisely ([`CloneSplits`]): a flow
//! matters only where their plan hands the merge a clone, and a write only
//! when it reaches one of the two buffers while the other is still used.
//! A merge handed the buffer itself (a move, a borrow) shares every write.

use std::collections::HashSet;

use rustc_hash::FxHashMap;

use super::{
    alias::AliasAnalysis,
    graph::{Cfg, ancestor_op_in_region},
    liveness::Liveness,
    loops::is_loop_op,
    ownership::Ownership,
    snapshot::{EffectKind, Effects, OpId, RegionId, Snapshot, ValueDef, ValueId},
    value_flow::{EdgeKind, Origin, ValueFlow},
};

/// A write to a buffer after it flowed somewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The op that writes.
    pub write: OpId,
    /// The op the buffer flowed through before (a branch, a region
    /// terminator, a region-branch op, a select, a call).
    pub flow: OpId,
    /// The merge (or select-like result) it flowed into there.
    pub merge: ValueId,
}

/// Only the merges a clone may be handed to, and only the writes a clone
/// would split: what the deallocation passes ask (see [`writes_after_flow`]).
pub struct CloneMerges<'a> {
    /// Per value: a merge the pass may hand a clone (a critical one).
    pub critical: &'a [bool],
    /// Whether a write (the first op) after a flow (the second) into a merge
    /// breaks the program: the pass hands the merge a clone there and both
    /// buffers are used after the write ([`clone_splits_write`]).
    pub matters: &'a dyn Fn(OpId, OpId, ValueId) -> bool,
    /// The snapshot's CFG (the caller's dominance has one).
    pub cfg: &'a Cfg,
    /// Flows the value-flow graph does not show: (a value naming the
    /// buffer, the op, the merge) where the op copies into the merge a value
    /// that may be a buffer it borrows (ownership-based deallocation lends
    /// buffers to merges, and a clone of such a merge copies the lender).
    pub lent: &'a [(ValueId, OpId, ValueId)],
}

/// Every write that may run after its buffer flowed into a merge, one per
/// write (the first flow found). With `clones`, only flows into merges that
/// may get a clone count (selects never get one), and only writes that
/// `clones.matters`.
pub fn writes_after_flow(
    snap: &Snapshot,
    alias: &AliasAnalysis<'_>,
    clones: Option<&CloneMerges<'_>>,
) -> Vec<Violation> {
    let flow = alias.flow();
    // Allocation -> (flow point, receiving merge) of values that may be it.
    let mut flows_of: FxHashMap<ValueId, Vec<(OpId, ValueId)>> = FxHashMap::default();
    let mut walk = SourceWalk::new(snap.values.len());
    let mut note = |value: ValueId, at: OpId, merge: ValueId| {
        for &a in walk.known_sources(flow, value, false) {
            let list = flows_of.entry(a).or_default();
            if !list.contains(&(at, merge)) {
                list.push((at, merge));
            }
        }
    };
    for &(value, at, merge) in clones.map_or(&[][..], |c| c.lent) {
        note(value, at, merge);
    }
    for edge in flow.edges() {
        let merges = match edge.kind {
            EdgeKind::Forward { .. } => clones.is_none_or(|c| c.critical[edge.to.index()]),
            EdgeKind::Derived if clones.is_none() => {
                snap.op(edge.op)
                    .operands
                    .iter()
                    .filter(|&&v| snap.value(v).kind.is_buffer())
                    .count()
                    > 1
            }
            _ => false,
        };
        if merges {
            note(edge.from, edge.op, edge.to);
        }
    }
    if flows_of.is_empty() {
        return Vec::new();
    }
    let order = Order::new(snap, clones.map(|c| c.cfg));
    let mut out = Vec::new();
    for (o, op) in snap.ops.iter().enumerate().skip(1) {
        let Effects::Known(effects) = &op.facts.effects else {
            continue;
        };
        let write = OpId(o as u32);
        let mut found = None;
        for e in effects.iter().filter(|e| e.kind == EffectKind::Write) {
            let Some(v) = e.value else { continue };
            if !snap.value(v).kind.is_buffer() {
                continue;
            }
            for &a in walk.known_sources(flow, v, true) {
                let alloc_op = alias.allocation_op(a);
                if let Some(points) = flows_of.get(&a)
                    && let Some(&point) = points.iter().find(|&&(f, merge)| {
                        f != write
                            && order.may_follow(f, write, alloc_op)
                            && clones.is_none_or(|c| (c.matters)(write, f, merge))
                    })
                {
                    found = Some(point);
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        if let Some((flow, merge)) = found {
            out.push(Violation { write, flow, merge });
        }
    }
    out
}

/// The allocations (heap or stack) a value is known to name
/// ([`SourceWalk::known_sources`]), with scratch space reused across the
/// walks of one function (a set and two vectors per write were most of the
/// check's time).
struct SourceWalk {
    /// Per value: the walk that last visited it (0: none yet).
    seen: Vec<u32>,
    walk: u32,
    work: Vec<ValueId>,
    out: Vec<ValueId>,
}

impl SourceWalk {
    fn new(values: usize) -> Self {
        SourceWalk {
            seen: vec![0; values],
            walk: 0,
            work: Vec::new(),
            out: Vec::new(),
        }
    }

    /// The allocations (heap or stack) `v` is known to name: followed back
    /// through views, casts, derived results and, with `through_merges`,
    /// control flow; never through results of calls and unknown ops (which
    /// may or may not be their operands: a write through them is not known
    /// to write the operand). Without `through_merges`, `v` names the
    /// allocation's latest buffer (a merge may carry one from an earlier
    /// iteration of a loop).
    fn known_sources(&mut self, flow: &ValueFlow, v: ValueId, through_merges: bool) -> &[ValueId] {
        self.walk += 1;
        self.out.clear();
        self.work.clear();
        self.work.push(v);
        while let Some(x) = self.work.pop() {
            if self.seen[x.index()] == self.walk {
                continue;
            }
            self.seen[x.index()] = self.walk;
            if matches!(flow.origin(x), Origin::Allocation | Origin::Alloca) {
                self.out.push(x);
                continue;
            }
            for e in flow.incoming(x) {
                let follows = match e.kind {
                    EdgeKind::View | EdgeKind::Cast | EdgeKind::Derived => true,
                    EdgeKind::Forward { .. } => through_merges,
                    _ => false,
                };
                if follows {
                    self.work.push(e.from);
                }
            }
        }
        &self.out
    }
}

/// The copies a deallocation plan hands merges (`cloned_edge(forwarder,
/// value, merge)`: the edge copies `value` into `merge`), and whether one of
/// them splits a write ([`CloneSplits::splits`]).
pub struct CloneSplits<'a, 's> {
    pub snapshot: &'s Snapshot,
    pub ownership: &'a Ownership,
    /// Built on first use.
    pub liveness: &'a std::cell::OnceCell<Liveness<'s>>,
    pub cloned_edge: &'a dyn Fn(OpId, ValueId, ValueId) -> bool,
}

impl CloneSplits<'_, '_> {
    /// Copies of copies deeper than this count as splitting the write.
    const DEPTH: u32 = 4;

    /// Whether the copy of `cloned` handed to `merge` splits `write`
    /// ([`clone_splits_write`]), or, when the write reaches neither side, a
    /// copy further down that it reaches does.
    pub fn splits(&self, write: OpId, merge: ValueId, cloned: ValueId, depth: u32) -> bool {
        let split = clone_splits_write(
            self.snapshot,
            self.ownership,
            self.liveness,
            self.cloned_edge,
            write,
            merge,
            cloned,
        );
        match split {
            Split::Yes => true,
            Split::No => false,
            Split::Elsewhere(_) if depth >= Self::DEPTH => true,
            Split::Elsewhere(roots) => {
                let copies = copies_upstream(self.ownership, self.cloned_edge, &roots);
                copies.is_empty()
                    || copies
                        .iter()
                        .any(|&(m, v)| self.splits(write, m, v, depth + 1))
            }
        }
    }
}

/// Whether handing merge `merge` a clone of `cloned` (a copy of its buffer)
/// makes the write `write` reach only part of what uses the buffer after it.
/// The clone splits the buffer in two *sides*: the original (the roots of
/// `cloned`) and the copy (`merge`), each with the merges it reaches through
/// edges that hand the buffer itself on (`cloned_edge(forwarder, value,
/// merge)` says which edges copy instead). The write splits when it writes
/// one side while a value of the other side is still live after it, or when
/// it writes neither ([`Split::Elsewhere`]: a buffer copied further down,
/// which the caller asks that copy about). Liveness is `liveness`'s, built on
/// first use.
fn clone_splits_write<'s>(
    snap: &'s Snapshot,
    ownership: &Ownership,
    liveness: &std::cell::OnceCell<Liveness<'s>>,
    cloned_edge: &dyn Fn(OpId, ValueId, ValueId) -> bool,
    write: OpId,
    merge: ValueId,
    cloned: ValueId,
) -> Split {
    let Effects::Known(effects) = &snap.op(write).facts.effects else {
        return Split::Yes;
    };
    // The roots of a side: its seeds and, to a fix-point, every merge fed
    // by a value of the side along an edge that does not copy.
    let side = |seeds: &mut dyn Iterator<Item = ValueId>| -> HashSet<ValueId> {
        let mut out: HashSet<ValueId> = seeds.collect();
        loop {
            let mut grew = false;
            for (index, incoming) in ownership.incoming.iter().enumerate() {
                let to = ValueId(index as u32);
                if out.contains(&to) || !ownership.critical[index] {
                    continue;
                }
                if incoming.iter().any(|e| {
                    !cloned_edge(e.forwarder, e.value, to)
                        && ownership.roots_iter(e.value).any(|r| out.contains(&r))
                }) {
                    out.insert(to);
                    grew = true;
                }
            }
            if !grew {
                return out;
            }
        }
    };
    let original = side(&mut ownership.roots_iter(cloned));
    let copy = side(&mut std::iter::once(merge));
    let liveness = || liveness.get_or_init(|| Liveness::new(snap));
    let live = |roots: &HashSet<ValueId>| {
        (0..snap.values.len() as u32).map(ValueId).any(|x| {
            snap.value(x).kind.is_buffer()
                && ownership.roots_iter(x).any(|r| roots.contains(&r))
                && live_at(snap, liveness(), x, write)
        })
    };
    let mut elsewhere = Vec::new();
    for v in effects
        .iter()
        .filter(|e| e.kind == EffectKind::Write)
        .filter_map(|e| e.value)
        .filter(|&v| snap.value(v).kind.is_buffer())
    {
        let on_original = ownership.roots_iter(v).any(|r| original.contains(&r));
        let on_copy = ownership.roots_iter(v).any(|r| copy.contains(&r));
        if (on_original && live(&copy)) || (on_copy && live(&original)) {
            return Split::Yes;
        }
        if !on_original && !on_copy {
            elsewhere.extend(ownership.roots_iter(v));
        }
    }
    if elsewhere.is_empty() {
        Split::No
    } else {
        Split::Elsewhere(elsewhere)
    }
}

/// What a clone does to a write ([`clone_splits_write`]).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Split {
    /// The write reaches one buffer while the other is still used.
    Yes,
    /// Whatever it writes stays in one buffer, or the other is dead.
    No,
    /// It writes (also) a buffer on neither side (these roots): a copy made
    /// further down, which decides.
    Elsewhere(Vec<ValueId>),
}

/// The copies upstream of `roots`: from each root, back through the merges
/// that hand the buffer itself on, every edge that copies instead
/// (`cloned_edge`), as (the merge it feeds, the value it copies).
fn copies_upstream(
    ownership: &Ownership,
    cloned_edge: &dyn Fn(OpId, ValueId, ValueId) -> bool,
    roots: &[ValueId],
) -> Vec<(ValueId, ValueId)> {
    let mut seen: HashSet<ValueId> = HashSet::new();
    let mut work: Vec<ValueId> = roots.to_vec();
    let mut out = Vec::new();
    while let Some(r) = work.pop() {
        if !seen.insert(r) || !ownership.critical[r.index()] {
            continue;
        }
        for e in &ownership.incoming[r.index()] {
            if cloned_edge(e.forwarder, e.value, r) {
                out.push((r, e.value));
            } else {
                work.extend(ownership.roots_iter(e.value));
            }
        }
    }
    out
}

/// Whether `value` is live right after `op` (lifted into the region that
/// defines `value`; an op outside that region is out of its scope).
fn live_at(snap: &Snapshot, liveness: &Liveness<'_>, value: ValueId, op: OpId) -> bool {
    let Some(def_block) = snap.defining_block(value) else {
        return true;
    };
    let region = snap.block(def_block).region;
    let Some(at) = ancestor_op_in_region(snap, op, region) else {
        return false;
    };
    let Some(block) = snap.op(at).parent_block else {
        return false;
    };
    // Defined after `at` in its block: not yet live there (a value defined
    // in a block is never live into it).
    if def_block == block
        && let ValueDef::OpResult { op, .. } = snap.value(value).def
        && let Some(def) = ancestor_op_in_region(snap, op, region)
        && snap.op(def).position > snap.op(at).position
    {
        return false;
    }
    if liveness.is_live_out(value, block) {
        return true;
    }
    liveness
        .last_user_in_block(value, block)
        .is_some_and(|last| snap.op(last).position > snap.op(at).position)
}

/// "May `later` run after `first`?" over the structure of the snapshot.
struct Order<'s, 'c> {
    snap: &'s Snapshot,
    /// The caller's CFG of the snapshot, if any.
    given: Option<&'c Cfg>,
    /// Otherwise built on the first question about blocks (most flows and
    /// writes are told apart by the ops' nesting and positions).
    built: std::cell::OnceCell<Cfg>,
}

impl<'s, 'c> Order<'s, 'c> {
    fn new(snap: &'s Snapshot, given: Option<&'c Cfg>) -> Self {
        Order {
            snap,
            given,
            built: std::cell::OnceCell::new(),
        }
    }

    fn cfg(&self) -> &Cfg {
        self.given
            .unwrap_or_else(|| self.built.get_or_init(|| Cfg::new(self.snap)))
    }

    /// Whether `later` may run after `first` on the same buffer of
    /// allocation `alloc` (a run of the allocation in between makes a new
    /// buffer).
    fn may_follow(&self, first: OpId, later: OpId, alloc: Option<OpId>) -> bool {
        let snap = self.snap;
        // Regions holding `first`, innermost first, with its ancestor there.
        let mut holders: Vec<(RegionId, OpId)> = Vec::new();
        let mut cur = first;
        while let Some(b) = snap.op(cur).parent_block {
            let r = snap.block(b).region;
            holders.push((r, cur));
            cur = snap.region(r).parent_op;
        }
        // The innermost of them that also holds `later`.
        let Some((region, a)) = holders
            .iter()
            .find_map(|&(r, a)| ancestor_op_in_region(snap, later, r).map(|w| (r, (a, w))))
        else {
            return false;
        };
        let (f, w) = a;
        // A loop op holding both (but not the allocation) makes every order
        // possible.
        let mut p = snap.region(region).parent_op;
        while p != Snapshot::ROOT {
            let holds_alloc = alloc.is_some_and(|a| a == p || self.nested_in(a, p));
            if is_loop_op(snap, p) && !holds_alloc {
                return true;
            }
            match snap.op(p).parent_block {
                Some(b) => p = snap.region(snap.block(b).region).parent_op,
                None => break,
            }
        }
        if f == w {
            if f == first {
                // `later` is nested in the op that forwards (e.g. a loop body
                // writing the iter_arg), unless the buffer it writes is
                // allocated in there too (a new one).
                return later != first && !alloc.is_some_and(|a| self.nested_in(a, f));
            }
            // Both inside `f`, in different regions of it: after one another
            // only when `f` repeats its regions around a buffer allocated
            // outside it.
            return is_loop_op(snap, f) && !alloc.is_some_and(|a| self.nested_in(a, f));
        }
        let (fb, wb) = (snap.op(f).parent_block, snap.op(w).parent_block);
        let (Some(fb), Some(wb)) = (fb, wb) else {
            return false;
        };
        let alloc_at = alloc
            .and_then(|a| ancestor_op_in_region(snap, a, region))
            .and_then(|a| Some((snap.op(a).parent_block?, snap.op(a).position)));
        let (fpos, wpos) = (snap.op(f).position, snap.op(w).position);
        if fb == wb && wpos > fpos {
            // Unless the allocation runs in between (a new buffer).
            return !alloc_at.is_some_and(|(ab, apos)| ab == fb && fpos < apos && apos <= wpos);
        }
        // `later`'s block reachable from a successor of `first`'s block
        // without running the allocation again.
        let mut seen: HashSet<u32> = HashSet::new();
        let cfg = self.cfg();
        let mut work: Vec<u32> = cfg.successor_graph().get(fb.0).to_vec();
        while let Some(b) = work.pop() {
            if !seen.insert(b) {
                continue;
            }
            if let Some((ab, apos)) = alloc_at
                && ab.0 == b
            {
                if b == wb.0 && snap.op(w).position < apos {
                    return true;
                }
                continue;
            }
            if b == wb.0 {
                return true;
            }
            work.extend_from_slice(cfg.successor_graph().get(b));
        }
        false
    }

    /// Whether `op` is nested (at any depth) in a region of `outer`.
    fn nested_in(&self, op: OpId, outer: OpId) -> bool {
        let mut cur = op;
        while let Some(b) = self.snap.op(cur).parent_block {
            cur = self.snap.region(self.snap.block(b).region).parent_op;
            if cur == outer {
                return true;
            }
        }
        false
    }
}
