//! Stage 3 of `bufrs-merge-alloc`, the merge rewriter: moves the size
//! computations of dynamic buffers to the scope entry, allocates each
//! scope's arena (its size built as `arith` when it depends on run-time
//! sizes; a `memref.alloca` for stack allocations), replaces every merged
//! allocation by a `memref.view` of it, and moves the frees of the merged
//! buffers to one free of the arena.
//!
//! Every insertion is anchored on an op that is live when it is made: the
//! arena's free follows the view that replaced an allocation when that
//! allocation held the last use (a buffer nothing uses), an arena at the
//! scope block's entry goes before the block's first op as the IR is then
//! (an earlier scope of the block may have erased the snapshot's), and a
//! free at the end of a block without terminator is appended to the block.

use std::collections::HashMap;

use mlir_sys::MlirValue;

use crate::ir::capture::IrMap;
use crate::{
    analysis::snapshot::{OpId, Snapshot},
    dialect::builders,
    ir::edit::{self, InsertPoint},
    plan::{
        self,
        symbolic::{ExprId, Node},
    },
};

use super::collect::{AllocationClass, ScopeTrace};
use super::schedule::{MemorySchedule, SymbolicSchedule, arena_dimension};

/// Stage 3: rewrites one scope. Must touch only the ops of its trace (and
/// create new ones), so the handles of other scopes stay valid.
pub trait MergeRewriter {
    fn rewrite(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        trace: &ScopeTrace,
        schedule: &MemorySchedule,
    ) -> Result<(), String>;
    /// Rewrites one scope with dynamic sizes (same contract as `rewrite`).
    fn rewrite_symbolic(
        &self,
        _snapshot: &Snapshot,
        _map: &IrMap,
        _trace: &ScopeTrace,
        _schedule: &SymbolicSchedule,
    ) -> Result<(), String> {
        Err("the rewriter does not support dynamic sizes".into())
    }
}

/// Moves the size computations of `trace` (`ScopeTrace::hoist`) to the
/// start of its block, in order.
pub(super) fn hoist_size_computations(snapshot: &Snapshot, map: &IrMap, trace: &ScopeTrace) {
    let Some(anchor) = first_op_not_hoisted(snapshot, trace) else {
        return;
    };
    for &(op, index, value) in &trace.replace {
        // SAFETY: live handles; the operand is a `memref.dim` result equal
        // to `value`, which is available at the block start.
        unsafe { edit::set_operand(map.op(op), index, map.value(value)) };
    }
    for &op in &trace.hoist {
        // SAFETY: live ops of one block; each moved op's operands are
        // available at the block start or defined by ops moved before it.
        unsafe { mlir_sys::mlirOperationMoveBefore(map.op(op), map.op(anchor)) };
    }
}

/// The first op of the scope block that is not a size computation moved to
/// its start: where the arena and its size go.
fn first_op_not_hoisted(snapshot: &Snapshot, trace: &ScopeTrace) -> Option<OpId> {
    snapshot
        .block(trace.scope_block)
        .ops
        .iter()
        .copied()
        .find(|op| !trace.hoist.contains(op))
}

/// Checks, before any edit, that the ops the arena is placed around are not
/// ones the rewrite erases: its allocation goes before an op holding one of
/// the buffers' allocations and its free after an op holding a use (which
/// may be an allocation: `place_views` frees after the view replacing it),
/// never next to a free it removes.
fn check_anchors(trace: &ScopeTrace) -> Result<(), String> {
    let erased = |op: OpId| trace.buffers.iter().any(|b| b.frees.contains(&op));
    if trace.arena_before.is_some_and(erased) || trace.free_after.is_some_and(erased) {
        return Err("the arena would be placed next to a free the rewrite removes".into());
    }
    Ok(())
}

