//! Wall-clock cutoffs for the planners: a [`Deadline`] is an optional instant after which a
//! planner stops improving and completes its plan the fastest way it has (the buffers it has
//! not placed yet go on top, packed by one valley fill: [`crate::plan::skyline::complete_above`]).
//! `bufrs-plan --time-budget-ms` gives every planner one, so the budget bounds wall time
//! whatever the planner and input size.

use std::time::{Duration, Instant};

use crate::plan::{Plan, Problem, problem::round_up};

/// An optional wall-clock cutoff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No cutoff.
    pub const NEVER: Deadline = Deadline(None);

    /// A cutoff at `instant`.
    pub fn at(instant: Instant) -> Deadline {
        Deadline(Some(instant))
    }

    /// A cutoff `duration` from now.
    pub fn after(duration: Duration) -> Deadline {
        Deadline(Instant::now().checked_add(duration))
    }

    /// Whether the cutoff has passed.
    pub fn passed(&self) -> bool {
        self.0.is_some_and(|at| Instant::now() >= at)
    }

    /// Time left before the cutoff (`None` without one).
    pub fn remaining(&self) -> Option<Duration> {
        self.0
            .map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// The earlier of the two cutoffs.
    pub fn min(self, other: Deadline) -> Deadline {
        match (self.0, other.0) {
            (Some(a), Some(b)) => Deadline(Some(a.min(b))),
            (a, b) => Deadline(a.or(b)),
        }
    }
}

/// Time a [`Deadline::for_budget`] keeps back per buffer for the work a planner does outside
/// its clock checks: the set-up before the first one (sorting and sectioning the buffers)
/// and the completion of a plan cut short. Measured at a million buffers on a quiet machine:
/// at most 370 ms past a cutoff (greedy-breadth on a random trace: its ordering and time
/// index, then the size-class stacking), so 450 ms keeps every planner within the budget.
pub const FINISH_NS_PER_BUFFER: u64 = 450;

impl Deadline {
    /// The cutoff that makes a planner started at `start` on `buffers` buffers end within
    /// about `budget` of wall time: `start + budget` less [`FINISH_NS_PER_BUFFER`] per buffer
    /// (at most half the budget). `bufrs-plan --time-budget-ms` and the benchmark use it.
    pub fn for_budget(start: Instant, budget: Duration, buffers: usize) -> Deadline {
        let reserve = Duration::from_nanos(FINISH_NS_PER_BUFFER.saturating_mul(buffers as u64))
            .min(budget / 2);
        Deadline(start.checked_add(budget - reserve))
    }
}

/// Loops that check a deadline do so every this many steps (reading the clock costs ~20 ns).
pub const CHECK_EVERY: usize = 64;

/// Time the valley fill of [`crate::plan::skyline::complete_above`] gets after a cutoff
/// before the last resort, [`stack_above`], takes over.
pub const FALLBACK_GRACE: Duration = Duration::from_millis(20);

/// The last resort once a deadline has passed, O(n) with small constants when the ticks are
/// dense (else O(n log n)): the buffers of `rest` go above everything else in `offsets`, by
/// size class (sizes rounded up to a power of two), each class on tracks of its width
/// assigned in start order (a track is reused once its last buffer has ended: interval
/// colouring, so a class takes as many tracks as it has buffers live at once). Classes are
/// stacked. Valid, not tight.
pub fn stack_above(problem: &Problem, mut offsets: Vec<u64>, rest: &[usize]) -> Plan {
    let mut pending = vec![false; problem.len()];
    for &i in rest {
        pending[i] = true;
    }
    let top = (0..problem.len())
        .filter(|&i| !pending[i])
        .map(|i| offsets[i] + problem.aligned_size(i))
        .max()
        .unwrap_or(0);
    let quantum = problem.max_alignment();
    let mut base = round_up(top, quantum).unwrap_or(top);
    let buffers = problem.buffers();
    // Class 0: empty buffers; class c > 0: sizes rounded up to 2^(c-1). A size above 2^63
    // goes to class 64: the problem's invariant allows one such buffer, alone on track 0.
    let class_of = |i: usize| match problem.aligned_size(i) {
        0 => 0,
        size => size
            .checked_next_power_of_two()
            .map_or(64, |p| p.trailing_zeros() as usize + 1),
    };
    let by_first = group_by_class(&by_tick(rest, |i| buffers[i].first), class_of);
    let by_last = group_by_class(&by_tick(rest, |i| buffers[i].last), class_of);
    let mut track_of = vec![0u64; problem.len()];
    for (class, (firsts, lasts)) in by_first.iter().zip(&by_last).enumerate() {
        if class == 0 {
            for &i in firsts {
                offsets[i] = 0;
            }
            continue;
        }
        let width = 1u64 << (class - 1);
        let mut free: Vec<u64> = Vec::new();
        let mut tracks = 0u64;
        let mut ended = 0;
        for &i in firsts {
            // Tracks of buffers that ended before this one starts (they started earlier, so
            // they have a track) are free again.
            while ended < lasts.len() && buffers[lasts[ended]].last < buffers[i].first {
                free.push(track_of[lasts[ended]]);
                ended += 1;
            }
            let track = free.pop().unwrap_or_else(|| {
                tracks += 1;
                tracks - 1
            });
            track_of[i] = track;
            // Below the sum of all sizes rounded to their class, at most twice the problem's
            // total: no overflow for any problem whose sizes fit with room to spare.
            offsets[i] = base.saturating_add(track.saturating_mul(width));
        }
        base = round_up(base.saturating_add(tracks.saturating_mul(width)), quantum)
            .unwrap_or(u64::MAX);
    }
    Plan::from_offsets(problem, offsets)
}

/// `items` stably sorted by `tick`: a counting sort when the ticks span at most 4 × the
/// items, else a stable sort.
fn by_tick(items: &[usize], tick: impl Fn(usize) -> u64) -> Vec<usize> {
    let low = items.iter().map(|&i| tick(i)).min().unwrap_or(0);
    let high = items.iter().map(|&i| tick(i)).max().unwrap_or(0);
    if high - low > 4 * items.len() as u64 {
        let mut sorted = items.to_vec();
        sorted.sort_by_key(|&i| tick(i));
        return sorted;
    }
    let mut first_of = vec![0usize; (high - low) as usize + 2];
    for &i in items {
        first_of[(tick(i) - low) as usize + 1] += 1;
    }
    for t in 1..first_of.len() {
        first_of[t] += first_of[t - 1];
    }
    let mut sorted = vec![0usize; items.len()];
    for &i in items {
        let slot = &mut first_of[(tick(i) - low) as usize];
        sorted[*slot] = i;
        *slot += 1;
    }
    sorted
}

/// `items` split by `class` (0 to 64), each group in the order of `items`.
fn group_by_class(items: &[usize], class: impl Fn(usize) -> usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); 65];
    for &i in items {
        groups[class(i)].push(i);
    }
    groups
}
