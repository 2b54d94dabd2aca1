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
//! * symmetry: buffers with the same size and lifetime go in index order;
//! * ordering: lower floor first; among equal floors first fail (the buffer covering the
//!   section with the least slack), then a [`Ranking`].
//!
//! The driver starts from the default planner's plan (and two more heuristics), asks for the
//! lower bound first with restarts (the rankings in turn, then deterministically jittered
//! ones, node limits following the Luby sequence) for 60% of the budget, then bisects between
//! the bound and the best plan found. A search that runs out of branches proves the target
//! infeasible. The budget is a number of search nodes derived from milliseconds
//! ([`NODES_PER_MS`]), so the result is deterministic for a given input and budget; a
//! wall-clock guard at twice the budget plus 50 ms only fires on a machine much slower than
//! the calibration. Problems above [`SEARCH_LIMIT`] buffers keep the heuristic plan.

use std::time::{Duration, Instant};

use crate::plan::{
    Plan, Planner as _, PlannerKind, Problem, default_plan, lower_bound, problem::round_up,
};

/// Search nodes per millisecond of budget (calibrated on the MiniMalloc instances, release
/// build, one core of the development machine).
pub const NODES_PER_MS: u64 = 300;

/// Largest problem the search works on; larger ones keep the heuristic plan.
pub const SEARCH_LIMIT: usize = 2048;

/// How much work the search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Search nodes (placements tried); the deterministic limit.
    pub nodes: u64,
    /// Safety limit on wall-clock time.
    pub wall: Duration,
}

impl Budget {
    /// The budget for `ms` milliseconds: `ms * NODES_PER_MS` nodes, wall guard `2 * ms + 50`.
    pub fn from_millis(ms: u64) -> Budget {
        Budget {
            nodes: ms.saturating_mul(NODES_PER_MS),
            wall: Duration::from_millis(ms.saturating_mul(2).saturating_add(50)),
        }
    }
}

/// The search planner: the best of the default plan and two more heuristics, improved within
/// `budget` with the portfolio duration, area, size.
pub fn plan(problem: &Problem, budget: &Budget) -> Plan {
    let mut start = default_plan(problem);
    for kind in [PlannerKind::Seed003Cost, PlannerKind::SizeDuration] {
        let plan = kind.planner(0).plan(problem);
        if plan.total < start.total {
            start = plan;
        }
    }
    improve(
        problem,
        start,
        budget,
        &[Ranking::Duration, Ranking::Area, Ranking::Size],
    )
}

/// Returns a plan no larger than `incumbent` (which must be valid), smaller when the search
/// finds one within `budget`. 60% of the budget goes to the lower bound itself, the rest to a
/// bisection between the bound and the best plan found; every target is tried with restarts
/// over the rankings of `portfolio` (see the module doc).
pub fn improve(problem: &Problem, incumbent: Plan, budget: &Budget, portfolio: &[Ranking]) -> Plan {
    improve_with_restarts(problem, incumbent, budget, portfolio, RESTART_NODES)
}

/// [`improve`] with the node limit of the first restart given (later ones follow Luby).
pub fn improve_with_restarts(
    problem: &Problem,
    incumbent: Plan,
    budget: &Budget,
    portfolio: &[Ranking],
    restart_nodes: u64,
) -> Plan {
    let bound = lower_bound(problem);
    if incumbent.total <= bound || problem.len() > SEARCH_LIMIT || budget.nodes == 0 {
        return incumbent;
    }
    if portfolio.is_empty() {
        return incumbent;
    }
    let mut search = Search::new(problem, budget);
    search.restart_nodes = restart_nodes.max(1);
    let step = search.granularity();
    search.granule = step;
    let mut best = incumbent;
    let mut low = bound; // no plan of this size or less is known
    // The bound first, with 60% of the budget.
    let bound_share = budget.nodes / 5 * 3;
    match search.decide_with_restarts(bound, bound_share, portfolio) {
        Outcome::Found(plan) => return plan,
        Outcome::Infeasible | Outcome::OutOfBudget => {}
    }
    // Then bisection, a third of what is left for each target.
    while best.total > low + step && search.nodes_left() > 0 && !search.out_of_time() {
        let middle = low + ((best.total - low) / step / 2).max(1) * step;
        let share = (search.nodes_left() / 3).max(search.nodes_left().min(1000));
        match search.decide_with_restarts(middle, share, portfolio) {
            Outcome::Found(plan) => best = plan,
            Outcome::Infeasible | Outcome::OutOfBudget => low = middle,
        }
    }
    best
}

