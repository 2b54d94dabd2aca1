//! The one value-flow graph of a [`Snapshot`]: how buffers flow from value to
//! value, and what happens to them at each use. Every analysis that asks
//! "which values may name this memory" or "where does this buffer go" reads
//! it from here — the alias analysis ([`super::alias`]), the forward flow of
//! one buffer ([`super::flow`]), ownership ([`super::ownership`]) and
//! lifetimes ([`super::lifetimes`]) — so a rule is written once and every
//! pass obeys it.
//!
//! # Edges
//!
//! An edge `a -> b` means "`b` may be `a`, or a view into `a`'s memory". The
//! edges come from interface facts only:
//!
//! - [`EdgeKind::View`]: `ViewLikeOpInterface`, source -> result 0.
//! - [`EdgeKind::Cast`]: `CastOpInterface`, operand -> result (the whole
//!   buffer under another static type).
//! - [`EdgeKind::Forward`]: control flow forwards an operand to a *merge*
//!   value: a successor's block argument (`BranchOpInterface`), a region's
//!   entry argument or a region-branch op's result (`RegionBranchOpInterface`
//!   entry edges and `RegionBranchTerminatorOpInterface` edges, back edges
//!   included). `slot` names the operand occurrence (see [`Edge::slot`]).
//! - [`EdgeKind::UnknownBranch`]: a successor whose operand mapping is unknown
//!   (no `BranchOpInterface`): each buffer argument may be any buffer operand.
//! - [`EdgeKind::UnknownRegion`]: an op with regions that is not a region
//!   branch: its regions' entry arguments may be any of its buffer operands,
//!   and its results any buffer operand of its regions' terminators.
//! - [`EdgeKind::Unknown`]: results of calls (`CallOpInterface`) and of ops
//!   with unknown effects may be any of their buffer operands.
//! - [`EdgeKind::Derived`]: any other buffer result that is not allocated by
//!   its op (known effects, e.g. `arith.select` on memrefs, the base buffer of
//!   `memref.extract_strided_metadata`) may be any of its buffer operands.
//!
//! Allocated results ([`Origin::Allocation`], [`Origin::Alloca`]) get no
//! incoming edges. A value is *external* (memory of unknown origin) when it
//! has no incoming edge and is no allocation (function arguments, globals),
//! when it is a result of a call or an op with unknown effects or unknown
//! regions (which may return memory from elsewhere), or when control flow may
//! give it a value nobody forwarded (arguments produced by a terminator).
//!
//! # Uses
//!
//! Every use of a buffer value by an op is classified once
//! ([`ValueFlow::events`]): forwarded by a terminator (and so leaving its
//! block), freed, stored as data into other memory, passed to a call, used by
//! an op with unknown effects, or *address-exposing*: the op turns the buffer
//! into a value that is not a buffer (`memref.extract_aligned_pointer_as_index`,
//! a `CastOpInterface` cast to an LLVM pointer or struct), whose later uses no
//! buffer analysis can see. Analyses that bound a lifetime treat the last
//! three as escapes.
//!
//! Ownership-based `bufferization.dealloc` (seed 001) has no
//! `MemoryEffectOpInterface` in MLIR 22: its operands get an unknown-effect
//! use, which is what a conditional free of them needs from the passes that
//! move, promote, merge or copy buffers (the buffer stays alive up to the op
//! and is left where it is; its results are `i1`, not buffers). The passes
//! that must know what it frees read it with seed 001's semantics:
//! deallocation (`passes::buffer_deallocation` leaves what its operands may
//! come from to it), the checker (`dealloc_check`), and the simplification
//! and lowering of the op itself.

use super::snapshot::{EffectKind, Effects, OpId, Snapshot, ValueId};
use super::uses::UseLists;

/// Ops that turn a buffer into its address as a plain value. Casts
/// (`CastOpInterface`) from a buffer to a non-buffer are recognised without a
/// name; this op has no interface that says what it does.
const ADDRESS_EXPOSING_OPS: &[&str] = &["memref.extract_aligned_pointer_as_index"];

