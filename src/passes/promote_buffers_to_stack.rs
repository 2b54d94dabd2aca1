//! `bufrs-promote-buffers-to-stack`: turns small heap allocations into stack
//! allocations (seeds 000 and 002, "Conversion from AllocOp to AllocaOp").
//!
//! An allocation is promoted when all of these hold:
//! - its op is a plain heap allocation
//!   ([`crate::analysis::allocs::is_pure_heap_allocation`]: one
//!   `MemoryEffects::Allocate` of its result not on the
//!   automatic-allocation-scope resource, no other effect, only size
//!   operands; `memref.realloc` is not one) and implements
//!   `AllocationOpInterface`, which builds the stack allocation;
//! - the buffer does not leave its block: no alias of it is passed on by a
//!   terminator (returned, yielded, or passed to a successor), stored as data
//!   into another buffer, freed under another name, used by an op with
//!   unknown memory effects, or turned into its address as a plain value
//!   ([`crate::analysis::flow`]);
//! - its shape is static, its rank at most `max-rank-of-allocated-memref`,
//!   and its size, computed without overflow, at most
//!   `max-alloc-size-in-bytes`; element types without a fixed size (e.g. a
//!   memref of memrefs) are left on the heap;
//! - no alias of it enters a loop op as the initial value of a carried value
//!   (an iter_arg init): a loop that yields another buffer frees the one
//!   it carried, and the deallocation would first copy a stack buffer to the
//!   heap;
//! - it does not sit in a loop inside its allocation scope (a
//!   `LoopLikeOpInterface` op, a region-branch op whose regions repeat, an op
//!   with regions but no region-branch semantics such as a `linalg.generic`
//!   body, or a block on a control-flow cycle: [`crate::analysis::loops`]),
//!   since each iteration would grow the
//!   stack until the scope returns. Loop ops count as loops even when they
//!   carry `AutomaticAllocationScope` (as `scf.for` does): MLIR 22's lowering
//!   does not release allocas per iteration. `promote-in-loops=true` lifts
//!   this, e.g. after loop hoisting.
//!
//! Existing frees of the buffer itself (`memref.dealloc %alloc`) are removed,
//! since stack memory is released by its scope. Unlike upstream's pass in
//! LLVM 22.1.8, sizes are computed in 128-bit arithmetic (thresholds near or
//! beyond 2^29 bytes cannot overflow) and memref-of-memref elements are
//! refused instead of crashing.

use std::{cell::OnceCell, sync::Arc};

use melior::ir::OperationRef;
use mlir_sys::MlirOperation;

