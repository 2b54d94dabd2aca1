//! Stage 2 of `bufrs-merge-alloc`, the memory scheduler: places the buffers
//! of one scope through a `crate::plan` planner (static sizes) or
//! `crate::plan::symbolic` (run-time sizes), checks the placement
//! independently of the planner, and decides whether the scope is rewritten
//! ([`Decision`]): merging never makes memory grow.

use crate::analysis::snapshot::ValueId;
use crate::plan::{
    self, Buffer, Planner, Problem,
    symbolic::{ExprId, SymBuffer, SymPlan, SymSize},
};

use super::collect::{
    AllocationClass, LeftAlone, MemoryTraces, Refusal, ScopeTrace, SizeForm, TracedBuffer,
    join_stack_into_heap,
};
use super::peak::{ArenaBytes, Held, PeakState};
use super::profile::HeapProfile;
use crate::analysis::snapshot::OpId;

mod dynamic_bands;
use dynamic_bands::band_split_dynamic;

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
            let size = buffer_size(b, &mut symbols);
            SymBuffer {
                size,
                alignment: b.alignment,
                first: b.first,
                last: b.last,
            }
        })
        .collect();
    (symbols, buffers)
}

/// The size of `b` over the symbols `symbols` names (which gets the values
/// it does not hold yet): its bytes per unit times the polynomial of each
/// of its dynamic sizes ([`TracedBuffer::forms`]), or, should that
/// overflow, times each size value itself.
pub fn buffer_size(b: &TracedBuffer, symbols: &mut Vec<ValueId>) -> SymSize {
    let product = |forms: &[SizeForm], symbols: &mut Vec<ValueId>| {
        forms.iter().try_fold(SymSize::fixed(b.size), |size, form| {
            let terms: Vec<(u64, Vec<u32>)> = form
                .iter()
                .map(|(c, values)| (*c, symbol_ids(values, symbols)))
                .collect();
            size.times(&SymSize::from_terms(0, &terms)?)
        })
    };
    // `symbols` only grows: cut back to `known`, it is as before the trial.
    let known = symbols.len();
    let size = if b.size_forms.len() == b.dynamic_sizes.len() {
        product(&b.size_forms, symbols)
    } else {
        product(&b.forms(), symbols)
    };
    match size {
        Some(size) => size,
        None => {
            symbols.truncate(known);
            SymSize::new(b.size, symbol_ids(&b.dynamic_sizes, symbols))
        }
    }
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
    /// With `no-higher-peak`: every arena would at some tick hold more bytes
    /// than its buffers (or their `dynamic=false` arena) do.
    HigherPeak,
    /// With `keep-peak`: every arena of two or more of its buffers would
    /// raise the function's peak heap bytes.
    RaisesFunctionPeak,
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
pub(super) fn arena_dimension(bytes: u64) -> Result<i64, String> {
    i64::try_from(bytes).map_err(|_| {
        format!(
            "arena of {bytes} bytes does not fit in a memref dimension (at most {} bytes)",
            i64::MAX
        )
    })
}

impl Skip {
    /// Why the scope is left alone, as the report says it.
    pub fn reason(&self) -> String {
        match self {
            Skip::OneBuffer => "one buffer".to_string(),
            Skip::NoByteSaved { before, after } => {
                format!("no byte saved ({before} bytes before, {after} bytes after)")
            }
            Skip::HigherPeak => {
                "an arena would hold more bytes than its buffers at some tick".to_string()
            }
            Skip::RaisesFunctionPeak => {
                "every arena of its buffers would raise the function's peak heap bytes".to_string()
            }
        }
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

pub(super) fn problem_of(trace: &ScopeTrace) -> Result<Problem, String> {
    Problem::new(
        trace
            .buffers
            .iter()
            .map(|b| Buffer::new(b.size, b.first, b.last).with_alignment(b.alignment))
            .collect(),
    )
    .map_err(|e| e.to_string())
}

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

/// What the scheduler hands forward: the scopes to rewrite or report, each
/// with its decision, and the buffers it leaves out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Planned {
    pub scopes: Vec<ScopeTrace>,
    pub decisions: Vec<Decision>,
    /// Buffers of the traces left alone by the scheduler
    /// ([`Refusal::RaisesPeak`]).
    pub left_alone: Vec<LeftAlone>,
}

/// Plans every scope of `traces` ([`decide`]); `Err` names the scope op of a
/// scope that cannot be planned. With `dynamic` and `no_higher_peak`, a
/// scope gets one arena
/// allocated at its first buffer and freed after its last when that arena
/// never holds more bytes than the same buffers do with `dynamic=false`
/// ([`never_above`]); otherwise it is split into its
/// [`ScopeTrace::segments`], each an arena of its own placed likewise, when
/// no segment's arena ever holds more; otherwise a segment (or, when `dynamic=false` would merge the scope's
/// static buffers, the whole scope) is planned as `dynamic=false` plans it:
/// static buffers in one arena over the scope when that saves bytes, and
/// the others left alone. So merging with dynamic sizes never holds more
/// bytes at any tick than merging without.
pub fn plan_scopes(
    traces: &MemoryTraces,
    scheduler: &dyn MemoryScheduler,
    dynamic: bool,
    no_higher_peak: bool,
) -> Result<Planned, (crate::analysis::snapshot::OpId, String)> {
    if let Some(heap) = &traces.heap
        && (!dynamic || no_higher_peak)
    {
        return keep_peak_scopes(traces, heap, scheduler);
    }
    let mut planned = Planned::default();
    for trace in &traces.scopes {
        let at = |message: String| (trace.scope_op, message);
        if !dynamic || !no_higher_peak || trace.segments.is_empty() {
            // A stack arena is a static alloca kept only where it saves bytes.
            let pack_all = dynamic && trace.class == AllocationClass::Heap;
            let decision = decide(trace, scheduler, pack_all).map_err(at)?;
            planned.scopes.push(trace.clone());
            planned.decisions.push(decision);
            continue;
        }
        // As dynamic=false plans the scope: its static buffers in one
        // arena over the whole scope when that saves bytes.
        let statics: Vec<usize> = (0..trace.buffers.len())
            .filter(|&i| trace.buffers[i].dynamic_sizes.is_empty())
            .collect();
        let static_trace = trace.part(&statics, None, None, (0, u64::MAX));
        let static_decision = decide(&static_trace, scheduler, false).map_err(at)?;
        let static_arena = match &static_decision {
            Decision::Merge(schedule) => Some(schedule.total),
            _ => None,
        };
        // One arena for the whole scope, allocated at its first buffer and
        // freed after its last, when it never holds more.
        let whole = decide(trace, scheduler, true).map_err(at)?;
        if never_above(trace, &whole, static_arena) {
            planned.scopes.push(trace.clone());
            planned.decisions.push(whole);
            continue;
        }
        let mut parts = Vec::with_capacity(trace.segments.len());
        for segment in &trace.segments {
            let part = trace.part(
                &segment.buffers,
                segment.arena_before,
                segment.free_after,
                segment.arena_life,
            );
            let decision = decide(&part, scheduler, true).map_err(at)?;
            let fits = never_above(&part, &decision, static_arena);
            parts.push((part, decision, fits));
        }
        let leave = |buffers: &mut Vec<LeftAlone>, part: &ScopeTrace, only_dynamic: bool| {
            for b in &part.buffers {
                if !only_dynamic || !b.dynamic_sizes.is_empty() {
                    buffers.push(LeftAlone {
                        alloc: b.alloc,
                        reason: Refusal::RaisesPeak,
                    });
                }
            }
        };
        if static_arena.is_some() && parts.iter().any(|(_, _, fits)| !fits) {
            // The static arena spans the scope: keep it, leave the
            // dynamic buffers alone.
            for (part, _, _) in &parts {
                leave(&mut planned.left_alone, part, true);
            }
            planned.scopes.push(static_trace);
            planned.decisions.push(static_decision);
            continue;
        }
        let before = planned.scopes.len();
        for (part, decision, fits) in parts {
            match decision {
                // A part of one buffer: that buffer stays as it is.
                Decision::Skip(_) if fits => {}
                _ if fits => {
                    planned.scopes.push(part);
                    planned.decisions.push(decision);
                }
                _ => leave(&mut planned.left_alone, &part, false),
            }
        }
        if planned.scopes.len() == before {
            // Nothing merged: the scope is reported once, as left alone.
            let skip = match whole {
                Decision::Skip(skip) => skip,
                _ => Skip::HigherPeak,
            };
            planned.scopes.push(trace.clone());
            planned.decisions.push(Decision::Skip(skip));
        }
    }
    // A part holding only allocas that joined a heap trace
    // (`stack-joins-heap`: its heap buffers left out or in other parts) is a
    // stack arena at the block's start: a heap arena of them would have no
    // free to take the place of, and after the deallocation nothing frees it.
    for (trace, decision) in planned.scopes.iter_mut().zip(&mut planned.decisions) {
        if trace.class == AllocationClass::Heap
            && !matches!(decision, Decision::Skip(_))
            && trace.buffers.iter().all(|b| b.stack)
        {
            let stack = ScopeTrace::new(
                trace.scope_op,
                trace.scope_block,
                trace.scope_label.clone(),
                trace.memory_space.clone(),
                AllocationClass::Stack,
                std::mem::take(&mut trace.buffers),
            );
            *decision = decide(&stack, scheduler, false).map_err(|m| (stack.scope_op, m))?;
            *trace = stack;
        }
    }
    Ok(planned)
}

/// Whether the arena of `part` (its decision) never holds more bytes than
/// its buffers hold without it, at any tick of its life: the bytes of its
/// buffers held at that tick (unpadded, from each allocation op to its
/// free, `TracedBuffer::held`), or, when `static_arena` is the
/// size of the `dynamic=false` arena of the scope's static buffers (live
/// over the whole scope), that size plus the bytes of its dynamic buffers
/// live at that tick. Checked at every tick of the arena's life
/// ([`ScopeTrace::arena_life`]) where that may change; proved for every
/// run-time size (`Exprs::at_least`).
/// A part left alone (one buffer) holds what it held.
fn never_above(part: &ScopeTrace, decision: &Decision, static_arena: Option<u64>) -> bool {
    let (mut exprs, arena, buffers) = match decision {
        Decision::Skip(_) => return true,
        Decision::Merge(schedule) => {
            let mut exprs = plan::symbolic::Exprs::new();
            let total = exprs.constant(schedule.total);
            (exprs, total, symbolic_buffers(part).1)
        }
        Decision::MergeDynamic(schedule) => (
            schedule.plan.exprs.clone(),
            schedule.plan.total,
            schedule.buffers.clone(),
        ),
    };
    // Every tick of the arena's life where the bytes held without it may
    // change: its ends, where each buffer starts to be held and the tick
    // after it is freed (a life freed at the scope exits ends after all).
    let (start, end) = part.arena_life;
    let held_at = |i: usize| part.buffers[i].held;
    let last = (0..buffers.len()).map(|i| held_at(i).1).max().unwrap_or(0);
    let mut ticks: Vec<u64> = vec![start, end.min(last.saturating_add(1))];
    ticks.extend((0..buffers.len()).map(|i| held_at(i).0));
    ticks.extend((0..buffers.len()).map(|i| held_at(i).1.saturating_add(1)));
    ticks.retain(|&t| start <= t && t <= end);
    ticks.sort_unstable();
    ticks.dedup();
    for tick in ticks {
        let mut held = exprs.constant(static_arena.unwrap_or(0));
        for (i, b) in buffers.iter().enumerate() {
            let counted = static_arena.is_none() || b.size.as_static().is_none();
            let (from, to) = held_at(i);
            if counted && from <= tick && tick <= to {
                match exprs.size(&b.size).and_then(|size| exprs.add(held, size)) {
                    Some(sum) => held = sum,
                    None => return false,
                }
            }
        }
        if !exprs.at_least(held, arena) {
            return false;
        }
    }
    true
}

/// Buffers of a scope tried against each other per buffer when splitting:
/// with more groups than this, only the latest ones (bounds the planning
/// work of a scope to this many plans per buffer).
const SPLIT_TRIES: usize = 16;

/// Plans every scope with `keep-peak` (and, with `dynamic=true`, under
/// `no-higher-peak`): one arena per scope when it saves bytes ([`decide`];
/// a scope with buffers sized at run time is packed whole) and keeps the
/// function's heap at every tick at or below its peak without merging
/// ([`PeakState`], run-time sized bytes compared for every size);
/// otherwise the scope's buffers, in order of their first tick, each join
/// the arena (of those formed so far) that grows least (sizes at run time
/// compared at [`GROWTH_AT`]) while staying at most the sum of its buffers
/// (static arenas) and keeping the peak, or start one of their own. Arenas
/// of two or more buffers are rewritten ([`ScopeTrace::split`] says which of
/// how many); a buffer alone stays as it is
/// ([`Refusal::RaisesFunctionPeak`]). A scope of static buffers is also
/// split into the bands of its one arena's plan ([`band_split`]); the split
/// with fewer bytes (then fewer allocations) is kept. Scopes are decided in
/// order, each against the heap the ones before left; a scope without
/// run-time sized buffers is planned as with `dynamic=false`. With
/// `stack-joins-heap`, stack buffers then join heap arenas where the peak
/// allows ([`join_stack_buffers`]). In a function of static buffers whose
/// joined blocks' arenas and buffers left out take more bytes than one
/// arena of each block's heap and stack buffers at least needs, the scopes
/// are also planned with each block's stack buffers in its heap scope
/// ([`joint_traces`], [`restack`]): that plan is kept when it takes fewer
/// bytes (arenas, heap and stack, and buffers left out) and does not raise
/// the function's heap peak above that of the first ([`Footing`]).
fn keep_peak_scopes(
    traces: &MemoryTraces,
    heap: &HeapProfile,
    scheduler: &dyn MemoryScheduler,
) -> Result<Planned, (OpId, String)> {
    let (ends, resolved) = state_inputs(traces);
    let planned = keep_peak_plan(traces, heap, scheduler, &ends, &resolved)?;
    let Some(joint) = joint_traces(traces) else {
        return Ok(planned);
    };
    // Planned apart, the joined blocks' buffers may already take no more
    // bytes than one arena of all of them at least needs.
    let mut bound = 0u64;
    let mut in_joint: rustc_hash::FxHashSet<OpId> = Default::default();
    for t in joint
        .scopes
        .iter()
        .filter(|t| t.buffers.iter().any(|b| b.stack))
    {
        let problem = problem_of(t).map_err(|m| (t.scope_op, m))?;
        bound = bound.saturating_add(plan::lower_bound(&problem));
        in_joint.extend(t.buffers.iter().map(|b| b.alloc));
    }
    if Footing::bytes_of(traces, &planned, &|alloc| in_joint.contains(&alloc)) <= bound {
        return Ok(planned);
    }
    let mut together = keep_peak_plan(&joint, heap, scheduler, &ends, &resolved)?;
    restack(&mut together, &joint, scheduler)?;
    let footing = |planned: &Planned| Footing::of(traces, planned, heap, &ends, &resolved);
    let (separate, joined) = (footing(&planned), footing(&together));
    // Fewer bytes, and no more heap bytes at the function's peak.
    if joined.bytes < separate.bytes && joined.heap.peak_not_above(&separate.heap) {
        return Ok(together);
    }
    Ok(planned)
}

/// Where arenas may start and end (ticks the peak state splits at), and the
/// values the run-time sizes of the traced buffers equal.
type StateInputs = (Vec<u64>, rustc_hash::FxHashMap<OpId, Vec<SizeForm>>);

fn state_inputs(traces: &MemoryTraces) -> StateInputs {
    let mut ends = Vec::new();
    let mut resolved = rustc_hash::FxHashMap::default();
    for b in traces.scopes.iter().flat_map(|t| &t.buffers) {
        if let Some(h) = b.holders {
            ends.push(h.alloc_begin);
            if let Some(last) = h.last_use {
                ends.push(last.end.saturating_add(1));
            }
            ends.push(b.last.saturating_add(1));
        }
        ends.push(b.last.saturating_add(1));
        if !b.dynamic_sizes.is_empty() {
            resolved.insert(b.alloc, b.forms());
        }
    }
    (ends, resolved)
}

/// [`keep_peak_scopes`] for the scopes as `traces` gives them.
fn keep_peak_plan(
    traces: &MemoryTraces,
    heap: &HeapProfile,
    scheduler: &dyn MemoryScheduler,
    ends: &[u64],
    resolved: &rustc_hash::FxHashMap<OpId, Vec<SizeForm>>,
) -> Result<Planned, (OpId, String)> {
    let mut planned = Planned::default();
    // Built for the first heap scope that would merge: a function whose
    // scopes all skip (or hold only stack buffers) never needs it.
    let mut lazy_state: Option<PeakState> = None;
    for trace in &traces.scopes {
        let at = |message: String| (trace.scope_op, message);
        let dynamic = trace.buffers.iter().any(|b| !b.dynamic_sizes.is_empty());
        let whole = decide(trace, scheduler, dynamic).map_err(at)?;
        // A stack arena holds no heap byte and is never split.
        if matches!(whole, Decision::Skip(_)) || trace.class == AllocationClass::Stack {
            planned.scopes.push(trace.clone());
            planned.decisions.push(whole);
            continue;
        }
        let state = lazy_state.get_or_insert_with(|| PeakState::new(heap, ends, resolved));
        let Some(bytes) = arena_bytes(state, &whole) else {
            planned.scopes.push(trace.clone());
            planned.decisions.push(whole);
            continue;
        };
        let allocs: Vec<OpId> = trace.buffers.iter().map(|b| b.alloc).collect();
        let plain = vec![None; allocs.len()];
        if state.fits(&allocs, &plain, bytes, trace.arena_life) {
            state.take(&allocs, &plain, bytes, trace.arena_life);
            planned.scopes.push(trace.clone());
            planned.decisions.push(whole);
            continue;
        }
        // Split two ways, each from the state as it is here (the greedy
        // split on a copy): each buffer joining the arena that grows least,
        // and bands of the one arena's plan (`band_split`); the fewer bytes
        // win, then the fewer allocations.
        let mut greedy_state = state.clone();
        let state = &mut greedy_state;
        // The allocations of `members` (a group's and the buffer `i`
        // joining it) and where each is held now: in the group's arena, or
        // `i` on its own.
        let joined = |group: &Group, members: &[usize], i: usize| {
            let allocs: Vec<OpId> = members.iter().map(|&m| trace.buffers[m].alloc).collect();
            let held: Vec<Option<Held>> = members
                .iter()
                .map(|&m| match m == i {
                    true => None,
                    false => group.arena.as_ref().map(|(held, ..)| *held),
                })
                .collect();
            (allocs, held)
        };
        let mut groups: Vec<Group> = Vec::new();
        // What the sets of this scope's buffers are found to need, shared
        // with the band split below.
        let mut memo = LeastArenas::default();
        let mut order: Vec<usize> = (0..trace.buffers.len()).collect();
        order.sort_by_key(|&i| (trace.buffers[i].first, i));
        for i in order {
            let mut best: Option<(u64, usize, ScopeTrace, Decision, ArenaBytes, u64)> = None;
            let tried = groups.len().saturating_sub(SPLIT_TRIES);
            for (g, group) in groups.iter().enumerate().skip(tried) {
                let mut members = group.members.clone();
                members.push(i);
                members.sort_unstable();
                let (before, free_after, life) = trace.arena_of(&members);
                let (member_allocs, current) = joined(group, &members, i);
                // With run-time sizes, planning is skipped where even an
                // arena of the largest member's bytes would not fit (an
                // arena holds each of its buffers).
                if dynamic
                    && (largest_refuted(
                        state,
                        trace,
                        &members,
                        (&member_allocs, &current),
                        life,
                        &mut memo,
                    ) || largest_member(state, trace, &members)
                        .is_some_and(|least| !state.fits(&member_allocs, &current, least, life)))
                {
                    continue;
                }
                let part = trace.part(&members, before, free_after, life);
                let now = match &group.arena {
                    Some((_, size, ..)) => *size,
                    None => group
                        .members
                        .iter()
                        .map(|&m| size_at(&trace.buffers[m]))
                        .sum(),
                };
                // No static arena is smaller than the bytes its buffers
                // hold at their busiest tick: planning is skipped when even
                // that grows the group no less than the best join so far.
                if !dynamic
                    && let Some((least_growth, ..)) = &best
                    && static_growth_at_least(&part, now, *least_growth)
                {
                    continue;
                }
                // A static arena at most as large as its buffers (it saves
                // their mallocs and their alignment overhead).
                let decision = match dynamic {
                    true => memo.decide(&part, &members, scheduler),
                    false => decide(&part, scheduler, true),
                }
                .map_err(at)?;
                let size = match &decision {
                    Decision::Merge(schedule)
                        if u128::from(schedule.total) <= bytes_before(&part) =>
                    {
                        schedule.total
                    }
                    Decision::MergeDynamic(schedule) => {
                        let values = |_| GROWTH_AT;
                        schedule
                            .plan
                            .exprs
                            .eval(schedule.plan.total, &values)
                            .unwrap_or(u64::MAX)
                    }
                    _ => continue,
                };
                let growth = size.saturating_sub(now);
                if best.as_ref().is_some_and(|(g0, ..)| *g0 <= growth) {
                    continue;
                }
                let Some(bytes) = arena_bytes(state, &decision) else {
                    continue;
                };
                if state.fits(&member_allocs, &current, bytes, life) {
                    best = Some((growth, g, part, decision, bytes, size));
                }
            }
            match best {
                Some((_, g, part, decision, bytes, size)) => {
                    let group = &mut groups[g];
                    let mut members = group.members.clone();
                    members.push(i);
                    members.sort_unstable();
                    let (member_allocs, current) = joined(group, &members, i);
                    let held = state.take(&member_allocs, &current, bytes, part.arena_life);
                    group.members = members;
                    group.arena = Some((held, size, part, decision));
                }
                None => groups.push(Group {
                    members: vec![i],
                    arena: None,
                }),
            }
        }
        // The band split works on the state as it was before the greedy
        // split, moved out (the winner's state replaces it below).
        let mut band_state = lazy_state.take().expect("the peak state is built above");
        let bands = match &whole {
            Decision::Merge(schedule) => band_split(trace, schedule, &mut band_state),
            Decision::MergeDynamic(schedule) => {
                band_split_dynamic(trace, schedule, &mut band_state, scheduler, &mut memo)
            }
            Decision::Skip(_) => Ok(None),
        };
        if let Some(bands) = bands.map_err(at)?
            && split_cost(trace, &bands) < split_cost(trace, &groups)
        {
            groups = bands;
            greedy_state = band_state;
        }
        lazy_state = Some(greedy_state);
        let merged = groups.iter().filter(|g| g.arena.is_some()).count();
        let mut k = 0;
        for group in groups {
            match group.arena {
                Some((_, _, mut part, decision)) => {
                    k += 1;
                    part.split = Some((k, merged));
                    planned.scopes.push(part);
                    planned.decisions.push(decision);
                }
                None => planned.left_alone.push(LeftAlone {
                    alloc: trace.buffers[group.members[0]].alloc,
                    reason: Refusal::RaisesFunctionPeak,
                }),
            }
        }
        if merged == 0 {
            planned.scopes.push(trace.clone());
            planned
                .decisions
                .push(Decision::Skip(Skip::RaisesFunctionPeak));
        }
    }
    if traces.stack_joins_heap
        && let Some(state) = lazy_state.as_mut()
    {
        join_stack_buffers(&mut planned, state, scheduler)?;
    }
    Ok(planned)
}

/// Whether every arena [`decide`] would plan for the static scope `part`
/// grows an arena of `now` bytes by at least `growth`: the bytes its
/// buffers hold at their busiest tick do (no plan places two live buffers
/// on one byte). `false` (plan it) when `decide` could fail on it: sizes
/// past 64-bit planning, or an arena possibly past a memref dimension.
fn static_growth_at_least(part: &ScopeTrace, now: u64, growth: u64) -> bool {
    if within_planning_range(part).is_err() || bytes_before(part) > u128::from(u64::MAX >> 2) {
        return false;
    }
    let Ok(problem) = problem_of(part) else {
        return false;
    };
    plan::peak_live_bytes(&problem).saturating_sub(now) >= growth
}

/// The most plans [`join_stack_buffers`] makes per stack scope (each is a
/// heap arena planned again with one more buffer).
const JOIN_TRIES: usize = 64;

/// With `keep-peak` and `stack-joins-heap`: each buffer of a stack scope,
/// in order of its first tick, joins a static heap arena of the same scope
/// block and memory space when that arena is still allocated and freed
/// where it was (the buffer's allocation and last use lie within the
/// arena's life) and, planned again with the buffer, it keeps the
/// function's peak heap bytes (`state` takes the grown arena). The bytes
/// the buffer held on the stack then lie in bytes the heap arena holds
/// anyway, or grows by within the peak. The buffers left are planned as a
/// stack arena again ([`decide`]).
fn join_stack_buffers(
    planned: &mut Planned,
    state: &mut PeakState,
    scheduler: &dyn MemoryScheduler,
) -> Result<(), (OpId, String)> {
    for s in 0..planned.scopes.len() {
        let stack = &planned.scopes[s];
        if stack.class != AllocationClass::Stack {
            continue;
        }
        let scope_op = stack.scope_op;
        let at = |message: String| (scope_op, message);
        let heaps: Vec<usize> = (0..planned.scopes.len())
            .filter(|&h| {
                let t = &planned.scopes[h];
                t.class == AllocationClass::Heap
                    && t.scope_block == stack.scope_block
                    && t.memory_space == stack.memory_space
                    && matches!(planned.decisions[h], Decision::Merge(_))
            })
            .collect();
        if heaps.is_empty() {
            continue;
        }
        let mut order: Vec<usize> = (0..stack.buffers.len())
            .filter(|&i| stack.buffers[i].holders.is_some())
            .collect();
        order.sort_by_key(|&i| (stack.buffers[i].first, i));
        let mut joined = vec![false; stack.buffers.len()];
        let mut tries = 0;
        for i in order {
            let buffer = planned.scopes[s].buffers[i].clone();
            for &h in &heaps {
                if tries == JOIN_TRIES {
                    break;
                }
                let heap = &planned.scopes[h];
                let Decision::Merge(old) = &planned.decisions[h] else {
                    continue;
                };
                let mut part = heap.clone();
                part.buffers.push(buffer.clone());
                part.buffers.sort_by_key(|b| b.alloc);
                let all: Vec<usize> = (0..part.buffers.len()).collect();
                if part.arena_of(&all) != (heap.arena_before, heap.free_after, heap.arena_life) {
                    continue;
                }
                tries += 1;
                // The arena as the state holds it (`arena_bytes`).
                let current = Held {
                    bytes: old.total.saturating_add(old.alignment),
                    life: heap.arena_life,
                    dynamic: None,
                };
                let decision = decide(&part, scheduler, false).map_err(at)?;
                let Decision::Merge(schedule) = &decision else {
                    continue;
                };
                let bytes = ArenaBytes::Static(schedule.total.saturating_add(schedule.alignment));
                let allocs: Vec<OpId> = part.buffers.iter().map(|b| b.alloc).collect();
                let held: Vec<Option<Held>> = part
                    .buffers
                    .iter()
                    .map(|b| (b.alloc != buffer.alloc).then_some(current))
                    .collect();
                if !state.fits(&allocs, &held, bytes, part.arena_life) {
                    continue;
                }
                state.take(&allocs, &held, bytes, part.arena_life);
                planned.scopes[h] = part;
                planned.decisions[h] = decision;
                joined[i] = true;
                break;
            }
        }
        if !joined.contains(&true) {
            continue;
        }
        let stack = &planned.scopes[s];
        let rest: Vec<usize> = (0..stack.buffers.len()).filter(|&i| !joined[i]).collect();
        let rest = stack.part(
            &rest,
            stack.arena_before,
            stack.free_after,
            stack.arena_life,
        );
        let decision = decide(&rest, scheduler, false).map_err(at)?;
        planned.scopes[s] = rest;
        planned.decisions[s] = decision;
    }
    Ok(())
}

/// With `keep-peak` and `stack-joins-heap`, the traces planned the other
/// way: the stack buffers of every scope block with static heap buffers
/// of the same memory space in its heap trace, as one scope, with the
/// arena of all of them placed around them ([`ScopeTrace::arena_of`]);
/// `None` when no block has both, or some buffer has a run-time size or
/// no [`TracedBuffer::holders`]. Planned like any heap scope (one arena,
/// the groups that keep the peak, the bands of its plan), a stack buffer
/// may then extend the life of an arena, or of a band of it, which
/// [`join_stack_buffers`] never does.
fn joint_traces(traces: &MemoryTraces) -> Option<MemoryTraces> {
    if !traces.stack_joins_heap
        || traces
            .scopes
            .iter()
            .flat_map(|t| &t.buffers)
            .any(|b| !b.dynamic_sizes.is_empty() || b.holders.is_none())
    {
        return None;
    }
    let mut scopes = traces.scopes.clone();
    let joined = join_stack_into_heap(&mut scopes, |heap| {
        let all: Vec<usize> = (0..heap.buffers.len()).collect();
        (heap.arena_before, heap.free_after, heap.arena_life) = heap.arena_of(&all);
    });
    if !joined {
        return None;
    }
    Some(MemoryTraces {
        scopes,
        left_alone: vec![],
        heap: None,
        stack_joins_heap: false,
    })
}

/// After planning [`joint_traces`]: the stack buffers not in an arena with
/// heap buffers (an arena of stack buffers alone would be freed by
/// nothing; a group of one is left as it is) go back to a stack scope of
/// their block, planned as one ([`decide`]: a stack arena where it saves
/// bytes); the split arenas left are numbered again.
fn restack(
    planned: &mut Planned,
    joint: &MemoryTraces,
    scheduler: &dyn MemoryScheduler,
) -> Result<(), (OpId, String)> {
    let mut pools: Vec<ScopeTrace> = Vec::new();
    let mut pool = |trace: &ScopeTrace, buffers: Vec<super::collect::TracedBuffer>| {
        let at = pools.iter().position(|p| {
            p.scope_block == trace.scope_block && p.memory_space == trace.memory_space
        });
        let p = match at {
            Some(p) => &mut pools[p],
            None => {
                pools.push(ScopeTrace::new(
                    trace.scope_op,
                    trace.scope_block,
                    trace.scope_label.clone(),
                    trace.memory_space.clone(),
                    AllocationClass::Stack,
                    vec![],
                ));
                pools.last_mut().expect("just pushed")
            }
        };
        for b in buffers {
            if !p.buffers.iter().any(|q| q.alloc == b.alloc) {
                p.buffers.push(b);
            }
        }
    };
    let scopes = std::mem::take(&mut planned.scopes);
    let decisions = std::mem::take(&mut planned.decisions);
    for (mut trace, decision) in scopes.into_iter().zip(decisions) {
        if trace.class != AllocationClass::Heap || !trace.buffers.iter().any(|b| b.stack) {
            planned.scopes.push(trace);
            planned.decisions.push(decision);
            continue;
        }
        let mixed = trace.buffers.iter().any(|b| !b.stack);
        match decision {
            Decision::Skip(skip) => {
                // Its buffers stay as they are: the stack ones in the stack
                // scope, the heap ones keep the record.
                let (stack, heap): (Vec<_>, Vec<_>) = std::mem::take(&mut trace.buffers)
                    .into_iter()
                    .partition(|b| b.stack);
                pool(&trace, stack);
                if !heap.is_empty() {
                    trace.buffers = heap;
                    planned.scopes.push(trace);
                    planned.decisions.push(Decision::Skip(skip));
                }
            }
            _ if mixed => {
                planned.scopes.push(trace);
                planned.decisions.push(decision);
            }
            _ => {
                let buffers = std::mem::take(&mut trace.buffers);
                pool(&trace, buffers);
            }
        }
    }
    // A stack buffer left alone by the split, in a group of its own.
    let mut left = std::mem::take(&mut planned.left_alone);
    left.retain(|l| {
        let found = joint.scopes.iter().find_map(|t| {
            let b = t.buffers.iter().find(|b| b.alloc == l.alloc && b.stack)?;
            Some((t, b.clone()))
        });
        match found {
            Some((trace, buffer)) => {
                pool(trace, vec![buffer]);
                false
            }
            None => true,
        }
    });
    planned.left_alone = left;
    for mut trace in pools {
        trace.buffers.sort_by_key(|b| b.alloc);
        let decision = decide(&trace, scheduler, false).map_err(|m| (trace.scope_op, m))?;
        planned.scopes.push(trace);
        planned.decisions.push(decision);
    }
    // The split arenas of each scope block and memory space, counted again.
    let n = planned.scopes.len();
    for t in 0..n {
        if planned.scopes[t].split.is_none_or(|(k, _)| k != 1) {
            continue;
        }
        let same: Vec<usize> = (t..n)
            .filter(|&u| {
                let (a, b) = (&planned.scopes[t], &planned.scopes[u]);
                b.split.is_some()
                    && a.scope_block == b.scope_block
                    && a.memory_space == b.memory_space
                    && a.class == b.class
            })
            .collect();
        for (k, &u) in same.iter().enumerate() {
            planned.scopes[u].split = Some((k + 1, same.len()));
        }
    }
    Ok(())
}

/// What a function's plan costs: the bytes of its arenas and of the traced
/// buffers in none (each stays an allocation of its own), and the heap it
/// holds (the peak state with its heap arenas taken).
struct Footing {
    bytes: u64,
    heap: PeakState,
}

impl Footing {
    fn of(
        traces: &MemoryTraces,
        planned: &Planned,
        heap: &HeapProfile,
        ends: &[u64],
        resolved: &rustc_hash::FxHashMap<OpId, Vec<SizeForm>>,
    ) -> Footing {
        let mut bytes = 0u64;
        let mut state = PeakState::new(heap, ends, resolved);
        let mut merged: rustc_hash::FxHashSet<OpId> = Default::default();
        for (trace, decision) in planned.scopes.iter().zip(&planned.decisions) {
            let Decision::Merge(schedule) = decision else {
                continue;
            };
            merged.extend(trace.buffers.iter().map(|b| b.alloc));
            bytes = bytes.saturating_add(schedule.total);
            if trace.class == AllocationClass::Heap {
                let allocs: Vec<OpId> = trace.buffers.iter().map(|b| b.alloc).collect();
                let plain = vec![None; allocs.len()];
                let held = ArenaBytes::Static(schedule.total.saturating_add(schedule.alignment));
                state.take(&allocs, &plain, held, trace.arena_life);
            }
        }
        for b in traces.scopes.iter().flat_map(|t| &t.buffers) {
            if !merged.contains(&b.alloc) {
                bytes = bytes.saturating_add(b.size);
            }
        }
        Footing { bytes, heap: state }
    }

    /// The bytes of the arenas holding a buffer `chosen` picks and of the
    /// buffers it picks in no arena.
    fn bytes_of(traces: &MemoryTraces, planned: &Planned, chosen: &dyn Fn(OpId) -> bool) -> u64 {
        let mut bytes = 0u64;
        let mut merged: rustc_hash::FxHashSet<OpId> = Default::default();
        for (trace, decision) in planned.scopes.iter().zip(&planned.decisions) {
            if let Decision::Merge(schedule) = decision
                && trace.buffers.iter().any(|b| chosen(b.alloc))
            {
                merged.extend(trace.buffers.iter().map(|b| b.alloc));
                bytes = bytes.saturating_add(schedule.total);
            }
        }
        for b in traces.scopes.iter().flat_map(|t| &t.buffers) {
            if chosen(b.alloc) && !merged.contains(&b.alloc) {
                bytes = bytes.saturating_add(b.size);
            }
        }
        bytes
    }
}

/// A part of a split scope: buffers (indices into the trace) and their
/// arena (as the state holds it, its size at [`GROWTH_AT`], its trace and
/// plan); `None` for one buffer left as it is.
pub(super) struct Group {
    pub(super) members: Vec<usize>,
    pub(super) arena: Option<(Held, u64, ScopeTrace, Decision)>,
}

/// The bytes of a split (its arenas, at [`GROWTH_AT`] when sized at run
/// time, and the buffers left alone) and its number of allocations.
pub(super) fn split_cost(trace: &ScopeTrace, groups: &[Group]) -> (u64, usize) {
    let bytes = groups
        .iter()
        .map(|g| match &g.arena {
            Some((_, size, ..)) => *size,
            None => g.members.iter().map(|&m| size_at(&trace.buffers[m])).sum(),
        })
        .fold(0u64, u64::saturating_add);
    (bytes, groups.len())
}

/// Splits a scope along its one arena's plan: the plan's byte range is cut
/// at every offset (a multiple of the arena's alignment) no buffer's padded
/// bytes cross, and each band of buffers becomes an arena of its own, its
/// buffers at the same offsets relative to the band's start, living from
/// its first buffer's allocation to its last buffer's last use (a buffer
/// alone in its band stays as it is). Bands are taken bottom up, each
/// joined with as many bands above it as keep the function's peak (`state`
/// takes each arena). A band's arena ends at its last buffer's last byte:
/// the padding past it holds nothing. The bands hold no more bytes in all
/// than the one arena, and each lives only while its own buffers do.
/// `None` when the plan has one band, or a band of two or more buffers
/// raises the peak however it is joined.
fn band_split(
    trace: &ScopeTrace,
    whole: &MemorySchedule,
    state: &mut PeakState,
) -> Result<Option<Vec<Group>>, String> {
    let padded = |i: usize| {
        let b = &trace.buffers[i];
        let alignment = b.alignment.max(1);
        b.size.div_ceil(alignment).saturating_mul(alignment)
    };
    let mut order: Vec<usize> = (0..trace.buffers.len()).collect();
    order.sort_by_key(|&i| (whole.offsets[i], i));
    let mut bands: Vec<Vec<usize>> = Vec::new();
    let mut reach = 0u64;
    for i in order {
        let offset = whole.offsets[i];
        if bands.is_empty() || (reach <= offset && offset.is_multiple_of(whole.alignment)) {
            bands.push(Vec::new());
        }
        if let Some(band) = bands.last_mut() {
            band.push(i);
        }
        reach = reach.max(offset.saturating_add(padded(i)));
    }
    if bands.len() < 2 {
        return Ok(None);
    }
    let mut groups = Vec::new();
    let mut k = 0;
    while k < bands.len() {
        let mut placed = false;
        for j in (k..bands.len()).rev() {
            let mut members: Vec<usize> = bands[k..=j].concat();
            members.sort_unstable();
            if members.len() == 1 {
                groups.push(Group {
                    members,
                    arena: None,
                });
                k = j + 1;
                placed = true;
                break;
            }
            let start = whole.offsets[bands[k][0]];
            let (before, free_after, life) = trace.arena_of(&members);
            let part = trace.part(&members, before, free_after, life);
            let offsets: Vec<u64> = members.iter().map(|&m| whole.offsets[m] - start).collect();
            let end = |offsets: &[u64], size: &dyn Fn(usize) -> u64| {
                members
                    .iter()
                    .zip(offsets)
                    .map(|(&m, &offset)| offset.saturating_add(size(m)))
                    .max()
                    .unwrap_or(0)
            };
            let used = end(&offsets, &|m| trace.buffers[m].size);
            let mut band = MemorySchedule {
                total: end(&offsets, &padded),
                alignment: members
                    .iter()
                    .map(|&m| trace.buffers[m].alignment)
                    .max()
                    .unwrap_or(1),
                offsets,
                lower_bound: plan::lower_bound(&problem_of(&part)?),
            };
            verify_schedule(&part, &band)?;
            band.total = used.max(1);
            if u128::from(band.total) >= bytes_before(&part) {
                continue;
            }
            arena_dimension(band.total)?;
            let allocs: Vec<OpId> = members.iter().map(|&m| trace.buffers[m].alloc).collect();
            let plain = vec![None; allocs.len()];
            let bytes = ArenaBytes::Static(band.total.saturating_add(band.alignment));
            if state.fits(&allocs, &plain, bytes, life) {
                let held = state.take(&allocs, &plain, bytes, life);
                let size = band.total;
                groups.push(Group {
                    members,
                    arena: Some((held, size, part, Decision::Merge(band))),
                });
                k = j + 1;
                placed = true;
                break;
            }
        }
        if !placed {
            return Ok(None);
        }
    }
    Ok(Some(groups))
}

/// The value every run-time size takes when the scheduler compares how much
/// arenas grow as buffers join them (any size would do: every arena it keeps
/// is checked for every size).
pub(super) const GROWTH_AT: u64 = 256;

/// A buffer's bytes with every run-time size at [`GROWTH_AT`].
pub(super) fn size_at(b: &super::collect::TracedBuffer) -> u64 {
    b.dynamic_sizes
        .iter()
        .try_fold(b.size, |bytes, _| bytes.checked_mul(GROWTH_AT))
        .unwrap_or(u64::MAX)
}

/// The bytes of the largest of `members` (a maximum over run-time sizes),
/// with the arena's overhead (their largest alignment), in the state's
/// pool: no arena holding them is smaller. `None` when all are static.
pub(super) fn largest_member(
    state: &mut PeakState,
    trace: &ScopeTrace,
    members: &[usize],
) -> Option<ArenaBytes> {
    if members
        .iter()
        .all(|&m| trace.buffers[m].dynamic_sizes.is_empty())
    {
        return None;
    }
    let mut exprs = plan::symbolic::Exprs::new();
    let mut symbols: Vec<ValueId> = Vec::new();
    let mut sizes = Vec::with_capacity(members.len());
    for &m in members {
        let size = buffer_size(&trace.buffers[m], &mut symbols);
        sizes.push(exprs.size(&size)?);
    }
    let most = exprs.max(&sizes);
    let alignment = members.iter().map(|&m| trace.buffers[m].alignment).max()?;
    state
        .import(&exprs, most, &symbols, alignment)
        .map(ArenaBytes::Dynamic)
}

/// The bytes live at once at the busiest tick of a set of a scope's
/// buffers as [`least_arena`] finds them in a pool of their own (that pool,
/// the expression, the values its symbols stand for, and the buffers'
/// largest alignment), by the set's sorted indices: within one scope they
/// depend on nothing else, so a set asked for again is not built again.
#[derive(Default)]
pub(super) struct LeastArenas {
    built: rustc_hash::FxHashMap<Vec<usize>, Option<LeastBytes>>,
    /// Per buffer of the scope, its size as [`buffer_size`] gives it from
    /// no symbols and the values its symbols stand for, found on first use.
    sizes: Vec<Option<(SymSize, Vec<ValueId>)>>,
    /// The decisions of [`decide`] (with `pack_all`) for the arenas of sets
    /// of the scope's buffers, by the sets' sorted indices: an arena's
    /// trace is the set's buffers over their life
    /// ([`ScopeTrace::arena_of`]), and its plan reads only those buffers.
    decided: rustc_hash::FxHashMap<Vec<usize>, Decision>,
}

impl LeastArenas {
    /// [`decide`] (with `pack_all`) for the arena of `members` (sorted
    /// indices of buffers of `trace`, whose trace is `part`), each set
    /// decided once.
    pub(super) fn decide(
        &mut self,
        part: &ScopeTrace,
        members: &[usize],
        scheduler: &dyn MemoryScheduler,
    ) -> Result<Decision, String> {
        if let Some(decision) = self.decided.get(members) {
            return Ok(decision.clone());
        }
        let decision = decide(part, scheduler, true)?;
        self.decided.insert(members.to_vec(), decision.clone());
        Ok(decision)
    }

    /// The values at the probe points of the sizes of `members` (indices
    /// of buffers of `trace`) in `state`'s pool, their symbols numbered
    /// there in the order [`least_arena`] and [`largest_member`] number
    /// them when they import an expression of them (so the state's probes
    /// and these are taken at one value per size); `None` when all are
    /// static or their constant bytes and `overhead` sum past 64 bits (no
    /// expression of them is then built).
    fn probes(
        &mut self,
        state: &mut PeakState,
        trace: &ScopeTrace,
        members: &[usize],
        overhead: u64,
    ) -> Option<Vec<[u64; plan::symbolic::PROBES]>> {
        if members
            .iter()
            .all(|&m| trace.buffers[m].dynamic_sizes.is_empty())
        {
            return None;
        }
        if self.sizes.len() < trace.buffers.len() {
            self.sizes.resize(trace.buffers.len(), None);
        }
        let mut constants = u128::from(overhead);
        // The symbols in the order `buffer_size` numbers them over the
        // members in turn.
        let mut symbols: Vec<ValueId> = Vec::new();
        for &m in members {
            let (size, values) = self.sizes[m].get_or_insert_with(|| {
                let mut values = Vec::new();
                let size = buffer_size(&trace.buffers[m], &mut values);
                (size, values)
            });
            constants += u128::from(size.constant);
            for v in values.iter() {
                if !symbols.contains(v) {
                    symbols.push(*v);
                }
            }
        }
        if constants > u128::from(u64::MAX) {
            return None;
        }
        let numbers: Vec<u32> = symbols.iter().map(|&v| state.symbol(v)).collect();
        let probes = members
            .iter()
            .map(|&m| {
                let (size, values) = self.sizes[m].as_ref().expect("sized above");
                let number = |s: u32| {
                    let value = values[s as usize];
                    numbers[symbols.iter().position(|&v| v == value).unwrap_or(0)]
                };
                size.probes(&number)
            })
            .collect();
        Some(probes)
    }
}

/// The members' largest alignment and each member's size at the probe
/// points ([`LeastArenas::probes`]); `None` without members or where that
/// gives none.
fn aligned_probes(
    state: &mut PeakState,
    trace: &ScopeTrace,
    members: &[usize],
    memo: &mut LeastArenas,
) -> Option<(u64, Vec<[u64; plan::symbolic::PROBES]>)> {
    let alignment = members.iter().map(|&m| trace.buffers[m].alignment).max()?;
    let probes = memo.probes(state, trace, members, alignment)?;
    Some((alignment, probes))
}

/// Whether `state.fits` surely refuses an arena of the bytes `members`
/// (sorted indices of buffers of `trace`, whose allocations are `allocs`,
/// each held as `current`) hold at their busiest tick, over `life`
/// ([`least_arena`]), found at the probe points before that arena is built
/// (`PeakState::refutes`): its maximum's items are the bytes the members
/// live at each member's first tick hold. `false` when all are static.
pub(super) fn least_refuted(
    state: &mut PeakState,
    trace: &ScopeTrace,
    members: &[usize],
    (allocs, current): (&[OpId], &[Option<Held>]),
    life: (u64, u64),
    memo: &mut LeastArenas,
) -> bool {
    let Some((alignment, probes)) = aligned_probes(state, trace, members, memo) else {
        return false;
    };
    let mut items: Vec<[u64; plan::symbolic::PROBES]> = Vec::new();
    for &m in members {
        let t = trace.buffers[m].first;
        let mut sum = [0u64; plan::symbolic::PROBES];
        for (j, &n) in members.iter().enumerate() {
            let b = &trace.buffers[n];
            if b.first <= t && t <= b.last {
                for k in 0..plan::symbolic::PROBES {
                    sum[k] = sum[k].saturating_add(probes[j][k]);
                }
            }
        }
        if !items.contains(&sum) {
            items.push(sum);
        }
    }
    state.refutes(allocs, current, &items, alignment, life)
}

/// [`least_refuted`] for the arena of the largest of `members`
/// ([`largest_member`]): its maximum's items are the members' sizes.
pub(super) fn largest_refuted(
    state: &mut PeakState,
    trace: &ScopeTrace,
    members: &[usize],
    (allocs, current): (&[OpId], &[Option<Held>]),
    life: (u64, u64),
    memo: &mut LeastArenas,
) -> bool {
    let Some((alignment, probes)) = aligned_probes(state, trace, members, memo) else {
        return false;
    };
    state.refutes(allocs, current, &probes, alignment, life)
}

/// One entry of [`LeastArenas`]: `(pool, most, symbols, alignment)`.
type LeastBytes = (plan::symbolic::Exprs, ExprId, Vec<ValueId>, u64);

/// The bytes live at once at the busiest tick of `members` (sorted indices
/// of buffers of `trace`; unpadded, a maximum over run-time sizes), with
/// the arena's overhead (their largest alignment), in the state's pool: no
/// arena holding them is smaller (a plan never places two live buffers on
/// one byte). `None` when all are static or the sum overflows. `memo` holds
/// the sets of `trace` found so far ([`LeastArenas`]).
pub(super) fn least_arena(
    state: &mut PeakState,
    trace: &ScopeTrace,
    members: &[usize],
    memo: &mut LeastArenas,
) -> Option<ArenaBytes> {
    if members
        .iter()
        .all(|&m| trace.buffers[m].dynamic_sizes.is_empty())
    {
        return None;
    }
    if !memo.built.contains_key(members) {
        let built = least_bytes(trace, members);
        memo.built.insert(members.to_vec(), built);
    }
    let (exprs, most, symbols, alignment) = memo.built.get(members)?.as_ref()?;
    state
        .import(exprs, *most, symbols, *alignment)
        .map(ArenaBytes::Dynamic)
}

/// [`least_arena`]'s bytes of `members` in a pool of their own.
fn least_bytes(trace: &ScopeTrace, members: &[usize]) -> Option<LeastBytes> {
    let mut symbols: Vec<ValueId> = Vec::new();
    let buffers: Vec<SymBuffer> = members
        .iter()
        .map(|&m| {
            let b = &trace.buffers[m];
            SymBuffer {
                size: buffer_size(b, &mut symbols),
                alignment: b.alignment,
                first: b.first,
                last: b.last,
            }
        })
        .collect();
    let mut exprs = plan::symbolic::Exprs::new();
    let most = plan::symbolic::peak_live_bytes(&buffers, &mut exprs)?;
    let alignment = members.iter().map(|&m| trace.buffers[m].alignment).max()?;
    Some((exprs, most, symbols, alignment))
}

/// The symbol number of each of `sizes` (run-time size values) in
/// `symbols`, which gets the values it does not hold yet.
fn symbol_ids(sizes: &[ValueId], symbols: &mut Vec<ValueId>) -> Vec<u32> {
    sizes
        .iter()
        .map(|&v| {
            let at = symbols.iter().position(|&s| s == v).unwrap_or_else(|| {
                symbols.push(v);
                symbols.len() - 1
            });
            at as u32
        })
        .collect()
}

/// The bytes `malloc` is asked for the arena of a decision (its size and
/// its alignment, `profile::HeapBuffer::overhead`), in the state's pool
/// when sized at run time; `None` for a scope left alone.
pub(super) fn arena_bytes(state: &mut PeakState, decision: &Decision) -> Option<ArenaBytes> {
    match decision {
        Decision::Skip(_) => None,
        Decision::Merge(schedule) => Some(ArenaBytes::Static(
            schedule.total.saturating_add(schedule.alignment),
        )),
        Decision::MergeDynamic(schedule) => state
            .import(
                &schedule.plan.exprs,
                schedule.plan.total,
                &schedule.symbols,
                schedule.plan.alignment,
            )
            .map(ArenaBytes::Dynamic),
    }
}
