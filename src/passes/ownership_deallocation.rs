//! `bufrs-ownership-based-buffer-deallocation`: deallocation with ownership
//! indicators (seed 001's `bufferization.dealloc`) instead of clones.
//!
//! It places frees exactly as the clone-based pass does (the shared plan of
//! [`crate::analysis::dealloc_plan`]: the same ownership, liveness, moves and
//! free placement, so the same unstructured `cf` loops, `cf.switch`, existing
//! frees, unknown effects, address escapes and refusals), with one change:
//! an edge into a critical merge that the clone-based pass feeds with a clone
//! *borrows* instead when the merge can carry a runtime flag and the lent
//! buffer can be kept alive through the merge's uses. The merge then owns its
//! buffer only on some paths, which an `i1` flag says:
//!
//! - ownership is **static** wherever the plan proves it: allocations, call
//!   results, and merges all of whose edges move owned buffers or clone
//!   (freed with a plain free), and merges all of whose edges borrow (never
//!   freed: an alias);
//! - a merge whose ownership differs by path gets a **flag**: an extra `i1`
//!   block argument (each edge into the block passes `true`, `false` or the
//!   moved buffer's own flag; edges whose branch cannot take one more operand
//!   go through a new block), or an extra `i1` iter_arg / region result of a
//!   region-branch op whose forwarded operands, region arguments and results
//!   are trailing lists (the op is rebuilt with the extra flags: `scf.if`,
//!   `scf.for`, `scf.while`, `scf.execute_region`, `scf.index_switch`);
//!   it is freed with `bufferization.dealloc (%m) if (%flag)`, which lowers
//!   without pointer comparisons (nothing is retained: a moved buffer is dead
//!   once it is handed on); with the option `lower-dynamic-frees` (which
//!   `bufrs-ownership-deallocation-pipeline` sets) the pass emits that
//!   lowering itself, `scf.if %flag { memref.dealloc %m }`, so that no
//!   simplification or lowering pass has anything left to do (each would be
//!   one more pass after which MLIR verifies every function).
//!
//! Function boundaries keep the public ABI (arguments are borrowed, callers
//! own results): a returned merge whose ownership is dynamic is handed over
//! when its flag is set and cloned otherwise (`scf.if`).
//!
//! With `private-function-dynamic-ownership` (off by default, as upstream's
//! option), a module step (`bufrs-ownership-function-boundaries`,
//! [`crate::passes::ownership_function_boundaries`]) first gives every
//! private function that returns buffers and whose every use is a direct
//! call (the call graph of [`crate::analysis::call_graph`]) one more `i1`
//! result per returned buffer, rebuilds its calls with those results, and
//! marks both. Scheduled on a function, the pass reads only that function's
//! marks and its calls' (so it runs in parallel on every function), replaces
//! the placeholder flags the step gave its returns, and removes the marks;
//! it refuses a function without a mark (the step did not run). Scheduled
//! on a module, it runs the step itself, then its functions one after
//! another. The per-function rewrite knows that such a function's returns say
//! whether the caller owns each buffer (one it does not own and that borrows
//! nothing the function owns, e.g. an argument, is returned as it is with
//! `false`; a dynamic merge or flagged call result hands on its flag), and
//! that such a call's buffer results are owned only when their flag says so
//! (freed with `bufferization.dealloc (%r) if (%flag)`, or handed on), and
//! otherwise borrow the call's buffer operands (kept alive while the result
//! is used). Functions used otherwise (address taken) keep the public ABI.
//!
//! Writes to a buffer after it flowed into a merge (the sparsifier's code
//! writes into a buffer after passing it through an `scf.if` or `scf.for`)
//! are accepted wherever the merge gets the buffer itself (a move, a checked
//! move or a borrow); only a write after a flow the plan must clone is
//! refused (the write would reach one of the two buffers only), a clone of
//! a merge that borrows the buffer counting as such a flow. `bufrs-buffer-deallocation` runs this pass's
//! rewrite ([`deallocate_with_flags`]) on a function where its own clones
//! would split a write.
//!
//! A loop's yield whose buffer may be the iter_arg it borrows (an `scf.if`
//! in the body yields the iter_arg on one branch, and the body reads the
//! iter_arg after it) hands it on with no copy, its flag or-ed with "it is
//! the iter_arg (aligned pointers equal) and the iter_arg is owned", and
//! frees the iter_arg before the yield only when it is owned and not the
//! buffer handed on (`Plan::checked_moves`).
//!
//! A copy into a fresh buffer whose source the plan frees right after the
//! copy takes the source over ([`copy_takeovers`]): the source itself where
//! it is owned, `scf.if` on its flag where its ownership is dynamic (the
//! copy only on the path that borrows it), so an `scf.while` condition that
//! copies its loop-carried buffer into the buffer it forwards forwards the
//! buffer itself.
//!
//! Clones remain where no flag can carry ownership: a returned buffer the
//! function does not own under the public ABI (an argument, a global), a
//! buffer handed to a merge it does not dominate while still used after the
//! edge (the same buffer yielded twice, loop-carried buffers lent between
//! iter_args), and merges of region ops whose lists cannot grow.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use rustc_hash::FxHashMap;

use melior::ir::OperationRef;
use mlir_sys::{MlirLocation, MlirOperation, MlirValue};

use crate::{
    analysis::{
        alias::AliasAnalysis,
        dealloc_plan::{
            CopyTakeover, Decision, FeedEdge, FreeAt, Handover, Owns, Plan, PlanConfig,
            copy_takeovers, plan_with,
        },
        dominance::DominanceInfo,
        out_params::root_returns,
        ownership::{self, Ownership},
        snapshot::{BlockId, OpId, RegionTarget, Snapshot, ValueDef, ValueId},
        value_flow::ValueFlow,
    },
    dialect::{
        self, builders,
        copies::{CopyShape, copy_shape},
    },
    ir::{
        Diagnostic,
        capture::{IrMap, capture_unedited},
        edit::{self, InsertPoint},
        functions,
    },
    pass_options,
    passes::{
        Anchor, BufrsPass, PassFailed, PassResult,
        buffer_deallocation::{BufferDeallocation, BufferDeallocationOptions},
        contract_report::{emit_plan_errors, refuse_writes_after_flow},
        function_boundaries::{
            OWNERSHIP_FLAGS, ownership_flags, remove_ownership_flags, run_on_functions,
        },
        ownership_function_boundaries::flag_private_functions,
    },
};

pass_options! {
    /// Options of `bufrs-ownership-based-buffer-deallocation`.
    pub struct OwnershipDeallocationOptions {
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark per function with the clones, moves, borrows, flags and frees inserted.";
        private_function_dynamic_ownership: bool = false => "private-function-dynamic-ownership",
            "Give private functions whose every use is a direct call one i1 result per returned buffer saying whether the caller owns it, instead of cloning what they return without owning it. On a function it reads the marks bufrs-ownership-function-boundaries leaves (and refuses a function without one); on a module it runs that step first.";
        lower_dynamic_frees: bool = false => "lower-dynamic-frees",
            "Free a buffer whose ownership is dynamic with scf.if %flag { memref.dealloc } (what bufrs-lower-deallocations makes of its one-memref bufferization.dealloc) instead of bufferization.dealloc, so the output has no bufferization.dealloc left to simplify or lower. Off by default (the output then goes on to bufrs' or upstream's simplification and lowering); bufrs-ownership-deallocation-pipeline turns it on.";
    }
}

