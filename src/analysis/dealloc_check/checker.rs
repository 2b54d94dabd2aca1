//! The checker's worklist: the per-function setup ([`check_with`]), one
//! body at a time, path states pushed at points and deduplicated there,
//! points released once no pending work can reach them, findings reported
//! once per site and kind, and what a value names on a path.

use std::collections::BTreeSet;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{
    findings::{Finding, FindingKind},
    inputs::{Boundary, MemoryFacts},
    prepare::{
        CONDITION_OPS, addresses_in_memory, cmpi_siblings, described, fact_values, modeled_sites,
        reach_components,
    },
    state::{Current, Instances, Names, Path, Point, Seen, State, ValueSet, VecMap, state_hash},
};
use crate::analysis::{
    allocs::OWNERSHIP_BASED_DEALLOC,
    dealloc_helper::{InlinedHelper, inlined_helpers},
    liveness::{OpNesting, SharedLiveness},
    snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId},
    value_flow::{EdgeKind, Origin, ValueFlow},
};

/// Most path states kept per program point before giving up as undecided.
pub const MAX_STATES_PER_POINT: usize = 256;

pub(super) struct Checker<'s> {
    pub(super) snap: &'s Snapshot,
    pub(super) boundary: &'s Boundary,
    pub(super) flow: ValueFlow,
    /// Live sets per block, shared between blocks, of the values a path
    /// state may hold facts of ([`fact_values`]).
    pub(super) liveness: SharedLiveness,
    /// Per value: whether a path state may hold a fact of it.
    pub(super) facts: Vec<bool>,
    /// Per value: whether it is an operand of an op conditions are computed
    /// with ([`CONDITION_OPS`]): only then may a condition be computed from
    /// it ([`Checker::computed_from`]).
    pub(super) condition_operand: Vec<bool>,
    /// The same, of the values [`Checker::close`] looks through only, built
    /// the first time a live set is too large to filter
    /// ([`Checker::looked_through`]): filtering every set would walk every
    /// live value per block, quadratic on long chains where many values stay
    /// live; building it for functions whose live sets are all small costs
    /// more than the filtering.
    pub(super) liveness_through: std::cell::OnceCell<SharedLiveness>,
    /// Per value: whether [`Checker::close`] looks through its defining op.
    pub(super) through: Vec<bool>,
    /// Per block: the values whose path facts matter on entry (see
    /// [`Checker::needed`]).
    pub(super) needed: FxHashMap<BlockId, ValueSet>,
    /// [`Checker::needed_at`], per point.
    pub(super) needed_at: FxHashMap<Point, ValueSet>,
    /// Per block: the last position using each value ([`Checker::last_uses`]).
    pub(super) last_uses: FxHashMap<BlockId, Vec<(ValueId, u32)>>,
    /// Per region-branch op: what its enclosing blocks still need after it,
    /// closed ([`Checker::after_op`]).
    pub(super) after_op: FxHashMap<OpId, ValueSet>,
    /// Per block holding a region-branch op: its live-out set, closed
    /// ([`Checker::closed_live_out`]).
    pub(super) closed_out: FxHashMap<BlockId, ValueSet>,
    /// Per value: the mark of the last walk that saw it, and the latest
    /// mark ([`Checker::close`], [`Checker::last_uses`]): a walk's visited
    /// set without a hash set per walk.
    pub(super) marks: Vec<u32>,
    pub(super) mark: u32,
    /// Per op: the values its regions and itself use that are defined
    /// outside it ([`crate::analysis::liveness::free_values`]).
    pub(super) free: Vec<Vec<ValueId>>,
    pub(super) nesting: OpNesting,
    pub(super) site_of_value: FxHashMap<ValueId, u32>,
    pub(super) sites: Vec<ValueId>,
    /// Region of the body being checked: its exits end a path.
    pub(super) findings: Vec<Finding>,
    pub(super) reported: FxHashSet<(u8, Option<OpId>, OpId)>,
    pub(super) seen: FxHashMap<Point, Seen>,
    pub(super) work: Vec<(Point, State, Path)>,
    /// Per block: its strongly connected component in the graph of every
    /// move the checker can make from a block ([`reach_components`]),
    /// numbered so that a block reaches only components with a number at
    /// most its own.
    pub(super) component: Vec<u32>,
    /// Per component: how many work items (the running one included) are at
    /// a point of its blocks.
    pub(super) pending: Vec<u32>,
    /// The components with pending work. Nothing can reach a point of a
    /// component larger than the largest of them any more.
    pub(super) active: BTreeSet<u32>,
    /// Per component: the points of `seen` in it, dropped (with their
    /// `needed` sets) once no pending work can reach them.
    pub(super) seen_in: Vec<Vec<Point>>,
    /// The components with points in `seen_in`.
    pub(super) touched: BTreeSet<u32>,
    pub(super) gave_up: bool,
    /// Per `arith.cmpi` result: the other comparisons of the same two values.
    pub(super) cmpi_siblings: FxHashMap<ValueId, Vec<ValueId>>,
    /// Whether the function writes a buffer address (or a value computed
    /// from one) into memory, as upstream's generic dealloc helper call
    /// does: then an `i1` read back from memory may encode which buffers
    /// are the same, and a branch on it cannot be taken as a free choice.
    pub(super) addresses_in_memory: bool,
    pub(super) memory: &'s MemoryFacts,
    /// Modelled sites (see [`MemoryFacts`]): length and whether `i1`.
    pub(super) modeled: FxHashMap<u32, (u32, bool)>,
    /// Inlined helpers, by their first op.
    pub(super) inlined: FxHashMap<OpId, InlinedHelper>,
}

