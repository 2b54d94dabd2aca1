//! One loop policy for every pass: which ops repeat their regions, which
//! regions run exactly once, which blocks sit on control-flow cycles, and
//! whether the iterations of a loop may run concurrently.
//!
//! Repetition comes from interfaces (`LoopLikeOpInterface`, region back edges
//! of `RegionBranchOpInterface`, CFG cycles); an op with regions but no
//! region-branch semantics repeats as far as anyone can tell. Concurrency has
//! no interface beyond MLIR's `HasParallelRegion`, so the loops of dialects
//! whose parallel loops lack the trait, and the loops known to run their
//! iterations one after another, are named here, once. A loop in neither list
//! counts as possibly concurrent: hoisting does not leave it and merge-alloc
//! gives its body a scope of its own ([`allocation_scope`], the one scope
//! rule of merge-alloc and the lifetime analysis).

use std::cell::{OnceCell, RefCell};

use super::{
    cycles::BlockCycles,
    graph::Cfg,
    snapshot::{BlockId, OpId, RegionId, RegionTarget, Snapshot},
};

/// Loop ops whose iterations may run concurrently but that do not all carry
/// `HasParallelRegion` (affine, OpenMP, OpenACC).
pub const PARALLEL_LOOPS: &[&str] = &[
    "scf.parallel",
    "scf.forall",
    "affine.parallel",
    "omp.wsloop",
    "omp.parallel",
    "acc.parallel",
    "acc.loop",
];

/// Loop ops that run their iterations one after another.
pub const SEQUENTIAL_LOOPS: &[&str] = &["scf.for", "scf.while", "affine.for"];

/// How the iterations of a loop op relate in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iterations {
    /// One after another (a buffer may serve every iteration).
    Sequential,
    /// Possibly at the same time (each iteration needs its own buffers).
    MayOverlap,
}

/// The iterations of loop op `op` (see the module docs).
pub fn iterations(snapshot: &Snapshot, op: OpId) -> Iterations {
    let info = snapshot.op(op);
    let name = info.name.as_str();
    if !info.facts.has_parallel_region
        && !PARALLEL_LOOPS.contains(&name)
        && SEQUENTIAL_LOOPS.contains(&name)
    {
        Iterations::Sequential
    } else {
        Iterations::MayOverlap
    }
}

/// The allocation scope of an op: where a buffer it allocates may live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocationScope {
    /// The scope op: the nearest `AutomaticAllocationScope` ancestor that is
    /// not a sequential loop, the root, or where the walk stopped (below).
    pub op: OpId,
    /// The entry block of the scope op's region that holds the allocation.
    pub block: BlockId,
    /// The walk stopped at `op` without reaching a scope: an ancestor op is
    /// isolated from above, has regions without region-branch semantics, or
    /// is a loop whose iterations may overlap and is no allocation scope.
    /// Nothing can be said about where the buffer may live beyond `op`
    /// (merge-alloc leaves such allocations alone).
    pub unsupported: bool,
}

/// The allocation scope of `op`, walking up from its block; `None` for an op
/// outside any block (the root).
///
/// A sequential loop ([`iterations`]) is not a scope even with
/// `AutomaticAllocationScope` (as `scf.for`): one buffer may serve every
/// iteration, so allocations in its body belong to the enclosing scope. A
/// loop whose iterations may overlap (`scf.forall`, `scf.parallel`) with the
/// trait is a scope: each iteration needs its own buffers.
pub fn allocation_scope(snapshot: &Snapshot, op: OpId) -> Option<AllocationScope> {
    let mut block = snapshot.op(op).parent_block?;
    loop {
        let region = snapshot.block(block).region;
        let parent = snapshot.region(region).parent_op;
        let entry = snapshot.entry_block(region).unwrap_or(block);
        let info = snapshot.op(parent);
        let scope = |unsupported| AllocationScope {
            op: parent,
            block: entry,
            unsupported,
        };
        let Some(parent_block) = info.parent_block else {
            return Some(scope(false));
        };
        let facts = &info.facts;
        let sequential =
            facts.is_loop_like && iterations(snapshot, parent) == Iterations::Sequential;
        if facts.is_automatic_allocation_scope && !sequential {
            return Some(scope(false));
        }
        if facts.is_isolated_from_above
            || facts.region_branch.is_none()
            || (facts.is_loop_like && !sequential)
        {
            return Some(scope(true));
        }
        block = parent_block;
    }
}

