//! `bufrs-finalize-deallocation`: the last step of bufrs' deallocation
//! pipelines, which makes their output end in the ops upstream's
//! `buffer-deallocation-pipeline` leaves for the passes after it, so that a
//! bufrs pipeline can take its place in a user's pipeline unchanged:
//!
//! - every `bufferization.clone` becomes a new buffer and a copy, as
//!   upstream's `convert-bufferization-to-memref` lowers it (a user's
//!   pipeline written for upstream's output often has no such pass after the
//!   deallocation step):
//!
//!   ```mlir
//!   %c = bufferization.clone %s : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
//!   // becomes
//!   %c0 = arith.constant 0 : index
//!   %d = memref.dim %s, %c0 : memref<?xf32, strided<[?], offset: ?>>
//!   %new = memref.alloc(%d) : memref<?xf32>
//!   memref.copy %s, %new : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
//!   %c = memref.cast %new : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
//!   ```
//!
//!   (the cast only when the clone's type has a layout other than the
//!   identity; a static non-identity layout, which no cast from a new buffer
//!   reaches and upstream's lowering refuses, gets a buffer viewed with that
//!   layout: `crate::dialect::builders::copy_with_static_layout`; a clone
//!   of an unranked memref gets its rank and sizes read at run time, a
//!   one-dimensional buffer of that many elements `memref.reshape`d to them,
//!   and the copy: `copy_unranked`);
//! - buffer views and constant ownership flags left without uses are
//!   erased: ops with no region, no use of any result, results that are all
//!   memrefs (or all `i1` of an op without operands: a constant flag) and no
//!   memory effect (`MemoryEffectOpInterface` reporting none), repeated until
//!   none is left (a dead cast of a dead subview goes with it; so does the
//!   `arith.constant true` that only an existing `bufferization.dealloc`,
//!   now lowered, used). Upstream's pipeline, which
//!   ends in `canonicalize`, removes them too; nothing else is touched (no
//!   folding, no other dead op).
//!
//! The IR to create is fixed (upstream's lowering of the clone), so ops are
//! named here. `lower-clones=false` keeps the clones (for a pipeline that
//! runs `convert-bufferization-to-memref` itself, or wants to see them).

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirType, MlirValue};
use rustc_hash::FxHashMap;

use crate::{
    dialect::builders,
    ir::{
        Diagnostic,
        capture::{keep_rewritten, kept_snapshot},
        diagnostics::Severity,
        edit::{self, InsertPoint},
        finalize_candidates::{finalize_candidates, previous_op, views_between},
        interfaces::memory_effects,
        patch::Rewrites,
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult, pass},
};

/// The op this pass lowers.
pub const CLONE: &str = "bufferization.clone";

pass_options! {
    /// Options of `bufrs-finalize-deallocation`.
    pub struct FinalizeDeallocationOptions {
        lower_clones: bool = true => "lower-clones",
            "Lower every bufferization.clone to memref.alloc + memref.copy (+ memref.cast for a non-identity layout), as convert-bufferization-to-memref does. Off: the clones stay.";
        erase_dead_views: bool = true => "erase-dead-views",
            "Erase ops without uses that have no region, no memory effect and only memref results, or no operands and only i1 results (buffer views, casts and constant ownership flags left dead).";
    }
}

pub struct FinalizeDeallocation;

