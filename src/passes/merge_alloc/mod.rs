//! `bufrs-merge-alloc`: compile-time merging of heap (and stack) allocations (seed 003,
//! "Compile-time memref.alloc Scheduling and Merging"; seed 004's IREE
//! `stream.resource.pack` does the same for transient resources).
//!
//! Every *mergeable* heap allocation of an *allocation scope* becomes a
//! `memref.view` at a fixed byte offset of one `memref.alloc` per scope and
//! memory space; buffers whose lifetimes do not overlap share bytes. The pass
//! runs as the seed's pipeline of pluggable stages, each a Rust trait an
//! embedding compiler may replace ([`merge_allocations`]), one module each,
//! data handed forward one way (`collect` -> `schedule` -> `rewrite`, and
//! `report` from what `collect` and `schedule` found):
//!
//! 1. [`TraceCollector`] (default [`TickTraceCollector`]): finds the
//!    mergeable allocations, their scopes and tick lifetimes, using the
//!    buffer alias analysis and `analysis::lifetimes` (every enclosing loop or
//!    branch op between a use and the allocation widens the lifetime to the
//!    whole op, CFG regions widen to the whole region).
//! 2. [`MemoryScheduler`] (default [`PlannerScheduler`]): turns one scope's
//!    trace into offsets and a total size through a `crate::plan::Planner`.
//! 3. [`MergeRewriter`] (default [`ViewRewriter`]): rewrites the IR.
//! 4. `report`: the `report=true` remarks, the `report-file` JSON, the
//!    `plan-svg-dir` pictures and the `analysis-only` attributes, taken
//!    before the rewrite erases the allocations they name.
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
//! # Stack allocations (`classes=heap,stack`)
//!
//! With the `stack` class, stack allocations (an `Allocate` on the
//! automatic allocation scope resource, `memref.alloca`) of static shape are
//! collected by the same rules, lifetimes and scopes (an alloca in an
//! `scf.for` body moves to the enclosing scope like a heap buffer), and each
//! scope block's allocas of one memory space are planned by the same planner
//! into one stack arena: a `memref.alloca` of `i8` at the start of the scope
//! block with a `memref.view` per buffer. The arena lives until the scope
//! exits, as the allocas it replaces did (lowered to LLVM, each alloca keeps
//! a frame slot of its own for the whole function: no stack colouring).
//! Heap and stack buffers never share an arena, unless `stack-joins-heap`:
//! then the allocas of a scope block that has mergeable heap allocations
//! (same memory space) are planned with them in its heap arena, which then
//! needs one bound for their joint lifetimes instead of two; only scopes
//! without heap allocations get a stack arena. With `keep-peak` as well,
//! the scheduler joins them one by one (`schedule::join_stack_buffers`):
//! an alloca joins a static heap arena of its scope block only where the
//! arena is still allocated before the alloca and freed after its last use,
//! and the arena planned with it keeps the function's peak heap bytes (it
//! fits in bytes the arena holds anyway, or grows it within the peak); the
//! allocas left share a stack arena as without the option; a function of
//! static buffers is also planned with each block's allocas in its heap
//! scope (`schedule::joint_traces`), kept when that takes fewer bytes
//! without a higher heap peak. A stack allocation an op frees is left alone.
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
//! A buffer's size is then `bytes × Π sizes` over its size operands (each
//! read as a polynomial over `memref.dim` values where it is one:
//! `collect::SizeForm`), which
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
//! # Never raising the function's peak (`keep-peak=true`)
//!
//! An arena holds its planned size from its first buffer's allocation to
//! its last buffer's last use; buffers it does not hold (returned, sized
//! at run time, of other scopes) may peak meanwhile. With `keep-peak` the
//! collector also describes the function's heap (`profile`: every heap
//! allocation's size, the ticks it may hold it, the entry-block points
//! where it surely does, the ticks of calls and unknown ops) and the
//! scheduler (`schedule::keep_peak_scopes`, the check in `peak`) keeps a
//! scope's one arena only when at every tick of its life the heap is at
//! most what it was there without merging or at most what the function
//! surely held at some point of its entry block; otherwise the scope's
//! buffers join, in order, the arena that grows least while passing, or
//! stay alone (remark: "an arena holding it with other buffers of its
//! scope would raise the function's peak heap bytes"). Besides that split, a
//! scope of static buffers is also cut along its one arena's plan
//! (`schedule::band_split`): at every offset no buffer's bytes cross, each
//! band an arena of its own that lives only while its buffers do and ends
//! at its last buffer's last byte; of the two splits the one with fewer
//! bytes (then fewer allocations) is kept. With `dynamic=true`
//! and `no-higher-peak=true` (what `bufrs-memory-pipeline` runs) the same
//! check covers buffers and arenas sized at run time: the bytes held at a
//! tick are compared as expressions, for every size, an arena whose size
//! is a maximum branch by branch (each branch at most the bytes held at
//! some point), and a buffer a call returns counts as held, of unknown size,
//! until a free of it in the entry block.
//!
//! # Never a higher peak (`no-higher-peak=true`, with `dynamic=true`, without `keep-peak`)
//!
//! An arena lives from its first buffer to its last, so at the ends of its
//! life it holds more bytes than the separate buffers did, and a buffer
//! outside the scope (a call result, a callee's buffers) may peak right
//! then. With `no-higher-peak`, the scheduler (`schedule::plan_scopes`)
//! gives a scope one arena only when at every tick of its life, for every
//! run-time size (`plan::symbolic::Exprs::at_least`), it holds at most the
//! bytes its buffers hold there without it (each from its allocation op to
//! its free): their sizes, or, when
//! `dynamic=false` would merge the scope's static buffers into one arena
//! over the whole scope, that arena plus the dynamic buffers live. Else the
//! scope is split where none of its buffers is live
//! (`ScopeTrace::segments`) and each part passing the same test gets its
//! own arena; the buffers of the other parts stay as `dynamic=false` leaves
//! them (remark: "an arena would hold more bytes than the separate buffers
//! at some point of its life"). So the executed peak is never above
//! `dynamic=false`'s. A chain of buffers each overlapping the next never
//! passes (at its first tick only its first buffer is live): such buffers
//! stay separate.
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
//! no op with them (a stack arena's scope is named `@f (stack)`).
//! `classes`, `stack-joins-heap`, `keep-peak`, `no-higher-peak`: see above. `staging-space`: allocations in this memory space are
//! staging buffers, never merged. `dynamic`: see above. `report-file=PATH`:
//! the report as JSON as well (`passes::report_file`): one record per scope
//! (function, scope, class, buffers, the sum of their bytes, the bytes live at the
//! peak, the arena, the lower bound, the planner, whether merged and why
//! not, its picture) and per allocation left alone (location, reason); it
//! implies `report`. `plan-svg-dir=DIR`: a picture of the plan of every
//! scope merged with static sizes (`plan::svg`), `DIR/<function>.svg`
//! (`DIR/<function>.<scope>.svg` for a nested scope).

