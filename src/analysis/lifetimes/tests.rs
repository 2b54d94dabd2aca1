//! Unit tests of the lifetimes: hand-built examples, properties on generated
//! snapshots, soundness against a random interpreter, and agreement with the
//! per-(use, allocation) definition.

use super::*;
use crate::analysis::snapshot::RegionTarget;
use crate::analysis::snapshot::{
    Effect, EffectKind, OpFacts, RegionBranchInfo, RegionEdge, RegionId, SnapshotBuilder,
    Successor, ValueKind,
};
use crate::analysis::testgen::{self, GenConfig};
use proptest::prelude::*;

const BUF: ValueKind = ValueKind::RankedMemRef;

fn facts() -> OpFacts {
    OpFacts {
        regions_have_ssa_dominance: true,
        effects: Effects::Known(vec![]),
        ..OpFacts::default()
    }
}
fn root() -> (SnapshotBuilder, RegionId, BlockId) {
    let mut b = SnapshotBuilder::new(
        "func.func",
        OpFacts {
            is_automatic_allocation_scope: true,
            is_isolated_from_above: true,
            ..facts()
        },
    );
    let r = b.add_region(Snapshot::ROOT);
    let b0 = b.add_block(r, &[]);
    (b, r, b0)
}
fn alloc(b: &mut SnapshotBuilder, blk: BlockId) -> ValueId {
    let op = b.add_op(blk, "memref.alloc", &[], &[BUF], facts());
    let r = b.snapshot().op(op).results[0];
    b.facts_mut(op).effects = Effects::Known(vec![Effect {
        kind: EffectKind::Allocate,
        value: Some(r),
        on_automatic_scope: false,
    }]);
    r
}
fn use_(b: &mut SnapshotBuilder, blk: BlockId, v: ValueId) -> OpId {
    let e = Effect {
        kind: EffectKind::Read,
        value: Some(v),
        on_automatic_scope: false,
    };
    b.add_op(
        blk,
        "test.use",
        &[v],
        &[],
        OpFacts {
            effects: Effects::Known(vec![e]),
            ..facts()
        },
    )
}
fn yield_(
    b: &mut SnapshotBuilder,
    blk: BlockId,
    edges: Vec<RegionEdge>,
    operands: &[ValueId],
) -> OpId {
    b.add_op(
        blk,
        "scf.yield",
        operands,
        &[],
        OpFacts {
            is_terminator: true,
            is_return_like: true,
            terminator_edges: edges,
            ..facts()
        },
    )
}
fn ret(b: &mut SnapshotBuilder, blk: BlockId, operands: &[ValueId]) -> OpId {
    b.add_op(
        blk,
        "func.return",
        operands,
        &[],
        OpFacts {
            is_terminator: true,
            is_return_like: true,
            ..facts()
        },
    )
}
/// A for-like op with one single-block body region (no iter args).
fn for_op(b: &mut SnapshotBuilder, blk: BlockId) -> (OpId, RegionId, BlockId) {
    let op = b.add_op(
        blk,
        "scf.for",
        &[],
        &[],
        OpFacts {
            is_loop_like: true,
            is_automatic_allocation_scope: true,
            has_recursive_effects: true,
            ..facts()
        },
    );
    let r = b.add_region(op);
    let body = b.add_block(r, &[ValueKind::Other]);
    b.facts_mut(op).region_branch = Some(RegionBranchInfo {
        entry_edges: RegionEdge::into_region_or_out(r, vec![], vec![], vec![]),
    });
    (op, r, body)
}
fn loop_yield(b: &mut SnapshotBuilder, body: BlockId, r: RegionId) {
    yield_(
        b,
        body,
        RegionEdge::into_region_or_out(r, vec![], vec![], vec![]),
        &[],
    );
}
fn run(s: &Snapshot) -> Lifetimes {
    let aa = AliasAnalysis::new(s);
    Lifetimes::new(s, &aa)
}
fn span(l: &Lifetimes, v: ValueId) -> (u32, u32) {
    let a = l.get(v).unwrap();
    (a.begin, a.end)
}

