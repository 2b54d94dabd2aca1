//! `bufrs-copy-removal`: removes copies that only move data between a
//! temporary buffer and another one, with the temporary's allocation and
//! free (seed 002, "Post Phase" / "CopyRemoval Pass"), and redundant
//! `bufferization.clone`s with their frees (seed 000, "Clone
//! Canonicalization"). Copies are the ops of [`crate::dialect::copies`]
//! (MLIR 22 has no `CopyOpInterface`); allocations and frees are found
//! through memory effects, aliases through [`AliasAnalysis`].
//!
//! # Reusing the source (`copy(%src, %tgt)`)
//!
//! ```mlir
//! %tgt = memref.alloc(...)              // removed
//! memref.copy %src, %tgt                // removed
//! memref.dealloc %src                   // removed
//! "use"(%tgt)                           // "use"(%src)
//! ```
//! Exactly the seed's constraints: the copy, the op defining the target
//! (an allocation, removed) and the free of the source lie in the same
//! block; no user of the target or of an alias of it lies between the
//! target's definition and the copy; no user of the source or of an alias
//! of it lies between the copy and the source's free.
//!
//! # Reusing the target
//!
//! ```mlir
//! %src = memref.alloc()                 // removed
//! "write"(%src)                         // "write"(%tgt)
//! memref.copy %src, %tgt                // removed
//! memref.dealloc %src                   // removed
//! ```
//! The copy, the op defining the source (an allocation, removed) and the
//! free of the source lie in the same block; no user of the target or of an
//! alias of it lies between the source's definition and the copy; no user
//! of the source or an alias between the copy and the source's free.
//!
//! # Before deallocation: the copy as the source's last use
//!
//! In both cases, instead of a free of the source after the copy, the copy
//! may be the source's last use: the source is an allocation of the copy's
//! block and every use of it or an alias lies in that block before the
//! copy and frees nothing (so it is read by nothing after, passed on by no
//! terminator, and not freed yet).
//! Nothing frees it yet; the buffer that takes the other's place is freed
//! wherever that one would have been (by the deallocation that follows, in
//! `bufrs-memory-pipeline`, which runs copy removal both first, before loop
//! hoisting and promotion move buffers out of the copy's block or to the
//! stack, and after the deallocation):
//!
//! ```mlir
//! %z = memref.alloc()                   // %z
//! linalg.fill ins(%cst) outs(%z)        // linalg.fill ins(%cst) outs(%z)
//! %acc = memref.alloc()                 // (removed)
//! memref.copy %z, %acc                  // (removed)
//! linalg.matmul ... outs(%acc)          // linalg.matmul ... outs(%z)
//! ```
//!
//! # Clones
//!
//! `%c = bufferization.clone %s` followed in the same block by a free of
//! `%s`, with no user of `%s` or an alias of it in between: `%c` becomes
//! `%s`, the clone and that free go. A clone used only by frees goes with
//! them.
//!
//! # Buffers nothing reads or writes
//!
//! ```mlir
//! %a = memref.alloc(%n) : memref<?x96xf32>          // removed
//! %e = memref.expand_shape %a [[0, 1], [2]] output_shape [1, %m, 96] ...  // removed
//! %d = memref.dim %e, %c1                            // %m
//! memref.dealloc %a                                  // removed
//! ```
//! Before the copies (`dead-buffers`, on by default): the result of an op
//! that only allocates it (heap or stack) whose uses, and the uses of its
//! views, are only frees of it, views (`ViewLikeOpInterface`, no memory
//! effect, one result) and `memref.dim`s (no memory effect) with a constant
//! index whose extent resolves exactly: a static extent of the queried
//! type, the allocation's size operand (when its operands are exactly its
//! dynamic sizes), the source's extent through a cast (`CastOpInterface`) of
//! the same rank, or an `expand_shape`'s `output_shape` operand. Any other
//! use (a read, a write, a call, a terminator, the address taken as an
//! integer, a `memref.dim` it cannot resolve) keeps the buffer, and so does
//! a buffer with no `memref.dim` (no use, or frees only: no size depends on
//! it; canonicalization removes it). Each `memref.dim` becomes its extent;
//! the frees, the views and the allocation go. The step captures a body
//! only when one C++ walk
//! ([`crate::ir::copy_candidates::copy_removal_candidates`]) finds a
//! `memref.dim` of such a buffer (or of a view of it) before asking how the
//! extent resolves.
//!
//! Besides the seed's constraints, only what makes the result valid IR is
//! checked: source and target have the same type, the value kept dominates
//! the uses it takes over (for target reuse: the target is defined before
//! the source's allocation), the ops removed do nothing else (an allocation
//! only allocates, a free only frees). "Alias" is the alias analysis's
//! `resolve` (values sharing an origin); like MLIR, two distinct function
//! arguments are not assumed to alias (the seed's target-reuse example
//! reads `%arg0` while writing `%temp` that becomes `%result`).
//!
//! Removals are applied in rounds: each round takes a fresh snapshot and
//! applies every removal that touches no op or value another one touches.

use std::cell::OnceCell;
use std::collections::HashSet;

use melior::ir::OperationRef;

