//! The deallocation plan shared by the two deallocation passes (seeds 000,
//! 001 and 002): for every owned buffer, where it dies on each path, which
//! edges into critical merges move it and which need a clone, and where frees
//! go (after the last use, at a block start, or on a split edge). The
//! clone-based pass (`bufrs-buffer-deallocation`) applies it as computed; the
//! ownership-based pass (`bufrs-ownership-based-buffer-deallocation`) first
//! turns clones into borrows (a runtime ownership flag) where the borrowed
//! buffer can be kept alive instead ([`Borrowing`]).
//!
//! Pure analysis over a [`Snapshot`]: no MLIR.
//!
//! The parts, each importing only the ones listed before it:
//!
//! - `types`: what the plan says and the reasons an input is refused;
//! - `existing`: what the input already frees (ownership-based deallocs it
//!   leaves alone, frees of owned buffers it places again);
//! - `places`: compact per-op and per-value positions, lifted uses;
//! - `root_uses`: every owned root's uses lifted to its region, and the uses
//!   that lose ownership;
//! - `liveness`: the blocks that still need each owned root;
//! - `handover`: move, clone or borrow on each edge into a critical merge;
//! - `frees`: where a free goes in a block where a root dies;
//! - `build`: [`plan`] and [`plan_with`], which run the parts in that order;
//! - `takeover`: after the plan, the copies whose target can take over the
//!   buffer the plan frees right after them ([`copy_takeovers`]).
//!
//! [`Snapshot`]: crate::analysis::snapshot::Snapshot
//! [`Borrowing`]: Handover::Borrow

mod build;
mod existing;
mod frees;
mod handover;
mod liveness;
mod places;
mod root_uses;
mod takeover;
mod types;

#[cfg(test)]
mod tests;

pub use build::{plan, plan_with};
pub use existing::{check_handled, handled_by_ownership_deallocs};
pub use takeover::{CopyTakeover, copy_takeovers};
pub use types::{
    Borrowed, CloneAt, DeallocError, Decision, EdgeBlock, FeedEdge, FreeAt, Handover, LivenessMode,
    Owns, Plan, PlanConfig, PlanError, WIDE_ROOT_SETS,
};
