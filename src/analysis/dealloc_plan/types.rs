//! What the deallocation plan says and how it is asked for: the [`Plan`]
//! (frees, clones, moves, borrows, split edges), the handover decided for
//! each edge into a critical merge ([`Decision`], [`Handover`], [`Owns`]),
//! the settings ([`PlanConfig`], [`LivenessMode`]) and the reasons an input
//! is refused ([`PlanError`], [`DeallocError`]). Data only.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rustc_hash::FxHashMap;

use crate::analysis::snapshot::{BlockId, OpId, ValueId};

/// Why the IR cannot be handled ([`DeallocError`]), at an op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError {
    /// Where the diagnostic goes.
    pub op: OpId,
    pub error: DeallocError,
}

/// The input IR breaks an assumption the deallocation plan rests on. Each
/// variant names the assumption; op names are the ones printed in the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeallocError {
    /// Every branch tells which of its operands go to each successor
    /// (`BranchOpInterface`).
    #[error("buffers flow to a successor whose operands are unknown (no BranchOpInterface)")]
    UnknownSuccessorOperands,
    /// Every terminator of a region-branch op's region tells where it goes
    /// (`RegionBranchTerminatorOpInterface` or `ReturnLike`); `parent` is the
    /// region-branch op.
    #[error(
        "the terminator's successors in '{parent}' are unknown (no RegionBranchTerminatorOpInterface or ReturnLike)"
    )]
    UnknownRegionExit { parent: String },
    /// The input has no ownership-based deallocation (`bufferization.dealloc`).
    #[error("'{op}' is ownership-based deallocation; run this pass on IR without it")]
    OwnershipBasedDealloc { op: String },
    /// Buffers that ownership-based deallocation (`bufferization.dealloc`)
    /// already frees are left to it; none of them may be one the pass must
    /// free too (e.g. a merge where such a buffer meets one the pass owns and
    /// that also feeds a merge the dealloc frees).
    #[error(
        "'{op}' frees a buffer that this pass would also have to free (it meets buffers the pass owns at a merge that needs a clone)"
    )]
    FreedAlsoByOwnershipDealloc { op: String },
    /// An op that frees does nothing else; here it also allocates (a realloc).
    #[error(
        "'{op}' frees a buffer and allocates another; expand it first (expand-realloc, which bufrs-deallocation-pipeline runs)"
    )]
    FreeAndAllocate { op: String },
    /// An op that frees does nothing else; here it has results, regions or
    /// other effects.
    #[error(
        "'{op}' frees buffers and does more (results, regions or other effects); run this pass on IR without it"
    )]
    FreeAndMore { op: String },
    /// An existing free frees only buffers the function owns on every path.
    #[error("frees a buffer that may or may not be owned by this function")]
    MaybeOwnedFree,
    /// A buffer allocated in a control-flow loop has uses that can be
    /// followed: its address is not kept where uses go out of sight.
    #[error(
        "keeps the address of a buffer allocated in a control-flow loop where its uses cannot be followed; where its last use is cannot be told"
    )]
    AddressKeptInLoop,
    /// An address taken as a plain value stays within its buffer's life:
    /// control flow does not carry it out of the buffer's region or around a
    /// loop to an earlier point.
    #[error(
        "takes the address of a buffer as a plain value that control flow carries out of the buffer's region or around a loop; where its last use is cannot be told"
    )]
    AddressCarriedAway,
    /// Every use of a buffer is nested in the region that owns it.
    #[error("uses a buffer outside the region that owns it")]
    UseOutsideOwningRegion,
    /// Buffers are not stored into memory (their ownership would be lost).
    #[error("stores a buffer into memory; its ownership cannot be tracked")]
    StoredBuffer,
    /// The function's blocks end with known returns.
    #[error(
        "'{op}' ends the function's block but is no known return (e.g. an unregistered op that may be a terminator); where the buffer goes is unknown"
    )]
    UnknownFunctionTerminator { op: String },
    /// A buffer leaves a region only through region-branch control flow
    /// (`RegionBranchOpInterface`); `parent` is the op whose region it leaves.
    #[error(
        "passes a buffer out of '{parent}', whose control flow is unknown (no RegionBranchOpInterface)"
    )]
    UnknownRegionControlFlow { parent: String },
}

/// Where a free goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FreeAt {
    After(OpId),
    Before(OpId),
    StartOf(BlockId),
}

/// One clone to insert: the operand of `forwarder` at `position` in the
/// operands it forwards along `edge` (now `value`) becomes a clone of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CloneAt {
    pub forwarder: OpId,
    pub edge: FeedEdge,
    pub position: u32,
    pub value: ValueId,
}