impl BufrsPass for FinalizeDeallocation {
    type Options = FinalizeDeallocationOptions;
    const ARGUMENT: &'static str = "bufrs-finalize-deallocation";
    const SUMMARY: &'static str = "End in upstream's deallocation output ops: lower bufferization.clone to memref.alloc + memref.copy (as convert-bufferization-to-memref) and erase buffer views and constant ownership flags left without uses (no region, no memory effect; memref results, or i1 results and no operands)";
    const ANCHOR: Anchor = Anchor::Any;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "arith", "scf"];

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        // One C++ walk finds the clones and the ops shaped like dead views,
        // and most bodies with neither a clone nor a dead view.
        let clone = options.lower_clones.then_some(CLONE);
        let Some(found) = finalize_candidates(root, clone) else {
            return pass::unchanged(root);
        };
        // The snapshot the pass before kept (copy removal's, usually): patched
        // with these edits, merge-alloc reads it instead of capturing.
        let kept = kept_snapshot(root);
        let mut rewrites = Rewrites::default();
        let mut views = found.views;
        let mut changed = false;
        if options.lower_clones {
            // Each clone's view-shaped replacement ops, by the clone's handle.
            let mut lowered: FxHashMap<usize, Vec<MlirOperation>> = FxHashMap::default();
            for &clone in &found.clones {
                // SAFETY: `clone` is a live op in a block: the ops around it
                // stay while it is lowered.
                let (block, before, after) = unsafe {
                    (
                        mlir_sys::mlirOperationGetBlock(clone),
                        previous_op(clone),
                        Some(mlir_sys::mlirOperationGetNextInBlock(clone))
                            .filter(|next| !next.ptr.is_null()),
                    )
                };
                // SAFETY: `clone` is a live, verified bufferization.clone
                // nested in the op the pass runs on; the lowering adds ops
                // before it and erases it.
                if let Err(reason) = unsafe { lower_clone(clone, &mut rewrites) } {
                    Diagnostic::at_raw(
                        clone,
                        Severity::Error,
                        format!(
                            "{}: cannot lower this clone: {reason}; lower-clones=false keeps it",
                            Self::ARGUMENT
                        ),
                    )
                    .emit();
                    return Err(PassFailed);
                }
                // SAFETY: the ops around the clone are live; the lowering
                // put its ops between them.
                let replacing = unsafe { views_between(block, before, after) };
                lowered.insert(clone.ptr as usize, replacing);
            }
            if !found.clones.is_empty() {
                changed = true;
                // The clones are gone and new ops are in their places.
                views = splice_lowered(views, &lowered).unwrap_or_else(|| {
                    finalize_candidates(root, None)
                        .map(|again| again.views)
                        .unwrap_or_default()
                });
            }
        }
        if options.erase_dead_views {
            // SAFETY: `views` are the ops nested in `root` shaped like dead
            // views now, in pre-order.
            changed |= unsafe { erase_dead_views(views, &mut rewrites) };
        }
        if changed {
            if let Some((snapshot, map)) = kept {
                keep_rewritten(root, snapshot, map, rewrites);
            }
            Ok(())
        } else {
            pass::unchanged(root)
        }
    }
}

/// `views` (in pre-order, taken before the clones were lowered) with each
/// lowered clone replaced by the view-shaped ops of its lowering (`lowered`,
/// by the clone's handle, each in pre-order): the ops shaped like dead views
/// now, in pre-order. `None` when a lowered clone is not among `views`.
fn splice_lowered(
    views: Vec<MlirOperation>,
    lowered: &FxHashMap<usize, Vec<MlirOperation>>,
) -> Option<Vec<MlirOperation>> {
    let mut out = Vec::with_capacity(views.len());
    let mut placed = 0;
    for op in views {
        match lowered.get(&(op.ptr as usize)) {
            Some(replacing) => {
                out.extend_from_slice(replacing);
                placed += 1;
            }
            None => out.push(op),
        }
    }
    (placed == lowered.len()).then_some(out)
}

