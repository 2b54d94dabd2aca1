//! Fills a [`Snapshot`] from real MLIR IR in one walk.
//!
//! The walk (C++, `cpp-shim/capture.cpp`: one FFI call per capture instead
//! of one per op, operand and interface query) assigns dense ids to the
//! root's regions, blocks, ops and values (pre-order, program order; a
//! region's blocks and their arguments before its ops); a second sweep
//! records every op's operands and a third the interface facts (effects,
//! successors, region edges, views): both may name values defined later in
//! program order, since blocks need not appear in dominance order. Values
//! used but defined outside the root become results of the root, in the
//! order they are first met. The shim hands flat arrays back; this module
//! turns them into the [`Snapshot`] the analyses read. The returned
//! [`IrMap`] maps ids back to MLIR handles so that a pass can apply its
//! edits after analyzing.

use std::{cell::RefCell, ffi::c_void, sync::Arc};

use rustc_hash::FxHashMap;

use mlir_sys::MlirOperation;

use crate::{
    analysis::snapshot::{
        BlockId, BlockInfo, Effect, EffectKind, Effects, IdList, OpFacts, OpId, OpInfo, OpName,
        RegionBranchInfo, RegionEdge, RegionId, RegionInfo, RegionTarget, Snapshot, Successor,
        ValueDef, ValueId, ValueInfo, ValueKind,
    },
    ffi,
    ir::interfaces,
};

pub use crate::ir::ir_map::{IrMap, OperandStarts};
use crate::ir::ir_map::{bytes_of, str_of};

/// Captures the body of `root`: one C++ walk (`bufrsShimCapture`) fills flat
/// arrays, which are read here without a call per item.
pub fn capture(root: MlirOperation) -> (Snapshot, IrMap) {
    let mut raw = ffi::BufrsCapture::default();
    // SAFETY: `root` is a live op; `raw` receives arrays the shim owns until
    // `bufrsShimCaptureFree`, and nothing below outlives that call.
    unsafe { ffi::bufrsShimCapture(root, &mut raw) };
    let flat = Flat::new(&raw);
    let result = flat.snapshot();
    // SAFETY: `raw` came from `bufrsShimCapture` and is freed once.
    unsafe { ffi::bufrsShimCaptureFree(&mut raw) };
    result
}

/// A snapshot shared by the passes of one pipeline ([`capture_unedited`]).
/// Only the pass running on its op reads it (one at a time), through the
/// shim; the cell lets the first reader patch a deferred one in place.
struct Kept {
    state: RefCell<KeptState>,
}

enum KeptState {
    /// As a capture of the op now would return it.
    Ready {
        snapshot: Arc<Snapshot>,
        map: Arc<IrMap>,
    },
    /// Captured before the ops `moved` were moved; patched by the first
    /// reader ([`keep_moved`]), so that a pass nothing reads after pays
    /// nothing for it.
    Moved {
        snapshot: Box<Snapshot>,
        map: Box<IrMap>,
        moved: Vec<OpId>,
    },
    /// Captured before a pass erased ops, inserted ops next to them and
    /// replaced their results (`rewrites`); patched by the first reader
    /// ([`keep_rewritten`]), so that the last pass of a pipeline pays
    /// nothing for it.
    Rewritten {
        snapshot: Box<Snapshot>,
        map: Box<IrMap>,
        rewrites: crate::ir::patch::Rewrites,
    },
    /// The deferred patch failed: nothing to read.
    Stale,
}

impl Kept {
    fn ready(snapshot: Arc<Snapshot>, map: Arc<IrMap>) -> Kept {
        Kept {
            state: RefCell::new(KeptState::Ready { snapshot, map }),
        }
    }

