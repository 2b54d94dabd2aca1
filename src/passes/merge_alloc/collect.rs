//! Stage 1 of `bufrs-merge-alloc`, the trace collector: which heap (and,
//! with the `stack` class, stack) allocations are mergeable (or why each
//! other one is left alone), their allocation scopes, memory spaces and
//! tick lifetimes, the size operands of dynamic buffers as had at the scope
//! entry, and where each scope's arena lives. What it finds
//! ([`MemoryTraces`]) is all the later stages read of the analyses.

use mlir_sys::{MlirOperation, MlirValue};

use super::profile::{HeapProfile, HeapSize, heap_profile};
use crate::ir::capture::IrMap;
use crate::{
    analysis::{
        alias::AliasAnalysis,
        allocs::{frees_only, heap_allocated_result, is_pure_allocation, stack_allocated_result},
        flow::{Events, FlowEvent},
        lifetimes::Lifetimes,
        loops::allocation_scope,
        snapshot::{BlockId, EffectKind, Effects, OpId, Snapshot, ValueId},
        uses::UseLists,
        value_flow::{ValueFlow, allocation_origin},
    },
    dialect::index_poly,
    ir::{edit, types},
};

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
    /// A stack allocation an op frees (its arena must not be freed).
    StackFreed,
    /// With `dynamic=true`: an arena holding it would at some point of its
    /// life hold more bytes than the buffers it replaces (and their
    /// `dynamic=false` arena), so it could raise the program's peak.
    RaisesPeak,
    /// With `keep-peak`: every arena holding it with other buffers of its
    /// scope would raise the function's peak heap bytes.
    RaisesFunctionPeak,
    /// With `dynamic=true` and `keep-peak`: sized at run time in a scope
    /// region of several blocks, where an arena lives over the whole region
    /// (before its buffers and on paths without them), so it would raise
    /// the function's peak for some size.
    DynamicInBranchingScope,
}

impl Refusal {
    pub fn message(&self, snapshot: &Snapshot) -> String {
        match self {
            Refusal::OtherEffects => "the op does more than allocate its one result".into(),
            Refusal::NotRanked => "not a ranked memref".into(),
            Refusal::DynamicShape => "dynamic shape".into(),
            Refusal::Staging => "staging buffer".into(),
            Refusal::StackFreed => "a stack allocation freed by an op".into(),
            Refusal::RaisesPeak => {
                "an arena would hold more bytes than the separate buffers at some point of its life"
                    .into()
            }
            Refusal::RaisesFunctionPeak => {
                "an arena holding it with other buffers of its scope would raise the function's peak heap bytes"
                    .into()
            }
            Refusal::DynamicInBranchingScope => {
                "sized at run time in a scope region of several blocks (its arena would live over the whole region)"
                    .into()
            }
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

/// Where an allocation takes its bytes: the classes the `classes` option
/// names. Each scope block gets one arena per class (and memory space): a
/// heap arena is a `memref.alloc`, a stack arena a `memref.alloca`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllocationClass {
    /// An `Allocate` effect on the heap (`memref.alloc`-like).
    Heap,
    /// An `Allocate` effect on the automatic allocation scope resource
    /// (`memref.alloca`-like), freed when its scope exits. Static shapes
    /// only. Its arena is allocated at the start of the scope block and,
    /// like the allocations it replaces, lives until the scope exits: its
    /// bytes are shared only between buffers whose lifetimes do not
    /// overlap, never split into parts (a part would hold its bytes to the
    /// exit as well).
    Stack,
}

impl AllocationClass {
    /// The names the `classes` option takes, in the enum's order.
    pub const NAMES: [&'static str; 2] = ["heap", "stack"];

    pub fn name(self) -> &'static str {
        match self {
            AllocationClass::Heap => Self::NAMES[0],
            AllocationClass::Stack => Self::NAMES[1],
        }
    }

    pub fn from_name(name: &str) -> Option<AllocationClass> {
        match name {
            "heap" => Some(AllocationClass::Heap),
            "stack" => Some(AllocationClass::Stack),
            _ => None,
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
    /// Per dynamic size, the polynomial over size values it equals
    /// ([`SizeForm`]: `%dim + 2` for an `affine.apply` adding 2 to a
    /// `memref.dim`); empty when each size is a value of its own.
    pub size_forms: Vec<SizeForm>,
    /// Required offset alignment (a power of two).
    pub alignment: u64,
    /// Inclusive tick lifetime.
    pub first: u64,
    pub last: u64,
    /// Frees of the buffer itself, to remove.
    pub frees: Vec<OpId>,
    /// The ticks its own allocation holds bytes: from its allocation op to
    /// its last free (to `last` without one).
    pub held: (u64, u64),
    /// The ops of the scope block holding its allocation and its last use,
    /// where an arena holding it starts and ends ([`ScopeTrace::arena_of`]);
    /// `None` in a scope region of several blocks or when the allocation is
    /// not under the scope block.
    pub holders: Option<Holders>,
    /// A stack allocation (`AllocationClass::Stack`), also when it joined a
    /// heap trace (`stack-joins-heap`).
    pub stack: bool,
}

/// A run-time size as a polynomial over size values with non-negative
/// coefficients: `(coefficient, values)` terms, the constant's values empty.
/// Every value is available at the scope entry and never negative (a
/// `memref.dim`), so sizes over the same values compare
/// (`plan::symbolic::Exprs::at_least`).
pub type SizeForm = Vec<(u64, Vec<ValueId>)>;

impl TracedBuffer {
    /// Per dynamic size, its [`SizeForm`] (the size value itself where the
    /// collector found none).
    pub fn forms(&self) -> Vec<SizeForm> {
        if self.size_forms.len() == self.dynamic_sizes.len() {
            return self.size_forms.clone();
        }
        self.dynamic_sizes
            .iter()
            .map(|&v| vec![(1, vec![v])])
            .collect()
    }
}

/// The ops of the scope block an arena holding a buffer is placed around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holders {
    /// The op holding the allocation, and its first tick.
    pub alloc_op: OpId,
    pub alloc_begin: u64,
    /// The op holding the buffer's last use; `None` when no op of the
    /// block holds that tick.
    pub last_use: Option<LastUse>,
}

/// The op of a scope block holding a buffer's last use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastUse {
    pub op: OpId,
    /// Its first and last ticks.
    pub begin: u64,
    pub end: u64,
    /// It is a terminator: no free can follow it.
    pub terminator: bool,
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
    /// Heap or stack: the class of every buffer and of the arena.
    pub class: AllocationClass,
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
    /// The ticks from the arena's allocation to its free (`dynamic=true`):
    /// from the start of `arena_before` (0 without one) to the end of
    /// `free_after`, or to the last buffer's last tick when nothing is freed
    /// (a later deallocation frees the arena after its last use), or
    /// `u64::MAX` when the arena is freed at the scope's exits.
    pub arena_life: (u64, u64),
    /// With `dynamic=true`: the buffers split where none of them is live
    /// (intervals of overlapping lifetimes, in time order), each part with
    /// its own arena placement; empty otherwise.
    pub segments: Vec<Segment>,
    /// `Some((k, n))`: the `k`-th of `n` arenas the scheduler split the
    /// scope's buffers into (`keep-peak`: one arena would raise the
    /// function's peak).
    pub split: Option<(usize, usize)>,
}

/// A part of a scope's buffers whose lifetimes chain into one interval, and
/// where its own arena would live (as [`ScopeTrace::arena_before`] and
/// [`ScopeTrace::free_after`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Indices into [`ScopeTrace::buffers`], in trace order.
    pub buffers: Vec<usize>,
    pub arena_before: Option<OpId>,
    pub free_after: Option<OpId>,
    /// As [`ScopeTrace::arena_life`].
    pub arena_life: (u64, u64),
}

impl ScopeTrace {
    /// The trace of `buffers` in one scope block and memory space, before
    /// any placement is chosen: the arena at the block's start and freed at
    /// the scope's exits, no size computation to move, no segment or split.
    pub fn new(
        scope_op: OpId,
        scope_block: BlockId,
        scope_label: String,
        memory_space: String,
        class: AllocationClass,
        buffers: Vec<TracedBuffer>,
    ) -> ScopeTrace {
        ScopeTrace {
            scope_op,
            scope_block,
            scope_label,
            memory_space,
            class,
            buffers,
            hoist: vec![],
            replace: vec![],
            arena_before: None,
            free_after: None,
            arena_life: (0, u64::MAX),
            segments: vec![],
            split: None,
        }
    }

