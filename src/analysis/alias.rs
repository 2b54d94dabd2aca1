//! Buffer alias analysis: which values may hold (a part of) the same memory,
//! in the spirit of MLIR's `BufferViewFlowAnalysis` (formerly
//! `BufferAliasAnalysis`, the seeds' `BufferPlacementAliasAnalysis`).
//!
//! # The graph
//!
//! The analysis reads the edges of [`super::value_flow::ValueFlow`], the one
//! value-flow graph every analysis shares (views, casts, branch and region
//! edges, calls, unknown ops, unknown regions; see its module docs for the
//! rules), and answers alias queries over it. An edge `a -> b` means "`b` may
//! be `a`, or a view into `a`'s memory". Unranked memrefs are treated exactly
//! like ranked ones.
//!
//! # Queries and their cost
//!
//! - [`AliasAnalysis::dependents`] (MLIR `resolve`): the forward closure;
//!   [`AliasAnalysis::dependencies`] (MLIR `resolveReverse`): the backward
//!   closure. [`AliasAnalysis::resolve`]: all values that may alias `v`: the
//!   dependents of its dependencies (values that share a root with it). These
//!   are on-demand graph searches, linear in the part of the graph they visit.
//! - [`AliasAnalysis::allocation_sources`]: the allocations a value may come
//!   from, plus whether it may come from something that is not an
//!   allocation. The graph is condensed into strongly connected components
//!   on the first query that needs it (iterative Tarjan: loop-carried
//!   values form cycles); each component keeps only its *own* allocations,
//!   its predecessor and successor components, and two flags computed in
//!   topological order: whether it may be external, and whether any
//!   allocation reaches it. A
//!   query walks back over the components some allocation reaches and
//!   collects their own allocations: linear in that part of the
//!   condensation, no more than a constant factor over the answer on chains.
//!   [`AliasAnalysis::may_be_external`] is O(1).
//!
//!   No set is stored per value: memory is linear in the graph. (An earlier
//!   version stored a sorted source vector per distinct set; on a chain of
//!   n blocks each passing an allocation or its own argument on, the sets
//!   nest and their total size is n²/2: 1.7 GB at n = 8,000.) Consumers that
//!   need, per allocation, an aggregate over every value it flows into
//!   (lifetimes, escapes) run a dynamic program over the components instead
//!   of expanding sets ([`AliasAnalysis::component`],
//!   [`AliasAnalysis::component_successors`]: successors have smaller
//!   numbers, so visiting components from 0 up is reverse topological).
//!
//! Critical aliases and ownership are left to the passes.

use std::collections::HashSet;

use super::graph::{Csr, strongly_connected_components};
use super::snapshot::{OpId, Snapshot, ValueDef, ValueId};
use super::value_flow::{EdgeKind, ValueFlow};

/// Views whose result's aligned base pointer differs from their source's
/// (`memref.view` adds its byte shift to it when lowered); no interface says
/// so.
const POINTER_SHIFTING_VIEWS: &[&str] = &["memref.view"];

pub use super::value_flow::Origin;

/// The roots a value may come from, as answered by
/// [`AliasAnalysis::allocation_sources`]. Both lists are sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// Heap allocations (`Origin::Allocation`).
    pub allocations: Vec<ValueId>,
    /// Stack allocations (`Origin::Alloca`).
    pub allocas: Vec<ValueId>,
    /// True if the value may also come from something that is not an
    /// allocation of this body (argument, call or unknown-op result, ...).
    pub may_be_external: bool,
}

/// The buffer alias analysis of one snapshot. See the module docs.
///
/// The closures and the condensation are built on the first query that
/// reads them ([`Graph`]): the deallocation pass reads only the value flow
/// unless the function holds ownership-based deallocation, and building the
/// condensation it never read was 9% of its time on the 175k-op module.
#[derive(Clone, Debug)]
pub struct AliasAnalysis<'a> {
    snap: &'a Snapshot,
    flow: ValueFlow,
    graph: std::cell::OnceCell<Graph>,
}