    /// The snapshot, patched first if it was kept with moves pending.
    fn read(&self) -> Option<(Arc<Snapshot>, Arc<IrMap>)> {
        let mut state = self.state.borrow_mut();
        *state = match std::mem::replace(&mut *state, KeptState::Stale) {
            KeptState::Moved {
                mut snapshot,
                mut map,
                moved,
            } => {
                if crate::ir::patch::patch_moved_ops(&mut snapshot, &mut map, &moved) {
                    // See capture_unedited_or_kept for the Arc of handles.
                    #[allow(clippy::arc_with_non_send_sync)]
                    let map = Arc::new(*map);
                    KeptState::Ready {
                        snapshot: Arc::new(*snapshot),
                        map,
                    }
                } else {
                    KeptState::Stale
                }
            }
            KeptState::Rewritten {
                snapshot,
                map,
                rewrites,
            } => match crate::ir::patch::patch_rewritten(*snapshot, *map, &rewrites, capture) {
                Some((snapshot, map)) => {
                    // See capture_unedited_or_kept for the Arc of handles.
                    #[allow(clippy::arc_with_non_send_sync)]
                    let map = Arc::new(map);
                    KeptState::Ready {
                        snapshot: Arc::new(snapshot),
                        map,
                    }
                }
                None => KeptState::Stale,
            },
            settled => settled,
        };
        match &*state {
            KeptState::Ready { snapshot, map } => Some((Arc::clone(snapshot), Arc::clone(map))),
            KeptState::Moved { .. } | KeptState::Rewritten { .. } | KeptState::Stale => None,
        }
    }
}

/// Drops a [`Kept`] the shim held (`BufrsReleaseFn`).
unsafe extern "C" fn release_kept(data: *mut c_void) {
    // A drop of vectors and maps cannot panic, but no unwinding may cross
    // into C++ in any case.
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: `data` is the `Box<Kept>` `capture_unedited` handed to the
        // shim, which releases it exactly once.
        drop(unsafe { Box::from_raw(data.cast::<Kept>()) });
    });
}

/// Captures `root`, the op the running pass runs on, **before the pass edits
/// anything in it**, or reads the snapshot an earlier pass of the same
/// pipeline captured of it when no pass changed it since: the shim keeps a
/// snapshot as an MLIR analysis of `root` when the pass that captured it
/// reports `root` unchanged ([`crate::passes::pass::unchanged`]), and MLIR's
/// pass manager drops it as soon as a pass (bufrs or not) does not preserve
/// `root`'s analyses. Only the first call of a run may read a kept snapshot
/// (a later one captures again); a call after an edit of the run would read
/// a stale snapshot, hence the name. Outside a bufrs pass, or for another
/// op, it is [`capture`].
pub fn capture_unedited(root: MlirOperation) -> (Arc<Snapshot>, Arc<IrMap>) {
    let (snapshot, map, _) = capture_unedited_or_kept(root);
    (snapshot, map)
}

/// The snapshot of `root` an earlier pass of the pipeline kept, if any,
/// without capturing: what the first [`capture_unedited`] of a run would
/// read (after this call, that one captures anew).
pub fn kept_snapshot(root: MlirOperation) -> Option<(Arc<Snapshot>, Arc<IrMap>)> {
    // SAFETY: `root` is a live op; the pointer, if not null, is a `Kept`
    // the shim owns until the running pass returns.
    let kept = unsafe { ffi::bufrsShimKeptSnapshot(root) }.cast::<Kept>();
    // SAFETY: as above.
    unsafe { kept.as_ref() }.and_then(Kept::read)
}

/// [`capture_unedited`], and whether the snapshot is one an earlier pass
/// kept (for tests of the sharing).
pub fn capture_unedited_or_kept(root: MlirOperation) -> (Arc<Snapshot>, Arc<IrMap>, bool) {
    if let Some((snapshot, map)) = kept_snapshot(root) {
        return (snapshot, map, true);
    }
    let (snapshot, map) = capture(root);
    // `IrMap` holds MLIR handles, so it is neither `Send` nor `Sync`; it is
    // still only used by one pass at a time, but MLIR's pass manager may
    // release the kept copy on another thread than the one that made it:
    // the count is atomic for that release, not for sharing.
    #[allow(clippy::arc_with_non_send_sync)]
    let (snapshot, map) = (Arc::new(snapshot), Arc::new(map));
    let offer = Box::into_raw(Box::new(Kept::ready(
        Arc::clone(&snapshot),
        Arc::clone(&map),
    )));
    // SAFETY: the shim takes `offer` (and releases it once with
    // `release_kept`) when it returns true; otherwise it is still ours.
    if !unsafe { ffi::bufrsShimKeepSnapshot(root, offer.cast(), Some(release_kept)) } {
        // SAFETY: not taken by the shim, so still the box made above.
        drop(unsafe { Box::from_raw(offer) });
    }
    (snapshot, map, false)
}

