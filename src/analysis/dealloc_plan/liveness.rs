//! Where each owned root is still needed: the blocks of its region that need
//! it on entry, from a backward walk over its lifted uses ([`Needed`]), or,
//! for the roots [`RootLiveness`] answers, from their aliases' own ranges
//! ([`Liveness`] holds both, [`RootNeeded`] is one root's answer).

use crate::analysis::{
    dominance::DominanceInfo,
    root_liveness::RootLiveness,
    snapshot::{BlockId, RegionId, Snapshot, ValueId},
};

use super::places::{Places, RootSlots, Use};

/// Each owned root's liveness: walked per root ([`needed_blocks`]) or, for
/// the roots [`RootLiveness`] answers, from their aliases' own ranges.
pub(super) struct Liveness<'l, 'a> {
    /// By root slot ([`RootSlots`]).
    pub(super) walked: Vec<Option<Needed>>,
    pub(super) slots: &'l RootSlots,
    pub(super) fast: Option<&'l RootLiveness<'a>>,
}

impl Liveness<'_, '_> {
    /// The liveness of owned root `root` (`None` without a home).
    pub(super) fn of(&self, places: &Places, root: ValueId) -> Option<RootNeeded<'_>> {
        if let Some(fast) = self.fast
            && fast.is_fast(root)
        {
            let (_, def) = places.home(root)?;
            return Some(RootNeeded::Fast(fast, root, def));
        }
        self.slots
            .get(root)
            .and_then(|s| self.walked[s].as_ref())
            .map(RootNeeded::Walked)
    }
}

/// One root's liveness (see [`Liveness`]).
#[derive(Clone, Copy)]
pub(super) enum RootNeeded<'l> {
    Walked(&'l Needed),
    /// The root and its defining block.
    Fast(&'l RootLiveness<'l>, ValueId, BlockId),
}

impl RootNeeded<'_> {
    pub(super) fn needed_in(&self, block: BlockId) -> bool {
        match *self {
            RootNeeded::Walked(needed) => needed.needed_in(block),
            RootNeeded::Fast(fast, root, def) => fast.needed_in(root, def, block),
        }
    }
}

/// Blocks of the root's region that still need the root on entry, as bits
/// over the span of block indices they cover (sparse in the function, dense
/// where the root lives; no list besides: on a chain of n blocks the roots
/// together need O(n^2) blocks, and a bit per block is 32 times smaller
/// than a block id).
pub(super) struct Needed {
    first: usize,
    bits: Vec<u64>,
}

impl Needed {
    /// From the blocks, sorted.
    pub(super) fn new(blocks: &[BlockId]) -> Self {
        let first = blocks.first().map_or(0, |b| b.index());
        let span = blocks.last().map_or(0, |b| b.index() + 1 - first);
        let mut bits = vec![0u64; span.div_ceil(64)];
        for b in blocks {
            let i = b.index() - first;
            bits[i / 64] |= 1 << (i % 64);
        }
        Needed { first, bits }
    }

    /// The blocks, ascending.
    pub(super) fn blocks(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.bits.iter().enumerate().flat_map(move |(w, &word)| {
            let base = self.first + w * 64;
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    BlockId((base + i) as u32)
                })
            })
        })
    }

    pub(super) fn needed_in(&self, block: BlockId) -> bool {
        block
            .index()
            .checked_sub(self.first)
            .and_then(|i| self.bits.get(i / 64).map(|w| w >> (i % 64) & 1 == 1))
            .unwrap_or(false)
    }
}

/// Backward liveness of one root over its region's blocks: a block needs the
/// root on entry if it uses it, or a successor needs it; the defining block
/// never does (the root is born there, also around back edges). `marks`
/// (one per block of the snapshot, all false) is scratch space, left false;
/// the work is linear in the blocks found, not in the region.
pub(super) fn needed_blocks(
    snapshot: &Snapshot,
    places: &Places,
    dominance: &DominanceInfo<'_>,
    (region, def_block): (RegionId, BlockId),
    uses: &[Use],
    marks: &mut [bool],
) -> Needed {
    let mut found: Vec<BlockId> = Vec::new();
    let mut worklist: Vec<BlockId> = Vec::new();
    for u in uses {
        if let Some(b) = places.block(u.at())
            && b != def_block
            && snapshot.block(b).region == region
            && !marks[b.index()]
            && dominance.is_reachable(b)
        {
            marks[b.index()] = true;
            found.push(b);
            worklist.push(b);
        }
    }
    while let Some(b) = worklist.pop() {
        for p in dominance.cfg().predecessors(b) {
            // Found blocks first: the dominance query is the costly test.
            if marks[p.index()]
                || p == def_block
                || !dominance.is_reachable(p)
                || !dominance.block_dominates(def_block, p)
            {
                continue;
            }
            if snapshot.block(p).region == region {
                marks[p.index()] = true;
                found.push(p);
                worklist.push(p);
            }
        }
    }
    for b in &found {
        marks[b.index()] = false;
    }
    found.sort_unstable();
    Needed::new(&found)
}
