//! The search planner: the best heuristic plan, improved by the exact search
//! ([`crate::plan::exact`]) and the large-neighbourhood search ([`crate::plan::lns`]).
//!
//! [`plan`] starts from the best of the default plan and other heuristics' plans; plans a
//! contracted problem ([`crate::plan::contract`]) and the leaves of an exact split
//! ([`crate::plan::decompose`], [`crate::plan::bands`]) first when they are small enough;
//! then gives the exact search [`WHOLE_SHARE_PERCENT`] of what is left and the
//! large-neighbourhood search the rest. Problems above [`SEARCH_LIMIT`] buffers get the
//! large-neighbourhood search alone.
//!
//! The planners reach the exact search through this module: it re-exports the exact
//! search's budget, its driver ([`improve`], [`fit`], [`fit_around`]) and their settings.
//! The dependencies go one way: this module uses `bands`, `lns` and `exact`; `bands` and
//! `lns` use `exact`, which uses neither.

use crate::plan::{
    Plan, PlannerKind, Problem, deadline::Deadline, default_plan_until, lower_bound,
};

pub use crate::plan::exact::{
    Budget, Fit, Obstacle, PORTFOLIO, RESTART_WORK, Ranking, Restarts, SEARCH_LIMIT, Settings,
    WORK_PER_MS, fit, fit_around, improve, improve_with,
};

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
/// buffers: stripping a few layers off a problem moves the results either way (MiniMalloc D,
/// 92% of the buffers in one leaf, and I, 99%, are each better planned whole on one of them),
/// while splitting it into comparable parts makes it easier (E, leaves of 59% and 39%; a
/// 1,000-buffer perfect packing with leaves of 54% and 46%).
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
/// problem gets before the large-neighbourhood search ([`crate::plan::lns`]). With
/// `bufrs-plan --planner search --search-budget-ms 10000` on the MiniMalloc instances, shares
/// 50 / 75 / 90 give D 1.054 / 1.058 / 1.053 x LB (best known 1.063), E 1.000 / 1.030 / 1.000,
/// I 1.050 / 1.053 / 1.050, J 1.058 / 1.048 / 1.050 (best known 1.060); 90 keeps every instance
/// the exact search solves alone.
pub const WHOLE_SHARE_PERCENT: u64 = 90;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan, default_plan, synth};

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
    fn the_search_planner_goes_through_the_band_leaves() {
        // A perfect packing splits into bands (`plan::bands`); the search planner plans their
        // leaves first and the whole from their plan.
        let problem = synth::perfect_packing(300, 1).unwrap();
        let searched = plan(&problem, &Budget::from_millis(200));
        assert_eq!(check_plan(&problem, &searched), Ok(()));
        assert!(searched.total <= default_plan(&problem).total);
    }
}
