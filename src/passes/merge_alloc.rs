//! `bufrs-merge-alloc`: compile-time merging of heap allocations (seed 003,
//! "Compile-time memref.alloc Scheduling and Merging"; seed 004's IREE
//! `stream.resource.pack` does the same for transient resources).
//!
//! Every *mergeable* heap allocation of an *allocation scope* becomes a
//! `memref.view` at a fixed byte offset of one `memref.alloc` per scope and
//! memory space; buffers whose lifetimes do not overlap share bytes. The pass
//! runs as the seed's pipeline of pluggable stages, each a Rust trait an
//! embedding compiler may replace ([`merge_allocations`]):
//!
//! 1. [`TraceCollector`] (default [`TickTraceCollector`]): finds the
//!    mergeable allocations, their scopes and tick lifetimes, using the
//!    buffer alias analysis and `analysis::lifetimes` (every enclosing loop or
//!    branch op between a use and the allocation widens the lifetime to the
//!    whole op, CFG regions widen to the whole region).
//! 2. [`MemoryScheduler`] (default [`PlannerScheduler`]): turns one scope's
//!    trace into offsets and a total size through a `crate::plan::Planner`.
//! 3. [`MergeRewriter`] (default [`ViewRewriter`]): rewrites the IR.
//!
//! # Mergeable allocations
//!
//! An op whose only effect is one heap `Allocate` on its single result (not
//! on the automatic allocation scope resource), of a ranked memref type with
//! static shape (or, with `dynamic=true`, a `memref.alloc` with dynamic
//! sizes available at the scope entry) and identity layout, whose element
//! occupies a power-of-two
//! number of whole bytes; no alias of it is returned, yielded (by a loop, a
//! branch op or any region terminator), carried around a CFG cycle, used by
//! an op with unknown effects, stored as data into memory, or freed under
//! another name (`memref.dealloc` of the buffer itself is fine: it is
//! removed). Calls may use it (the seeds' ownership contract: callees do not
//! free or retain buffer arguments). Everything else is left alone and
//! counted (`report=true` says why at each such allocation).
//!
//! # Allocation scopes
//!
//! The nearest ancestor with `AutomaticAllocationScope`, where known
//! sequential loops (`scf.for`, `scf.while`, `affine.for`) do not count:
//! allocations in their bodies move to the enclosing scope, since a fresh
//! buffer per iteration that is not carried (checked above) may reuse the
//! same bytes. Every other loop with the trait (`scf.forall`,
//! `scf.parallel`, unknown loops) is a scope of its own: its iterations may
//! run in parallel, so each needs its own merged buffer. The climb to the
//! scope may only cross region-branch ops that are not loops of unknown
//! parallelism and not `IsolatedFromAbove` (the merged buffer must be
//! visible and used by one iteration at a time); allocations below anything
//! else are left alone. One merged buffer per scope block and memory space
//! is allocated before the first op of the scope block holding one of its
//! buffers and, when they had frees, freed after the last op using one
//! (`place_arena`), so that it lives no longer than its buffers did.
//!
//! # Dynamic sizes (`dynamic=true`)
//!
//! A buffer's size is then `bytes × Π sizes` over its size operands, which
//! must be available at the start of the scope block (block arguments or
//! values defined above the scope op), or be computed in the scope block
//! itself by ops without memory effects or regions from such values
//! (`memref.dim` of an argument, `arith` on indices): those ops move to the
//! block's start (`ScopeTrace::hoist`) before the arena's size is built;
//! they ran whenever control reached them, so they compute the same values.
//! A `memref.dim` of an allocation (or of a cast or reshaping view of one)
//! is that allocation's size operand, resolved likewise first. Any other
//! size computed inside the scope leaves the buffer alone, with a remark.
//! `crate::plan::symbolic` places static buffers with the planner and each
//! dynamic one where it provably shares no byte with a buffer live with it
//! (on top of them, inside a dead buffer it provably fits in, or in a gap),
//! so offsets and the arena size are expressions valid for every run-time
//! size (proved by `plan::symbolic::verify` before any edit); dynamic
//! buffers with disjoint lifetimes share
//! bytes. The rewrite builds them as `arith` (`muli`, `addi`, `maxui`,
//! `(x + A - 1) & -A`) right before the arena, allocates `memref<?xi8>` and
//! views with the dynamic sizes. The arena is allocated before the first op
//! of the scope block holding one of its buffers and, when they had frees,
//! freed after the last op using one (`place_arena`). With `dynamic=true`
//! every scope of two or
//! more buffers is packed (seed 004's PackAllocations), even when padding
//! makes the arena larger than the buffers.
//!
//! # When a scope is rewritten
//!
//! Merging never makes memory grow: a scope (one block and memory space) is
//! rewritten only when it has at least two mergeable buffers and the planned
//! arena is strictly smaller than the sum of the buffers' byte sizes (the
//! arena's size includes the alignment padding of every buffer). Otherwise
//! its allocations stay as they are ([`Skip`]). All sizes and offsets are
//! checked 64-bit arithmetic (sums of sizes in `u128`), and an arena that
//! does not fit in an `i64` memref dimension is an error at the scope op;
//! every scope is planned and checked before any IR is edited.
//!
//! # Deallocation
//!
//! The pass works before deallocation insertion (nothing is freed; a later
//! deallocation pass frees the merged buffer like any allocation) and after
//! it: when any merged allocation of a scope was freed, its frees are
//! removed and the merged buffer is freed once before every exit of the
//! scope region (each terminator without successors, e.g. every `return` of
//! a function with several, or the `scf.forall` body's terminator).
//!
//! # Options
//!
//! `alignment` (power of two, default 64, at most 2^32): alignment of the
//! merged buffer and of every offset (at least the element size, or the
//! allocation's own `alignment`). `planner`: a name from `crate::plan::PlannerKind`.
//! `analysis-only`: annotate allocations (`bufrs.lifetime = [first, last]`,
//! `bufrs.scope`, or `bufrs.not_merged = "<reason>"`) and stop. `report`:
//! a remark per scope with buffers merged, bytes before and after, the lower
//! bound and the ratio after/bound (or why the scope was not rewritten: "one
//! buffer", "no byte saved"), seed 004's lifetime classes (external,
//! transient, constant, variable, staging) and what was left out, and a
//! remark at every allocation left alone; all at locations, so MLIR prints
//! no op with them. `staging-space`: allocations in this memory space are
//! staging buffers, never merged. `dynamic`: see above. `report-file=PATH`:
//! the report as JSON as well (`passes::report_file`): one record per scope
//! (function, scope, buffers, the sum of their bytes, the bytes live at the
//! peak, the arena, the lower bound, the planner, whether merged and why
//! not, its picture) and per allocation left alone (location, reason); it
//! implies `report`. `plan-svg-dir=DIR`: a picture of the plan of every
//! scope merged with static sizes (`plan::svg`), `DIR/<function>.svg`
//! (`DIR/<function>.<scope>.svg` for a nested scope).

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirValue};

use crate::ir::capture::{
    IrMap, capture_unedited, count_static_heap_allocations, count_static_heap_allocations_in,
    kept_snapshot,
};
use crate::{
    analysis::{
        alias::AliasAnalysis,
        allocs::{frees_only, heap_allocated_result, is_pure_heap_allocation},
        flow::{Events, FlowEvent},
        lifetimes::Lifetimes,
        loops::allocation_scope,
        snapshot::{BlockId, Effects, OpId, Snapshot, ValueId},
        uses::UseLists,
        value_flow::ValueFlow,
    },
    dialect::builders,
    ir::{
        Diagnostic,
        diagnostics::Severity,
        edit::{self, InsertPoint},
        types,
    },
    options::Allowed,
    pass_options,
    passes::{
        Anchor, BufrsPass, PassFailed, PassResult, pass, report_file, report_file::location_text,
    },
    plan::{
        self, Buffer, Planner, PlannerKind, Problem,
        symbolic::{ExprId, Node, SymBuffer, SymPlan, SymSize},
    },
};

pass_options! {
    /// Options of `bufrs-merge-alloc`.
    pub struct MergeAllocOptions {
        alignment: i64 = 64 => "alignment",
            "Alignment in bytes (a power of two, at most 2^32) of merged buffers and of every offset in them.",
            allowed Allowed::PowerOfTwo { max: MAX_ALIGNMENT as i64 };
        planner: String = "default".to_string() => "planner",
            "Static memory planner placing the buffers (default, free-chunk, free-chunk-cost, greedy-size, best-fit-start, size-duration, greedy-breadth, skyline, search).",
            allowed Allowed::OneOf(&PlannerKind::NAMES);
        search_budget_ms: i64 = plan::SearchBudget::PASS_DEFAULT.millis() as i64 => "search-budget-ms",
            "Work budget of the search planner per scope, in milliseconds of deterministic work (same input and budget, same plan); the other planners ignore it.",
            allowed Allowed::NON_NEGATIVE;
        analysis_only: bool = false => "analysis-only",
            "Only annotate allocations with their lifetime and scope (bufrs.lifetime, bufrs.scope, bufrs.not_merged).";
        report: bool = false => "report",
            "Emit a remark per scope (buffers merged, bytes before/after, lower bound, ratio) and at every allocation left alone.";
        staging_space: String = String::new() => "staging-space",
            "Memory space (as printed, e.g. 1) of staging buffers: classified as staging by report=true and never merged.";
        dynamic: bool = false => "dynamic",
            "Also merge allocations with dynamic sizes whose size operands are available at the scope entry: offsets and the arena size become arith on those sizes, valid for every run-time value.";
        report_file: String = String::new() => "report-file",
            "Also write the report as JSON to this file: one record per scope (buffers, bytes, peak live bytes, arena bytes, lower bound, planner, why not merged) and per allocation left alone. Implies report.",
            allowed Allowed::FileToWrite;
        plan_svg_dir: String = String::new() => "plan-svg-dir",
            "Write a picture (SVG) of the plan of every scope merged with static sizes into this directory (created if missing), one file per scope named after its function and scope.",
            allowed Allowed::DirectoryToWrite;
    }
}

/// Largest `alignment` option: LLVM's largest alignment (2^32 bytes), so the
/// merged buffer stays lowerable.
pub const MAX_ALIGNMENT: u64 = 1 << 32;

pub struct MergeAlloc;

impl BufrsPass for MergeAlloc {
    type Options = MergeAllocOptions;
    const ARGUMENT: &'static str = "bufrs-merge-alloc";
    const SUMMARY: &'static str = "Merge the heap allocations of a scope into one buffer (static sizes; with dynamic=true also run-time sizes), reusing bytes of buffers whose lifetimes do not overlap";
    const ANCHOR: Anchor = Anchor::FunctionLike;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "arith"];

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        // The option values were validated before any op was touched
        // (`allowed` above, checked by the shim's Pass::initialize).
        let fail = |message: String| {
            Diagnostic::error(
                &op,
                format!("{}: internal error: {message}", Self::ARGUMENT),
            )
            .emit();
            Err(PassFailed)
        };
        let Ok(search_budget_ms) = u64::try_from(options.search_budget_ms) else {
            return fail("negative search-budget-ms".into());
        };
        let Ok(kind) = PlannerKind::from_name(&options.planner) else {
            return fail(format!("unknown planner '{}'", options.planner));
        };
        // Without dynamic sizes, only static-shaped heap allocations can be
        // merged, and only two or more in one scope: a body with fewer than
        // two is left as it is (its one scope, if any, would be skipped as
        // `Skip::OneBuffer`), unless a report, a picture, analysis
        // attributes or a staging space is asked for.
        // The count reads the snapshot an earlier pass kept, if any (after
        // promotion, most bodies), instead of walking the IR.
        let root = op.to_raw();
        let kept = kept_snapshot(root);
        if !options.dynamic
            && !options.analysis_only
            && !options.report
            && options.report_file.is_empty()
            && options.plan_svg_dir.is_empty()
            && options.staging_space.is_empty()
            && match &kept {
                Some((snapshot, map)) => count_static_heap_allocations_in(snapshot, map, 2),
                None => count_static_heap_allocations(root, 2),
            } < 2
        {
            return pass::unchanged(root);
        }
        let collector = TickTraceCollector {
            alignment: options.alignment as u64,
            dynamic: options.dynamic,
            staging_space: options.staging_space.clone(),
        };
        let scheduler = PlannerScheduler {
            planner: Box::new(kind.planner(plan::SearchBudget::from_millis(search_budget_ms))),
        };
        let (snapshot, map) = match kept {
            Some(kept) => kept,
            None => capture_unedited(root),
        };
        merge_allocations_in(
            op,
            &snapshot,
            &map,
            options,
            &collector,
            &scheduler,
            &ViewRewriter,
        )
    }
}

