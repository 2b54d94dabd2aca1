//! Pre-order ticks of every op, block and region of a snapshot, the clock
//! buffer lifetimes are measured on.
//!
//! # Ticks
//!
//! Every op gets a *begin tick* from one counter during a pre-order walk of
//! the root (regions in order, blocks in order, ops in order). An op with
//! regions also gets an *end tick*, taken after all ops of its regions have
//! their ticks; an op without regions has `end == begin`. So the ticks of
//! everything nested in `P` lie strictly between `begin(P)` and `end(P)`,
//! and "op X is nested in P" is a tick comparison. Each block and each region
//! also records the half-open range of ticks of its ops.

use crate::analysis::snapshot::{BlockId, OpId, Snapshot};

/// Pre-order ticks of every op, block and region.
#[derive(Clone, Debug, Default)]
pub struct Ticks {
    begin: Vec<u32>,
    end: Vec<u32>,
    /// Half-open `[first, end)` ranges of ticks inside each block / region.
    block_range: Vec<(u32, u32)>,
    region_range: Vec<(u32, u32)>,
}

impl Ticks {
    /// Assigns ticks by an iterative pre-order walk from the root.
    pub fn new(snap: &Snapshot) -> Ticks {
        enum F {
            Op(OpId),
            EndOp(OpId),
            StartBlock(BlockId),
            EndBlock(BlockId),
            StartRegion(u32),
            EndRegion(u32),
        }
        let mut t = Ticks {
            begin: vec![u32::MAX; snap.ops.len()],
            end: vec![u32::MAX; snap.ops.len()],
            block_range: vec![(0, 0); snap.blocks.len()],
            region_range: vec![(0, 0); snap.regions.len()],
        };
        if snap.ops.is_empty() {
            return t;
        }
        let mut clock = 0u32;
        let mut stack = vec![F::Op(Snapshot::ROOT)];
        while let Some(f) = stack.pop() {
            match f {
                F::Op(o) => {
                    t.begin[o.index()] = clock;
                    clock += 1;
                    let op = snap.op(o);
                    if op.regions.is_empty() {
                        t.end[o.index()] = t.begin[o.index()];
                        continue;
                    }
                    stack.push(F::EndOp(o));
                    for &r in op.regions.iter().rev() {
                        stack.push(F::EndRegion(r.0));
                        for &b in snap.region(r).blocks.iter().rev() {
                            stack.push(F::EndBlock(b));
                            for &x in snap.block(b).ops.iter().rev() {
                                stack.push(F::Op(x));
                            }
                            stack.push(F::StartBlock(b));
                        }
                        stack.push(F::StartRegion(r.0));
                    }
                }
                F::EndOp(o) => {
                    t.end[o.index()] = clock;
                    clock += 1;
                }
                F::StartBlock(b) => t.block_range[b.index()].0 = clock,
                F::EndBlock(b) => t.block_range[b.index()].1 = clock,
                F::StartRegion(r) => t.region_range[r as usize].0 = clock,
                F::EndRegion(r) => t.region_range[r as usize].1 = clock,
            }
        }
        t
    }
    /// The op's begin tick (`u32::MAX` for ops unreachable from the root).
    pub fn begin(&self, op: OpId) -> u32 {
        self.begin[op.index()]
    }
    /// The op's end tick (equal to `begin` for ops without regions).
    pub fn end(&self, op: OpId) -> u32 {
        self.end[op.index()]
    }
    /// Half-open tick range of the ops of a block (nested ones included).
    pub fn block_range(&self, b: BlockId) -> (u32, u32) {
        self.block_range[b.index()]
    }
    /// Half-open tick range of a region.
    pub fn region_range(&self, r: crate::analysis::snapshot::RegionId) -> (u32, u32) {
        self.region_range[r.index()]
    }
    /// True if `inner` is `outer` or nested in it.
    pub fn contains(&self, outer: OpId, inner: OpId) -> bool {
        let (b, e, x) = (self.begin(outer), self.end(outer), self.begin(inner));
        b <= x && x <= e
    }
}
