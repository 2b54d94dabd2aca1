//! `bufrs-buffer-deallocation`: clone-based buffer deallocation (seeds 000
//! and 002, "Introduction of Clones", "Placement of Deallocs").
//!
//! The input is memref IR in which buffers are written before they flow into
//! branches, regions, calls or returns. The pass makes every heap buffer freed
//! exactly once on every path, after its last use:
//!
//! 1. **Ownership** ([`crate::analysis::ownership`]): owned roots are heap
//!    allocations, call results and *critical* merges (block arguments,
//!    region arguments and region-branch results that may receive different
//!    buffers, or buffers that do not dominate them). Everything else is an
//!    alias of its roots, or memory the function does not own.
//! 2. **Feeding critical merges**: every edge into a critical merge must hand
//!    over a buffer the merge may own. When the incoming buffer is an owned
//!    root that is dead after the edge, the edge *moves* it (no copy; this is
//!    what the seeds' clone + dealloc pairs become after clone
//!    canonicalization). Otherwise the edge gets a clone, built through the
//!    source's `AllocationOpInterface` (`bufferization.clone` when it has
//!    none): before the forwarding op, or, for one edge of a branch with
//!    several successors, in a new block on that edge so that no other path
//!    runs it. Returns are edges to the caller: callers own call results, so
//!    a returned buffer that is not an owned root is cloned.
//! 3. **Placing frees**: for each owned root, a backward liveness over the
//!    blocks of its region (uses inside nested regions count at the op that
//!    holds them; uses of every alias count) gives the blocks that still need
//!    it. The free goes after the last use in each block where it dies; on a
//!    control-flow edge to a block that does not need it, the free goes at
//!    the start of that block when every edge into it frees the same buffer,
//!    and otherwise on a new block splitting the edge. Back edges fall out of
//!    this: a buffer defined in a loop is dead at the loop header, so each
//!    iteration frees its own (the seeds' `loop_nested_if`).
//!
//! Beyond the seeds and upstream's passes: unstructured `cf` loops, branches
//! with any number of successors (`cf.switch`), frees already in the IR
//! (removed and re-placed when they free an owned buffer, kept when they free
//! memory the function does not own), and ops with unknown memory effects
//! (a use that keeps the buffer alive; their results may be any of their
//! buffer operands, so every use of a result keeps those alive too). An op
//! that takes a buffer's address as a plain value
//! (`memref.extract_aligned_pointer_as_index`) makes every user of that
//! address (followed through branch and region edges) a use; where the
//! address may be kept out of sight (written to memory, returned), every exit
//! of the buffer's region after it. What cannot be handled soundly is an
//! error at the op: a buffer stored into memory, a buffer passed to a
//! terminator whose successors are unknown (including an unregistered op
//! ending a block), an address carried out of its buffer's region or around
//! a loop (or kept out of sight in a CFG loop), IR with ownership-based
//! `bufferization.dealloc` ops.
//!
//! A write to a buffer after it flowed into a merge that the plan hands a
//! clone, while both are still used, would reach one of the two only (the
//! input contract, [`crate::analysis::input_contract`]; a merge that gets the
//! buffer itself by a move shares every write). Such a function is
//! deallocated as `bufrs-ownership-based-buffer-deallocation` does it
//! ([`crate::passes::ownership_deallocation::deallocate_with_flags`]): the
//! merge borrows the buffer itself with an `i1` ownership flag, freed with
//! `scf.if %flag { memref.dealloc }`, so the write reaches every alias. What
//! that pass must clone too (a loop-carried merge borrowing the buffer) is
//! refused with the same error, as is such a write in IR that already frees
//! with `bufferization.dealloc`.

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirValue};

use crate::ir::{
    capture::{IrMap, capture_unedited, may_own_or_free_buffers},
    functions::signature,
    types::is_buffer,
};
use crate::{
    analysis::{
        alias::AliasAnalysis,
        dealloc_plan::{
            CloneAt, FeedEdge, FreeAt, Plan, check_handled, handled_by_ownership_deallocs, plan,
        },
        dominance::DominanceInfo,
        ownership::{self, Ownership},
        snapshot::{Snapshot, ValueId},
        value_flow::ValueFlow,
    },
    dialect::builders,
    ir::{
        Diagnostic,
        edit::{self, InsertPoint},
    },
    pass_options,
    passes::{
        Anchor, BufrsPass, PassFailed, PassResult,
        contract_report::{emit_clone_violation, emit_plan_errors, writes_split_by_clones},
        ownership_deallocation::deallocate_with_flags,
    },
};