// ---------------------------------------------------------------------------
// Stage data
// ---------------------------------------------------------------------------

/// Why an allocation is left alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The op has effects besides allocating its one result (or regions).
    OtherEffects,
    NotRanked,
    DynamicShape,
    NonIdentityLayout,
    /// The element is not a power-of-two number of whole bytes (or a buffer).
    UnsupportedElement,
    /// The byte size does not fit in 64 bits.
    TooLarge,
    Returned,
    /// Yielded by a region terminator (loop, branch op) or a region result.
    Yielded,
    LoopCarried,
    UnknownUser,
    /// An operand of an op with regions and unknown effects (e.g. an
    /// `scf.for` iter_arg: scf ops implement no memory-effect interface).
    RegionOpOperand(OpId),
    Stored,
    FreedThroughAlias,
    /// Its address is taken as a plain value (e.g.
    /// `memref.extract_aligned_pointer_as_index`), whose uses are not seen.
    AddressExposed,
    /// Between the allocation and any scope lies this op, whose regions the
    /// merged buffer cannot serve (isolated, parallel loop without scope,
    /// not a region branch).
    UnsupportedRegion(OpId),
    /// A dynamic size operand is defined inside the scope (`dynamic=true`):
    /// the arena, allocated at the scope entry, cannot depend on it.
    SizeInsideScope(ValueId),
    /// In the staging memory space (`staging-space`).
    Staging,
}

impl Refusal {
    pub fn message(&self, snapshot: &Snapshot) -> String {
        match self {
            Refusal::OtherEffects => "the op does more than allocate its one result".into(),
            Refusal::NotRanked => "not a ranked memref".into(),
            Refusal::DynamicShape => "dynamic shape".into(),
            Refusal::Staging => "staging buffer".into(),
            Refusal::SizeInsideScope(_) => {
                "dynamic size defined inside the scope, not available at its entry".into()
            }
            Refusal::NonIdentityLayout => "non-identity layout".into(),
            Refusal::UnsupportedElement => {
                "the element is not a power-of-two number of bytes".into()
            }
            Refusal::TooLarge => "the size does not fit in 64 bits".into(),
            Refusal::Returned => "returned".into(),
            Refusal::Yielded => "yielded by a region terminator".into(),
            Refusal::LoopCarried => "carried around a control-flow cycle".into(),
            Refusal::UnknownUser => "used by an op with unknown memory effects".into(),
            Refusal::RegionOpOperand(op) => {
                format!(
                    "an operand of '{}', whose uses in its regions are not traced",
                    snapshot.op(*op).name
                )
            }
            Refusal::Stored => "stored into memory".into(),
            Refusal::FreedThroughAlias => "freed through an alias".into(),
            Refusal::AddressExposed => {
                "its address is taken as a plain value, whose uses are not traced".into()
            }
            Refusal::UnsupportedRegion(op) => {
                format!(
                    "inside '{}', whose regions cannot share the scope's buffer",
                    snapshot.op(*op).name
                )
            }
        }
    }
}

/// One mergeable allocation with its lifetime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedBuffer {
    pub alloc: OpId,
    pub value: ValueId,
    /// Size in bytes; with `dynamic_sizes`, the bytes per unit of their
    /// product (element bytes times the static dimensions).
    pub size: u64,
    /// The allocation's dynamic size operands, in order (empty for a static
    /// shape); each is available at the scope entry.
    pub dynamic_sizes: Vec<ValueId>,
    /// Required offset alignment (a power of two).
    pub alignment: u64,
    /// Inclusive tick lifetime.
    pub first: u64,
    pub last: u64,
    /// Frees of the buffer itself, to remove.
    pub frees: Vec<OpId>,
}

/// The mergeable allocations of one scope block and memory space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeTrace {
    pub scope_op: OpId,
    pub scope_block: BlockId,
    /// `@<function>` or `<op name>@<tick>`.
    pub scope_label: String,
    /// Printed memory space attribute, empty for the default.
    pub memory_space: String,
    pub buffers: Vec<TracedBuffer>,
    /// Ops of the scope block computing dynamic sizes (`dynamic=true`), in
    /// block order, to move to its start before the arena is built: every
    /// scope of the block gets the same list.
    pub hoist: Vec<OpId>,
    /// Operands of those ops to replace, as `(op, operand index, value)`:
    /// a `memref.dim` of a local buffer becomes the size it reads.
    pub replace: Vec<(OpId, usize, ValueId)>,
    /// The op of the scope block before which the arena is allocated (the
    /// first holding one of its buffers' allocations); `None`: at the
    /// block's start.
    pub arena_before: Option<OpId>,
    /// The op of the scope block after which the arena is freed when the
    /// buffers had frees (the last holding a use of one of them); `None`:
    /// before every exit of the scope region.
    pub free_after: Option<OpId>,
}

/// An allocation left alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftAlone {
    pub alloc: OpId,
    pub reason: Refusal,
}

/// What a trace collector finds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryTraces {
    pub scopes: Vec<ScopeTrace>,
    pub left_alone: Vec<LeftAlone>,
}

/// Offsets for one scope trace (seed 003's `MemorySchedule`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemorySchedule {
    /// Bytes of the merged buffer.
    pub total: u64,
    /// Alignment of the merged buffer.
    pub alignment: u64,
    /// Byte offset per buffer of the trace, in its order.
    pub offsets: Vec<u64>,
    /// Lower bound on `total` (largest aligned size live at one tick).
    pub lower_bound: u64,
}

/// The placement of a scope with dynamic sizes: offsets and the arena size
/// are expressions over the size symbols (`plan::symbolic`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolicSchedule {
    /// Symbol `s` is the size operand `symbols[s]`.
    pub symbols: Vec<ValueId>,
    /// The buffers as planned, in the trace's order.
    pub buffers: Vec<SymBuffer>,
    pub plan: SymPlan,
    /// The run-time lower bound (largest aligned bytes live at one tick),
    /// an expression of `plan.exprs`.
    pub lower_bound: ExprId,
}

/// The symbols and symbolic buffers of a trace: symbol `s` is the `s`-th
/// distinct dynamic size operand, a buffer's size its per-unit bytes times
/// its symbols.
pub fn symbolic_buffers(trace: &ScopeTrace) -> (Vec<ValueId>, Vec<SymBuffer>) {
    let mut symbols: Vec<ValueId> = Vec::new();
    let buffers = trace
        .buffers
        .iter()
        .map(|b| {
            let ids = b
                .dynamic_sizes
                .iter()
                .map(|&v| {
                    let at = symbols.iter().position(|&s| s == v).unwrap_or_else(|| {
                        symbols.push(v);
                        symbols.len() - 1
                    });
                    at as u32
                })
                .collect();
            SymBuffer {
                size: SymSize::new(b.size, ids),
                alignment: b.alignment,
                first: b.first,
                last: b.last,
            }
        })
        .collect();
    (symbols, buffers)
}

// ---------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------

/// Stage 1: finds mergeable allocations, their scopes and lifetimes.
pub trait TraceCollector {
    fn collect(&self, snapshot: &Snapshot, map: &IrMap) -> MemoryTraces;
}

/// Stage 2: places the buffers of one scope.
pub trait MemoryScheduler {
    /// Name for diagnostics.
    fn name(&self) -> &str;
    fn schedule(&self, trace: &ScopeTrace) -> Result<MemorySchedule, String>;
    /// Places a scope with dynamic sizes (`dynamic=true`): offsets valid
    /// for every run-time size. Schedulers that cannot leave such scopes to
    /// an error.
    fn schedule_symbolic(&self, _trace: &ScopeTrace) -> Result<SymbolicSchedule, String> {
        Err(format!(
            "scheduler '{}' does not place buffers with dynamic sizes",
            self.name()
        ))
    }
}

/// Stage 3: rewrites one scope. Must touch only the ops of its trace (and
/// create new ones), so the handles of other scopes stay valid.
pub trait MergeRewriter {
    fn rewrite(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        trace: &ScopeTrace,
        schedule: &MemorySchedule,
    ) -> Result<(), String>;
    /// Rewrites one scope with dynamic sizes (same contract as `rewrite`).
    fn rewrite_symbolic(
        &self,
        _snapshot: &Snapshot,
        _map: &IrMap,
        _trace: &ScopeTrace,
        _schedule: &SymbolicSchedule,
    ) -> Result<(), String> {
        Err("the rewriter does not support dynamic sizes".into())
    }
}

/// Runs the three stages on `op`: collect, then (unless `analysis-only`)
/// schedule, verify and [`decide`] every scope, and rewrite the scopes where
/// merging saves bytes. Diagnostics at the scope op on failure, before any
/// edit.
pub fn merge_allocations(
    op: OperationRef<'_, '_>,
    options: &MergeAllocOptions,
    collector: &dyn TraceCollector,
    scheduler: &dyn MemoryScheduler,
    rewriter: &dyn MergeRewriter,
) -> PassResult {
    let (snapshot, map) = capture_unedited(op.to_raw());
    merge_allocations_in(op, &snapshot, &map, options, collector, scheduler, rewriter)
}

