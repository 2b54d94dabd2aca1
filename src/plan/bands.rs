//! Band splitting: a problem whose buffers fall into groups with a flat load profile is
//! planned group by group, each group in a band of its own, the bands stacked.
//!
//! At every tick boundary of a problem the bytes of the buffers ending there and of those
//! starting right after it are compared: where a set of ending buffers and a set of starting
//! ones have the same total (one ending buffer replaced by one of its size, or by several
//! whose sizes add up to it, or the other way round), they are joined in one group; where
//! no such balance is found, everything ending and starting there is joined. The groups
//! (union-find over all boundaries) then each keep their load from their first tick to
//! their last. When the peaks of the groups add up to the peak of the whole problem, the
//! split loses nothing of the bound: planned each at its own bound and stacked, the bands
//! make a plan at the bound of the whole. Any plans of the groups stacked make a valid plan,
//! so a group planned above its bound only costs bytes, never validity.
//!
//! [`split`] applies this together with [`crate::plan::decompose`] (time cuts and layers)
//! recursively: a part with neither a cut nor a layer may split into bands, each band may
//! have time cuts and layers again, and so on. Guillotine packings (a rectangle cut into
//! buffers, as [`crate::plan::synth::perfect_packing`] builds them) are where this pays:
//! their bands cut across time at different ticks are neither a time cut nor a layer of the
//! whole, but each band is one of the groups above, and inside it the cut is a time cut. It
//! uses the sizes and lifetimes only, and checks the bound, so it is a reduction on any trace
//! (real traces rarely balance at a boundary, and then there is one group: nothing split).

use crate::plan::{Deadline, Plan, Problem, decompose, lower_bound};

/// The groups of `problem`'s buffers with a flat load (see the module doc), when there are at
/// least two and their peaks add up to the peak of the whole; `None` otherwise. Buffers of
/// size zero go with the first group.
pub fn bands(problem: &Problem) -> Option<Vec<Vec<usize>>> {
    let buffers = problem.buffers();
    let sizes = problem.aligned_sizes();
    let items: Vec<usize> = (0..problem.len()).filter(|&i| sizes[i] > 0).collect();
    if items.len() < 2 {
        return None;
    }
    let first = items.iter().map(|&i| buffers[i].first).min()?;
    let last = items.iter().map(|&i| buffers[i].last).max()?;
    // Buffers ending at t (t < last) and starting at t + 1 (t + 1 > first), per boundary t.
    let mut events: Vec<(u64, bool, usize)> = Vec::with_capacity(2 * items.len());
    for &i in &items {
        if buffers[i].last < last {
            events.push((buffers[i].last, false, i));
        }
        if buffers[i].first > first {
            events.push((buffers[i].first - 1, true, i));
        }
    }
    events.sort_unstable();
    let mut parent: Vec<usize> = (0..problem.len()).collect();
    let mut start = 0;
    while start < events.len() {
        let t = events[start].0;
        let end = start + events[start..].partition_point(|e| e.0 == t);
        let ending: Vec<usize> = events[start..end]
            .iter()
            .filter(|e| !e.1)
            .map(|e| e.2)
            .collect();
        let starting: Vec<usize> = events[start..end]
            .iter()
            .filter(|e| e.1)
            .map(|e| e.2)
            .collect();
        join_balanced(&mut parent, sizes, ending, starting);
        start = end;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index_of = vec![usize::MAX; problem.len()];
    for &i in &items {
        let root = find(&mut parent, i);
        if index_of[root] == usize::MAX {
            index_of[root] = groups.len();
            groups.push(Vec::new());
        }
        groups[index_of[root]].push(i);
    }
    if groups.len() < 2 {
        return None;
    }
    let peaks: u64 = groups.iter().map(|g| lower_bound(&problem.subset(g))).sum();
    if peaks != lower_bound(problem) {
        return None;
    }
    groups[0].extend((0..problem.len()).filter(|&i| sizes[i] == 0));
    Some(groups)
}

/// Joins balanced sets of one boundary: repeatedly the smallest pair of a set of ending
/// buffers and a set of starting ones with the same total (fewest buffers; sets of up to
/// [`SUBSET_SIDE`] buffers a side are searched exhaustively, by their subset sums); what is
/// left (or everything, if the totals differ) in one group.
fn join_balanced(
    parent: &mut [usize],
    sizes: &[u64],
    mut ending: Vec<usize>,
    mut starting: Vec<usize>,
) {
    let total = |set: &[usize]| set.iter().map(|&i| sizes[i]).sum::<u64>();
    if total(&ending) == total(&starting) {
        while ending.len() > 1 || starting.len() > 1 {
            if ending.len() > SUBSET_SIDE || starting.len() > SUBSET_SIDE {
                break;
            }
            let Some((e, s)) = smallest_balance(sizes, &ending, &starting) else {
                break;
            };
            if e.count_ones() as usize == ending.len() {
                // The whole boundary is the smallest balance: one group.
                break;
            }
            let take = |set: &mut Vec<usize>, mask: u32| {
                let mut taken = Vec::new();
                let mut kept = Vec::new();
                for (j, &i) in set.iter().enumerate() {
                    if mask >> j & 1 == 1 {
                        taken.push(i)
                    } else {
                        kept.push(i)
                    }
                }
                *set = kept;
                taken
            };
            let group: Vec<usize> = take(&mut ending, e)
                .into_iter()
                .chain(take(&mut starting, s))
                .collect();
            for pair in group.windows(2) {
                union(parent, pair[0], pair[1]);
            }
        }
    }
    let rest: Vec<usize> = ending.into_iter().chain(starting).collect();
    for pair in rest.windows(2) {
        union(parent, pair[0], pair[1]);
    }
}

/// Most buffers on one side of a boundary whose subsets [`join_balanced`] enumerates.
const SUBSET_SIDE: usize = 12;

/// Masks (over `ending` and `starting`) of non-empty subsets with the same total and the
/// fewest buffers in all, if any.
fn smallest_balance(sizes: &[u64], ending: &[usize], starting: &[usize]) -> Option<(u32, u32)> {
    let sums = |set: &[usize]| {
        let mut by_sum: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
        for mask in 1u32..(1 << set.len()) {
            let sum: u64 = (0..set.len())
                .filter(|&j| mask >> j & 1 == 1)
                .map(|j| sizes[set[j]])
                .sum();
            let entry = by_sum.entry(sum).or_insert(mask);
            if mask.count_ones() < entry.count_ones() {
                *entry = mask;
            }
        }
        by_sum
    };
    let (ends, starts) = (sums(ending), sums(starting));
    ends.iter()
        .filter_map(|(sum, &e)| starts.get(sum).map(|&s| (e, s)))
        .min_by_key(|&(e, s)| (e.count_ones() + s.count_ones(), e, s))
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (find(parent, a), find(parent, b));
    if a != b {
        parent[a.max(b)] = a.min(b);
    }
}

/// How a problem splits: recursively by [`decompose::decompose`] and [`bands`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Split {
    /// Planned as one problem (indices into the problem split).
    Leaf(Vec<usize>),
    /// Time cuts and layers: fixed offsets (buffer, offset) and parts at base offsets.
    Parts {
        fixed: Vec<(usize, u64)>,
        parts: Vec<(u64, Split)>,
    },
    /// Bands stacked from the bottom, each at the top of the plan of the one below.
    Bands(Vec<Split>),
}

