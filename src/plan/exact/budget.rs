//! How much work the exact search may do: an amount of work units derived from milliseconds,
//! so that a given input and budget give the same plan, with a wall-clock guard.

use std::time::Duration;

/// Work units per millisecond of budget, calibrated on the MiniMalloc instances in a release
/// build (1.1 to 2.2 million units per ms there, so a budget is an upper bound on the time;
/// measurements in `docs/planner.md`). A unit is one step of a scan: every loop over a partition's
/// buffers, a buffer's sections or its neighbours charges its length, so instances with long
/// lifetimes or many overlaps pay for them.
pub const WORK_PER_MS: u64 = 1_200_000;

/// Largest problem the search works on; larger ones keep the heuristic plan.
pub const SEARCH_LIMIT: usize = 2048;

/// How much work the search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Work units (see [`WORK_PER_MS`]); the deterministic limit.
    pub work: u64,
    /// Safety limit on wall-clock time.
    pub wall: Duration,
}

impl Budget {
    /// The budget for `ms` milliseconds: `ms * WORK_PER_MS` units, and a wall-clock cutoff at
    /// `ms` itself, so the budget bounds wall time even on a loaded or slow machine (where the
    /// cutoff, not the work, may end the search: the plan then depends on timing).
    pub fn from_millis(ms: u64) -> Budget {
        Budget {
            work: ms.saturating_mul(WORK_PER_MS),
            wall: Duration::from_millis(ms),
        }
    }

    /// `ms` milliseconds of work with a loose wall guard (`2 * ms + 50`) that only fires on a
    /// much slower machine: the default planner's short search, whose plans should not depend
    /// on timing.
    pub fn guarded(ms: u64) -> Budget {
        Budget {
            work: ms.saturating_mul(WORK_PER_MS),
            wall: Duration::from_millis(ms.saturating_mul(2).saturating_add(50)),
        }
    }
}
