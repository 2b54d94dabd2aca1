//! Typed knowledge of specific ops, for the few places where bufrs must name
//! an op: where the IR to create is fixed (e.g. `memref.view` in merge-alloc)
//! or where MLIR 22 has no interface (copies: `CopyOpInterface` was removed
//! upstream). Everything else goes through interfaces (`crate::ir`).

pub mod builders;
pub mod copies;

/// `bufferization.dealloc` (ownership-based deallocation) frees buffers but
/// has no `MemoryEffectOpInterface` in MLIR 22, so no interface reveals
/// that it frees: passes that place frees must recognise it by name.
pub const OWNERSHIP_BASED_DEALLOC: &str = "bufferization.dealloc";
