//! Large-neighbourhood search on top of the exact search ([`crate::plan::exact`]), for large
//! instances where the branch and bound cannot close the gap on the whole problem.
//!
//! The plan is improved by *repair*: pick a target total below the best plan; the buffers that
//! end above it are taken out (unplaced), everything else keeps its offset. Each unplaced
//! buffer then goes back in either by first fit (the lowest gap under the target, if one
//! exists) or by a window: the buffer and its nearest placed neighbours (nearest in time and in
//! address, by one of several window shapes) are freed, every other placed buffer becomes an
//! obstacle ([`exact::Obstacle`], fixed offsets that need not rest on anything), and the
//! canonical search re-places the window under the target with a small budget
//! ([`exact::fit_around`]). A window that fits is kept; one that does not leaves the plan as
//! it was. When every buffer is back, the target is reached and becomes the new best; the
//! next target is closer to the lower bound. A target that is not reached within its share of
//! the work is relaxed (the partial state is kept: it is valid for any looser target).
//!
//! Adaptation: the window size grows after a window proved infeasible or fitted, shrinks
//! after one ran out of budget; the window shape (a time strip, an address band, a box around
//! a random address, the box at the top, where the peak is) is drawn with weights that follow
//! each shape's success rate.
//!
//! Everything is counted in the search's work units ([`exact::WORK_PER_MS`]), so a given
//! input and work budget give the same plan; a [`Deadline`] stops it early on a slow
//! machine.

use crate::plan::{
    Buffer, Deadline, Plan, Problem,
    exact::{self, Fit, Obstacle, Ranking, Restarts, Settings},
    lower_bound,
    problem::round_up,
    rng::Rng,
};

/// Work of one window's search (a few milliseconds; see [`exact::WORK_PER_MS`]). Measured
/// (4 s each, loaded machine): 1M units per window left I at 1.032 and J at 1.096, 4M with
/// larger windows reached 1.006-1.017 and 1.061-1.069; 8M and 16M were no better.
pub const WINDOW_WORK: u64 = 4_000_000;

/// Window size (buffers freed around an unplaced one) at the start, and its limits.
const FIRST_WINDOW: f64 = 60.0;
const MIN_WINDOW: f64 = 30.0;
const MAX_WINDOW: f64 = 160.0;

/// The first target is the best total minus the gap to the bound divided by 2^FIRST_DEPTH;
/// each target reached halves the divisor, each missed doubles it.
const FIRST_DEPTH: u32 = 4;

/// Most places [`Lns::cheapest_address`] tries.
const CHEAPEST_CANDIDATES: usize = 256;

/// Largest problem the large-neighbourhood search works on: each window costs a few scans of
/// every buffer, and its search set-up grows with the obstacles, so beyond this a window
/// takes too long to keep a time budget tight.
pub const LNS_LIMIT: usize = 20_000;

/// Rankings of the window searches' restarts.
const WINDOW_PORTFOLIO: [Ranking; 3] = [Ranking::Total, Ranking::Area, Ranking::Duration];

/// The shapes of windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Everything near in time, whatever its address (a vertical strip).
    Strip,
    /// Everything near a random address over a long time (a horizontal band).
    Band,
    /// Near in time and near a random address.
    Box,
    /// Near in time and near the target (the buffers touching the peak).
    Top,
    /// Near in time and near the address where the unplaced buffer would displace the
    /// fewest placed bytes.
    Cheapest,
}

const SHAPES: [Shape; 5] = [
    Shape::Strip,
    Shape::Band,
    Shape::Box,
    Shape::Top,
    Shape::Cheapest,
];

impl Shape {
    /// Weights of the time distance and the address distance, per mille.
    fn weights(self) -> (u64, u64) {
        match self {
            Shape::Strip => (1000, 100),
            Shape::Band => (100, 1000),
            Shape::Box | Shape::Top | Shape::Cheapest => (1000, 1000),
        }
    }
}

/// Counters of what [`improve`] did, for tests and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub windows: u64,
    pub windows_fitted: u64,
    pub windows_infeasible: u64,
    pub first_fits: u64,
    pub ejections: u64,
    pub targets_reached: u64,
    pub work: u64,
}