mod collect;
mod peak;
mod profile;
mod report;
mod rewrite;
mod schedule;
#[cfg(test)]
mod tests;

pub use collect::{
    AllocationClass, EntryComputation, Holders, LastUse, LeftAlone, MemoryTraces, Refusal,
    ScopeTrace, Segment, TickTraceCollector, TraceCollector, TracedBuffer, scope_of,
};
pub use peak::PeakState;
pub use profile::{HeapBuffer, HeapProfile, HeapSize};
pub use report::{dynamic_report_line, report_line, skip_line};
pub use rewrite::{MergeRewriter, ViewRewriter};
pub use schedule::{
    Decision, MemorySchedule, MemoryScheduler, Planned, PlannerScheduler, Skip, SymbolicSchedule,
    bytes_before, decide, plan_scopes, symbolic_buffers, verify_schedule,
};

use melior::ir::OperationRef;

use crate::ir::capture::{IrMap, capture, capture_unedited, count_allocations_in, kept_snapshot};
use crate::{
    analysis::snapshot::{OpId, Snapshot},
    ir::{Diagnostic, merge_candidates::may_merge_uncaptured},
    options::Allowed,
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult, pass},
    plan::{self, PlannerKind},
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
        no_higher_peak: bool = false => "no-higher-peak",
            "With dynamic=true: with keep-peak, split a scope's buffers (static or sized at run time) into arenas, or leave some alone, where one arena would raise the function's peak heap bytes for some run-time size; without it, give a scope one arena, or one per part of its buffers split where none is live, only where the arena never holds more bytes than the buffers it replaces (or their dynamic=false arena) at any tick for any run-time size. Ignored without dynamic=true.";
        keep_peak: bool = false => "keep-peak",
            "Split a scope's buffers into several arenas, or leave some alone, where one arena would raise the function's peak heap bytes (an arena holds its planned size from its first buffer's allocation to its last buffer's last use, while other buffers may peak); false: one arena per scope whenever it saves bytes. With dynamic=true it applies with no-higher-peak=true (to run-time sizes too) and is ignored without.";
        report_file: String = String::new() => "report-file",
            "Also write the report as JSON to this file: one record per scope (buffers, bytes, peak live bytes, arena bytes, lower bound, planner, why not merged) and per allocation left alone. Implies report.",
            allowed Allowed::FileToWrite;
        plan_svg_dir: String = String::new() => "plan-svg-dir",
            "Write a picture (SVG) of the plan of every scope merged with static sizes into this directory (created if missing), one file per scope named after its function and scope.",
            allowed Allowed::DirectoryToWrite;
        classes: Vec<String> = vec![] => "classes",
            "Allocation classes merged (none given: heap), each into arenas of its own: heap (memref.alloc-like; the arena is a memref.alloc), stack (memref.alloca-like of static shape; the arena is one memref.alloca at the scope block's start, shared by the allocas whose lifetimes do not overlap).",
            allowed Allowed::OneOf(&AllocationClass::NAMES);
        calls_return_fresh: bool = false => "calls-return-fresh",
            "A call's buffer results are fresh buffers, never one of its buffer operands (the seeds' ownership contract: callers own what a function returns), so a buffer passed to a call merges even where the call's result is returned, yielded or freed; false: a call's result may be any of its buffer operands (as under private-function dynamic ownership, where a callee may return a borrowed argument).";
        stack_joins_heap: bool = false => "stack-joins-heap",
            "With classes=heap,stack: the stack allocations of a scope that also has mergeable heap allocations (in the same memory space) are planned with them in its heap arena, so one arena holds both at their joint bound; only scopes without heap allocations get a stack arena. With keep-peak: each stack allocation joins a static heap arena of its scope only where that arena is allocated and freed where it was and the function's peak heap bytes do not rise; the others keep a stack arena.";
    }
}

