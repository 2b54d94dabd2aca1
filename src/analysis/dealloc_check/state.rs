//! A path state and what it is made of: the instances of the sites on the
//! path and their status, the latest instance per site, what merge values
//! and extracted addresses name, the `i1` facts and the cells of modelled
//! buffers; persistent where states share structure, with running hashes;
//! the deduplication set of a point and the path a state came along.

use std::rc::Rc;

use crate::analysis::snapshot::{BlockId, OpId, ValueId};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Status {
    Live,
    Freed,
    Returned,
}

/// What a value names on a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Names {
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
pub(super) struct Instance {
    pub(super) site: u32,
    pub(super) status: Status,
    /// The op that freed it (for notes).
    pub(super) freed_by: Option<OpId>,
}

/// A set of values (persistent: clones share their structure).
pub(super) type ValueSet = imbl::OrdSet<ValueId>;

/// A well-mixed 64-bit hash of `x` (the splitmix64 finalizer): element
/// hashes of the running sums below.
pub(super) fn mix(mut x: u64) -> u64 {
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
pub(super) struct Instances {
    pub(super) v: imbl::Vector<Instance>,
    pub(super) hash: u64,
}

impl Instances {
    pub(super) fn element_hash(i: usize, inst: &Instance) -> u64 {
        let status = inst.status as u64;
        let freed_by = inst.freed_by.map_or(0, |o| o.0 as u64 + 1);
        mix(mix(mix(i as u64) ^ inst.site as u64) ^ (status | freed_by << 2))
    }

    pub(super) fn len(&self) -> usize {
        self.v.len()
    }

    pub(super) fn push_back(&mut self, inst: Instance) {
        self.hash = self
            .hash
            .wrapping_add(Self::element_hash(self.v.len(), &inst));
        self.v.push_back(inst);
    }

    /// Changes instance `i` in place.
    pub(super) fn update(&mut self, i: u32, f: impl FnOnce(&mut Instance)) {
        let i = i as usize;
        let mut inst = self.v[i];
        self.hash = self.hash.wrapping_sub(Self::element_hash(i, &inst));
        f(&mut inst);
        self.hash = self.hash.wrapping_add(Self::element_hash(i, &inst));
        self.v.set(i, inst);
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &Instance> {
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
pub(super) struct Current {
    pub(super) map: imbl::OrdMap<u32, u32>,
    pub(super) hash: u64,
    pub(super) identity: bool,
    pub(super) fresh: Vec<u32>,
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
    pub(super) fn element_hash(site: u32, inst: u32) -> u64 {
        mix(mix(site as u64) ^ inst as u64)
    }

    pub(super) fn get(&self, site: &u32) -> Option<&u32> {
        self.map.get(site)
    }

    pub(super) fn contains_key(&self, site: &u32) -> bool {
        self.map.contains_key(site)
    }

    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    pub(super) fn insert(&mut self, site: u32, inst: u32) {
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

    pub(super) fn remove(&mut self, site: &u32) {
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

    pub(super) fn keys(&self) -> impl Iterator<Item = &u32> {
        self.map.keys()
    }

    pub(super) fn values(&self) -> impl Iterator<Item = &u32> {
        self.map.values()
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (&u32, &u32)> {
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

/// A small map kept as a vector sorted by key, for the per-path facts of a
/// state: a point keeps few of them (pruned to what is needed on entry), so
/// one contiguous allocation clones, compares, hashes, prunes and drops in
/// one pass where a B-tree allocates and walks a node per few entries (the
/// states are cloned at every block entry). Iterates in key order, as a
/// `BTreeMap`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct VecMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap(Vec::new())
    }
}

impl<K: Ord, V> VecMap<K, V> {
    fn find(&self, key: &K) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.cmp(key))
    }

    pub(super) fn get(&self, key: &K) -> Option<&V> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    pub(super) fn contains_key(&self, key: &K) -> bool {
        self.find(key).is_ok()
    }

    pub(super) fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    pub(super) fn remove(&mut self, key: &K) -> Option<V> {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub(super) fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.0.retain_mut(|(k, v)| keep(k, v));
    }

    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub(super) fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }

    pub(super) fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.0.iter_mut().map(|(_, v)| v)
    }
}

#[derive(Clone, Debug)]
pub(super) struct State {
    pub(super) inst: Instances,
    pub(super) current: Current,
    pub(super) bind: VecMap<ValueId, Names>,
    pub(super) conds: VecMap<ValueId, bool>,
    pub(super) addr: VecMap<ValueId, Names>,
    /// The cells of small local buffers written on this path (see
    /// [`MemoryFacts`]), by site and index: the latest instance of the site
    /// holds them.
    pub(super) mem: VecMap<(u32, u32), Cell>,
    /// Not part of the contents (neither compared nor hashed): the needed
    /// set of the point where the state was last canonicalized, so that the
    /// next canonicalization finds the sites whose results stopped being
    /// needed from the difference of the two sets instead of testing every
    /// site of `current`.
    pub(super) since: Option<ValueSet>,
    /// Whether the path took both ways of a branch on a condition that may
    /// be correlated with facts it does not follow
    /// ([`Checker::assumes`]): a way it took may run in no execution, so
    /// what goes wrong after it is not a finding. Compared and hashed, so
    /// such a path does not stand for one that rests on no assumption.
    pub(super) assumed: bool,
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
            && self.assumed == other.assumed
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
        self.assumed.hash(h);
    }
}

/// The distinct states that reached one point, each with its hash
/// ([`state_hash`]), compared by hash first. A point is reached by one or
/// two states on most paths and by at most [`MAX_STATES_PER_POINT`]: the
/// first is held in place (no allocation for the points one state reaches),
/// the others in a list allocated to its length (less memory than a hash
/// set, whose smallest table holds several states; a scan of the hashes
/// costs less than hashing into one).
#[derive(Default)]
pub(super) struct Seen {
    first: Option<(u64, State)>,
    more: Vec<(u64, State)>,
}

impl Seen {
    pub(super) fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.more.len()
    }

    pub(super) fn contains(&self, hash: u64, state: &State) -> bool {
        self.first
            .iter()
            .chain(&self.more)
            .any(|(h, s)| *h == hash && s == state)
    }

    pub(super) fn insert(&mut self, hash: u64, state: State) {
        if self.first.is_none() {
            self.first = Some((hash, state));
            return;
        }
        // Exact growth while short, doubling beyond.
        if self.more.len() < 4 {
            self.more.reserve_exact(1);
        }
        self.more.push((hash, state));
    }
}

/// The hash of a state's contents ([`State`]'s `Hash`).
pub(super) fn state_hash(state: &State) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(state)
}

