//! Which blocks of a region lie on a control-flow cycle (a non-trivial
//! strongly connected component, or a block that branches to itself).
//!
//! Used to tell whether an op may execute more than once per execution of
//! its region, e.g. to keep stack allocations out of unstructured loops.
//! Tarjan's algorithm, iterative, O(blocks + edges).

use crate::analysis::snapshot::{RegionId, Snapshot};

/// For each block of `region` (in region order), whether it is on a cycle.
pub fn blocks_on_cycles(snapshot: &Snapshot, region: RegionId) -> Vec<bool> {
    let blocks = &snapshot.region(region).blocks;
    let n = blocks.len();
    // Local index of each block of this region.
    let mut local_of = std::collections::HashMap::with_capacity(n);
    for (i, &b) in blocks.iter().enumerate() {
        local_of.insert(b, i);
    }
    let successors: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&b| {
            snapshot
                .terminator(b)
                .map(|t| {
                    snapshot.op(t).facts.successors.iter().filter_map(|s| local_of.get(&s.block).copied()).collect()
                })
                .unwrap_or_default()
        })
        .collect();

    const UNVISITED: usize = usize::MAX;
    let mut index = vec![UNVISITED; n];
    let mut lowlink = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut on_cycle = vec![false; n];
    let mut counter = 0;
    for root in 0..n {
        if index[root] != UNVISITED {
            continue;
        }
        // Frames: (node, next successor position).
        let mut frames = vec![(root, 0usize)];
        index[root] = counter;
        lowlink[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut next)) = frames.last_mut() {
            if let Some(&succ) = successors[node].get(*next) {
                *next += 1;
                if succ == node {
                    on_cycle[node] = true;
                }
                if index[succ] == UNVISITED {
                    index[succ] = counter;
                    lowlink[succ] = counter;
                    counter += 1;
                    stack.push(succ);
                    on_stack[succ] = true;
                    frames.push((succ, 0));
                } else if on_stack[succ] {
                    lowlink[node] = lowlink[node].min(index[succ]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                lowlink[parent] = lowlink[parent].min(lowlink[node]);
            }
            if lowlink[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    for member in component {
                        on_cycle[member] = true;
                    }
                }
            }
        }
    }
    on_cycle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::snapshot::{BlockId, OpFacts, SnapshotBuilder, Successor};

    fn branch(to: &[BlockId]) -> OpFacts {
        OpFacts {
            is_terminator: true,
            successors: to
                .iter()
                .map(|&block| Successor { block, forwarded: vec![], produced: 0, mapping_known: true })
                .collect(),
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
        b.add_op(blocks[2], "cond_br", &[], &[], branch(&[blocks[1], blocks[3]]));
        b.add_op(blocks[3], "br", &[], &[], branch(&[blocks[3]]));
        b.add_op(blocks[4], "br", &[], &[], branch(&[blocks[0]]));
        let snapshot = b.finish();
        assert_eq!(blocks_on_cycles(&snapshot, r), vec![false, true, true, true, false]);
    }
}