/// Where the arena of a scope placed at its block's entry and its size go:
/// before the first op of the scope block, as the IR is now, that is not a
/// size computation moved to its start. Read from the IR rather than the
/// snapshot: the rewrite of an earlier scope of the same block (the stack
/// arena, another part of a split scope) may have erased the snapshot's
/// first op.
/// # Safety
/// The scope block and the ops of `trace.hoist` are live.
unsafe fn entry_point(map: &IrMap, trace: &ScopeTrace) -> Result<InsertPoint, String> {
    let hoisted: std::collections::HashSet<*mut std::ffi::c_void> =
        trace.hoist.iter().map(|&op| map.op(op).ptr).collect();
    // SAFETY: a live block and the live ops that follow in it.
    let mut op = unsafe { mlir_sys::mlirBlockGetFirstOperation(map.block(trace.scope_block)) };
    while !op.ptr.is_null() && hoisted.contains(&op.ptr) {
        // SAFETY: a live op.
        op = unsafe { mlir_sys::mlirOperationGetNextInBlock(op) };
    }
    match op.ptr.is_null() {
        true => Err("the scope block holds nothing but size computations".into()),
        false => Ok(InsertPoint::Before(op)),
    }
}

/// Rewrites a scope as the seed shows: `memref.alloc` of bytes at the scope
/// start, `memref.view`s at constant offsets, frees moved to the scope exits.
pub struct ViewRewriter;

impl MergeRewriter for ViewRewriter {
    fn rewrite(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        trace: &ScopeTrace,
        schedule: &MemorySchedule,
    ) -> Result<(), String> {
        let Some(first) = trace.buffers.first() else {
            return Ok(());
        };
        check_anchors(trace)?;
        // Handles: `map`'s, live until `place_views` erases them, and the
        // ops built here.
        // SAFETY: a live op.
        let location = unsafe { edit::location(map.op(first.alloc)) };
        let bytes = arena_dimension(schedule.total)?;
        let alignment = i64::try_from(schedule.alignment)
            .map_err(|_| format!("alignment {} does not fit in 64 bits", schedule.alignment))?;
        // SAFETY: live handles; the memory space is the buffers' own.
        let merged = unsafe {
            let allocate = match trace.class {
                AllocationClass::Heap => builders::memref_alloc_bytes,
                AllocationClass::Stack => builders::memref_alloca_bytes,
            };
            allocate(
                bytes,
                alignment,
                memory_space(map, trace),
                location,
                match trace.arena_before {
                    Some(op) => InsertPoint::Before(map.op(op)),
                    None => InsertPoint::StartOf(map.block(trace.scope_block)),
                },
            )
        }
        .ok_or_else(|| format!("cannot build an arena of {bytes} bytes"))?;
        let offsets = schedule
            .offsets
            .iter()
            .map(|&o| i64::try_from(o).map(Offset::Const))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| "offset does not fit in 64 bits".to_string())?;
        place_views(snapshot, map, trace, merged, location, &offsets)
    }

    fn rewrite_symbolic(
        &self,
        snapshot: &Snapshot,
        map: &IrMap,
        trace: &ScopeTrace,
        schedule: &SymbolicSchedule,
    ) -> Result<(), String> {
        let Some(first) = trace.buffers.first() else {
            return Ok(());
        };
        check_anchors(trace)?;
        let plan = &schedule.plan;
        // SAFETY: a live op.
        let location = unsafe { edit::location(map.op(first.alloc)) };
        let alignment = i64::try_from(plan.alignment)
            .map_err(|_| format!("alignment {} does not fit in 64 bits", plan.alignment))?;
        // Everything computed at the scope entry goes before the op holding
        // the first allocation, or else before the first op of the scope
        // block after the size computations moved there
        // (`hoist_size_computations`); the size operands are available
        // there: the collector checked.
        let at = match trace.arena_before {
            Some(op) => InsertPoint::Before(map.op(op)),
            // SAFETY: live handles (the scope block and the moved ops).
            None => unsafe { entry_point(map, trace) }?,
        };
        let mut roots: Vec<ExprId> = plan
            .offsets
            .iter()
            .copied()
            .filter(|&o| plan.exprs.as_const(o).is_none())
            .collect();
        roots.push(plan.total);
        let symbols: Vec<MlirValue> = schedule.symbols.iter().map(|&v| map.value(v)).collect();
        // SAFETY: live handles; the entry op is not erased before the
        // expressions are built.
        let values = unsafe { emit_exprs(&plan.exprs, &roots, &symbols, location, at)? };
        let merged = match plan.exprs.as_const(plan.total) {
            // SAFETY: live handles (as above).
            Some(bytes) => unsafe {
                let bytes = arena_dimension(bytes)?;
                builders::memref_alloc_bytes(
                    bytes,
                    alignment,
                    memory_space(map, trace),
                    location,
                    at,
                )
            },
            // SAFETY: live handles (as above).
            None => unsafe {
                builders::memref_alloc_dynamic_bytes(
                    values[&plan.total],
                    alignment,
                    memory_space(map, trace),
                    location,
                    at,
                )
            },
        }
        .ok_or_else(|| "cannot build the arena".to_string())?;
        let offsets = plan
            .offsets
            .iter()
            .map(|&o| match plan.exprs.as_const(o) {
                Some(c) => i64::try_from(c)
                    .map(Offset::Const)
                    .map_err(|_| "offset does not fit in 64 bits".to_string()),
                None => Ok(Offset::Value(values[&o])),
            })
            .collect::<Result<Vec<_>, _>>()?;
        place_views(snapshot, map, trace, merged, location, &offsets)
    }
}