use crate::ir::capture::{IrMap, capture_unedited, keep_edited, take_for_patching};
use crate::ir::copy_candidates::copy_removal_candidates;
use crate::{
    analysis::{
        alias::AliasAnalysis,
        allocs::{frees_only, is_pure_allocation, is_pure_heap_allocation},
        dominance::DominanceInfo,
        graph::ancestor_op_in_region,
        snapshot::{BlockId, EffectKind, Effects, OpId, RegionTarget, Snapshot, ValueDef, ValueId},
        uses::UseLists,
        value_flow::UseKind,
    },
    dialect::{
        builders,
        copies::{CopyShape, KNOWN_COPIES, copy_shape},
    },
    ir::{Diagnostic, edit},
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-copy-removal`.
    pub struct CopyRemovalOptions {
        clones: bool = true => "clones",
            "Also remove redundant bufferization.clone ops and their frees.";
        dead_buffers: bool = true => "dead-buffers",
            "Also remove buffers nothing reads or writes (used only by frees, memref.dim and views of them), replacing each memref.dim by the extent.";
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark at every copy saying whether it was removed and why not.";
    }
}

pub struct CopyRemoval;

/// At most this many rounds of removals per run (each round is linear).
const MAX_ROUNDS: usize = 64;

impl BufrsPass for CopyRemoval {
    type Options = CopyRemovalOptions;
    const ARGUMENT: &'static str = "bufrs-copy-removal";
    const SUMMARY: &'static str =
        "Remove copies into or out of temporary buffers, and redundant clones";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        // Every removal is of a copy (`decide` looks at nothing else) whose
        // source a later op of its block frees, or of a clone used only by
        // frees, and needs a temporary or a clone, both allocations: a body
        // without both has nothing to remove (only remarks to give). Names
        // and use lists first (one walk), before a walk asking interfaces.
        let by_shape = |shape: CopyShape| -> Vec<&str> {
            KNOWN_COPIES
                .iter()
                .filter(|&&(_, s)| s == shape)
                .map(|&(name, _)| name)
                .collect()
        };
        let candidates = |dead_buffers: bool| {
            copy_removal_candidates(
                op.to_raw(),
                dead_buffers,
                &by_shape(CopyShape::IntoOperand),
                &by_shape(CopyShape::IntoNewBuffer),
            )
        };
        let mut found = candidates(options.dead_buffers);
        // Buffers nothing reads or writes first (one capture, only of a body
        // where the C++ walk finds a candidate, which is an allocation):
        // their uses would keep no copy, and they hold no bytes a copy could
        // reuse. When it removes nothing, its snapshot is still the IR's: the
        // first round reads it instead of capturing again.
        let (mut removed_any, mut unedited) = if found.dead_buffer {
            remove_dead_buffers(op.to_raw())
        } else {
            (false, None)
        };
        if removed_any && !options.emit_remarks {
            // The copies' surroundings as the removals left them.
            found = candidates(false);
        }
        if !options.emit_remarks && !found.copy {
            return if removed_any {
                Ok(())
            } else {
                pass::unchanged(op.to_raw())
            };
        }
        for round in 0..MAX_ROUNDS {
            // A later round's call captures again (only a run's first call
            // reads the snapshot an earlier pass kept).
            let (snapshot, map) = unedited
                .take()
                .unwrap_or_else(|| capture_unedited(op.to_raw()));
            let same_type = |a: ValueId, b: ValueId| {
                // SAFETY: live values of the captured IR.
                unsafe {
                    mlir_sys::mlirTypeEqual(
                        mlir_sys::mlirValueGetType(map.value(a)),
                        mlir_sys::mlirValueGetType(map.value(b)),
                    )
                }
            };
            let decisions = decide(&snapshot, options, same_type);
            let chosen = non_conflicting(&decisions);
            let last = chosen.is_empty() || round + 1 == MAX_ROUNDS;
            if options.emit_remarks {
                for (index, decision) in decisions.iter().enumerate() {
                    let removed = chosen.contains(&index);
                    if removed || (last && decision.outcome.is_err()) {
                        remark(&snapshot, &map, decision);
                    }
                }
            }
            for &index in &chosen {
                if let Ok(removal) = &decisions[index].outcome {
                    apply(&map, removal);
                }
            }
            if chosen.is_empty() {
                if removed_any {
                    // This round captured the IR after every removal of the
                    // run and removed nothing: its snapshot is what a capture
                    // would return now, for the passes after this one.
                    drop(decisions);
                    if let Some((snapshot, map)) = take_for_patching(op.to_raw(), snapshot, map) {
                        keep_edited(op.to_raw(), snapshot, map);
                    }
                }
                break;
            }
            removed_any = true;
        }
        if !removed_any {
            // Only remarks, if any: nothing was removed.
            return pass::unchanged(op.to_raw());
        }
        Ok(())
    }
}

/// What to do for one copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    pub kind: RemovalKind,
    /// Every use of `replace` becomes a use of `with`.
    pub replace: ValueId,
    pub with: ValueId,
    /// Erased in this order (users before definitions).
    pub erase: Vec<OpId>,
    /// A free of the source that moves right after an op of its block (the
    /// last op using the target), so that it follows the uses the source
    /// takes over.
    pub move_free: Option<(OpId, OpId)>,
    /// Terminators before which a copy of the first erased op (a free of the
    /// source) is inserted: the other branches of an op that now hands the
    /// source over from one branch.
    pub free_before: Vec<OpId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemovalKind {
    ReuseSource,
    ReuseSourceForLaterUses,
    ReuseTarget,
    CloneOfFreedSource,
    CloneHandedOver,
    DeadClone,
}

/// Why a copy stays (the first constraint that failed; for copies both
/// cases are tried and the source case's reason is reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Source and target are the same value or differ in type.
    Types,
    /// No free of the source after the copy in its block, and the copy is
    /// not the last use of a buffer allocated there.
    NoSourceFree,
    /// The target (source) is not defined by an allocation in the copy's block.
    NotAllocatedHere,
    /// `by` uses the target (or an alias) between its definition and the copy.
    TargetUsedBetween { by: OpId },
    /// `by` uses the source (or an alias) between the copy and its free.
    SourceUsedBetween { by: OpId },
    /// The target is not allocated in the copy's block, and `by` uses it
    /// (or an alias) elsewhere than after the copy in the copy's block, or
    /// frees it there, or passes it on with the block's terminator.
    TargetUsedElsewhere { by: OpId },
    /// The target is defined after the source's allocation.
    TargetDefinedLater,
    /// `by` takes the address of one of the buffers (or an alias) as a plain
    /// value: accesses through it are not seen, so the two buffers must stay
    /// apart.
    AddressExposed { by: OpId },
}

impl Kept {
    fn message(self) -> &'static str {
        match self {
            Kept::Types => "kept: source and target are the same value or differ in type",
            Kept::NoSourceFree => {
                "kept: the source is not freed after the copy in the same block, nor a buffer of this block whose last use is the copy"
            }
            Kept::NotAllocatedHere => "kept: neither buffer is allocated in the copy's block",
            Kept::TargetUsedBetween { .. } => {
                "kept: the target is used between its definition and the copy"
            }
            Kept::SourceUsedBetween { .. } => {
                "kept: the source is used between the copy and its free"
            }
            Kept::TargetUsedElsewhere { .. } => {
                "kept: the target is not allocated in the copy's block and is used other than after the copy in that block"
            }
            Kept::TargetDefinedLater => "kept: the target is defined after the source's allocation",
            Kept::AddressExposed { .. } => {
                "kept: the address of a buffer involved is taken as a plain value"
            }
        }
    }
    fn culprit(self) -> Option<OpId> {
        match self {
            Kept::TargetUsedBetween { by }
            | Kept::SourceUsedBetween { by }
            | Kept::TargetUsedElsewhere { by }
            | Kept::AddressExposed { by } => Some(by),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub copy: OpId,
    pub outcome: Result<Removal, Kept>,
}

/// Decides for every known copy under the root.
pub fn decide(
    snapshot: &Snapshot,
    options: &CopyRemovalOptions,
    same_type: impl Fn(ValueId, ValueId) -> bool,
) -> Vec<Decision> {
    // No copy, no decision: spare the analyses.
    if !snapshot.ops.iter().any(|op| copy_shape(&op.name).is_some()) {
        return Vec::new();
    }
    let ctx = Ctx {
        snapshot,
        uses: UseLists::new(snapshot),
        aliases: OnceCell::new(),
        dominance: OnceCell::new(),
    };
    let mut out = Vec::new();
    for index in 1..snapshot.ops.len() {
        let copy = OpId(index as u32);
        let info = snapshot.op(copy);
        let outcome = match copy_shape(&info.name) {
            Some(CopyShape::IntoOperand) if info.operands.len() == 2 && info.results.is_empty() => {
                let (source, target) = (info.operands[0], info.operands[1]);
                if source == target || !same_type(source, target) {
                    Err(Kept::Types)
                } else {
                    ctx.reuse_source(copy, source, target)
                        .or_else(|why| ctx.reuse_target(copy, source, target).map_err(|_| why))
                        .or_else(|why| {
                            ctx.reuse_source_for_later_uses(copy, source, target)
                                .map_err(|later| {
                                    if why == Kept::NotAllocatedHere {
                                        later
                                    } else {
                                        why
                                    }
                                })
                        })
                }
            }
            Some(CopyShape::IntoNewBuffer)
                if options.clones && info.operands.len() == 1 && info.results.len() == 1 =>
            {
                let (source, clone) = (info.operands[0], info.results[0]);
                if !same_type(source, clone) {
                    Err(Kept::Types)
                } else {
                    ctx.clone_removal(copy, source, clone).or_else(|why| {
                        ctx.clone_handed_over(copy, source, clone).map_err(|over| {
                            if over == Kept::NoSourceFree {
                                why
                            } else {
                                over
                            }
                        })
                    })
                }
            }
            _ => continue,
        };
        out.push(Decision { copy, outcome });
    }
    out
}

/// The analyses a decision reads. Aliases and dominance are built on the
/// first copy that passes the checks on its own block (an allocation and a
/// free there): a body whose copies all fail them never needs either.
struct Ctx<'s> {
    snapshot: &'s Snapshot,
    uses: UseLists,
    aliases: OnceCell<AliasAnalysis<'s>>,
    dominance: OnceCell<DominanceInfo<'s>>,
}

impl<'s> Ctx<'s> {
    fn aliases(&self) -> &AliasAnalysis<'s> {
        self.aliases
            .get_or_init(|| AliasAnalysis::new(self.snapshot))
    }

    fn dominance(&self) -> &DominanceInfo<'s> {
        self.dominance
            .get_or_init(|| DominanceInfo::new(self.snapshot))
    }

    /// The position in `block` of the op of `block` that is or contains `op`.
    fn position_in(&self, op: OpId, block: BlockId) -> Option<u32> {
        let region = self.snapshot.block(block).region;
        let ancestor = ancestor_op_in_region(self.snapshot, op, region)?;
        (self.snapshot.op(ancestor).parent_block == Some(block))
            .then(|| self.snapshot.op(ancestor).position)
    }

    /// A user of `value` or an alias of it strictly between positions
    /// `from` and `to` of `block`.
    fn used_between(&self, value: ValueId, block: BlockId, from: u32, to: u32) -> Option<OpId> {
        self.aliases().resolve(value).into_iter().find_map(|alias| {
            self.uses
                .of(alias)
                .iter()
                .find(|u| {
                    self.position_in(u.user, block)
                        .is_some_and(|p| from < p && p < to)
                })
                .map(|u| u.user)
        })
    }

    /// An op that takes the address of `value` or an alias of it as a plain
    /// value (see [`crate::analysis::value_flow::UseKind::AddressExposed`]).
    fn address_exposed(&self, value: ValueId) -> Option<OpId> {
        let flow = self.aliases().flow();
        self.aliases().resolve(value).into_iter().find_map(|alias| {
            flow.events(alias)
                .iter()
                .find(|e| e.kind == UseKind::AddressExposed)
                .map(|e| e.op)
        })
    }

    /// The first op after position `after` in `block` that only frees `value`.
    fn free_after(&self, value: ValueId, block: BlockId, after: u32) -> Option<OpId> {
        self.uses
            .of(value)
            .iter()
            .map(|u| u.user)
            .filter(|&user| {
                let info = self.snapshot.op(user);
                info.parent_block == Some(block)
                    && info.position > after
                    && frees_only(self.snapshot, user, value)
            })
            .min_by_key(|&user| self.snapshot.op(user).position)
    }

    /// The allocation op defining `value` in `block`, if it only allocates.
    fn allocation_in(&self, value: ValueId, block: BlockId) -> Option<OpId> {
        match self.snapshot.value(value).def {
            ValueDef::OpResult { op, index: 0 }
                if self.snapshot.op(op).parent_block == Some(block)
                    && is_pure_heap_allocation(self.snapshot, op) == Some(value) =>
            {
                Some(op)
            }
            _ => None,
        }
    }

    /// Whether the copy at `copy_pos` of `block` is the last use of
    /// `source`, a heap allocation of `block` that nothing frees: every use
    /// of every alias of it lies in `block` before the copy (nested uses
    /// counted at their ancestor in `block`), so nothing reads it after the
    /// copy, and it never leaves the block (no branch, yield, return, store
    /// or call after the copy, and none before, which would be a use in
    /// another block or a later terminator).
    fn last_use_is_copy(&self, source: ValueId, block: BlockId, copy: OpId, copy_pos: u32) -> bool {
        if self.allocation_in(source, block).is_none() {
            return false;
        }
        self.aliases().resolve(source).into_iter().all(|alias| {
            self.uses.of(alias).iter().all(|u| {
                u.user == copy
                    || (self
                        .position_in(u.user, block)
                        .is_some_and(|p| p < copy_pos)
                        && !self.may_free(u.user, alias))
            })
        })
    }

    /// Whether `value` is a buffer its defining op allocates (an `Allocate`
    /// effect on it) without freeing anything (so not a reallocation that
    /// may return its operand's memory): a new buffer, never one that
    /// existed before the op, whatever the alias analysis assumes of it.
    fn fresh(&self, value: ValueId) -> bool {
        let ValueDef::OpResult { op, .. } = self.snapshot.value(value).def else {
            return false;
        };
        matches!(&self.snapshot.op(op).facts.effects, Effects::Known(effects)
            if effects.iter().any(|e| e.kind == EffectKind::Allocate && e.value == Some(value))
                && effects.iter().all(|e| e.kind != EffectKind::Free))
    }

    /// Whether the allocation `op` allocates on the stack (the automatic
    /// allocation scope's resource).
    fn on_stack(&self, op: OpId) -> bool {
        matches!(&self.snapshot.op(op).facts.effects, Effects::Known(effects)
            if effects.iter().any(|e| e.kind == EffectKind::Allocate && e.on_automatic_scope))
    }

    /// Whether `op` may free `value` (a known `Free` effect on it, or
    /// unknown effects): a buffer freed before the copy is not one whose
    /// last use is the copy, and its free must not pass to the other buffer.
    fn may_free(&self, op: OpId, value: ValueId) -> bool {
        match &self.snapshot.op(op).facts.effects {
            Effects::Known(effects) => effects
                .iter()
                .any(|e| e.kind == EffectKind::Free && e.value.is_none_or(|v| v == value)),
            Effects::Unknown => true,
        }
    }

    /// How the source's life ends after the copy at `copy_pos`: a free of
    /// it later in `block` (`Some`, removed with the copy), or nothing, the
    /// copy being its last use (`None`: whatever frees the buffer that takes
    /// its place frees it, or, before deallocation, the deallocation will).
    fn source_end(
        &self,
        source: ValueId,
        block: BlockId,
        copy: OpId,
        copy_pos: u32,
    ) -> Result<Option<OpId>, Kept> {
        if let Some(free) = self.free_after(source, block, copy_pos) {
            return Ok(Some(free));
        }
        if self.last_use_is_copy(source, block, copy, copy_pos) {
            return Ok(None);
        }
        Err(Kept::NoSourceFree)
    }

    /// Both cases' use conditions, in `block`, which holds the copy at `copy_pos`, the
    /// allocation `alloc` and the source's `free` (if any): the target is not used
    /// between the allocation and the copy, and the source not between the copy and
    /// its free.
    fn unused_around(
        &self,
        block: BlockId,
        copy_pos: u32,
        (alloc, free): (OpId, Option<OpId>),
        source: ValueId,
        target: ValueId,
    ) -> Result<(), Kept> {
        if let Some(by) = self
            .address_exposed(source)
            .or_else(|| self.address_exposed(target))
        {
            return Err(Kept::AddressExposed { by });
        }
        let def_pos = self.snapshot.op(alloc).position;
        if let Some(by) = self.used_between(target, block, def_pos, copy_pos) {
            return Err(Kept::TargetUsedBetween { by });
        }
        if let Some(free) = free {
            let free_pos = self.snapshot.op(free).position;
            if let Some(by) = self.used_between(source, block, copy_pos, free_pos) {
                return Err(Kept::SourceUsedBetween { by });
            }
        }
        Ok(())
    }

    fn reuse_source(&self, copy: OpId, source: ValueId, target: ValueId) -> Result<Removal, Kept> {
        let info = self.snapshot.op(copy);
        let block = info.parent_block.ok_or(Kept::NotAllocatedHere)?;
        let alloc = self
            .allocation_in(target, block)
            .ok_or(Kept::NotAllocatedHere)?;
        let free = self.source_end(source, block, copy, info.position)?;
        self.unused_around(block, info.position, (alloc, free), source, target)?;
        Ok(Removal {
            kind: RemovalKind::ReuseSource,
            replace: target,
            with: source,
            erase: [copy].into_iter().chain(free).chain([alloc]).collect(),
            move_free: None,
            free_before: Vec::new(),
        })
    }

    fn reuse_target(&self, copy: OpId, source: ValueId, target: ValueId) -> Result<Removal, Kept> {
        let info = self.snapshot.op(copy);
        let block = info.parent_block.ok_or(Kept::NotAllocatedHere)?;
        let alloc = self
            .allocation_in(source, block)
            .ok_or(Kept::NotAllocatedHere)?;
        let free = self.source_end(source, block, copy, info.position)?;
        if !self.dominance().value_properly_dominates(target, alloc) {
            return Err(Kept::TargetDefinedLater);
        }
        self.unused_around(block, info.position, (alloc, free), source, target)?;
        Ok(Removal {
            kind: RemovalKind::ReuseTarget,
            replace: source,
            with: target,
            erase: [copy].into_iter().chain(free).chain([alloc]).collect(),
            move_free: None,
            free_before: Vec::new(),
        })
    }

    /// The source reused by a target that is not a heap allocation of the
    /// copy's block: a stack buffer, or a buffer loop hoisting moved out of
    /// the copy's loop. The copy writes all of the target, and every other
    /// use of the target or an alias of it (besides frees of it, which go)
    /// lies in the copy's block after the copy: nothing reads what the
    /// target held before the copy, in this iteration or a later one, so
    /// those uses may read the source instead. The source's free after the
    /// copy moves right after the last of them; without one (before
    /// deallocation: the copy is the source's last use), the target must
    /// have no free either, and the deallocation frees the source after its
    /// new uses.
    ///
    /// ```mlir
    /// %t = memref.alloca()                  // (removed)
    /// scf.for ... {
    ///   %s = call @f()                      // %s = call @f()
    ///   memref.copy %s, %t                  // (removed)
    ///   memref.dealloc %s                   // (moved)
    ///   call @use(%t)                       // call @use(%s)
    ///                                       // memref.dealloc %s
    /// }
    /// ```
    fn reuse_source_for_later_uses(
        &self,
        copy: OpId,
        source: ValueId,
        target: ValueId,
    ) -> Result<Removal, Kept> {
        let info = self.snapshot.op(copy);
        let block = info.parent_block.ok_or(Kept::NotAllocatedHere)?;
        let copy_pos = info.position;
        let alloc = match self.snapshot.value(target).def {
            ValueDef::OpResult { op, index: 0 }
                if is_pure_allocation(self.snapshot, op) == Some(target) =>
            {
                op
            }
            _ => return Err(Kept::NotAllocatedHere),
        };
        let free = self.source_end(source, block, copy, copy_pos)?;
        // The target's own frees go with it. A free of another value the
        // alias analysis may take for an alias (a call's result, which may
        // be any of its buffer operands) is a use like any other: it stays.
        let aliases = self.aliases().resolve(target);
        let mut target_frees: Vec<OpId> = self
            .uses
            .of(target)
            .iter()
            .filter(|u| frees_only(self.snapshot, u.user, target))
            .map(|u| u.user)
            .collect();
        target_frees.sort_unstable();
        target_frees.dedup();
        if let (None, Some(&by)) = (free, target_frees.first()) {
            return Err(Kept::TargetUsedElsewhere { by });
        }
        // An op that may free the target (a call) frees nothing here when
        // the target is on the stack or freed by its own frees (a second
        // free would be the input's double free); otherwise it might, and
        // would then free the source, which its free frees again.
        let may_not_free_it = self.on_stack(alloc) || !target_frees.is_empty();
        let region = self.snapshot.block(block).region;
        // The op of `block` holding the last use of the target, at its position.
        let mut last: Option<(u32, OpId)> = None;
        for &alias in &aliases {
            for u in self.uses.of(alias) {
                if u.user == copy || target_frees.contains(&u.user) {
                    continue;
                }
                let user = self.snapshot.op(u.user);
                let at = ancestor_op_in_region(self.snapshot, u.user, region)
                    .filter(|&a| self.snapshot.op(a).parent_block == Some(block))
                    .map(|a| (self.snapshot.op(a).position, a));
                let ok = at.is_some_and(|(position, _)| {
                    position > copy_pos
                        && !(user.facts.is_terminator && user.parent_block == Some(block))
                        && (may_not_free_it || !self.may_free(u.user, alias))
                });
                let Some((position, a)) = at.filter(|_| ok) else {
                    return Err(Kept::TargetUsedElsewhere { by: u.user });
                };
                if last.is_none_or(|(p, _)| p < position) {
                    last = Some((position, a));
                }
            }
        }
        if let Some(by) = self
            .address_exposed(source)
            .or_else(|| self.address_exposed(target))
        {
            return Err(Kept::AddressExposed { by });
        }
        if let Some(free) = free {
            let free_pos = self.snapshot.op(free).position;
            if let Some(by) = self.used_between(source, block, copy_pos, free_pos) {
                return Err(Kept::SourceUsedBetween { by });
            }
        }
        let move_free = match (free, last) {
            (Some(free), Some((position, after))) if position > self.snapshot.op(free).position => {
                Some((free, after))
            }
            _ => None,
        };
        Ok(Removal {
            kind: RemovalKind::ReuseSourceForLaterUses,
            replace: target,
            with: source,
            erase: [copy]
                .into_iter()
                .chain(target_frees)
                .chain([alloc])
                .collect(),
            move_free,
            free_before: Vec::new(),
        })
    }

    /// A clone that one branch of an if-like op yields, of a buffer defined
    /// before the op and freed right after it: that branch hands the buffer
    /// itself over, and the other branches free it before they yield
    /// (after every use they make of it), where the free after the op would
    /// have. Exactly one region of the op runs, once: its entry goes to
    /// regions only, each region is one block whose terminator goes to the
    /// op's results only (`RegionBranchOpInterface`). The clone's block uses
    /// neither the source nor an alias of it after the clone, the clone is
    /// only yielded, and between the op and the free nothing uses the source
    /// or an alias (but frees of other values: the input frees nothing
    /// twice), so on the branch that freed it early nothing reads it later.
    ///
    /// ```mlir
    /// %r = scf.if %p -> memref<?xf64> {     // %r = scf.if %p -> memref<?xf64> {
    ///   %n = call @grow(%a)                 //   %n = call @grow(%a)
    ///                                       //   memref.dealloc %a
    ///   scf.yield %n                        //   scf.yield %n
    /// } else {                              // } else {
    ///   %c = bufferization.clone %a         //
    ///   scf.yield %c                        //   scf.yield %a
    /// }                                     // }
    /// memref.dealloc %a                     //
    /// ```
    fn clone_handed_over(
        &self,
        clone_op: OpId,
        source: ValueId,
        clone: ValueId,
    ) -> Result<Removal, Kept> {
        let snapshot = self.snapshot;
        let info = snapshot.op(clone_op);
        let block = info.parent_block.ok_or(Kept::NoSourceFree)?;
        let terminator = snapshot.terminator(block).ok_or(Kept::NoSourceFree)?;
        let uses = self.uses.of(clone);
        if uses.len() != 1 || uses[0].user != terminator {
            return Err(Kept::NoSourceFree);
        }
        let parent = snapshot.region(snapshot.block(block).region).parent_op;
        let parent_info = snapshot.op(parent);
        let parent_block = parent_info.parent_block.ok_or(Kept::NoSourceFree)?;
        let entry_edges = &parent_info
            .facts
            .region_branch
            .as_ref()
            .ok_or(Kept::NoSourceFree)?
            .entry_edges;
        if entry_edges.is_empty()
            || entry_edges
                .iter()
                .any(|e| !matches!(e.target, RegionTarget::Region(_)))
        {
            return Err(Kept::NoSourceFree);
        }
        let mut others = Vec::new();
        for &region in &parent_info.regions {
            let blocks = &snapshot.region(region).blocks;
            let [only] = blocks.as_slice() else {
                return Err(Kept::NoSourceFree);
            };
            let end = snapshot.terminator(*only).ok_or(Kept::NoSourceFree)?;
            let edges = &snapshot.op(end).facts.terminator_edges;
            if edges.is_empty() || edges.iter().any(|e| e.target != RegionTarget::Parent) {
                return Err(Kept::NoSourceFree);
            }
            if *only != block {
                others.push(end);
            }
        }
        if !self.dominance().value_properly_dominates(source, parent) {
            return Err(Kept::TargetDefinedLater);
        }
        let free = self
            .free_after(source, parent_block, parent_info.position)
            .ok_or(Kept::NoSourceFree)?;
        if let Some(by) = self
            .address_exposed(source)
            .or_else(|| self.address_exposed(clone))
        {
            return Err(Kept::AddressExposed { by });
        }
        let free_pos = snapshot.op(free).position;
        // Values other ops after the op in its block free: the input frees
        // nothing twice, so none of them is the source's buffer, whatever
        // the alias analysis may assume (the buffers a loop carries side by
        // side, through calls that may return any of them).
        let freed_apart: HashSet<ValueId> = snapshot
            .block(parent_block)
            .ops
            .iter()
            .filter(|&&op| snapshot.op(op).position > parent_info.position && op != free)
            .flat_map(|&op| {
                snapshot
                    .op(op)
                    .operands
                    .iter()
                    .copied()
                    .filter(move |&v| frees_only(snapshot, op, v))
            })
            .collect();
        for alias in self.aliases().resolve(source) {
            if alias != source && (freed_apart.contains(&alias) || self.fresh(alias)) {
                continue;
            }
            for u in self.uses.of(alias) {
                let after_clone = snapshot.op(u.user).parent_block == Some(block)
                    && snapshot.op(u.user).position > info.position;
                let between = self
                    .position_in(u.user, parent_block)
                    .is_some_and(|p| parent_info.position < p && p < free_pos)
                    && !snapshot
                        .op(u.user)
                        .operands
                        .iter()
                        .any(|&v| v != alias && frees_only(snapshot, u.user, v));
                let nested_after_clone = !after_clone
                    && self
                        .position_in(u.user, block)
                        .is_some_and(|p| p > info.position);
                if after_clone || nested_after_clone || between {
                    return Err(Kept::SourceUsedBetween { by: u.user });
                }
            }
        }
        Ok(Removal {
            kind: RemovalKind::CloneHandedOver,
            replace: clone,
            with: source,
            erase: vec![free, clone_op],
            move_free: None,
            free_before: others,
        })
    }

    fn clone_removal(
        &self,
        clone_op: OpId,
        source: ValueId,
        clone: ValueId,
    ) -> Result<Removal, Kept> {
        let info = self.snapshot.op(clone_op);
        let block = info.parent_block.ok_or(Kept::NoSourceFree)?;
        let clone_uses = self.uses.of(clone);
        if clone_uses
            .iter()
            .all(|u| frees_only(self.snapshot, u.user, clone))
        {
            let mut erase: Vec<OpId> = clone_uses.iter().map(|u| u.user).collect();
            erase.sort_unstable();
            erase.dedup();
            erase.push(clone_op);
            return Ok(Removal {
                kind: RemovalKind::DeadClone,
                replace: clone,
                with: source,
                erase,
                move_free: None,
                free_before: Vec::new(),
            });
        }
        let free = self
            .free_after(source, block, info.position)
            .ok_or(Kept::NoSourceFree)?;
        if let Some(by) = self
            .address_exposed(source)
            .or_else(|| self.address_exposed(clone))
        {
            return Err(Kept::AddressExposed { by });
        }
        if let Some(by) = self.used_between(
            source,
            block,
            info.position,
            self.snapshot.op(free).position,
        ) {
            return Err(Kept::SourceUsedBetween { by });
        }
        if !self.dominance().value_properly_dominates(source, clone_op) {
            return Err(Kept::TargetDefinedLater);
        }
        Ok(Removal {
            kind: RemovalKind::CloneOfFreedSource,
            replace: clone,
            with: source,
            erase: vec![free, clone_op],
            move_free: None,
            free_before: Vec::new(),
        })
    }
}

