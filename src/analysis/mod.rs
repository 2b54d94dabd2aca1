//! Pure-Rust analyses over an MLIR-free [`snapshot::Snapshot`] of one op's body.
//!
//! - [`snapshot`]: the data model (dense ids for ops, blocks, regions, values,
//!   plus the interface facts the analyses need) and a builder for tests.
//! - [`dominance`]: dominance and post-dominance of every region, with MLIR's
//!   `DominanceInfo` / `PostDominanceInfo` query semantics; also the block CFG
//!   and shared structural helpers (ancestor lookup, SCCs).
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
//! - [`testgen`]: a seeded random snapshot generator for tests and benchmarks.
//! - `capture` (built with MLIR only): fills a snapshot from real IR.
//! - [`allocs`]: what counts as a plain heap allocation and as a free;
//!   [`loops`]: the one loop policy (repetition, regions that run once, CFG
//!   cycles, concurrent iterations).
//! - [`dealloc_check`]: the static checker of deallocation (every heap
//!   buffer freed exactly once on every path, no use after free).
//! - [`input_contract`]: writes to a buffer after it flowed into a merge
//!   or a call (the input clone-based deallocation cannot make correct).
//! - [`uses`]: use lists (value -> using ops); [`flow`]: the forward flow of
//!   one buffer through the IR; [`cycles`]: blocks on CFG cycles.

pub mod snapshot;
// capture: fills a Snapshot from MLIR IR (src/analysis/capture.rs). Gated
// while the pure analyses are also built standalone, without MLIR.
#[cfg(bufrs_mlir)]
pub mod capture;
pub mod cycles;
pub mod dealloc_check;
pub mod flow;
pub mod input_contract;
pub mod uses;

pub mod alias;
pub mod allocs;
pub mod dominance;
pub mod lifetimes;
pub mod liveness;
pub mod loops;
pub mod ownership;
pub mod testgen;
pub mod value_flow;
