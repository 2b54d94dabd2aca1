//! Unit tests of the deallocation plan on hand-built and generated snapshots.

use std::collections::BTreeSet;

use super::*;
use crate::analysis::alias::AliasAnalysis;
use crate::analysis::dominance::DominanceInfo;
use crate::analysis::ownership;
use crate::analysis::root_liveness::RootLiveness;
use crate::analysis::snapshot::{BlockId, EffectKind, Effects, Snapshot, ValueId};
use crate::analysis::snapshot::{Effect, OpFacts, SnapshotBuilder, Successor, ValueKind};
use crate::analysis::uses::UseLists;

fn func_facts() -> OpFacts {
    OpFacts {
        is_automatic_allocation_scope: true,
        is_isolated_from_above: true,
        regions_have_ssa_dominance: true,
        ..OpFacts::default()
    }
}

fn alloc_facts(builder: &SnapshotBuilder, next_value: u32) -> OpFacts {
    let _ = builder;
    OpFacts {
        effects: Effects::Known(vec![Effect {
            kind: EffectKind::Allocate,
            value: Some(ValueId(next_value)),
            on_automatic_scope: false,
        }]),
        regions_have_ssa_dominance: true,
        ..OpFacts::default()
    }
}

fn branch(to: Vec<(BlockId, Vec<ValueId>)>) -> OpFacts {
    OpFacts {
        is_terminator: true,
        effects: Effects::Known(vec![]),
        successors: to
            .into_iter()
            .map(|(block, forwarded)| Successor {
                block,
                forwarded,
                produced: 0,
                mapping_known: true,
            })
            .collect(),
        ..OpFacts::default()
    }
}

fn return_facts() -> OpFacts {
    OpFacts {
        is_terminator: true,
        is_return_like: true,
        ..OpFacts::default()
    }
}

fn read_facts(value: ValueId) -> OpFacts {
    OpFacts {
        effects: Effects::Known(vec![Effect {
            kind: EffectKind::Read,
            value: Some(value),
            on_automatic_scope: false,
        }]),
        ..OpFacts::default()
    }
}

fn plan_of(snapshot: &Snapshot) -> Result<Plan, Vec<PlanError>> {
    let dominance = DominanceInfo::new(snapshot);
    let ownership = crate::analysis::ownership::compute(snapshot, &dominance);
    plan(snapshot, &dominance, &ownership, &[])
}

#[test]
fn a_buffer_leaving_an_op_without_region_semantics_is_refused() {
    let mut b = SnapshotBuilder::new("func.func", func_facts());
    let body = b.add_region(Snapshot::ROOT);
    let entry = b.add_block(body, &[]);
    let unknown = b.add_op(
        entry,
        "test.region_op",
        &[],
        &[],
        OpFacts {
            regions_have_ssa_dominance: true,
            ..OpFacts::default()
        },
    );
    let inner = b.add_region(unknown);
    let inner_block = b.add_block(inner, &[]);
    let next = b.snapshot().values.len() as u32;
    let facts = alloc_facts(&b, next);
    let alloc = b.add_op(
        inner_block,
        "memref.alloc",
        &[],
        &[ValueKind::RankedMemRef],
        facts,
    );
    let buffer = b.snapshot().op(alloc).results[0];
    let exit = b.add_op(
        inner_block,
        "test.region_terminator",
        &[buffer],
        &[],
        OpFacts {
            is_terminator: true,
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        },
    );
    b.add_op(
        entry,
        "func.return",
        &[],
        &[],
        OpFacts {
            is_terminator: true,
            is_return_like: true,
            ..OpFacts::default()
        },
    );
    let errors = plan_of(&b.finish()).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].op, exit);
    assert!(
        errors[0]
            .error
            .to_string()
            .contains("whose control flow is unknown"),
        "{}",
        errors[0].error.to_string()
    );
}

/// The plan of `snapshot` with roots' liveness found `mode`: clone-based,
/// or ownership-based with the merges `flaggable` accepts.
fn plan_in(
    snapshot: &Snapshot,
    mode: LivenessMode,
    flaggable: Option<&dyn Fn(ValueId) -> bool>,
) -> Result<Plan, Vec<PlanError>> {
    let dominance = DominanceInfo::new(snapshot);
    let ownership = crate::analysis::ownership::compute(snapshot, &dominance);
    let config = PlanConfig {
        liveness: mode,
        flaggable,
        ..PlanConfig::default()
    };
    plan_with(snapshot, &dominance, &ownership, &config)
}

