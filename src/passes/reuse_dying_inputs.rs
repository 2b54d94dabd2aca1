//! `bufrs-reuse-dying-inputs`: on buffers, an elementwise op writes its
//! result into the buffer of an input that dies there: the input's buffer
//! and the output's become one.
//!
//! ```mlir
//! %i = memref.alloc() : memref<4x64xf32>
//! ... writes and reads of %i ...
//! %o = memref.alloc() : memref<4x64xf32>             // moved up to %i's place
//! linalg.generic {maps = [m, m]} ins(%i : ...) outs(%o : ...) { ... }
//! return %o : memref<4x64xf32>
//! // becomes
//! %o = memref.alloc() : memref<4x64xf32>
//! ... writes and reads of %o ...
//! linalg.generic {maps = [m, m]} ins(%o : ...) outs(%o : ...) { ... }
//! return %o : memref<4x64xf32>
//! ```
//!
//! Why: bufferization with `copy-before-write` gives a model's last
//! elementwise op (an activation after a matmul, a batch norm and clamp, a
//! residual sum) a fresh result buffer, often the one the function returns,
//! while its input, a local buffer of the same type, is never read again.
//! The two are live together at that op only; IREE runs such an op in place.
//! At the tensor level copy-before-write gives every write a fresh buffer
//! anyway, so the reuse is decided here, on buffers.
//!
//! # When two buffers become one
//!
//! `L` is an op whose `LinalgOp` interface (through the shim: its
//! `DestinationStyleOpInterface` inputs and inits and its indexing maps)
//! says: buffer semantics, every loop parallel, operand `I` an input and
//! operand `O` an init read and written through the same indexing map, a
//! permutation of the loops. Each iteration then reads `I`'s element and
//! writes `O`'s element at the same position, and no two iterations touch
//! one element, so `L` computes the same values when `I` and `O` are one
//! buffer. Besides:
//!
//! - `I` and `O` are each the one result of an op that only allocates it
//!   (memory effects, no buffer operands), in `L`'s block, of one op name,
//!   with the same operands (run-time sizes), the same attributes and the
//!   same type; each is one operand of `L` only;
//! - every other use of `I` is in an op before `L` in that block (or nested
//!   in one) that reads or writes `I` and lets nothing alias it: its memory
//!   effects are known and name `I`, it is no view, cast, call, terminator
//!   or region-branch op, and it has no buffer or tensor result. So nothing reads `I`
//!   after `L`, and no alias of it escapes (a returned, stored, yielded or
//!   captured `I` has a use the rule refuses). A use may also be a view of
//!   `I` (`ViewLikeOpInterface`, before `L`, one buffer result, no regions)
//!   whose result is used the same way (a reshape read by a reduction
//!   before `L`, as a softmax's row maximum reads its scores);
//! - every other use of `O` is after `L` in that block (or nested in an op
//!   after it): nothing reads or writes `O` before `L`, so what it held
//!   there does not matter.
//!
//! Then `I`'s uses read `O`: `O`'s allocation moves up to `I`'s when that is
//! earlier (its operands are `I`'s, which dominate it), `I`'s uses are
//! replaced by `O` and `I`'s allocation is erased. `O`'s allocation stays,
//! so a returned result keeps its own allocation op and attributes; the
//! deallocation stage then frees the one buffer after its last use, or
//! hands it to the caller. Each allocation takes part in one rewrite per
//! round; rounds repeat on a fresh capture until none applies (a chain of
//! elementwise ops becomes one buffer).
//!
//! Before any capture, and before each further round, one C++ walk
//! (`cpp-shim/reuse_dying_inputs.cpp`) looks for an op with such a pair as
//! far as it can tell without a snapshot (a destination-style op on
//! buffers, an input and an init of one type allocated in its block, each
//! its operand once, the init unused before it and the input after it, read
//! and written at the same point): a body without one is left uncaptured.
//!
//! With `keep-peak`, a pair is left alone where the input would go to the
//! stack (`bufrs-promote-buffers-to-stack`'s own check with the
//! `promoted-*` bounds) and the init would not, while another buffer that
//! stays on the heap is live between the two allocations (or the block is
//! nested and receives a buffer, as a loop's carried one): the init
//! allocated earlier would add heap bytes there, and could raise the
//! function's peak.
//!
//! The pass decides from interfaces (`LinalgOp`, memory effects, views,
//! casts, calls, region branches, terminators), never from op names.