/// Replaces `clone` by a new buffer holding a copy of its source (see the
/// module doc) and erases it, noting both in `rewrites`; `Err` says why it
/// cannot (nothing is erased then, though constants or sizes may have been
/// added).
/// # Safety
/// `clone` is a live, verified `bufferization.clone` in a block.
unsafe fn lower_clone(clone: MlirOperation, rewrites: &mut Rewrites) -> Result<(), &'static str> {
    const NOT_BUILT: &str = "MLIR refused to build the new buffer";
    // SAFETY: the caller's contract; every op built is valid for the types
    // read from the verified clone.
    unsafe {
        let location = edit::location(clone);
        let at = InsertPoint::Before(clone);
        let source = mlir_sys::mlirOperationGetOperand(clone, 0);
        let result = edit::result(clone, 0);
        let ty = edit::value_type(result);
        if mlir_sys::mlirTypeIsAUnrankedMemRef(ty) {
            let copy = copy_unranked(source, ty, location, at).ok_or(NOT_BUILT)?;
            replace_and_erase(clone, result, copy, rewrites);
            return Ok(());
        }
        if !mlir_sys::mlirTypeIsAMemRef(ty) {
            return Err("its type is not a memref");
        }
        let copy = if let Some(layout) = builders::static_strided_layout(ty) {
            builders::copy_with_static_layout(source, &layout, location, at).ok_or(NOT_BUILT)?
        } else {
            let rank = mlir_sys::mlirShapedTypeGetRank(ty) as isize;
            let shape: Vec<i64> = (0..rank)
                .map(|dim| mlir_sys::mlirShapedTypeGetDimSize(ty, dim))
                .collect();
            let buffer_type = mlir_sys::mlirMemRefTypeContiguousGetChecked(
                location,
                mlir_sys::mlirShapedTypeGetElementType(ty),
                rank,
                shape.as_ptr(),
                mlir_sys::mlirMemRefTypeGetMemorySpace(ty),
            );
            if buffer_type.ptr.is_null() {
                return Err(NOT_BUILT);
            }
            let identity = mlir_sys::mlirTypeEqual(buffer_type, ty);
            if !identity && !cast_compatible(buffer_type, ty) {
                return Err("no memref.cast turns a new buffer into its layout");
            }
            let mut sizes = Vec::new();
            for dim in 0..rank {
                if mlir_sys::mlirShapedTypeIsDynamicDim(ty, dim) {
                    let index = edit::build_index_constant(dim as i64, location, at);
                    sizes.push(builders::memref_dim(source, index, location, at).ok_or(NOT_BUILT)?);
                }
            }
            let buffer = builders::memref_alloc(buffer_type, &sizes, &[], location, at);
            edit::create_op("memref.copy", location, &[source, buffer], &[], &[], at);
            if identity {
                buffer
            } else {
                let cast = edit::create_op("memref.cast", location, &[buffer], &[ty], &[], at);
                edit::result(cast, 0)
            }
        };
        replace_and_erase(clone, result, copy, rewrites);
        Ok(())
    }
}

/// Replaces every use of `result`, the result of `clone`, by `copy` and
/// erases `clone`, noting both in `rewrites`.
/// # Safety
/// `clone` is a live op in a block, `result` its only result and `copy` a
/// live value of the same type defined before every use of `result`.
unsafe fn replace_and_erase(
    clone: MlirOperation,
    result: MlirValue,
    copy: MlirValue,
    rewrites: &mut Rewrites,
) {
    // SAFETY: the caller's contract.
    unsafe {
        rewrites.replaced.push((result, copy));
        rewrites
            .erased
            .push((clone, mlir_sys::mlirOperationGetBlock(clone)));
        edit::replace_all_uses(result, copy);
        edit::erase(clone);
    }
}

/// A new buffer holding a copy of the unranked memref `source` (of type
/// `ty`), built at `at`: its rank and sizes read at run time (`memref.rank`,
/// `memref.dim` in an `scf.for` that stores each size into a shape buffer
/// on the stack and multiplies them), a one-dimensional buffer of that many
/// elements, `memref.reshape`d to the source's shape (an unranked memref of
/// the identity layout) and `memref.copy` of the source into it. `None` if
/// MLIR refuses a type.
/// # Safety
/// `source` is a live value of the live unranked memref type `ty`; `at` is
/// live.
unsafe fn copy_unranked(
    source: MlirValue,
    ty: MlirType,
    location: mlir_sys::MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: the caller's contract; every op built is valid for the types
    // read from `ty`.
    unsafe {
        let index = builders::parse_type("index", location)?;
        let dynamic = [mlir_sys::mlirShapedTypeGetDynamicSize()];
        let shape_type = mlir_sys::mlirMemRefTypeContiguousGetChecked(
            location,
            index,
            1,
            dynamic.as_ptr(),
            mlir_sys::mlirAttributeGetNull(),
        );
        let flat_type = mlir_sys::mlirMemRefTypeContiguousGetChecked(
            location,
            mlir_sys::mlirShapedTypeGetElementType(ty),
            1,
            dynamic.as_ptr(),
            mlir_sys::mlirUnrankedMemrefGetMemorySpace(ty),
        );
        if shape_type.ptr.is_null() || flat_type.ptr.is_null() {
            return None;
        }
        let rank_op = edit::create_op("memref.rank", location, &[source], &[index], &[], at);
        let rank = edit::result(rank_op, 0);
        let zero = builders::arith_constant_index(0, location, at)?;
        let one = builders::arith_constant_index(1, location, at)?;
        let shape = builders::memref_alloca(shape_type, &[rank], location, at);
        let (for_op, body, dim, elements) =
            builders::scf_for([zero, rank, one], &[one], location, at);
        let end = InsertPoint::EndOf(body);
        let size = builders::memref_dim(source, dim, location, end)?;
        edit::create_op("memref.store", location, &[size, shape, dim], &[], &[], end);
        let product = builders::arith_binary("arith.muli", elements[0], size, location, end);
        builders::scf_yield(&[product], location, body);
        let count = edit::result(for_op, 0);
        let flat = builders::memref_alloc(flat_type, &[count], &[], location, at);
        let reshape = edit::create_op("memref.reshape", location, &[flat, shape], &[ty], &[], at);
        let buffer = edit::result(reshape, 0);
        edit::create_op("memref.copy", location, &[source, buffer], &[], &[], at);
        Some(buffer)
    }
}