/// Whether control can flow from one region of `op` to itself or an earlier
/// region (a loop through region control flow), per its terminators' edges.
pub fn region_repeats(snapshot: &Snapshot, op: OpId) -> bool {
    let regions = &snapshot.op(op).regions;
    regions.iter().enumerate().any(|(from, &region)| {
        snapshot.region(region).blocks.iter().any(|&b| {
            snapshot.terminator(b).is_some_and(|t| {
                snapshot
                    .op(t)
                    .facts
                    .terminator_edges
                    .iter()
                    .any(|e| match e.target {
                        RegionTarget::Region(to) => regions
                            .iter()
                            .position(|&r| r == to)
                            .is_some_and(|to| to <= from),
                        RegionTarget::Parent => false,
                    })
            })
        })
    })
}

/// Whether `region` of the region-branch op `op` runs exactly once per run
/// of `op`: control enters only `region` (no edge to another region or
/// straight to the results), and leaves it only to the results.
pub fn runs_exactly_once(snapshot: &Snapshot, op: OpId, region: RegionId) -> bool {
    let Some(info) = &snapshot.op(op).facts.region_branch else {
        return false;
    };
    !info.entry_edges.is_empty()
        && info
            .entry_edges
            .iter()
            .all(|e| e.target == RegionTarget::Region(region))
        && !is_loop_op(snapshot, op)
        && snapshot
            .region(region)
            .blocks
            .iter()
            .all(|&b| match snapshot.terminator(b) {
                Some(t) => {
                    let facts = &snapshot.op(t).facts;
                    !facts.successors.is_empty()
                        || (!facts.terminator_edges.is_empty()
                            && facts
                                .terminator_edges
                                .iter()
                                .all(|e| e.target == RegionTarget::Parent))
                }
                None => false,
            })
}

/// Whether `op` may run its regions more than once per run of the op: a
/// `LoopLikeOpInterface` op, a region-branch op with a region back edge, or an
/// op with regions that is neither a region branch nor an allocation scope,
/// whose repetition nobody can tell (e.g. a `linalg.generic` body runs once
/// per element). Allocation-scope ops without region-branch semantics (e.g.
/// `gpu.func`-like ops) release their stack allocations on every run, so they
/// are scopes, not loops.
pub fn is_loop_op(snapshot: &Snapshot, op: OpId) -> bool {
    let info = snapshot.op(op);
    let facts = &info.facts;
    facts.is_loop_like
        || region_repeats(snapshot, op)
        || (facts.region_branch.is_none()
            && !info.regions.is_empty()
            && info.parent_block.is_some()
            && !facts.is_automatic_allocation_scope)
}

/// Whether `op` may sit in a loop anywhere up to the root: an enclosing op
/// repeats its regions ([`is_loop_op`]), or, with `block_loops`, a region
/// on the way up may hold a CFG cycle (`cyclic_regions`, from
/// [`regions_with_back_edges`]). Cheaper than [`LoopFinder`] (no cycle
/// analysis) and never says no where an op is in a loop: loop hoisting
/// leaves a body alone when no allocation in it may be in one.
pub fn may_be_in_loop(
    snapshot: &Snapshot,
    op: OpId,
    block_loops: bool,
    cyclic_regions: &[bool],
) -> bool {
    let Some(mut block) = snapshot.op(op).parent_block else {
        return false;
    };
    loop {
        let region = snapshot.block(block).region;
        if block_loops && cyclic_regions[region.index()] {
            return true;
        }
        let parent = snapshot.region(region).parent_op;
        let Some(next) = snapshot.op(parent).parent_block else {
            return false;
        };
        if is_loop_op(snapshot, parent) {
            return true;
        }
        block = next;
    }
}

