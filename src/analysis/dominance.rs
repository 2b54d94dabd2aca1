//! Dominance and post-dominance over every region of a [`Snapshot`], with
//! MLIR's `DominanceInfo` / `PostDominanceInfo` query semantics.
//!
//! # Algorithm
//!
//! The block-level CFG of each region is read from the last op of every
//! block (`OpFacts::successors`); edges to blocks of another region are
//! ignored and duplicate edges are folded ([`Cfg`], in [`super::graph`]). All regions are handled
//! in one pass over global, dense tables: a depth-first search from each
//! region's entry block yields a reverse post order (RPO) per region, the
//! RPOs are concatenated, and the iterative algorithm of Cooper, Harvey and
//! Kennedy ("A Simple, Fast Dominance Algorithm") computes immediate
//! dominators by intersecting predecessors' dominator chains, walking with
//! RPO numbers, until a fixpoint. It is near-linear on the reducible CFGs
//! compilers see (usually two passes). The dominator tree is then numbered by
//! an iterative DFS (entry/exit times), so `dominates(a, b)` between blocks of
//! one region is O(1); tree depths give nearest common dominators by walking
//! up from the deeper block.
//!
//! Post-dominance runs the same code on the reversed CFG with one virtual
//! root per region whose successors are the region's *exits* (blocks whose
//! last op has no successors: returns, yields, `unreachable`-like ops, and
//! blocks without a terminator). This is LLVM's post-dominator tree with a
//! virtual root joining all exits, which MLIR's `PostDominanceInfo` uses.
//!
//! Single-block regions need no tree: a lone entry block has no idom, depth
//! 0 (post-dominance depth 1: its parent is the virtual root).
//!
//! # Conventions (matching MLIR / LLVM)
//!
//! - **Unreachable blocks** (not reachable from the region entry) are not in
//!   the dominator tree: `idom` and `dom_depth` are `None`. As in LLVM's
//!   `DominatorTree::dominates`, *every block dominates an unreachable block*
//!   (including another unreachable one), and an unreachable block dominates
//!   no reachable block except through the ancestor rule below.
//!   `nearest_common_dominator` returns the entry block if either argument is
//!   the entry (LLVM checks that first), otherwise `None` if either is
//!   unreachable (LLVM asserts there).
//! - **Post-dominance with several exits**: the virtual root is not a block, so
//!   exits have no `ipostdom`, and two blocks whose only common
//!   post-dominator is the virtual root have no nearest common
//!   post-dominator (`None`, like LLVM returning null).
//! - **Blocks that reach no exit** (infinite loops) are "reverse
//!   unreachable": they are treated like unreachable blocks of the
//!   post-dominator tree (post-dominated by every block, no `ipostdom`).
//!   LLVM instead picks extra roots inside such loops by a DFS heuristic, so
//!   `--test-print-post-dominance` output can differ for infinite loops;
//!   everything else matches.
//! - **Nested regions**: `properly_dominates` between positions in different
//!   regions first replaces `b` by its ancestor in `a`'s region (MLIR's
//!   `findAncestorIteratorInRegion`); if there is none the answer is false.
//!   An op properly dominates the ops nested in its regions
//!   (`enclosing_ok`), except for the value query: a result does not
//!   dominate the ops inside its own defining op.
//! - **Graph regions** (parent op with `regions_have_ssa_dominance == false`):
//!   within one block every op properly dominates every op, *including
//!   itself* (MLIR returns `!hasSSADominance` for `a == b`); different blocks
//!   still use the tree.
//! - **The root op** (op 0) has no block. We define: it dominates itself and
//!   properly dominates (encloses) every other op; nothing properly
//!   dominates it; its results (never captured) dominate nothing.
//! - Positions: block `begin` is position 0 (the first op), `end` is
//!   `ops.len()`; block-level queries use `begin` for dominance and `end` for
//!   post-dominance, as MLIR does, so a block (post-)dominates the blocks
//!   nested inside its ops.
//!
//! Assumptions: all ids in the snapshot are in range (snapshot.rs
//! conventions). Nothing here panics on malformed CFGs (cross-region edges,
//! missing terminators, empty regions).

use std::cell::OnceCell;

use super::graph::{BlockNesting, Cfg, Csr};
use super::snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId};

const NONE: u32 = u32::MAX;

/// A dominator tree over dense nodes (blocks, plus virtual roots for
/// post-dominance).
#[derive(Clone, Debug, Default)]
struct Tree {
    /// Immediate dominator, `NONE` for roots and nodes not in the tree.
    idom: Vec<u32>,
    /// Depth in the tree (root 0), `NONE` when not in the tree.
    depth: Vec<u32>,
    /// DFS entry/exit numbers in the tree.
    tin: Vec<u32>,
    tout: Vec<u32>,
}

