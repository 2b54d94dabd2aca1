//! The classic offline baselines: place buffers one at a time in a fixed order, each into the
//! smallest address gap left by already placed buffers whose lifetimes overlap its own, or on
//! top of them when no gap fits. Only the order differs:
//!
//! * greedy by size, largest first (TFLite's arena planner, "GreedyBySize");
//! * start-time order (IREE's `LayoutSlices`, upstream MLIR's static planning);
//! * size, then longer lifetime first (XLA's decreasing-size best fit).
//!
//! Placed buffers live in a segment tree over compressed ticks, so finding the ones that
//! overlap a lifetime costs O(log n + overlapping) rather than a scan of everything placed.

use crate::plan::{
    Plan, Problem,
    deadline::{CHECK_EVERY, Deadline},
    problem::round_up,
    skyline,
};

/// Which buffer goes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Larger aligned size first, then earlier start.
    SizeDescending,
    /// Earlier start first, then larger size.
    StartTime,
    /// Larger aligned size first, then longer lifetime.
    SizeThenDuration,
    /// Buffers live at the most crowded ticks first ("greedy by breadth", Pisarchyk & Lee
    /// 2020): by the peak load over the buffer's lifetime, then larger size.
    Breadth,
}

/// Buffer indices in the given order (ties broken by index, so the result is deterministic).
pub fn order(problem: &Problem, order: Order) -> Vec<usize> {
    let buffers = problem.buffers();
    let sizes = problem.aligned_sizes();
    let mut indices: Vec<usize> = (0..problem.len()).collect();
    match order {
        Order::SizeDescending => {
            indices.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), buffers[i].first, i))
        }
        Order::StartTime => {
            indices.sort_by_key(|&i| (buffers[i].first, std::cmp::Reverse(sizes[i]), i))
        }
        Order::SizeThenDuration => indices.sort_by_key(|&i| {
            (
                std::cmp::Reverse(sizes[i]),
                std::cmp::Reverse(buffers[i].duration()),
                i,
            )
        }),
        Order::Breadth => {
            let pressure = peak_load_over_lifetimes(problem);
            indices.sort_by_key(|&i| {
                (
                    std::cmp::Reverse(pressure[i]),
                    std::cmp::Reverse(sizes[i]),
                    i,
                )
            })
        }
    }
    indices
}

/// For each buffer, the largest total load at any tick of its lifetime (sparse table over the
/// load at each start tick: O(n log n)).
pub fn peak_load_over_lifetimes(problem: &Problem) -> Vec<u64> {
    let buffers = problem.buffers();
    let mut ticks: Vec<u64> = buffers.iter().map(|b| b.first).collect();
    ticks.sort_unstable();
    ticks.dedup();
    let load = crate::plan::bound::load_at(problem, &ticks);
    let mut table = vec![load];
    let mut width = 1;
    while 2 * width <= ticks.len() {
        let previous = &table[table.len() - 1];
        let next: Vec<u64> = (0..=ticks.len() - 2 * width)
            .map(|i| previous[i].max(previous[i + width]))
            .collect();
        table.push(next);
        width *= 2;
    }
    buffers
        .iter()
        .map(|b| {
            // Every load maximum over a lifetime is reached at a start tick inside it.
            let lo = ticks.partition_point(|&t| t < b.first);
            let hi = ticks.partition_point(|&t| t <= b.last);
            if hi <= lo {
                return 0;
            }
            let level = (usize::BITS - 1 - (hi - lo).leading_zeros()) as usize;
            table[level][lo].max(table[level][hi - (1 << level)])
        })
        .collect()
}

/// Pairs of buffers live at a common tick: exactly the number of overlapping buffers best fit
/// scans in all, whatever the order (each pair once, by the later of the two), counted in
/// O(n log n) so that a caller can skip a best fit that would outrun its work limit.
pub fn overlapping_pairs(problem: &Problem) -> u64 {
    let buffers = problem.buffers();
    let mut firsts: Vec<u64> = buffers.iter().map(|b| b.first).collect();
    let mut lasts: Vec<u64> = buffers.iter().map(|b| b.last).collect();
    firsts.sort_unstable();
    lasts.sort_unstable();
    // Per buffer, those starting by its end minus those ending before its start (a subset of
    // them): the buffers it overlaps, itself included. Each sum depends only on the sorted
    // values, so two merges count them.
    let mut starting_by_ends = 0u64;
    let mut f = 0;
    for &last in &lasts {
        while f < firsts.len() && firsts[f] <= last {
            f += 1;
        }
        starting_by_ends += f as u64;
    }
    let mut ending_before_starts = 0u64;
    let mut l = 0;
    for &first in &firsts {
        while l < lasts.len() && lasts[l] < first {
            l += 1;
        }
        ending_before_starts += l as u64;
    }
    (starting_by_ends - ending_before_starts - buffers.len() as u64) / 2
}