/// Takes sole ownership of a snapshot of `root` that the running pass
/// captured or read with [`capture_unedited`], so that the pass can patch
/// it after its own edits ([`patch_replaced_op`], [`keep_edited`]): the
/// shim lets go of its copies (the pass's offer and the kept snapshot it
/// read; a later [`capture_unedited`] of the run captures anew). `None`
/// when someone else still holds one (the pass then keeps nothing).
pub fn take_for_patching(
    root: MlirOperation,
    snapshot: Arc<Snapshot>,
    map: Arc<IrMap>,
) -> Option<(Snapshot, IrMap)> {
    // SAFETY: `root` is a live op; the shim only releases what it holds.
    unsafe { ffi::bufrsShimDropSnapshots(root) };
    Some((Arc::into_inner(snapshot)?, Arc::into_inner(map)?))
}

/// Offers a snapshot of `root` that the running pass patched with its own
/// edits, so that it equals what [`capture`] would return now: the passes
/// after it read it (MLIR keeps it as the one analysis of `root` that
/// survives the pass's change). Say it only with such a snapshot, and
/// return success (changed) from the pass.
pub fn keep_edited(root: MlirOperation, snapshot: Snapshot, map: IrMap) {
    #[allow(clippy::arc_with_non_send_sync)] // see capture_unedited_or_kept
    offer_edited(root, Kept::ready(Arc::new(snapshot), Arc::new(map)));
}

/// [`keep_edited`] for a pass that read `snapshot` of `root` before its
/// edits ([`kept_snapshot`]) and then only erased ops, inserted ops without
/// regions or successors into their blocks and replaced every use of their
/// results, as `rewrites` lists them: the snapshot is patched by the first
/// pass that reads it ([`crate::ir::patch::patch_rewritten`], which reads
/// those blocks' op lists again and gives nothing when an edit falls
/// outside that), not now. The IR it reads is the one the pass leaves: any
/// later change drops the kept snapshot unread.
pub fn keep_rewritten(
    root: MlirOperation,
    snapshot: Arc<Snapshot>,
    map: Arc<IrMap>,
    rewrites: crate::ir::patch::Rewrites,
) {
    let Some((snapshot, map)) = take_for_patching(root, snapshot, map) else {
        return;
    };
    offer_edited(
        root,
        Kept {
            state: RefCell::new(KeptState::Rewritten {
                snapshot: Box::new(snapshot),
                map: Box::new(map),
                rewrites,
            }),
        },
    );
}

/// [`keep_edited`] for a pass whose only edits moved the ops `moved`
/// (without regions) within the snapshot's blocks: the snapshot taken
/// before the moves is patched ([`crate::ir::patch::patch_moved_ops`]) by
/// the first pass that reads it, not now.
pub fn keep_moved(root: MlirOperation, snapshot: Snapshot, map: IrMap, moved: Vec<OpId>) {
    offer_edited(
        root,
        Kept {
            state: RefCell::new(KeptState::Moved {
                snapshot: Box::new(snapshot),
                map: Box::new(map),
                moved,
            }),
        },
    );
}