impl Tree {
    /// Cooper-Harvey-Kennedy from each of `roots` over `succ`/`pred`.
    fn build(n: usize, roots: &[u32], succ: &Csr, pred: &Csr) -> Tree {
        // Reverse post order of each root's reachable subgraph.
        let mut rpo_num = vec![NONE; n];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut post: Vec<u32> = Vec::new();
        let mut visited = vec![false; n];
        let mut stack: Vec<(u32, u32)> = Vec::new();
        let mut is_root = vec![false; n];
        for &r in roots {
            if visited[r as usize] {
                continue;
            }
            is_root[r as usize] = true;
            post.clear();
            visited[r as usize] = true;
            stack.push((r, 0));
            while let Some(&mut (v, ref mut ei)) = stack.last_mut() {
                let s = succ.get(v);
                if (*ei as usize) < s.len() {
                    let w = s[*ei as usize];
                    *ei += 1;
                    if !visited[w as usize] {
                        visited[w as usize] = true;
                        stack.push((w, 0));
                    }
                } else {
                    post.push(v);
                    stack.pop();
                }
            }
            for &v in post.iter().rev() {
                rpo_num[v as usize] = order.len() as u32;
                order.push(v);
            }
        }
        let mut idom = vec![NONE; n];
        for &r in roots {
            idom[r as usize] = r;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in &order {
                if is_root[b as usize] {
                    continue;
                }
                let mut new_idom = NONE;
                for &p in pred.get(b) {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    if new_idom == NONE {
                        new_idom = p;
                    } else {
                        // Intersect the two dominator chains.
                        let (mut f1, mut f2) = (p, new_idom);
                        while f1 != f2 {
                            while rpo_num[f1 as usize] > rpo_num[f2 as usize] {
                                f1 = idom[f1 as usize];
                            }
                            while rpo_num[f2 as usize] > rpo_num[f1 as usize] {
                                f2 = idom[f2 as usize];
                            }
                        }
                        new_idom = f1;
                    }
                }
                if new_idom != NONE && idom[b as usize] != new_idom {
                    idom[b as usize] = new_idom;
                    changed = true;
                }
            }
        }
        for &r in roots {
            idom[r as usize] = NONE;
        }
        // Depths in RPO (an idom precedes its children in RPO).
        let mut depth = vec![NONE; n];
        for &b in &order {
            let d = idom[b as usize];
            depth[b as usize] = if d == NONE { 0 } else { depth[d as usize] + 1 };
        }
        // Children lists and DFS numbering of the tree.
        let pairs: Vec<(u32, u32)> = order
            .iter()
            .filter(|&&b| idom[b as usize] != NONE)
            .map(|&b| (idom[b as usize], b))
            .collect();
        let children = Csr::from_pairs(n, &pairs);
        let mut tin = vec![NONE; n];
        let mut tout = vec![NONE; n];
        let mut clock = 0u32;
        for &r in roots {
            if tin[r as usize] != NONE {
                continue;
            }
            stack.clear();
            tin[r as usize] = clock;
            clock += 1;
            stack.push((r, 0));
            while let Some(&mut (v, ref mut ei)) = stack.last_mut() {
                let c = children.get(v);
                if (*ei as usize) < c.len() {
                    let w = c[*ei as usize];
                    *ei += 1;
                    tin[w as usize] = clock;
                    clock += 1;
                    stack.push((w, 0));
                } else {
                    tout[v as usize] = clock;
                    clock += 1;
                    stack.pop();
                }
            }
        }
        Tree {
            idom,
            depth,
            tin,
            tout,
        }
    }

    #[inline]
    fn in_tree(&self, a: u32) -> bool {
        self.depth[a as usize] != NONE
    }

    /// LLVM `DominatorTree::dominates` on nodes of one region.
    fn dominates(&self, a: u32, b: u32) -> bool {
        if a == b || !self.in_tree(b) {
            return true;
        }
        if !self.in_tree(a) {
            return false;
        }
        self.tin[a as usize] <= self.tin[b as usize]
            && self.tout[b as usize] <= self.tout[a as usize]
    }

    /// Walks up from the deeper node until both meet; `None` if not both in
    /// the tree.
    fn nca(&self, a: u32, b: u32) -> Option<u32> {
        if !self.in_tree(a) || !self.in_tree(b) {
            return None;
        }
        let (mut a, mut b) = (a, b);
        while a != b {
            if self.depth[a as usize] < self.depth[b as usize] {
                std::mem::swap(&mut a, &mut b);
            }
            a = self.idom[a as usize];
            if a == NONE {
                return None; // different trees (cannot happen within one region)
            }
        }
        Some(a)
    }
}

/// Dominance and post-dominance for all regions of a snapshot. See the module
/// docs for the conventions.
#[derive(Clone, Debug)]
pub struct DominanceInfo<'a> {
    snap: &'a Snapshot,
    cfg: Cfg,
    dom: Tree,
    /// Post-dominator tree over `blocks + regions` nodes; node `nb + r` is the
    /// virtual root of region `r`. Built on the first post-dominance query
    /// (most passes ask none).
    post: OnceCell<Tree>,
    /// Ancestor lookups across nested regions.
    nesting: BlockNesting,
}

impl<'a> DominanceInfo<'a> {
    /// Computes the dominator tree of every region (the post-dominator tree
    /// on the first post-dominance query). O((blocks + edges) * passes).
    pub fn new(snap: &'a Snapshot) -> Self {
        let cfg = Cfg::new(snap);
        Self::with_cfg(snap, cfg)
    }

    /// Same as [`DominanceInfo::new`] with a CFG already built.
    pub fn with_cfg(snap: &'a Snapshot, cfg: Cfg) -> Self {
        let nb = snap.blocks.len();
        let entries: Vec<u32> = snap
            .regions
            .iter()
            .filter_map(|r| r.blocks.first().map(|b| b.0))
            .collect();
        let dom = Tree::build(nb, &entries, &cfg.succ, &cfg.pred);
        DominanceInfo {
            snap,
            cfg,
            dom,
            post: OnceCell::new(),
            nesting: BlockNesting::new(snap),
        }
    }

    /// The post-dominator tree: the reversed CFG plus a virtual root per
    /// region, joined to its exits.
    fn post(&self) -> &Tree {
        self.post.get_or_init(|| {
            let (snap, cfg) = (self.snap, &self.cfg);
            let nb = snap.blocks.len();
            let n = nb + snap.regions.len();
            let mut rs: Vec<(u32, u32)> = Vec::with_capacity(cfg.succ.data.len() + nb);
            for b in 0..nb as u32 {
                for &p in cfg.pred.get(b) {
                    rs.push((b, p));
                }
            }
            let mut roots = Vec::new();
            for (r, info) in snap.regions.iter().enumerate() {
                if info.blocks.is_empty() {
                    continue;
                }
                let v = (nb + r) as u32;
                roots.push(v);
                for &b in &info.blocks {
                    if b.index() < nb
                        && snap.blocks[b.index()].region.index() == r
                        && cfg.succ.get(b.0).is_empty()
                    {
                        rs.push((v, b.0));
                    }
                }
            }
            let rsucc = Csr::from_pairs(n, &rs);
            let rp: Vec<(u32, u32)> = rs.iter().map(|&(f, t)| (t, f)).collect();
            let rpred = Csr::from_pairs(n, &rp);
            Tree::build(n, &roots, &rsucc, &rpred)
        })
    }

