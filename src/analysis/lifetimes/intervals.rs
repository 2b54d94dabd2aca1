//! The lifetime intervals of allocations as functions of where the
//! allocation is: which ops widen an interval (`widens`), and the exact,
//! pruned summary of the bounds a set of uses gives (`UseSummary`).
//!
//! # Widening for loops, branches and unstructured control flow
//!
//! Ticks follow program text, not execution. Three rules make intervals
//! safe; all are applied per use, climbing from the user to the allocation:
//!
//! 1. *Loops and branches*: for every op `P` that contains the use but not
//!    the allocation, if `P` is loop-like, a region-branch op with a choice
//!    (more than one region, more than one entry edge, or a terminator with
//!    several edges or an edge back into a region), or an op with regions
//!    that is not a region branch at all (its regions may run any number of
//!    times), the interval is widened to `[begin(P), end(P)]`. This applies
//!    to *every* such enclosing op up to the allocation's own region, not
//!    only the innermost: a buffer defined outside two nested loops and used
//!    in the inner one lives across the outer one.
//! 2. *CFG regions*: when the use sits (at some level) in a block `B` of a
//!    region with several blocks, and the allocation is not nested in `B`,
//!    the interval is widened to the whole region's tick range: block order
//!    need not be execution order, and blocks may form cycles.
//! 3. Loop-carried buffers are not made safe by widening; they are reported
//!    as escaping (see the `escape` module) so that merge-alloc skips them.
//!
//! # Cost
//!
//! Nothing is computed per (use, allocation) pair: on a chain of n blocks
//! where every block argument may be any earlier allocation that would be
//! n²/2 pairs. Instead, both intervals and escapes are aggregated over the
//! alias analysis's flow components, from the components values flow into
//! back to the allocations ([`AliasAnalysis::component`]): escape flags are
//! OR-ed; a use's interval is a short list of conditional bounds (its own
//! ticks, plus one bound per enclosing multi-block region or widening op,
//! applying only if the allocation lies outside that block or region), and
//! lists are merged and pruned exactly (see `UseSummary`) to at most about
//! twice the nesting depth. An allocation's lifetime is then read off its
//! own component's lists at its tick. Time and memory are linear in the
//! flow graph times the nesting depth.
//!
//! [`AliasAnalysis::component`]: crate::analysis::alias::AliasAnalysis::component

use super::ticks::Ticks;
use crate::analysis::snapshot::{OpId, RegionTarget, Snapshot};

/// True for ops whose body may run several times or conditionally.
pub(super) fn widens(snap: &Snapshot, op: OpId) -> bool {
    let info = snap.op(op);
    if info.regions.is_empty() {
        return false;
    }
    let f = &info.facts;
    if f.is_loop_like {
        return true;
    }
    let Some(rb) = &f.region_branch else {
        return info.parent_block.is_some();
    };
    if info.regions.len() > 1 || rb.entry_edges.len() > 1 {
        return true;
    }
    info.regions.iter().any(|&r| {
        snap.region(r).blocks.iter().any(|&b| {
            snap.terminator(b).is_some_and(|t| {
                let e = &snap.op(t).facts.terminator_edges;
                e.len() > 1
                    || e.iter()
                        .any(|e| matches!(e.target, RegionTarget::Region(_)))
            })
        })
    })
}

/// One end of a lifetime under a condition: `value` applies to an
/// allocation whose begin tick `at` is not in `[first, end)` (the block or
/// region the widening rule needs it to lie outside); an empty range makes
/// it unconditional.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bound {
    first: u32,
    end: u32,
    value: u32,
}

/// The lower (`lo`, best first = smallest) and upper (`hi`, best first =
/// largest) ends that a set of uses gives an allocation, as a function of
/// where the allocation is: the answer for tick `at` is the first bound of
/// each list that applies to it ([`bound_at`]).
///
/// Pruning keeps this exact and small: a list is cut after the first bound
/// whose range, intersected with those of the bounds before it, is empty
/// (no tick lies in all of them, so one of them applies to every
/// allocation and nothing later can win), and a bound whose range contains
/// that of an earlier bound is dropped (wherever it applies, the earlier
/// one applies too). The ranges kept are therefore strictly nested blocks
/// and regions: a list is at most about twice the nesting depth long,
/// whatever the number of uses.
#[derive(Clone, Debug, Default)]
pub(super) struct UseSummary {
    pub(super) lo: Vec<Bound>,
    pub(super) hi: Vec<Bound>,
}

impl UseSummary {
    /// Adds use `u`: `[begin(u), end(u)]` unconditionally, and the widening
    /// rules of the module docs, one bound per enclosing block of a
    /// multi-block region (applies if the allocation is outside that block)
    /// and per enclosing widening op (applies if the allocation is outside
    /// the op's region).
    pub(super) fn add_use(&mut self, snap: &Snapshot, ticks: &Ticks, widen: &[bool], u: OpId) {
        let always = |value| Bound {
            first: 0,
            end: 0,
            value,
        };
        self.lo.push(always(ticks.begin(u)));
        self.hi.push(always(ticks.end(u)));
        let mut cur = u;
        while let Some(b) = snap.op(cur).parent_block {
            let r = snap.block(b).region;
            let (rf, re) = ticks.region_range(r);
            if snap.region(r).blocks.len() > 1 {
                let (bf, be) = ticks.block_range(b);
                let outside = |value| Bound {
                    first: bf,
                    end: be,
                    value,
                };
                self.lo.push(outside(rf));
                self.hi.push(outside(re.saturating_sub(1)));
            }
            let p = snap.region(r).parent_op;
            if widen[p.index()] {
                let outside = |value| Bound {
                    first: rf,
                    end: re,
                    value,
                };
                self.lo.push(outside(ticks.begin(p)));
                self.hi.push(outside(ticks.end(p)));
            }
            cur = p;
        }
        if self.lo.len() > 64 {
            self.prune();
        }
    }

    pub(super) fn prune(&mut self) {
        prune_bounds(&mut self.lo, |b| b.value);
        prune_bounds(&mut self.hi, |b| u32::MAX - b.value);
    }
}

/// Sorts `list` best first (`key` ascending; at equal keys, unconditional
/// and narrower ranges first) and cuts it as [`UseSummary`] describes.
fn prune_bounds(list: &mut Vec<Bound>, key: impl Fn(&Bound) -> u32) {
    list.sort_unstable_by_key(|b| (key(b), b.end.saturating_sub(b.first), b.first));
    list.dedup();
    let mut kept = 0;
    let (mut first, mut end) = (0u32, u32::MAX);
    for i in 0..list.len() {
        let b = list[i];
        let covers_kept = list[..kept]
            .iter()
            .any(|k| b.first <= k.first && k.end <= b.end && k.first < k.end);
        if covers_kept {
            continue;
        }
        list[kept] = b;
        kept += 1;
        first = first.max(b.first);
        end = end.min(b.end);
        if first >= end {
            break;
        }
    }
    list.truncate(kept);
}

/// The first bound of a pruned list that applies to an allocation at tick
/// `at`; `None` only for an empty list (no use).
pub(super) fn bound_at(list: &[Bound], at: u32) -> Option<u32> {
    list.iter()
        .find(|b| !(b.first <= at && at < b.end))
        .map(|b| b.value)
}