/// Which of the buffers at the lowest floor the search tries first (larger first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Longer lifetime, then larger size.
    Duration,
    /// Larger size times lifetime, then larger size.
    Area,
    /// Larger size, then longer lifetime.
    Size,
}

/// Nodes of the first restart of the search planner; later ones follow the Luby sequence.
pub const RESTART_NODES: u64 = 50_000;

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
    restart_nodes: u64,
    /// Per item, per mille: scale of its slack in the branching order (jittered restarts).
    slack_scale: Vec<u64>,

    sizes: Vec<u64>,
    alignments: Vec<u64>,
    /// Tie-break among items at the same floor: larger first.
    rank: Vec<(u64, u64)>,
    section_count: usize,
    // Budget.
    nodes_used: u64,
    node_limit: u64,
    attempt_limit: u64,
    started: Instant,
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
}

const NOT_DEFERRED: u64 = u64::MAX;

impl<'p> Search<'p> {
    fn new(problem: &'p Problem, budget: &Budget) -> Self {
        let items: Vec<usize> = (0..problem.len())
            .filter(|&i| problem.aligned_size(i) > 0)
            .collect();
        let buffers = problem.buffers();
        let mut ticks: Vec<u64> = items.iter().map(|&i| buffers[i].first).collect();
        ticks.sort_unstable();
        ticks.dedup();
        let sections_of: Vec<(usize, usize)> = items
            .iter()
            .map(|&i| {
                let lo = ticks.partition_point(|&t| t < buffers[i].first);
                let hi = ticks.partition_point(|&t| t <= buffers[i].last) - 1;
                (lo, hi)
            })
            .collect();
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
        let mut starts_at = vec![Vec::new(); ticks.len()];
        for (k, &(lo, _)) in sections_of.iter().enumerate() {
            starts_at[lo].push(k);
        }
        Search {
            lowest: vec![0; ticks.len()],
            item_lowest: vec![0; items.len()],
            floating: vec![false; items.len()],
            twin_before,
            restart_nodes: RESTART_NODES,
            slack_scale: vec![1000; items.len()],

            granule: 1,
            starts_at,
            rank: Vec::new(),
            problem,
            sizes: items.iter().map(|&i| problem.aligned_size(i)).collect(),
            alignments: items.iter().map(|&i| buffers[i].alignment).collect(),
            items,
            sections_of,
            neighbours,
            section_count: ticks.len(),
            nodes_used: 0,
            node_limit: budget.nodes,
            attempt_limit: 0,
            started: Instant::now(),
            wall: budget.wall,
            timed_out: false,
            target: 0,
            placed: vec![false; count],
            offsets: vec![0; count],
            floors: vec![0; count],
            tops: vec![0; ticks.len()],
            loads: vec![0; ticks.len()],
            deferred: vec![NOT_DEFERRED; count],
            floor_trail: Vec::new(),
            top_trail: Vec::new(),
            defer_trail: Vec::new(),
        }
    }

    /// Every total is a multiple of this: gcd of sizes and alignments.
    fn granularity(&self) -> u64 {
        let mut g = 0u64;
        for (&s, &a) in self.sizes.iter().zip(&self.alignments) {
            g = gcd(gcd(g, s), a);
        }
        g.max(1)
    }