/// Returns a plan no larger than `incumbent` (which must be valid), smaller when the repair
/// reaches a lower target within `work` units (and before `deadline`).
pub fn improve(problem: &Problem, incumbent: Plan, work: u64, deadline: Deadline) -> Plan {
    improve_with_stats(problem, incumbent, work, deadline).0
}

/// [`improve`] with its [`Stats`].
///
/// Buffers live at a common tick with every other one ("universal": in any plan each other
/// buffer lies wholly below or wholly above them) are first taken out and stacked at the
/// bottom; the rest is improved on its own (an exact reduction: removing a universal buffer's
/// bytes from any plan leaves a valid plan of the rest, `size` lower). Their lanes otherwise
/// cross every window.
pub fn improve_with_stats(
    problem: &Problem,
    incumbent: Plan,
    work: u64,
    deadline: Deadline,
) -> (Plan, Stats) {
    if problem.len() > LNS_LIMIT || work == 0 || deadline.passed() {
        return (incumbent, Stats::default());
    }
    let buffers = problem.buffers();
    let sizes = problem.aligned_sizes();
    let min_last = buffers.iter().map(|b| b.last).min().unwrap_or(0);
    let max_first = buffers.iter().map(|b| b.first).max().unwrap_or(0);
    let universal: Vec<bool> = (0..problem.len())
        .map(|i| {
            sizes[i] > 0
                && sizes[i].is_multiple_of(problem.max_alignment())
                && buffers[i].first <= min_last
                && buffers[i].last >= max_first
        })
        .collect();
    let rest: Vec<usize> = (0..problem.len()).filter(|&i| !universal[i]).collect();
    if rest.len() == problem.len() || rest.len() < 2 {
        return improve_whole(problem, incumbent, work, deadline);
    }
    let Ok(reduced) = Problem::new(rest.iter().map(|&i| buffers[i]).collect()) else {
        return improve_whole(problem, incumbent, work, deadline);
    };
    let lanes: Vec<usize> = (0..problem.len()).filter(|&i| universal[i]).collect();
    let offsets = rest
        .iter()
        .map(|&j| {
            if sizes[j] == 0 {
                return 0;
            }
            let below: u64 = lanes
                .iter()
                .filter(|&&u| incumbent.offsets[u] < incumbent.offsets[j])
                .map(|&u| sizes[u])
                .sum();
            incumbent.offsets[j] - below
        })
        .collect();
    let start = Plan::from_offsets(&reduced, offsets);
    debug_assert_eq!(crate::plan::check_plan(&reduced, &start), Ok(()));
    let (inner, stats) = improve_whole(&reduced, start, work, deadline);
    let mut offsets = vec![0u64; problem.len()];
    let mut base = 0u64;
    for &u in &lanes {
        offsets[u] = base;
        base += sizes[u];
    }
    for (k, &j) in rest.iter().enumerate() {
        offsets[j] = if sizes[j] > 0 {
            inner.offsets[k] + base
        } else {
            0
        };
    }
    let plan = Plan::from_offsets(problem, offsets);
    if plan.total < incumbent.total {
        (plan, stats)
    } else {
        (incumbent, stats)
    }
}

/// [`improve_with_stats`] without the reduction.
fn improve_whole(
    problem: &Problem,
    incumbent: Plan,
    work: u64,
    deadline: Deadline,
) -> (Plan, Stats) {
    let bound = lower_bound(problem);
    if incumbent.total <= bound
        || work == 0
        || problem.len() < 2
        || problem.len() > LNS_LIMIT
        || deadline.passed()
    {
        return (incumbent, Stats::default());
    }
    let mut lns = Lns::new(problem, incumbent.clone(), work, deadline);
    let mut best = incumbent;
    let step = lns.granule;
    let mut depth = FIRST_DEPTH;
    while best.total > bound && lns.work_left() > 0 && !deadline.passed() {
        let gap = best.total - bound;
        let cut = (gap >> depth.min(63)).max(step);
        let target = ((best.total - cut) / step * step).max(bound);
        if target >= best.total {
            break;
        }
        let share = (lns.work_left() / 3).max(lns.work_left().min(20 * WINDOW_WORK));
        // A third of the time left too, so a slow machine still tries several targets.
        let until = match deadline.remaining() {
            Some(left) => Deadline::after(left / 3).min(deadline),
            None => deadline,
        };
        if lns.repair(target, share, until) {
            let plan = lns.plan();
            debug_assert_eq!(crate::plan::check_plan(problem, &plan), Ok(()));
            if plan.total < best.total {
                best = plan;
                lns.stats.targets_reached += 1;
            }
            // Same step again: it worked.
        } else if cut <= step {
            depth = FIRST_DEPTH;
        } else {
            depth += 1;
        }
    }
    lns.stats.work = lns.work_used;
    (best, lns.stats)
}

