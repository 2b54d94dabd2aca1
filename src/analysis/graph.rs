//! Graph utilities shared by the analyses: a compressed adjacency list
//! ([`Csr`]), the block-level control-flow graph of a snapshot ([`Cfg`]),
//! strongly connected components ([`strongly_connected_components`]) and
//! the ancestor lookups of the region tree (MLIR's
//! `Region::findAncestorOpInRegion` / `findAncestorBlockInRegion`).

use super::snapshot::{BlockId, OpId, RegionId, Snapshot};

const NONE: u32 = u32::MAX;

/// A compressed adjacency list over dense `u32` nodes.
#[derive(Clone, Debug, Default)]
pub struct Csr {
    start: Vec<u32>,
    pub(super) data: Vec<u32>,
}

impl Csr {
    /// Builds from `(from, to)` pairs; keeps the given order within a node.
    pub fn from_pairs(n: usize, pairs: &[(u32, u32)]) -> Csr {
        let mut start = vec![0u32; n + 1];
        for &(f, _) in pairs {
            start[f as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut data = vec![0u32; pairs.len()];
        for &(f, t) in pairs {
            data[fill[f as usize] as usize] = t;
            fill[f as usize] += 1;
        }
        Csr { start, data }
    }
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The neighbours of `n`.
    #[inline]
    pub fn get(&self, n: u32) -> &[u32] {
        let n = n as usize;
        &self.data[self.start[n] as usize..self.start[n + 1] as usize]
    }
}

/// The block-level control-flow graph of all regions.
#[derive(Clone, Debug)]
pub struct Cfg {
    pub(super) succ: Csr,
    pub(super) pred: Csr,
}

impl Cfg {
    /// Reads successors from the last op of every block; drops edges that
    /// leave the block's region and duplicate edges.
    pub fn new(snap: &Snapshot) -> Cfg {
        let nb = snap.blocks.len();
        let mut pairs = Vec::new();
        let mut seen = vec![NONE; nb];
        for (b, info) in snap.blocks.iter().enumerate() {
            let Some(&last) = info.ops.last() else {
                continue;
            };
            for s in &snap.op(last).facts.successors {
                let t = s.block.index();
                if t < nb && snap.blocks[t].region == info.region && seen[t] != b as u32 {
                    seen[t] = b as u32;
                    pairs.push((b as u32, t as u32));
                }
            }
        }
        let succ = Csr::from_pairs(nb, &pairs);
        let rev: Vec<(u32, u32)> = pairs.iter().map(|&(f, t)| (t, f)).collect();
        let pred = Csr::from_pairs(nb, &rev);
        Cfg { succ, pred }
    }
    pub fn successors(&self, b: BlockId) -> impl ExactSizeIterator<Item = BlockId> + '_ {
        self.succ.get(b.0).iter().map(|&x| BlockId(x))
    }
    pub fn predecessors(&self, b: BlockId) -> impl ExactSizeIterator<Item = BlockId> + '_ {
        self.pred.get(b.0).iter().map(|&x| BlockId(x))
    }
    /// Successors as raw indices.
    pub fn succ_raw(&self, b: BlockId) -> &[u32] {
        self.succ.get(b.0)
    }
    /// Predecessors as raw indices.
    pub fn pred_raw(&self, b: BlockId) -> &[u32] {
        self.pred.get(b.0)
    }
    /// The successor graph as a [`Csr`] over raw block indices.
    pub fn successor_graph(&self) -> &Csr {
        &self.succ
    }
    /// Number of blocks.
    pub fn num_blocks(&self) -> usize {
        self.succ.len()
    }
}

/// The op that (transitively) contains `op` and sits directly in `region`,
/// or `None` if `op` is not nested in `region` (MLIR's
/// `Region::findAncestorOpInRegion`). `op` itself counts.
pub fn ancestor_op_in_region(snap: &Snapshot, op: OpId, region: RegionId) -> Option<OpId> {
    let mut cur = op;
    loop {
        let b = snap.op(cur).parent_block?;
        let r = snap.block(b).region;
        if r == region {
            return Some(cur);
        }
        cur = snap.region(r).parent_op;
    }
}

/// The block of `region` that (transitively) contains `block`, if any
/// (MLIR's `Region::findAncestorBlockInRegion`).
pub fn ancestor_block_in_region(
    snap: &Snapshot,
    block: BlockId,
    region: RegionId,
) -> Option<BlockId> {
    let mut b = block;
    loop {
        let r = snap.block(b).region;
        if r == region {
            return Some(b);
        }
        b = snap.op(snap.region(r).parent_op).parent_block?;
    }
}

/// The nesting of blocks (each block's enclosing block is the one holding the
/// op its region belongs to) with jump pointers, so that "the ancestor of
/// `b` in the region at depth d" and "the ancestors of `a` and `b` in their
/// closest common region" take O(log depth) instead of a walk per query
/// (dominance queries over deeply nested regions were quadratic in depth).
#[derive(Clone, Debug)]
pub struct BlockNesting {
    /// Number of enclosing blocks (0 for blocks of the root's regions).
    depth: Vec<u32>,
    /// `jump[k][b]`: the `2^k`-th enclosing block of `b` and the position,
    /// in it, of the op that contains `b` (`NONE` when there is none).
    jump: Vec<Vec<(u32, u32)>>,
}

