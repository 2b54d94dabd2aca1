//! A seeded random generator of [`Snapshot`]s, for property tests and the
//! analysis benchmark.
//!
//! The generator builds a func-like root (automatic allocation scope,
//! isolated from above) whose body is a CFG of several blocks: branches with
//! block arguments (including buffers), conditional branches and switches,
//! back edges (loops), unreachable blocks (never targeted), several returns,
//! `unreachable`-like exits, and now and then a terminator with an unknown
//! operand-to-argument mapping. Blocks hold allocations (heap and
//! automatic-scope), views, reads/writes, frees, calls, ops with unknown
//! effects, scalar ops, and nested region ops modelled on `scf`:
//!
//! - *if-like*: two single-block regions yielding to the parent;
//! - *for-like*: loop-like, one body region with an induction variable and
//!   iter args; edges parent->body, parent->results (zero trips), body->body
//!   (back edge) and body->results;
//! - *while-like*: loop-like, `before` and `after` regions; before->after,
//!   before->results, after->before;
//! - *execute-region-like*: one region holding a small CFG whose exits yield
//!   to the parent;
//! - *graph-region op*: a single-block region without SSA dominance whose
//!   ops may use values defined later in the block.
//!
//! SSA: a value is used only where it is visible under the structure above
//! (the region's entry block values, the block's own earlier values and
//! arguments, and values visible at the enclosing op), so reachable code is
//! valid SSA; graph regions deliberately use later values.
//!
//! Ops with unknown effects (`test.unknown`, calls) take a buffer operand and
//! return a buffer that may alias it, used by later ops like any other.
//!
//! Block order: the CFG is built with blocks in dominance-friendly order
//! (edges mostly forward), then, with [`GenConfig::shuffle_blocks`], the
//! non-entry blocks of every region are permuted and the whole snapshot is
//! renumbered in the new program order, as `ir::capture` numbers real
//! IR whose text lists the blocks in that order ([`reorder_blocks`]). Values
//! are then used in blocks that come before their definition in program
//! order (`cf.br ^def` ... `^use: use %v` ... `^def: %v = ...; cf.br ^use`),
//! which MLIR's verifier accepts.
//!
//! The RNG is a self-contained SplitMix64 (no external crates), so a seed
//! always produces the same snapshot.

use super::snapshot::{
    BlockId, BlockInfo, Effect, EffectKind, Effects, OpFacts, OpId, OpInfo, RegionBranchInfo,
    RegionEdge, RegionId, RegionInfo, RegionTarget, Snapshot, SnapshotBuilder, Successor, ValueDef,
    ValueId, ValueInfo, ValueKind,
};

/// SplitMix64: tiny, fast, good enough for test generation.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`; returns 0 for `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
    /// True with probability `p` percent.
    pub fn chance(&mut self, p: u32) -> bool {
        (self.next_u64() % 100) < p as u64
    }
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> Option<T> {
        if xs.is_empty() {
            None
        } else {
            Some(xs[self.below(xs.len())])
        }
    }
}

/// Knobs of the generator.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Approximate number of ops to generate (the generator stops adding ops
    /// once it is reached; structure already opened is completed).
    pub target_ops: usize,
    /// Minimum and maximum number of blocks of the root CFG.
    pub min_blocks: usize,
    pub max_blocks: usize,
    /// Maximum number of blocks of a nested CFG (execute-region-like).
    pub max_nested_blocks: usize,
    /// Maximum ops per block (before the terminator).
    pub max_ops_per_block: usize,
    /// Maximum nesting depth of region ops.
    pub max_depth: usize,
    /// Percent chance that an op slot becomes a region op.
    pub region_op_percent: u32,
    /// Percent chance that a branch is a back edge.
    pub back_edge_percent: u32,
    /// Allow calls, unknown ops and unknown terminators.
    pub unknown_ops: bool,
    /// Allow graph-region ops.
    pub graph_regions: bool,
    /// Permute the non-entry blocks of every region (program order differs
    /// from dominance order), renumbering the snapshot in the new order.
    pub shuffle_blocks: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            target_ops: 60,
            min_blocks: 1,
            max_blocks: 6,
            max_nested_blocks: 3,
            max_ops_per_block: 6,
            max_depth: 3,
            region_op_percent: 15,
            back_edge_percent: 25,
            unknown_ops: true,
            graph_regions: true,
            shuffle_blocks: true,
        }
    }
}

impl GenConfig {
    /// A CFG-only configuration: no region ops, many blocks (for dominance
    /// and liveness tests on control flow).
    pub fn cfg_only(max_blocks: usize) -> Self {
        GenConfig {
            max_blocks,
            region_op_percent: 0,
            graph_regions: false,
            ..GenConfig::default()
        }
    }
    /// A medium function for property tests: up to 300 ops, 10 blocks per
    /// region, 10 ops per block, nesting depth 4.
    pub fn medium() -> Self {
        GenConfig {
            target_ops: 300,
            max_blocks: 10,
            max_ops_per_block: 10,
            max_depth: 4,
            ..GenConfig::default()
        }
    }
    /// A large function for benchmarks: mostly straight-line code with
    /// nested loops and ifs, a moderate CFG, many buffers.
    pub fn large(target_ops: usize) -> Self {
        GenConfig {
            target_ops,
            min_blocks: (target_ops / 100).max(2),
            max_blocks: (target_ops / 100).max(2),
            max_nested_blocks: 4,
            max_ops_per_block: 100,
            max_depth: 4,
            region_op_percent: 6,
            back_edge_percent: 15,
            unknown_ops: true,
            graph_regions: true,
            // Benchmarks compare with earlier runs: blocks in build order.
            shuffle_blocks: false,
        }
    }
}

