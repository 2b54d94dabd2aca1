//! Where ops and values sit, in the compact form the plan's per-root loops
//! read: a use of an owned root lifted to the root's region ([`Use`], one
//! word), and per op its block and position, per value its home region and
//! defining block, per block its successors ([`Places`]).

use crate::analysis::snapshot::{BlockId, OpId, RegionId, Snapshot, ValueDef, ValueId};

/// A use of an owned root, lifted to the root's region: the op in the
/// root's region that holds the use, and whether the use is inside a region
/// of that op (not an operand of the op itself), packed in one word (a root
/// may have as many uses as the function has ops).
#[derive(Clone, Copy, Debug)]
pub(super) struct Use(u32);

impl Use {
    const NESTED: u32 = 1 << 31;

    pub(super) fn new(at: OpId, nested: bool) -> Use {
        assert!(at.0 < Self::NESTED, "op ids fit in 31 bits");
        Use(at.0 | if nested { Self::NESTED } else { 0 })
    }

    /// The op in the root's region that holds the use.
    pub(super) fn at(self) -> OpId {
        OpId(self.0 & !Self::NESTED)
    }

    /// The use is inside a region of [`Use::at`].
    pub(super) fn nested(self) -> bool {
        self.0 & Self::NESTED != 0
    }
}

/// Where ops and values sit, in compact arrays built once per plan: the
/// plan's per-root loops look up the block of every use and the home of every
/// root they meet, and on a long chain of blocks (one root per block, each
/// used in every later block) reading the full op and value records for that
/// missed the cache on nearly every lookup.
pub(super) struct Places {
    /// Per op: its block (`u32::MAX` for the root) and position there.
    pub(super) ops: Vec<(u32, u32)>,
    /// Per value: [`home`] for owned roots, the only values the plan asks
    /// about (`u32::MAX` for the others and for roots without one).
    homes: Vec<(u32, u32)>,
    /// Per block `b`: its terminator's successor blocks are
    /// `successors[successor_starts[b]..successor_starts[b + 1]]`.
    successor_starts: Vec<u32>,
    successors: Vec<BlockId>,
}

impl Places {
    const NONE: u32 = u32::MAX;

    /// The places of `snapshot`'s ops and blocks, and the homes of `owned`.
    pub(super) fn new(snapshot: &Snapshot, owned: &[ValueId]) -> Places {
        let ops = snapshot
            .ops
            .iter()
            .map(|op| (op.parent_block.map_or(Self::NONE, |b| b.0), op.position))
            .collect();
        // Only owned roots have their home looked up (most values are
        // none: finding every value's home cost more than the lookups).
        let mut homes = vec![(Self::NONE, Self::NONE); snapshot.values.len()];
        for &root in owned {
            homes[root.index()] =
                home(snapshot, root).map_or((Self::NONE, Self::NONE), |(r, b)| (r.0, b.0));
        }
        let mut successor_starts = Vec::with_capacity(snapshot.blocks.len() + 1);
        let mut successors = Vec::new();
        for b in 0..snapshot.blocks.len() {
            successor_starts.push(successors.len() as u32);
            if let Some(t) = snapshot.terminator(BlockId(b as u32)) {
                successors.extend(snapshot.op(t).facts.successors.iter().map(|s| s.block));
            }
        }
        successor_starts.push(successors.len() as u32);
        Places {
            ops,
            homes,
            successor_starts,
            successors,
        }
    }

    /// The successor blocks of `block`'s terminator, in order.
    pub(super) fn successors(&self, block: BlockId) -> &[BlockId] {
        let b = block.index();
        &self.successors[self.successor_starts[b] as usize..self.successor_starts[b + 1] as usize]
    }

    /// The block holding `op` (`None` for the root).
    pub(super) fn block(&self, op: OpId) -> Option<BlockId> {
        let (block, _) = self.ops[op.index()];
        (block != Self::NONE).then_some(BlockId(block))
    }

    /// The position of `op` in its block.
    pub(super) fn position(&self, op: OpId) -> u32 {
        self.ops[op.index()].1
    }

    /// [`home`] of `value`, an owned root (`None` for other values).
    pub(super) fn home(&self, value: ValueId) -> Option<(RegionId, BlockId)> {
        let (region, block) = self.homes[value.index()];
        (region != Self::NONE).then_some((RegionId(region), BlockId(block)))
    }
}

/// The region an owned root lives in and the block that defines it.
pub(super) fn home(snapshot: &Snapshot, root: ValueId) -> Option<(RegionId, BlockId)> {
    let block = match snapshot.value(root).def {
        ValueDef::BlockArg { block, .. } => block,
        ValueDef::OpResult { op, .. } => snapshot.op(op).parent_block?,
    };
    Some((snapshot.block(block).region, block))
}

/// A dense index per owned root: the plan's per-root arrays hold one entry
/// per owned root, not one per value of the function (most values are not
/// owned roots, and the arrays are built again whenever merges borrow more).
pub(super) struct RootSlots {
    slot: Vec<u32>,
    count: usize,
}

impl RootSlots {
    const NONE: u32 = u32::MAX;

    /// Slots for `owned` among `values` values: `owned[i]` gets slot `i`.
    pub(super) fn new(values: usize, owned: &[ValueId]) -> RootSlots {
        let mut slot = vec![Self::NONE; values];
        for (i, root) in owned.iter().enumerate() {
            slot[root.index()] = i as u32;
        }
        RootSlots {
            slot,
            count: owned.len(),
        }
    }

    /// The slot of `root`, if it is an owned root.
    pub(super) fn get(&self, root: ValueId) -> Option<usize> {
        let s = self.slot[root.index()];
        (s != Self::NONE).then_some(s as usize)
    }

    /// How many slots there are.
    pub(super) fn len(&self) -> usize {
        self.count
    }
}

/// Every owned root's uses (see [`super::root_uses::lifted_uses`]), by slot.
pub(super) struct RootUses<'s> {
    pub(super) slots: &'s RootSlots,
    pub(super) lists: Vec<Vec<Use>>,
}

impl RootUses<'_> {
    /// The uses of `root` (none for a value that is no owned root).
    pub(super) fn of(&self, root: ValueId) -> &[Use] {
        self.slots.get(root).map_or(&[][..], |s| &self.lists[s][..])
    }
}
