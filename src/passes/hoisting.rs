//! The allocation-placement engine shared by `bufrs-buffer-hoisting`,
//! `bufrs-buffer-loop-hoisting` and (its loop finder) `bufrs-promote-buffers-to-stack`.
//!
//! Seeds 000/002, "Movement and Placement of Allocations": allocations move
//! as far up as their operands allow, into dominators and out of nested
//! regions. One walk does it for every pass; a small [`Policy`] says which
//! steps a pass may take and where the allocation lands:
//!
//! | step | hoisting | loop hoisting |
//! |---|---|---|
//! | up the dominator tree of a CFG region, staying in its loops | yes | no |
//! | out of a CFG cycle (a block loop) to the dominator outside it | no | yes |
//! | out of a region that runs exactly once (`scf.execute_region`) | yes | yes (not a landing spot) |
//! | out of a region that may not run (`scf.if`) | with `leave-conditionals` | no |
//! | out of a region that repeats (`LoopLikeOpInterface`, region back edges) | no | yes |
//! | lands at | the earliest point its operands allow | right before the loop it left |
//!
//! # What qualifies
//!
//! An op whose memory effects are exactly one heap `Allocate` on its single
//! result (no read, write or free: moving it earlier cannot reorder it with
//! any memory access), without regions, implementing
//! `AllocationOpInterface`, whose `getHoistingKind` allows the move
//! (`Block` for dominator and conditional moves, `Loop` for loop moves).
//! Ops are found through effects and interfaces, never names.
//!
//! # Where placement is legal
//!
//! Every step keeps the allocation's operands dominating it (a dynamic
//! size stops it right after the size's definition; a loop induction
//! variable keeps it in the loop). It never leaves the function, an
//! `IsolatedFromAbove` op, an op without `RegionBranchOpInterface` (its
//! regions may run anywhere, e.g. on a device), a graph region, or an
//! `AutomaticAllocationScope` op, except that loop hoisting crosses loops
//! that carry the trait (`scf.for` does): the trait bounds stack
//! allocations, and only heap allocations are moved. It never leaves a
//! parallel loop (sharing one buffer between concurrent iterations is a
//! race): only loops that [`crate::analysis::loops::iterations`] knows to be
//! sequential are left.
//! Unreachable blocks stay as they are.
//!
//! # Never changing the program's meaning
//!
//! A fresh allocation is invisible to every op until its result is used, so
//! moving it earlier reorders nothing observable. What can change is how
//! often it runs relative to its frees. bufrs must be right both before
//! deallocation (no frees yet; the deallocation pass will free every path)
//! and after it (frees exist; nothing will be added), and it cannot tell the
//! two apart, so a step is taken only when it is right in both:
//!
//! - *Control-equivalent moves* (to a dominator that the block
//!   post-dominates, in the same cycles; up in the same block; out of a
//!   region that runs exactly once per run of its op) keep the count:
//!   always legal, frees stay where they are.
//! - *Moves that run the allocation on more paths* (into a dominator that is
//!   not control-equivalent, out of a conditional region) are legal when the
//!   buffer has no free and never leaves the function (not returned, not
//!   stored, no op with unknown effects): before deallocation the pass will
//!   free the new paths; after it, the program already dropped the buffer
//!   unfreed. If the buffer has frees and its whole lifetime lies inside the
//!   region left, the frees inside are removed and one free is built right
//!   after the region's op, so it runs exactly once per allocation.
//!   Otherwise the step is refused (it would leak on the new paths).
//! - *Leaving a loop* makes one buffer serve every iteration. The rule: no
//!   alias of the buffer may be carried to another iteration (forwarded by
//!   the loop's own terminators: iter_args, while-loop arguments, CFG
//!   branch operands in a block loop), stored into memory, or used by an op
//!   with unknown effects. A fresh allocation holds unspecified contents, so
//!   an iteration that reads before it writes may already see anything; with
//!   the "write before read" of the seeds it sees only its own writes either
//!   way. Nor may a buffer leave a loop when an alias flows into a merge
//!   (a block argument, a region argument or result, e.g. an iter_arg
//!   init) and the buffer is written: shared between iterations, the next
//!   iteration's write would follow this iteration's flow into the merge,
//!   which clone-based deallocation refuses (its input contract).
//!   Frees in the loop body are removed and one free is built right
//!   after the loop: one allocation and one free, also when the loop runs
//!   zero times. In a block loop the frees cannot be moved to every exit
//!   edge generically, so a freed buffer stays in a block loop.
//!
//! Per allocation, the walk is linear in the nesting depth and
//! dominator-tree height plus the uses of the buffer's aliases (its flow);
//! dominance and SCCs are built at most once per run (on the first walk
//! through a region of more than one block), use lists and the value-flow
//! graph at most once (on the first walk that needs a buffer's flow).

use std::cell::{OnceCell, RefCell};
use std::collections::HashSet;

use mlir_sys::MlirOperation;

use crate::ir::capture::IrMap;
use crate::passes::promote_buffers_to_stack::{Promotion, Refusal};
use crate::{
    analysis::{
        allocs::{frees_only, is_pure_heap_allocation},
        cycles::BlockCycles,
        dominance::DominanceInfo,
        flow::{Flow, FlowEvent, follow},
        graph::{Cfg, ancestor_block_in_region, ancestor_op_in_region},
        loops::{
            Iterations, LoopFinder, is_loop_op, iterations, regions_with_back_edges,
            runs_exactly_once,
        },
        snapshot::{BlockId, EffectKind, Effects, OpId, RegionId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
        value_flow::{EdgeKind, ValueFlow},
    },
    ir::{
        Diagnostic,
        edit::{self, InsertPoint},
        interfaces::HoistingKind,
    },
};

/// Where a moved allocation lands in its final block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// As early as its operands allow (hoisting: groups allocations).
    Earliest,
    /// Right before the loop op it left, or at the end of the dominator a
    /// block loop was left to (loop hoisting: moves nothing else).
    BeforeLoop,
}

/// Which steps a pass may take. See the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Leave loops (repeating regions and CFG cycles); needs the `Loop` hoisting kind.
    pub leave_loops: bool,
    /// With `leave_loops`: also leave block loops (CFG cycles), not only loop ops.
    pub leave_block_loops: bool,
    /// Leave regions that run at most once (conditionals); needs `Block`.
    pub leave_conditionals: bool,
    /// Move up the dominator tree of a CFG region within its loops; needs `Block`.
    pub move_to_dominators: bool,
    pub landing: Landing,
    /// With `leave_loops`: leave a loop only where the buffer is live, in
    /// the original, at every heap allocation the loop's body may make
    /// ([`Engine::raises_peak`]), so that sharing it between iterations
    /// adds its bytes to no allocation's moment.
    pub keep_peak: bool,
    /// With `keep_peak`: the largest size in bytes and rank of an
    /// allocation the stack promotion after the pass takes once it is out
    /// of every loop (its bytes are then not on the heap, so it leaves
    /// loops as without `keep_peak`); `None`: no promotion follows.
    pub promoted: Option<(i64, i64)>,
}

impl Policy {
    pub const HOISTING: Policy = Policy {
        leave_loops: false,
        leave_block_loops: false,
        leave_conditionals: false,
        move_to_dominators: true,
        landing: Landing::Earliest,
        keep_peak: false,
        promoted: None,
    };
    pub const LOOP_HOISTING: Policy = Policy {
        leave_loops: true,
        leave_block_loops: true,
        leave_conditionals: false,
        move_to_dominators: false,
        landing: Landing::BeforeLoop,
        keep_peak: false,
        promoted: None,
    };
}

/// A spot in the original snapshot where an allocation goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// Right before this op (a loop op that is left).
    Before(OpId),
    /// Right before the terminator of this block.
    EndOf(BlockId),
    /// In this block, before the first op at or after this position that
    /// stays where it is.
    InBlock(BlockId, u32),
}

/// A move decided for one allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hoist {
    pub to: Spot,
    /// Loops left (structured and CFG).
    pub loops_left: u32,
    /// Frees of the buffer to remove...
    pub erase_frees: Vec<OpId>,
    /// ...and the op after which one free is built instead.
    pub free_after: Option<OpId>,
}

/// Why the walk stopped (or never started).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// No `AllocationOpInterface`.
    NoAllocationInterface,
    /// `getHoistingKind` forbids the next step.
    HoistingKind,
    /// An operand is defined here (or inside the region/op to leave).
    Operand {
        def: Option<OpId>,
    },
    /// The region's parent is the function: nothing to leave.
    Top,
    GraphRegion,
    Unreachable,
    /// The policy does not leave loops: this loop op (or a block loop).
    Loop {
        op: Option<OpId>,
    },
    /// The policy does not leave conditionals: this op.
    Conditional {
        op: OpId,
    },
    Isolated {
        op: OpId,
    },
    AllocationScope {
        op: OpId,
    },
    /// Not a `RegionBranchOpInterface` op: unknown region semantics.
    UnknownRegions {
        op: OpId,
    },
    Parallel {
        op: OpId,
    },
    /// An alias is carried to another iteration by `by`, stored, or used by
    /// an op with unknown effects.
    CrossIteration {
        by: OpId,
    },
    /// The step runs the allocation on more paths, and the buffer is freed
    /// outside the region left or leaves the function (through `by`).
    MorePaths {
        by: Option<OpId>,
    },
    /// The buffer is freed inside a block loop (frees are not moved to exit edges).
    FreedInBlockLoop {
        by: OpId,
    },
    /// An alias flows into a merge at `by` and the buffer is written: shared
    /// between iterations, a later iteration's write would follow an earlier
    /// iteration's flow into the merge.
    WriteAfterMerge {
        by: OpId,
    },
    /// With `keep_peak`: `by` may allocate in the loop's body while the
    /// buffer is dead there (or may free what is live before it), so one
    /// buffer for every iteration could raise the peak heap bytes.
    RaisesPeak {
        by: OpId,
    },
}

