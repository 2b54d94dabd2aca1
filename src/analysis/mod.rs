//! Pure-Rust analyses over an MLIR-free [`snapshot::Snapshot`] of one op's body
//! (`crate::ir::capture` fills one from real IR; nothing here uses MLIR).
//!
//! - [`snapshot`]: the data model (dense ids for ops, blocks, regions, values,
//!   plus the interface facts the analyses need) and a builder for tests.
//! - [`dominance`]: dominance and post-dominance of every region, with MLIR's
//!   `DominanceInfo` / `PostDominanceInfo` query semantics.
//! - [`graph`]: the graph utilities the analyses share: adjacency lists, the
//!   block CFG, SCCs, ancestor lookups in the region tree.
//! - [`liveness`]: MLIR `Liveness`: live-in / live-out per block, last users
//!   of a value per block, `is_dead_after`, `end_operation`.
//! - [`value_flow`]: the one value-flow graph (which values may name which
//!   buffers, and what each use does with a buffer) that alias, flow,
//!   ownership and lifetimes are built on.
//! - [`alias`]: buffer alias analysis (BufferViewFlowAnalysis): may-alias
//!   sets, forward/backward closures, allocation sources.
//! - [`lifetimes`]: tick-based buffer lifetimes for memory planning
//!   (merge-alloc): ticks, per-allocation intervals with loop/branch widening,
//!   allocation scopes, escapes.
//! - `testgen` (unit tests only; `examples/analysis_bench.rs` includes the
//!   file itself): a seeded random snapshot generator, not compiled into the
//!   plugin.
//! - [`allocs`]: what counts as a plain heap allocation and as a free;
//!   [`loops`]: the one loop policy (repetition, regions that run once, CFG
//!   cycles, concurrent iterations).
//! - [`dealloc_plan`] (with [`root_liveness`], owned roots' liveness from their
//!   aliases' own ranges): where the deallocation passes free, move, clone
//!   or borrow each owned buffer.
//! - [`dealloc_check`]: the static checker of deallocation (every heap
//!   buffer freed exactly once on every path, no use after free);
//!   [`dealloc_helper`]: upstream's generic dealloc helper, recognised from
//!   its body, whose semantics the checker applies.
//! - [`input_contract`]: writes to a buffer after it flowed into a merge
//!   (the input clone-based deallocation cannot make correct).
//! - [`call_graph`]: symbol uses and which functions may change signature;
//!   [`out_params`]: which function results become out-params (from
//!   symbol uses and result facts) and which returned allocation an
//!   out-param can replace.
//! - [`uses`]: use lists (value -> using ops); [`flow`]: the forward flow of
//!   one buffer through the IR; [`cycles`]: blocks on CFG cycles.

pub mod cycles;
pub mod dealloc_check;
pub mod dealloc_helper;
pub mod dealloc_plan;
pub mod flow;
pub mod input_contract;
pub mod snapshot;
pub mod uses;

pub mod alias;
pub mod allocs;
pub mod call_graph;
pub mod dominance;
pub mod graph;
pub mod lifetimes;
pub mod liveness;
pub mod loops;
pub mod out_params;
pub mod ownership;
pub mod root_liveness;
#[cfg(test)]
pub mod testgen;
pub mod value_flow;