fn offer_edited(root: MlirOperation, kept: Kept) {
    let offer = Box::into_raw(Box::new(kept));
    // SAFETY: the shim takes `offer` (released once with `release_kept`)
    // when it returns true; otherwise it is still ours.
    if !unsafe { ffi::bufrsShimKeepEditedSnapshot(root, offer.cast(), Some(release_kept)) } {
        // SAFETY: not taken by the shim, so still the box made above.
        drop(unsafe { Box::from_raw(offer) });
    }
}

/// The arrays of one capture as slices.
struct Flat<'a> {
    ops: &'a [ffi::BufrsCapturedOp],
    blocks: &'a [ffi::BufrsCapturedBlock],
    regions: &'a [ffi::BufrsCapturedRegion],
    values: &'a [ffi::BufrsCapturedValue],
    effects: &'a [ffi::BufrsCapturedEffect],
    edges: &'a [ffi::BufrsCapturedEdge],
    successors: &'a [ffi::BufrsCapturedSuccessor],
    ids: &'a [u32],
    names: &'a [mlir_sys::MlirStringRef],
}

/// A slice from a pointer and a length the shim filled (empty when null).
///
/// # Safety
/// `data` points to `len` initialized elements that outlive `'a`.
unsafe fn slice<'a, T>(data: *const T, len: isize) -> &'a [T] {
    if data.is_null() || len <= 0 {
        &[]
    } else {
        // SAFETY: per the contract above.
        unsafe { std::slice::from_raw_parts(data, len as usize) }
    }
}

fn optional(id: u32) -> Option<u32> {
    (id != ffi::BUFRS_NONE).then_some(id)
}

fn operand_start(first: i32) -> Option<u32> {
    u32::try_from(first).ok()
}

impl<'a> Flat<'a> {
    fn new(raw: &'a ffi::BufrsCapture) -> Flat<'a> {
        // SAFETY: the shim filled every pointer with its length; the arrays
        // live until `bufrsShimCaptureFree`, after the last use of `Flat`.
        unsafe {
            Flat {
                ops: slice(raw.ops, raw.num_ops),
                blocks: slice(raw.blocks, raw.num_blocks),
                regions: slice(raw.regions, raw.num_regions),
                values: slice(raw.values, raw.num_values),
                effects: slice(raw.effects, raw.num_effects),
                edges: slice(raw.edges, raw.num_edges),
                successors: slice(raw.successors, raw.num_successors),
                ids: slice(raw.ids, raw.num_ids),
                names: slice(raw.names, raw.num_names),
            }
        }
    }

    fn ids(&self, range: ffi::BufrsRange) -> &'a [u32] {
        &self.ids[range.begin as usize..(range.begin + range.count) as usize]
    }

    fn value_ids(&self, range: ffi::BufrsRange) -> Vec<ValueId> {
        if range.count == 0 {
            return Vec::new();
        }
        self.ids(range).iter().map(|&v| ValueId(v)).collect()
    }

    fn id_list<T: Copy + Default>(&self, range: ffi::BufrsRange, id: impl Fn(u32) -> T) -> IdList<T>
    where
        [T; 4]: smallvec::Array<Item = T>,
    {
        let ids = self.ids(range);
        if ids.len() <= 4 {
            // Inline without SmallVec's per-push capacity checks.
            let mut buf = [T::default(); 4];
            for (slot, &v) in buf.iter_mut().zip(ids) {
                *slot = id(v);
            }
            IdList::from_buf_and_len(buf, ids.len())
        } else {
            IdList::from_vec(ids.iter().map(|&v| id(v)).collect())
        }
    }

    fn edges(&self, range: ffi::BufrsRange) -> Vec<RegionEdge> {
        if range.count == 0 {
            return Vec::new();
        }
        self.edges[range.begin as usize..(range.begin + range.count) as usize]
            .iter()
            .map(|edge| RegionEdge {
                target: optional(edge.target_region)
                    .map_or(RegionTarget::Parent, |r| RegionTarget::Region(RegionId(r))),
                forwarded: self.value_ids(edge.forwarded),
                inputs: self.value_ids(edge.inputs),
            })
            .collect()
    }

