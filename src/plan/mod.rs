//! Static memory planning: give every buffer a byte offset in one arena so that buffers live at
//! the same tick never share a byte, and keep the arena small. Pure algorithms, no MLIR.
//!
//! Contents, in the order a reader needs them:
//!
//! * [`problem`]: [`Buffer`] (size, alignment, inclusive lifetime), the validated [`Problem`],
//!   and the answer, [`Plan`] (offsets and total).
//! * [`bound`]: the [`lower_bound`] (largest aligned size live at one tick) and the
//!   [`peak_live_bytes`] (the same without padding).
//! * [`check`]: [`check_plan`], the independent verifier every planner is tested against.
//! * [`free_chunk`]: the chunk-list planner of the merge-alloc RFC (split, merge, extension), with
//!   its size-first and cost-model choices.
//! * [`greedy`]: the classic baselines (greedy by size, best fit in start order, size then
//!   duration, greedy by breadth), all on one best-fit placement engine.
//! * [`skyline`]: bottom-left fill of the lowest point of the skyline (perfect-packing style).
//! * [`valley`]: the skyline fill of large inputs (lowest valley first, O(n log n) on any
//!   trace).
//! * [`decompose`]: exact splits of a problem by time cuts and layers (buffers meeting every
//!   other one, stacked at the bottom) into leaves planned apart.
//! * [`contract`]: rectangle contraction, a heuristic reduction: buffers joined in time and
//!   stacked into rectangles, the smaller problem planned instead (guillotine packings).
//! * [`search`]: a canonical-placement branch and bound that aims at the optimum within a
//!   deterministic budget, starting from the default plan; it can go around buffers fixed at
//!   given offsets ([`search::fit_around`]).
//! * [`lns`]: large-neighbourhood search on top of it for large instances: windows of
//!   buffers re-placed by the search around the rest, kept fixed.
//! * [`deadline`]: the wall-clock cutoff a planner may be given ([`Deadline`]).
//! * [`csv_io`]: the MiniMalloc CSV format (`id,lower,upper,size`, half-open lifetimes).
//! * [`slices`]: IREE-style slice lists (`[start, end] = size`, sizes integers or symbols).
//! * [`svg`]: a picture of a plan (time across, address up).
//! * [`symbolic`]: placement of buffers with run-time sizes: offsets as expressions over size
//!   symbols, valid for every value (merge-alloc `dynamic=true`).
//! * [`rng`]: the deterministic random numbers of restarts and traces.
//! * [`synth`]: deterministic DNN-like random traces and perfect packings (optimum known)
//!   for tests and benchmarks.
//!
//! This file holds what ties them together: the [`Planner`] trait an embedding compiler can
//! implement, the registry of built-in planners by name ([`PlannerKind`]), the search budget
//! ([`SearchBudget`]), and [`PlanError`].

pub mod bands;
pub mod bound;
pub mod check;
pub mod contract;
pub mod csv_io;
pub mod deadline;
pub mod decompose;
pub mod exact;
pub mod free_chunk;
pub mod greedy;
pub mod lns;
pub mod problem;
pub mod rng;
pub mod search;
pub mod skyline;
pub mod slices;
pub mod svg;
pub mod symbolic;
pub mod synth;
pub mod valley;

pub use bound::{lower_bound, peak_live_bytes};
pub use check::check_plan;
pub use deadline::Deadline;
pub use problem::{Buffer, Plan, Problem};

use std::fmt;

/// Every way a problem, a plan or a request can be wrong. Each variant's doc names the
/// invariant that was broken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// Every alignment is a power of two (so at least 1).
    #[error("buffer {buffer}: alignment {alignment} is not a power of two")]
    BadAlignment { buffer: usize, alignment: u64 },
    /// Every lifetime `[first, last]` has `first <= last`.
    #[error("buffer {buffer}: lifetime [{first}, {last}] is empty")]
    EmptyLifetime {
        buffer: usize,
        first: u64,
        last: u64,
    },
    /// The sum of all sizes, each rounded up to the largest alignment, fits in 64 bits.
    #[error("buffer {buffer}: sizes overflow 64 bits")]
    SizeOverflow { buffer: usize },
    /// A plan has exactly one offset per buffer.
    #[error("plan has {found} offsets for {expected} buffers")]
    OffsetCount { expected: usize, found: usize },
    /// Every offset is a multiple of its buffer's alignment.
    #[error("buffer {buffer}: offset {offset} is not a multiple of {alignment}")]
    Misaligned {
        buffer: usize,
        offset: u64,
        alignment: u64,
    },
    /// Every buffer ends (offset + aligned size) within the plan's total.
    #[error("buffer {buffer}: ends at {end}, past the total {total}")]
    OutsideTotal { buffer: usize, end: u64, total: u64 },
    /// Buffers live at a common tick occupy disjoint bytes.
    #[error("buffers {first} and {second} are live at the same time and share bytes")]
    Overlap { first: usize, second: usize },
    /// A planner name is one of [`PlannerKind::ALL`].
    #[error("unknown planner `{name}` (known: {known})")]
    UnknownPlanner { name: String, known: String },
}

