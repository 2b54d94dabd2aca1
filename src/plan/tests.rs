//! Tests across planners: exact answers where they are known, the checker and the lower bound
//! on random problems otherwise.

use proptest::prelude::*;

use super::*;

fn all_planners() -> Vec<BuiltinPlanner> {
    // A small search budget keeps the property tests fast.
    PlannerKind::ALL
        .iter()
        .map(|&kind| kind.planner(SearchBudget::from_millis(2)))
        .collect()
}

/// IREE's `LayoutSlices` example (seed 004): 40, 4, 40, 4 bytes over [0,2] [1,2] [2,4] [3,4]
/// with 64-byte alignment pack into 192 bytes at offsets 0, 64, 128, 0.
fn iree_example() -> Problem {
    Problem::new(vec![
        Buffer::new(40, 0, 2).with_alignment(64),
        Buffer::new(4, 1, 2).with_alignment(64),
        Buffer::new(40, 2, 4).with_alignment(64),
        Buffer::new(4, 3, 4).with_alignment(64),
    ])
    .unwrap()
}

#[test]
fn iree_example_packs_into_192_bytes_at_iree_offsets() {
    let problem = iree_example();
    let plan = PlannerKind::BestFitStart
        .planner(SearchBudget::NONE)
        .plan(&problem);
    assert_eq!(
        plan,
        Plan {
            offsets: vec![0, 64, 128, 0],
            total: 192
        }
    );
    let plan = PlannerKind::FreeChunk
        .planner(SearchBudget::NONE)
        .plan(&problem);
    assert_eq!(
        plan,
        Plan {
            offsets: vec![0, 64, 128, 0],
            total: 192
        }
    );
}

#[test]
fn every_planner_packs_iree_example_at_the_bound() {
    let problem = iree_example();
    for planner in all_planners() {
        let plan = planner.plan(&problem);
        check_plan(&problem, &plan).unwrap();
        assert_eq!(plan.total, 192, "{}", planner.name());
    }
}

#[test]
fn empty_problem_gets_empty_plan() {
    let problem = Problem::new(vec![]).unwrap();
    for planner in all_planners() {
        assert_eq!(
            planner.plan(&problem),
            Plan {
                offsets: vec![],
                total: 0
            },
            "{}",
            planner.name()
        );
    }
}

#[test]
fn zero_sized_buffers_take_no_room() {
    let problem = Problem::new(vec![
        Buffer::new(0, 0, 5),
        Buffer::new(8, 0, 5),
        Buffer::new(0, 2, 3),
    ])
    .unwrap();
    for planner in all_planners() {
        let plan = planner.plan(&problem);
        check_plan(&problem, &plan).unwrap();
        assert_eq!(plan.total, 8, "{}", planner.name());
    }
}

#[test]
fn greedy_by_size_places_largest_first() {
    // 10 [0,1], 30 [1,2], 20 [2,3]: 30 goes at 0; 20 overlaps it -> 30; 10 overlaps 30 -> 30.
    let problem = Problem::new(vec![
        Buffer::new(10, 0, 1),
        Buffer::new(30, 1, 2),
        Buffer::new(20, 2, 3),
    ])
    .unwrap();
    let plan = PlannerKind::GreedySize
        .planner(SearchBudget::NONE)
        .plan(&problem);
    assert_eq!(
        plan,
        Plan {
            offsets: vec![30, 0, 30],
            total: 50
        }
    );
}

#[test]
fn best_fit_uses_smallest_gap_that_fits() {
    // Start order, larger first: 16 [0,1] @0, 8 [0,9] @16, 8 [0,1] @24, 4 [0,9] @32.
    // At tick 2 the 6-byte buffer sees free gaps [0,16) and [24,32): it takes the smaller.
    let problem = Problem::new(vec![
        Buffer::new(8, 0, 9),
        Buffer::new(16, 0, 1),
        Buffer::new(4, 0, 9),
        Buffer::new(8, 0, 1),
        Buffer::new(6, 2, 3),
    ])
    .unwrap();
    let plan = PlannerKind::BestFitStart
        .planner(SearchBudget::NONE)
        .plan(&problem);
    assert_eq!(plan.offsets, vec![16, 0, 32, 24, 24]);
    assert_eq!(plan.total, 36);
}

#[test]
fn planner_names_round_trip_and_unknown_name_lists_known_ones() {
    for kind in PlannerKind::ALL {
        assert_eq!(PlannerKind::from_name(kind.name()), Ok(kind));
    }
    let error = PlannerKind::from_name("nope").unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("nope") && message.contains("best-fit-start"),
        "{message}"
    );
}

