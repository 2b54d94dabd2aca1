//! The peak check of `bufrs-merge-alloc`'s scheduler (`keep-peak`): which
//! static arenas keep the function's heap at or below the peak it had
//! without merging.
//!
//! The function's heap ([`HeapProfile`], from the collector) gives, per
//! tick, an upper bound of the bytes held (static bytes, plus run-time
//! sized buffers as expressions, or "unknown"), and, at the points of the
//! function's entry block, a lower bound of the bytes surely held there.
//! The [`PeakState`] keeps the static bytes held at every tick as the arenas
//! decided so far leave them. An arena (its bytes from its allocation to
//! its free, in place of its buffers' bytes from each allocation to its
//! free) is accepted when at every tick of its life the bytes then held are
//!
//! - at most what the function held there without merging (so also under
//!   a call or an op with unknown effects, whose own heap adds to both), or
//! - at most what the function surely held at some point of its entry block
//!   (every op of that block runs in a run that returns from the function),
//!   counting run-time sized buffers only where that point surely holds at
//!   least as much of them for every size
//!   (`plan::symbolic::Exprs::at_least`), and nowhere a buffer of unknown
//!   size may be held or an opaque op runs.
//!
//! Either keeps every tick's bytes at or below the function's executed peak
//! without merging (in a run that returns), whatever other arenas do (each
//! is checked against the state the others left), so the program's peak
//! does not rise.

use std::collections::HashMap;

use crate::analysis::snapshot::{OpId, ValueId};
use crate::plan::symbolic::{Exprs, SymSize};

use super::profile::{HeapProfile, HeapSize};

/// The most distinct sets of run-time sized buffers at the entry block's
/// points compared with a tick's (each comparison is a proof over their
/// expressions).
const MAX_GROUPS: usize = 64;

/// An arena as the state holds it: its bytes (overhead included) and its
/// inclusive ticks.
pub type Held = (u64, (u64, u64));

/// The static bytes held at every tick of a function, as arenas change
/// them, and the bound each tick must stay under.
pub struct PeakState {
    /// Segment `k` is the ticks `starts[k] ..= starts[k + 1] - 1` (the last
    /// to the end).
    starts: Vec<u64>,
    /// Static bytes held in each segment without merging (upper bound).
    base: Vec<u64>,
    /// The same with the arenas accepted so far.
    now: Vec<u64>,
    /// The most static bytes each segment may hold when above `base`: the
    /// most the function surely held at a point of its entry block with at
    /// least the segment's run-time sized bytes; `None`: only `base`.
    bound: Vec<Option<u64>>,
    /// Per allocation: its bytes with overhead (static part) and held ticks.
    buffers: HashMap<OpId, (u64, (u64, u64))>,
}

