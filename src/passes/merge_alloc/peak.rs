//! The peak check of `bufrs-merge-alloc`'s scheduler (`keep-peak`): which
//! arenas, of static or run-time size, keep the function's heap at or below
//! the peak it had without merging, for every run-time size.
//!
//! The function's heap ([`HeapProfile`], from the collector) gives, per
//! tick, an upper bound of the bytes held (static bytes, plus run-time
//! sized buffers as expressions, or buffers of unknown size such as a
//! call's result), and, at the points of the function's entry block, a
//! lower bound of the bytes surely held there. The [`PeakState`] keeps the
//! static bytes and the run-time sized holders (buffers, and arenas sized
//! at run time) of every tick as the arenas decided so far leave them. An
//! arena (its bytes from its allocation to its free, in place of its
//! buffers' bytes from each allocation to its free) is accepted when at
//! every tick of its life the bytes then held are
//!
//! - at most what is held there now, or without merging (so also under a
//!   call or an op with unknown effects, whose own heap adds to both), or
//! - at most what the function surely held at some point of its entry block
//!   (every op of that block runs in a run that returns from the function),
//!   nowhere an opaque op runs.
//!
//! Where run-time sized bytes change, both sides are expressions and the
//! comparison is a proof for every size (`plan::symbolic::Exprs::at_least`)
//! after the holders on both sides cancel (a holder of unknown size must
//! cancel); an arena whose size is a maximum passes when each of its
//! branches (`Exprs::branches`) passes on its own, as the peak is at least
//! each point's bytes. Either keeps every tick's bytes at or below the
//! function's executed peak without merging (in a run that returns),
//! whatever other arenas do (each is checked against the state the others
//! left), so the program's peak does not rise.

use std::rc::Rc;

use rustc_hash::FxHashMap as HashMap;

use crate::analysis::snapshot::{OpId, ValueId};
use crate::plan::symbolic::{ExprId, Exprs, PROBES, SymSize};

use super::collect::SizeForm;
use super::profile::{HeapProfile, HeapSize};

/// The most distinct sets of run-time sized buffers at the entry block's
/// points compared with a tick's (each comparison is a proof over their
/// expressions).
const MAX_GROUPS: usize = 64;

/// The most branches of an arena's size tried one by one
/// ([`Exprs::branches`]).
const MAX_BRANCHES: usize = 16;

/// A run-time sized holder with its bytes at the probe points.
type HolderProbes = (Dyn, [u64; PROBES]);

/// An arena as the state holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// Its static bytes (overhead included); 0 for an arena sized at run
    /// time, whose bytes are the expression `dynamic` names.
    pub bytes: u64,
    /// Its inclusive ticks.
    pub life: (u64, u64),
    /// An arena sized at run time: its index among the state's arenas.
    pub dynamic: Option<usize>,
}

/// The bytes `malloc` is asked for an arena (overhead included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaBytes {
    Static(u64),
    /// An expression of the state's pool ([`PeakState::import`]).
    Dynamic(ExprId),
}

/// A buffer held by itself: its static bytes (overhead included), its held
/// ticks, and its index in the profile when it is sized at run time.
type Alone = (u64, (u64, u64), Option<usize>);

/// A run-time sized holder of bytes at a tick: a buffer of the profile
/// (its index) held by itself, or an arena sized at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dyn {
    Buffer(usize),
    Arena(usize),
}

/// The static bytes held at every tick of a function, as arenas change
/// them, and the bound each tick must stay under.
#[derive(Clone)]
pub struct PeakState {
    /// Segment `k` is the ticks `starts[k] ..= starts[k + 1] - 1` (the last
    /// to the end). This and the other fields fixed by [`PeakState::new`]
    /// are shared between clones.
    starts: Rc<Vec<u64>>,
    /// The segment of each tick up to some start ([`segment_table`]).
    segment_of: Rc<Vec<u32>>,
    /// Static bytes held in each segment without merging (upper bound).
    base: Rc<Vec<u64>>,
    /// The same with the arenas accepted so far.
    now: Vec<u64>,
    /// The most static bytes each segment may hold when above `base`: the
    /// most the function surely held at a point of its entry block with at
    /// least the segment's run-time sized bytes; `None`: only `base`.
    /// Found when first asked for ([`PeakState::bound`]; the outer `None`:
    /// not yet), once per distinct set of run-time sized buffers (`bounds`).
    bound: Vec<Option<Option<u64>>>,
    bounds: HashMap<Vec<usize>, Option<u64>>,
    /// Per allocation: its bytes with overhead (static part), held ticks,
    /// and its index in the profile when it is sized at run time.
    buffers: Rc<HashMap<OpId, Alone>>,
    /// Run-time sized buffers possibly held in each segment without
    /// merging, and whether a buffer of unknown size or an opaque op is.
    base_dynamic: Rc<Lists<usize>>,
    unknown: Rc<Vec<bool>>,
    /// The run-time sized holders of each segment as the arenas accepted so
    /// far leave them; `None`: as without merging (`base_dynamic`).
    now_dynamic: Vec<Option<Vec<Dyn>>>,
    /// The expressions of the arenas sized at run time accepted so far.
    arenas: Vec<ExprId>,
    /// The entry block's points grouped by the run-time sized buffers they
    /// surely hold, each with the most static bytes at one of them (most
    /// first).
    groups: Rc<Vec<(Vec<usize>, u64)>>,
    /// Each group's buffers as holders, as [`PeakState::at_least`] takes them.
    group_holders: Vec<Vec<Dyn>>,
    /// Each group's bytes at the probe points ([`PeakState::probe_sum`]),
    /// found on first use.
    group_probes: Vec<Option<[u64; PROBES]>>,
    /// The greatest of `group_probes` once all are found
    /// ([`PeakState::group_front`]).
    group_front: Option<Vec<[u64; PROBES]>>,
    /// The branches of arena sizes tried by [`PeakState::fits_symbolic`]
    /// (`Exprs::branches`), each found once.
    branches: HashMap<ExprId, Vec<ExprId>>,
    /// The answers of [`PeakState::at_least`] by the parts left after the
    /// holders cancel (each side's static bytes and its parts' expressions,
    /// in order): the same parts build the same sums, and asking
    /// `Exprs::at_least` the same pair again gives the same answer.
    proved: HashMap<SumPair, bool>,
    /// The answers of [`PeakState::at_least`] by its arguments, each holder
    /// named as [`Named`] does (the same arguments cancel the same holders
    /// and leave the same parts), under a hash of the arguments
    /// ([`PeakState::compared_at`]) so that a lookup builds no key.
    compared: HashMap<u64, Vec<(HolderPair, bool)>>,
    /// Each segment's bytes without merging at the probe points, found on
    /// first use.
    base_probes: Vec<Option<[u64; PROBES]>>,
    /// Each segment's bytes now at the probe points, found on first use
    /// and again after an arena changes them.
    now_probes: Vec<Option<[u64; PROBES]>>,
    /// Each segment's run-time sized holders now with their bytes at the
    /// probe points (those of unknown size left out), found on first use
    /// by [`PeakState::refutes`] and again after an arena changes them.
    holder_probes: Vec<Option<Vec<HolderProbes>>>,
    cover: Cover,
}

