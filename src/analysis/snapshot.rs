//! A compact, MLIR-free picture of one op's body (usually a function), taken in
//! a single walk over the IR so that every analysis runs in pure Rust.
//!
//! Everything is addressed by dense indices (`OpId`, `BlockId`, `RegionId`,
//! `ValueId`) instead of MLIR pointers, so tables are `Vec`s, analyses need no
//! FFI crossings, and the same analyses run on hand-built snapshots in unit and
//! property tests. `crate::ir::capture` fills a snapshot from real IR;
//! tests build them with [`SnapshotBuilder`].
//!
//! Conventions:
//! - Op 0 is the root (the op whose body was captured, e.g. the `func.func`).
//!   It has no parent block and no operands. Values used inside but defined
//!   outside the root (possible only when the root is not
//!   `IsolatedFromAbove`) are represented as the root's results, in order of
//!   first use: defined before anything in the body, as in MLIR.
//! - A region's first block is its entry block.
//! - Ops of a block are listed in program order; the last op of a block in an
//!   SSA CFG region is its terminator (`OpFacts::is_terminator`).
//! - Facts the analyses need come from MLIR interfaces, never from op names;
//!   `name` is kept for diagnostics and debug printing only.

use std::{
    fmt,
    hash::{Hash, Hasher},
    sync::{OnceLock, RwLock},
};

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The ids of an op's operands, results or regions: up to four inline, so a
/// capture allocates nothing per op in the common case (the storage of a
/// snapshot is then a few `Vec`s per function, not several per op).
pub type IdList<T> = SmallVec<[T; 4]>;

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(pub u32);
        impl $name {
            /// The index as a `usize`, for indexing tables.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}{}", stringify!($name), self.0)
            }
        }
    };
}

index_type!(
    /// An operation of the snapshot.
    OpId
);
index_type!(
    /// A block of the snapshot.
    BlockId
);
index_type!(
    /// A region of the snapshot.
    RegionId
);
index_type!(
    /// An SSA value (block argument or op result) of the snapshot.
    ValueId
);

/// An op's registered name, interned: one `u32` per distinct name for the
/// whole process (names are compared by id), the text from one table of
/// leaked strings (there are as many as there are op names in the dialects
/// loaded, a few hundred at most). Reads as a `&str` (`Deref`, `as_str`,
/// comparisons with strings), prints as the name.
#[derive(Clone, Copy)]
pub struct OpName {
    id: u32,
    name: &'static str,
}

/// The interning table of [`OpName`]: name to id, id order = `names`.
struct NameTable {
    ids: FxHashMap<&'static str, u32>,
    names: Vec<&'static str>,
}

fn name_table() -> &'static RwLock<NameTable> {
    static TABLE: OnceLock<RwLock<NameTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        RwLock::new(NameTable {
            ids: FxHashMap::default(),
            names: Vec::new(),
        })
    })
}

impl OpName {
    /// The interned name `name` (one lookup in the process-wide table; the
    /// capture caches it per distinct name of a body).
    pub fn intern(name: &str) -> OpName {
        let table = name_table();
        {
            let table = table.read().unwrap_or_else(|e| e.into_inner());
            if let Some(&id) = table.ids.get(name) {
                return OpName {
                    id,
                    name: table.names[id as usize],
                };
            }
        }
        let mut table = table.write().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = table.ids.get(name) {
            return OpName {
                id,
                name: table.names[id as usize],
            };
        }
        let id = table.names.len() as u32;
        let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
        table.names.push(leaked);
        table.ids.insert(leaked, id);
        OpName { id, name: leaked }
    }

    /// The name as text.
    pub fn as_str(&self) -> &'static str {
        self.name
    }
}

impl PartialEq for OpName {
    fn eq(&self, other: &OpName) -> bool {
        self.id == other.id
    }
}
impl Eq for OpName {}
impl Hash for OpName {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state)
    }
}
impl PartialEq<str> for OpName {
    fn eq(&self, other: &str) -> bool {
        self.name == other
    }
}
impl PartialEq<&str> for OpName {
    fn eq(&self, other: &&str) -> bool {
        self.name == *other
    }
}
impl PartialEq<String> for OpName {
    fn eq(&self, other: &String) -> bool {
        self.name == other.as_str()
    }
}
impl std::ops::Deref for OpName {
    type Target = str;
    fn deref(&self) -> &str {
        self.name
    }
}
impl From<&str> for OpName {
    fn from(name: &str) -> OpName {
        OpName::intern(name)
    }
}
impl fmt::Debug for OpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.name, f)
    }
}
impl fmt::Display for OpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Where a value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Argument `index` of `block`.
    BlockArg { block: BlockId, index: u32 },
    /// Result `index` of `op`.
    OpResult { op: OpId, index: u32 },
}