    /// Sets the tie-break among items at the same floor.
    /// With `jitter`, the main key and each item's slack (first-fail key) are scaled by
    /// pseudo-random factors in [0.75, 1.25) drawn from that seed: a deterministic
    /// perturbation for restarts.
    fn set_ranking(&mut self, ranking: Ranking, jitter: Option<u64>) {
        let buffers = self.problem.buffers();
        let mut rng = crate::plan::synth::Rng::new(jitter.unwrap_or(0));
        self.rank = self
            .items
            .iter()
            .zip(&self.sizes)
            .map(|(&i, &size)| {
                let duration = buffers[i].duration();
                let (main, second) = match ranking {
                    Ranking::Duration => (duration, size),
                    Ranking::Area => (size.saturating_mul(duration), size),
                    Ranking::Size => (size, duration),
                };
                let main = match jitter {
                    Some(_) => {
                        let factor = 750 + rng.range(0, 499);
                        u64::try_from(u128::from(main) * u128::from(factor) / 1000).unwrap_or(main)
                    }
                    None => main,
                };
                (main, second)
            })
            .collect();
        self.slack_scale = match jitter {
            Some(_) => self.items.iter().map(|_| 750 + rng.range(0, 499)).collect(),
            None => vec![1000; self.items.len()],
        };
    }

    fn nodes_left(&self) -> u64 {
        if self.timed_out {
            0
        } else {
            self.node_limit.saturating_sub(self.nodes_used)
        }
    }

    fn out_of_time(&self) -> bool {
        self.timed_out
    }

    /// [`Search::decide`] with restarts: the rankings of `portfolio` in turn, then
    /// deterministically jittered ones, node limits following the Luby sequence, until `nodes`
    /// are spent, a plan is found, or one complete run proves the target infeasible.
    fn decide_with_restarts(&mut self, target: u64, nodes: u64, portfolio: &[Ranking]) -> Outcome {
        let end = self.nodes_used.saturating_add(nodes).min(self.node_limit);
        let mut attempt = 0u64;
        while self.nodes_used < end && !self.timed_out && !portfolio.is_empty() {
            let ranking = portfolio[(attempt % portfolio.len() as u64) as usize];
            let jitter = (attempt >= portfolio.len() as u64).then_some(attempt);
            self.set_ranking(ranking, jitter);
            let limit = RESTART_NODES
                .saturating_mul(luby(attempt + 1))
                .min(end - self.nodes_used);
            match self.decide(target, limit) {
                Outcome::OutOfBudget => attempt += 1,
                decided => return decided,
            }
        }
        Outcome::OutOfBudget
    }

