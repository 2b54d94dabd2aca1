//! `bufrs-write-into-destination`: a fresh buffer whose last use is a copy
//! into a slice of another buffer of its block becomes a view of that
//! slice, so the ops writing it write the destination directly; the copy,
//! the buffer's allocation and the destination's go, both buffers becoming
//! views of one byte buffer allocated where the first of them was.
//!
//! ```mlir
//! %h = memref.alloc() : memref<1x32xf32>                 // removed
//! linalg.generic ... outs(%h : memref<1x32xf32>)
//! ...reads of %h...
//! %d = memref.alloc() : memref<6x32xf32>                 // removed
//! %s = memref.subview %d[1, 0] [1, 32] [1, 1] : ... to memref<1x32xf32, strided<[32, 1], offset: 32>>
//! memref.copy %h, %s                                     // removed
//! // becomes
//! %a = memref.alloc() : memref<768xi8>
//! %d = memref.view %a[%c0][] : memref<768xi8> to memref<6x32xf32>
//! %h = memref.view %a[%c128][] : memref<768xi8> to memref<1x32xf32>
//! linalg.generic ... outs(%h : memref<1x32xf32>)
//! ...
//! ```
//!
//! Copy-before-write bufferization of a concatenation (`tensor.insert_slice`
//! of each part into one result) keeps every part in a buffer of its own
//! until the result is assembled: a recurrent network's per-step hidden
//! states all live until the end. IREE writes each part into the result.
//!
//! # When a copy goes
//!
//! A copy `copy(%h, %s)` ([`crate::dialect::copies`], into an operand), in a
//! block `B`, where:
//!
//! - `%h` is the result of an op that only allocates it (heap or stack) in
//!   `B` before the copy, of static shape with the identity layout, whose
//!   elements fill whole bytes;
//! - `%s` is the result of a view (`ViewLikeOpInterface`) of `%d`, of
//!   `%h`'s shape and element type, with a static strided layout (not the
//!   identity: a view whose type has the identity layout may shift the
//!   buffer's start, as `memref.view` does, and its offset is not in its
//!   type) whose elements are contiguous, in row-major order, inside `%d`;
//! - `%d` is the result of an op that only allocates it in `B` with no
//!   operands (a static shape), with the identity layout, `%h`'s element
//!   type and memory space;
//! - every use of `%h` and of its aliases (views, casts, ops without memory
//!   effects) other than the copy lies in `B` (or in an op of it) between
//!   `%h`'s allocation and the copy, by an op whose memory effects are known
//!   and free nothing, that is no terminator, region-branch op, branch or
//!   call and, without memory effects, gives no value but buffers (shape
//!   queries aside): `%h` is not used after the copy and its address goes
//!   nowhere;
//! - no op touching `%d` or an alias of it (other than views, and the copies
//!   this pass removes) lies in `B` between `%h`'s allocation and the copy,
//!   and every such op before that window has known memory effects and is no
//!   call, terminator or branch (so `%d`'s address goes nowhere an op in the
//!   window could write it through); no op frees `%d` or an alias, and no
//!   terminator passes it on.
//!
//! Then from the copy on the slice holds what `%h` held, as before; before
//! the copy nothing reads the slice but through `%h`. Where several copies
//! go into one destination, their slices are disjoint (of overlapping ones
//! only the first copy in the block goes); a copy that stays is an op
//! touching `%d` for the others. A buffer that is both a destination and a
//! copied part keeps its role as a destination. The pass runs before the
//! deallocation (buffers with frees are left alone).
//!
//! The byte buffer is allocated as `%d` was (heap or stack), with the
//! largest `alignment` of the allocations it replaces (16, `malloc`'s, for
//! one without the attribute), right before the
//! first of them in `B`: `%d` lives from the first part's allocation on,
//! where each part lived before until the copy.

use std::collections::{BTreeMap, HashSet};

use melior::ir::OperationRef;