impl BlockNesting {
    pub fn new(snap: &Snapshot) -> BlockNesting {
        let nb = snap.blocks.len();
        let parent: Vec<(u32, u32)> = (0..nb)
            .map(|b| {
                let op = snap.region(snap.blocks[b].region).parent_op;
                let info = snap.op(op);
                info.parent_block
                    .map_or((NONE, NONE), |pb| (pb.0, info.position))
            })
            .collect();
        // Depths in an order where parents come first: memoised walk.
        let mut depth = vec![NONE; nb];
        let mut chain = Vec::new();
        for b in 0..nb {
            chain.clear();
            let mut cur = b as u32;
            while cur != NONE && depth[cur as usize] == NONE {
                chain.push(cur);
                cur = parent[cur as usize].0;
            }
            let base = if cur == NONE {
                0
            } else {
                depth[cur as usize] + 1
            };
            for (d, &c) in (base..).zip(chain.iter().rev()) {
                depth[c as usize] = d;
            }
        }
        let max_depth = depth.iter().copied().max().unwrap_or(0);
        let levels = (u32::BITS - max_depth.leading_zeros()).max(1) as usize;
        let mut jump = vec![parent];
        for k in 1..levels {
            let prev = &jump[k - 1];
            let next: Vec<(u32, u32)> = (0..nb)
                .map(|b| {
                    let (mid, _) = prev[b];
                    if mid == NONE {
                        (NONE, NONE)
                    } else {
                        prev[mid as usize]
                    }
                })
                .collect();
            jump.push(next);
        }
        BlockNesting { depth, jump }
    }

    /// Number of blocks enclosing `b`.
    pub fn depth(&self, b: BlockId) -> u32 {
        self.depth[b.index()]
    }

    /// The block enclosing `b` at depth `d` (≤ `b`'s depth) and the position
    /// in it of the op containing `b` (`None` for `b` itself).
    pub fn ancestor_at_depth(&self, b: BlockId, d: u32) -> (BlockId, Option<u32>) {
        let mut cur = b.0;
        let mut pos = None;
        let mut up = self.depth(b) - d;
        let mut k = 0;
        while up > 0 {
            if up & 1 == 1 {
                let (next, p) = self.jump[k][cur as usize];
                cur = next;
                pos = Some(p);
            }
            up >>= 1;
            k += 1;
        }
        (BlockId(cur), pos)
    }

    /// The ancestors of `a` and `b` (themselves included) that lie in one
    /// region, the innermost such (MLIR's `tryGetBlocksInSameRegion`), or
    /// `None` when they share no region.
    pub fn in_same_region(
        &self,
        snap: &Snapshot,
        a: BlockId,
        b: BlockId,
    ) -> Option<(BlockId, BlockId)> {
        let d = self.depth(a).min(self.depth(b));
        let (mut a, _) = self.ancestor_at_depth(a, d);
        let (mut b, _) = self.ancestor_at_depth(b, d);
        let region = |x: u32| snap.blocks[x as usize].region;
        if region(a.0) == region(b.0) {
            return Some((a, b));
        }
        for k in (0..self.jump.len()).rev() {
            let (na, _) = self.jump[k][a.index()];
            let (nb, _) = self.jump[k][b.index()];
            if na != NONE && nb != NONE && region(na) != region(nb) {
                a = BlockId(na);
                b = BlockId(nb);
            }
        }
        let (na, _) = self.jump[0][a.index()];
        let (nb, _) = self.jump[0][b.index()];
        (na != NONE && nb != NONE && region(na) == region(nb)).then_some((BlockId(na), BlockId(nb)))
    }
}

/// Strongly connected components of a graph given as a [`Csr`], by an
/// iterative Tarjan. Returns `(component of each node, number of
/// components)`; components are numbered in reverse topological order
/// (a component's successors have smaller numbers).
pub fn strongly_connected_components(g: &Csr) -> (Vec<u32>, u32) {
    let n = g.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, u32)> = Vec::new(); // (node, next edge index)
    let mut next_index = 0u32;
    let mut ncomp = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != NONE {
            continue;
        }
        // A node without successors is its own component (most values of a
        // flow graph: every non-buffer): what the walk below would do.
        if g.get(root).is_empty() {
            index[root as usize] = next_index;
            next_index += 1;
            comp[root as usize] = ncomp;
            ncomp += 1;
            continue;
        }
        call.push((root, 0));
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        while let Some(&mut (v, ref mut ei)) = call.last_mut() {
            let succs = g.get(v);
            if (*ei as usize) < succs.len() {
                let w = succs[*ei as usize];
                *ei += 1;
                if index[w as usize] == NONE {
                    index[w as usize] = next_index;
                    low[w as usize] = next_index;
                    next_index += 1;
                    stack.push(w);
                    call.push((w, 0));
                } else if comp[w as usize] == NONE {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
            } else {
                call.pop();
                if let Some(&(p, _)) = call.last() {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    while let Some(w) = stack.pop() {
                        comp[w as usize] = ncomp;
                        if w == v {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    (comp, ncomp)
}