pub struct OwnershipDeallocation;

impl BufrsPass for OwnershipDeallocation {
    type Options = OwnershipDeallocationOptions;
    const ARGUMENT: &'static str = "bufrs-ownership-based-buffer-deallocation";
    const SUMMARY: &'static str = "Free every heap buffer exactly once on every path, with static ownership where provable and an i1 ownership flag (bufferization.dealloc) only where it differs by path";
    /// A function-like op (that function; with
    /// `private-function-dynamic-ownership`, after
    /// `bufrs-ownership-function-boundaries` on its module), or an op holding
    /// functions (each function directly in its body; with the option, after
    /// running that module step itself).
    const ANCHOR: Anchor = Anchor::Any;
    const DEPENDENT_DIALECTS: &'static [&'static str] =
        &["memref", "bufferization", "cf", "arith", "scf"];

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let dynamic = options.private_function_dynamic_ownership;
        run_on_functions(
            op,
            Self::ARGUMENT,
            false,
            |module| {
                if dynamic {
                    flag_private_functions(module);
                }
            },
            |function, _| run_function(function, options, Self::ARGUMENT),
        )
    }
}

/// The pass on one function; with `private-function-dynamic-ownership`, it
/// reads (and removes) the marks `bufrs-ownership-function-boundaries` left
/// on the function and its calls, and refuses a function without one.
fn run_function(
    op: OperationRef<'_, '_>,
    options: &OwnershipDeallocationOptions,
    pass: &str,
) -> PassResult {
    let raw = melior::ir::operation::OperationLike::to_raw(&op);
    let boundary = if options.private_function_dynamic_ownership {
        // SAFETY: a live function-like op; region 0 is its body.
        let has_body = unsafe {
            !mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(raw, 0))
                .ptr
                .is_null()
        };
        if !has_body {
            return Ok(()); // a declaration: nothing to free
        }
        let Some(returns) = ownership_flags(raw) else {
            Diagnostic::error(
                &op,
                format!(
                    "{}: private-function-dynamic-ownership on a function reads the marks ('{OWNERSHIP_FLAGS}') bufrs-ownership-function-boundaries leaves on its module's functions and calls, and this function has none: run builtin.module(bufrs-ownership-function-boundaries,func.func({}{{private-function-dynamic-ownership=true}})), the pipeline bufrs-ownership-deallocation-pipeline{{private-function-dynamic-ownership=true}}, or the pass on the module",
                    OwnershipDeallocation::ARGUMENT,
                    OwnershipDeallocation::ARGUMENT
                ),
            )
            .emit();
            return Err(PassFailed);
        };
        Some(returns)
    } else {
        None
    };
    // The snapshot the pass before this one kept, if it describes the
    // function as it is now (the pass edits after reading it).
    let (snapshot, map) = capture_unedited(raw);
    // Input that frees with `bufferization.dealloc` already is ownership-
    // based deallocation this plan does not extend; the clone-based pass
    // leaves those buffers to their deallocs and frees the others, so a
    // function without boundary flags is handed to it (the memory pipeline
    // then accepts what bufrs-deallocation-pipeline accepts).
    if boundary.is_none()
        && snapshot
            .ops
            .iter()
            .any(|o| o.name == dialect::OWNERSHIP_BASED_DEALLOC)
    {
        drop((snapshot, map));
        let clone_based = BufferDeallocationOptions {
            emit_remarks: options.emit_remarks,
        };
        return BufferDeallocation::run(op, &clone_based);
    }
    let dominance = DominanceInfo::new(&snapshot);
    // Nothing here reads the classified uses of buffers.
    let alias = AliasAnalysis::from_flow(&snapshot, ValueFlow::without_events(&snapshot));
    let ownership = ownership::compute_with_flow(&snapshot, &dominance, alias.flow());
    // The region-branch ops that can take flags, found when a merge's
    // ability to carry one is first asked (most functions never ask).
    let extendable: OnceCell<BTreeSet<OpId>> = OnceCell::new();
    let extendable_now = || extendable.get_or_init(|| extendable_ops(&snapshot, &map));
    let flaggable = |merge: ValueId| can_carry_flag(&snapshot, &extendable_now, merge);
    let refused = [dialect::OWNERSHIP_BASED_DEALLOC];
    let flagged_calls = match &boundary {
        Some(_) => take_call_marks(&snapshot, &map),
        None => HashMap::new(),
    };
    let returns_flags = boundary.as_ref().is_some_and(|r| !r.is_empty());
    if boundary.is_some() {
        // SAFETY: the live function; its marks are read.
        unsafe { remove_ownership_flags(raw) };
    }
    let config = PlanConfig {
        refused: &refused,
        flaggable: Some(&flaggable),
        flagged_calls: Some(&flagged_calls),
        returns_flags,
        // Per value where root sets are wide (roots that borrow or lend
        // are walked per root).
        liveness: Default::default(),
    };
    let plan = plan_with(&snapshot, &dominance, &ownership, &config)
        .map_err(|errors| emit_plan_errors(&map, &errors, pass))?;
    // A write after a buffer flowed into a merge matters only where the
    // merge gets a clone: a move or a borrow hands it the buffer itself.
    refuse_writes_after_flow(&alias, &ownership, &dominance, &plan, &map, pass)?;
    let same_type = |a: ValueId, b: ValueId| {
        // SAFETY: live values of this run's capture.
        unsafe {
            mlir_sys::mlirTypeEqual(
                mlir_sys::mlirValueGetType(map.value(a)),
                mlir_sys::mlirValueGetType(map.value(b)),
            )
        }
    };
    let takeovers = copy_takeovers(&snapshot, &plan, &alias, same_type, |name| {
        copy_shape(name) == Some(CopyShape::IntoOperand)
    });
    let flags = plan
        .owns
        .iter()
        .filter(|(_, o)| **o == Owns::Dynamic)
        .count();
    // Only dynamic merges rebuild region ops (none without one).
    let no_ops = BTreeSet::new();
    let extendable = if flags > 0 { extendable_now() } else { &no_ops };
    let boundary_flags = BoundaryFlags {
        calls: &flagged_calls,
        returns: returns_flags,
    };
    if let Err(error) = apply(
        &snapshot,
        &map,
        &ownership,
        &plan,
        extendable,
        &boundary_flags,
        &Rewrites {
            takeovers: &takeovers,
            lower_dynamic_frees: options.lower_dynamic_frees,
        },
    ) {
        Diagnostic::error(&op, format!("{pass}: {error}")).emit();
        return Err(PassFailed);
    }
    if options.emit_remarks {
        Diagnostic::remark(
                &op,
                format!(
                    "{} clones ({} of returned buffers), {} moves, {} borrows, {} ownership flags, {} frees, {} existing frees replaced",
                    plan.clones.len() + plan.splits.values().map(|e| e.clones.len()).sum::<usize>(),
                    plan.clones.iter().filter(|c| c.edge == FeedEdge::Return).count(),
                    plan.moves,
                    plan.borrows,
                    flags,
                    plan.frees.len() + plan.splits.values().map(|e| e.frees.len()).sum::<usize>(),
                    plan.erase.len()
                ),
            )
            .emit();
    }
    Ok(())
}