/// Per region: whether a branch in it goes to a block with a smaller or equal
/// id. Every CFG cycle has such an edge (any order of the blocks has one
/// backward edge on a cycle), so a region without one holds no cycle.
pub fn regions_with_back_edges(snapshot: &Snapshot) -> Vec<bool> {
    let mut cyclic = vec![false; snapshot.regions.len()];
    // The successors of every block's last op, as `Cfg::new` reads them.
    for (index, block) in snapshot.blocks.iter().enumerate() {
        let Some(&last) = block.ops.last() else {
            continue;
        };
        if snapshot
            .op(last)
            .facts
            .successors
            .iter()
            .any(|s| s.block.index() <= index)
        {
            cyclic[block.region.index()] = true;
        }
    }
    cyclic
}

/// Finds loops between an op and its allocation scope (for promote-to-stack).
/// Everything is decided on first need: [`is_loop_op`] per op on the way up
/// from an allocation, the CFG cycles only of a body with a back edge.
pub struct LoopFinder<'s> {
    snapshot: &'s Snapshot,
    /// Per region: a back edge ([`regions_with_back_edges`]).
    cyclic: Vec<bool>,
    /// Per block: on a control-flow cycle of its region (built for the
    /// first block in a region with a back edge).
    on_cycle: OnceCell<Vec<bool>>,
    /// Per op: [`is_loop_op`], decided once (it reads every block of the
    /// op's regions; asking it per allocation made promotion quadratic in
    /// the function's blocks): 0 not yet asked, 1 no, 2 yes.
    loop_op: RefCell<Vec<u8>>,
}

impl<'s> LoopFinder<'s> {
    pub fn new(snapshot: &'s Snapshot) -> Self {
        LoopFinder {
            snapshot,
            cyclic: regions_with_back_edges(snapshot),
            on_cycle: OnceCell::new(),
            loop_op: RefCell::new(vec![0; snapshot.ops.len()]),
        }
    }

    fn on_cycle(&self, block: BlockId) -> bool {
        self.cyclic[self.snapshot.block(block).region.index()]
            && self
                .on_cycle
                .get_or_init(|| BlockCycles::new(&Cfg::new(self.snapshot)).on_cycle)[block.index()]
    }

    fn loop_op(&self, op: OpId) -> bool {
        let mut memo = self.loop_op.borrow_mut();
        match memo[op.index()] {
            0 => {
                let is_loop = is_loop_op(self.snapshot, op);
                memo[op.index()] = 1 + u8::from(is_loop);
                is_loop
            }
            known => known == 2,
        }
    }

    /// `Some(Some(op))`: `op` repeats its body; `Some(None)`: a CFG cycle;
    /// `None`: `start` runs at most once per run of its allocation scope.
    pub fn enclosing_loop(&self, start: OpId) -> Option<Option<OpId>> {
        let snapshot = self.snapshot;
        let mut block: BlockId = snapshot.op(start).parent_block?;
        loop {
            let region = snapshot.block(block).region;
            if self.on_cycle(block) {
                return Some(None);
            }
            let parent = snapshot.region(region).parent_op;
            let facts = &snapshot.op(parent).facts;
            // Loops first: `scf.for` carries AutomaticAllocationScope, yet
            // MLIR 22's lowering to LLVM does not release allocas per
            // iteration (a 1 KiB alloca in a 20M-iteration scf.for overflows
            // the stack), so a loop is a loop whatever its traits say.
            if self.loop_op(parent) {
                return Some(Some(parent));
            }
            if facts.is_automatic_allocation_scope || snapshot.op(parent).parent_block.is_none() {
                return None;
            }
            block = snapshot.op(parent).parent_block?;
        }
    }
}