fn ssa_facts() -> OpFacts {
    OpFacts {
        regions_have_ssa_dominance: true,
        effects: Effects::Known(vec![]),
        ..OpFacts::default()
    }
}

/// Facts of a func-like root op.
pub fn func_facts() -> OpFacts {
    OpFacts {
        is_automatic_allocation_scope: true,
        is_isolated_from_above: true,
        ..ssa_facts()
    }
}

const BUF: ValueKind = ValueKind::RankedMemRef;
const IDX: ValueKind = ValueKind::Other;

struct Gen<'c> {
    b: SnapshotBuilder,
    rng: Rng,
    cfg: &'c GenConfig,
    ops: usize,
    /// Operands appended after building (graph-region forward uses).
    patches: Vec<(OpId, ValueId)>,
}

/// Values visible at a point: buffers and scalars.
#[derive(Clone, Default)]
struct Scope {
    bufs: Vec<ValueId>,
    scalars: Vec<ValueId>,
}

impl Scope {
    fn add(&mut self, v: ValueId, kind: ValueKind) {
        if kind.is_buffer() {
            self.bufs.push(v)
        } else {
            self.scalars.push(v)
        }
    }
}

/// Generates a snapshot from `seed`.
pub fn generate(seed: u64, cfg: &GenConfig) -> Snapshot {
    let mut g = Gen {
        b: SnapshotBuilder::new("func.func", func_facts()),
        rng: Rng::new(seed),
        cfg,
        ops: 1,
        patches: Vec::new(),
    };
    let body = g.b.add_region(Snapshot::ROOT);
    let lo = cfg.min_blocks.clamp(1, cfg.max_blocks.max(1));
    let n = lo + g.rng.below(cfg.max_blocks.max(1) - lo + 1);
    g.cfg_region(body, n, &Scope::default(), 0, Exit::Return);
    let patches = std::mem::take(&mut g.patches);
    let mut s = g.b.finish();
    for (op, v) in patches {
        s.ops[op.index()].operands.push(v);
    }
    if cfg.shuffle_blocks {
        // A generator of its own: the snapshot is the same as without
        // shuffling, up to block order and numbering.
        let mut rng = Rng::new(seed ^ 0x5348_5546_464C_4521);
        let orders = s
            .regions
            .iter()
            .map(|r| {
                let mut blocks = r.blocks.to_vec();
                if blocks.len() > 2 {
                    let rest = &mut blocks[1..];
                    if rng.chance(40) {
                        rest.reverse(); // forward edges become textual back edges
                    } else {
                        for i in (1..rest.len()).rev() {
                            let j = rng.below(i + 1);
                            rest.swap(i, j);
                        }
                    }
                }
                blocks
            })
            .collect::<Vec<_>>();
        s = reorder_blocks(&s, &orders);
    }
    s
}