/// Where a value's memory comes from, as far as the value itself is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A result with an `Allocate` effect on it (heap allocation).
    Allocation,
    /// A result with an `Allocate` effect on the automatic allocation scope
    /// resource (stack allocation, e.g. `memref.alloca`).
    Alloca,
    /// Memory of unknown origin: function arguments, results of calls and
    /// unknown ops, values without incoming flow.
    External,
    /// Only flows from other values.
    Derived,
}

/// The control-flow construct that forwards a value to a merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Via {
    /// A successor operand of a branch (`BranchOpInterface`).
    Branch,
    /// An operand of a region-branch op forwarded into a region or to its
    /// results before any region runs.
    RegionEntry,
    /// An operand of a region terminator forwarded to a region or to the
    /// parent's results.
    RegionExit,
}

/// Why `to` may name `from`'s memory. See the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    View,
    Cast,
    Forward { via: Via, slot: (u32, u32) },
    UnknownBranch,
    UnknownRegion,
    Unknown,
    Derived,
}

/// One edge of the graph: op `op` makes `to` possibly name `from`'s memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: ValueId,
    pub to: ValueId,
    pub op: OpId,
    pub kind: EdgeKind,
}

impl Edge {
    /// For [`EdgeKind::Forward`] edges: the operand occurrence of `op` that
    /// feeds `to`, as `(successor index, position among its forwarded
    /// operands)` for branches, `(0, operand index)` for region entries (the
    /// same operand may feed a region argument and a result), and `(0,
    /// position)` for region terminators (all their edges forward the same
    /// operands).
    pub fn slot(&self) -> Option<(u32, u32)> {
        match self.kind {
            EdgeKind::Forward { slot, .. } => Some(slot),
            _ => None,
        }
    }
}

/// What an op does with a buffer operand, when it matters to a lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UseKind {
    /// A terminator passes it on: to a successor block, a region, the parent
    /// op's results, or out of the root (a return).
    Forwarded,
    /// The op frees it.
    Freed,
    /// The op stores it as data into other memory.
    Stored,
    /// It is an operand of a call (the callee neither frees nor retains it,
    /// by the seeds' contract, but may read and write it).
    Call,
    /// The op has unknown memory effects (no `MemoryEffectOpInterface`, not a
    /// call, no regions of its own to look into).
    Unknown,
    /// The op has no memory-effect interface of its own but regions whose ops
    /// say what they do (`HasRecursiveMemoryEffects`, or any op with regions,
    /// e.g. an `scf.for` taking the buffer as an iter_arg): the uses inside
    /// are seen op by op, the op itself is opaque.
    UnknownWithRegions,
    /// The op exposes its address as a non-buffer value.
    AddressExposed,
}

/// One classified use: `op` does `kind` with buffer `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub op: OpId,
    pub value: ValueId,
    pub kind: UseKind,
}

/// The value-flow graph of one snapshot. See the module docs.
#[derive(Clone, Debug)]
pub struct ValueFlow {
    /// Edges sorted by `to` (stable: op order within a target).
    edges: Vec<Edge>,
    in_start: Vec<u32>,
    /// Indices into `edges` grouped by `from`, and each value's start
    /// there: built on the first [`ValueFlow::outgoing`] (the deallocation
    /// pass never asks).
    out: std::cell::OnceCell<(Vec<u32>, Vec<u32>)>,
    origin: Vec<Origin>,
    external: Vec<bool>,
    /// The classified uses and each value's start there; `None` when built
    /// by [`ValueFlow::without_events`].
    events: Option<(Vec<Event>, Vec<u32>)>,
}

/// The allocation kind of result `value` of `op`, from its effects.
pub fn allocation_origin(snap: &Snapshot, op: OpId, value: ValueId) -> Option<Origin> {
    let Effects::Known(effects) = &snap.op(op).facts.effects else {
        return None;
    };
    effects
        .iter()
        .find(|e| e.kind == EffectKind::Allocate && e.value == Some(value))
        .map(|e| {
            if e.on_automatic_scope {
                Origin::Alloca
            } else {
                Origin::Allocation
            }
        })
}

