//! Exact decomposition of a problem into independent parts, before any planner runs.
//!
//! Two reductions, applied until neither applies:
//!
//! * **Time cuts.** Where no buffer lives on both sides of a tick boundary, the buffers
//!   before and after it never meet: each side is planned on its own from the same base
//!   offset, and the total is the larger of the two.
//! * **Layers.** A buffer live at a common tick with every other buffer of its part (its
//!   lifetime covers the latest start and the earliest end of the part) lies, in any plan,
//!   wholly below or wholly above each other buffer; pushing all such buffers to the bottom
//!   of the part, stacked, and the rest above them, loses nothing (the rest keeps its plan,
//!   shifted up by their sizes). Only buffers whose size is a multiple of the problem's
//!   largest alignment are layered, so every base stays aligned.
//!
//! What is left are *leaves*: parts with no time cut and no layer, each at a base offset
//! (the layers below it), planned by any planner. Since both reductions are exact, the
//! optimum of the whole is the largest base plus leaf optimum, so a leaf's planner works on a
//! smaller problem with the same goal. Long buffers at the bottom and the parts between them
//! side by side is what the perfect packings of [`crate::plan::synth::perfect_packing`]
//! consist of (guillotine cuts), and real traces have them too: weights live through a whole
//! function, a loop body is a part of its own.

use crate::plan::{Plan, Problem, lower_bound};

/// A part left after the reductions, planned by a planner of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// Offset of the part's bottom (the layers under it).
    pub base: u64,
    /// Indices of its buffers in the problem, by start tick.
    pub members: Vec<usize>,
}

/// The result of [`decompose`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decomposition {
    /// Offsets fixed by the reductions (layers and zero-sized buffers); `None` for buffers of
    /// a leaf.
    pub fixed: Vec<Option<u64>>,
    /// The leaves, in the order found.
    pub leaves: Vec<Leaf>,
}

impl Decomposition {
    /// True when nothing was reduced: one leaf holding every buffer.
    pub fn is_trivial(&self, problem: &Problem) -> bool {
        self.leaves.len() == 1 && self.leaves[0].members.len() == problem.len()
    }

    /// The largest base plus leaf bound over the leaves, and the top of every layer: equal to
    /// [`lower_bound`] of the whole problem (the layers of a part share a tick, and every
    /// buffer of the part live at a tick outside it is live at its nearer end too).
    pub fn bound(&self, problem: &Problem) -> u64 {
        let sizes = problem.aligned_sizes();
        let layers = (0..problem.len())
            .filter_map(|i| self.fixed[i].map(|offset| offset + sizes[i]))
            .max()
            .unwrap_or(0);
        self.leaves
            .iter()
            .map(|leaf| leaf.base + lower_bound(&self.leaf_problem(problem, leaf)))
            .max()
            .unwrap_or(0)
            .max(layers)
    }

    /// The problem of one leaf (its buffers in [`Leaf::members`] order).
    pub fn leaf_problem(&self, problem: &Problem, leaf: &Leaf) -> Problem {
        problem.subset(&leaf.members)
    }

    /// The plan of the whole problem from one plan per leaf (in [`Decomposition::leaves`]
    /// order): fixed offsets as they are, each leaf's offsets raised by its base.
    pub fn assemble(&self, problem: &Problem, leaf_plans: &[Plan]) -> Plan {
        let mut offsets: Vec<u64> = self.fixed.iter().map(|o| o.unwrap_or(0)).collect();
        for (leaf, plan) in self.leaves.iter().zip(leaf_plans) {
            for (k, &i) in leaf.members.iter().enumerate() {
                offsets[i] = leaf.base + plan.offsets[k];
            }
        }
        Plan::from_offsets(problem, offsets)
    }
}

