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
//! One pass costs O(n log n) plus the scans of the buffers starting at the lowest section
//! (a lazy segment tree keeps the skyline); [`best_of`] runs several choices and
//! deterministically jittered variants and keeps the smallest plan. On the MiniMalloc
//! instances (perfect packings cut from a square) this gets far closer to the bound than
//! order-then-best-fit heuristics, because it never leaves a gap a later buffer could have
//! filled exactly.

use std::collections::BTreeSet;

use crate::plan::{
    Plan, Problem,
    bound::lower_bound,
    deadline::{CHECK_EVERY, Deadline, FALLBACK_GRACE, stack_above},
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
    best_of_until(problem, jittered, Deadline::NEVER)
}

/// [`best_of`] that starts no run after `deadline` (the first one always runs, cut at
/// `deadline` like [`plan_until`]). Stops at the first plan at the lower bound: no later run
/// can beat it and ties keep the earlier plan, so the result is the same as running them all
/// (on DNN-like traces the first run reaches the bound: one fill instead of twelve).
pub fn best_of_until(problem: &Problem, jittered: u64, deadline: Deadline) -> Plan {
    let runs = PLAIN_RUNS.saturating_add(usize::try_from(jittered).unwrap_or(usize::MAX));
    best_within_until(problem, runs, u64::MAX, lower_bound(problem), deadline)
}

/// Above this many buffers to complete, [`complete_above`] stacks them by size class at once.
pub const FALLBACK_FILL_LIMIT: usize = 50_000;

/// Completes a partial plan: `offsets` is valid for every buffer but those of `rest`, which
/// go above everything else, packed among themselves by one valley fill
/// ([`crate::plan::valley`]). The fallback of the planners cut short by a [`Deadline`].
pub fn complete_above(problem: &Problem, mut offsets: Vec<u64>, rest: &[usize]) -> Plan {
    if rest.is_empty() {
        return Plan::from_offsets(problem, offsets);
    }
    if rest.len() > FALLBACK_FILL_LIMIT {
        // Setting up a fill of this many buffers alone outlasts the grace.
        return stack_above(problem, offsets, rest);
    }
    let mut pending = vec![false; problem.len()];
    for &i in rest {
        pending[i] = true;
    }
    let top = (0..problem.len())
        .filter(|&i| !pending[i])
        .map(|i| offsets[i] + problem.aligned_size(i))
        .max()
        .unwrap_or(0);
    // Every alignment divides the largest one; the problem's invariant keeps this in range.
    let base = round_up(top, problem.max_alignment()).unwrap_or(top);
    let sub = problem.subset(rest);
    let grace = Deadline::after(FALLBACK_GRACE);
    // The valley fill: O(n log n) whatever the shape, where this fill can take quadratic
    // steps on wide random traces.
    let packed = crate::plan::valley::plan_until(&sub, grace);
    for (j, &i) in rest.iter().enumerate() {
        offsets[i] = base + packed.offsets[j];
    }
    Plan::from_offsets(problem, offsets)
}

/// The smallest plan of the unjittered runs of [`best_of`], then jittered ones up to
/// `max_runs` runs in all while their estimated work (one unit per buffer and per section a
/// buffer covers, per run) stays within `work`; stops as soon as a plan's total is at most
/// `good_enough` (the lower bound, say).
pub fn best_within(problem: &Problem, max_runs: usize, work: u64, good_enough: u64) -> Plan {
    best_within_until(problem, max_runs, work, good_enough, Deadline::NEVER)
}