/// [`merge_allocations`] on a snapshot of `op` taken before any edit.
pub fn merge_allocations_in(
    op: OperationRef<'_, '_>,
    snapshot: &Snapshot,
    map: &IrMap,
    options: &MergeAllocOptions,
    collector: &dyn TraceCollector,
    scheduler: &dyn MemoryScheduler,
    rewriter: &dyn MergeRewriter,
) -> PassResult {
    let traces = collector.collect(snapshot, map);
    let op_ref = |id: OpId| unsafe { OperationRef::from_raw(map.op(id)) };

    if options.analysis_only {
        for trace in &traces.scopes {
            for buffer in &trace.buffers {
                set_attribute(
                    map.op(buffer.alloc),
                    "bufrs.lifetime",
                    &format!("[{}, {}]", buffer.first, buffer.last),
                );
                set_attribute(
                    map.op(buffer.alloc),
                    "bufrs.scope",
                    &string_literal(&trace.scope_label),
                );
            }
        }
        for left in &traces.left_alone {
            set_attribute(
                map.op(left.alloc),
                "bufrs.not_merged",
                &string_literal(&left.reason.message(snapshot)),
            );
        }
        return Ok(());
    }

    // Plan every scope before touching the IR: an error leaves it as it was.
    let mut decisions = Vec::with_capacity(traces.scopes.len());
    for trace in &traces.scopes {
        let decision = decide(trace, scheduler, options.dynamic).map_err(|message| {
            Diagnostic::error(
                &op_ref(trace.scope_op),
                format!("{}: {message}", MergeAlloc::ARGUMENT),
            )
            .emit();
            PassFailed
        })?;
        decisions.push(decision);
    }

    let namer =
        (options.report || !options.report_file.is_empty() || !options.plan_svg_dir.is_empty())
            .then(|| crate::passes::print_support::ValueNamer::new(op.to_raw()));
    let function = crate::ir::interfaces::symbol_name(map.op(Snapshot::ROOT));
    let svgs = match (&namer, options.plan_svg_dir.is_empty()) {
        (Some(namer), false) => write_plan_svgs(
            &options.plan_svg_dir,
            &function,
            &traces.scopes,
            &decisions,
            &|v| namer.name(map.value(v)),
        )
        .map_err(|message| {
            Diagnostic::error(&op, format!("{}: {message}", MergeAlloc::ARGUMENT)).emit();
            PassFailed
        })?,
        _ => vec![None; traces.scopes.len()],
    };
    if let (Some(namer), false) = (&namer, options.report_file.is_empty()) {
        let name = |v: ValueId| namer.name(map.value(v));
        let scopes = traces
            .scopes
            .iter()
            .zip(&decisions)
            .zip(&svgs)
            .map(|((trace, decision), svg)| {
                scope_record(
                    &function,
                    trace,
                    decision,
                    scheduler.name(),
                    svg.as_deref(),
                    &name,
                )
            })
            .collect();
        let left_alone = traces
            .left_alone
            .iter()
            .map(|left| {
                report_file::Record::new()
                    .string("function", &function)
                    .string("location", &location_text(&op_ref(left.alloc)))
                    .string("reason", &left.reason.message(snapshot))
            })
            .collect();
        report_file::write(
            &options.report_file,
            MergeAlloc::ARGUMENT,
            &["scopes", "left_alone"],
            op.to_raw(),
            &function,
            vec![scopes, left_alone],
        )
        .map_err(|message| {
            Diagnostic::error(&op, format!("{}: {message}", MergeAlloc::ARGUMENT)).emit();
            PassFailed
        })?;
    }

    if let (Some(namer), true) = (&namer, options.report || !options.report_file.is_empty()) {
        let classes = ScopeClasses::new(snapshot, map, &traces);
        let mut described = std::collections::HashSet::new();
        for (trace, decision) in traces.scopes.iter().zip(&decisions) {
            let line = match decision {
                Decision::Merge(schedule) => report_line(trace, schedule),
                Decision::MergeDynamic(schedule) => dynamic_report_line(trace, schedule, &|s| {
                    namer.name(map.value(schedule.symbols[s as usize]))
                }),
                Decision::Skip(skip) => skip_line(trace, skip),
            };
            // The classes once per scope block (its first memory space).
            let line = if described.insert(trace.scope_block) {
                format!("{line}; {}", classes.line(trace))
            } else {
                format!("{line}; classes: transient {}", trace.buffers.len())
            };
            Diagnostic::new(&op_ref(trace.scope_op), Severity::Remark, line).emit();
        }
        for left in &traces.left_alone {
            Diagnostic::new(
                &op_ref(left.alloc),
                Severity::Remark,
                format!(
                    "{}: not merged: {}",
                    MergeAlloc::ARGUMENT,
                    left.reason.message(snapshot)
                ),
            )
            .emit();
        }
    }

    // Size computations move to the scope entry first, once per block.
    let mut hoisted = std::collections::HashSet::new();
    for (trace, decision) in traces.scopes.iter().zip(&decisions) {
        if matches!(decision, Decision::MergeDynamic(_)) && hoisted.insert(trace.scope_block) {
            hoist_size_computations(snapshot, map, trace);
        }
    }
    for (trace, decision) in traces.scopes.iter().zip(&decisions) {
        let done = match decision {
            Decision::Merge(schedule) => rewriter.rewrite(snapshot, map, trace, schedule),
            Decision::MergeDynamic(schedule) => {
                rewriter.rewrite_symbolic(snapshot, map, trace, schedule)
            }
            Decision::Skip(_) => continue,
        };
        if let Err(message) = done {
            Diagnostic::error(
                &op_ref(trace.scope_op),
                format!("{}: {message}", MergeAlloc::ARGUMENT),
            )
            .emit();
            return Err(PassFailed);
        }
    }
    Ok(())
}

/// What the pass does with one scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Rewrite it with this (verified) schedule.
    Merge(MemorySchedule),
    /// Rewrite it with this (verified) placement over run-time sizes.
    MergeDynamic(Box<SymbolicSchedule>),
    /// Leave its allocations as they are.
    Skip(Skip),
}

/// Why a scope is not rewritten: merging never makes memory grow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// Fewer than two mergeable buffers: nothing to share.
    OneBuffer,
    /// The arena would not be strictly smaller than the buffers it replaces.
    NoByteSaved { before: u128, after: u64 },
}

/// Schedules and verifies one scope and decides whether to rewrite it;
/// `Err` (a message) when the plan is invalid or the arena would not be a
/// valid memref. Without `pack_all`, a static scope is rewritten only when
/// it saves bytes; with it (`dynamic=true`, seed 004's PackAllocations:
/// every transient of a scope in one allocation), every scope of two or
/// more buffers is.
pub fn decide(
    trace: &ScopeTrace,
    scheduler: &dyn MemoryScheduler,
    pack_all: bool,
) -> Result<Decision, String> {
    if trace.buffers.len() < 2 {
        return Ok(Decision::Skip(Skip::OneBuffer));
    }
    within_planning_range(trace)?;
    if trace.buffers.iter().any(|b| !b.dynamic_sizes.is_empty()) {
        // One allocation instead of several for any run-time sizes; bytes
        // are shared where lifetimes allow (never more than the sum of the
        // buffers plus each one's alignment padding).
        let schedule = scheduler.schedule_symbolic(trace)?;
        plan::symbolic::verify(&schedule.buffers, &schedule.plan).map_err(|message| {
            format!(
                "planner '{}' gave an invalid plan: {message}",
                scheduler.name()
            )
        })?;
        return Ok(Decision::MergeDynamic(Box::new(schedule)));
    }
    let schedule = scheduler.schedule(trace)?;
    verify_schedule(trace, &schedule).map_err(|message| {
        format!(
            "planner '{}' gave an invalid plan: {message}",
            scheduler.name()
        )
    })?;
    let before = bytes_before(trace);
    if !pack_all && u128::from(schedule.total) >= before {
        return Ok(Decision::Skip(Skip::NoByteSaved {
            before,
            after: schedule.total,
        }));
    }
    arena_dimension(schedule.total)?;
    Ok(Decision::Merge(schedule))
}

/// The sum of the byte sizes of the buffers of a scope (exact: no sum of
/// `u64`s overflows `u128` for fewer than 2^64 buffers).
pub fn bytes_before(trace: &ScopeTrace) -> u128 {
    trace.buffers.iter().map(|b| u128::from(b.size)).sum()
}

/// Planners work in `u64` and need the padded sizes of all buffers of a
/// scope to sum within it (`plan::Problem`). When they do not, the error
/// says how large the arena would at least be (the most padded bytes live at
/// one tick, in `u128`).
fn within_planning_range(trace: &ScopeTrace) -> Result<(), String> {
    let align = trace.buffers.iter().map(|b| b.alignment).max().unwrap_or(1);
    let padded = |size: u64, alignment: u64| {
        let alignment = u128::from(alignment.max(1));
        u128::from(size).div_ceil(alignment) * alignment
    };
    let worst: u128 = trace.buffers.iter().map(|b| padded(b.size, align)).sum();
    if worst <= u128::from(u64::MAX) {
        return Ok(());
    }
    // Inclusive lifetimes: at one tick, starts count before ends.
    let mut events: Vec<(u64, bool, u128)> = Vec::with_capacity(2 * trace.buffers.len());
    for b in &trace.buffers {
        let bytes = padded(b.size, b.alignment);
        events.push((b.first, false, bytes));
        events.push((b.last, true, bytes));
    }
    events.sort_unstable();
    let (mut live, mut peak) = (0u128, 0u128);
    for (_, end, bytes) in events {
        if end {
            live -= bytes;
        } else {
            live += bytes;
            peak = peak.max(live);
        }
    }
    if peak > i64::MAX as u128 {
        Err(format!(
            "arena of at least {peak} bytes does not fit in a memref dimension (at most {} bytes)",
            i64::MAX
        ))
    } else {
        Err(format!(
            "the buffers of the scope occupy {worst} bytes with padding, more than 64-bit planning supports"
        ))
    }
}

/// `bytes` as the arena's dimension, which MLIR holds in an `i64`; the
/// error names the size.
fn arena_dimension(bytes: u64) -> Result<i64, String> {
    i64::try_from(bytes).map_err(|_| {
        format!(
            "arena of {bytes} bytes does not fit in a memref dimension (at most {} bytes)",
            i64::MAX
        )
    })
}

/// The `report=true` remark of one scope.
pub fn report_line(trace: &ScopeTrace, schedule: &MemorySchedule) -> String {
    let before = bytes_before(trace);
    let ratio = if schedule.lower_bound == 0 {
        1.0
    } else {
        schedule.total as f64 / schedule.lower_bound as f64
    };
    let peak = problem_of(trace).map_or(0, |problem| plan::peak_live_bytes(&problem));
    format!(
        "{}: scope {}: {} buffers merged, {before} bytes before, {} bytes after, lower bound {}, ratio {ratio:.3}, peak live {peak} bytes",
        MergeAlloc::ARGUMENT,
        scope_name(trace),
        trace.buffers.len(),
        schedule.total,
        schedule.lower_bound,
    )
}

/// The `report=true` remark of a scope with dynamic sizes: bytes as
/// expressions over the size operands (named by `name`).
pub fn dynamic_report_line(
    trace: &ScopeTrace,
    schedule: &SymbolicSchedule,
    name: &dyn Fn(u32) -> String,
) -> String {
    let mut exprs = schedule.plan.exprs.clone();
    let before = bytes_before_expr(&schedule.buffers, &mut exprs);
    let dynamic = trace
        .buffers
        .iter()
        .filter(|b| !b.dynamic_sizes.is_empty())
        .count();
    format!(
        "{}: scope {}: {} buffers merged ({dynamic} dynamic), {} bytes before, {} bytes after, lower bound {}",
        MergeAlloc::ARGUMENT,
        scope_name(trace),
        trace.buffers.len(),
        exprs.display(before, name),
        exprs.display(schedule.plan.total, name),
        exprs.display(schedule.lower_bound, name),
    )
}

/// The sum of the buffers' sizes as an expression of `exprs`, like terms
/// gathered (`8 + %n * 8`, not `4 + %n * 4 + 4 + %n * 4`).
fn bytes_before_expr(buffers: &[SymBuffer], exprs: &mut plan::symbolic::Exprs) -> ExprId {
    let mut terms: Vec<(Vec<u32>, u64)> = Vec::new();
    for b in buffers {
        match terms
            .iter_mut()
            .find(|(symbols, _)| *symbols == b.size.symbols)
        {
            Some((_, c)) => *c = c.saturating_add(b.size.coefficient),
            None => terms.push((b.size.symbols.clone(), b.size.coefficient)),
        }
    }
    terms.sort();
    let mut before = exprs.constant(0);
    for (symbols, coefficient) in terms {
        let size = exprs.size(&SymSize::new(coefficient, symbols));
        before = exprs.add(before, size).unwrap_or(before);
    }
    before
}