    fn snapshot(&self) -> (Snapshot, IrMap) {
        let mut map = IrMap {
            ops: self.ops.iter().map(|o| o.handle).collect(),
            blocks: self.blocks.iter().map(|b| b.handle).collect(),
            regions: self.regions.iter().map(|r| r.handle).collect(),
            values: self.values.iter().map(|v| v.handle).collect(),
            ..IrMap::default()
        };
        let mut snapshot = Snapshot {
            ops: Vec::with_capacity(self.ops.len()),
            blocks: self
                .blocks
                .iter()
                .map(|b| BlockInfo {
                    region: RegionId(b.region),
                    args: self.id_list(b.args, ValueId),
                    ops: self.ids(b.ops).iter().map(|&o| OpId(o)).collect(),
                })
                .collect(),
            regions: self
                .regions
                .iter()
                .map(|r| RegionInfo {
                    parent_op: OpId(r.parent_op),
                    index_in_parent: r.index_in_parent,
                    blocks: self.id_list(r.blocks, BlockId),
                })
                .collect(),
            values: self
                .values
                .iter()
                .map(|v| ValueInfo {
                    def: if v.is_block_arg {
                        ValueDef::BlockArg {
                            block: BlockId(v.owner),
                            index: v.index,
                        }
                    } else {
                        ValueDef::OpResult {
                            op: OpId(v.owner),
                            index: v.index,
                        }
                    },
                    kind: match v.kind {
                        ffi::BufrsValueKind::BufrsValueKind_RankedMemRef => ValueKind::RankedMemRef,
                        ffi::BufrsValueKind::BufrsValueKind_UnrankedMemRef => {
                            ValueKind::UnrankedMemRef
                        }
                        ffi::BufrsValueKind::BufrsValueKind_Other => ValueKind::Other,
                    },
                })
                .collect(),
        };
        // One interning per distinct name of the body (the shim numbers
        // them), cached across the captures on this thread (MLIR keeps one
        // string per OperationName, so its address identifies the name).
        let names: Vec<OpName> = NAMES.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.len() > MAX_CACHED_NAMES {
                cache.clear();
            }
            self.names
                .iter()
                .map(|&name| cached_name(&mut cache, name))
                .collect()
        });
        // Each op's record is written straight into the reserved slot (a
        // push built it on the stack and copied it, 260 bytes an op).
        snapshot.ops.reserve_exact(self.ops.len());
        let slots = &mut snapshot.ops.spare_capacity_mut()[..self.ops.len()];
        for ((index, op), slot) in self.ops.iter().enumerate().zip(slots) {
            let id = OpId(index as u32);
            let flag = |bit| op.flags & (bit as u32) != 0;
            let traits = interfaces::Traits(op.traits);
            let effects = if !flag(ffi::BUFRS_CAPTURED_EFFECTS_KNOWN) {
                Effects::Unknown
            } else if op.effects.count == 0 {
                Effects::Known(Vec::new())
            } else {
                Effects::Known(
                    self.effects
                        [op.effects.begin as usize..(op.effects.begin + op.effects.count) as usize]
                        .iter()
                        .map(|e| Effect {
                            kind: match e.kind {
                                ffi::BufrsEffectKind::BufrsEffectKind_Allocate => {
                                    EffectKind::Allocate
                                }
                                ffi::BufrsEffectKind::BufrsEffectKind_Free => EffectKind::Free,
                                ffi::BufrsEffectKind::BufrsEffectKind_Read => EffectKind::Read,
                                ffi::BufrsEffectKind::BufrsEffectKind_Write => EffectKind::Write,
                            },
                            value: optional(e.value).map(ValueId),
                            on_automatic_scope: e.on_automatic_allocation_scope,
                        })
                        .collect(),
                )
            };
            let region_branch = flag(ffi::BUFRS_CAPTURED_REGION_BRANCH).then(|| {
                let edges = &self.edges[op.entry_edges.begin as usize
                    ..(op.entry_edges.begin + op.entry_edges.count) as usize];
                for (e, edge) in edges.iter().enumerate() {
                    if let Some(first) = operand_start(edge.first_operand_index) {
                        map.entry_edge_operand_starts.push((id, e as u32), first);
                    }
                }
                RegionBranchInfo {
                    entry_edges: self.edges(op.entry_edges),
                }
            });
            if let Some(first) = operand_start(op.terminator_operand_start) {
                map.terminator_operand_starts.push(id, first);
            }
            let successors = if op.successors.count == 0 {
                Vec::new()
            } else {
                self.successors[op.successors.begin as usize
                    ..(op.successors.begin + op.successors.count) as usize]
                    .iter()
                    .map(|s| {
                        if let Some(first) = operand_start(s.first_operand_index) {
                            map.successor_operand_starts.push((id, s.index), first);
                        }
                        Successor {
                            block: BlockId(s.block),
                            forwarded: self.value_ids(s.forwarded),
                            produced: s.produced,
                            mapping_known: s.mapping_known,
                        }
                    })
                    .collect()
            };
            // The trait facts (as `trait_facts` reads them) and the captured
            // ones, in one record.
            slot.write(OpInfo {
                name: names[op.name as usize],
                parent_block: optional(op.parent_block).map(BlockId),
                position: op.position,
                operands: self.id_list(op.operands, ValueId),
                results: self.id_list(op.results, ValueId),
                regions: self.id_list(op.regions, RegionId),
                facts: OpFacts {
                    is_terminator: flag(ffi::BUFRS_CAPTURED_TERMINATOR),
                    is_return_like: traits.is_return_like(),
                    effects,
                    has_recursive_effects: traits.has_recursive_memory_effects(),
                    region_branch,
                    terminator_edges: self.edges(op.terminator_edges),
                    successors,
                    view_source: optional(op.view_source).map(ValueId),
                    is_cast: traits.is_cast(),
                    has_parallel_region: traits.has_parallel_region(),
                    is_loop_like: traits.is_loop_like(),
                    is_call: traits.is_call(),
                    is_automatic_allocation_scope: traits.is_automatic_allocation_scope(),
                    is_isolated_from_above: traits.is_isolated_from_above(),
                    regions_have_ssa_dominance: flag(ffi::BUFRS_CAPTURED_SSA_DOMINANCE),
                    constant_bool: flag(ffi::BUFRS_CAPTURED_CONSTANT_BOOL)
                        .then_some(op.constant_bool),
                    cmpi_predicate: flag(ffi::BUFRS_CAPTURED_CMPI).then_some(op.cmpi_predicate),
                },
            });
        }
        // SAFETY: the loop above wrote every one of the first `len` slots
        // (one per captured op), within the capacity reserved.
        unsafe { snapshot.ops.set_len(self.ops.len()) };
        (snapshot, map)
    }
}