use std::{cell::OnceCell, collections::HashSet};

use melior::ir::OperationRef;

use crate::{
    analysis::{
        allocs::{is_pure_allocation, is_pure_heap_allocation},
        snapshot::{BlockId, EffectKind, Effects, OpId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
    },
    dialect::index_poly::same_index,
    ir::{
        capture::{IrMap, capture, capture_unedited},
        edit, interfaces,
        reuse_candidates::may_reuse_dying_input,
    },
    options::Allowed,
    pass_options,
    passes::{
        Anchor, BufrsPass, PassResult, pass,
        promote_buffers_to_stack::{PromoteBuffersToStackOptions, check as promote_check},
    },
};

pass_options! {
    /// Options of `bufrs-reuse-dying-inputs`.
    pub struct ReuseDyingInputsOptions {
        keep_peak: bool = false => "keep-peak",
            "Leave a pair alone where the input would be on the stack (bufrs-promote-buffers-to-stack with promoted-max-bytes and promoted-max-rank takes it) and the init would not, while another heap buffer is live between the input's allocation and the init's, or the block is nested and receives a buffer (a loop's carried one): the init allocated earlier would add its bytes to the heap there.";
        promoted_max_bytes: i64 = 0 => "promoted-max-bytes",
            "With keep-peak: an allocation of static shape of at most this many bytes, rank at most promoted-max-rank, that does not escape, is one the promotion takes (costs no heap bytes); 0: none is.", allowed Allowed::NON_NEGATIVE;
        promoted_max_rank: i64 = 1 => "promoted-max-rank",
            "With keep-peak and promoted-max-bytes: the largest rank of such an allocation.", allowed Allowed::NON_NEGATIVE;
    }
}

pub struct ReuseDyingInputs;

impl BufrsPass for ReuseDyingInputs {
    type Options = ReuseDyingInputsOptions;
    const ARGUMENT: &'static str = "bufrs-reuse-dying-inputs";
    const SUMMARY: &'static str = "Make an elementwise structured op (every loop parallel, an input and an init read and written through one permutation map) write into its input's buffer when that input is a local allocation of the init's type not used after the op and not aliased, and the init's allocation is not used before it: the init's allocation moves up to the input's, which goes";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        // A body where one C++ walk finds no pair the rule may take is left
        // before it is captured.
        if !may_reuse_dying_input(root) {
            return pass::unchanged(root);
        }
        let (snap, map) = capture_unedited(root);
        let rewrites = decide_all(&snap, &map, options);
        if rewrites.is_empty() {
            return pass::unchanged(root);
        }
        // SAFETY: handles of this capture.
        unsafe { apply_all(&map, &rewrites) };
        // Further rounds, each on a fresh capture, while the walk still
        // finds a pair and a round applies.
        loop {
            if !may_reuse_dying_input(root) {
                return Ok(());
            }
            let (snap, map) = capture(root);
            let rewrites = decide_all(&snap, &map, options);
            if rewrites.is_empty() {
                return Ok(());
            }
            // SAFETY: handles of this capture.
            unsafe { apply_all(&map, &rewrites) };
        }
    }
}

/// # Safety
/// `map` is the capture `rewrites` were decided on, its handles live.
unsafe fn apply_all(map: &IrMap, rewrites: &[Rewrite]) {
    for rewrite in rewrites {
        // SAFETY: the caller's contract; the rewrites of one round touch
        // disjoint allocations (`decide_all`).
        unsafe { apply(map, rewrite) };
    }
}

/// One decided rewrite: `input`'s buffer (allocated by `input_alloc`)
/// becomes `output`'s (allocated by `output_alloc`), which moves up to
/// `input_alloc` when `move_up`.
struct Rewrite {
    input_alloc: OpId,
    output_alloc: OpId,
    input: ValueId,
    output: ValueId,
    move_up: bool,
    /// (index, value): operands of `output_alloc` to set to the input
    /// allocation's equal value at that index when it moves up.
    operands: Vec<(usize, ValueId)>,
}

