//! Obstacles: buffers fixed at given offsets that the search goes around (the
//! large-neighbourhood search fixes everything outside its window). An item goes at the
//! lowest aligned offset at or above its floor that clears the obstacles live with it
//! (`Search::pos`); the bounds count the obstacles' bytes above the height they test
//! (`Search::fixed_above`). The search's state keeps them as a `Fixed`.

use crate::plan::problem::round_up;

use super::state::{Fixed, Search};

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

impl Search<'_> {
    /// Makes the items go around `obstacles` (see [`Obstacle`]); charges the set-up as work.
    pub(super) fn set_obstacles(&mut self, obstacles: &[Obstacle]) {
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
    pub(super) fn pos(&self, k: usize, floor: u64) -> u64 {
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
    pub(super) fn fixed_above(&self, s: usize, height: u64) -> u64 {
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
}