/// The decisions (indices) applied this round: removals that share no op
/// and no value with an earlier one.
fn non_conflicting(decisions: &[Decision]) -> Vec<usize> {
    let mut ops: HashSet<OpId> = HashSet::new();
    let mut values: HashSet<ValueId> = HashSet::new();
    let mut out = Vec::new();
    for (index, decision) in decisions.iter().enumerate() {
        let Ok(removal) = &decision.outcome else {
            continue;
        };
        let moved = removal
            .move_free
            .iter()
            .flat_map(|&(free, after)| [free, after]);
        let clash = removal
            .erase
            .iter()
            .chain(moved.clone().collect::<Vec<_>>().iter())
            .any(|op| ops.contains(op))
            || values.contains(&removal.replace)
            || values.contains(&removal.with);
        if clash {
            continue;
        }
        ops.extend(removal.erase.iter().copied());
        ops.extend(moved);
        values.insert(removal.replace);
        values.insert(removal.with);
        out.push(index);
    }
    out
}

fn remark(snapshot: &Snapshot, map: &IrMap, decision: &Decision) {
    // SAFETY: live ops of the captured IR; nothing is edited yet this round.
    let copy_ref = unsafe { OperationRef::from_raw(map.op(decision.copy)) };
    let diagnostic = match &decision.outcome {
        Ok(removal) => Diagnostic::remark(
            &copy_ref,
            match removal.kind {
                RemovalKind::ReuseSource => "removed: the target reuses the source buffer",
                RemovalKind::ReuseSourceForLaterUses => {
                    "removed: the target's uses after the copy read the source"
                }
                RemovalKind::ReuseTarget => "removed: the source's users write the target directly",
                RemovalKind::CloneOfFreedSource => "removed: the clone reuses its freed source",
                RemovalKind::CloneHandedOver => {
                    "removed: the branch hands over the source the op frees after it; the other branches free it"
                }
                RemovalKind::DeadClone => "removed: the clone is only freed",
            },
        ),
        Err(kept) => {
            let mut diagnostic = Diagnostic::remark(&copy_ref, kept.message());
            if let Some(culprit) = kept.culprit() {
                // SAFETY: as above.
                let culprit_ref = unsafe { OperationRef::from_raw(map.op(culprit)) };
                diagnostic = diagnostic.note_at(
                    &culprit_ref,
                    format!("used by '{}'", snapshot.op(culprit).name),
                );
            }
            diagnostic
        }
    };
    diagnostic.emit();
}

