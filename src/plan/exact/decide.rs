//! One decision, "is there a canonical plan within the target": the depth-first search over
//! canonical sequences (branching: place the item with the lowest floor there or defer it;
//! the tight corner; the gap rule; twins in index order; candidates by floor, slack and
//! ranking).

use crate::plan::{Plan, rng::scale_per_mille};

use super::state::{NOT_DEFERRED, Outcome, Partition, Search, Step};

impl Search<'_> {
    /// Is there a canonical plan with total <= `target`, within `work` more units?
    pub(super) fn decide(&mut self, target: u64, work: u64) -> Outcome {
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
    pub(super) fn start_decision(&mut self, target: u64, work: u64) {
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

    /// One node: take the eligible item with the lowest aligned floor (ties: least slack,
    /// then the ranking) and branch: place it at its floor, or defer it (it will rest on a
    /// buffer placed later, so it waits until its floor rises) and pick again. Every canonical
    /// sequence is reachable this way, and none is explored twice. Deferrals are a loop, not
    /// recursion, so the depth is at most the number of buffers. A placement that leaves the
    /// rest of the partition in independent pieces solves them one by one.
    pub(super) fn descend(&mut self, part: &Partition, remaining: usize, level: u64) -> Step {
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
}