/// Largest `alignment` option: LLVM's largest alignment (2^32 bytes), so the
/// merged buffer stays lowerable.
pub const MAX_ALIGNMENT: u64 = 1 << 32;

pub struct MergeAlloc;

impl BufrsPass for MergeAlloc {
    type Options = MergeAllocOptions;
    const ARGUMENT: &'static str = report::ARGUMENT;
    const SUMMARY: &'static str = "Merge the heap allocations of a scope into one buffer (static sizes; with dynamic=true also run-time sizes; with classes=heap,stack its static stack allocations into one stack buffer), reusing bytes of buffers whose lifetimes do not overlap";
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
        // Only heap allocations of ranked memrefs (of static shape, without
        // dynamic sizes) that no function returns and no region yields can
        // be merged, and only two or more in one scope:
        // a body with fewer than two is left as it is (its one scope, if
        // any, would be skipped as `Skip::OneBuffer`), unless a report, a
        // picture, analysis attributes or a staging space is asked for.
        // The count reads the snapshot an earlier pass kept, if any (after
        // promotion, most bodies), instead of walking the IR; without one,
        // the walk below counts them as well.
        // Stack allocations (the `stack` class) are counted likewise.
        let root = op.to_raw();
        let kept = kept_snapshot(root);
        let static_only = !options.dynamic;
        // No class named: heap (the shim gives list options no default).
        let mut classes: Vec<AllocationClass> = options
            .classes
            .iter()
            .filter_map(|name| AllocationClass::from_name(name))
            .collect();
        if classes.is_empty() {
            classes.push(AllocationClass::Heap);
        }
        let heap = classes.contains(&AllocationClass::Heap);
        let stack = classes.contains(&AllocationClass::Stack);
        let too_few = |count: usize| count < 2;
        let merge_only = !options.analysis_only
            && !options.report
            && options.report_file.is_empty()
            && options.plan_svg_dir.is_empty();
        let gate = merge_only && options.staging_space.is_empty();
        if gate
            && let Some((snapshot, map)) = &kept
            && (!heap || too_few(count_allocations_in(snapshot, map, 2, static_only, false)))
            && (!stack || too_few(count_allocations_in(snapshot, map, 2, true, true)))
        {
            return pass::unchanged(root);
        }
        let collector = TickTraceCollector {
            alignment: options.alignment as u64,
            dynamic: options.dynamic,
            staging_space: options.staging_space.clone(),
            classes,
            stack_joins_heap: options.stack_joins_heap,
            keep_peak: options.keep_peak && (!options.dynamic || options.no_higher_peak),
            calls_return_fresh: options.calls_return_fresh,
        };
        // Nothing asked but the merge and no snapshot kept: a walk of the IR
        // that over-approximates `may_merge` below rules most bodies out
        // before a capture, and counts the allocations for the gate above.
        if merge_only
            && kept.is_none()
            && !may_merge_uncaptured(
                root,
                heap,
                stack,
                collector.dynamic,
                collector.keep_peak,
                collector.calls_return_fresh,
                gate,
                collector.alignment,
            )
        {
            return pass::unchanged(root);
        }
        // A snapshot captured here is not offered to later passes: the
        // collector edits it in place (`collect_owned`) instead of copying it.
        let (mut snapshot, map) = match kept {
            Some((snapshot, map)) => (Err(snapshot), Err(map)),
            None => {
                let (snapshot, map) = capture(root);
                (Ok(snapshot), Ok(map))
            }
        };
        let map: &IrMap = match &map {
            Ok(owned) => owned,
            Err(kept) => kept,
        };
        let shared: &Snapshot = match &snapshot {
            Ok(owned) => owned,
            Err(kept) => kept,
        };
        // Nothing asked but the merge, and no scope could get two buffers:
        // the analyses need not be built.
        if merge_only && !collector.may_merge(shared, map) {
            return pass::unchanged(root);
        }

