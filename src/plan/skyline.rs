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
    problem::{Sections, round_up},
    rng::{Rng, scale_per_mille},
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

/// Preferences applied before the choice's key, among the buffers that can sit at the lowest
/// point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fill {
    /// A buffer that ends exactly where the low stretch of the skyline ends goes first: it
    /// leaves no sliver behind.
    pub steps: bool,
    /// Next, a buffer whose top would be flush with the skyline next to it (left of its first
    /// or right of its last section): it leaves a flat surface for later buffers.
    pub flush: bool,
}

/// The smallest plan of the unjittered [`CHOICES`], each with and without step filling, and
/// `jittered` more runs with perturbed keys and varied [`Fill`]s (deterministic seeds).
pub fn best_of(problem: &Problem, jittered: u64) -> Plan {
    let prepared = Prepared::new(problem);
    runs()
        .take(PLAIN_RUNS + jittered as usize)
        .map(|(choice, fill, jitter)| prepared.fill(choice, fill, jitter))
        .reduce(|best, plan| if plan.total < best.total { plan } else { best })
        .unwrap_or_else(|| Plan::from_offsets(problem, vec![0; problem.len()]))
}

/// The smallest plan of the unjittered runs of [`best_of`], then jittered ones up to
/// `max_runs` runs in all while their estimated work (one unit per buffer and per section a
/// buffer covers, per run) stays within `work`; stops as soon as a plan's total is at most
/// `good_enough` (the lower bound, say).
pub fn best_within(problem: &Problem, max_runs: usize, work: u64, good_enough: u64) -> Plan {
    let prepared = Prepared::new(problem);
    let cost = prepared.fill_cost();
    let mut spent = 0u64;
    let mut best: Option<Plan> = None;
    for (index, (choice, fill, jitter)) in runs().enumerate() {
        if index >= PLAIN_RUNS && (index >= max_runs || spent.saturating_add(cost) > work) {
            break;
        }
        spent = spent.saturating_add(cost);
        let plan = prepared.fill(choice, fill, jitter);
        if best.as_ref().is_none_or(|b| plan.total < b.total) {
            best = Some(plan);
        }
        if best.as_ref().is_some_and(|b| b.total <= good_enough) {
            break;
        }
    }
    best.unwrap_or_else(|| Plan::from_offsets(problem, vec![0; problem.len()]))
}

/// Number of unjittered runs: every choice with and without step filling.
const PLAIN_RUNS: usize = 2 * CHOICES.len();

/// The runs of [`best_of`] and [`best_within`], in order: the [`PLAIN_RUNS`] unjittered ones,
/// then an endless sequence of jittered ones (seeds 1, 2, ...) cycling through the choices and
/// fill preferences.
fn runs() -> impl Iterator<Item = (Choice, Fill, Option<u64>)> {
    let plain = [false, true].into_iter().flat_map(|steps| {
        CHOICES.iter().map(move |&choice| {
            let fill = Fill {
                steps,
                flush: false,
            };
            (choice, fill, None)
        })
    });
    let jittered = (0u64..).map(|seed| {
        let fill = Fill {
            steps: seed % 2 == 1,
            flush: seed / 2 % 2 == 1,
        };
        (CHOICES[(seed % 3) as usize], fill, Some(seed + 1))
    });
    plain.chain(jittered)
}

/// How far jittered runs scale a buffer's key, per mille either way: seeds cycle through
/// mild, strong and nearly random perturbations (every width finds plans the others miss).
const JITTER_WIDTHS: [u64; 3] = [250, 600, 900];

/// One bottom-left fill with the given choice and preferences. `jitter` perturbs every
/// buffer's key by a pseudo-random factor drawn from that seed, by up to 25%, 60% or 90%
/// either way depending on the seed.
pub fn plan(problem: &Problem, choice: Choice, fill: Fill, jitter: Option<u64>) -> Plan {
    Prepared::new(problem).fill(choice, fill, jitter)
}

/// What every fill of one problem shares: the buffers that take room, the sections and each
/// buffer's range of them.
struct Prepared<'p> {
    problem: &'p Problem,
    /// Buffers with a non-zero size, the only ones placed.
    items: Vec<usize>,
    /// Per item: first and last section it is live in.
    span: Vec<(usize, usize)>,
    /// Per section: items whose first section it is.
    starting: Vec<Vec<usize>>,
    /// The skyline before anything is placed.
    empty: Skyline,
}