/// MiniMalloc's `benchmarks/examples/input.12.csv` (Apache-2.0): the optimum is the bound, 12.
#[test]
fn search_solves_minimalloc_example_at_the_bound() {
    let text = "id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\nb3,0,9,4\nb4,9,21,4\nb5,0,21,4\n";
    let instance = csv_io::read_instance(text.as_bytes(), 1).unwrap();
    assert_eq!(lower_bound(&instance.problem), 12);
    let plan = PlannerKind::Search
        .planner(SearchBudget::from_millis(100))
        .plan(&instance.problem);
    check_plan(&instance.problem, &plan).unwrap();
    assert_eq!(plan.total, 12);
}

#[test]
fn search_reaches_bound_on_a_tiled_rectangle() {
    // Pieces cut from a 12-byte by 6-tick rectangle (every tick has load 12, so 12 is both the
    // bound and achievable), listed in a scrambled order.
    let problem = Problem::new(vec![
        Buffer::new(2, 4, 5), // J: bytes 10-11
        Buffer::new(4, 2, 3), // G: bytes 6-9
        Buffer::new(2, 0, 0), // C: bytes 4-5
        Buffer::new(4, 3, 5), // B: bytes 0-3
        Buffer::new(2, 0, 3), // I: bytes 10-11
        Buffer::new(4, 4, 5), // H: bytes 6-9
        Buffer::new(2, 5, 5), // E: bytes 4-5
        Buffer::new(4, 0, 2), // A: bytes 0-3
        Buffer::new(4, 0, 1), // F: bytes 6-9
        Buffer::new(2, 1, 4), // D: bytes 4-5
    ])
    .unwrap();
    assert_eq!(lower_bound(&problem), 12);
    let plan = PlannerKind::Search
        .planner(SearchBudget::from_millis(200))
        .plan(&problem);
    check_plan(&problem, &plan).unwrap();
    assert_eq!(plan.total, 12);
}

#[test]
fn search_is_deterministic_for_a_budget() {
    // A node budget with a wall guard far away, so a slow debug build cannot cut one run short.
    let budget = search::Budget {
        work: 3000,
        wall: std::time::Duration::from_secs(600),
    };
    let problem = synth::dnn_trace(300, 0).unwrap();
    let a = search::plan(&problem, &budget);
    let b = search::plan(&problem, &budget);
    check_plan(&problem, &a).unwrap();
    assert_eq!(a, b);
    let instance = minimalloc_like_puzzle();
    let a = search::plan(&instance, &budget);
    assert_eq!(a, search::plan(&instance, &budget));
}

/// A small instance where the heuristics leave room: two interleaved stair-cases.
fn minimalloc_like_puzzle() -> Problem {
    let mut buffers = Vec::new();
    for i in 0..12u64 {
        buffers.push(Buffer::new(8 + (i * 5) % 17, i, i + 3 + i % 4));
        buffers.push(Buffer::new(4 + (i * 7) % 13, i + 1, i + 2));
    }
    Problem::new(buffers).unwrap()
}

#[test]
fn default_planner_is_valid_and_near_bound_on_dnn_traces() {
    for seed in 0..4 {
        let problem = synth::dnn_trace(2000, seed).unwrap();
        let plan = PlannerKind::Default
            .planner(SearchBudget::NONE)
            .plan(&problem);
        check_plan(&problem, &plan).unwrap();
        let bound = lower_bound(&problem);
        assert!(plan.total >= bound);
        assert!(
            (plan.total as f64) <= 1.10 * bound as f64,
            "seed {seed}: {} vs {bound}",
            plan.total
        );
    }
}

#[test]
fn baselines_are_valid_on_a_large_trace() {
    let problem = synth::dnn_trace(5000, 3).unwrap();
    for planner in all_planners() {
        let plan = planner.plan(&problem);
        check_plan(&problem, &plan).unwrap();
    }
}

/// Up to 40 buffers of a few sizes (multiples of `unit` below `size_classes` × `unit`),
/// starting before tick `ticks`, living 1 to `max_len` - 1 ticks, aligned to 1, 2 or 4
/// bytes: boundaries and lifetimes often match, as the reductions of `plan::bands` and
/// `plan::contract` need to fire.
pub(crate) fn few_sizes_strategy(
    size_classes: u64,
    unit: u64,
    ticks: u64,
    max_len: u64,
) -> impl Strategy<Value = Vec<Buffer>> {
    prop::collection::vec((0..size_classes, 0..ticks, 1..max_len, 0u32..3), 1..40).prop_map(
        move |raw| {
            raw.into_iter()
                .map(|(size, first, len, align)| {
                    Buffer::new(size * unit, first, first + len - 1).with_alignment(1 << align)
                })
                .collect()
        },
    )
}