    /// The snapshot analysed.
    pub fn snapshot(&self) -> &'a Snapshot {
        self.snap
    }

    /// The block CFG used.
    pub fn cfg(&self) -> &Cfg {
        &self.cfg
    }

    fn nb(&self) -> usize {
        self.snap.blocks.len()
    }

    // ----- block-level tree queries -----

    /// True if `block` is reachable from its region's entry block.
    pub fn is_reachable(&self, block: BlockId) -> bool {
        self.dom.in_tree(block.0)
    }

    /// True if an exit of the region is reachable from `block` (the block is
    /// in the post-dominator tree).
    pub fn reaches_exit(&self, block: BlockId) -> bool {
        self.post().in_tree(block.0)
    }

    /// The immediate dominator; `None` for entry blocks and unreachable blocks.
    pub fn idom(&self, block: BlockId) -> Option<BlockId> {
        let d = self.dom.idom[block.index()];
        (d != NONE).then_some(BlockId(d))
    }

    /// The immediate post-dominator; `None` for exits (their parent is the
    /// virtual root) and blocks that reach no exit.
    pub fn ipostdom(&self, block: BlockId) -> Option<BlockId> {
        let d = self.post().idom[block.index()];
        (d != NONE && (d as usize) < self.nb()).then_some(BlockId(d))
    }

    /// Depth in the dominator tree (entry = 0); `None` if unreachable.
    pub fn dom_depth(&self, block: BlockId) -> Option<u32> {
        let d = self.dom.depth[block.index()];
        (d != NONE).then_some(d)
    }

    /// Depth in the post-dominator tree (virtual root = 0, exits = 1, like
    /// LLVM's levels); `None` if the block reaches no exit.
    pub fn postdom_depth(&self, block: BlockId) -> Option<u32> {
        let d = self.post().depth[block.index()];
        (d != NONE).then_some(d)
    }

    /// True if the region holding `block` has SSA dominance.
    pub fn has_ssa_dominance(&self, block: BlockId) -> bool {
        let op = self.snap.parent_op_of_block(block);
        self.snap.op(op).facts.regions_have_ssa_dominance
    }

    // ----- the core query, shared by dominance and post-dominance -----

    /// MLIR's `properlyDominatesImpl`: positions `(block, index)` where index
    /// is an op position, 0 for `begin` or `ops.len()` for `end`.
    fn properly_impl(
        &self,
        a_block: BlockId,
        a_pos: u32,
        b_block: BlockId,
        b_pos: u32,
        enclosing_ok: bool,
        post: bool,
    ) -> bool {
        let snap = self.snap;
        if a_block == b_block && a_pos == b_pos {
            return !self.has_ssa_dominance(a_block);
        }
        let a_region = snap.block(a_block).region;
        let (mut bb, mut bp) = (b_block, b_pos);
        if snap.block(bb).region != a_region {
            // Move b up to its ancestor position in a's region.
            let depth = self.nesting.depth(a_block);
            if self.nesting.depth(bb) < depth {
                return false;
            }
            let (ancestor, position) = self.nesting.ancestor_at_depth(bb, depth);
            if snap.block(ancestor).region != a_region {
                return false;
            }
            bb = ancestor;
            bp = position.expect("a block in another region has an enclosing op");
            if a_block == bb && a_pos == bp && enclosing_ok {
                return true;
            }
        }
        if a_block == bb {
            if !self.has_ssa_dominance(a_block) {
                return true;
            }
            return if post { bp < a_pos } else { a_pos < bp };
        }
        if post {
            a_block != bb && self.post().dominates(a_block.0, bb.0)
        } else {
            a_block != bb && self.dom.dominates(a_block.0, bb.0)
        }
    }

    // ----- blocks -----

    /// MLIR `properlyDominates(Block*, Block*)`: `a != b` and `a` dominates `b`
    /// (or `b` is nested in an op of `a`). In a graph region a block
    /// properly dominates itself (MLIR's convention).
    pub fn block_properly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.properly_impl(a, 0, b, 0, true, false)
    }

    /// `a == b || block_properly_dominates(a, b)`.
    pub fn block_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a == b || self.block_properly_dominates(a, b)
    }

    /// MLIR `properlyPostDominates(Block*, Block*)` (positions at `end`).
    pub fn block_properly_post_dominates(&self, a: BlockId, b: BlockId) -> bool {
        let ea = self.snap.block(a).ops.len() as u32;
        let eb = self.snap.block(b).ops.len() as u32;
        self.properly_impl(a, ea, b, eb, true, true)
    }

    /// `a == b || block_properly_post_dominates(a, b)`.
    pub fn block_post_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a == b || self.block_properly_post_dominates(a, b)
    }

    // ----- ops -----

    /// MLIR `properlyDominates(Operation*, Operation*, enclosingOpOk)`.
    pub fn op_properly_dominates_ex(&self, a: OpId, b: OpId, enclosing_ok: bool) -> bool {
        let (ai, bi) = (self.snap.op(a), self.snap.op(b));
        let Some(ab) = ai.parent_block else {
            // The root encloses every other op.
            return a != b && enclosing_ok;
        };
        let Some(bb) = bi.parent_block else {
            return false;
        };
        self.properly_impl(ab, ai.position, bb, bi.position, enclosing_ok, false)
    }

    /// MLIR `properlyDominates(Operation*, Operation*)` (enclosing ok).
    pub fn op_properly_dominates(&self, a: OpId, b: OpId) -> bool {
        self.op_properly_dominates_ex(a, b, true)
    }

    /// `a == b || op_properly_dominates(a, b)`.
    pub fn op_dominates(&self, a: OpId, b: OpId) -> bool {
        a == b || self.op_properly_dominates(a, b)
    }

    /// MLIR `properlyPostDominates(Operation*, Operation*, enclosingOpOk)`.
    pub fn op_properly_post_dominates_ex(&self, a: OpId, b: OpId, enclosing_ok: bool) -> bool {
        let (ai, bi) = (self.snap.op(a), self.snap.op(b));
        let Some(ab) = ai.parent_block else {
            return a != b && enclosing_ok;
        };
        let Some(bb) = bi.parent_block else {
            return false;
        };
        self.properly_impl(ab, ai.position, bb, bi.position, enclosing_ok, true)
    }

    /// MLIR `properlyPostDominates(Operation*, Operation*)`.
    pub fn op_properly_post_dominates(&self, a: OpId, b: OpId) -> bool {
        self.op_properly_post_dominates_ex(a, b, true)
    }

    /// `a == b || op_properly_post_dominates(a, b)`.
    pub fn op_post_dominates(&self, a: OpId, b: OpId) -> bool {
        a == b || self.op_properly_post_dominates(a, b)
    }

    // ----- values -----

    /// MLIR `properlyDominates(Value, Operation*)`: a block argument
    /// dominates every op of its block (and nested ops); a result properly
    /// dominates `b` if its op does, not counting ops nested in the defining
    /// op itself.
    pub fn value_properly_dominates(&self, v: ValueId, b: OpId) -> bool {
        match self.snap.value(v).def {
            ValueDef::BlockArg { block, .. } => match self.snap.op(b).parent_block {
                Some(bb) => self.block_dominates(block, bb),
                None => false,
            },
            ValueDef::OpResult { op, .. } => {
                if self.snap.op(op).parent_block.is_none() {
                    return false;
                }
                self.op_properly_dominates_ex(op, b, false)
            }
        }
    }

    /// MLIR `dominates(Value, Operation*)`: the defining op or proper dominance.
    pub fn value_dominates(&self, v: ValueId, b: OpId) -> bool {
        match self.snap.value(v).def {
            ValueDef::OpResult { op, .. } if op == b => true,
            _ => self.value_properly_dominates(v, b),
        }
    }

    // ----- nearest common (post-)dominators -----

    /// Moves `a` and `b` to ancestor blocks in a common region (MLIR's
    /// `tryGetBlocksInSameRegion`).
    fn same_region(&self, a: BlockId, b: BlockId) -> Option<(BlockId, BlockId)> {
        if self.snap.block(a).region == self.snap.block(b).region {
            return Some((a, b));
        }
        self.nesting.in_same_region(self.snap, a, b)
    }

    /// MLIR `findNearestCommonDominator(Block*, Block*)`: moves both blocks
    /// into a common region first. `None` if there is no common region or
    /// either block is unreachable (unless one of them is the entry).
    pub fn nearest_common_dominator(&self, a: BlockId, b: BlockId) -> Option<BlockId> {
        if a == b {
            return Some(a);
        }
        let (a, b) = self.same_region(a, b)?;
        if a == b {
            return Some(a);
        }
        let entry = self.snap.entry_block(self.snap.block(a).region)?;
        if a == entry || b == entry {
            return Some(entry);
        }
        self.dom.nca(a.0, b.0).map(BlockId)
    }

    /// Folds [`Self::nearest_common_dominator`] over a set of blocks.
    pub fn nearest_common_dominator_of(&self, blocks: &[BlockId]) -> Option<BlockId> {
        let (&first, rest) = blocks.split_first()?;
        rest.iter()
            .try_fold(first, |acc, &b| self.nearest_common_dominator(acc, b))
    }

    /// The nearest common post-dominator; `None` if only the virtual root
    /// joins them, if either reaches no exit, or if they share no region.
    pub fn nearest_common_post_dominator(&self, a: BlockId, b: BlockId) -> Option<BlockId> {
        if a == b {
            return Some(a);
        }
        let (a, b) = self.same_region(a, b)?;
        if a == b {
            return Some(a);
        }
        let n = self.post().nca(a.0, b.0)?;
        ((n as usize) < self.nb()).then_some(BlockId(n))
    }

    /// Folds [`Self::nearest_common_post_dominator`] over a set of blocks.
    pub fn nearest_common_post_dominator_of(&self, blocks: &[BlockId]) -> Option<BlockId> {
        let (&first, rest) = blocks.split_first()?;
        rest.iter()
            .try_fold(first, |acc, &b| self.nearest_common_post_dominator(acc, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::graph::ancestor_op_in_region;
    use crate::analysis::snapshot::{Effects, OpFacts, SnapshotBuilder, Successor, ValueKind};
    use crate::analysis::testgen::Rng;
    use proptest::prelude::*;

    fn facts() -> OpFacts {
        OpFacts {
            regions_have_ssa_dominance: true,
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        }
    }
    fn term(targets: &[BlockId]) -> OpFacts {
        let successors = targets.iter().map(|&b| Successor::plain(b)).collect();
        OpFacts {
            is_terminator: true,
            successors,
            ..facts()
        }
    }

    /// A root with one region of `n` blocks; block i has one op "x" then a
    /// terminator to `edges[i]`.
    fn cfg_snapshot(edges: &[Vec<usize>]) -> (Snapshot, Vec<BlockId>) {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let blocks: Vec<BlockId> = edges.iter().map(|_| b.add_block(r, &[])).collect();
        for (i, e) in edges.iter().enumerate() {
            b.add_op(blocks[i], "x", &[], &[], facts());
            let t: Vec<BlockId> = e.iter().map(|&j| blocks[j]).collect();
            b.add_op(blocks[i], "t", &[], &[], term(&t));
        }
        (b.finish(), blocks)
    }

    fn reach(
        n: usize,
        succ: &dyn Fn(usize) -> Vec<usize>,
        starts: &[usize],
        removed: Option<usize>,
    ) -> Vec<bool> {
        let mut seen = vec![false; n];
        let mut st: Vec<usize> = starts
            .iter()
            .copied()
            .filter(|&s| Some(s) != removed)
            .collect();
        for &s in &st {
            seen[s] = true;
        }
        while let Some(x) = st.pop() {
            for y in succ(x) {
                if !seen[y] && Some(y) != removed {
                    seen[y] = true;
                    st.push(y);
                }
            }
        }
        seen
    }

    /// Brute-force (post-)dominance on an edge list, LLVM conventions.
    fn brute(edges: &[Vec<usize>], post: bool) -> Vec<Vec<bool>> {
        let n = edges.len();
        let mut preds = vec![vec![]; n];
        for (i, e) in edges.iter().enumerate() {
            for &j in e {
                preds[j].push(i);
            }
        }
        let succ = |x: usize| {
            if post {
                preds[x].clone()
            } else {
                edges[x].clone()
            }
        };
        let roots: Vec<usize> = if post {
            (0..n).filter(|&i| edges[i].is_empty()).collect()
        } else {
            vec![0]
        };
        let base = reach(n, &succ, &roots, None);
        let mut dom = vec![vec![false; n]; n];
        for a in 0..n {
            let without = reach(n, &succ, &roots, Some(a));
            for b in 0..n {
                dom[a][b] = a == b || !base[b] || (base[a] && !without[b]);
            }
        }
        dom
    }

    fn check_cfg(edges: &[Vec<usize>]) {
        let (s, blocks) = cfg_snapshot(edges);
        let d = DominanceInfo::new(&s);
        let n = edges.len();
        for post in [false, true] {
            let bd = brute(edges, post);
            for a in 0..n {
                for b in 0..n {
                    let got = if post {
                        d.block_post_dominates(blocks[a], blocks[b])
                    } else {
                        d.block_dominates(blocks[a], blocks[b])
                    };
                    assert_eq!(got, bd[a][b], "post={post} a={a} b={b} edges={edges:?}");
                }
            }
            // Immediate (post-)dominators: the strict dominator that all
            // other strict dominators dominate; only for nodes in the tree.
            let in_tree = |x: usize| {
                if post {
                    d.reaches_exit(blocks[x])
                } else {
                    d.is_reachable(blocks[x])
                }
            };
            for b in 0..n {
                let expect = if !in_tree(b) {
                    None
                } else {
                    let strict: Vec<usize> = (0..n)
                        .filter(|&a| a != b && in_tree(a) && bd[a][b])
                        .collect();
                    strict
                        .iter()
                        .copied()
                        .find(|&c| strict.iter().all(|&o| bd[o][c]))
                };
                let got = if post {
                    d.ipostdom(blocks[b])
                } else {
                    d.idom(blocks[b])
                };
                assert_eq!(
                    got,
                    expect.map(|i| blocks[i]),
                    "post={post} idom of {b} edges={edges:?}"
                );
                // depth = number of strict dominators in the tree (+1 for the
                // virtual root in post-dominance).
                if in_tree(b) {
                    let k = (0..n).filter(|&a| a != b && in_tree(a) && bd[a][b]).count() as u32;
                    let depth = if post {
                        d.postdom_depth(blocks[b])
                    } else {
                        d.dom_depth(blocks[b])
                    };
                    assert_eq!(depth, Some(k + post as u32));
                }
            }
            // Nearest common (post-)dominators.
            for a in 0..n {
                for b in 0..n {
                    let got = if post {
                        d.nearest_common_post_dominator(blocks[a], blocks[b])
                    } else {
                        d.nearest_common_dominator(blocks[a], blocks[b])
                    };
                    let expect = if a == b {
                        Some(a)
                    } else if !post && (a == 0 || b == 0) {
                        Some(0)
                    } else if !in_tree(a) || !in_tree(b) {
                        None
                    } else {
                        let common: Vec<usize> = (0..n)
                            .filter(|&c| in_tree(c) && bd[c][a] && bd[c][b])
                            .collect();
                        common
                            .iter()
                            .copied()
                            .find(|&c| common.iter().all(|&o| bd[o][c]))
                    };
                    assert_eq!(
                        got,
                        expect.map(|i| blocks[i]),
                        "post={post} nca({a},{b}) edges={edges:?}"
                    );
                }
            }
        }
    }

    fn random_edges(seed: u64, n: usize) -> Vec<Vec<usize>> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let k = rng.below(4);
                (0..k).map(|_| rng.below(n)).collect()
            })
            .collect()
    }

    #[test]
    fn diamond() {
        let e = vec![vec![1, 2], vec![3], vec![3], vec![]];
        let (s, b) = cfg_snapshot(&e);
        let d = DominanceInfo::new(&s);
        assert_eq!(d.idom(b[0]), None);
        assert_eq!(d.idom(b[1]), Some(b[0]));
        assert_eq!(d.idom(b[2]), Some(b[0]));
        assert_eq!(d.idom(b[3]), Some(b[0]));
        assert_eq!(d.ipostdom(b[0]), Some(b[3]));
        assert_eq!(d.ipostdom(b[1]), Some(b[3]));
        assert_eq!(d.ipostdom(b[3]), None);
        assert_eq!(d.dom_depth(b[3]), Some(1));
        assert_eq!(d.postdom_depth(b[3]), Some(1));
        assert_eq!(d.postdom_depth(b[0]), Some(2));
        assert_eq!(d.nearest_common_dominator(b[1], b[2]), Some(b[0]));
        assert_eq!(d.nearest_common_post_dominator(b[1], b[2]), Some(b[3]));
        assert_eq!(
            d.nearest_common_dominator_of(&[b[1], b[2], b[3]]),
            Some(b[0])
        );
        assert!(!d.block_dominates(b[1], b[3]));
        assert!(d.block_properly_dominates(b[0], b[3]));
        assert!(!d.block_properly_dominates(b[0], b[0]));
        // Ops: the "x" of bb0 dominates everything after it.
        let x0 = s.block(b[0]).ops[0];
        let t0 = s.block(b[0]).ops[1];
        let x3 = s.block(b[3]).ops[0];
        assert!(d.op_properly_dominates(x0, t0));
        assert!(!d.op_properly_dominates(t0, x0));
        assert!(d.op_properly_dominates(t0, x3));
        assert!(d.op_properly_post_dominates(x3, x0));
        assert!(d.op_properly_post_dominates(t0, x0));
        assert!(!d.op_properly_post_dominates(x0, t0));
        check_cfg(&e);
    }

    #[test]
    fn loop_cfg() {
        let e = vec![vec![1], vec![2], vec![1, 3], vec![]];
        let (s, b) = cfg_snapshot(&e);
        let d = DominanceInfo::new(&s);
        assert_eq!(d.idom(b[2]), Some(b[1]));
        assert_eq!(d.idom(b[3]), Some(b[2]));
        assert_eq!(d.ipostdom(b[1]), Some(b[2]));
        assert_eq!(d.ipostdom(b[2]), Some(b[3]));
        check_cfg(&e);
    }

    #[test]
    fn multiple_exits_and_infinite_loop() {
        // 0 -> 1 (exit), 0 -> 2 (exit), 0 -> 3 -> 3 (infinite loop)
        let e = vec![vec![1, 2, 3], vec![], vec![], vec![3]];
        let (s, b) = cfg_snapshot(&e);
        let d = DominanceInfo::new(&s);
        assert_eq!(d.ipostdom(b[0]), None);
        assert_eq!(d.nearest_common_post_dominator(b[1], b[2]), None);
        assert_eq!(d.postdom_depth(b[1]), Some(1));
        assert_eq!(d.postdom_depth(b[0]), Some(1)); // child of the virtual root
        assert!(!d.reaches_exit(b[3]));
        assert!(d.block_post_dominates(b[1], b[3])); // reverse-unreachable: post-dominated by all
        assert!(!d.block_post_dominates(b[3], b[0]));
        check_cfg(&e);
    }

    #[test]
    fn unreachable_block() {
        // 0 -> 1; 2 -> 1 (2 unreachable)
        let e = vec![vec![1], vec![], vec![1]];
        let (s, b) = cfg_snapshot(&e);
        let d = DominanceInfo::new(&s);
        assert!(!d.is_reachable(b[2]));
        assert!(d.block_dominates(b[1], b[2]));
        assert!(d.block_properly_dominates(b[1], b[2]));
        assert!(!d.block_dominates(b[2], b[1]));
        assert_eq!(d.idom(b[1]), Some(b[0]));
        assert_eq!(d.idom(b[2]), None);
        assert_eq!(d.dom_depth(b[2]), None);
        assert_eq!(d.nearest_common_dominator(b[2], b[1]), None);
        assert_eq!(d.nearest_common_dominator(b[0], b[2]), Some(b[0]));
        // Post-dominance is about reaching exits: 1 post-dominates 2.
        assert_eq!(d.ipostdom(b[2]), Some(b[1]));
        check_cfg(&e);
    }

    /// func { bb0: %a = op; %r = region_op { nb0: use } ; graph_op { g0; g1 } ; return }
    #[test]
    fn nested_and_graph_regions() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[ValueKind::Other]);
        let arg = s_arg(&b, b0);
        let a = b.add_op(b0, "a", &[], &[ValueKind::Other], facts());
        let av = b.snapshot().op(a).results[0];
        let rop = b.add_op(b0, "scf.execute_region", &[], &[ValueKind::Other], facts());
        let rv = b.snapshot().op(rop).results[0];
        let nr = b.add_region(rop);
        let nb0 = b.add_block(nr, &[]);
        let inner = b.add_op(nb0, "use", &[av], &[], facts());
        let inner_t = b.add_op(nb0, "yield", &[], &[], term(&[]));
        let gop = b.add_op(
            b0,
            "graph",
            &[],
            &[],
            OpFacts {
                regions_have_ssa_dominance: false,
                ..facts()
            },
        );
        let gr = b.add_region(gop);
        let gb = b.add_block(gr, &[]);
        let g0 = b.add_op(gb, "g0", &[], &[ValueKind::Other], facts());
        let g1 = b.add_op(gb, "g1", &[], &[ValueKind::Other], facts());
        let g1v = b.snapshot().op(g1).results[0];
        let ret = b.add_op(b0, "return", &[], &[], term(&[]));
        let s = b.finish();
        let d = DominanceInfo::new(&s);
        // Through the ancestor in the same region.
        assert!(d.op_properly_dominates(a, inner));
        assert!(!d.op_properly_dominates(inner, a));
        assert!(d.op_properly_dominates(rop, inner)); // enclosing
        assert!(!d.op_properly_dominates_ex(rop, inner, false));
        assert!(!d.op_properly_dominates(inner, ret)); // inner is not in b0's region
        assert!(d.value_properly_dominates(av, inner));
        assert!(!d.value_properly_dominates(rv, inner)); // result does not dominate its own body
        assert!(d.value_properly_dominates(rv, ret));
        assert!(d.value_dominates(rv, rop));
        assert!(!d.value_properly_dominates(rv, rop));
        assert!(d.value_properly_dominates(arg, a));
        assert!(d.value_properly_dominates(arg, inner));
        assert!(d.block_properly_dominates(b0, nb0));
        assert!(!d.block_properly_dominates(nb0, b0));
        assert!(d.block_properly_post_dominates(b0, nb0));
        assert_eq!(d.nearest_common_dominator(nb0, b0), Some(b0));
        assert_eq!(d.nearest_common_dominator(nb0, gb), Some(b0));
        // Post-dominance with enclosing: ret post-dominates inner.
        assert!(d.op_properly_post_dominates(ret, inner));
        assert!(d.op_properly_post_dominates(inner_t, inner));
        // Graph region: order does not matter, an op properly dominates itself.
        assert!(d.op_properly_dominates(g1, g0));
        assert!(d.op_properly_dominates(g0, g1));
        assert!(d.op_properly_dominates(g0, g0));
        assert!(d.value_properly_dominates(g1v, g0));
        assert!(d.block_properly_dominates(gb, gb));
        // The root encloses everything.
        assert!(d.op_properly_dominates(Snapshot::ROOT, inner));
        assert!(!d.op_properly_dominates(inner, Snapshot::ROOT));
        assert!(d.op_dominates(Snapshot::ROOT, Snapshot::ROOT));
        // Single-block regions have depth 0 / 1.
        assert_eq!(d.dom_depth(nb0), Some(0));
        assert_eq!(d.postdom_depth(nb0), Some(1));
    }

    fn s_arg(b: &SnapshotBuilder, blk: BlockId) -> ValueId {
        b.snapshot().block(blk).args[0]
    }

    #[test]
    fn cross_region_edges_are_ignored_and_empty_regions_ok() {
        let mut b = SnapshotBuilder::new("f", facts());
        let r = b.add_region(Snapshot::ROOT);
        let b0 = b.add_block(r, &[]);
        let op = b.add_op(b0, "region_op", &[], &[], facts());
        let _empty = b.add_region(op);
        let nr = b.add_region(op);
        let nb = b.add_block(nr, &[]);
        b.add_op(nb, "bad_br", &[], &[], term(&[b0]));
        b.add_op(b0, "return", &[], &[], term(&[]));
        let s = b.finish();
        let d = DominanceInfo::new(&s);
        assert!(d.cfg().successors(nb).next().is_none());
        assert!(d.reaches_exit(nb));
        assert!(d.block_dominates(b0, nb));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn matches_brute_force(seed in any::<u64>(), n in 1usize..9) {
            check_cfg(&random_edges(seed, n));
        }
    }

    /// The generator emits valid SSA (graph regions aside, where every op
    /// dominates): every operand must dominate its user.
    #[test]
    fn generated_ssa_is_valid_under_value_dominance() {
        use crate::analysis::testgen::{GenConfig, generate};
        for seed in 0..300u64 {
            let s = generate(seed, &GenConfig::default());
            let d = DominanceInfo::new(&s);
            for (o, op) in s.ops.iter().enumerate() {
                for &v in &op.operands {
                    assert!(
                        d.value_dominates(v, OpId(o as u32)),
                        "seed {seed}: {v:?} does not dominate op {o}"
                    );
                }
            }
            // And a value never properly dominates its own defining op.
            for (v, info) in s.values.iter().enumerate() {
                if let ValueDef::OpResult { op, .. } = info.def {
                    let ssa = s
                        .op(op)
                        .parent_block
                        .is_some_and(|b| d.has_ssa_dominance(b));
                    if ssa {
                        assert!(!d.value_properly_dominates(ValueId(v as u32), op));
                    }
                }
            }
        }
    }

    /// Op-level (post-)dominance on generated snapshots with nested regions
    /// agrees with a reference built from brute-force block dominance per
    /// region and a plain ancestor lookup (MLIR's rules, restated).
    #[test]
    fn op_queries_match_reference_on_nested_snapshots() {
        use crate::analysis::testgen::{GenConfig, generate};
        for seed in 0..120u64 {
            let s = generate(seed, &GenConfig::default());
            let d = DominanceInfo::new(&s);
            let cfg = Cfg::new(&s);
            // Brute-force block matrices per region, by local index.
            let mut local = vec![0usize; s.blocks.len()];
            let mut mats: Vec<[Vec<Vec<bool>>; 2]> = Vec::new();
            for r in &s.regions {
                for (i, &b) in r.blocks.iter().enumerate() {
                    local[b.index()] = i;
                }
                let edges: Vec<Vec<usize>> = r
                    .blocks
                    .iter()
                    .map(|&b| cfg.successors(b).map(|x| local[x.index()]).collect())
                    .collect();
                mats.push([brute(&edges, false), brute(&edges, true)]);
            }
            let ssa = |b: BlockId| {
                s.op(s.parent_op_of_block(b))
                    .facts
                    .regions_have_ssa_dominance
            };
            let reference = |a: OpId, b: OpId, post: bool| -> bool {
                let Some(ab) = s.op(a).parent_block else {
                    return a != b;
                };
                if s.op(b).parent_block.is_none() {
                    return false;
                }
                let ar = s.block(ab).region;
                let Some(anc) = ancestor_op_in_region(&s, b, ar) else {
                    return false;
                };
                let bb = s.op(anc).parent_block.unwrap();
                if anc == a {
                    return if a == b { !ssa(ab) } else { true };
                }
                if bb == ab {
                    let (pa, pb) = (s.op(a).position, s.op(anc).position);
                    return !ssa(ab) || if post { pb < pa } else { pa < pb };
                }
                mats[ar.index()][post as usize][local[ab.index()]][local[bb.index()]]
            };
            let n = s.ops.len() as u32;
            for a in 0..n {
                for b in 0..n {
                    let (a, b) = (OpId(a), OpId(b));
                    assert_eq!(
                        d.op_properly_dominates(a, b),
                        reference(a, b, false),
                        "seed {seed} dom {a:?} {b:?}"
                    );
                    assert_eq!(
                        d.op_properly_post_dominates(a, b),
                        reference(a, b, true),
                        "seed {seed} postdom {a:?} {b:?}"
                    );
                }
            }
        }
    }

    /// Prints the four tables of MLIR's `-test-print-dominance` for the
    /// blocks of the snapshot (MLIR also numbers the module block, which a
    /// snapshot does not hold), numbered by `ids`.
    fn mlir_tables(s: &Snapshot, ids: &[BlockId]) -> String {
        let d = DominanceInfo::new(s);
        let name = |b: Option<BlockId>| match b {
            Some(b) => ids.iter().position(|&x| x == b).unwrap().to_string(),
            None => "<no dom>".to_string(),
        };
        let mut out = String::new();
        for post in [false, true] {
            for &a in ids {
                for &b in ids {
                    let n = if post {
                        d.nearest_common_post_dominator(a, b)
                    } else {
                        d.nearest_common_dominator(a, b)
                    };
                    out += &format!(
                        "N{}({}, {}) = {}\n",
                        post as u8,
                        name(Some(a)),
                        name(Some(b)),
                        name(n)
                    );
                }
            }
        }
        for post in [false, true] {
            for &a in ids {
                for &b in ids {
                    let (x, y) = if post {
                        (
                            d.block_post_dominates(a, b),
                            d.block_properly_post_dominates(a, b),
                        )
                    } else {
                        (d.block_dominates(a, b), d.block_properly_dominates(a, b))
                    };
                    out += &format!(
                        "D{}({}, {}) = {} ({})\n",
                        post as u8,
                        name(Some(a)),
                        name(Some(b)),
                        x as u8,
                        y as u8
                    );
                }
            }
        }
        out
    }

    /// Expected tables written from a nearest/relation description.
    fn expected(
        n: usize,
        near: &dyn Fn(usize, usize, bool) -> usize,
        rel: &dyn Fn(usize, usize, bool) -> bool,
    ) -> String {
        let mut out = String::new();
        for post in [false, true] {
            for a in 0..n {
                for b in 0..n {
                    out += &format!("N{}({a}, {b}) = {}\n", post as u8, near(a, b, post));
                }
            }
        }
        for post in [false, true] {
            for a in 0..n {
                for b in 0..n {
                    let r = rel(a, b, post);
                    out += &format!(
                        "D{}({a}, {b}) = {} ({})\n",
                        post as u8,
                        r as u8,
                        (r && a != b) as u8
                    );
                }
            }
        }
        out
    }

    /// The expectations of MLIR's test/Analysis/test-dominance.mlir
    /// (`func_condBranch`, `func_loop`, `nested_region2`), restricted to the
    /// blocks of the function.
    #[test]
    fn matches_mlir_test_print_dominance() {
        // func_condBranch: 0 -> 1, 2; 1 -> 3; 2 -> 3.
        let (s, b) = cfg_snapshot(&[vec![1, 2], vec![3], vec![3], vec![]]);
        let near = |a: usize, c: usize, post: bool| {
            if a == c {
                a
            } else if post {
                3
            } else {
                0
            }
        };
        let rel = |a: usize, c: usize, post: bool| a == c || if post { a == 3 } else { a == 0 };
        assert_eq!(mlir_tables(&s, &b), expected(4, &near, &rel));

        // func_loop: 0 -> 1; 1 -> 2, 3; 2 -> 1.
        let (s, b) = cfg_snapshot(&[vec![1], vec![2, 3], vec![1], vec![]]);
        let dn = [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 1], [0, 1, 1, 3]];
        let pn = [[0, 1, 1, 3], [1, 1, 1, 3], [1, 1, 2, 3], [3, 3, 3, 3]];
        let near = |a: usize, c: usize, post: bool| if post { pn[a][c] } else { dn[a][c] };
        let rel = |a: usize, c: usize, post: bool| {
            if post {
                a == c || (a == 1 && (c == 0 || c == 2)) || a == 3
            } else {
                a == c || a == 0 || (a == 1 && c >= 2)
            }
        };
        assert_eq!(mlir_tables(&s, &b), expected(4, &near, &rel));

        // nested_region2: three nested single-block loops in a function;
        // MLIR numbers the innermost body 0, ..., the function body 3.
        let mut bld = SnapshotBuilder::new("func.func", facts());
        let r = bld.add_region(Snapshot::ROOT);
        let fb = bld.add_block(r, &[]);
        let mut blocks = vec![fb];
        let mut cur = fb;
        for _ in 0..3 {
            let lp = bld.add_op(
                cur,
                "scf.for",
                &[],
                &[],
                OpFacts {
                    is_loop_like: true,
                    ..facts()
                },
            );
            let lr = bld.add_region(lp);
            let body = bld.add_block(lr, &[ValueKind::Other]);
            blocks.push(body);
            cur = body;
        }
        for &blk in blocks.iter().rev() {
            let is_fn = blk == fb;
            bld.add_op(
                blk,
                if is_fn { "func.return" } else { "scf.yield" },
                &[],
                &[],
                term(&[]),
            );
        }
        let s = bld.finish();
        blocks.reverse();
        let near = |a: usize, c: usize, _post: bool| a.max(c);
        let rel = |a: usize, c: usize, _post: bool| a >= c;
        assert_eq!(mlir_tables(&s, &blocks), expected(4, &near, &rel));
    }

    #[test]
    fn matches_brute_force_on_generated_root_cfgs() {
        for seed in 0..200u64 {
            let s = crate::analysis::testgen::generate(
                seed,
                &crate::analysis::testgen::GenConfig::cfg_only(9),
            );
            let root_region = s.op(Snapshot::ROOT).regions[0];
            let blocks = &s.region(root_region).blocks;
            let idx = |b: BlockId| blocks.iter().position(|&x| x == b).unwrap();
            let cfg = Cfg::new(&s);
            let edges: Vec<Vec<usize>> = blocks
                .iter()
                .map(|&b| cfg.successors(b).map(idx).collect())
                .collect();
            check_cfg(&edges);
        }
    }
}
