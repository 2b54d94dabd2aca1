//! Typed knowledge of specific ops, for the few places where bufrs must name
//! an op: where the IR to create is fixed (e.g. `memref.view` in merge-alloc)
//! or where MLIR 22 has no interface (copies: `CopyOpInterface` was removed
//! upstream). Everything else goes through interfaces (`crate::ir`).

pub mod builders;
pub mod copies;