/// The snapshot of the same IR with the blocks of region `r` in the order
/// `orders[r]` (a permutation of its blocks whose first element is its entry
/// block), numbered as `crate::ir::capture` numbers real IR: ops,
/// regions, blocks and values in pre-order of the new program order, the
/// blocks of a region (and their arguments) before the ops in them.
pub fn reorder_blocks(s: &Snapshot, orders: &[Vec<BlockId>]) -> Snapshot {
    const NONE: u32 = u32::MAX;
    struct Maps {
        ops: Vec<u32>,
        blocks: Vec<u32>,
        regions: Vec<u32>,
        values: Vec<u32>,
        next: [u32; 4],
    }
    fn walk_op(s: &Snapshot, orders: &[Vec<BlockId>], m: &mut Maps, op: OpId) {
        m.ops[op.index()] = m.next[0];
        m.next[0] += 1;
        for &v in &s.op(op).results {
            m.values[v.index()] = m.next[3];
            m.next[3] += 1;
        }
        for &r in &s.op(op).regions {
            m.regions[r.index()] = m.next[2];
            m.next[2] += 1;
            let order = &orders[r.index()];
            assert_eq!(order.len(), s.region(r).blocks.len());
            assert_eq!(
                order.first(),
                s.region(r).blocks.first(),
                "the entry block stays first"
            );
            for &b in order {
                m.blocks[b.index()] = m.next[1];
                m.next[1] += 1;
                for &a in &s.block(b).args {
                    m.values[a.index()] = m.next[3];
                    m.next[3] += 1;
                }
            }
            for &b in order {
                for &o in &s.block(b).ops {
                    walk_op(s, orders, m, o);
                }
            }
        }
    }
    let mut m = Maps {
        ops: vec![NONE; s.ops.len()],
        blocks: vec![NONE; s.blocks.len()],
        regions: vec![NONE; s.regions.len()],
        values: vec![NONE; s.values.len()],
        next: [0; 4],
    };
    walk_op(s, orders, &mut m, Snapshot::ROOT);
    let op = |o: OpId| OpId(m.ops[o.index()]);
    let block = |b: BlockId| BlockId(m.blocks[b.index()]);
    let region = |r: RegionId| RegionId(m.regions[r.index()]);
    let value = |v: ValueId| ValueId(m.values[v.index()]);
    let values = |vs: &[ValueId]| vs.iter().map(|&v| value(v)).collect::<Vec<_>>();
    let edge = |e: &RegionEdge| RegionEdge {
        target: match e.target {
            RegionTarget::Region(r) => RegionTarget::Region(region(r)),
            RegionTarget::Parent => RegionTarget::Parent,
        },
        forwarded: values(&e.forwarded),
        inputs: values(&e.inputs),
    };
    assert!(
        m.ops
            .iter()
            .chain(&m.blocks)
            .chain(&m.regions)
            .chain(&m.values)
            .all(|&x| x != NONE),
        "every op, block, region and value is reached from the root"
    );
    let mut ops: Vec<Option<OpInfo>> = vec![None; s.ops.len()];
    let mut blocks: Vec<Option<BlockInfo>> = vec![None; s.blocks.len()];
    let mut regions: Vec<Option<RegionInfo>> = vec![None; s.regions.len()];
    let mut vals: Vec<Option<ValueInfo>> = vec![None; s.values.len()];
    for (i, o) in s.ops.iter().enumerate() {
        let f = &o.facts;
        ops[m.ops[i] as usize] = Some(OpInfo {
            name: o.name,
            parent_block: o.parent_block.map(block),
            position: o.position,
            operands: values(&o.operands).into(),
            results: values(&o.results).into(),
            regions: o.regions.iter().map(|&r| region(r)).collect(),
            facts: OpFacts {
                effects: match &f.effects {
                    Effects::Unknown => Effects::Unknown,
                    Effects::Known(es) => Effects::Known(
                        es.iter()
                            .map(|e| Effect {
                                value: e.value.map(value),
                                ..*e
                            })
                            .collect(),
                    ),
                },
                region_branch: f.region_branch.as_ref().map(|rb| RegionBranchInfo {
                    entry_edges: rb.entry_edges.iter().map(edge).collect(),
                }),
                terminator_edges: f.terminator_edges.iter().map(edge).collect(),
                successors: f
                    .successors
                    .iter()
                    .map(|x| Successor {
                        block: block(x.block),
                        forwarded: values(&x.forwarded),
                        ..x.clone()
                    })
                    .collect(),
                view_source: f.view_source.map(value),
                ..f.clone()
            },
        });
    }
    for (i, b) in s.blocks.iter().enumerate() {
        blocks[m.blocks[i] as usize] = Some(BlockInfo {
            region: region(b.region),
            args: values(&b.args).into(),
            ops: b.ops.iter().map(|&o| op(o)).collect(),
        });
    }
    for (i, r) in s.regions.iter().enumerate() {
        regions[m.regions[i] as usize] = Some(RegionInfo {
            parent_op: op(r.parent_op),
            index_in_parent: r.index_in_parent,
            blocks: orders[i].iter().map(|&b| block(b)).collect(),
        });
    }
    for (i, v) in s.values.iter().enumerate() {
        vals[m.values[i] as usize] = Some(ValueInfo {
            def: match v.def {
                ValueDef::BlockArg { block: b, index } => ValueDef::BlockArg {
                    block: block(b),
                    index,
                },
                ValueDef::OpResult { op: o, index } => ValueDef::OpResult { op: op(o), index },
            },
            kind: v.kind,
        });
    }
    Snapshot {
        ops: ops.into_iter().map(Option::unwrap).collect(),
        blocks: blocks.into_iter().map(Option::unwrap).collect(),
        regions: regions.into_iter().map(Option::unwrap).collect(),
        values: vals.into_iter().map(Option::unwrap).collect(),
    }
}

/// Blocks of a CFG region being built that have a single predecessor which
/// dominates them (see `Gen::cfg_region_ex`).
struct Chains {
    /// Some edge targets the block already.
    has_pred: Vec<bool>,
    /// No further edge may target the block.
    closed: Vec<bool>,
    /// The block's only predecessor.
    from: Vec<Option<usize>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Exit {
    /// Function body: exits are `func.return`-like (ReturnLike, no edges).
    Return,
    /// Region of a region-branch op: exits yield to the parent results.
    YieldToParent,
}

impl<'c> Gen<'c> {
    fn budget_left(&self) -> bool {
        self.ops < self.cfg.target_ops
    }

    fn arg_kinds(&mut self, max: usize) -> Vec<ValueKind> {
        let n = self.rng.below(max + 1);
        (0..n)
            .map(|_| if self.rng.chance(60) { BUF } else { IDX })
            .collect()
    }

    /// Values for `kinds` from `scope` (falls back to any buffer/scalar).
    fn pick_values(&mut self, scope: &Scope, kinds: &[ValueKind]) -> Option<Vec<ValueId>> {
        kinds
            .iter()
            .map(|k| {
                if k.is_buffer() {
                    self.rng.pick(&scope.bufs)
                } else {
                    self.rng.pick(&scope.scalars)
                }
            })
            .collect()
    }

    fn add_op(
        &mut self,
        block: BlockId,
        name: &str,
        operands: &[ValueId],
        results: &[ValueKind],
        facts: OpFacts,
    ) -> OpId {
        self.ops += 1;
        self.b.add_op(block, name, operands, results, facts)
    }

    /// Builds `n` blocks in `region` with a random CFG. Parent-yield exits
    /// forward `yield_kinds` values to `results`.
    fn cfg_region(
        &mut self,
        region: RegionId,
        n: usize,
        outer: &Scope,
        depth: usize,
        exit: Exit,
    ) -> Vec<OpId> {
        self.cfg_region_ex(region, n, outer, depth, exit, &[], &[], &[])
    }