/// The type facts of a value the analyses care about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ValueKind {
    /// Not a buffer (index, integer, tensor, ...).
    #[default]
    Other,
    /// A ranked memref.
    RankedMemRef,
    /// An unranked memref (`memref<*xf32>`).
    UnrankedMemRef,
}

impl ValueKind {
    /// True for ranked and unranked memrefs.
    pub fn is_buffer(self) -> bool {
        !matches!(self, ValueKind::Other)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueInfo {
    pub def: ValueDef,
    pub kind: ValueKind,
}

/// The kind of a memory effect (MLIR's `MemoryEffects::*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectKind {
    Allocate,
    Free,
    Read,
    Write,
}

/// One memory effect of an op, as `MemoryEffectOpInterface` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    pub kind: EffectKind,
    /// The value the effect is on, if the interface names one.
    pub value: Option<ValueId>,
    /// True when the effect is on `AutomaticAllocationScopeResource` (allocas).
    pub on_automatic_scope: bool,
}

/// What is known about an op's memory effects.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Effects {
    /// The op does not implement `MemoryEffectOpInterface` and is not known to
    /// be pure: it may do anything to any buffer it can reach.
    #[default]
    Unknown,
    /// The op's complete list of effects (possibly empty). For ops with
    /// `HasRecursiveMemoryEffects`, the effects of the nested ops are not
    /// folded in here; analyses walk the nested ops themselves.
    Known(Vec<Effect>),
}

/// A control-flow successor of a `BranchOpInterface` (or any terminator with
/// successors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Successor {
    pub block: BlockId,
    /// Operands forwarded to the successor's arguments, in argument order,
    /// starting at argument `produced`.
    pub forwarded: Vec<ValueId>,
    /// The number of leading successor arguments produced by the terminator
    /// itself (not forwarded from operands), as `SuccessorOperands` reports.
    pub produced: u32,
    /// False when the terminator does not implement `BranchOpInterface`, so
    /// the operand-to-argument mapping is unknown (then `forwarded` is empty
    /// and analyses must be conservative for the successor's arguments).
    pub mapping_known: bool,
}

impl Successor {
    /// A branch to `block` that forwards nothing (through `BranchOpInterface`).
    pub fn plain(block: BlockId) -> Successor {
        Successor {
            block,
            forwarded: vec![],
            produced: 0,
            mapping_known: true,
        }
    }
}

/// A target of region control flow: a region of the region-branch op, or the
/// op itself (control returns to the parent, values become its results).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionTarget {
    Region(RegionId),
    Parent,
}

/// One region-control-flow edge: control may go to `target`, and `inputs`
/// (the target region's entry block arguments, or the parent's results)
/// receive `forwarded` in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionEdge {
    pub target: RegionTarget,
    /// The values that flow along the edge, in order.
    pub forwarded: Vec<ValueId>,
    /// The values that receive them: entry block arguments of the target
    /// region, or results of the parent op, in the same order.
    pub inputs: Vec<ValueId>,
}

impl RegionEdge {
    /// The two edges of a loop-like region op, from its entry or from its body's terminator:
    /// into `region`, whose entry block arguments `region_inputs` receive `forwarded`, and out
    /// to the parent, whose `results` receive the same values.
    pub fn into_region_or_out(
        region: RegionId,
        forwarded: Vec<ValueId>,
        region_inputs: Vec<ValueId>,
        results: Vec<ValueId>,
    ) -> Vec<RegionEdge> {
        vec![
            RegionEdge {
                target: RegionTarget::Region(region),
                forwarded: forwarded.clone(),
                inputs: region_inputs,
            },
            RegionEdge {
                target: RegionTarget::Parent,
                forwarded,
                inputs: results,
            },
        ]
    }
}

/// Facts from `RegionBranchOpInterface` for an op that implements it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RegionBranchInfo {
    /// Edges leaving the op itself, before any region runs
    /// (`getEntrySuccessorRegions` / `getSuccessorRegions(parent)`).
    pub entry_edges: Vec<RegionEdge>,
}