/// A memory planner. Implementations must return a plan that passes [`check_plan`] for every
/// valid [`Problem`], and must not panic.
pub trait Planner {
    /// The name it is known by (a registry name for the built-ins).
    fn name(&self) -> &str;
    /// Offsets for every buffer of `problem`.
    fn plan(&self, problem: &Problem) -> Plan;
}

/// The built-in planners, by the names the CLI and pass options use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlannerKind {
    /// The fast planner of choice: several heuristics, the best kept, then a short search on
    /// small problems. See [`default_plan`].
    Default,
    /// Free-chunk list with split, merge and extension (seed 003's planner), size-first choice.
    FreeChunk,
    /// Free-chunk list (seed 003's planner), cost-model choice.
    FreeChunkCost,
    /// Largest first, best gap among time-overlapping buffers (TFLite).
    GreedySize,
    /// Start-time order, best gap (IREE `LayoutSlices`, MLIR).
    BestFitStart,
    /// Size then longer lifetime first, best gap (XLA).
    SizeDuration,
    /// Buffers at the most crowded ticks first, best gap (TFLite GPU "greedy by breadth").
    GreedyBreadth,
    /// Skyline bottom-left fill, best of several choices (perfect-packing style).
    Skyline,
    /// Branch and bound toward the optimum, then large-neighbourhood search (windows
    /// re-placed by the branch and bound around fixed buffers), within the time budget.
    Search,
}

impl PlannerKind {
    /// Every built-in planner, default first.
    pub const ALL: [PlannerKind; 9] = [
        PlannerKind::Default,
        PlannerKind::FreeChunk,
        PlannerKind::FreeChunkCost,
        PlannerKind::GreedySize,
        PlannerKind::BestFitStart,
        PlannerKind::SizeDuration,
        PlannerKind::GreedyBreadth,
        PlannerKind::Skyline,
        PlannerKind::Search,
    ];

    /// Every planner's registry name, in [`PlannerKind::ALL`]'s order (the
    /// values `bufrs-merge-alloc{planner=...}` accepts).
    pub const NAMES: [&'static str; 9] = {
        let mut names = [""; 9];
        let mut i = 0;
        while i < names.len() {
            names[i] = PlannerKind::ALL[i].name();
            i += 1;
        }
        names
    };

    /// Registry name.
    pub const fn name(self) -> &'static str {
        match self {
            PlannerKind::Default => "default",
            PlannerKind::FreeChunk => "free-chunk",
            PlannerKind::FreeChunkCost => "free-chunk-cost",
            PlannerKind::GreedySize => "greedy-size",
            PlannerKind::BestFitStart => "best-fit-start",
            PlannerKind::SizeDuration => "size-duration",
            PlannerKind::GreedyBreadth => "greedy-breadth",
            PlannerKind::Skyline => "skyline",
            PlannerKind::Search => "search",
        }
    }

    /// One-line description for `--help` and docs.
    pub fn summary(self) -> &'static str {
        match self {
            PlannerKind::Default => {
                "best of the fast heuristics, then a short search on small inputs"
            }
            PlannerKind::FreeChunk => "free-chunk list with split/merge/extend, size-first choice",
            PlannerKind::FreeChunkCost => {
                "free-chunk list, cost model (size fit + recency of free)"
            }
            PlannerKind::GreedySize => "largest first into the best gap (TFLite greedy by size)",
            PlannerKind::BestFitStart => "start-time order into the best gap (IREE, MLIR)",
            PlannerKind::SizeDuration => "size then duration order into the best gap (XLA)",
            PlannerKind::GreedyBreadth => {
                "most crowded ticks first into the best gap (greedy by breadth)"
            }
            PlannerKind::Skyline => "fill the lowest point of the skyline first (bottom-left fill)",
            PlannerKind::Search => {
                "branch and bound, then large-neighbourhood search, within the time budget"
            }
        }
    }

    /// Looks a planner up by registry name.
    pub fn from_name(name: &str) -> Result<PlannerKind, PlanError> {
        PlannerKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| PlanError::UnknownPlanner {
                name: name.to_string(),
                known: PlannerKind::ALL.map(PlannerKind::name).join(", "),
            })
    }

    /// A planner object; `search_budget` only matters for [`PlannerKind::Search`].
    pub fn planner(self, search_budget: SearchBudget) -> BuiltinPlanner {
        BuiltinPlanner {
            kind: self,
            search_budget,
        }
    }
}