    /// Where an arena holding the buffers `indices` lives: allocated before
    /// the first op of the scope block holding one of their allocations,
    /// and (when they had frees) freed after the last op holding a use of
    /// one; the ticks from the start of the first to the end of the last
    /// (to the last buffer's last tick when nothing is freed: a later
    /// deallocation frees the arena after its last use). Without
    /// [`TracedBuffer::holders`] (a scope region of several blocks) the
    /// arena stays at the block's start and is freed before the region's
    /// exits: `(None, None, (0, u64::MAX))`.
    pub fn arena_of(&self, indices: &[usize]) -> (Option<OpId>, Option<OpId>, (u64, u64)) {
        let everywhere = (None, None, (0, u64::MAX));
        let mut first: Option<(OpId, u64)> = None;
        let mut last: Option<(u64, Option<LastUse>)> = None;
        for &i in indices {
            let b = &self.buffers[i];
            let Some(h) = b.holders else {
                return everywhere;
            };
            if first.is_none_or(|(_, begin)| h.alloc_begin < begin) {
                first = Some((h.alloc_op, h.alloc_begin));
            }
            if last.is_none_or(|(tick, _)| b.last > tick) {
                last = Some((b.last, h.last_use));
            }
        }
        let Some((first_op, start)) = first else {
            return everywhere;
        };
        let free_after = last
            .and_then(|(_, holder)| holder)
            .filter(|h| !h.terminator && start <= h.begin);
        let end = match free_after {
            Some(h) => h.end,
            None if indices.iter().any(|&i| !self.buffers[i].frees.is_empty()) => u64::MAX,
            None => last.map_or(0, |(tick, _)| tick),
        };
        (Some(first_op), free_after.map(|h| h.op), (start, end))
    }

    /// The trace of some of its buffers (indices in trace order), with the
    /// given arena placement and life, and no segments.
    pub fn part(
        &self,
        buffers: &[usize],
        arena_before: Option<OpId>,
        free_after: Option<OpId>,
        arena_life: (u64, u64),
    ) -> ScopeTrace {
        // Field by field: `..self.clone()` would copy every buffer and
        // segment of the scope only to drop them.
        ScopeTrace {
            buffers: buffers.iter().map(|&i| self.buffers[i].clone()).collect(),
            arena_before,
            free_after,
            arena_life,
            segments: vec![],
            scope_op: self.scope_op,
            scope_block: self.scope_block,
            scope_label: self.scope_label.clone(),
            memory_space: self.memory_space.clone(),
            class: self.class,
            hoist: self.hoist.clone(),
            replace: self.replace.clone(),
            split: self.split,
        }
    }
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
    /// With `keep-peak`: the function's heap, for the scheduler's peak
    /// check; `None` otherwise.
    pub heap: Option<HeapProfile>,
    /// With `keep-peak` and `stack-joins-heap`: the scheduler joins the
    /// stack buffers of a scope block into its heap arenas where the
    /// function's peak heap bytes do not rise (each has its holders).
    pub stack_joins_heap: bool,
}

/// Stage 1: finds mergeable allocations, their scopes and lifetimes.
pub trait TraceCollector {
    fn collect(&self, snapshot: &Snapshot, map: &IrMap) -> MemoryTraces;

