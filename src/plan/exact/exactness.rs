//! The search must be exact: with enough budget it finds the optimum and proves anything
//! below it infeasible. The optimum of a small problem is the best lowest-fit placement
//! over all insertion orders (placing an optimal plan's buffers by offset, each at the
//! lowest aligned offset that fits, never puts one higher than in that plan).

use std::time::Duration;

use super::{
    state::{Partition, Search, Step},
    *,
};
use crate::plan::{Buffer, Plan, Problem, check_plan, problem::round_up};
use proptest::prelude::*;

fn lowest_fit_total(problem: &Problem, order: &[usize]) -> u64 {
    let buffers = problem.buffers();
    let mut placed: Vec<(usize, u64)> = Vec::new();
    let mut total = 0;
    for &i in order {
        let size = problem.aligned_size(i);
        let mut offset = 0;
        // Raise the offset past every conflicting placed buffer until it fits.
        loop {
            let offset_aligned = round_up(offset, buffers[i].alignment).unwrap();
            let clash = placed.iter().find(|&&(j, o)| {
                buffers[i].overlaps_in_time(&buffers[j])
                    && size > 0
                    && problem.aligned_size(j) > 0
                    && o < offset_aligned + size
                    && offset_aligned < o + problem.aligned_size(j)
            });
            match clash {
                Some(&(j, o)) => offset = o + problem.aligned_size(j),
                None => {
                    offset = offset_aligned;
                    break;
                }
            }
        }
        placed.push((i, offset));
        if size > 0 {
            total = total.max(offset + size);
        }
    }
    total
}

fn optimum(problem: &Problem) -> u64 {
    fn permute(k: usize, order: &mut Vec<usize>, problem: &Problem, best: &mut u64) {
        if k == order.len() {
            *best = (*best).min(lowest_fit_total(problem, order));
            return;
        }
        for i in k..order.len() {
            order.swap(k, i);
            permute(k + 1, order, problem, best);
            order.swap(k, i);
        }
    }
    let mut order: Vec<usize> = (0..problem.len()).collect();
    let mut best = u64::MAX;
    permute(0, &mut order, problem, &mut best);
    best
}

fn small_buffer() -> impl Strategy<Value = Buffer> {
    (
        1u64..9,
        prop::sample::select(vec![1u64, 1, 1, 2, 4]),
        0u64..6,
        0u64..4,
    )
        .prop_map(|(size, alignment, first, length)| {
            Buffer::new(size, first, first + length).with_alignment(alignment)
        })
}

/// The best lowest-fit total over all insertion orders of the free buffers, with the
/// obstacles in place from the start (lowest fit may go below an obstacle).
fn optimum_around(problem: &Problem, obstacles: &[Obstacle]) -> u64 {
    fn lowest(problem: &Problem, obstacles: &[Obstacle], order: &[usize]) -> u64 {
        let buffers = problem.buffers();
        let mut taken: Vec<(u64, u64, u64, u64)> = obstacles
            .iter()
            .map(|o| (o.first, o.last, o.offset, o.end))
            .collect();
        let mut total = obstacles.iter().map(|o| o.end).max().unwrap_or(0);
        for &i in order {
            let b = &buffers[i];
            let size = problem.aligned_size(i);
            if size == 0 {
                continue;
            }
            let mut at = 0;
            loop {
                at = round_up(at, b.alignment).unwrap();
                let clash = taken
                    .iter()
                    .find(|&&(f, l, o, e)| f <= b.last && b.first <= l && o < at + size && at < e);
                match clash {
                    Some(&(_, _, _, e)) => at = e,
                    None => break,
                }
            }
            taken.push((b.first, b.last, at, at + size));
            total = total.max(at + size);
        }
        total
    }
    fn permute(k: usize, order: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if k == order.len() {
            f(order);
            return;
        }
        for i in k..order.len() {
            order.swap(k, i);
            permute(k + 1, order, f);
            order.swap(k, i);
        }
    }
    let mut order: Vec<usize> = (0..problem.len()).collect();
    let mut best = u64::MAX;
    permute(0, &mut order, &mut |o| {
        best = best.min(lowest(problem, obstacles, o))
    });
    best
}

fn obstacle() -> impl Strategy<Value = Obstacle> {
    (0u64..7, 0u64..4, 0u64..12, 1u64..6).prop_map(|(first, length, offset, size)| Obstacle {
        first,
        last: first + length,
        offset,
        end: offset + size,
    })
}

/// Obstacles live at a common tick must not share bytes: keep the first of each clash.
fn disjoint(obstacles: Vec<Obstacle>) -> Vec<Obstacle> {
    let mut kept: Vec<Obstacle> = Vec::new();
    for o in obstacles {
        if kept
            .iter()
            .all(|k| k.last < o.first || o.last < k.first || k.end <= o.offset || o.end <= k.offset)
        {
            kept.push(o);
        }
    }
    kept
}