/// Whether `op` (with known effects) stores buffer operand `value` as data
/// into another buffer: it writes memory, names no effect on `value`, and is
/// not a view of it (e.g. `memref.store %buf, %buffer_of_buffers[...]`).
pub fn stores(snapshot: &Snapshot, op: OpId, value: ValueId) -> bool {
    let facts = &snapshot.op(op).facts;
    let Effects::Known(effects) = &facts.effects else {
        return false;
    };
    let named = effects.iter().any(|e| e.value == Some(value));
    let writes_elsewhere = effects
        .iter()
        .any(|e| e.kind == EffectKind::Write && e.value != Some(value));
    !named && writes_elsewhere && facts.view_source != Some(value)
}

/// Whether `op` turns its buffer operands into an address held by a value that
/// is not a buffer (see the module docs).
pub fn exposes_address(snapshot: &Snapshot, op: OpId) -> bool {
    let info = snapshot.op(op);
    let takes_buffer = || {
        info.operands
            .iter()
            .any(|&v| snapshot.value(v).kind.is_buffer())
    };
    let gives_non_buffer = || {
        info.results
            .iter()
            .any(|&v| !snapshot.value(v).kind.is_buffer())
    };
    (info.facts.is_cast || ADDRESS_EXPOSING_OPS.contains(&info.name.as_str()))
        && takes_buffer()
        && gives_non_buffer()
}

/// Whether terminator `term` forwards `value` anywhere (a successor operand,
/// a region edge, or a return from the root).
fn forwards(snapshot: &Snapshot, term: OpId, value: ValueId) -> bool {
    let facts = &snapshot.op(term).facts;
    facts
        .successors
        .iter()
        .any(|s| !s.mapping_known || s.forwarded.contains(&value))
        || facts
            .terminator_edges
            .iter()
            .any(|e| e.forwarded.contains(&value))
        || (facts.is_return_like && facts.terminator_edges.is_empty())
}

/// What `op` does with its buffer operand `value` (several answers possible).
fn classify_use(snapshot: &Snapshot, op: OpId, value: ValueId, out: &mut Vec<UseKind>) {
    let info = snapshot.op(op);
    let facts = &info.facts;
    if facts.is_terminator && forwards(snapshot, op, value) {
        out.push(UseKind::Forwarded);
        return;
    }
    if exposes_address(snapshot, op) {
        out.push(UseKind::AddressExposed);
    }
    if facts.is_call {
        out.push(UseKind::Call);
    }
    match &facts.effects {
        Effects::Known(effects) => {
            if effects
                .iter()
                .any(|e| e.kind == EffectKind::Free && e.value == Some(value))
            {
                out.push(UseKind::Freed);
            }
            if stores(snapshot, op, value) {
                out.push(UseKind::Stored);
            }
        }
        Effects::Unknown => {
            if !facts.is_call {
                out.push(if !facts.has_recursive_effects && info.regions.is_empty() {
                    UseKind::Unknown
                } else {
                    UseKind::UnknownWithRegions
                });
            }
        }
    }
}

impl ValueFlow {
    /// Builds the graph and classifies every use of every buffer.
    pub fn new(snap: &Snapshot) -> ValueFlow {
        Self::build(snap, true, false)
    }

    /// The graph without the classified uses, for analyses that never read
    /// them (clone-based deallocation: classifying every buffer use was a
    /// fifth of building the graph). [`ValueFlow::events`] and
    /// [`ValueFlow::all_events`] panic on it.
    pub fn without_events(snap: &Snapshot) -> ValueFlow {
        Self::build(snap, false, false)
    }

    /// The graph with every call's buffer results fresh: external memory
    /// with no edge from the call's buffer operands, as the seeds'
    /// ownership contract has it (callers own what a function returns and
    /// lend what they pass, so a callee never hands back a buffer it was
    /// lent). For code whose deallocation relies on that contract (a call's
    /// result freed apart from its operands); [`ValueFlow::new`] keeps the
    /// edges, which code under private-function dynamic ownership (a callee
    /// may return a borrowed argument with a false flag) needs.
    pub fn with_fresh_call_results(snap: &Snapshot) -> ValueFlow {
        Self::build(snap, true, true)
    }