    /// The general form: the entry block gets `entry_kinds` args; exits
    /// yield `yield_kinds` values along `exit_targets` edges (target, inputs).
    #[allow(clippy::too_many_arguments)]
    fn cfg_region_ex(
        &mut self,
        region: RegionId,
        n: usize,
        outer: &Scope,
        depth: usize,
        exit: Exit,
        entry_kinds: &[ValueKind],
        yield_kinds: &[ValueKind],
        exit_targets: &[(RegionTarget, Vec<ValueId>)],
    ) -> Vec<OpId> {
        let mut blocks = Vec::new();
        let entry_args: Vec<ValueKind> = if exit == Exit::Return && entry_kinds.is_empty() {
            let mut k = self.arg_kinds(3);
            k.push(BUF);
            k
        } else {
            entry_kinds.to_vec()
        };
        blocks.push(self.b.add_block(region, &entry_args));
        for _ in 1..n {
            let k = self.arg_kinds(2);
            blocks.push(self.b.add_block(region, &k));
        }
        // The entry block's values are visible in every block of the region;
        // a block whose only predecessor is another block (a chain, made
        // with `shuffle_blocks`) also sees everything visible at that block's
        // end, so once blocks are shuffled, values are used in blocks placed
        // before their definition.
        let mut entry_scope = outer.clone();
        let mut terminators = Vec::new();
        let mut chains = Chains {
            has_pred: vec![false; n],
            closed: vec![false; n],
            from: vec![None; n],
        };
        let mut end_scopes: Vec<Scope> = Vec::new();
        for (i, &blk) in blocks.iter().enumerate() {
            let mut scope = if i == 0 {
                outer.clone()
            } else if let Some(p) = chains.from[i] {
                end_scopes[p].clone()
            } else {
                entry_scope.clone()
            };
            let args = self.b.snapshot().block(blk).args.clone();
            for a in args {
                let k = self.b.snapshot().value(a).kind;
                scope.add(a, k);
            }
            let nops = self.rng.below(self.cfg.max_ops_per_block + 1);
            for _ in 0..nops {
                if !self.budget_left() {
                    break;
                }
                self.random_op(blk, &mut scope, depth);
            }
            if i == 0 {
                entry_scope = scope.clone();
            }
            end_scopes.push(scope.clone());
            let t = self.terminator(
                blk,
                i,
                &blocks,
                &scope,
                exit,
                yield_kinds,
                exit_targets,
                &mut chains,
            );
            terminators.push(t);
        }
        terminators
    }

    #[allow(clippy::too_many_arguments)]
    fn terminator(
        &mut self,
        blk: BlockId,
        i: usize,
        blocks: &[BlockId],
        scope: &Scope,
        exit: Exit,
        yield_kinds: &[ValueKind],
        exit_targets: &[(RegionTarget, Vec<ValueId>)],
        chains: &mut Chains,
    ) -> OpId {
        let n = blocks.len();
        // Targets: mostly forward; sometimes a back edge; the last block
        // always exits. Blocks never targeted stay unreachable.
        let roll = self.rng.below(100);
        let is_exit = i + 1 == n || roll < 15;
        if is_exit {
            return match exit {
                Exit::Return => {
                    if self.rng.chance(15) {
                        // unreachable-like exit: no successors, not ReturnLike.
                        self.add_op(
                            blk,
                            "llvm.unreachable",
                            &[],
                            &[],
                            OpFacts {
                                is_terminator: true,
                                ..ssa_facts()
                            },
                        )
                    } else {
                        let k = if self.rng.chance(50) {
                            vec![BUF]
                        } else {
                            vec![]
                        };
                        let vals = self.pick_values(scope, &k).unwrap_or_default();
                        self.add_op(
                            blk,
                            "func.return",
                            &vals,
                            &[],
                            OpFacts {
                                is_terminator: true,
                                is_return_like: true,
                                ..ssa_facts()
                            },
                        )
                    }
                }
                Exit::YieldToParent => {
                    let vals = self.pick_values(scope, yield_kinds).unwrap_or_default();
                    let vals = if vals.len() == yield_kinds.len() {
                        vals
                    } else {
                        vec![]
                    };
                    let edges = exit_targets
                        .iter()
                        .map(|(t, inputs)| RegionEdge {
                            target: *t,
                            forwarded: if vals.len() == inputs.len() {
                                vals.clone()
                            } else {
                                vec![]
                            },
                            inputs: if vals.len() == inputs.len() {
                                inputs.clone()
                            } else {
                                vec![]
                            },
                        })
                        .collect();
                    self.add_op(
                        blk,
                        "scf.yield",
                        &vals,
                        &[],
                        OpFacts {
                            is_terminator: true,
                            is_return_like: true,
                            terminator_edges: edges,
                            ..ssa_facts()
                        },
                    )
                }
            };
        }
        let nsucc = if self.rng.chance(60) {
            1
        } else if self.rng.chance(80) {
            2
        } else {
            3
        };
        let mut succs = Vec::new();
        let mut operands = Vec::new();
        if let Some(c) = self.rng.pick(&scope.scalars)
            && nsucc > 1
        {
            operands.push(c);
        }
        let unknown = self.cfg.unknown_ops && self.rng.chance(5);
        let mut first_target = None;
        for _ in 0..nsucc {
            let t = if i > 0 && self.rng.chance(self.cfg.back_edge_percent) {
                self.rng.below(i + 1) // back edge (or self loop)
            } else {
                // Skip ahead sometimes, leaving blocks unreachable.
                let span = (n - i - 1).min(3);
                i + 1 + self.rng.below(span.max(1))
            };
            let t = t.min(n - 1);
            // A chained block keeps its single predecessor.
            let t = if chains.closed[t] {
                (i + 1..n)
                    .chain(1..=i)
                    .find(|&b| !chains.closed[b])
                    .unwrap_or(0)
            } else {
                t
            };
            if succs.is_empty() {
                first_target = Some((t, !chains.has_pred[t]));
            }
            chains.has_pred[t] = true;
            let tb = blocks[t];
            let kinds: Vec<ValueKind> = self
                .b
                .snapshot()
                .block(tb)
                .args
                .iter()
                .map(|&a| self.b.snapshot().value(a).kind)
                .collect();
            if unknown {
                succs.push(Successor {
                    block: tb,
                    forwarded: vec![],
                    produced: 0,
                    mapping_known: false,
                });
                if let Some(v) = self.rng.pick(&scope.bufs) {
                    operands.push(v);
                }
                continue;
            }
            // Sometimes the first argument is produced by the terminator.
            let produced = if !kinds.is_empty() && self.rng.chance(10) {
                1
            } else {
                0
            };
            match self.pick_values(scope, &kinds[produced..]) {
                Some(fw) => {
                    operands.extend(fw.iter().copied());
                    succs.push(Successor {
                        block: tb,
                        forwarded: fw,
                        produced: produced as u32,
                        mapping_known: true,
                    });
                }
                None => {
                    // No value of the right kind visible: branch to the
                    // next block (or exit) instead; keep it simple by
                    // forwarding nothing with unknown mapping.
                    succs.push(Successor {
                        block: tb,
                        forwarded: vec![],
                        produced: 0,
                        mapping_known: false,
                    });
                }
            }
        }
        // One edge to a block nothing else branches to yet: make it the
        // block's only predecessor, so this block dominates it.
        if let Some((t, fresh)) = first_target
            && self.cfg.shuffle_blocks
            && succs.len() == 1
            && fresh
            && t > i
            && self.rng.chance(60)
        {
            chains.from[t] = Some(i);
            chains.closed[t] = true;
        }
        let name = match (unknown, succs.len()) {
            (true, _) => "test.unknown_br",
            (_, 1) => "cf.br",
            (_, 2) => "cf.cond_br",
            _ => "cf.switch",
        };
        let facts = OpFacts {
            is_terminator: true,
            successors: succs,
            effects: if unknown {
                Effects::Unknown
            } else {
                Effects::Known(vec![])
            },
            regions_have_ssa_dominance: true,
            ..OpFacts::default()
        };
        self.add_op(blk, name, &operands, &[], facts)
    }

