//! What the pass tells the checker beyond the snapshot: the ownership flags
//! at the function's boundary (private-function dynamic ownership) and what
//! is known of its memory (constants, small local buffers, calls of
//! upstream's dealloc helper).

use rustc_hash::FxHashMap;

use crate::analysis::{
    dealloc_helper::{Constants, HelperUse},
    snapshot::{OpId, ValueId},
};

/// What the checker knows of a function's memory beyond the snapshot (the
/// pass reads it from the IR): integer constants, the static 1-D shapes of
/// allocations of `i1` and `index` cells, and the direct calls of functions
/// recognised as upstream's generic dealloc helper
/// ([`super::dealloc_helper`]).
///
/// An allocation whose every use (through casts) is a load or store at a
/// constant index within its shape, a free, or a buffer of a helper call is
/// *modelled*: a path keeps what it stored in each cell, a load gives it
/// back, and a helper call computes its outputs from its inputs' cells.
#[derive(Clone, Debug, Default)]
pub struct MemoryFacts {
    pub constants: Constants,
    /// Per allocation result: its length and whether its elements are `i1`
    /// (else `index`).
    pub cells: FxHashMap<ValueId, (u32, bool)>,
    /// Per direct call of a helper: the operand index of each buffer.
    pub helper_calls: FxHashMap<OpId, HelperUse<usize>>,
}

/// Ownership flags at the function's boundary (private-function dynamic
/// ownership): a returned buffer is handed to the caller only when its flag
/// holds, and a flagged call's buffer result is a fresh buffer the function
/// owns when its flag holds and otherwise one of the call's buffer operands
/// (or memory neither owns, when it has none).
#[derive(Clone, Debug, Default)]
pub struct Boundary {
    /// Per returned buffer: its operand index and its flag's, in the
    /// function's returns.
    pub returns: Vec<(usize, usize)>,
    /// Calls with flagged results: per buffer result, its index and its
    /// flag's among the call's results.
    pub calls: FxHashMap<OpId, Vec<(usize, usize)>>,
}