thread_local! {
    /// Interned op names by the address and length of MLIR's name string,
    /// kept across the captures on this thread (`Flat::snapshot`).
    static NAMES: RefCell<FxHashMap<(usize, usize), OpName>> = RefCell::default();
}

/// Bound on [`NAMES`] (contexts come and go in a long-lived host).
const MAX_CACHED_NAMES: usize = 4096;

/// The interned name of `name`, from `names` when its entry has the same
/// text: a name's string lives as long as its context, and a later context
/// may hold another name at the same address.
fn cached_name(
    names: &mut FxHashMap<(usize, usize), OpName>,
    name: mlir_sys::MlirStringRef,
) -> OpName {
    let key = (name.data as usize, name.length);
    match names.get(&key) {
        Some(cached) if cached.as_str().as_bytes() == bytes_of(name) => *cached,
        _ => {
            let interned = OpName::intern(str_of(name));
            names.insert(key, interned);
            interned
        }
    }
}

/// How many heap `Allocate` effects on a ranked memref (of static shape
/// only, with `static_only`) that no return-like terminator takes as an
/// operand, or on no value, the ops in `root`'s body declare, counted up to
/// `limit` (one C++ walk that stops there, nothing captured): merge-alloc
/// merges nothing in a body with fewer than two (it merges no buffer a
/// function returns or a region yields).
pub fn count_heap_allocations(root: MlirOperation, limit: usize, static_only: bool) -> usize {
    // SAFETY: `root` is a live op.
    unsafe { ffi::bufrsShimCountHeapAllocations(root, limit as isize, static_only) as usize }
}

