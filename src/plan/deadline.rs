//! Wall-clock cutoffs for the planners: a [`Deadline`] is an optional instant after which a
//! planner stops improving and completes its plan the fastest way it has (the buffers it has
//! not placed yet go on top, packed by one skyline fill: [`crate::plan::skyline::complete_above`]).
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

/// Loops that check a deadline do so every this many steps (reading the clock costs ~20 ns).
pub const CHECK_EVERY: usize = 64;

/// Time the skyline fill of [`crate::plan::skyline::complete_above`] gets after a cutoff
/// before the last resort, [`stack_above`], takes over.
pub const FALLBACK_GRACE: Duration = Duration::from_millis(20);

/// The last resort once a deadline has passed, O(n log n) with small constants: the buffers of
/// `rest` go above everything else in `offsets`, by size class (sizes rounded up to a power of
/// two), each class on tracks of its width assigned by start time (a track is reused once its
/// last buffer has ended: interval colouring). Classes are stacked. Valid, not tight.
pub fn stack_above(problem: &Problem, mut offsets: Vec<u64>, rest: &[usize]) -> Plan {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
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
    let mut sized: Vec<(u64, u64, usize)> = rest
        .iter()
        .map(|&i| {
            let size = problem.aligned_size(i);
            let class = if size == 0 {
                0
            } else {
                size.next_power_of_two()
            };
            (class, buffers[i].first, i)
        })
        .collect();
    sized.sort_unstable();
    let mut start = 0;
    while start < sized.len() {
        let class = sized[start].0;
        let end = start + sized[start..].partition_point(|e| e.0 == class);
        if class == 0 {
            for &(_, _, i) in &sized[start..end] {
                offsets[i] = 0;
            }
            start = end;
            continue;
        }
        // (last tick, track) of busy tracks; free tracks, lowest first.
        let mut busy: BinaryHeap<Reverse<(u64, u64)>> = BinaryHeap::new();
        let mut free: BinaryHeap<Reverse<u64>> = BinaryHeap::new();
        let mut tracks = 0u64;
        for &(_, first, i) in &sized[start..end] {
            while let Some(&Reverse((last, track))) = busy.peek() {
                if last >= first {
                    break;
                }
                busy.pop();
                free.push(Reverse(track));
            }
            let track = match free.pop() {
                Some(Reverse(track)) => track,
                None => {
                    tracks += 1;
                    tracks - 1
                }
            };
            // Below the sum of all sizes rounded to their class, at most twice the problem's
            // total: no overflow for any problem whose sizes fit with room to spare.
            offsets[i] = base.saturating_add(track.saturating_mul(class));
            busy.push(Reverse((buffers[i].last, track)));
        }
        base = round_up(base.saturating_add(tracks.saturating_mul(class)), quantum)
            .unwrap_or(u64::MAX);
        start = end;
    }
    Plan::from_offsets(problem, offsets)
}
