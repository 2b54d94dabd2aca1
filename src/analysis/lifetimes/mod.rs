//! Tick-based buffer lifetimes for static memory planning (merge-alloc, seed
//! 003 "Compile-time memref.alloc Scheduling and Merging").
//!
//! The parts, each readable alone (this module imports them; they import
//! nothing of it):
//!
//! - `ticks`: [`Ticks`], the pre-order clock lifetimes are measured on;
//! - `intervals`: the widening rules for loops, branches and unstructured
//!   control flow, and the pruned bound summaries that keep the computation
//!   linear;
//! - `escape`: [`Escape`], why an allocation escapes (merge-alloc leaves it
//!   alone);
//! - this module: [`AllocLifetime`] and [`Lifetimes`], which put them
//!   together over the alias analysis's flow components.
//!
//! # Allocations and their lifetimes
//!
//! Allocations are the values [`AliasAnalysis`] classifies as
//! `Origin::Allocation` (an `Allocate` effect on the result) or
//! `Origin::Alloca` (on the automatic allocation scope resource; flagged
//! `is_alloca`). A *use* of an allocation is an op that has among its
//! operands a value whose [`AliasAnalysis::allocation_sources`] contain the
//! allocation, and that may touch memory: its effects are unknown or a
//! non-empty list. Effect-free ops (views, casts, `memref.dim`, branches,
//! `scf.for` itself) do not touch memory: whatever they produce is tracked
//! through aliasing, and the real accesses count. A use at op `u` covers
//! `[begin(u), end(u)]` (an op with regions covers its whole body).
//!
//! As in the seed, the allocation op itself does not count: an allocation
//! used only at ticks 3 and 4 has lifetime `[3, 4]`; an allocation without
//! any use gets `[t, t]` with `t` its own begin tick and `has_uses == false`.
//!
//! # Allocation scopes
//!
//! The scope of an allocation is merge-alloc's, computed by
//! [`super::loops::allocation_scope`]: its nearest ancestor op with the
//! `AutomaticAllocationScope` trait that is not a sequential loop
//! (allocations in an `scf.for` body belong to the enclosing function), or
//! the root. A loop whose iterations may overlap (`scf.forall`,
//! `scf.parallel`) is its own scope, since its iterations must not share one
//! buffer. Where that walk stops at an op it cannot see through (see
//! `AllocationScope::unsupported`), that op is the scope. The scope block is
//! the entry block of the scope op's region that holds the allocation.

use super::alias::{AliasAnalysis, Origin};
use super::graph::{Cfg, strongly_connected_components};
use super::loops::allocation_scope;
use super::snapshot::{BlockId, Effects, OpId, Snapshot, ValueDef, ValueId};
use super::value_flow::UseKind;

mod escape;
mod intervals;
mod ticks;

#[cfg(test)]
mod tests;

use escape::Flags;
use intervals::{UseSummary, bound_at, widens};

pub use escape::Escape;
pub use ticks::Ticks;

/// The lifetime of one allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocLifetime {
    /// The allocated value.
    pub value: ValueId,
    /// Its allocating op.
    pub op: OpId,
    /// Allocated on the automatic allocation scope (stack).
    pub is_alloca: bool,
    /// The allocation scope op (see the module docs).
    pub scope_op: OpId,
    /// The entry block of the scope op's region holding the allocation.
    pub scope_block: BlockId,
    /// First tick of the lifetime (inclusive).
    pub begin: u32,
    /// Last tick of the lifetime (inclusive).
    pub end: u32,
    /// False if no op touches the buffer or an alias of it.
    pub has_uses: bool,
    pub escape: Escape,
    /// An op frees the buffer through one of its aliases (a value it may
    /// flow into, itself included). Not an escape: merge-alloc refuses such
    /// buffers for its own reason.
    pub freed_through_alias: bool,
}

impl AllocLifetime {
    /// True if the two inclusive tick intervals intersect.
    pub fn overlaps(&self, other: &AllocLifetime) -> bool {
        self.begin <= other.end && other.begin <= self.end
    }
}

/// Lifetimes of all allocations of a snapshot.
#[derive(Clone, Debug)]
pub struct Lifetimes {
    ticks: Ticks,
    allocs: Vec<AllocLifetime>,
    /// Index into `allocs` per value, `u32::MAX` if not an allocation.
    index: Vec<u32>,
}

