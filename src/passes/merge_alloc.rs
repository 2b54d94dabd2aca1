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
//! static shape and identity layout, whose element occupies a power-of-two
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
//! else are left alone. The merged buffer is allocated at the start of the
//! scope's entry block (one per scope block and memory space).
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
//! buffer", "no byte saved"), and a remark at every allocation left alone.

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirValue};

use crate::ir::capture::{IrMap, capture};
use crate::{
    analysis::{
        alias::AliasAnalysis,
        allocs::{frees_only, heap_allocated_result, is_pure_heap_allocation},
        flow::{FlowEvent, follow},
        lifetimes::Lifetimes,
        loops::allocation_scope,
        snapshot::{BlockId, Effects, OpId, Snapshot, ValueId},
        uses::UseLists,
        value_flow::ValueFlow,
    },
    dialect::builders,
    ir::{
        Diagnostic,
        edit::{self, InsertPoint},
        types,
    },
    options::Allowed,
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult},
    plan::{self, Buffer, Planner, PlannerKind, Problem},
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
    }
}

/// Largest `alignment` option: LLVM's largest alignment (2^32 bytes), so the
/// merged buffer stays lowerable.
pub const MAX_ALIGNMENT: u64 = 1 << 32;

pub struct MergeAlloc;

impl BufrsPass for MergeAlloc {
    type Options = MergeAllocOptions;
    const ARGUMENT: &'static str = "bufrs-merge-alloc";
    const SUMMARY: &'static str = "Merge static heap allocations of a scope into one buffer, reusing bytes of buffers whose lifetimes do not overlap";
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
        let collector = TickTraceCollector {
            alignment: options.alignment as u64,
        };
        let scheduler = PlannerScheduler {
            planner: Box::new(kind.planner(plan::SearchBudget::from_millis(search_budget_ms))),
        };
        merge_allocations(op, options, &collector, &scheduler, &ViewRewriter)
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
}