struct Lns<'p> {
    problem: &'p Problem,
    sizes: Vec<u64>,
    /// Current offsets (meaningful for placed buffers).
    offsets: Vec<u64>,
    placed: Vec<bool>,
    /// Buffers with bytes, not placed under the current target.
    unplaced: Vec<usize>,
    granule: u64,
    /// Mean duration and mean size: the units of the window distance.
    mean_duration: u64,
    mean_size: u64,
    window: f64,
    tries: [u64; SHAPES.len()],
    fitted: [u64; SHAPES.len()],
    rng: Rng,
    work_used: u64,
    work_limit: u64,
    deadline: Deadline,
    stats: Stats,
}

impl<'p> Lns<'p> {
    fn new(problem: &'p Problem, incumbent: Plan, work: u64, deadline: Deadline) -> Self {
        let buffers = problem.buffers();
        let sizes = problem.aligned_sizes().to_vec();
        let items: Vec<usize> = (0..problem.len()).filter(|&i| sizes[i] > 0).collect();
        let granule = exact::granularity(items.iter().map(|&i| (sizes[i], buffers[i].alignment)));
        let count = items.len().max(1) as u64;
        let mean_duration =
            (items.iter().map(|&i| buffers[i].duration()).sum::<u64>() / count).max(1);
        let mean_size = (items.iter().map(|&i| sizes[i]).sum::<u64>() / count).max(1);
        let placed = sizes.iter().map(|&s| s > 0).collect();
        Lns {
            problem,
            sizes,
            offsets: incumbent.offsets,
            placed,
            unplaced: Vec::new(),
            granule,
            mean_duration,
            mean_size,
            window: FIRST_WINDOW,
            tries: [0; SHAPES.len()],
            fitted: [0; SHAPES.len()],
            rng: Rng::new(0x4c4e_5321),
            work_used: 0,
            work_limit: work,
            deadline,
            stats: Stats::default(),
        }
    }

    fn work_left(&self) -> u64 {
        self.work_limit.saturating_sub(self.work_used)
    }

    /// The current state as a plan (every buffer placed).
    fn plan(&self) -> Plan {
        let offsets = (0..self.problem.len())
            .map(|i| {
                if self.sizes[i] > 0 {
                    self.offsets[i]
                } else {
                    0
                }
            })
            .collect();
        Plan::from_offsets(self.problem, offsets)
    }

    /// Brings every buffer under `target`, spending at most `work` more units; `false` (the
    /// partial state kept, valid for any larger target) when the work or time runs out.
    fn repair(&mut self, target: u64, work: u64, until: Deadline) -> bool {
        let limit = self.work_used.saturating_add(work).min(self.work_limit);
        let n = self.problem.len();
        for i in 0..n {
            if self.placed[i] && self.offsets[i] + self.sizes[i] > target {
                self.placed[i] = false;
                self.unplaced.push(i);
            }
        }
        self.work_used += n as u64;
        self.sort_unplaced();
        let mut failures_in_a_row = 0usize;
        while !self.unplaced.is_empty() {
            if self.work_used >= limit || until.passed() {
                return false;
            }
            // Mostly the first (largest), sometimes another, so one stubborn buffer does not
            // take every window.
            let pick = if failures_in_a_row == 0 || self.rng.percent(50) {
                0
            } else {
                self.rng.range(0, self.unplaced.len() as u64 - 1) as usize
            };
            let u = self.unplaced[pick];
            if let Some(offset) = self.first_fit(u, target) {
                self.offsets[u] = offset;
                self.placed[u] = true;
                self.unplaced.remove(pick);
                self.stats.first_fits += 1;
                continue;
            }
            if self.window_around(u, target) {
                self.unplaced.remove(pick);
                failures_in_a_row = 0;
            } else if self.eject_for(u, target) {
                self.unplaced.remove(pick);
                self.sort_unplaced();
                failures_in_a_row = 0;
            } else {
                failures_in_a_row += 1;
            }
        }
        true
    }