use crate::ir::{
    capture::{IrMap, capture_unedited, keep_edited, kept_snapshot, take_for_patching},
    copy_candidates::has_allocation,
    patch::patch_replaced_op,
};
use crate::{
    analysis::{
        allocs::{frees_only, heap_allocated_result, is_pure_heap_allocation},
        flow::{Events, FlowEvent},
        loops::{LoopFinder, is_loop_op},
        snapshot::{OpId, Snapshot, ValueId},
        value_flow::{EdgeKind, ValueFlow, Via},
    },
    ir::{
        Diagnostic,
        edit::{self, InsertPoint},
        interfaces, types,
    },
    options::Allowed,
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-promote-buffers-to-stack`.
    pub struct PromoteBuffersToStackOptions {
        max_alloc_size_in_bytes: i64 = 1024 => "max-alloc-size-in-bytes",
            "Largest allocation, in bytes, moved to the stack.", allowed Allowed::NON_NEGATIVE;
        max_rank_of_allocated_memref: i64 = 1 => "max-rank-of-allocated-memref",
            "Largest rank of an allocation moved to the stack.", allowed Allowed::NON_NEGATIVE;
        promote_in_loops: bool = false => "promote-in-loops",
            "Also promote allocations that execute repeatedly in a loop of their allocation scope.";
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark at every heap allocation saying whether it was promoted and why not.";
    }
}

pub struct PromoteBuffersToStack;

impl BufrsPass for PromoteBuffersToStack {
    type Options = PromoteBuffersToStackOptions;
    const ARGUMENT: &'static str = "bufrs-promote-buffers-to-stack";
    const SUMMARY: &'static str =
        "Turn small heap allocations that stay in their block into stack allocations";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        // A snapshot an earlier pass kept costs nothing to read. Otherwise:
        // nothing to promote (and nothing to remark on) without an
        // allocation, so skip the capture.
        let kept = kept_snapshot(root);
        if kept.is_none() && !has_allocation(root, false) {
            return pass::unchanged(root);
        }
        let (snapshot, map) = kept.unwrap_or_else(|| capture_unedited(root));
        // What loop hoisting found of this very snapshot, when it left the
        // body as it was: its value flow and these checks out of loops.
        let handed = crate::passes::hoisting::take_handed(&snapshot).unwrap_or_default();
        let flow = OnceCell::new();
        if let Some(built) = handed.flow {
            let _ = flow.set(built);
        }
        let checks = handed.checks.filter(|checks| {
            checks.max_bytes == options.max_alloc_size_in_bytes
                && checks.max_rank == options.max_rank_of_allocated_memref
        });
        let decisions = decide_with(&snapshot, &map, options, &flow, checks);
        let replaced = apply(&snapshot, &map, &decisions, options);
        if decisions.iter().all(|decision| decision.outcome.is_err()) {
            // Only remarks, if any: nothing was promoted.
            return pass::unchanged(root);
        }
        keep_patched(root, snapshot, map, replaced);
        Ok(())
    }
}

/// Hands the passes after this one the snapshot patched with the
/// promotions, when each only replaced its allocation by a stack allocation
/// at the same place (no free erased): every other op, block and value then
/// keeps its id, so the patched snapshot is what a fresh capture would give
/// and merge-alloc and deallocation need not capture the body again.
fn keep_patched(
    root: MlirOperation,
    snapshot: Arc<Snapshot>,
    map: Arc<IrMap>,
    replaced: Option<Vec<(OpId, MlirOperation)>>,
) {
    let Some(replaced) = replaced else {
        return;
    };
    let Some((mut snapshot, mut map)) = take_for_patching(root, snapshot, map) else {
        return;
    };
    for (alloc, stack) in replaced {
        if !patch_replaced_op(&mut snapshot, &mut map, alloc, stack) {
            return;
        }
    }
    keep_edited(root, snapshot, map);
}

/// Why an allocation stays on the heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The op does more than allocate its result (e.g. `memref.realloc`
    /// also reads and frees its operand).
    NotPlainAllocation,
    NoAllocationInterface,
    NotRanked,
    DynamicShape,
    RankTooLarge {
        rank: usize,
    },
    UnsizedElement,
    TooLarge {
        bytes: Option<u64>,
    },
    InLoop {
        loop_op: Option<OpId>,
    },
    Escapes(FlowEvent),
    /// An alias enters loop op `by` as the initial value of a carried
    /// value (an iter_arg init).
    LoopInit {
        by: OpId,
    },
}

impl Refusal {
    fn message(&self, options: &PromoteBuffersToStackOptions) -> String {
        match self {
            Refusal::NotPlainAllocation => {
                "not promoted: the op does more than allocate its result".into()
            }
            Refusal::NoAllocationInterface => "not promoted: the op does not implement AllocationOpInterface".into(),
            Refusal::NotRanked => "not promoted: the buffer type is not a ranked memref".into(),
            Refusal::DynamicShape => "not promoted: the shape is dynamic".into(),
            Refusal::RankTooLarge { rank } => format!(
                "not promoted: rank {rank} exceeds max-rank-of-allocated-memref={}",
                options.max_rank_of_allocated_memref
            ),
            Refusal::UnsizedElement => "not promoted: the element type has no fixed size".into(),
            Refusal::TooLarge { bytes: Some(bytes) } => format!(
                "not promoted: {bytes} bytes exceed max-alloc-size-in-bytes={}",
                options.max_alloc_size_in_bytes
            ),
            Refusal::TooLarge { bytes: None } => "not promoted: the size does not fit in 64 bits".into(),
            Refusal::InLoop { .. } => "not promoted: the allocation runs repeatedly in a loop of its scope".into(),
            Refusal::Escapes(FlowEvent::Forwarded { .. }) => {
                "not promoted: the buffer leaves its block (returned, yielded or passed to a successor)".into()
            }
            Refusal::Escapes(FlowEvent::Freed { .. }) => "not promoted: the buffer is freed through an alias".into(),
            Refusal::LoopInit { .. } => {
                "not promoted: the buffer enters a loop as a carried value (a loop that replaces it frees it, and the deallocation would copy a stack buffer to the heap first)".into()
            }
            Refusal::Escapes(FlowEvent::Stored { .. }) => "not promoted: the buffer is stored into memory".into(),
            Refusal::Escapes(FlowEvent::UnknownUse { .. }) => {
                "not promoted: an op with unknown memory effects uses the buffer".into()
            }
            Refusal::Escapes(FlowEvent::AddressExposed { .. }) => {
                "not promoted: its address is taken as a plain value, whose uses are not traced".into()
            }
        }
    }

    /// The op the refusal points at, for a note.
    fn culprit(&self) -> Option<OpId> {
        match self {
            Refusal::InLoop { loop_op } => *loop_op,
            Refusal::Escapes(event) => Some(event.op()),
            Refusal::LoopInit { by } => Some(*by),
            _ => None,
        }
    }
}

/// The decision for one heap allocation.
#[derive(Clone, Debug)]
pub struct Decision {
    pub alloc: OpId,
    pub buffer: ValueId,
    pub outcome: Result<Promotion, Refusal>,
}

/// What promoting takes: the frees of the buffer to remove.
#[derive(Clone, Debug, Default)]
pub struct Promotion {
    pub frees: Vec<OpId>,
}

/// Decides for every heap allocation under the root.
pub fn decide(
    snapshot: &Snapshot,
    map: &IrMap,
    options: &PromoteBuffersToStackOptions,
) -> Vec<Decision> {
    decide_with(snapshot, map, options, &OnceCell::new(), None)
}

/// [`decide`] with the snapshot's value flow, if already built, in `flow`,
/// and the outcomes of [`check`] with `promote-in-loops` and the same
/// bounds, if known (`checks`): an allocation's outcome is then that one,
/// or its refusal in a loop, as [`check`] would decide it.
fn decide_with(
    snapshot: &Snapshot,
    map: &IrMap,
    options: &PromoteBuffersToStackOptions,
    flow: &OnceCell<ValueFlow>,
    mut checks: Option<crate::passes::hoisting::PromotionChecks>,
) -> Vec<Decision> {
    // Built on the first allocation that passes the checks of its own op
    // and type (a body whose allocations are all too large, dynamic or
    // unsized builds neither).
    let loops = OnceCell::new();
    let mut decisions = Vec::new();
    for index in 0..snapshot.ops.len() {
        let alloc = OpId(index as u32);
        let Some(buffer) = heap_allocated_result(snapshot, alloc) else {
            continue;
        };
        let known = checks
            .as_mut()
            .and_then(|checks| checks.outcomes.get_mut(index)?.take());
        let outcome = match known {
            Some(outcome) => out_of_loops_outcome(snapshot, &loops, alloc, outcome, options),
            None => check(snapshot, map, flow, &loops, alloc, buffer, options),
        };
        decisions.push(Decision {
            alloc,
            buffer,
            outcome,
        });
    }
    decisions
}

/// [`check`] of `alloc` under `options`, from `outcome`, its [`check`]
/// with `promote-in-loops` and the same bounds: the refusals of the op and
/// its type come before the loop test, the flow's after it.
fn out_of_loops_outcome<'s>(
    snapshot: &'s Snapshot,
    loops: &OnceCell<LoopFinder<'s>>,
    alloc: OpId,
    outcome: Result<Promotion, Refusal>,
    options: &PromoteBuffersToStackOptions,
) -> Result<Promotion, Refusal> {
    if let Err(
        Refusal::NotPlainAllocation
        | Refusal::NoAllocationInterface
        | Refusal::NotRanked
        | Refusal::DynamicShape
        | Refusal::RankTooLarge { .. }
        | Refusal::UnsizedElement
        | Refusal::TooLarge { .. },
    ) = outcome
    {
        return outcome;
    }
    if !options.promote_in_loops
        && let Some(loop_op) = loops
            .get_or_init(|| LoopFinder::new(snapshot))
            .enclosing_loop(alloc)
    {
        return Err(Refusal::InLoop { loop_op });
    }
    outcome
}

/// Whether `alloc` (allocating `buffer`) is promoted under `options`, or why
/// not; `flow` and `loops` are built on first use and may be shared between
/// calls.
pub(crate) fn check<'s>(
    snapshot: &'s Snapshot,
    map: &IrMap,
    flow: &OnceCell<ValueFlow>,
    loops: &OnceCell<LoopFinder<'s>>,
    alloc: OpId,
    buffer: ValueId,
    options: &PromoteBuffersToStackOptions,
) -> Result<Promotion, Refusal> {
    let alloc_op = map.op(alloc);
    if is_pure_heap_allocation(snapshot, alloc).is_none() {
        return Err(Refusal::NotPlainAllocation);
    }
    if !interfaces::traits(alloc_op).is_allocation_op() {
        return Err(Refusal::NoAllocationInterface);
    }
    // SAFETY: a live value of the captured IR.
    let ty = unsafe { mlir_sys::mlirValueGetType(map.value(buffer)) };
    // Only what the refusals read, in their order: the shape, then the
    // element's size under the data layout in scope (not the layout or
    // memory space [`types::buffer_type`] also reads).
    // SAFETY: type queries on a live type.
    if !unsafe { mlir_sys::mlirTypeIsAMemRef(ty) } {
        return Err(Refusal::NotRanked);
    }
    // SAFETY: as above, on a ranked memref type.
    if !unsafe { mlir_sys::mlirShapedTypeHasStaticShape(ty) } {
        return Err(Refusal::DynamicShape);
    }
    let Some(shape) = types::memref_shape(ty) else {
        return Err(Refusal::NotRanked);
    };
    if shape.len() as u64 > options.max_rank_of_allocated_memref as u64 {
        return Err(Refusal::RankTooLarge { rank: shape.len() });
    }
    // SAFETY: `alloc_op` and the element type are live handles.
    let (element_bits, element_is_buffer) = unsafe {
        let element = mlir_sys::mlirShapedTypeGetElementType(ty);
        (
            types::element_size_in_bits(alloc_op, element),
            mlir_sys::mlirTypeIsAMemRef(element) || mlir_sys::mlirTypeIsAUnrankedMemRef(element),
        )
    };
    let memref = types::RankedMemRef {
        shape,
        element_bits,
        element_is_buffer,
        identity_layout: false,
        memory_space: String::new(),
    };
    if memref.element_bits.is_none() || memref.element_is_buffer {
        return Err(Refusal::UnsizedElement);
    }
    match memref.static_size_in_bytes() {
        Some(bytes) if bytes <= options.max_alloc_size_in_bytes as u64 => {}
        bytes => return Err(Refusal::TooLarge { bytes }),
    }
    if !options.promote_in_loops
        && let Some(loop_op) = loops
            .get_or_init(|| LoopFinder::new(snapshot))
            .enclosing_loop(alloc)
    {
        return Err(Refusal::InLoop { loop_op });
    }
    // Lazily: the first event that is not a free of the buffer refuses it,
    // without walking the rest of its aliases.
    let mut promotion = Promotion::default();
    let flow = flow.get_or_init(|| ValueFlow::new(snapshot));
    let mut events = Events::new(flow, buffer);
    for event in events.by_ref() {
        match event {
            FlowEvent::Freed { by, value }
                if value == buffer && frees_only(snapshot, by, buffer) =>
            {
                promotion.frees.push(by)
            }
            other => return Err(Refusal::Escapes(other)),
        }
    }
    // Every event seen, the walk reached the whole forward closure.
    let loop_init = events.walk_order().into_iter().find_map(|alias| {
        flow.outgoing(alias)
            .find(|edge| {
                matches!(
                    edge.kind,
                    EdgeKind::Forward {
                        via: Via::RegionEntry,
                        ..
                    }
                ) && is_loop_op(snapshot, edge.op)
            })
            .map(|edge| edge.op)
    });
    if let Some(by) = loop_init {
        return Err(Refusal::LoopInit { by });
    }
    Ok(promotion)
}

/// Applies the promotions; returns each replaced allocation with its stack
/// allocation when that is all that changed (`None` when a free was erased
/// or an allocation declined to build its stack allocation).
fn apply(
    snapshot: &Snapshot,
    map: &IrMap,
    decisions: &[Decision],
    options: &PromoteBuffersToStackOptions,
) -> Option<Vec<(OpId, MlirOperation)>> {
    // Remarks first, while every op they point at still exists.
    if options.emit_remarks {
        for decision in decisions {
            // SAFETY: live ops of the captured IR; nothing is edited yet.
            let alloc_ref = unsafe { OperationRef::from_raw(map.op(decision.alloc)) };
            let mut diagnostic = match &decision.outcome {
                Ok(_) => Diagnostic::remark(&alloc_ref, "promoted to the stack"),
                Err(refusal) => Diagnostic::remark(&alloc_ref, refusal.message(options)),
            };
            if let Some(culprit) = decision.outcome.as_ref().err().and_then(Refusal::culprit) {
                let culprit_ref = unsafe { OperationRef::from_raw(map.op(culprit)) };
                diagnostic = diagnostic.note_at(
                    &culprit_ref,
                    format!("because of '{}'", snapshot.op(culprit).name),
                );
            }
            diagnostic.emit();
        }
    }
    let mut replaced = Some(Vec::new());
    for decision in decisions {
        let Ok(promotion) = &decision.outcome else {
            continue;
        };
        let alloc_op = map.op(decision.alloc);
        let buffer = map.value(decision.buffer);
        // Each promotion touches only its own allocation and frees, so the
        // handles of the others stay valid.
        // SAFETY: live handles of `map`; `buffer` is a result of `alloc_op`.
        let Some(stack) = (unsafe {
            edit::build_promoted_alloc(alloc_op, buffer, InsertPoint::Before(alloc_op))
        }) else {
            // SAFETY: a live op.
            let alloc_ref = unsafe { OperationRef::from_raw(alloc_op) };
            Diagnostic::warning(
                &alloc_ref,
                "not promoted: its AllocationOpInterface declined to build a stack allocation",
            )
            .emit();
            replaced = None;
            continue;
        };
        // SAFETY: the frees (no results) and the allocation are live; the
        // stack allocation has one result of the buffer's type, placed right
        // before the allocation, so it dominates every use it takes over.
        unsafe {
            for &free in &promotion.frees {
                edit::erase(map.op(free));
            }
            edit::replace_all_uses(buffer, edit::result(stack, 0));
            edit::erase(alloc_op);
        }
        if !promotion.frees.is_empty() {
            replaced = None;
        }
        if let Some(replaced) = &mut replaced {
            replaced.push((decision.alloc, stack));
        }
    }
    replaced
}
