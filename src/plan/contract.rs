//! Rectangle contraction: buffers that fit together into a rectangle (a flat load over a span
//! of ticks) are replaced by one buffer of that rectangle, and the smaller problem is planned
//! instead.
//!
//! Two rules, applied until neither applies: buffers (or rectangles) with the same lifetime
//! are stacked into one; a rectangle ending at a tick and one of the same height starting
//! right after it are joined in time when that height is the only one of its value on both
//! sides of the boundary (and neither side is crowded). In a plan at the bound of a flat part, a boundary where one
//! rectangle ends and one starts has the second in the place of the first, so that join
//! loses nothing there; the others are a heuristic (a coincidence of heights or lifetimes
//! can join buffers that no optimal plan puts together). Guillotine packings (a rectangle cut
//! into buffers, [`crate::plan::synth::perfect_packing`]) contract bottom-up into a few
//! rectangles whatever the order of their cuts, where the band split needs a band across the
//! whole part at every level. Any plan of the contracted problem, expanded, is a valid plan
//! of the original one (each rectangle's buffers are packed inside it), so the planners use
//! the result as one more candidate and keep the smaller plan. Only sizes and lifetimes are
//! used. Cost: O(n log n) per round, rounds until nothing changes.

use crate::plan::{Buffer, Plan, Problem};
use std::collections::BTreeMap;

/// A rectangle of the contraction: one buffer, or rectangles at offsets inside it.
#[derive(Clone, Debug)]
enum Node {
    Leaf(usize),
    Inner(Vec<(usize, u64)>),
}

/// The contracted problem of [`contract`] and how to expand its plans.
#[derive(Clone, Debug)]
pub struct Contraction {
    nodes: Vec<Node>,
    /// The rectangle of each buffer of [`Contraction::problem`].
    roots: Vec<usize>,
    problem: Problem,
}

impl Contraction {
    /// The contracted problem: one buffer per rectangle.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The plan of `original` (the problem contracted) from a plan of the contracted problem:
    /// each buffer at its rectangle's offset plus its place inside the rectangle. Buffers of
    /// size zero at 0.
    pub fn expand(&self, original: &Problem, plan: &Plan) -> Plan {
        let mut offsets = vec![0u64; original.len()];
        let mut stack: Vec<(usize, u64)> = self
            .roots
            .iter()
            .zip(&plan.offsets)
            .map(|(&node, &at)| (node, at))
            .collect();
        while let Some((node, at)) = stack.pop() {
            match &self.nodes[node] {
                Node::Leaf(i) => offsets[*i] = at,
                Node::Inner(children) => {
                    stack.extend(children.iter().map(|&(child, offset)| (child, at + offset)))
                }
            }
        }
        Plan::from_offsets(original, offsets)
    }
}

/// The contraction of `problem` (see the module doc), when it joins at least two buffers;
/// `None` otherwise, or when some size is not a multiple of the largest alignment (stacked
/// rectangles must keep every offset aligned).
pub fn contract(problem: &Problem) -> Option<Contraction> {
    let align = problem.max_alignment();
    let sizes = problem.aligned_sizes();
    if sizes.iter().any(|s| !s.is_multiple_of(align)) {
        return None;
    }
    let buffers = problem.buffers();
    let mut state = State::default();
    for (i, b) in buffers.iter().enumerate() {
        if sizes[i] > 0 {
            state.push(Node::Leaf(i), (b.first, b.last, sizes[i]));
        }
    }
    let leaves = state.nodes.len();
    // Joins first (they rarely go wrong), stacks only when no join is left.
    let mut rounds = 0;
    while rounds < ROUNDS && (state.join_round() || state.stack_round()) {
        rounds += 1;
    }
    let State {
        nodes,
        rects,
        alive,
        ..
    } = state;
    let roots: Vec<usize> = (0..nodes.len()).filter(|&n| alive[n]).collect();
    if roots.len() >= leaves {
        return None;
    }
    let contracted = Problem::new(
        roots
            .iter()
            .map(|&n| {
                let (first, last, height) = rects[n];
                Buffer::new(height, first, last).with_alignment(align)
            })
            .collect(),
    )
    .ok()?;
    Some(Contraction {
        nodes,
        roots,
        problem: contracted,
    })
}