    /// Unplaced buffers, larger area first (the hardest to fit), then by index.
    fn sort_unplaced(&mut self) {
        let buffers = self.problem.buffers();
        let sizes = &self.sizes;
        self.unplaced.sort_by_key(|&i| {
            (
                std::cmp::Reverse(sizes[i].saturating_mul(buffers[i].duration())),
                i,
            )
        });
    }

    /// Ejection: puts `u` where it displaces the fewest placed bytes (see
    /// [`Lns::cheapest_address`]) and unplaces what it displaces, when that is less area than
    /// `u`'s own (so the unplaced area strictly shrinks and ejections cannot cycle). `true`
    /// when `u` was placed.
    fn eject_for(&mut self, u: usize, target: u64) -> bool {
        let buffers = self.problem.buffers();
        let at = self.cheapest_address(u, target);
        let size = self.sizes[u];
        if at + size > target {
            return false;
        }
        let displaced: Vec<usize> = (0..self.problem.len())
            .filter(|&j| {
                self.placed[j]
                    && buffers[j].overlaps_in_time(&buffers[u])
                    && self.offsets[j] < at + size
                    && at < self.offsets[j] + self.sizes[j]
            })
            .collect();
        self.work_used += self.problem.len() as u64;
        let area = |j: usize| self.sizes[j].saturating_mul(buffers[j].duration());
        let lost: u64 = displaced.iter().map(|&j| area(j)).sum();
        if lost >= area(u) {
            return false;
        }
        for &j in &displaced {
            self.placed[j] = false;
            self.unplaced.push(j);
        }
        self.offsets[u] = at;
        self.placed[u] = true;
        self.stats.ejections += 1;
        true
    }

    /// The lowest aligned offset where `u` fits among the placed buffers under `target`.
    fn first_fit(&mut self, u: usize, target: u64) -> Option<u64> {
        let buffers = self.problem.buffers();
        let mut taken: Vec<(u64, u64)> = (0..self.problem.len())
            .filter(|&j| self.placed[j] && buffers[j].overlaps_in_time(&buffers[u]))
            .map(|j| (self.offsets[j], self.offsets[j] + self.sizes[j]))
            .collect();
        self.work_used += self.problem.len() as u64 + 2 * taken.len() as u64;
        taken.sort_unstable();
        let alignment = buffers[u].alignment;
        let mut at = 0u64;
        for (offset, end) in taken {
            if offset >= at + self.sizes[u] {
                break;
            }
            if end > at {
                at = round_up(end, alignment)?;
            }
        }
        (at + self.sizes[u] <= target).then_some(at)
    }