    fn build(snap: &Snapshot, with_events: bool, fresh_call_results: bool) -> ValueFlow {
        let nv = snap.values.len();
        let is_buf = |v: ValueId| snap.value(v).kind.is_buffer();
        let mut origin = vec![Origin::Derived; nv];
        let mut external = vec![false; nv];
        // About one edge and one classified use per value (growing the
        // vectors from empty reallocated them several times per function).
        let mut edges: Vec<Edge> = Vec::with_capacity(nv);
        // The classified uses of buffers (the root's operands excepted),
        // gathered in the same walk over the ops.
        let mut pairs: Vec<Event> = Vec::with_capacity(if with_events { nv } else { 0 });
        let mut kinds = Vec::new();

        for (o, op) in snap.ops.iter().enumerate() {
            let oid = OpId(o as u32);
            let f = &op.facts;
            if o > 0 && with_events {
                for (i, &v) in op.operands.iter().enumerate() {
                    if !is_buf(v) || op.operands[..i].contains(&v) {
                        continue;
                    }
                    kinds.clear();
                    classify_use(snap, oid, v, &mut kinds);
                    for &kind in &kinds {
                        pairs.push(Event {
                            op: oid,
                            value: v,
                            kind,
                        });
                    }
                }
            }
            for &r in &op.results {
                if let Some(k) = allocation_origin(snap, oid, r) {
                    origin[r.index()] = k;
                }
            }
            let buf_operands = || op.operands.iter().copied().filter(|&v| is_buf(v));
            let mut edge = |from: ValueId, to: ValueId, kind: EdgeKind| {
                edges.push(Edge {
                    from,
                    to,
                    op: oid,
                    kind,
                })
            };
            // Results wired by a specific rule; the rest get the generic one.
            let mut handled_results = 0usize;
            if let Some(src) = f.view_source
                && let Some(&r0) = op.results.first()
            {
                edge(src, r0, EdgeKind::View);
                handled_results = 1;
            } else if f.is_cast && op.operands.len() == op.results.len() {
                for (&from, &to) in op.operands.iter().zip(&op.results) {
                    if is_buf(from) && is_buf(to) {
                        edge(from, to, EdgeKind::Cast);
                    }
                }
                handled_results = op.results.len();
            }
            // Branch successors.
            for (s, succ) in f.successors.iter().enumerate() {
                if succ.block.index() >= snap.blocks.len() {
                    continue;
                }
                let args = &snap.block(succ.block).args;
                if succ.mapping_known {
                    let p = succ.produced as usize;
                    for &a in args.iter().take(p) {
                        external[a.index()] = true;
                    }
                    for (i, &fw) in succ.forwarded.iter().enumerate() {
                        if let Some(&a) = args.get(p + i) {
                            let slot = (s as u32, i as u32);
                            edge(
                                fw,
                                a,
                                EdgeKind::Forward {
                                    via: Via::Branch,
                                    slot,
                                },
                            );
                        }
                    }
                    for &a in args.iter().skip(p + succ.forwarded.len()) {
                        external[a.index()] = true;
                    }
                } else {
                    for &a in args.iter().filter(|&&a| is_buf(a)) {
                        external[a.index()] = true;
                        for v in buf_operands() {
                            edge(v, a, EdgeKind::UnknownBranch);
                        }
                    }
                }
            }
            // Region-branch entry edges and region terminator edges.
            if let Some(rb) = &f.region_branch {
                for (e, entry) in rb.entry_edges.iter().enumerate() {
                    let start = operand_range_start(&op.operands, &entry.forwarded);
                    for (i, &input) in entry.inputs.iter().enumerate() {
                        match entry.forwarded.get(i) {
                            Some(&v) => {
                                let slot = match start {
                                    Some(start) => (0, (start + i) as u32),
                                    None => (1000 + e as u32, i as u32),
                                };
                                edge(
                                    v,
                                    input,
                                    EdgeKind::Forward {
                                        via: Via::RegionEntry,
                                        slot,
                                    },
                                );
                            }
                            None => external[input.index()] = true,
                        }
                    }
                }
                handled_results = op.results.len();
            }
            for exit in &f.terminator_edges {
                for (i, &input) in exit.inputs.iter().enumerate() {
                    match exit.forwarded.get(i) {
                        Some(&v) => edge(
                            v,
                            input,
                            EdgeKind::Forward {
                                via: Via::RegionExit,
                                slot: (0, i as u32),
                            },
                        ),
                        None => external[input.index()] = true,
                    }
                }
            }
            // Ops with regions that are not region branches.
            if f.region_branch.is_none() && !op.regions.is_empty() {
                for &r in &op.regions {
                    if let Some(entry) = snap.entry_block(r) {
                        for &a in &snap.block(entry).args {
                            if is_buf(a) {
                                external[a.index()] = true;
                                for v in buf_operands() {
                                    edge(v, a, EdgeKind::UnknownRegion);
                                }
                            }
                        }
                    }
                    for &b in &snap.region(r).blocks {
                        if let Some(t) = snap.terminator(b) {
                            for &v in snap.op(t).operands.iter().filter(|&&v| is_buf(v)) {
                                for &res in op
                                    .results
                                    .iter()
                                    .skip(handled_results)
                                    .filter(|&&x| is_buf(x))
                                {
                                    edge(v, res, EdgeKind::UnknownRegion);
                                }
                            }
                        }
                    }
                }
            }
            // Generic rule for the remaining buffer results.
            let unknown = f.is_call || matches!(f.effects, Effects::Unknown);
            for &res in op.results.iter().skip(handled_results) {
                if !is_buf(res) || origin[res.index()] != Origin::Derived {
                    continue;
                }
                if unknown || !op.regions.is_empty() {
                    external[res.index()] = true;
                }
                if fresh_call_results && f.is_call {
                    continue;
                }
                let kind = if unknown {
                    EdgeKind::Unknown
                } else {
                    EdgeKind::Derived
                };
                for v in buf_operands() {
                    edge(v, res, kind);
                }
            }
        }
        // Allocations are fresh memory: no incoming flow. Non-buffers carry
        // no memory.
        edges.retain(|e| {
            e.from != e.to
                && is_buf(e.from)
                && is_buf(e.to)
                && matches!(origin[e.to.index()], Origin::Derived | Origin::External)
        });
        // Duplicate (from, to, kind) edges carry nothing new, but forwarded
        // occurrences are distinct slots and all kept.
        let (edges, in_start) = group_by_value(edges, nv, |e| e.to);
        for v in 0..nv {
            if origin[v] == Origin::Derived && (external[v] || in_start[v] == in_start[v + 1]) {
                origin[v] = Origin::External;
                external[v] = true;
            }
        }

        let events = with_events.then(|| group_by_value(pairs, nv, |e| e.value));
        ValueFlow {
            edges,
            in_start,
            out: std::cell::OnceCell::new(),
            origin,
            external,
            events,
        }
    }