    fn random_op(&mut self, blk: BlockId, scope: &mut Scope, depth: usize) {
        if depth < self.cfg.max_depth && self.rng.chance(self.cfg.region_op_percent) {
            match self.rng.below(if self.cfg.graph_regions { 5 } else { 4 }) {
                0 => self.if_like(blk, scope, depth),
                1 => self.for_like(blk, scope, depth),
                2 => self.while_like(blk, scope, depth),
                3 => self.execute_region_like(blk, scope, depth),
                _ => self.graph_op(blk, scope, depth),
            }
            return;
        }
        let roll = self.rng.below(100);
        match roll {
            0..=17 => {
                let alloca = self.rng.chance(20);
                let op = self.add_op(
                    blk,
                    if alloca {
                        "memref.alloca"
                    } else {
                        "memref.alloc"
                    },
                    &[],
                    &[BUF],
                    ssa_facts(),
                );
                let r = self.b.snapshot().op(op).results[0];
                self.b.facts_mut(op).effects = Effects::Known(vec![Effect {
                    kind: EffectKind::Allocate,
                    value: Some(r),
                    on_automatic_scope: alloca,
                }]);
                scope.add(r, BUF);
            }
            18..=29 => {
                if let Some(src) = self.rng.pick(&scope.bufs) {
                    let op = self.add_op(
                        blk,
                        "memref.subview",
                        &[src],
                        &[BUF],
                        OpFacts {
                            view_source: Some(src),
                            ..ssa_facts()
                        },
                    );
                    let r = self.b.snapshot().op(op).results[0];
                    scope.add(r, BUF);
                }
            }
            30..=59 => {
                let n = 1 + self.rng.below(2);
                let mut vals = Vec::new();
                for _ in 0..n {
                    if let Some(v) = self.rng.pick(&scope.bufs) {
                        vals.push(v);
                    }
                }
                if vals.is_empty() {
                    return;
                }
                let effects = vals
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| Effect {
                        kind: if i == 0 {
                            EffectKind::Read
                        } else {
                            EffectKind::Write
                        },
                        value: Some(v),
                        on_automatic_scope: false,
                    })
                    .collect();
                self.add_op(
                    blk,
                    "memref.copy",
                    &vals,
                    &[],
                    OpFacts {
                        effects: Effects::Known(effects),
                        ..ssa_facts()
                    },
                );
            }
            60..=79 => {
                let operands: Vec<ValueId> = self.rng.pick(&scope.scalars).into_iter().collect();
                let op = self.add_op(blk, "arith.addi", &operands, &[IDX], ssa_facts());
                let r = self.b.snapshot().op(op).results[0];
                scope.add(r, IDX);
            }
            80..=84 => {
                if let Some(v) = self.rng.pick(&scope.bufs) {
                    let e = Effect {
                        kind: EffectKind::Free,
                        value: Some(v),
                        on_automatic_scope: false,
                    };
                    self.add_op(
                        blk,
                        "memref.dealloc",
                        &[v],
                        &[],
                        OpFacts {
                            effects: Effects::Known(vec![e]),
                            ..ssa_facts()
                        },
                    );
                }
            }
            85..=91 if self.cfg.unknown_ops => {
                let operands: Vec<ValueId> = self.rng.pick(&scope.bufs).into_iter().collect();
                let results: Vec<ValueKind> = if self.rng.chance(50) {
                    vec![BUF]
                } else {
                    vec![]
                };
                let op = self.add_op(
                    blk,
                    "func.call",
                    &operands,
                    &results,
                    OpFacts {
                        is_call: true,
                        effects: Effects::Unknown,
                        ..ssa_facts()
                    },
                );
                for r in self.b.snapshot().op(op).results.clone() {
                    scope.add(r, BUF);
                }
            }
            92..=99 if self.cfg.unknown_ops => {
                let operands: Vec<ValueId> = self.rng.pick(&scope.bufs).into_iter().collect();
                let op = self.add_op(
                    blk,
                    "test.unknown",
                    &operands,
                    &[BUF],
                    OpFacts {
                        effects: Effects::Unknown,
                        ..ssa_facts()
                    },
                );
                let r = self.b.snapshot().op(op).results[0];
                scope.add(r, BUF);
            }
            _ => {
                let op = self.add_op(blk, "arith.constant", &[], &[IDX], ssa_facts());
                let r = self.b.snapshot().op(op).results[0];
                scope.add(r, IDX);
            }
        }
    }