/// The `report-file` record of one scope: its buffers, the sum of their
/// bytes, the bytes live at the peak (unpadded), the arena the plan needs
/// (also when the scope is left alone for saving nothing; null for one
/// buffer), the lower bound (padded bytes live at the peak), the planner,
/// whether it is merged and why not, and its picture. Bytes of scopes with
/// dynamic sizes are expressions (strings) over the size operands, named by
/// `name`.
fn scope_record(
    function: &str,
    trace: &ScopeTrace,
    decision: &Decision,
    planner: &str,
    svg: Option<&str>,
    name: &dyn Fn(ValueId) -> String,
) -> report_file::Record {
    let dynamic = trace
        .buffers
        .iter()
        .filter(|b| !b.dynamic_sizes.is_empty())
        .count();
    let record = report_file::Record::new()
        .string("function", function)
        .string("scope", &trace.scope_label)
        .string("memory_space", &trace.memory_space)
        .number("buffers", trace.buffers.len() as u64)
        .number("dynamic_buffers", dynamic as u64);
    let record = if dynamic == 0 {
        let problem = problem_of(trace).ok();
        let arena = match decision {
            Decision::Merge(schedule) => Some(schedule.total),
            Decision::Skip(Skip::NoByteSaved { after, .. }) => Some(*after),
            _ => None,
        };
        let record = record.number("bytes", bytes_before(trace)).number(
            "peak_live_bytes",
            problem.as_ref().map_or(0, plan::peak_live_bytes),
        );
        let record = match arena {
            Some(arena) => record.number("arena_bytes", arena),
            None => record.null("arena_bytes"),
        };
        record.number("lower_bound", problem.as_ref().map_or(0, plan::lower_bound))
    } else {
        let (symbols, buffers) = symbolic_buffers(trace);
        let symbol = |s: u32| name(symbols[s as usize]);
        let (mut exprs, arena, bound) = match decision {
            Decision::MergeDynamic(schedule) => (
                schedule.plan.exprs.clone(),
                Some(schedule.plan.total),
                Some(schedule.lower_bound),
            ),
            _ => (plan::symbolic::Exprs::new(), None, None),
        };
        let before = bytes_before_expr(&buffers, &mut exprs);
        let peak = plan::symbolic::peak_live_bytes(&buffers, &mut exprs);
        let bound = bound.or_else(|| plan::symbolic::lower_bound(&buffers, &mut exprs));
        let text = |id: Option<ExprId>| id.map(|id| exprs.display(id, &symbol));
        record
            .string("bytes", &exprs.display(before, &symbol))
            .optional_string("peak_live_bytes", text(peak).as_deref())
            .optional_string("arena_bytes", text(arena).as_deref())
            .optional_string("lower_bound", text(bound).as_deref())
    };
    let reason = match decision {
        Decision::Skip(skip) => Some(skip.reason()),
        _ => None,
    };
    record
        .string("planner", planner)
        .boolean("merged", reason.is_none())
        .optional_string("reason", reason.as_deref())
        .optional_string("svg", svg)
}