impl Lifetimes {
    /// Computes ticks, intervals, scopes and escapes for every allocation.
    pub fn new(snap: &Snapshot, alias: &AliasAnalysis<'_>) -> Lifetimes {
        let ticks = Ticks::new(snap);
        let nops = snap.ops.len();
        let widen: Vec<bool> = (0..nops as u32).map(|o| widens(snap, OpId(o))).collect();

        // Allocations.
        let mut allocs = Vec::new();
        let mut index = vec![u32::MAX; snap.values.len()];
        for v in alias.allocation_values() {
            let ValueDef::OpResult { op, .. } = snap.value(v).def else {
                continue;
            };
            if snap.op(op).parent_block.is_none() || ticks.begin(op) == u32::MAX {
                continue;
            }
            // Ops in a block always have a scope (see the module docs).
            let Some(scope) = allocation_scope(snap, op) else {
                continue;
            };
            let (scope_op, scope_block) = (scope.op, scope.block);
            index[v.index()] = allocs.len() as u32;
            allocs.push(AllocLifetime {
                value: v,
                op,
                is_alloca: alias.origin(v) == Origin::Alloca,
                scope_op,
                scope_block,
                begin: u32::MAX,
                end: 0,
                has_uses: false,
                escape: Escape::default(),
                freed_through_alias: false,
            });
        }

        // Uses, with widening: a bound summary per flow component, own uses
        // first, then (components from 0 up: successors first) those of
        // every component it flows into.
        let ncomp = alias.num_components();
        let mut summary: Vec<UseSummary> = vec![UseSummary::default(); ncomp];
        let mut seen_operand: Vec<ValueId> = Vec::new();
        for (o, op) in snap.ops.iter().enumerate() {
            let u = OpId(o as u32);
            if op.parent_block.is_none() || ticks.begin(u) == u32::MAX {
                continue;
            }
            if matches!(&op.facts.effects, Effects::Known(e) if e.is_empty()) {
                continue;
            }
            seen_operand.clear();
            for &v in &op.operands {
                if !snap.value(v).kind.is_buffer() || seen_operand.contains(&v) {
                    continue;
                }
                seen_operand.push(v);
                let c = alias.component(v);
                if alias.component_has_sources(c) {
                    summary[c as usize].add_use(snap, &ticks, &widen, u);
                }
            }
        }
        let mut flags = vec![Flags::default(); ncomp];
        let mark = |v: ValueId, flags: &mut Vec<Flags>, f: &dyn Fn(&mut Flags)| {
            if snap.value(v).kind.is_buffer() {
                f(&mut flags[alias.component(v) as usize]);
            }
        };
        let root_regions: &[super::snapshot::RegionId] =
            snap.ops.first().map_or(&[], |o| &o.regions[..]);
        let cfg = Cfg::new(snap);
        let (bscc, _) = strongly_connected_components(cfg.successor_graph());
        for op in snap.ops.iter().skip(1) {
            let f = &op.facts;
            let Some(b) = op.parent_block else { continue };
            if f.is_return_like && f.is_terminator {
                let in_root = root_regions.contains(&snap.block(b).region);
                for &v in &op.operands {
                    if in_root {
                        mark(v, &mut flags, &|e| e.escape.returned = true);
                    } else {
                        mark(v, &mut flags, &|e| e.escape.yielded = true);
                    }
                }
            }
            for e in &f.terminator_edges {
                for &v in &e.forwarded {
                    mark(v, &mut flags, &|e| e.escape.yielded = true);
                }
            }
            for s in &f.successors {
                if s.block.index() < snap.blocks.len() && bscc[s.block.index()] == bscc[b.index()] {
                    let vals: &[ValueId] = if s.mapping_known {
                        &s.forwarded
                    } else {
                        &op.operands
                    };
                    for &v in vals {
                        mark(v, &mut flags, &|e| e.escape.loop_carried = true);
                    }
                }
            }
        }
        // What ops do with buffers, from the shared value-flow graph.
        for event in alias.flow().all_events() {
            let flag: &dyn Fn(&mut Flags) = match event.kind {
                UseKind::Call => &|e| e.escape.call = true,
                UseKind::Unknown | UseKind::UnknownWithRegions => &|e| e.escape.unknown_op = true,
                UseKind::AddressExposed => &|e| e.escape.address_exposed = true,
                UseKind::Stored => &|e| e.escape.stored = true,
                UseKind::Freed => &|e| e.freed = true,
                UseKind::Forwarded => continue,
            };
            mark(event.value, &mut flags, flag);
        }
        for c in 0..ncomp as u32 {
            if !alias.component_has_sources(c) {
                continue;
            }
            let mut own = std::mem::take(&mut summary[c as usize]);
            let mut f = flags[c as usize];
            for &s in alias.component_successors(c) {
                own.lo.extend_from_slice(&summary[s as usize].lo);
                own.hi.extend_from_slice(&summary[s as usize].hi);
                f.or(flags[s as usize]);
            }
            own.prune();
            summary[c as usize] = own;
            flags[c as usize] = f;
        }
        for al in &mut allocs {
            let c = alias.component(al.value) as usize;
            let at = ticks.begin(al.op);
            let s = &summary[c];
            match (bound_at(&s.lo, at), bound_at(&s.hi, at)) {
                (Some(lo), Some(hi)) => {
                    al.begin = lo;
                    al.end = hi;
                    al.has_uses = true;
                }
                _ => {
                    al.begin = at;
                    al.end = at;
                }
            }
            al.escape = flags[c].escape;
            al.freed_through_alias = flags[c].freed;
        }
        Lifetimes {
            ticks,
            allocs,
            index,
        }
    }

    /// The ticks used.
    pub fn ticks(&self) -> &Ticks {
        &self.ticks
    }

    /// All allocations, in value order.
    pub fn allocations(&self) -> &[AllocLifetime] {
        &self.allocs
    }

    /// The lifetime of allocation `v`.
    pub fn get(&self, v: ValueId) -> Option<&AllocLifetime> {
        let i = *self.index.get(v.index())?;
        self.allocs.get(i as usize)
    }

    /// Allocations grouped by scope op: `(scope_op, indices into
    /// allocations())`, scopes in op order, allocations in tick order.
    pub fn by_scope(&self) -> Vec<(OpId, Vec<usize>)> {
        let mut idx: Vec<usize> = (0..self.allocs.len()).collect();
        idx.sort_by_key(|&i| {
            (
                self.allocs[i].scope_op,
                self.allocs[i].begin,
                self.allocs[i].value,
            )
        });
        let mut out: Vec<(OpId, Vec<usize>)> = Vec::new();
        for i in idx {
            let s = self.allocs[i].scope_op;
            match out.last_mut() {
                Some((last, v)) if *last == s => v.push(i),
                _ => out.push((s, vec![i])),
            }
        }
        out
    }
}
