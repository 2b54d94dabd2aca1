//! Whether `bufrs-merge-alloc` may merge anything in a body, found before
//! anything is captured: one C++ walk (`cpp-shim/merge_alloc.cpp`) that
//! over-approximates the collector's `may_merge` on the IR itself, so a
//! body it rules out is left as it is without a snapshot; it also counts
//! the allocations the pass's gate counts, so the gate needs no walk of its
//! own.

use mlir_sys::MlirOperation;

use crate::ffi;

/// Whether the collector may give some scope of `root`'s body two
/// allocations of the merged classes (`heap`, `stack`; `dynamic` and
/// `keep_peak` as the collector's options) once the buffers
/// the cheap refusals rule out (returned or yielded, freed under another
/// name, taken by an op of unknown effects, as they are or through views,
/// casts, branches and ops whose results may be any of their buffer
/// operands, calls among them unless `calls_return_fresh`) are gone.
/// With `keep_peak`, a block's allocations count only where
/// `may_merge`'s byte check could keep them (two heap buffers, one sized at
/// run time, or buffers of static shape that may save a byte in one arena
/// aligned to `alignment`, the pass's option).
/// `false` only where `TickTraceCollector::may_merge` answers `false`, or,
/// with `counts`, where the pass's pre-capture gate leaves the body alone:
/// fewer than two heap allocations (`ir::capture::count_heap_allocations`,
/// static only unless `dynamic`) and fewer than two stack allocations
/// (`count_stack_allocations`), counted in the same walk.
#[allow(clippy::too_many_arguments)]
pub fn may_merge_uncaptured(
    root: MlirOperation,
    heap: bool,
    stack: bool,
    dynamic: bool,
    keep_peak: bool,
    calls_return_fresh: bool,
    counts: bool,
    alignment: u64,
) -> bool {
    // SAFETY: `root` is a live op.
    unsafe {
        ffi::bufrsShimMergeAllocMayMerge(
            root,
            heap,
            stack,
            dynamic,
            keep_peak,
            calls_return_fresh,
            counts,
            alignment,
        )
    }
}