    /// [`TraceCollector::collect`] on a snapshot nobody else holds: a
    /// collector may edit it while it works, but leaves it as it found it.
    fn collect_owned(&self, snapshot: &mut Snapshot, map: &IrMap) -> MemoryTraces {
        self.collect(snapshot, map)
    }
}

/// The default collector: `analysis::alias` + `analysis::lifetimes` ticks.
pub struct TickTraceCollector {
    /// Minimum offset alignment (the `alignment` option).
    pub alignment: u64,
    /// Also collect dynamic shapes (the `dynamic` option; heap only).
    pub dynamic: bool,
    /// The classes of allocations collected (the `classes` option); the
    /// others are not looked at.
    pub classes: Vec<AllocationClass>,
    /// The stack allocations of a scope block with mergeable heap
    /// allocations of the same memory space join their trace (the
    /// `stack-joins-heap` option): one heap arena holds both.
    pub stack_joins_heap: bool,
    /// Printed memory space of staging buffers, left alone (empty: none).
    pub staging_space: String,
    /// Also describe the function's heap ([`MemoryTraces::heap`], the
    /// `keep-peak` option); with `dynamic`, buffers sized at run time in a
    /// scope region of several blocks are left alone
    /// ([`Refusal::DynamicInBranchingScope`]).
    pub keep_peak: bool,
    /// A call's buffer results are fresh, not its operands (the
    /// `calls-return-fresh` option).
    pub calls_return_fresh: bool,
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
        let allocations = self.allocations(snapshot, &uses);
        // The snapshot is copied only when there is a free to blank out.
        let mut edited: Option<Snapshot> = None;
        for free in heap_frees(&allocations) {
            edited.get_or_insert_with(|| snapshot.clone()).ops[free.index()]
                .facts
                .effects = Effects::Known(vec![]);
        }
        let edited = edited.as_ref().unwrap_or(snapshot);
        self.collect_from(snapshot, edited, map, uses, allocations)
    }

    /// The frees are blanked in the snapshot itself and put back after the
    /// analyses, instead of in a copy: what reads the unedited snapshot in
    /// [`TickTraceCollector::collect_from`] (scopes, allocation ops, size
    /// definitions, terminators) never reads a free's effects.
    fn collect_owned(&self, snapshot: &mut Snapshot, map: &IrMap) -> MemoryTraces {
        let uses = UseLists::new(snapshot);
        let allocations = self.allocations(snapshot, &uses);
        let blanked: Vec<(OpId, Effects)> = heap_frees(&allocations)
            .map(|free| {
                let effects = std::mem::replace(
                    &mut snapshot.ops[free.index()].facts.effects,
                    Effects::Known(vec![]),
                );
                (free, effects)
            })
            .collect();
        let traces = self.collect_from(snapshot, snapshot, map, uses, allocations);
        // Put back in reverse, so a free listed twice gets its first effects.
        for (free, effects) in blanked.into_iter().rev() {
            snapshot.ops[free.index()].facts.effects = effects;
        }
        traces
    }
}

/// An allocation found by the collector: the op, its buffer, its class and
/// the frees of the buffer itself.
type Allocation = (OpId, ValueId, AllocationClass, Vec<OpId>);

/// The frees of heap allocations themselves, removed by the rewrite: the
/// lifetimes are computed as if they were gone (their effects blanked), so a
/// late free does not stretch a buffer's life. A stack allocation with a
/// free is left alone by the collector. Blanking effects changes no operand,
/// so use lists stay valid.
fn heap_frees(allocations: &[Allocation]) -> impl Iterator<Item = OpId> + '_ {
    allocations
        .iter()
        .filter(|(_, _, class, _)| *class == AllocationClass::Heap)
        .flat_map(|(_, _, _, frees)| frees.iter().copied())
}

impl TickTraceCollector {
    /// Every allocation of a collected class with the frees of it.
    fn allocations(&self, snapshot: &Snapshot, uses: &UseLists) -> Vec<Allocation> {
        let mut allocations = Vec::new();
        for index in 0..snapshot.ops.len() {
            let alloc = OpId(index as u32);
            let Some((value, class)) = self.allocated(snapshot, alloc) else {
                continue;
            };
            let frees: Vec<OpId> = uses
                .of(value)
                .iter()
                .map(|u| u.user)
                .filter(|&f| frees_only(snapshot, f, value))
                .collect();
            allocations.push((alloc, value, class, frees));
        }
        allocations
    }