/// Places the buffers in `sequence` (a permutation of the problem's indices) one by one with
/// best fit among time-overlapping placed buffers.
pub fn best_fit_in_order(problem: &Problem, sequence: &[usize]) -> Plan {
    best_fit_until(problem, sequence, Deadline::NEVER)
}

/// [`best_fit_in_order`] that stops at `deadline`: the buffers not placed by then go on top,
/// packed by one valley fill ([`skyline::complete_above`]).
pub fn best_fit_until(problem: &Problem, sequence: &[usize], deadline: Deadline) -> Plan {
    let placement = place_in_order(problem, sequence, u64::MAX, deadline);
    skyline::complete_above(problem, placement.offsets, &sequence[placement.placed..])
}

/// [`best_fit_in_order`] that gives up (`None`) once it has scanned more than `work`
/// overlapping buffers in all or `deadline` passes: inputs where lifetimes overlap a lot make
/// best fit quadratic, and the default planner then keeps its other candidates.
pub fn best_fit_within(
    problem: &Problem,
    sequence: &[usize],
    work: u64,
    deadline: Deadline,
) -> Option<Plan> {
    let placement = place_in_order(problem, sequence, work, deadline);
    (placement.placed == sequence.len()).then(|| Plan::from_offsets(problem, placement.offsets))
}

/// Offsets of the first `placed` buffers of a sequence (the others at 0).
struct Placement {
    offsets: Vec<u64>,
    placed: usize,
}

/// Problems up to this many buffers find the placed buffers overlapping a lifetime by a scan
/// of all placed ones (no index to build: the scopes of a compiled function hold a few
/// buffers each); larger ones through a [`TimeIndex`]. Both find the same buffers, and the
/// gap chosen depends only on which.
const SCAN_LIMIT: usize = 64;

fn place_in_order(
    problem: &Problem,
    sequence: &[usize],
    work: u64,
    deadline: Deadline,
) -> Placement {
    let buffers = problem.buffers();
    let mut index = (problem.len() > SCAN_LIMIT).then(|| TimeIndex::new(problem));
    let mut placed: Vec<usize> = Vec::new();
    let mut offsets = vec![0u64; problem.len()];
    let mut neighbours: Vec<(u64, u64)> = Vec::new();
    let mut found: Vec<usize> = Vec::new();
    let mut spent = 0u64;
    for (position, &buffer) in sequence.iter().enumerate() {
        if spent > work || (position % CHECK_EVERY == 0 && deadline.passed()) {
            return Placement {
                offsets,
                placed: position,
            };
        }
        let size = problem.aligned_size(buffer);
        if size == 0 {
            continue;
        }
        found.clear();
        match &mut index {
            Some(index) => index.overlapping(buffer, &mut found),
            None => {
                let b = buffers[buffer];
                found.extend(placed.iter().copied().filter(|&other| {
                    let o = buffers[other];
                    o.first <= b.last && b.first <= o.last
                }));
            }
        }
        spent += found.len() as u64;
        neighbours.clear();
        neighbours.extend(
            found
                .iter()
                .map(|&other| (offsets[other], offsets[other] + problem.aligned_size(other))),
        );
        let alignment = buffers[buffer].alignment;
        offsets[buffer] = best_gap(&mut neighbours, size, alignment);
        match &mut index {
            Some(index) => index.insert(buffer),
            None => placed.push(buffer),
        }
    }
    Placement {
        offsets,
        placed: sequence.len(),
    }
}

/// Lowest-waste gap for `size` bytes among occupied ranges `(start, end)`: the smallest free
/// gap that fits (lowest address on ties), else the aligned top of everything.
pub fn best_gap(occupied: &mut [(u64, u64)], size: u64, alignment: u64) -> u64 {
    occupied.sort_unstable();
    let mut best: Option<(u64, u64)> = None; // (gap size, offset)
    let mut cursor = 0u64;
    for &(start, end) in occupied.iter() {
        if start > cursor
            && let Some(aligned) = round_up(cursor, alignment)
            && aligned.checked_add(size).is_some_and(|e| e <= start)
        {
            let gap = start - cursor;
            if best.is_none_or(|(g, _)| gap < g) {
                best = Some((gap, aligned));
            }
        }
        cursor = cursor.max(end);
    }
    match best {
        Some((_, offset)) => offset,
        // The problem's invariant keeps every top below the sum of sizes: no overflow.
        None => round_up(cursor, alignment).unwrap_or(cursor),
    }
}

/// Placed buffers indexed by lifetime: a segment tree over the distinct ticks that start or end
/// a lifetime. Each buffer sits in the O(log n) nodes that cover its lifetime exactly; a query
/// walks only nodes whose subtree holds something.
pub struct TimeIndex<'p> {
    problem: &'p Problem,
    ticks: Vec<u64>,
    width: usize,
    /// Buffers stored at each node (their lifetime covers the node's whole range).
    stored: Vec<Vec<usize>>,
    /// Number of entries stored in each node's subtree.
    subtree: Vec<u32>,
    /// Query stamp per buffer, to report each overlapping buffer once.
    seen: Vec<u32>,
    stamp: u32,
}