    fn region_op_facts(loop_like: bool) -> OpFacts {
        OpFacts {
            is_loop_like: loop_like,
            has_recursive_effects: true,
            region_branch: Some(RegionBranchInfo::default()),
            ..ssa_facts()
        }
    }

    fn result_kinds(&mut self) -> Vec<ValueKind> {
        let n = self.rng.below(3);
        (0..n)
            .map(|_| if self.rng.chance(70) { BUF } else { IDX })
            .collect()
    }

    fn single_block_body(&mut self, blk: BlockId, scope: &Scope, depth: usize) -> Scope {
        let mut inner = scope.clone();
        for a in self.b.snapshot().block(blk).args.clone() {
            let k = self.b.snapshot().value(a).kind;
            inner.add(a, k);
        }
        let n = self.rng.below(self.cfg.max_ops_per_block + 1);
        for _ in 0..n {
            if !self.budget_left() {
                break;
            }
            self.random_op(blk, &mut inner, depth + 1);
        }
        inner
    }

    fn yield_op(
        &mut self,
        blk: BlockId,
        scope: &Scope,
        kinds: &[ValueKind],
        edges: Vec<(RegionTarget, Vec<ValueId>)>,
    ) {
        let vals = self.pick_values(scope, kinds).unwrap_or_default();
        let ok = vals.len() == kinds.len();
        let edges = edges
            .into_iter()
            .map(|(t, inputs)| RegionEdge {
                target: t,
                forwarded: if ok && inputs.len() == vals.len() {
                    vals.clone()
                } else {
                    vec![]
                },
                inputs: if ok && inputs.len() == vals.len() {
                    inputs
                } else {
                    vec![]
                },
            })
            .collect();
        let vals = if ok { vals } else { vec![] };
        self.add_op(
            blk,
            "scf.yield",
            &vals,
            &[],
            OpFacts {
                is_terminator: true,
                is_return_like: true,
                terminator_edges: edges,
                ..ssa_facts()
            },
        );
    }

    fn if_like(&mut self, blk: BlockId, scope: &mut Scope, depth: usize) {
        let kinds = self.result_kinds();
        let cond: Vec<ValueId> = self.rng.pick(&scope.scalars).into_iter().collect();
        let op = self.add_op(blk, "scf.if", &cond, &kinds, Self::region_op_facts(false));
        let results = self.b.snapshot().op(op).results.to_vec();
        let mut entry = Vec::new();
        for _ in 0..2 {
            let r = self.b.add_region(op);
            let rb = self.b.add_block(r, &[]);
            entry.push(RegionEdge {
                target: RegionTarget::Region(r),
                forwarded: vec![],
                inputs: vec![],
            });
            let inner = self.single_block_body(rb, scope, depth);
            self.yield_op(
                rb,
                &inner,
                &kinds,
                vec![(RegionTarget::Parent, results.clone())],
            );
        }
        self.b.facts_mut(op).region_branch = Some(RegionBranchInfo { entry_edges: entry });
        for (r, k) in results.iter().zip(&kinds) {
            scope.add(*r, *k);
        }
    }