use crate::{
    analysis::{
        allocs::{is_pure_allocation, stack_allocated_result},
        snapshot::{BlockId, EffectKind, Effects, OpId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
    },
    dialect::{
        builders::{self, static_strided_layout},
        copies::{CopyShape, KNOWN_COPIES, copy_shape},
    },
    ir::{
        capture::{IrMap, capture_unedited},
        copy_candidates::may_write_into_destination,
        edit::{self, InsertPoint},
        types::{BufferType, RankedMemRef, buffer_type},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-write-into-destination` (none).
    pub struct WriteIntoDestinationOptions {}
}

pub struct WriteIntoDestination;

impl BufrsPass for WriteIntoDestination {
    type Options = WriteIntoDestinationOptions;
    const ARGUMENT: &'static str = "bufrs-write-into-destination";
    const SUMMARY: &'static str = "Make a fresh buffer whose last use is a copy into a contiguous slice of a static buffer of its block, untouched meanwhile, a view of that slice: both become views of one byte buffer allocated where the first was, and the copy goes";
    const ANCHOR: Anchor = Anchor::FunctionLike;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "arith"];

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        let copies: Vec<&str> = KNOWN_COPIES
            .iter()
            .filter(|(_, shape)| *shape == CopyShape::IntoOperand)
            .map(|(name, _)| *name)
            .collect();
        // Every rewrite removes a copy of a part allocated in the copy's
        // block into a view of a static buffer of that block: a body where
        // one C++ walk finds no such copy is left before it is captured.
        if !may_write_into_destination(root, &copies) {
            return pass::unchanged(root);
        }
        let (snap, map) = capture_unedited(root);
        let uses = UseLists::new(&snap);
        let groups = decide(&snap, &map, &uses, root);
        if groups.is_empty() {
            return pass::unchanged(root);
        }
        for group in &groups {
            // SAFETY: handles of this capture; the groups touch disjoint
            // ops (a part's allocation is never a destination's).
            unsafe { apply(&snap, &map, &uses, group) };
        }
        Ok(())
    }
}

/// A copy of a part into a slice of a destination, that may go.
#[derive(Clone, Debug)]
struct Part {
    copy: OpId,
    alloc: OpId,
    buffer: ValueId,
    /// The view giving the slice, and the slice.
    view: OpId,
    slice: ValueId,
    /// Where the slice starts in the destination, and its length, in bytes.
    offset: i64,
    bytes: i64,
    /// Positions in the block of the part's allocation and of the copy.
    start: u32,
    end: u32,
}

/// The parts going into one destination.
struct Group {
    alloc: OpId,
    buffer: ValueId,
    bytes: i64,
    on_stack: bool,
    parts: Vec<Part>,
}

/// The ranked type facts of `value` when it has a static shape.
fn ranked(map: &IrMap, root: mlir_sys::MlirOperation, value: ValueId) -> Option<RankedMemRef> {
    // SAFETY: a live value of the capture.
    match buffer_type(unsafe { edit::value_type(map.value(value)) }, root) {
        BufferType::Ranked(t) if t.has_static_shape() => Some(t),
        _ => None,
    }
}

/// Whether `op`'s buffer results are aliases of its buffer operands: a
/// view, a cast, or an op without memory effects, regions or successors.
fn passes_buffer_on(snap: &Snapshot, op: OpId) -> bool {
    let info = snap.op(op);
    info.results.iter().any(|&r| snap.value(r).kind.is_buffer()) && info.passes_operands_on()
}

/// Ops without memory effects whose results other than buffers are sizes,
/// strides or offsets of their buffer operand, never its address.
const SHAPE_QUERIES: &[&str] = &["memref.dim", "memref.extract_strided_metadata"];

/// Whether `op`, using an alias of a buffer, keeps the buffer's address to
/// itself and frees nothing: its memory effects are known and none is a
/// free, it is no terminator, branch, region-branch op or call, and if it
/// has no memory effect (so its results are not data it read) its results
/// other than buffers are shape queries'.
fn contained_use(snap: &Snapshot, op: OpId) -> bool {
    let info = snap.op(op);
    let Effects::Known(effects) = &info.facts.effects else {
        return false;
    };
    !info.facts.is_terminator
        && !info.facts.is_call
        && info.facts.region_branch.is_none()
        && info.facts.successors.is_empty()
        && effects.iter().all(|e| e.kind != EffectKind::Free)
        && (!effects.is_empty()
            || info.results.iter().all(|&r| snap.value(r).kind.is_buffer())
            || SHAPE_QUERIES.contains(&info.name.as_str()))
}

/// The ops using `value` or an alias of it, other than views passing it on
/// (each once), or `None` when an alias escapes: a use outside `block`, or
/// a view giving a value other than a buffer.
fn accesses(snap: &Snapshot, uses: &UseLists, value: ValueId, block: BlockId) -> Option<Vec<OpId>> {
    let mut out = Vec::new();
    let mut work = vec![value];
    let mut seen = HashSet::from([value]);
    let mut users = HashSet::new();
    while let Some(v) = work.pop() {
        for u in uses.of(v) {
            snap.ancestor_in_block(u.user, block)?;
            let info = snap.op(u.user);
            if passes_buffer_on(snap, u.user)
                && !matches!(&info.facts.effects, Effects::Known(e) if !e.is_empty())
            {
                if info
                    .results
                    .iter()
                    .any(|&r| !snap.value(r).kind.is_buffer())
                {
                    return None;
                }
                for &r in &info.results {
                    if seen.insert(r) {
                        work.push(r);
                    }
                }
            } else if users.insert(u.user) {
                out.push(u.user);
            }
        }
    }
    Some(out)
}

/// The position in `block` of the op holding `op`.
fn position_in(snap: &Snapshot, op: OpId, block: BlockId) -> Option<u32> {
    snap.ancestor_in_block(op, block)
        .map(|at| snap.op(at).position)
}

/// Whether the elements of a view of `sizes` and `strides` are contiguous
/// in row-major order (dimensions of one element aside).
fn contiguous(sizes: &[i64], strides: &[i64]) -> bool {
    let mut expected = 1i64;
    for (&size, &stride) in sizes.iter().zip(strides).rev() {
        if size != 1 && stride != expected {
            return false;
        }
        let Some(next) = expected.checked_mul(size) else {
            return false;
        };
        expected = next;
    }
    true
}

/// The part `copy` copies, with its destination's allocation, if the copy
/// may go as far as the part and the slice decide (the destination's other
/// uses are checked per group).
fn part(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    root: mlir_sys::MlirOperation,
    copy: OpId,
) -> Option<(OpId, Part)> {
    let info = snap.op(copy);
    if copy_shape(info.name.as_str()) != Some(CopyShape::IntoOperand) || info.operands.len() != 2 {
        return None;
    }
    let (buffer, slice) = (info.operands[0], info.operands[1]);
    let block = info.parent_block?;
    let ValueDef::OpResult { op: alloc, .. } = snap.value(buffer).def else {
        return None;
    };
    let ValueDef::OpResult { op: view, .. } = snap.value(slice).def else {
        return None;
    };
    let destination = snap.op(view).facts.view_source?;
    let ValueDef::OpResult { op: dest_alloc, .. } = snap.value(destination).def else {
        return None;
    };
    if buffer == slice
        || alloc == dest_alloc
        || is_pure_allocation(snap, alloc) != Some(buffer)
        || is_pure_allocation(snap, dest_alloc) != Some(destination)
        || !snap.op(dest_alloc).operands.is_empty()
        || snap.op(alloc).parent_block != Some(block)
        || snap.op(dest_alloc).parent_block != Some(block)
        || snap.op(alloc).position >= info.position
    {
        return None;
    }
    let part_type = ranked(map, root, buffer)?;
    let dest_type = ranked(map, root, destination)?;
    let bits = part_type.element_bits?;
    if !part_type.identity_layout
        || !dest_type.identity_layout
        || bits % 8 != 0
        || dest_type.element_bits != Some(bits)
        || dest_type.memory_space != part_type.memory_space
    {
        return None;
    }
    // SAFETY: live values of the capture.
    let (same_element, layout) = unsafe {
        let part_ty = edit::value_type(map.value(buffer));
        let slice_ty = edit::value_type(map.value(slice));
        let dest_ty = edit::value_type(map.value(destination));
        let element = mlir_sys::mlirShapedTypeGetElementType(part_ty);
        (
            mlir_sys::mlirTypeEqual(element, mlir_sys::mlirShapedTypeGetElementType(slice_ty))
                && mlir_sys::mlirTypeEqual(
                    element,
                    mlir_sys::mlirShapedTypeGetElementType(dest_ty),
                ),
            static_strided_layout(slice_ty),
        )
    };
    let layout = layout?;
    let sizes: Vec<i64> = layout.sizes.iter().copied().collect::<Option<_>>()?;
    let part_shape: Vec<i64> = part_type.shape.iter().copied().collect::<Option<_>>()?;
    let elements: i64 = sizes.iter().product();
    let dest_elements: i64 = dest_type.shape.iter().map(|d| d.unwrap_or(0)).product();
    if !same_element
        || sizes != part_shape
        || !contiguous(&sizes, &layout.strides)
        || layout.offset.checked_add(elements)? > dest_elements
    {
        return None;
    }
    // Every use of the part lies between its allocation and the copy, and
    // keeps its address there.
    let start = snap.op(alloc).position;
    for user in accesses(snap, uses, buffer, block)? {
        if user == copy {
            continue;
        }
        let at = position_in(snap, user, block)?;
        if at <= start || at >= info.position || !contained_use(snap, user) {
            return None;
        }
    }
    let byte = i64::try_from(bits / 8).ok()?;
    Some((
        dest_alloc,
        Part {
            copy,
            alloc,
            buffer,
            view,
            slice,
            offset: layout.offset.checked_mul(byte)?,
            bytes: elements.checked_mul(byte)?,
            start,
            end: info.position,
        },
    ))
}

/// The groups of parts that go, by destination.
fn decide(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    root: mlir_sys::MlirOperation,
) -> Vec<Group> {
    let mut by_destination: BTreeMap<OpId, Vec<Part>> = BTreeMap::new();
    for index in 0..snap.ops.len() {
        if let Some((dest, part)) = part(snap, map, uses, root, OpId(index as u32)) {
            by_destination.entry(dest).or_default().push(part);
        }
    }
    let destinations: HashSet<OpId> = by_destination.keys().copied().collect();
    let mut groups = Vec::new();
    for (alloc, mut parts) in by_destination {
        // A destination stays one.
        parts.retain(|p| !destinations.contains(&p.alloc));
        if let Some(group) = group(snap, map, uses, root, alloc, parts) {
            groups.push(group);
        }
    }
    groups
}

/// The parts of `parts` (copies into `alloc`'s buffer) that go, if any.
fn group(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    root: mlir_sys::MlirOperation,
    alloc: OpId,
    mut parts: Vec<Part>,
) -> Option<Group> {
    let buffer = snap.op(alloc).results[0];
    let block = snap.op(alloc).parent_block?;
    let bytes = i64::try_from(ranked(map, root, buffer)?.static_size_in_bytes()?).ok()?;
    // Disjoint slices: the first copy in the block keeps its slice.
    parts.sort_by_key(|p| p.end);
    let mut kept: Vec<Part> = Vec::new();
    for p in parts {
        if kept
            .iter()
            .all(|k| p.offset + p.bytes <= k.offset || k.offset + k.bytes <= p.offset)
        {
            kept.push(p);
        }
    }
    // No free of the destination, and no terminator passing it on (a
    // returned or yielded view of the byte buffer would need a copy).
    let touching = accesses(snap, uses, buffer, block)?;
    if touching.iter().any(|&op| {
        snap.op(op).facts.is_terminator
            || matches!(&snap.op(op).facts.effects, Effects::Known(e)
            if e.iter().any(|e| e.kind == EffectKind::Free))
    }) {
        return None;
    }
    let positions: Vec<(OpId, u32)> = touching
        .iter()
        .map(|&op| Some((op, position_in(snap, op, block)?)))
        .collect::<Option<_>>()?;
    // Until no part left has an op touching the destination (a copy that
    // stays among them) in its window, or an op before it that may let the
    // destination's address out.
    loop {
        let removed: HashSet<OpId> = kept.iter().map(|p| p.copy).collect();
        let before = kept.len();
        kept.retain(|p| {
            positions.iter().all(|&(op, at)| {
                removed.contains(&op) || at >= p.end || (at < p.start && contained_use(snap, op))
            })
        });
        if kept.len() == before {
            break;
        }
    }
    if kept.is_empty() {
        return None;
    }
    Some(Group {
        alloc,
        buffer,
        bytes,
        on_stack: stack_allocated_result(snap, alloc).is_some(),
        parts: kept,
    })
}

/// The allocation's own `alignment` attribute, or [`MALLOC_ALIGNMENT`].
fn alignment(op: mlir_sys::MlirOperation) -> i64 {
    crate::ir::functions::allocation_alignment(op).map_or(MALLOC_ALIGNMENT, |a| a as i64)
}

/// The alignment of an allocation without an `alignment` attribute: what
/// `malloc` gives on 64-bit targets.
const MALLOC_ALIGNMENT: i64 = 16;

/// SAFETY: the handles of `map` are live and `group` was decided on the
/// snapshot `map` maps.
unsafe fn apply(snap: &Snapshot, map: &IrMap, uses: &UseLists, group: &Group) {
    // The first of the replaced allocations in the block.
    let first = group
        .parts
        .iter()
        .map(|p| p.alloc)
        .chain([group.alloc])
        .min_by_key(|&op| snap.op(op).position)
        .unwrap_or(group.alloc);
    let align = group
        .parts
        .iter()
        .map(|p| alignment(map.op(p.alloc)))
        .chain([alignment(map.op(group.alloc))])
        .max()
        .unwrap_or(MALLOC_ALIGNMENT);
    // SAFETY: the caller's contract. The byte buffer and its views go right
    // before the first replaced allocation (they take no operands but
    // constants built there), so they dominate every use of the buffers
    // they replace; each copy, whose target is then the slice of its part's
    // own bytes, goes, and then the allocations nothing uses.
    unsafe {
        let anchor = map.op(first);
        let location = edit::location(map.op(group.alloc));
        let at = InsertPoint::Before(anchor);
        let space =
            mlir_sys::mlirMemRefTypeGetMemorySpace(edit::value_type(map.value(group.buffer)));
        let bytes = if group.on_stack {
            builders::memref_alloca_bytes(group.bytes, align, space, location, at)
        } else {
            builders::memref_alloc_bytes(group.bytes, align, space, location, at)
        };
        let Some(bytes) = bytes else {
            return;
        };
        let view = |value: ValueId, offset: i64| -> Option<mlir_sys::MlirValue> {
            let shift = builders::arith_constant_index(offset, location, at)?;
            Some(builders::memref_view(
                bytes,
                shift,
                &[],
                edit::value_type(map.value(value)),
                location,
                at,
            ))
        };
        let Some(destination) = view(group.buffer, 0) else {
            return;
        };
        // Every view first: the anchor is one of the allocations erased.
        let Some(replacements) = group
            .parts
            .iter()
            .map(|part| view(part.buffer, part.offset))
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        edit::replace_all_uses(map.value(group.buffer), destination);
        edit::erase(map.op(group.alloc));
        for (part, replacement) in group.parts.iter().zip(replacements) {
            edit::erase(map.op(part.copy));
            edit::replace_all_uses(map.value(part.buffer), replacement);
            edit::erase(map.op(part.alloc));
            // The slice's view, if the copy was its only use.
            if uses.of(part.slice).len() == 1 {
                edit::erase(map.op(part.view));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::contiguous;

    #[test]
    fn contiguous_slices_are_row_major_apart_from_unit_dimensions() {
        assert!(contiguous(&[1, 1, 32], &[32, 32, 1]));
        assert!(contiguous(&[2, 32], &[32, 1]));
        assert!(contiguous(&[1, 4], &[999, 1]));
        assert!(!contiguous(&[2, 16], &[32, 1]));
        assert!(!contiguous(&[4, 1], &[2, 1]));
    }
}