impl<'p> TimeIndex<'p> {
    /// An empty index over the problem's ticks.
    pub fn new(problem: &'p Problem) -> Self {
        let mut ticks: Vec<u64> = problem
            .buffers()
            .iter()
            .flat_map(|b| [b.first, b.last])
            .collect();
        ticks.sort_unstable();
        ticks.dedup();
        let width = ticks.len().max(1);
        let nodes = 4 * width;
        TimeIndex {
            problem,
            ticks,
            width,
            stored: vec![Vec::new(); nodes],
            subtree: vec![0; nodes],
            seen: vec![0; problem.len()],
            stamp: 0,
        }
    }

    fn span(&self, buffer: usize) -> (usize, usize) {
        let b = self.problem.buffers()[buffer];
        let lo = self.ticks.partition_point(|&t| t < b.first);
        let hi = self
            .ticks
            .partition_point(|&t| t <= b.last)
            .saturating_sub(1);
        (lo, hi)
    }

    /// Adds a placed buffer.
    pub fn insert(&mut self, buffer: usize) {
        let (lo, hi) = self.span(buffer);
        self.insert_at(1, 0, self.width - 1, lo, hi, buffer);
    }

    fn insert_at(&mut self, node: usize, l: usize, r: usize, lo: usize, hi: usize, buffer: usize) {
        self.subtree[node] += 1;
        if lo <= l && r <= hi {
            self.stored[node].push(buffer);
            return;
        }
        let mid = (l + r) / 2;
        if lo <= mid {
            self.insert_at(2 * node, l, mid, lo, hi, buffer);
        }
        if hi > mid {
            self.insert_at(2 * node + 1, mid + 1, r, lo, hi, buffer);
        }
    }

    /// Appends to `out` every stored buffer whose lifetime overlaps `buffer`'s.
    pub fn overlapping(&mut self, buffer: usize, out: &mut Vec<usize>) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let (lo, hi) = self.span(buffer);
        let mut stack = vec![(1usize, 0usize, self.width - 1)];
        while let Some((node, l, r)) = stack.pop() {
            if self.subtree[node] == 0 || r < lo || l > hi {
                continue;
            }
            for &other in &self.stored[node] {
                if self.seen[other] != self.stamp {
                    self.seen[other] = self.stamp;
                    out.push(other);
                }
            }
            if l < r {
                let mid = (l + r) / 2;
                stack.push((2 * node, l, mid));
                stack.push((2 * node + 1, mid + 1, r));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Buffer;

    #[test]
    fn best_gap_prefers_smallest_fitting_gap() {
        // Gaps: [10, 30) of 20 bytes and [40, 48) of 8 bytes; 6 bytes go to the 8-byte gap.
        let mut occupied = vec![(0, 10), (30, 40), (48, 60)];
        assert_eq!(best_gap(&mut occupied, 6, 1), 40);
        // 12 bytes only fit the first gap.
        assert_eq!(best_gap(&mut occupied, 12, 1), 10);
        // 25 bytes fit nowhere: on top.
        assert_eq!(best_gap(&mut occupied, 25, 1), 60);
    }

    #[test]
    fn best_gap_honours_alignment() {
        let mut occupied = vec![(0, 3), (16, 20)];
        assert_eq!(best_gap(&mut occupied, 8, 8), 8);
        assert_eq!(best_gap(&mut occupied, 16, 8), 24);
    }

    #[test]
    fn peak_load_is_the_most_crowded_tick_of_each_lifetime() {
        // Loads per tick: 0:5, 1:5+7, 2:7, 3:7+1, 4:1.
        let problem = Problem::new(vec![
            Buffer::new(5, 0, 1),
            Buffer::new(7, 1, 3),
            Buffer::new(1, 3, 4),
        ])
        .unwrap();
        assert_eq!(peak_load_over_lifetimes(&problem), vec![12, 12, 8]);
        let sequence = order(&problem, Order::Breadth);
        assert_eq!(sequence, vec![1, 0, 2]);
    }

    #[test]
    fn time_index_reports_exactly_the_overlapping_buffers() {
        let problem = Problem::new(vec![
            Buffer::new(1, 0, 3),
            Buffer::new(1, 4, 6),
            Buffer::new(1, 2, 9),
            Buffer::new(1, 7, 7),
            Buffer::new(1, 3, 4),
        ])
        .unwrap();
        let mut index = TimeIndex::new(&problem);
        for b in 0..4 {
            index.insert(b);
        }
        let mut out = Vec::new();
        index.overlapping(4, &mut out);
        out.sort();
        assert_eq!(out, vec![0, 1, 2]);
    }
}