/// What a cell of a modelled buffer holds: an `i1` or a buffer address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Cell {
    Bool(bool),
    Addr(Names),
}

/// A place execution continues from: op `index` of `block`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Point {
    pub(super) block: BlockId,
    pub(super) index: u32,
}

/// The blocks a path entered, newest first, sharing its prefix with the
/// paths it was split from: extending one is O(1) (a `Vec` per path made
/// every block entry cost the path's length, quadratic on long functions).
/// `assumed` as in [`State`]: what the path reports rests on an assumption.
#[derive(Clone, Default)]
pub(super) struct Path {
    last: Option<Rc<PathNode>>,
    pub(super) assumed: bool,
}

pub(super) struct PathNode {
    pub(super) block: BlockId,
    pub(super) before: Option<Rc<PathNode>>,
}

impl Path {
    pub(super) fn then(&self, block: BlockId) -> Path {
        Path {
            last: Some(Rc::new(PathNode {
                block,
                before: self.last.clone(),
            })),
            assumed: self.assumed,
        }
    }

    /// The same path, from here on resting on an assumption.
    pub(super) fn assuming(&self) -> Path {
        Path {
            last: self.last.clone(),
            assumed: true,
        }
    }

    /// The blocks in the order they were entered.
    pub(super) fn blocks(&self) -> Vec<BlockId> {
        let mut out = Vec::new();
        let mut at = &self.last;
        while let Some(node) = at {
            out.push(node.block);
            at = &node.before;
        }
        out.reverse();
        out
    }
}

/// Whether a merge value or an extracted address of this path names
/// instance `i`.
pub(super) fn referenced(state: &State, i: u32) -> bool {
    state
        .bind
        .values()
        .chain(state.addr.values())
        .chain(cell_names(&state.mem))
        .any(|n| *n == Names::Site(i))
}

/// The buffers named by address cells.
pub(super) fn cell_names(mem: &VecMap<(u32, u32), Cell>) -> impl Iterator<Item = &Names> {
    mem.values().filter_map(|c| match c {
        Cell::Addr(n) => Some(n),
        Cell::Bool(_) => None,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::VecMap;

    /// A `VecMap` answers as a `BTreeMap` under the same inserts, removes
    /// and prunes, and iterates in key order.
    #[test]
    fn vec_map_behaves_as_a_btree_map() {
        let mut map: VecMap<u32, u32> = VecMap::default();
        let mut reference: BTreeMap<u32, u32> = BTreeMap::new();
        let mut x: u32 = 7;
        for step in 0..2000u32 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let key = (x >> 16) % 64;
            match step % 5 {
                0..=2 => assert_eq!(map.insert(key, step), reference.insert(key, step)),
                3 => assert_eq!(map.remove(&key), reference.remove(&key)),
                _ => {
                    map.retain(|k, v| (k + *v) % 3 != 0);
                    reference.retain(|k, v| (k + *v) % 3 != 0);
                }
            }
            assert_eq!(map.get(&key), reference.get(&key));
            assert_eq!(map.contains_key(&key), reference.contains_key(&key));
            assert_eq!(map.len(), reference.len());
        }
        let pairs: Vec<(u32, u32)> = map.iter().map(|(k, v)| (*k, *v)).collect();
        let expected: Vec<(u32, u32)> = reference.iter().map(|(k, v)| (*k, *v)).collect();
        assert_eq!(pairs, expected);
        assert!(!map.is_empty());
    }
}