/// The plan of `fit_around` together with the obstacles is valid: checked as one problem.
fn check_around(problem: &Problem, obstacles: &[Obstacle], plan: &Plan) {
    let mut buffers = problem.buffers().to_vec();
    let mut offsets = plan.offsets.clone();
    for o in obstacles {
        buffers.push(Buffer::new(o.end - o.offset, o.first, o.last));
        offsets.push(o.offset);
    }
    let whole = Problem::new(buffers).unwrap();
    let joint = Plan::from_offsets(&whole, offsets);
    assert_eq!(check_plan(&whole, &joint), Ok(()));
    assert!(
        joint.total
            <= plan
                .total
                .max(obstacles.iter().map(|o| o.end).max().unwrap_or(0))
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn decides_the_optimum_around_obstacles_exactly(
        buffers in prop::collection::vec(small_buffer(), 1..7),
        obstacles in prop::collection::vec(obstacle(), 0..5),
    ) {
        let problem = Problem::new(buffers).unwrap();
        let obstacles = disjoint(obstacles);
        let best = optimum_around(&problem, &obstacles);
        let budget = Budget { work: 1_000_000_000, wall: Duration::from_secs(60) };
        let settings = Settings::default();
        match fit_around(&problem, &obstacles, best, &budget, &PORTFOLIO, settings).0 {
            Fit::Found(plan) => {
                check_around(&problem, &obstacles, &plan);
                prop_assert!(plan.total <= best);
            }
            other => prop_assert!(false, "optimum {} not found: {:?}", best, other),
        }
        prop_assert_eq!(
            fit_around(&problem, &obstacles, best - 1, &budget, &PORTFOLIO, settings).0,
            Fit::Infeasible
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn decides_the_optimum_exactly(buffers in prop::collection::vec(small_buffer(), 1..8)) {
        let problem = Problem::new(buffers).unwrap();
        let best = optimum(&problem);
        let budget = Budget { work: 1_000_000_000, wall: Duration::from_secs(60) };
        match fit(&problem, best, &budget, &PORTFOLIO) {
            Fit::Found(plan) => {
                prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
                prop_assert!(plan.total <= best);
            }
            other => prop_assert!(false, "optimum {} not found: {:?}", best, other),
        }
        prop_assert_eq!(fit(&problem, best - 1, &budget, &PORTFOLIO), Fit::Infeasible);
    }

    /// The total-first rankings alone, unjittered: every decomposition ranks its
    /// partitions again by the load still unplaced (dynamic totals). Still exact.
    #[test]
    fn decides_the_optimum_exactly_with_dynamic_totals(
        buffers in prop::collection::vec(small_buffer(), 1..8),
        duration_second in any::<bool>(),
    ) {
        let problem = Problem::new(buffers).unwrap();
        let best = optimum(&problem);
        let budget = Budget { work: 1_000_000_000, wall: Duration::from_secs(60) };
        let settings = Settings { restarts: Restarts::Doubling, ..Settings::default() };
        let ranking = if duration_second { Ranking::TotalDuration } else { Ranking::Total };
        match fit_around(&problem, &[], best, &budget, &[ranking], settings).0 {
            Fit::Found(plan) => {
                prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
                prop_assert!(plan.total <= best);
            }
            other => prop_assert!(false, "optimum {} not found: {:?}", best, other),
        }
        prop_assert_eq!(
            fit_around(&problem, &[], best - 1, &budget, &[ranking], settings).0,
            Fit::Infeasible
        );
    }
}

#[test]
fn dynamic_totals_rank_partitions_by_the_load_left_and_restore_the_ranks() {
    // Buffer 0 lives over everything; placed first (largest total), it cuts time in two
    // independent halves: ticks 0-1 and 2-3. Left of the cut two small buffers, right
    // one large one.
    let problem = Problem::new(vec![
        Buffer::new(8, 0, 3),
        Buffer::new(2, 0, 1),
        Buffer::new(3, 0, 1),
        Buffer::new(6, 2, 3),
    ])
    .unwrap();
    let budget = Budget {
        work: 1_000_000,
        wall: Duration::from_secs(60),
    };
    let mut search = Search::new(&problem, &budget);
    search.granule = search.granularity();
    search.set_ranking(Ranking::Total, None);
    let before = search.rank.clone();
    // Static totals: the largest load of a covered section, 13 left and 14 right.
    assert_eq!(
        before.iter().map(|r| r[0]).collect::<Vec<_>>(),
        [14, 13, 13, 14]
    );
    search.start_decision(14, 1_000_000);
    search.place(0, 0);
    let parts = search.split(
        &Partition {
            sections: (0, search.section_count - 1),
            items: vec![1, 2, 3],
        },
        search.sections_of[0],
    );
    assert_eq!(parts.len(), 2);
    // Inside the parts: the load left there, 5 left and 6 right.
    let saved = search.rank_by_load_left(&parts);
    assert_eq!(
        search.rank.iter().map(|r| r[0]).collect::<Vec<_>>(),
        [14, 5, 5, 6]
    );
    assert_eq!(saved.len(), 3);
    for (k, rank) in saved {
        search.rank[k] = rank;
    }
    // Jittered or duration-first rankings keep their static ranks.
    search.set_ranking(Ranking::Duration, None);
    assert!(search.rank_by_load_left(&parts).is_empty());
    search.set_ranking(Ranking::Total, Some(3));
    assert!(search.rank_by_load_left(&parts).is_empty());
    search.set_ranking(Ranking::Total, None);
    // Solving the parts ranks them so and gives the ranks back; the plan fits 14.
    assert!(matches!(search.solve_parts(parts), Step::Found));
    assert_eq!(search.rank, before);
    let mut offsets = vec![0; 4];
    for (k, &i) in search.items.iter().enumerate() {
        offsets[i] = search.offsets[k];
    }
    let plan = Plan::from_offsets(&problem, offsets);
    assert_eq!(check_plan(&problem, &plan), Ok(()));
    assert_eq!(plan.total, 14);
}