/// The two examples of seed 003.
#[test]
fn seed_examples() {
    let (mut b, _r, b0) = root();
    let e = alloc(&mut b, b0); // 1
    let f = alloc(&mut b, b0); // 2
    let (l1, r1, body1) = for_op(&mut b, b0); // 3
    use_(&mut b, body1, e); // 4
    use_(&mut b, body1, f); // 5
    loop_yield(&mut b, body1, r1); // 6, end 7
    let (l2, r2, body2) = for_op(&mut b, b0); // 8
    let g = alloc(&mut b, body2); // 9
    let h = alloc(&mut b, body2); // 10
    use_(&mut b, body2, g); // 11
    use_(&mut b, body2, h); // 12
    loop_yield(&mut b, body2, r2); // 13, end 14
    ret(&mut b, b0, &[]); // 15, root end 16
    let s = b.finish();
    let l = run(&s);
    assert_eq!(l.ticks().begin(l1), 3);
    assert_eq!(l.ticks().end(l1), 7);
    assert_eq!(l.ticks().end(Snapshot::ROOT), 16);
    assert_eq!(span(&l, e), (3, 7));
    assert_eq!(span(&l, f), (3, 7));
    assert_eq!(span(&l, g), (11, 11));
    assert_eq!(span(&l, h), (12, 12));
    assert!(!l.get(g).unwrap().overlaps(l.get(h).unwrap()));
    assert!(l.get(e).unwrap().overlaps(l.get(f).unwrap()));
    for v in [e, f, g, h] {
        assert_eq!(l.get(v).unwrap().scope_op, Snapshot::ROOT);
        assert!(!l.get(v).unwrap().escape.any());
    }
    assert_eq!(l.get(g).unwrap().scope_block, b0);
    // A loop whose iterations may overlap is its own scope.
    let mut s = s;
    s.ops[l2.index()].name = "scf.forall".into();
    let l = run(&s);
    assert_eq!(l.get(g).unwrap().scope_op, l2);
    assert_eq!(l.get(g).unwrap().scope_block, body2);
    assert_eq!(l.get(e).unwrap().scope_op, Snapshot::ROOT);
    assert_eq!(l.by_scope().len(), 2);
}

/// Widening applies through every enclosing loop/branch, not only the
/// innermost one.
#[test]
fn nested_if_in_loop() {
    let (mut b, _r, b0) = root();
    let a = alloc(&mut b, b0); // 1
    let (_l, r, body) = for_op(&mut b, b0); // 2
    let bb = alloc(&mut b, body); // 3
    let ifop = b.add_op(
        body,
        "scf.if",
        &[],
        &[],
        OpFacts {
            has_recursive_effects: true,
            ..facts()
        },
    ); // 4
    let mut entry = vec![];
    let rthen = b.add_region(ifop);
    let bthen = b.add_block(rthen, &[]);
    use_(&mut b, bthen, a); // 5
    use_(&mut b, bthen, bb); // 6
    yield_(
        &mut b,
        bthen,
        vec![RegionEdge {
            target: RegionTarget::Parent,
            forwarded: vec![],
            inputs: vec![],
        }],
        &[],
    ); // 7
    let relse = b.add_region(ifop);
    let belse = b.add_block(relse, &[]);
    yield_(
        &mut b,
        belse,
        vec![RegionEdge {
            target: RegionTarget::Parent,
            forwarded: vec![],
            inputs: vec![],
        }],
        &[],
    ); // 8
    for rr in [rthen, relse] {
        entry.push(RegionEdge {
            target: RegionTarget::Region(rr),
            forwarded: vec![],
            inputs: vec![],
        });
    }
    b.facts_mut(ifop).region_branch = Some(RegionBranchInfo { entry_edges: entry }); // end 9
    use_(&mut b, body, bb); // 10
    loop_yield(&mut b, body, r); // 11, end 12
    ret(&mut b, b0, &[]); // 13
    let s = b.finish();
    let l = run(&s);
    assert_eq!(span(&l, a), (2, 12));
    assert_eq!(span(&l, bb), (4, 10));
}

