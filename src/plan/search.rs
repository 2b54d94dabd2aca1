//! A search for the smallest arena, in the spirit of MiniMalloc's canonical solutions
//! (Moffitt, ASPLOS 2023), written from the idea, not the code.
//!
//! Canonical placements: push every buffer of any valid plan down until it rests on a buffer
//! live at a common tick (or on 0, or on the alignment just above). Sorting the result by
//! offset gives a sequence in which each buffer's offset is the aligned maximum end of the
//! earlier buffers that overlap it in time, its *floor*. So it is enough to search over
//! sequences: at each step pick a next buffer whose floor is at least the previous offset and
//! place it at its floor. Nothing optimal is lost.
//!
//! For a target arena size `C` a depth-first search decides "is there a plan within `C`":
//!
//! * branching: take the unplaced buffer with the lowest floor and either place it there or
//!   *defer* it: it then rests on a buffer placed later, so it waits until its floor rises.
//!   Every canonical sequence is reachable and none is explored twice;
//! * tight corner: when the lowest point of the skyline sits in a section with no slack left,
//!   some buffer must start exactly there, so only buffers starting in that section at that
//!   height are tried;
//! * bound: each unplaced buffer gets a lowest possible offset (its floor; one that must rest
//!   on a buffer not yet placed goes at least on the lowest end of an unplaced neighbour). In
//!   every section (a tick where some buffer starts), the unplaced load stacked on the lowest
//!   of those offsets must fit under `C`, and so must every single buffer;
//! * gap rule (MiniMalloc's dominance): nothing goes at or above the lowest end an unplaced
//!   buffer would have at its floor — that buffer's bytes there would stay free and it would
//!   drop into them, so the plan would not be canonical;
//! * decomposition: when the buffers placed so far cut time in two (no unplaced buffer lives
//!   on both sides of a section boundary), the two sides are independent problems, solved
//!   one after the other; one without a plan ends the branch without trying the other's
//!   alternatives again;
//! * symmetry: buffers with the same size and lifetime go in index order;
//! * ordering: lower floor first; among equal floors first fail (the buffer covering the
//!   section with the least slack; in the Luby restarts only), then a [`Ranking`]. After a
//!   decomposition the total-first rankings rank each partition's items by the load still
//!   unplaced there (dynamic totals, as MiniMalloc's sub-solves do; this is what solves
//!   MiniMalloc I at its bound).
//!
//! The search is exact: the `exactness` tests compare it with brute force on small problems.
//!
//! The driver starts from the default planner's plan (and two more heuristics), asks for the
//! lower bound first with restarts for 40% of the budget ([`Restarts::Interleaved`]: short
//! first-fail runs with deterministically jittered rankings and Luby work limits, side by
//! side with MiniMalloc's schedule, the plain rankings of [`PORTFOLIO`] round robin under
//! doubling limits without the first-fail key; the two find different instances), then
//! descends from the best plan by a ladder of probes: the best total minus half the gap to
//! what is known out of reach, minus a quarter, an eighth, ... down to one granule, each
//! probe with a tenth of the work left, the ladder starting again after each plan found or
//! target proved infeasible, until the budget is spent (far targets first: a tighter target
//! is often easier for this search). Each
//! decision starts with the restart that found the last plan (the ones before it failed on a
//! looser target), then each schedule goes on where it stopped. A search that runs out of
//! branches proves the target infeasible. The budget is an amount of work derived from
//! milliseconds ([`WORK_PER_MS`]; every scan charges its length), so the result is
//! deterministic for a given input and budget; a wall-clock cutoff at the budget itself
//! (start plans included) only fires on a machine slower than the calibration. [`fit`] answers the
//! decision question for a given capacity. The search planner ([`plan`]) gives this exact
//! search [`WHOLE_SHARE_PERCENT`] of its budget and the large-neighbourhood search
//! ([`crate::plan::lns`]) the rest; problems above [`SEARCH_LIMIT`] buffers get the large-neighbourhood search alone.
//!
//! Obstacles ([`fit_around`]): buffers fixed at given offsets, which need not rest on
//! anything. Canonical plans stay complete with them: pushed down as far as it goes, a
//! buffer rests on another, on an obstacle or on 0, so sorted by offset each buffer sits at
//! the lowest aligned place at or above its floor that clears the obstacles live with it
//! (`Search::pos`, monotone in the floor, replaces the rounding of the floor everywhere).
//! The bounds count the obstacles' bytes above the height they test in each section, and
//! the tight corner only fires where no obstacle lies above the lowest point.

use std::time::{Duration, Instant};

use crate::plan::{
    Plan, PlannerKind, Problem,
    deadline::Deadline,
    default_plan_until, lower_bound,
    problem::{Sections, round_up},
    rng::scale_per_mille,
};

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

/// The search planner: the best of the default plan and two more heuristics, improved within
/// [`WHOLE_SHARE_PERCENT`] of `budget` by the exact search with the portfolio, then within the rest by the
/// large-neighbourhood search ([`crate::plan::lns`]); above [`SEARCH_LIMIT`] buffers by the
/// large-neighbourhood search alone. When the exact reductions of [`crate::plan::decompose`]
/// split the problem into parts none of which holds more than [`DECOMPOSED_LEAF_PERCENT`]
/// of the buffers, the parts are first planned apart the same way with
/// [`DECOMPOSED_SHARE_PERCENT`] of the budget, and the whole starts from their plan.
pub fn plan(problem: &Problem, budget: &Budget) -> Plan {
    plan_until(problem, budget, Deadline::NEVER)
}

/// [`plan`] within `budget.wall` of wall time counted from the call, start plans included
/// (they are cut short too, see [`Deadline`]), and never past `deadline`.
pub fn plan_until(problem: &Problem, budget: &Budget, deadline: Deadline) -> Plan {
    let deadline = deadline.min(Deadline::after(budget.wall));
    let mut start = default_plan_until(problem, deadline);
    // The skyline planner's twelve fills are a start at every size: above the search limit
    // the default planner runs one skyline fill, and all twelve are often better on tight
    // instances (perfect packings of 5,000 buffers: 1.239 against 1.252 × LB); below it a
    // small budget's search could otherwise end above the skyline's plan (a 9-buffer
    // instance of the property tests: 529 against 528 bytes with 20,000 units of work).
    for kind in [
        PlannerKind::FreeChunkCost,
        PlannerKind::SizeDuration,
        PlannerKind::Skyline,
    ] {
        if deadline.passed() {
            break;
        }
        let plan = kind
            .planner(crate::plan::SearchBudget::NONE)
            .plan_until(problem, deadline);
        if plan.total < start.total {
            start = plan;
        }
    }
    let mut work = budget.work;
    // Rectangle contraction (`plan::contract`, a heuristic reduction): the contracted
    // problem is planned by this planner with `CONTRACT_SHARE_PERCENT` of the budget (it has
    // no contraction of its own), and its plan expanded is a start.
    if problem.len() <= crate::plan::lns::LNS_LIMIT
        && start.total > lower_bound(problem)
        && let Some(c) = crate::plan::contract::contract(problem)
        && c.problem().len() * 100 <= problem.len() * crate::plan::CONTRACT_PERCENT
    {
        let share = work / 100 * CONTRACT_SHARE_PERCENT;
        let wall = match deadline.remaining() {
            Some(left) => left / 100 * CONTRACT_SHARE_PERCENT as u32,
            None => budget.wall / 100 * CONTRACT_SHARE_PERCENT as u32,
        };
        let inner = plan_until(c.problem(), &Budget { work: share, wall }, deadline);
        let plan = c.expand(problem, &inner);
        if plan.total < start.total {
            start = plan;
        }
        if start.total <= lower_bound(problem) {
            return start;
        }
        work -= share;
    }
    // Exact reductions first (time cuts, layers: `plan::decompose`; bands of a flat load:
    // `plan::bands`, applied recursively): the leaves are smaller problems whose plans at
    // their bounds make a plan at the bound of the whole; the whole problem then starts from
    // their plan.
    let split = (problem.len() <= crate::plan::lns::LNS_LIMIT
        && start.total > lower_bound(problem))
    .then(|| {
        // Band searches: 1/250 of the work (10 s: 48M, so 40M steps, 0.5-5 s), at most
        // `SPLIT_SEARCH_STEPS`.
        let steps = (work / 250).clamp(crate::plan::bands::SPLIT_STEPS, SPLIT_SEARCH_STEPS);
        crate::plan::bands::useful_split_within(problem, DECOMPOSED_LEAF_PERCENT, steps)
    })
    .flatten();
    if let Some(split) = split {
        let share = work / 100 * DECOMPOSED_SHARE_PERCENT;
        let until = match deadline.remaining() {
            Some(left) => {
                Deadline::after(left / 100 * DECOMPOSED_SHARE_PERCENT as u32).min(deadline)
            }
            None => deadline,
        };
        let plan = crate::plan::bands::plan_leaves(problem, &split, share, until, |p, s, w, d| {
            let wall = d.remaining().unwrap_or(budget.wall);
            improve_from(p, s, &Budget { work: w, wall }, d)
        });
        if plan.total < start.total {
            start = plan;
        }
        if start.total <= lower_bound(problem) {
            return start;
        }
        work -= share;
    }
    let wall = deadline.remaining().unwrap_or(budget.wall);
    improve_from(problem, start, &Budget { work, wall }, deadline)
}