    /// Is there a canonical plan with total <= `target`, within `nodes` more nodes?
    fn decide(&mut self, target: u64, nodes: u64) -> Outcome {
        self.target = target;
        self.attempt_limit = self.nodes_used.saturating_add(nodes).min(self.node_limit);
        self.placed.iter_mut().for_each(|p| *p = false);
        self.deferred.iter_mut().for_each(|d| *d = NOT_DEFERRED);
        self.floor_trail.clear();
        self.top_trail.clear();
        self.defer_trail.clear();
        self.floors.iter_mut().for_each(|f| *f = 0);
        self.tops.iter_mut().for_each(|t| *t = 0);
        self.loads.iter_mut().for_each(|l| *l = 0);
        for (k, &(lo, hi)) in self.sections_of.iter().enumerate() {
            for load in &mut self.loads[lo..=hi] {
                *load += self.sizes[k];
            }
        }
        if self.loads.iter().any(|&l| l > target) || !self.bound_holds(0) {
            return Outcome::Infeasible;
        }
        match self.descend(self.items.len(), 0) {
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

    /// One node: take the eligible item with the lowest aligned floor (ties: longer lifetime,
    /// larger size, lower index) and branch: place it at its floor, or defer it (it will rest
    /// on a buffer placed later, so it waits until its floor rises) and pick again. Every
    /// canonical sequence is reachable this way, and none is explored twice. Deferrals are a
    /// loop, not recursion, so the depth is at most the number of buffers.
    fn descend(&mut self, remaining: usize, level: u64) -> Step {
        if remaining == 0 {
            return Step::Found;
        }
        if let Some(corner) = self.tight_corner(level) {
            return self.fill_corner(remaining, corner);
        }
        let Some(candidates) = self.candidates(level) else {
            return Step::Exhausted;
        };
        let defer_mark = self.defer_trail.len();
        let mut result = Step::Exhausted;
        for (offset, k) in candidates {
            self.nodes_used += 1;
            if self.nodes_used >= self.attempt_limit {
                result = Step::Stop;
                break;
            }
            if self.nodes_used.is_multiple_of(1024) && self.started.elapsed() > self.wall {
                self.timed_out = true;
                result = Step::Stop;
                break;
            }
            let floor_mark = self.floor_trail.len();
            let top_mark = self.top_trail.len();
            self.place(k, offset);
            if self.bound_holds(offset) {
                match self.descend(remaining - 1, offset) {
                    Step::Exhausted => {}
                    other => return other,
                }
            }
            self.unplace(k, floor_mark, top_mark);
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

    /// The lowest point of the skyline (leftmost on ties) when its section has no slack left:
    /// `(section, height)`. Only sections some unplaced item still covers count.
    fn tight_corner(&self, level: u64) -> Option<(usize, u64)> {
        let mut lowest: Option<(u64, usize)> = None;
        for s in 0..self.section_count {
            if self.loads[s] == 0 {
                continue;
            }
            let height = self.tops[s].max(level);
            if lowest.is_none_or(|(h, _)| height < h) {
                lowest = Some((height, s));
            }
        }
        let (height, section) = lowest?;
        (height + self.loads[section] == self.target).then_some((section, height))
    }

    /// The lowest point `(section, height)` has no slack, so some item must sit exactly there,
    /// and (as every covered section is at least as high) it must start at that section and
    /// lie where the skyline is at that height. Branch over those items only; none fitting
    /// ends the branch. Items deferred by an ancestor stay deferred.
    fn fill_corner(&mut self, remaining: usize, corner: (usize, u64)) -> Step {
        let (section, height) = corner;
        let mut candidates: Vec<usize> = self.starts_at[section]
            .iter()
            .copied()
            .filter(|&k| {
                !self.placed[k]
                    && !self.waiting(k)
                    && round_up(self.floors[k], self.alignments[k]) == Some(height)
                    && self.floors[k] <= height
                    && height + self.sizes[k] <= self.target
            })
            .collect();
        candidates.sort_by_key(|&k| (std::cmp::Reverse(self.rank[k]), k));
        for k in candidates {
            self.nodes_used += 1;
            if self.nodes_used >= self.attempt_limit {
                return Step::Stop;
            }
            if self.nodes_used.is_multiple_of(1024) && self.started.elapsed() > self.wall {
                self.timed_out = true;
                return Step::Stop;
            }
            let floor_mark = self.floor_trail.len();
            let top_mark = self.top_trail.len();
            self.place(k, height);
            if self.bound_holds(height) {
                match self.descend(remaining - 1, height) {
                    Step::Exhausted => {}
                    other => return other,
                }
            }
            self.unplace(k, floor_mark, top_mark);
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

    /// The eligible items of this node in branching order, each with its offset: lower floor
    /// first, then first fail (least slack in a section it covers, from the bound check that
    /// admitted this node), then the ranking. Deferring one does not change the others'
    /// eligibility, so the list is computed once per node. `None` when some unplaced item can
    /// no longer fit under the target.
    fn candidates(&self, level: u64) -> Option<Vec<(u64, usize)>> {
        // (floor, slack, ranking reversed so larger comes first, item)
        type Key = (u64, u64, std::cmp::Reverse<(u64, u64)>, usize);
        let mut keyed: Vec<Key> = Vec::new();
        for k in 0..self.items.len() {
            if self.placed[k] {
                continue;
            }
            let floor = round_up(self.floors[k], self.alignments[k]).unwrap_or(u64::MAX);
            if floor.max(level).saturating_add(self.sizes[k]) > self.target {
                return None;
            }
            if floor < level || self.waiting(k) {
                continue;
            }
            let (lo, hi) = self.sections_of[k];
            let slack = self.lowest[lo..=hi]
                .iter()
                .zip(&self.loads[lo..=hi])
                .map(|(&lowest, &load)| self.target.saturating_sub(lowest).saturating_sub(load))
                .min()
                .unwrap_or(0);
            let slack = u64::try_from(u128::from(slack) * u128::from(self.slack_scale[k]) / 1000)
                .unwrap_or(slack);
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
        let end = offset + self.sizes[k];
        self.placed[k] = true;
        self.offsets[k] = offset;
        for index in 0..self.neighbours[k].len() {
            let other = self.neighbours[k][index];
            if !self.placed[other] && self.floors[other] < end {
                self.floor_trail.push((other, self.floors[other]));
                self.floors[other] = end;
            }
        }
        let (lo, hi) = self.sections_of[k];
        for s in lo..=hi {
            self.loads[s] -= self.sizes[k];
            if self.tops[s] < end {
                self.top_trail.push((s, self.tops[s]));
                self.tops[s] = end;
            }
        }
    }

    fn unplace(&mut self, k: usize, floor_mark: usize, top_mark: usize) {
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
    }

    /// Every section: the unplaced load there, stacked on the lowest offset any unplaced item
    /// live there can still take, fits the target. An item's lowest offset is its aligned
    /// floor (at least the level); one that must rest on an item placed later (deferred, or
    /// floor below the level) goes at least one granule higher. This sees the waste a bare
    /// skyline bound misses: space under items held up by their other sections.
    fn bound_holds(&mut self, level: u64) -> bool {
        // Cheap skyline test first.
        if !(0..self.section_count)
            .all(|s| self.loads[s] == 0 || self.tops[s].max(level) + self.loads[s] <= self.target)
        {
            return false;
        }
        self.lowest.iter_mut().for_each(|l| *l = u64::MAX);
        // Pass 1: items that can sit on what is placed: their floor. Items that must rest on
        // an item placed later: a first guess one granule up.
        for k in 0..self.items.len() {
            if self.placed[k] {
                continue;
            }
            let floor = round_up(self.floors[k], self.alignments[k]).unwrap_or(u64::MAX);
            self.floating[k] = floor < level
                || (self.deferred[k] != NOT_DEFERRED && self.floors[k] <= self.deferred[k]);
            self.item_lowest[k] = if self.floating[k] {
                floor.max(level).saturating_add(self.granule)
            } else {
                floor
            };
        }
        // Pass 2: a floating item rests on the end of an unplaced neighbour at least.
        {
            for k in 0..self.items.len() {
                if self.placed[k] || !self.floating[k] {
                    continue;
                }
                let mut support = u64::MAX;
                for &y in &self.neighbours[k] {
                    if !self.placed[y] {
                        let floor_y = self.item_lowest[y].max(level);
                        support = support.min(floor_y.saturating_add(self.sizes[y]));
                    }
                }
                if support == u64::MAX {
                    return false; // nothing left to rest on
                }
                let support = round_up(support, self.alignments[k]).unwrap_or(u64::MAX);
                if support > self.item_lowest[k] {
                    self.item_lowest[k] = support;
                }
                if self.item_lowest[k].saturating_add(self.sizes[k]) > self.target {
                    return false;
                }
            }
        }
        for k in 0..self.items.len() {
            if self.placed[k] {
                continue;
            }
            let lowest = self.item_lowest[k];
            let (lo, hi) = self.sections_of[k];
            for slot in &mut self.lowest[lo..=hi] {
                if lowest < *slot {
                    *slot = lowest;
                }
            }
        }
        (0..self.section_count).all(|s| {
            self.loads[s] == 0 || self.lowest[s].saturating_add(self.loads[s]) <= self.target
        })
    }
}

enum Step {
    Found,
    Exhausted,
    Stop,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
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
                nodes: 0,
                wall: Duration::ZERO,
            },
            &[Ranking::Duration],
        );
        assert_eq!(plan, incumbent);
    }
}