fn buffer_strategy() -> impl Strategy<Value = Buffer> {
    (
        0u64..300,
        prop::sample::select(vec![1u64, 1, 2, 4, 8, 64]),
        0u64..40,
        0u64..12,
    )
        .prop_map(|(size, alignment, first, length)| {
            Buffer::new(size, first, first + length).with_alignment(alignment)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_planner_gives_a_checked_plan_at_or_above_the_bound(
        buffers in prop::collection::vec(buffer_strategy(), 0..40)
    ) {
        let problem = Problem::new(buffers).unwrap();
        let bound = lower_bound(&problem);
        let mut best_heuristic_total = u64::MAX;
        let mut search_total = u64::MAX;
        for planner in all_planners() {
            let plan = planner.plan(&problem);
            prop_assert_eq!(check_plan(&problem, &plan), Ok(()), "{}", planner.name());
            prop_assert!(plan.total >= bound, "{}: {} < {}", planner.name(), plan.total, bound);
            match planner.kind {
                PlannerKind::Search => search_total = plan.total,
                PlannerKind::Default => {}
                _ => best_heuristic_total = best_heuristic_total.min(plan.total),
            }
        }
        // The search starts from the best heuristic and never returns anything worse, when
        // its wall-clock cutoff (the budget, start plans included) does not cut the start
        // plans short as it may in a debug build: a wall far away here (small problems only,
        // to keep the test fast).
        let unhurried = search::Budget {
            work: 20_000,
            wall: std::time::Duration::from_secs(600),
        };
        if problem.len() <= 12 {
            let unhurried_total = search::plan(&problem, &unhurried).total;
            prop_assert!(unhurried_total <= best_heuristic_total);
        }
        prop_assert!(search_total >= bound);
    }

    #[test]
    fn valley_fill_gives_a_checked_plan_and_pairs_are_counted_exactly(
        buffers in prop::collection::vec(buffer_strategy(), 0..60)
    ) {
        let problem = Problem::new(buffers).unwrap();
        let plan = valley::plan_until(&problem, Deadline::NEVER);
        prop_assert_eq!(check_plan(&problem, &plan), Ok(()));
        prop_assert!(plan.total >= lower_bound(&problem));
        let b = problem.buffers();
        let pairs = (0..b.len())
            .flat_map(|i| (i + 1..b.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| b[i].overlaps_in_time(&b[j]))
            .count() as u64;
        prop_assert_eq!(greedy::overlapping_pairs(&problem), pairs);
    }

    #[test]
    fn checker_rejects_any_moved_buffer_that_collides(
        buffers in prop::collection::vec(buffer_strategy(), 2..20),
        victim in 0usize..20,
        shift in 1u64..64,
    ) {
        // Moving one buffer onto a live neighbour's bytes must be caught.
        let problem = Problem::new(buffers).unwrap();
        let mut plan = PlannerKind::BestFitStart.planner(SearchBudget::NONE).plan(&problem);
        let victim = victim % problem.len();
        let b = problem.buffers()[victim];
        let partner = (0..problem.len()).find(|&j| {
            j != victim && problem.aligned_size(j) > 0 && problem.aligned_size(victim) > 0
                && problem.buffers()[j].overlaps_in_time(&b)
        });
        if let Some(partner) = partner {
            let target = plan.offsets[partner] + (shift % problem.aligned_size(partner));
            let target = target - target % b.alignment;
            // Only a real collision: ranges intersect.
            let collides = target < plan.offsets[partner] + problem.aligned_size(partner)
                && plan.offsets[partner] < target + problem.aligned_size(victim);
            plan.offsets[victim] = target;
            plan.total = plan.total.max(target + problem.aligned_size(victim));
            if collides {
                prop_assert!(check_plan(&problem, &plan).is_err());
            }
        }
    }
}

#[test]
fn every_planner_cut_at_a_passed_deadline_still_gives_a_valid_plan() {
    let past = Deadline::at(std::time::Instant::now());
    let mut problems: Vec<Problem> = synth::Shape::ALL
        .iter()
        .map(|&shape| synth::shape_trace(shape, 300, 3).unwrap())
        .collect();
    // Above DEFAULT_SEARCH_LIMIT: the default planner's large-input path.
    problems.push(synth::shape_trace(synth::Shape::Random, 2100, 4).unwrap());
    for problem in &problems {
        for kind in PlannerKind::ALL {
            let plan = kind
                .planner(SearchBudget::from_millis(5))
                .plan_until(problem, past);
            check_plan(problem, &plan).unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert!(plan.total >= lower_bound(problem));
        }
    }
}

#[test]
fn without_a_deadline_plan_until_is_plan() {
    let problem = synth::dnn_trace(400, 2).unwrap();
    for kind in PlannerKind::ALL {
        let planner = kind.planner(SearchBudget::from_millis(3));
        if kind == PlannerKind::Search {
            continue; // its wall-clock cutoff may end it at another point
        }
        assert_eq!(
            planner.plan(&problem),
            planner.plan_until(&problem, Deadline::NEVER)
        );
    }
}

#[test]
fn default_planner_on_large_overlapping_inputs_is_valid_and_fast_path() {
    // Everything overlaps everything: best fit would scan n^2 pairs; the default planner
    // skips it and keeps the valley fill.
    for shape in [synth::Shape::LongLived, synth::Shape::Random] {
        let problem = synth::shape_trace(shape, 3000, 5).unwrap();
        let plan = default_plan(&problem);
        check_plan(&problem, &plan).unwrap();
        assert!(plan.total >= lower_bound(&problem));
    }
}

#[test]
fn valley_fill_is_at_least_as_good_as_the_bottom_left_fill_on_every_shape() {
    // The default planner's large-input fill against the one it replaced: the bound on the
    // shapes the bottom-left fill packs exactly, no larger on random ones.
    let mut problems: Vec<Problem> = synth::Shape::ALL
        .iter()
        .map(|&shape| synth::shape_trace(shape, 2500, 7).unwrap())
        .collect();
    problems.push(synth::dnn_trace(2500, 7).unwrap());
    for problem in &problems {
        let valley = valley::plan_until(problem, Deadline::NEVER);
        check_plan(problem, &valley).unwrap();
        let bottom_left = skyline::plan(
            problem,
            skyline::Choice::Duration,
            skyline::Fill::default(),
            None,
        );
        assert!(
            valley.total <= bottom_left.total,
            "{} > {}",
            valley.total,
            bottom_left.total
        );
    }
}

#[test]
fn complete_above_stacks_the_rest_over_a_partial_plan() {
    let problem = synth::shape_trace(synth::Shape::Random, 200, 6).unwrap();
    let full = skyline::plan(
        &problem,
        skyline::Choice::Size,
        skyline::Fill::default(),
        None,
    );
    // Keep the first half, re-place the other half on top.
    let rest: Vec<usize> = (100..200).collect();
    let plan = skyline::complete_above(&problem, full.offsets.clone(), &rest);
    check_plan(&problem, &plan).unwrap();
    assert_eq!(plan.offsets[..100], full.offsets[..100]);
    let kept_top = (0..100)
        .map(|i| full.offsets[i] + problem.aligned_size(i))
        .max()
        .unwrap();
    assert!(rest.iter().all(|&i| plan.offsets[i] >= kept_top));
}

#[test]
fn stack_above_gives_a_valid_plan_by_size_class() {
    let mut buffers: Vec<Buffer> = synth::shape_trace(synth::Shape::Random, 300, 8)
        .unwrap()
        .buffers()
        .to_vec();
    buffers[3] = buffers[3].with_alignment(256);
    buffers[7].size = 0;
    let problem = Problem::new(buffers).unwrap();
    let everything: Vec<usize> = (0..problem.len()).collect();
    let plan = deadline::stack_above(&problem, vec![0; problem.len()], &everything);
    check_plan(&problem, &plan).unwrap();
    // Half kept from a skyline plan, the rest stacked over it.
    let full = skyline::plan(
        &problem,
        skyline::Choice::Area,
        skyline::Fill::default(),
        None,
    );
    let plan = deadline::stack_above(&problem, full.offsets.clone(), &everything[150..]);
    check_plan(&problem, &plan).unwrap();
    assert_eq!(plan.offsets[..150], full.offsets[..150]);
}

#[test]
fn best_classic_at_the_bound_is_the_plan_all_heuristics_pick() {
    // Small traces (best fit scans the placed buffers) and larger ones (time index); the
    // heuristics after the first plan at the lower bound are skipped, the plan is the same.
    for (count, seed) in [(3, 0), (8, 1), (20, 2), (60, 3), (200, 4), (400, 5)] {
        let problem = synth::dnn_trace(count, seed).unwrap();
        let every = [
            PlannerKind::GreedyBreadth,
            PlannerKind::GreedySize,
            PlannerKind::SizeDuration,
            PlannerKind::BestFitStart,
            PlannerKind::FreeChunk,
        ]
        .map(|kind| kind.planner(SearchBudget::NONE).plan(&problem));
        let smallest = every
            .iter()
            .fold(None::<&Plan>, |best, plan| match best {
                Some(b) if b.total <= plan.total => Some(b),
                _ => Some(plan),
            })
            .unwrap();
        for plan in &every {
            assert_eq!(check_plan(&problem, plan), Ok(()));
        }
        assert_eq!(&best_classic(&problem, lower_bound(&problem)), smallest);
        assert_eq!(&best_classic(&problem, 0), smallest);
    }
}