/// Frees the buffers of one function (an unedited function-like op) as
/// this pass does with `lower-dynamic-frees` and the public ABI, reporting
/// as `pass`: what `bufrs-buffer-deallocation` does with a function where a
/// clone would split a write.
pub fn deallocate_with_flags(
    op: OperationRef<'_, '_>,
    emit_remarks: bool,
    pass: &str,
) -> PassResult {
    let options = OwnershipDeallocationOptions {
        emit_remarks,
        private_function_dynamic_ownership: false,
        lower_dynamic_frees: true,
    };
    run_function(op, &options, pass)
}

/// The buffer results of the calls in the function that
/// `bufrs-ownership-function-boundaries` rebuilt, with their flag results
/// (the marks, which it removes: the output carries none).
fn take_call_marks(snapshot: &Snapshot, map: &IrMap) -> HashMap<ValueId, ValueId> {
    let mut out = HashMap::new();
    for (index, op) in snapshot.ops.iter().enumerate() {
        if !op.facts.is_call {
            continue;
        }
        let raw = map.op(OpId(index as u32));
        let Some(buffers) = ownership_flags(raw) else {
            continue;
        };
        let first = op.results.len().saturating_sub(buffers.len());
        for (k, &result) in buffers.iter().enumerate() {
            if let (Some(&r), Some(&f)) = (op.results.get(result), op.results.get(first + k)) {
                out.insert(r, f);
            }
        }
        // SAFETY: a live call of the function; its mark is read.
        unsafe { remove_ownership_flags(raw) };
    }
    out
}

/// What the function's boundary says about ownership
/// (`private-function-dynamic-ownership`).
struct BoundaryFlags<'a> {
    /// Buffer results of calls and their ownership flags.
    calls: &'a HashMap<ValueId, ValueId>,
    /// The function's returns pass a flag per returned buffer.
    returns: bool,
}

/// What the rewrite does beyond the plan.
#[derive(Clone, Copy)]
struct Rewrites<'a> {
    /// Copies whose target takes over their source.
    takeovers: &'a [CopyTakeover],
    /// The option `lower-dynamic-frees`.
    lower_dynamic_frees: bool,
}

/// Region-branch ops that can be rebuilt with extra `i1` flags: no operand or
/// result segments, and every forwarded list (entry operands, terminator
/// operands) and every receiving list (region entry arguments, results) is a
/// trailing list of its op or block, the same for all edges of a forwarder.
fn extendable_ops(snapshot: &Snapshot, map: &IrMap) -> BTreeSet<OpId> {
    let mut out = BTreeSet::new();
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        let Some(info) = &op.facts.region_branch else {
            continue;
        };
        // SAFETY: live handles of this run's capture.
        let raw = map.op(id);
        if has_segments(raw) {
            continue;
        }
        let tail_of_operands = |start: Option<u32>, len: usize, total: usize| {
            len == 0 || start.is_some_and(|s| s as usize + len == total)
        };
        let mut ok = info.entry_edges.iter().enumerate().all(|(k, e)| {
            let start = map.entry_edge_operand_starts.get(&(id, k as u32)).copied();
            tail_of_operands(start, e.forwarded.len(), op.operands.len())
        });

        let mut edges: Vec<&crate::analysis::snapshot::RegionEdge> =
            info.entry_edges.iter().collect();
        for &region in &op.regions {
            for &block in &snapshot.region(region).blocks {
                let Some(t) = snapshot.terminator(block) else {
                    continue;
                };
                let terminator = snapshot.op(t);
                if terminator.facts.terminator_edges.is_empty() {
                    continue;
                }
                let len = terminator.facts.terminator_edges[0].forwarded.len();
                ok &= terminator
                    .facts
                    .terminator_edges
                    .iter()
                    .all(|e| e.forwarded.len() == len)
                    && !has_segments(map.op(t))
                    && tail_of_operands(
                        map.terminator_operand_starts.get(&t).copied(),
                        len,
                        terminator.operands.len(),
                    );
                edges.extend(terminator.facts.terminator_edges.iter());
            }
        }
        ok &= edges.iter().all(|e| match e.target {
            RegionTarget::Parent => e.inputs[..] == op.results[..],
            RegionTarget::Region(r) => snapshot.region(r).blocks.first().is_some_and(|&b| {
                let args = &snapshot.block(b).args;
                args.len() >= e.inputs.len() && args[args.len() - e.inputs.len()..] == e.inputs[..]
            }),
        });
        if ok {
            out.insert(id);
        }
    }
    out
}

/// Whether `op` has operand or result segment sizes (its operand lists
/// cannot simply grow at the end).
fn has_segments(op: MlirOperation) -> bool {
    // SAFETY: a live op of this run.
    unsafe {
        (0..mlir_sys::mlirOperationGetNumAttributes(op)).any(|i| {
            let named = mlir_sys::mlirOperationGetAttribute(op, i);
            let name = mlir_sys::mlirIdentifierStr(named.name);
            if name.data.is_null() {
                return false;
            }
            // The name's bytes, compared in place (no string per attribute).
            let name = std::slice::from_raw_parts(name.data as *const u8, name.length);
            name.ends_with(b"SegmentSizes") || name.ends_with(b"_segments")
        })
    }
}

/// Whether critical merge `merge` can carry a runtime flag: an argument of a
/// non-entry block (edges into it get one more operand), or a receiver of an
/// extendable region-branch op.
fn can_carry_flag<'e>(
    snapshot: &Snapshot,
    extendable: &dyn Fn() -> &'e BTreeSet<OpId>,
    merge: ValueId,
) -> bool {
    match snapshot.value(merge).def {
        ValueDef::BlockArg { block, .. } => {
            let region = snapshot.block(block).region;
            if snapshot.region(region).blocks.first() != Some(&block) {
                return true;
            }
            let parent = snapshot.parent_op_of_block(block);
            parent != Snapshot::ROOT && extendable().contains(&parent)
        }
        ValueDef::OpResult { op, .. } => extendable().contains(&op),
    }
}

/// Where a flag comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FlagSource {
    Const(bool),
    Of(ValueId),
}

/// The flag an edge passes for its handover.
fn flag_source(plan: &Plan, decision: Option<&Decision>) -> FlagSource {
    match decision.map(|d| d.handover) {
        None | Some(Handover::Borrow) => FlagSource::Const(false),
        Some(Handover::Clone) => FlagSource::Const(true),
        Some(Handover::Move(root)) => {
            // Owned roots that are neither merges nor flagged call results
            // have no entry: owned.
            match plan.owns.get(&root) {
                Some(Owns::Dynamic) => FlagSource::Of(root),
                Some(Owns::Never) => FlagSource::Const(false),
                _ => FlagSource::Const(true),
            }
        }
    }
}