    fn for_like(&mut self, blk: BlockId, scope: &mut Scope, depth: usize) {
        let kinds = self.result_kinds();
        let Some(inits) = self.pick_values(scope, &kinds) else {
            return;
        };
        let op = self.add_op(blk, "scf.for", &inits, &kinds, Self::region_op_facts(true));
        let results = self.b.snapshot().op(op).results.to_vec();
        let r = self.b.add_region(op);
        let mut arg_kinds = vec![IDX];
        arg_kinds.extend(kinds.iter().copied());
        let body = self.b.add_block(r, &arg_kinds);
        let iter_args: Vec<ValueId> = self.b.snapshot().block(body).args[1..].to_vec();
        let inner = self.single_block_body(body, scope, depth);
        self.yield_op(
            body,
            &inner,
            &kinds,
            vec![
                (RegionTarget::Region(r), iter_args.clone()),
                (RegionTarget::Parent, results.clone()),
            ],
        );
        self.b.facts_mut(op).region_branch = Some(RegionBranchInfo {
            entry_edges: RegionEdge::into_region_or_out(r, inits, iter_args, results.clone()),
        });
        for (v, k) in results.iter().zip(&kinds) {
            scope.add(*v, *k);
        }
    }

    fn while_like(&mut self, blk: BlockId, scope: &mut Scope, depth: usize) {
        let kinds = self.result_kinds();
        let Some(inits) = self.pick_values(scope, &kinds) else {
            return;
        };
        let op = self.add_op(
            blk,
            "scf.while",
            &inits,
            &kinds,
            Self::region_op_facts(true),
        );
        let results = self.b.snapshot().op(op).results.to_vec();
        let before = self.b.add_region(op);
        let after = self.b.add_region(op);
        let bb = self.b.add_block(before, &kinds);
        let ab = self.b.add_block(after, &kinds);
        let bargs = self.b.snapshot().block(bb).args.to_vec();
        let aargs = self.b.snapshot().block(ab).args.to_vec();
        let inner = self.single_block_body(bb, scope, depth);
        // scf.condition: forwards to `after` or to the results.
        self.yield_op(
            bb,
            &inner,
            &kinds,
            vec![
                (RegionTarget::Region(after), aargs),
                (RegionTarget::Parent, results.clone()),
            ],
        );
        let inner = self.single_block_body(ab, scope, depth);
        self.yield_op(
            ab,
            &inner,
            &kinds,
            vec![(RegionTarget::Region(before), bargs.clone())],
        );
        self.b.facts_mut(op).region_branch = Some(RegionBranchInfo {
            entry_edges: vec![RegionEdge {
                target: RegionTarget::Region(before),
                forwarded: inits,
                inputs: bargs,
            }],
        });
        for (v, k) in results.iter().zip(&kinds) {
            scope.add(*v, *k);
        }
    }

    fn execute_region_like(&mut self, blk: BlockId, scope: &mut Scope, depth: usize) {
        let kinds = self.result_kinds();
        let op = self.add_op(
            blk,
            "scf.execute_region",
            &[],
            &kinds,
            Self::region_op_facts(false),
        );
        let results = self.b.snapshot().op(op).results.to_vec();
        let r = self.b.add_region(op);
        let n = 1 + self.rng.below(self.cfg.max_nested_blocks.max(1));
        self.cfg_region_ex(
            r,
            n,
            scope,
            depth + 1,
            Exit::YieldToParent,
            &[],
            &kinds,
            &[(RegionTarget::Parent, results.clone())],
        );
        self.b.facts_mut(op).region_branch = Some(RegionBranchInfo {
            entry_edges: vec![RegionEdge {
                target: RegionTarget::Region(r),
                forwarded: vec![],
                inputs: vec![],
            }],
        });
        for (v, k) in results.iter().zip(&kinds) {
            scope.add(*v, *k);
        }
    }