/// Facts about an op, all read through MLIR interfaces and traits.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct OpFacts {
    /// The op is the last op of its block and a terminator (`IsTerminator`),
    /// or may be one: an unregistered op ending its block, which MLIR's
    /// verifier accepts as a terminator (its successors and region edges are
    /// then unknown).
    pub is_terminator: bool,
    /// The op has the `ReturnLike` trait.
    pub is_return_like: bool,
    /// Memory effects.
    pub effects: Effects,
    /// `HasRecursiveMemoryEffects`: the op's effects are those of its body.
    pub has_recursive_effects: bool,
    /// The op implements `RegionBranchOpInterface`.
    pub region_branch: Option<RegionBranchInfo>,
    /// For a `RegionBranchTerminatorOpInterface` (or `ReturnLike` terminator
    /// inside a region-branch op): the edges it may take
    /// (`getSuccessorRegions` on the parent from this terminator's region).
    pub terminator_edges: Vec<RegionEdge>,
    /// Successors, for terminators with block successors.
    pub successors: Vec<Successor>,
    /// `ViewLikeOpInterface`: the viewed source operand; result 0 aliases it.
    pub view_source: Option<ValueId>,
    /// `CastOpInterface`: each result is its operand with another static
    /// type (for memrefs: the same buffer, whole).
    pub is_cast: bool,
    /// `HasParallelRegion`: the op's region may run concurrently, so its
    /// iterations must not share scratch buffers.
    pub has_parallel_region: bool,
    /// The op implements `LoopLikeOpInterface`.
    pub is_loop_like: bool,
    /// The op implements `CallOpInterface`.
    pub is_call: bool,
    /// The op has the `AutomaticAllocationScope` trait.
    pub is_automatic_allocation_scope: bool,
    /// The op has the `IsIsolatedFromAbove` trait.
    pub is_isolated_from_above: bool,
    /// Its regions have SSA dominance (false for graph regions, per
    /// `RegionKindInterface`).
    pub regions_have_ssa_dominance: bool,
    /// For an `arith.constant` of type `i1`: its value (path conditions of
    /// the deallocation checker).
    pub constant_bool: Option<bool>,
    /// For an `arith.cmpi`: its predicate (0 = eq, 1 = ne, ...).
    pub cmpi_predicate: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpInfo {
    /// The op's registered name (e.g. `memref.alloc`). Diagnostics print it,
    /// and a few decisions read it where MLIR 22 has no interface: copies
    /// (`dialect::copies`), loops known to be sequential or parallel
    /// (`analysis::loops`), ops that expose an address as a plain value
    /// (`analysis::value_flow`), ownership-based `bufferization.dealloc`.
    pub name: OpName,
    /// The block holding the op; `None` only for the root.
    pub parent_block: Option<BlockId>,
    /// The op's position in its block (0 for the root).
    pub position: u32,
    pub operands: IdList<ValueId>,
    pub results: IdList<ValueId>,
    pub regions: IdList<RegionId>,
    pub facts: OpFacts,
}

impl OpInfo {
    /// Whether the op's results can only be its operands passed on or
    /// values computed from them: a view, a cast, or an op without memory
    /// effects, regions or successors that is no terminator and no
    /// region-branch op.
    pub fn passes_operands_on(&self) -> bool {
        self.facts.view_source.is_some()
            || self.facts.is_cast
            || (matches!(&self.facts.effects, Effects::Known(e) if e.is_empty())
                && self.regions.is_empty()
                && !self.facts.is_terminator
                && self.facts.successors.is_empty()
                && self.facts.region_branch.is_none()
                && !self.facts.has_recursive_effects)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockInfo {
    pub region: RegionId,
    pub args: IdList<ValueId>,
    pub ops: Vec<OpId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionInfo {
    pub parent_op: OpId,
    /// Index of the region among its parent op's regions.
    pub index_in_parent: u32,
    /// Blocks in region order; the first is the entry block.
    pub blocks: IdList<BlockId>,
}

/// A captured body. See the module docs for conventions.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Snapshot {
    pub ops: Vec<OpInfo>,
    pub blocks: Vec<BlockInfo>,
    pub regions: Vec<RegionInfo>,
    pub values: Vec<ValueInfo>,
}

impl Snapshot {
    /// The root op (op 0).
    pub const ROOT: OpId = OpId(0);

    pub fn op(&self, id: OpId) -> &OpInfo {
        &self.ops[id.index()]
    }
    pub fn block(&self, id: BlockId) -> &BlockInfo {
        &self.blocks[id.index()]
    }
    pub fn region(&self, id: RegionId) -> &RegionInfo {
        &self.regions[id.index()]
    }
    pub fn value(&self, id: ValueId) -> &ValueInfo {
        &self.values[id.index()]
    }

    /// The entry block of a region, if it has blocks.
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.region(region).blocks.first().copied()
    }

    /// The terminator of a block: its last op if that op is a terminator.
    pub fn terminator(&self, block: BlockId) -> Option<OpId> {
        let last = *self.block(block).ops.last()?;
        self.op(last).facts.is_terminator.then_some(last)
    }

    /// The op that owns the region holding `block`.
    pub fn parent_op_of_block(&self, block: BlockId) -> OpId {
        self.region(self.block(block).region).parent_op
    }

    /// Whether `value` is available at the start of `block` (dominates its
    /// first op): an argument of `block` or of a block enclosing it, or the
    /// result of an op before, in the same block, the op whose region encloses
    /// `block`. Values of other blocks of a CFG region give `false` (no
    /// dominance is computed here).
    pub fn available_at_start(&self, value: ValueId, block: BlockId) -> bool {
        let mut at = block;
        loop {
            if let ValueDef::BlockArg { block: def, .. } = self.value(value).def
                && def == at
            {
                return true;
            }
            let holder = self.parent_op_of_block(at);
            let Some(outer) = self.op(holder).parent_block else {
                return false;
            };
            if let ValueDef::OpResult { op, .. } = self.value(value).def
                && self.op(op).parent_block == Some(outer)
                && self.op(op).position < self.op(holder).position
            {
                return true;
            }
            at = outer;
        }
    }

    /// The block in which `value` is defined (for op results: the op's block;
    /// `None` for results of the root).
    pub fn defining_block(&self, value: ValueId) -> Option<BlockId> {
        match self.value(value).def {
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::OpResult { op, .. } => self.op(op).parent_block,
        }
    }

    /// The op of `block` holding `op` (`op` itself or an ancestor), if any.
    pub fn ancestor_in_block(&self, op: OpId, block: BlockId) -> Option<OpId> {
        let mut cur = op;
        loop {
            let b = self.op(cur).parent_block?;
            if b == block {
                return Some(cur);
            }
            cur = self.parent_op_of_block(b);
        }
    }
}

/// Builds snapshots by hand, for tests and generators. Ids are assigned in
/// creation order. The root op is created by [`SnapshotBuilder::new`].
#[derive(Debug)]
pub struct SnapshotBuilder {
    snapshot: Snapshot,
}

impl SnapshotBuilder {
    /// A builder whose root op (op 0) has the given name and facts.
    pub fn new(root_name: &str, root_facts: OpFacts) -> Self {
        let root = OpInfo {
            name: OpName::intern(root_name),
            parent_block: None,
            position: 0,
            operands: IdList::new(),
            results: IdList::new(),
            regions: IdList::new(),
            facts: root_facts,
        };
        SnapshotBuilder {
            snapshot: Snapshot {
                ops: vec![root],
                ..Default::default()
            },
        }
    }

