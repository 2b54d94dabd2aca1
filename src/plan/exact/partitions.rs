//! Decomposition: when the placed items cut time in two, the unplaced items on each side
//! form independent partitions, solved one after the other; with an unjittered total-first
//! ranking their items are ranked again by the load left there (dynamic totals).

use super::{
    restarts::Ranking,
    state::{NOT_DEFERRED, Partition, Search, Step},
};

impl Search<'_> {
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
    pub(super) fn solve_parts(&mut self, parts: Vec<Partition>) -> Step {
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
    pub(super) fn rank_by_load_left(&mut self, parts: &[Partition]) -> Vec<(usize, [u64; 3])> {
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

    /// The partitions of `part` between the zero cuts inside `span` (a section range), or
    /// `part` itself, copied, when there are none there. Every unplaced item lies in one
    /// partition: none crosses a zero cut.
    pub(super) fn split(&self, part: &Partition, span: (usize, usize)) -> Vec<Partition> {
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
}
