//! Unit tests of the exact search's driver and restart schedules: the Luby sequence, the
//! decision on problems without bytes, a zero budget.

use std::time::Duration;

use super::{
    restarts::{Restart, Schedule, luby},
    *,
};
use crate::plan::{Buffer, Plan, Problem, check_plan};

#[test]
fn restart_schedules() {
    let luby: Vec<Restart> = (0..8)
        .map(|i| Schedule::Luby.restart(i, &PORTFOLIO))
        .collect();
    let scales: Vec<u64> = luby.iter().map(|r| r.scale).collect();
    assert_eq!(scales, [1, 1, 2, 1, 1, 2, 4, 1]);
    // The plain rankings once, then jittered ones with the restart as seed; first fail.
    assert!(luby[..4].iter().all(|r| r.jitter.is_none()));
    assert_eq!(luby[5].jitter, Some(5));
    assert_eq!(luby[5].ranking, PORTFOLIO[1]);
    assert!(luby.iter().all(|r| r.first_fail));
    let doubling: Vec<Restart> = (0..10)
        .map(|i| Schedule::Doubling.restart(i, &PORTFOLIO))
        .collect();
    let scales: Vec<u64> = doubling.iter().map(|r| r.scale).collect();
    assert_eq!(scales, [1, 1, 1, 1, 2, 2, 2, 2, 4, 4]);
    assert!(doubling.iter().all(|r| r.jitter.is_none() && !r.first_fail));
    assert_eq!(doubling[9].ranking, PORTFOLIO[1]);
}

#[test]
fn fit_answers_for_problems_without_bytes() {
    let budget = Budget::from_millis(10);
    let empty = Problem::new(Vec::new()).unwrap();
    assert!(matches!(fit(&empty, 0, &budget, &PORTFOLIO), Fit::Found(p) if p.total == 0));
    let zeros = Problem::new(vec![Buffer::new(0, 0, 3), Buffer::new(0, 1, 2)]).unwrap();
    match fit(&zeros, 0, &budget, &PORTFOLIO) {
        Fit::Found(plan) => {
            check_plan(&zeros, &plan).unwrap();
            assert_eq!(plan.total, 0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn luby_sequence_starts_as_expected() {
    let first: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

#[test]
fn zero_budget_returns_the_incumbent() {
    let problem = Problem::new(vec![Buffer::new(2, 0, 1), Buffer::new(2, 1, 2)]).unwrap();
    let incumbent = Plan {
        offsets: vec![0, 8],
        total: 10,
    };
    let plan = improve(
        &problem,
        incumbent.clone(),
        &Budget {
            work: 0,
            wall: Duration::ZERO,
        },
        &[Ranking::Duration],
    );
    assert_eq!(plan, incumbent);
}
