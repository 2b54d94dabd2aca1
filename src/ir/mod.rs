//! Thin, safe views of MLIR for bufrs: what melior offers plus what it lacks.
//!
//! melior gives handles (`OperationRef`, `Value`, `BlockRef`, `RegionRef`) that
//! stay 1:1 with MLIR's C API. This layer adds, through the C++ shim, the
//! interface queries the passes need ([`interfaces`]), the type facts of
//! memrefs ([`types`]), IR edits including use lists and builds through
//! `AllocationOpInterface` ([`edit`]) and diagnostics with severities and notes
//! ([`diagnostics`]). Nothing here knows a dialect op by name.
//!
//! melior handles have no `Hash`; [`key`] gives a stable per-run key for ops,
//! values and blocks (their pointer), to use in maps.

pub mod collect;
pub mod context;
pub mod diagnostics;
pub mod edit;
pub mod interfaces;
pub mod key;
pub mod types;

pub use diagnostics::{Diagnostic, Severity};
pub use key::{BlockKey, OpKey, ValueKey};
