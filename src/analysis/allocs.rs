//! What counts as an allocation and as a free, for every pass: one home for
//! the predicates hoisting, promotion, copy removal and merge-alloc share, so
//! that they agree on which ops they may move, replace or erase.
//!
//! All answers come from `MemoryEffectOpInterface` facts in the snapshot,
//! never from op names; [`DeallocParts`] splits the operands of an
//! ownership-based `bufferization.dealloc` (which has no memory-effect
//! interface in MLIR 22) for the passes and the checker that read it.

use super::snapshot::{EffectKind, Effects, OpId, Snapshot, ValueId};

/// `bufferization.dealloc` (ownership-based deallocation) frees buffers but
/// has no `MemoryEffectOpInterface` in MLIR 22, so no interface reveals
/// that it frees: analyses and passes that place or check frees recognise it
/// by name (this one name).
pub const OWNERSHIP_BASED_DEALLOC: &str = "bufferization.dealloc";

/// The single result of `op` that it allocates on the heap, if that is all
/// it allocates.
pub fn heap_allocated_result(snapshot: &Snapshot, op: OpId) -> Option<ValueId> {
    allocated_result(snapshot, op, false)
}

/// The single result of `op` that it allocates on the automatic allocation
/// scope (the stack, e.g. `memref.alloca`), if that is all it allocates.
pub fn stack_allocated_result(snapshot: &Snapshot, op: OpId) -> Option<ValueId> {
    allocated_result(snapshot, op, true)
}

/// The single result `op` allocates, if it allocates only that, on the
/// automatic allocation scope when `on_stack`, else on the heap.
fn allocated_result(snapshot: &Snapshot, op: OpId, on_stack: bool) -> Option<ValueId> {
    let info = snapshot.op(op);
    let Effects::Known(effects) = &info.facts.effects else {
        return None;
    };
    let mut allocated = effects.iter().filter(|e| e.kind == EffectKind::Allocate);
    let first = allocated.next()?;
    if allocated.next().is_some() || first.on_automatic_scope != on_stack || info.results.len() != 1
    {
        return None;
    }
    (first.value == Some(info.results[0])).then_some(info.results[0])
}

/// Whether `op` allocates its one result on the heap and does nothing else
/// (so it may move past any op, become a stack allocation, or become a view
/// of a merged buffer): its only effect is that `Allocate`, it has no
/// regions, and its operands are sizes, not buffers (an op that also reads or
/// frees a buffer operand, such as `memref.realloc`, is not a plain
/// allocation).
pub fn is_pure_heap_allocation(snapshot: &Snapshot, op: OpId) -> Option<ValueId> {
    let buffer = heap_allocated_result(snapshot, op)?;
    (is_pure_allocation(snapshot, op) == Some(buffer)).then_some(buffer)
}

/// Whether `op` allocates its one result, on the heap or on the stack (an
/// `Allocate` on the automatic-allocation-scope resource, as
/// `memref.alloca`), and does nothing else: the same conditions as
/// [`is_pure_heap_allocation`] on either resource. Copy removal replaces
/// such a buffer by another one when nothing reads what it held before.
pub fn is_pure_allocation(snapshot: &Snapshot, op: OpId) -> Option<ValueId> {
    let info = snapshot.op(op);
    let Effects::Known(effects) = &info.facts.effects else {
        return None;
    };
    let [only] = effects.as_slice() else {
        return None;
    };
    let takes_buffers = info
        .operands
        .iter()
        .any(|&v| snapshot.value(v).kind.is_buffer());
    (only.kind == EffectKind::Allocate
        && info.results.len() == 1
        && only.value == Some(info.results[0])
        && info.regions.is_empty()
        && !takes_buffers)
        .then(|| info.results[0])
}

/// Whether `op` does nothing but free `buffer` (so erasing it drops no
/// other effect).
pub fn frees_only(snapshot: &Snapshot, op: OpId, buffer: ValueId) -> bool {
    let info = snapshot.op(op);
    matches!(&info.facts.effects, Effects::Known(effects)
        if !effects.is_empty() && effects.iter().all(|e| e.kind == EffectKind::Free && e.value == Some(buffer)))
        && info.results.is_empty()
        && info.regions.is_empty()
}

/// The operands of a `bufferization.dealloc`, split by segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeallocParts {
    pub memrefs: Vec<ValueId>,
    pub conditions: Vec<ValueId>,
    pub retained: Vec<ValueId>,
    pub updated: Vec<ValueId>,
}

impl DeallocParts {
    /// Splits `op`'s operands: one result per retained value, as many
    /// conditions as memrefs. `None` if the counts do not fit.
    pub fn of(snapshot: &Snapshot, op: OpId) -> Option<DeallocParts> {
        let info = snapshot.op(op);
        let retained = info.results.len();
        let pairs = info.operands.len().checked_sub(retained)?;
        if pairs % 2 != 0 {
            return None;
        }
        let n = pairs / 2;
        Some(DeallocParts {
            memrefs: info.operands[..n].to_vec(),
            conditions: info.operands[n..2 * n].to_vec(),
            retained: info.operands[2 * n..].to_vec(),
            updated: info.results.to_vec(),
        })
    }
}
