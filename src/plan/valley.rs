//! Valley fill: the skyline fill of large inputs, O(n log n) whatever the trace's shape.
//!
//! Like the bottom-left fill of [`crate::plan::skyline`], it builds the plan from the bottom
//! on a skyline of sections (a new section wherever a buffer starts), kept here as a list of
//! *runs*: maximal stretches of sections at one height. It looks at the lowest run (leftmost
//! on ties), the valley. Any unplaced buffer whose whole lifetime lies inside the valley can
//! sit on its floor; the leftmost such buffer (longest, then largest, on ties) goes there.
//! When none fits, the whole valley rises at once to its lower rim (the lower of the two
//! neighbouring runs) and merges with it.
//!
//! Why another rule: the bottom-left fill only looks at the buffers starting in the valley's
//! first section and, when none fits, lifts that one section (to the floor of its shortest
//! buffer or its left neighbour). On wide random traces a valley then climbs one section and
//! one level at a time: 4.6M steps for 10^5 buffers, 98% of them raises. Here every raise
//! merges two runs, and a placement splits one run into at most three, so there are at most
//! 3n + 1 steps. Each costs O(log n) amortized: the lowest run comes from a monotone radix
//! heap (stale entries skipped), "leftmost section of the valley with a buffer that ends inside it" is a descent
//! in a segment tree of each section's earliest-ending unplaced buffer, and the buffers
//! starting in one section sit sorted by end in one flat array, with union-find links past
//! the placed ones.
//!
//! All heights are multiples of the problem's largest alignment (every size is rounded up to
//! it), so every offset is aligned; with mixed alignments that costs some bytes, which is why
//! the small-input planners keep the bottom-left fill.

use std::cmp::Reverse;

use crate::plan::{
    Plan, Problem,
    deadline::{CHECK_EVERY, Deadline, stack_above},
    problem::{Sections, round_up},
};

/// One valley fill of `problem`, cut at `deadline` (the buffers not placed by then go on top
/// by [`stack_above`]).
pub fn plan_until(problem: &Problem, deadline: Deadline) -> Plan {
    let Sections {
        items,
        count: sections,
        span,
    } = Sections::of(problem);
    let mut offsets = vec![0u64; problem.len()];
    if items.is_empty() {
        return Plan::from_offsets(problem, offsets);
    }
    let buffers = problem.buffers();
    let quantum = problem.max_alignment();
    // Footprints: sizes rounded up to the largest alignment (their sum fits: `Problem::new`
    // checks it).
    let footprint: Vec<u64> = items
        .iter()
        .map(|&i| round_up(problem.aligned_size(i), quantum).unwrap_or(u64::MAX))
        .collect();
    // Items by first section (a counting sort), each section's slice sorted by (last
    // section, duration, footprint, reversed index): the best fit in a section below an end
    // is the last unplaced one up to that end.
    let mut first_of = vec![0usize; sections + 1];
    for &(lo, _) in &span {
        first_of[lo + 1] += 1;
    }
    for s in 0..sections {
        first_of[s + 1] += first_of[s];
    }
    let mut order = vec![0usize; items.len()];
    let mut fill = first_of.clone();
    for (k, &(lo, _)) in span.iter().enumerate() {
        order[fill[lo]] = k;
        fill[lo] += 1;
    }
    for s in 0..sections {
        order[first_of[s]..first_of[s + 1]].sort_unstable_by_key(|&k| {
            (
                span[k].1,
                buffers[items[k]].duration(),
                footprint[k],
                Reverse(k),
            )
        });
    }
    // Last section per position of `order`, contiguous for the searches below.
    let order_end: Vec<usize> = order.iter().map(|&k| span[k].1).collect();
    let mut links = Links::new(order.len());
    let mut ends = MinTree::new(
        &(0..sections)
            .map(|s| {
                if first_of[s] < first_of[s + 1] {
                    order_end[first_of[s]]
                } else {
                    usize::MAX
                }
            })
            .collect::<Vec<_>>(),
    );
    let mut runs = Runs::new(sections);
    let mut remaining = items.len();
    let mut placed = vec![false; items.len()];
    let mut steps = 0usize;
    let mut stuck = false;
    while remaining > 0 {
        steps += 1;
        if (steps.is_multiple_of(CHECK_EVERY) && deadline.passed()) || stuck {
            let rest: Vec<usize> = (0..items.len())
                .filter(|&k| !placed[k])
                .map(|k| items[k])
                .collect();
            return stack_above(problem, offsets, &rest);
        }
        let Some(a) = runs.lowest() else {
            break;
        };
        let (b, height) = (runs.end[a], runs.height[a]);
        if let Some(s) = ends.leftmost_at_most(a, b, b) {
            // The last unplaced buffer of section `s` ending by `b` (one exists: the
            // section's earliest end is at most `b`).
            let (start, stop) = (first_of[s], first_of[s + 1]);
            let up_to = start + order_end[start..stop].partition_point(|&end| end <= b);
            let Some(position) = links.last_before(up_to).filter(|&p| p >= start) else {
                unreachable!("section {s} has a buffer ending by {b}");
            };
            let k = order[position];
            links.remove(position);
            placed[k] = true;
            remaining -= 1;
            offsets[items[k]] = height;
            let (lo, hi) = span[k];
            runs.place(a, lo, hi, height.saturating_add(footprint[k]));
            let next = links.first_from(start).filter(|&p| p < stop);
            ends.set(s, next.map_or(usize::MAX, |p| order_end[p]));
        } else {
            // Nothing fits: the valley rises to its lower rim. A valley without rims is the
            // whole time line, where every unplaced buffer fits, so it always has one (if
            // not, the rest goes on top).
            stuck = !runs.raise(a);
        }
    }
    Plan::from_offsets(problem, offsets)
}