    /// The traces of `snapshot`, analysed on `edited` (the snapshot with the
    /// frees of [`heap_frees`] blanked).
    fn collect_from(
        &self,
        snapshot: &Snapshot,
        edited: &Snapshot,
        map: &IrMap,
        uses: UseLists,
        allocations: Vec<Allocation>,
    ) -> MemoryTraces {
        let alias = if self.calls_return_fresh {
            AliasAnalysis::from_flow(edited, ValueFlow::with_fresh_call_results(edited))
        } else {
            AliasAnalysis::new(edited)
        };
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

        let mut traces = MemoryTraces {
            stack_joins_heap: self.stack_joins_heap && self.keep_peak,
            ..MemoryTraces::default()
        };
        if self.keep_peak {
            let size = |alloc: OpId, value: ValueId| {
                let op = map.op(alloc);
                let overhead = match alignment_attribute(op) {
                    1 => 0,
                    a => a,
                };
                let size = match buffer_facts(op, map.value(value), true) {
                    Ok(sized) if sized.dynamic_dims == 0 => HeapSize::Static(sized.size),
                    Ok(sized)
                        if is_pure_allocation(snapshot, alloc) == Some(value)
                            && snapshot.op(alloc).operands.len() == sized.dynamic_dims =>
                    {
                        HeapSize::Dynamic {
                            unit: sized.size,
                            sizes: snapshot.op(alloc).operands.to_vec(),
                        }
                    }
                    _ => HeapSize::Unknown,
                };
                (size, overhead)
            };
            let heap: Vec<(OpId, ValueId, Vec<OpId>)> = allocations
                .iter()
                .filter(|(_, _, class, _)| *class == AllocationClass::Heap)
                .map(|(alloc, value, _, frees)| (*alloc, *value, frees.clone()))
                .collect();
            traces.heap = Some(heap_profile(edited, &lifetimes, &heap, &size));
        }
        // (scope block, memory space) -> index in traces.scopes.
        let mut group: rustc_hash::FxHashMap<(BlockId, String, AllocationClass), usize> =
            rustc_hash::FxHashMap::default();
        // Per scope block: the size computations to move to its start.
        // Built for the first run-time sized buffer.
        let mut same_dims: Option<SameDims> = None;
        let mut hoists: rustc_hash::FxHashMap<BlockId, EntryComputation> =
            rustc_hash::FxHashMap::default();
        for (alloc, value, class, frees) in allocations {
            let refuse = |reason| LeftAlone { alloc, reason };
            if is_pure_allocation(snapshot, alloc) != Some(value) {
                traces.left_alone.push(refuse(Refusal::OtherEffects));
                continue;
            }
            if class == AllocationClass::Stack && !frees.is_empty() {
                traces.left_alone.push(refuse(Refusal::StackFreed));
                continue;
            }
            // A stack arena of run-time size would be a dynamic alloca,
            // which LLVM does not place in the frame: static shapes only.
            let dynamic = self.dynamic && class == AllocationClass::Heap;
            let sized = match buffer_facts(map.op(alloc), map.value(value), dynamic) {
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
                if self.keep_peak && branching_scope(snapshot, scope_block) {
                    traces
                        .left_alone
                        .push(refuse(Refusal::DynamicInBranchingScope));
                    continue;
                }
                op.operands.to_vec()
            };
            let mut entry = EntryComputation::default();
            let mut at_entry = Vec::with_capacity(dynamic_sizes.len());
            for &v in &dynamic_sizes {
                match size_at_entry(snapshot, map, v, scope_block, &mut entry, 0) {
                    Some(had) => {
                        let dims = same_dims.get_or_insert_with(|| SameDims::new(snapshot, map));
                        at_entry.push(dims.first_equal(snapshot, map, had, scope_block, &mut entry))
                    }
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
            let size_forms: Vec<SizeForm> = match same_dims.as_ref() {
                Some(dims) => dynamic_sizes
                    .iter()
                    .map(|&v| size_form(snapshot, map, v, scope_block, &mut entry, dims))
                    .collect(),
                None => vec![],
            };
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
                size_forms,
                alignment,
                first: life.begin as u64,
                last: life.end as u64,
                held: (
                    u64::from(ticks.begin(alloc)).min(life.begin as u64),
                    frees
                        .iter()
                        .map(|&f| u64::from(ticks.end(f)))
                        .max()
                        .unwrap_or(0)
                        .max(life.end as u64),
                ),
                frees,
                holders: None,
                stack: class == AllocationClass::Stack,
            };
            match group.entry((scope_block, sized.memory_space.clone(), class)) {
                std::collections::hash_map::Entry::Occupied(at) => {
                    traces.scopes[*at.get()].buffers.push(buffer)
                }
                std::collections::hash_map::Entry::Vacant(at) => {
                    at.insert(traces.scopes.len());
                    traces.scopes.push(ScopeTrace::new(
                        scope_op,
                        scope_block,
                        label(scope_op),
                        sized.memory_space,
                        class,
                        vec![buffer],
                    ));
                }
            }
        }
        // Static and dynamic scopes alike: the arena lives from the first op
        // holding one of its allocations to the last op using one, as the
        // buffers' own frees did, so merging does not raise the peak by
        // keeping the arena alive to the scope's exits.
        // With keep-peak the scheduler joins stack buffers into a heap arena
        // one by one, where the function's peak heap bytes do not rise.
        if self.stack_joins_heap && !self.keep_peak {
            join_stack_into_heap(&mut traces.scopes, |_| {});
        }
        // A stack arena stays at the block's start, as the allocas it
        // replaces last until the scope exits (`AllocationClass::Stack`);
        // with keep-peak and stack-joins-heap its buffers get their holders,
        // for the scheduler to tell where a heap arena holding one would live.
        for trace in &mut traces.scopes {
            if trace.class == AllocationClass::Stack {
                if self.stack_joins_heap && self.keep_peak {
                    fill_holders(snapshot, ticks, trace);
                }
                continue;
            }
            place_arena(snapshot, ticks, trace);
            // The parts `no-higher-peak` tries without `keep-peak`.
            if self.dynamic && !self.keep_peak {
                trace.segments = segments(trace);
            }
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

/// Moves the buffers of every stack trace into the heap trace of the same
/// scope block and memory space, if there is one, keeping the buffers in
/// op order; the stack traces left have no heap trace beside them. One
/// arena then holds both at the bound of their joint lifetimes (two arenas
/// need the sum of two bounds), and it is allocated and freed where the
/// heap buffers were: no allocation is added. `joined_into` sees each heap
/// trace after stack buffers joined it; whether any did is returned.
pub(super) fn join_stack_into_heap(
    scopes: &mut Vec<ScopeTrace>,
    mut joined_into: impl FnMut(&mut ScopeTrace),
) -> bool {
    let mut joined = vec![false; scopes.len()];
    for s in 0..scopes.len() {
        if scopes[s].class != AllocationClass::Stack {
            continue;
        }
        let Some(h) = (0..scopes.len()).find(|&h| {
            scopes[h].class == AllocationClass::Heap
                && scopes[h].scope_block == scopes[s].scope_block
                && scopes[h].memory_space == scopes[s].memory_space
        }) else {
            continue;
        };
        let stack = std::mem::take(&mut scopes[s].buffers);
        let heap = &mut scopes[h];
        heap.buffers.extend(stack);
        heap.buffers.sort_by_key(|b| b.alloc);
        joined_into(heap);
        joined[s] = true;
    }
    let any = joined.contains(&true);
    let mut index = 0;
    scopes.retain(|_| {
        index += 1;
        !joined[index - 1]
    });
    any
}

impl TickTraceCollector {
    /// The one result `alloc` allocates and its class, if it allocates only
    /// that in a class this collector merges (heap first).
    fn allocated(&self, snapshot: &Snapshot, alloc: OpId) -> Option<(ValueId, AllocationClass)> {
        let in_class = |class| self.classes.contains(&class);
        in_class(AllocationClass::Heap)
            .then(|| heap_allocated_result(snapshot, alloc))
            .flatten()
            .map(|v| (v, AllocationClass::Heap))
            .or_else(|| {
                in_class(AllocationClass::Stack)
                    .then(|| stack_allocated_result(snapshot, alloc))
                    .flatten()
                    .map(|v| (v, AllocationClass::Stack))
            })
    }

    /// Whether [`TraceCollector::collect`] may give a scope two buffers: some
    /// scope block and memory space holds two heap allocations that pass the
    /// checks needing neither the alias analysis nor lifetimes (a pure
    /// allocation of a mergeable type, not staging, with a scope, dynamic
    /// sizes available at its entry) and the refusals seen without them: no
    /// return-like terminator takes it and no region edge forwards it, as it
    /// is or through views and casts of it (collect refuses those as
    /// returned or yielded), and nothing frees a view or cast of it (freed
    /// through an alias). Of the groups left with two or more, a group
    /// whose arena could not save a byte does not count either
    /// ([`cannot_save_bytes`]). When it answers `false`, every scope collect
    /// would find has at most one buffer or is skipped as saving no byte,
    /// so the pass changes nothing and need not build the analyses (linear
    /// scans of the ops).
    pub fn may_merge(&self, snapshot: &Snapshot, map: &IrMap) -> bool {
        let mut candidates: Vec<Candidate> = Vec::new();
        for index in 0..snapshot.ops.len() {
            let alloc = OpId(index as u32);
            let Some((value, class)) = self.allocated(snapshot, alloc) else {
                continue;
            };
            if is_pure_allocation(snapshot, alloc) != Some(value) {
                continue;
            }
            let Ok(sized) = buffer_facts(map.op(alloc), map.value(value), self.dynamic) else {
                continue;
            };
            if !self.staging_space.is_empty()
                && sized.memory_space.split(" : ").next() == Some(self.staging_space.as_str())
            {
                continue;
            }
            let Ok((_, block)) = scope_of(snapshot, alloc) else {
                continue;
            };
            if sized.dynamic_dims > 0 {
                let op = snapshot.op(alloc);
                let mut entry = EntryComputation::default();
                let at_entry =
                    |v: &ValueId| size_at_entry(snapshot, map, *v, block, &mut entry, 0).is_some();
                if class == AllocationClass::Stack
                    || op.operands.len() != sized.dynamic_dims
                    || (self.keep_peak && branching_scope(snapshot, block))
                    || !op.operands.iter().all(at_entry)
                {
                    continue;
                }
            }
            // The stack-joins-heap option puts a scope's allocas with its
            // heap buffers: one group then. Not with keep-peak in a scope
            // region of several blocks: there no buffer has holders, which
            // the scheduler's joins need (`schedule::join_stack_buffers`
            // and `joint_traces`).
            let apart =
                !self.stack_joins_heap || (self.keep_peak && branching_scope(snapshot, block));
            let group = if class == AllocationClass::Stack && apart {
                format!("{} (stack)", sized.memory_space)
            } else {
                sized.memory_space
            };
            candidates.push(Candidate {
                value,
                block,
                group,
                class,
                dynamic: sized.dynamic_dims > 0,
                size: sized.size,
                alignment: self
                    .alignment
                    .max(sized.element_bytes)
                    .max(alignment_attribute(map.op(alloc))),
            });
        }
        let two_in_a_group = |candidates: &[Candidate]| {
            let mut seen = rustc_hash::FxHashSet::default();
            candidates
                .iter()
                .any(|c| !seen.insert((c.block, c.group.as_str())))
        };
        if !two_in_a_group(&candidates) {
            return false;
        }
        // Values that flow into a block argument, per (block, argument).
        let mut into_arg: rustc_hash::FxHashMap<(BlockId, u32), Vec<ValueId>> =
            rustc_hash::FxHashMap::default();
        for op in &snapshot.ops {
            for successor in op.facts.successors.iter().filter(|s| s.mapping_known) {
                for (i, &value) in successor.forwarded.iter().enumerate() {
                    into_arg
                        .entry((successor.block, successor.produced + i as u32))
                        .or_default()
                        .push(value);
                }
            }
        }
        // Uses that refuse every buffer flowing into them: returned or
        // yielded, freed (unless the freed value is an allocation itself,
        // whose free the merge removes), taken by an op of unknown effects,
        // address exposed.
        let is_allocation = |value: ValueId| match snapshot.value(value).def {
            crate::analysis::snapshot::ValueDef::OpResult { op, .. } => {
                heap_allocated_result(snapshot, op) == Some(value)
            }
            crate::analysis::snapshot::ValueDef::BlockArg { .. } => false,
        };
        let is_buffer = |value: &ValueId| snapshot.value(*value).kind.is_buffer();
        let mut stack: Vec<ValueId> = Vec::new();
        for (index, op) in snapshot.ops.iter().enumerate() {
            let facts = &op.facts;
            if facts.is_return_like && facts.is_terminator {
                stack.extend(op.operands.iter().filter(|v| is_buffer(v)));
            }
            for edge in &facts.terminator_edges {
                stack.extend(edge.forwarded.iter().filter(|v| is_buffer(v)));
            }
            match &facts.effects {
                Effects::Known(effects) => {
                    for effect in effects {
                        if let (EffectKind::Free, Some(freed)) = (effect.kind, effect.value)
                            && !is_allocation(freed)
                        {
                            stack.push(freed);
                        }
                    }
                }
                Effects::Unknown if !facts.is_call && !facts.is_terminator => {
                    stack.extend(op.operands.iter().filter(|v| is_buffer(v)));
                }
                Effects::Unknown => {}
            }
            if crate::analysis::value_flow::exposes_address(snapshot, OpId(index as u32)) {
                stack.extend(op.operands.iter().filter(|v| is_buffer(v)));
            }
        }
        // Everything flowing into those uses, backwards along the value
        // flow's view, cast and branch edges and its generic rule (a result
        // of an op that is no view, cast or region branch and does not
        // allocate it may be any buffer operand, e.g. a call's): a subset of
        // its edges, so the allocations found are refused by collect too.
        // With `calls-return-fresh` a call's results take nothing from its
        // operands, as in the value flow collect then builds.
        let mut refused = rustc_hash::FxHashSet::default();
        while let Some(value) = stack.pop() {
            if !refused.insert(value) {
                continue;
            }
            match snapshot.value(value).def {
                crate::analysis::snapshot::ValueDef::OpResult { op, index } => {
                    let info = snapshot.op(op);
                    let casts = info.facts.is_cast && info.operands.len() == info.results.len();
                    match info.facts.view_source {
                        Some(source) if index == 0 => stack.push(source),
                        None if casts => stack.push(info.operands[index as usize]),
                        _ if info.facts.region_branch.is_none()
                            && !(self.calls_return_fresh && info.facts.is_call)
                            && allocation_origin(snapshot, op, value).is_none() =>
                        {
                            stack.extend(info.operands.iter().filter(|v| is_buffer(v)))
                        }
                        _ => {}
                    }
                }
                crate::analysis::snapshot::ValueDef::BlockArg { block, index } => {
                    if let Some(sources) = into_arg.get(&(block, index)) {
                        stack.extend(sources.iter().copied());
                    }
                }
            }
        }
        candidates.retain(|c| !refused.contains(&c.value));
        two_in_a_group(&candidates)
            && !cannot_save_bytes(snapshot, &candidates, self.dynamic, self.keep_peak)
    }
}

/// An allocation [`TickTraceCollector::may_merge`] cannot rule out, with
/// the scope block and group (memory space, and whether a stack arena) of
/// the trace collect would put it in.
struct Candidate {
    value: ValueId,
    block: BlockId,
    group: String,
    class: AllocationClass,
    /// Sized at run time (a heap buffer with `dynamic`).
    dynamic: bool,
    size: u64,
    /// The offset alignment collect gives it.
    alignment: u64,
}

/// Whether no group of two or more `candidates` could save a byte, so
/// that `schedule::decide` would skip every scope collect builds of them
/// (`Skip::NoByteSaved`: the plan's total is at least the sum of the
/// buffers' sizes), whichever of them collect keeps. Each buffer occupies
/// its size rounded up to its alignment in the arena, and buffers whose
/// lifetimes overlap occupy disjoint bytes. A group cannot save when
///
/// - the sum of its sizes is at most every buffer's rounded size (small
///   buffers: any one of them already takes that much), or
/// - their lifetimes provably all share a tick, so the arena holds all of
///   them at once. Lifetimes are bounded from below without the analyses:
///   a buffer's lifetime contains `[begin(u), end(u)]` (ticks) of every op
///   `u` that takes it, or a view or cast of it, as an operand and may
///   touch memory (a use in `analysis::lifetimes`; a free of the buffer
///   itself is not one, as collect computes lifetimes without them); when
///   the latest begin of the group's spans is at most their earliest end,
///   every lifetime holds that tick.
///
/// Both hold for every subset of the group too. A group is not ruled out
/// when a buffer has no such use, when its sizes come near the planning
/// limits (whose error `decide` reports), or, with `dynamic` and without
/// `keep_peak`, when it holds a heap buffer (such a scope of two buffers is
/// packed whatever it saves).
///
/// With `keep_peak` (the collector's: its heap profile sends the scheduler
/// to `schedule::keep_peak_scopes`), only a scope with a buffer sized at
/// run time is packed; every other arena is planned where one arena of
/// static buffers of one group saves bytes (a scope's, or a block's heap and
/// stack buffers together) or holds static buffers of a packed scope. So a
/// group with two heap buffers, one of them sized at run time, is not ruled
/// out; in any other group the buffers sized at run time never merge (a
/// heap scope of one buffer is never packed, and the stack joins only
/// static heap arenas and plans), and the rules above are asked of its
/// static buffers alone.
fn cannot_save_bytes(
    snapshot: &Snapshot,
    candidates: &[Candidate],
    dynamic: bool,
    keep_peak: bool,
) -> bool {
    let mut groups: rustc_hash::FxHashMap<(BlockId, &str), Vec<usize>> =
        rustc_hash::FxHashMap::default();
    for (i, c) in candidates.iter().enumerate() {
        groups
            .entry((c.block, c.group.as_str()))
            .or_default()
            .push(i);
    }
    let mut groups: Vec<Vec<usize>> = groups
        .into_values()
        .filter(|members| members.len() >= 2)
        .collect();
    if keep_peak {
        let heap = |members: &[usize]| {
            members
                .iter()
                .filter(|&&i| candidates[i].class == AllocationClass::Heap)
                .count()
        };
        if groups
            .iter()
            .any(|m| heap(m) >= 2 && m.iter().any(|&i| candidates[i].dynamic))
        {
            return false;
        }
        for members in &mut groups {
            members.retain(|&i| !candidates[i].dynamic);
        }
        groups.retain(|members| members.len() >= 2);
    }
    // Far below the planning limits: the sizes padded to any alignment sum
    // within `u64`.
    const SMALL: u128 = 1 << 60;
    let packed = |members: &[usize]| {
        dynamic
            && !keep_peak
            && members
                .iter()
                .any(|&i| candidates[i].class == AllocationClass::Heap)
    };
    let large = |members: &[usize]| {
        members.len() >= 1 << 20
            || members
                .iter()
                .map(|&i| u128::from(candidates[i].size))
                .sum::<u128>()
                > SMALL
    };
    if groups.iter().any(|m| packed(m) || large(m)) {
        return false;
    }
    if groups.is_empty() {
        return true;
    }
    // Per value, the candidate it is or is a view or cast of (the value
    // flow's view and cast edges, followed in op order: one a later op
    // defines is missed, which only drops uses).
    let mut slot = vec![u32::MAX; snapshot.values.len()];
    for (i, c) in candidates.iter().enumerate() {
        slot[c.value.index()] = i as u32;
    }
    for op in &snapshot.ops {
        if let (Some(source), Some(&view)) = (op.facts.view_source, op.results.first()) {
            slot[view.index()] = slot[source.index()];
        } else if op.facts.is_cast && op.operands.len() == op.results.len() {
            for (&from, &to) in op.operands.iter().zip(&op.results) {
                if snapshot.value(to).kind.is_buffer() && snapshot.value(from).kind.is_buffer() {
                    slot[to.index()] = slot[from.index()];
                }
            }
        }
    }
    // Per candidate, the hull of the ticks of its uses and its views' and
    // casts' uses.
    let ticks = crate::analysis::lifetimes::Ticks::new(snapshot);
    let mut span: Vec<Option<(u32, u32)>> = vec![None; candidates.len()];
    for (index, op) in snapshot.ops.iter().enumerate() {
        let user = OpId(index as u32);
        if op.parent_block.is_none()
            || ticks.begin(user) == u32::MAX
            || matches!(&op.facts.effects, Effects::Known(e) if e.is_empty())
        {
            continue;
        }
        for &v in &op.operands {
            let i = slot[v.index()];
            if i == u32::MAX || frees_only(snapshot, user, v) {
                continue;
            }
            let (begin, end) = (ticks.begin(user), ticks.end(user));
            let s = span[i as usize].get_or_insert((begin, end));
            *s = (s.0.min(begin), s.1.max(end));
        }
    }
    groups.iter().all(|members| {
        let raw: u64 = members.iter().map(|&i| candidates[i].size).sum();
        if members.iter().all(|&i| {
            let c = &candidates[i];
            raw <= c.size.div_ceil(c.alignment) * c.alignment
        }) {
            return true;
        }
        let mut latest_begin = 0;
        let mut earliest_end = u32::MAX;
        for &i in members {
            let Some((begin, end)) = span[i] else {
                return false;
            };
            latest_begin = latest_begin.max(begin);
            earliest_end = earliest_end.min(end);
        }
        latest_begin <= earliest_end
    })
}

/// Whether the region holding scope block `block` has several blocks: an
/// arena of that scope is allocated at the region's entry and freed at its
/// exits ([`ScopeTrace::arena_of`]).
fn branching_scope(snapshot: &Snapshot, block: BlockId) -> bool {
    snapshot.region(snapshot.block(block).region).blocks.len() > 1
}

/// The buffers of `trace` split where none of them is live: sorted by first
/// tick, a buffer starting after every earlier one ended opens a new part.
/// Each part gets its arena placement from [`ScopeTrace::arena_of`].
fn segments(trace: &ScopeTrace) -> Vec<Segment> {
    let mut order: Vec<usize> = (0..trace.buffers.len()).collect();
    order.sort_by_key(|&i| (trace.buffers[i].first, i));
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut end = 0u64;
    for i in order {
        let b = &trace.buffers[i];
        match parts.last_mut() {
            Some(part) if b.first <= end => part.push(i),
            _ => parts.push(vec![i]),
        }
        end = end.max(b.last);
    }
    parts
        .into_iter()
        .map(|mut buffers| {
            buffers.sort_unstable();
            let (arena_before, free_after, arena_life) = trace.arena_of(&buffers);
            Segment {
                buffers,
                arena_before,
                free_after,
                arena_life,
            }
        })
        .collect()
}

/// Sets the buffers' [`Holders`] and where the arena of all of them lives
/// ([`ScopeTrace::arena_of`]). In a scope region of several blocks, or when
/// an allocation is not under the scope block, no buffer has holders.
fn place_arena(
    snapshot: &Snapshot,
    ticks: &crate::analysis::lifetimes::Ticks,
    trace: &mut ScopeTrace,
) {
    fill_holders(snapshot, ticks, trace);
    let all: Vec<usize> = (0..trace.buffers.len()).collect();
    (trace.arena_before, trace.free_after, trace.arena_life) = trace.arena_of(&all);
}

/// Gives every buffer of a scope whose block is its region's only block the
/// ops of the block holding its allocation and its last use
/// ([`TracedBuffer::holders`]); none when one has no such op.
fn fill_holders(
    snapshot: &Snapshot,
    ticks: &crate::analysis::lifetimes::Ticks,
    trace: &mut ScopeTrace,
) {
    let block = snapshot.block(trace.scope_block);
    if snapshot.region(block.region).blocks.len() == 1 {
        let holder =
            |tick: u64| {
                block.ops.iter().copied().find(|&op| {
                    u64::from(ticks.begin(op)) <= tick && tick <= u64::from(ticks.end(op))
                })
            };
        let holders: Option<Vec<Holders>> = trace
            .buffers
            .iter()
            .map(|b| {
                let alloc_op = holder(u64::from(ticks.begin(b.alloc)))?;
                Some(Holders {
                    alloc_op,
                    alloc_begin: u64::from(ticks.begin(alloc_op)),
                    last_use: holder(b.last).map(|op| LastUse {
                        op,
                        begin: u64::from(ticks.begin(op)),
                        end: u64::from(ticks.end(op)),
                        terminator: snapshot.op(op).facts.is_terminator,
                    }),
                })
            })
            .collect();
        if let Some(holders) = holders {
            for (b, h) in trace.buffers.iter_mut().zip(holders) {
                b.holders = Some(h);
            }
        }
    }
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

/// A polynomial over size values with integer coefficients (values sorted
/// in each term), as [`expand_size`] builds it.
type Poly = index_poly::Poly<ValueId>;

/// The [`SizeForm`] of the size `value` (had at the start of `block`): the
/// polynomial [`expand_size`] finds, when every coefficient is
/// non-negative (its hoists added to `entry`); else `value` itself.
fn size_form(
    snapshot: &Snapshot,
    map: &IrMap,
    value: ValueId,
    block: BlockId,
    entry: &mut EntryComputation,
    dims: &SameDims,
) -> SizeForm {
    let mut trial = entry.clone();
    let atom = vec![(1, vec![value])];
    let Some(poly) = expand_size(snapshot, map, value, block, &mut trial, dims, 0) else {
        return atom;
    };
    let mut form = Vec::with_capacity(poly.len());
    for (values, c) in poly {
        match u64::try_from(c) {
            Ok(0) => {}
            Ok(c) => form.push((c, values)),
            Err(_) => return atom,
        }
    }
    *entry = trial;
    form
}

/// The polynomial the index value `value` equals, over `memref.dim`
/// results (never negative) had at the start of `block` ([`size_at_entry`],
/// equal dimensions one value as [`SameDims::first_equal`] gives them):
/// through constants, `arith.addi`, `arith.subi`, `arith.muli`,
/// `arith.index_cast`/`arith.index_castui` to or from an integer of at
/// least 64 bits, `affine.apply` of a map of one sum or product result,
/// and `memref.dim` of an allocation or view (its size operand). The
/// arithmetic is modulo 2^64 on both sides, so the value equals the
/// polynomial for all sizes whose arithmetic does not overflow (as for the
/// allocation itself). `None` past 32 ops or on anything else.
fn expand_size(
    snapshot: &Snapshot,
    map: &IrMap,
    value: ValueId,
    block: BlockId,
    entry: &mut EntryComputation,
    dims: &SameDims,
    depth: usize,
) -> Option<Poly> {
    if depth > 32 {
        return None;
    }
    if let Some(c) = constant_index(snapshot, map, value) {
        return Some(Poly::from([(vec![], i128::from(c))]));
    }
    let crate::analysis::snapshot::ValueDef::OpResult { op, .. } = snapshot.value(value).def else {
        return None;
    };
    let info = snapshot.op(op);
    let operand = |k: usize, entry: &mut EntryComputation| {
        let v = *info.operands.get(k)?;
        expand_size(snapshot, map, v, block, entry, dims, depth + 1)
    };
    match info.name.as_str() {
        "memref.dim" => {
            if let Some(size) = dim_source_size(snapshot, map, op) {
                return expand_size(snapshot, map, size, block, entry, dims, depth + 1);
            }
            let had = size_at_entry(snapshot, map, value, block, entry, 0)?;
            let had = dims.first_equal(snapshot, map, had, block, entry);
            Some(Poly::from([(vec![had], 1)]))
        }
        "arith.addi" | "arith.subi" | "arith.muli" if info.operands.len() == 2 => {
            let (a, b) = (operand(0, entry)?, operand(1, entry)?);
            match info.name.as_str() {
                "arith.addi" => index_poly::sum(&a, &b, 1),
                "arith.subi" => index_poly::sum(&a, &b, -1),
                _ => index_poly::mul(&a, &b),
            }
        }
        "arith.index_cast" | "arith.index_castui" if info.operands.len() == 1 => {
            // SAFETY: live values of the run's map.
            let wide = |v: ValueId| unsafe {
                let ty = mlir_sys::mlirValueGetType(map.value(v));
                mlir_sys::mlirTypeIsAIndex(ty)
                    || (mlir_sys::mlirTypeIsAInteger(ty)
                        && mlir_sys::mlirIntegerTypeGetWidth(ty) >= 64)
            };
            if !wide(value) || !wide(info.operands[0]) {
                return None;
            }
            operand(0, entry)
        }
        "affine.apply" => {
            let attr = crate::ir::functions::attribute(map.op(op), "map")?;
            // SAFETY: a live attribute; the expression walk stays in the
            // map's results.
            unsafe {
                if !mlir_sys::mlirAttributeIsAAffineMap(attr) {
                    return None;
                }
                let affine = mlir_sys::mlirAffineMapAttrGetValue(attr);
                if mlir_sys::mlirAffineMapGetNumResults(affine) != 1 {
                    return None;
                }
                let dims_count = mlir_sys::mlirAffineMapGetNumDims(affine) as usize;
                let result = mlir_sys::mlirAffineMapGetResult(affine, 0);
                affine_poly(result, dims_count, &mut |k| operand(k, entry), 0)
            }
        }
        _ => None,
    }
}

/// The polynomial of an affine expression whose dimension `d` is operand
/// `d` and symbol `s` operand `dims + s` (`operand` gives each operand's
/// polynomial); sums, products and constants only.
/// # Safety
/// `expr` is live.
unsafe fn affine_poly(
    expr: mlir_sys::MlirAffineExpr,
    dims: usize,
    operand: &mut dyn FnMut(usize) -> Option<Poly>,
    depth: usize,
) -> Option<Poly> {
    if depth > 32 {
        return None;
    }
    // SAFETY: `expr` is live, and so are its operands.
    unsafe {
        if mlir_sys::mlirAffineExprIsAConstant(expr) {
            let c = mlir_sys::mlirAffineConstantExprGetValue(expr);
            return Some(Poly::from([(vec![], i128::from(c))]));
        }
        if mlir_sys::mlirAffineExprIsADim(expr) {
            return operand(mlir_sys::mlirAffineDimExprGetPosition(expr) as usize);
        }
        if mlir_sys::mlirAffineExprIsASymbol(expr) {
            return operand(dims + mlir_sys::mlirAffineSymbolExprGetPosition(expr) as usize);
        }
        let add = mlir_sys::mlirAffineExprIsAAdd(expr);
        if add || mlir_sys::mlirAffineExprIsAMul(expr) {
            let lhs = affine_poly(
                mlir_sys::mlirAffineBinaryOpExprGetLHS(expr),
                dims,
                operand,
                depth + 1,
            )?;
            let rhs = affine_poly(
                mlir_sys::mlirAffineBinaryOpExprGetRHS(expr),
                dims,
                operand,
                depth + 1,
            )?;
            return if add {
                index_poly::sum(&lhs, &rhs, 1)
            } else {
                index_poly::mul(&lhs, &rhs)
            };
        }
    }
    None
}

/// The `memref.dim` results of a function grouped by what they read: the
/// same source value and the same constant dimension index give the same
/// size (a memref's shape never changes), so buffers sized by different
/// such results get one symbol and their sizes compare.
struct SameDims {
    /// (source, index) -> the results reading it, in op order.
    groups: std::collections::HashMap<(ValueId, i64), Vec<ValueId>>,
}

impl SameDims {
    fn new(snapshot: &Snapshot, map: &IrMap) -> SameDims {
        let mut groups: std::collections::HashMap<(ValueId, i64), Vec<ValueId>> =
            std::collections::HashMap::new();
        for op in &snapshot.ops {
            if op.name.as_str() != "memref.dim" || op.operands.len() != 2 || op.results.len() != 1 {
                continue;
            }
            if let Some(index) = constant_index(snapshot, map, op.operands[1]) {
                groups
                    .entry((op.operands[0], index))
                    .or_default()
                    .push(op.results[0]);
            }
        }
        SameDims { groups }
    }

    /// For `value` (a size had at the start of `block`), the first
    /// `memref.dim` result equal to it (reading the same source at the same
    /// constant index) that can be had at the start of `block` as well
    /// ([`size_at_entry`], its hoists added to `entry`); `value` itself
    /// when it is no `memref.dim` result or none comes before it.
    fn first_equal(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        value: ValueId,
        block: BlockId,
        entry: &mut EntryComputation,
    ) -> ValueId {
        let crate::analysis::snapshot::ValueDef::OpResult { op, .. } = snapshot.value(value).def
        else {
            return value;
        };
        let info = snapshot.op(op);
        if info.name.as_str() != "memref.dim" || info.operands.len() != 2 {
            return value;
        }
        let Some(index) = constant_index(snapshot, map, info.operands[1]) else {
            return value;
        };
        let Some(same) = self.groups.get(&(info.operands[0], index)) else {
            return value;
        };
        for &other in same {
            if other == value {
                break;
            }
            let mut trial = entry.clone();
            if let Some(had) = size_at_entry(snapshot, map, other, block, &mut trial, 0) {
                *entry = trial;
                return had;
            }
        }
        value
    }
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
    crate::ir::functions::allocation_alignment(op).unwrap_or(1)
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