/// A holder of [`PeakState::at_least`]'s arguments as its memo names it: a
/// buffer by its index in the profile, an arena by its index among the
/// state's arenas and its expression (an index is reused for another
/// arena once a tried one is dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Named {
    Buffer(usize),
    Arena(usize, ExprId),
}

/// The arguments of [`PeakState::at_least`]: `(y_static, y, x_static, x)`.
type HolderPair = (u64, Vec<Named>, u64, Vec<Named>);

/// Two sides of [`PeakState::at_least`]: `(y_static, y_parts, x_static,
/// x_parts)`.
type SumPair = (u64, Vec<ExprId>, u64, Vec<ExprId>);

impl PeakState {
    /// The state of a function without merging. `extra` are ticks where an
    /// arena may start or end (its segments split there). `resolved` gives
    /// for some allocations sized at run time the values their sizes equal
    /// (`memref.dim`s of local buffers read back to those buffers' sizes),
    /// so that their sizes and an arena's are over the same symbols.
    pub fn new(
        profile: &HeapProfile,
        extra: &[u64],
        resolved: &HashMap<OpId, Vec<SizeForm>>,
    ) -> PeakState {
        let mut starts: Vec<u64> = Vec::with_capacity(
            1 + 4 * profile.buffers.len()
                + 2 * profile.opaque.len()
                + profile.points.len()
                + extra.len(),
        );
        starts.push(0);
        let mut cut = |from: u64, to: u64| {
            starts.push(from);
            if to < u64::MAX {
                starts.push(to + 1);
            }
        };
        for b in &profile.buffers {
            cut(b.held.0, b.held.1);
            if let Some((after, until)) = b.surely {
                cut(after, until);
            }
        }
        for &(from, to) in &profile.opaque {
            cut(from, to);
        }
        starts.extend(profile.points.iter().copied());
        starts.extend(extra.iter().copied());
        let starts = sorted_distinct(starts);
        let n = starts.len();
        let segment_of = segment_table(&starts);
        let segment = |t: u64| segment_in(&starts, &segment_of, t);
        let span = |(from, to): (u64, u64)| (segment(from), segment(to));

        // Upper bound per segment: static bytes, run-time sized buffers,
        // and whether anything unknown is there. Bytes are summed over the
        // segments by differences ([`Deltas`]).
        let spans: Vec<(usize, usize)> = profile.buffers.iter().map(|b| span(b.held)).collect();
        // Each segment's run-time sized buffers, in one list: counted
        // first, then filled in order.
        let mut counts = vec![0isize; n + 1];
        let mut total = 0;
        for (b, &(lo, hi)) in profile.buffers.iter().zip(&spans) {
            if lo <= hi && !matches!(b.size, HeapSize::Static(_)) {
                counts[lo] += 1;
                counts[hi + 1] -= 1;
                total += hi + 1 - lo;
            }
        }
        let mut dynamic = Lists::counted(&counts[..n], total, 0);
        let bytes_of = |b: &super::profile::HeapBuffer| match &b.size {
            HeapSize::Static(size) => size.saturating_add(b.overhead),
            _ => b.overhead,
        };
        let most = profile
            .buffers
            .iter()
            .map(|b| u128::from(bytes_of(b)))
            .sum();
        let mut delta = Deltas::new(n, most);
        let mut buffers =
            HashMap::with_capacity_and_hasher(profile.buffers.len(), Default::default());
        for (i, b) in profile.buffers.iter().enumerate() {
            let (lo, hi) = spans[i];
            let bytes = bytes_of(b);
            let index = matches!(b.size, HeapSize::Dynamic { .. }).then_some(i);
            buffers.insert(b.alloc, (bytes, b.held, index));
            if lo > hi {
                continue;
            }
            delta.add(lo, hi, bytes);
            // A buffer of unknown size (one a call returns) is covered
            // only by a point surely holding it.
            if !matches!(b.size, HeapSize::Static(_)) {
                dynamic.push_over(lo, hi, i);
            }
        }
        let base = delta.sums();
        let mut opaque = vec![0i64; n + 1];
        for &range in &profile.opaque {
            let (lo, hi) = span(range);
            if lo > hi {
                continue;
            }
            opaque[lo] += 1;
            opaque[hi + 1] -= 1;
        }
        let mut ops = 0i64;
        let unknown: Vec<bool> = opaque[..n]
            .iter()
            .map(|&d| {
                ops += d;
                ops > 0
            })
            .collect();

        // Lower bound at each point: static bytes and run-time sized
        // buffers surely held (static bytes summed as above; the run-time
        // sized ones change only where one starts or stops being surely
        // held).
        let points = profile.points.len();
        let most = profile
            .buffers
            .iter()
            .filter(|b| b.surely.is_some())
            .map(|b| u128::from(bytes_of(b)))
            .sum();
        let mut surely = Deltas::new(points, most);
        let mut changes: Vec<(usize, usize)> = Vec::new();
        for (i, b) in profile.buffers.iter().enumerate() {
            let Some((after, until)) = b.surely else {
                continue;
            };
            let from = profile.points.partition_point(|p| *p <= after);
            let to = profile.points.partition_point(|p| *p <= until);
            if from >= to {
                continue;
            }
            if !matches!(b.size, HeapSize::Static(_)) {
                changes.push((from, i));
                changes.push((to, i));
            }
            surely.add(from, to - 1, bytes_of(b));
        }
        changes.sort_unstable();
        // The points grouped by their run-time sized buffers, each group
        // with the most static bytes at one of its points.
        let mut groups: Vec<(Vec<usize>, u64)> = Vec::new();
        let mut group_of: HashMap<Vec<usize>, usize> = HashMap::default();
        let mut set: Vec<usize> = Vec::new();
        let mut next = 0;
        let mut group = None;
        for (p, bytes) in surely.sums().into_iter().enumerate() {
            // A buffer enters the set at its first point, and leaves it at
            // the point after its last.
            let mut changed = group.is_none();
            while next < changes.len() && changes[next].0 == p {
                let i = changes[next].1;
                match set.binary_search(&i) {
                    Ok(at) => {
                        set.remove(at);
                    }
                    Err(at) => set.insert(at, i),
                }
                changed = true;
                next += 1;
            }
            if changed {
                group = Some(match group_of.get(&set) {
                    Some(&g) => g,
                    None => {
                        group_of.insert(set.clone(), groups.len());
                        groups.push((set.clone(), 0));
                        groups.len() - 1
                    }
                });
            }
            if let Some(g) = group {
                groups[g].1 = groups[g].1.max(bytes);
            }
        }
        // Most bytes first; past MAX_GROUPS sets, the rest are not tried
        // (a lower bound is still one).
        groups.sort_by_key(|g| std::cmp::Reverse(g.1));
        groups.truncate(MAX_GROUPS);
        let cover = Cover::new(profile, resolved);
        let group_holders = groups
            .iter()
            .map(|(set, _)| set.iter().map(|&i| Dyn::Buffer(i)).collect())
            .collect();
        PeakState {
            now: base.clone(),
            now_dynamic: vec![None; n],
            starts: Rc::new(starts),
            segment_of: Rc::new(segment_of),
            base: Rc::new(base),
            bound: vec![None; n],
            bounds: HashMap::default(),
            buffers: Rc::new(buffers),
            base_dynamic: Rc::new(dynamic),
            unknown: Rc::new(unknown),
            arenas: vec![],
            group_probes: vec![None; groups.len()],
            group_front: None,
            groups: Rc::new(groups),
            group_holders,
            branches: HashMap::default(),
            proved: HashMap::default(),
            compared: HashMap::default(),
            base_probes: vec![None; n],
            now_probes: vec![None; n],
            holder_probes: vec![None; n],
            cover,
        }
    }