/// Liveness per value ([`RootLiveness`]) gives the plan the per-root
/// walk gives, on random snapshots (CFGs with loops, nested regions,
/// unknown ops, graph regions) and on random CFGs of many blocks, where
/// merges of different roots from different blocks make some roots slow;
/// clone-based and ownership-based (every merge, or every other one, can
/// carry a flag: borrows make their merges and lenders slow).
#[test]
fn liveness_per_value_plans_as_per_root_on_random_snapshots() {
    use crate::analysis::testgen::{GenConfig, generate};
    let (mut planned, mut fast_roots, mut slow_roots) = (0, 0, 0);
    let mut borrows = 0;
    let configs = [
        GenConfig::default(),
        GenConfig::medium(),
        GenConfig::cfg_only(12),
    ];
    let all = |_: ValueId| true;
    let even = |v: ValueId| v.0.is_multiple_of(2);
    let modes: [Option<&dyn Fn(ValueId) -> bool>; 3] = [None, Some(&all), Some(&even)];
    for (c, config) in configs.iter().enumerate() {
        for (seed, flaggable) in (0..200).flat_map(|s| modes.iter().map(move |&f| (s, f))) {
            let snapshot = generate(seed * 7 + c as u64, config);
            let per_root = plan_in(&snapshot, LivenessMode::PerRoot, flaggable);
            let per_value = plan_in(&snapshot, LivenessMode::PerValue, flaggable);
            match (&per_root, &per_value) {
                (Ok(a), Ok(b)) => {
                    planned += 1;
                    borrows += a.borrows;
                    let what = format!(
                        "seed {seed}, config {c}, ownership-based: {}",
                        flaggable.is_some()
                    );
                    assert_eq!(a.erase, b.erase, "{what}");
                    assert_eq!(a.clones, b.clones, "{what}");
                    assert_eq!(a.moves, b.moves, "{what}");
                    assert_eq!(a.frees, b.frees, "{what}");
                    assert_eq!(a.splits, b.splits, "{what}");
                    assert_eq!(a.decisions, b.decisions, "{what}");
                    assert_eq!(a.owns, b.owns, "{what}");
                    assert_eq!(a.borrows, b.borrows, "{what}");
                    assert_eq!(a.borrowed, b.borrowed, "{what}");
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "seed {seed}, config {c}"),
                _ => panic!("seed {seed}, config {c}: {per_root:?} vs {per_value:?}"),
            }
            let dominance = DominanceInfo::new(&snapshot);
            let ownership = crate::analysis::ownership::compute(&snapshot, &dominance);
            let fast = RootLiveness::new(
                &snapshot,
                &dominance,
                &ownership,
                &BTreeSet::new(),
                &UseLists::new(&snapshot),
                &BTreeSet::new(),
            );
            for root in ownership.owned_roots() {
                if fast.is_fast(root) {
                    fast_roots += 1;
                } else {
                    slow_roots += 1;
                }
            }
        }
    }
    // Most snapshots get a plan, with roots of both kinds.
    assert!(planned > 900, "{planned} plans");
    assert!(borrows > 100, "{borrows} borrows");
    assert!(fast_roots > 300, "{fast_roots} fast roots");
    assert!(slow_roots > 300, "{slow_roots} slow roots");
}

/// The block chain (`utils/gen_block_chain.py`) at 64
/// blocks: block k allocates `%mk`, reads its argument `%ak` and passes
/// `%mk` or `%ak` to block k+1 through one conditional branch. Root sets
/// are wide, nothing borrows, so both modes find every root's liveness
/// from its aliases' own ranges (the per-root walk is quadratic here), and
/// every allocation is freed in the last block.
#[test]
fn the_block_chain_needs_no_per_root_walk_in_either_mode() {
    const N: usize = 64;
    let mut b = SnapshotBuilder::new("func.func", func_facts());
    let body = b.add_region(Snapshot::ROOT);
    let entry = b.add_block(body, &[ValueKind::Other, ValueKind::RankedMemRef]);
    let blocks: Vec<BlockId> = (0..=N)
        .map(|_| b.add_block(body, &[ValueKind::RankedMemRef]))
        .collect();
    let cond = b.snapshot().block(entry).args[0];
    let init = b.snapshot().block(entry).args[1];
    b.add_op(
        entry,
        "cf.br",
        &[init],
        &[],
        branch(vec![(blocks[0], vec![init])]),
    );
    let mut allocs = Vec::new();
    for k in 0..N {
        let arg = b.snapshot().block(blocks[k]).args[0];
        let next = b.snapshot().values.len() as u32;
        let f = alloc_facts(&b, next);
        let a = b.add_op(
            blocks[k],
            "memref.alloc",
            &[],
            &[ValueKind::RankedMemRef],
            f,
        );
        let m = b.snapshot().op(a).results[0];
        allocs.push(m);
        b.add_op(blocks[k], "read", &[arg], &[], read_facts(arg));
        b.add_op(
            blocks[k],
            "cf.cond_br",
            &[cond, m, arg],
            &[],
            branch(vec![(blocks[k + 1], vec![m]), (blocks[k + 1], vec![arg])]),
        );
    }
    let last = b.snapshot().block(blocks[N]).args[0];
    let read = b.add_op(blocks[N], "read", &[last], &[], read_facts(last));
    b.add_op(blocks[N], "func.return", &[], &[], return_facts());
    let snapshot = b.finish();
    let all = |_: ValueId| true;
    for flaggable in [None, Some(&all as &dyn Fn(ValueId) -> bool)] {
        let plan = plan_in(&snapshot, LivenessMode::Auto, flaggable).unwrap();
        assert_eq!(plan.walked_roots, 0);
        assert_eq!((plan.borrows, plan.moves), (0, 0));
        assert!(plan.clones.is_empty() && plan.splits.is_empty());
        let mut expected: Vec<(ValueId, FreeAt)> =
            allocs.iter().map(|&m| (m, FreeAt::After(read))).collect();
        expected.sort();
        assert_eq!(plan.frees, expected);
    }
}