/// Like [`count_heap_allocations`], the stack allocations (on the automatic
/// allocation scope resource) of a ranked memref of static shape, or of no
/// value, nested in `root`, counted up to `limit` (one C++ walk).
pub fn count_stack_allocations(root: MlirOperation, limit: usize) -> usize {
    // SAFETY: `root` is a live op.
    unsafe { ffi::bufrsShimCountStackAllocations(root, limit as isize) as usize }
}

/// [`count_heap_allocations`] read from a snapshot of `root`: the same
/// effects (those of ops with `MemoryEffectOpInterface`), so the same count,
/// without walking the IR; with `on_stack`, the allocations on the automatic
/// allocation scope resource (the stack) instead of the heap.
pub fn count_allocations_in(
    snapshot: &Snapshot,
    map: &IrMap,
    limit: usize,
    static_only: bool,
    on_stack: bool,
) -> usize {
    // Buffers a return-like terminator takes (returned or yielded).
    let returned: rustc_hash::FxHashSet<ValueId> = snapshot
        .ops
        .iter()
        .filter(|op| op.facts.is_return_like && op.facts.is_terminator)
        .flat_map(|op| op.operands.iter().copied())
        .collect();
    let mut count = 0;
    for op in &snapshot.ops {
        let Effects::Known(effects) = &op.facts.effects else {
            continue;
        };
        for effect in effects {
            if effect.kind != EffectKind::Allocate || effect.on_automatic_scope != on_stack {
                continue;
            }
            let counted = match effect.value {
                None => true,
                Some(v) => {
                    snapshot.value(v).kind == ValueKind::RankedMemRef
                        && !returned.contains(&v)
                        // SAFETY: a live value of the snapshot's IR.
                        && (!static_only || unsafe {
                            mlir_sys::mlirShapedTypeHasStaticShape(mlir_sys::mlirValueGetType(
                                map.value(v),
                            ))
                        })
                }
            };
            if counted {
                count += 1;
                if count >= limit {
                    return count;
                }
            }
        }
    }
    count
}

/// Whether an op nested in `root` allocates or frees (`Allocate` / `Free`
/// effects), is a call, or has unknown effects (one C++ walk, nothing
/// captured): a body without one owns no buffer and frees none.
pub fn may_own_or_free_buffers(root: MlirOperation) -> bool {
    // SAFETY: `root` is a live op.
    unsafe { ffi::bufrsShimMayOwnOrFreeBuffers(root) }
}

/// Whether `root` or an op nested in it is named `name` (one C++ walk,
/// nothing captured): passes that rewrite only such ops skip a body without
/// one.
pub fn contains_op_named(root: MlirOperation, name: &str) -> bool {
    contains_op_named_any(root, &[name])
}

/// Whether `root` or an op nested in it has one of `names` (one C++ walk,
/// `cpp-shim/name_walk.cpp`, nothing captured): the pre-capture test of the
/// passes that rewrite only ops of those names, several of which run on
/// every function of the memory pipeline.
pub fn contains_op_named_any(root: MlirOperation, names: &[&str]) -> bool {
    let names = string_refs(names);
    // SAFETY: `root` is a live op; the strings and the array outlive the call.
    unsafe { ffi::bufrsShimBodyHasOpNamed(root, names.as_ptr(), names.len() as isize) }
}