/// Most rounds (of joins or of stacks) [`contract`] runs: each costs O(n log n), and
/// guillotine packings of 5,000 buffers need fewer than this.
pub const ROUNDS: usize = 64;

/// Joins are only made at boundaries where at most this many rectangles end and at most
/// this many start: at more crowded ones a unique height is too often a coincidence
/// (perfect packings of 5,000 buffers: 77-112 of 280-356 rectangles not in the generator's
/// plan without the limit, 25-51 of 135-197 with it; skyline fills of the contracted
/// problems 1.2026 against 1.1495 × LB; 4: 1.1985, 8: 1.1434, 12: 1.1546). The limit lifts
/// as the rectangles around a boundary are joined and stacked.
pub const CROWDED: usize = 6;

/// The rectangles while [`contract`] joins them.
#[derive(Default)]
struct State {
    nodes: Vec<Node>,
    /// Per node: first tick, last tick, height.
    rects: Vec<(u64, u64, u64)>,
    /// Whether the node is still a rectangle of its own (not inside another).
    alive: Vec<bool>,
    /// The nodes alive at the start of the round (and some that are not any more).
    alive_list: Vec<usize>,
}

impl State {
    fn push(&mut self, node: Node, rect: (u64, u64, u64)) {
        self.alive_list.push(self.nodes.len());
        self.nodes.push(node);
        self.rects.push(rect);
        self.alive.push(true);
    }

    /// Stacks the rectangles with the same lifetime, one on the other (by node order).
    /// Whether any were.
    fn stack_round(&mut self) -> bool {
        let mut by_span: BTreeMap<(u64, u64), Vec<usize>> = BTreeMap::new();
        self.alive_list.retain(|&n| self.alive[n]);
        for &n in &self.alive_list {
            let (first, last, _) = self.rects[n];
            by_span.entry((first, last)).or_default().push(n);
        }
        let mut changed = false;
        for ((first, last), group) in by_span {
            if group.len() < 2 {
                continue;
            }
            let mut at = 0u64;
            let children = group
                .iter()
                .map(|&n| {
                    self.alive[n] = false;
                    let child = (n, at);
                    at += self.rects[n].2;
                    child
                })
                .collect();
            self.push(Node::Inner(children), (first, last, at));
            changed = true;
        }
        changed
    }