    /// The symbol of the state's pool standing for the run-time size `value`.
    pub fn symbol(&mut self, value: ValueId) -> u32 {
        self.cover.symbol(value)
    }

    /// Expression `id` of the pool `from`, whose symbol `s` is the value
    /// `symbols[s]`, plus `overhead`, in the state's pool.
    pub fn import(
        &mut self,
        from: &Exprs,
        id: ExprId,
        symbols: &[ValueId],
        overhead: u64,
    ) -> Option<ExprId> {
        let ids: Vec<u32> = symbols.iter().map(|&v| self.symbol(v)).collect();
        let bytes = self.cover.exprs.import(from, id, &|s| ids[s as usize]);
        let overhead = self.cover.exprs.constant(overhead);
        self.cover.exprs.add(bytes, overhead)
    }

    /// Whether [`PeakState::fits`] surely answers `false`, found from the
    /// probe points alone (no expression built, no proof tried), for an
    /// arena sized at run time whose bytes are `overhead` plus the maximum
    /// of expressions of the state's pool with the probes `items` (each
    /// item, when the arena's size is built, either one of the maximum's
    /// items or provably at most one of them). So when, in a segment of the
    /// arena's life, an item with the overhead is refuted against every
    /// bound there as `fits_one` refutes a side (below the bytes held at a
    /// probe point), so is the arena, and so is the branch
    /// (`Exprs::branches`) of an item of the maximum at least as large:
    /// `fits` answers `false` at that segment (or at one before it).
    pub fn refutes(
        &mut self,
        allocs: &[OpId],
        current: &[Option<Held>],
        items: &[[u64; PROBES]],
        overhead: u64,
        life: (u64, u64),
    ) -> bool {
        // An item at most another at every point is refuted only where
        // that one is, and a bound at most another refutes wherever that
        // one does: only the greatest of each are compared.
        let with_overhead: Vec<[u64; PROBES]> = items
            .iter()
            .map(|item| item.map(|v| v.saturating_add(overhead)))
            .collect();
        let items = greatest(&with_overhead);
        let groups = self.group_front();
        let (spans, leaving) = self.spans_held(allocs, current);
        let (a, b) = self.span(life);
        // The static bytes the buffers hold in each segment of the life
        // (saturating, as `now_held` sums them).
        let mut change = vec![0u128; b + 2 - a];
        for &(lo, hi, bytes) in &spans {
            let (lo, hi) = (lo.max(a), hi.min(b));
            if lo <= hi {
                change[lo - a] += u128::from(bytes);
                change[hi + 1 - a] -= u128::from(bytes);
            }
        }
        // Where a span starts or ends: elsewhere a segment the state holds
        // as the one before it is refuted as that one is.
        let mut edge = vec![false; b + 2 - a];
        for (lo, hi) in spans
            .iter()
            .map(|&(lo, hi, _)| (lo, hi))
            .chain(leaving.iter().map(|&(lo, hi, _)| (lo, hi)))
        {
            if (a..=b).contains(&lo) {
                edge[lo - a] = true;
            }
            if (a..=b).contains(&(hi + 1)) {
                edge[hi + 1 - a] = true;
            }
        }
        let below = |y: &[u64; PROBES], x: &[u64; PROBES]| (0..PROBES).any(|k| y[k] < x[k]);
        let mut held = 0u128;
        let mut gone: Vec<Dyn> = Vec::new();
        for s in a..=b {
            held += change[s - a];
            if s > a && !edge[s - a] && self.same_segment(s - 1, s) {
                continue;
            }
            let old = u64::try_from(held).unwrap_or(u64::MAX);
            let new = self.now[s].saturating_sub(old);
            // The run-time sized holders that stay, and their bytes.
            gone.clear();
            gone.extend(
                leaving
                    .iter()
                    .filter(|&&(lo, hi, _)| lo <= s && s <= hi)
                    .map(|&(_, _, d)| d),
            );
            if self.holder_probes[s].is_none() {
                let holders = self.holders(s);
                let mut probes = Vec::with_capacity(holders.len());
                for holder in holders {
                    let id = match holder {
                        Dyn::Buffer(i) => match self.cover.size(i) {
                            Some(id) => id,
                            None => continue,
                        },
                        Dyn::Arena(k) => self.arenas[k],
                    };
                    probes.push((holder, self.cover.exprs.probes(id)));
                }
                self.holder_probes[s] = Some(probes);
            }
            let mut rest = [new; PROBES];
            for (holder, at) in self.holder_probes[s].iter().flatten() {
                if gone.contains(holder) {
                    continue;
                }
                for k in 0..PROBES {
                    rest[k] = rest[k].saturating_add(at[k]);
                }
            }
            let y_now = match self.now_probes[s] {
                Some(y) => y,
                None => {
                    let now = self.holders(s);
                    let y = self.probe_sum(self.now[s], &now);
                    self.now_probes[s] = Some(y);
                    y
                }
            };
            let y_base = match self.base_probes[s] {
                Some(y) => y,
                None => {
                    let base: Vec<Dyn> = self.base_dynamic[s]
                        .iter()
                        .map(|&i| Dyn::Buffer(i))
                        .collect();
                    let y = self.probe_sum(self.base[s], &base);
                    self.base_probes[s] = Some(y);
                    y
                }
            };
            let refuted = items.iter().any(|item| {
                let mut x = rest;
                for k in 0..PROBES {
                    x[k] = x[k].saturating_add(item[k]);
                }
                below(&y_now, &x)
                    && below(&y_base, &x)
                    && (self.unknown[s] || groups.iter().all(|y| below(y, &x)))
            });
            if refuted {
                return true;
            }
        }
        false
    }