/// Whether `memref.cast` accepts `from` -> `to` for two ranked memref types
/// of one shape, element type and memory space: each stride and the offset
/// equal or dynamic on either side (memref.cast's rule).
/// # Safety
/// Both types are live ranked memref types of one rank.
unsafe fn cast_compatible(from: MlirType, to: MlirType) -> bool {
    // SAFETY: the caller's contract; the stride arrays have rank entries.
    unsafe {
        let rank = usize::try_from(mlir_sys::mlirShapedTypeGetRank(from)).unwrap_or(0);
        let strides_and_offset = |ty: MlirType| {
            let mut strides = vec![0i64; rank];
            let mut offset = 0i64;
            let ok =
                mlir_sys::mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset);
            (ok.value != 0).then_some((strides, offset))
        };
        let (Some((from_strides, from_offset)), Some((to_strides, to_offset))) =
            (strides_and_offset(from), strides_and_offset(to))
        else {
            return false;
        };
        let dynamic = mlir_sys::mlirShapedTypeGetDynamicStrideOrOffset();
        let fits = |a: i64, b: i64| a == dynamic || b == dynamic || a == b;
        fits(from_offset, to_offset)
            && from_strides
                .iter()
                .zip(&to_strides)
                .all(|(&a, &b)| fits(a, b))
    }
}

/// Whether `op` is a dead buffer view or ownership flag: no region, at least
/// one result, every result without uses and a memref (or an `i1` of an op
/// without operands: a flag constant), and no memory effect.
fn is_dead_view(op: MlirOperation) -> bool {
    // SAFETY: queries on a live op and its results.
    let shape_fits = unsafe {
        let results = mlir_sys::mlirOperationGetNumResults(op);
        let constant = mlir_sys::mlirOperationGetNumOperands(op) == 0;
        mlir_sys::mlirOperationGetNumRegions(op) == 0
            && results > 0
            && (0..results).all(|i| {
                let value: MlirValue = mlir_sys::mlirOperationGetResult(op, i);
                let ty = mlir_sys::mlirValueGetType(value);
                (mlir_sys::mlirTypeIsAMemRef(ty)
                    || mlir_sys::mlirTypeIsAUnrankedMemRef(ty)
                    || (constant
                        && mlir_sys::mlirTypeIsAInteger(ty)
                        && mlir_sys::mlirIntegerTypeGetWidth(ty) == 1))
                    && mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(value))
            })
    };
    shape_fits && memory_effects(op).is_some_and(|effects| effects.is_empty())
}

/// Erases every dead buffer view among `views`, until none is left, noting
/// each in `rewrites` (for the snapshot's patch); whether it erased any.
/// `views` are the ops nested in the op the pass runs on that are shaped
/// like dead views ([`finalize_candidates`]), in pre-order: no other op can
/// become one, since erasing an op changes no other op's shape.
/// # Safety
/// `views` are live ops without regions.
unsafe fn erase_dead_views(mut views: Vec<MlirOperation>, rewrites: &mut Rewrites) -> bool {
    let mut erased_any = false;
    loop {
        // Users follow their definitions in pre-order (an op nested in a
        // region comes after the op that holds it), so one pass from the end
        // erases chains of dead views; another round runs only after an
        // erasure, for graph regions.
        let mut erased = false;
        let mut kept: Vec<MlirOperation> = Vec::with_capacity(views.len());
        for &op in views.iter().rev() {
            if is_dead_view(op) {
                // SAFETY: a live op without uses of its results and without
                // regions.
                unsafe {
                    rewrites
                        .erased
                        .push((op, mlir_sys::mlirOperationGetBlock(op)));
                    edit::erase(op);
                }
                erased = true;
            } else {
                kept.push(op);
            }
        }
        if !erased {
            return erased_any;
        }
        erased_any = true;
        kept.reverse();
        views = kept;
    }
}