/// Where a view starts: a constant (built right before the allocation it
/// replaces) or a value computed at the scope entry.
enum Offset {
    Const(i64),
    Value(MlirValue),
}

/// The memory space attribute of the trace's buffers (the collector groups
/// by it), null for the default.
fn memory_space(map: &IrMap, trace: &ScopeTrace) -> mlir_sys::MlirAttribute {
    let first = &trace.buffers[0];
    // SAFETY: a live memref-typed value.
    unsafe { mlir_sys::mlirMemRefTypeGetMemorySpace(edit::value_type(map.value(first.value))) }
}

/// Replaces every allocation of `trace` by a `memref.view` of `merged` at
/// its offset (with its dynamic sizes), removes its frees and, if any were
/// removed, frees `merged` before every exit of the scope region.
fn place_views(
    snapshot: &Snapshot,
    map: &IrMap,
    trace: &ScopeTrace,
    merged: MlirValue,
    location: mlir_sys::MlirLocation,
    offsets: &[Offset],
) -> Result<(), String> {
    let mut freed = false;
    // The view that replaced each allocation: an anchor for the arena's free.
    let mut views: HashMap<OpId, MlirValue> = HashMap::new();
    for (buffer, offset) in trace.buffers.iter().zip(offsets) {
        let alloc = map.op(buffer.alloc);
        let value = map.value(buffer.value);
        // SAFETY: a live op.
        let at = unsafe { edit::location(alloc) };
        let shift = match *offset {
            // SAFETY: live handles; the constant goes before the allocation.
            Offset::Const(c) => unsafe {
                edit::build_index_constant(c, at, InsertPoint::Before(alloc))
            },
            Offset::Value(v) => v,
        };
        let sizes: Vec<MlirValue> = buffer.dynamic_sizes.iter().map(|&v| map.value(v)).collect();
        // SAFETY: live handles. The view has the buffer's type and takes its
        // place, so it dominates its uses (its sizes and offset are available
        // at the scope entry); then the frees (no results) and the unused
        // allocation go, and nothing names them again.
        let view = unsafe {
            let view = builders::memref_view(
                merged,
                shift,
                &sizes,
                edit::value_type(value),
                at,
                InsertPoint::Before(alloc),
            );
            for &free in &buffer.frees {
                edit::erase(map.op(free));
                freed = true;
            }
            edit::replace_all_uses(value, view);
            edit::erase(alloc);
            view
        };
        views.insert(buffer.alloc, view);
    }
    if freed && let Some(last) = trace.free_after {
        let after = match views.get(&last) {
            // The last op holding a use of a buffer is its own allocation
            // (a buffer used by nothing but its frees): the arena is freed
            // right after the view that took its place.
            // SAFETY: a live view built above.
            Some(&view) => unsafe { edit::defining_op(view) }
                .ok_or_else(|| "a view without a defining op".to_string())?,
            // Not one of the frees erased above (`check_anchors`).
            None => map.op(last),
        };
        // SAFETY: live handles (`after` is not erased).
        unsafe { builders::memref_dealloc(merged, location, InsertPoint::After(after)) };
    } else if freed {
        let region = snapshot.block(trace.scope_block).region;
        for &block in &snapshot.region(region).blocks {
            match snapshot.terminator(block) {
                Some(exit) if snapshot.op(exit).facts.successors.is_empty() => {
                    // SAFETY: live handles (exits are never erased).
                    unsafe {
                        builders::memref_dealloc(
                            merged,
                            location,
                            InsertPoint::Before(map.op(exit)),
                        )
                    };
                }
                Some(_) => {}
                None => {
                    // At the block's end as it is now: its last op in the
                    // snapshot may be an allocation or free erased above.
                    let at = InsertPoint::EndOf(map.block(block));
                    // SAFETY: live handles (as above).
                    unsafe { builders::memref_dealloc(merged, location, at) };
                }
            }
        }
    }
    Ok(())
}