    /// Appends a new region to `op`.
    pub fn add_region(&mut self, op: OpId) -> RegionId {
        let id = RegionId(self.snapshot.regions.len() as u32);
        let index_in_parent = self.snapshot.ops[op.index()].regions.len() as u32;
        self.snapshot.regions.push(RegionInfo {
            parent_op: op,
            index_in_parent,
            blocks: IdList::new(),
        });
        self.snapshot.ops[op.index()].regions.push(id);
        id
    }

    /// Appends a new block with arguments of the given kinds to `region`.
    pub fn add_block(&mut self, region: RegionId, arg_kinds: &[ValueKind]) -> BlockId {
        let id = BlockId(self.snapshot.blocks.len() as u32);
        let args = arg_kinds
            .iter()
            .enumerate()
            .map(|(i, &kind)| {
                self.new_value(
                    ValueDef::BlockArg {
                        block: id,
                        index: i as u32,
                    },
                    kind,
                )
            })
            .collect();
        self.snapshot.blocks.push(BlockInfo {
            region,
            args,
            ops: vec![],
        });
        self.snapshot.regions[region.index()].blocks.push(id);
        id
    }

    /// Appends an op to the end of `block`.
    pub fn add_op(
        &mut self,
        block: BlockId,
        name: &str,
        operands: &[ValueId],
        result_kinds: &[ValueKind],
        facts: OpFacts,
    ) -> OpId {
        let id = OpId(self.snapshot.ops.len() as u32);
        let results = result_kinds
            .iter()
            .enumerate()
            .map(|(i, &kind)| {
                self.new_value(
                    ValueDef::OpResult {
                        op: id,
                        index: i as u32,
                    },
                    kind,
                )
            })
            .collect();
        let position = self.snapshot.blocks[block.index()].ops.len() as u32;
        self.snapshot.ops.push(OpInfo {
            name: OpName::intern(name),
            parent_block: Some(block),
            position,
            operands: operands.into(),
            results,
            regions: IdList::new(),
            facts,
        });
        self.snapshot.blocks[block.index()].ops.push(id);
        id
    }

    /// Mutable access to an op's facts, e.g. to add successors or region
    /// edges once the target blocks and values exist.
    pub fn facts_mut(&mut self, op: OpId) -> &mut OpFacts {
        &mut self.snapshot.ops[op.index()].facts
    }

    /// Read access to the snapshot built so far.
    pub fn snapshot(&self) -> &Snapshot {
        &self.snapshot
    }

    pub fn finish(self) -> Snapshot {
        self.snapshot
    }

    fn new_value(&mut self, def: ValueDef, kind: ValueKind) -> ValueId {
        let id = ValueId(self.snapshot.values.len() as u32);
        self.snapshot.values.push(ValueInfo { def, kind });
        id
    }
}