/// Writes the SVG of every scope merged with static sizes into `dir`
/// (`plan::svg`, buffers labelled by `name`); returns each scope's file
/// path (`None` for the others).
fn write_plan_svgs(
    dir: &str,
    function: &str,
    scopes: &[ScopeTrace],
    decisions: &[Decision],
    name: &dyn Fn(ValueId) -> String,
) -> Result<Vec<Option<String>>, String> {
    let mut paths = Vec::with_capacity(scopes.len());
    for (trace, decision) in scopes.iter().zip(decisions) {
        let Decision::Merge(schedule) = decision else {
            paths.push(None);
            continue;
        };
        let problem = problem_of(trace)?;
        let plan = plan::Plan {
            offsets: schedule.offsets.clone(),
            total: schedule.total,
        };
        let labels: Vec<String> = trace.buffers.iter().map(|b| name(b.value)).collect();
        let mut file = file_name_part(function);
        if trace.scope_op != Snapshot::ROOT {
            file = format!("{file}.{}", file_name_part(&trace.scope_label));
        }
        if !trace.memory_space.is_empty() {
            file = format!("{file}.space-{}", file_name_part(&trace.memory_space));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the directory '{dir}': {e}"))?;
        let path = std::path::Path::new(dir).join(format!("{file}.svg"));
        let path = path.to_string_lossy().into_owned();
        std::fs::write(&path, plan::svg::render(&problem, &plan, &labels))
            .map_err(|e| format!("cannot write '{path}': {e}"))?;
        paths.push(Some(path));
    }
    Ok(paths)
}

/// `text` usable in a file name: letters, digits, `.`, `-` and `_` kept,
/// anything else `_`.
fn file_name_part(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Seed 004's lifetime classes in memref terms, counted per scope block for
/// `report=true`: external (the function's buffer arguments and returned
/// allocations), transient (the scope's mergeable allocations), constant and
/// variable (`memref.get_global` of a constant or mutable global), staging
/// (allocations in the `staging-space` memory space), and the allocations
/// left out with their reasons.
struct ScopeClasses {
    /// Per scope block: external, constant, variable, staging, and the
    /// other left-out allocations (reason -> count, in first-seen order).
    blocks: std::collections::HashMap<BlockId, ClassCounts>,
}

#[derive(Default)]
struct ClassCounts {
    external: usize,
    constant: usize,
    variable: usize,
    staging: usize,
    left_out: Vec<(String, usize)>,
}

impl ScopeClasses {
    fn new(snapshot: &Snapshot, map: &IrMap, traces: &MemoryTraces) -> Self {
        let mut blocks: std::collections::HashMap<BlockId, ClassCounts> =
            std::collections::HashMap::new();
        if let Some(&body) = snapshot.op(Snapshot::ROOT).regions.first()
            && let Some(entry) = snapshot.entry_block(body)
        {
            let arguments = &snapshot.block(entry).args;
            blocks.entry(entry).or_default().external = arguments
                .iter()
                .filter(|&&a| snapshot.value(a).kind.is_buffer())
                .count();
        }
        let block_of = |op: OpId| allocation_scope(snapshot, op).map(|s| s.block);
        for left in &traces.left_alone {
            let Some(block) = block_of(left.alloc) else {
                continue;
            };
            let counts = blocks.entry(block).or_default();
            match left.reason {
                Refusal::Returned => counts.external += 1,
                Refusal::Staging => counts.staging += 1,
                ref other => {
                    let why = other.message(snapshot);
                    match counts.left_out.iter_mut().find(|(w, _)| *w == why) {
                        Some((_, n)) => *n += 1,
                        None => counts.left_out.push((why, 1)),
                    }
                }
            }
        }
        for (index, info) in snapshot.ops.iter().enumerate() {
            // No interface names a global access: the op is matched by name.
            if info.name != "memref.get_global" {
                continue;
            }
            let id = OpId(index as u32);
            let Some(block) = block_of(id) else {
                continue;
            };
            match crate::ir::globals::global_kind_of_use(map.op(id)) {
                Some(crate::ir::globals::GlobalKind::Constant) => {
                    blocks.entry(block).or_default().constant += 1
                }
                Some(crate::ir::globals::GlobalKind::Variable) => {
                    blocks.entry(block).or_default().variable += 1
                }
                None => {}
            }
        }
        ScopeClasses { blocks }
    }

    /// `classes: external E, transient T, constant C, variable V, staging S;
    /// left out: none` (or `left out: N (k reason, ...)`).
    fn line(&self, trace: &ScopeTrace) -> String {
        let empty = ClassCounts::default();
        let c = self.blocks.get(&trace.scope_block).unwrap_or(&empty);
        let left = if c.left_out.is_empty() {
            "none".to_string()
        } else {
            let total: usize = c.left_out.iter().map(|(_, n)| n).sum();
            let reasons: Vec<String> = c.left_out.iter().map(|(w, n)| format!("{n} {w}")).collect();
            format!("{total} ({})", reasons.join(", "))
        };
        format!(
            "classes: external {}, transient {}, constant {}, variable {}, staging {}; left out: {left}",
            c.external,
            trace.buffers.len(),
            c.constant,
            c.variable,
            c.staging
        )
    }
}

/// The `report=true` remark of a scope left alone.
pub fn skip_line(trace: &ScopeTrace, skip: &Skip) -> String {
    format!(
        "{}: scope {}: not merged: {}",
        MergeAlloc::ARGUMENT,
        scope_name(trace),
        skip.reason()
    )
}

impl Skip {
    /// Why the scope is left alone, as the report says it.
    pub fn reason(&self) -> String {
        match self {
            Skip::OneBuffer => "one buffer".to_string(),
            Skip::NoByteSaved { before, after } => {
                format!("no byte saved ({before} bytes before, {after} bytes after)")
            }
        }
    }
}

/// The scope's label and, unless default, its memory space.
fn scope_name(trace: &ScopeTrace) -> String {
    if trace.memory_space.is_empty() {
        trace.scope_label.clone()
    } else {
        format!(
            "{} (memory space {})",
            trace.scope_label, trace.memory_space
        )
    }
}

/// Checks a schedule independently of the planner: one offset per buffer,
/// aligned, inside the total, and no two buffers live at a common tick share
/// a byte.
pub fn verify_schedule(trace: &ScopeTrace, schedule: &MemorySchedule) -> Result<(), String> {
    let problem = problem_of(trace)?;
    let plan = plan::Plan {
        offsets: schedule.offsets.clone(),
        total: schedule.total,
    };
    plan::check_plan(&problem, &plan).map_err(|e| e.to_string())?;
    if schedule.alignment == 0 || !schedule.alignment.is_power_of_two() {
        return Err(format!(
            "merged alignment {} is not a power of two",
            schedule.alignment
        ));
    }
    if trace
        .buffers
        .iter()
        .any(|b| schedule.alignment < b.alignment)
    {
        return Err("merged alignment below a buffer's alignment".into());
    }
    Ok(())
}

fn problem_of(trace: &ScopeTrace) -> Result<Problem, String> {
    Problem::new(
        trace
            .buffers
            .iter()
            .map(|b| Buffer::new(b.size, b.first, b.last).with_alignment(b.alignment))
            .collect(),
    )
    .map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------
// Default stage 1: tick-based traces
// ---------------------------------------------------------------------------

/// The default collector: `analysis::alias` + `analysis::lifetimes` ticks.
pub struct TickTraceCollector {
    /// Minimum offset alignment (the `alignment` option).
    pub alignment: u64,
    /// Also collect dynamic shapes (the `dynamic` option).
    pub dynamic: bool,
    /// Printed memory space of staging buffers, left alone (empty: none).
    pub staging_space: String,
}

/// A heap allocation's static facts, or why it cannot merge.
struct Sized {
    /// Bytes; per unit of the dynamic dimensions' product if there are any.
    size: u64,
    /// Number of dynamic dimensions.
    dynamic_dims: usize,
    element_bytes: u64,
    memory_space: String,
}

impl TraceCollector for TickTraceCollector {
    fn collect(&self, snapshot: &Snapshot, map: &IrMap) -> MemoryTraces {
        let uses = UseLists::new(snapshot);
        // Frees of an allocation itself are removed by the rewrite, so the
        // lifetimes are computed as if they were gone: a late free does not
        // stretch a buffer's life.
        // The snapshot is copied only when there is a free to blank out;
        // blanking effects changes no operand, so the use lists stay valid.
        let mut heap = Vec::new();
        let mut edited: Option<Snapshot> = None;
        for index in 0..snapshot.ops.len() {
            let alloc = OpId(index as u32);
            let Some(value) = heap_allocated_result(snapshot, alloc) else {
                continue;
            };
            let frees: Vec<OpId> = uses
                .of(value)
                .iter()
                .map(|u| u.user)
                .filter(|&f| frees_only(snapshot, f, value))
                .collect();
            for &free in &frees {
                edited.get_or_insert_with(|| snapshot.clone()).ops[free.index()]
                    .facts
                    .effects = Effects::Known(vec![]);
            }
            heap.push((alloc, value, frees));
        }
        let edited = edited.as_ref().unwrap_or(snapshot);
        let alias = AliasAnalysis::new(edited);
        let lifetimes = Lifetimes::new(edited, &alias);
        let ticks = lifetimes.ticks();
        let function = crate::ir::interfaces::symbol_name(map.op(Snapshot::ROOT));
        let label = |scope: OpId| {
            if scope == Snapshot::ROOT {
                format!("@{function}")
            } else {
                format!("{}@{}", snapshot.op(scope).name, ticks.begin(scope))
            }
        };

        let mut traces = MemoryTraces::default();
        // (scope block, memory space) -> index in traces.scopes.
        let mut group: std::collections::HashMap<(BlockId, String), usize> =
            std::collections::HashMap::new();
        // Per scope block: the size computations to move to its start.
        let mut hoists: std::collections::HashMap<BlockId, EntryComputation> =
            std::collections::HashMap::new();
        for (alloc, value, frees) in heap {
            let refuse = |reason| LeftAlone { alloc, reason };
            if is_pure_heap_allocation(snapshot, alloc).is_none() {
                traces.left_alone.push(refuse(Refusal::OtherEffects));
                continue;
            }
            let sized = match buffer_facts(map.op(alloc), map.value(value), self.dynamic) {
                Ok(sized) => sized,
                Err(reason) => {
                    traces.left_alone.push(refuse(reason));
                    continue;
                }
            };
            if !self.staging_space.is_empty()
                && sized.memory_space.split(" : ").next() == Some(self.staging_space.as_str())
            {
                traces.left_alone.push(refuse(Refusal::Staging));
                continue;
            }
            let (scope_op, scope_block) = match scope_of(snapshot, alloc) {
                Ok(scope) => scope,
                Err(reason) => {
                    traces.left_alone.push(refuse(reason));
                    continue;
                }
            };
            let Some(life) = lifetimes.get(value) else {
                traces.left_alone.push(refuse(Refusal::UnknownUser));
                continue;
            };
            let escape = life.escape;
            let escaped = if escape.returned {
                Some(Refusal::Returned)
            } else if escape.yielded {
                Some(Refusal::Yielded)
            } else if escape.loop_carried {
                Some(Refusal::LoopCarried)
            } else if escape.address_exposed {
                Some(Refusal::AddressExposed)
            } else if escape.unknown_op {
                Some(unknown_user(edited, &uses, alias.flow(), value))
            } else if !escape.stored && !life.freed_through_alias {
                // Left: stores and frees through aliases (the other events
                // are escapes checked above); the walk below would find none.
                None
            } else {
                // The first one in the flow's order decides the reason.
                Events::new(alias.flow(), value).find_map(|event| match event {
                    FlowEvent::Stored { .. } => Some(Refusal::Stored),
                    FlowEvent::Freed { .. } => Some(Refusal::FreedThroughAlias),
                    FlowEvent::UnknownUse { .. } => Some(Refusal::UnknownUser),
                    FlowEvent::AddressExposed { .. } => Some(Refusal::AddressExposed),
                    FlowEvent::Forwarded { .. } => None,
                })
            };
            if let Some(reason) = escaped {
                traces.left_alone.push(refuse(reason));
                continue;
            }
            // No interface says which operands of an allocation are its
            // sizes: dynamic shapes are taken from `memref.alloc` only, whose
            // operands are the dynamic sizes in order (then layout symbols,
            // absent for the identity layouts accepted here).
            let dynamic_sizes = if sized.dynamic_dims == 0 {
                vec![]
            } else {
                let op = snapshot.op(alloc);
                if op.name != "memref.alloc" || op.operands.len() != sized.dynamic_dims {
                    traces.left_alone.push(refuse(Refusal::DynamicShape));
                    continue;
                }
                op.operands.to_vec()
            };
            let mut entry = EntryComputation::default();
            let mut at_entry = Vec::with_capacity(dynamic_sizes.len());
            for &v in &dynamic_sizes {
                match size_at_entry(snapshot, map, v, scope_block, &mut entry, 0) {
                    Some(had) => at_entry.push(had),
                    None => break,
                }
            }
            if at_entry.len() < dynamic_sizes.len() {
                let inside = dynamic_sizes[at_entry.len()];
                traces
                    .left_alone
                    .push(refuse(Refusal::SizeInsideScope(inside)));
                continue;
            }
            // The sizes as had at the entry: a `memref.dim` of a local
            // buffer is that buffer's size operand, so buffers sized by the
            // same operand get the same symbol.
            let dynamic_sizes = at_entry;
            let block_entry = hoists.entry(scope_block).or_default();
            block_entry.hoist.extend(entry.hoist);
            for r in entry.replace {
                if !block_entry.replace.contains(&r) {
                    block_entry.replace.push(r);
                }
            }
            let alignment = self
                .alignment
                .max(sized.element_bytes)
                .max(alignment_attribute(map.op(alloc)));
            let buffer = TracedBuffer {
                alloc,
                value,
                size: sized.size,
                dynamic_sizes,
                alignment,
                first: life.begin as u64,
                last: life.end as u64,
                frees,
            };
            match group.entry((scope_block, sized.memory_space.clone())) {
                std::collections::hash_map::Entry::Occupied(at) => {
                    traces.scopes[*at.get()].buffers.push(buffer)
                }
                std::collections::hash_map::Entry::Vacant(at) => {
                    at.insert(traces.scopes.len());
                    traces.scopes.push(ScopeTrace {
                        scope_op,
                        scope_block,
                        scope_label: label(scope_op),
                        memory_space: sized.memory_space,
                        buffers: vec![buffer],
                        hoist: vec![],
                        replace: vec![],
                        arena_before: None,
                        free_after: None,
                    });
                }
            }
        }
        // Static and dynamic scopes alike: the arena lives from the first op
        // holding one of its allocations to the last op using one, as the
        // buffers' own frees did, so merging does not raise the peak by
        // keeping the arena alive to the scope's exits.
        for trace in &mut traces.scopes {
            place_arena(snapshot, ticks, trace);
        }
        for trace in &mut traces.scopes {
            if let Some(entry) = hoists.get(&trace.scope_block) {
                trace.hoist = entry.hoist.iter().copied().collect();
                trace.hoist.sort_by_key(|&op| snapshot.op(op).position);
                trace.replace = entry.replace.clone();
            }
        }
        traces
    }
}

/// Where the arena of `trace` lives: allocated before the first op of the
/// scope block holding one of its allocations, and (when its buffers had
/// frees) freed after the last op of the block holding one of their uses.
/// In a scope region of several blocks, or when an allocation is not under
/// the scope block, the arena stays at the block's start and its free
/// before the region's exits.
fn place_arena(
    snapshot: &Snapshot,
    ticks: &crate::analysis::lifetimes::Ticks,
    trace: &mut ScopeTrace,
) {
    let block = snapshot.block(trace.scope_block);
    if snapshot.region(block.region).blocks.len() != 1 {
        return;
    }
    let holder = |tick: u64| {
        block
            .ops
            .iter()
            .copied()
            .find(|&op| u64::from(ticks.begin(op)) <= tick && tick <= u64::from(ticks.end(op)))
    };
    let mut first: Option<OpId> = None;
    for b in &trace.buffers {
        let Some(op) = block
            .ops
            .iter()
            .copied()
            .find(|&op| ticks.contains(op, b.alloc))
        else {
            return;
        };
        if first.is_none_or(|f| snapshot.op(op).position < snapshot.op(f).position) {
            first = Some(op);
        }
    }
    trace.arena_before = first;
    let last = trace.buffers.iter().map(|b| b.last).max().and_then(holder);
    trace.free_after = last.filter(|&op| {
        !snapshot.op(op).facts.is_terminator
            && first.is_some_and(|f| snapshot.op(f).position <= snapshot.op(op).position)
    });
}

/// What the size computations of a scope block need at its entry: the ops
/// to move there and, in those ops, the operands to replace by the
/// allocation size they read (`memref.dim` of a local buffer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryComputation {
    pub hoist: std::collections::BTreeSet<OpId>,
    /// (op, operand index, value): the operand is a `memref.dim` result
    /// equal to `value`.
    pub replace: Vec<(OpId, usize, ValueId)>,
}

/// The value the dynamic size `value` can be had as at the start of the
/// scope block `block`, or `None`: `value` itself when it is available there
/// already or computed in that block by an op without memory effects or
/// regions (`memref.dim` of an argument, `arith` on indices) whose operands
/// can be had there likewise (those ops are added to `entry.hoist`); or,
/// for a `memref.dim` of an allocation of the function (or of a cast or
/// reshaping view of one, see [`dim_source_size`]), the allocation's size
/// operand, resolved the same way. A size computation moved to the entry
/// that uses such a `memref.dim` gets the resolved value instead
/// (`entry.replace`). The moved ops run whenever control reaches them, so
/// running them at the block's start computes the same values. Chains
/// longer than 32 ops are not followed.
fn size_at_entry(
    snapshot: &Snapshot,
    map: &IrMap,
    value: ValueId,
    block: BlockId,
    entry: &mut EntryComputation,
    depth: usize,
) -> Option<ValueId> {
    if snapshot.available_at_start(value, block) {
        return Some(value);
    }
    let crate::analysis::snapshot::ValueDef::OpResult { op, .. } = snapshot.value(value).def else {
        return None;
    };
    if depth >= 32 {
        return None;
    }
    if let Some(size) = dim_source_size(snapshot, map, op) {
        return size_at_entry(snapshot, map, size, block, entry, depth + 1);
    }
    if entry.hoist.contains(&op) {
        return Some(value);
    }
    let info = snapshot.op(op);
    let pure = matches!(&info.facts.effects, Effects::Known(e) if e.is_empty());
    if info.parent_block != Some(block) || !info.regions.is_empty() || !pure {
        return None;
    }
    let mut replace = Vec::new();
    for (index, &operand) in info.operands.iter().enumerate() {
        let had = size_at_entry(snapshot, map, operand, block, entry, depth + 1)?;
        if had != operand {
            replace.push((op, index, had));
        }
    }
    entry.replace.extend(replace);
    entry.hoist.insert(op);
    Some(value)
}

/// For a `memref.dim` op reading a dynamic dimension given by an operand of
/// the op defining its source, that operand: the size operand of a
/// `memref.alloc`/`memref.alloca`, an `output_shape` operand of a
/// `memref.expand_shape`, a size of a `memref.view`; through casts
/// (`CastOpInterface`: the same dimensions) and `memref.collapse_shape`
/// groups whose other dimensions are all 1. The dimension index must be a
/// constant. Op names: MLIR 22's C API exposes no interface giving the
/// operand behind a dimension, and these ops' operand layouts are fixed.
fn dim_source_size(snapshot: &Snapshot, map: &IrMap, dim_op: OpId) -> Option<ValueId> {
    let info = snapshot.op(dim_op);
    if info.name.as_str() != "memref.dim" || info.operands.len() != 2 {
        return None;
    }
    let mut index = usize::try_from(constant_index(snapshot, map, info.operands[1])?).ok()?;
    let mut source = info.operands[0];
    for _ in 0..32 {
        let crate::analysis::snapshot::ValueDef::OpResult { op, .. } = snapshot.value(source).def
        else {
            return None;
        };
        let def = snapshot.op(op);
        // SAFETY: a live value of the run's map.
        let dynamic = unsafe { dynamic_dims(map.value(source))? };
        let position = dynamic.iter().position(|&d| d == index)?;
        match def.name.as_str() {
            "memref.alloc" | "memref.alloca" if def.operands.len() >= dynamic.len() => {
                return Some(def.operands[position]);
            }
            "memref.expand_shape" if def.operands.len() == 1 + dynamic.len() => {
                return Some(def.operands[1 + position]);
            }
            "memref.view" if def.operands.len() == 2 + dynamic.len() => {
                return Some(def.operands[2 + position]);
            }
            "memref.collapse_shape" => {
                let group = collapse_group(map.op(op), index)?;
                let from = def.operands[0];
                // SAFETY: a live value.
                let (shape, _) = unsafe { shape_of(map.value(from))? };
                let mut dynamic_in_group = group.iter().filter(|&&d| shape[d].is_none());
                let only = *dynamic_in_group.next()?;
                if dynamic_in_group.next().is_some()
                    || group.iter().any(|&d| d != only && shape[d] != Some(1))
                {
                    return None;
                }
                index = only;
                source = from;
            }
            _ if def.facts.is_cast && def.operands.len() == 1 && def.results.len() == 1 => {
                source = def.operands[0];
            }
            _ => return None,
        }
    }
    None
}

/// The value of an integer `arith.constant`-like op (no operands, an
/// integer `value` attribute) defining `value`.
fn constant_index(snapshot: &Snapshot, map: &IrMap, value: ValueId) -> Option<i64> {
    let crate::analysis::snapshot::ValueDef::OpResult { op, .. } = snapshot.value(value).def else {
        return None;
    };
    if !snapshot.op(op).operands.is_empty() {
        return None;
    }
    crate::ir::functions::integer_attribute(map.op(op), "value")
}

/// The shape of a ranked memref value (`None` for a dynamic dimension) and
/// its rank.
/// # Safety
/// `value` is live.
unsafe fn shape_of(value: MlirValue) -> Option<(Vec<Option<i64>>, usize)> {
    // SAFETY: `value` is live; type queries are total on a shaped type.
    unsafe {
        let ty = edit::value_type(value);
        if !mlir_sys::mlirTypeIsAMemRef(ty) {
            return None;
        }
        let rank = usize::try_from(mlir_sys::mlirShapedTypeGetRank(ty)).ok()?;
        let shape = (0..rank)
            .map(|d| {
                (!mlir_sys::mlirShapedTypeIsDynamicDim(ty, d as isize))
                    .then(|| mlir_sys::mlirShapedTypeGetDimSize(ty, d as isize))
            })
            .collect();
        Some((shape, rank))
    }
}

/// The dynamic dimensions of a ranked memref value, in order.
/// # Safety
/// `value` is live.
unsafe fn dynamic_dims(value: MlirValue) -> Option<Vec<usize>> {
    // SAFETY: as the caller's.
    let (shape, _) = unsafe { shape_of(value)? };
    Some((0..shape.len()).filter(|&d| shape[d].is_none()).collect())
}

/// The source dimensions collapsed into result dimension `index` of a
/// `memref.collapse_shape` (its `reassociation` attribute).
fn collapse_group(op: MlirOperation, index: usize) -> Option<Vec<usize>> {
    // SAFETY: a live op; attribute queries are total; null means absent.
    unsafe {
        let attr = mlir_sys::mlirOperationGetAttributeByName(
            op,
            crate::ir::diagnostics::string_ref("reassociation"),
        );
        if attr.ptr.is_null() || !mlir_sys::mlirAttributeIsAArray(attr) {
            return None;
        }
        let n = usize::try_from(mlir_sys::mlirArrayAttrGetNumElements(attr)).ok()?;
        if index >= n {
            return None;
        }
        let group = mlir_sys::mlirArrayAttrGetElement(attr, index as isize);
        if !mlir_sys::mlirAttributeIsAArray(group) {
            return None;
        }
        (0..mlir_sys::mlirArrayAttrGetNumElements(group))
            .map(|k| {
                let d = mlir_sys::mlirArrayAttrGetElement(group, k);
                mlir_sys::mlirAttributeIsAInteger(d)
                    .then(|| usize::try_from(mlir_sys::mlirIntegerAttrGetValueInt(d)).ok())
                    .flatten()
            })
            .collect()
    }
}

/// Moves the size computations of `trace` (`ScopeTrace::hoist`) to the
/// start of its block, in order.
fn hoist_size_computations(snapshot: &Snapshot, map: &IrMap, trace: &ScopeTrace) {
    let Some(anchor) = first_op_not_hoisted(snapshot, trace) else {
        return;
    };
    for &(op, index, value) in &trace.replace {
        // SAFETY: live handles; the operand is a `memref.dim` result equal
        // to `value`, which is available at the block start.
        unsafe { edit::set_operand(map.op(op), index, map.value(value)) };
    }
    for &op in &trace.hoist {
        // SAFETY: live ops of one block; each moved op's operands are
        // available at the block start or defined by ops moved before it.
        unsafe { mlir_sys::mlirOperationMoveBefore(map.op(op), map.op(anchor)) };
    }
}

/// The first op of the scope block that is not a size computation moved to
/// its start: where the arena and its size go.
fn first_op_not_hoisted(snapshot: &Snapshot, trace: &ScopeTrace) -> Option<OpId> {
    snapshot
        .block(trace.scope_block)
        .ops
        .iter()
        .copied()
        .find(|op| !trace.hoist.contains(op))
}

/// Which kind of unknown user: an op with regions (the buffer is passed
/// into them) or a plain op with unknown effects.
fn unknown_user(snapshot: &Snapshot, uses: &UseLists, flow: &ValueFlow, value: ValueId) -> Refusal {
    for alias in flow.forward_closure(value) {
        for u in uses.of(alias) {
            let op = snapshot.op(u.user);
            if matches!(op.facts.effects, Effects::Unknown)
                && !op.facts.is_call
                && !op.regions.is_empty()
            {
                return Refusal::RegionOpOperand(u.user);
            }
        }
    }
    Refusal::UnknownUser
}

/// Size, element size and memory space of a mergeable buffer type; dynamic
/// dimensions only when `dynamic` (the size is then per unit of their
/// product). `value` must be live (a handle of the run's `IrMap`).
fn buffer_facts(alloc: MlirOperation, value: MlirValue, dynamic: bool) -> Result<Sized, Refusal> {
    // SAFETY: a live value (see above).
    let ty = unsafe { edit::value_type(value) };
    let types::BufferType::Ranked(mut memref) = types::buffer_type(ty, alloc) else {
        return Err(Refusal::NotRanked);
    };
    let dynamic_dims = memref.shape.iter().filter(|d| d.is_none()).count();
    if dynamic_dims > 0 && !dynamic {
        return Err(Refusal::DynamicShape);
    }
    // The static part: dynamic dimensions count as 1.
    for dim in &mut memref.shape {
        dim.get_or_insert(1);
    }
    if !memref.identity_layout {
        return Err(Refusal::NonIdentityLayout);
    }
    let bits = match memref.element_bits {
        Some(bits)
            if !memref.element_is_buffer && bits % 8 == 0 && (bits / 8).is_power_of_two() =>
        {
            bits
        }
        _ => return Err(Refusal::UnsupportedElement),
    };
    let size = memref.static_size_in_bytes().ok_or(Refusal::TooLarge)?;
    // Problems must fit 64-bit sums with alignment padding.
    if size > u64::MAX / 4 {
        return Err(Refusal::TooLarge);
    }
    Ok(Sized {
        size,
        dynamic_dims,
        element_bytes: bits / 8,
        memory_space: memref.memory_space,
    })
}

/// The allocation's own `alignment` attribute, or 1.
fn alignment_attribute(op: MlirOperation) -> u64 {
    // SAFETY: a live op; attribute queries are total; null means absent.
    unsafe {
        let attr = mlir_sys::mlirOperationGetAttributeByName(
            op,
            crate::ir::diagnostics::string_ref("alignment"),
        );
        if !attr.ptr.is_null() && mlir_sys::mlirAttributeIsAInteger(attr) {
            let value = mlir_sys::mlirIntegerAttrGetValueInt(attr);
            if value > 0 && (value as u64).is_power_of_two() {
                return value as u64;
            }
        }
    }
    1
}

/// The allocation scope of `alloc` (see the module docs): the scope op and
/// the entry block of its region holding the allocation.
pub fn scope_of(snapshot: &Snapshot, alloc: OpId) -> Result<(OpId, BlockId), Refusal> {
    match allocation_scope(snapshot, alloc) {
        None => Err(Refusal::UnknownUser),
        Some(scope) if scope.unsupported => Err(Refusal::UnsupportedRegion(scope.op)),
        Some(scope) => Ok((scope.op, scope.block)),
    }
}

// ---------------------------------------------------------------------------
// Default stage 2: a crate::plan planner
// ---------------------------------------------------------------------------

/// Schedules with any [`Planner`] (the `planner` option picks a built-in).
pub struct PlannerScheduler {
    pub planner: Box<dyn Planner>,
}

impl MemoryScheduler for PlannerScheduler {
    fn name(&self) -> &str {
        self.planner.name()
    }

    fn schedule(&self, trace: &ScopeTrace) -> Result<MemorySchedule, String> {
        let problem = problem_of(trace)?;
        let plan = self.planner.plan(&problem);
        Ok(MemorySchedule {
            total: plan.total,
            alignment: problem.max_alignment(),
            offsets: plan.offsets,
            lower_bound: plan::lower_bound(&problem),
        })
    }

    fn schedule_symbolic(&self, trace: &ScopeTrace) -> Result<SymbolicSchedule, String> {
        let (symbols, buffers) = symbolic_buffers(trace);
        let mut plan =
            plan::symbolic::plan(&buffers, self.planner.as_ref()).map_err(|e| e.to_string())?;
        let lower_bound = plan::symbolic::lower_bound(&buffers, &mut plan.exprs)
            .ok_or("the lower bound overflows 64 bits")?;
        Ok(SymbolicSchedule {
            symbols,
            buffers,
            plan,
            lower_bound,
        })
    }
}

// ---------------------------------------------------------------------------
// Default stage 3: views of one merged buffer
// ---------------------------------------------------------------------------

/// Rewrites a scope as the seed shows: `memref.alloc` of bytes at the scope
/// start, `memref.view`s at constant offsets, frees moved to the scope exits.
pub struct ViewRewriter;

impl MergeRewriter for ViewRewriter {
    fn rewrite(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        trace: &ScopeTrace,
        schedule: &MemorySchedule,
    ) -> Result<(), String> {
        let Some(first) = trace.buffers.first() else {
            return Ok(());
        };
        // Handles: `map`'s, live until `place_views` erases them, and the
        // ops built here.
        // SAFETY: a live op.
        let location = unsafe { edit::location(map.op(first.alloc)) };
        let bytes = arena_dimension(schedule.total)?;
        let alignment = i64::try_from(schedule.alignment)
            .map_err(|_| format!("alignment {} does not fit in 64 bits", schedule.alignment))?;
        // SAFETY: live handles; the memory space is the buffers' own.
        let merged = unsafe {
            builders::memref_alloc_bytes(
                bytes,
                alignment,
                memory_space(map, trace),
                location,
                match trace.arena_before {
                    Some(op) => InsertPoint::Before(map.op(op)),
                    None => InsertPoint::StartOf(map.block(trace.scope_block)),
                },
            )
        }
        .ok_or_else(|| format!("cannot build an arena of {bytes} bytes"))?;
        let offsets = schedule
            .offsets
            .iter()
            .map(|&o| i64::try_from(o).map(Offset::Const))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| "offset does not fit in 64 bits".to_string())?;
        place_views(snapshot, map, trace, merged, location, &offsets)
    }

    fn rewrite_symbolic(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        trace: &ScopeTrace,
        schedule: &SymbolicSchedule,
    ) -> Result<(), String> {
        let Some(first) = trace.buffers.first() else {
            return Ok(());
        };
        let plan = &schedule.plan;
        // SAFETY: a live op.
        let location = unsafe { edit::location(map.op(first.alloc)) };
        let alignment = i64::try_from(plan.alignment)
            .map_err(|_| format!("alignment {} does not fit in 64 bits", plan.alignment))?;
        // Everything computed at the scope entry goes before its first op
        // (the size operands are available there: the collector checked).
        // After the size computations moved there (`hoist_size_computations`).
        let Some(entry_op) = first_op_not_hoisted(snapshot, trace) else {
            return Err("the scope block is empty".into());
        };
        let at = InsertPoint::Before(map.op(trace.arena_before.unwrap_or(entry_op)));
        let mut roots: Vec<ExprId> = plan
            .offsets
            .iter()
            .copied()
            .filter(|&o| plan.exprs.as_const(o).is_none())
            .collect();
        roots.push(plan.total);
        let symbols: Vec<MlirValue> = schedule.symbols.iter().map(|&v| map.value(v)).collect();
        // SAFETY: live handles; the entry op is not erased before the
        // expressions are built.
        let values = unsafe { emit_exprs(&plan.exprs, &roots, &symbols, location, at)? };
        let merged = match plan.exprs.as_const(plan.total) {
            // SAFETY: live handles (as above).
            Some(bytes) => unsafe {
                let bytes = arena_dimension(bytes)?;
                builders::memref_alloc_bytes(
                    bytes,
                    alignment,
                    memory_space(map, trace),
                    location,
                    at,
                )
            },
            // SAFETY: live handles (as above).
            None => unsafe {
                builders::memref_alloc_dynamic_bytes(
                    values[&plan.total],
                    alignment,
                    memory_space(map, trace),
                    location,
                    at,
                )
            },
        }
        .ok_or_else(|| "cannot build the arena".to_string())?;
        let offsets = plan
            .offsets
            .iter()
            .map(|&o| match plan.exprs.as_const(o) {
                Some(c) => i64::try_from(c)
                    .map(Offset::Const)
                    .map_err(|_| "offset does not fit in 64 bits".to_string()),
                None => Ok(Offset::Value(values[&o])),
            })
            .collect::<Result<Vec<_>, _>>()?;
        place_views(snapshot, map, trace, merged, location, &offsets)
    }
}

/// Where a view starts: a constant (built right before the allocation it
/// replaces) or a value computed at the scope entry.
enum Offset {
    Const(i64),
    Value(MlirValue),
}

/// The memory space attribute of the trace's buffers (the collector groups
/// by it), null for the default.
fn memory_space(map: &IrMap, trace: &ScopeTrace) -> mlir_sys::MlirAttribute {
    let first = &trace.buffers[0];
    // SAFETY: a live memref-typed value.
    unsafe { mlir_sys::mlirMemRefTypeGetMemorySpace(edit::value_type(map.value(first.value))) }
}

/// Replaces every allocation of `trace` by a `memref.view` of `merged` at
/// its offset (with its dynamic sizes), removes its frees and, if any were
/// removed, frees `merged` before every exit of the scope region.
fn place_views(
    snapshot: &Snapshot,
    map: &IrMap,
    trace: &ScopeTrace,
    merged: MlirValue,
    location: mlir_sys::MlirLocation,
    offsets: &[Offset],
) -> Result<(), String> {
    let mut freed = false;
    for (buffer, offset) in trace.buffers.iter().zip(offsets) {
        let alloc = map.op(buffer.alloc);
        let value = map.value(buffer.value);
        // SAFETY: a live op.
        let at = unsafe { edit::location(alloc) };
        let shift = match *offset {
            // SAFETY: live handles; the constant goes before the allocation.
            Offset::Const(c) => {
                unsafe { builders::arith_constant_index(c, at, InsertPoint::Before(alloc)) }
                    .ok_or_else(|| "cannot build an index constant".to_string())?
            }
            Offset::Value(v) => v,
        };
        let sizes: Vec<MlirValue> = buffer.dynamic_sizes.iter().map(|&v| map.value(v)).collect();
        // SAFETY: live handles. The view has the buffer's type and takes its
        // place, so it dominates its uses (its sizes and offset are available
        // at the scope entry); then the frees (no results) and the unused
        // allocation go, and nothing names them again.
        unsafe {
            let view = builders::memref_view(
                merged,
                shift,
                &sizes,
                edit::value_type(value),
                at,
                InsertPoint::Before(alloc),
            );
            for &free in &buffer.frees {
                edit::erase(map.op(free));
                freed = true;
            }
            edit::replace_all_uses(value, view);
            edit::erase(alloc);
        }
    }
    if freed && let Some(last) = trace.free_after {
        // SAFETY: live handles (the op is not erased).
        unsafe { builders::memref_dealloc(merged, location, InsertPoint::After(map.op(last))) };
    } else if freed {
        let region = snapshot.block(trace.scope_block).region;
        for &block in &snapshot.region(region).blocks {
            let ops = &snapshot.block(block).ops;
            match snapshot.terminator(block) {
                Some(exit) if snapshot.op(exit).facts.successors.is_empty() => {
                    // SAFETY: live handles (exits are never erased).
                    unsafe {
                        builders::memref_dealloc(
                            merged,
                            location,
                            InsertPoint::Before(map.op(exit)),
                        )
                    };
                }
                Some(_) => {}
                None => {
                    let at = match ops.last() {
                        Some(&last) => InsertPoint::After(map.op(last)),
                        None => InsertPoint::StartOf(map.block(block)),
                    };
                    // SAFETY: live handles (as above).
                    unsafe { builders::memref_dealloc(merged, location, at) };
                }
            }
        }
    }
    Ok(())
}

/// Builds `roots` of `exprs` as `index` arithmetic before `at`, children
/// first, each node once: constants as `arith.constant`, products as
/// `arith.muli`, sums as `arith.addi`, maxima as `arith.maxui`, and
/// `align(x, A)` as `(x + A - 1) & -A` (`arith.addi`, `arith.andi`).
/// Symbol `s` is `symbols[s]`. Returns the value of every node built.
/// # Safety
/// Every handle passed is live.
unsafe fn emit_exprs(
    exprs: &plan::symbolic::Exprs,
    roots: &[ExprId],
    symbols: &[MlirValue],
    location: mlir_sys::MlirLocation,
    at: InsertPoint,
) -> Result<std::collections::HashMap<ExprId, MlirValue>, String> {
    use std::collections::{BTreeSet, HashMap};
    let mut needed = BTreeSet::new();
    let mut stack: Vec<ExprId> = roots.to_vec();
    while let Some(id) = stack.pop() {
        if !needed.insert(id) {
            continue;
        }
        match exprs.node(id) {
            Node::Add(a, b) => stack.extend([*a, *b]),
            Node::Max(items) => stack.extend(items.iter().copied()),
            Node::AlignUp(a, _) => stack.push(*a),
            Node::Const(_) | Node::Term(_) => {}
        }
    }
    let mut constants: HashMap<i64, MlirValue> = HashMap::new();
    let mut constant = |c: i64| -> Result<MlirValue, String> {
        if let Some(&v) = constants.get(&c) {
            return Ok(v);
        }
        // SAFETY: live handles (the caller's contract).
        let v = unsafe { builders::arith_constant_index(c, location, at) }
            .ok_or_else(|| "cannot build an index constant".to_string())?;
        constants.insert(c, v);
        Ok(v)
    };
    let int = |c: u64| i64::try_from(c).map_err(|_| format!("{c} does not fit in 64 bits"));
    let binary = |name: &str, a: MlirValue, b: MlirValue| {
        // SAFETY: live handles of one context, both `index`.
        unsafe { builders::arith_binary(name, a, b, location, at) }
    };
    let mut values: HashMap<ExprId, MlirValue> = HashMap::new();
    // Ids grow from children to parents: ascending order builds children first.
    for id in needed {
        let value = match exprs.node(id) {
            Node::Const(c) => constant(int(*c)?)?,
            Node::Term(size) => {
                let mut factors = size.symbols.iter().map(|&s| symbols[s as usize]);
                let mut v = factors.next().ok_or("a term without symbols")?;
                for f in factors {
                    v = binary("arith.muli", v, f);
                }
                if size.coefficient != 1 {
                    v = binary("arith.muli", v, constant(int(size.coefficient)?)?);
                }
                v
            }
            Node::Add(a, b) => binary("arith.addi", values[a], values[b]),
            Node::Max(items) => {
                let mut v = values[&items[0]];
                for item in &items[1..] {
                    v = binary("arith.maxui", v, values[item]);
                }
                v
            }
            Node::AlignUp(a, alignment) => {
                let up = binary("arith.addi", values[a], constant(int(alignment - 1)?)?);
                let mask = constant(-int(*alignment)?)?;
                binary("arith.andi", up, mask)
            }
        };
        values.insert(id, value);
    }
    Ok(values)
}

fn set_attribute(op: MlirOperation, name: &str, text: &str) {
    // SAFETY: a live op; the parsed attribute belongs to its context.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(op);
        let attr =
            mlir_sys::mlirAttributeParseGet(context, crate::ir::diagnostics::string_ref(text));
        if !attr.ptr.is_null() {
            mlir_sys::mlirOperationSetAttributeByName(
                op,
                crate::ir::diagnostics::string_ref(name),
                attr,
            );
        }
    }
}