    /// The greatest of the entry block's groups' probe sums (none at most
    /// another at every point), found once.
    fn group_front(&mut self) -> Vec<[u64; PROBES]> {
        if let Some(front) = &self.group_front {
            return front.clone();
        }
        for g in 0..self.groups.len() {
            if self.group_probes[g].is_none() {
                let holders = std::mem::take(&mut self.group_holders[g]);
                let y = self.probe_sum(self.groups[g].1, &holders);
                self.group_holders[g] = holders;
                self.group_probes[g] = Some(y);
            }
        }
        let all: Vec<[u64; PROBES]> = self.group_probes.iter().flatten().copied().collect();
        let front = greatest(&all);
        self.group_front = Some(front.clone());
        front
    }

    /// What [`PeakState::now_held`] finds for the buffers `allocs` (held
    /// as `current`), as the segment ranges where each holds its static
    /// bytes, and where each run-time sized holder among them is held.
    #[allow(clippy::type_complexity)]
    fn spans_held(
        &self,
        allocs: &[OpId],
        current: &[Option<Held>],
    ) -> (Vec<(usize, usize, u64)>, Vec<(usize, usize, Dyn)>) {
        let mut spans = Vec::with_capacity(allocs.len());
        let mut leaving = Vec::with_capacity(allocs.len());
        let mut seen_arenas: Vec<Held> = Vec::new();
        for (alloc, now) in allocs.iter().zip(current) {
            match now {
                Some(arena) => {
                    if seen_arenas.contains(arena) {
                        continue;
                    }
                    seen_arenas.push(*arena);
                    let (a, b) = self.span(arena.life);
                    spans.push((a, b, arena.bytes));
                    if let Some(k) = arena.dynamic {
                        leaving.push((a, b, Dyn::Arena(k)));
                    }
                }
                None => {
                    let Some(&(bytes, range, index)) = self.buffers.get(alloc) else {
                        continue;
                    };
                    let (a, b) = self.span(range);
                    spans.push((a, b, bytes));
                    if let Some(index) = index {
                        leaving.push((a, b, Dyn::Buffer(index)));
                    }
                }
            }
        }
        (spans, leaving)
    }

    fn segment(&self, t: u64) -> usize {
        segment_in(&self.starts, &self.segment_of, t)
    }

    fn span(&self, (from, to): (u64, u64)) -> (usize, usize) {
        (self.segment(from), self.segment(to))
    }

    /// Whether one arena of `bytes` (overhead included) living over the
    /// inclusive ticks `life`, holding the buffers `allocs` (each now held
    /// as `current`: its own bytes, or inside an arena accepted before),
    /// keeps every tick at or below its bound. Where run-time sized bytes
    /// change (an arena sized at run time, or run-time sized buffers
    /// leaving), the bytes held are compared as expressions, for every size
    /// (`Exprs::at_least`): at most what is held there now, or without
    /// merging, or (no opaque op or buffer of unknown size there) what a
    /// point of the entry block surely holds.
    pub fn fits(
        &mut self,
        allocs: &[OpId],
        current: &[Option<Held>],
        bytes: ArenaBytes,
        life: (u64, u64),
    ) -> bool {
        let (lo, old, leaving) = self.now_held(allocs, current, life);
        let (a, b) = self.span(life);
        // The last segment checked symbolically (it fit), with its new
        // bytes and arena.
        let mut fitted: Option<(usize, u64, Option<ExprId>)> = None;
        for (k, &old) in old.iter().enumerate() {
            let s = lo + k;
            let inside = a <= s && s <= b;
            let (arena, expr) = match bytes {
                ArenaBytes::Static(bytes) if inside => (bytes, None),
                ArenaBytes::Dynamic(expr) if inside => (0, Some(expr)),
                _ => (0, None),
            };
            let new = self.now[s].saturating_sub(old).saturating_add(arena);
            if leaving[k].is_empty() && expr.is_none() {
                // The run-time sized bytes stay as they are.
                if new <= self.now[s] {
                    continue;
                }
                if self.now_dynamic[s].is_none() {
                    if new <= self.base[s] || self.bound(s).is_some_and(|b| new <= b) {
                        continue;
                    }
                    return false;
                }
            }
            // A segment holding what the last one checked held, asked the
            // same, fits as it did (the check reads nothing else).
            if let Some((f, f_new, f_expr)) = fitted
                && f_new == new
                && f_expr == expr
                && leaving[f - lo] == leaving[k]
                && self.same_segment(f, s)
            {
                continue;
            }
            if !self.fits_symbolic(s, new, &leaving[k], expr) {
                return false;
            }
            fitted = Some((s, new, expr));
        }
        true
    }

    /// Whether segments `f` and `s` hold the same bytes now and without
    /// merging, the same run-time sized holders, and the same opaque ops or
    /// buffers of unknown size, as [`PeakState::fits_symbolic`] reads them.
    fn same_segment(&self, f: usize, s: usize) -> bool {
        // Holders as without merging (`None`) against holders now.
        let as_base = |now: &[Dyn], base: &[usize]| {
            now.len() == base.len() && now.iter().zip(base).all(|(h, &i)| *h == Dyn::Buffer(i))
        };
        let holders = match (&self.now_dynamic[f], &self.now_dynamic[s]) {
            (None, None) => true,
            (Some(a), Some(b)) => a == b,
            (Some(a), None) => as_base(a, &self.base_dynamic[s]),
            (None, Some(b)) => as_base(b, &self.base_dynamic[f]),
        };
        self.now[f] == self.now[s]
            && self.base[f] == self.base[s]
            && self.unknown[f] == self.unknown[s]
            && self.base_dynamic[f] == self.base_dynamic[s]
            && holders
    }

    /// The bound of segment `s` ([`PeakState::bound`'s field), found on
    /// first use: `None` where an opaque op or a buffer of unknown size may
    /// be; else the bytes of the first group (the most bytes) whose points
    /// surely hold at least the segment's run-time sized buffers.
    fn bound(&mut self, s: usize) -> Option<u64> {
        if let Some(bound) = self.bound[s] {
            return bound;
        }
        let bound = if self.unknown[s] {
            None
        } else if let Some(&bound) = self.bounds.get(&self.base_dynamic[s]) {
            bound
        } else {
            let set = &self.base_dynamic[s];
            let cover = &mut self.cover;
            let bound = self
                .groups
                .iter()
                .find(|(surely, _)| cover.covers(surely, set))
                .map(|&(_, most)| most);
            self.bounds.insert(set.to_vec(), bound);
            bound
        };
        self.bound[s] = Some(bound);
        bound
    }