impl fmt::Display for PlannerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PlannerKind {
    type Err = PlanError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PlannerKind::from_name(s)
    }
}

/// How much the `search` planner may work: milliseconds of deterministic work
/// ([`search::Budget::from_millis`]: `ms` × [`search::WORK_PER_MS`] units, so a given input
/// and budget give the same plan; a wall-clock cutoff at `ms`, start plans included, stops it
/// on a machine slower than the calibration).
///
/// This is the one budget setting: merge-alloc's `search-budget-ms` option and `bufrs-plan
/// --search-budget-ms` both set it, each with the default suited to where it runs
/// ([`SearchBudget::PASS_DEFAULT`] per allocation scope inside a compiler,
/// [`SearchBudget::CLI_DEFAULT`] for the offline tool). Only [`PlannerKind::Search`] reads
/// it; `bufrs-plan` also turns it into a wall-clock [`Deadline`] for every planner
/// ([`BuiltinPlanner::plan_until`]). The `default` planner's short search has a fixed budget of its own,
/// [`SearchBudget::DEFAULT_PLANNER`], so the default planner gives the same plans whatever
/// the setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SearchBudget {
    ms: u64,
}

impl SearchBudget {
    /// Default of merge-alloc's `search-budget-ms` (per allocation scope).
    pub const PASS_DEFAULT: SearchBudget = SearchBudget::from_millis(50);
    /// Default of `bufrs-plan --search-budget-ms`.
    pub const CLI_DEFAULT: SearchBudget = SearchBudget::from_millis(1000);
    /// The short search inside the `default` planner (see [`default_plan`]); not a setting.
    pub const DEFAULT_PLANNER: SearchBudget = SearchBudget::from_millis(12);
    /// No search work, for planners that do not search.
    pub const NONE: SearchBudget = SearchBudget::from_millis(0);

    /// A budget of `ms` milliseconds of work.
    pub const fn from_millis(ms: u64) -> SearchBudget {
        SearchBudget { ms }
    }

    /// The budget in milliseconds of work.
    pub const fn millis(self) -> u64 {
        self.ms
    }

    /// The search's deterministic work limit and wall-clock guard for this budget.
    pub fn work(self) -> search::Budget {
        search::Budget::from_millis(self.ms)
    }
}

/// A built-in planner with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinPlanner {
    /// Which algorithm.
    pub kind: PlannerKind,
    /// Budget of the search planner.
    pub search_budget: SearchBudget,
}

impl Planner for BuiltinPlanner {
    fn name(&self) -> &str {
        self.kind.name()
    }

    fn plan(&self, problem: &Problem) -> Plan {
        self.plan_until(problem, Deadline::NEVER)
    }
}

impl BuiltinPlanner {
    /// The plan, cut short at `deadline`: each planner then completes its plan the fastest
    /// way it has (see [`Deadline`]). `bufrs-plan` passes the start time plus its budget, so
    /// the budget bounds the wall time of every planner.
    pub fn plan_until(&self, problem: &Problem, deadline: Deadline) -> Plan {
        let in_order = |order: greedy::Order| {
            greedy::best_fit_until(problem, &greedy::order(problem, order), deadline)
        };
        match self.kind {
            PlannerKind::Default => default_plan_until(problem, deadline),
            PlannerKind::FreeChunk => {
                free_chunk::plan_until(problem, free_chunk::Choice::SizeFirst, deadline)
            }
            PlannerKind::FreeChunkCost => {
                free_chunk::plan_until(problem, free_chunk::Choice::CostModel, deadline)
            }
            PlannerKind::GreedySize => in_order(greedy::Order::SizeDescending),
            PlannerKind::BestFitStart => in_order(greedy::Order::StartTime),
            PlannerKind::SizeDuration => in_order(greedy::Order::SizeThenDuration),
            PlannerKind::GreedyBreadth => in_order(greedy::Order::Breadth),
            PlannerKind::Skyline => {
                skyline::best_of_until(problem, SKYLINE_JITTERED_RUNS, deadline)
            }
            PlannerKind::Search => {
                search::plan_until(problem, &self.search_budget.work(), deadline)
            }
        }
    }
}