/// Every rewrite of one round, no allocation in two of them.
fn decide_all(snap: &Snapshot, map: &IrMap, options: &ReuseDyingInputsOptions) -> Vec<Rewrite> {
    let uses = UseLists::new(snap);
    let peak = Peak {
        options,
        on_stack: OnceCell::new(),
    };
    let mut taken: HashSet<OpId> = HashSet::new();
    let mut rewrites = Vec::new();
    for index in 0..snap.ops.len() {
        let op = OpId(index as u32);
        if let Some(rewrite) = decide(snap, map, &uses, &peak, op, &taken) {
            taken.insert(rewrite.input_alloc);
            taken.insert(rewrite.output_alloc);
            rewrites.push(rewrite);
        }
    }
    rewrites
}

/// The allocation op of `value` in `block`, if an op that only allocates
/// it defines it there.
fn local_allocation(snap: &Snapshot, value: ValueId, block: BlockId) -> Option<OpId> {
    let ValueDef::OpResult { op, .. } = snap.value(value).def else {
        return None;
    };
    (snap.op(op).parent_block == Some(block) && is_pure_allocation(snap, op) == Some(value))
        .then_some(op)
}

/// The position, in `block`, of the op of `block` that is or holds `op`.
fn position_in(snap: &Snapshot, op: OpId, block: BlockId) -> Option<u32> {
    let mut at = op;
    loop {
        let parent = snap.op(at).parent_block?;
        if parent == block {
            return Some(snap.op(at).position);
        }
        at = snap.parent_op_of_block(parent);
    }
}

/// Whether `user` reads or writes `buffer` and lets no alias of it out.
fn accesses_without_alias(snap: &Snapshot, map: &IrMap, user: OpId, buffer: ValueId) -> bool {
    let info = snap.op(user);
    let Effects::Known(effects) = &info.facts.effects else {
        return false;
    };
    let facts = &info.facts;
    effects
        .iter()
        .any(|e| e.value == Some(buffer) && matches!(e.kind, EffectKind::Read | EffectKind::Write))
        && effects.iter().all(|e| {
            e.value != Some(buffer) || matches!(e.kind, EffectKind::Read | EffectKind::Write)
        })
        && facts.view_source.is_none()
        && !facts.is_cast
        && !facts.is_call
        && !facts.is_terminator
        && facts.region_branch.is_none()
        // No buffer or tensor result (a tensor made from the buffer, as
        // `bufferization.to_tensor`, reads it later).
        && info.results.iter().all(|&r| {
            // SAFETY: a live value of the capture.
            !snap.value(r).kind.is_buffer()
                && !unsafe { mlir_sys::mlirTypeIsATensor(edit::value_type(map.value(r))) }
        })
}

/// Whether `user`, a user of `buffer`, is an op of `block` before
/// `position` (or nested in one) that reads or writes `buffer` and lets no
/// alias out or reads its shape only, or a view of `buffer` (`ViewLikeOpInterface`, one buffer
/// result, no regions) whose result only such ops use, views again
/// included: nothing reads `buffer` after the op at `position`, and no
/// alias of it escapes.
fn used_before(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    user: OpId,
    buffer: ValueId,
    block: BlockId,
    position: u32,
) -> bool {
    if position_in(snap, user, block).is_none_or(|p| p >= position) {
        return false;
    }
    if accesses_without_alias(snap, map, user, buffer)
        || interfaces::reads_shape_of(map.op(user), map.value(buffer))
    {
        return true;
    }
    let info = snap.op(user);
    let [view] = info.results[..] else {
        return false;
    };
    info.facts.view_source == Some(buffer)
        && info.regions.is_empty()
        && snap.value(view).kind.is_buffer()
        && uses
            .of(view)
            .iter()
            .all(|u| used_before(snap, map, uses, u.user, view, block, position))
}

/// Whether the two allocation ops are alike: one name, operands of equal
/// values (the same value, or equal as polynomials of the values they are
/// computed from: a run-time size recomputed through `i64` is the size
/// itself) and the same attributes.
fn same_allocation(snap: &Snapshot, map: &IrMap, a: OpId, b: OpId) -> bool {
    let (x, y) = (snap.op(a), snap.op(b));
    if x.name.as_str() != y.name.as_str()
        || x.operands.len() != y.operands.len()
        || !x
            .operands
            .iter()
            .zip(y.operands.iter())
            .all(|(&u, &v)| same_index(snap, map, u, v))
    {
        return false;
    }
    // SAFETY: live ops of the capture; attribute queries are total.
    unsafe {
        let (x, y) = (map.op(a), map.op(b));
        let count = mlir_sys::mlirOperationGetNumAttributes(x);
        if count != mlir_sys::mlirOperationGetNumAttributes(y) {
            return false;
        }
        (0..count).all(|i| {
            let named = mlir_sys::mlirOperationGetAttribute(x, i);
            let other = mlir_sys::mlirOperationGetAttributeByName(
                y,
                mlir_sys::mlirIdentifierStr(named.name),
            );
            !other.ptr.is_null() && mlir_sys::mlirAttributeEqual(named.attribute, other)
        })
    }
}