/// The forward and backward graphs of the value flow and their
/// condensation (see [`AliasAnalysis::from_flow`]).
#[derive(Clone, Debug)]
struct Graph {
    fwd: Csr,
    rev: Csr,
    /// The strongly connected component of each value; components are
    /// numbered so that every edge between two of them goes to a smaller
    /// number.
    comp: Vec<u32>,
    /// The values of each component, in value order.
    members: Csr,
    /// The distinct components with an edge into / out of each component.
    comp_preds: Csr,
    comp_succs: Csr,
    /// Per component: its allocations (heap and stack), in value order.
    own_sources: Csr,
    /// Per component: may be memory of unknown origin.
    comp_external: Vec<bool>,
    /// Per component: some allocation reaches it (itself included).
    comp_has_sources: Vec<bool>,
}

/// Distinct `(from, to)` component pairs of the edges between components.
fn component_edges(fwd: &Csr, comp: &[u32]) -> Vec<(u32, u32)> {
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (v, &c) in comp.iter().enumerate() {
        for &w in fwd.get(v as u32) {
            let d = comp[w as usize];
            if d != c {
                pairs.push((c, d));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

impl Graph {
    /// The condensation of the value flow `flow` of `snap` and the
    /// per-component facts (own allocations, external, reached by an
    /// allocation). Linear in the graph.
    fn new(snap: &Snapshot, flow: &ValueFlow) -> Graph {
        let nv = snap.values.len();
        let mut edges: Vec<(u32, u32)> = flow.edges().iter().map(|e| (e.from.0, e.to.0)).collect();
        edges.sort_unstable();
        edges.dedup();
        let fwd = Csr::from_pairs(nv, &edges);
        let rev_pairs: Vec<(u32, u32)> = edges.iter().map(|&(f, t)| (t, f)).collect();
        let rev = Csr::from_pairs(nv, &rev_pairs);
        drop((edges, rev_pairs));

        let (comp, ncomp) = strongly_connected_components(&fwd);
        let ncomp = ncomp as usize;
        let member_pairs: Vec<(u32, u32)> = comp
            .iter()
            .enumerate()
            .map(|(v, &c)| (c, v as u32))
            .collect();
        let members = Csr::from_pairs(ncomp, &member_pairs);
        let source_pairs: Vec<(u32, u32)> = member_pairs
            .into_iter()
            .filter(|&(_, v)| {
                matches!(flow.origin(ValueId(v)), Origin::Allocation | Origin::Alloca)
            })
            .collect();
        let own_sources = Csr::from_pairs(ncomp, &source_pairs);
        drop(source_pairs);
        let succ_pairs = component_edges(&fwd, &comp);
        let comp_succs = Csr::from_pairs(ncomp, &succ_pairs);
        let mut pred_pairs: Vec<(u32, u32)> = succ_pairs.iter().map(|&(c, d)| (d, c)).collect();
        drop(succ_pairs);
        pred_pairs.sort_unstable();
        let comp_preds = Csr::from_pairs(ncomp, &pred_pairs);
        drop(pred_pairs);

        // Predecessors have larger numbers: from the largest down is
        // topological order.
        let mut comp_external = vec![false; ncomp];
        let mut comp_has_sources = vec![false; ncomp];
        for c in (0..ncomp).rev() {
            let preds = comp_preds.get(c as u32);
            let own = own_sources.get(c as u32);
            // A component with neither an allocation nor an entry (an
            // entry-less cycle, a value nothing flows into) is of unknown
            // origin.
            let mut ext = own.is_empty() && preds.is_empty();
            ext |= members
                .get(c as u32)
                .iter()
                .any(|&m| flow.is_external(ValueId(m)));
            let mut has = !own.is_empty();
            for &p in preds {
                ext |= comp_external[p as usize];
                has |= comp_has_sources[p as usize];
            }
            comp_external[c] = ext;
            comp_has_sources[c] = has;
        }
        Graph {
            fwd,
            rev,
            comp,
            members,
            comp_preds,
            comp_succs,
            own_sources,
            comp_external,
            comp_has_sources,
        }
    }
}

impl<'a> AliasAnalysis<'a> {
    /// Builds the value-flow graph and its condensation.
    pub fn new(snap: &'a Snapshot) -> Self {
        Self::from_flow(snap, ValueFlow::new(snap))
    }

    /// The analysis over an existing value-flow graph of `snap` (its
    /// condensation is built on the first query that needs it).
    pub fn from_flow(snap: &'a Snapshot, flow: ValueFlow) -> Self {
        AliasAnalysis {
            snap,
            flow,
            graph: std::cell::OnceCell::new(),
        }
    }

    /// The graphs and the condensation, built on first use.
    fn graph(&self) -> &Graph {
        self.graph.get_or_init(|| Graph::new(self.snap, &self.flow))
    }
    /// The snapshot analysed.
    pub fn snapshot(&self) -> &'a Snapshot {
        self.snap
    }

    /// The value-flow graph the analysis is built on.
    pub fn flow(&self) -> &ValueFlow {
        &self.flow
    }

    /// The origin of `v` itself (see [`Origin`]).
    pub fn origin(&self, v: ValueId) -> Origin {
        self.flow.origin(v)
    }

    /// True if `v` is explicitly of unknown origin (it may also have incoming
    /// flow, e.g. a call result).
    pub fn is_external(&self, v: ValueId) -> bool {
        self.flow.is_external(v)
    }

    /// All allocation values (heap and stack), in value order.
    pub fn allocation_values(&self) -> Vec<ValueId> {
        (0..self.snap.values.len() as u32)
            .map(ValueId)
            .filter(|&v| matches!(self.origin(v), Origin::Allocation | Origin::Alloca))
            .collect()
    }

    /// The op defining an allocation value.
    pub fn allocation_op(&self, v: ValueId) -> Option<OpId> {
        match self.snap.value(v).def {
            ValueDef::OpResult { op, .. }
                if matches!(self.origin(v), Origin::Allocation | Origin::Alloca) =>
            {
                Some(op)
            }
            _ => None,
        }
    }

    /// Immediate successors in the flow graph (values that may directly be
    /// `v` or a view of it).
    pub fn direct_dependents(&self, v: ValueId) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.graph().fwd.get(v.0).iter().map(|&x| ValueId(x))
    }

    /// Immediate predecessors in the flow graph.
    pub fn direct_dependencies(&self, v: ValueId) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.graph().rev.get(v.0).iter().map(|&x| ValueId(x))
    }

    fn closure(&self, starts: &[ValueId], g: &Csr) -> Vec<ValueId> {
        let mut seen: rustc_hash::FxHashSet<u32> = starts.iter().map(|v| v.0).collect();
        let mut work: Vec<u32> = seen.iter().copied().collect();
        while let Some(x) = work.pop() {
            for &y in g.get(x) {
                if seen.insert(y) {
                    work.push(y);
                }
            }
        }
        let mut out: Vec<ValueId> = seen.into_iter().map(ValueId).collect();
        out.sort_unstable();
        out
    }

    /// MLIR `BufferViewFlowAnalysis::resolve`: `v` and every value that may
    /// be derived from it (forward closure), sorted.
    pub fn dependents(&self, v: ValueId) -> Vec<ValueId> {
        self.closure(&[v], &self.graph().fwd)
    }

    /// MLIR `resolveReverse`: `v` and every value it may be derived from
    /// (backward closure), sorted.
    pub fn dependencies(&self, v: ValueId) -> Vec<ValueId> {
        self.closure(&[v], &self.graph().rev)
    }

    /// Every value that may alias `v`: values sharing a root with it (the
    /// dependents of its dependencies), sorted, including `v`. Values whose
    /// only common origin is "external" are not included; see
    /// [`Self::may_alias`].
    pub fn resolve(&self, v: ValueId) -> Vec<ValueId> {
        let deps = self.dependencies(v);
        self.closure(&deps, &self.graph().fwd)
    }

    /// True if `a` and `b` may alias: one flows from a value the other also
    /// flows from, or both may be of external origin (two function arguments
    /// may alias each other).
    pub fn may_alias(&self, a: ValueId, b: ValueId) -> bool {
        if a == b {
            return true;
        }
        if self.may_be_external(a) && self.may_be_external(b) {
            return true;
        }
        let da: HashSet<ValueId> = self.dependencies(a).into_iter().collect();
        self.dependencies(b).iter().any(|x| da.contains(x))
    }

    /// The value `v` is provably the same buffer as, with the same aligned
    /// base pointer, on every path: `v` followed back while it has exactly
    /// one incoming edge that hands on the whole buffer or a view with the
    /// same base pointer (a view, a cast, the one buffer operand of a derived
    /// result such as `memref.extract_strided_metadata`'s base buffer, a
    /// merge with a single input) and is not memory from elsewhere.
    /// `memref.view` is not followed: its lowering moves the aligned pointer
    /// by its byte shift, so run-time pointer comparisons (the lowering of
    /// `bufferization.dealloc`) would not see it as the same buffer.
    pub fn same_buffer_base(&self, v: ValueId) -> ValueId {
        let mut cur = v;
        // A chain visits each value at most once unless it is a cycle of
        // single-input merges (dead code); the bound stops that.
        for _ in 0..self.snap.values.len() {
            let incoming = self.flow.incoming(cur);
            let [edge] = incoming else { break };
            if self.flow.is_external(cur)
                || POINTER_SHIFTING_VIEWS.contains(&self.snap.op(edge.op).name.as_str())
                || matches!(
                    edge.kind,
                    EdgeKind::Unknown | EdgeKind::UnknownBranch | EdgeKind::UnknownRegion
                )
            {
                break;
            }
            cur = edge.from;
        }
        cur
    }

    /// True if `a` and `b` are provably the same buffer (same aligned base
    /// pointer) on every path; see [`Self::same_buffer_base`].
    pub fn must_alias(&self, a: ValueId, b: ValueId) -> bool {
        a == b || self.same_buffer_base(a) == self.same_buffer_base(b)
    }

    /// The allocations `v` may come from (including `v` itself if it is one),
    /// and whether it may come from a non-allocation. Computed on demand: a
    /// walk back over the components that some allocation reaches, linear
    /// in that part of the condensation (and at least the size of the
    /// answer). Nothing is stored per value.
    pub fn allocation_sources(&self, v: ValueId) -> Sources {
        let g = self.graph();
        let start = g.comp[v.index()];
        let mut found: Vec<ValueId> = Vec::new();
        if g.comp_has_sources[start as usize] {
            let mut seen: rustc_hash::FxHashSet<u32> = rustc_hash::FxHashSet::default();
            seen.insert(start);
            let mut work = vec![start];
            while let Some(c) = work.pop() {
                found.extend(g.own_sources.get(c).iter().map(|&a| ValueId(a)));
                for &p in g.comp_preds.get(c) {
                    if g.comp_has_sources[p as usize] && seen.insert(p) {
                        work.push(p);
                    }
                }
            }
            found.sort_unstable();
        }
        let (allocations, allocas) = found
            .into_iter()
            .partition(|&a| self.origin(a) == Origin::Allocation);
        Sources {
            allocations,
            allocas,
            may_be_external: self.may_be_external(v),
        }
    }

    /// True if `v` may be memory of unknown origin (flows from an argument,
    /// a call or unknown-op result, an entry-less cycle, ...): the
    /// `may_be_external` of [`Self::allocation_sources`], in O(1).
    pub fn may_be_external(&self, v: ValueId) -> bool {
        let g = self.graph();
        g.comp_external[g.comp[v.index()] as usize]
    }

    /// The strongly connected component of `v` in the value-flow graph.
    /// Every flow edge between two components goes to a smaller number, so
    /// visiting components from 0 up sees a component after all those it
    /// flows into (for dynamic programs over "every value `v` flows into").
    pub fn component(&self, v: ValueId) -> u32 {
        self.graph().comp[v.index()]
    }

    /// Number of components of the value-flow graph.
    pub fn num_components(&self) -> usize {
        self.graph().comp_external.len()
    }

    /// The distinct components component `c` has a flow edge into (all
    /// numbered below `c`).
    pub fn component_successors(&self, c: u32) -> &[u32] {
        self.graph().comp_succs.get(c)
    }

    /// The values of component `c`, in value order.
    pub fn component_members(&self, c: u32) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.graph().members.get(c).iter().map(|&v| ValueId(v))
    }

    /// True if some allocation flows into component `c` (or is in it).
    pub fn component_has_sources(&self, c: u32) -> bool {
        self.graph().comp_has_sources[c as usize]
    }

    /// Number of components of the condensation (kept for benchmarks; the
    /// analysis stores no per-value source sets any more).
    pub fn num_source_sets(&self) -> usize {
        self.num_components()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::snapshot::{
        BlockId, Effect, EffectKind, Effects, OpFacts, RegionBranchInfo, RegionEdge, RegionTarget,
        SnapshotBuilder, Successor, ValueKind,
    };
    use crate::analysis::testgen::{self, GenConfig};
    use proptest::prelude::*;

    const BUF: ValueKind = ValueKind::RankedMemRef;

    fn sorted(mut v: Vec<ValueId>) -> Vec<ValueId> {
        v.sort_unstable();
        v
    }

    fn facts() -> OpFacts {
        OpFacts {
            regions_have_ssa_dominance: true,
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        }
    }
    fn alloc(b: &mut SnapshotBuilder, blk: BlockId, stack: bool) -> ValueId {
        let op = b.add_op(blk, "alloc", &[], &[BUF], facts());
        let r = b.snapshot().op(op).results[0];
        b.facts_mut(op).effects = Effects::Known(vec![Effect {
            kind: EffectKind::Allocate,
            value: Some(r),
            on_automatic_scope: stack,
        }]);
        r
    }
    fn view(b: &mut SnapshotBuilder, blk: BlockId, src: ValueId) -> ValueId {
        let op = b.add_op(
            blk,
            "view",
            &[src],
            &[BUF],
            OpFacts {
                view_source: Some(src),
                ..facts()
            },
        );
        b.snapshot().op(op).results[0]
    }

    #[test]
    fn views_branches_calls_and_unknown_mapping() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[BUF]);
        let b1 = b.add_block(r, &[BUF]);
        let b2 = b.add_block(r, &[BUF, BUF]);
        let b3 = b.add_block(r, &[BUF]);
        let arg = b.snapshot().block(b0).args[0];
        let a = alloc(&mut b, b0, false);
        let s = alloc(&mut b, b0, true);
        let va = view(&mut b, b0, a);
        let vva = view(&mut b, b0, va);
        let br = |blk: BlockId, fw: Vec<ValueId>, produced: u32| Successor {
            block: blk,
            forwarded: fw,
            produced,
            mapping_known: true,
        };
        b.add_op(
            b0,
            "cf.cond_br",
            &[vva, s],
            &[],
            OpFacts {
                is_terminator: true,
                successors: vec![br(b1, vec![vva], 0), br(b2, vec![s], 1)],
                ..facts()
            },
        );
        let x = b.snapshot().block(b1).args[0];
        let call = b.add_op(
            b1,
            "call",
            &[x],
            &[BUF],
            OpFacts {
                is_call: true,
                effects: Effects::Unknown,
                ..facts()
            },
        );
        let cr = b.snapshot().op(call).results[0];
        b.add_op(
            b1,
            "weird_br",
            &[cr, arg],
            &[],
            OpFacts {
                is_terminator: true,
                successors: vec![Successor {
                    block: b3,
                    forwarded: vec![],
                    produced: 0,
                    mapping_known: false,
                }],
                ..facts()
            },
        );
        b.add_op(
            b2,
            "return",
            &[],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                ..facts()
            },
        );
        b.add_op(
            b3,
            "return",
            &[],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                ..facts()
            },
        );
        let snap = b.finish();
        let aa = AliasAnalysis::new(&snap);
        let [p2, q2] = [snap.block(b2).args[0], snap.block(b2).args[1]];
        let y = snap.block(b3).args[0];
        assert_eq!(aa.origin(a), Origin::Allocation);
        assert_eq!(aa.origin(s), Origin::Alloca);
        assert_eq!(aa.origin(arg), Origin::External);
        assert_eq!(aa.origin(va), Origin::Derived);
        assert_eq!(aa.origin(cr), Origin::External);
        assert_eq!(aa.origin(p2), Origin::External); // produced by the terminator
        assert_eq!(aa.dependents(a), sorted(vec![a, va, vva, x, cr, y]));
        assert_eq!(aa.dependencies(x), sorted(vec![a, va, vva, x]));
        assert_eq!(aa.dependencies(q2), sorted(vec![s, q2]));
        let src = aa.allocation_sources(x);
        assert_eq!(src.allocations, &[a]);
        assert!(src.allocas.is_empty());
        assert!(!src.may_be_external);
        let src = aa.allocation_sources(q2);
        assert_eq!(src.allocas, &[s]);
        assert!(!src.may_be_external);
        let src = aa.allocation_sources(y);
        assert_eq!(src.allocations, &[a]);
        assert!(src.may_be_external);
        assert_eq!(aa.resolve(va), sorted(vec![a, va, vva, x, cr, y]));
        assert!(aa.may_alias(x, va));
        assert!(!aa.may_alias(a, s));
        assert!(aa.may_alias(arg, y));
        assert!(aa.allocation_sources(arg).allocations.is_empty());
        assert_eq!(aa.allocation_values(), vec![a, s]);
    }

    /// for-like loop: %r = for iter(%i = %a) { %n = alloc; yield %n } ; if-like yielding views.
    #[test]
    fn loop_back_edge_and_if() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[ValueKind::Other]);
        let a = alloc(&mut b, b0, false);
        let lp = b.add_op(
            b0,
            "for",
            &[a],
            &[BUF],
            OpFacts {
                is_loop_like: true,
                region_branch: Some(RegionBranchInfo::default()),
                ..facts()
            },
        );
        let res = b.snapshot().op(lp).results[0];
        let body_r = b.add_region(lp);
        let body = b.add_block(body_r, &[ValueKind::Other, BUF]);
        let it = b.snapshot().block(body).args[1];
        let n = alloc(&mut b, body, false);
        let edges = RegionEdge::into_region_or_out(body_r, vec![n], vec![it], vec![res]);
        b.add_op(
            body,
            "yield",
            &[n],
            &[],
            OpFacts {
                is_terminator: true,
                terminator_edges: edges,
                ..facts()
            },
        );
        b.facts_mut(lp).region_branch = Some(RegionBranchInfo {
            entry_edges: RegionEdge::into_region_or_out(body_r, vec![a], vec![it], vec![res]),
        });
        // if-like: yields a view of %res or %a
        let ifop = b.add_op(
            b0,
            "if",
            &[],
            &[BUF],
            OpFacts {
                region_branch: Some(RegionBranchInfo::default()),
                ..facts()
            },
        );
        let ires = b.snapshot().op(ifop).results[0];
        let mut entry = vec![];
        for src in [res, a] {
            let rr = b.add_region(ifop);
            let rb = b.add_block(rr, &[]);
            let v = view(&mut b, rb, src);
            let e = vec![RegionEdge {
                target: RegionTarget::Parent,
                forwarded: vec![v],
                inputs: vec![ires],
            }];
            b.add_op(
                rb,
                "yield",
                &[v],
                &[],
                OpFacts {
                    is_terminator: true,
                    terminator_edges: e,
                    ..facts()
                },
            );
            entry.push(RegionEdge {
                target: RegionTarget::Region(rr),
                forwarded: vec![],
                inputs: vec![],
            });
        }
        b.facts_mut(ifop).region_branch = Some(RegionBranchInfo { entry_edges: entry });
        b.add_op(
            b0,
            "return",
            &[ires],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                ..facts()
            },
        );
        let snap = b.finish();
        let aa = AliasAnalysis::new(&snap);
        assert_eq!(aa.allocation_sources(it).allocations, &[a, n]);
        assert_eq!(aa.allocation_sources(res).allocations, &[a, n]);
        assert_eq!(aa.allocation_sources(ires).allocations, &[a, n]);
        assert!(!aa.allocation_sources(ires).may_be_external);
        assert!(aa.dependents(n).contains(&ires));
        assert!(!aa.dependencies(n).contains(&a));
        assert!(!aa.may_alias(n, a)); // distinct allocations, both flow into %it
        assert!(aa.may_alias(it, a) && aa.may_alias(it, n) && aa.may_alias(ires, n));
    }

    fn check_properties(snap: &Snapshot) {
        let aa = AliasAnalysis::new(snap);
        let nv = snap.values.len();
        let allocs = aa.allocation_values();
        let deps_of_allocs: Vec<Vec<ValueId>> = allocs.iter().map(|&a| aa.dependents(a)).collect();
        let externals: Vec<ValueId> = (0..nv as u32)
            .map(ValueId)
            .filter(|&v| aa.is_external(v))
            .collect();
        let mut ext_reach = vec![false; nv];
        for &e in &externals {
            for d in aa.dependents(e) {
                ext_reach[d.index()] = true;
            }
        }
        for v in 0..nv {
            let v = ValueId(v as u32);
            let s = aa.allocation_sources(v);
            let mut expect: Vec<ValueId> = allocs
                .iter()
                .zip(&deps_of_allocs)
                .filter(|(_, d)| d.binary_search(&v).is_ok())
                .map(|(&a, _)| a)
                .collect();
            expect.sort_unstable();
            let mut got: Vec<ValueId> = s.allocations.iter().chain(&s.allocas).copied().collect();
            got.sort_unstable();
            assert_eq!(got, expect, "sources of {v:?}");
            assert!(
                s.allocations
                    .iter()
                    .all(|&a| aa.origin(a) == Origin::Allocation)
            );
            assert!(s.allocas.iter().all(|&a| aa.origin(a) == Origin::Alloca));
            // External iff reachable from an external value, or from a root
            // cycle (none in generated snapshots without unreachable loops:
            // allow the cycle case only when no allocation reaches it).
            if ext_reach[v.index()] {
                assert!(s.may_be_external, "{v:?} reachable from external");
            } else if s.may_be_external {
                // It flows from an entry-less cycle: a dependency whose own
                // dependencies are all merely derived (no allocation, no
                // external value feeds the cycle), possibly besides
                // allocations.
                assert!(
                    aa.dependencies(v).iter().any(|&d| aa
                        .dependencies(d)
                        .iter()
                        .all(|&e| aa.origin(e) == Origin::Derived)),
                    "{v:?}"
                );
            }
            // Duality of the closures.
            for w in aa.dependents(v) {
                assert!(aa.dependencies(w).binary_search(&v).is_ok());
            }
        }
        // Every flow fact between buffers is an edge of the closure.
        let both_buffers = |a: ValueId, b: ValueId| {
            snap.value(a).kind.is_buffer() && snap.value(b).kind.is_buffer()
        };
        for op in &snap.ops {
            if let (Some(src), Some(&r0)) = (op.facts.view_source, op.results.first()) {
                assert!(aa.dependents(src).contains(&r0));
            }
            for s in &op.facts.successors {
                if s.mapping_known {
                    for (i, &fw) in s.forwarded.iter().enumerate() {
                        let a = snap.block(s.block).args[s.produced as usize + i];
                        assert!(!both_buffers(fw, a) || aa.dependents(fw).contains(&a));
                    }
                }
            }
            for e in &op.facts.terminator_edges {
                for (&fw, &inp) in e.forwarded.iter().zip(&e.inputs) {
                    assert!(
                        !both_buffers(fw, inp)
                            || aa.dependents(fw).contains(&inp)
                            || aa.origin(inp) != Origin::Derived
                                && aa.origin(inp) != Origin::External
                    );
                }
            }
        }
        // resolve is symmetric on a sample.
        for v in (0..nv).step_by(3) {
            let v = ValueId(v as u32);
            for w in aa.resolve(v) {
                assert!(aa.resolve(w).contains(&v), "resolve symmetry {v:?} {w:?}");
            }
        }
    }

    /// A value fed by an entry-less cycle of block arguments and by an
    /// allocation may be external without an external value reaching it.
    #[test]
    fn entry_less_cycle_and_allocation_feed_one_value() {
        check_properties(&testgen::generate(
            13709353942464844264,
            &GenConfig::medium(),
        ));
    }

    #[test]
    fn properties_hand_built() {
        // Reuse the generator on fixed seeds as a smoke test of the checker.
        for seed in 0..20 {
            check_properties(&testgen::generate(seed, &GenConfig::default()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn sources_match_closures(seed in any::<u64>()) {
            check_properties(&testgen::generate(seed, &GenConfig::default()));
        }
        #[test]
        fn sources_match_closures_medium(seed in any::<u64>()) {
            check_properties(&testgen::generate(seed, &GenConfig::medium()));
        }
    }
}