impl PeakState {
    /// The state of a function without merging. `extra` are ticks where an
    /// arena may start or end (its segments split there).
    pub fn new(profile: &HeapProfile, extra: &[u64]) -> PeakState {
        let mut starts: Vec<u64> = vec![0];
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
        for &p in &profile.points {
            starts.push(p);
        }
        starts.extend(extra.iter().copied());
        starts.sort_unstable();
        starts.dedup();
        let n = starts.len();
        let segment = |t: u64| starts.partition_point(|&s| s <= t) - 1;
        let span = |(from, to): (u64, u64)| (segment(from), segment(to));

        // Upper bound per segment: static bytes, run-time sized buffers,
        // and whether anything unknown is there.
        let mut base = vec![0u64; n];
        let mut unknown = vec![false; n];
        let mut dynamic: Vec<Vec<usize>> = vec![vec![]; n];
        let mut buffers = HashMap::with_capacity(profile.buffers.len());
        for (i, b) in profile.buffers.iter().enumerate() {
            let (lo, hi) = span(b.held);
            let bytes = match &b.size {
                HeapSize::Static(size) => size.saturating_add(b.overhead),
                _ => b.overhead,
            };
            buffers.insert(b.alloc, (bytes, b.held));
            for s in lo..=hi {
                base[s] = base[s].saturating_add(bytes);
                match b.size {
                    HeapSize::Static(_) => {}
                    HeapSize::Dynamic { .. } => dynamic[s].push(i),
                    HeapSize::Unknown => unknown[s] = true,
                }
            }
        }
        for &range in &profile.opaque {
            let (lo, hi) = span(range);
            for flag in &mut unknown[lo..=hi] {
                *flag = true;
            }
        }

        // Lower bound at each point: static bytes and run-time sized
        // buffers surely held.
        let mut lower: Vec<(u64, u64, Vec<usize>)> =
            profile.points.iter().map(|&p| (p, 0u64, vec![])).collect();
        for (i, b) in profile.buffers.iter().enumerate() {
            let Some((after, until)) = b.surely else {
                continue;
            };
            let from = lower.partition_point(|(p, _, _)| *p <= after);
            let to = lower.partition_point(|(p, _, _)| *p <= until);
            for point in &mut lower[from..to] {
                match b.size {
                    HeapSize::Static(size) => {
                        point.1 = point.1.saturating_add(size.saturating_add(b.overhead))
                    }
                    _ => {
                        point.1 = point.1.saturating_add(b.overhead);
                        point.2.push(i);
                    }
                }
            }
        }
        // The points grouped by their run-time sized buffers, each group
        // with the most static bytes at one of its points.
        let mut groups: Vec<(Vec<usize>, u64)> = Vec::new();
        for (_, bytes, set) in lower {
            match groups.iter_mut().find(|(s, _)| *s == set) {
                Some((_, most)) => *most = (*most).max(bytes),
                None => groups.push((set, bytes)),
            }
        }
        // Most bytes first; past MAX_GROUPS sets, the rest are not tried
        // (a lower bound is still one).
        groups.sort_by_key(|g| std::cmp::Reverse(g.1));
        groups.truncate(MAX_GROUPS);
        let mut cover = Cover::new(profile);
        // Per distinct set of a segment's run-time sized buffers, the bound.
        let mut bounds: HashMap<&[usize], Option<u64>> = HashMap::new();
        let bound: Vec<Option<u64>> = (0..n)
            .map(|s| {
                if unknown[s] {
                    return None;
                }
                *bounds.entry(&dynamic[s]).or_insert_with(|| {
                    // The first group covering the set has the most bytes.
                    groups
                        .iter()
                        .find(|(set, _)| cover.covers(set, &dynamic[s]))
                        .map(|&(_, most)| most)
                })
            })
            .collect();
        PeakState {
            now: base.clone(),
            starts,
            base,
            bound,
            buffers,
        }
    }

    fn segment(&self, t: u64) -> usize {
        self.starts.partition_point(|&s| s <= t) - 1
    }

    fn span(&self, (from, to): (u64, u64)) -> (usize, usize) {
        (self.segment(from), self.segment(to))
    }

    /// The static bytes `allocs` (allocations of the function) hold in
    /// segments `lo..=hi` without merging.
    fn held(&self, allocs: &[OpId], lo: usize, hi: usize) -> Vec<u64> {
        let mut held = vec![0u64; hi + 1 - lo];
        for alloc in allocs {
            let Some(&(bytes, range)) = self.buffers.get(alloc) else {
                continue;
            };
            let (a, b) = self.span(range);
            for s in a.max(lo)..=b.min(hi) {
                held[s - lo] = held[s - lo].saturating_add(bytes);
            }
        }
        held
    }

    /// Whether one arena of `bytes` (overhead included) living over the
    /// inclusive ticks `life`, holding the buffers `allocs` (each now held
    /// as `current`: its own bytes, or inside an arena `(bytes, life)`
    /// accepted before), keeps every tick at or below its bound.
    pub fn fits(
        &self,
        allocs: &[OpId],
        current: &[Option<Held>],
        bytes: u64,
        life: (u64, u64),
    ) -> bool {
        let (lo, old) = self.now_held(allocs, current, life);
        let (a, b) = self.span(life);
        old.iter().enumerate().all(|(k, &old)| {
            let s = lo + k;
            let arena = if a <= s && s <= b { bytes } else { 0 };
            let new = self.now[s].saturating_sub(old).saturating_add(arena);
            new <= self.now[s] || new <= self.base[s] || self.bound[s].is_some_and(|b| new <= b)
        })
    }