pass_options! {
    /// Options of `bufrs-buffer-deallocation`.
    pub struct BufferDeallocationOptions {
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark per function with the clones, moves and frees inserted.";
    }
}

pub struct BufferDeallocation;

impl BufrsPass for BufferDeallocation {
    type Options = BufferDeallocationOptions;
    const ARGUMENT: &'static str = "bufrs-buffer-deallocation";
    const SUMMARY: &'static str =
        "Free every heap buffer exactly once on every path, cloning at critical merges";
    const ANCHOR: Anchor = Anchor::FunctionLike;
    const DEPENDENT_DIALECTS: &'static [&'static str] =
        &["memref", "bufferization", "cf", "arith", "scf"];

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let raw = melior::ir::operation::OperationLike::to_raw(&op);
        // Nothing to free, clone or report in a body that allocates, frees
        // and calls nothing (and has only ops of known effects), when the
        // function returns no buffer (a returned argument gets a clone).
        if !options.emit_remarks
            && !may_own_or_free_buffers(raw)
            && signature(raw).is_some_and(|s| !s.results.iter().any(|&t| is_buffer(t)))
        {
            return crate::passes::pass::unchanged(raw);
        }
        let (snapshot, map) = capture_unedited(raw);
        let dominance = DominanceInfo::new(&snapshot);
        // Nothing here reads the classified uses of buffers.
        let alias = AliasAnalysis::from_flow(&snapshot, ValueFlow::without_events(&snapshot));
        let handled = handled_by_ownership_deallocs(&snapshot, &alias);
        let ownership =
            ownership::compute_with_handled(&snapshot, &dominance, alias.flow(), &handled);
        check_handled(&snapshot, &ownership, &alias, &handled)
            .map_err(|errors| emit_plan_errors(&map, &errors, Self::ARGUMENT))?;
        // Ownership-based deallocation in the input is accepted: its buffers
        // are left to it (`handled_by_ownership_deallocs`).
        let plan = plan(&snapshot, &dominance, &ownership, &[])
            .map_err(|errors| emit_plan_errors(&map, &errors, Self::ARGUMENT))?;
        // A write to a buffer after it flowed into a merge the plan hands a
        // clone of it would reach one of the two buffers only: the merge
        // gets the buffer itself instead, with an ownership flag (the
        // function is deallocated as the ownership-based pass does it, frees
        // lowered). Input that frees with `bufferization.dealloc` already,
        // which that pass does not take, is refused.
        let split = writes_split_by_clones(&alias, &ownership, &dominance, &plan);
        if !split.is_empty() {
            if snapshot
                .ops
                .iter()
                .any(|o| o.name == crate::dialect::OWNERSHIP_BASED_DEALLOC)
            {
                for violation in &split {
                    emit_clone_violation(&map, violation, Self::ARGUMENT);
                }
                return Err(PassFailed);
            }
            return deallocate_with_flags(op, options.emit_remarks, Self::ARGUMENT);
        }
        // `apply` edits only for these: without any, the function is as
        // captured (and the passes after this one may read the snapshot).
        let edits = !(plan.erase.is_empty()
            && plan.clones.is_empty()
            && plan.frees.is_empty()
            && plan.splits.is_empty());
        if let Err(error) = apply(&snapshot, &map, &ownership, &plan) {
            Diagnostic::error(&op, format!("{}: {error}", Self::ARGUMENT)).emit();
            return Err(PassFailed);
        }
        if options.emit_remarks {
            Diagnostic::remark(
                &op,
                format!(
                    "{} clones, {} moves, {} frees ({} on split edges), {} existing frees replaced",
                    plan.clones.len() + plan.splits.values().map(|e| e.clones.len()).sum::<usize>(),
                    plan.moves,
                    plan.frees.len() + plan.splits.values().map(|e| e.frees.len()).sum::<usize>(),
                    plan.splits.values().map(|e| e.frees.len()).sum::<usize>(),
                    plan.erase.len()
                ),
            )
            .emit();
        }
        if !edits {
            return crate::passes::pass::unchanged(raw);
        }
        Ok(())
    }
}