/// Builds `roots` of `exprs` as `index` arithmetic before `at`, children
/// first, each node once: constants as `arith.constant`, products as
/// `arith.muli`, sums as `arith.addi`, maxima as `arith.maxui`, and
/// `align(x, A)` as `(x + A - 1) & -A` (`arith.addi`, `arith.andi`).
/// Symbol `s` is `symbols[s]`. Returns the value of every node built.
/// # Safety
/// Every handle passed is live.
unsafe fn emit_exprs(
    exprs: &plan::symbolic::Exprs,
    roots: &[ExprId],
    symbols: &[MlirValue],
    location: mlir_sys::MlirLocation,
    at: InsertPoint,
) -> Result<std::collections::HashMap<ExprId, MlirValue>, String> {
    use std::collections::BTreeSet;
    let mut needed = BTreeSet::new();
    let mut stack: Vec<ExprId> = roots.to_vec();
    while let Some(id) = stack.pop() {
        if !needed.insert(id) {
            continue;
        }
        match exprs.node(id) {
            Node::Add(a, b) => stack.extend([*a, *b]),
            Node::Max(items) => stack.extend(items.iter().copied()),
            Node::AlignUp(a, _) => stack.push(*a),
            Node::Const(_) | Node::Term(_) => {}
        }
    }
    let mut constants: HashMap<i64, MlirValue> = HashMap::new();
    let mut constant = |c: i64| -> Result<MlirValue, String> {
        if let Some(&v) = constants.get(&c) {
            return Ok(v);
        }
        // SAFETY: live handles (the caller's contract).
        let v = unsafe { edit::build_index_constant(c, location, at) };
        constants.insert(c, v);
        Ok(v)
    };
    let int = |c: u64| i64::try_from(c).map_err(|_| format!("{c} does not fit in 64 bits"));
    let binary = |name: &str, a: MlirValue, b: MlirValue| {
        // SAFETY: live handles of one context, both `index`.
        unsafe { builders::arith_binary(name, a, b, location, at) }
    };
    let mut values: HashMap<ExprId, MlirValue> = HashMap::new();
    // Ids grow from children to parents: ascending order builds children first.
    for id in needed {
        let value = match exprs.node(id) {
            Node::Const(c) => constant(int(*c)?)?,
            Node::Term(size) => {
                let mut factors = size.symbols.iter().map(|&s| symbols[s as usize]);
                let mut v = factors.next().ok_or("a term without symbols")?;
                for f in factors {
                    v = binary("arith.muli", v, f);
                }
                if size.coefficient != 1 {
                    v = binary("arith.muli", v, constant(int(size.coefficient)?)?);
                }
                v
            }
            Node::Add(a, b) => binary("arith.addi", values[a], values[b]),
            Node::Max(items) => {
                let mut v = values[&items[0]];
                for item in &items[1..] {
                    v = binary("arith.maxui", v, values[item]);
                }
                v
            }
            Node::AlignUp(a, alignment) => {
                let up = binary("arith.addi", values[a], constant(int(alignment - 1)?)?);
                let mask = constant(-int(*alignment)?)?;
                binary("arith.andi", up, mask)
            }
        };
        values.insert(id, value);
    }
    Ok(values)
}