    /// The run-time sized holders of segment `s` now.
    fn holders(&self, s: usize) -> Vec<Dyn> {
        match &self.now_dynamic[s] {
            Some(now) => now.clone(),
            None => self.base_dynamic[s]
                .iter()
                .map(|&i| Dyn::Buffer(i))
                .collect(),
        }
    }

    /// Whether `y_static` bytes and the holders `y` surely hold at least
    /// `x_static` bytes and the holders `x`, for every size: holders on both
    /// sides cancel; each left in `x` must have a known size (an expression),
    /// those left in `y` of unknown size count as 0.
    fn at_least(&mut self, y_static: u64, y: &[Dyn], x_static: u64, x: &[Dyn]) -> bool {
        let hash = self.compared_at(y_static, y, x_static, x);
        let name = |h: &Dyn| match *h {
            Dyn::Buffer(i) => Named::Buffer(i),
            Dyn::Arena(k) => Named::Arena(k, self.arenas[k]),
        };
        let same = |key: &HolderPair| {
            key.0 == y_static
                && key.2 == x_static
                && key.1.len() == y.len()
                && key.3.len() == x.len()
                && key.1.iter().zip(y).all(|(n, h)| *n == name(h))
                && key.3.iter().zip(x).all(|(n, h)| *n == name(h))
        };
        if let Some(bucket) = self.compared.get(&hash)
            && let Some((_, known)) = bucket.iter().find(|(key, _)| same(key))
        {
            return *known;
        }
        let key = (
            y_static,
            y.iter().map(name).collect(),
            x_static,
            x.iter().map(name).collect(),
        );
        let known = self.cancel_and_compare(y_static, y, x_static, x);
        self.compared.entry(hash).or_default().push((key, known));
        known
    }

