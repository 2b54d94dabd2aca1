//! Skyline bottom-left fill: a constructive planner that fills the arena from the bottom, the
//! way perfect-packing heuristics fill a strip.
//!
//! Time is cut into sections (a new one wherever a buffer starts); the skyline is the height
//! placed so far in each section. Repeatedly take the lowest section some unplaced buffer is
//! live in (leftmost on ties): only a buffer starting there can sit at that height (any buffer
//! live earlier too would rest on a higher section), so place the best of those per
//! [`Choice`]; when none fits there, that bit of the section stays empty and its skyline rises
//! to the lowest height an unplaced buffer live there can take. Every placement rests on
//! what is below it, so the plan is valid by construction.
//!
//! One pass costs O(n · sections) at most; [`best_of`] runs several choices and
//! deterministically jittered variants and keeps the smallest plan. On the MiniMalloc
//! instances (perfect packings cut from a square) this gets far closer to the bound than
//! order-then-best-fit heuristics, because it never leaves a gap a later buffer could have
//! filled exactly.

use crate::plan::{
    Plan, Problem,
    problem::round_up,
    synth::{Rng, scale_per_mille},
};

/// Which of the buffers that can sit at the lowest point goes there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Longest lifetime first (fills the low stretch of the skyline widest), then larger.
    Duration,
    /// Largest first, then longer lifetime.
    Size,
    /// Largest size times lifetime first.
    Area,
}

/// Choices [`best_of`] tries.
pub const CHOICES: [Choice; 3] = [Choice::Duration, Choice::Area, Choice::Size];

/// The smallest plan of the unjittered [`CHOICES`], each with and without step filling, and
/// `jittered` more runs with perturbed keys (deterministic seeds).
pub fn best_of(problem: &Problem, jittered: u64) -> Plan {
    let mut runs: Vec<(Choice, bool, Option<u64>)> = Vec::new();
    for fill_steps in [false, true] {
        runs.extend(CHOICES.iter().map(|&choice| (choice, fill_steps, None)));
    }
    runs.extend(
        (0..jittered).map(|seed| (CHOICES[(seed % 3) as usize], seed % 2 == 1, Some(seed + 1))),
    );
    runs.into_iter()
        .map(|(choice, fill_steps, jitter)| plan(problem, choice, fill_steps, jitter))
        .reduce(|best, plan| if plan.total < best.total { plan } else { best })
        .unwrap_or_else(|| Plan::from_offsets(problem, vec![0; problem.len()]))
}

/// One bottom-left fill with the given choice. With `fill_steps`, a buffer that ends exactly
/// where the low stretch of the skyline ends goes first (it leaves no sliver). `jitter`
/// perturbs every buffer's key by a pseudo-random factor in [0.75, 1.25) drawn from that seed.
pub fn plan(problem: &Problem, choice: Choice, fill_steps: bool, jitter: Option<u64>) -> Plan {
    let buffers = problem.buffers();
    let items: Vec<usize> = (0..problem.len())
        .filter(|&i| problem.aligned_size(i) > 0)
        .collect();
    let mut offsets = vec![0u64; problem.len()];
    if items.is_empty() {
        return Plan::from_offsets(problem, offsets);
    }
    let mut ticks: Vec<u64> = items.iter().map(|&i| buffers[i].first).collect();
    ticks.sort_unstable();
    ticks.dedup();
    let sections = ticks.len();
    let span: Vec<(usize, usize)> = items
        .iter()
        .map(|&i| {
            let lo = ticks.partition_point(|&t| t < buffers[i].first);
            let hi = ticks.partition_point(|&t| t <= buffers[i].last) - 1;
            (lo, hi)
        })
        .collect();
    let mut rng = Rng::new(jitter.unwrap_or(0));
    let keys: Vec<(u64, u64)> = items
        .iter()
        .map(|&i| {
            let size = problem.aligned_size(i);
            let duration = buffers[i].duration();
            let (main, second) = match choice {
                Choice::Duration => (duration, size),
                Choice::Size => (size, duration),
                Choice::Area => (size.saturating_mul(duration), size),
            };
            let main = match jitter {
                Some(_) => scale_per_mille(main, rng.jitter_per_mille()),
                None => main,
            };
            (main, second)
        })
        .collect();
    let mut starting: Vec<Vec<usize>> = vec![Vec::new(); sections];
    let mut live = vec![0u32; sections];
    for (k, &(lo, hi)) in span.iter().enumerate() {
        starting[lo].push(k);
        for count in &mut live[lo..=hi] {
            *count += 1;
        }
    }
    let mut skyline = Skyline::new(&live);
    let mut placed = vec![false; items.len()];
    let alignment = |k: usize| buffers[items[k]].alignment;
    let mut remaining = items.len();
    while remaining > 0 {
        // The lowest section some unplaced buffer is live in, leftmost on ties.
        let Some((section, height)) = skyline.lowest() else {
            break;
        };
        // Only buffers starting here can sit at this height; drop the placed ones on the way.
        let mut chosen: Option<usize> = None;
        let mut next_height = u64::MAX;
        starting[section].retain(|&k| {
            if placed[k] {
                return false;
            }
            let (lo, hi) = span[k];
            let floor = round_up(skyline.highest(lo, hi), alignment(k)).unwrap_or(u64::MAX);
            if floor == height {
                // A buffer that ends where the low stretch ends leaves no sliver behind.
                let fits = |k: usize| {
                    let hi = span[k].1;
                    fill_steps && (hi + 1 == sections || skyline.top(hi + 1) != height)
                };
                if chosen.is_none_or(|c| {
                    (fits(k), keys[k], std::cmp::Reverse(k))
                        > (fits(c), keys[c], std::cmp::Reverse(c))
                }) {
                    chosen = Some(k);
                }
            } else {
                next_height = next_height.min(floor);
            }
            true
        });
        match chosen {
            Some(k) => {
                placed[k] = true;
                remaining -= 1;
                offsets[items[k]] = height;
                let (lo, hi) = span[k];
                skyline.place(lo, hi, height + problem.aligned_size(items[k]));
            }
            None => {
                // Nothing sits here: the section rises to the lowest height a buffer live in
                // it can take: one starting here at its floor, or one live since an earlier
                // section on top of that section (which is higher: leftmost rule).
                if section > 0 && skyline.is_live(section - 1) {
                    next_height = next_height.min(skyline.top(section - 1));
                }
                skyline.raise(section, next_height.max(height + 1));
            }
        }
    }
    Plan::from_offsets(problem, offsets)
}