/// [`best_within`] that starts no run after `deadline` (the first one always runs, cut at
/// `deadline` like [`plan_until`]).
pub fn best_within_until(
    problem: &Problem,
    max_runs: usize,
    work: u64,
    good_enough: u64,
    deadline: Deadline,
) -> Plan {
    let prepared = Prepared::new(problem);
    let cost = prepared.fill_cost();
    let mut spent = 0u64;
    let mut best: Option<Plan> = None;
    for (index, (choice, fill, jitter)) in runs().enumerate() {
        if index >= PLAIN_RUNS && (index >= max_runs || spent.saturating_add(cost) > work) {
            break;
        }
        if index > 0 && deadline.passed() {
            break;
        }
        spent = spent.saturating_add(cost);
        let plan = prepared.fill(choice, fill, jitter, deadline);
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
    plan_until(problem, choice, fill, jitter, Deadline::NEVER)
}

/// [`plan`] cut at `deadline`: the buffers not placed by then go on top by
/// [`stack_above`].
pub fn plan_until(
    problem: &Problem,
    choice: Choice,
    fill: Fill,
    jitter: Option<u64>,
    deadline: Deadline,
) -> Plan {
    Prepared::new(problem).fill(choice, fill, jitter, deadline)
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
    /// The skyline before anything is placed: a flat array up to [`FLAT_SECTIONS`]
    /// sections, a segment tree above.
    empty: Empty,
}

/// The empty skyline of a problem, in the representation its size calls for.
enum Empty {
    Flat(FlatSkyline),
    Tree(Skyline),
}

/// Up to this many sections a fill keeps the skyline in flat arrays ([`FlatSkyline`]): a
/// step scans every section for the lowest point and a buffer's span for its floor, which
/// on small problems costs less than the segment tree's descents (the default planner's
/// fills of the MiniMalloc instances, 69 to 231 sections, take half the time). The same
/// answers, so the same plans.
pub const FLAT_SECTIONS: usize = 512;

impl<'p> Prepared<'p> {
    fn new(problem: &'p Problem) -> Self {
        let Sections {
            items,
            count: sections,
            span,
        } = Sections::of(problem);
        let mut starting: Vec<Vec<usize>> = vec![Vec::new(); sections];
        // Live count per section by a difference sweep.
        let mut delta = vec![0i64; sections + 1];
        for (k, &(lo, hi)) in span.iter().enumerate() {
            starting[lo].push(k);
            delta[lo] += 1;
            delta[hi + 1] -= 1;
        }
        let mut running = 0i64;
        let live: Vec<u32> = delta[..sections]
            .iter()
            .map(|d| {
                running += d;
                running as u32
            })
            .collect();
        Prepared {
            problem,
            items,
            span,
            starting,
            empty: if sections <= FLAT_SECTIONS {
                Empty::Flat(FlatSkyline::new(&live))
            } else {
                Empty::Tree(Skyline::new(&live))
            },
        }
    }

    /// The work of one fill in the units of [`best_within`].
    fn fill_cost(&self) -> u64 {
        let covered: usize = self.span.iter().map(|&(lo, hi)| hi - lo + 1).sum();
        (self.items.len() + covered) as u64
    }

    fn fill(&self, choice: Choice, fill: Fill, jitter: Option<u64>, deadline: Deadline) -> Plan {
        match &self.empty {
            Empty::Flat(empty) => self.fill_on(empty.clone(), choice, fill, jitter, deadline),
            Empty::Tree(empty) => self.fill_on(empty.clone(), choice, fill, jitter, deadline),
        }
    }

    /// One fill starting from the empty `skyline`.
    fn fill_on<S: Heights>(
        &self,
        mut skyline: S,
        choice: Choice,
        fill: Fill,
        jitter: Option<u64>,
        deadline: Deadline,
    ) -> Plan {
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
        let mut placed = vec![false; items.len()];
        let alignment = |k: usize| buffers[items[k]].alignment;
        let mut remaining = items.len();
        // With the plain longest-first choice and one alignment for all, the preference among
        // buffers starting in a section is an order on their last section (they share their
        // first tick, so a longer one ends later), and a buffer fits at the lowest height
        // exactly when its span stays in the flat stretch there: per section, the buffers
        // sorted by (last section, key, reversed index) answer an iteration in O(log n)
        // instead of a scan of all of them (quadratic when many start together). Same plans.
        let uniform = items.first().map_or(1, |&i| buffers[i].alignment);
        let fast = choice == Choice::Duration
            && fill == Fill::default()
            && jitter.is_none()
            && items.iter().all(|&i| buffers[i].alignment == uniform);
        let mut by_end: Option<Vec<BTreeSet<EndKey>>> = fast.then(|| {
            starting
                .iter()
                .map(|list| {
                    list.iter()
                        .map(|&k| (span[k].1, keys[k].0, keys[k].1, std::cmp::Reverse(k)))
                        .collect()
                })
                .collect()
        });
        // Unplaced buffers starting in each section, and a union-find "next section from
        // here with some" (a section's count only goes down).
        let mut pending: Vec<u32> = starting.iter().map(|s| s.len() as u32).collect();
        let mut next_pending: Vec<usize> = (0..=sections).collect();
        for (s, &count) in pending.iter().enumerate() {
            if count == 0 {
                next_pending[s] = s + 1;
            }
        }
        let mut steps = 0usize;
        while remaining > 0 {
            steps += 1;
            if steps.is_multiple_of(CHECK_EVERY) && deadline.passed() {
                let rest: Vec<usize> = (0..items.len())
                    .filter(|&k| !placed[k])
                    .map(|k| items[k])
                    .collect();
                return stack_above(problem, offsets, &rest);
            }
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
            if let Some(sorted) = &mut by_end {
                // Fast path (see `by_end`): the best buffer here is the longest one whose
                // span stays within the flat stretch at `height`, the lowest floor of the
                // others is that of the shortest one beyond it.
                let flat_end = skyline.first_off(section + 1, height);
                let split = (flat_end, 0, 0, std::cmp::Reverse(usize::MAX));
                let set = &sorted[section];
                chosen = set.range(..split).next_back().map(|entry| entry.3.0);
                if chosen.is_none()
                    && let Some(&(hi, ..)) = set.range(split..).next()
                {
                    next_height =
                        round_up(skyline.highest(section, hi), uniform).unwrap_or(u64::MAX);
                }
                if let Some(k) = chosen {
                    sorted[section].remove(&(
                        span[k].1,
                        keys[k].0,
                        keys[k].1,
                        std::cmp::Reverse(k),
                    ));
                }
            }
            if by_end.is_none() {
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
            }
            match chosen {
                Some(k) => {
                    placed[k] = true;
                    remaining -= 1;
                    let lo = span[k].0;
                    pending[lo] -= 1;
                    if pending[lo] == 0 {
                        next_pending[lo] = lo + 1;
                    }
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
                    let target = next_height.max(height + 1);
                    skyline.raise(section, section, target);
                    // The sections right of it at the same height, still in use, with no
                    // unplaced buffer starting in them, would now rise one by one to the
                    // height on their left, `target`: raise them together (the same plan,
                    // without the cascade that makes wide valleys quadratic).
                    let end = skyline
                        .first_off(section + 1, height)
                        .min(next_start(&mut next_pending, section + 1));
                    if end > section + 1 {
                        skyline.raise(section + 1, end - 1, target);
                    }
                }
            }
        }
        Plan::from_offsets(problem, offsets)
    }
}

/// The fast path's order among buffers starting in one section: last section, the choice's
/// key (two parts), and the reversed index (earlier buffers first among equals).
type EndKey = (usize, u64, u64, std::cmp::Reverse<usize>);

/// The first section from `s` on with an unplaced buffer starting in it (`next[s] == s` marks
/// one; others point further right), with path halving.
fn next_start(next: &mut [usize], mut s: usize) -> usize {
    while next[s] != s {
        next[s] = next[next[s]];
        s = next[s];
    }
    s
}

/// What a fill asks of the skyline: per section its height and whether some unplaced buffer
/// is still live there ("open"). [`Skyline`] (segment tree) and [`FlatSkyline`] (arrays)
/// answer alike.
trait Heights {
    /// The lowest open section (leftmost on ties), with its height.
    fn lowest(&self) -> Option<(usize, u64)>;
    /// The highest point of sections `lo..=hi`, open or not.
    fn highest(&self, lo: usize, hi: usize) -> u64;
    /// The height of section `s`.
    fn top(&self, s: usize) -> u64;
    /// Whether section `s` is open.
    fn is_live(&self, s: usize) -> bool;
    /// A buffer live over sections `lo..=hi` now ends at `end` there (each loses one live
    /// buffer; sections reaching zero close).
    fn place(&mut self, lo: usize, hi: usize, end: u64);
    /// Sections `lo..=hi` stay empty up to `height`.
    fn raise(&mut self, lo: usize, hi: usize, height: u64);
    /// The first section from `from` on that is closed or not at `height` (the count if
    /// none).
    fn first_off(&self, from: usize, height: u64) -> usize;
}

/// The skyline in flat arrays, cut in blocks of [`BLOCK`] sections that keep their lowest
/// open and highest heights: a step reads the blocks, then one block, for the lowest point,
/// and a placement rewrites its sections and the summaries of their blocks. For small
/// problems (see [`FLAT_SECTIONS`]).
#[derive(Clone)]
struct FlatSkyline {
    /// Per section: its height.
    top: Vec<u64>,
    /// Per section: its height while open, `u64::MAX` once closed (the lowest point is the
    /// first minimum).
    open_top: Vec<u64>,
    /// Per section: unplaced buffers live there.
    live: Vec<u32>,
    /// Per block: the smallest `open_top` and the largest `top` of its sections.
    block_low: Vec<u64>,
    block_high: Vec<u64>,
}

/// Sections per block of [`FlatSkyline`].
const BLOCK: usize = 16;

impl FlatSkyline {
    fn new(live: &[u32]) -> FlatSkyline {
        let live = if live.is_empty() {
            vec![0]
        } else {
            live.to_vec()
        };
        let blocks = live.len().div_ceil(BLOCK);
        let mut skyline = FlatSkyline {
            top: vec![0; live.len()],
            open_top: live
                .iter()
                .map(|&n| if n > 0 { 0 } else { u64::MAX })
                .collect(),
            live,
            block_low: vec![0; blocks],
            block_high: vec![0; blocks],
        };
        skyline.summarize(0, skyline.top.len() - 1);
        skyline
    }

    /// Recomputes the summaries of the blocks holding sections `lo..=hi`.
    fn summarize(&mut self, lo: usize, hi: usize) {
        for b in lo / BLOCK..=hi / BLOCK {
            let range = b * BLOCK..((b + 1) * BLOCK).min(self.top.len());
            self.block_low[b] = self.open_top[range.clone()]
                .iter()
                .copied()
                .min()
                .unwrap_or(u64::MAX);
            self.block_high[b] = self.top[range].iter().copied().max().unwrap_or(0);
        }
    }
}

impl Heights for FlatSkyline {
    fn lowest(&self) -> Option<(usize, u64)> {
        let height = self.block_low.iter().copied().min()?;
        if height == u64::MAX {
            return None;
        }
        let block = self.block_low.iter().position(|&h| h == height)?;
        let section = self.open_top[block * BLOCK..]
            .iter()
            .position(|&h| h == height)?;
        Some((block * BLOCK + section, height))
    }

    fn highest(&self, lo: usize, hi: usize) -> u64 {
        let (first, last) = (lo / BLOCK, hi / BLOCK);
        if last <= first + 1 {
            return self.top[lo..=hi].iter().copied().max().unwrap_or(0);
        }
        let head = self.top[lo..(first + 1) * BLOCK].iter().copied().max();
        let middle = self.block_high[first + 1..last].iter().copied().max();
        let tail = self.top[last * BLOCK..=hi].iter().copied().max();
        head.max(middle).max(tail).unwrap_or(0)
    }

    fn top(&self, s: usize) -> u64 {
        self.top[s]
    }

    fn is_live(&self, s: usize) -> bool {
        self.live[s] > 0
    }

    fn place(&mut self, lo: usize, hi: usize, end: u64) {
        for s in lo..=hi {
            self.top[s] = end;
            self.live[s] -= 1;
            self.open_top[s] = if self.live[s] > 0 { end } else { u64::MAX };
        }
        self.summarize(lo, hi);
    }

    fn raise(&mut self, lo: usize, hi: usize, height: u64) {
        for s in lo..=hi {
            self.top[s] = height;
            if self.live[s] > 0 {
                self.open_top[s] = height;
            }
        }
        self.summarize(lo, hi);
    }

    fn first_off(&self, from: usize, height: u64) -> usize {
        let count = self.top.len();
        if from >= count {
            return count;
        }
        self.open_top[from..]
            .iter()
            .position(|&h| h != height)
            .map_or(count, |p| from + p)
    }
}

/// The skyline: per section its height and how many unplaced buffers are live in it, in a
/// lazy segment tree (range assignment of heights, range decrement of live counts) that
/// answers "lowest section still in use (leftmost)", "highest point over a range of sections"
/// and point queries in O(log sections). Placing a buffer costs O(log sections) amortized
/// (each section closes once), not its number of sections, so long lifetimes stay cheap.
#[derive(Clone)]
struct Skyline {
    /// Number of sections.
    count: usize,
    nodes: Vec<Node>,
}

#[derive(Clone, Copy)]
struct Node {
    /// Lowest height among its sections still in use, and that section (leftmost).
    lowest: (u64, usize),
    /// Highest height among its sections.
    highest: u64,
    /// Leftmost section still in use (`usize::MAX` if none).
    first_open: usize,
    /// Smallest live count among its sections still in use (`u32::MAX` if none).
    min_live: u32,
    /// Number of its sections still in use.
    open: u32,
    /// Pending: every section of the node now has this height.
    assign: Option<u64>,
    /// Pending: every section of the node still in use lost this many live buffers.
    dec: u32,
}

const CLOSED: (u64, usize) = (u64::MAX, usize::MAX);

impl Skyline {
    fn new(live: &[u32]) -> Skyline {
        let count = live.len().max(1);
        let blank = Node {
            lowest: CLOSED,
            highest: 0,
            first_open: usize::MAX,
            min_live: u32::MAX,
            open: 0,
            assign: None,
            dec: 0,
        };
        let mut skyline = Skyline {
            count,
            nodes: vec![blank; 4 * count],
        };
        skyline.build(1, 0, count - 1, live);
        skyline
    }

    fn build(&mut self, node: usize, l: usize, r: usize, live: &[u32]) {
        if l == r {
            let n = live.get(l).copied().unwrap_or(0);
            let leaf = &mut self.nodes[node];
            if n > 0 {
                leaf.lowest = (0, l);
                leaf.first_open = l;
                leaf.min_live = n;
                leaf.open = 1;
            }
            return;
        }
        let mid = (l + r) / 2;
        self.build(2 * node, l, mid, live);
        self.build(2 * node + 1, mid + 1, r, live);
        self.pull(node);
    }

    fn pull(&mut self, node: usize) {
        let (left, right) = (self.nodes[2 * node], self.nodes[2 * node + 1]);
        let n = &mut self.nodes[node];
        // Leftmost on ties: the left child wins unless the right one is strictly lower.
        n.lowest = if right.lowest.0 < left.lowest.0 {
            right.lowest
        } else {
            left.lowest
        };
        n.highest = left.highest.max(right.highest);
        n.first_open = left.first_open.min(right.first_open);
        n.min_live = left.min_live.min(right.min_live);
        n.open = left.open + right.open;
    }

    fn apply(&mut self, node: usize, assign: Option<u64>, dec: u32) {
        let n = &mut self.nodes[node];
        if let Some(height) = assign {
            n.highest = height;
            n.lowest = if n.first_open == usize::MAX {
                CLOSED
            } else {
                (height, n.first_open)
            };
            n.assign = Some(height);
        }
        if dec > 0 && n.min_live != u32::MAX {
            n.min_live -= dec;
            n.dec += dec;
        }
    }

    fn push(&mut self, node: usize) {
        let (assign, dec) = (self.nodes[node].assign, self.nodes[node].dec);
        if assign.is_some() || dec > 0 {
            self.apply(2 * node, assign, dec);
            self.apply(2 * node + 1, assign, dec);
            self.nodes[node].assign = None;
            self.nodes[node].dec = 0;
        }
    }

    /// Sets sections `lo..=hi` to `height`; with `dec`, each loses one live buffer (sections
    /// reaching zero close).
    fn update(
        &mut self,
        node: usize,
        l: usize,
        r: usize,
        range: (usize, usize),
        height: u64,
        dec: u32,
    ) {
        let (lo, hi) = range;
        if hi < l || r < lo {
            return;
        }
        let n = self.nodes[node];
        if lo <= l && r <= hi && (dec == 0 || n.min_live == u32::MAX || n.min_live > dec) {
            self.apply(node, Some(height), dec);
            return;
        }
        if l == r {
            // A leaf whose last live buffer goes: it closes. Its own pending assignment (a
            // leaf keeps the last one it was given) is now stale: `leaf` reads it first.
            let leaf = &mut self.nodes[node];
            leaf.assign = None;
            leaf.highest = height;
            leaf.lowest = CLOSED;
            leaf.first_open = usize::MAX;
            leaf.min_live = u32::MAX;
            leaf.open = 0;
            return;
        }
        self.push(node);
        let mid = (l + r) / 2;
        self.update(2 * node, l, mid, range, height, dec);
        self.update(2 * node + 1, mid + 1, r, range, height, dec);
        self.pull(node);
    }

    fn highest_in(&self, node: usize, l: usize, r: usize, lo: usize, hi: usize) -> u64 {
        if hi < l || r < lo {
            return 0;
        }
        let n = &self.nodes[node];
        if lo <= l && r <= hi {
            return n.highest;
        }
        if let Some(height) = n.assign {
            return height;
        }
        let mid = (l + r) / 2;
        self.highest_in(2 * node, l, mid, lo, hi)
            .max(self.highest_in(2 * node + 1, mid + 1, r, lo, hi))
    }

    /// Height and whether it is still in use, of section `s`.
    fn leaf(&self, s: usize) -> (u64, bool) {
        let (mut node, mut l, mut r) = (1, 0, self.count - 1);
        loop {
            let n = &self.nodes[node];
            if let Some(height) = n.assign {
                // An ancestor's assignment is newer than anything below it.
                return (
                    height,
                    n.first_open != usize::MAX && self.open_below(node, l, r, s),
                );
            }
            if l == r {
                return (n.highest, n.first_open != usize::MAX);
            }
            let mid = (l + r) / 2;
            if s <= mid {
                node *= 2;
                r = mid;
            } else {
                node = 2 * node + 1;
                l = mid + 1;
            }
        }
    }

    /// Whether section `s` (inside `node`'s range) is still in use.
    fn open_below(&self, mut node: usize, mut l: usize, mut r: usize, s: usize) -> bool {
        while l < r {
            let mid = (l + r) / 2;
            if s <= mid {
                node *= 2;
                r = mid;
            } else {
                node = 2 * node + 1;
                l = mid + 1;
            }
        }
        self.nodes[node].first_open != usize::MAX
    }

    fn first_off_in(
        &self,
        node: usize,
        l: usize,
        r: usize,
        from: usize,
        height: u64,
        over: Option<u64>,
    ) -> Option<usize> {
        if r < from {
            return None;
        }
        let n = &self.nodes[node];
        if from <= l {
            let all_open = n.open as usize == r - l + 1;
            // An ancestor's pending assignment is newer than anything in this node.
            let flat = match over {
                Some(top) => top == height,
                None => n.lowest.0 == height && n.highest == height,
            };
            if all_open && flat {
                return None;
            }
            if l == r {
                return Some(l);
            }
        }
        let over = over.or(n.assign);
        let mid = (l + r) / 2;
        self.first_off_in(2 * node, l, mid, from, height, over)
            .or_else(|| self.first_off_in(2 * node + 1, mid + 1, r, from, height, over))
    }
}

impl Heights for Skyline {
    fn lowest(&self) -> Option<(usize, u64)> {
        let (height, section) = self.nodes[1].lowest;
        (section != usize::MAX).then_some((section, height))
    }

    fn highest(&self, lo: usize, hi: usize) -> u64 {
        self.highest_in(1, 0, self.count - 1, lo, hi)
    }

    fn top(&self, s: usize) -> u64 {
        self.leaf(s).0
    }

    fn is_live(&self, s: usize) -> bool {
        self.leaf(s).1
    }

    fn place(&mut self, lo: usize, hi: usize, end: u64) {
        self.update(1, 0, self.count - 1, (lo, hi), end, 1);
    }

    fn raise(&mut self, lo: usize, hi: usize, height: u64) {
        self.update(1, 0, self.count - 1, (lo, hi), height, 0);
    }

    fn first_off(&self, from: usize, height: u64) -> usize {
        if from >= self.count {
            return self.count;
        }
        self.first_off_in(1, 0, self.count - 1, from, height, None)
            .unwrap_or(self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan, lower_bound};
    use proptest::strategy::Strategy;

    #[test]
    fn fills_a_cut_rectangle_exactly() {
        // A 4-tick x 12-byte rectangle cut into pieces (synth::small_cut_rectangle): the fill finds the perfect packing.
        let problem = crate::plan::synth::small_cut_rectangle();
        let plan = best_of(&problem, 4);
        check_plan(&problem, &plan).unwrap();
        assert_eq!(lower_bound(&problem), 12);
        assert_eq!(plan.total, 12);
    }

    /// The first smallest plan of every run of [`best_of`], all of them run.
    fn smallest_of_all_runs(problem: &Problem, jittered: u64) -> Plan {
        runs()
            .take(PLAIN_RUNS + jittered as usize)
            .map(|(choice, fill, jitter)| plan(problem, choice, fill, jitter))
            .reduce(|best, plan| if plan.total < best.total { plan } else { best })
            .unwrap()
    }

    #[test]
    fn best_of_stopping_at_the_bound_keeps_the_plan_of_all_runs() {
        // At the bound on the first run (DNN-like), later (a perfect packing) or never.
        for problem in [
            crate::plan::synth::dnn_trace(600, 3).unwrap(),
            crate::plan::synth::small_cut_rectangle(),
            crate::plan::synth::perfect_packing(80, 2).unwrap(),
        ] {
            let plan = best_of(&problem, 6);
            check_plan(&problem, &plan).unwrap();
            assert_eq!(plan.offsets, smallest_of_all_runs(&problem, 6).offsets);
        }
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

    /// Every run of [`best_of`] (plain and jittered choices and fills) on both skylines.
    fn same_plans_on_both_skylines(problem: &Problem, jittered: usize) {
        let prepared = Prepared::new(problem);
        let live = {
            let mut live = vec![0u32; prepared.starting.len()];
            for &(lo, hi) in &prepared.span {
                live[lo..=hi].iter_mut().for_each(|n| *n += 1);
            }
            live
        };
        for (choice, fill, jitter) in runs().take(PLAIN_RUNS + jittered) {
            let flat = prepared.fill_on(
                FlatSkyline::new(&live),
                choice,
                fill,
                jitter,
                Deadline::NEVER,
            );
            let tree = prepared.fill_on(Skyline::new(&live), choice, fill, jitter, Deadline::NEVER);
            check_plan(problem, &flat).unwrap();
            assert_eq!(flat, tree, "{choice:?} {fill:?} {jitter:?}");
        }
    }

    #[test]
    fn flat_and_tree_skylines_fill_alike() {
        // Wider than a block and than one block row: spans crossing several blocks.
        for (count, seed) in [(60, 1), (300, 2)] {
            same_plans_on_both_skylines(&crate::plan::synth::dnn_trace(count, seed).unwrap(), 12);
        }
        same_plans_on_both_skylines(&crate::plan::synth::perfect_packing(150, 5).unwrap(), 12);
        same_plans_on_both_skylines(&crate::plan::synth::small_cut_rectangle(), 12);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 100, ..Default::default() })]

        #[test]
        fn flat_and_tree_skylines_fill_alike_on_random_problems(
            buffers in proptest::collection::vec(
                (0u64..300, proptest::sample::select(vec![1u64, 1, 2, 8, 64]), 0u64..80, 0u64..40)
                    .prop_map(|(size, alignment, first, length)| {
                        Buffer::new(size, first, first + length).with_alignment(alignment)
                    }),
                0..80,
            )
        ) {
            same_plans_on_both_skylines(&Problem::new(buffers).unwrap(), 6);
        }
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