/// Jittered runs the skyline planner adds to its six plain ones.
pub const SKYLINE_JITTERED_RUNS: u64 = 6;

/// Problems up to this many buffers get many skyline fills and a short search on top of the
/// classic heuristics in [`default_plan`].
pub const DEFAULT_SEARCH_LIMIT: usize = 2048;

/// Most skyline fills the default planner runs (see [`skyline::best_within`]).
pub const DEFAULT_SKYLINE_RUNS: usize = 80;

/// Work of the default planner's skyline fills (see [`skyline::best_within`]): about 40
/// fills of the MiniMalloc instance with the longest lifetimes (J), [`DEFAULT_SKYLINE_RUNS`]
/// of the others.
pub const DEFAULT_SKYLINE_WORK: u64 = 600_000;

/// Work of the default planner's first search restart (later ones follow Luby).
pub const DEFAULT_RESTART_WORK: u64 = 4_000_000;

/// Share of the default planner's search budget spent asking for the lower bound itself
/// before descending from the heuristic plan.
pub const DEFAULT_BOUND_SHARE_PERCENT: u64 = 50;

/// The default planner. Up to [`DEFAULT_SEARCH_LIMIT`] buffers: the best of the classic
/// heuristics ([`best_classic`]) and of skyline fills ([`DEFAULT_SKYLINE_RUNS`]), then, if
/// that is above the lower bound, a short search seeded with it ([`SearchBudget::DEFAULT_PLANNER`] worth
/// of work, half of it asking for the bound itself). Each stage stops early at the lower
/// bound, and all of it is deterministic. Larger inputs: one valley fill ([`valley`],
/// O(n log n) on any trace), and, unless it is at the bound, greedy by breadth and
/// size-then-duration best fit when lifetimes overlap little.
pub fn default_plan(problem: &Problem) -> Plan {
    default_plan_until(problem, Deadline::NEVER)
}

/// Overlapping buffers per buffer up to which the default planner also tries best fit on
/// large inputs (best fit is quadratic when lifetimes overlap a lot, the valley fill is not;
/// a scan costs about 100 ns with the sort of the gaps).
pub const DEFAULT_GREEDY_WORK_PER_BUFFER: u64 = 16;

/// [`default_plan`] cut short at `deadline` (each stage checks it; the first candidate
/// always completes).
pub fn default_plan_until(problem: &Problem, deadline: Deadline) -> Plan {
    if problem.len() > DEFAULT_SEARCH_LIMIT {
        // Large inputs: one valley fill (O(n log n) on any trace), then greedy by breadth
        // and size-then-duration best fit when they scan few overlapping buffers.
        let mut best = valley::plan_until(problem, deadline);
        if deadline.passed() {
            return best;
        }
        let bound = lower_bound(problem);
        let work = DEFAULT_GREEDY_WORK_PER_BUFFER.saturating_mul(problem.len() as u64);
        if best.total <= bound || greedy::overlapping_pairs(problem) > work {
            return best;
        }
        for order in [greedy::Order::Breadth, greedy::Order::SizeThenDuration] {
            if best.total <= bound || deadline.passed() {
                break;
            }
            let sequence = greedy::order(problem, order);
            if let Some(plan) = greedy::best_fit_within(problem, &sequence, work, deadline)
                && plan.total < best.total
            {
                best = plan;
            }
        }
        return best;
    }
    default_small(problem, deadline, 1000)
}