fn string_literal(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::BlockLike;

    fn trace(buffers: &[(u64, u64, u64)]) -> ScopeTrace {
        ScopeTrace {
            scope_op: Snapshot::ROOT,
            scope_block: BlockId(0),
            scope_label: "@f".into(),
            memory_space: String::new(),
            hoist: vec![],
            replace: vec![],
            arena_before: None,
            free_after: None,
            buffers: buffers
                .iter()
                .enumerate()
                .map(|(i, &(size, first, last))| TracedBuffer {
                    alloc: OpId(i as u32 + 1),
                    value: ValueId(i as u32),
                    size,
                    dynamic_sizes: vec![],
                    alignment: 64,
                    first,
                    last,
                    frees: vec![],
                })
                .collect(),
        }
    }

    /// The seed's MLP: three 64 KiB buffers, a0 [1,2], b0 [2,3], c0 [3,4]:
    /// two at a time, 131072 bytes.
    #[test]
    fn mlp_needs_two_buffers() {
        let t = trace(&[(65536, 1, 2), (65536, 2, 3), (65536, 3, 4)]);
        for kind in PlannerKind::ALL {
            let s = PlannerScheduler {
                planner: Box::new(kind.planner(plan::SearchBudget::PASS_DEFAULT)),
            }
            .schedule(&t)
            .unwrap();
            assert_eq!(s.total, 131072, "{kind}");
            assert_eq!(s.lower_bound, 131072);
            verify_schedule(&t, &s).unwrap();
            assert_eq!(s.offsets[0], s.offsets[2]);
        }
    }

    #[test]
    fn verify_rejects_overlap_and_misalignment() {
        let t = trace(&[(64, 1, 2), (64, 2, 3)]);
        let bad = MemorySchedule {
            total: 128,
            alignment: 64,
            offsets: vec![0, 0],
            lower_bound: 128,
        };
        assert!(verify_schedule(&t, &bad).is_err());
        let misaligned = MemorySchedule {
            total: 160,
            alignment: 64,
            offsets: vec![0, 96],
            lower_bound: 128,
        };
        assert!(verify_schedule(&t, &misaligned).is_err());
        let good = MemorySchedule {
            total: 128,
            alignment: 64,
            offsets: vec![64, 0],
            lower_bound: 128,
        };
        verify_schedule(&t, &good).unwrap();
    }

    /// A scheduler that never reuses bytes, as an embedding compiler might
    /// plug in (e.g. to debug a planner).
    struct BackToBack;
    impl MemoryScheduler for BackToBack {
        fn name(&self) -> &str {
            "back-to-back"
        }
        fn schedule(&self, trace: &ScopeTrace) -> Result<MemorySchedule, String> {
            let mut offsets = Vec::new();
            let mut end = 0u64;
            for b in &trace.buffers {
                let start = plan::problem::round_up(end, b.alignment).ok_or("overflow")?;
                offsets.push(start);
                end = start + plan::problem::round_up(b.size, b.alignment).ok_or("overflow")?;
            }
            let alignment = trace.buffers.iter().map(|b| b.alignment).max().unwrap_or(1);
            Ok(MemorySchedule {
                total: end,
                alignment,
                offsets,
                lower_bound: 0,
            })
        }
    }

    /// Another scheduler's plan upside down: each buffer ends where it
    /// started (a valid plan of the same size).
    struct Mirrored(PlannerScheduler);
    impl MemoryScheduler for Mirrored {
        fn name(&self) -> &str {
            "mirrored"
        }
        fn schedule(&self, trace: &ScopeTrace) -> Result<MemorySchedule, String> {
            let mut schedule = self.0.schedule(trace)?;
            for (offset, b) in schedule.offsets.iter_mut().zip(&trace.buffers) {
                let size = plan::problem::round_up(b.size, b.alignment).ok_or("overflow")?;
                *offset = schedule.total - *offset - size;
            }
            Ok(schedule)
        }
    }

    /// A broken scheduler: everything at offset 0.
    struct AllAtZero;
    impl MemoryScheduler for AllAtZero {
        fn name(&self) -> &str {
            "all-at-zero"
        }
        fn schedule(&self, trace: &ScopeTrace) -> Result<MemorySchedule, String> {
            Ok(MemorySchedule {
                total: 65536,
                alignment: 64,
                offsets: vec![0; trace.buffers.len()],
                lower_bound: 0,
            })
        }
    }

    const MLP: &str = r#"
func.func @mlp(%x: memref<128x128xf32>, %y: memref<128x128xf32>) -> memref<128x128xf32> {
  %a0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%x, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%a0: memref<128x128xf32>)
  %b0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%a0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%b0: memref<128x128xf32>)
  %c0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%b0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%c0: memref<128x128xf32>)
  %d0 = memref.alloc() : memref<128x128xf32>
  linalg.matmul ins(%c0, %y: memref<128x128xf32>, memref<128x128xf32>) outs(%d0: memref<128x128xf32>)
  return %d0 : memref<128x128xf32>
}
"#;

    /// Stages are swappable: a custom scheduler runs through the same
    /// collector and rewriter, and a wrong plan is refused before any edit.
    #[test]
    fn custom_schedulers_plug_in_and_bad_plans_are_refused() {
        let context = crate::ir::context::new_context();
        let options = MergeAllocOptions::default();
        let collector = TickTraceCollector {
            alignment: 64,
            dynamic: false,
            staging_space: String::new(),
        };

        let module = melior::ir::Module::parse(&context, MLP).unwrap();
        let func = module.body().first_operation().unwrap();
        let mirrored = Mirrored(PlannerScheduler {
            planner: Box::new(PlannerKind::ALL[0].planner(plan::SearchBudget::PASS_DEFAULT)),
        });
        merge_allocations(func, &options, &collector, &mirrored, &ViewRewriter).unwrap();
        let text = module.as_operation().to_string();
        assert!(text.contains("memref<131072xi8>"), "{text}");
        let first = text.find("arith.constant").unwrap();
        assert!(
            text[first..].starts_with("arith.constant 65536 : index"),
            "{text}"
        );

        // Back to back saves no byte: the scope is left alone.
        let module = melior::ir::Module::parse(&context, MLP).unwrap();
        let before = module.as_operation().to_string();
        let func = module.body().first_operation().unwrap();
        merge_allocations(func, &options, &collector, &BackToBack, &ViewRewriter).unwrap();
        assert_eq!(module.as_operation().to_string(), before);

        let module = melior::ir::Module::parse(&context, MLP).unwrap();
        let before = module.as_operation().to_string();
        let func = module.body().first_operation().unwrap();
        assert_eq!(
            merge_allocations(func, &options, &collector, &AllAtZero, &ViewRewriter),
            Err(PassFailed)
        );
        assert_eq!(module.as_operation().to_string(), before);
    }

    /// Scopes: sequential loops are crossed, parallel loops with the trait
    /// are scopes, loops without it and non-region-branch ops refuse.
    #[test]
    fn scopes_follow_loop_parallelism() {
        use crate::analysis::snapshot::{OpFacts, RegionBranchInfo, SnapshotBuilder};
        let scope = OpFacts {
            is_automatic_allocation_scope: true,
            ..OpFacts::default()
        };
        let mut b = SnapshotBuilder::new("func.func", scope.clone());
        let r = b.add_region(Snapshot::ROOT);
        let entry = b.add_block(r, &[]);
        let looped = |name: &str, b: &mut SnapshotBuilder, parent: BlockId, facts: OpFacts| {
            let op = b.add_op(parent, name, &[], &[], facts);
            let region = b.add_region(op);
            let body = b.add_block(region, &[]);
            (op, body)
        };
        let rb = Some(RegionBranchInfo {
            entry_edges: vec![],
        });
        let lp = OpFacts {
            is_loop_like: true,
            region_branch: rb.clone(),
            ..scope.clone()
        };
        let (_, for_body) = looped("scf.for", &mut b, entry, lp.clone());
        let (forall, forall_body) = looped("scf.forall", &mut b, for_body, lp.clone());
        let (_, unknown_loop_body) = looped(
            "x.loop",
            &mut b,
            entry,
            OpFacts {
                is_loop_like: true,
                region_branch: rb,
                ..OpFacts::default()
            },
        );
        let (region_op, region_body) = looped("x.region", &mut b, entry, OpFacts::default());
        let alloc = |b: &mut SnapshotBuilder, at: BlockId| {
            b.add_op(at, "memref.alloc", &[], &[], OpFacts::default())
        };
        let in_for = alloc(&mut b, for_body);
        let in_forall = alloc(&mut b, forall_body);
        let in_unknown = alloc(&mut b, unknown_loop_body);
        let in_region = alloc(&mut b, region_body);
        let s = b.finish();
        assert_eq!(scope_of(&s, in_for), Ok((Snapshot::ROOT, entry)));
        assert_eq!(scope_of(&s, in_forall), Ok((forall, forall_body)));
        assert!(matches!(
            scope_of(&s, in_unknown),
            Err(Refusal::UnsupportedRegion(_))
        ));
        assert_eq!(
            scope_of(&s, in_region),
            Err(Refusal::UnsupportedRegion(region_op))
        );
    }

    fn default_scheduler() -> PlannerScheduler {
        PlannerScheduler {
            planner: Box::new(PlannerKind::ALL[0].planner(plan::SearchBudget::PASS_DEFAULT)),
        }
    }

    /// Memory never grows: one buffer, or an arena not strictly smaller
    /// than the buffers, leaves the scope alone.
    #[test]
    fn scopes_without_saving_are_skipped() {
        let s = default_scheduler();
        assert_eq!(
            decide(&trace(&[(32, 1, 2)]), &s, false),
            Ok(Decision::Skip(Skip::OneBuffer))
        );
        assert_eq!(
            decide(&trace(&[(32, 1, 2), (32, 2, 3)]), &s, false),
            Ok(Decision::Skip(Skip::NoByteSaved {
                before: 64,
                after: 128
            }))
        );
        assert_eq!(
            decide(&trace(&[(64, 1, 2), (64, 2, 3)]), &s, false),
            Ok(Decision::Skip(Skip::NoByteSaved {
                before: 128,
                after: 128
            }))
        );
        // dynamic=true packs every transient of a scope, saving or not.
        let Ok(Decision::Merge(packed)) = decide(&trace(&[(32, 1, 2), (32, 2, 3)]), &s, true)
        else {
            panic!("pack_all merges a scope of two buffers");
        };
        assert_eq!(packed.total, 128);
        let Ok(Decision::Merge(schedule)) = decide(&trace(&[(64, 1, 2), (64, 3, 4)]), &s, false)
        else {
            panic!("disjoint buffers merge");
        };
        assert_eq!(schedule.total, 64);
        assert_eq!(
            skip_line(&trace(&[(32, 1, 2)]), &Skip::OneBuffer),
            "bufrs-merge-alloc: scope @f: not merged: one buffer"
        );
    }

    /// Arenas beyond an i64 dimension, or scopes beyond 64-bit planning,
    /// are errors, never wrapped sizes.
    #[test]
    fn oversized_arenas_are_errors() {
        let s = default_scheduler();
        let big = (1u64 << 62) - 64;
        let three_of_four = trace(&[(big, 1, 4), (big, 1, 4), (big, 1, 2), (big, 3, 4)]);
        assert_eq!(
            decide(&three_of_four, &s, false),
            Err(format!(
                "arena of {} bytes does not fit in a memref dimension (at most {} bytes)",
                3 * big,
                i64::MAX
            ))
        );
        let five_live = trace(&[(big, 1, 1); 5]);
        let least = 5 * u128::from(big);
        assert_eq!(
            decide(&five_live, &s, false),
            Err(format!(
                "arena of at least {least} bytes does not fit in a memref dimension (at most {} bytes)",
                i64::MAX
            ))
        );
        let five_in_turn = trace(&[
            (big, 1, 1),
            (big, 2, 2),
            (big, 3, 3),
            (big, 4, 4),
            (big, 5, 5),
        ]);
        assert!(
            decide(&five_in_turn, &s, false)
                .unwrap_err()
                .contains("64-bit planning")
        );
        assert_eq!(arena_dimension(i64::MAX as u64), Ok(i64::MAX));
        assert!(arena_dimension(i64::MAX as u64 + 1).is_err());
    }

    /// A scope with a dynamic buffer gets a verified symbolic placement; a
    /// scheduler that cannot place dynamic sizes is an error, not a guess.
    #[test]
    fn dynamic_scopes_are_placed_symbolically() {
        let mut t = trace(&[(4, 1, 2), (64, 2, 3), (8, 4, 5)]);
        t.buffers[0].dynamic_sizes = vec![ValueId(10)];
        t.buffers[2].dynamic_sizes = vec![ValueId(10), ValueId(11)];
        let Ok(Decision::MergeDynamic(schedule)) = decide(&t, &default_scheduler(), true) else {
            panic!("a dynamic scope merges symbolically");
        };
        assert_eq!(schedule.symbols, vec![ValueId(10), ValueId(11)]);
        let e = &schedule.plan.exprs;
        let name = |s: u32| format!("%s{s}");
        // The static buffer at 0, the first dynamic one on it, the last
        // (disjoint from both) at 0: max of the two ends.
        assert_eq!(e.display(schedule.plan.offsets[0], &name), "64");
        assert_eq!(e.display(schedule.plan.offsets[2], &name), "0");
        assert_eq!(
            e.display(schedule.plan.total, &name),
            "max(align(%s0 * 4 + 64, 64), align(%s0 * %s1 * 8, 64))"
        );
        assert_eq!(
            decide(&t, &BackToBack, true),
            Err("scheduler 'back-to-back' does not place buffers with dynamic sizes".into())
        );
    }

    #[test]
    fn report_line_format() {
        let t = trace(&[(65536, 1, 2), (65536, 2, 3), (65536, 3, 4)]);
        let s = MemorySchedule {
            total: 131072,
            alignment: 64,
            offsets: vec![0, 65536, 0],
            lower_bound: 131072,
        };
        assert_eq!(
            report_line(&t, &s),
            "bufrs-merge-alloc: scope @f: 3 buffers merged, 196608 bytes before, 131072 bytes after, lower bound 131072, ratio 1.000, peak live 131072 bytes"
        );
    }
}