impl Stop {
    pub fn message(self) -> &'static str {
        match self {
            Stop::NoAllocationInterface => "the op does not implement AllocationOpInterface",
            Stop::HoistingKind => "its AllocationOpInterface hoisting kind forbids moving further",
            Stop::Operand { .. } => "an operand is defined here",
            Stop::Top => "there is nothing further this pass may leave",
            Stop::GraphRegion => "it is in a graph region",
            Stop::Unreachable => "its block is unreachable",
            Stop::Loop { .. } => "the enclosing loop is not left by this pass",
            Stop::Conditional { .. } => "the enclosing conditional region is not left by this pass",
            Stop::Isolated { .. } => "the enclosing op is isolated from above",
            Stop::AllocationScope { .. } => "the enclosing op is an automatic allocation scope",
            Stop::UnknownRegions { .. } => {
                "the enclosing op does not implement RegionBranchOpInterface"
            }
            Stop::Parallel { .. } => "the enclosing loop runs its iterations in parallel",
            Stop::CrossIteration { .. } => {
                "the buffer may live across iterations (carried, stored, used by an unknown op or its address taken)"
            }
            Stop::MorePaths { .. } => {
                "moving further would run it on more paths, and the buffer is freed outside or leaves the function"
            }
            Stop::FreedInBlockLoop { .. } => "the buffer is freed inside a block loop",
            Stop::WriteAfterMerge { .. } => {
                "the buffer flows into a merge and is written: shared between iterations, a write would follow an earlier iteration's flow into the merge (clone-based deallocation's input contract)"
            }
            Stop::RaisesPeak { .. } => {
                "the loop body may allocate (or free a buffer carried into it) where the buffer is dead: shared between iterations, it could raise the peak heap bytes (keep-peak)"
            }
        }
    }

    pub fn culprit(self) -> Option<OpId> {
        match self {
            Stop::Operand { def } => def,
            Stop::Loop { op } => op,
            Stop::MorePaths { by } => by,
            Stop::Conditional { op }
            | Stop::Isolated { op }
            | Stop::AllocationScope { op }
            | Stop::UnknownRegions { op }
            | Stop::Parallel { op }
            | Stop::CrossIteration { by: op }
            | Stop::FreedInBlockLoop { by: op }
            | Stop::WriteAfterMerge { by: op }
            | Stop::RaisesPeak { by: op } => Some(op),
            _ => None,
        }
    }
}

/// The decision for one allocation: where it goes (if anywhere) and why it
/// goes no further.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub alloc: OpId,
    pub buffer: ValueId,
    pub hoist: Option<Hoist>,
    pub stop: Stop,
}

// ---------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------

/// What the flow of one buffer says about moving it.
struct BufferFacts {
    flow: Flow,
    frees: Vec<OpId>,
    /// Every free is an op that only frees the buffer itself.
    frees_simple: bool,
    /// Returned from the function, stored, or used by an unknown op: `by`.
    leaves_function: Option<OpId>,
    /// Stored, used by an unknown op, or its address taken as a plain value
    /// (may be kept anywhere).
    kept: Option<OpId>,
}

impl BufferFacts {
    fn new(snapshot: &Snapshot, value_flow: &ValueFlow, buffer: ValueId) -> Self {
        let flow = follow(value_flow, buffer);
        let mut frees = Vec::new();
        let mut frees_simple = true;
        let mut leaves_function = None;
        let mut kept = None;
        for event in &flow.events {
            match *event {
                FlowEvent::Freed { by, value } => {
                    // Only a free of the buffer itself can move with it: the
                    // flow's aliases are may-aliases (e.g. results of a call
                    // taking the buffer), whose frees free other memory.
                    frees_simple &= value == buffer && frees_only(snapshot, by, value);
                    frees.push(by);
                }
                FlowEvent::Stored { by, .. }
                | FlowEvent::UnknownUse { by, .. }
                | FlowEvent::AddressExposed { by, .. } => {
                    kept.get_or_insert(by);
                    leaves_function.get_or_insert(by);
                }
                FlowEvent::Forwarded { by, .. } => {
                    let facts = &snapshot.op(by).facts;
                    let at_top = snapshot
                        .op(by)
                        .parent_block
                        .is_some_and(|b| snapshot.parent_op_of_block(b) == Snapshot::ROOT);
                    let unexplained = facts.is_return_like && facts.terminator_edges.is_empty();
                    if (at_top && facts.is_return_like)
                        || unexplained
                        || facts.successors.iter().any(|s| !s.mapping_known)
                    {
                        leaves_function.get_or_insert(by);
                    }
                }
            }
        }
        BufferFacts {
            flow,
            frees,
            frees_simple,
            leaves_function,
            kept,
        }
    }

    /// Every use of every alias lies inside `region`.
    fn lives_inside(&self, snapshot: &Snapshot, uses: &UseLists, region: RegionId) -> bool {
        self.flow.aliases.iter().all(|&a| {
            uses.of(a)
                .iter()
                .all(|u| ancestor_op_in_region(snapshot, u.user, region).is_some())
        })
    }

    /// Every free lies inside `region` and only frees.
    fn frees_inside(&self, snapshot: &Snapshot, region: RegionId) -> bool {
        self.frees_simple
            && self
                .frees
                .iter()
                .all(|&f| ancestor_op_in_region(snapshot, f, region).is_some())
    }

    /// An alias forwarded by a terminator directly inside a region of `op`
    /// (carried to the next iteration or out of the loop).
    fn forwarded_by_terminator_of(&self, snapshot: &Snapshot, op: OpId) -> Option<OpId> {
        self.flow.events.iter().find_map(|e| match *e {
            FlowEvent::Forwarded { by, .. }
                if snapshot
                    .op(by)
                    .parent_block
                    .is_some_and(|b| snapshot.parent_op_of_block(b) == op) =>
            {
                Some(by)
            }
            _ => None,
        })
    }

    /// The op where an alias flows into a merge (a block argument, a region
    /// argument or result: an edge the deallocation may hand a clone), when
    /// some alias is also written (a known `Write` effect on it). One buffer
    /// shared by every iteration of a loop would then be written after an
    /// earlier iteration's flow into the merge, which clone-based
    /// deallocation refuses (seed 000's input contract: every write before
    /// the buffer flows anywhere), and which a clone made at the merge
    /// would not see.
    fn merge_then_write(
        &self,
        snapshot: &Snapshot,
        value_flow: &ValueFlow,
        uses: &UseLists,
    ) -> Option<OpId> {
        let merge = self.flow.aliases.iter().find_map(|&alias| {
            value_flow
                .outgoing(alias)
                .find(|edge| matches!(edge.kind, EdgeKind::Forward { .. }))
                .map(|edge| edge.op)
        })?;
        let written = self.flow.aliases.iter().any(|&alias| {
            uses.of(alias)
                .iter()
                .any(|u| match &snapshot.op(u.user).facts.effects {
                    Effects::Known(effects) => effects
                        .iter()
                        .any(|e| e.kind == EffectKind::Write && e.value == Some(alias)),
                    Effects::Unknown => false,
                })
        });
        written.then_some(merge)
    }

    fn any_forward(&self) -> Option<OpId> {
        self.flow.events.iter().find_map(|e| match *e {
            FlowEvent::Forwarded { by, .. } => Some(by),
            _ => None,
        })
    }
}

/// The analyses the walk needs, built at most once per run.
pub struct Engine<'s> {
    snapshot: &'s Snapshot,
    /// Use lists and the value-flow graph, built on the first allocation
    /// whose walk needs its buffer's flow (control-equivalent moves and
    /// stops do not): most functions never ask.
    uses: OnceCell<UseLists>,
    value_flow: OnceCell<ValueFlow>,
    /// Dominance and the CFG cycles, built on the first question about a
    /// block of a region with more than one block (in a region of one
    /// block, the block is its entry: reachable, without a dominator, on
    /// no cycle).
    graph: OnceCell<(DominanceInfo<'s>, BlockCycles)>,
    /// Per block, memoized: where an allocation without operands that may
    /// move to dominating blocks gets by control-equivalent steps up the
    /// dominator tree alone (see [`Engine::equivalent_top`]); `u32::MAX`
    /// not asked yet.
    equivalent_top: RefCell<Vec<u32>>,
    /// With `keep_peak`: the allocations decided so far to leave each loop
    /// (they no longer allocate in its body).
    left_loops: RefCell<HashSet<(LoopKey, OpId)>>,
    /// With keep-peak: which allocations the stack promotion after the pass
    /// takes once they are out of every loop ([`Engine::with_promotable`],
    /// [`Engine::with_promotion_checks`]).
    promotable: Promotable<'s>,
    loops: OnceCell<LoopFinder<'s>>,
}

/// With keep-peak, which allocations the stack promotion after the pass
/// takes once they are out of every loop.
enum Promotable<'s> {
    /// None.
    Never,
    /// Per op, given.
    Given(Vec<bool>),
    /// Per op, [`crate::passes::promote_buffers_to_stack::check`] with
    /// `promote-in-loops`, asked only of an allocation keep-peak's rule
    /// holds in a loop (the rule decides the others, promoted or not).
    Checked {
        map: &'s IrMap,
        options: crate::passes::promote_buffers_to_stack::PromoteBuffersToStackOptions,
        loops: OnceCell<LoopFinder<'s>>,
        outcomes: RefCell<Vec<Option<Result<Promotion, Refusal>>>>,
    },
}