#[test]
fn cfg_region_widening_and_escapes() {
    let (mut b, r, b0) = root();
    let b1 = b.add_block(r, &[]);
    let b2 = b.add_block(r, &[]);
    let b3 = b.add_block(r, &[BUF]);
    let br = |t: BlockId, fw: Vec<ValueId>| Successor {
        block: t,
        forwarded: fw,
        produced: 0,
        mapping_known: true,
    };
    let a = alloc(&mut b, b0); // 1
    let c = alloc(&mut b, b0); // 2
    use_(&mut b, b0, c); // 3
    b.add_op(
        b0,
        "cf.cond_br",
        &[],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b1, vec![]), br(b2, vec![])],
            ..facts()
        },
    ); // 4
    use_(&mut b, b1, a); // 5
    b.add_op(
        b1,
        "cf.br",
        &[a],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b3, vec![a])],
            ..facts()
        },
    ); // 6
    let d = alloc(&mut b, b2); // 7
    use_(&mut b, b2, d); // 8
    b.add_op(
        b2,
        "cf.br",
        &[d],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b3, vec![d])],
            ..facts()
        },
    ); // 9
    let x = b.snapshot().block(b3).args[0];
    ret(&mut b, b3, &[x]); // 10
    let s = b.finish();
    let l = run(&s);
    assert_eq!(span(&l, a), (1, 10));
    assert_eq!(span(&l, c), (3, 3));
    assert_eq!(span(&l, d), (8, 8));
    assert!(l.get(a).unwrap().escape.returned);
    assert!(l.get(d).unwrap().escape.returned);
    assert!(!l.get(c).unwrap().escape.any());
}

#[test]
fn escapes_yield_call_unknown_loop_carried_and_scope() {
    let (mut b, r, b0) = root();
    let b1 = b.add_block(r, &[BUF]);
    let b2 = b.add_block(r, &[]);
    // yielded from an if-like with one result
    let ifop = b.add_op(b0, "scf.execute_region", &[], &[BUF], facts());
    let res = b.snapshot().op(ifop).results[0];
    let rr = b.add_region(ifop);
    let rb = b.add_block(rr, &[]);
    let y = alloc(&mut b, rb);
    yield_(
        &mut b,
        rb,
        vec![RegionEdge {
            target: RegionTarget::Parent,
            forwarded: vec![y],
            inputs: vec![res],
        }],
        &[y],
    );
    b.facts_mut(ifop).region_branch = Some(RegionBranchInfo {
        entry_edges: vec![RegionEdge {
            target: RegionTarget::Region(rr),
            forwarded: vec![],
            inputs: vec![],
        }],
    });
    // a scope op that is not loop-like
    let sc = b.add_op(
        b0,
        "test.scope",
        &[],
        &[],
        OpFacts {
            is_automatic_allocation_scope: true,
            ..facts()
        },
    );
    let sr = b.add_region(sc);
    let sb = b.add_block(sr, &[]);
    let inner = alloc(&mut b, sb);
    use_(&mut b, sb, inner);
    yield_(&mut b, sb, vec![], &[]);
    let cl = alloc(&mut b, b0);
    b.add_op(
        b0,
        "func.call",
        &[cl],
        &[],
        OpFacts {
            is_call: true,
            effects: Effects::Unknown,
            ..facts()
        },
    );
    let un = alloc(&mut b, b0);
    b.add_op(
        b0,
        "test.unknown",
        &[un],
        &[],
        OpFacts {
            effects: Effects::Unknown,
            ..facts()
        },
    );
    let lc = alloc(&mut b, b0);
    let br = |t: BlockId, fw: Vec<ValueId>| Successor {
        block: t,
        forwarded: fw,
        produced: 0,
        mapping_known: true,
    };
    b.add_op(
        b0,
        "cf.br",
        &[lc],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b1, vec![lc])],
            ..facts()
        },
    );
    let arg = b.snapshot().block(b1).args[0];
    let n = alloc(&mut b, b1);
    use_(&mut b, b1, arg);
    b.add_op(
        b1,
        "cf.cond_br",
        &[n],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b1, vec![n]), br(b2, vec![])],
            ..facts()
        },
    );
    ret(&mut b, b2, &[]);
    let s = b.finish();
    let l = run(&s);
    let esc = |v| l.get(v).unwrap().escape;
    assert!(esc(y).yielded && !esc(y).returned);
    assert!(esc(cl).call);
    assert!(esc(un).unknown_op);
    assert!(esc(n).loop_carried);
    assert!(!esc(lc).loop_carried); // forwarded into the loop, not around it
    assert!(esc(lc) == Escape::default());
    assert!(!esc(inner).any());
    assert_eq!(l.get(inner).unwrap().scope_op, sc);
    assert_eq!(l.get(inner).unwrap().scope_block, sb);
    assert_eq!(l.get(y).unwrap().scope_op, Snapshot::ROOT);
}