/// Live handles while the IR changes: rebuilt region-branch ops and their
/// results replace the captured ones.
struct Handles<'a> {
    map: &'a IrMap,
    ops: FxHashMap<OpId, MlirOperation>,
    values: FxHashMap<ValueId, MlirValue>,
    flags: FxHashMap<ValueId, MlirValue>,
    /// The option `lower-dynamic-frees`: how [`free`] frees a dynamic merge.
    lower_dynamic_frees: bool,
}

impl Handles<'_> {
    fn op(&self, id: OpId) -> MlirOperation {
        self.ops
            .get(&id)
            .copied()
            .unwrap_or_else(|| self.map.op(id))
    }
    fn value(&self, id: ValueId) -> MlirValue {
        self.values
            .get(&id)
            .copied()
            .unwrap_or_else(|| self.map.value(id))
    }
    /// The flag of `source` as a value usable at `at`.
    fn flag(
        &self,
        source: FlagSource,
        location: MlirLocation,
        at: InsertPoint,
    ) -> Result<MlirValue, String> {
        match source {
            // SAFETY: live handles of `apply`.
            FlagSource::Const(value) => {
                Ok(unsafe { edit::build_bool_constant(value, location, at) })
            }
            FlagSource::Of(root) => self
                .flags
                .get(&root)
                .copied()
                .ok_or_else(|| "a moved buffer's ownership flag is missing".to_string()),
        }
    }
}