fn apply(map: &IrMap, removal: &Removal) {
    let erase: Vec<_> = removal.erase.iter().map(|&op| map.op(op)).collect();
    // The copy and frees go first, then the replaced value's uses move to
    // the kept value, then its now unused definition (the last op) goes.
    let (users, definition) = erase.split_at(erase.len() - 1);
    // SAFETY: handles of `map`, live until erased here; the copy and frees
    // have no results, the definition's uses moved to the kept value (of the
    // same type, dominating them: checked by the analysis) before it goes.
    unsafe {
        for &terminator in &removal.free_before {
            let free = mlir_sys::mlirOperationClone(erase[0]);
            edit::insert(free, edit::InsertPoint::Before(map.op(terminator)));
        }
        for &op in users {
            edit::erase(op);
        }
        if removal.kind != RemovalKind::DeadClone {
            edit::replace_all_uses(map.value(removal.replace), map.value(removal.with));
        }
        for &op in definition {
            edit::erase(op);
        }
        if let Some((free, after)) = removal.move_free {
            edit::move_after(map.op(free), map.op(after));
        }
    }
}

/// A buffer nothing reads or writes, and how to remove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadBuffer {
    pub alloc: OpId,
    /// Each `memref.dim` of the buffer or a view, and what its result becomes.
    pub dims: Vec<(OpId, Extent)>,
    /// Frees of the buffer or a view.
    pub frees: Vec<OpId>,
    /// Views of the buffer (or of its views), each after the one it views.
    pub views: Vec<OpId>,
}