    /// Takes the arena [`PeakState::fits`] accepted.
    pub fn take(
        &mut self,
        allocs: &[OpId],
        current: &[Option<Held>],
        bytes: u64,
        life: (u64, u64),
    ) {
        let (lo, old) = self.now_held(allocs, current, life);
        let (a, b) = self.span(life);
        for (k, old) in old.into_iter().enumerate() {
            let s = lo + k;
            let arena = if a <= s && s <= b { bytes } else { 0 };
            self.now[s] = self.now[s].saturating_sub(old).saturating_add(arena);
        }
    }

    /// The first segment where anything changes for the arena of
    /// [`PeakState::fits`] (its life, the buffers' held ticks, the lives of
    /// the arenas they leave), and the bytes the buffers hold from there
    /// on now.
    fn now_held(
        &self,
        allocs: &[OpId],
        current: &[Option<Held>],
        life: (u64, u64),
    ) -> (usize, Vec<u64>) {
        // The segments where anything changes: the arena's life, the
        // buffers' held ticks and the lives of the arenas they leave.
        let (mut lo, mut hi) = self.span(life);
        for (alloc, now) in allocs.iter().zip(current) {
            let range = match now {
                Some((_, range)) => *range,
                None => match self.buffers.get(alloc) {
                    Some(&(_, range)) => range,
                    None => continue,
                },
            };
            let (a, b) = self.span(range);
            lo = lo.min(a);
            hi = hi.max(b);
        }
        // What the buffers hold there now.
        let mut old = vec![0u64; hi + 1 - lo];
        let mut seen_arenas: Vec<Held> = Vec::new();
        let mut plain: Vec<OpId> = Vec::new();
        for (alloc, now) in allocs.iter().zip(current) {
            match now {
                Some(arena) => {
                    if !seen_arenas.contains(arena) {
                        seen_arenas.push(*arena);
                    }
                }
                None => plain.push(*alloc),
            }
        }
        for (s, held) in self.held(&plain, lo, hi).into_iter().enumerate() {
            old[s] = held;
        }
        for &(arena, range) in &seen_arenas {
            let (a, b) = self.span(range);
            for s in a.max(lo)..=b.min(hi) {
                old[s - lo] = old[s - lo].saturating_add(arena);
            }
        }
        (lo, old)
    }
}

/// Whether the run-time sized buffers surely held at a point hold at least
/// the bytes of those possibly held at a tick, for every size.
struct Cover<'a> {
    profile: &'a HeapProfile,
    exprs: Exprs,
    symbols: HashMap<ValueId, u32>,
}

impl<'a> Cover<'a> {
    fn new(profile: &'a HeapProfile) -> Cover<'a> {
        Cover {
            profile,
            exprs: Exprs::new(),
            symbols: HashMap::new(),
        }
    }

    fn sum(&mut self, set: &[usize]) -> Option<crate::plan::symbolic::ExprId> {
        let mut total = self.exprs.constant(0);
        for &i in set {
            let HeapSize::Dynamic { unit, sizes } = &self.profile.buffers[i].size else {
                continue;
            };
            let mut ids = Vec::with_capacity(sizes.len());
            for &v in sizes {
                let next = self.symbols.len() as u32;
                ids.push(*self.symbols.entry(v).or_insert(next));
            }
            let size = self.exprs.size(&SymSize::new(*unit, ids));
            total = self.exprs.add(total, size)?;
        }
        Some(total)
    }

    fn covers(&mut self, surely: &[usize], maybe: &[usize]) -> bool {
        if maybe.iter().all(|i| surely.contains(i)) {
            return true;
        }
        match (self.sum(surely), self.sum(maybe)) {
            (Some(y), Some(x)) => self.exprs.at_least(y, x),
            _ => false,
        }
    }
}
