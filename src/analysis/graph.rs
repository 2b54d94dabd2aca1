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