/// Applies the plan: flags first (block arguments, rebuilt region ops), then
/// the edges that pass them, clones, and frees.
///
/// Handle liveness: every handle comes from `map` or was built here; the only
/// ops erased are the existing frees of `plan.erase` (erased first, never
/// named again) and the region-branch ops rebuilt with flags, whose handles
/// and results are looked up through [`Handles`] afterwards.
fn apply(
    snapshot: &Snapshot,
    map: &IrMap,
    ownership: &Ownership,
    plan: &Plan,
    extendable: &BTreeSet<OpId>,
    boundary: &BoundaryFlags<'_>,
    rewrites: &Rewrites<'_>,
) -> Result<(), String> {
    let Rewrites {
        takeovers,
        lower_dynamic_frees,
    } = *rewrites;
    let dynamic = |v: ValueId| plan.owns.get(&v) == Some(&Owns::Dynamic);
    // Looked up by edge only.
    let mut decisions: FxHashMap<(OpId, FeedEdge, u32), &Decision> =
        FxHashMap::with_capacity_and_hasher(plan.decisions.len(), Default::default());
    for d in &plan.decisions {
        decisions.insert((d.forwarder, d.edge, d.position), d);
    }
    let mut h = Handles {
        map,
        ops: FxHashMap::default(),
        values: FxHashMap::default(),
        flags: boundary
            .calls
            .iter()
            .map(|(&result, &flag)| (result, map.value(flag)))
            .collect(),
        lower_dynamic_frees,
    };
    // Blocks with dynamic arguments, and the edges into them.
    let mut flag_blocks: BTreeMap<BlockId, Vec<ValueId>> = BTreeMap::new();
    for (&v, o) in &plan.owns {
        if *o == Owns::Dynamic
            && let ValueDef::BlockArg { block, .. } = snapshot.value(v).def
            && snapshot.region(snapshot.block(block).region).blocks.first() != Some(&block)
        {
            flag_blocks.entry(block).or_default().push(v);
        }
    }
    for args in flag_blocks.values_mut() {
        args.sort();
    }

    // Split edges (clones and frees only on that edge) and edges into flag
    // blocks whose branch cannot take one more operand get a new block.
    let mut edge_branch: FxHashMap<(OpId, u32), MlirOperation> = FxHashMap::default();
    let mut edges: BTreeSet<(OpId, u32)> = plan.splits.keys().copied().collect();
    for &block in flag_blocks.keys() {
        for (index, op) in snapshot.ops.iter().enumerate() {
            for (k, s) in op.facts.successors.iter().enumerate() {
                if s.block == block {
                    let t = OpId(index as u32);
                    if !appendable_branch(map, t, k as u32, op.facts.successors.len()) {
                        edges.insert((t, k as u32));
                    }
                }
            }
        }
    }
    for &(terminator, k) in &edges {
        let t = map.op(terminator);
        let block = map.block(
            snapshot
                .op(terminator)
                .parent_block
                .ok_or("split at a terminator without a block")?,
        );
        let successor = &snapshot.op(terminator).facts.successors[k as usize];
        let target = map.block(successor.block);
        // SAFETY: live blocks and terminator of `map`, in one region.
        let (new_block, mut args, branch) = unsafe {
            let new_block = edit::new_block_like(target, block);
            let location = edit::location(t);
            let args = edit::block_arguments(new_block);
            let branch = builders::cf_br(new_block, target, &args, location);
            (new_block, args, branch)
        };
        if let Some(work) = plan.splits.get(&(terminator, k)) {
            for &(position, value) in &work.clones {
                let index = (successor.produced + position) as usize;
                let copy = clone_of(&h, ownership, value, args[index], branch);
                args[index] = copy;
                // SAFETY: the new branch forwards every block argument.
                unsafe { edit::set_operand(branch, index, copy) };
            }
        }
        // SAFETY: `k` is a successor index of the live terminator `t`.
        unsafe { edit::set_successor(t, k as usize, new_block) };
        edge_branch.insert((terminator, k), branch);
    }

    // Flag block arguments.
    let i1 = |location: MlirLocation| unsafe { builders::parse_type("i1", location) };
    for (&block, merges) in &flag_blocks {
        let b = map.block(block);
        for &m in merges {
            // SAFETY: a live block; the argument is new.
            let flag = unsafe {
                let location = mlir_sys::mlirValueGetLocation(map.value(m));
                let ty = i1(location).ok_or("no i1 type")?;
                mlir_sys::mlirBlockAddArgument(b, ty, location)
            };
            h.flags.insert(m, flag);
        }
    }

    // Region-branch ops with dynamic receivers, rebuilt in program order
    // (outer before inner; an op's entry flags come from values before it).
    // Without a dynamic merge there is none.
    let mut rebuilt: Vec<(OpId, Vec<Class>)> = Vec::new();
    let any_dynamic = plan.owns.values().any(|o| *o == Owns::Dynamic);
    let region_ops = if any_dynamic { &snapshot.ops[..] } else { &[] };
    for (index, op) in region_ops.iter().enumerate() {
        let id = OpId(index as u32);
        let Some(info) = &op.facts.region_branch else {
            continue;
        };
        if !extendable.contains(&id) {
            continue; // no flaggable receivers, so none is dynamic
        }
        // Receivers are the op's results and trailing arguments of its
        // regions' entry blocks: with no dynamic one, no class has a position.
        let receives_dynamic = op.results.iter().any(|&r| dynamic(r))
            || op.regions.iter().any(|&r| {
                snapshot
                    .region(r)
                    .blocks
                    .first()
                    .is_some_and(|&b| snapshot.block(b).args.iter().any(|&a| dynamic(a)))
            });
        if !receives_dynamic {
            continue;
        }
        let classes = classes_of(snapshot, id, info, &dynamic);
        if classes.iter().all(|c| c.positions.is_empty()) {
            continue;
        }
        let old = h.op(id);
        // SAFETY: a live op; the location is its own.
        let location = unsafe { edit::location(old) };
        // Entry flags.
        let mut extra_operands = Vec::new();
        for class in &classes {
            if !class.entry {
                continue;
            }
            for &p in &class.positions {
                let start = op.operands.len() - class.len;
                let decision = decisions
                    .get(&(id, FeedEdge::Entry, (start + p) as u32))
                    .copied();
                let source = flag_source(plan, decision);
                extra_operands.push(h.flag(source, location, InsertPoint::Before(old))?);
            }
        }
        let extra_results = classes
            .iter()
            .filter(|c| c.targets.contains(&RegionTarget::Parent))
            .map(|c| c.positions.len())
            .sum::<usize>();
        let ty = i1(location).ok_or("no i1 type")?;
        // SAFETY: `old` is live; its regions move into the new op.
        let new = unsafe { rebuild_with(old, &extra_operands, extra_results, ty)? };
        for (i, &r) in op.results.iter().enumerate() {
            // SAFETY: live ops; result `i` exists in both.
            h.values.insert(r, unsafe { edit::result(new, i) });
        }
        let mut next_result = op.results.len();
        for class in &classes {
            for &p in &class.positions {
                for target in &class.targets {
                    let receivers: &[ValueId] = match target {
                        RegionTarget::Parent => &op.results,
                        RegionTarget::Region(r) => {
                            let b = snapshot.region(*r).blocks[0];
                            let args = &snapshot.block(b).args;
                            &args[args.len() - class.len..]
                        }
                    };
                    let flag = match target {
                        RegionTarget::Parent => {
                            // SAFETY: the new op has the extra results.
                            unsafe { edit::result(new, next_result) }
                        }
                        RegionTarget::Region(r) => {
                            let b = map.block(snapshot.region(*r).blocks[0]);
                            // SAFETY: a live block (moved into the new op).
                            unsafe { mlir_sys::mlirBlockAddArgument(b, ty, location) }
                        }
                    };
                    h.flags.insert(receivers[p], flag);
                }
                if class.targets.contains(&RegionTarget::Parent) {
                    next_result += 1;
                }
            }
        }
        h.ops.insert(id, new);
        rebuilt.push((id, classes));
    }

    // Region terminators pass their flags.
    for (id, classes) in &rebuilt {
        for &region in &snapshot.op(*id).regions {
            for &block in &snapshot.region(region).blocks {
                let Some(t) = snapshot.terminator(block) else {
                    continue;
                };
                let edges = &snapshot.op(t).facts.terminator_edges;
                if edges.is_empty() {
                    continue;
                }
                let term = h.op(t);
                let mut extra = Vec::new();
                for class in classes {
                    if !edges.iter().any(|e| class.targets.contains(&e.target)) {
                        continue;
                    }
                    for &p in &class.positions {
                        let decision = decisions.get(&(t, FeedEdge::RegionExit, p as u32)).copied();
                        let source = flag_source(plan, decision);
                        // SAFETY: a live terminator.
                        let location = unsafe { edit::location(term) };
                        let mut flag = h.flag(source, location, InsertPoint::Before(term))?;
                        if let (Some(args), Some(d)) =
                            (plan.checked_moves.get(&(t, p as u32)), decision)
                        {
                            flag = or_owned_alias(&h, plan, flag, h.value(d.value), args, term)?;
                        }
                        extra.push(flag);
                    }
                }
                // SAFETY: a live terminator; its trailing operands are forwarded.
                unsafe { append_operands(term, &extra) };
            }
        }
    }

    // Branch edges into flag blocks pass their flags.
    for (&block, merges) in &flag_blocks {
        for (index, op) in snapshot.ops.iter().enumerate() {
            let t = OpId(index as u32);
            for (k, s) in op.facts.successors.iter().enumerate() {
                if s.block != block {
                    continue;
                }
                let branch = edge_branch
                    .get(&(t, k as u32))
                    .copied()
                    .unwrap_or_else(|| h.op(t));
                // SAFETY: a live branch.
                let location = unsafe { edit::location(branch) };
                let mut extra = Vec::new();
                for &m in merges {
                    let ValueDef::BlockArg { index: arg, .. } = snapshot.value(m).def else {
                        continue;
                    };
                    let position = arg.saturating_sub(s.produced);
                    let decision = decisions
                        .get(&(t, FeedEdge::Branch(k as u32), position))
                        .copied();
                    let source = flag_source(plan, decision);
                    extra.push(h.flag(source, location, InsertPoint::Before(branch))?);
                }
                // SAFETY: a live branch whose trailing operands are its only
                // successor's operands.
                unsafe { append_operands(branch, &extra) };
            }
        }
    }

    // Clones.
    for clone in &plan.clones {
        let forwarder = h.op(clone.forwarder);
        let start = match clone.edge {
            FeedEdge::Entry | FeedEdge::Return => Some(0),
            FeedEdge::Branch(k) => map
                .successor_operand_starts
                .get(&(clone.forwarder, k))
                .copied(),
            FeedEdge::RegionExit => map.terminator_operand_starts.get(&clone.forwarder).copied(),
        };
        let index = start
            .map(|s| s + clone.position)
            .ok_or("cannot locate a forwarded operand to clone")?;
        let value = h.value(clone.value);
        let copy = clone_of(&h, ownership, clone.value, value, forwarder);
        // SAFETY: live handles; `index` is the forwarded operand's own index.
        unsafe { edit::set_operand(forwarder, index as usize, copy) };
    }

    // Returns of merges that own on some paths: the caller gets the buffer
    // when the flag says it is owned, else a clone (unless the caller takes
    // the flag and the merge borrows nothing this function owns).
    let hands_on_flag = |root: ValueId| {
        boundary.returns
            && plan.owns.get(&root) == Some(&Owns::Dynamic)
            && plan.borrowed.get(&root).is_none_or(BTreeSet::is_empty)
    };
    for d in &plan.decisions {
        if let (FeedEdge::Return, Handover::Move(root)) = (d.edge, d.handover)
            && plan.owns.get(&root) == Some(&Owns::Dynamic)
            && !hands_on_flag(root)
        {
            let ret = h.op(d.forwarder);
            let flag = h
                .flags
                .get(&root)
                .copied()
                .ok_or("a returned merge has no flag")?;
            let value = h.value(d.value);
            let roots: Vec<MlirValue> = ownership
                .roots(d.value)
                .into_iter()
                .map(|r| h.value(r))
                .collect();
            // SAFETY: live handles; the new value has the operand's type.
            unsafe {
                let owned = owned_or_clone(flag, value, &roots, ret)?;
                edit::set_operand(ret, d.position as usize, owned);
            }
        }
    }

    // Returns of a function whose callers take ownership flags: one per
    // returned buffer, after the results.
    let mut placeholders: Vec<MlirOperation> = Vec::new();
    if boundary.returns {
        let mut returned: BTreeMap<OpId, Vec<FlagSource>> = BTreeMap::new();
        for t in root_returns(snapshot) {
            let sources = snapshot
                .op(t)
                .operands
                .iter()
                .enumerate()
                .filter(|(_, v)| snapshot.value(**v).kind.is_buffer())
                .map(
                    |(i, _)| match decisions.get(&(t, FeedEdge::Return, i as u32)) {
                        Some(d) => match d.handover {
                            Handover::Borrow => FlagSource::Const(false),
                            Handover::Move(root) if hands_on_flag(root) => FlagSource::Of(root),
                            _ => FlagSource::Const(true),
                        },
                        // Retained by a bufferization.dealloc in the input:
                        // handed over owned, as under the public ABI.
                        None => FlagSource::Const(true),
                    },
                )
                .collect();
            returned.insert(t, sources);
        }
        for (t, sources) in returned {
            let ret = h.op(t);
            // SAFETY: a live return.
            let location = unsafe { edit::location(ret) };
            let mut extra = Vec::new();
            for source in sources {
                extra.push(h.flag(source, location, InsertPoint::Before(ret))?);
            }
            // SAFETY: a live return whose last operands are the placeholder
            // flags of bufrs-ownership-function-boundaries, one per returned
            // buffer; they are replaced, and their constants erased below
            // once unused.
            unsafe {
                let n = mlir_sys::mlirOperationGetNumOperands(ret) as usize;
                let first = n
                    .checked_sub(extra.len())
                    .ok_or("a return lacks its flags")?;
                for (k, &flag) in extra.iter().enumerate() {
                    let old = mlir_sys::mlirOperationGetOperand(ret, (first + k) as isize);
                    edit::set_operand(ret, first + k, flag);
                    if let Some(def) = edit::defining_op(old) {
                        placeholders.push(def);
                    }
                }
            }
        }
    }

    // Frees (but those a copy's target takes over, below). A region
    // argument a checked move may hand on is freed before the terminator
    // only when it is not the buffer handed on.
    let taken: BTreeSet<(ValueId, OpId)> = takeovers.iter().map(|t| (t.root, t.copy)).collect();
    let mut checked_frees: FxHashMap<(OpId, ValueId), ValueId> = FxHashMap::default();
    for (&(t, p), args) in &plan.checked_moves {
        let d = decisions
            .get(&(t, FeedEdge::RegionExit, p))
            .ok_or("a checked move has no decision")?;
        for &arg in args {
            if plan.owns.get(&arg) == Some(&Owns::Never) {
                continue;
            }
            if !plan.frees.contains(&(arg, FreeAt::Before(t))) {
                return Err(
                    "a region argument a checked move may hand on is not freed before the terminator"
                        .to_string(),
                );
            }
            checked_frees.insert((t, arg), d.value);
        }
    }
    for &(root, at) in &plan.frees {
        if let FreeAt::After(op) = at
            && taken.contains(&(root, op))
        {
            continue;
        }
        if let FreeAt::Before(t) = at
            && let Some(&handed) = checked_frees.get(&(t, root))
        {
            free_unless_handed_on(&h, plan, root, h.value(handed), h.op(t))?;
            continue;
        }
        let (point, location) = match at {
            // SAFETY: live ops and blocks of `map` (through `h`).
            FreeAt::After(op) => (InsertPoint::After(h.op(op)), unsafe {
                edit::location(h.op(op))
            }),
            FreeAt::Before(op) => (InsertPoint::Before(h.op(op)), unsafe {
                edit::location(h.op(op))
            }),
            FreeAt::StartOf(block) => (
                InsertPoint::StartOf(map.block(block)),
                snapshot.block(block).ops.first().map_or_else(
                    || unsafe { edit::location(h.op(Snapshot::ROOT)) },
                    |&op| unsafe { edit::location(h.op(op)) },
                ),
            ),
        };
        free(&h, plan, root, location, point)?;
    }
    for (&(terminator, k), work) in &plan.splits {
        let branch = edge_branch[&(terminator, k)];
        // SAFETY: a live branch built above.
        let location = unsafe { edit::location(branch) };
        for &root in &work.frees {
            free(&h, plan, root, location, InsertPoint::Before(branch))?;
        }
    }
    // The input's frees this plan replaces go once every new free is
    // placed: a new free may be anchored next to one of them (its buffer's
    // last use), and before the takeovers, which rewrite every use of a
    // target.
    for &op in &plan.erase {
        // SAFETY: a live free with no result; nothing names it afterwards.
        unsafe { edit::erase(map.op(op)) };
    }

    // Copies whose target takes over the source they copy, after every
    // free is placed (frees of the target name it, and are rewritten with
    // its other uses).
    // A target taken over stands for its source from then on: a later
    // takeover whose source is that target (a chain of copies, each the last
    // use of the one before) copies from what replaced it, as the target's
    // allocation is gone.
    let mut taken_over: rustc_hash::FxHashMap<ValueId, MlirValue> = Default::default();
    for t in takeovers {
        let source = taken_over
            .get(&t.root)
            .copied()
            .unwrap_or_else(|| h.value(t.root));
        let flag = if t.dynamic {
            Some(
                h.flags
                    .get(&t.root)
                    .copied()
                    .ok_or("a copied merge has no flag")?,
            )
        } else {
            None
        };
        // SAFETY: live handles; the copy, the allocation and the target are
        // captured ones no earlier step erased.
        let replacement = unsafe {
            take_over(
                flag,
                source,
                map.value(t.target),
                map.op(t.alloc),
                map.op(t.copy),
            )?
        };
        taken_over.insert(t.target, replacement);
    }
    for (id, _) in &rebuilt {
        // SAFETY: the old op is live, its regions were moved out and its
        // results replaced; nothing names it afterwards.
        unsafe { edit::erase(map.op(*id)) };
    }
    placeholders.sort_by_key(|op| op.ptr as usize);
    placeholders.dedup_by_key(|op| op.ptr as usize);
    for op in placeholders {
        // SAFETY: the placeholder constants are live (no free is placed
        // relative to a constant) and erased once, when nothing uses them.
        unsafe {
            if functions::op_name(op) != "arith.constant"
                || !mlir_sys::mlirValueGetFirstUse(edit::result(op, 0))
                    .ptr
                    .is_null()
            {
                continue;
            }
            edit::erase(op);
        }
    }
    Ok(())
}