/// What `keep-peak` needs: the options, and per op whether the promotion
/// would take its allocation (computed at the first pair that asks).
struct Peak<'o> {
    options: &'o ReuseDyingInputsOptions,
    on_stack: OnceCell<Vec<bool>>,
}

impl Peak<'_> {
    /// Per op: whether `bufrs-promote-buffers-to-stack` with the options'
    /// bounds takes its allocation once out of every loop.
    fn on_stack(&self, snap: &Snapshot, map: &IrMap) -> &[bool] {
        self.on_stack.get_or_init(|| {
            let options = PromoteBuffersToStackOptions {
                max_alloc_size_in_bytes: self.options.promoted_max_bytes,
                max_rank_of_allocated_memref: self.options.promoted_max_rank,
                promote_in_loops: true,
                ..Default::default()
            };
            let (flow, loops) = (OnceCell::new(), OnceCell::new());
            (0..snap.ops.len())
                .map(|index| {
                    let alloc = OpId(index as u32);
                    is_pure_heap_allocation(snap, alloc).is_some_and(|buffer| {
                        promote_check(snap, map, &flow, &loops, alloc, buffer, &options).is_ok()
                    })
                })
                .collect()
        })
    }

    /// Whether making `output_alloc`'s buffer live from `input_alloc` on
    /// may raise the heap's peak: the input would be on the stack, the
    /// init would not, and another buffer that stays on the heap is live
    /// somewhere from `input_alloc` to `output_alloc` (where only the
    /// init's bytes are new): an allocation that stays on the heap, or a
    /// buffer a nested block receives as an argument.
    fn may_rise(
        &self,
        snap: &Snapshot,
        map: &IrMap,
        uses: &UseLists,
        block: BlockId,
        input_alloc: OpId,
        output_alloc: OpId,
    ) -> bool {
        let from = snap.op(input_alloc).position;
        let to = snap.op(output_alloc).position;
        if !self.options.keep_peak || self.options.promoted_max_bytes == 0 || from > to {
            return false;
        }
        let on_stack = self.on_stack(snap, map);
        if !on_stack[input_alloc.index()] || on_stack[output_alloc.index()] {
            return false;
        }
        // A buffer a nested block receives (a loop's carried buffer: the
        // init's allocation of the previous iteration) is live there, as
        // far as this knows; the function's own arguments are the
        // caller's, live throughout either way.
        let mut at = block;
        loop {
            let holder = snap.parent_op_of_block(at);
            let Some(outer) = snap.op(holder).parent_block else {
                break;
            };
            if snap
                .block(at)
                .args
                .iter()
                .any(|&a| snap.value(a).kind.is_buffer())
            {
                return true;
            }
            at = outer;
        }
        (0..snap.ops.len()).any(|index| {
            let alloc = OpId(index as u32);
            if alloc == input_alloc || alloc == output_alloc || on_stack[index] {
                return false;
            }
            let Some(buffer) = is_pure_heap_allocation(snap, alloc) else {
                return false;
            };
            // An allocation outside the block, or a use of it or of an
            // alias outside: live over all of it, as far as this knows.
            let Some(start) = position_in(snap, alloc, block) else {
                return true;
            };
            match last_use_in(snap, uses, buffer, block) {
                Some(end) => start <= to && end.max(start) >= from,
                None => true,
            }
        })
    }
}