    /// The origin of `v` itself (see [`Origin`]).
    pub fn origin(&self, v: ValueId) -> Origin {
        self.origin[v.index()]
    }

    /// True if `v` may hold memory of unknown origin by itself (it may also
    /// have incoming flow, e.g. a call result).
    pub fn is_external(&self, v: ValueId) -> bool {
        self.external[v.index()]
    }

    /// The edges into `v`, in op order.
    pub fn incoming(&self, v: ValueId) -> &[Edge] {
        &self.edges[self.in_start[v.index()] as usize..self.in_start[v.index() + 1] as usize]
    }

    /// The edges out of `v`.
    pub fn outgoing(&self, v: ValueId) -> impl Iterator<Item = &Edge> + '_ {
        let (out_index, out_start) = self.out.get_or_init(|| {
            let nv = self.origin.len();
            let mut out_start = vec![0u32; nv + 1];
            for e in &self.edges {
                out_start[e.from.index() + 1] += 1;
            }
            for i in 0..nv {
                out_start[i + 1] += out_start[i];
            }
            let mut fill = out_start.clone();
            let mut out_index = vec![0u32; self.edges.len()];
            for (i, e) in self.edges.iter().enumerate() {
                out_index[fill[e.from.index()] as usize] = i as u32;
                fill[e.from.index()] += 1;
            }
            (out_index, out_start)
        });
        out_index[out_start[v.index()] as usize..out_start[v.index() + 1] as usize]
            .iter()
            .map(|&i| &self.edges[i as usize])
    }

    /// Every edge, sorted by target.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The classified uses of buffer `v` (only those that matter to a
    /// lifetime: plain reads and writes are not listed), in op order.
    pub fn events(&self, v: ValueId) -> &[Event] {
        let (events, start) = self.classified();
        &events[start[v.index()] as usize..start[v.index() + 1] as usize]
    }

    /// Every classified use, grouped by value.
    pub fn all_events(&self) -> &[Event] {
        &self.classified().0
    }

    fn classified(&self) -> &(Vec<Event>, Vec<u32>) {
        self.events
            .as_ref()
            .expect("a value flow built without events (ValueFlow::without_events) has none")
    }

    /// `start` and every value that may name (part of) its memory, following
    /// edges forward; in discovery order.
    pub fn forward_closure(&self, start: ValueId) -> Vec<ValueId> {
        let mut walk = ForwardWalk::new(start);
        while walk.next(self).is_some() {}
        walk.order
    }
}