impl<'p> Prepared<'p> {
    fn new(problem: &'p Problem) -> Self {
        let Sections {
            items,
            count: sections,
            span,
        } = Sections::of(problem);
        let mut starting: Vec<Vec<usize>> = vec![Vec::new(); sections];
        let mut live = vec![0u32; sections];
        for (k, &(lo, hi)) in span.iter().enumerate() {
            starting[lo].push(k);
            for count in &mut live[lo..=hi] {
                *count += 1;
            }
        }
        Prepared {
            problem,
            items,
            span,
            starting,
            empty: Skyline::new(&live),
        }
    }

    /// The work of one fill in the units of [`best_within`].
    fn fill_cost(&self) -> u64 {
        let covered: usize = self.span.iter().map(|&(lo, hi)| hi - lo + 1).sum();
        (self.items.len() + covered) as u64
    }

    fn fill(&self, choice: Choice, fill: Fill, jitter: Option<u64>) -> Plan {
        let problem = self.problem;
        let buffers = problem.buffers();
        let (items, span) = (&self.items, &self.span);
        let mut offsets = vec![0u64; problem.len()];
        if items.is_empty() {
            return Plan::from_offsets(problem, offsets);
        }
        let sections = self.starting.len();
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
                    Some(seed) => {
                        let width = JITTER_WIDTHS[(seed / 4 % 3) as usize];
                        scale_per_mille(main, rng.jitter_within(width))
                    }
                    None => main,
                };
                (main, second)
            })
            .collect();
        let mut starting = self.starting.clone();
        let mut skyline = self.empty.clone();
        let mut placed = vec![false; items.len()];
        let alignment = |k: usize| buffers[items[k]].alignment;
        let mut remaining = items.len();
        while remaining > 0 {
            // The lowest section some unplaced buffer is live in, leftmost on ties.
            let Some((section, height)) = skyline.lowest() else {
                break;
            };
            // Only buffers starting here can sit at this height; drop the placed ones on the
            // way.
            let mut chosen: Option<usize> = None;
            let mut next_height = u64::MAX;
            let preference = |k: usize| {
                let (lo, hi) = span[k];
                let steps = fill.steps && (hi + 1 == sections || skyline.top(hi + 1) != height);
                let end = height + problem.aligned_size(items[k]);
                let flush = fill.flush
                    && ((lo > 0 && skyline.top(lo - 1) == end)
                        || (hi + 1 < sections && skyline.top(hi + 1) == end));
                (steps, flush, keys[k], std::cmp::Reverse(k))
            };
            starting[section].retain(|&k| {
                if placed[k] {
                    return false;
                }
                let (lo, hi) = span[k];
                let floor = round_up(skyline.highest(lo, hi), alignment(k)).unwrap_or(u64::MAX);
                if floor == height {
                    if chosen.is_none_or(|c| preference(k) > preference(c)) {
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
                    // Nothing sits here: the section rises to the lowest height a buffer live
                    // in it can take: one starting here at its floor, or one live since an
                    // earlier section on top of that section (which is higher: leftmost rule).
                    if section > 0 && skyline.is_live(section - 1) {
                        next_height = next_height.min(skyline.top(section - 1));
                    }
                    skyline.raise(section, next_height.max(height + 1));
                }
            }
        }
        Plan::from_offsets(problem, offsets)
    }
}

/// The skyline: per section its height and how many unplaced buffers are live in it, in a
/// bottom-up segment tree that answers "lowest section still in use (leftmost)" and "highest
/// point over a range of sections" in O(log sections).
#[derive(Clone)]
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
    fn best_within_keeps_to_its_run_limit_and_stops_at_good_enough() {
        let problem = crate::plan::synth::dnn_trace(300, 7).unwrap();
        // No jittered run allowed: the plain runs alone, as best_of with none.
        let plain = best_within(&problem, PLAIN_RUNS, u64::MAX, 0);
        assert_eq!(plain.offsets, best_of(&problem, 0).offsets);
        // Work for the plain runs only: the same.
        let tight = best_within(&problem, 1000, 0, 0);
        assert_eq!(tight.offsets, plain.offsets);
        // Anything is good enough: the first run's plan.
        let first = best_within(&problem, 1000, u64::MAX, u64::MAX);
        let (choice, fill, jitter) = runs().next().unwrap();
        assert_eq!(first.offsets, plan(&problem, choice, fill, jitter).offsets);
        // More runs never give a larger plan.
        let more = best_within(&problem, 60, u64::MAX, 0);
        check_plan(&problem, &more).unwrap();
        assert!(more.total <= plain.total);
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
            let fill = Fill {
                steps: true,
                flush: true,
            };
            let plan = plan(&problem, choice, fill, Some(3));
            check_plan(&problem, &plan).unwrap();
        }
    }
}
