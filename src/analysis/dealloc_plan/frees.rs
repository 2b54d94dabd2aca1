//! Where a free goes once the plan knows a root dies in a block: after its
//! last use there, before a terminator that uses it, or at the block start;
//! and the reachable edges into a block, which decide between a free at the
//! block start and frees on split edges.

use crate::analysis::{
    dominance::DominanceInfo,
    snapshot::{BlockId, OpId, RegionId, Snapshot, ValueDef, ValueId},
};

use super::places::{Places, Use};
use super::types::FreeAt;

/// Where a root dies inside `block`: after its last use there, before the
/// terminator when the terminator itself uses it (a clone source), or right
/// after its definition when it has no use in the block.
pub(super) fn free_in_block(
    snapshot: &Snapshot,
    places: &Places,
    root: ValueId,
    block: BlockId,
    uses: &[(BlockId, Use)],
) -> FreeAt {
    let last = uses
        .iter()
        .map(|(_, u)| u)
        .max_by_key(|u| places.position(u.at()));
    match last {
        Some(u) if snapshot.op(u.at()).facts.is_terminator => FreeAt::Before(u.at()),
        Some(u) => FreeAt::After(u.at()),
        None => match snapshot.value(root).def {
            ValueDef::OpResult { op, .. } if snapshot.op(op).parent_block == Some(block) => {
                FreeAt::After(op)
            }
            _ => FreeAt::StartOf(block),
        },
    }
}

/// The reachable CFG edges (terminator, successor index) into `target`.
pub(super) fn reachable_edges_into(
    snapshot: &Snapshot,
    dominance: &DominanceInfo<'_>,
    region: RegionId,
    target: BlockId,
) -> Vec<(OpId, u32)> {
    let mut out = Vec::new();
    for &block in &snapshot.region(region).blocks {
        if !dominance.is_reachable(block) {
            continue;
        }
        let Some(t) = snapshot.terminator(block) else {
            continue;
        };
        for (k, s) in snapshot.op(t).facts.successors.iter().enumerate() {
            if s.block == target {
                out.push((t, k as u32));
            }
        }
    }
    out
}