/// `names` as C API string refs, for the shim's walks by name.
fn string_refs(names: &[&str]) -> Vec<mlir_sys::MlirStringRef> {
    names
        .iter()
        .map(|name| crate::ir::diagnostics::string_ref(name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{BlockLike, operation::OperationLike};

    /// A function of `n` chained adds and a loop, then a branch to a block
    /// that takes the sum: more values than the walk's id table starts
    /// with, so it grows while capturing.
    fn chain(name: &str, n: usize) -> String {
        let mut body = String::from("  %v0 = arith.addi %x, %x : index\n");
        for k in 1..n {
            body += &format!("  %v{k} = arith.addi %v{}, %x : index\n", k - 1);
        }
        format!(
            "func.func @{name}(%x: index, %m: memref<4xf32>) -> index {{
{body}  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %x step %c1 iter_args(%acc = %v{last}) -> (index) {{
    %a = memref.alloc() : memref<4xf32>
    %n = arith.addi %acc, %i : index
    memref.dealloc %a : memref<4xf32>
    scf.yield %n : index
  }}
  cf.br ^done(%s : index)
^done(%r: index):
  return %r : index
}}
",
            last = n - 1
        )
    }

    /// Every id of `snapshot` names the MLIR value, block or op it stands for:
    /// operands, results, block arguments, successors, effects.
    fn check_ids(snapshot: &Snapshot, map: &IrMap) {
        for (o, info) in snapshot.ops.iter().enumerate().skip(1) {
            let op = map.op(OpId(o as u32));
            // SAFETY: live ops of the parsed module; indices in range.
            unsafe {
                assert_eq!(
                    info.operands.len(),
                    mlir_sys::mlirOperationGetNumOperands(op) as usize
                );
                for (i, &v) in info.operands.iter().enumerate() {
                    let operand = mlir_sys::mlirOperationGetOperand(op, i as isize);
                    assert_eq!(map.value(v).ptr, operand.ptr, "operand {i} of op {o}");
                }
                for (i, &v) in info.results.iter().enumerate() {
                    let result = mlir_sys::mlirOperationGetResult(op, i as isize);
                    assert_eq!(map.value(v).ptr, result.ptr, "result {i} of op {o}");
                    assert_eq!(
                        snapshot.value(v).def,
                        ValueDef::OpResult {
                            op: OpId(o as u32),
                            index: i as u32
                        }
                    );
                }
                for (i, s) in info.facts.successors.iter().enumerate() {
                    let block = mlir_sys::mlirOperationGetSuccessor(op, i as isize);
                    assert_eq!(map.block(s.block).ptr, block.ptr, "successor {i} of op {o}");
                }
                if let Effects::Known(effects) = &info.facts.effects {
                    for e in effects {
                        if let Some(v) = e.value {
                            assert!(
                                info.operands.contains(&v) || info.results.contains(&v),
                                "effect of op {o} on a value it does not name"
                            );
                        }
                    }
                }
            }
        }
        for (b, block) in snapshot.blocks.iter().enumerate() {
            for (i, &a) in block.args.iter().enumerate() {
                // SAFETY: a live block of the parsed module.
                let arg = unsafe {
                    mlir_sys::mlirBlockGetArgument(map.block(BlockId(b as u32)), i as isize)
                };
                assert_eq!(map.value(a).ptr, arg.ptr, "argument {i} of block {b}");
            }
        }
    }

    #[test]
    fn captured_ids_name_their_values_across_pooled_captures() {
        let text = format!("{}{}", chain("large", 1500), chain("small", 3));
        let context = crate::ir::context::new_context();
        let module = melior::ir::Module::parse(&context, &text).unwrap();
        let large = module.body().first_operation().unwrap();
        let small = large.next_in_block().unwrap();
        // Large, small, large: the pooled walk's tables are reused, grown
        // and cleared between captures.
        let (first, first_map) = capture(large.to_raw());
        check_ids(&first, &first_map);
        assert!(first.values.len() > 1500);
        let (tiny, tiny_map) = capture(small.to_raw());
        check_ids(&tiny, &tiny_map);
        let (again, again_map) = capture(large.to_raw());
        check_ids(&again, &again_map);
        assert!(first == again && first_map == again_map);
    }
}