/// The split of `problem` (see [`Split`]): every buffer in exactly one leaf or fixed.
pub fn split(problem: &Problem) -> Split {
    split_members(problem, (0..problem.len()).collect())
}

fn split_members(problem: &Problem, members: Vec<usize>) -> Split {
    let sub = problem.subset(&members);
    let dec = decompose::decompose(&sub);
    if !dec.is_trivial(&sub) {
        let fixed = (0..members.len())
            .filter_map(|k| dec.fixed[k].map(|o| (members[k], o)))
            .collect();
        let parts = dec
            .leaves
            .iter()
            .map(|leaf| {
                let inner = leaf.members.iter().map(|&k| members[k]).collect();
                (leaf.base, split_members(problem, inner))
            })
            .collect();
        return Split::Parts { fixed, parts };
    }
    match bands(&sub) {
        Some(groups) => Split::Bands(
            groups
                .into_iter()
                .map(|g| split_members(problem, g.into_iter().map(|k| members[k]).collect()))
                .collect(),
        ),
        None => Split::Leaf(members),
    }
}

impl Split {
    /// The leaves, in planning order.
    pub fn leaves(&self) -> Vec<&[usize]> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves<'a>(&'a self, out: &mut Vec<&'a [usize]>) {
        match self {
            Split::Leaf(members) => out.push(members),
            Split::Parts { parts, .. } => parts.iter().for_each(|(_, s)| s.collect_leaves(out)),
            Split::Bands(bands) => bands.iter().for_each(|s| s.collect_leaves(out)),
        }
    }

    /// The plan of `problem` from a planner of leaves: `plan_leaf(leaf problem, leaf index)`
    /// (leaves in [`Split::leaves`] order). Always valid: parts share a base only where no
    /// buffer crosses between them, layers lie under their part, bands sit each on top of
    /// the plan of the one below.
    pub fn plan(
        &self,
        problem: &Problem,
        mut plan_leaf: impl FnMut(&Problem, usize) -> Plan,
    ) -> Plan {
        let mut offsets = vec![0u64; problem.len()];
        let mut leaf = 0usize;
        self.place(problem, 0, &mut offsets, &mut leaf, &mut plan_leaf);
        Plan::from_offsets(problem, offsets)
    }

    /// Places this split's buffers from `base` up; returns the top of what it placed.
    fn place(
        &self,
        problem: &Problem,
        base: u64,
        offsets: &mut [u64],
        leaf: &mut usize,
        plan_leaf: &mut impl FnMut(&Problem, usize) -> Plan,
    ) -> u64 {
        let sizes = problem.aligned_sizes();
        match self {
            Split::Leaf(members) => {
                let sub = problem.subset(members);
                let plan = plan_leaf(&sub, *leaf);
                *leaf += 1;
                for (k, &i) in members.iter().enumerate() {
                    offsets[i] = base + plan.offsets[k];
                }
                base + plan.total
            }
            Split::Parts { fixed, parts } => {
                let mut top = base;
                for &(i, o) in fixed {
                    offsets[i] = base + o;
                    top = top.max(base + o + sizes[i]);
                }
                for (at, part) in parts {
                    top = top.max(part.place(problem, base + at, offsets, leaf, plan_leaf));
                }
                top
            }
            Split::Bands(bands) => {
                // Each band starts at the top of the one below, rounded up to the largest
                // alignment so every offset stays aligned.
                let align = problem.max_alignment();
                let mut at = base;
                for band in bands {
                    at = band.place(problem, at, offsets, leaf, plan_leaf);
                    at = at.div_ceil(align) * align;
                }
                at
            }
        }
    }
}