/// The extent a `memref.dim` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    Static(i64),
    Value(ValueId),
}

/// The name of the shape query this step replaces (the one op with no
/// memory effect and a non-buffer result it reads as shape-only).
const DIM: &str = "memref.dim";
/// The view whose dynamic result extents are its operands after the source
/// (its `output_shape`), in order.
const EXPAND_SHAPE: &str = "memref.expand_shape";

/// Whether `op` declares no memory effect at all.
fn no_effects(snapshot: &Snapshot, op: OpId) -> bool {
    matches!(&snapshot.op(op).facts.effects, Effects::Known(effects) if effects.is_empty())
}

/// The shape of a ranked memref value (`None` for a dynamic extent).
fn memref_shape(map: &IrMap, value: ValueId) -> Option<Vec<Option<i64>>> {
    // SAFETY: a live value of the capture.
    crate::ir::types::memref_shape(unsafe { edit::value_type(map.value(value)) })
}

/// The value of an integer constant (an op without operands and with an
/// integer `value` attribute) defining `value`.
fn constant_of(snapshot: &Snapshot, map: &IrMap, value: ValueId) -> Option<i64> {
    let ValueDef::OpResult { op, .. } = snapshot.value(value).def else {
        return None;
    };
    if !snapshot.op(op).operands.is_empty() {
        return None;
    }
    crate::ir::functions::integer_attribute(map.op(op), "value")
}