/// Seed @branch: both buffers reaching the join are moved, %0 is freed
/// at the start of the branch that does not use it, the join's argument
/// after its use.
#[test]
fn branch_example_moves_both_buffers() {
    let mut b = SnapshotBuilder::new("func.func", func_facts());
    let body = b.add_region(Snapshot::ROOT);
    let bb0 = b.add_block(body, &[ValueKind::Other]);
    let bb1 = b.add_block(body, &[]);
    let bb2 = b.add_block(body, &[]);
    let bb3 = b.add_block(body, &[ValueKind::RankedMemRef]);
    let next = b.snapshot().values.len() as u32;
    let f = alloc_facts(&b, next);
    let a0 = b.add_op(bb0, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
    let v0 = b.snapshot().op(a0).results[0];
    let cond = b.snapshot().block(bb0).args[0];
    b.add_op(
        bb0,
        "cf.cond_br",
        &[cond],
        &[],
        branch(vec![(bb1, vec![]), (bb2, vec![])]),
    );
    let next = b.snapshot().values.len() as u32;
    let f = alloc_facts(&b, next);
    let a1 = b.add_op(bb1, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
    let v1 = b.snapshot().op(a1).results[0];
    b.add_op(bb1, "cf.br", &[v1], &[], branch(vec![(bb3, vec![v1])]));
    let read = read_facts(v0);
    let use0 = b.add_op(bb2, "use", &[v0], &[], read);
    b.add_op(bb2, "cf.br", &[v0], &[], branch(vec![(bb3, vec![v0])]));
    let join = b.snapshot().block(bb3).args[0];
    let read = read_facts(join);
    let use2 = b.add_op(bb3, "use", &[join], &[], read);
    b.add_op(bb3, "func.return", &[], &[], return_facts());
    let plan = plan_of(&b.finish()).unwrap();
    assert_eq!(plan.moves, 2);
    assert!(plan.clones.is_empty());
    assert!(plan.splits.is_empty());
    assert_eq!(
        plan.frees,
        vec![(join, FreeAt::After(use2)), (v0, FreeAt::StartOf(bb1))]
    );
    let _ = use0;
}

/// A block argument fed an allocation on one path and a function
/// argument on the other: clone-based mode clones the argument;
/// ownership-based mode borrows it (no clone), moves the allocation, and
/// the merge's ownership is dynamic.
#[test]
fn a_function_argument_is_borrowed_not_cloned_with_flags() {
    let mut b = SnapshotBuilder::new("func.func", func_facts());
    let body = b.add_region(Snapshot::ROOT);
    let bb0 = b.add_block(body, &[ValueKind::Other, ValueKind::RankedMemRef]);
    let bb1 = b.add_block(body, &[]);
    let bb2 = b.add_block(body, &[]);
    let bb3 = b.add_block(body, &[ValueKind::RankedMemRef]);
    let cond = b.snapshot().block(bb0).args[0];
    let arg = b.snapshot().block(bb0).args[1];
    b.add_op(
        bb0,
        "cf.cond_br",
        &[cond],
        &[],
        branch(vec![(bb1, vec![]), (bb2, vec![])]),
    );
    let next = b.snapshot().values.len() as u32;
    let f = alloc_facts(&b, next);
    let a = b.add_op(bb1, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
    let va = b.snapshot().op(a).results[0];
    b.add_op(bb1, "cf.br", &[va], &[], branch(vec![(bb3, vec![va])]));
    b.add_op(bb2, "cf.br", &[arg], &[], branch(vec![(bb3, vec![arg])]));
    let join = b.snapshot().block(bb3).args[0];
    let read = read_facts(join);
    let use_join = b.add_op(bb3, "use", &[join], &[], read);
    b.add_op(bb3, "func.return", &[], &[], return_facts());
    let snapshot = b.finish();
    let dominance = DominanceInfo::new(&snapshot);
    let ownership = crate::analysis::ownership::compute(&snapshot, &dominance);

    let cloned = plan(&snapshot, &dominance, &ownership, &[]).unwrap();
    assert_eq!(cloned.clones.len(), 1);
    assert_eq!(cloned.clones[0].value, arg);

    let all = |_: ValueId| true;
    let config = PlanConfig {
        refused: &[],
        flaggable: Some(&all),
        flagged_calls: None,
        returns_flags: false,
        liveness: LivenessMode::Auto,
    };
    let owned = plan_with(&snapshot, &dominance, &ownership, &config).unwrap();
    assert!(owned.clones.is_empty() && owned.splits.is_empty());
    assert_eq!(owned.borrows, 1);
    assert_eq!(owned.moves, 1);
    assert_eq!(owned.owns.get(&join), Some(&Owns::Dynamic));
    let handover = |v: ValueId| {
        owned
            .decisions
            .iter()
            .find(|d| d.value == v)
            .map(|d| d.handover)
    };
    assert_eq!(handover(arg), Some(Handover::Borrow));
    assert_eq!(handover(va), Some(Handover::Move(va)));
    assert_eq!(owned.frees, vec![(join, FreeAt::After(use_join))]);
}

/// A buffer a bufferization.dealloc frees that the pass would own too (a
/// critical merge of buffers allocated in the branches) is refused at the
/// dealloc. The backward closure of dealloc operands never leaves such a
/// merge unhandled while its inputs are, so the marks are made by hand.
#[test]
fn a_dealloc_freeing_a_buffer_the_pass_owns_is_refused() {
    let mut b = SnapshotBuilder::new("func.func", func_facts());
    let body = b.add_region(Snapshot::ROOT);
    let bb0 = b.add_block(body, &[ValueKind::Other]);
    let bb1 = b.add_block(body, &[]);
    let bb2 = b.add_block(body, &[]);
    let bb3 = b.add_block(body, &[ValueKind::RankedMemRef]);
    let cond = b.snapshot().block(bb0).args[0];
    b.add_op(
        bb0,
        "cf.cond_br",
        &[cond],
        &[],
        branch(vec![(bb1, vec![]), (bb2, vec![])]),
    );
    for block in [bb1, bb2] {
        let next = b.snapshot().values.len() as u32;
        let f = alloc_facts(&b, next);
        let alloc = b.add_op(block, "memref.alloc", &[], &[ValueKind::RankedMemRef], f);
        let v = b.snapshot().op(alloc).results[0];
        b.add_op(block, "cf.br", &[v], &[], branch(vec![(bb3, vec![v])]));
    }
    let merge = b.snapshot().block(bb3).args[0];
    let dealloc = b.add_op(
        bb3,
        crate::analysis::allocs::OWNERSHIP_BASED_DEALLOC,
        &[merge, cond],
        &[],
        OpFacts {
            regions_have_ssa_dominance: true,
            ..OpFacts::default()
        },
    );
    b.add_op(
        bb3,
        "func.return",
        &[],
        &[],
        OpFacts {
            is_terminator: true,
            is_return_like: true,
            ..OpFacts::default()
        },
    );
    let snapshot = b.finish();
    let dominance = DominanceInfo::new(&snapshot);
    let alias = AliasAnalysis::new(&snapshot);
    let mut handled = vec![false; snapshot.values.len()];
    handled[merge.index()] = true;
    let ownership = ownership::compute_with_handled(&snapshot, &dominance, alias.flow(), &handled);
    assert!(ownership.is_owned_root(merge));
    let errors = check_handled(&snapshot, &ownership, &alias, &handled).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].op, dealloc);
    // With the marks the pass computes (the merge and both allocations),
    // nothing is owned and nothing is refused.
    let handled = handled_by_ownership_deallocs(&snapshot, &alias);
    let ownership = ownership::compute_with_handled(&snapshot, &dominance, alias.flow(), &handled);
    assert!(ownership.owned_roots().next().is_none());
    assert!(check_handled(&snapshot, &ownership, &alias, &handled).is_ok());
}
