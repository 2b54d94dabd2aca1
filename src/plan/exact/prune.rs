//! The bound each node of the search must pass: in every section, the unplaced load stacked
//! on the lowest offset an unplaced item there can still take (with the obstacles' bytes
//! above it) fits under the target.

use super::state::{NOT_DEFERRED, Partition, Search};

impl Search<'_> {
    /// Every section of the partition: the unplaced load there, stacked on the lowest offset
    /// any unplaced item live there can still take, fits the target. An item's lowest offset
    /// is its aligned floor (at least the level); one that must rest on an item placed later
    /// (deferred, or floor below the level) goes at least one granule higher. This sees the
    /// waste a bare skyline bound misses: space under items held up by their other sections.
    pub(super) fn bound_holds(&mut self, part: &Partition, level: u64) -> bool {
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