/// A breadth-first walk of [`ValueFlow::forward_closure`], one value at a
/// time, for callers that may stop early. Values reached are marked in a hash
/// set while few, in a function-sized vector once they are many: a walk
/// costs O(values reached), where a function-sized vector per walk made one
/// walk per allocation quadratic on functions with many small closures.
#[derive(Clone, Debug)]
pub struct ForwardWalk {
    order: Vec<ValueId>,
    seen: Seen,
    next: usize,
}

#[derive(Clone, Debug)]
enum Seen {
    Sparse(rustc_hash::FxHashSet<ValueId>),
    Dense(Vec<bool>),
}

impl ForwardWalk {
    pub fn new(start: ValueId) -> Self {
        ForwardWalk {
            order: vec![start],
            seen: Seen::Sparse(std::iter::once(start).collect()),
            next: 0,
        }
    }

    /// The next value in discovery order (`start` first), or `None` when
    /// the closure is complete.
    pub fn next(&mut self, flow: &ValueFlow) -> Option<ValueId> {
        let v = *self.order.get(self.next)?;
        self.next += 1;
        for e in flow.outgoing(v) {
            let new = match &mut self.seen {
                Seen::Sparse(set) => set.insert(e.to),
                Seen::Dense(marks) => !std::mem::replace(&mut marks[e.to.index()], true),
            };
            if new {
                self.order.push(e.to);
            }
        }
        // Many values reached: a vector of marks costs no more than them.
        let values = flow.origin.len();
        if matches!(self.seen, Seen::Sparse(_)) && self.order.len() * 32 > values {
            let mut marks = vec![false; values];
            for v in &self.order {
                marks[v.index()] = true;
            }
            self.seen = Seen::Dense(marks);
        }
        Some(v)
    }
}

/// `items` stably sorted by `key` (a value id below `nv`), with the start of
/// each value's run (`nv + 1` offsets): a counting sort, linear where a
/// comparison sort was a visible part of building the graph.
fn group_by_value<T: Copy>(
    items: Vec<T>,
    nv: usize,
    key: impl Fn(&T) -> ValueId,
) -> (Vec<T>, Vec<u32>) {
    let mut start = vec![0u32; nv + 1];
    for item in &items {
        start[key(item).index() + 1] += 1;
    }
    for i in 0..nv {
        start[i + 1] += start[i];
    }
    if items.len() < 2 {
        return (items, start);
    }
    let mut fill = start.clone();
    let mut sorted = items.clone();
    for item in items {
        let slot = &mut fill[key(&item).index()];
        sorted[*slot as usize] = item;
        *slot += 1;
    }
    (sorted, start)
}

/// Where `forwarded` starts as a contiguous range of `operands` (first match).
fn operand_range_start(operands: &[ValueId], forwarded: &[ValueId]) -> Option<usize> {
    if forwarded.is_empty() {
        return None;
    }
    (0..=operands.len().checked_sub(forwarded.len())?)
        .find(|&s| operands[s..s + forwarded.len()] == *forwarded)
}