/// Splits `problem` by time cuts and layers (see the module documentation) until only leaves
/// are left. Each step is linear in its part (parts stay sorted by start), so the whole is
/// O(n log n) plus O(n) per layer level: quadratic only on deeply nested lifetimes.
pub fn decompose(problem: &Problem) -> Decomposition {
    let buffers = problem.buffers();
    let sizes = problem.aligned_sizes();
    let alignment = problem.max_alignment();
    let mut fixed: Vec<Option<u64>> = vec![None; problem.len()];
    let mut order: Vec<usize> = Vec::with_capacity(problem.len());
    for i in 0..problem.len() {
        if sizes[i] == 0 {
            fixed[i] = Some(0);
        } else {
            order.push(i);
        }
    }
    order.sort_by_key(|&i| (buffers[i].first, i));
    let mut leaves = Vec::new();
    // Parts still to reduce: (base, members sorted by start, already known to have no cut).
    let mut work: Vec<(u64, Vec<usize>)> = Vec::new();
    if !order.is_empty() {
        work.push((0, order));
    }
    while let Some((base, members)) = work.pop() {
        // Time cuts: a boundary no buffer crosses.
        let mut parts: Vec<Vec<usize>> = Vec::new();
        let mut current: Vec<usize> = Vec::new();
        let mut reach = 0u64;
        for &i in &members {
            if !current.is_empty() && buffers[i].first > reach {
                parts.push(std::mem::take(&mut current));
            }
            if current.is_empty() {
                reach = buffers[i].last;
            }
            reach = reach.max(buffers[i].last);
            current.push(i);
        }
        parts.push(current);
        for part in parts {
            let min_last = part.iter().map(|&i| buffers[i].last).min().unwrap_or(0);
            let max_first = part.iter().map(|&i| buffers[i].first).max().unwrap_or(0);
            let layer = |i: usize| {
                sizes[i].is_multiple_of(alignment)
                    && buffers[i].first <= min_last
                    && buffers[i].last >= max_first
            };
            let mut top = base;
            let mut rest = Vec::with_capacity(part.len());
            for &i in &part {
                if layer(i) {
                    fixed[i] = Some(top);
                    top += sizes[i];
                } else {
                    rest.push(i);
                }
            }
            if rest.is_empty() {
                continue;
            }
            if top == base {
                leaves.push(Leaf {
                    base,
                    members: rest,
                });
            } else {
                work.push((top, rest));
            }
        }
    }
    Decomposition { fixed, leaves }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan, default_plan, synth};
    use proptest::prelude::*;

    fn by_default(problem: &Problem) -> Plan {
        let dec = decompose(problem);
        let plans: Vec<Plan> = dec
            .leaves
            .iter()
            .map(|leaf| default_plan(&dec.leaf_problem(problem, leaf)))
            .collect();
        dec.assemble(problem, &plans)
    }

    #[test]
    fn cuts_and_layers_by_hand() {
        // A weight live throughout; under it two phases that never meet, the second with a
        // buffer spanning it and two short ones side by side.
        let problem = Problem::new(vec![
            Buffer::new(8, 0, 9),
            Buffer::new(4, 0, 3),
            Buffer::new(2, 1, 2),
            Buffer::new(6, 5, 9),
            Buffer::new(3, 5, 6),
            Buffer::new(3, 8, 9),
            Buffer::new(0, 2, 7),
        ])
        .unwrap();
        let dec = decompose(&problem);
        assert_eq!(dec.fixed[0], Some(0));
        assert_eq!(dec.fixed[6], Some(0));
        // Phase one: 4 and 2 overlap each other, so both are layers (in start order).
        assert_eq!(dec.fixed[1], Some(8));
        assert_eq!(dec.fixed[2], Some(12));
        // Phase two: 6 spans it; the two short ones are then cut apart and each a layer.
        assert_eq!(dec.fixed[3], Some(8));
        assert_eq!(dec.fixed[4], Some(14));
        assert_eq!(dec.fixed[5], Some(14));
        assert!(dec.leaves.is_empty());
        let plan = dec.assemble(&problem, &[]);
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        assert_eq!(plan.total, 17);
        assert_eq!(dec.bound(&problem), lower_bound(&problem));
    }

    #[test]
    fn a_crossing_part_is_a_leaf() {
        // Four buffers in a chain: none meets all others, no tick boundary is free.
        let problem = Problem::new(vec![
            Buffer::new(4, 0, 3),
            Buffer::new(4, 2, 5),
            Buffer::new(4, 4, 7),
            Buffer::new(4, 6, 9),
        ])
        .unwrap();
        let dec = decompose(&problem);
        assert!(dec.is_trivial(&problem));
        assert_eq!(dec.leaves[0].base, 0);
    }

    #[test]
    fn perfect_packings_split_at_their_first_time_cut() {
        for seed in 0..3 {
            let problem = synth::perfect_packing(1000, seed).unwrap();
            let dec = decompose(&problem);
            assert_eq!(dec.bound(&problem), synth::PERFECT_HEIGHT);
            let largest = dec
                .leaves
                .iter()
                .map(|l| l.members.len())
                .max()
                .unwrap_or(0);
            assert!(largest < 1000, "seed {seed}: a leaf of {largest}");
            let plan = by_default(&problem);
            assert_eq!(check_plan(&problem, &plan), Ok(()));
        }
    }

    /// Two perfect packings side by side in time under a weight live over both: a layer,
    /// then a time cut.
    fn two_phases() -> Problem {
        let mut buffers = vec![Buffer::new(4096, 0, 239)];
        for (seed, shift) in [(1u64, 0u64), (2, 120)] {
            let part = synth::perfect_packing(120, seed).unwrap();
            buffers.extend(
                part.buffers()
                    .iter()
                    .map(|b| Buffer::new(b.size, b.first + shift, b.last + shift)),
            );
        }
        Problem::new(buffers).unwrap()
    }

    #[test]
    fn two_phases_split_apart() {
        let problem = two_phases();
        let dec = decompose(&problem);
        assert_eq!(dec.fixed[0], Some(0));
        assert!(dec.leaves.len() >= 2);
        for leaf in &dec.leaves {
            assert!(leaf.base >= 4096);
            let early = |&i: &usize| problem.buffers()[i].last < 120;
            assert!(leaf.members.iter().all(early) || !leaf.members.iter().any(early));
        }
        assert_eq!(dec.bound(&problem), 4096 + synth::PERFECT_HEIGHT);
    }

    fn buffers() -> impl Strategy<Value = Vec<Buffer>> {
        prop::collection::vec((0u64..40, 0u64..30, 1u64..12, 0u32..4), 1..40).prop_map(|raw| {
            raw.into_iter()
                .map(|(size, first, len, align)| {
                    Buffer::new(size, first, first + len).with_alignment(1 << align)
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn assembled_plans_are_valid(buffers in buffers()) {
            let problem = Problem::new(buffers).unwrap();
            let dec = decompose(&problem);
            let mut seen = vec![false; problem.len()];
            for leaf in &dec.leaves {
                for &i in &leaf.members {
                    prop_assert!(!seen[i] && dec.fixed[i].is_none());
                    seen[i] = true;
                }
                prop_assert!(leaf.base.is_multiple_of(problem.max_alignment()));
            }
            for (seen, fixed) in seen.iter().zip(&dec.fixed) {
                prop_assert!(*seen || fixed.is_some());
            }
            let bound = dec.bound(&problem);
            prop_assert_eq!(bound, lower_bound(&problem));
            let plan = by_default(&problem);
            prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
            prop_assert!(plan.total >= bound);
        }
    }
}