/// The extent `dim` of `value`, the buffer `alloc` allocates or a view of
/// it, exactly: a static extent of its type; for the buffer, the
/// allocation's size operand of that extent (when its operands are exactly
/// its dynamic sizes); for a cast of the same rank, the source's extent; for
/// an expand_shape, its output_shape operand of that extent.
fn extent_of(
    snapshot: &Snapshot,
    map: &IrMap,
    alloc: OpId,
    value: ValueId,
    dim: usize,
) -> Option<Extent> {
    let shape = memref_shape(map, value)?;
    if let Some(n) = *shape.get(dim)? {
        return Some(Extent::Static(n));
    }
    // The position of `dim` among the dynamic extents.
    let nth = shape[..dim].iter().filter(|d| d.is_none()).count();
    let dynamic = shape.iter().filter(|d| d.is_none()).count();
    let ValueDef::OpResult { op, index: 0 } = snapshot.value(value).def else {
        return None;
    };
    let info = snapshot.op(op);
    if op == alloc {
        return (info.operands.len() == dynamic).then(|| Extent::Value(info.operands[nth]));
    }
    let source = info.facts.view_source?;
    if info.facts.is_cast {
        let same_rank = memref_shape(map, source)?.len() == shape.len();
        return if same_rank {
            extent_of(snapshot, map, alloc, source, dim)
        } else {
            None
        };
    }
    (info.name.as_str() == EXPAND_SHAPE
        && info.operands.first() == Some(&source)
        && info.operands.len() == dynamic + 1)
        .then(|| Extent::Value(info.operands[nth + 1]))
}