/// Properties on generated snapshots: intervals cover every use and
/// every widened enclosing op; escape flags agree with forward closures.
fn check(s: &Snapshot) {
    let aa = AliasAnalysis::new(s);
    let l = Lifetimes::new(s, &aa);
    let t = l.ticks();
    // Ticks: strictly increasing pre-order, nested inside parents.
    for (o, op) in s.ops.iter().enumerate() {
        let o = OpId(o as u32);
        assert!(t.begin(o) <= t.end(o));
        if let Some(b) = op.parent_block {
            let p = s.parent_op_of_block(b);
            assert!(t.begin(p) < t.begin(o) && t.end(o) < t.end(p));
        }
    }
    for al in l.allocations() {
        let deps = aa.dependents(al.value);
        let mut any_use = false;
        let mut returned = false;
        for (o, op) in s.ops.iter().enumerate() {
            let u = OpId(o as u32);
            if op.operands.iter().any(|v| deps.binary_search(v).is_ok()) {
                if op.facts.is_return_like && op.facts.is_terminator {
                    let b = op.parent_block.unwrap();
                    returned |= s.op(Snapshot::ROOT).regions.contains(&s.block(b).region);
                }
                if matches!(&op.facts.effects, Effects::Known(e) if e.is_empty()) {
                    continue;
                }
                any_use = true;
                assert!(
                    al.begin <= t.begin(u) && t.end(u) <= al.end,
                    "use {u:?} of {:?}",
                    al.value
                );
                // Every enclosing widening op that does not contain the
                // allocation is covered.
                let mut cur = u;
                while let Some(b) = s.op(cur).parent_block {
                    let p = s.parent_op_of_block(b);
                    if t.contains(p, al.op) {
                        break;
                    }
                    if widens(s, p) {
                        assert!(al.begin <= t.begin(p) && t.end(p) <= al.end);
                    }
                    cur = p;
                }
            }
        }
        assert_eq!(any_use, al.has_uses);
        assert_eq!(returned, al.escape.returned, "{:?}", al.value);
    }
}

/// A random interpreter of snapshots: executes the body with random
/// branch and region-edge choices, tracking which allocation instance
/// each buffer value holds, and records dynamic uses. It is the ground
/// truth for the soundness property below.
struct Interp<'s> {
    s: &'s Snapshot,
    l: &'s Lifetimes,
    rng: testgen::Rng,
    val: Vec<Option<u32>>,
    inst_alloc: Vec<usize>,
    /// (instance, dynamic time) of every memory-touching use.
    events: Vec<(u32, u64)>,
    time: u64,
    budget: u64,
    abort: bool,
}