/// Checks the body of the snapshot's root (a function) and every region of
/// an op without region-branch semantics inside it (as a body of its own).
pub fn check(snap: &Snapshot) -> Vec<Finding> {
    check_with(snap, &Boundary::default(), &MemoryFacts::default())
}

/// [`check`] with ownership flags at the function's boundary and what is
/// known of its memory.
pub fn check_with(snap: &Snapshot, boundary: &Boundary, memory: &MemoryFacts) -> Vec<Finding> {
    let flow = ValueFlow::new(snap);
    let mut sites = Vec::new();
    let mut site_of_value = FxHashMap::default();
    for op in snap.ops.iter().skip(1) {
        for &r in &op.results {
            let owned = flow.origin(r) == Origin::Allocation
                || (op.facts.is_call && snap.value(r).kind.is_buffer());
            if owned {
                site_of_value.insert(r, sites.len() as u32);
                sites.push(r);
            }
        }
    }
    let inlined: FxHashMap<OpId, InlinedHelper> = if memory.cells.is_empty() {
        FxHashMap::default()
    } else {
        inlined_helpers(snap, &memory.constants)
            .into_iter()
            .map(|h| (h.first, h))
            .collect()
    };
    let (modeled, modeled_values) = modeled_sites(snap, memory, &inlined, &site_of_value);
    let (component, components) = reach_components(snap);
    // The values whose defining op `names` and `cond` look through: buffers
    // derived from others, and the ops conditions are computed with.
    let through: Vec<bool> = (0..snap.values.len())
        .map(|v| {
            let v = ValueId(v as u32);
            match snap.value(v).def {
                ValueDef::OpResult { op, .. } => {
                    op != Snapshot::ROOT
                        && !site_of_value.contains_key(&v)
                        && (snap.value(v).kind.is_buffer()
                            || CONDITION_OPS.contains(&snap.op(op).name.as_str()))
                }
                ValueDef::BlockArg { .. } => false,
            }
        })
        .collect();
    let facts = fact_values(snap);
    let mut condition_operand = vec![false; snap.values.len()];
    for op in snap.ops.iter().skip(1) {
        if CONDITION_OPS.contains(&op.name.as_str()) {
            for &v in &op.operands {
                condition_operand[v.index()] = true;
            }
        }
    }
    let nesting = OpNesting::new(snap);
    let free = crate::analysis::liveness::free_values(snap, &nesting);
    let mut checker = Checker {
        snap,
        boundary,
        component,
        pending: vec![0; components as usize],
        active: BTreeSet::new(),
        seen_in: vec![Vec::new(); components as usize],
        touched: BTreeSet::new(),
        flow,
        liveness: SharedLiveness::with_free_values(snap, &free, |v| facts[v.index()]),
        facts,
        condition_operand,
        liveness_through: std::cell::OnceCell::new(),
        through,
        needed: FxHashMap::default(),
        needed_at: FxHashMap::default(),
        last_uses: FxHashMap::default(),
        after_op: FxHashMap::default(),
        closed_out: FxHashMap::default(),
        marks: vec![0; snap.values.len()],
        mark: 0,
        free,
        nesting,
        site_of_value,
        sites,
        findings: Vec::new(),
        reported: FxHashSet::default(),
        seen: FxHashMap::default(),
        work: Vec::new(),
        gave_up: false,
        addresses_in_memory: addresses_in_memory(snap, &modeled_values),
        cmpi_siblings: cmpi_siblings(snap),
        memory,
        modeled,
        inlined,
    };
    let mut bodies: Vec<BlockId> = snap
        .op(Snapshot::ROOT)
        .regions
        .iter()
        .filter_map(|&r| snap.entry_block(r))
        .collect();
    // Regions of ops that are neither region branches nor the root are
    // checked as bodies of their own, as are those of region branches whose
    // exits are unknown and hand on no buffer (`scf.forall`).
    for (index, op) in snap.ops.iter().enumerate().skip(1) {
        if !described(snap, OpId(index as u32)) && !op.regions.is_empty() {
            bodies.extend(op.regions.iter().filter_map(|&r| snap.entry_block(r)));
        }
    }
    for entry in bodies {
        checker.run_body(entry);
    }
    checker.findings
}