/// Whether successor `k` of branch `t` takes its operands as the trailing
/// operands of a single-successor branch (one more operand can be appended).
fn appendable_branch(map: &IrMap, t: OpId, k: u32, successors: usize) -> bool {
    if successors != 1 || has_segments(map.op(t)) {
        return false;
    }
    let Some(start) = map.successor_operand_starts.get(&(t, k)).copied() else {
        return false;
    };
    let op = map.op(t);
    crate::ir::interfaces::branch_successor_operands(op, k as usize).is_some_and(|s| {
        // SAFETY: a live op.
        let total = unsafe { mlir_sys::mlirOperationGetNumOperands(op) } as u32;
        start + s.forwarded.len() as u32 == total
    })
}

/// Appends `extra` to `op`'s operands.
/// # Safety
/// `op` and `extra` are live.
unsafe fn append_operands(op: MlirOperation, extra: &[MlirValue]) {
    if extra.is_empty() {
        return;
    }
    // SAFETY: a live op and values (the caller's contract).
    unsafe {
        let n = mlir_sys::mlirOperationGetNumOperands(op);
        let mut operands: Vec<MlirValue> = (0..n)
            .map(|i| mlir_sys::mlirOperationGetOperand(op, i))
            .collect();
        operands.extend_from_slice(extra);
        mlir_sys::mlirOperationSetOperands(op, operands.len() as isize, operands.as_ptr());
    }
}

