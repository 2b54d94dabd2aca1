//! Wall-clock cutoffs for the planners: a [`Deadline`] is an optional instant after which a
//! planner stops improving and completes its plan the fastest way it has (the buffers it has
//! not placed yet go on top, packed by one skyline fill: [`crate::plan::skyline::complete_above`]).
//! `bufrs-plan --time-budget-ms` gives every planner one, so the budget bounds wall time
//! whatever the planner and input size.

use std::time::{Duration, Instant};

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
