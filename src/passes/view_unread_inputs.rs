//! `bufrs-view-unread-inputs`: a buffer whose only use is as an input of a
//! `linalg.generic` whose payload never reads it becomes a view of another
//! input of that op, and its allocation (and frees) go.
//!
//! ```mlir
//! %w = memref.alloc() : memref<2x2xf32>             // removed
//! linalg.generic ... ins(%x, %w : memref<1x8x8x4xf32>, memref<2x2xf32>) ...
//! // becomes
//! %v = memref.reinterpret_cast %x to offset: [0], sizes: [2, 2], strides: [2, 1]
//! linalg.generic ... ins(%x, %v : memref<1x8x8x4xf32>, memref<2x2xf32>) ...
//! ```
//!
//! A pooling window is such an operand: it gives the op's loops their
//! extent, its values are never used (the payload's block argument for it
//! has no use), and nothing writes it, so what it holds does not matter.
//! It needs no bytes of its own; IREE's dispatches have none. Any memory of
//! at least its bytes that the op only reads serves: the op's other input,
//! so the view holds no byte nothing else holds and aliases nothing the op
//! writes.
//!
//! # When a buffer goes
//!
//! `%w` is the result of an op that only allocates it (heap or stack), of
//! static shape with the identity layout; its uses are one operand of one
//! `linalg.generic` (the op's form is fixed: operand `i` is the region's
//! block argument `i`) whose memory effects on it are reads only, and frees
//! of `%w` itself; that block argument has no use. The donor is another
//! operand of the op that it only reads, of static shape with the identity
//! layout, the same element type and memory space, at least `%w`'s bytes,
//! and whose payload argument is used (so it is no buffer this pass
//! removes): the first such operand. Any other buffer stays.

use melior::ir::OperationRef;

