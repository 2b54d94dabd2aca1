//! A static checker of deallocation: on every path through a function, every
//! heap buffer is freed exactly once or handed to the caller, and no buffer is
//! used after its free. It judges the output of any pipeline (bufrs' passes,
//! upstream's ownership-based deallocation and its lowering) and never changes
//! the IR; it is the independent second opinion next to execution under
//! AddressSanitizer, in the spirit of regalloc2's checker.
//!
//! # Model
//!
//! A *site* is an op result that owns fresh heap memory: a result with an
//! `Allocate` effect not on the automatic-allocation-scope resource (allocs,
//! clones, reallocs) or a result of a call (callers own call results, the
//! seeds' contract). Each run of a site makes an *instance* with a status on
//! the path: live, freed, or returned to the caller. A site in a loop may
//! have several instances at once (the previous iteration's buffer carried in
//! a block argument while the next is allocated). Function arguments and
//! allocas are not owned: freeing them is a finding.
//!
//! The checker interprets the function abstractly, one *path state* at a time
//! (disjunctive: states are not merged, so facts along one path stay
//! correlated). A state holds the instances, the instance every merge value
//! (block argument, region argument, region-branch result) names on this
//! path, the `i1` values known on this path, and the site whose address each
//! `memref.extract_aligned_pointer_as_index` result holds. Other values find
//! their site through the shared value-flow graph ([`super::value_flow`]):
//! views and casts name their source's site; results that may be one of
//! several buffers (ops with unknown effects) name an unknown one.
//!
//! Control flow follows the interfaces in the snapshot: branch successors,
//! region-branch entry edges and region terminator edges (loop back edges
//! included). Branch conditions are followed where they are known on the path
//! (`cf.cond_br` and `scf.if` on an `i1` the path has decided, constants,
//! `arith.andi/ori/xori`, `arith.cmpi eq/ne` of two extracted addresses of
//! known sites): an edge the path cannot take is not taken. Frees are
//! `memref.dealloc` and any op with a `Free` effect, and
//! `bufferization.dealloc` with the semantics of seed 001: each memref is
//! freed when its condition holds and it names no retained value's memory;
//! a condition unknown on the path splits the path in two; the updated
//! ownership results are computed when everything they depend on is known.
//! On entry to a block, facts of values that are dead there are dropped, and
//! an instance no live value names any more is dropped too: if it is still
//! live, it leaks on that path. So loops reach a fixed point (finitely many
//! states) and a buffer lost around a back edge is found where it is lost.
//!
//! # Findings and undecided cases
//!
//! A finding names the site, the op at fault and one concrete path (the
//! blocks and region edges taken). What the checker cannot follow soundly is
//! reported as *undecided*, never as correct: a use or free through a value
//! that may be one of several buffers, an op that may be a terminator with
//! unknown successors, a branch on a condition read from memory it cannot
//! follow, a path count above the limit. An op with regions but no
//! region-branch semantics is one op that uses what its regions use.

use std::{
    collections::{BTreeMap, BTreeSet},
    rc::Rc,
};

use rustc_hash::{FxHashMap, FxHashSet};

use super::{
    allocs::DeallocParts,
    dealloc_helper::{Constants, HelperUse, InlinedHelper, inlined_helpers},
    liveness::{OpNesting, SharedLiveness},
    snapshot::{BlockId, EffectKind, Effects, OpId, RegionTarget, Snapshot, ValueDef, ValueId},
    value_flow::{EdgeKind, Origin, ValueFlow},
};

use super::allocs::OWNERSHIP_BASED_DEALLOC;
use super::ownership::has_opaque_exits;

/// Ops whose `i1` or address results path conditions are computed from
/// (see [`Checker::cond`]).
const CONDITION_OPS: &[&str] = &[
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.select",
    "arith.cmpi",
    "memref.extract_aligned_pointer_as_index",
];

/// Most path states kept per program point before giving up as undecided.
pub const MAX_STATES_PER_POINT: usize = 256;

/// What is wrong, at which op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// The site is live when the function (or a region it cannot leave) is
    /// left at `at`.
    Leak,
    /// `at` allocates the site again while its previous buffer is live and
    /// named by nothing.
    LeakOnReallocation,
    /// On entry to the block of `at`, a live buffer of the site is named by
    /// no value any more (typically the previous iteration's buffer of a
    /// loop): it can never be freed.
    Lost,
    /// `at` frees the site a second time.
    DoubleFree,
    /// `at` uses the site after its free.
    UseAfterFree,
    /// `at` returns the site after its free.
    ReturnOfFreed,
    /// `at` hands the site to the caller a second time (the caller would free
    /// it twice).
    ReturnedTwice,
    /// `at` frees memory the function does not own (an argument, an alloca,
    /// memory of unknown origin).
    FreeOfNotOwned,
    /// `at` returns memory the function does not own (an argument, an
    /// alloca, a global): the caller, who owns every returned buffer, would
    /// free it.
    ReturnOfNotOwned,
    /// The checker cannot decide the function (see the module docs).
    Undecided(String),
}

/// One finding: `kind` for `site` (the allocation op, when there is one) at
/// `at`, along `path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    pub site: Option<OpId>,
    pub at: OpId,
    /// The first free of the site, for double frees and uses after free.
    pub freed_by: Option<OpId>,
    /// One path to the fault: the blocks entered, in order.
    pub path: Vec<BlockId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Status {
    Live,
    Freed,
    Returned,
}

/// What a value names on a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Names {
    /// An instance of a site (index into [`State::inst`]).
    Site(u32),
    /// Memory the function does not own (argument, alloca, global, ...), with
    /// the value it is reached from when one is known (two names of the same
    /// root are the same buffer: upstream's lowered deallocs compare their
    /// addresses).
    NotOwned(Option<ValueId>),
    /// Possibly one of several buffers.
    Unknown,
}

/// One buffer allocated by a site on a path. A site in a loop may have
/// several at once (the buffer of a previous iteration still reachable
/// through a block argument while the next one is allocated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Instance {
    site: u32,
    status: Status,
    /// The op that freed it (for notes).
    freed_by: Option<OpId>,
}

/// A set of values (persistent: clones share their structure).
type ValueSet = imbl::OrdSet<ValueId>;

/// A well-mixed 64-bit hash of `x` (the splitmix64 finalizer): element
/// hashes of the running sums below.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The instances of a path state, persistent (shared between clones,
/// copied on write per chunk: the states a path leaves in the deduplication
/// sets at every block entry share what they have in common instead of each
/// holding every live instance), with a running hash of the contents: the
/// wrapping sum of one hash per (index, instance), updated on every write,
/// so hashing a state does not walk its instances.
#[derive(Clone, Debug, Default)]
struct Instances {
    v: imbl::Vector<Instance>,
    hash: u64,
}

impl Instances {
    fn element_hash(i: usize, inst: &Instance) -> u64 {
        let status = inst.status as u64;
        let freed_by = inst.freed_by.map_or(0, |o| o.0 as u64 + 1);
        mix(mix(mix(i as u64) ^ inst.site as u64) ^ (status | freed_by << 2))
    }

    fn len(&self) -> usize {
        self.v.len()
    }

    fn push_back(&mut self, inst: Instance) {
        self.hash = self
            .hash
            .wrapping_add(Self::element_hash(self.v.len(), &inst));
        self.v.push_back(inst);
    }

    /// Changes instance `i` in place.
    fn update(&mut self, i: u32, f: impl FnOnce(&mut Instance)) {
        let i = i as usize;
        let mut inst = self.v[i];
        self.hash = self.hash.wrapping_sub(Self::element_hash(i, &inst));
        f(&mut inst);
        self.hash = self.hash.wrapping_add(Self::element_hash(i, &inst));
        self.v.set(i, inst);
    }

    fn iter(&self) -> impl Iterator<Item = &Instance> {
        self.v.iter()
    }
}

impl std::ops::Index<usize> for Instances {
    type Output = Instance;
    fn index(&self, i: usize) -> &Instance {
        &self.v[i]
    }
}

impl FromIterator<Instance> for Instances {
    fn from_iter<I: IntoIterator<Item = Instance>>(iter: I) -> Self {
        let mut out = Instances::default();
        for inst in iter {
            out.push_back(inst);
        }
        out
    }
}

/// Per site (only sites with one): its latest instance, named by the
/// allocation's own result. Sparse (a function has many sites, a point few
/// live ones) and persistent, as [`Instances`], with a running hash of the
/// contents (the wrapping sum of one hash per entry). Two more things that
/// are not part of the contents (neither compared nor hashed) let
/// [`Checker::canonicalize`] skip a walk over every entry at each block
/// entry: `identity` is true only when the instances, in the order of their
/// sites, are `0, 1, ..., len - 1` (false when unsure), and `fresh` lists
/// the sites set since the state was last canonicalized.
#[derive(Clone, Debug)]
struct Current {
    map: imbl::OrdMap<u32, u32>,
    hash: u64,
    identity: bool,
    fresh: Vec<u32>,
}

impl Default for Current {
    fn default() -> Self {
        Current {
            map: imbl::OrdMap::new(),
            hash: 0,
            identity: true,
            fresh: Vec::new(),
        }
    }
}

impl Current {
    fn element_hash(site: u32, inst: u32) -> u64 {
        mix(mix(site as u64) ^ inst as u64)
    }

    fn get(&self, site: &u32) -> Option<&u32> {
        self.map.get(site)
    }