    /// The hash [`PeakState::at_least`]'s memo files its arguments under.
    fn compared_at(&self, y_static: u64, y: &[Dyn], x_static: u64, x: &[Dyn]) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = rustc_hash::FxHasher::default();
        for (bytes, holders) in [(y_static, y), (x_static, x)] {
            bytes.hash(&mut hasher);
            holders.len().hash(&mut hasher);
            for h in holders {
                match *h {
                    Dyn::Buffer(i) => Named::Buffer(i),
                    Dyn::Arena(k) => Named::Arena(k, self.arenas[k]),
                }
                .hash(&mut hasher);
            }
        }
        hasher.finish()
    }

    /// [`PeakState::at_least`] without its memo.
    fn cancel_and_compare(&mut self, y_static: u64, y: &[Dyn], x_static: u64, x: &[Dyn]) -> bool {
        let mut y: Vec<Dyn> = y.to_vec();
        let mut x_parts = Vec::with_capacity(x.len());
        for holder in x {
            if let Some(k) = y.iter().position(|h| h == holder) {
                y.swap_remove(k);
                continue;
            }
            x_parts.push(match *holder {
                Dyn::Buffer(i) => match self.cover.size(i) {
                    Some(size) => size,
                    None => return false,
                },
                Dyn::Arena(k) => self.arenas[k],
            });
        }
        let mut y_parts = Vec::with_capacity(y.len());
        for holder in y {
            y_parts.push(match holder {
                Dyn::Buffer(i) => match self.cover.size(i) {
                    Some(size) => size,
                    None => continue,
                },
                Dyn::Arena(k) => self.arenas[k],
            });
        }
        // Refuted at a probe point: the sums need not be built.
        let exprs = &self.cover.exprs;
        if exprs.sums_refuted(y_static, &y_parts, x_static, &x_parts) {
            return false;
        }
        let key = (y_static, y_parts, x_static, x_parts);
        if let Some(&known) = self.proved.get(&key) {
            return known;
        }
        let known = self.sums_at_least(&key);
        self.proved.insert(key, known);
        known
    }

    /// Whether the sum of `y_static` and `y_parts` is at least the sum of
    /// `x_static` and `x_parts` for every size, the sums built in order
    /// (`Exprs::at_least`).
    fn sums_at_least(&mut self, (y_static, y_parts, x_static, x_parts): &SumPair) -> bool {
        let exprs = &mut self.cover.exprs;
        let mut x_sum = exprs.constant(*x_static);
        for &part in x_parts {
            match exprs.add(x_sum, part) {
                Some(sum) => x_sum = sum,
                None => return false,
            }
        }
        let mut y_sum = exprs.constant(*y_static);
        for &part in y_parts {
            match exprs.add(y_sum, part) {
                Some(sum) => y_sum = sum,
                None => return false,
            }
        }
        exprs.at_least(y_sum, x_sum)
    }

    /// Whether segment `s` holding `new` static bytes, without the holders
    /// `leaving` and with the arena `added`, stays at or below its bound
    /// for every size. An arena whose size is a maximum (of what its buffers
    /// hold at different ticks) fits when each of its [`Exprs::branches`]
    /// does, each against its own bound: the peak is at least each.
    fn fits_symbolic(
        &mut self,
        s: usize,
        new: u64,
        leaving: &[Dyn],
        added: Option<ExprId>,
    ) -> bool {
        if self.fits_one(s, new, leaving, added) {
            return true;
        }
        let Some(expr) = added else {
            return false;
        };
        let branches = match self.branches.get(&expr) {
            Some(branches) => branches.clone(),
            None => {
                let branches = self.cover.exprs.branches(expr, MAX_BRANCHES);
                self.branches.insert(expr, branches.clone());
                branches
            }
        };
        branches.len() > 1
            && branches
                .into_iter()
                .all(|branch| self.fits_one(s, new, leaving, Some(branch)))
    }

    /// [`PeakState::fits_symbolic`] with the arena's size as it is.
    fn fits_one(&mut self, s: usize, new: u64, leaving: &[Dyn], added: Option<ExprId>) -> bool {
        // The segment's holders as the arenas leave them, taken out while
        // the state is asked (and put back below), or as without merging.
        let dynamic_now = self.now_dynamic[s].take();
        let base: Vec<Dyn> = self.base_dynamic[s]
            .iter()
            .map(|&i| Dyn::Buffer(i))
            .collect();
        let now: &[Dyn] = dynamic_now.as_deref().unwrap_or(&base);
        let mut after: Vec<Dyn> = now
            .iter()
            .filter(|h| !leaving.contains(h))
            .copied()
            .collect();
        if let Some(expr) = added {
            self.arenas.push(expr);
            after.push(Dyn::Arena(self.arenas.len() - 1));
        }
        // Sides below the new bytes at a probe point are refuted before any
        // holder is matched (see `probe_sum`).
        let x = self.probe_sum(new, &after);
        let below = |y: [u64; PROBES]| (0..PROBES).any(|k| y[k] < x[k]);
        let y_now = match self.now_probes[s] {
            Some(y) => y,
            None => {
                let y = self.probe_sum(self.now[s], now);
                self.now_probes[s] = Some(y);
                y
            }
        };
        let y_base = match self.base_probes[s] {
            Some(y) => y,
            None => {
                let y = self.probe_sum(self.base[s], &base);
                self.base_probes[s] = Some(y);
                y
            }
        };
        let mut fits = (!below(y_now) && self.at_least(self.now[s], now, new, &after))
            || (!below(y_base) && self.at_least(self.base[s], &base, new, &after));
        if !fits && !self.unknown[s] {
            // Taken out for the loop: `at_least` needs the state mutably.
            let group_holders = std::mem::take(&mut self.group_holders);
            for (g, holders) in group_holders.iter().enumerate() {
                let y = match self.group_probes[g] {
                    Some(y) => y,
                    None => {
                        let y = self.probe_sum(self.groups[g].1, holders);
                        self.group_probes[g] = Some(y);
                        y
                    }
                };
                if !below(y) && self.at_least(self.groups[g].1, holders, new, &after) {
                    fits = true;
                    break;
                }
            }
            self.group_holders = group_holders;
        }
        if added.is_some() {
            self.arenas.pop();
        }
        self.now_dynamic[s] = dynamic_now;
        fits
    }

    /// The bytes of `bytes` and `holders` at each probe point
    /// (`Exprs::probes`, sums saturating), a holder of unknown size counting
    /// 0. [`PeakState::at_least`] cancels holders on both sides and proves
    /// the rest for every size, those of unknown size counting 0 where they
    /// remain; so when it holds, one side's probe sums are at least the
    /// other's at every point: a side below at one point is refuted.
    fn probe_sum(&mut self, bytes: u64, holders: &[Dyn]) -> [u64; PROBES] {
        let mut sum = [bytes; PROBES];
        for holder in holders {
            let id = match *holder {
                Dyn::Buffer(i) => match self.cover.size(i) {
                    Some(id) => id,
                    None => continue,
                },
                Dyn::Arena(k) => self.arenas[k],
            };
            let at = self.cover.exprs.probes(id);
            for k in 0..PROBES {
                sum[k] = sum[k].saturating_add(at[k]);
            }
        }
        sum
    }

    /// Whether the arenas taken here keep the function's heap peak at or
    /// below the one the arenas taken in `other` (a state of the same
    /// function, arenas of static size only) leave: no tick holds more
    /// static bytes than the most `other` holds at one, and a tick where a
    /// run-time sized or unknown buffer, or an opaque op, may add bytes
    /// holds no more than `other` holds there.
    pub fn peak_not_above(&self, other: &PeakState) -> bool {
        let most = other.now.iter().copied().max().unwrap_or(0);
        self.now.len() == other.now.len()
            && (0..self.now.len()).all(|s| {
                let exact = self.unknown[s] || !self.base_dynamic[s].is_empty();
                self.now[s] <= if exact { other.now[s] } else { most }
            })
    }

    /// Takes the arena [`PeakState::fits`] accepted; what holds it.
    pub fn take(
        &mut self,
        allocs: &[OpId],
        current: &[Option<Held>],
        bytes: ArenaBytes,
        life: (u64, u64),
    ) -> Held {
        let (lo, old, leaving) = self.now_held(allocs, current, life);
        let (a, b) = self.span(life);
        let held = match bytes {
            ArenaBytes::Static(bytes) => Held {
                bytes,
                life,
                dynamic: None,
            },
            ArenaBytes::Dynamic(expr) => {
                self.arenas.push(expr);
                Held {
                    bytes: 0,
                    life,
                    dynamic: Some(self.arenas.len() - 1),
                }
            }
        };
        for (k, old) in old.into_iter().enumerate() {
            let s = lo + k;
            let inside = a <= s && s <= b;
            let arena = if inside { held.bytes } else { 0 };
            self.now[s] = self.now[s].saturating_sub(old).saturating_add(arena);
            self.now_probes[s] = None;
            self.holder_probes[s] = None;
            let added = held.dynamic.filter(|_| inside);
            if !leaving[k].is_empty() || added.is_some() {
                let mut holders = self.holders(s);
                holders.retain(|h| !leaving[k].contains(h));
                holders.extend(added.map(Dyn::Arena));
                self.now_dynamic[s] = Some(holders);
            }
        }
        held
    }

    /// The first segment where anything changes for the arena of
    /// [`PeakState::fits`] (its life, the buffers' held ticks, the lives of
    /// the arenas they leave), the static bytes the buffers hold from there
    /// on now, and per segment the run-time sized holders they leave.
    fn now_held(
        &self,
        allocs: &[OpId],
        current: &[Option<Held>],
        life: (u64, u64),
    ) -> (usize, Vec<u64>, Lists<Dyn>) {
        // The segments where anything changes: the arena's life, the
        // buffers' held ticks and the lives of the arenas they leave. Each
        // buffer held by itself and each arena left, once: its segments,
        // static bytes and run-time sized holder (the buffers first, in
        // order, then the arenas).
        let (mut lo, mut hi) = self.span(life);
        let mut parts: Vec<(usize, usize, u64, Option<Dyn>)> = Vec::with_capacity(allocs.len());
        let mut seen_arenas: Vec<Held> = Vec::new();
        for (alloc, now) in allocs.iter().zip(current) {
            match now {
                Some(arena) => {
                    let (a, b) = self.span(arena.life);
                    lo = lo.min(a);
                    hi = hi.max(b);
                    if !seen_arenas.contains(arena) {
                        seen_arenas.push(*arena);
                    }
                }
                None => {
                    if let Some(&(bytes, range, index)) = self.buffers.get(alloc) {
                        let (a, b) = self.span(range);
                        lo = lo.min(a);
                        hi = hi.max(b);
                        parts.push((a, b, bytes, index.map(Dyn::Buffer)));
                    }
                }
            }
        }
        for arena in &seen_arenas {
            let (a, b) = self.span(arena.life);
            parts.push((a, b, arena.bytes, arena.dynamic.map(Dyn::Arena)));
        }
        // What they hold there now (summed by differences as in
        // `PeakState::new`), and the holders leaving each segment.
        let width = hi + 1 - lo;
        let most = parts.iter().map(|part| u128::from(part.2)).sum();
        let mut delta = Deltas::new(width, most);
        let mut counts = vec![0isize; width + 1];
        let mut total = 0;
        for &(a, b, bytes, holder) in &parts {
            let (a, b) = (a.max(lo), b.min(hi));
            if a > b {
                continue;
            }
            delta.add(a - lo, b - lo, bytes);
            if holder.is_some() {
                counts[a - lo] += 1;
                counts[b + 1 - lo] -= 1;
                total += b + 1 - a;
            }
        }
        let old = delta.sums();
        if total == 0 {
            let leaving = Lists {
                items: Vec::new(),
                at: vec![0; width + 1],
                filled: Vec::new(),
            };
            return (lo, old, leaving);
        }
        let mut leaving = Lists::counted(&counts[..width], total, Dyn::Buffer(0));
        for &(a, b, _, holder) in &parts {
            if let Some(holder) = holder {
                leaving.push_over(a.max(lo) - lo, b.min(hi) - lo, holder);
            }
        }
        (lo, old, leaving)
    }
}