/// Where an address exposed by an op may be used (see [`address_uses`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AddressUses {
    /// Every op that uses the address or a value computed from it.
    pub users: Vec<OpId>,
    /// Block arguments, region arguments and region-branch results that
    /// control flow hands the address (or a value computed from it) to.
    pub receivers: Vec<ValueId>,
    /// The first op through which the address may outlive what SSA shows:
    /// a return, an op with regions but no region-branch semantics, a
    /// terminator whose successors' operands are unknown, an op that writes
    /// memory or whose effects are unknown (it may keep the address
    /// anywhere). `None` when every use is among `users`.
    pub escapes: Option<OpId>,
}

/// The uses of the address that `op` exposes ([`exposes_address`]): its
/// non-buffer results and, transitively, the results of every op using one
/// of them and the values control flow forwards them to (branch and region
/// edges). Calls count as users: like a buffer passed to a call, the address
/// is used by the callee but not kept, and what the call returns is the
/// caller's own (the seeds' calling contract).
pub fn address_uses(snapshot: &Snapshot, uses: &UseLists, op: OpId) -> AddressUses {
    let mut out = AddressUses::default();
    let mut seen = vec![false; snapshot.values.len()];
    let mut work: Vec<ValueId> = Vec::new();
    let add = |v: ValueId, work: &mut Vec<ValueId>, seen: &mut Vec<bool>| {
        if !seen[v.index()] {
            seen[v.index()] = true;
            work.push(v);
        }
    };
    for &v in &snapshot.op(op).results {
        if !snapshot.value(v).kind.is_buffer() {
            add(v, &mut work, &mut seen);
        }
    }
    let mut users_seen = std::collections::HashSet::new();
    while let Some(value) = work.pop() {
        for u in uses.of(value) {
            let user = snapshot.op(u.user);
            if users_seen.insert(u.user) {
                out.users.push(u.user);
            }
            let facts = &user.facts;
            let mut targets: Vec<ValueId> = Vec::new();
            let forwards_known = if facts.is_terminator {
                // Known when the terminator is a branch or region terminator
                // whose operands' destinations are all known (a return or an
                // unknown terminator passes the value out of sight).
                let known = facts.successors.iter().all(|s| s.mapping_known)
                    && (!facts.successors.is_empty() || !facts.terminator_edges.is_empty());
                for s in &facts.successors {
                    let args = &snapshot.block(s.block).args;
                    for (i, &f) in s.forwarded.iter().enumerate() {
                        if f == value
                            && let Some(&a) = args.get(s.produced as usize + i)
                        {
                            targets.push(a);
                        }
                    }
                }
                for e in &facts.terminator_edges {
                    for (&f, &input) in e.forwarded.iter().zip(&e.inputs) {
                        if f == value {
                            targets.push(input);
                        }
                    }
                }
                Some(known)
            } else if let Some(rb) = &facts.region_branch {
                for e in &rb.entry_edges {
                    for (&f, &input) in e.forwarded.iter().zip(&e.inputs) {
                        if f == value {
                            targets.push(input);
                        }
                    }
                }
                Some(true)
            } else {
                None
            };
            match forwards_known {
                Some(true) => {
                    for t in targets {
                        if !seen[t.index()] {
                            out.receivers.push(t);
                        }
                        add(t, &mut work, &mut seen);
                    }
                    continue;
                }
                Some(false) => {
                    out.escapes.get_or_insert(u.user);
                    continue;
                }
                None => {}
            }
            let keeps = match &facts.effects {
                Effects::Known(effects) => effects.iter().any(|e| e.kind == EffectKind::Write),
                Effects::Unknown => !facts.is_call,
            };
            if !user.regions.is_empty() || keeps {
                out.escapes.get_or_insert(u.user);
                continue;
            }
            // Callers own what a call returns (the seeds' contract): fresh
            // values, not the address passed in.
            if facts.is_call {
                continue;
            }
            for &r in &user.results {
                add(r, &mut work, &mut seen);
            }
        }
    }
    out.users.sort_unstable();
    out
}