/// Marks "no run" in [`Runs::prev`].
const NONE: usize = usize::MAX;

/// The skyline as a list of runs (maximal stretches of sections at one height), each known by
/// its first section, with a heap of (height, first section) that yields the lowest run,
/// leftmost on ties. An entry is pushed when a run gets a new first section or height;
/// entries of runs that rose or merged since are skipped when they come up.
struct Runs {
    /// Per first section of a run: its last section, height and the previous run's first
    /// section ([`NONE`] for the first run); the next run starts after `end`.
    end: Vec<usize>,
    height: Vec<u64>,
    prev: Vec<usize>,
    /// Whether a run starts at the section.
    starts: Vec<bool>,
    heap: RadixHeap,
}

impl Runs {
    /// One run of `sections` sections at height 0.
    fn new(sections: usize) -> Runs {
        let mut runs = Runs {
            end: vec![0; sections],
            height: vec![0; sections],
            prev: vec![NONE; sections],
            starts: vec![false; sections],
            heap: RadixHeap::default(),
        };
        runs.set(0, sections - 1, 0, NONE);
        runs
    }

    /// The first section of the lowest run, leftmost on ties.
    fn lowest(&mut self) -> Option<usize> {
        while let Some(key) = self.heap.peek() {
            let (height, a) = ((key >> 32) as u64, (key as u32) as usize);
            if self.starts[a] && self.height[a] == height {
                return Some(a);
            }
            self.heap.pop();
        }
        None
    }

    /// (Re)defines the run `a..=b` at `height` after the run starting at `prev`.
    fn set(&mut self, a: usize, b: usize, height: u64, prev: usize) {
        if !self.starts[a] || self.height[a] != height {
            // Fewer than 2^32 sections: a problem with more buffers does not fit in memory.
            self.heap.push(u128::from(height) << 32 | a as u128);
        }
        self.end[a] = b;
        self.height[a] = height;
        self.prev[a] = prev;
        self.starts[a] = true;
        if b + 1 < self.end.len() {
            self.prev[b + 1] = a;
        }
    }

    /// The run starting at `a` stops existing (merged into its left neighbour).
    fn drop_start(&mut self, a: usize) {
        self.starts[a] = false;
    }

    /// The first section of the run after the one starting at `a`, if any.
    fn next(&self, a: usize) -> Option<usize> {
        let after = self.end[a] + 1;
        (after < self.end.len()).then_some(after)
    }