impl Checker<'_> {
    /// The op at `point`, or the root where the point is past a block's
    /// last op (what findings and undecided answers are reported at).
    pub(super) fn op_at(&self, point: Point) -> OpId {
        self.snap
            .block(point.block)
            .ops
            .get(point.index as usize)
            .copied()
            .unwrap_or(Snapshot::ROOT)
    }

    pub(super) fn run_body(&mut self, entry: BlockId) {
        self.seen.clear();
        self.gave_up = false;
        let state = State {
            inst: Instances::default(),
            current: Current::default(),
            bind: VecMap::default(),
            conds: VecMap::default(),
            addr: VecMap::default(),
            mem: VecMap::default(),
            since: None,
            assumed: false,
        };
        // Entry arguments of a nested body name memory of the op holding it.
        let mut state = state;
        for &a in &self.snap.block(entry).args {
            state.bind.insert(a, Names::NotOwned(Some(a)));
        }
        self.push(
            Point {
                block: entry,
                index: 0,
            },
            state,
            Path::default().then(entry),
        );
        while let Some((point, state, path)) = self.work.pop() {
            if self.gave_up {
                break;
            }
            let component = self.component[point.block.index()];
            self.run_from(point, state, path);
            self.finished(component);
        }
        let left: Vec<Point> = self.work.drain(..).map(|(point, _, _)| point).collect();
        for point in left {
            self.finished(self.component[point.block.index()]);
        }
    }

    /// A work item at a point of `component` is done (or abandoned): drops
    /// what is kept for the points no pending work can reach any more.
    /// Every pending item's component is at most the largest active one,
    /// and every move from a block stays at or below its component, so a
    /// point of a larger component is never reached again: its
    /// deduplication set and its `needed` set would never be read. This
    /// keeps the states of the blocks behind the paths out of memory (on a
    /// chain of blocks, all of them: memory quadratic in the chain's length).
    pub(super) fn finished(&mut self, component: u32) {
        let pending = &mut self.pending[component as usize];
        *pending -= 1;
        if *pending > 0 {
            return;
        }
        self.active.remove(&component);
        // Taken from the end one by one (a split would allocate a set each
        // time, and most calls drop no component or one).
        let largest = self.active.last().copied();
        while let Some(&c) = self.touched.last() {
            if largest.is_some_and(|l| c <= l) {
                break;
            }
            self.touched.pop_last();
            for point in std::mem::take(&mut self.seen_in[c as usize]) {
                self.seen.remove(&point);
                if point.index == 0 {
                    self.needed.remove(&point.block);
                } else {
                    self.needed_at.remove(&point);
                }
            }
        }
    }

    /// Continues a path at the start of `block`.
    pub(super) fn enter(&mut self, block: BlockId, state: State, path: &Path) {
        self.push(Point { block, index: 0 }, state, path.then(block));
    }

    pub(super) fn push(&mut self, point: Point, mut state: State, path: Path) {
        if point.index == 0 || self.prunes_after(point) {
            // Facts of values dead on entry cannot matter any more: dropping
            // them keeps paths that differ only there from multiplying.
            let needed = if point.index == 0 {
                self.needed(point.block)
            } else {
                self.needed_at(point)
            };
            state.bind.retain(|v, _| needed.contains(v));
            // A comparison's fact also stays while the values it compares
            // are needed: a later comparison of them is decided by it.
            state.conds.retain(|v, _| {
                needed.contains(v)
                    || (self.cmpi_siblings.contains_key(v)
                        && self.operands_of(*v).iter().all(|o| needed.contains(o)))
            });
            state.addr.retain(|v, _| needed.contains(v));
            self.canonicalize(&mut state, point, &path, &needed);
        }
        let component = self.component[point.block.index()];
        debug_assert!(
            self.active
                .last()
                .is_none_or(|&largest| component <= largest),
            "a point no pending work can reach is reached"
        );
        let seen = match self.seen.entry(point) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                self.seen_in[component as usize].push(point);
                self.touched.insert(component);
                e.insert(Seen::default())
            }
        };
        let hash = state_hash(&state);
        if seen.contains(hash, &state) {
            return;
        }
        if seen.len() >= MAX_STATES_PER_POINT {
            if !self.gave_up {
                self.gave_up = true;
                let at = self.op_at(point);
                self.undecided(
                    format!(
                        "more than {MAX_STATES_PER_POINT} distinct path states reach this point"
                    ),
                    at,
                    &path,
                );
            }
            return;
        }
        seen.insert(hash, state.clone());
        let pending = &mut self.pending[component as usize];
        *pending += 1;
        if *pending == 1 {
            self.active.insert(component);
        }
        self.work.push((point, state, path));
    }

    /// Whether path facts are also pruned at `point` inside its block: after
    /// a call with flagged results and after a `bufferization.dealloc`
    /// (freeing them), where paths that split on the flags would otherwise
    /// stay apart until the block ends.
    pub(super) fn prunes_after(&self, point: Point) -> bool {
        if self.boundary.calls.is_empty() || point.index == 0 {
            return false;
        }
        self.snap
            .block(point.block)
            .ops
            .get(point.index as usize - 1)
            .is_some_and(|&op| {
                self.boundary.calls.contains_key(&op)
                    || self.snap.op(op).name == OWNERSHIP_BASED_DEALLOC
            })
    }

    /// Reports that the checker cannot decide the body at `op`, and why.
    pub(super) fn undecided(&mut self, why: String, op: OpId, path: &Path) {
        self.report(FindingKind::Undecided(why), None, op, None, path);
    }

    pub(super) fn report(
        &mut self,
        kind: FindingKind,
        site: Option<u32>,
        at: OpId,
        freed_by: Option<OpId>,
        path: &Path,
    ) {
        // On a path that rests on an assumption a finding may be on a way
        // no execution takes: the checker cannot decide it.
        if path.assumed && !matches!(kind, FindingKind::Undecided(_)) {
            let what = match kind {
                FindingKind::Leak | FindingKind::Lost => "a leak",
                FindingKind::LeakOnReallocation => "a leak on reallocation",
                FindingKind::DoubleFree => "a double free",
                FindingKind::UseAfterFree => "a use after free",
                FindingKind::ReturnOfFreed => "a return after free",
                FindingKind::ReturnedTwice => "a buffer handed to the caller twice",
                FindingKind::FreeOfNotOwned => "a free of memory the function does not own",
                FindingKind::ReturnOfNotOwned => "a return of memory the function does not own",
                FindingKind::Undecided(_) => unreachable!("excluded above"),
            };
            let why = format!(
                "{what} on a path through both ways of a branch on a condition read from memory after buffer addresses were written to memory (e.g. by a dealloc helper that is not recognised): the way taken may run in no execution"
            );
            self.report(FindingKind::Undecided(why), None, at, None, path);
            return;
        }
        let tag = match &kind {
            FindingKind::Leak => 0,
            FindingKind::LeakOnReallocation => 1,
            FindingKind::DoubleFree => 2,
            FindingKind::UseAfterFree => 3,
            FindingKind::ReturnOfFreed => 4,
            FindingKind::ReturnedTwice => 5,
            FindingKind::FreeOfNotOwned => 6,
            FindingKind::Undecided(_) => 7,
            FindingKind::ReturnOfNotOwned => 8,
            // A buffer lost on entry to a block and one live at an exit are
            // the same leak.
            FindingKind::Lost => 0,
        };
        let site_op = site.and_then(|s| self.site_op(s));
        // One finding of a kind per allocation (the first path found), or per
        // op when there is no allocation.
        let key_at = if site_op.is_some() {
            Snapshot::ROOT
        } else {
            at
        };
        if !self.reported.insert((tag, site_op, key_at)) {
            return;
        }
        self.findings.push(Finding {
            kind,
            site: site_op,
            at,
            freed_by,
            path: path.blocks(),
        });
    }

    pub(super) fn site_op(&self, site: u32) -> Option<OpId> {
        match self.snap.value(self.sites[site as usize]).def {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// What `v` names on the path of `state`.
    pub(super) fn names(&self, state: &State, v: ValueId) -> Names {
        self.names_depth(state, v, 0)
    }

    pub(super) fn names_depth(&self, state: &State, v: ValueId, depth: u32) -> Names {
        if let Some(&s) = self.site_of_value.get(&v) {
            return match state.current.get(&s) {
                Some(&i) => Names::Site(i),
                // A flagged call result this path does not own: what the
                // call gave back.
                None => state.bind.get(&v).copied().unwrap_or(Names::Unknown),
            };
        }
        if let Some(&n) = state.bind.get(&v) {
            return n;
        }
        if depth > 64 {
            return Names::Unknown;
        }
        let incoming = self.flow.incoming(v);
        if incoming.is_empty() {
            return Names::NotOwned(Some(v));
        }
        if incoming
            .iter()
            .any(|e| matches!(e.kind, EdgeKind::Forward { .. }))
        {
            // A merge this path has not bound: it was never reached.
            return Names::Unknown;
        }
        let mut out: Option<Names> = None;
        for e in incoming {
            let n = match e.kind {
                EdgeKind::View | EdgeKind::Cast | EdgeKind::Derived => {
                    self.names_depth(state, e.from, depth + 1)
                }
                _ => Names::Unknown,
            };
            out = Some(match (out, n) {
                (None, n) => n,
                (Some(prev), n) if prev == n => prev,
                (Some(Names::NotOwned(_)), Names::NotOwned(_)) => Names::NotOwned(None),
                (Some(_), _) => Names::Unknown,
            });
        }
        let n = out.unwrap_or(Names::NotOwned(None));
        if self.flow.is_external(v) && !matches!(n, Names::NotOwned(_)) {
            Names::Unknown
        } else {
            n
        }
    }
}
