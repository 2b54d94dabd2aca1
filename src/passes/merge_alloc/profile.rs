//! The function's heap as `bufrs-merge-alloc`'s collector finds it, for the
//! scheduler's peak check (`keep-peak`): every heap allocation of the
//! function with its size (static, bytes per unit of run-time sizes, or
//! unknown), the ticks it may hold its bytes (an upper bound), the points of
//! the function's entry block where it surely holds them (a lower bound),
//! and the ticks of ops that may hold heap bytes of their own (calls, ops
//! with unknown effects). The scheduler (`peak.rs`) compares the bytes an
//! arena plan holds at each tick with what the function surely held before.

use crate::analysis::{
    lifetimes::{Lifetimes, Ticks},
    snapshot::{BlockId, EffectKind, Effects, OpId, Snapshot, ValueId},
};

/// The size of a heap allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapSize {
    Static(u64),
    /// `unit` bytes times the product of these run-time sizes (the
    /// `memref.alloc`'s size operands).
    Dynamic {
        unit: u64,
        sizes: Vec<ValueId>,
    },
    /// Not known at compile time (e.g. an unranked allocation).
    Unknown,
}

/// One heap allocation of the function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapBuffer {
    pub alloc: OpId,
    pub size: HeapSize,
    /// Bytes asked of `malloc` beyond the size: the allocation's `alignment`
    /// attribute (the LLVM lowering of an aligned `memref.alloc` asks for
    /// size + alignment and aligns the pointer itself), else 0.
    pub overhead: u64,
    /// Inclusive ticks it may hold its bytes: from its allocation op to its
    /// last free or use; to the end when it is returned, and over the whole
    /// op of the function body holding it when it escapes otherwise.
    pub held: (u64, u64),
    /// `(after, until)`: it surely holds its bytes at every point `p` of
    /// [`HeapProfile::points`] with `after < p <= until` (allocated by an op
    /// of the entry block before, freed by none before); `None` when that
    /// is not known (allocated in a nested region or another block, freed
    /// through an alias, used by an op with unknown effects).
    pub surely: Option<(u64, u64)>,
}

/// The function's heap facts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapProfile {
    pub buffers: Vec<HeapBuffer>,
    /// The first ticks of the ops of the function's entry block, in order:
    /// a run that returns from the function passes each of them.
    pub points: Vec<u64>,
    /// Inclusive tick ranges of ops that may hold heap bytes no buffer here
    /// accounts for: calls and ops with unknown effects.
    pub opaque: Vec<(u64, u64)>,
}

/// The op of the function body (a block of the root's first region)
/// holding `op`, or `op` itself.
fn body_op(snapshot: &Snapshot, mut op: OpId) -> OpId {
    loop {
        let Some(block) = snapshot.op(op).parent_block else {
            return op;
        };
        let parent = snapshot.parent_op_of_block(block);
        if parent == Snapshot::ROOT {
            return op;
        }
        op = parent;
    }
}