impl<'s> Interp<'s> {
    fn assign(&mut self, fw: &[ValueId], inputs: &[ValueId]) {
        let vals: Vec<Option<u32>> = inputs
            .iter()
            .enumerate()
            .map(|(i, _)| fw.get(i).and_then(|v| self.val[v.index()]))
            .collect();
        for (inp, v) in inputs.iter().zip(vals) {
            self.val[inp.index()] = v;
        }
    }
    fn any_operand(&mut self, op: OpId) -> Option<u32> {
        let ops: Vec<Option<u32>> = self
            .s
            .op(op)
            .operands
            .iter()
            .map(|v| self.val[v.index()])
            .collect();
        if ops.is_empty() {
            None
        } else {
            ops[self.rng.below(ops.len())]
        }
    }
    fn run_region(&mut self, r: RegionId) -> Option<OpId> {
        let mut b = self.s.entry_block(r)?;
        loop {
            let ops = self.s.block(b).ops.clone();
            for &o in &ops {
                self.exec(o);
                if self.abort {
                    return None;
                }
            }
            let last = *ops.last()?;
            let succs = &self.s.op(last).facts.successors;
            if succs.is_empty() {
                return Some(last);
            }
            let succ = succs[self.rng.below(succs.len())].clone();
            let args = self.s.block(succ.block).args.clone();
            if succ.mapping_known {
                let p = succ.produced as usize;
                let fw: Vec<Option<u32>> =
                    succ.forwarded.iter().map(|v| self.val[v.index()]).collect();
                for (i, &a) in args.iter().enumerate() {
                    self.val[a.index()] = if i < p {
                        None
                    } else {
                        fw.get(i - p).copied().flatten()
                    };
                }
            } else {
                for &a in &args {
                    let v = self.any_operand(last);
                    self.val[a.index()] = v;
                }
            }
            b = succ.block;
        }
    }
    fn exec(&mut self, o: OpId) {
        self.time += 1;
        if self.time > self.budget {
            self.abort = true;
            return;
        }
        let op = self.s.op(o);
        let touches = !matches!(&op.facts.effects, Effects::Known(e) if e.is_empty());
        if touches {
            for v in &op.operands {
                if let Some(i) = self.val[v.index()] {
                    self.events.push((i, self.time));
                }
            }
        }
        let mut done = vec![false; op.results.len()];
        for (k, &r) in op.results.iter().enumerate() {
            if let Some(al) = self.l.get(r) {
                let _ = al;
                self.val[r.index()] = Some(self.inst_alloc.len() as u32);
                self.inst_alloc.push(self.l.index[r.index()] as usize);
                done[k] = true;
            }
        }
        if let (Some(src), Some(&r0)) = (op.facts.view_source, op.results.first())
            && !done[0]
        {
            self.val[r0.index()] = self.val[src.index()];
            done[0] = true;
        }
        if let Some(rb) = op.facts.region_branch.clone() {
            for d in done.iter_mut() {
                *d = true;
            }
            if rb.entry_edges.is_empty() {
                return;
            }
            let mut e = rb.entry_edges[self.rng.below(rb.entry_edges.len())].clone();
            let mut trips = 0;
            loop {
                self.assign(&e.forwarded, &e.inputs);
                let RegionTarget::Region(r) = e.target else {
                    break;
                };
                let Some(t) = self.run_region(r) else { return };
                let edges = self.s.op(t).facts.terminator_edges.clone();
                if edges.is_empty() {
                    break;
                }
                trips += 1;
                let parent: Vec<&RegionEdge> = edges
                    .iter()
                    .filter(|e| e.target == RegionTarget::Parent)
                    .collect();
                e = if trips > 3 && !parent.is_empty() {
                    parent[0].clone()
                } else {
                    edges[self.rng.below(edges.len())].clone()
                };
            }
        } else if !op.regions.is_empty() {
            for &r in &op.regions.clone() {
                for _ in 0..self.rng.below(3) {
                    self.run_region(r);
                    if self.abort {
                        return;
                    }
                }
            }
        }
        let results = self.s.op(o).results.clone();
        for (k, &r) in results.iter().enumerate() {
            if !done[k] && self.s.value(r).kind.is_buffer() {
                let v = self.any_operand(o);
                self.val[r.index()] = v;
            }
        }
    }
}

/// Soundness: two dynamic allocation instances of non-escaping
/// allocations in the same scope whose memory merge-alloc would share
/// (same allocation, or disjoint tick intervals) are never in use at
/// the same time in any random execution.
fn check_soundness(s: &Snapshot, seed: u64) {
    let aa = AliasAnalysis::new(s);
    let l = Lifetimes::new(s, &aa);
    for run in 0..4u64 {
        let mut it = Interp {
            s,
            l: &l,
            rng: testgen::Rng::new(seed.wrapping_mul(31).wrapping_add(run)),
            val: vec![None; s.values.len()],
            inst_alloc: vec![],
            events: vec![],
            time: 0,
            budget: 3000,
            abort: false,
        };
        let root_region = s.op(Snapshot::ROOT).regions[0];
        it.run_region(root_region);
        let n = it.inst_alloc.len();
        let mut range = vec![(u64::MAX, 0u64); n];
        for &(i, t) in &it.events {
            let r = &mut range[i as usize];
            r.0 = r.0.min(t);
            r.1 = r.1.max(t);
        }
        let live: Vec<usize> = (0..n)
            .filter(|&i| range[i].0 != u64::MAX && !l.allocs[it.inst_alloc[i]].escape.any())
            .collect();
        for (x, &i) in live.iter().enumerate() {
            for &j in &live[x + 1..] {
                let (a, b) = (&l.allocs[it.inst_alloc[i]], &l.allocs[it.inst_alloc[j]]);
                if a.scope_op != b.scope_op {
                    continue;
                }
                let shared = a.value == b.value || !a.overlaps(b);
                let dyn_overlap = range[i].0 <= range[j].1 && range[j].0 <= range[i].1;
                assert!(
                    !(shared && dyn_overlap),
                    "instances of {:?} [{},{}] and {:?} [{},{}] overlap at runtime {:?} {:?}",
                    a.value,
                    a.begin,
                    a.end,
                    b.value,
                    b.begin,
                    b.end,
                    range[i],
                    range[j]
                );
            }
        }
    }
}