/// The default planner's path up to [`DEFAULT_SEARCH_LIMIT`] buffers, with `per_mille`‰ of
/// its short search's work ([`SearchBudget::DEFAULT_PLANNER`]).
fn default_small(problem: &Problem, deadline: Deadline, per_mille: u64) -> Plan {
    let bound = lower_bound(problem);
    let classic = best_classic(problem, bound);
    if classic.total <= bound || deadline.passed() {
        return classic;
    }
    // Rectangle contraction (`plan::contract`): when buffers join into rectangles that
    // leave at most `CONTRACT_PERCENT`% of them, the contracted problem is planned by this
    // same path instead of the whole (no split, fills or search of the whole then: they
    // cost more than the 50 ms the default planner aims at on 1,000 buffers, and did worse
    // on every instance measured). Perfect packings of 1,000 buffers contract to 27-62
    // rectangles, MiniMalloc A-E and K to 9-26% of their buffers. The contracted problem
    // gets a share of the work in proportion to its buffers, as the split's leaves do (with
    // all of it the short search alone took 31-46 ms on the contracted perfect packings of
    // 1,000 buffers under load, for 1.0166 against 1.0212, before `contract::CROWDED`).
    if let Some(c) = contract::contract(problem)
        && c.problem().len() * 100 <= problem.len() * CONTRACT_PERCENT
    {
        let share = per_mille * c.problem().len() as u64 / problem.len().max(1) as u64;
        let plan = c.expand(problem, &default_small(c.problem(), deadline, share));
        return smallest([classic, plan]);
    }
    // Time cuts, layers and bands of a flat load, recursively (`bands::split`): when they cut
    // the problem into leaves of at most 75% of the buffers, the skyline fills and the short
    // search go to the leaves instead of the whole (each leaf planned by this path with a
    // share of the work in proportion to its buffers), and their plans stacked are the
    // other candidate (perfect packings of 200 buffers: at the bound; MiniMalloc B 1.048 to
    // 1.000, E 1.065 to 1.053).
    if let Some(split) = bands::useful_split(problem, search::DECOMPOSED_LEAF_PERCENT) {
        let plan = split.plan(problem, |leaf, _| {
            let share = per_mille * leaf.len() as u64 / problem.len().max(1) as u64;
            default_small(leaf, deadline, share)
        });
        return smallest([classic, plan]);
    }
    let best = smallest([
        classic,
        skyline::best_within_until(
            problem,
            DEFAULT_SKYLINE_RUNS,
            DEFAULT_SKYLINE_WORK / 1000 * per_mille,
            bound,
            deadline,
        ),
    ]);
    if best.total <= bound || deadline.passed() {
        return best;
    }
    let mut budget = search::Budget::guarded(SearchBudget::DEFAULT_PLANNER.millis());
    budget.work = budget.work / 1000 * per_mille;
    if let Some(left) = deadline.remaining() {
        budget.wall = budget.wall.min(left);
    }
    let settings = search::Settings {
        first_restart_work: DEFAULT_RESTART_WORK,
        bound_share_percent: DEFAULT_BOUND_SHARE_PERCENT,
        restarts: search::Restarts::Luby,
    };
    search::improve_with(problem, best, &budget, &search::PORTFOLIO, settings)
}

/// The default and search planners plan a contracted problem ([`contract`]) when it holds at
/// most this share of the buffers. Shallower contractions (MiniMalloc F-J: 30-49%) cost the
/// default planner twice its time when planned besides the whole, and the search planner's
/// J ended at 1.075 (main 1.069 under the same load) with half its budget spent on it.
pub const CONTRACT_PERCENT: usize = 25;

/// The smallest of the classic order-then-best-fit heuristics and the seed 003 chunk list
/// (first one wins ties). `bound` is a lower bound of every plan's total ([`lower_bound`] or
/// less): the first plan at it is the smallest, and the heuristics after it are not run.
pub fn best_classic(problem: &Problem, bound: u64) -> Plan {
    let candidates = [
        PlannerKind::GreedyBreadth,
        PlannerKind::GreedySize,
        PlannerKind::SizeDuration,
        PlannerKind::BestFitStart,
        PlannerKind::FreeChunk,
    ];
    let mut best: Option<Plan> = None;
    for kind in candidates {
        let plan = kind.planner(SearchBudget::NONE).plan(problem);
        if best.as_ref().is_none_or(|b| plan.total < b.total) {
            best = Some(plan);
        }
        if best.as_ref().is_some_and(|b| b.total <= bound) {
            break;
        }
    }
    best.unwrap_or(Plan {
        offsets: Vec::new(),
        total: 0,
    })
}

/// The smallest of the plans (first one wins ties).
fn smallest<const N: usize>(plans: [Plan; N]) -> Plan {
    plans
        .into_iter()
        .reduce(|best, plan| if plan.total < best.total { plan } else { best })
        .unwrap_or(Plan {
            offsets: Vec::new(),
            total: 0,
        })
}

#[cfg(test)]
mod tests;