    fn contains_key(&self, site: &u32) -> bool {
        self.map.contains_key(site)
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    fn insert(&mut self, site: u32, inst: u32) {
        let last = self.map.get_max().map(|&(k, _)| k);
        match self.map.insert(site, inst) {
            Some(old) => {
                self.hash = self.hash.wrapping_sub(Self::element_hash(site, old));
                self.identity = false;
            }
            None => {
                // Still 0..len in site order only when appended at the end.
                if !(last.is_none_or(|k| k < site) && inst as usize + 1 == self.map.len()) {
                    self.identity = false;
                }
            }
        }
        self.hash = self.hash.wrapping_add(Self::element_hash(site, inst));
        self.fresh.push(site);
    }

    fn remove(&mut self, site: &u32) {
        if let Some(old) = self.map.remove(site) {
            self.hash = self.hash.wrapping_sub(Self::element_hash(*site, old));
            // Still 0..len in site order only when the last one went.
            if !(old as usize == self.map.len()
                && self.map.get_max().is_none_or(|&(k, _)| k < *site))
            {
                self.identity = false;
            }
        }
    }

    fn keys(&self) -> impl Iterator<Item = &u32> {
        self.map.keys()
    }

    fn values(&self) -> impl Iterator<Item = &u32> {
        self.map.values()
    }

    fn iter(&self) -> impl Iterator<Item = (&u32, &u32)> {
        self.map.iter()
    }
}

impl FromIterator<(u32, u32)> for Current {
    fn from_iter<I: IntoIterator<Item = (u32, u32)>>(iter: I) -> Self {
        let mut map = imbl::OrdMap::new();
        let mut hash = 0u64;
        for (site, inst) in iter {
            if let Some(old) = map.insert(site, inst) {
                hash = hash.wrapping_sub(Self::element_hash(site, old));
            }
            hash = hash.wrapping_add(Self::element_hash(site, inst));
        }
        let identity = map.values().enumerate().all(|(k, &i)| k as u32 == i);
        Current {
            map,
            hash,
            identity,
            fresh: Vec::new(),
        }
    }
}

#[derive(Clone, Debug)]
struct State {
    inst: Instances,
    current: Current,
    bind: BTreeMap<ValueId, Names>,
    conds: BTreeMap<ValueId, bool>,
    addr: BTreeMap<ValueId, Names>,
    /// The cells of small local buffers written on this path (see
    /// [`MemoryFacts`]), by site and index: the latest instance of the site
    /// holds them.
    mem: BTreeMap<(u32, u32), Cell>,
    /// Not part of the contents (neither compared nor hashed): the needed
    /// set of the point where the state was last canonicalized, so that the
    /// next canonicalization finds the sites whose results stopped being
    /// needed from the difference of the two sets instead of testing every
    /// site of `current`.
    since: Option<ValueSet>,
}

/// Equality and hashing by contents: the instances and the latest instance
/// per site (compared element by element only when their running hashes
/// agree), the bindings and the facts.
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.inst.hash == other.inst.hash
            && self.current.hash == other.current.hash
            && self.inst.len() == other.inst.len()
            && self.current.len() == other.current.len()
            && self.bind == other.bind
            && self.conds == other.conds
            && self.addr == other.addr
            && self.mem == other.mem
            && self.inst.v == other.inst.v
            && self.current.map == other.current.map
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.inst.hash);
        h.write_usize(self.inst.len());
        h.write_u64(self.current.hash);
        h.write_usize(self.current.len());
        self.bind.hash(h);
        self.conds.hash(h);
        self.addr.hash(h);
        self.mem.hash(h);
    }
}

/// The distinct states that reached one point, each with its hash
/// ([`state_hash`]), compared by hash first. A point is reached by one or
/// two states on most paths and by at most [`MAX_STATES_PER_POINT`]: a
/// list allocated to its length holds them in less memory than a hash set
/// (whose smallest table holds several states), and a scan of the hashes
/// costs less than hashing into one.
#[derive(Default)]
struct Seen(Vec<(u64, State)>);

impl Seen {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn contains(&self, hash: u64, state: &State) -> bool {
        self.0.iter().any(|(h, s)| *h == hash && s == state)
    }

    fn insert(&mut self, hash: u64, state: State) {
        // Exact growth while short (most points keep one or two states),
        // doubling beyond.
        if self.0.len() < 4 {
            self.0.reserve_exact(1);
        }
        self.0.push((hash, state));
    }
}

/// The hash of a state's contents ([`State`]'s `Hash`).
fn state_hash(state: &State) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = rustc_hash::FxBuildHasher.build_hasher();
    state.hash(&mut h);
    h.finish()
}

/// What a cell of a modelled buffer holds: an `i1` or a buffer address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cell {
    Bool(bool),
    Addr(Names),
}

/// What the checker knows of a function's memory beyond the snapshot (the
/// pass reads it from the IR): integer constants, the static 1-D shapes of
/// allocations of `i1` and `index` cells, and the direct calls of functions
/// recognised as upstream's generic dealloc helper
/// ([`super::dealloc_helper`]).
///
/// An allocation whose every use (through casts) is a load or store at a
/// constant index within its shape, a free, or a buffer of a helper call is
/// *modelled*: a path keeps what it stored in each cell, a load gives it
/// back, and a helper call computes its outputs from its inputs' cells.
#[derive(Clone, Debug, Default)]
pub struct MemoryFacts {
    pub constants: Constants,
    /// Per allocation result: its length and whether its elements are `i1`
    /// (else `index`).
    pub cells: FxHashMap<ValueId, (u32, bool)>,
    /// Per direct call of a helper: the operand index of each buffer.
    pub helper_calls: FxHashMap<OpId, HelperUse<usize>>,
}

/// A place execution continues from: op `index` of `block`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Point {
    block: BlockId,
    index: u32,
}

/// The blocks a path entered, newest first, sharing its prefix with the
/// paths it was split from: extending one is O(1) (a `Vec` per path made
/// every block entry cost the path's length, quadratic on long functions).
#[derive(Clone, Default)]
struct Path(Option<Rc<PathNode>>);

struct PathNode {
    block: BlockId,
    before: Path,
}

impl Path {
    fn then(&self, block: BlockId) -> Path {
        Path(Some(Rc::new(PathNode {
            block,
            before: self.clone(),
        })))
    }

    /// The blocks in the order they were entered.
    fn blocks(&self) -> Vec<BlockId> {
        let mut out = Vec::new();
        let mut at = &self.0;
        while let Some(node) = at {
            out.push(node.block);
            at = &node.before.0;
        }
        out.reverse();
        out
    }
}

struct Checker<'s> {
    snap: &'s Snapshot,
    boundary: &'s Boundary,
    flow: ValueFlow,
    /// Live sets per block, shared between blocks.
    liveness: SharedLiveness,
    /// Per value: whether [`Checker::close`] looks through its defining op.
    through: Vec<bool>,
    /// Per block: the values whose path facts matter on entry (see
    /// [`Checker::needed`]).
    needed: FxHashMap<BlockId, ValueSet>,
    /// [`Checker::needed_at`], per point.
    needed_at: FxHashMap<Point, ValueSet>,
    /// Per block: the last position using each value ([`Checker::last_uses`]).
    last_uses: FxHashMap<BlockId, Vec<(ValueId, u32)>>,
    /// Per region-branch op: what its enclosing blocks still need after it,
    /// closed ([`Checker::after_op`]).
    after_op: FxHashMap<OpId, ValueSet>,
    /// Per op: the values its regions and itself use that are defined
    /// outside it ([`super::liveness::free_values`]).
    free: Vec<Vec<ValueId>>,
    nesting: OpNesting,
    site_of_value: FxHashMap<ValueId, u32>,
    sites: Vec<ValueId>,
    /// Region of the body being checked: its exits end a path.
    findings: Vec<Finding>,
    reported: FxHashSet<(u8, Option<OpId>, OpId)>,
    seen: FxHashMap<Point, Seen>,
    work: Vec<(Point, State, Path)>,
    /// Per block: its strongly connected component in the graph of every
    /// move the checker can make from a block ([`reach_components`]),
    /// numbered so that a block reaches only components with a number at
    /// most its own.
    component: Vec<u32>,
    /// Per component: how many work items (the running one included) are at
    /// a point of its blocks.
    pending: Vec<u32>,
    /// The components with pending work. Nothing can reach a point of a
    /// component larger than the largest of them any more.
    active: BTreeSet<u32>,
    /// Per component: the points of `seen` in it, dropped (with their
    /// `needed` sets) once no pending work can reach them.
    seen_in: Vec<Vec<Point>>,
    /// The components with points in `seen_in`.
    touched: BTreeSet<u32>,
    gave_up: bool,
    /// Per `arith.cmpi` result: the other comparisons of the same two values.
    cmpi_siblings: FxHashMap<ValueId, Vec<ValueId>>,
    /// Whether the function writes a buffer address (or a value computed
    /// from one) into memory, as upstream's generic dealloc helper call
    /// does: then an `i1` read back from memory may encode which buffers
    /// are the same, and a branch on it cannot be taken as a free choice.
    addresses_in_memory: bool,
    memory: &'s MemoryFacts,
    /// Modelled sites (see [`MemoryFacts`]): length and whether `i1`.
    modeled: FxHashMap<u32, (u32, bool)>,
    /// Inlined helpers, by their first op.
    inlined: FxHashMap<OpId, InlinedHelper>,
}