/// A set of region-flow targets that receive from the same forwarders, with
/// the positions (in the forwarded lists, of length `len`) that carry flags.
#[derive(Clone, Debug)]
struct Class {
    targets: Vec<RegionTarget>,
    len: usize,
    /// Fed by the op's entry operands.
    entry: bool,
    positions: Vec<usize>,
}

/// Groups the region-flow targets of `op` by forwarder (a forwarder's edges
/// all carry the same values, so its targets must take the same flags) and
/// finds the positions where any receiver is a dynamic merge.
fn classes_of(
    snapshot: &Snapshot,
    op: OpId,
    info: &crate::analysis::snapshot::RegionBranchInfo,
    dynamic: &dyn Fn(ValueId) -> bool,
) -> Vec<Class> {
    let mut groups: Vec<(Vec<&crate::analysis::snapshot::RegionEdge>, bool)> = Vec::new();
    if info
        .entry_edges
        .iter()
        .any(|e| !e.forwarded.is_empty() || !e.inputs.is_empty())
    {
        groups.push((info.entry_edges.iter().collect(), true));
    }
    for &region in &snapshot.op(op).regions {
        for &block in &snapshot.region(region).blocks {
            if let Some(t) = snapshot.terminator(block) {
                let edges = &snapshot.op(t).facts.terminator_edges;
                if !edges.is_empty() {
                    groups.push((edges.iter().collect(), false));
                }
            }
        }
    }
    // Union the groups' target sets.
    let mut classes: Vec<Class> = Vec::new();
    for (edges, entry) in groups {
        let targets: Vec<RegionTarget> = edges.iter().map(|e| e.target).collect();
        let len = edges.first().map_or(0, |e| e.inputs.len());
        let hit: Vec<usize> = classes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.targets.iter().any(|t| targets.contains(t)))
            .map(|(i, _)| i)
            .collect();
        let mut merged = Class {
            targets,
            len,
            entry,
            positions: vec![],
        };
        for &i in hit.iter().rev() {
            let c = classes.remove(i);
            merged.entry |= c.entry;
            for t in c.targets {
                if !merged.targets.contains(&t) {
                    merged.targets.push(t);
                }
            }
        }
        classes.push(merged);
    }
    let op_info = snapshot.op(op);
    for class in &mut classes {
        let mut positions = BTreeSet::new();
        for target in &class.targets {
            let receivers: Vec<ValueId> = match target {
                RegionTarget::Parent => op_info.results.to_vec(),
                RegionTarget::Region(r) => match snapshot.region(*r).blocks.first() {
                    Some(&b) => {
                        let args = &snapshot.block(b).args;
                        args[args.len().saturating_sub(class.len)..].to_vec()
                    }
                    None => vec![],
                },
            };
            for (p, &v) in receivers.iter().enumerate() {
                if dynamic(v) {
                    positions.insert(p);
                }
            }
        }
        class.positions = positions.into_iter().collect();
    }
    classes
}

/// Rebuilds `old` (same name, attributes and regions) with `extra_operands`
/// appended to its operands and `extra_results` results of type `flag`
/// appended to its results; the old results' uses move to the new op's.
/// The new op is inserted before `old`, which is left empty (regions moved)
/// for the caller to erase.
/// # Safety
/// `old` and every handle passed are live.
unsafe fn rebuild_with(
    old: MlirOperation,
    extra_operands: &[MlirValue],
    extra_results: usize,
    flag: mlir_sys::MlirType,
) -> Result<MlirOperation, String> {
    // SAFETY (this function): `old` is live; every handle read from it is.
    unsafe {
        let n = mlir_sys::mlirOperationGetNumOperands(old);
        let mut operands: Vec<MlirValue> = (0..n)
            .map(|i| mlir_sys::mlirOperationGetOperand(old, i))
            .collect();
        operands.extend_from_slice(extra_operands);
        let r = mlir_sys::mlirOperationGetNumResults(old);
        let mut types: Vec<mlir_sys::MlirType> = (0..r)
            .map(|i| mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(old, i)))
            .collect();
        types.extend(std::iter::repeat_n(flag, extra_results));
        let new = edit::rebuild_with_regions(old, &operands, &types, &[])
            .ok_or_else(|| "cannot rebuild a region op with ownership flags".to_string())?;
        for i in 0..r {
            edit::replace_all_uses(
                mlir_sys::mlirOperationGetResult(old, i),
                mlir_sys::mlirOperationGetResult(new, i),
            );
        }
        Ok(new)
    }
}

/// `scf.if %flag -> T { scf.yield %value } else { clone; scf.yield %clone }`
/// before `before`: `value` when it is owned, else an owned copy of it.
/// # Safety
/// Every handle passed is live.
unsafe fn owned_or_clone(
    flag: MlirValue,
    value: MlirValue,
    roots: &[MlirValue],
    before: MlirOperation,
) -> Result<MlirValue, String> {
    // SAFETY (this function): live handles (the caller's contract).
    unsafe {
        let (op, yield_else) = if_flag_else(flag, value, before)?;
        let copy = builders::clone_buffer(roots, value, yield_else);
        edit::set_operand(yield_else, 0, copy);
        Ok(edit::result(op, 0))
    }
}

/// `scf.if %flag -> T { scf.yield %value } else { scf.yield %value }` before
/// `before`, `T` being `value`'s type; returns the `scf.if` and the else
/// branch's yield (for the caller to put the other value before).
/// # Safety
/// Every handle passed is live.
unsafe fn if_flag_else(
    flag: MlirValue,
    value: MlirValue,
    before: MlirOperation,
) -> Result<(MlirOperation, MlirOperation), String> {
    // SAFETY (this function): live handles (the caller's contract); the
    // blocks and regions are created here and owned by the new op.
    unsafe {
        let location = edit::location(before);
        let ty = edit::value_type(value);
        let mut regions = Vec::new();
        let mut blocks = Vec::new();
        for _ in 0..2 {
            let region = mlir_sys::mlirRegionCreate();
            let block = mlir_sys::mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlir_sys::mlirRegionAppendOwnedBlock(region, block);
            regions.push(region);
            blocks.push(block);
        }
        let op = edit::build_op(
            crate::ir::diagnostics::string_ref("scf.if"),
            location,
            edit::OpParts {
                operands: &[flag],
                result_types: &[ty],
                successors: &[],
                attributes: &[],
                regions: &regions,
            },
        );
        if op.ptr.is_null() {
            return Err("cannot build scf.if".to_string());
        }
        edit::insert(op, InsertPoint::Before(before));
        edit::create_op(
            "scf.yield",
            location,
            &[value],
            &[],
            &[],
            InsertPoint::EndOf(blocks[0]),
        );
        let yield_else = edit::create_op(
            "scf.yield",
            location,
            &[value],
            &[],
            &[],
            InsertPoint::EndOf(blocks[1]),
        );
        Ok((op, yield_else))
    }
}