/// The skyline: per section its height and how many unplaced buffers are live in it, in a
/// bottom-up segment tree that answers "lowest section still in use (leftmost)" and "highest
/// point over a range of sections" in O(log sections).
struct Skyline {
    /// Number of leaves (a power of two); leaf `s` is node `leaves + s`.
    leaves: usize,
    tops: Vec<u64>,
    live: Vec<u32>,
    /// Per node: lowest height among its sections still in use, and that section.
    lowest: Vec<(u64, usize)>,
    /// Per node: highest height among its sections.
    highest: Vec<u64>,
}

const CLOSED: (u64, usize) = (u64::MAX, usize::MAX);

impl Skyline {
    fn new(live: &[u32]) -> Skyline {
        let leaves = live.len().next_power_of_two();
        let mut skyline = Skyline {
            leaves,
            tops: vec![0; live.len()],
            live: live.to_vec(),
            lowest: vec![CLOSED; 2 * leaves],
            highest: vec![0; 2 * leaves],
        };
        for s in 0..live.len() {
            skyline.set_leaf(s);
        }
        for node in (1..leaves).rev() {
            skyline.pull(node);
        }
        skyline
    }

    fn set_leaf(&mut self, s: usize) {
        let node = self.leaves + s;
        self.lowest[node] = if self.live[s] > 0 {
            (self.tops[s], s)
        } else {
            CLOSED
        };
        self.highest[node] = self.tops[s];
    }

    fn pull(&mut self, node: usize) {
        let (left, right) = (self.lowest[2 * node], self.lowest[2 * node + 1]);
        // Leftmost on ties: the left child wins unless the right one is strictly lower.
        self.lowest[node] = if right.0 < left.0 { right } else { left };
        self.highest[node] = self.highest[2 * node].max(self.highest[2 * node + 1]);
    }

    /// Recomputes the ancestors of leaves `lo..=hi`.
    fn refresh(&mut self, lo: usize, hi: usize) {
        let (mut lo, mut hi) = (self.leaves + lo, self.leaves + hi);
        while lo > 1 {
            lo /= 2;
            hi /= 2;
            for node in lo..=hi {
                self.pull(node);
            }
        }
    }

    /// The lowest section some unplaced buffer is live in (leftmost), with its height.
    fn lowest(&self) -> Option<(usize, u64)> {
        let (height, section) = self.lowest[1];
        (section != usize::MAX).then_some((section, height))
    }

    /// The highest point of sections `lo..=hi`.
    fn highest(&self, lo: usize, hi: usize) -> u64 {
        let (mut lo, mut hi) = (self.leaves + lo, self.leaves + hi + 1);
        let mut best = 0;
        while lo < hi {
            if lo % 2 == 1 {
                best = best.max(self.highest[lo]);
                lo += 1;
            }
            if hi % 2 == 1 {
                hi -= 1;
                best = best.max(self.highest[hi]);
            }
            lo /= 2;
            hi /= 2;
        }
        best
    }

    fn top(&self, s: usize) -> u64 {
        self.tops[s]
    }

    fn is_live(&self, s: usize) -> bool {
        self.live[s] > 0
    }

    /// A buffer live over sections `lo..=hi` now ends at `end` there.
    fn place(&mut self, lo: usize, hi: usize, end: u64) {
        for s in lo..=hi {
            self.tops[s] = end;
            self.live[s] -= 1;
            self.set_leaf(s);
        }
        self.refresh(lo, hi);
    }

    /// Section `s` stays empty up to `height`.
    fn raise(&mut self, s: usize, height: u64) {
        self.tops[s] = height;
        self.set_leaf(s);
        self.refresh(s, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan, lower_bound};

    #[test]
    fn fills_a_cut_rectangle_exactly() {
        // A 4-tick x 12-byte rectangle cut into pieces: the fill finds the perfect packing.
        let problem = Problem::new(vec![
            Buffer::new(4, 0, 1),
            Buffer::new(4, 2, 3),
            Buffer::new(4, 0, 3),
            Buffer::new(2, 0, 0),
            Buffer::new(2, 1, 3),
            Buffer::new(2, 0, 3),
        ])
        .unwrap();
        let plan = best_of(&problem, 4);
        check_plan(&problem, &plan).unwrap();
        assert_eq!(lower_bound(&problem), 12);
        assert_eq!(plan.total, 12);
    }

    #[test]
    fn honours_alignment_and_zero_sizes() {
        let problem = Problem::new(vec![
            Buffer::new(3, 0, 2).with_alignment(4),
            Buffer::new(0, 0, 5),
            Buffer::new(5, 1, 3).with_alignment(8),
            Buffer::new(1, 3, 5),
        ])
        .unwrap();
        for choice in CHOICES {
            let plan = plan(&problem, choice, true, Some(3));
            check_plan(&problem, &plan).unwrap();
        }
    }
}
