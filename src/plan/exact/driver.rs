//! The driver of the exact search: [`improve`] asks for the lower bound, then descends by a
//! ladder of probes; [`fit`] and [`fit_around`] ask the decision question alone. Each
//! decision runs restarts ([`Restarts`]: the Luby schedule, MiniMalloc's doubling schedule,
//! or both side by side) over a portfolio of rankings until a plan is found, the target is
//! proved infeasible or the work is spent.

use crate::plan::{Plan, Problem, lower_bound};

use super::{
    budget::{Budget, SEARCH_LIMIT},
    obstacles::Obstacle,
    restarts::{RESTART_WORK, Ranking, Restarts, Schedule},
    state::{Outcome, Search},
};

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

impl Search<'_> {
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
}