        let scheduler = PlannerScheduler {
            planner: Box::new(kind.planner(plan::SearchBudget::from_millis(search_budget_ms))),
        };
        let traces = match &mut snapshot {
            Ok(owned) => collector.collect_owned(owned, map),
            Err(kept) => collector.collect(kept, map),
        };
        let snapshot: &Snapshot = match &snapshot {
            Ok(owned) => owned,
            Err(kept) => kept,
        };
        merge_traces(
            op,
            snapshot,
            map,
            traces,
            options,
            &scheduler,
            &ViewRewriter,
        )
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
    merge_traces(op, snapshot, map, traces, options, scheduler, rewriter)
}

/// [`merge_allocations_in`] after the collection: `traces` are what the
/// collector found in `snapshot`.
fn merge_traces(
    op: OperationRef<'_, '_>,
    snapshot: &Snapshot,
    map: &IrMap,
    traces: MemoryTraces,
    options: &MergeAllocOptions,
    scheduler: &dyn MemoryScheduler,
    rewriter: &dyn MergeRewriter,
) -> PassResult {
    let op_ref = |id: OpId| unsafe { OperationRef::from_raw(map.op(id)) };

    if options.analysis_only {
        report::annotate(snapshot, map, &traces);
        return Ok(());
    }

    // Plan every scope before touching the IR: an error leaves it as it was.
    let planned =
        schedule::plan_scopes(&traces, scheduler, options.dynamic, options.no_higher_peak)
            .map_err(|(scope_op, message)| {
                Diagnostic::error(
                    &op_ref(scope_op),
                    format!("{}: {message}", MergeAlloc::ARGUMENT),
                )
                .emit();
                PassFailed
            })?;
    let decisions = planned.decisions;
    let mut left_alone = traces.left_alone;
    left_alone.extend(planned.left_alone);
    let traces = MemoryTraces {
        scopes: planned.scopes,
        left_alone,
        heap: None,
        stack_joins_heap: false,
    };

    report::report(
        op,
        snapshot,
        map,
        &report::Requests {
            remarks: options.report,
            file: &options.report_file,
            svg_dir: &options.plan_svg_dir,
        },
        &traces,
        &decisions,
        scheduler.name(),
    )?;

    // Size computations move to the scope entry first, once per block.
    let mut hoisted = std::collections::HashSet::new();
    for (trace, decision) in traces.scopes.iter().zip(&decisions) {
        if matches!(decision, Decision::MergeDynamic(_)) && hoisted.insert(trace.scope_block) {
            rewrite::hoist_size_computations(snapshot, map, trace);
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