/// The target of `copy` (`copy(source, target)`, `target` the result of
/// `alloc`) takes over `source`, which is dead after the copy: with no flag
/// (`source` owned) the target is `source` and the copy and the allocation
/// go; with `flag`, `scf.if %flag { source } else { alloc; copy }` (the
/// allocation and the copy moved into the else branch) replaces the target.
/// Returns what now stands for the target.
/// # Safety
/// Every handle passed is live; `target` is `alloc`'s result and has no
/// use between `alloc` and `copy`, which share a block.
unsafe fn take_over(
    flag: Option<MlirValue>,
    source: MlirValue,
    target: MlirValue,
    alloc: MlirOperation,
    copy: MlirOperation,
) -> Result<MlirValue, String> {
    // SAFETY (this function): live handles (the caller's contract).
    unsafe {
        let Some(flag) = flag else {
            edit::replace_all_uses(target, source);
            edit::erase(copy);
            edit::erase(alloc);
            return Ok(source);
        };
        let (op, yield_else) = if_flag_else(flag, source, copy)?;
        let replacement = edit::result(op, 0);
        edit::replace_all_uses(target, replacement);
        // The copy's own use, and the else branch's result, stay the target.
        edit::set_operand(copy, 1, target);
        edit::set_operand(yield_else, 0, target);
        mlir_sys::mlirOperationMoveBefore(alloc, yield_else);
        mlir_sys::mlirOperationMoveBefore(copy, yield_else);
        Ok(replacement)
    }
}

fn clone_of(
    h: &Handles<'_>,
    ownership: &Ownership,
    value_id: ValueId,
    value: MlirValue,
    before: MlirOperation,
) -> MlirValue {
    let roots: Vec<MlirValue> = ownership
        .roots(value_id)
        .into_iter()
        .map(|r| h.value(r))
        .collect();
    // SAFETY: live handles of `apply`.
    unsafe { builders::clone_buffer(&roots, value, before) }
}

/// The flag of a buffer a checked move hands on (`value`, whose own flag is
/// `flag`): `flag`, or-ed with, for each region argument of `args` that may
/// be owned, its ownership and-ed with `value` being that argument (aligned
/// pointers equal), built before `before`.
fn or_owned_alias(
    h: &Handles<'_>,
    plan: &Plan,
    mut flag: MlirValue,
    value: MlirValue,
    args: &[ValueId],
    before: MlirOperation,
) -> Result<MlirValue, String> {
    // SAFETY: live handles of `apply`.
    let location = unsafe { edit::location(before) };
    let at = InsertPoint::Before(before);
    for &arg in args {
        let owned = match plan.owns.get(&arg) {
            Some(Owns::Never) => continue,
            Some(Owns::Dynamic) => Some(
                h.flags
                    .get(&arg)
                    .copied()
                    .ok_or("a checked region argument has no flag")?,
            ),
            _ => None,
        };
        // SAFETY: live handles of `apply`.
        unsafe {
            let a = builders::extract_aligned_pointer(value, location, at)
                .ok_or("cannot build memref.extract_aligned_pointer_as_index")?;
            let b = builders::extract_aligned_pointer(h.value(arg), location, at)
                .ok_or("cannot build memref.extract_aligned_pointer_as_index")?;
            let mut same = builders::arith_cmpi(builders::CmpPredicate::Eq, a, b, location, at)
                .ok_or("cannot build arith.cmpi")?;
            if let Some(owned) = owned {
                same = builders::arith_binary("arith.andi", owned, same, location, at);
            }
            flag = builders::arith_binary("arith.ori", flag, same, location, at);
        }
    }
    Ok(flag)
}

/// Frees region argument `arg` before terminator `before` only when it is
/// owned (its flag, where dynamic) and not `handed`, the buffer a checked
/// move hands on (aligned pointers differ).
fn free_unless_handed_on(
    h: &Handles<'_>,
    plan: &Plan,
    arg: ValueId,
    handed: MlirValue,
    before: MlirOperation,
) -> Result<(), String> {
    // SAFETY: live handles of `apply`.
    let location = unsafe { edit::location(before) };
    let at = InsertPoint::Before(before);
    let value = h.value(arg);
    // SAFETY: live handles of `apply`.
    unsafe {
        let a = builders::extract_aligned_pointer(value, location, at)
            .ok_or("cannot build memref.extract_aligned_pointer_as_index")?;
        let b = builders::extract_aligned_pointer(handed, location, at)
            .ok_or("cannot build memref.extract_aligned_pointer_as_index")?;
        let mut condition = builders::arith_cmpi(builders::CmpPredicate::Ne, a, b, location, at)
            .ok_or("cannot build arith.cmpi")?;
        if plan.owns.get(&arg) == Some(&Owns::Dynamic) {
            let owned = h
                .flags
                .get(&arg)
                .copied()
                .ok_or("a checked region argument has no flag")?;
            condition = builders::arith_binary("arith.andi", owned, condition, location, at);
        }
        builders::memref_dealloc_if(value, Some(condition), location, at);
    }
    Ok(())
}

/// Frees `root` at `at`: statically owned buffers with a plain free, merges
/// whose ownership is dynamic with `bufferization.dealloc` on their flag (with
/// `lower-dynamic-frees`, directly with its lowering: `scf.if` on the flag
/// around `memref.dealloc`).
fn free(
    h: &Handles<'_>,
    plan: &Plan,
    root: ValueId,
    location: MlirLocation,
    at: InsertPoint,
) -> Result<(), String> {
    let value = h.value(root);
    match plan.owns.get(&root) {
        Some(Owns::Never) => Ok(()),
        Some(Owns::Dynamic) => {
            let flag = h
                .flags
                .get(&root)
                .copied()
                .ok_or("a dynamic merge has no flag")?;
            if h.lower_dynamic_frees {
                // SAFETY: live handles of `apply`.
                unsafe { edit::build_free_if(value, Some(flag), location, at) };
                return Ok(());
            }
            // SAFETY: live handles of `apply`.
            unsafe { builders::bufferization_dealloc(value, flag, location, at) }
                .map(|_| ())
                .ok_or_else(|| "cannot build bufferization.dealloc".to_string())
        }
        _ => {
            // SAFETY: live handles of `apply`.
            unsafe { edit::build_free_if(value, None, location, at) };
            Ok(())
        }
    }
}