    /// A graph region: ops may use values defined later in the block.
    fn graph_op(&mut self, blk: BlockId, scope: &Scope, _depth: usize) {
        let op = self.add_op(
            blk,
            "test.graph_region",
            &[],
            &[],
            OpFacts {
                regions_have_ssa_dominance: false,
                effects: Effects::Unknown,
                ..OpFacts::default()
            },
        );
        let r = self.b.add_region(op);
        let gb = self.b.add_block(r, &[]);
        let n = 1 + self.rng.below(4);
        let mut made: Vec<OpId> = Vec::new();
        for _ in 0..n {
            let o = self.add_op(
                gb,
                "test.node",
                &[],
                &[BUF],
                OpFacts {
                    effects: Effects::Unknown,
                    ..ssa_facts()
                },
            );
            made.push(o);
        }
        // Wire operands afterwards (patched into the finished snapshot), so
        // uses may precede definitions; nodes also use outer buffers.
        let res: Vec<ValueId> = made
            .iter()
            .map(|&o| self.b.snapshot().op(o).results[0])
            .collect();
        for &o in &made {
            if let Some(v) = self.rng.pick(&res) {
                self.patches.push((o, v));
            }
            if let Some(v) = self.rng.pick(&scope.bufs) {
                self.patches.push((o, v));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{
        alias::AliasAnalysis,
        dominance::DominanceInfo,
        lifetimes::Lifetimes,
        liveness::Liveness,
        snapshot::{BlockId, RegionTarget},
    };
    use proptest::prelude::*;

    #[test]
    fn deterministic() {
        let c = GenConfig::default();
        assert_eq!(generate(7, &c), generate(7, &c));
        assert_ne!(generate(7, &c), generate(8, &c));
        let big = generate(1, &GenConfig::large(5000));
        assert!(big.ops.len() >= 4000, "{}", big.ops.len());
    }

    /// Scrambles interface facts (keeping ids in range and the structural
    /// conventions: op 0 is the root, blocks belong to regions, ...).
    fn scramble(s: &mut Snapshot, seed: u64) {
        let mut rng = super::Rng::new(seed);
        let nb = s.blocks.len() as u32;
        let nv = s.values.len() as u32;
        let nr = s.regions.len() as u32;
        for o in 1..s.ops.len() {
            let f = &mut s.ops[o].facts;
            if rng.chance(10) {
                f.is_terminator = !f.is_terminator;
            }
            if rng.chance(10) {
                f.regions_have_ssa_dominance = !f.regions_have_ssa_dominance;
            }
            if rng.chance(8) {
                // A successor anywhere, with a bogus mapping.
                f.successors.push(Successor {
                    block: BlockId(rng.below(nb as usize) as u32),
                    forwarded: (0..rng.below(4))
                        .map(|_| ValueId(rng.below(nv as usize) as u32))
                        .collect(),
                    produced: rng.below(3) as u32,
                    mapping_known: rng.chance(70),
                });
            }
            if rng.chance(8) {
                f.terminator_edges.push(RegionEdge {
                    target: if rng.chance(50) && nr > 0 {
                        RegionTarget::Region(RegionId(rng.below(nr as usize) as u32))
                    } else {
                        RegionTarget::Parent
                    },
                    forwarded: (0..rng.below(3))
                        .map(|_| ValueId(rng.below(nv as usize) as u32))
                        .collect(),
                    inputs: (0..rng.below(3))
                        .map(|_| ValueId(rng.below(nv as usize) as u32))
                        .collect(),
                });
            }
            if rng.chance(5) {
                f.view_source = Some(ValueId(rng.below(nv as usize) as u32));
            }
            if rng.chance(5) {
                f.is_loop_like = !f.is_loop_like;
            }
            if rng.chance(5) {
                f.effects = Effects::Unknown;
            }
            if rng.chance(5) {
                let v = ValueId(rng.below(nv as usize) as u32);
                s.ops[o].operands.push(v);
            }
        }
    }

    fn run_all(s: &Snapshot) {
        let d = DominanceInfo::new(s);
        let lv = Liveness::new(s);
        let aa = AliasAnalysis::new(s);
        let lt = Lifetimes::new(s, &aa);
        let nb = s.blocks.len() as u32;
        for b in 0..nb {
            let b = BlockId(b);
            let _ = (d.idom(b), d.ipostdom(b), d.dom_depth(b), d.postdom_depth(b));
            let _ = d.nearest_common_dominator(b, BlockId(0));
            let _ = d.nearest_common_post_dominator(b, BlockId(nb - 1));
            let _ = (lv.live_in(b), lv.live_out(b), lv.last_users(b));
        }
        for o in 0..s.ops.len() as u32 {
            let o = OpId(o);
            let _ = d.op_dominates(o, OpId(0));
            let _ = d.op_properly_post_dominates(OpId(s.ops.len() as u32 - 1), o);
            let _ = lv.currently_live_values(o);
            for &v in &s.ops[o.index()].operands {
                let _ = (
                    lv.is_dead_after(v, o),
                    lv.end_operation(v, o),
                    d.value_dominates(v, o),
                );
                let _ = (aa.allocation_sources(v), aa.resolve(v));
            }
        }
        for a in lt.allocations() {
            assert!(a.begin <= a.end);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// No analysis panics on snapshots with scrambled facts.
        #[test]
        fn analyses_do_not_panic(seed in any::<u64>()) {
            let mut s = generate(seed, &GenConfig::default());
            scramble(&mut s, seed);
            run_all(&s);
        }
    }

    /// Shuffling permutes blocks and renumbers ids in program order
    /// (renumbering is idempotent), and the shuffled snapshots put uses in
    /// blocks placed before their definition's block.
    #[test]
    fn shuffled_blocks_are_numbered_in_program_order() {
        let plain = GenConfig {
            shuffle_blocks: false,
            ..GenConfig::default()
        };
        let mut use_before_def = 0;
        for seed in 0..200u64 {
            let s = generate(seed, &plain);
            // Renumbering in program order is idempotent.
            let identity = |s: &Snapshot| -> Vec<Vec<BlockId>> {
                s.regions.iter().map(|r| r.blocks.to_vec()).collect()
            };
            let r = reorder_blocks(&s, &identity(&s));
            assert_eq!(reorder_blocks(&r, &identity(&r)), r);
            let t = generate(seed, &GenConfig::default());
            assert_eq!(reorder_blocks(&t, &identity(&t)), t);
            // Ids follow program order: op ids increase along every block
            // and blocks are numbered in region order.
            for r in &t.regions {
                assert!(r.blocks.windows(2).all(|w| w[0] < w[1]));
            }
            for o in 1..t.ops.len() {
                let op = &t.ops[o];
                let b = op.parent_block.unwrap();
                assert_eq!(
                    t.blocks[b.index()].ops[op.position as usize],
                    OpId(o as u32)
                );
                for &v in &op.operands {
                    if let Some(db) = t.defining_block(v)
                        && t.block(db).region == t.block(b).region
                        && db > b
                    {
                        use_before_def += 1;
                    }
                }
            }
        }
        assert!(use_before_def > 15, "{use_before_def}");
    }

    #[test]
    fn empty_and_tiny_snapshots() {
        let s = SnapshotBuilder::new("f", func_facts()).finish();
        run_all(&s);
        let mut b = SnapshotBuilder::new("f", func_facts());
        let r = b.add_region(Snapshot::ROOT);
        let _empty_region = b.add_region(Snapshot::ROOT);
        let blk = b.add_block(r, &[BUF]);
        let _ = blk;
        let s = b.finish();
        run_all(&s);
    }
}