/// A list per segment (of a state, or of [`PeakState::now_held`]'s range:
/// the run-time sized buffers held there, the holders an arena's buffers
/// leave there), all in one vector: `lists[k]` is the `k`-th segment's.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Lists<T> {
    items: Vec<T>,
    /// Where each segment's list starts in `items` (and one past the
    /// last's end).
    at: Vec<usize>,
    /// How many items each segment's list holds so far, while it is
    /// filled ([`Lists::push_over`]).
    filled: Vec<usize>,
}

impl<T: Copy> Lists<T> {
    /// Room for `total` items, `counts` the differences of the segments'
    /// lengths from one segment to the next; `blank` fills the room.
    fn counted(counts: &[isize], total: usize, blank: T) -> Lists<T> {
        let mut at = Vec::with_capacity(counts.len() + 1);
        let (mut length, mut next) = (0isize, 0usize);
        for &d in counts {
            at.push(next);
            length += d;
            next += length as usize;
        }
        at.push(next);
        Lists {
            items: vec![blank; total],
            filled: vec![0; counts.len()],
            at,
        }
    }

    /// Appends `item` to the lists of segments `lo..=hi`.
    fn push_over(&mut self, lo: usize, hi: usize, item: T) {
        for k in lo..=hi {
            self.items[self.at[k] + self.filled[k]] = item;
            self.filled[k] += 1;
        }
    }
}

impl<T> std::ops::Index<usize> for Lists<T> {
    type Output = [T];
    fn index(&self, k: usize) -> &[T] {
        &self.items[self.at[k]..self.at[k + 1]]
    }
}

/// The values of `values` in increasing order, each once. Ticks below a
/// few times their number go through a bit set (no sort), the rest are
/// sorted.
fn sorted_distinct(mut values: Vec<u64>) -> Vec<u64> {
    let cap = 64 * (values.len() as u64 + 1);
    let mut words = vec![0u64; (cap / 64) as usize];
    let mut large: Vec<u64> = Vec::new();
    for &v in &values {
        if v < cap {
            words[(v / 64) as usize] |= 1 << (v % 64);
        } else {
            large.push(v);
        }
    }
    large.sort_unstable();
    large.dedup();
    values.clear();
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            values.push(w as u64 * 64 + u64::from(bits.trailing_zeros()));
            bits &= bits - 1;
        }
    }
    values.extend(large);
    values
}

/// The segment of each tick from 0 to the last start below a few times
/// their number (`starts` sorted and distinct, the first 0): ticks past it
/// are looked up in `starts` ([`segment_in`]).
fn segment_table(starts: &[u64]) -> Vec<u32> {
    let cap = 16 * (starts.len() as u64 + 16);
    let Some(last) = starts.iter().copied().take_while(|&s| s < cap).last() else {
        return Vec::new();
    };
    let mut table = Vec::with_capacity(last as usize + 1);
    for (k, &start) in starts.iter().enumerate() {
        if start > last {
            break;
        }
        let end = starts
            .get(k + 1)
            .map_or(last + 1, |&next| next.min(last + 1));
        table.resize(end as usize, k as u32);
    }
    table
}

/// The segment of tick `t`: the last of `starts` at or before it, from
/// `table` ([`segment_table`]) when it covers `t`.
fn segment_in(starts: &[u64], table: &[u32], t: u64) -> usize {
    match usize::try_from(t).ok().and_then(|t| table.get(t)) {
        Some(&segment) => segment as usize,
        None => starts.partition_point(|&s| s <= t) - 1,
    }
}

/// Whether the run-time sized buffers surely held at a point hold at least
/// the bytes of those possibly held at a tick, for every size; the pool of
/// the state's expressions.
#[derive(Clone)]
struct Cover {
    /// Per buffer of the profile, its size when it is sized at run time.
    sizes: Rc<Vec<Option<UnitForms>>>,
    exprs: Exprs,
    symbols: HashMap<ValueId, u32>,
    /// Per buffer of the profile, its size as built in `exprs` (once).
    built: Vec<Option<ExprId>>,
}

/// A run-time size: bytes per unit and the forms of its sizes.
type UnitForms = (u64, Vec<SizeForm>);

impl Cover {
    fn new(profile: &HeapProfile, resolved: &HashMap<OpId, Vec<SizeForm>>) -> Cover {
        let sizes = profile
            .buffers
            .iter()
            .map(|b| match &b.size {
                HeapSize::Dynamic { unit, sizes } => {
                    let forms = match resolved.get(&b.alloc).filter(|r| r.len() == sizes.len()) {
                        Some(forms) => forms.clone(),
                        None => sizes.iter().map(|&v| vec![(1, vec![v])]).collect(),
                    };
                    Some((*unit, forms))
                }
                _ => None,
            })
            .collect();
        Cover {
            built: vec![None; profile.buffers.len()],
            sizes: Rc::new(sizes),
            exprs: Exprs::new(),
            symbols: HashMap::default(),
        }
    }

    fn symbol(&mut self, value: ValueId) -> u32 {
        let next = self.symbols.len() as u32;
        *self.symbols.entry(value).or_insert(next)
    }

    /// The size of buffer `i` of the profile, if it is sized at run time.
    fn size(&mut self, i: usize) -> Option<ExprId> {
        if let Some(id) = self.built[i] {
            return Some(id);
        }
        let (unit, forms) = self.sizes[i].clone()?;
        let mut size = SymSize::fixed(unit);
        for form in &forms {
            let terms: Vec<(u64, Vec<u32>)> = form
                .iter()
                .map(|(c, values)| (*c, values.iter().map(|&v| self.symbol(v)).collect()))
                .collect();
            size = size.times(&SymSize::from_terms(0, &terms)?)?;
        }
        let id = self.exprs.size(&size)?;
        self.built[i] = Some(id);
        Some(id)
    }

    /// The sum of the sizes of `set`; those of unknown size count as 0.
    fn sum(&mut self, set: &[usize]) -> Option<ExprId> {
        let mut total = self.exprs.constant(0);
        for &i in set {
            let Some(size) = self.size(i) else {
                continue;
            };
            total = self.exprs.add(total, size)?;
        }
        Some(total)
    }