/// The function's heap: `heap` lists its heap allocations (allocating op,
/// allocated value, its own frees); `size` gives an allocation's size and
/// overhead; `lifetimes` were computed with those frees made effect-free.
pub(super) fn heap_profile(
    snapshot: &Snapshot,
    lifetimes: &Lifetimes,
    heap: &[(OpId, ValueId, Vec<OpId>)],
    size: &dyn Fn(OpId, ValueId) -> (HeapSize, u64),
) -> HeapProfile {
    let ticks: &Ticks = lifetimes.ticks();
    let entry: Option<BlockId> = snapshot
        .op(Snapshot::ROOT)
        .regions
        .first()
        .and_then(|&r| snapshot.region(r).blocks.first().copied());
    let tick = |op: OpId| u64::from(ticks.begin(op));
    let end = |op: OpId| u64::from(ticks.end(op));
    let mut profile = HeapProfile {
        points: entry.map_or(vec![], |b| {
            snapshot.block(b).ops.iter().map(|&op| tick(op)).collect()
        }),
        ..HeapProfile::default()
    };
    // The entry block's frees of each value (by the value itself).
    let mut entry_frees: rustc_hash::FxHashMap<ValueId, u64> = Default::default();
    if let Some(entry) = entry {
        for &op in &snapshot.block(entry).ops {
            if let Effects::Known(effects) = &snapshot.op(op).facts.effects {
                for e in effects {
                    if let (EffectKind::Free, Some(v)) = (e.kind, e.value) {
                        entry_frees.entry(v).or_insert(tick(op));
                    }
                }
            }
        }
    }
    for (index, info) in snapshot.ops.iter().enumerate() {
        let op = OpId(index as u32);
        // An op whose effects are those of the ops it holds (scf.for,
        // scf.if) holds no heap bytes of its own: its ops are looked at.
        let unknown =
            matches!(info.facts.effects, Effects::Unknown) && !info.facts.has_recursive_effects;
        if op != Snapshot::ROOT && (info.facts.is_call || unknown) {
            profile.opaque.push((tick(op), end(op)));
            // A buffer a call returns holds bytes of unknown size from the
            // call to a free of it in the entry block (to the end without
            // one); surely between the two when the call is in that block.
            for &value in info.results.iter() {
                if !snapshot.value(value).kind.is_buffer() {
                    continue;
                }
                let free = entry_frees.get(&value).copied();
                let in_entry = entry.is_some() && info.parent_block == entry;
                profile.buffers.push(HeapBuffer {
                    alloc: op,
                    size: HeapSize::Unknown,
                    overhead: 0,
                    held: (tick(op), free.unwrap_or(u64::MAX)),
                    surely: free
                        .filter(|&f| in_entry && tick(op) < f)
                        .map(|f| (tick(op), f)),
                });
            }
        }
    }
    for (alloc, value, frees) in heap {
        let (alloc, value) = (*alloc, *value);
        let (size, overhead) = size(alloc, value);
        let top = body_op(snapshot, alloc);
        let life = lifetimes.get(value);
        let last_free = frees.iter().map(|&f| end(f)).max().unwrap_or(0);
        let held = match life {
            Some(life) if !life.escape.returned && !escapes_otherwise(life) => (
                tick(alloc).min(u64::from(life.begin)),
                last_free.max(u64::from(life.end)),
            ),
            Some(life) if !escapes_otherwise(life) => {
                (tick(alloc).min(u64::from(life.begin)), u64::MAX)
            }
            _ => (tick(top), u64::MAX),
        };
        // Surely held at the entry block's points after its allocation op
        // up to the first op of the block holding one of its frees (or,
        // with none, its last use).
        let surely = match life {
            Some(life)
                if entry.is_some()
                    && snapshot.op(alloc).parent_block == entry
                    && size != HeapSize::Unknown
                    && !life.freed_through_alias
                    && !escapes_otherwise(life) =>
            {
                let until = if frees.is_empty() && !life.escape.returned {
                    // Without a free and not returned, a later deallocation
                    // frees it after its last use: surely held only up to
                    // the op of the entry block holding that use.
                    let at = profile
                        .points
                        .partition_point(|&p| p <= u64::from(life.end));
                    profile.points[at.saturating_sub(1)]
                } else {
                    frees
                        .iter()
                        .map(|&f| {
                            let holder = body_op(snapshot, f);
                            if snapshot.op(holder).parent_block == entry {
                                tick(holder)
                            } else {
                                // A free in a later block runs after the
                                // entry block.
                                u64::MAX
                            }
                        })
                        .min()
                        .unwrap_or(u64::MAX)
                };
                (tick(alloc) < until).then_some((tick(alloc), until))
            }
            _ => None,
        };
        profile.buffers.push(HeapBuffer {
            alloc,
            size,
            overhead,
            held,
            surely,
        });
    }
    profile
}

/// Whether an alias of the buffer escapes in a way that may keep it held
/// outside its traced lifetime or free it unseen: yielded, carried around a
/// cycle, used by an op with unknown effects, its address taken, stored.
/// (Call operands do not: callees neither free nor retain their buffer
/// arguments.)
fn escapes_otherwise(life: &crate::analysis::lifetimes::AllocLifetime) -> bool {
    let e = life.escape;
    e.yielded || e.loop_carried || e.unknown_op || e.address_exposed || e.stored
}