/// Share of the search planner's budget spent on a contracted problem ([`crate::plan::contract`]).
pub const CONTRACT_SHARE_PERCENT: u64 = 50;

/// Share of the search planner's budget spent on the leaves of a non-trivial
/// decomposition ([`crate::plan::decompose`]) before the whole problem.
pub const DECOMPOSED_SHARE_PERCENT: u64 = 50;

/// The leaves are planned apart only when the largest holds at most this share of the
/// buffers. Measured under load (about 10 on 2 cores, 10 s per instance): stripping a few
/// layers off a problem moved the results either way (MiniMalloc D, 92% of the buffers left
/// in one leaf: 1.101 x LB with all the budget on the leaf against 1.038 on the whole; I,
/// 99%: 1.028 against 1.044); splitting it in parts made it easier (E, leaves of 59% and
/// 39%: 1.008 against 1.043 side by side; a 1,000-buffer perfect packing with leaves of 54%
/// and 46%: 1.206 against 1.246).
pub const DECOMPOSED_LEAF_PERCENT: usize = 75;

/// Most steps of band searches (`bands::flat_band`) the search planner's split takes: about
/// 1.5 s on the development machine.
pub const SPLIT_SEARCH_STEPS: u64 = 40_000_000;

/// The search planner from a start plan: the exact search on the whole problem, then the
/// large-neighbourhood search (see [`plan`]).
fn improve_from(problem: &Problem, start: Plan, budget: &Budget, deadline: Deadline) -> Plan {
    let wall = budget.wall;
    if problem.len() > SEARCH_LIMIT {
        return crate::plan::lns::improve(problem, start, budget.work, deadline);
    }
    // The exact search on the whole problem first, then the large-neighbourhood search
    // (windows re-placed by this search around fixed obstacles) on what is left.
    let whole_share = Budget {
        work: budget.work / 100 * WHOLE_SHARE_PERCENT,
        wall: wall / 100 * WHOLE_SHARE_PERCENT as u32,
    };
    let plan = improve(problem, start, &whole_share, &PORTFOLIO);
    crate::plan::lns::improve(problem, plan, budget.work - whole_share.work, deadline)
}

/// Share of the search planner's budget (work and wall) the exact search on the whole
/// problem gets before the large-neighbourhood search ([`crate::plan::lns`]). Measured with
/// 10 s per MiniMalloc instance. On the loaded 2-core machine (load about 10; first LNS
/// version), shares 100 / 50 / 75: D 1.079 / 1.051 / 1.052 x LB, E 1.065 / 1.008 / 1.030,
/// I 1.062 / 1.020 / 1.020, J 1.071 / 1.096 / 1.096. On the quiet machine (final version,
/// `bufrs-plan --planner search --search-budget-ms 10000`), shares 50 / 75 / 90: D 1.054 /
/// 1.058 / 1.053 (best known 1.063), E 1.000 / 1.030 / 1.000, I 1.050 / 1.053 / 1.050, J
/// 1.058 / 1.048 / 1.050 (best known 1.060); the whole budget (no LNS, the planner before
/// it) gives I 1.036. 90 keeps every instance the exact search solved alone.
pub const WHOLE_SHARE_PERCENT: u64 = 90;

/// How the search spends its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Work of the first restart; later ones follow `restarts`.
    pub first_restart_work: u64,
    /// Percentage of the budget spent asking for the lower bound before the descent.
    pub bound_share_percent: u64,
    /// How restarts vary their ranking and grow their work limit.
    pub restarts: Restarts,
}

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
enum Schedule {
    Luby = 0,
    Doubling = 1,
}

/// How one restart searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Restart {
    ranking: Ranking,
    /// Seed of the jitter on the ranking and the slack, if any.
    jitter: Option<u64>,
    /// Work limit in units of the first restart's.
    scale: u64,
    /// Whether items at the same floor go by least slack before the ranking.
    first_fail: bool,
}