    /// Whether the buffers `surely` held at a point hold at least the bytes
    /// of those `maybe` held at a tick: the ones in both cancel, and each
    /// other one of `maybe` must have a known size.
    fn covers(&mut self, surely: &[usize], maybe: &[usize]) -> bool {
        let rest: Vec<usize> = maybe
            .iter()
            .copied()
            .filter(|i| !surely.contains(i))
            .collect();
        if rest.is_empty() {
            return true;
        }
        if rest.iter().any(|&i| self.sizes[i].is_none()) {
            return false;
        }
        let others: Vec<usize> = surely
            .iter()
            .copied()
            .filter(|i| !maybe.contains(i))
            .collect();
        // Refuted at a probe point: the sums need not be built.
        let parts = |cover: &mut Cover, set: &[usize]| -> Vec<ExprId> {
            set.iter().filter_map(|&i| cover.size(i)).collect()
        };
        let (y, x) = (parts(self, &others), parts(self, &rest));
        if self.exprs.sums_refuted(0, &y, 0, &x) {
            return false;
        }
        match (self.sum(&others), self.sum(&rest)) {
            (Some(y), Some(x)) => self.exprs.at_least(y, x),
            _ => false,
        }
    }
}

/// The points of `all` not at most another one at every coordinate (the
/// first of equal ones), in order.
fn greatest(all: &[[u64; PROBES]]) -> Vec<[u64; PROBES]> {
    let at_most = |p: &[u64; PROBES], q: &[u64; PROBES]| (0..PROBES).all(|k| p[k] <= q[k]);
    all.iter()
        .enumerate()
        .filter(|&(i, p)| {
            !all.iter()
                .enumerate()
                .any(|(j, q)| j != i && at_most(p, q) && (p != q || j < i))
        })
        .map(|(_, p)| *p)
        .collect()
}

/// Sums of `u64`s over ranges of places (segments, points), kept as their
/// differences from one place to the next: in `u64` (wrapping, exact) when
/// everything added sums within it, else in `i128` (no sum of `u64`s of
/// fewer than 2^63 terms overflows it). A sum past `u64::MAX` saturates, as a
/// saturating sum of the same `u64`s does.
enum Deltas {
    Narrow(Vec<u64>),
    Wide(Vec<i128>),
}

impl Deltas {
    /// Differences over `places` places, `most` at least the sum of all
    /// that is added.
    fn new(places: usize, most: u128) -> Deltas {
        if most <= u128::from(u64::MAX) {
            Deltas::Narrow(vec![0; places + 1])
        } else {
            Deltas::Wide(vec![0; places + 1])
        }
    }

    /// Adds `bytes` at places `lo..=hi` (`hi` a place).
    fn add(&mut self, lo: usize, hi: usize, bytes: u64) {
        match self {
            Deltas::Narrow(d) => {
                d[lo] = d[lo].wrapping_add(bytes);
                d[hi + 1] = d[hi + 1].wrapping_sub(bytes);
            }
            Deltas::Wide(d) => {
                d[lo] += i128::from(bytes);
                d[hi + 1] -= i128::from(bytes);
            }
        }
    }

    /// The sum at each place.
    fn sums(&self) -> Vec<u64> {
        match self {
            Deltas::Narrow(d) => {
                let mut sum = 0u64;
                d[..d.len() - 1]
                    .iter()
                    .map(|&x| {
                        sum = sum.wrapping_add(x);
                        sum
                    })
                    .collect()
            }
            Deltas::Wide(d) => {
                let mut sum = 0i128;
                d[..d.len() - 1]
                    .iter()
                    .map(|&x| {
                        sum += x;
                        u64::try_from(sum).unwrap_or(u64::MAX)
                    })
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::rng::Rng;

    /// Ticks as the peak state's starts hold them: small ones, ones past
    /// the bit set and the tick table, and `u64::MAX`.
    fn ticks(rng: &mut Rng, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| match rng.range(0, 10) {
                0 => u64::MAX,
                1 => rng.range(1 << 20, 1 << 50),
                _ => rng.range(0, 4 * n as u64 + 64),
            })
            .collect()
    }

    #[test]
    fn sorted_distinct_is_sort_and_dedup() {
        let mut rng = Rng::new(7);
        for n in [0, 1, 2, 5, 40, 300] {
            let values = ticks(&mut rng, n);
            let mut expected = values.clone();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(sorted_distinct(values), expected);
        }
    }

    #[test]
    fn segment_table_finds_the_last_start_at_or_before_a_tick() {
        let mut rng = Rng::new(11);
        for n in [1, 2, 7, 60, 500] {
            let mut starts = ticks(&mut rng, n);
            starts.push(0);
            let starts = sorted_distinct(starts);
            let table = segment_table(&starts);
            let mut probes = ticks(&mut rng, 4 * n);
            probes.extend(starts.iter().flat_map(|&s| [s, s.saturating_add(1)]));
            for t in probes {
                let expected = starts.partition_point(|&s| s <= t) - 1;
                assert_eq!(segment_in(&starts, &table, t), expected, "tick {t}");
            }
        }
    }

    #[test]
    fn deltas_sum_as_saturating_sums_do() {
        let mut rng = Rng::new(5);
        for large in [false, true] {
            let places = 30;
            let items: Vec<(usize, usize, u64)> = (0..20)
                .map(|_| {
                    let lo = rng.range(0, places as u64 - 1) as usize;
                    let hi = rng.range(lo as u64, places as u64 - 1) as usize;
                    let bytes = match large {
                        true => rng.range(u64::MAX / 4, u64::MAX),
                        false => rng.range(0, 1 << 40),
                    };
                    (lo, hi, bytes)
                })
                .collect();
            let most = items.iter().map(|item| u128::from(item.2)).sum();
            let mut deltas = Deltas::new(places, most);
            assert_eq!(matches!(deltas, Deltas::Wide(_)), large);
            let mut expected = vec![0u64; places];
            for &(lo, hi, bytes) in &items {
                deltas.add(lo, hi, bytes);
                for sum in &mut expected[lo..=hi] {
                    *sum = sum.saturating_add(bytes);
                }
            }
            assert_eq!(deltas.sums(), expected);
        }
    }

    #[test]
    fn lists_keep_each_segments_items_in_order() {
        // Items over segments 0..=2, 1..=3 and 2..=2 of four segments.
        let ranges = [(0, 2, 'a'), (1, 3, 'b'), (2, 2, 'c')];
        let mut counts = [0isize; 5];
        let mut total = 0;
        for &(lo, hi, _) in &ranges {
            counts[lo] += 1;
            counts[hi + 1] -= 1;
            total += hi + 1 - lo;
        }
        let mut lists = Lists::counted(&counts[..4], total, ' ');
        for &(lo, hi, item) in &ranges {
            lists.push_over(lo, hi, item);
        }
        assert_eq!(&lists[0], &['a']);
        assert_eq!(&lists[1], &['a', 'b']);
        assert_eq!(&lists[2], &['a', 'b', 'c']);
        assert_eq!(&lists[3], &['b']);
    }
}