/// The buffers under the root that nothing reads or writes but whose size
/// something reads: the result of an op that only allocates it, whose uses
/// (and the uses of its views) are frees, `memref.dim`s with a constant
/// index whose extent [`extent_of`] resolves (at least one), and views
/// (`ViewLikeOpInterface`, no memory effect, one result) of it. Any other use keeps the buffer (an op taking its address
/// as an integer, a call, a copy, a yield, a return).
pub fn dead_buffers(snapshot: &Snapshot, map: &IrMap) -> Vec<DeadBuffer> {
    let uses = UseLists::new(snapshot);
    let mut out = Vec::new();
    'allocs: for index in 1..snapshot.ops.len() {
        let alloc = OpId(index as u32);
        let Some(buffer) = is_pure_allocation(snapshot, alloc) else {
            continue;
        };
        let mut dead = DeadBuffer {
            alloc,
            dims: Vec::new(),
            frees: Vec::new(),
            views: Vec::new(),
        };
        let mut values = vec![buffer];
        let mut next = 0;
        while let Some(&value) = values.get(next) {
            next += 1;
            for u in uses.of(value) {
                let user = u.user;
                let info = snapshot.op(user);
                if frees_only(snapshot, user, value) {
                    dead.frees.push(user);
                } else if info.name.as_str() == DIM
                    && u.operand_index == 0
                    && info.operands.len() == 2
                    && no_effects(snapshot, user)
                {
                    let Some(extent) = constant_of(snapshot, map, info.operands[1])
                        .and_then(|d| usize::try_from(d).ok())
                        .and_then(|d| extent_of(snapshot, map, alloc, value, d))
                    else {
                        continue 'allocs;
                    };
                    dead.dims.push((user, extent));
                } else if info.facts.view_source == Some(value)
                    && info.results.len() == 1
                    && info.regions.is_empty()
                    && no_effects(snapshot, user)
                {
                    dead.views.push(user);
                    values.push(info.results[0]);
                } else {
                    continue 'allocs;
                }
            }
        }
        // A buffer no memref.dim reads the size of (no use at all, or
        // frees only) is left to canonicalization: no size depends on it.
        if !dead.dims.is_empty() {
            out.push(dead);
        }
    }
    out
}