/// Ownership flags at the function's boundary (private-function dynamic
/// ownership): a returned buffer is handed to the caller only when its flag
/// holds, and a flagged call's buffer result is a fresh buffer the function
/// owns when its flag holds and otherwise one of the call's buffer operands
/// (or memory neither owns, when it has none).
#[derive(Clone, Debug, Default)]
pub struct Boundary {
    /// Per returned buffer: its operand index and its flag's, in the
    /// function's returns.
    pub returns: Vec<(usize, usize)>,
    /// Calls with flagged results: per buffer result, its index and its
    /// flag's among the call's results.
    pub calls: FxHashMap<OpId, Vec<(usize, usize)>>,
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
    let nesting = OpNesting::new(snap);
    let free = super::liveness::free_values(snap, &nesting);
    let mut checker = Checker {
        snap,
        boundary,
        component,
        pending: vec![0; components as usize],
        active: BTreeSet::new(),
        seen_in: vec![Vec::new(); components as usize],
        touched: BTreeSet::new(),
        flow,
        liveness: SharedLiveness::with_free_values(snap, &free, |_| true),
        through,
        needed: FxHashMap::default(),
        needed_at: FxHashMap::default(),
        last_uses: FxHashMap::default(),
        after_op: FxHashMap::default(),
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

/// Whether the checker follows `op`'s control flow through its
/// `RegionBranchOpInterface` (otherwise its regions are bodies of their own
/// and the op a use of what they use).
fn described(snap: &Snapshot, op: OpId) -> bool {
    snap.op(op).facts.region_branch.is_some() && !has_opaque_exits(snap, op)
}

impl<'s> Checker<'s> {
    fn run_body(&mut self, entry: BlockId) {
        self.seen.clear();
        self.gave_up = false;
        let state = State {
            inst: Instances::default(),
            current: Current::default(),
            bind: BTreeMap::new(),
            conds: BTreeMap::new(),
            addr: BTreeMap::new(),
            mem: BTreeMap::new(),
            since: None,
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
    fn finished(&mut self, component: u32) {
        let pending = &mut self.pending[component as usize];
        *pending -= 1;
        if *pending > 0 {
            return;
        }
        self.active.remove(&component);
        let gone = match self.active.last() {
            Some(&largest) => self.touched.split_off(&(largest + 1)),
            None => std::mem::take(&mut self.touched),
        };
        for c in gone {
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
    fn enter(&mut self, block: BlockId, state: State, path: &Path) {
        self.push(Point { block, index: 0 }, state, path.then(block));
    }

    fn push(&mut self, point: Point, mut state: State, path: Path) {
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
                let at = self
                    .snap
                    .block(point.block)
                    .ops
                    .get(point.index as usize)
                    .copied()
                    .unwrap_or(Snapshot::ROOT);
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
        let component = self.component[point.block.index()];
        self.pending[component as usize] += 1;
        self.active.insert(component);
        self.work.push((point, state, path));
    }

    /// Whether path facts are also pruned at `point` inside its block: after
    /// a call with flagged results and after a `bufferization.dealloc`
    /// (freeing them), where paths that split on the flags would otherwise
    /// stay apart until the block ends.
    fn prunes_after(&self, point: Point) -> bool {
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

    /// [`Checker::needed`] at `point` inside its block: the values used by
    /// the ops from `point` on (or nested in them), live out of the block,
    /// or needed after the block's region-branch parent, and what they are
    /// computed from.
    fn needed_at(&mut self, point: Point) -> ValueSet {
        if let Some(n) = self.needed_at.get(&point) {
            return n.clone();
        }
        let block = point.block;
        let mut set = self.liveness.live_out(block).clone();
        let mut looked = self.looked_through(self.liveness.live_out(block));
        let used: Vec<ValueId> = self
            .last_uses(block)
            .iter()
            .filter(|&&(_, last)| last >= point.index)
            .map(|&(v, _)| v)
            .collect();
        self.add_needed(&mut set, &mut looked, used);
        self.outer_needed(block, &mut set);
        self.close(&mut set, looked);
        self.needed_at.insert(point, set.clone());
        set
    }

    /// The operands of the op defining `v` (none for a block argument).
    fn operands_of(&self, v: ValueId) -> &[ValueId] {
        match self.snap.value(v).def {
            ValueDef::OpResult { op, .. } => &self.snap.op(op).operands,
            ValueDef::BlockArg { .. } => &[],
        }
    }

    /// The values whose facts a path may still need on entry to `block`: its
    /// arguments, the values live into it, for a block of a region-branch
    /// op's region whatever the op's enclosing blocks still need after it,
    /// and, through their defining ops, everything they are computed from (a
    /// view's source, a condition's operands), since what a value names is
    /// looked up through them.
    ///
    /// A persistent set built from the block's shared live-in set: the
    /// needed sets of neighbouring blocks share most of their structure, so
    /// keeping one per block costs what differs between them, and the
    /// values that stop being needed from one to the next are found without
    /// walking either (see [`Checker::canonicalize`]).
    fn needed(&mut self, block: BlockId) -> ValueSet {
        if let Some(n) = self.needed.get(&block) {
            return n.clone();
        }
        let snap = self.snap;
        let mut set = self.liveness.live_in(block).clone();
        let mut looked = self.looked_through(self.liveness.live_in(block));
        self.add_needed(&mut set, &mut looked, snap.block(block).args.to_vec());
        self.outer_needed(block, &mut set);
        self.close(&mut set, looked);
        self.needed.insert(block, set.clone());
        set
    }

    /// The values of `live` whose defining op [`Checker::close`] looks
    /// through (liveness is per value: those are exactly the values live
    /// there among the ones it looks through).
    fn looked_through(&self, live: &ValueSet) -> Vec<ValueId> {
        live.iter()
            .copied()
            .filter(|v| self.through[v.index()])
            .collect()
    }

    /// Adds `values` to `set`, and those [`Checker::close`] looks through
    /// to `looked`.
    fn add_needed(&self, set: &mut ValueSet, looked: &mut Vec<ValueId>, values: Vec<ValueId>) {
        for v in values {
            if self.through[v.index()] {
                looked.push(v);
            }
            if !set.contains(&v) {
                set.insert(v);
            }
        }
    }

    /// Adds what the enclosing blocks of `block`'s region-branch parents
    /// still need after them (their live-out sets and the values used after
    /// the parent op).
    fn outer_needed(&mut self, block: BlockId, set: &mut ValueSet) {
        let parent = self.snap.parent_op_of_block(block);
        if let Some(after) = self.after_op(parent) {
            union_into(set, &after);
        }
    }

    /// For a region-branch op: what its enclosing blocks still need after
    /// it (the live-out set of its block, the values used after it there,
    /// and the same for its own region-branch parent), closed under what
    /// [`Checker::close`] looks through (a union of closed sets is closed,
    /// so users add it as it is). Kept per op, so that nested region-branch
    /// ops share their parents' sets instead of each walking every
    /// enclosing block (cubic in the nesting depth).
    fn after_op(&mut self, op: OpId) -> Option<ValueSet> {
        let snap = self.snap;
        if op == Snapshot::ROOT || !described(snap, op) {
            return None;
        }
        if let Some(known) = self.after_op.get(&op) {
            return Some(known.clone());
        }
        let outer = snap.op(op).parent_block?;
        let mut set = self.liveness.live_out(outer).clone();
        let mut looked = self.looked_through(self.liveness.live_out(outer));
        let position = snap.op(op).position;
        // The op's own results have no value while a path is in its
        // regions.
        let results = &snap.op(op).results;
        let used: Vec<ValueId> = self
            .last_uses(outer)
            .iter()
            .filter(|&&(v, last)| last > position && !results.contains(&v))
            .map(|&(v, _)| v)
            .collect();
        self.add_needed(&mut set, &mut looked, used);
        self.close(&mut set, looked);
        let grandparent = snap.parent_op_of_block(outer);
        if let Some(after) = self.after_op(grandparent) {
            union_into(&mut set, &after);
        }
        self.after_op.insert(op, set.clone());
        Some(set)
    }

    /// Closes `set` under what `names` and `cond` look through: from the
    /// values of `looked` (every value of `set` whose defining op they look
    /// through), the operands of their defining ops (and a comparison's
    /// siblings, which decide it too), transitively. Values whose defining
    /// op is not looked through (sites, block arguments, most values) add
    /// nothing, so only `looked` needs a walk.
    fn close(&self, set: &mut ValueSet, mut work: Vec<ValueId>) {
        let snap = self.snap;
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        while let Some(v) = work.pop() {
            if !seen.insert(v) {
                continue;
            }
            if !set.contains(&v) {
                set.insert(v);
            }
            if !self.through[v.index()] {
                continue;
            }
            let ValueDef::OpResult { op, .. } = snap.value(v).def else {
                continue;
            };
            work.extend(snap.op(op).operands.iter().copied());
            // A comparison is decided by facts on its siblings too.
            if let Some(siblings) = self.cmpi_siblings.get(&v) {
                work.extend(siblings.iter().copied());
            }
        }
    }

    /// For every value used in `block` (by its ops or ops nested in them):
    /// the position of the last op of the block that uses it.
    ///
    /// Values defined inside an op's regions are used there only, so each
    /// op contributes its free values ([`super::liveness::free_values`]): no walk of the ops
    /// nested in it.
    fn last_uses(&mut self, block: BlockId) -> &[(ValueId, u32)] {
        let snap = self.snap;
        let free = &self.free;
        self.last_uses.entry(block).or_insert_with(|| {
            let mut last: FxHashMap<ValueId, u32> = FxHashMap::default();
            for &top in &snap.block(block).ops {
                let position = snap.op(top).position;
                for &v in &free[top.index()] {
                    last.insert(v, position);
                }
            }
            last.into_iter().collect()
        })
    }

    /// Drops the instances nothing can name any more on entry to a block (not
    /// named by a live allocation result, not bound to a live value) — a live
    /// one among them is a leak, found here — and numbers the rest in a
    /// canonical order, so that equal path facts make equal states.
    fn canonicalize(&mut self, state: &mut State, point: Point, path: &Path, needed: &ValueSet) {
        // A site's latest instance stays named by the allocation's result only
        // while that result may still be used.
        // (Removed one by one: a map rebuilt when nothing goes would share
        // nothing with the states it was cloned from.)
        // Every site of `current` was needed where the state was last
        // canonicalized (at `since`) or has been set since (`fresh`): the
        // ones that go are among the results needed there and not here,
        // and the fresh ones.
        let gone: Vec<u32> = match &state.since {
            Some(since) => {
                let mut gone: Vec<u32> = since
                    .diff(needed)
                    .filter_map(|item| match item {
                        imbl::ordset::DiffItem::Remove(v) => self.site_of_value.get(v).copied(),
                        imbl::ordset::DiffItem::Add(_) => None,
                    })
                    .filter(|s| state.current.contains_key(s))
                    .collect();
                gone.extend(state.current.fresh.iter().copied().filter(|s| {
                    state.current.contains_key(s) && !needed.contains(&self.sites[*s as usize])
                }));
                gone.sort_unstable();
                gone.dedup();
                gone
            }
            None => state
                .current
                .keys()
                .filter(|&&s| !needed.contains(&self.sites[s as usize]))
                .copied()
                .collect(),
        };
        for s in gone {
            state.current.remove(&s);
        }
        if !state.mem.is_empty() {
            let current = &state.current;
            state.mem.retain(|(s, _), _| current.contains_key(s));
        }
        state.current.fresh.clear();
        state.since = Some(needed.clone());
        // Already canonical without a walk over every instance: the latest
        // instances are 0..c in site order, every other instance is named
        // by a binding or an address, first named in order c, c+1, ...
        if state.current.identity {
            let c = state.current.len() as u32;
            let mut next = c;
            let mut in_order = true;
            for n in state
                .bind
                .values()
                .chain(state.addr.values())
                .chain(cell_names(&state.mem))
            {
                if let Names::Site(i) = *n {
                    if i == next {
                        next += 1;
                    } else if i > next {
                        in_order = false;
                        break;
                    }
                }
            }
            if in_order && next as usize == state.inst.len() {
                return;
            }
        }
        let count = state.inst.len();
        let mut order: Vec<u32> = Vec::with_capacity(count);
        let mut new_index = vec![u32::MAX; count];
        let mut take = |i: u32, order: &mut Vec<u32>| {
            if new_index[i as usize] == u32::MAX {
                new_index[i as usize] = order.len() as u32;
                order.push(i);
            }
        };
        for i in state.current.values() {
            take(*i, &mut order);
        }
        for n in state
            .bind
            .values()
            .chain(state.addr.values())
            .chain(cell_names(&state.mem))
        {
            if let Names::Site(i) = n {
                take(*i, &mut order);
            }
        }
        let lost: Vec<Instance> = state
            .inst
            .iter()
            .zip(&new_index)
            .filter(|(inst, n)| **n == u32::MAX && inst.status == Status::Live)
            .map(|(inst, _)| *inst)
            .collect();
        let at = self
            .snap
            .block(point.block)
            .ops
            .get(point.index as usize)
            .copied()
            .unwrap_or(Snapshot::ROOT);
        for inst in lost {
            self.report(FindingKind::Lost, Some(inst.site), at, None, path);
        }
        // Already canonical (nothing dropped, nothing reordered): left as it
        // is, shared with the states it came from.
        if order.len() == count && order.iter().enumerate().all(|(k, &i)| k as u32 == i) {
            state.current.identity = true;
            return;
        }
        let renumber = |n: &mut Names| {
            if let Names::Site(i) = n {
                *i = new_index[*i as usize];
            }
        };
        state.inst = order.iter().map(|&i| state.inst[i as usize]).collect();
        state.current = state
            .current
            .iter()
            .map(|(&s, &c)| (s, new_index[c as usize]))
            .collect();
        state.bind.values_mut().for_each(renumber);
        state.addr.values_mut().for_each(renumber);
        for cell in state.mem.values_mut() {
            if let Cell::Addr(n) = cell {
                renumber(n);
            }
        }
    }

    /// Reports that the checker cannot decide the body at `op`, and why.
    fn undecided(&mut self, why: String, op: OpId, path: &Path) {
        self.report(FindingKind::Undecided(why), None, op, None, path);
    }

    fn report(
        &mut self,
        kind: FindingKind,
        site: Option<u32>,
        at: OpId,
        freed_by: Option<OpId>,
        path: &Path,
    ) {
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

    fn site_op(&self, site: u32) -> Option<OpId> {
        match self.snap.value(self.sites[site as usize]).def {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// What `v` names on the path of `state`.
    fn names(&self, state: &State, v: ValueId) -> Names {
        self.names_depth(state, v, 0)
    }

    fn names_depth(&self, state: &State, v: ValueId, depth: u32) -> Names {
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

    /// The value of an `i1` on this path, if known.
    fn cond(&self, state: &State, v: ValueId) -> Option<bool> {
        if let Some(&c) = state.conds.get(&v) {
            return Some(c);
        }
        self.compute_cond(state, v)
    }

    /// The value of an `i1` computed from its defining op and what the path
    /// knows of the op's operands (not from a fact recorded for `v` itself).
    fn compute_cond(&self, state: &State, v: ValueId) -> Option<bool> {
        let ValueDef::OpResult { op, .. } = self.snap.value(v).def else {
            return None;
        };
        let info = self.snap.op(op);
        if let Some(c) = info.facts.constant_bool {
            return Some(c);
        }
        let arg = |i: usize| info.operands.get(i).copied();
        match info.name.as_str() {
            "arith.andi" | "arith.ori" | "arith.xori" => {
                let a = self.cond(state, arg(0)?);
                let b = self.cond(state, arg(1)?);
                match (info.name.as_str(), a, b) {
                    ("arith.andi", Some(false), _) | ("arith.andi", _, Some(false)) => Some(false),
                    ("arith.andi", Some(x), Some(y)) => Some(x && y),
                    ("arith.ori", Some(true), _) | ("arith.ori", _, Some(true)) => Some(true),
                    ("arith.ori", Some(x), Some(y)) => Some(x || y),
                    ("arith.xori", Some(x), Some(y)) => Some(x ^ y),
                    _ => None,
                }
            }
            // `arith.select` of `i1`s, as upstream's ownership conditions
            // are built (e.g. `select %c, %c, (xori %c, true)`).
            "arith.select" => match self.cond(state, arg(0)?)? {
                true => self.cond(state, arg(1)?),
                false => self.cond(state, arg(2)?),
            },
            "arith.cmpi" => {
                let predicate = info.facts.cmpi_predicate?;
                let by_address = (|| {
                    let a = *state.addr.get(&arg(0)?)?;
                    let b = *state.addr.get(&arg(1)?)?;
                    let equal = self.same_buffer(state, a, b)?;
                    match predicate {
                        0 => Some(equal),  // eq
                        1 => Some(!equal), // ne
                        _ => None,
                    }
                })();
                by_address.or_else(|| self.cmpi_from_siblings(state, v))
            }
            _ => None,
        }
    }

    /// A comparison decided by what the path knows of another comparison of
    /// the same two values (e.g. `cmpi ule %a, %b` false once `cmpi ugt %a,
    /// %b` is known true, as upstream's ownership selects pair them).
    fn cmpi_from_siblings(&self, state: &State, v: ValueId) -> Option<bool> {
        let ValueDef::OpResult { op, .. } = self.snap.value(v).def else {
            return None;
        };
        let wanted = Orderings::of_predicate(self.snap.op(op).facts.cmpi_predicate?)?;
        let (a, _) = cmpi_operands(self.snap, op)?;
        let mut possible = Orderings::ALL;
        for &sibling in self.cmpi_siblings.get(&v)? {
            let Some(&known) = state.conds.get(&sibling) else {
                continue;
            };
            let ValueDef::OpResult { op: sop, .. } = self.snap.value(sibling).def else {
                continue;
            };
            let Some(mut holds) = self
                .snap
                .op(sop)
                .facts
                .cmpi_predicate
                .and_then(Orderings::of_predicate)
            else {
                continue;
            };
            if cmpi_operands(self.snap, sop).map(|(sa, _)| sa) != Some(a) {
                holds = holds.swapped();
            }
            if holds.signed != wanted.signed && !(holds.sign_free() || wanted.sign_free()) {
                continue;
            }
            possible = possible.intersect(if known { holds } else { holds.complement() });
        }
        if possible.within(wanted) {
            Some(true)
        } else if possible.disjoint(wanted) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether two names are the same buffer on the path (`None`: cannot
    /// tell). The same instance or the same not-owned root is one buffer; two
    /// live instances, or a live instance and memory the function does not
    /// own, are distinct buffers (a live heap allocation overlaps nothing
    /// else). A freed instance keeps its address, which memory that existed
    /// while it was live (an argument, a stack buffer) cannot have; other
    /// memory may have reused it. Two not-owned roots (two arguments) may
    /// alias.
    fn same_buffer(&self, state: &State, a: Names, b: Names) -> Option<bool> {
        let live = |i: u32| state.inst[i as usize].status == Status::Live;
        match (a, b) {
            (Names::Site(x), Names::Site(y)) if x == y => Some(true),
            (Names::Site(x), Names::Site(y)) if live(x) && live(y) => Some(false),
            (Names::Site(x), Names::NotOwned(root)) | (Names::NotOwned(root), Names::Site(x))
                if live(x) || root.is_some_and(|r| self.existed_before_allocations(r)) =>
            {
                Some(false)
            }
            (Names::NotOwned(Some(x)), Names::NotOwned(Some(y))) if x == y => Some(true),
            _ => None,
        }
    }

    /// Whether not-owned root `v` is memory that exists through the body
    /// and is not on the heap: an entry block argument or a stack buffer.
    fn existed_before_allocations(&self, v: ValueId) -> bool {
        matches!(self.snap.value(v).def, ValueDef::BlockArg { .. })
            || self.flow.origin(v) == Origin::Alloca
    }

    /// Records that `v` (an `i1`) is `value` on this path, and everything
    /// that follows for the values the path's facts are computed from, to a
    /// fixed point (`andi` true: both operands true; `ori` false: both false;
    /// `xori`, `select`, `andi` false and `ori` true once the other operand is
    /// known). False when the path contradicts it, so the path cannot be
    /// taken: e.g. a free guarded by `%g = andi %q, (xori %p, true)` that was
    /// taken, then a branch on `%p` being true.
    fn assume(&self, state: &mut State, v: ValueId, value: bool) -> bool {
        if let Some(known) = self.cond(state, v) {
            return known == value;
        }
        state.conds.insert(v, value);
        loop {
            let before = state.conds.len();
            let facts: Vec<(ValueId, bool)> = state.conds.iter().map(|(&v, &c)| (v, c)).collect();
            for (fact, value) in facts {
                if !self.propagate(state, fact, value) {
                    return false;
                }
            }
            if state.conds.len() == before {
                return true;
            }
        }
    }

    /// Whether `i1` `v` is computed (through the ops conditions are made of)
    /// from one of `values`.
    fn computed_from(&self, v: ValueId, values: &[ValueId]) -> bool {
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        let mut work = vec![v];
        while let Some(x) = work.pop() {
            let ValueDef::OpResult { op, .. } = self.snap.value(x).def else {
                continue;
            };
            let info = self.snap.op(op);
            if !CONDITION_OPS.contains(&info.name.as_str()) {
                continue;
            }
            for &o in &info.operands {
                if values.contains(&o) {
                    return true;
                }
                if seen.insert(o) {
                    work.push(o);
                }
            }
        }
        false
    }

    /// One step of [`Checker::assume`]: checks fact `v == value` against its
    /// defining op and records what it implies for the op's operands.
    fn propagate(&self, state: &mut State, v: ValueId, value: bool) -> bool {
        if self.compute_cond(state, v).is_some_and(|c| c != value) {
            return false;
        }
        let ValueDef::OpResult { op, .. } = self.snap.value(v).def else {
            return true;
        };
        let info = self.snap.op(op);
        let (Some(&a), Some(&b)) = (info.operands.first(), info.operands.get(1)) else {
            return true;
        };
        let learn = |state: &mut State, x: ValueId, value: bool| match self.cond(state, x) {
            Some(known) => known == value,
            None => {
                state.conds.insert(x, value);
                true
            }
        };
        let (ca, cb) = (self.cond(state, a), self.cond(state, b));
        match info.name.as_str() {
            "arith.andi" if value => learn(state, a, true) && learn(state, b, true),
            "arith.ori" if !value => learn(state, a, false) && learn(state, b, false),
            // `andi` false / `ori` true: decided for the other operand once
            // one is the neutral value.
            "arith.andi" | "arith.ori" => {
                let neutral = info.name == "arith.andi";
                match (ca, cb) {
                    (Some(x), _) if x == neutral => learn(state, b, value),
                    (_, Some(y)) if y == neutral => learn(state, a, value),
                    _ => true,
                }
            }
            "arith.xori" => match (ca, cb) {
                (Some(x), _) => learn(state, b, value ^ x),
                (_, Some(y)) => learn(state, a, value ^ y),
                _ => true,
            },
            "arith.select" => {
                let Some(&f) = info.operands.get(2) else {
                    return true;
                };
                let (c, t) = (a, b);
                match ca {
                    Some(true) => learn(state, t, value),
                    Some(false) => learn(state, f, value),
                    // An arm that cannot give `value` was not chosen.
                    None if cb == Some(!value) => learn(state, c, false),
                    None if self.cond(state, f) == Some(!value) => learn(state, c, true),
                    None => true,
                }
            }
            _ => true,
        }
    }

    fn run_from(&mut self, mut point: Point, mut state: State, path: Path) {
        let snap = self.snap;
        loop {
            let block = snap.block(point.block);
            let Some(&op) = block.ops.get(point.index as usize) else {
                // A block without terminator (graph region or malformed): the
                // path ends here without anything to check.
                return;
            };
            let info = snap.op(op);
            let facts = &info.facts;

            // An inlined helper: its semantics, then the op after it.
            if let Some(h) = self.inlined.get(&op).copied() {
                if self.split_on_unwritten_condition(&state, h.buffers, point, &path) {
                    return;
                }
                if let Err(why) = self.apply_helper(&mut state, h.buffers) {
                    self.undecided(why, op, &path);
                    return;
                }
                point.index = snap.op(h.last).position + 1;
                continue;
            }

            // Uses first: an op touching freed memory.
            self.check_uses(&state, op, &path);

            // Frees.
            if info.name == OWNERSHIP_BASED_DEALLOC {
                self.ownership_dealloc(op, state, path, point);
                return;
            }
            if let Effects::Known(effects) = &facts.effects {
                for e in effects.iter().filter(|e| e.kind == EffectKind::Free) {
                    if let Some(v) = e.value {
                        self.free(&mut state, op, v, &path);
                    }
                }
            }
            // Addresses.
            if info.name == "memref.extract_aligned_pointer_as_index"
                && let (Some(&m), Some(&r)) = (info.operands.first(), info.results.first())
            {
                let n = self.names(&state, m);
                state.addr.insert(r, n);
            }
            // Fresh results: forget what a previous iteration knew, also of
            // the conditions computed from them (a fact relating an older
            // value to a newer operand would decide the wrong iteration's).
            for &r in &info.results {
                state.conds.remove(&r);
                state.bind.remove(&r);
            }
            if !info.results.is_empty() && !state.conds.is_empty() {
                state
                    .conds
                    .retain(|&v, _| !self.computed_from(v, &info.results));
            }
            // Cells of modelled buffers.
            if !self.modeled.is_empty() {
                if info.name == "memref.load"
                    && let [m, index] = info.operands.as_slice()
                    && let Some(&r) = info.results.first()
                    && let Some((key, _)) = self.cell_of(&state, *m, *index)
                {
                    match state.mem.get(&key) {
                        Some(Cell::Bool(b)) => {
                            state.conds.insert(r, *b);
                        }
                        Some(Cell::Addr(n)) => {
                            state.addr.insert(r, *n);
                        }
                        None => {}
                    }
                }
                if info.name == "memref.store"
                    && let [v, m, index] = info.operands.as_slice()
                    && let Some((key, i1)) = self.cell_of(&state, *m, *index)
                {
                    if !i1 {
                        match state.addr.get(v) {
                            Some(&n) => state.mem.insert(key, Cell::Addr(n)),
                            None => state.mem.remove(&key),
                        };
                    } else if let Some(b) = self.cond(&state, *v) {
                        state.mem.insert(key, Cell::Bool(b));
                    } else {
                        // One path per value the cell may get (the fact on
                        // the stored value keeps the two correlated).
                        let next = Point {
                            block: point.block,
                            index: point.index + 1,
                        };
                        for b in [false, true] {
                            let mut one = state.clone();
                            if self.assume(&mut one, *v, b) {
                                one.mem.insert(key, Cell::Bool(b));
                                self.push(next, one, path.clone());
                            }
                        }
                        return;
                    }
                }
                if let Some(roles) = self.memory.helper_calls.get(&op) {
                    let buffers = roles.map(|k| info.operands.get(k).copied());
                    let applied = match buffers.all() {
                        [Some(a), Some(b), Some(c), Some(d), Some(e)] => {
                            let buffers = HelperUse {
                                dealloc: a,
                                retain: b,
                                conditions: c,
                                dealloc_out: d,
                                retain_out: e,
                            };
                            if self.split_on_unwritten_condition(&state, buffers, point, &path) {
                                return;
                            }
                            self.apply_helper(&mut state, buffers)
                        }
                        _ => Err("a call of the dealloc helper lacks operands".into()),
                    };
                    if let Err(why) = applied {
                        self.undecided(why, op, &path);
                        return;
                    }
                }
            }
            // A comparison of addresses is decided when it runs: a free
            // between it and the branch on it must not make it unknown (a
            // freed buffer's address may be reused by later allocations, not
            // by those alive when the comparison ran).
            if info.name == "arith.cmpi"
                && let Some(&r) = info.results.first()
                && let Some(c) = self.compute_cond(&state, r)
            {
                state.conds.insert(r, c);
            }
            // Calls with flagged results: one path per way each result may
            // come back.
            if let Some(pairs) = self.boundary.calls.get(&op) {
                let next = Point {
                    block: point.block,
                    index: point.index + 1,
                };
                for state in self.flagged_call(op, pairs, state, &path) {
                    self.push(next, state, path.clone());
                }
                return;
            }
            // Allocations.
            for &r in &info.results {
                if let Some(&s) = self.site_of_value.get(&r) {
                    if let Some(&i) = state.current.get(&s)
                        && state.inst[i as usize].status == Status::Live
                        && !referenced(&state, i)
                    {
                        self.report(FindingKind::LeakOnReallocation, Some(s), op, None, &path);
                        // Reported once: nothing names it, so nothing else
                        // can happen to it.
                        state.inst.update(i, |inst| inst.status = Status::Freed);
                    }
                    state.current.insert(s, state.inst.len() as u32);
                    state.inst.push_back(Instance {
                        site: s,
                        status: Status::Live,
                        freed_by: None,
                    });
                    if self.modeled.contains_key(&s) {
                        state.mem.retain(|&(site, _), _| site != s);
                    }
                }
            }

            // Control flow.
            if let Some(rb) = &facts.region_branch
                && !info.regions.is_empty()
                && described(self.snap, op)
            {
                let after = Point {
                    block: point.block,
                    index: point.index + 1,
                };
                let Some(cond) = self.branch_condition(op, "scf.if", &state, &path) else {
                    return;
                };
                for edge in &rb.entry_edges {
                    if let Some(c) = cond {
                        match edge.target {
                            RegionTarget::Region(r) => {
                                let index = info.regions.iter().position(|&x| x == r);
                                if index == Some(if c { 1 } else { 0 }) {
                                    continue;
                                }
                            }
                            // An `scf.if` without else: the edge past its
                            // regions is the false branch.
                            RegionTarget::Parent if c => continue,
                            RegionTarget::Parent => {}
                        }
                    }
                    let mut next = state.clone();
                    // The path now knows the condition: a later op computed
                    // from it (e.g. upstream's `xori %c, true` guarding the
                    // other free) is decided by it.
                    if info.name == "scf.if"
                        && let Some(&c) = info.operands.first()
                    {
                        let then_region = info.regions.first().copied();
                        let taken = matches!(edge.target, RegionTarget::Region(r) if Some(r) == then_region);
                        if !self.assume(&mut next, c, taken) {
                            continue;
                        }
                    }
                    self.bind_edge(&mut next, &edge.forwarded, &edge.inputs);
                    match edge.target {
                        RegionTarget::Region(r) => {
                            if let Some(entry) = snap.entry_block(r) {
                                self.enter(entry, next, &path);
                            }
                        }
                        RegionTarget::Parent => self.push(after, next, path.clone()),
                    }
                }
                return;
            }
            if facts.is_terminator {
                self.terminator(op, state, path);
                return;
            }
            point.index += 1;
        }
    }

    /// The cell `m[index]` when `m` names the latest instance of a modelled
    /// site on this path and `index` is a constant within its shape: its key
    /// and whether it holds an `i1`.
    fn cell_of(&self, state: &State, m: ValueId, index: ValueId) -> Option<((u32, u32), bool)> {
        let (site, len, i1) = self.modeled_buffer(state, m)?;
        let k = *self.memory.constants.get(&index)?;
        (k >= 0 && k < len as i64).then_some(((site, k as u32), i1))
    }

    /// The modelled site `m` names on this path (its latest instance), with
    /// its length and whether it holds `i1`s.
    fn modeled_buffer(&self, state: &State, m: ValueId) -> Option<(u32, u32, bool)> {
        let Names::Site(i) = self.names(state, m) else {
            return None;
        };
        let site = state.inst[i as usize].site;
        let &(len, i1) = self.modeled.get(&site)?;
        (state.current.get(&site) == Some(&i)).then_some((site, len, i1))
    }

    /// A condition cell the helper reads that no store wrote on this path
    /// holds whatever was in memory: the path continues once with each
    /// value (from the helper again). True when it split.
    fn split_on_unwritten_condition(
        &mut self,
        state: &State,
        buffers: HelperUse<ValueId>,
        point: Point,
        path: &Path,
    ) -> bool {
        let (Some(d), Some(c)) = (
            self.modeled_buffer(state, buffers.dealloc),
            self.modeled_buffer(state, buffers.conditions),
        ) else {
            return false;
        };
        if d.2 || !c.2 || c.1 < d.1 {
            return false;
        }
        let Some(i) = (0..d.1).find(|&i| !state.mem.contains_key(&(c.0, i))) else {
            return false;
        };
        for b in [false, true] {
            let mut one = state.clone();
            one.mem.insert((c.0, i), Cell::Bool(b));
            self.push(point, one, path.clone());
        }
        true
    }

    /// Upstream's generic dealloc helper on `buffers`
    /// ([`super::dealloc_helper`]): `DO[i] = C[i]` and `D[i]` is no `R[j]`
    /// and no earlier `D[k]`; `RO[j]` = OR of `C[i]` over `D[i] == R[j]`.
    /// Every cell it reads must be known on the path, and every comparison
    /// it makes that matters decided; otherwise why not.
    fn apply_helper(&self, state: &mut State, buffers: HelperUse<ValueId>) -> Result<(), String> {
        let resolved = buffers.map(|v| self.modeled_buffer(state, v));
        let [Some(d), Some(r), Some(c), Some(dout), Some(rout)] = resolved.all() else {
            return Err(
                "a buffer of the dealloc helper is not a local buffer whose cells are followed"
                    .into(),
            );
        };
        let sites = [d.0, r.0, c.0, dout.0, rout.0];
        for (k, s) in sites.iter().enumerate() {
            if sites[k + 1..].contains(s) {
                return Err("the dealloc helper gets one buffer twice".into());
            }
        }
        let (n, m) = (d.1, r.1);
        if d.2 || r.2 || !c.2 || !dout.2 || !rout.2 || c.1 < n || dout.1 < n || rout.1 < m {
            return Err(
                "the dealloc helper's buffers do not have the helper's types and sizes".into(),
            );
        }
        let unknown = || "the dealloc helper reads a cell no store wrote on this path".to_string();
        let addr = |state: &State, site: u32, k: u32| match state.mem.get(&(site, k)) {
            Some(Cell::Addr(n)) => Ok(*n),
            _ => Err(unknown()),
        };
        let mut a = Vec::with_capacity(n as usize);
        let mut conds = Vec::with_capacity(n as usize);
        for i in 0..n {
            a.push(addr(state, d.0, i)?);
            conds.push(match state.mem.get(&(c.0, i)) {
                Some(Cell::Bool(b)) => *b,
                _ => return Err(unknown()),
            });
        }
        let mut retained = Vec::with_capacity(m as usize);
        for j in 0..m {
            retained.push(addr(state, r.0, j)?);
        }
        let undecided = || {
            "cannot tell whether two addresses the dealloc helper compares are one buffer"
                .to_string()
        };
        let mut retain_out = vec![false; m as usize];
        let mut dealloc_out = vec![false; n as usize];
        for i in 0..n as usize {
            if !conds[i] {
                continue;
            }
            let mut free = true;
            for (j, &rj) in retained.iter().enumerate() {
                match self.same_buffer(state, a[i], rj) {
                    Some(true) => {
                        retain_out[j] = true;
                        free = false;
                    }
                    Some(false) => {}
                    None => return Err(undecided()),
                }
            }
            for &ak in &a[..i] {
                match self.same_buffer(state, a[i], ak) {
                    Some(true) => free = false,
                    Some(false) => {}
                    None => return Err(undecided()),
                }
            }
            dealloc_out[i] = free;
        }
        for (i, &b) in dealloc_out.iter().enumerate() {
            state.mem.insert((dout.0, i as u32), Cell::Bool(b));
        }
        for (j, &b) in retain_out.iter().enumerate() {
            state.mem.insert((rout.0, j as u32), Cell::Bool(b));
        }
        Ok(())
    }

    /// The states after a call whose buffer results come with ownership
    /// flags: for each result, either its flag holds and it is a fresh
    /// instance of its site, or it does not and the result is one of the
    /// call's buffer operands (a path for each; memory the function does not
    /// own when there is none).
    fn flagged_call(
        &mut self,
        op: OpId,
        pairs: &[(usize, usize)],
        state: State,
        path: &Path,
    ) -> Vec<State> {
        let info = self.snap.op(op);
        let buffers: Vec<ValueId> = info
            .operands
            .iter()
            .copied()
            .filter(|&v| self.snap.value(v).kind.is_buffer())
            .collect();
        let mut states = vec![state];
        for &(result, flag) in pairs {
            let (Some(&r), Some(&f)) = (info.results.get(result), info.results.get(flag)) else {
                continue;
            };
            let Some(&s) = self.site_of_value.get(&r) else {
                continue;
            };
            let mut next = Vec::new();
            for mut state in states {
                if let Some(&i) = state.current.get(&s)
                    && state.inst[i as usize].status == Status::Live
                    && !referenced(&state, i)
                {
                    self.report(FindingKind::LeakOnReallocation, Some(s), op, None, path);
                    state.inst.update(i, |inst| inst.status = Status::Freed);
                }
                let mut owned = state.clone();
                owned.conds.insert(f, true);
                owned.current.insert(s, owned.inst.len() as u32);
                owned.inst.push_back(Instance {
                    site: s,
                    status: Status::Live,
                    freed_by: None,
                });
                next.push(owned);
                state.conds.insert(f, false);
                state.current.remove(&s);
                if buffers.is_empty() {
                    state.bind.insert(r, Names::NotOwned(Some(r)));
                    next.push(state);
                } else {
                    for &b in &buffers {
                        let mut one = state.clone();
                        let names = self.names(&one, b);
                        one.bind.insert(r, names);
                        next.push(one);
                    }
                }
            }
            states = next;
        }
        states
    }

    /// Binds the receivers of an edge to what the forwarded values name (and
    /// `i1` facts to theirs); receivers with nothing forwarded are unknown.
    fn bind_edge(&self, state: &mut State, forwarded: &[ValueId], inputs: &[ValueId]) {
        let names: Vec<Option<Names>> = forwarded
            .iter()
            .map(|&v| {
                self.snap
                    .value(v)
                    .kind
                    .is_buffer()
                    .then(|| self.names(state, v))
            })
            .collect();
        let conds: Vec<Option<bool>> = forwarded.iter().map(|&v| self.cond(state, v)).collect();
        let addrs: Vec<Option<Names>> = forwarded
            .iter()
            .map(|v| state.addr.get(v).copied())
            .collect();
        for (i, &input) in inputs.iter().enumerate() {
            state.conds.remove(&input);
            state.addr.remove(&input);
            if self.snap.value(input).kind.is_buffer() {
                let n = names.get(i).copied().flatten().unwrap_or(Names::Unknown);
                state.bind.insert(input, n);
            }
            if let Some(Some(c)) = conds.get(i) {
                state.conds.insert(input, *c);
            }
            if let Some(Some(a)) = addrs.get(i) {
                state.addr.insert(input, *a);
            }
        }
    }

    fn check_uses(&mut self, state: &State, op: OpId, path: &Path) {
        let info = self.snap.op(op);
        // Ops that may access memory: known effects, calls, and ops with
        // unknown effects that are neither terminators nor hold regions (a
        // region-branch op's operands are forwarded, and what its regions do
        // is checked op by op).
        let touches = match &info.facts.effects {
            Effects::Known(effects) => !effects.is_empty(),
            Effects::Unknown => {
                info.facts.is_call || (!info.facts.is_terminator && !described(self.snap, op))
            }
        };
        if !touches || info.name == OWNERSHIP_BASED_DEALLOC {
            return;
        }
        let mut values: Vec<ValueId> = info.operands.to_vec();
        // An op with regions it does not describe touches what they use.
        if !described(self.snap, op) && !info.regions.is_empty() {
            values.extend(self.free_values_of_regions(op));
        }
        // A call (or an op of unknown effects) given a buffer's address
        // as a plain value may read or write through it.
        let through_address = info.facts.is_call || matches!(info.facts.effects, Effects::Unknown);
        for v in values {
            if !self.snap.value(v).kind.is_buffer() {
                if through_address
                    && let Some(Names::Site(i)) = state.addr.get(&v).copied()
                    && state.inst[i as usize].status == Status::Freed
                {
                    let Instance { site, freed_by, .. } = state.inst[i as usize];
                    self.report(FindingKind::UseAfterFree, Some(site), op, freed_by, path);
                }
                continue;
            }
            // The free of `v` itself is checked by `free`.
            if let Effects::Known(effects) = &info.facts.effects
                && effects
                    .iter()
                    .any(|e| e.kind == EffectKind::Free && e.value == Some(v))
            {
                continue;
            }
            if let Names::Site(i) = self.names(state, v)
                && state.inst[i as usize].status == Status::Freed
            {
                let Instance { site, freed_by, .. } = state.inst[i as usize];
                self.report(FindingKind::UseAfterFree, Some(site), op, freed_by, path);
            }
        }
    }

    /// Values used inside the regions of `op` but defined outside them.
    fn free_values_of_regions(&self, op: OpId) -> Vec<ValueId> {
        let snap = self.snap;
        let mut inside: FxHashSet<ValueId> = FxHashSet::default();
        let mut used = Vec::new();
        let mut stack: Vec<OpId> = Vec::new();
        for &r in &snap.op(op).regions {
            for &b in &snap.region(r).blocks {
                inside.extend(snap.block(b).args.iter().copied());
                stack.extend(snap.block(b).ops.iter().copied());
            }
        }
        while let Some(o) = stack.pop() {
            let info = snap.op(o);
            inside.extend(info.results.iter().copied());
            used.extend(info.operands.iter().copied());
            for &r in &info.regions {
                for &b in &snap.region(r).blocks {
                    inside.extend(snap.block(b).args.iter().copied());
                    stack.extend(snap.block(b).ops.iter().copied());
                }
            }
        }
        used.retain(|v| !inside.contains(v));
        used.sort_unstable();
        used.dedup();
        used
    }

    fn free(&mut self, state: &mut State, op: OpId, v: ValueId, path: &Path) {
        match self.names(state, v) {
            Names::Site(i) => match state.inst[i as usize].status {
                Status::Live => state.inst.update(i, |inst| {
                    inst.status = Status::Freed;
                    inst.freed_by = Some(op);
                }),
                Status::Freed => {
                    let Instance { site, freed_by, .. } = state.inst[i as usize];
                    self.report(FindingKind::DoubleFree, Some(site), op, freed_by, path);
                }
                Status::Returned => {
                    let site = state.inst[i as usize].site;
                    self.report(FindingKind::UseAfterFree, Some(site), op, None, path);
                }
            },
            Names::NotOwned(_) => self.report(FindingKind::FreeOfNotOwned, None, op, None, path),
            Names::Unknown => self.undecided(
                "frees a value that may be one of several buffers".into(),
                op,
                path,
            ),
        }
    }

    /// `bufferization.dealloc (%m...) if (%c...) retain (%r...)`.
    fn ownership_dealloc(&mut self, op: OpId, state: State, path: Path, point: Point) {
        let info = self.snap.op(op);
        let Some(parts) = DeallocParts::of(self.snap, op) else {
            self.undecided("malformed bufferization.dealloc".into(), op, &path);
            return;
        };
        let retained_count = parts.retained.len();
        let (memrefs, conds, retained) = (&parts.memrefs, &parts.conditions, &parts.retained);
        // Split on the first condition not known on this path.
        for &c in conds {
            if self.cond(&state, c).is_none() {
                for value in [false, true] {
                    let mut next = state.clone();
                    if self.assume(&mut next, c, value) {
                        self.push(point, next, path.clone());
                    }
                }
                return;
            }
        }
        let mut state = state;
        let retained_names: Vec<Names> = retained.iter().map(|&r| self.names(&state, r)).collect();
        let mut updated = vec![false; retained_count];
        let mut freed_here: Vec<Names> = Vec::new();
        for (&m, &c) in memrefs.iter().zip(conds) {
            let owned = self.cond(&state, c).expect("conditions decided above");
            let name = self.names(&state, m);
            let mut kept = false;
            for (j, &rn) in retained_names.iter().enumerate() {
                match self.same_buffer(&state, name, rn) {
                    Some(true) => {
                        kept = true;
                        if owned {
                            updated[j] = true;
                        }
                    }
                    Some(false) => {}
                    // A memref whose condition is false adds nothing to
                    // any retained value's updated condition, alias or not.
                    None if !owned => {}
                    None => {
                        self.undecided(
                            "cannot tell whether a freed memref is a retained one".into(),
                            op,
                            &path,
                        );
                        return;
                    }
                }
            }
            if owned && !kept {
                // Seed 001: a memref listed twice (the same buffer under
                // two values) is freed once, by its first owned occurrence.
                let mut again = false;
                for &earlier in &freed_here {
                    match self.same_buffer(&state, name, earlier) {
                        Some(true) => again = true,
                        Some(false) => {}
                        // `earlier` is freed now: compare with what it was.
                        None if earlier == name => again = true,
                        None => {}
                    }
                }
                if !again {
                    self.free(&mut state, op, m, &path);
                    freed_here.push(name);
                }
            }
        }
        for (&result, value) in info.results.iter().zip(updated) {
            state.conds.insert(result, value);
        }
        let next = Point {
            block: point.block,
            index: point.index + 1,
        };
        self.run_from(next, state, path);
    }

    fn terminator(&mut self, op: OpId, state: State, path: Path) {
        let snap = self.snap;
        let info = snap.op(op);
        let facts = &info.facts;
        if !facts.successors.is_empty() {
            let Some(cond) = self.branch_condition(op, "cf.cond_br", &state, &path) else {
                return;
            };
            for (k, succ) in facts.successors.iter().enumerate() {
                if let Some(c) = cond
                    && (k == 0) != c
                {
                    continue;
                }
                let mut next = state.clone();
                if info.name == "cf.cond_br"
                    && let Some(&c) = info.operands.first()
                    && !self.assume(&mut next, c, k == 0)
                {
                    continue;
                }
                let args = &snap.block(succ.block).args;
                if succ.mapping_known {
                    let p = succ.produced as usize;
                    let inputs: Vec<ValueId> = args.iter().skip(p).copied().collect();
                    self.bind_edge(&mut next, &succ.forwarded, &inputs);
                    for &a in args.iter().take(p) {
                        next.bind.insert(a, Names::Unknown);
                    }
                } else {
                    for &a in args {
                        next.bind.insert(a, Names::Unknown);
                    }
                }
                self.enter(succ.block, next, &path);
            }
            return;
        }
        if !facts.terminator_edges.is_empty() {
            let parent_op = info
                .parent_block
                .map(|b| snap.parent_op_of_block(b))
                .unwrap_or(Snapshot::ROOT);
            for edge in &facts.terminator_edges {
                let mut next = state.clone();
                self.bind_edge(&mut next, &edge.forwarded, &edge.inputs);
                match edge.target {
                    RegionTarget::Region(r) => {
                        if let Some(entry) = snap.entry_block(r) {
                            self.enter(entry, next, &path);
                        }
                    }
                    RegionTarget::Parent => {
                        let parent = snap.op(parent_op);
                        // What the region defined is out of scope after
                        // it: bindings of those values would ride along
                        // (growing with the nesting depth) and keep apart
                        // states that are the same.
                        next.bind
                            .retain(|&v, _| !self.nesting.defined_inside(snap, v, parent_op));
                        next.addr
                            .retain(|&v, _| !self.nesting.defined_inside(snap, v, parent_op));
                        if let Some(pb) = parent.parent_block {
                            self.push(
                                Point {
                                    block: pb,
                                    index: parent.position + 1,
                                },
                                next,
                                path.then(pb),
                            );
                        }
                    }
                }
            }
            return;
        }
        // Leaving the body: a return of the function, or the end of a body
        // checked on its own.
        let parent = info.parent_block.map(|b| snap.parent_op_of_block(b));
        let mut state = state;
        if facts.is_return_like && parent == Some(Snapshot::ROOT) {
            // Flagged returns: a path per value of a flag not known here.
            for &(_, q) in &self.boundary.returns {
                let Some(&f) = info.operands.get(q) else {
                    continue;
                };
                if self.cond(&state, f).is_none() {
                    for value in [false, true] {
                        let mut next = state.clone();
                        if self.assume(&mut next, f, value) {
                            self.terminator(op, next, path.clone());
                        }
                    }
                    return;
                }
            }
            for (position, &v) in info.operands.iter().enumerate() {
                if !snap.value(v).kind.is_buffer() {
                    continue;
                }
                let not_handed_over = self.boundary.returns.iter().any(|&(b, q)| {
                    b == position
                        && info
                            .operands
                            .get(q)
                            .is_some_and(|&f| self.cond(&state, f) == Some(false))
                });
                if not_handed_over {
                    // The caller does not own it: it must still be alive
                    // (an instance live here and not freed leaks below).
                    if let Names::Site(i) = self.names(&state, v)
                        && let Instance {
                            site,
                            status: Status::Freed,
                            freed_by,
                        } = state.inst[i as usize]
                    {
                        self.report(FindingKind::ReturnOfFreed, Some(site), op, freed_by, &path);
                    }
                    continue;
                }
                match self.names(&state, v) {
                    Names::Site(i) => {
                        let Instance {
                            site,
                            status,
                            freed_by,
                        } = state.inst[i as usize];
                        match status {
                            Status::Live => {
                                state.inst.update(i, |inst| inst.status = Status::Returned)
                            }
                            Status::Freed => self.report(
                                FindingKind::ReturnOfFreed,
                                Some(site),
                                op,
                                freed_by,
                                &path,
                            ),
                            Status::Returned => {
                                self.report(FindingKind::ReturnedTwice, Some(site), op, None, &path)
                            }
                        }
                    }
                    Names::NotOwned(_) => {
                        self.report(FindingKind::ReturnOfNotOwned, None, op, None, &path)
                    }
                    Names::Unknown => self.undecided(
                        "returns a value that may be one of several buffers".into(),
                        op,
                        &path,
                    ),
                }
            }
        } else if parent == Some(Snapshot::ROOT) {
            self.undecided(
                format!("'{}' ends the function but is no known return", info.name),
                op,
                &path,
            );
            return;
        } else if parent.is_some_and(|p| described(snap, p)) {
            self.undecided(
                format!(
                    "'{}' leaves a region of a region-branch op along no known edge",
                    info.name
                ),
                op,
                &path,
            );
            return;
        }
        // Every site allocated in this body and still live leaks here.
        let body_region = info.parent_block.map(|b| snap.block(b).region);
        for i in 0..state.inst.len() {
            let Instance { site, status, .. } = state.inst[i];
            if status == Status::Live && self.site_in_body(site, body_region) {
                self.report(FindingKind::Leak, Some(site), op, None, &path);
            }
        }
    }

    /// A branch on `c`, unknown on the path, that the checker may not treat
    /// as a free choice: the function wrote buffer addresses to memory and
    /// `c` is read from memory (upstream's generic dealloc helper writes the
    /// ownership of each buffer, computed from address comparisons, into a
    /// `memref<?xi1>`). The path ends with an undecided report.
    /// For an op named `conditional` (whose operand 0 is an `i1` choosing
    /// between its first and second way): the condition's value on this path
    /// if known (`Some(Some(_))`), unknown (`Some(None)`: both ways are
    /// taken), or `None` when the branch cannot be decided soundly (reported;
    /// the path stops). Any other op: `Some(None)`.
    fn branch_condition(
        &mut self,
        op: OpId,
        conditional: &str,
        state: &State,
        path: &Path,
    ) -> Option<Option<bool>> {
        let info = self.snap.op(op);
        if info.name != conditional {
            return Some(None);
        }
        let c = info.operands.first().copied();
        let known = c.and_then(|c| self.cond(state, c));
        if known.is_none() && self.undecidable_branch(op, c, path) {
            return None;
        }
        Some(known)
    }

    fn undecidable_branch(&mut self, op: OpId, c: Option<ValueId>, path: &Path) -> bool {
        let Some(c) = c else { return false };
        if !self.addresses_in_memory || !self.read_from_memory(c) {
            return false;
        }
        self.undecided("branches on a condition read from memory after buffer addresses were written to memory (e.g. upstream's generic dealloc helper): its value on a path is unknown".into(), op, path);
        true
    }

    /// Whether `v` is computed (through op operands) from a value read from
    /// memory or returned by a call or an op with unknown effects.
    fn read_from_memory(&self, v: ValueId) -> bool {
        let snap = self.snap;
        let mut work = vec![v];
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        while let Some(v) = work.pop() {
            if !seen.insert(v) || seen.len() > 4096 {
                continue;
            }
            let ValueDef::OpResult { op, .. } = snap.value(v).def else {
                continue;
            };
            if op == Snapshot::ROOT {
                continue;
            }
            let info = snap.op(op);
            let reads = info.facts.is_call
                || match &info.facts.effects {
                    Effects::Known(effects) => effects.iter().any(|e| e.kind == EffectKind::Read),
                    Effects::Unknown => info.regions.is_empty(),
                };
            if reads {
                return true;
            }
            work.extend(info.operands.iter().copied());
        }
        false
    }

    /// Whether site `s` is allocated in the body whose region is `region`
    /// (directly, or nested in region-branch ops of it).
    fn site_in_body(&self, s: u32, region: Option<super::snapshot::RegionId>) -> bool {
        let Some(region) = region else { return false };
        let Some(op) = self.site_op(s) else {
            return false;
        };
        let mut cur = op;
        while let Some(b) = self.snap.op(cur).parent_block {
            let r = self.snap.block(b).region;
            if r == region {
                return true;
            }
            let parent = self.snap.region(r).parent_op;
            if !described(self.snap, parent) {
                return false;
            }
            cur = parent;
        }
        false
    }
}

/// Per block, its strongly connected component (and their number) in a
/// graph over-approximating every move of the checker from a point of a
/// block: to its branch successors, into the entry of any region of an op in
/// it, and from any block of such a region back to the block holding the op
/// (a region's terminator continues after its parent op or enters a sibling
/// region, reached from there). Components are numbered in reverse
/// topological order: a block reaches only components numbered at most its
/// own.
fn reach_components(snap: &Snapshot) -> (Vec<u32>, u32) {
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (index, block) in snap.blocks.iter().enumerate() {
        let b = index as u32;
        for &op in &block.ops {
            let info = snap.op(op);
            for successor in &info.facts.successors {
                pairs.push((b, successor.block.0));
            }
            for &r in &info.regions {
                for (i, &nested) in snap.region(r).blocks.iter().enumerate() {
                    if i == 0 {
                        pairs.push((b, nested.0));
                    }
                    pairs.push((nested.0, b));
                }
            }
        }
    }
    let graph = super::graph::Csr::from_pairs(snap.blocks.len(), &pairs);
    super::graph::strongly_connected_components(&graph)
}

/// Whether some op writes a value computed from an extracted buffer address
/// (`memref.extract_aligned_pointer_as_index`) to memory other than the
/// cells of modelled buffers (`modeled`: their values), whose contents the
/// paths follow.
fn addresses_in_memory(snap: &Snapshot, modeled: &FxHashSet<ValueId>) -> bool {
    let mut tainted: FxHashSet<ValueId> = FxHashSet::default();
    for op in snap.ops.iter().skip(1) {
        if op.name == "memref.extract_aligned_pointer_as_index" {
            tainted.extend(op.results.iter().copied());
        }
    }
    if tainted.is_empty() {
        return false;
    }
    // Forward through op results to a fixed point (blocks may come in any
    // order).
    loop {
        let mut changed = false;
        for op in snap.ops.iter().skip(1) {
            if !op.operands.iter().any(|v| tainted.contains(v)) {
                continue;
            }
            let to_modeled = op.name == "memref.store"
                && op.operands.get(1).is_some_and(|m| modeled.contains(m));
            if let Effects::Known(effects) = &op.facts.effects
                && !to_modeled
                && effects.iter().any(|e| e.kind == EffectKind::Write)
                && op
                    .operands
                    .iter()
                    .any(|&v| tainted.contains(&v) && !snap.value(v).kind.is_buffer())
            {
                return true;
            }
            for &r in &op.results {
                changed |= tainted.insert(r);
            }
        }
        if !changed {
            return false;
        }
    }
}

/// Whether a merge value or an extracted address of this path names
/// instance `i`.
/// Adds the elements of `other` to `set`, found by a walk of what differs
/// between them (shared subtrees are skipped).
fn union_into(set: &mut ValueSet, other: &ValueSet) {
    if other.len() > set.len() {
        let mut bigger = other.clone();
        union_into(&mut bigger, set);
        *set = bigger;
        return;
    }
    let adds: Vec<ValueId> = set
        .diff(other)
        .filter_map(|item| match item {
            imbl::ordset::DiffItem::Add(v) => Some(*v),
            imbl::ordset::DiffItem::Remove(_) => None,
        })
        .collect();
    for v in adds {
        set.insert(v);
    }
}

fn referenced(state: &State, i: u32) -> bool {
    state
        .bind
        .values()
        .chain(state.addr.values())
        .chain(cell_names(&state.mem))
        .any(|n| *n == Names::Site(i))
}

/// The buffers named by address cells.
fn cell_names(mem: &BTreeMap<(u32, u32), Cell>) -> impl Iterator<Item = &Names> {
    mem.values().filter_map(|c| match c {
        Cell::Addr(n) => Some(n),
        Cell::Bool(_) => None,
    })
}

/// The sites whose cells a path can follow (see [`MemoryFacts`]).
fn modeled_sites(
    snap: &Snapshot,
    memory: &MemoryFacts,
    inlined: &FxHashMap<OpId, InlinedHelper>,
    site_of_value: &FxHashMap<ValueId, u32>,
) -> (FxHashMap<u32, (u32, bool)>, FxHashSet<ValueId>) {
    let mut out = FxHashMap::default();
    let mut values = FxHashSet::default();
    if memory.cells.is_empty() {
        return (out, values);
    }
    let mut users: FxHashMap<ValueId, Vec<(OpId, usize)>> = FxHashMap::default();
    for (index, op) in snap.ops.iter().enumerate().skip(1) {
        for (k, &v) in op.operands.iter().enumerate() {
            users.entry(v).or_default().push((OpId(index as u32), k));
        }
    }
    // The ops of inlined helpers (nested ones included), with the buffers
    // they may use.
    let mut in_helper: FxHashMap<OpId, [ValueId; 5]> = FxHashMap::default();
    for h in inlined.values() {
        let Some(block) = snap.op(h.first).parent_block else {
            continue;
        };
        let (from, to) = (snap.op(h.first).position, snap.op(h.last).position);
        let mut stack: Vec<OpId> = snap.block(block).ops[from as usize..=to as usize].to_vec();
        while let Some(o) = stack.pop() {
            in_helper.insert(o, h.buffers.all());
            for &r in &snap.op(o).regions {
                for &b in &snap.region(r).blocks {
                    stack.extend(snap.block(b).ops.iter().copied());
                }
            }
        }
    }
    let constant_index = |v: ValueId, len: u32| {
        memory
            .constants
            .get(&v)
            .is_some_and(|&c| c >= 0 && c < len as i64)
    };
    for (&value, &(len, i1)) in &memory.cells {
        let Some(&site) = site_of_value.get(&value) else {
            continue;
        };
        let mut work = vec![value];
        let mut ok = true;
        let mut named = Vec::new();
        while let Some(v) = work.pop() {
            named.push(v);
            for &(op, k) in users.get(&v).map(Vec::as_slice).unwrap_or(&[]) {
                let info = snap.op(op);
                let fine = if let Some(buffers) = in_helper.get(&op) {
                    buffers.contains(&v)
                } else if info.facts.is_cast && k == 0 {
                    work.extend(info.results.iter().copied());
                    true
                } else if info.name == "memref.load" {
                    k == 0 && info.operands.len() == 2 && constant_index(info.operands[1], len)
                } else if info.name == "memref.store" {
                    k == 1 && info.operands.len() == 3 && constant_index(info.operands[2], len)
                } else if let Some(roles) = memory.helper_calls.get(&op) {
                    roles.all().contains(&k)
                } else {
                    matches!(&info.facts.effects, Effects::Known(e)
                        if e.len() == 1 && e[0].kind == EffectKind::Free && e[0].value == Some(v))
                };
                if !fine {
                    ok = false;
                    break;
                }
            }
            if !ok {
                break;
            }
        }
        if ok {
            out.insert(site, (len, i1));
            values.extend(named);
        }
    }
    (out, values)
}

/// The two operands of an `arith.cmpi`.
fn cmpi_operands(snap: &Snapshot, op: OpId) -> Option<(ValueId, ValueId)> {
    let operands = &snap.op(op).operands;
    Some((*operands.first()?, *operands.get(1)?))
}

/// For every `arith.cmpi` result, the results of the other comparisons of
/// the same two values (in either order).
fn cmpi_siblings(snap: &Snapshot) -> FxHashMap<ValueId, Vec<ValueId>> {
    let mut by_pair: FxHashMap<(ValueId, ValueId), Vec<ValueId>> = FxHashMap::default();
    for (index, op) in snap.ops.iter().enumerate() {
        if op.name != "arith.cmpi" || op.results.len() != 1 {
            continue;
        }
        let Some((a, b)) = cmpi_operands(snap, OpId(index as u32)) else {
            continue;
        };
        by_pair
            .entry((a.min(b), a.max(b)))
            .or_default()
            .push(op.results[0]);
    }
    let mut out = FxHashMap::default();
    for group in by_pair.into_values().filter(|g| g.len() > 1) {
        for &v in &group {
            out.insert(v, group.iter().copied().filter(|&w| w != v).collect());
        }
    }
    out
}

/// The orderings of two integers a comparison holds for: a subset of {less,
/// equal, greater}, signed or unsigned (`eq` and `ne` are either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Orderings {
    /// Bits: 1 less, 2 equal, 4 greater.
    set: u8,
    signed: bool,
}

impl Orderings {
    const ALL: Orderings = Orderings {
        set: 7,
        signed: false,
    };

    /// `arith.cmpi`'s predicate numbering: eq, ne, slt, sle, sgt, sge, ult,
    /// ule, ugt, uge.
    fn of_predicate(predicate: i64) -> Option<Orderings> {
        let (set, signed) = match predicate {
            0 => (2, false),
            1 => (5, false),
            2 => (1, true),
            3 => (3, true),
            4 => (4, true),
            5 => (6, true),
            6 => (1, false),
            7 => (3, false),
            8 => (4, false),
            9 => (6, false),
            _ => return None,
        };
        Some(Orderings { set, signed })
    }

    /// Whether the orderings mean the same signed or unsigned (eq, ne).
    fn sign_free(self) -> bool {
        self.set == 2 || self.set == 5 || self.set == 7
    }

    /// The comparison with its operands exchanged.
    fn swapped(self) -> Orderings {
        let set = (self.set & 2) | ((self.set & 1) << 2) | ((self.set & 4) >> 2);
        Orderings { set, ..self }
    }

    fn complement(self) -> Orderings {
        Orderings {
            set: !self.set & 7,
            ..self
        }
    }

    fn intersect(self, other: Orderings) -> Orderings {
        Orderings {
            set: self.set & other.set,
            signed: if self.sign_free() {
                other.signed
            } else {
                self.signed
            },
        }
    }

    fn within(self, other: Orderings) -> bool {
        self.set & !other.set == 0
    }

    fn disjoint(self, other: Orderings) -> bool {
        self.set & other.set == 0
    }
}