/// Everything the pass will change.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Frees already in the IR of owned buffers, removed and re-placed.
    pub erase: Vec<OpId>,
    pub clones: Vec<CloneAt>,
    pub moves: usize,
    pub frees: Vec<(ValueId, FreeAt)>,
    /// Edges (terminator, successor index) split by a new block that makes
    /// clones and frees buffers only when control takes that edge.
    pub splits: BTreeMap<(OpId, u32), EdgeBlock>,
    /// Every edge into critical merges and every returned buffer, with how
    /// it hands its buffer over.
    pub decisions: Vec<Decision>,
    /// Edges that borrow (ownership-based mode only).
    pub borrows: usize,
    /// Whether each critical merge owns its buffer (all `Always` in
    /// clone-based mode).
    pub owns: FxHashMap<ValueId, Owns>,
    /// What each merge may borrow (empty in clone-based mode).
    pub borrowed: Borrowed,
    /// Owned roots whose liveness the per-root walk found in the final
    /// round (the others' came from their aliases' own ranges).
    pub walked_roots: usize,
    /// Ownership-based mode: moves out of a region, by (terminator, position
    /// among its forwarded operands), whose buffer may be one of the
    /// region's own arguments it borrows (those arguments listed). The
    /// buffer handed on is owned when its own flag says so or when it is
    /// one of those arguments (pointer comparison) and that argument is
    /// owned; each such argument is freed before the terminator only when
    /// it is owned and not the buffer handed on.
    pub checked_moves: BTreeMap<(OpId, u32), Vec<ValueId>>,
}

/// The work done on a split edge, in order: clones of forwarded operands
/// (by position in the successor operands), then frees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeBlock {
    pub clones: Vec<(u32, ValueId)>,
    pub frees: Vec<ValueId>,
}

/// The kind of edge an operand is forwarded along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FeedEdge {
    /// Successor `k` of a branch.
    Branch(u32),
    /// A region terminator's exit (all its edges forward the same operands).
    RegionExit,
    /// A function return.
    Return,
    /// The operands a region-branch op forwards into its regions or results.
    Entry,
}

/// For every merge that may be a borrowed buffer: the owned roots it may
/// borrow (which must stay alive while it is used).
pub type Borrowed = FxHashMap<ValueId, BTreeSet<ValueId>>;

/// How an edge into critical merges hands its buffer over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handover {
    /// The incoming owned root itself, dead after the edge: its ownership
    /// (static or its flag) goes with it.
    Move(ValueId),
    /// A fresh clone (owned).
    Clone,
    /// The buffer as it is, not owned by the merge (runtime flag `false`):
    /// its owners keep it alive while the merge is used.
    Borrow,
}

/// One operand occurrence feeding critical merges (or a function return),
/// and how it hands its buffer over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub forwarder: OpId,
    pub edge: FeedEdge,
    /// As [`CloneAt::position`].
    pub position: u32,
    pub value: ValueId,
    /// The critical merges fed (empty for returns).
    pub receivers: Vec<ValueId>,
    pub handover: Handover,
}

/// Whether a critical merge owns its buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Owns {
    /// On every path (every edge moves an owned buffer or clones).
    Always,
    /// On no path (every edge borrows): the merge is an alias.
    Never,
    /// Depends on the path: the merge carries a runtime `i1` flag.
    Dynamic,
}

/// Settings of [`plan`](super::plan).
#[derive(Clone, Copy, Default)]
pub struct PlanConfig<'a> {
    /// Ops refused as input (ownership-based deallocation, by name: it has
    /// no memory-effect interface in MLIR 22).
    pub refused: &'a [&'a str],
    /// Ownership-based mode: the critical merges that can carry a runtime
    /// ownership flag. Edges into them borrow instead of cloning where the
    /// lent buffer can be kept alive. `None`: clone-based.
    pub flaggable: Option<&'a dyn Fn(ValueId) -> bool>,
    /// Ownership-based mode with private-function dynamic ownership: call
    /// results that come with an `i1` result saying whether the caller owns
    /// them (result -> its flag). Such a result is an owned root whose
    /// ownership is dynamic; when not owned it may be any buffer operand of
    /// the call, which it borrows (kept alive while the result is used).
    pub flagged_calls: Option<&'a HashMap<ValueId, ValueId>>,
    /// Ownership-based mode: the function's returns say with an `i1` per
    /// returned buffer whether the caller owns it, so a returned buffer the
    /// function does not own (and that borrows nothing it owns) is returned
    /// as it is (`Handover::Borrow`) instead of cloned, and a returned merge
    /// with a flag hands its flag on.
    pub returns_flags: bool,
    /// How owned roots' liveness is found (the plan is the same either
    /// way).
    pub liveness: LivenessMode,
}

/// How the plan finds where owned roots are live.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LivenessMode {
    /// Per value ([`RootLiveness`]) when root sets are wide (on average more
    /// than [`WIDE_ROOT_SETS`] roots per buffer value), else per root.
    ///
    /// [`RootLiveness`]: crate::analysis::root_liveness::RootLiveness
    #[default]
    Auto,
    /// Every root walked on its own from all its aliases' uses.
    PerRoot,
    /// Per value wherever the roots allow it.
    PerValue,
}

/// Root sets per buffer value above which [`LivenessMode::Auto`] derives
/// roots' liveness from values' own ranges: below it, the per-root walk over
/// the few aliases each root has costs less than building every value's
/// range (7% of the pass on the 175k-op module), above it the per-root walk
/// grows with roots times aliases (quadratic on a chain of blocks).
pub const WIDE_ROOT_SETS: usize = 4;