/// Removes `dead`: each `memref.dim` becomes its extent (an index constant
/// built before it, or the size value), then the frees, the views (users
/// first) and the allocation go.
fn apply_dead(map: &IrMap, dead: &DeadBuffer) -> bool {
    // SAFETY: handles of the capture `dead` was decided on; each op is
    // erased once, after every op using its results.
    unsafe {
        // Every replacement first: if one cannot be built, nothing changes
        // but unused constants.
        let mut with = Vec::with_capacity(dead.dims.len());
        for &(dim, extent) in &dead.dims {
            let op = map.op(dim);
            with.push(match extent {
                Extent::Value(value) => map.value(value),
                Extent::Static(n) => match builders::arith_constant_index(
                    n,
                    edit::location(op),
                    edit::InsertPoint::Before(op),
                ) {
                    Some(c) => c,
                    None => return false,
                },
            });
        }
        for (&(dim, _), with) in dead.dims.iter().zip(with) {
            let op = map.op(dim);
            edit::replace_all_uses(edit::result(op, 0), with);
            edit::erase(op);
        }
        for &free in &dead.frees {
            edit::erase(map.op(free));
        }
        for &view in dead.views.iter().rev() {
            edit::erase(map.op(view));
        }
        edit::erase(map.op(dead.alloc));
    }
    true
}

/// Removes the buffers nothing reads or writes under `root` (one capture);
/// whether it removed any, and when it removed none, its snapshot (still
/// the IR's, so copy removal's first round need not capture again).
fn remove_dead_buffers(root: mlir_sys::MlirOperation) -> (bool, Option<Unedited>) {
    let (snapshot, map) = capture_unedited(root);
    let mut removed = false;
    for dead in dead_buffers(&snapshot, &map) {
        removed |= apply_dead(&map, &dead);
    }
    if removed {
        (true, None)
    } else {
        (false, Some((snapshot, map)))
    }
}

/// A snapshot of the IR as it is, with its handles.
type Unedited = (
    std::sync::Arc<crate::analysis::snapshot::Snapshot>,
    std::sync::Arc<crate::ir::capture::IrMap>,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::snapshot::{
        Effect, EffectKind, Effects, OpFacts, SnapshotBuilder, ValueKind,
    };

    fn effects(list: &[(EffectKind, ValueId)]) -> OpFacts {
        OpFacts {
            effects: Effects::Known(
                list.iter()
                    .map(|&(kind, v)| Effect {
                        kind,
                        value: Some(v),
                        on_automatic_scope: false,
                    })
                    .collect(),
            ),
            ..OpFacts::default()
        }
    }

    /// func(%arg) { %t = alloc; [use %t]; copy(%arg, %t); [use %arg]; dealloc %arg; return %t }
    fn reuse_source_case(use_target_before: bool, use_source_after: bool) -> (Snapshot, OpId) {
        let mut b = SnapshotBuilder::new(
            "func.func",
            OpFacts {
                regions_have_ssa_dominance: true,
                ..OpFacts::default()
            },
        );
        let region = b.add_region(Snapshot::ROOT);
        let block = b.add_block(region, &[ValueKind::RankedMemRef]);
        let arg = b.snapshot().block(block).args[0];
        let alloc = b.add_op(
            block,
            "memref.alloc",
            &[],
            &[ValueKind::RankedMemRef],
            OpFacts::default(),
        );
        let t = b.snapshot().op(alloc).results[0];
        *b.facts_mut(alloc) = effects(&[(EffectKind::Allocate, t)]);
        if use_target_before {
            b.add_op(block, "use", &[t], &[], effects(&[(EffectKind::Write, t)]));
        }
        let copy = b.add_op(
            block,
            "memref.copy",
            &[arg, t],
            &[],
            effects(&[(EffectKind::Read, arg), (EffectKind::Write, t)]),
        );
        if use_source_after {
            b.add_op(
                block,
                "use",
                &[arg],
                &[],
                effects(&[(EffectKind::Write, arg)]),
            );
        }
        b.add_op(
            block,
            "memref.dealloc",
            &[arg],
            &[],
            effects(&[(EffectKind::Free, arg)]),
        );
        b.add_op(
            block,
            "func.return",
            &[t],
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                ..OpFacts::default()
            },
        );
        (b.finish(), copy)
    }

    #[test]
    fn the_seeds_source_reuse_is_removed() {
        let (snapshot, copy) = reuse_source_case(false, false);
        let decisions = decide(&snapshot, &CopyRemovalOptions::default(), |_, _| true);
        assert_eq!(decisions.len(), 1);
        assert_eq!(decisions[0].copy, copy);
        let removal = decisions[0].outcome.as_ref().expect("removed");
        assert_eq!(removal.kind, RemovalKind::ReuseSource);
        assert_eq!(removal.erase.len(), 3);
    }

    #[test]
    fn users_in_between_keep_the_copy() {
        let (snapshot, _) = reuse_source_case(true, false);
        let decisions = decide(&snapshot, &CopyRemovalOptions::default(), |_, _| true);
        assert!(matches!(
            decisions[0].outcome,
            Err(Kept::TargetUsedBetween { .. })
        ));
        let (snapshot, _) = reuse_source_case(false, true);
        let decisions = decide(&snapshot, &CopyRemovalOptions::default(), |_, _| true);
        assert!(matches!(
            decisions[0].outcome,
            Err(Kept::SourceUsedBetween { .. })
        ));
    }

    #[test]
    fn different_types_keep_the_copy() {
        let (snapshot, _) = reuse_source_case(false, false);
        let decisions = decide(&snapshot, &CopyRemovalOptions::default(), |_, _| false);
        assert_eq!(decisions[0].outcome, Err(Kept::Types));
    }
}