/// Block order is not execution order: bb0 -> bb2 -> bb1. Without the
/// CFG-region rule, %a ([use in bb1, use in bb2]) and %b (used after
/// %a's use in bb2) would get disjoint intervals, yet %a is used again
/// in bb1 after %b.
#[test]
fn cfg_layout_order_is_not_execution_order() {
    let (mut b, r, b0) = root();
    let b1 = b.add_block(r, &[]);
    let b2 = b.add_block(r, &[]);
    let br = |t: BlockId| Successor::plain(t);
    let a = alloc(&mut b, b0);
    b.add_op(
        b0,
        "cf.br",
        &[],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b2)],
            ..facts()
        },
    );
    use_(&mut b, b1, a);
    ret(&mut b, b1, &[]);
    use_(&mut b, b2, a);
    let bb = alloc(&mut b, b2);
    use_(&mut b, b2, bb);
    b.add_op(
        b2,
        "cf.br",
        &[],
        &[],
        OpFacts {
            is_terminator: true,
            successors: vec![br(b1)],
            ..facts()
        },
    );
    let s = b.finish();
    let l = run(&s);
    assert!(l.get(a).unwrap().overlaps(l.get(bb).unwrap()));
    check_soundness(&s, 1);
}

/// A fresh buffer per iteration carried to the next one through an
/// iter_arg: its instances overlap at runtime, so it must escape.
#[test]
fn iter_arg_carried_buffer_escapes() {
    let (mut b, _r, b0) = root();
    let a = alloc(&mut b, b0);
    let lp = b.add_op(
        b0,
        "scf.for",
        &[a],
        &[BUF],
        OpFacts {
            is_loop_like: true,
            is_automatic_allocation_scope: true,
            has_recursive_effects: true,
            ..facts()
        },
    );
    let res = b.snapshot().op(lp).results[0];
    let r = b.add_region(lp);
    let body = b.add_block(r, &[ValueKind::Other, BUF]);
    let it = b.snapshot().block(body).args[1];
    let n = alloc(&mut b, body);
    use_(&mut b, body, n);
    use_(&mut b, body, it);
    yield_(
        &mut b,
        body,
        RegionEdge::into_region_or_out(r, vec![n], vec![it], vec![res]),
        &[n],
    );
    b.facts_mut(lp).region_branch = Some(RegionBranchInfo {
        entry_edges: RegionEdge::into_region_or_out(r, vec![a], vec![it], vec![res]),
    });
    ret(&mut b, b0, &[]);
    let s = b.finish();
    let l = run(&s);
    assert!(l.get(n).unwrap().escape.yielded);
    assert!(!l.get(a).unwrap().escape.any()); // %a only enters the loop
    for seed in 0..20 {
        check_soundness(&s, seed);
    }
}

/// Fewer escapes (no calls/unknown ops), more blocks and back edges.
fn sound_cfg() -> GenConfig {
    GenConfig {
        unknown_ops: false,
        max_blocks: 8,
        back_edge_percent: 35,
        target_ops: 80,
        ..GenConfig::default()
    }
}

#[test]
fn soundness_on_fixed_seeds() {
    for seed in 0..300u64 {
        check_soundness(&testgen::generate(seed, &GenConfig::default()), seed);
        check_soundness(&testgen::generate(seed, &sound_cfg()), seed);
    }
}