    /// Joins in time: per boundary with at most [`CROWDED`] rectangles a side, a rectangle
    /// ending there and one starting right after with a height found once among each.
    /// Whether any were.
    fn join_round(&mut self) -> bool {
        self.alive_list.retain(|&n| self.alive[n]);
        let rects = &self.rects;
        let mut ending: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        let mut starting: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for &n in &self.alive_list {
            let (first, last, _) = rects[n];
            ending.entry(last).or_default().push(n);
            if first > 0 {
                starting.entry(first - 1).or_default().push(n);
            }
        }
        let once = |set: &[usize], h: u64| {
            let mut found = set.iter().filter(|&&n| rects[n].2 == h);
            match (found.next(), found.next()) {
                (Some(&n), None) => Some(n),
                _ => None,
            }
        };
        let mut joins: Vec<(usize, usize)> = Vec::new();
        for (tick, ends) in &ending {
            let Some(starts) = starting.get(tick) else {
                continue;
            };
            if ends.len() > CROWDED || starts.len() > CROWDED {
                continue;
            }
            for &x in ends {
                if let Some(y) = once(starts, rects[x].2)
                    && once(ends, rects[x].2) == Some(x)
                {
                    joins.push((x, y));
                }
            }
        }
        let mut changed = false;
        for (x, y) in joins {
            // A rectangle joins at most once per round (at its end or at its start).
            if !self.alive[x] || !self.alive[y] {
                continue;
            }
            self.alive[x] = false;
            self.alive[y] = false;
            let rect = (self.rects[x].0, self.rects[y].1, self.rects[x].2);
            self.push(Node::Inner(vec![(x, 0), (y, 0)]), rect);
            changed = true;
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Planner, check_plan, default_plan, lower_bound, synth};
    use proptest::prelude::*;

    #[test]
    fn cut_rectangle_contracts_to_one() {
        // Joins at ticks 1 (4 bytes) and 0 (2 bytes), then the four rectangles of [0, 3]
        // stacked: one rectangle of 12 bytes.
        let problem = synth::small_cut_rectangle();
        let c = contract(&problem).expect("a contraction");
        assert_eq!(c.problem().buffers(), &[Buffer::new(12, 0, 3)]);
        let plan = c.expand(&problem, &default_plan(c.problem()));
        assert_eq!(check_plan(&problem, &plan), Ok(()));
        assert_eq!(plan.total, 12);
    }

    #[test]
    fn nothing_to_join() {
        // Two buffers overlapping in time with different lifetimes.
        let problem = Problem::new(vec![Buffer::new(8, 0, 2), Buffer::new(8, 1, 3)]).unwrap();
        assert!(contract(&problem).is_none());
        // Mixed alignments whose sizes are not multiples of the largest: not contracted.
        let mixed = Problem::new(vec![
            Buffer::new(4, 0, 1).with_alignment(4),
            Buffer::new(4, 0, 1).with_alignment(8),
        ])
        .unwrap();
        assert!(contract(&mixed).is_none());
    }

    #[test]
    fn perfect_packings_of_1000_contract_to_few_rectangles() {
        // Seeds 0 and 1 contract to 27 and 30 rectangles that skyline fills pack at the
        // bound; the others to at most 62, within 15% of it (skyline fills alone: work-limited,
        // so the same plans under any load; the default planner gets 1.02-1.05).
        for seed in 0..5 {
            let problem = synth::perfect_packing(1000, seed).unwrap();
            let c = contract(&problem).expect("a contraction");
            assert!(
                c.problem().len() <= 80,
                "seed {seed}: {}",
                c.problem().len()
            );
            assert_eq!(lower_bound(c.problem()), synth::PERFECT_HEIGHT);
            let filled = crate::plan::skyline::best_within_until(
                c.problem(),
                crate::plan::DEFAULT_SKYLINE_RUNS,
                crate::plan::DEFAULT_SKYLINE_WORK,
                synth::PERFECT_HEIGHT,
                crate::plan::Deadline::NEVER,
            );
            let plan = c.expand(&problem, &filled);
            assert_eq!(check_plan(&problem, &plan), Ok(()));
            assert_eq!(plan.total, filled.total);
            if seed < 2 {
                assert_eq!(plan.total, synth::PERFECT_HEIGHT, "seed {seed}");
            } else {
                assert!(
                    plan.total * 100 <= synth::PERFECT_HEIGHT * 115,
                    "seed {seed}"
                );
            }
        }
    }

    fn buffers() -> impl Strategy<Value = Vec<Buffer>> {
        // Few sizes and short lifetimes, so that boundaries and lifetimes often match.
        crate::plan::tests::few_sizes_strategy(5, 8, 12, 5)
    }

    proptest! {
        #[test]
        fn expanded_plans_are_valid(raw in buffers()) {
            let problem = Problem::new(raw).unwrap();
            if let Some(c) = contract(&problem) {
                let contracted = c.problem();
                prop_assert!(contracted.len() < problem.len());
                // The contraction keeps the bound a bound: no plan below the original one.
                prop_assert!(lower_bound(contracted) >= lower_bound(&problem));
                for kind in [crate::plan::PlannerKind::Default, crate::plan::PlannerKind::GreedySize] {
                    let plan = kind.planner(crate::plan::SearchBudget::NONE).plan(contracted);
                    let expanded = c.expand(&problem, &plan);
                    prop_assert_eq!(check_plan(&problem, &expanded), Ok(()));
                    prop_assert!(expanded.total <= plan.total);
                }
            }
        }
    }
}
