//! Which blocks lie on a control-flow cycle within their region (a
//! non-trivial strongly connected component of the block graph, or a block
//! that branches to itself).
//!
//! Used to tell whether an op may execute more than once per execution of
//! its region, e.g. to keep stack allocations out of unstructured loops.
//! Built on the block graph and SCCs of [`crate::analysis::graph`]:
//! O(blocks + edges) for the whole snapshot. The SCC numbers also tell
//! whether a move between two blocks leaves (or enters) a block loop.

use crate::analysis::{
    graph::{Cfg, strongly_connected_components},
    snapshot::BlockId,
};

/// Blocks on CFG cycles, with their strongly connected component: blocks in
/// the same block loop share a component.
pub struct BlockCycles {
    pub component: Vec<u32>,
    /// Per block (indexed by `BlockId`): on a cycle of its region.
    pub on_cycle: Vec<bool>,
}

impl BlockCycles {
    pub fn new(cfg: &Cfg) -> Self {
        let (component, count) = strongly_connected_components(cfg.successor_graph());
        let mut size = vec![0u32; count as usize];
        for &c in &component {
            size[c as usize] += 1;
        }
        let on_cycle = (0..cfg.num_blocks())
            .map(|b| {
                size[component[b] as usize] > 1
                    || cfg.succ_raw(BlockId(b as u32)).contains(&(b as u32))
            })
            .collect();
        BlockCycles {
            component,
            on_cycle,
        }
    }

    /// Whether moving from `from` to `to` (a dominator) leaves a block loop.
    pub fn exits_cycle(&self, from: BlockId, to: BlockId) -> bool {
        self.on_cycle[from.index()] && self.component[from.index()] != self.component[to.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::snapshot::{BlockId, OpFacts, Snapshot, SnapshotBuilder, Successor};

    fn branch(to: &[BlockId]) -> OpFacts {
        OpFacts {
            is_terminator: true,
            successors: to.iter().map(|&block| Successor::plain(block)).collect(),
            ..OpFacts::default()
        }
    }

    #[test]
    fn finds_loops_self_loops_and_straight_lines() {
        // bb0 -> bb1 -> bb2 -> bb1 ; bb2 -> bb3 ; bb3 -> bb3 ; bb4 unreachable -> bb0
        let mut b = SnapshotBuilder::new("func.func", OpFacts::default());
        let r = b.add_region(Snapshot::ROOT);
        let blocks: Vec<BlockId> = (0..5).map(|_| b.add_block(r, &[])).collect();
        b.add_op(blocks[0], "br", &[], &[], branch(&[blocks[1]]));
        b.add_op(blocks[1], "br", &[], &[], branch(&[blocks[2]]));
        b.add_op(
            blocks[2],
            "cond_br",
            &[],
            &[],
            branch(&[blocks[1], blocks[3]]),
        );
        b.add_op(blocks[3], "br", &[], &[], branch(&[blocks[3]]));
        b.add_op(blocks[4], "br", &[], &[], branch(&[blocks[0]]));
        let snapshot = b.finish();
        assert_eq!(
            BlockCycles::new(&Cfg::new(&snapshot)).on_cycle,
            vec![false, true, true, true, false]
        );
    }
}