/// The per-(use, allocation) definition the component program replaces:
/// every op that touches a value the allocation flows into (forward
/// closure), widened by climbing from the use to the allocation's
/// region; escapes and frees from the same closures. The answers must be
/// identical.
fn check_against_closures(s: &Snapshot) {
    let aa = AliasAnalysis::new(s);
    let l = Lifetimes::new(s, &aa);
    let t = l.ticks();
    let widen: Vec<bool> = (0..s.ops.len() as u32)
        .map(|o| widens(s, OpId(o)))
        .collect();
    let cfg = Cfg::new(s);
    let (bscc, _) = strongly_connected_components(cfg.successor_graph());
    let root_regions = &s.op(Snapshot::ROOT).regions;
    for al in l.allocations() {
        let deps = aa.dependents(al.value);
        let has = |v: &ValueId| deps.binary_search(v).is_ok();
        let at = t.begin(al.op);
        let (mut begin, mut end, mut has_uses) = (u32::MAX, 0, false);
        let mut e = Escape::default();
        for (o, op) in s.ops.iter().enumerate() {
            let u = OpId(o as u32);
            let Some(b) = op.parent_block else { continue };
            if op.facts.is_return_like && op.facts.is_terminator && op.operands.iter().any(has) {
                if root_regions.contains(&s.block(b).region) {
                    e.returned = true;
                } else {
                    e.yielded = true;
                }
            }
            if op
                .facts
                .terminator_edges
                .iter()
                .any(|x| x.forwarded.iter().any(has))
            {
                e.yielded = true;
            }
            for succ in &op.facts.successors {
                let vals: &[ValueId] = if succ.mapping_known {
                    &succ.forwarded
                } else {
                    &op.operands
                };
                if bscc[succ.block.index()] == bscc[b.index()] && vals.iter().any(has) {
                    e.loop_carried = true;
                }
            }
            if t.begin(u) == u32::MAX
                || matches!(&op.facts.effects, Effects::Known(x) if x.is_empty())
                || !op
                    .operands
                    .iter()
                    .any(|v| s.value(*v).kind.is_buffer() && has(v))
            {
                continue;
            }
            let (mut lo, mut hi) = (t.begin(u), t.end(u));
            let mut cur = u;
            while let Some(b) = s.op(cur).parent_block {
                let r = s.block(b).region;
                let (rf, re) = t.region_range(r);
                let (bf, be) = t.block_range(b);
                if s.region(r).blocks.len() > 1 && !(bf <= at && at < be) {
                    lo = lo.min(rf);
                    hi = hi.max(re.saturating_sub(1));
                }
                if rf <= at && at < re {
                    break;
                }
                let p = s.region(r).parent_op;
                if widen[p.index()] {
                    lo = lo.min(t.begin(p));
                    hi = hi.max(t.end(p));
                }
                cur = p;
            }
            begin = begin.min(lo);
            end = end.max(hi);
            has_uses = true;
        }
        let mut freed = false;
        for ev in aa.flow().all_events().iter().filter(|ev| has(&ev.value)) {
            match ev.kind {
                UseKind::Call => e.call = true,
                UseKind::Unknown | UseKind::UnknownWithRegions => e.unknown_op = true,
                UseKind::AddressExposed => e.address_exposed = true,
                UseKind::Stored => e.stored = true,
                UseKind::Freed => freed = true,
                UseKind::Forwarded => {}
            }
        }
        if !has_uses {
            (begin, end) = (at, at);
        }
        let v = al.value;
        assert_eq!(
            (al.begin, al.end, al.has_uses),
            (begin, end, has_uses),
            "{v:?}"
        );
        assert_eq!(al.escape, e, "{v:?}");
        assert_eq!(al.freed_through_alias, freed, "{v:?}");
    }
}

#[test]
fn component_program_matches_closures_on_fixed_seeds() {
    for seed in 0..40 {
        check_against_closures(&testgen::generate(seed, &GenConfig::default()));
        check_against_closures(&testgen::generate(seed, &GenConfig::medium()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn properties(seed in any::<u64>()) {
        check(&testgen::generate(seed, &GenConfig::default()));
        check_against_closures(&testgen::generate(seed, &GenConfig::default()));
    }
    #[test]
    fn soundness(seed in any::<u64>()) {
        check_soundness(&testgen::generate(seed, &GenConfig::default()), seed);
        check_soundness(&testgen::generate(seed, &sound_cfg()), seed);
    }
}
