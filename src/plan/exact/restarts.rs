//! The restart schedules of a decision search, as plain values: which [`Ranking`] orders the
//! items at the same floor and the portfolio of rankings, the schedules of [`Restarts`] (the
//! Luby sequence, MiniMalloc's doubling), and what restart `index` of a [`Schedule`] does.
//! The search's state holds these values; the driver runs the restarts and `ranking.rs`
//! turns a ranking into per-item keys.

/// Which of the buffers at the lowest floor the search tries first (larger first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Longer lifetime, then larger area.
    Duration,
    /// Larger size times lifetime, then larger size.
    Area,
    /// Larger size, then longer lifetime.
    Size,
    /// Larger load of the most crowded section the buffer is live in, then area.
    Total,
    /// Larger load of the most crowded section, then longer lifetime.
    TotalDuration,
}

/// The rankings the search planner restarts with, in turn.
pub const PORTFOLIO: [Ranking; 4] = [
    Ranking::Total,
    Ranking::Duration,
    Ranking::TotalDuration,
    Ranking::Area,
];

/// The restart schedule of a decision search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restarts {
    /// The portfolio's rankings once, then deterministically jittered ones, items at the
    /// same floor by least slack first (first fail); work limits follow the Luby sequence
    /// (1, 1, 2, 1, 1, 2, 4, ...): many short, varied runs.
    Luby,
    /// MiniMalloc's schedule and order: the portfolio's rankings round robin, unjittered,
    /// items at the same floor by ranking alone, the work limit doubling after each round, so
    /// each ranking eventually gets long runs.
    Doubling,
    /// Both schedules above side by side, each getting half of the work. They solve
    /// different instances (`docs/planner.md`, "Restarts").
    Interleaved,
}

/// One restart schedule of [`Restarts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Schedule {
    Luby = 0,
    Doubling = 1,
}

/// How one restart searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Restart {
    pub(super) ranking: Ranking,
    /// Seed of the jitter on the ranking and the slack, if any.
    pub(super) jitter: Option<u64>,
    /// Work limit in units of the first restart's.
    pub(super) scale: u64,
    /// Whether items at the same floor go by least slack before the ranking.
    pub(super) first_fail: bool,
}

impl Schedule {
    /// Restart `index` (from 0) of the schedule.
    pub(super) fn restart(self, index: u64, portfolio: &[Ranking]) -> Restart {
        let rankings = portfolio.len() as u64;
        let ranking = portfolio[(index % rankings) as usize];
        match self {
            Schedule::Luby => Restart {
                ranking,
                jitter: (index >= rankings).then_some(index),
                scale: luby(index + 1),
                first_fail: true,
            },
            Schedule::Doubling => Restart {
                ranking,
                jitter: None,
                scale: 1u64 << (index / rankings).min(40),
                first_fail: false,
            },
        }
    }
}

/// Work of the first restart of the search planner; later ones follow the Luby sequence.
pub const RESTART_WORK: u64 = 1_000_000;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (1-based).
pub(super) fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}