use crate::{
    analysis::{
        allocs::{frees_only, is_pure_allocation},
        snapshot::{EffectKind, Effects, OpId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
    },
    dialect::builders::{Size, Slice, offset_sizes_strides_op},
    ir::{
        capture::contains_op_named,
        capture::{IrMap, capture},
        edit::{self, InsertPoint},
        types::{BufferType, RankedMemRef, buffer_type},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

/// The op whose operands and payload arguments correspond one to one.
const GENERIC: &str = "linalg.generic";

pass_options! {
    /// Options of `bufrs-view-unread-inputs` (none).
    pub struct ViewUnreadInputsOptions {}
}

pub struct ViewUnreadInputs;

impl BufrsPass for ViewUnreadInputs {
    type Options = ViewUnreadInputsOptions;
    const ARGUMENT: &'static str = "bufrs-view-unread-inputs";
    const SUMMARY: &'static str = "Make a buffer whose only use is a linalg.generic input its payload never reads (a pooling window) a view of another input of that op with at least its bytes, and remove its allocation";
    const ANCHOR: Anchor = Anchor::FunctionLike;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref"];

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        // Every rewrite is of an input of a `linalg.generic`: a body without
        // one is left before it is captured (one walk by name).
        if !contains_op_named(root, GENERIC) {
            return pass::unchanged(root);
        }
        let (snap, map) = capture(root);
        let uses = UseLists::new(&snap);
        let mut rewrites = Vec::new();
        for index in 0..snap.ops.len() {
            if let Some(rewrite) = decide(&snap, &map, &uses, root, OpId(index as u32)) {
                rewrites.push(rewrite);
            }
        }
        if rewrites.is_empty() {
            return pass::unchanged(root);
        }
        for rewrite in &rewrites {
            // SAFETY: handles of this capture; each rewrite erases only its
            // own allocation and frees and changes one operand of its op.
            unsafe { apply(&map, rewrite) };
        }
        Ok(())
    }
}

struct Rewrite {
    alloc: OpId,
    frees: Vec<OpId>,
    user: OpId,
    operand: u32,
    donor: ValueId,
    buffer: ValueId,
    shape: Vec<i64>,
}

/// The ranked type facts of `value`.
fn ranked(map: &IrMap, root: mlir_sys::MlirOperation, value: ValueId) -> Option<RankedMemRef> {
    // SAFETY: a live value of the capture.
    match buffer_type(unsafe { edit::value_type(map.value(value)) }, root) {
        BufferType::Ranked(t) if t.has_static_shape() && t.identity_layout => Some(t),
        _ => None,
    }
}

/// Whether `op`'s memory effects on `value` are reads only (and there are some).
fn only_reads(snap: &Snapshot, op: OpId, value: ValueId) -> bool {
    let Effects::Known(effects) = &snap.op(op).facts.effects else {
        return false;
    };
    let on: Vec<_> = effects.iter().filter(|e| e.value == Some(value)).collect();
    !on.is_empty() && on.iter().all(|e| e.kind == EffectKind::Read)
}

fn decide(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    root: mlir_sys::MlirOperation,
    alloc: OpId,
) -> Option<Rewrite> {
    let buffer = is_pure_allocation(snap, alloc)?;
    let ty = ranked(map, root, buffer)?;
    let bytes = ty.static_size_in_bytes()?;
    let mut frees = Vec::new();
    let mut user = None;
    for u in uses.of(buffer) {
        if frees_only(snap, u.user, buffer) {
            frees.push(u.user);
        } else if user.is_some() {
            return None;
        } else {
            user = Some((u.user, u.operand_index));
        }
    }
    let (user, operand) = user?;
    let info = snap.op(user);
    if info.name.as_str() != GENERIC || !only_reads(snap, user, buffer) {
        return None;
    }
    // The payload's argument for the operand has no use.
    let region = *info.regions.first()?;
    let entry = snap.entry_block(region)?;
    let args = &snap.block(entry).args;
    if args.len() != info.operands.len() || !uses.of(args[operand as usize]).is_empty() {
        return None;
    }
    // A donor the payload reads is never itself a buffer this pass removes.
    let donor = info
        .operands
        .iter()
        .copied()
        .enumerate()
        .find_map(|(i, d)| {
            (d != buffer
                && !uses.of(args[i]).is_empty()
                && only_reads(snap, user, d)
                && !matches!(snap.value(d).def, ValueDef::OpResult { op, .. } if op == alloc)
                && ranked(map, root, d).is_some_and(|t| {
                    t.element_bits == ty.element_bits
                    && t.memory_space == ty.memory_space
                    && t.static_size_in_bytes().is_some_and(|b| b >= bytes)
                    // SAFETY: live values of the capture.
                    && unsafe {
                        mlir_sys::mlirTypeEqual(
                            mlir_sys::mlirShapedTypeGetElementType(edit::value_type(map.value(d))),
                            mlir_sys::mlirShapedTypeGetElementType(edit::value_type(
                                map.value(buffer),
                            )),
                        )
                    }
                }))
            .then_some(d)
        })?;
    Some(Rewrite {
        alloc,
        frees,
        user,
        operand,
        donor,
        buffer,
        shape: ty.shape.iter().map(|d| d.unwrap_or(0)).collect(),
    })
}

/// SAFETY: the handles of `map` are live and `rewrite` was decided on the
/// snapshot `map` maps.
unsafe fn apply(map: &IrMap, rewrite: &Rewrite) {
    // Row-major strides of the buffer's shape.
    let mut strides = vec![1i64; rewrite.shape.len()];
    for d in (0..rewrite.shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * rewrite.shape[d + 1];
    }
    let sizes: Vec<Size> = rewrite.shape.iter().map(|&n| Size::Static(n)).collect();
    // SAFETY: the caller's contract; the view is built right before the op
    // using the buffer, from an operand of that op (so defined before it),
    // with the buffer's own type.
    unsafe {
        let user = map.op(rewrite.user);
        let ty = edit::value_type(map.value(rewrite.buffer));
        let Some(view) = offset_sizes_strides_op(
            "memref.reinterpret_cast",
            map.value(rewrite.donor),
            Slice {
                offset: 0,
                sizes: &sizes,
                strides: &strides,
            },
            ty,
            edit::location(user),
            InsertPoint::Before(user),
        ) else {
            return;
        };
        edit::set_operand(user, rewrite.operand as usize, view);
        for &free in &rewrite.frees {
            edit::erase(map.op(free));
        }
        edit::erase(map.op(rewrite.alloc));
    }
}