/// A loop an allocation leaves: a loop op, or the CFG cycle of a region
/// (its strongly connected component).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum LoopKey {
    Op(OpId),
    Cycle(RegionId, u32),
}

impl<'s> Engine<'s> {
    pub fn new(snapshot: &'s Snapshot) -> Self {
        Engine {
            snapshot,
            uses: OnceCell::new(),
            value_flow: OnceCell::new(),
            graph: OnceCell::new(),
            equivalent_top: RefCell::new(vec![u32::MAX; snapshot.blocks.len()]),
            left_loops: RefCell::new(HashSet::new()),
            promotable: Promotable::Never,
            loops: OnceCell::new(),
        }
    }

    /// The allocations the stack promotion after the pass takes once out
    /// of every loop (keep-peak lets them leave loops as without it).
    pub fn with_promotable(mut self, promotable: Vec<bool>) -> Self {
        self.promotable = Promotable::Given(promotable);
        self
    }

    /// [`Engine::with_promotable`] by promotion's own checks of each
    /// allocation with `promote-in-loops` under these bounds, made on first
    /// need ([`Engine::promotion_checks`] gives those made).
    pub fn with_promotion_checks(mut self, map: &'s IrMap, max_bytes: i64, max_rank: i64) -> Self {
        self.promotable = Promotable::Checked {
            map,
            options: crate::passes::promote_buffers_to_stack::PromoteBuffersToStackOptions {
                max_alloc_size_in_bytes: max_bytes,
                max_rank_of_allocated_memref: max_rank,
                promote_in_loops: true,
                ..Default::default()
            },
            loops: OnceCell::new(),
            outcomes: RefCell::new(vec![None; self.snapshot.ops.len()]),
        };
        self
    }

    /// The checks [`Engine::with_promotion_checks`] made, per op (`None`:
    /// not asked).
    pub fn promotion_checks(&mut self) -> Option<PromotionChecks> {
        let Promotable::Checked {
            options, outcomes, ..
        } = &mut self.promotable
        else {
            return None;
        };
        Some(PromotionChecks {
            max_bytes: options.max_alloc_size_in_bytes,
            max_rank: options.max_rank_of_allocated_memref,
            outcomes: std::mem::take(outcomes.get_mut()),
        })
    }

    /// Whether the stack promotion after the pass takes `alloc` once it is
    /// out of every loop.
    fn is_promotable(&self, alloc: OpId, buffer: ValueId) -> bool {
        match &self.promotable {
            Promotable::Never => false,
            Promotable::Given(promotable) => promotable.get(alloc.index()) == Some(&true),
            Promotable::Checked {
                map,
                options,
                loops,
                outcomes,
            } => {
                if let Some(outcome) = &outcomes.borrow()[alloc.index()] {
                    return outcome.is_ok();
                }
                let outcome = crate::passes::promote_buffers_to_stack::check(
                    self.snapshot,
                    map,
                    &self.value_flow,
                    loops,
                    alloc,
                    buffer,
                    options,
                );
                let promoted = outcome.is_ok();
                outcomes.borrow_mut()[alloc.index()] = Some(outcome);
                promoted
            }
        }
    }

    fn graph(&self) -> &(DominanceInfo<'s>, BlockCycles) {
        self.graph.get_or_init(|| {
            let cfg = Cfg::new(self.snapshot);
            let cycles = BlockCycles::new(&cfg);
            (DominanceInfo::with_cfg(self.snapshot, cfg), cycles)
        })
    }