    /// A buffer over sections `lo..=hi`, inside the run starting at `a`, now tops it at `top`.
    fn place(&mut self, a: usize, lo: usize, hi: usize, top: u64) {
        let (b, height, prev) = (self.end[a], self.height[a], self.prev[a]);
        // Right part, still at `height`.
        if hi < b {
            self.set(hi + 1, b, height, lo);
        }
        // Left part, still at `height`.
        let mut left = prev;
        if lo > a {
            self.set(a, lo - 1, height, prev);
            left = a;
        } else if lo == a {
            self.drop_start(a);
        }
        self.settle(lo, hi, top, left);
    }

    /// Sets the sections `a..=b` (with the run starting at `left` before them) to `height`,
    /// merging with the neighbours at that height.
    fn settle(&mut self, a: usize, b: usize, height: u64, left: usize) {
        let mut end = b;
        if let Some(next) = (b + 1 < self.end.len()).then_some(b + 1)
            && self.starts[next]
            && self.height[next] == height
        {
            end = self.end[next];
            self.drop_start(next);
        }
        if left != NONE && self.height[left] == height {
            let prev = self.prev[left];
            self.set(left, end, height, prev);
            if a != left {
                self.drop_start(a);
            }
        } else {
            self.set(a, end, height, left);
        }
    }

    /// The run starting at `a` rises to the lower of its neighbours and merges with it;
    /// `false` when it has none.
    fn raise(&mut self, a: usize) -> bool {
        let prev = self.prev[a];
        let left = (prev != NONE).then(|| self.height[prev]);
        let right = self.next(a).map(|next| self.height[next]);
        let target = match (left, right) {
            (Some(l), Some(r)) => l.min(r),
            (Some(h), None) | (None, Some(h)) => h,
            (None, None) => return false,
        };
        let b = self.end[a];
        self.settle(a, b, target, prev);
        true
    }
}

/// A monotone priority queue of `u128` keys (a radix heap): every key pushed is at least the
/// last minimum taken, which holds for the runs' (height, first section) keys: a step only
/// creates runs higher than the valley or to its right. Bucket `i` holds keys whose highest
/// bit differing from that minimum is bit `i - 1`; the minimum's bucket is 0. Each key moves
/// to a lower bucket at most 128 times, and buckets are plain vectors: cache-friendly where a
/// binary heap of a million entries is not.
struct RadixHeap {
    buckets: [Vec<u128>; 129],
    /// The last minimum taken (0 at first).
    last: u128,
}

impl Default for RadixHeap {
    fn default() -> RadixHeap {
        RadixHeap {
            buckets: std::array::from_fn(|_| Vec::new()),
            last: 0,
        }
    }
}

impl RadixHeap {
    fn bucket(&self, key: u128) -> usize {
        (128 - (key ^ self.last).leading_zeros()) as usize
    }

    /// Adds `key`, which must be at least the last minimum taken.
    fn push(&mut self, key: u128) {
        debug_assert!(key >= self.last);
        let bucket = self.bucket(key);
        self.buckets[bucket].push(key);
    }

    /// The smallest key, left in place.
    fn peek(&mut self) -> Option<u128> {
        if self.buckets[0].is_empty() {
            let i = self.buckets.iter().position(|b| !b.is_empty())?;
            let moved = std::mem::take(&mut self.buckets[i]);
            self.last = moved.iter().copied().min()?;
            for &key in &moved {
                let bucket = self.bucket(key);
                self.buckets[bucket].push(key);
            }
            // Keep the allocation for later.
            let mut moved = moved;
            moved.clear();
            if self.buckets[i].is_empty() {
                self.buckets[i] = moved;
            }
        }
        self.buckets[0].last().copied()
    }

    /// Removes one smallest key (after [`RadixHeap::peek`] returned it).
    fn pop(&mut self) {
        self.buckets[0].pop();
    }
}

/// Positions of a sorted array still present: "last present before `p`" and "first present
/// from `p`" by union-find with path halving, O(α) amortized per query or removal.
struct Links {
    /// `prev[p + 1] == p + 1` when `p` is present; else a link toward a lower position
    /// (`0`: none).
    prev: Vec<usize>,
    /// `next[p] == p` when `p` is present (`len`: the end); else a link toward a higher one.
    next: Vec<usize>,
}