    /// Frees `u` and a window of placed buffers near it, and re-places them under `target`
    /// with everything else as obstacles. `true` when it fitted (the state is updated).
    fn window_around(&mut self, u: usize, target: u64) -> bool {
        let buffers = self.problem.buffers();
        let n = self.problem.len();
        let shape = self.pick_shape();
        let (time_weight, address_weight) = shape.weights();
        let size = self.sizes[u];
        let room = target.saturating_sub(size);
        let centre = match shape {
            Shape::Top => room,
            Shape::Cheapest => self.cheapest_address(u, target),
            _ => self.rng.range(0, room / self.granule) * self.granule,
        };
        let (first, last) = (buffers[u].first, buffers[u].last);
        // Distance of every placed buffer: time gap in mean durations plus address gap in
        // mean sizes, weighted by the shape (per mille, so integers).
        let mut near: Vec<(u64, usize)> = (0..n)
            .filter(|&j| self.placed[j])
            .map(|j| {
                let b = &buffers[j];
                let time_gap = if b.last < first {
                    first - b.last
                } else {
                    b.first.saturating_sub(last)
                };
                let (o, e) = (self.offsets[j], self.offsets[j] + self.sizes[j]);
                let address_gap = if e <= centre {
                    centre - e
                } else {
                    o.saturating_sub(centre + size)
                };
                let d = time_gap.saturating_mul(time_weight * 1000) / self.mean_duration
                    + address_gap.saturating_mul(address_weight * 1000) / self.mean_size;
                (d, j)
            })
            .collect();
        self.work_used += 4 * n as u64;
        let take = (self.window as usize).min(near.len());
        if take < near.len() {
            near.select_nth_unstable(take);
            near.truncate(take);
        }
        let mut members: Vec<usize> = near.into_iter().map(|(_, j)| j).collect();
        members.push(u);
        members.sort_unstable();
        let hull = members.iter().fold((u64::MAX, 0), |(lo, hi), &j| {
            (lo.min(buffers[j].first), hi.max(buffers[j].last))
        });
        let mut in_window = vec![false; n];
        for &j in &members {
            in_window[j] = true;
        }
        let obstacles: Vec<Obstacle> = (0..n)
            .filter(|&j| {
                self.placed[j]
                    && !in_window[j]
                    && buffers[j].first <= hull.1
                    && buffers[j].last >= hull.0
            })
            .map(|j| Obstacle {
                first: buffers[j].first,
                last: buffers[j].last,
                offset: self.offsets[j],
                end: self.offsets[j] + self.sizes[j],
            })
            .collect();
        self.work_used += 2 * n as u64;
        let window_buffers: Vec<Buffer> = members.iter().map(|&j| buffers[j]).collect();
        let Ok(sub) = Problem::new(window_buffers) else {
            return false;
        };
        let budget = exact::Budget {
            work: WINDOW_WORK.min(self.work_left().max(1)),
            wall: self
                .deadline
                .remaining()
                .unwrap_or(std::time::Duration::from_secs(3600)),
        };
        let settings = Settings {
            first_restart_work: WINDOW_WORK / 8,
            bound_share_percent: 0,
            restarts: Restarts::Luby,
        };
        let (fit, used) = exact::fit_around(
            &sub,
            &obstacles,
            target,
            &budget,
            &WINDOW_PORTFOLIO,
            settings,
        );
        self.work_used += used;
        self.stats.windows += 1;
        let s = shape as usize;
        self.tries[s] += 1;
        match fit {
            Fit::Found(plan) => {
                for (k, &j) in members.iter().enumerate() {
                    if self.sizes[j] > 0 {
                        self.offsets[j] = plan.offsets[k];
                    }
                    self.placed[j] = self.sizes[j] > 0;
                }
                self.fitted[s] += 1;
                self.stats.windows_fitted += 1;
                self.window = (self.window * 1.05 + 1.0).min(MAX_WINDOW);
                true
            }
            Fit::Infeasible => {
                self.stats.windows_infeasible += 1;
                self.window = (self.window * 1.1 + 1.0).min(MAX_WINDOW);
                false
            }
            Fit::Unknown => {
                self.window = (self.window * 0.85).max(MIN_WINDOW);
                false
            }
        }
    }

    /// The aligned address where `u` (under `target`) overlaps the fewest placed bytes over
    /// its lifetime: tried at 0 and on top of every placed buffer live with it.
    fn cheapest_address(&mut self, u: usize, target: u64) -> u64 {
        let buffers = self.problem.buffers();
        let (first, last) = (buffers[u].first, buffers[u].last);
        let size = self.sizes[u];
        // (offset, end, ticks shared with u)
        let live: Vec<(u64, u64, u64)> = (0..self.problem.len())
            .filter(|&j| self.placed[j] && buffers[j].overlaps_in_time(&buffers[u]))
            .map(|j| {
                let shared = buffers[j].last.min(last) - buffers[j].first.max(first) + 1;
                (self.offsets[j], self.offsets[j] + self.sizes[j], shared)
            })
            .collect();
        self.work_used += self.problem.len() as u64;
        let alignment = buffers[u].alignment;
        let mut best = (u64::MAX, 0u64);
        // At most CHEAPEST_CANDIDATES places (every k-th end), so the cost stays linear in
        // the buffers live with `u`.
        let every = live.len() / CHEAPEST_CANDIDATES + 1;
        self.work_used += (live.len() / every * live.len()) as u64;
        let candidates =
            std::iter::once(0).chain(live.iter().step_by(every).map(|&(_, end, _)| end));
        for at in candidates {
            let Some(at) = round_up(at, alignment) else {
                continue;
            };
            if at + size > target {
                continue;
            }
            let cost: u64 = live
                .iter()
                .map(|&(o, e, shared)| e.min(at + size).saturating_sub(o.max(at)) * shared)
                .sum();
            // Small jitter on ties so repeated tries do not always pick the same place.
            let key = cost.saturating_mul(16) + self.rng.range(0, 15);
            if key < best.0 {
                best = (key, at);
            }
        }
        best.1
    }