    fn dominance(&self) -> &DominanceInfo<'s> {
        &self.graph().0
    }

    fn cycles(&self) -> &BlockCycles {
        &self.graph().1
    }

    /// Whether `block` is the only block of its region (so its entry).
    fn alone(&self, block: BlockId) -> bool {
        let region = self.snapshot.block(block).region;
        self.snapshot.region(region).blocks.len() == 1
    }

    /// [`DominanceInfo::is_reachable`], without dominance for a block alone
    /// in its region.
    fn is_reachable(&self, block: BlockId) -> bool {
        self.alone(block) || self.dominance().is_reachable(block)
    }

    /// [`DominanceInfo::idom`], without dominance for a block alone in its
    /// region.
    fn idom(&self, block: BlockId) -> Option<BlockId> {
        if self.alone(block) {
            return None;
        }
        self.dominance().idom(block)
    }

    fn value_flow(&self) -> &ValueFlow {
        self.value_flow
            .get_or_init(|| ValueFlow::new(self.snapshot))
    }

    fn uses(&self) -> &UseLists {
        self.uses.get_or_init(|| UseLists::new(self.snapshot))
    }

    /// Whether the step from `block` to its immediate dominator `dom` is
    /// control-equivalent and stays in the same cycles, the step the walk
    /// takes without asking anything of the buffer (for an allocation
    /// without operands, when moves to dominators are allowed).
    fn equivalent_step(&self, block: BlockId, dom: BlockId) -> bool {
        let cycles = self.cycles();
        let same_component = cycles.component[block.index()] == cycles.component[dom.index()];
        let enters_cycle =
            cycles.on_cycle[dom.index()] && (!cycles.on_cycle[block.index()] || !same_component);
        !cycles.exits_cycle(block, dom)
            && !enters_cycle
            && self.dominance().block_post_dominates(block, dom)
            && (!cycles.on_cycle[block.index()] || same_component)
    }

    /// The block the walk reaches from `block` by [`Engine::equivalent_step`]s
    /// alone. Memoized with the path shared, so that allocations in a long
    /// chain of blocks do not each walk it to the top (quadratic).
    fn equivalent_top(&self, block: BlockId) -> BlockId {
        let mut memo = self.equivalent_top.borrow_mut();
        let mut path = Vec::new();
        let mut cur = block;
        let top = loop {
            if memo[cur.index()] != u32::MAX {
                break BlockId(memo[cur.index()]);
            }
            match self.idom(cur) {
                Some(dom) if self.equivalent_step(cur, dom) => {
                    path.push(cur);
                    cur = dom;
                }
                _ => {
                    memo[cur.index()] = cur.0;
                    break cur;
                }
            }
        };
        for b in path {
            memo[b.index()] = top.0;
        }
        top
    }

    /// Decides for every qualifying allocation, in program order.
    /// `kind(op)` is the op's `getHoistingKind` (`None`: no interface).
    pub fn decide(
        &self,
        policy: Policy,
        kind: impl Fn(OpId) -> Option<HoistingKind>,
    ) -> Vec<Decision> {
        let snapshot = self.snapshot;
        let candidates: Vec<(OpId, ValueId)> = (1..snapshot.ops.len())
            .map(|i| OpId(i as u32))
            .filter_map(|op| is_pure_heap_allocation(snapshot, op).map(|v| (op, v)))
            .collect();
        let is_candidate = {
            let mut set = vec![false; snapshot.ops.len()];
            for &(op, _) in &candidates {
                set[op.index()] = true;
            }
            set
        };
        candidates
            .into_iter()
            .map(|(alloc, buffer)| {
                // Allocations fed by other allocations would move apart from them.
                let fed_by_alloc = snapshot
                    .op(alloc)
                    .operands
                    .iter()
                    .find_map(|&v| match snapshot.value(v).def {
                        ValueDef::OpResult { op, .. } if is_candidate[op.index()] => Some(op),
                        _ => None,
                    });
                match fed_by_alloc {
                    Some(def) => Decision {
                        alloc,
                        buffer,
                        hoist: None,
                        stop: Stop::Operand { def: Some(def) },
                    },
                    None => self.decide_one(policy, kind(alloc), alloc, buffer),
                }
            })
            .collect()
    }

    /// Keep-peak's rule for leaving the loop `key` of `region` (a region of
    /// the loop op, or the CFG region of the cycle): the op that could make
    /// one buffer for every iteration raise the peak heap bytes, if any.
    ///
    /// The peak is reached at an allocation. Shared between iterations, the
    /// buffer is also live where it was dead in each iteration; that adds
    /// its bytes to no allocation's moment when every op the body may
    /// allocate with (a heap `Allocate`, an op of unknown effects such as a
    /// call; not the allocations already decided to leave this loop) runs
    /// while the buffer is live: in the buffer's block of the body, after
    /// it and before its last use (or at it), or inside a loop it left. Its
    /// own allocation, now before the loop, adds its bytes to what is live
    /// at the loop's entry: no op that may run before it in an iteration
    /// may use a buffer the body's blocks receive (an iter_arg, a block
    /// argument, which the deallocation may free there). Every use of the
    /// buffer's aliases lies in its block of the body; its frees do not
    /// count as uses (the deallocation places a free at the last use).
    fn raises_peak(
        &self,
        alloc: OpId,
        facts: &BufferFacts,
        region: RegionId,
        key: LoopKey,
        left: &[LoopKey],
    ) -> Option<OpId> {
        let snapshot = self.snapshot;
        let home = ancestor_block_in_region(snapshot, snapshot.op(alloc).parent_block?, region)?;
        let ancestor = |op: OpId| ancestor_op_in_region(snapshot, op, region);
        let anchor = ancestor(alloc)?;
        let through = anchor == alloc || left.contains(&LoopKey::Op(anchor));
        let start = snapshot.op(anchor).position;
        let mut last = start;
        let uses = self.uses();
        for &alias in &facts.flow.aliases {
            // A free is not a use: the deallocation frees at the last use
            // (and moves an existing free there).
            for u in uses
                .of(alias)
                .iter()
                .filter(|u| !frees_only(snapshot, u.user, alias))
            {
                match ancestor(u.user) {
                    Some(user) if snapshot.op(user).parent_block == Some(home) => {
                        last = last.max(snapshot.op(user).position);
                    }
                    _ => return Some(u.user),
                }
            }
        }
        // The blocks of the body: the loop op's regions, or the cycle's blocks.
        let in_cycle = |block: BlockId| {
            let LoopKey::Cycle(_, component) = key else {
                return false;
            };
            let cycles = self.cycles();
            cycles.on_cycle[block.index()] && cycles.component[block.index()] == component
        };
        let body_blocks: Vec<BlockId> = match key {
            LoopKey::Op(op) => snapshot
                .op(op)
                .regions
                .iter()
                .flat_map(|&r| snapshot.region(r).blocks.iter().copied())
                .collect(),
            LoopKey::Cycle(..) => snapshot
                .region(region)
                .blocks
                .iter()
                .copied()
                .filter(|&b| in_cycle(b))
                .collect(),
        };
        let received = |block: BlockId| match key {
            LoopKey::Op(op) => {
                let mut b = block;
                loop {
                    let parent = snapshot.parent_op_of_block(b);
                    if parent == op {
                        return true;
                    }
                    match snapshot.op(parent).parent_block {
                        Some(up) => b = up,
                        None => return false,
                    }
                }
            }
            LoopKey::Cycle(..) => {
                ancestor_block_in_region(snapshot, block, region).is_some_and(in_cycle)
            }
        };
        let left_loops = self.left_loops.borrow();
        let mut stack: Vec<(OpId, OpId)> = Vec::new();
        for &block in &body_blocks {
            for &top in &snapshot.block(block).ops {
                let position = snapshot.op(top).position;
                let in_home = block == home;
                let covered_top = in_home
                    && ((top == anchor && through) || (start < position && position < last));
                let before = !in_home || position < start || (top == anchor && !through);
                stack.push((top, top));
                while let Some((op, top)) = stack.pop() {
                    let info = snapshot.op(op);
                    stack.extend(
                        info.regions
                            .iter()
                            .flat_map(|&r| snapshot.region(r).blocks.iter())
                            .flat_map(|&b| snapshot.block(b).ops.iter().map(move |&o| (o, top))),
                    );
                    let allocates = op != alloc
                        && !info.facts.is_terminator
                        && match &info.facts.effects {
                            Effects::Known(effects) => effects
                                .iter()
                                .any(|e| e.kind == EffectKind::Allocate && !e.on_automatic_scope),
                            Effects::Unknown => {
                                info.regions.is_empty() || info.facts.region_branch.is_none()
                            }
                        }
                        && !left_loops.contains(&(key, op));
                    let covered =
                        covered_top || (in_home && op == top && position == last && top != anchor);
                    if allocates && !covered {
                        return Some(op);
                    }
                    if before && !info.facts.is_terminator {
                        let takes_received = info.operands.iter().any(|&v| {
                            snapshot.value(v).kind.is_buffer()
                                && matches!(snapshot.value(v).def,
                                    ValueDef::BlockArg { block, .. } if received(block))
                        });
                        if takes_received {
                            return Some(op);
                        }
                    }
                }
            }
        }
        None
    }

    /// [`Engine::walk`] for one allocation, keeping keep-peak's books: an
    /// allocation the promotion takes walks without the rule, and again
    /// with it when it would still land in a loop (then it stays on the
    /// heap); the loops each decision leaves are remembered.
    fn decide_one(
        &self,
        policy: Policy,
        kind: Option<HoistingKind>,
        alloc: OpId,
        buffer: ValueId,
    ) -> Decision {
        // The walk with keep-peak's rule; an allocation the rule did not
        // stop walks the same without it, so only one it stopped asks
        // whether the promotion takes it.
        let (mut decision, mut left) = self.walk(policy, kind, alloc, buffer, false);
        let promoted = policy.keep_peak
            && matches!(decision.stop, Stop::RaisesPeak { .. })
            && self.is_promotable(alloc, buffer);
        if promoted {
            let (ruleless, ruleless_left) = self.walk(policy, kind, alloc, buffer, true);
            // Still in a loop once moved, it stays on the heap: the walk
            // with the rule decides.
            let lands_in_loop = ruleless.hoist.as_ref().is_some_and(|hoist| {
                let landing = match hoist.to {
                    Spot::Before(op) => Some(op),
                    Spot::EndOf(block) => self.snapshot.terminator(block),
                    Spot::InBlock(block, _) => self.snapshot.terminator(block),
                };
                let loops = self.loops.get_or_init(|| LoopFinder::new(self.snapshot));
                landing.is_none_or(|op| loops.enclosing_loop(op).is_some())
            });
            if !lands_in_loop {
                (decision, left) = (ruleless, ruleless_left);
            }
        }
        if policy.keep_peak {
            let mut left_loops = self.left_loops.borrow_mut();
            for key in left {
                left_loops.insert((key, alloc));
            }
        }
        decision
    }

    /// The block of `region` holding each operand's definition, if inside
    /// `region` (operands defined outside dominate the whole region).
    fn operand_defs_in(
        &self,
        alloc: OpId,
        region: RegionId,
    ) -> impl Iterator<Item = (BlockId, Option<OpId>)> + '_ {
        let snapshot = self.snapshot;
        snapshot.op(alloc).operands.iter().filter_map(move |&v| {
            let (block, def) = match snapshot.value(v).def {
                ValueDef::BlockArg { block, .. } => (block, None),
                ValueDef::OpResult { op, .. } => (snapshot.op(op).parent_block?, Some(op)),
            };
            ancestor_block_in_region(snapshot, block, region).map(|b| (b, def))
        })
    }

    /// The earliest position in `block` after every operand definition there.
    fn earliest_in(&self, alloc: OpId, block: BlockId) -> u32 {
        let snapshot = self.snapshot;
        snapshot
            .op(alloc)
            .operands
            .iter()
            .filter_map(|&v| match snapshot.value(v).def {
                ValueDef::OpResult { op, .. } if snapshot.op(op).parent_block == Some(block) => {
                    Some(snapshot.op(op).position + 1)
                }
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// The decision for one allocation, and the loops it leaves. With
    /// `promoted`, keep-peak's rule is not asked (the buffer goes to the
    /// stack once out of every loop).
    fn walk(
        &self,
        policy: Policy,
        kind: Option<HoistingKind>,
        alloc: OpId,
        buffer: ValueId,
        promoted: bool,
    ) -> (Decision, Vec<LoopKey>) {
        let snapshot = self.snapshot;
        let stay = |stop| {
            (
                Decision {
                    alloc,
                    buffer,
                    hoist: None,
                    stop,
                },
                Vec::new(),
            )
        };
        let Some(kind) = kind else {
            return stay(Stop::NoAllocationInterface);
        };
        let Some(start) = snapshot.op(alloc).parent_block else {
            return stay(Stop::Top);
        };
        if !snapshot
            .op(snapshot.parent_op_of_block(start))
            .facts
            .regions_have_ssa_dominance
        {
            return stay(Stop::GraphRegion);
        }
        // Unreachable code (here or in an enclosing block) is left alone.
        let mut block = Some(start);
        while let Some(b) = block {
            if !self.is_reachable(b) {
                return stay(Stop::Unreachable);
            }
            block = snapshot.op(snapshot.parent_op_of_block(b)).parent_block;
        }
        // The buffer's flow, walked only when a step needs it (a control-
        // equivalent move does not): walking it for every allocation made
        // hoisting quadratic on long chains of blocks.
        let facts_cell = std::cell::OnceCell::new();
        let facts =
            || facts_cell.get_or_init(|| BufferFacts::new(snapshot, self.value_flow(), buffer));
        let may_add_paths = || facts().frees.is_empty() && facts().leaves_function.is_none();
        let merge_then_write =
            || facts().merge_then_write(snapshot, self.value_flow(), self.uses());
        let block_moves = kind.to_dominating_block;
        let loop_moves = kind.out_of_loops && policy.leave_loops;

        let mut cur = start;
        let mut committed: Option<Spot> = match policy.landing {
            Landing::Earliest => Some(Spot::InBlock(start, self.earliest_in(alloc, start))),
            Landing::BeforeLoop => None,
        };
        let mut loops_left = 0;
        let mut committed_loops = 0;
        // The loops left so far, innermost first (keep-peak's bookkeeping).
        let mut left: Vec<LoopKey> = Vec::new();
        let mut free_after: Option<OpId> = None;
        let mut committed_free: Option<OpId> = None;

        let operand_free = snapshot.op(alloc).operands.is_empty();
        let stop = loop {
            let region = snapshot.block(cur).region;
            // Control-equivalent steps up the dominator tree, all at once
            // (the same steps as below, where nothing stops them).
            if operand_free && block_moves && policy.move_to_dominators {
                let top = self.equivalent_top(cur);
                if top != cur {
                    cur = top;
                    committed = Some(Spot::InBlock(top, self.earliest_in(alloc, top)));
                    committed_loops = loops_left;
                    committed_free = free_after;
                }
            }
            if let Some(dom) = self.idom(cur) {
                // 1. Up the dominator tree of this region.
                if let Some((_, def)) = self
                    .operand_defs_in(alloc, region)
                    .find(|&(b, _)| !self.dominance().block_dominates(b, dom))
                {
                    break Stop::Operand { def };
                }
                if self.cycles().exits_cycle(cur, dom) {
                    if !(policy.leave_loops && policy.leave_block_loops) {
                        break Stop::Loop { op: None };
                    }
                    if !kind.out_of_loops {
                        break Stop::HoistingKind;
                    }
                    if let Some(&free) = facts().frees.first() {
                        break Stop::FreedInBlockLoop { by: free };
                    }
                    if let Some(by) = facts().kept.or(facts().any_forward()) {
                        break Stop::CrossIteration { by };
                    }
                    if let Some(by) = merge_then_write() {
                        break Stop::WriteAfterMerge { by };
                    }
                    let key = LoopKey::Cycle(region, self.cycles().component[cur.index()]);
                    if policy.keep_peak
                        && !promoted
                        && let Some(by) = self.raises_peak(alloc, facts(), region, key, &left)
                    {
                        break Stop::RaisesPeak { by };
                    }
                    left.push(key);
                    cur = dom;
                    loops_left += 1;
                    committed = Some(match policy.landing {
                        Landing::Earliest => Spot::InBlock(dom, self.earliest_in(alloc, dom)),
                        Landing::BeforeLoop => Spot::EndOf(dom),
                    });
                    committed_loops = loops_left;
                    committed_free = free_after;
                    continue;
                }
                if self.cycles().on_cycle[cur.index()]
                    && policy.leave_loops
                    && policy.leave_block_loops
                    && !policy.move_to_dominators
                {
                    // Inside a block loop, on the way to its exit: not a
                    // landing spot for loop hoisting.
                    cur = dom;
                    continue;
                }
                if !policy.move_to_dominators {
                    break Stop::Top;
                }
                if !block_moves {
                    break Stop::HoistingKind;
                }
                // Never into a cycle the block is not on (e.g. from a loop's
                // exit block up into its header, which post-dominance alone
                // allows): the allocation would run every iteration.
                let cycles = self.cycles();
                let enters_cycle = cycles.on_cycle[dom.index()]
                    && (!cycles.on_cycle[cur.index()]
                        || cycles.component[cur.index()] != cycles.component[dom.index()]);
                if enters_cycle {
                    break Stop::MorePaths { by: None };
                }
                let equivalent = self.dominance().block_post_dominates(cur, dom)
                    && (!cycles.on_cycle[cur.index()]
                        || cycles.component[cur.index()] == cycles.component[dom.index()]);
                if !equivalent && !may_add_paths() {
                    break Stop::MorePaths {
                        by: facts().leaves_function.or(facts().frees.first().copied()),
                    };
                }
                cur = dom;
                committed = Some(Spot::InBlock(dom, self.earliest_in(alloc, dom)));
                committed_loops = loops_left;
                committed_free = free_after;
                continue;
            }
            // 2. Out of the region, to right before its op.
            if snapshot.entry_block(region) != Some(cur) {
                break Stop::Unreachable;
            }
            let op = snapshot.region(region).parent_op;
            let Some(op_block) = snapshot.op(op).parent_block else {
                break Stop::Top;
            };
            let op_facts = &snapshot.op(op).facts;
            if op_facts.is_isolated_from_above {
                break Stop::Isolated { op };
            }
            if !snapshot
                .op(snapshot.parent_op_of_block(op_block))
                .facts
                .regions_have_ssa_dominance
            {
                break Stop::GraphRegion;
            }
            if op_facts.region_branch.is_none() {
                break Stop::UnknownRegions { op };
            }
            if let Some((_, def)) = self.operand_defs_in(alloc, region).next() {
                break Stop::Operand { def };
            }
            if is_loop_op(snapshot, op) {
                if !policy.leave_loops {
                    break Stop::Loop { op: Some(op) };
                }
                if !loop_moves {
                    break Stop::HoistingKind;
                }
                if iterations(snapshot, op) == Iterations::MayOverlap {
                    break Stop::Parallel { op };
                }
                if op_facts.is_automatic_allocation_scope && !op_facts.is_loop_like {
                    break Stop::AllocationScope { op };
                }
                if let Some(by) = facts()
                    .kept
                    .or(facts().forwarded_by_terminator_of(snapshot, op))
                {
                    break Stop::CrossIteration { by };
                }
                if let Some(by) = merge_then_write() {
                    break Stop::WriteAfterMerge { by };
                }
                if !facts().frees.is_empty() {
                    if !(facts().frees_inside(snapshot, region)
                        && facts().lives_inside(snapshot, self.uses(), region))
                    {
                        break Stop::MorePaths {
                            by: facts().frees.first().copied(),
                        };
                    }
                    free_after = Some(op);
                }
                if policy.keep_peak
                    && !promoted
                    && let Some(by) =
                        self.raises_peak(alloc, facts(), region, LoopKey::Op(op), &left)
                {
                    break Stop::RaisesPeak { by };
                }
                left.push(LoopKey::Op(op));
                loops_left += 1;
                cur = op_block;
                committed = Some(match policy.landing {
                    Landing::Earliest => Spot::InBlock(op_block, self.earliest_in(alloc, op_block)),
                    Landing::BeforeLoop => Spot::Before(op),
                });
                committed_loops = loops_left;
                committed_free = free_after;
            } else if runs_exactly_once(snapshot, op, region) {
                // Control-equivalent: the region runs once per run of its op.
                if !block_moves {
                    break Stop::HoistingKind;
                }
                if op_facts.is_automatic_allocation_scope {
                    break Stop::AllocationScope { op };
                }
                cur = op_block;
                if policy.landing == Landing::Earliest {
                    committed = Some(Spot::InBlock(op_block, self.earliest_in(alloc, op_block)));
                    committed_loops = loops_left;
                    committed_free = free_after;
                }
            } else {
                if !policy.leave_conditionals {
                    break Stop::Conditional { op };
                }
                if !block_moves {
                    break Stop::HoistingKind;
                }
                if op_facts.is_automatic_allocation_scope {
                    break Stop::AllocationScope { op };
                }
                if !facts().frees.is_empty() {
                    if !(facts().frees_inside(snapshot, region)
                        && facts().lives_inside(snapshot, self.uses(), region))
                    {
                        break Stop::MorePaths {
                            by: facts().frees.first().copied(),
                        };
                    }
                    free_after = Some(op);
                } else if let Some(by) = facts().leaves_function {
                    break Stop::MorePaths { by: Some(by) };
                }
                cur = op_block;
                if policy.landing == Landing::Earliest {
                    committed = Some(Spot::InBlock(op_block, self.earliest_in(alloc, op_block)));
                    committed_loops = loops_left;
                    committed_free = free_after;
                }
            }
        };

        let moved = match committed {
            None => false,
            // Only allocations before it in its block: it is already as high
            // as it goes (allocations keep their order).
            Some(Spot::InBlock(block, position)) => {
                block != start
                    || snapshot
                        .block(block)
                        .ops
                        .get(position as usize..snapshot.op(alloc).position as usize)
                        .is_some_and(|ops| {
                            ops.iter()
                                .any(|&op| is_pure_heap_allocation(snapshot, op).is_none())
                        })
            }
            Some(_) => true,
        };
        left.truncate(if moved { committed_loops as usize } else { 0 });
        let hoist = moved.then(|| Hoist {
            to: committed.unwrap_or(Spot::InBlock(start, 0)),
            loops_left: committed_loops,
            erase_frees: if committed_free.is_some() {
                facts().frees.clone()
            } else {
                vec![]
            },
            free_after: committed_free,
        });
        (
            Decision {
                alloc,
                buffer,
                hoist,
                stop,
            },
            left,
        )
    }
}

// ---------------------------------------------------------------------------
// Remarks and edits
// ---------------------------------------------------------------------------

/// The whole body of a hoisting pass: capture `op`, decide every
/// allocation's move under `policy`, optionally explain each decision with a
/// remark, and apply the moves.
pub fn hoist(
    op: melior::ir::OperationRef<'_, '_>,
    policy: Policy,
    remarks: bool,
) -> crate::passes::PassResult {
    let root = melior::ir::operation::OperationLike::to_raw(&op);
    // Nothing to move (and nothing to remark on) without an allocation:
    // skip the capture. A pass that only leaves loops (and does not remark)
    // also skips a body whose allocations all sit in a single-block region
    // of the function: those are in no loop.
    let only_loops = policy.leave_loops && !policy.move_to_dominators && !policy.leave_conditionals;
    let candidates = if only_loops && !remarks {
        crate::ir::copy_candidates::has_allocation(root, true)
    } else {
        crate::ir::copy_candidates::has_allocation(root, false)
    };
    if !candidates {
        return crate::passes::pass::unchanged(root);
    }
    let (snapshot, map) = crate::ir::capture::capture_unedited(root);
    // Loop hoisting moves an allocation only out of a loop: a body where no
    // allocation may leave one ([`may_leave_a_loop`]) is left before
    // building the engine (its dominance, cycles and value flow) and
    // promotion's checks. Its snapshot still serves the next pass.
    if only_loops && !remarks {
        let cyclic = if policy.leave_block_loops {
            regions_with_back_edges(&snapshot)
        } else {
            Vec::new()
        };
        let may_move = (1..snapshot.ops.len()).map(|i| OpId(i as u32)).any(|op| {
            is_pure_heap_allocation(&snapshot, op).is_some()
                && may_leave_a_loop(&snapshot, op, policy.leave_block_loops, &cyclic)
        });
        if !may_move {
            return crate::passes::pass::unchanged(root);
        }
    }
    let mut engine = Engine::new(&snapshot);
    if policy.keep_peak
        && let Some((max_bytes, max_rank)) = policy.promoted
    {
        // The value flow promotion's checks build is the engine's own.
        engine = engine.with_promotion_checks(&map, max_bytes, max_rank);
    }
    let decisions = engine.decide(policy, |alloc| {
        crate::ir::interfaces::hoisting_kind(map.op(alloc))
    });
    let checks = engine.promotion_checks();
    if remarks {
        emit_remarks(&snapshot, &map, &decisions);
    }
    if decisions.iter().all(|decision| decision.hoist.is_none()) {
        // The snapshot stays the body's (kept for the next pass): so do its
        // value flow and promotion's checks, which promotion would repeat.
        let handed = Handed {
            flow: engine.value_flow.take(),
            checks,
        };
        HANDED.with(|cell| {
            *cell.borrow_mut() = Some((std::sync::Arc::downgrade(&snapshot), handed));
        });
        return crate::passes::pass::unchanged(root);
    }
    apply(&snapshot, &map, &decisions);
    // Moves alone (no free built or erased) are handed on to the next pass
    // (promotion, in the memory pipeline) with the snapshot, which it
    // patches and renumbers as a fresh capture would number it when it
    // reads it (a pass nothing reads after pays nothing for it).
    let only_moves = decisions.iter().all(|decision| {
        decision
            .hoist
            .as_ref()
            .is_none_or(|hoist| hoist.free_after.is_none() && hoist.erase_frees.is_empty())
    });
    if only_moves {
        let moved: Vec<OpId> = decisions
            .iter()
            .filter(|decision| decision.hoist.is_some())
            .map(|decision| decision.alloc)
            .collect();
        if let Some((snapshot, map)) = crate::ir::capture::take_for_patching(root, snapshot, map) {
            crate::ir::capture::keep_moved(root, snapshot, map, moved);
        }
    }
    Ok(())
}

/// Whether [`Engine::walk`], under a policy that only leaves loops (no
/// moves to dominators, no conditionals left), may take `alloc` out of a
/// loop; false where the walk is seen to stop before it leaves any, read
/// from the snapshot alone (no dominance, cycles or value flow). The walk
/// climbs from the allocation's block: in a region without a CFG cycle
/// (`cyclic_regions`, from [`regions_with_back_edges`], asked only with
/// `block_loops`), a block other than the entry stops it (it only climbs a
/// dominator tree inside a block loop); from the entry block it leaves the
/// region to its op, which stops it when the op is isolated from above,
/// has no region-branch semantics, or follows an operand's definition in
/// the region; a loop op may be left; a region that runs exactly once is
/// left on the way up; any other (a conditional) stops it. Never false
/// where the walk leaves a loop: the memory pipeline skips the engine for
/// the bodies whose allocations are all in no loop, sized inside their
/// loop, or in a conditional inside it.
fn may_leave_a_loop(
    snapshot: &Snapshot,
    alloc: OpId,
    block_loops: bool,
    cyclic_regions: &[bool],
) -> bool {
    let Some(mut block) = snapshot.op(alloc).parent_block else {
        return false;
    };
    loop {
        let region = snapshot.block(block).region;
        if block_loops && cyclic_regions[region.index()] {
            return true;
        }
        if snapshot.entry_block(region) != Some(block) {
            return false;
        }
        let op = snapshot.region(region).parent_op;
        let Some(op_block) = snapshot.op(op).parent_block else {
            return false;
        };
        let facts = &snapshot.op(op).facts;
        if facts.is_isolated_from_above || facts.region_branch.is_none() {
            return false;
        }
        let defined_inside = snapshot.op(alloc).operands.iter().any(|&v| {
            let def_block = match snapshot.value(v).def {
                ValueDef::BlockArg { block, .. } => Some(block),
                ValueDef::OpResult { op, .. } => snapshot.op(op).parent_block,
            };
            def_block.is_some_and(|b| ancestor_block_in_region(snapshot, b, region).is_some())
        });
        if defined_inside {
            return false;
        }
        if is_loop_op(snapshot, op) {
            return true;
        }
        if !runs_exactly_once(snapshot, op, region) {
            return false;
        }
        block = op_block;
    }
}

thread_local! {
    /// What the last hoisting pass on this thread knew of the snapshot it
    /// left unchanged ([`take_handed`]).
    static HANDED: RefCell<Option<(std::sync::Weak<Snapshot>, Handed)>> =
        const { RefCell::new(None) };
}

/// What a hoisting pass that left its body unchanged knew of its snapshot,
/// for the promotion after it.
#[derive(Default)]
pub struct Handed {
    /// The snapshot's value flow, if built.
    pub flow: Option<ValueFlow>,
    /// With keep-peak: the [`crate::passes::promote_buffers_to_stack::check`]s
    /// with `promote-in-loops` under these bounds it made.
    pub checks: Option<PromotionChecks>,
}

/// Per op, [`crate::passes::promote_buffers_to_stack::check`] of a plain
/// heap allocation with `promote-in-loops` and these bounds, where made
/// (`None`: not asked, or not such an allocation).
pub struct PromotionChecks {
    pub max_bytes: i64,
    pub max_rank: i64,
    pub outcomes: Vec<Option<Result<Promotion, Refusal>>>,
}

/// What the last hoisting pass on this thread knew of `snapshot` itself
/// (the same shared snapshot, which it left unchanged and kept for the
/// passes after it), if anything; anything else it left goes.
pub fn take_handed(snapshot: &std::sync::Arc<Snapshot>) -> Option<Handed> {
    let (of, handed) = HANDED.with(|cell| cell.borrow_mut().take())?;
    // A live `Weak` keeps its allocation: the same address is the same
    // snapshot while it has a strong count.
    (of.upgrade().is_some() && std::ptr::eq(of.as_ptr(), std::sync::Arc::as_ptr(snapshot)))
        .then_some(handed)
}

/// Emits one remark per allocation: where it went and why no further.
pub fn emit_remarks(snapshot: &Snapshot, map: &IrMap, decisions: &[Decision]) {
    for decision in decisions {
        // SAFETY: live ops of the captured IR; nothing is edited yet.
        let alloc_ref = unsafe { melior::ir::OperationRef::from_raw(map.op(decision.alloc)) };
        let moved = match &decision.hoist {
            None => "not moved".to_string(),
            Some(hoist) if hoist.loops_left > 0 => format!(
                "hoisted out of {} loop{}{}",
                hoist.loops_left,
                if hoist.loops_left == 1 { "" } else { "s" },
                if hoist.free_after.is_some() {
                    " (its free moved after the loop)"
                } else {
                    ""
                }
            ),
            Some(hoist) => format!(
                "hoisted{}",
                if hoist.free_after.is_some() {
                    " (its free moved after the region left)"
                } else {
                    ""
                }
            ),
        };
        let mut diagnostic = Diagnostic::remark(
            &alloc_ref,
            format!("{moved}; stops because {}", decision.stop.message()),
        );
        if let Some(culprit) = decision.stop.culprit() {
            // SAFETY: as above.
            let culprit_ref = unsafe { melior::ir::OperationRef::from_raw(map.op(culprit)) };
            diagnostic =
                diagnostic.note_at(&culprit_ref, format!("at '{}'", snapshot.op(culprit).name));
        }
        diagnostic.emit();
    }
}

/// Applies the moves: builds the new frees, moves the allocations, erases
/// the old frees. Allocations whose free cannot be built stay where they
/// are (with a warning).
pub fn apply(snapshot: &Snapshot, map: &IrMap, decisions: &[Decision]) {
    let mut moving = vec![false; snapshot.ops.len()];
    let mut erased = vec![false; snapshot.ops.len()];
    for decision in decisions {
        if let Some(hoist) = &decision.hoist {
            moving[decision.alloc.index()] = true;
            for &free in &hoist.erase_frees {
                erased[free.index()] = true;
            }
        }
    }
    // The first op at or after `position` in `block` that stays and is not
    // an allocation (allocations moved there go after those already there,
    // keeping program order).
    let staying_from = |block: BlockId, position: u32| -> Option<MlirOperation> {
        snapshot
            .block(block)
            .ops
            .get(position as usize..)?
            .iter()
            .find(|&&op| {
                !moving[op.index()]
                    && !erased[op.index()]
                    && is_pure_heap_allocation(snapshot, op).is_none()
            })
            .map(|&op| map.op(op))
    };
    // The first op after `op` that stays, for a new free.
    let staying_after = |block: BlockId, position: u32| -> Option<MlirOperation> {
        snapshot
            .block(block)
            .ops
            .get(position as usize..)?
            .iter()
            .find(|&&op| !moving[op.index()] && !erased[op.index()])
            .map(|&op| map.op(op))
    };
    let mut to_erase = Vec::new();
    for decision in decisions {
        let Some(hoist) = &decision.hoist else {
            continue;
        };
        let alloc_op = map.op(decision.alloc);
        let anchor = match hoist.to {
            Spot::Before(op) => Some(map.op(op)),
            Spot::EndOf(block) => snapshot.terminator(block).map(|t| map.op(t)),
            Spot::InBlock(block, position) => staying_from(block, position),
        };
        let Some(anchor) = anchor else { continue };
        if let Some(after) = hoist.free_after {
            let info = snapshot.op(after);
            let Some(block) = info.parent_block else {
                continue;
            };
            let at = match staying_after(block, info.position + 1) {
                Some(next) => InsertPoint::Before(next),
                None => InsertPoint::EndOf(map.block(block)),
            };
            // SAFETY: live handles of `map` (frees are erased only after the
            // loop); the buffer is a result of `alloc_op`.
            let built = unsafe { edit::build_dealloc(alloc_op, map.value(decision.buffer), at) };
            if built.is_none() {
                // SAFETY: a live op.
                let alloc_ref = unsafe { melior::ir::OperationRef::from_raw(alloc_op) };
                Diagnostic::warning(
                    &alloc_ref,
                    "not hoisted: its AllocationOpInterface declined to build a free",
                )
                .emit();
                continue;
            }
            to_erase.extend(hoist.erase_frees.iter().map(|&f| map.op(f)));
        }
        if anchor.ptr != alloc_op.ptr {
            // SAFETY: both ops are live; the anchor's block is an ancestor
            // block of the allocation's uses (checked by the walk).
            unsafe { mlir_sys::mlirOperationMoveBefore(alloc_op, anchor) };
        }
    }
    for free in to_erase {
        // SAFETY: a live free (no results), named by no other edit.
        unsafe { edit::erase(free) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::snapshot::{
        Effect, EffectKind, Effects, OpFacts, RegionBranchInfo, RegionEdge, RegionTarget,
        SnapshotBuilder, Successor, ValueKind,
    };

    const BOTH: HoistingKind = HoistingKind {
        out_of_loops: true,
        to_dominating_block: true,
    };

    fn alloc_facts() -> OpFacts {
        OpFacts {
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        }
    }
    fn set_alloc(b: &mut SnapshotBuilder, op: OpId) {
        let result = b.snapshot().op(op).results[0];
        b.facts_mut(op).effects = Effects::Known(vec![Effect {
            kind: EffectKind::Allocate,
            value: Some(result),
            on_automatic_scope: false,
        }]);
    }
    fn free_facts(v: ValueId) -> OpFacts {
        OpFacts {
            effects: Effects::Known(vec![Effect {
                kind: EffectKind::Free,
                value: Some(v),
                on_automatic_scope: false,
            }]),
            ..OpFacts::default()
        }
    }
    fn use_facts(v: ValueId) -> OpFacts {
        OpFacts {
            effects: Effects::Known(vec![Effect {
                kind: EffectKind::Write,
                value: Some(v),
                on_automatic_scope: false,
            }]),
            ..OpFacts::default()
        }
    }
    fn root() -> SnapshotBuilder {
        SnapshotBuilder::new(
            "func.func",
            OpFacts {
                is_isolated_from_above: true,
                is_automatic_allocation_scope: true,
                regions_have_ssa_dominance: true,
                ..OpFacts::default()
            },
        )
    }
    fn ret() -> OpFacts {
        OpFacts {
            is_terminator: true,
            is_return_like: true,
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        }
    }

    /// A function being built: func { scf.for { %a = alloc; ... } ... }.
    struct LoopAlloc {
        b: SnapshotBuilder,
        entry: BlockId,
        loop_op: OpId,
        loop_region: RegionId,
        loop_block: BlockId,
        alloc: OpId,
        buffer: ValueId,
    }

    /// func { scf.for (block arguments `loop_args`) { %a = alloc } }, for
    /// the caller to finish the loop body and the function.
    fn func_with_loop_alloc(loop_args: &[ValueKind]) -> LoopAlloc {
        let mut b = root();
        let body = b.add_region(Snapshot::ROOT);
        let entry = b.add_block(body, &[]);
        let loop_op = b.add_op(
            entry,
            "scf.for",
            &[],
            &[],
            OpFacts {
                is_loop_like: true,
                has_recursive_effects: true,
                regions_have_ssa_dominance: true,
                region_branch: Some(RegionBranchInfo::default()),
                ..OpFacts::default()
            },
        );
        let loop_region = b.add_region(loop_op);
        let loop_block = b.add_block(loop_region, loop_args);
        let alloc = b.add_op(
            loop_block,
            "memref.alloc",
            &[],
            &[ValueKind::RankedMemRef],
            alloc_facts(),
        );
        set_alloc(&mut b, alloc);
        let buffer = b.snapshot().op(alloc).results[0];
        LoopAlloc {
            b,
            entry,
            loop_op,
            loop_region,
            loop_block,
            alloc,
            buffer,
        }
    }

    /// func { loop { %a = alloc; use %a; [free %a]; yield [%a] }; return }
    fn loop_with(free: bool, yield_buffer: bool) -> (Snapshot, OpId, OpId, Option<OpId>) {
        let LoopAlloc {
            mut b,
            entry,
            loop_op,
            loop_region,
            loop_block,
            alloc,
            buffer,
        } = func_with_loop_alloc(&[ValueKind::RankedMemRef]);
        b.add_op(
            loop_block,
            "memref.store",
            &[buffer],
            &[],
            use_facts(buffer),
        );
        let free_op = free.then(|| {
            b.add_op(
                loop_block,
                "memref.dealloc",
                &[buffer],
                &[],
                free_facts(buffer),
            )
        });
        let arg = b.snapshot().block(loop_block).args[0];
        let forwarded = if yield_buffer { vec![buffer] } else { vec![] };
        let inputs = if yield_buffer { vec![arg] } else { vec![] };
        b.add_op(
            loop_block,
            "scf.yield",
            &forwarded,
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                effects: Effects::Known(vec![]),
                terminator_edges: vec![
                    RegionEdge {
                        target: RegionTarget::Region(loop_region),
                        forwarded: forwarded.clone(),
                        inputs,
                    },
                    RegionEdge {
                        target: RegionTarget::Parent,
                        forwarded: vec![],
                        inputs: vec![],
                    },
                ],
                ..OpFacts::default()
            },
        );
        b.add_op(entry, "func.return", &[], &[], ret());
        (b.finish(), loop_op, alloc, free_op)
    }

    #[test]
    fn loop_hoisting_moves_the_free_after_the_loop() {
        let (snapshot, loop_op, alloc, free) = loop_with(true, false);
        let decisions = Engine::new(&snapshot).decide(Policy::LOOP_HOISTING, |_| Some(BOTH));
        assert_eq!(decisions.len(), 1);
        let hoist = decisions[0].hoist.clone().expect("hoisted");
        assert_eq!(hoist.to, Spot::Before(loop_op));
        assert_eq!(hoist.free_after, Some(loop_op));
        assert_eq!(hoist.erase_frees, vec![free.unwrap()]);
        assert_eq!(decisions[0].alloc, alloc);
        assert_eq!(decisions[0].stop, Stop::Top);
    }

    /// func { loop { %a = alloc; [call]; store %a; [call]; yield }; return }
    /// with the call (unknown effects: it may allocate) before the store
    /// (while %a is live) or after it (%a dead).
    fn loop_with_call(call_while_live: bool) -> (Snapshot, OpId, OpId) {
        let LoopAlloc {
            mut b,
            entry,
            loop_op,
            loop_region,
            loop_block,
            alloc: _,
            buffer,
        } = func_with_loop_alloc(&[]);
        let call = |b: &mut SnapshotBuilder| {
            b.add_op(
                loop_block,
                "func.call",
                &[],
                &[],
                OpFacts {
                    is_call: true,
                    ..OpFacts::default()
                },
            )
        };
        let early = call_while_live.then(|| call(&mut b));
        b.add_op(
            loop_block,
            "memref.store",
            &[buffer],
            &[],
            use_facts(buffer),
        );
        let call_op = early.unwrap_or_else(|| call(&mut b));
        b.add_op(
            loop_block,
            "scf.yield",
            &[],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                effects: Effects::Known(vec![]),
                terminator_edges: vec![
                    RegionEdge {
                        target: RegionTarget::Region(loop_region),
                        forwarded: vec![],
                        inputs: vec![],
                    },
                    RegionEdge {
                        target: RegionTarget::Parent,
                        forwarded: vec![],
                        inputs: vec![],
                    },
                ],
                ..OpFacts::default()
            },
        );
        b.add_op(entry, "func.return", &[], &[], ret());
        (b.finish(), loop_op, call_op)
    }

    #[test]
    fn keep_peak_leaves_a_loop_only_where_the_buffer_is_live_at_its_allocations() {
        let keep_peak = Policy {
            keep_peak: true,
            ..Policy::LOOP_HOISTING
        };
        // The call may allocate after the buffer's last use: it stays.
        let (snapshot, loop_op, call) = loop_with_call(false);
        let decisions = Engine::new(&snapshot).decide(keep_peak, |_| Some(BOTH));
        assert_eq!(decisions[0].hoist, None);
        assert_eq!(decisions[0].stop, Stop::RaisesPeak { by: call });
        // Without keep-peak it leaves.
        let decisions = Engine::new(&snapshot).decide(Policy::LOOP_HOISTING, |_| Some(BOTH));
        assert_eq!(
            decisions[0].hoist.as_ref().map(|h| h.to),
            Some(Spot::Before(loop_op))
        );
        // The call runs while the buffer is live: it leaves.
        let (snapshot, loop_op, _) = loop_with_call(true);
        let decisions = Engine::new(&snapshot).decide(keep_peak, |_| Some(BOTH));
        assert_eq!(
            decisions[0].hoist.as_ref().map(|h| h.to),
            Some(Spot::Before(loop_op))
        );
        // Promoted once out of every loop: it leaves whatever the body does.
        let (snapshot, loop_op, _) = loop_with_call(false);
        let mut promotable = vec![false; snapshot.ops.len()];
        promotable[decisions[0].alloc.index()] = true;
        let decisions = Engine::new(&snapshot)
            .with_promotable(promotable)
            .decide(keep_peak, |_| Some(BOTH));
        assert_eq!(
            decisions[0].hoist.as_ref().map(|h| h.to),
            Some(Spot::Before(loop_op))
        );
    }

    #[test]
    fn hoisting_does_not_leave_loops() {
        let (snapshot, loop_op, _, _) = loop_with(true, false);
        let decisions = Engine::new(&snapshot).decide(Policy::HOISTING, |_| Some(BOTH));
        assert_eq!(decisions[0].hoist, None);
        assert_eq!(decisions[0].stop, Stop::Loop { op: Some(loop_op) });
    }

    #[test]
    fn buffers_carried_to_the_next_iteration_stay() {
        let (snapshot, _, _, _) = loop_with(false, true);
        let decisions = Engine::new(&snapshot).decide(Policy::LOOP_HOISTING, |_| Some(BOTH));
        assert_eq!(decisions[0].hoist, None);
        assert!(matches!(decisions[0].stop, Stop::CrossIteration { .. }));
    }

    #[test]
    fn the_hoisting_kind_is_obeyed() {
        let (snapshot, _, _, _) = loop_with(true, false);
        let block_only = HoistingKind {
            out_of_loops: false,
            to_dominating_block: true,
        };
        let decisions = Engine::new(&snapshot).decide(Policy::LOOP_HOISTING, |_| Some(block_only));
        assert_eq!(decisions[0].stop, Stop::HoistingKind);
        let decisions = Engine::new(&snapshot).decide(Policy::LOOP_HOISTING, |_| None);
        assert_eq!(decisions[0].stop, Stop::NoAllocationInterface);
    }

    /// bb0: cond_br bb1, bb2; bb1: br bb3; bb2: %a = alloc; use; [free]; br bb3; bb3: return
    fn diamond(free: bool) -> (Snapshot, Vec<BlockId>, OpId) {
        let mut b = root();
        let body = b.add_region(Snapshot::ROOT);
        let blocks: Vec<BlockId> = (0..4).map(|_| b.add_block(body, &[])).collect();
        let branch = |to: &[BlockId]| OpFacts {
            is_terminator: true,
            effects: Effects::Known(vec![]),
            successors: to.iter().map(|&block| Successor::plain(block)).collect(),
            ..OpFacts::default()
        };
        b.add_op(
            blocks[0],
            "cf.cond_br",
            &[],
            &[],
            branch(&[blocks[1], blocks[2]]),
        );
        b.add_op(blocks[1], "cf.br", &[], &[], branch(&[blocks[3]]));
        let alloc = b.add_op(
            blocks[2],
            "memref.alloc",
            &[],
            &[ValueKind::RankedMemRef],
            alloc_facts(),
        );
        set_alloc(&mut b, alloc);
        let buffer = b.snapshot().op(alloc).results[0];
        b.add_op(blocks[2], "memref.store", &[buffer], &[], use_facts(buffer));
        if free {
            b.add_op(
                blocks[2],
                "memref.dealloc",
                &[buffer],
                &[],
                free_facts(buffer),
            );
        }
        b.add_op(blocks[2], "cf.br", &[], &[], branch(&[blocks[3]]));
        b.add_op(blocks[3], "func.return", &[], &[], ret());
        (b.finish(), blocks, alloc)
    }

    #[test]
    fn unfreed_buffers_move_to_the_dominator() {
        let (snapshot, blocks, _) = diamond(false);
        let decisions = Engine::new(&snapshot).decide(Policy::HOISTING, |_| Some(BOTH));
        assert_eq!(
            decisions[0].hoist.as_ref().map(|h| h.to),
            Some(Spot::InBlock(blocks[0], 0))
        );
    }

    #[test]
    fn freed_buffers_do_not_move_onto_more_paths() {
        let (snapshot, _, _) = diamond(true);
        let decisions = Engine::new(&snapshot).decide(Policy::HOISTING, |_| Some(BOTH));
        assert_eq!(decisions[0].hoist, None);
        assert!(matches!(decisions[0].stop, Stop::MorePaths { .. }));
    }

    /// func { op { %a = alloc; use; free } ; return } where `op` runs its
    /// region exactly once (`once`) or maybe not at all (an scf.if).
    fn region_with(once: bool) -> (Snapshot, OpId, OpId) {
        let mut b = root();
        let body = b.add_region(Snapshot::ROOT);
        let entry = b.add_block(body, &[]);
        let op = b.add_op(
            entry,
            if once { "scf.execute_region" } else { "scf.if" },
            &[],
            &[],
            OpFacts {
                regions_have_ssa_dominance: true,
                has_recursive_effects: true,
                ..OpFacts::default()
            },
        );
        let then_region = b.add_region(op);
        let then_block = b.add_block(then_region, &[]);
        let alloc = b.add_op(
            then_block,
            "memref.alloc",
            &[],
            &[ValueKind::RankedMemRef],
            alloc_facts(),
        );
        set_alloc(&mut b, alloc);
        let buffer = b.snapshot().op(alloc).results[0];
        b.add_op(
            then_block,
            "memref.store",
            &[buffer],
            &[],
            use_facts(buffer),
        );
        b.add_op(
            then_block,
            "memref.dealloc",
            &[buffer],
            &[],
            free_facts(buffer),
        );
        let yield_facts = OpFacts {
            is_terminator: true,
            is_return_like: true,
            effects: Effects::Known(vec![]),
            terminator_edges: vec![RegionEdge {
                target: RegionTarget::Parent,
                forwarded: vec![],
                inputs: vec![],
            }],
            ..OpFacts::default()
        };
        b.add_op(then_block, "scf.yield", &[], &[], yield_facts.clone());
        let mut entry_edges = vec![RegionEdge {
            target: RegionTarget::Region(then_region),
            forwarded: vec![],
            inputs: vec![],
        }];
        if !once {
            entry_edges.push(RegionEdge {
                target: RegionTarget::Parent,
                forwarded: vec![],
                inputs: vec![],
            });
        }
        b.facts_mut(op).region_branch = Some(RegionBranchInfo { entry_edges });
        b.add_op(entry, "func.return", &[], &[], ret());
        (b.finish(), op, alloc)
    }

    #[test]
    fn regions_that_run_once_are_left_without_touching_frees() {
        let (snapshot, op, _) = region_with(true);
        let decisions = Engine::new(&snapshot).decide(Policy::HOISTING, |_| Some(BOTH));
        let hoist = decisions[0].hoist.clone().expect("hoisted");
        assert_eq!(
            hoist.to,
            Spot::InBlock(snapshot.op(op).parent_block.unwrap(), 0)
        );
        assert_eq!(hoist.free_after, None);
        assert!(hoist.erase_frees.is_empty());
    }

    #[test]
    fn conditionals_are_left_only_when_the_policy_says_so_and_move_the_free() {
        let (snapshot, op, _) = region_with(false);
        let decisions = Engine::new(&snapshot).decide(Policy::HOISTING, |_| Some(BOTH));
        assert_eq!(decisions[0].stop, Stop::Conditional { op });
        assert_eq!(decisions[0].hoist, None);
        let policy = Policy {
            leave_conditionals: true,
            ..Policy::HOISTING
        };
        let decisions = Engine::new(&snapshot).decide(policy, |_| Some(BOTH));
        let hoist = decisions[0].hoist.clone().expect("hoisted");
        assert_eq!(hoist.free_after, Some(op));
        assert_eq!(hoist.erase_frees.len(), 1);
        let decisions = Engine::new(&snapshot).decide(Policy::LOOP_HOISTING, |_| Some(BOTH));
        assert_eq!(decisions[0].stop, Stop::Conditional { op });
    }

    /// On random snapshots (CFGs, nested regions, loops, unknown ops, graph
    /// regions): no panic, and every move goes to a spot that dominates the
    /// allocation and that its operands dominate.
    #[test]
    fn random_snapshots_get_moves_that_keep_dominance() {
        use crate::analysis::testgen::{GenConfig, generate};
        let policies = [
            Policy::HOISTING,
            Policy::LOOP_HOISTING,
            Policy {
                leave_conditionals: true,
                ..Policy::HOISTING
            },
        ];
        let mut moved = 0;
        for seed in 0..300 {
            let snapshot = generate(seed, &GenConfig::default());
            let dominance = DominanceInfo::new(&snapshot);
            for policy in policies {
                for decision in Engine::new(&snapshot).decide(policy, |_| Some(BOTH)) {
                    let Some(hoist) = decision.hoist else {
                        continue;
                    };
                    moved += 1;
                    let anchor = match hoist.to {
                        Spot::Before(op) => Some(op),
                        Spot::EndOf(block) => snapshot.terminator(block),
                        Spot::InBlock(block, position) => snapshot
                            .block(block)
                            .ops
                            .get(position as usize)
                            .copied()
                            .or(snapshot.terminator(block)),
                    };
                    let anchor = anchor.expect("a spot has an op to go before");
                    assert!(
                        dominance.op_dominates(anchor, decision.alloc) || anchor == decision.alloc,
                        "seed {seed}"
                    );
                    for &operand in &snapshot.op(decision.alloc).operands {
                        assert!(
                            dominance.value_properly_dominates(operand, anchor),
                            "seed {seed}: operand"
                        );
                    }
                }
            }
        }
        assert!(moved > 0);
    }

    #[test]
    fn the_pre_check_never_skips_an_allocation_that_leaves_a_loop() {
        use crate::analysis::testgen::{GenConfig, generate};
        let mut left = 0;
        let mut skipped = 0;
        for seed in 0..300 {
            let snapshot = generate(seed, &GenConfig::default());
            for block_loops in [true, false] {
                let policy = Policy {
                    leave_block_loops: block_loops,
                    ..Policy::LOOP_HOISTING
                };
                let cyclic = regions_with_back_edges(&snapshot);
                for decision in Engine::new(&snapshot).decide(policy, |_| Some(BOTH)) {
                    let may = may_leave_a_loop(&snapshot, decision.alloc, block_loops, &cyclic);
                    if decision.hoist.is_some() {
                        left += 1;
                        assert!(may, "seed {seed}: a move the pre-check skips");
                    } else if !may {
                        skipped += 1;
                    }
                }
            }
        }
        assert!(left > 0 && skipped > 0, "left {left}, skipped {skipped}");
    }
}