impl Links {
    fn new(len: usize) -> Links {
        Links {
            prev: (0..=len).collect(),
            next: (0..=len).collect(),
        }
    }

    /// The last present position `< p`.
    fn last_before(&mut self, p: usize) -> Option<usize> {
        let mut x = p;
        while self.prev[x] != x {
            self.prev[x] = self.prev[self.prev[x]];
            x = self.prev[x];
        }
        x.checked_sub(1)
    }

    /// The first present position `>= p`.
    fn first_from(&mut self, p: usize) -> Option<usize> {
        let mut x = p;
        while self.next[x] != x {
            self.next[x] = self.next[self.next[x]];
            x = self.next[x];
        }
        (x + 1 < self.next.len()).then_some(x)
    }

    fn remove(&mut self, p: usize) {
        self.prev[p + 1] = p;
        self.next[p] = p + 1;
    }
}

/// A segment tree of minimums that finds the leftmost index of a range whose value is at
/// most a limit.
struct MinTree {
    /// Leaves from `size` on; `size` a power of two.
    size: usize,
    min: Vec<usize>,
}

impl MinTree {
    fn new(values: &[usize]) -> MinTree {
        let size = values.len().next_power_of_two();
        let mut min = vec![usize::MAX; 2 * size];
        min[size..size + values.len()].copy_from_slice(values);
        for node in (1..size).rev() {
            min[node] = min[2 * node].min(min[2 * node + 1]);
        }
        MinTree { size, min }
    }

    fn set(&mut self, index: usize, value: usize) {
        let mut node = self.size + index;
        self.min[node] = value;
        while node > 1 {
            node /= 2;
            self.min[node] = self.min[2 * node].min(self.min[2 * node + 1]);
        }
    }

    /// The leftmost index in `lo..=hi` whose value is at most `limit`: bottom-up over the
    /// nodes covering the range, left to right (narrow ranges stay near the leaves), then down
    /// the first node that has one.
    fn leftmost_at_most(&self, lo: usize, hi: usize, limit: usize) -> Option<usize> {
        let (mut l, mut r) = (lo + self.size, hi + self.size + 1);
        let mut right_nodes = [0usize; usize::BITS as usize];
        let mut rights = 0;
        let mut found = None;
        while l < r {
            if l & 1 == 1 {
                if self.min[l] <= limit {
                    found = Some(l);
                    break;
                }
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                right_nodes[rights] = r;
                rights += 1;
            }
            l >>= 1;
            r >>= 1;
        }
        let mut node = found.or_else(|| {
            right_nodes[..rights]
                .iter()
                .rev()
                .copied()
                .find(|&node| self.min[node] <= limit)
        })?;
        while node < self.size {
            node = if self.min[2 * node] <= limit {
                2 * node
            } else {
                2 * node + 1
            };
        }
        Some(node - self.size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan, lower_bound, synth};

    #[test]
    fn fills_a_cut_rectangle_exactly() {
        // A 4-tick x 12-byte rectangle cut into pieces (synth::small_cut_rectangle).
        let problem = crate::plan::synth::small_cut_rectangle();
        let plan = plan_until(&problem, Deadline::NEVER);
        check_plan(&problem, &plan).unwrap();
        assert_eq!(plan.total, lower_bound(&problem));
    }

    #[test]
    fn valid_on_every_shape_with_mixed_alignments_and_zero_sizes() {
        for shape in synth::Shape::ALL {
            let problem = synth::shape_trace(shape, 3000, 5).unwrap();
            let plan = plan_until(&problem, Deadline::NEVER);
            check_plan(&problem, &plan).unwrap();
        }
        let problem = Problem::new(vec![
            Buffer::new(3, 0, 2).with_alignment(4),
            Buffer::new(0, 0, 5),
            Buffer::new(5, 1, 3).with_alignment(8),
            Buffer::new(1, 3, 5),
            Buffer::new(7, 6, 6),
        ])
        .unwrap();
        let plan = plan_until(&problem, Deadline::NEVER);
        check_plan(&problem, &plan).unwrap();
    }
}