impl Schedule {
    /// Restart `index` (from 0) of the schedule.
    fn restart(self, index: u64, portfolio: &[Ranking]) -> Restart {
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

impl Default for Settings {
    fn default() -> Self {
        Settings {
            first_restart_work: RESTART_WORK,
            bound_share_percent: 40,
            restarts: Restarts::Interleaved,
        }
    }
}

/// Returns a plan no larger than `incumbent` (which must be valid), smaller when the search
/// finds one within `budget`: 40% of the budget goes to the lower bound itself, the rest to a
/// ladder of probes below the best plan (see the module doc); every target is tried with
/// restarts over the rankings of `portfolio`.
pub fn improve(problem: &Problem, incumbent: Plan, budget: &Budget, portfolio: &[Ranking]) -> Plan {
    improve_with(problem, incumbent, budget, portfolio, Settings::default())
}

/// [`improve`] with other [`Settings`].
pub fn improve_with(
    problem: &Problem,
    incumbent: Plan,
    budget: &Budget,
    portfolio: &[Ranking],
    settings: Settings,
) -> Plan {
    let bound = lower_bound(problem);
    if incumbent.total <= bound
        || problem.len() > SEARCH_LIMIT
        || budget.work == 0
        || portfolio.is_empty()
    {
        return incumbent;
    }
    let mut search = Search::new(problem, budget);
    search.restart_work = settings.first_restart_work.max(1);
    search.restarts = settings.restarts;
    let step = search.granularity();
    search.granule = step;
    let mut best = incumbent;
    // Totals at or below `infeasible` are known to be out of reach (below the bound, or
    // proved by a search that ran out of branches).
    let mut infeasible = bound.saturating_sub(step);
    let bound_share = budget.work / 100 * settings.bound_share_percent.min(100);
    match search.decide_with_restarts(bound, bound_share, portfolio) {
        Outcome::Found(plan) => return plan,
        Outcome::Infeasible => infeasible = bound,
        Outcome::OutOfBudget => {}
    }
    // Descent by a ladder of probes: ask for the best total minus half the gap to what is
    // known to be out of reach, then minus a quarter, an eighth, ... down to one granule, each
    // with a tenth of the work left; a plan found or a target proved infeasible starts the
    // ladder again on the new gap. Far targets come first because a tighter target is often
    // *easier* for this search (it prunes more), and one success there saves many small
    // steps down from the best.
    let mut depth = 1u32;
    while best.total > infeasible + step && search.work_left() > 0 && !search.out_of_time() {
        let gap = best.total - (infeasible + step);
        let cut = (gap >> depth.min(63)).max(step);
        let target = ((best.total - cut) / step * step).max(infeasible + step);
        let share = (search.work_left() / LADDER_SHARE_DIVISOR)
            .max(search.work_left().min(search.restart_work));
        match search.decide_with_restarts(target, share, portfolio) {
            Outcome::Found(plan) => {
                best = plan;
                depth = 1;
            }
            Outcome::Infeasible => {
                infeasible = target;
                depth = 1;
            }
            Outcome::OutOfBudget if cut <= step => depth = 1,
            Outcome::OutOfBudget => depth += 1,
        }
    }
    best
}

/// Each probe of the descent gets this fraction of the work left (see [`improve_with`]).
const LADDER_SHARE_DIVISOR: u64 = 10;

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

/// Work of the first restart of the search planner; later ones follow the Luby sequence.
pub const RESTART_WORK: u64 = 1_000_000;

/// The answer of [`fit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fit {
    /// A plan within the capacity.
    Found(Plan),
    /// The search ran out of branches: no plan within the capacity exists.
    Infeasible,
    /// The budget ran out first.
    Unknown,
}

/// Decides whether a plan within `capacity` bytes exists (MiniMalloc's question), with
/// restarts over `portfolio` until `budget` is spent.
pub fn fit(problem: &Problem, capacity: u64, budget: &Budget, portfolio: &[Ranking]) -> Fit {
    let mut search = Search::new(problem, budget);
    search.granule = search.granularity();
    search.restarts = Settings::default().restarts;
    match search.decide_with_restarts(capacity, budget.work, portfolio) {
        Outcome::Found(plan) => Fit::Found(plan),
        Outcome::Infeasible => Fit::Infeasible,
        Outcome::OutOfBudget => Fit::Unknown,
    }
}

/// [`fit`] with every item going around `obstacles` (buffers fixed at given offsets, which
/// need not rest on anything; obstacles live at a common tick must not share bytes), with
/// the restarts of `settings` (its bound share is not used). Canonical plans stay complete:
/// pushed down, a buffer rests on another buffer, an obstacle or 0, and sorted by offset
/// each one sits at the lowest place at or above its floor that clears the obstacles.
/// Also returns the work spent.
pub fn fit_around(
    problem: &Problem,
    obstacles: &[Obstacle],
    capacity: u64,
    budget: &Budget,
    portfolio: &[Ranking],
    settings: Settings,
) -> (Fit, u64) {
    let mut search = Search::new(problem, budget);
    search.set_obstacles(obstacles);
    search.granule = search.granularity();
    search.restarts = settings.restarts;
    search.restart_work = settings.first_restart_work.max(1);
    let outcome = search.decide_with_restarts(capacity, budget.work, portfolio);
    let fit = match outcome {
        Outcome::Found(plan) => Fit::Found(plan),
        Outcome::Infeasible => Fit::Infeasible,
        Outcome::OutOfBudget => Fit::Unknown,
    };
    (fit, search.work_used)
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (1-based).
fn luby(mut i: u64) -> u64 {
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

enum Outcome {
    Found(Plan),
    Infeasible,
    OutOfBudget,
}

struct Search<'p> {
    problem: &'p Problem,
    /// Buffers with a non-zero size, the only ones placed.
    items: Vec<usize>,
    /// Per item: range of sections it is live in.
    sections_of: Vec<(usize, usize)>,
    /// Per item: items whose lifetime overlaps.
    neighbours: Vec<Vec<usize>>,
    /// Per section: items whose first section it is.
    starts_at: Vec<Vec<usize>>,
    /// Scratch for the bound: lowest possible offset of an unplaced item, per section.
    lowest: Vec<u64>,
    /// Every end and offset is a multiple of this (see `granularity`).
    granule: u64,
    /// Scratch for the bound, per item: lowest possible offset, and whether it must rest on
    /// an item not placed yet.
    item_lowest: Vec<u64>,
    floating: Vec<bool>,
    /// Per item: the previous item with the same size and lifetime (interchangeable twins
    /// are placed in index order), if any.
    twin_before: Vec<Option<usize>>,
    /// Node limit of the first restart.
    restart_work: u64,
    restarts: Restarts,
    /// Per item, per mille: scale of its slack in the branching order (jittered restarts).
    slack_scale: Vec<u64>,

    sizes: Vec<u64>,
    alignments: Vec<u64>,
    /// Tie-break among items at the same floor: larger first.
    rank: Vec<[u64; 3]>,
    /// The ranking of the current restart, and whether it is jittered (see
    /// [`Search::solve_parts`]).
    ranking: (Ranking, bool),
    section_count: usize,
    // Budget.
    work_used: u64,
    /// The restart that found the last plan, tried first by the next decision.
    last_found: Option<(Schedule, u64)>,
    /// Whether items at the same floor are ordered by their slack before the ranking.
    first_fail: bool,
    /// Per schedule: the next restart and the work used so far.
    cursor: [u64; 2],
    spent: [u64; 2],
    work_limit: u64,
    attempt_limit: u64,
    started: Instant,
    /// Nodes since the wall clock was last read.
    nodes_since_clock: u32,
    wall: Duration,
    timed_out: bool,
    // State of one decision search.
    target: u64,
    placed: Vec<bool>,
    offsets: Vec<u64>,
    floors: Vec<u64>,
    tops: Vec<u64>,
    loads: Vec<u64>,
    /// Per item: floor at which it was deferred ("will rest on a buffer placed later"); it is
    /// eligible again only once its floor rises above this. `u64::MAX`-free: NOT_DEFERRED.
    deferred: Vec<u64>,
    floor_trail: Vec<(usize, u64)>,
    top_trail: Vec<(usize, u64)>,
    defer_trail: Vec<(usize, u64)>,
    /// Per boundary between sections `s` and `s + 1`: unplaced items live on both sides.
    /// When it drops to zero the unplaced items left and right no longer interact.
    cuts: Vec<u32>,
    /// Placed items in placement order, with the trail marks to undo each placement.
    placements: Vec<Placement>,
    /// Buffers fixed at given offsets ([`Obstacle`]), which the items go around.
    fixed: Fixed,
}

/// A buffer fixed at an offset that the search must go around (MiniMalloc-style pinned
/// offsets; the large-neighbourhood search keeps everything outside its window fixed).
/// Obstacles need not rest on anything, but obstacles live at a common tick must not share
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle {
    /// Lifetime, inclusive, in the problem's ticks.
    pub first: u64,
    pub last: u64,
    /// Occupied bytes `[offset, end)`.
    pub offset: u64,
    pub end: u64,
}

/// The obstacles as the search reads them.
#[derive(Default)]
struct Fixed {
    /// Per item: the byte ranges of the obstacles live at a common tick, merged, sorted.
    of_item: Vec<Vec<(u64, u64)>>,
    /// Per section: the byte ranges of the obstacles live at its first tick (disjoint,
    /// sorted), and per range the bytes of it and of every range above it.
    at_section: Vec<Vec<(u64, u64)>>,
    bytes_from: Vec<Vec<u64>>,
    /// Highest end of an obstacle (0 without any).
    top: u64,
    any: bool,
}

/// One placement and the trail lengths before it, so it can be undone.
#[derive(Clone, Copy)]
struct Placement {
    item: usize,
    floor_mark: usize,
    top_mark: usize,
}

/// A part of the problem the search solves on its own: a range of sections no unplaced item
/// outside it shares, and the unplaced items in it.
struct Partition {
    /// First and last section (inclusive).
    sections: (usize, usize),
    items: Vec<usize>,
}

const NOT_DEFERRED: u64 = u64::MAX;

impl<'p> Search<'p> {
    fn new(problem: &'p Problem, budget: &Budget) -> Self {
        let buffers = problem.buffers();
        let Sections {
            items,
            count: section_count,
            span: sections_of,
        } = Sections::of(problem);
        // Overlaps by a sweep over start order: quadratic only in the overlap count.
        let mut by_start: Vec<usize> = (0..items.len()).collect();
        by_start.sort_by_key(|&k| (buffers[items[k]].first, k));
        let mut neighbours = vec![Vec::new(); items.len()];
        for (position, &a) in by_start.iter().enumerate() {
            let last = buffers[items[a]].last;
            for &b in &by_start[position + 1..] {
                if buffers[items[b]].first > last {
                    break;
                }
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
        let count = items.len();
        let mut twin_before = vec![None; items.len()];
        let mut last_of_kind: std::collections::HashMap<(u64, u64, u64), usize> =
            std::collections::HashMap::new();
        for (k, &i) in items.iter().enumerate() {
            let key = (problem.aligned_size(i), buffers[i].first, buffers[i].last);
            if buffers[i].alignment == problem.max_alignment() {
                twin_before[k] = last_of_kind.insert(key, k);
            }
        }
        let mut starts_at = vec![Vec::new(); section_count];
        for (k, &(lo, _)) in sections_of.iter().enumerate() {
            starts_at[lo].push(k);
        }
        Search {
            lowest: vec![0; section_count],
            item_lowest: vec![0; items.len()],
            floating: vec![false; items.len()],
            twin_before,
            restart_work: RESTART_WORK,
            restarts: Restarts::Luby,
            slack_scale: vec![1000; items.len()],

            granule: 1,
            starts_at,
            rank: Vec::new(),
            ranking: (Ranking::Total, false),
            problem,
            sizes: items.iter().map(|&i| problem.aligned_size(i)).collect(),
            alignments: items.iter().map(|&i| buffers[i].alignment).collect(),
            items,
            sections_of,
            neighbours,
            section_count,
            work_used: 0,
            last_found: None,
            first_fail: true,
            cursor: [0; 2],
            spent: [0; 2],
            work_limit: budget.work,
            attempt_limit: 0,
            started: Instant::now(),
            nodes_since_clock: 0,
            wall: budget.wall,
            timed_out: false,
            target: 0,
            placed: vec![false; count],
            offsets: vec![0; count],
            floors: vec![0; count],
            tops: vec![0; section_count],
            loads: vec![0; section_count],
            deferred: vec![NOT_DEFERRED; count],
            floor_trail: Vec::new(),
            top_trail: Vec::new(),
            defer_trail: Vec::new(),
            cuts: vec![0; section_count.saturating_sub(1)],
            placements: Vec::new(),
            fixed: Fixed::default(),
        }
    }

    /// Makes the items go around `obstacles` (see [`Obstacle`]); charges the set-up as work.
    fn set_obstacles(&mut self, obstacles: &[Obstacle]) {
        let buffers = self.problem.buffers();
        let mut starts: Vec<u64> = self.items.iter().map(|&i| buffers[i].first).collect();
        starts.sort_unstable();
        starts.dedup();
        let mut fixed = Fixed {
            of_item: vec![Vec::new(); self.items.len()],
            at_section: vec![Vec::new(); self.section_count],
            bytes_from: vec![Vec::new(); self.section_count],
            top: 0,
            any: false,
        };
        let mut by_first: Vec<usize> = (0..self.items.len()).collect();
        by_first.sort_by_key(|&k| buffers[self.items[k]].first);
        let firsts: Vec<u64> = by_first
            .iter()
            .map(|&k| buffers[self.items[k]].first)
            .collect();
        for o in obstacles.iter().filter(|o| o.end > o.offset) {
            fixed.any = true;
            fixed.top = fixed.top.max(o.end);
            // Items starting at or before the obstacle's last tick and ending at or after its
            // first one.
            let until = firsts.partition_point(|&t| t <= o.last);
            self.work_used += until as u64;
            for &k in &by_first[..until] {
                if buffers[self.items[k]].last >= o.first {
                    fixed.of_item[k].push((o.offset, o.end));
                }
            }
            let lo = starts.partition_point(|&t| t < o.first);
            let hi = starts.partition_point(|&t| t <= o.last);
            for ranges in &mut fixed.at_section[lo..hi] {
                ranges.push((o.offset, o.end));
            }
        }
        for ranges in &mut fixed.of_item {
            ranges.sort_unstable();
            let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
            for &(offset, end) in ranges.iter() {
                match merged.last_mut() {
                    Some(last) if offset <= last.1 => last.1 = last.1.max(end),
                    _ => merged.push((offset, end)),
                }
            }
            *ranges = merged;
        }
        for (ranges, from) in fixed.at_section.iter_mut().zip(&mut fixed.bytes_from) {
            ranges.sort_unstable();
            let mut sum = 0u64;
            *from = ranges
                .iter()
                .rev()
                .map(|&(offset, end)| {
                    sum += end - offset;
                    sum
                })
                .collect();
            from.reverse();
        }
        self.fixed = fixed;
    }

    /// The lowest offset at or above `floor`, aligned for item `k`, where `k` clears every
    /// obstacle live at a common tick (`u64::MAX` on overflow). Without obstacles: the floor
    /// rounded up to the alignment. Monotone in `floor`.
    #[inline]
    fn pos(&self, k: usize, floor: u64) -> u64 {
        let Some(mut at) = round_up(floor, self.alignments[k]) else {
            return u64::MAX;
        };
        if !self.fixed.any {
            return at;
        }
        let ranges = &self.fixed.of_item[k];
        let size = self.sizes[k];
        let mut index = ranges.partition_point(|&(_, end)| end <= at);
        while let Some(&(offset, end)) = ranges.get(index) {
            if end <= at {
                index += 1;
                continue;
            }
            if offset >= at.saturating_add(size) {
                break;
            }
            match round_up(end, self.alignments[k]) {
                Some(next) => at = next,
                None => return u64::MAX,
            }
            index += 1;
        }
        at
    }

    /// Bytes of obstacles at or above `height` in section `s` (obstacles live at its first
    /// tick).
    #[inline]
    fn fixed_above(&self, s: usize, height: u64) -> u64 {
        if !self.fixed.any {
            return 0;
        }
        let ranges = &self.fixed.at_section[s];
        let index = ranges.partition_point(|&(_, end)| end <= height);
        match ranges.get(index) {
            None => 0,
            Some(&(offset, end)) => {
                let partial = end - offset.max(height);
                partial
                    + self.fixed.bytes_from[s]
                        .get(index + 1)
                        .copied()
                        .unwrap_or(0)
            }
        }
    }

    /// Every offset and total of a canonical plan is a multiple of this: the gcd of the
    /// sizes, lowered to an alignment it does not divide (rounding a multiple of it up to
    /// such an alignment may leave a multiple of the alignment only).
    fn granularity(&self) -> u64 {
        let mut g = granularity(
            self.sizes
                .iter()
                .copied()
                .zip(self.alignments.iter().copied()),
        );
        for ranges in &self.fixed.of_item {
            for &(offset, end) in ranges {
                g = gcd(gcd(g, offset), end);
            }
        }
        g.max(1)
    }

    /// Sets the tie-break among items at the same floor.
    /// With `jitter`, the main key and each item's slack (first-fail key) are scaled by
    /// pseudo-random factors in [0.75, 1.25) drawn from that seed: a deterministic
    /// perturbation for restarts.
    fn set_ranking(&mut self, ranking: Ranking, jitter: Option<u64>) {
        self.ranking = (ranking, jitter.is_some());
        let buffers = self.problem.buffers();
        let mut rng = crate::plan::rng::Rng::new(jitter.unwrap_or(0));
        // Total: the largest initial load of a section the item covers.
        let mut loads = vec![0u64; self.section_count];
        for (k, &(lo, hi)) in self.sections_of.iter().enumerate() {
            for load in &mut loads[lo..=hi] {
                *load += self.sizes[k];
            }
        }
        self.rank = self
            .items
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let size = self.sizes[k];
                let duration = buffers[i].duration();
                let area = size.saturating_mul(duration);
                let (lo, hi) = self.sections_of[k];
                let total = loads[lo..=hi].iter().copied().max().unwrap_or(0);
                let mut key = match ranking {
                    Ranking::Duration => [duration, area, total],
                    Ranking::Area => [area, size, total],
                    Ranking::Size => [size, duration, total],
                    Ranking::Total => [total, area, duration],
                    Ranking::TotalDuration => [total, duration, area],
                };
                if jitter.is_some() {
                    key[0] = scale_per_mille(key[0], rng.jitter_per_mille());
                }
                key
            })
            .collect();
        self.slack_scale = match jitter {
            Some(_) => self.items.iter().map(|_| rng.jitter_per_mille()).collect(),
            None => vec![1000; self.items.len()],
        };
    }

    fn work_left(&self) -> u64 {
        if self.timed_out {
            0
        } else {
            self.work_limit.saturating_sub(self.work_used)
        }
    }

    fn out_of_time(&self) -> bool {
        self.timed_out
    }

    /// [`Search::decide`] with restarts following [`Search::restarts`], until `work` is
    /// spent, a plan is found, or one complete run proves the target infeasible. The first
    /// restart is the one that found the last plan, if any (the ones before it failed on a
    /// looser target and would likely fail again); then each schedule goes on where the last
    /// decision left it, so asking again brings fresh restarts. With both schedules, the one
    /// that has used less work goes next.
    fn decide_with_restarts(&mut self, target: u64, work: u64, portfolio: &[Ranking]) -> Outcome {
        let end = self.work_used.saturating_add(work).min(self.work_limit);
        if portfolio.is_empty() {
            return Outcome::OutOfBudget;
        }
        let mut retry = self.last_found.take();
        while self.work_used < end && !self.timed_out {
            let (schedule, index) = match retry.take() {
                Some(found) => found,
                None => {
                    let schedule = match self.restarts {
                        Restarts::Luby => Schedule::Luby,
                        Restarts::Doubling => Schedule::Doubling,
                        Restarts::Interleaved if self.spent[0] <= self.spent[1] => Schedule::Luby,
                        Restarts::Interleaved => Schedule::Doubling,
                    };
                    let index = self.cursor[schedule as usize];
                    self.cursor[schedule as usize] += 1;
                    (schedule, index)
                }
            };
            let restart = schedule.restart(index, portfolio);
            self.set_ranking(restart.ranking, restart.jitter);
            self.first_fail = restart.first_fail;
            let limit = self
                .restart_work
                .saturating_mul(restart.scale)
                .min(end - self.work_used);
            let before = self.work_used;
            let outcome = self.decide(target, limit);
            self.spent[schedule as usize] += self.work_used - before;
            match outcome {
                Outcome::OutOfBudget => {}
                Outcome::Found(plan) => {
                    self.last_found = Some((schedule, index));
                    return Outcome::Found(plan);
                }
                Outcome::Infeasible => return Outcome::Infeasible,
            }
        }
        Outcome::OutOfBudget
    }

    /// Is there a canonical plan with total <= `target`, within `work` more units?
    fn decide(&mut self, target: u64, work: u64) -> Outcome {
        self.start_decision(target, work);
        if target < self.fixed.top
            || (0..self.section_count)
                .any(|s| self.loads[s].saturating_add(self.fixed_above(s, 0)) > target)
        {
            return Outcome::Infeasible;
        }
        if self.items.is_empty() {
            // Nothing takes room: every buffer at 0.
            return Outcome::Found(Plan::from_offsets(
                self.problem,
                vec![0; self.problem.len()],
            ));
        }
        let whole = Partition {
            sections: (0, self.section_count.saturating_sub(1)),
            items: (0..self.items.len()).collect(),
        };
        if !self.bound_holds(&whole, 0) {
            return Outcome::Infeasible;
        }
        let parts = self.split(&whole, (0, self.section_count.saturating_sub(1)));
        match self.solve_parts(parts) {
            Step::Found => {
                let mut offsets = vec![0u64; self.problem.len()];
                for (k, &i) in self.items.iter().enumerate() {
                    offsets[i] = self.offsets[k];
                }
                Outcome::Found(Plan::from_offsets(self.problem, offsets))
            }
            Step::Exhausted => Outcome::Infeasible,
            Step::Stop => Outcome::OutOfBudget,
        }
    }

    /// Resets the state for a decision on `target` within `work` more units: nothing placed
    /// or deferred, every section's unplaced load and cut count from scratch.
    fn start_decision(&mut self, target: u64, work: u64) {
        self.target = target;
        self.attempt_limit = self.work_used.saturating_add(work).min(self.work_limit);
        self.placed.iter_mut().for_each(|p| *p = false);
        self.deferred.iter_mut().for_each(|d| *d = NOT_DEFERRED);
        self.floor_trail.clear();
        self.top_trail.clear();
        self.defer_trail.clear();
        self.placements.clear();
        self.floors.iter_mut().for_each(|f| *f = 0);
        self.tops.iter_mut().for_each(|t| *t = 0);
        self.loads.iter_mut().for_each(|l| *l = 0);
        self.cuts.iter_mut().for_each(|c| *c = 0);
        for (k, &(lo, hi)) in self.sections_of.iter().enumerate() {
            for load in &mut self.loads[lo..=hi] {
                *load += self.sizes[k];
            }
            for cut in &mut self.cuts[lo..hi] {
                *cut += 1;
            }
        }
    }

    /// Solves independent partitions one after the other, each from the bottom with fresh
    /// deferrals (its canonical sequence starts anew). One without a plan means none for all;
    /// the placements of those solved before it are then undone.
    ///
    /// Dynamic totals: with an unjittered ranking that leads with the total (the load of the
    /// most crowded section an item covers), the items of the partitions are ranked again by
    /// the load still unplaced there, as MiniMalloc does when it decomposes: the sections
    /// that were crowded at the start may be mostly placed by now. Their ranks come back
    /// afterwards. Measured: MiniMalloc I at 1048576 (its lower bound) in 165 ms of work,
    /// unknown after 10,000 ms with the static totals; every other instance at its best-known
    /// peak within 960 ms of work (`docs/planner.md`).
    fn solve_parts(&mut self, parts: Vec<Partition>) -> Step {
        let placement_mark = self.placements.len();
        let defer_mark = self.defer_trail.len();
        let saved = self.rank_by_load_left(&parts);
        let step = self.solve_each(parts, placement_mark, defer_mark);
        for (k, rank) in saved.into_iter().rev() {
            self.rank[k] = rank;
        }
        step
    }

    /// The dynamic totals of [`Search::solve_parts`]: when `parts` are more than one and the
    /// ranking is an unjittered total-first one, each of their items' total becomes the
    /// largest load still unplaced in a section it covers. Returns the ranks it replaced.
    fn rank_by_load_left(&mut self, parts: &[Partition]) -> Vec<(usize, [u64; 3])> {
        let mut saved = Vec::new();
        if parts.len() < 2
            || self.ranking.1
            || !matches!(self.ranking.0, Ranking::Total | Ranking::TotalDuration)
        {
            return saved;
        }
        for part in parts {
            for &k in &part.items {
                let (lo, hi) = self.sections_of[k];
                self.work_used += (hi - lo + 1) as u64;
                let total = self.loads[lo..=hi].iter().copied().max().unwrap_or(0);
                saved.push((k, self.rank[k]));
                self.rank[k][0] = total;
            }
        }
        saved
    }

    /// [`Search::solve_parts`] once the ranks are set: undoes everything back to the marks
    /// when a partition has no plan.
    fn solve_each(
        &mut self,
        parts: Vec<Partition>,
        placement_mark: usize,
        defer_mark: usize,
    ) -> Step {
        for part in parts {
            for &k in &part.items {
                if self.deferred[k] != NOT_DEFERRED {
                    self.defer_trail.push((k, self.deferred[k]));
                    self.deferred[k] = NOT_DEFERRED;
                }
            }
            let remaining = part.items.len();
            match self.descend(&part, remaining, 0) {
                Step::Found => {}
                other => {
                    self.unwind(placement_mark, defer_mark);
                    return other;
                }
            }
        }
        Step::Found
    }

    /// Undoes placements and deferrals back to the given trail lengths.
    fn unwind(&mut self, placement_mark: usize, defer_mark: usize) {
        while self.placements.len() > placement_mark {
            self.unplace_last();
        }
        while self.defer_trail.len() > defer_mark {
            if let Some((item, value)) = self.defer_trail.pop() {
                self.deferred[item] = value;
            }
        }
    }

    /// The partitions of `part` between the zero cuts inside `span` (a section range), or
    /// `part` itself, copied, when there are none there. Every unplaced item lies in one
    /// partition: none crosses a zero cut.
    fn split(&self, part: &Partition, span: (usize, usize)) -> Vec<Partition> {
        let (lo, hi) = part.sections;
        let mut starts = vec![lo];
        starts.extend(
            (span.0..span.1)
                .filter(|&s| self.cuts[s] == 0)
                .map(|s| s + 1),
        );
        let mut parts: Vec<Partition> = starts
            .iter()
            .enumerate()
            .map(|(index, &first)| Partition {
                sections: (first, starts.get(index + 1).map_or(hi, |&next| next - 1)),
                items: Vec::new(),
            })
            .collect();
        for &k in &part.items {
            if !self.placed[k] {
                let first = self.sections_of[k].0;
                let index = starts.partition_point(|&start| start <= first) - 1;
                parts[index].items.push(k);
            }
        }
        parts.retain(|p| !p.items.is_empty());
        parts
    }

    /// One node: take the eligible item with the lowest aligned floor (ties: least slack,
    /// then the ranking) and branch: place it at its floor, or defer it (it will rest on a
    /// buffer placed later, so it waits until its floor rises) and pick again. Every canonical
    /// sequence is reachable this way, and none is explored twice. Deferrals are a loop, not
    /// recursion, so the depth is at most the number of buffers. A placement that leaves the
    /// rest of the partition in independent pieces solves them one by one.
    fn descend(&mut self, part: &Partition, remaining: usize, level: u64) -> Step {
        if remaining == 0 {
            return Step::Found;
        }
        self.work_used += (part.sections.1 - part.sections.0 + 1) as u64;
        if let Some(corner) = self.tight_corner(part, level) {
            return self.fill_corner(part, remaining, corner);
        }
        let Some(candidates) = self.candidates(part, level) else {
            return Step::Exhausted;
        };
        let defer_mark = self.defer_trail.len();
        let mut result = Step::Exhausted;
        for (offset, k) in candidates {
            if let Some(stop) = self.count_node() {
                result = stop;
                break;
            }
            match self.try_place(part, remaining, k, offset) {
                Step::Exhausted => {}
                other => return other,
            }
            // Passed over: k now rests on something placed later.
            self.defer_trail.push((k, self.deferred[k]));
            self.deferred[k] = self.floors[k];
        }
        while self.defer_trail.len() > defer_mark {
            if let Some((item, value)) = self.defer_trail.pop() {
                self.deferred[item] = value;
            }
        }
        result
    }

    /// Counts one node (the scans charge their own work as they go); `Some(Step::Stop)` when
    /// the attempt's work or the wall clock run out.
    fn count_node(&mut self) -> Option<Step> {
        self.work_used += 1;
        if self.work_used >= self.attempt_limit {
            return Some(Step::Stop);
        }
        self.nodes_since_clock += 1;
        if self.nodes_since_clock >= 1024 {
            self.nodes_since_clock = 0;
            if self.started.elapsed() <= self.wall {
                return None;
            }
            self.timed_out = true;
            return Some(Step::Stop);
        }
        None
    }

    /// Places `k` at `offset` and searches on; undoes the placement unless a plan was found.
    fn try_place(&mut self, part: &Partition, remaining: usize, k: usize, offset: u64) -> Step {
        self.place(k, offset);
        let mut step = Step::Exhausted;
        if self.bound_holds(part, offset) {
            let span = self.sections_of[k];
            step = if (span.0..span.1).any(|s| self.cuts[s] == 0) {
                let parts = self.split(part, span);
                self.solve_parts(parts)
            } else {
                self.descend(part, remaining - 1, offset)
            };
        }
        if !matches!(step, Step::Found) {
            self.unplace_last();
        }
        step
    }

    /// The lowest point of the skyline in the partition (leftmost on ties) when its section
    /// has no slack left: `(section, height)`. Only sections some unplaced item still covers
    /// count.
    fn tight_corner(&self, part: &Partition, level: u64) -> Option<(usize, u64)> {
        let mut lowest: Option<(u64, usize)> = None;
        for s in part.sections.0..=part.sections.1 {
            if self.loads[s] == 0 {
                continue;
            }
            let height = self.tops[s].max(level);
            if lowest.is_none_or(|(h, _)| height < h) {
                lowest = Some((height, s));
            }
        }
        let (height, section) = lowest?;
        (height + self.loads[section] == self.target && self.fixed_above(section, height) == 0)
            .then_some((section, height))
    }

    /// The lowest point `(section, height)` has no slack, so some item must sit exactly there,
    /// and (as every covered section is at least as high) it must start at that section and
    /// lie where the skyline is at that height. Branch over those items only; none fitting
    /// ends the branch. Items deferred by an ancestor stay deferred.
    fn fill_corner(&mut self, part: &Partition, remaining: usize, corner: (usize, u64)) -> Step {
        let (section, height) = corner;
        self.work_used += (part.items.len() + self.starts_at[section].len()) as u64;
        if self.lowest_top(part) <= height {
            return Step::Exhausted;
        }
        let mut candidates: Vec<usize> = self.starts_at[section]
            .iter()
            .copied()
            .filter(|&k| {
                !self.placed[k]
                    && !self.waiting(k)
                    && self.pos(k, self.floors[k]) == height
                    && height + self.sizes[k] <= self.target
            })
            .collect();
        candidates.sort_by_key(|&k| (std::cmp::Reverse(self.rank[k]), k));
        for k in candidates {
            if let Some(stop) = self.count_node() {
                return stop;
            }
            match self.try_place(part, remaining, k, height) {
                Step::Exhausted => {}
                other => return other,
            }
        }
        Step::Exhausted
    }

    /// Whether unplaced item `k` may not be placed yet: deferred and its floor has not risen,
    /// or a twin with a lower index is still unplaced.
    #[inline]
    fn waiting(&self, k: usize) -> bool {
        (self.deferred[k] != NOT_DEFERRED && self.floors[k] <= self.deferred[k])
            || self.twin_before[k].is_some_and(|t| !self.placed[t])
    }

    /// The lowest end any unplaced item of the partition could have, at its aligned floor.
    /// Placing anything at or above it is dominated: every later placement of this sequence
    /// goes at least as high, so that item's bytes at its floor would stay free over its whole
    /// lifetime and it would drop there — the plan is not canonical (MiniMalloc's gap rule).
    fn lowest_top(&self, part: &Partition) -> u64 {
        part.items
            .iter()
            .filter(|&&k| !self.placed[k])
            .map(|&k| self.pos(k, self.floors[k]).saturating_add(self.sizes[k]))
            .min()
            .unwrap_or(u64::MAX)
    }

    /// The eligible items of this node in branching order, each with its offset: lower floor
    /// first, then first fail (least slack in a section it covers, from the bound check that
    /// admitted this node), then the ranking. Deferring one does not change the others'
    /// eligibility, so the list is computed once per node. Items at or above the lowest top
    /// ([`Search::lowest_top`]) are left out. `None` when some unplaced item can no longer
    /// fit under the target.
    fn candidates(&mut self, part: &Partition, level: u64) -> Option<Vec<(u64, usize)>> {
        // (floor, slack, ranking reversed so larger comes first, item)
        type Key = (u64, u64, std::cmp::Reverse<[u64; 3]>, usize);
        let lowest_top = self.lowest_top(part);
        self.work_used += 2 * part.items.len() as u64;
        if lowest_top <= level {
            return None;
        }
        let mut keyed: Vec<Key> = Vec::new();
        for &k in &part.items {
            if self.placed[k] {
                continue;
            }
            let floor = self.pos(k, self.floors[k]);
            if self.pos(k, floor.max(level)).saturating_add(self.sizes[k]) > self.target {
                return None;
            }
            if floor < level || floor >= lowest_top || self.waiting(k) {
                continue;
            }
            let (lo, hi) = self.sections_of[k];
            self.work_used += (hi - lo + 1) as u64;
            let slack = self.lowest[lo..=hi]
                .iter()
                .zip(&self.loads[lo..=hi])
                .map(|(&lowest, &load)| self.target.saturating_sub(lowest).saturating_sub(load))
                .min()
                .unwrap_or(0);
            let slack = if self.first_fail {
                scale_per_mille(slack, self.slack_scale[k])
            } else {
                0
            };
            keyed.push((floor, slack, std::cmp::Reverse(self.rank[k]), k));
        }
        keyed.sort_unstable();
        Some(
            keyed
                .into_iter()
                .map(|(floor, _, _, k)| (floor, k))
                .collect(),
        )
    }

    fn place(&mut self, k: usize, offset: u64) {
        self.placements.push(Placement {
            item: k,
            floor_mark: self.floor_trail.len(),
            top_mark: self.top_trail.len(),
        });
        let end = offset + self.sizes[k];
        let (lo, hi) = self.sections_of[k];
        self.work_used += (self.neighbours[k].len() + 2 * (hi - lo + 1)) as u64;
        self.placed[k] = true;
        self.offsets[k] = offset;
        for index in 0..self.neighbours[k].len() {
            let other = self.neighbours[k][index];
            if !self.placed[other] && self.floors[other] < end {
                self.floor_trail.push((other, self.floors[other]));
                self.floors[other] = end;
            }
        }
        for s in lo..=hi {
            self.loads[s] -= self.sizes[k];
            if self.tops[s] < end {
                self.top_trail.push((s, self.tops[s]));
                self.tops[s] = end;
            }
        }
        for cut in &mut self.cuts[lo..hi] {
            *cut -= 1;
        }
    }

    /// Undoes the last placement.
    fn unplace_last(&mut self) {
        let Some(Placement {
            item: k,
            floor_mark,
            top_mark,
        }) = self.placements.pop()
        else {
            return;
        };
        self.placed[k] = false;
        while self.floor_trail.len() > floor_mark {
            if let Some((other, value)) = self.floor_trail.pop() {
                self.floors[other] = value;
            }
        }
        while self.top_trail.len() > top_mark {
            if let Some((s, value)) = self.top_trail.pop() {
                self.tops[s] = value;
            }
        }
        let (lo, hi) = self.sections_of[k];
        for s in lo..=hi {
            self.loads[s] += self.sizes[k];
        }
        for cut in &mut self.cuts[lo..hi] {
            *cut += 1;
        }
    }

    /// Every section of the partition: the unplaced load there, stacked on the lowest offset
    /// any unplaced item live there can still take, fits the target. An item's lowest offset
    /// is its aligned floor (at least the level); one that must rest on an item placed later
    /// (deferred, or floor below the level) goes at least one granule higher. This sees the
    /// waste a bare skyline bound misses: space under items held up by their other sections.
    fn bound_holds(&mut self, part: &Partition, level: u64) -> bool {
        let (first, last) = part.sections;
        self.work_used += (2 * (last - first + 1) + 3 * part.items.len()) as u64;
        // Cheap skyline test first.
        if !(first..=last).all(|s| {
            self.loads[s] == 0 || {
                let height = self.tops[s].max(level);
                height + self.loads[s] + self.fixed_above(s, height) <= self.target
            }
        }) {
            return false;
        }
        self.lowest[first..=last]
            .iter_mut()
            .for_each(|l| *l = u64::MAX);
        // Pass 1: items that can sit on what is placed: their floor. Items that must rest on
        // an item placed later: a first guess one granule up.
        for &k in &part.items {
            if self.placed[k] {
                continue;
            }
            let floor = self.pos(k, self.floors[k]);
            self.floating[k] = floor < level
                || (self.deferred[k] != NOT_DEFERRED && self.floors[k] <= self.deferred[k]);
            self.item_lowest[k] = if self.floating[k] && self.fixed.any {
                // It rests on the end of an item placed later (at least a granule above
                // its floor) or on an obstacle, at or above the level.
                self.pos(k, self.floors[k].saturating_add(self.granule).max(level))
            } else if self.floating[k] {
                floor.max(level).saturating_add(self.granule)
            } else {
                floor
            };
        }
        // Pass 2: a floating item rests on the end of an unplaced neighbour at least.
        for &k in &part.items {
            if self.placed[k] || !self.floating[k] {
                continue;
            }
            let mut support = u64::MAX;
            self.work_used += self.neighbours[k].len() as u64;
            for &y in &self.neighbours[k] {
                if !self.placed[y] {
                    let floor_y = self.item_lowest[y].max(level);
                    support = support.min(floor_y.saturating_add(self.sizes[y]));
                }
            }
            if support == u64::MAX {
                return false; // nothing left to rest on
            }
            let support = self.pos(k, support);
            if support > self.item_lowest[k] {
                self.item_lowest[k] = support;
            }
            if self.item_lowest[k].saturating_add(self.sizes[k]) > self.target {
                return false;
            }
        }
        for &k in &part.items {
            if self.placed[k] {
                continue;
            }
            let lowest = self.item_lowest[k];
            let (lo, hi) = self.sections_of[k];
            self.work_used += (hi - lo + 1) as u64;
            for slot in &mut self.lowest[lo..=hi] {
                if lowest < *slot {
                    *slot = lowest;
                }
            }
        }
        (first..=last).all(|s| {
            self.loads[s] == 0
                || self.lowest[s]
                    .saturating_add(self.loads[s])
                    .saturating_add(self.fixed_above(s, self.lowest[s]))
                    <= self.target
        })
    }
}

enum Step {
    Found,
    Exhausted,
    Stop,
}

/// The greatest common divisor (`gcd(0, b) = b`, so it folds from 0).
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Every offset and total of a canonical plan of buffers with these (aligned size,
/// alignment) is a multiple of this: the gcd of the sizes, lowered to an alignment it does
/// not divide (at least 1).
pub(crate) fn granularity(items: impl Iterator<Item = (u64, u64)>) -> u64 {
    let items: Vec<(u64, u64)> = items.collect();
    let mut g = items.iter().fold(0, |g, &(size, _)| gcd(g, size));
    for &(_, alignment) in &items {
        if g % alignment != 0 {
            g = gcd(g, alignment);
        }
    }
    g.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan};

    #[test]
    fn reaches_the_bound_on_a_small_packing() {
        // Loads per tick: 0: 2+2+4 = 8, 1: 2+4+2 = 8, 2: 2+4+2 = 8, 3: 2+2+4 = 8; a packing
        // of 8 exists (the 2-byte buffer over everything at the bottom, the pairs above).
        let problem = Problem::new(vec![
            Buffer::new(2, 0, 1),
            Buffer::new(2, 2, 3),
            Buffer::new(4, 1, 2),
            Buffer::new(2, 0, 3),
            Buffer::new(4, 0, 0),
            Buffer::new(4, 3, 3),
        ])
        .unwrap();
        assert_eq!(lower_bound(&problem), 8);
        let plan = plan(&problem, &Budget::from_millis(50));
        check_plan(&problem, &plan).unwrap();
        assert_eq!(plan.total, 8);
    }

    #[test]
    fn restart_schedules() {
        let luby: Vec<Restart> = (0..8)
            .map(|i| Schedule::Luby.restart(i, &PORTFOLIO))
            .collect();
        let scales: Vec<u64> = luby.iter().map(|r| r.scale).collect();
        assert_eq!(scales, [1, 1, 2, 1, 1, 2, 4, 1]);
        // The plain rankings once, then jittered ones with the restart as seed; first fail.
        assert!(luby[..4].iter().all(|r| r.jitter.is_none()));
        assert_eq!(luby[5].jitter, Some(5));
        assert_eq!(luby[5].ranking, PORTFOLIO[1]);
        assert!(luby.iter().all(|r| r.first_fail));
        let doubling: Vec<Restart> = (0..10)
            .map(|i| Schedule::Doubling.restart(i, &PORTFOLIO))
            .collect();
        let scales: Vec<u64> = doubling.iter().map(|r| r.scale).collect();
        assert_eq!(scales, [1, 1, 1, 1, 2, 2, 2, 2, 4, 4]);
        assert!(doubling.iter().all(|r| r.jitter.is_none() && !r.first_fail));
        assert_eq!(doubling[9].ranking, PORTFOLIO[1]);
    }

    #[test]
    fn fit_answers_for_problems_without_bytes() {
        let budget = Budget::from_millis(10);
        let empty = Problem::new(Vec::new()).unwrap();
        assert!(matches!(fit(&empty, 0, &budget, &PORTFOLIO), Fit::Found(p) if p.total == 0));
        let zeros = Problem::new(vec![Buffer::new(0, 0, 3), Buffer::new(0, 1, 2)]).unwrap();
        match fit(&zeros, 0, &budget, &PORTFOLIO) {
            Fit::Found(plan) => {
                check_plan(&zeros, &plan).unwrap();
                assert_eq!(plan.total, 0);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn luby_sequence_starts_as_expected() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn zero_budget_returns_the_incumbent() {
        let problem = Problem::new(vec![Buffer::new(2, 0, 1), Buffer::new(2, 1, 2)]).unwrap();
        let incumbent = Plan {
            offsets: vec![0, 8],
            total: 10,
        };
        let plan = improve(
            &problem,
            incumbent.clone(),
            &Budget {
                work: 0,
                wall: Duration::ZERO,
            },
            &[Ranking::Duration],
        );
        assert_eq!(plan, incumbent);
    }
}

#[cfg(test)]
mod exactness {
    //! The search must be exact: with enough budget it finds the optimum and proves anything
    //! below it infeasible. The optimum of a small problem is the best lowest-fit placement
    //! over all insertion orders (placing an optimal plan's buffers by offset, each at the
    //! lowest aligned offset that fits, never puts one higher than in that plan).
    use super::*;
    use crate::plan::{Buffer, check_plan};
    use proptest::prelude::*;

    fn lowest_fit_total(problem: &Problem, order: &[usize]) -> u64 {
        let buffers = problem.buffers();
        let mut placed: Vec<(usize, u64)> = Vec::new();
        let mut total = 0;
        for &i in order {
            let size = problem.aligned_size(i);
            let mut offset = 0;
            // Raise the offset past every conflicting placed buffer until it fits.
            loop {
                let offset_aligned = round_up(offset, buffers[i].alignment).unwrap();
                let clash = placed.iter().find(|&&(j, o)| {
                    buffers[i].overlaps_in_time(&buffers[j])
                        && size > 0
                        && problem.aligned_size(j) > 0
                        && o < offset_aligned + size
                        && offset_aligned < o + problem.aligned_size(j)
                });
                match clash {
                    Some(&(j, o)) => offset = o + problem.aligned_size(j),
                    None => {
                        offset = offset_aligned;
                        break;
                    }
                }
            }
            placed.push((i, offset));
            if size > 0 {
                total = total.max(offset + size);
            }
        }
        total
    }

    fn optimum(problem: &Problem) -> u64 {
        fn permute(k: usize, order: &mut Vec<usize>, problem: &Problem, best: &mut u64) {
            if k == order.len() {
                *best = (*best).min(lowest_fit_total(problem, order));
                return;
            }
            for i in k..order.len() {
                order.swap(k, i);
                permute(k + 1, order, problem, best);
                order.swap(k, i);
            }
        }
        let mut order: Vec<usize> = (0..problem.len()).collect();
        let mut best = u64::MAX;
        permute(0, &mut order, problem, &mut best);
        best
    }

    fn small_buffer() -> impl Strategy<Value = Buffer> {
        (
            1u64..9,
            prop::sample::select(vec![1u64, 1, 1, 2, 4]),
            0u64..6,
            0u64..4,
        )
            .prop_map(|(size, alignment, first, length)| {
                Buffer::new(size, first, first + length).with_alignment(alignment)
            })
    }

    /// The best lowest-fit total over all insertion orders of the free buffers, with the
    /// obstacles in place from the start (lowest fit may go below an obstacle).
    fn optimum_around(problem: &Problem, obstacles: &[Obstacle]) -> u64 {
        fn lowest(problem: &Problem, obstacles: &[Obstacle], order: &[usize]) -> u64 {
            let buffers = problem.buffers();
            let mut taken: Vec<(u64, u64, u64, u64)> = obstacles
                .iter()
                .map(|o| (o.first, o.last, o.offset, o.end))
                .collect();
            let mut total = obstacles.iter().map(|o| o.end).max().unwrap_or(0);
            for &i in order {
                let b = &buffers[i];
                let size = problem.aligned_size(i);
                if size == 0 {
                    continue;
                }
                let mut at = 0;
                loop {
                    at = round_up(at, b.alignment).unwrap();
                    let clash = taken.iter().find(|&&(f, l, o, e)| {
                        f <= b.last && b.first <= l && o < at + size && at < e
                    });
                    match clash {
                        Some(&(_, _, _, e)) => at = e,
                        None => break,
                    }
                }
                taken.push((b.first, b.last, at, at + size));
                total = total.max(at + size);
            }
            total
        }
        fn permute(k: usize, order: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
            if k == order.len() {
                f(order);
                return;
            }
            for i in k..order.len() {
                order.swap(k, i);
                permute(k + 1, order, f);
                order.swap(k, i);
            }
        }
        let mut order: Vec<usize> = (0..problem.len()).collect();
        let mut best = u64::MAX;
        permute(0, &mut order, &mut |o| {
            best = best.min(lowest(problem, obstacles, o))
        });
        best
    }

    fn obstacle() -> impl Strategy<Value = Obstacle> {
        (0u64..7, 0u64..4, 0u64..12, 1u64..6).prop_map(|(first, length, offset, size)| Obstacle {
            first,
            last: first + length,
            offset,
            end: offset + size,
        })
    }

    /// Obstacles live at a common tick must not share bytes: keep the first of each clash.
    fn disjoint(obstacles: Vec<Obstacle>) -> Vec<Obstacle> {
        let mut kept: Vec<Obstacle> = Vec::new();
        for o in obstacles {
            if kept.iter().all(|k| {
                k.last < o.first || o.last < k.first || k.end <= o.offset || o.end <= k.offset
            }) {
                kept.push(o);
            }
        }
        kept
    }

    /// The plan of `fit_around` together with the obstacles is valid: checked as one problem.
    fn check_around(problem: &Problem, obstacles: &[Obstacle], plan: &Plan) {
        let mut buffers = problem.buffers().to_vec();
        let mut offsets = plan.offsets.clone();
        for o in obstacles {
            buffers.push(Buffer::new(o.end - o.offset, o.first, o.last));
            offsets.push(o.offset);
        }
        let whole = Problem::new(buffers).unwrap();
        let joint = Plan::from_offsets(&whole, offsets);
        assert_eq!(check_plan(&whole, &joint), Ok(()));
        assert!(
            joint.total
                <= plan
                    .total
                    .max(obstacles.iter().map(|o| o.end).max().unwrap_or(0))
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn decides_the_optimum_around_obstacles_exactly(
            buffers in prop::collection::vec(small_buffer(), 1..7),
            obstacles in prop::collection::vec(obstacle(), 0..5),
        ) {
            let problem = Problem::new(buffers).unwrap();
            let obstacles = disjoint(obstacles);
            let best = optimum_around(&problem, &obstacles);
            let budget = Budget { work: 1_000_000_000, wall: Duration::from_secs(60) };
            let settings = Settings::default();
            match fit_around(&problem, &obstacles, best, &budget, &PORTFOLIO, settings).0 {
                Fit::Found(plan) => {
                    check_around(&problem, &obstacles, &plan);
                    prop_assert!(plan.total <= best);
                }
                other => prop_assert!(false, "optimum {} not found: {:?}", best, other),
            }
            prop_assert_eq!(
                fit_around(&problem, &obstacles, best - 1, &budget, &PORTFOLIO, settings).0,
                Fit::Infeasible
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn decides_the_optimum_exactly(buffers in prop::collection::vec(small_buffer(), 1..8)) {
            let problem = Problem::new(buffers).unwrap();
            let best = optimum(&problem);
            let budget = Budget { work: 1_000_000_000, wall: Duration::from_secs(60) };
            match fit(&problem, best, &budget, &PORTFOLIO) {
                Fit::Found(plan) => {
                    prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
                    prop_assert!(plan.total <= best);
                }
                other => prop_assert!(false, "optimum {} not found: {:?}", best, other),
            }
            prop_assert_eq!(fit(&problem, best - 1, &budget, &PORTFOLIO), Fit::Infeasible);
        }

        /// The total-first rankings alone, unjittered: every decomposition ranks its
        /// partitions again by the load still unplaced (dynamic totals). Still exact.
        #[test]
        fn decides_the_optimum_exactly_with_dynamic_totals(
            buffers in prop::collection::vec(small_buffer(), 1..8),
            duration_second in any::<bool>(),
        ) {
            let problem = Problem::new(buffers).unwrap();
            let best = optimum(&problem);
            let budget = Budget { work: 1_000_000_000, wall: Duration::from_secs(60) };
            let settings = Settings { restarts: Restarts::Doubling, ..Settings::default() };
            let ranking = if duration_second { Ranking::TotalDuration } else { Ranking::Total };
            match fit_around(&problem, &[], best, &budget, &[ranking], settings).0 {
                Fit::Found(plan) => {
                    prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
                    prop_assert!(plan.total <= best);
                }
                other => prop_assert!(false, "optimum {} not found: {:?}", best, other),
            }
            prop_assert_eq!(
                fit_around(&problem, &[], best - 1, &budget, &[ranking], settings).0,
                Fit::Infeasible
            );
        }
    }

    #[test]
    fn dynamic_totals_rank_partitions_by_the_load_left_and_restore_the_ranks() {
        // Buffer 0 lives over everything; placed first (largest total), it cuts time in two
        // independent halves: ticks 0-1 and 2-3. Left of the cut two small buffers, right
        // one large one.
        let problem = Problem::new(vec![
            Buffer::new(8, 0, 3),
            Buffer::new(2, 0, 1),
            Buffer::new(3, 0, 1),
            Buffer::new(6, 2, 3),
        ])
        .unwrap();
        let budget = Budget {
            work: 1_000_000,
            wall: Duration::from_secs(60),
        };
        let mut search = Search::new(&problem, &budget);
        search.granule = search.granularity();
        search.set_ranking(Ranking::Total, None);
        let before = search.rank.clone();
        // Static totals: the largest load of a covered section, 13 left and 14 right.
        assert_eq!(
            before.iter().map(|r| r[0]).collect::<Vec<_>>(),
            [14, 13, 13, 14]
        );
        search.start_decision(14, 1_000_000);
        search.place(0, 0);
        let parts = search.split(
            &Partition {
                sections: (0, search.section_count - 1),
                items: vec![1, 2, 3],
            },
            search.sections_of[0],
        );
        assert_eq!(parts.len(), 2);
        // Inside the parts: the load left there, 5 left and 6 right.
        let saved = search.rank_by_load_left(&parts);
        assert_eq!(
            search.rank.iter().map(|r| r[0]).collect::<Vec<_>>(),
            [14, 5, 5, 6]
        );
        assert_eq!(saved.len(), 3);
        for (k, rank) in saved {
            search.rank[k] = rank;
        }
        // Jittered or duration-first rankings keep their static ranks.
        search.set_ranking(Ranking::Duration, None);
        assert!(search.rank_by_load_left(&parts).is_empty());
        search.set_ranking(Ranking::Total, Some(3));
        assert!(search.rank_by_load_left(&parts).is_empty());
        search.set_ranking(Ranking::Total, None);
        // Solving the parts ranks them so and gives the ranks back; the plan fits 14.
        assert!(matches!(search.solve_parts(parts), Step::Found));
        assert_eq!(search.rank, before);
        let mut offsets = vec![0; 4];
        for (k, &i) in search.items.iter().enumerate() {
            offsets[i] = search.offsets[k];
        }
        let plan = Plan::from_offsets(&problem, offsets);
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        assert_eq!(plan.total, 14);
    }
}