/// Applies the plan to the IR.
///
/// Handle liveness (the contract of `ir::edit` and `dialect::builders`):
/// every handle comes from `map`, captured for this run, or was built here;
/// the only ops erased are the existing frees of `plan.erase`, erased first,
/// which no later edit names (the placement of frees and clones skips them).
fn apply(
    snapshot: &Snapshot,
    map: &IrMap,
    ownership: &Ownership,
    plan: &Plan,
) -> Result<(), String> {
    for &op in &plan.erase {
        // SAFETY: a live free whose buffer has no result to rewire; nothing
        // names it afterwards (see above).
        unsafe { edit::erase(map.op(op)) };
    }
    for clone in &plan.clones {
        let forwarder = map.op(clone.forwarder);
        let index = operand_index(map, clone)?;
        let value = map.value(clone.value);
        let copy = build_clone(map, ownership, clone.value, value, forwarder);
        // SAFETY: live handles; `index` is the forwarded operand's own index
        // and the clone has its type.
        unsafe { edit::set_operand(forwarder, index as usize, copy) };
    }
    for &(root, at) in &plan.frees {
        let point = match at {
            FreeAt::After(op) => InsertPoint::After(map.op(op)),
            FreeAt::Before(op) => InsertPoint::Before(map.op(op)),
            FreeAt::StartOf(block) => InsertPoint::StartOf(map.block(block)),
        };
        // SAFETY: live ops of `map`.
        let location = unsafe {
            match at {
                FreeAt::After(op) | FreeAt::Before(op) => edit::location(map.op(op)),
                FreeAt::StartOf(block) => snapshot.block(block).ops.first().map_or_else(
                    || edit::location(map.op(Snapshot::ROOT)),
                    |&op| edit::location(map.op(op)),
                ),
            }
        };
        build_free(map, root, location, point);
    }
    for (&(terminator, k), work) in &plan.splits {
        let t = map.op(terminator);
        let block = map.block(
            snapshot
                .op(terminator)
                .parent_block
                .ok_or("split at a terminator without a block")?,
        );
        let successor = &snapshot.op(terminator).facts.successors[k as usize];
        let target = map.block(successor.block);
        // SAFETY: live blocks and terminator of `map`, in one region; the new
        // block and its arguments were just created.
        let (new_block, location, mut args, branch) = unsafe {
            let new_block = edit::new_block_like(target, block);
            let location = edit::location(t);
            let args = edit::block_arguments(new_block);
            let branch = builders::cf_br(new_block, target, &args, location);
            (new_block, location, args, branch)
        };
        for &(position, value) in &work.clones {
            let index = (successor.produced + position) as usize;
            let copy = build_clone(map, ownership, value, args[index], branch);
            args[index] = copy;
            // SAFETY: the new branch forwards every block argument, so
            // `index` is in range; the clone has the argument's type.
            unsafe { edit::set_operand(branch, index, copy) };
        }
        for &root in &work.frees {
            build_free(map, root, location, InsertPoint::Before(branch));
        }
        // SAFETY: `k` is a successor index of the live terminator `t`; the new
        // block is in its region.
        unsafe { edit::set_successor(t, k as usize, new_block) };
    }
    Ok(())
}

/// The operand index of a clone's operand in its forwarder.
fn operand_index(map: &IrMap, clone: &CloneAt) -> Result<u32, String> {
    let start = match clone.edge {
        FeedEdge::Entry | FeedEdge::Return => Some(0),
        FeedEdge::Branch(k) => map
            .successor_operand_starts
            .get(&(clone.forwarder, k))
            .copied(),
        FeedEdge::RegionExit => map.terminator_operand_starts.get(&clone.forwarder).copied(),
    };
    start
        .map(|s| s + clone.position)
        .ok_or_else(|| "cannot locate a forwarded operand to clone".to_string())
}

fn build_clone(
    map: &IrMap,
    ownership: &Ownership,
    value_id: ValueId,
    value: MlirValue,
    before: MlirOperation,
) -> MlirValue {
    let roots: Vec<MlirValue> = ownership
        .roots(value_id)
        .into_iter()
        .map(|r| map.value(r))
        .collect();
    // SAFETY: live handles of `apply`.
    unsafe { builders::clone_buffer(&roots, value, before) }
}

fn build_free(map: &IrMap, root: ValueId, location: mlir_sys::MlirLocation, at: InsertPoint) {
    // SAFETY: live handles of `apply`.
    unsafe { builders::free_buffer(map.value(root), location, at) };
}