    /// A window shape drawn with weight (fitted + 1) / (tried + 2).
    fn pick_shape(&mut self) -> Shape {
        let weights: Vec<u64> = (0..SHAPES.len())
            .map(|s| (self.fitted[s] + 1) * 1_000_000 / (self.tries[s] + 2))
            .collect();
        let total: u64 = weights.iter().sum();
        let mut draw = self.rng.range(0, total.saturating_sub(1));
        for (s, &w) in weights.iter().enumerate() {
            if draw < w {
                return SHAPES[s];
            }
            draw -= w;
        }
        Shape::Box
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Planner, PlannerKind, SearchBudget, check_plan, synth};
    use proptest::prelude::*;

    const WORK: u64 = 20 * exact::WORK_PER_MS;

    #[test]
    fn improves_a_poor_plan_of_a_perfect_packing() {
        let problem = synth::perfect_packing(60, 3).unwrap();
        let start = PlannerKind::BestFitStart
            .planner(SearchBudget::NONE)
            .plan(&problem);
        assert!(start.total > synth::PERFECT_HEIGHT);
        let (plan, stats) = improve_with_stats(&problem, start.clone(), WORK, Deadline::NEVER);
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        assert!(
            plan.total < start.total,
            "{} !< {}",
            plan.total,
            start.total
        );
        assert!(stats.targets_reached > 0 && stats.work <= WORK + WINDOW_WORK);
        // Deterministic for a given input and work.
        assert_eq!(improve(&problem, start, WORK, Deadline::NEVER), plan);
    }

    #[test]
    fn universal_buffers_go_to_the_bottom() {
        // Two buffers live over everything, a poor start with them in the middle.
        let mut buffers = vec![Buffer::new(64, 0, 9), Buffer::new(128, 0, 9)];
        for t in 0..10 {
            buffers.push(Buffer::new(64 * (1 + t % 3), t, t));
            buffers.push(Buffer::new(64 * (1 + (t + 1) % 3), t, (t + 1).min(9)));
        }
        let problem = Problem::new(buffers).unwrap();
        let start = PlannerKind::BestFitStart
            .planner(SearchBudget::NONE)
            .plan(&problem);
        let plan = improve(&problem, start.clone(), WORK, Deadline::NEVER);
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        assert!(plan.total <= start.total);
        if plan.total < start.total {
            assert_eq!((plan.offsets[0], plan.offsets[1]), (0, 64));
        }
    }

    #[test]
    fn stops_at_the_deadline() {
        let problem = synth::perfect_packing(300, 1).unwrap();
        let start = PlannerKind::Skyline
            .planner(SearchBudget::NONE)
            .plan(&problem);
        let passed = Deadline::at(std::time::Instant::now());
        assert_eq!(improve(&problem, start.clone(), u64::MAX, passed), start);
        let begun = std::time::Instant::now();
        let deadline = Deadline::after(std::time::Duration::from_millis(100));
        let plan = improve(&problem, start, u64::MAX, deadline);
        // Debug build: one window past the deadline at most.
        assert!(begun.elapsed() < std::time::Duration::from_millis(2000));
        assert_eq!(check_plan(&problem, &plan), Ok(()));
    }

    fn buffer() -> impl Strategy<Value = Buffer> {
        (
            1u64..40,
            prop::sample::select(vec![1u64, 1, 4, 8]),
            0u64..30,
            0u64..8,
        )
            .prop_map(|(size, alignment, first, length)| {
                Buffer::new(size, first, first + length).with_alignment(alignment)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

        /// Every plan is checked, never worse than the start, never below the bound.
        #[test]
        fn plans_are_valid_and_no_worse(
            buffers in prop::collection::vec(buffer(), 2..40),
            zero in prop::collection::vec(0usize..40, 0..3),
        ) {
            let mut buffers = buffers;
            for z in zero {
                if let Some(b) = buffers.get_mut(z) {
                    b.size = 0;
                }
            }
            let problem = Problem::new(buffers).unwrap();
            let start = PlannerKind::BestFitStart.planner(SearchBudget::NONE).plan(&problem);
            let plan = improve(&problem, start.clone(), 2 * exact::WORK_PER_MS, Deadline::NEVER);
            prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
            prop_assert!(plan.total <= start.total);
            prop_assert!(plan.total >= lower_bound(&problem));
        }
    }
}