/// The position in `block` of the last op of `block` that is or holds a
/// use of `buffer` or of a buffer an op derives from it (its buffer
/// results); `None` when such a use is outside `block`.
fn last_use_in(snap: &Snapshot, uses: &UseLists, buffer: ValueId, block: BlockId) -> Option<u32> {
    let mut last = 0;
    let mut seen = HashSet::from([buffer]);
    let mut work = vec![buffer];
    while let Some(value) = work.pop() {
        for u in uses.of(value) {
            last = last.max(position_in(snap, u.user, block)?);
            for &result in snap.op(u.user).results.iter() {
                if snap.value(result).kind.is_buffer() && seen.insert(result) {
                    work.push(result);
                }
            }
        }
    }
    Some(last)
}

fn decide(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    peak: &Peak<'_>,
    op: OpId,
    taken: &HashSet<OpId>,
) -> Option<Rewrite> {
    let info = snap.op(op);
    let block = info.parent_block?;
    if info.operands.len() < 2 {
        return None;
    }
    let once = |value: ValueId| info.operands.iter().filter(|&&v| v == value).count() == 1;
    // Operands allocated in this block, each with its allocation.
    let local: Vec<(usize, ValueId, OpId)> = info
        .operands
        .iter()
        .enumerate()
        .filter(|&(_, &v)| snap.value(v).kind.is_buffer() && once(v))
        .filter_map(|(i, &v)| {
            let alloc = local_allocation(snap, v, block)?;
            (!taken.contains(&alloc)).then_some((i, v, alloc))
        })
        .collect();
    if local.len() < 2 {
        return None;
    }
    let position = info.position;
    for &(out_index, output, output_alloc) in &local {
        // Nothing touches the init before the op.
        if !uses
            .of(output)
            .iter()
            .all(|u| u.user == op || position_in(snap, u.user, block).is_some_and(|p| p > position))
        {
            continue;
        }
        // Of the inputs that qualify, the one allocated last: the init's
        // allocation moves up the least, so it is live the shortest.
        let chosen = local
            .iter()
            .filter(|&&(in_index, input, input_alloc)| {
                in_index != out_index
                    && same_allocation(snap, map, input_alloc, output_alloc)
                    // SAFETY: live values of the capture.
                    && unsafe {
                        mlir_sys::mlirTypeEqual(
                            edit::value_type(map.value(input)),
                            edit::value_type(map.value(output)),
                        )
                    }
                    // The input's uses: the op, and accesses before it that
                    // let no alias out or read its shape only (the init has the same
                    // shape), directly or through views.
                    && uses.of(input).iter().all(|u| {
                        u.user == op || used_before(snap, map, uses, u.user, input, block, position)
                    })
                    && interfaces::same_point_access(map.op(op), in_index, out_index) == Some(true)
                    && !peak.may_rise(snap, map, uses, block, input_alloc, output_alloc)
            })
            .max_by_key(|&&(_, _, input_alloc)| snap.op(input_alloc).position);
        if let Some(&(_, input, input_alloc)) = chosen {
            let move_up = snap.op(input_alloc).position < snap.op(output_alloc).position;
            // Moved up, the init's allocation takes the input's operands
            // (equal values, defined before the input's allocation) where
            // its own differ.
            let operands = if move_up {
                snap.op(input_alloc)
                    .operands
                    .iter()
                    .zip(snap.op(output_alloc).operands.iter())
                    .enumerate()
                    .filter(|(_, (a, b))| a != b)
                    .map(|(i, (&a, _))| (i, a))
                    .collect()
            } else {
                Vec::new()
            };
            return Some(Rewrite {
                input_alloc,
                output_alloc,
                input,
                output,
                move_up,
                operands,
            });
        }
    }
    None
}

/// # Safety
/// `map` is the capture `rewrite` was decided on, its handles live, and no
/// other rewrite of the round touches its allocations.
unsafe fn apply(map: &IrMap, rewrite: &Rewrite) {
    // SAFETY: the caller's contract. The moved allocation has the input
    // allocation's operands, defined before it; the output has the input's
    // type and, once moved, dominates every use of the input.
    unsafe {
        let input_alloc = map.op(rewrite.input_alloc);
        if rewrite.move_up {
            let output_alloc = map.op(rewrite.output_alloc);
            mlir_sys::mlirOperationMoveBefore(output_alloc, input_alloc);
            for &(index, value) in &rewrite.operands {
                edit::set_operand(output_alloc, index, map.value(value));
            }
        }
        edit::replace_all_uses(map.value(rewrite.input), map.value(rewrite.output));
        edit::erase(input_alloc);
    }
}