impl Refusal {
    pub fn message(&self, snapshot: &Snapshot) -> String {
        match self {
            Refusal::OtherEffects => "the op does more than allocate its one result".into(),
            Refusal::NotRanked => "not a ranked memref".into(),
            Refusal::DynamicShape => "dynamic shape".into(),
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
    /// Size in bytes.
    pub size: u64,
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
    let (snapshot, map) = capture(op.to_raw());
    let traces = collector.collect(&snapshot, &map);
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
                &string_literal(&left.reason.message(&snapshot)),
            );
        }
        return Ok(());
    }

    // Plan every scope before touching the IR: an error leaves it as it was.
    let mut decisions = Vec::with_capacity(traces.scopes.len());
    for trace in &traces.scopes {
        let decision = decide(trace, scheduler).map_err(|message| {
            Diagnostic::error(
                &op_ref(trace.scope_op),
                format!("{}: {message}", MergeAlloc::ARGUMENT),
            )
            .emit();
            PassFailed
        })?;
        decisions.push(decision);
    }

    if options.report {
        for (trace, decision) in traces.scopes.iter().zip(&decisions) {
            let line = match decision {
                Decision::Merge(schedule) => report_line(trace, schedule),
                Decision::Skip(skip) => skip_line(trace, skip),
            };
            Diagnostic::remark(&op_ref(trace.scope_op), line).emit();
        }
        for left in &traces.left_alone {
            Diagnostic::remark(
                &op_ref(left.alloc),
                format!(
                    "{}: not merged: {}",
                    MergeAlloc::ARGUMENT,
                    left.reason.message(&snapshot)
                ),
            )
            .emit();
        }
    }

    for (trace, decision) in traces.scopes.iter().zip(&decisions) {
        let Decision::Merge(schedule) = decision else {
            continue;
        };
        if let Err(message) = rewriter.rewrite(&snapshot, &map, trace, schedule) {
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

/// Schedules and verifies one scope and decides whether rewriting it saves
/// memory; `Err` (a message) when the plan is invalid or the arena would not
/// be a valid memref.
pub fn decide(trace: &ScopeTrace, scheduler: &dyn MemoryScheduler) -> Result<Decision, String> {
    if trace.buffers.len() < 2 {
        return Ok(Decision::Skip(Skip::OneBuffer));
    }
    within_planning_range(trace)?;
    let schedule = scheduler.schedule(trace)?;
    verify_schedule(trace, &schedule).map_err(|message| {
        format!(
            "planner '{}' gave an invalid plan: {message}",
            scheduler.name()
        )
    })?;
    let before = bytes_before(trace);
    if u128::from(schedule.total) >= before {
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
    format!(
        "{}: scope {}: {} buffers merged, {before} bytes before, {} bytes after, lower bound {}, ratio {ratio:.3}",
        MergeAlloc::ARGUMENT,
        scope_name(trace),
        trace.buffers.len(),
        schedule.total,
        schedule.lower_bound,
    )
}

/// The `report=true` remark of a scope left alone.
pub fn skip_line(trace: &ScopeTrace, skip: &Skip) -> String {
    let why = match skip {
        Skip::OneBuffer => "one buffer".to_string(),
        Skip::NoByteSaved { before, after } => {
            format!("no byte saved ({before} bytes before, {after} bytes after)")
        }
    };
    format!(
        "{}: scope {}: not merged: {why}",
        MergeAlloc::ARGUMENT,
        scope_name(trace)
    )
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
}

/// A heap allocation's static facts, or why it cannot merge.
struct Sized {
    size: u64,
    element_bytes: u64,
    memory_space: String,
}

impl TraceCollector for TickTraceCollector {
    fn collect(&self, snapshot: &Snapshot, map: &IrMap) -> MemoryTraces {
        let uses = UseLists::new(snapshot);
        // Frees of an allocation itself are removed by the rewrite, so the
        // lifetimes are computed as if they were gone: a late free does not
        // stretch a buffer's life.
        let mut heap = Vec::new();
        let mut edited = snapshot.clone();
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
                edited.ops[free.index()].facts.effects = Effects::Known(vec![]);
            }
            heap.push((alloc, value, frees));
        }
        let alias = AliasAnalysis::new(&edited);
        let lifetimes = Lifetimes::new(&edited, &alias);
        let edited_uses = UseLists::new(&edited);
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
        for (alloc, value, frees) in heap {
            let refuse = |reason| LeftAlone { alloc, reason };
            if is_pure_heap_allocation(snapshot, alloc).is_none() {
                traces.left_alone.push(refuse(Refusal::OtherEffects));
                continue;
            }
            let sized = match static_facts(map.op(alloc), map.value(value)) {
                Ok(sized) => sized,
                Err(reason) => {
                    traces.left_alone.push(refuse(reason));
                    continue;
                }
            };
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
                Some(unknown_user(&edited, &edited_uses, alias.flow(), value))
            } else {
                follow(alias.flow(), value)
                    .events
                    .iter()
                    .find_map(|event| match event {
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
            let alignment = self
                .alignment
                .max(sized.element_bytes)
                .max(alignment_attribute(map.op(alloc)));
            let buffer = TracedBuffer {
                alloc,
                value,
                size: sized.size,
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
                    });
                }
            }
        }
        traces
    }
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

/// Size, element size and memory space of a mergeable buffer type.
/// `value` must be live (a handle of the run's `IrMap`).
fn static_facts(alloc: MlirOperation, value: MlirValue) -> Result<Sized, Refusal> {
    // SAFETY: a live value (see above).
    let ty = unsafe { edit::value_type(value) };
    let types::BufferType::Ranked(memref) = types::buffer_type(ty, alloc) else {
        return Err(Refusal::NotRanked);
    };
    if !memref.has_static_shape() {
        return Err(Refusal::DynamicShape);
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
        // Handles: `map`'s, live until this function erases them (each
        // allocation and its frees, after their last use here), and the ops
        // built here.
        // SAFETY: a live op.
        let location = unsafe { edit::location(map.op(first.alloc)) };
        let bytes = arena_dimension(schedule.total)?;
        let alignment = i64::try_from(schedule.alignment)
            .map_err(|_| format!("alignment {} does not fit in 64 bits", schedule.alignment))?;
        // Every buffer of the trace has this memory space (the collector
        // groups by it); the type's own attribute, null for the default.
        // SAFETY: a live memref-typed value.
        let memory_space = unsafe {
            mlir_sys::mlirMemRefTypeGetMemorySpace(edit::value_type(map.value(first.value)))
        };
        // SAFETY: live handles; the memory space is the buffers' own.
        let merged = unsafe {
            builders::memref_alloc_bytes(
                bytes,
                alignment,
                memory_space,
                location,
                InsertPoint::StartOf(map.block(trace.scope_block)),
            )
        }
        .ok_or_else(|| format!("cannot build an arena of {bytes} bytes"))?;
        let mut freed = false;
        for (buffer, &offset) in trace.buffers.iter().zip(&schedule.offsets) {
            let alloc = map.op(buffer.alloc);
            let value = map.value(buffer.value);
            // SAFETY: a live op.
            let at = unsafe { edit::location(alloc) };
            let offset =
                i64::try_from(offset).map_err(|_| "offset does not fit in 64 bits".to_string())?;
            // SAFETY: live handles; the constant goes before the allocation.
            let shift =
                unsafe { builders::arith_constant_index(offset, at, InsertPoint::Before(alloc)) }
                    .ok_or_else(|| "cannot build an index constant".to_string())?;
            // SAFETY: live handles. The view has the buffer's type and takes
            // its place, so it dominates its uses; then the frees (no results)
            // and the unused allocation go, and nothing names them again.
            unsafe {
                let view = builders::memref_view(
                    merged,
                    shift,
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
        if freed {
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
            buffers: buffers
                .iter()
                .enumerate()
                .map(|(i, &(size, first, last))| TracedBuffer {
                    alloc: OpId(i as u32 + 1),
                    value: ValueId(i as u32),
                    size,
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
        let collector = TickTraceCollector { alignment: 64 };

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
            decide(&trace(&[(32, 1, 2)]), &s),
            Ok(Decision::Skip(Skip::OneBuffer))
        );
        assert_eq!(
            decide(&trace(&[(32, 1, 2), (32, 2, 3)]), &s),
            Ok(Decision::Skip(Skip::NoByteSaved {
                before: 64,
                after: 128
            }))
        );
        assert_eq!(
            decide(&trace(&[(64, 1, 2), (64, 2, 3)]), &s),
            Ok(Decision::Skip(Skip::NoByteSaved {
                before: 128,
                after: 128
            }))
        );
        let Ok(Decision::Merge(schedule)) = decide(&trace(&[(64, 1, 2), (64, 3, 4)]), &s) else {
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
            decide(&three_of_four, &s),
            Err(format!(
                "arena of {} bytes does not fit in a memref dimension (at most {} bytes)",
                3 * big,
                i64::MAX
            ))
        );
        let five_live = trace(&[(big, 1, 1); 5]);
        let least = 5 * u128::from(big);
        assert_eq!(
            decide(&five_live, &s),
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
            decide(&five_in_turn, &s)
                .unwrap_err()
                .contains("64-bit planning")
        );
        assert_eq!(arena_dimension(i64::MAX as u64), Ok(i64::MAX));
        assert!(arena_dimension(i64::MAX as u64 + 1).is_err());
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
            "bufrs-merge-alloc: scope @f: 3 buffers merged, 196608 bytes before, 131072 bytes after, lower bound 131072, ratio 1.000"
        );
    }
}