/// The split of `problem` when it is worth planning leaf by leaf: the largest leaf holds at
/// most `percent`% of the buffers (a split that leaves nearly everything in one leaf moved
/// plans either way, see `search::DECOMPOSED_LEAF_PERCENT`).
pub fn useful_split(problem: &Problem, percent: usize) -> Option<Split> {
    let split = split(problem);
    let largest = split.leaves().iter().map(|l| l.len()).max().unwrap_or(0);
    (largest * 100 <= problem.len() * percent && !matches!(split, Split::Leaf(_))).then_some(split)
}

/// Plans every leaf of `split`: first by the default planner, then, for the leaves above
/// their own bound, by `improve(leaf problem, its default plan, work, deadline)` with a share
/// of `work` proportional to the leaf's buffers; the smaller plan of each leaf is kept.
pub fn plan_leaves(
    problem: &Problem,
    split: &Split,
    work: u64,
    deadline: Deadline,
    mut improve: impl FnMut(&Problem, Plan, u64, Deadline) -> Plan,
) -> Plan {
    let problems: Vec<Problem> = split
        .leaves()
        .iter()
        .map(|members| problem.subset(members))
        .collect();
    let mut plans: Vec<Plan> = problems
        .iter()
        .map(|p| crate::plan::default_plan_until(p, deadline))
        .collect();
    let open: Vec<usize> = (0..problems.len())
        .filter(|&k| plans[k].total > lower_bound(&problems[k]))
        .collect();
    let mut buffers_left: u64 = open.iter().map(|&k| problems[k].len() as u64).sum();
    let mut work_left = work;
    for k in open {
        if deadline.passed() {
            break;
        }
        let len = problems[k].len() as u64;
        let share =
            (u128::from(work_left) * u128::from(len) / u128::from(buffers_left.max(1))) as u64;
        let until = match deadline.remaining() {
            Some(left) => {
                Deadline::after(left.mul_f64(len as f64 / buffers_left.max(1) as f64)).min(deadline)
            }
            None => deadline,
        };
        let plan = improve(&problems[k], plans[k].clone(), share, until);
        if plan.total < plans[k].total {
            plans[k] = plan;
        }
        work_left -= share;
        buffers_left -= len;
    }
    split.plan(problem, |_, k| plans[k].clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan, default_plan, synth};
    use proptest::prelude::*;

    /// Two bands of 4 bytes over ticks 0..=9, cut across time at different ticks (4 and 6):
    /// neither a time cut nor a layer of the whole.
    fn two_bands() -> Problem {
        Problem::new(vec![
            Buffer::new(4, 0, 4),
            Buffer::new(4, 5, 9),
            Buffer::new(4, 0, 6),
            Buffer::new(4, 7, 9),
        ])
        .unwrap()
    }

    #[test]
    fn bands_by_hand() {
        let problem = two_bands();
        assert!(decompose::decompose(&problem).is_trivial(&problem));
        assert_eq!(bands(&problem), Some(vec![vec![0, 1], vec![2, 3]]));
        // Each band is two parts side by side in time, each one buffer (a layer): no leaf.
        let split = split(&problem);
        assert!(split.leaves().is_empty());
        let plan = split.plan(&problem, |p, _| default_plan(p));
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        assert_eq!(plan.offsets, vec![0, 0, 4, 4]);
        assert_eq!(plan.total, 8);
        // Groups whose peaks add up to more than the bound (4 + 4 against 6): no split.
        let uneven = Problem::new(vec![
            Buffer::new(4, 0, 4),
            Buffer::new(2, 5, 9),
            Buffer::new(2, 0, 6),
            Buffer::new(4, 7, 9),
        ])
        .unwrap();
        assert_eq!(lower_bound(&uneven), 6);
        assert_eq!(bands(&uneven), None);
    }

    #[test]
    fn perfect_packings_split_into_leaves_at_the_bound() {
        for seed in 0..3 {
            let problem = synth::perfect_packing(200, seed).unwrap();
            let split = split(&problem);
            let plan = split.plan(&problem, |p, _| default_plan(p));
            assert_eq!(check_plan(&problem, &plan), Ok(()));
            assert_eq!(plan.total, synth::PERFECT_HEIGHT, "seed {seed}");
            // The default planner gets there through the split.
            assert_eq!(default_plan(&problem).total, synth::PERFECT_HEIGHT);
        }
    }

    #[test]
    fn only_leaves_above_their_bound_get_work() {
        let problem = synth::perfect_packing(300, 1).unwrap();
        let split = split(&problem);
        let mut calls = Vec::new();
        let plan = plan_leaves(&problem, &split, 1000, Deadline::NEVER, |p, s, work, _| {
            calls.push((p.len(), work));
            s
        });
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        let open = split
            .leaves()
            .iter()
            .filter(|l| {
                let p = problem.subset(l);
                default_plan(&p).total > lower_bound(&p)
            })
            .count();
        assert_eq!(calls.len(), open);
        assert!(calls.iter().map(|c| c.1).sum::<u64>() <= 1000);
        // The search planner goes through the leaves.
        let searched =
            crate::plan::search::plan(&problem, &crate::plan::search::Budget::from_millis(200));
        assert_eq!(check_plan(&problem, &searched), Ok(()));
        assert!(searched.total <= default_plan(&problem).total);
    }

    fn buffers() -> impl Strategy<Value = Vec<Buffer>> {
        // Few sizes, so boundaries often balance.
        prop::collection::vec((0u64..6, 0u64..20, 1u64..8, 0u32..3), 1..40).prop_map(|raw| {
            raw.into_iter()
                .map(|(size, first, len, align)| {
                    Buffer::new(size * 4, first, first + len - 1).with_alignment(1 << align)
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn splits_cover_every_buffer_once_and_plans_are_valid(raw in buffers()) {
            let problem = Problem::new(raw).unwrap();
            if let Some(groups) = bands(&problem) {
                let peaks: u64 = groups.iter().map(|g| lower_bound(&problem.subset(g))).sum();
                prop_assert_eq!(peaks, lower_bound(&problem));
            }
            let split = split(&problem);
            let mut seen = vec![0u32; problem.len()];
            for leaf in split.leaves() {
                for &i in leaf {
                    seen[i] += 1;
                }
            }
            let mut fixed = Vec::new();
            collect_fixed(&split, &mut fixed);
            for i in fixed {
                seen[i] += 1;
            }
            prop_assert!(seen.iter().all(|&c| c == 1));
            let plan = split.plan(&problem, |p, _| default_plan(p));
            prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
            prop_assert!(plan.total >= lower_bound(&problem));
            let whole = default_plan(&problem);
            prop_assert_eq!(check_plan(&problem, &whole), Ok(()));
        }
    }

    fn collect_fixed(split: &Split, out: &mut Vec<usize>) {
        match split {
            Split::Leaf(_) => {}
            Split::Parts { fixed, parts } => {
                out.extend(fixed.iter().map(|f| f.0));
                parts.iter().for_each(|(_, s)| collect_fixed(s, out));
            }
            Split::Bands(bands) => bands.iter().for_each(|s| collect_fixed(s, out)),
        }
    }
}
