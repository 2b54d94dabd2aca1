//! Thin views of MLIR for bufrs: what melior offers plus what it lacks.
//!
//! melior gives handles (`OperationRef`, `Value`, `BlockRef`, `RegionRef`) that
//! stay 1:1 with MLIR's C API. This layer adds, through the C++ shim, the
//! interface queries the passes need ([`interfaces`]), the type facts of
//! memrefs ([`types`]), IR edits and builds through `AllocationOpInterface`
//! ([`edit`]: `unsafe fn`s over raw handles, each with its safety contract)
//! and diagnostics with severities and notes ([`diagnostics`]). Nothing here
//! knows a dialect op by name.
//!
//! The bridge to the pure analyses: [`capture`] fills an
//! `analysis::snapshot::Snapshot` from real IR in one walk (with the map back
//! to MLIR handles, [`ir_map`]), and [`patch`] keeps such a snapshot in step
//! with a pass's own edits. Around it: [`collect`], the callbacks through which the
//! shim hands back variable-length data, [`context`], a context ready for
//! bufrs outside `mlir-opt`, [`copy_candidates`], C++ walks that tell
//! the copy passes where they may fire before anything is captured
//! ([`merge_candidates`]: whether merge-alloc may merge anything), and
//! [`finalize_candidates`], the one walk of finalization's clones and views.

pub mod capture;
pub mod collect;
pub mod context;
pub mod copy_candidates;
pub mod diagnostics;
pub mod edit;
pub mod finalize_candidates;
pub mod functions;
pub mod globals;
pub mod interfaces;
pub mod ir_map;
pub mod merge_candidates;
pub mod patch;
pub mod reuse_candidates;
pub mod types;

pub use diagnostics::{Diagnostic, Severity};
