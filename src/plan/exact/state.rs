//! The state of one exact search: the problem's items, their sections and neighbours, the
//! work spent, and the state of the current decision (placements, floors, skyline, unplaced
//! load per section, deferrals) with the trails that undo a placement, and the obstacles as
//! the search reads them.

use std::time::{Duration, Instant};

use crate::plan::{Plan, Problem, problem::Sections};

use super::{
    budget::Budget,
    restarts::{RESTART_WORK, Ranking, Restarts, Schedule},
};

/// The answer of one decision.
pub(super) enum Outcome {
    Found(Plan),
    Infeasible,
    OutOfBudget,
}

/// The obstacles as the search reads them (filled in by `Search::set_obstacles`).
#[derive(Default)]
pub(super) struct Fixed {
    /// Per item: the byte ranges of the obstacles live at a common tick, merged, sorted.
    pub(super) of_item: Vec<Vec<(u64, u64)>>,
    /// Per section: the byte ranges of the obstacles live at its first tick (disjoint,
    /// sorted), and per range the bytes of it and of every range above it.
    pub(super) at_section: Vec<Vec<(u64, u64)>>,
    pub(super) bytes_from: Vec<Vec<u64>>,
    /// Highest end of an obstacle (0 without any).
    pub(super) top: u64,
    pub(super) any: bool,
}

/// One exact search: the problem as the search reads it, and the state of its decisions.
pub(super) struct Search<'p> {
    pub(super) problem: &'p Problem,
    /// Buffers with a non-zero size, the only ones placed.
    pub(super) items: Vec<usize>,
    /// Per item: range of sections it is live in.
    pub(super) sections_of: Vec<(usize, usize)>,
    /// Per item: items whose lifetime overlaps.
    pub(super) neighbours: Vec<Vec<usize>>,
    /// Per section: items whose first section it is.
    pub(super) starts_at: Vec<Vec<usize>>,
    /// Scratch for the bound: lowest possible offset of an unplaced item, per section.
    pub(super) lowest: Vec<u64>,
    /// Every end and offset is a multiple of this (see `granularity`).
    pub(super) granule: u64,
    /// Scratch for the bound, per item: lowest possible offset, and whether it must rest on
    /// an item not placed yet.
    pub(super) item_lowest: Vec<u64>,
    pub(super) floating: Vec<bool>,
    /// Per item: the previous item with the same size and lifetime (interchangeable twins
    /// are placed in index order), if any.
    pub(super) twin_before: Vec<Option<usize>>,
    /// Node limit of the first restart.
    pub(super) restart_work: u64,
    pub(super) restarts: Restarts,
    /// Per item, per mille: scale of its slack in the branching order (jittered restarts).
    pub(super) slack_scale: Vec<u64>,

    pub(super) sizes: Vec<u64>,
    pub(super) alignments: Vec<u64>,
    /// Tie-break among items at the same floor: larger first.
    pub(super) rank: Vec<[u64; 3]>,
    /// The ranking of the current restart, and whether it is jittered (see
    /// [`Search::solve_parts`]).
    pub(super) ranking: (Ranking, bool),
    pub(super) section_count: usize,
    // Budget.
    pub(super) work_used: u64,
    /// The restart that found the last plan, tried first by the next decision.
    pub(super) last_found: Option<(Schedule, u64)>,
    /// Whether items at the same floor are ordered by their slack before the ranking.
    pub(super) first_fail: bool,
    /// Per schedule: the next restart and the work used so far.
    pub(super) cursor: [u64; 2],
    pub(super) spent: [u64; 2],
    pub(super) work_limit: u64,
    pub(super) attempt_limit: u64,
    pub(super) started: Instant,
    /// Nodes since the wall clock was last read.
    pub(super) nodes_since_clock: u32,
    pub(super) wall: Duration,
    pub(super) timed_out: bool,
    // State of one decision search.
    pub(super) target: u64,
    pub(super) placed: Vec<bool>,
    pub(super) offsets: Vec<u64>,
    pub(super) floors: Vec<u64>,
    pub(super) tops: Vec<u64>,
    pub(super) loads: Vec<u64>,
    /// Per item: floor at which it was deferred ("will rest on a buffer placed later"); it is
    /// eligible again only once its floor rises above this. `u64::MAX`-free: NOT_DEFERRED.
    pub(super) deferred: Vec<u64>,
    pub(super) floor_trail: Vec<(usize, u64)>,
    pub(super) top_trail: Vec<(usize, u64)>,
    pub(super) defer_trail: Vec<(usize, u64)>,
    /// Per boundary between sections `s` and `s + 1`: unplaced items live on both sides.
    /// When it drops to zero the unplaced items left and right no longer interact.
    pub(super) cuts: Vec<u32>,
    /// Placed items in placement order, with the trail marks to undo each placement.
    pub(super) placements: Vec<Placement>,
    /// Buffers fixed at given offsets ([`Obstacle`](super::Obstacle)), which the items go around.
    pub(super) fixed: Fixed,
}

/// One placement and the trail lengths before it, so it can be undone.
#[derive(Clone, Copy)]
pub(super) struct Placement {
    item: usize,
    floor_mark: usize,
    top_mark: usize,
}

/// A part of the problem the search solves on its own: a range of sections no unplaced item
/// outside it shares, and the unplaced items in it.
pub(super) struct Partition {
    /// First and last section (inclusive).
    pub(super) sections: (usize, usize),
    pub(super) items: Vec<usize>,
}

pub(super) const NOT_DEFERRED: u64 = u64::MAX;

/// How a branch of the search ended: a plan found, no plan in it, or the work spent.
pub(super) enum Step {
    Found,
    Exhausted,
    Stop,
}

impl<'p> Search<'p> {
    pub(super) fn new(problem: &'p Problem, budget: &Budget) -> Self {
        let buffers = problem.buffers();
        let Sections {
            items,
            count: section_count,
            span: sections_of,
        } = Sections::of(problem);
        // Overlaps by a sweep over start order: quadratic only in the overlap count.
        let mut by_start: Vec<usize> = (0..items.len()).collect();
        by_start.sort_by_key(|&k| (buffers[items[k]].first, k));
        let mut neighbours = vec![Vec::new(); items.len()];
        for (position, &a) in by_start.iter().enumerate() {
            let last = buffers[items[a]].last;
            for &b in &by_start[position + 1..] {
                if buffers[items[b]].first > last {
                    break;
                }
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
        let count = items.len();
        let mut twin_before = vec![None; items.len()];
        let mut last_of_kind: std::collections::HashMap<(u64, u64, u64), usize> =
            std::collections::HashMap::new();
        for (k, &i) in items.iter().enumerate() {
            let key = (problem.aligned_size(i), buffers[i].first, buffers[i].last);
            if buffers[i].alignment == problem.max_alignment() {
                twin_before[k] = last_of_kind.insert(key, k);
            }
        }
        let mut starts_at = vec![Vec::new(); section_count];
        for (k, &(lo, _)) in sections_of.iter().enumerate() {
            starts_at[lo].push(k);
        }
        Search {
            lowest: vec![0; section_count],
            item_lowest: vec![0; items.len()],
            floating: vec![false; items.len()],
            twin_before,
            restart_work: RESTART_WORK,
            restarts: Restarts::Luby,
            slack_scale: vec![1000; items.len()],

            granule: 1,
            starts_at,
            rank: Vec::new(),
            ranking: (Ranking::Total, false),
            problem,
            sizes: items.iter().map(|&i| problem.aligned_size(i)).collect(),
            alignments: items.iter().map(|&i| buffers[i].alignment).collect(),
            items,
            sections_of,
            neighbours,
            section_count,
            work_used: 0,
            last_found: None,
            first_fail: true,
            cursor: [0; 2],
            spent: [0; 2],
            work_limit: budget.work,
            attempt_limit: 0,
            started: Instant::now(),
            nodes_since_clock: 0,
            wall: budget.wall,
            timed_out: false,
            target: 0,
            placed: vec![false; count],
            offsets: vec![0; count],
            floors: vec![0; count],
            tops: vec![0; section_count],
            loads: vec![0; section_count],
            deferred: vec![NOT_DEFERRED; count],
            floor_trail: Vec::new(),
            top_trail: Vec::new(),
            defer_trail: Vec::new(),
            cuts: vec![0; section_count.saturating_sub(1)],
            placements: Vec::new(),
            fixed: Fixed::default(),
        }
    }

    pub(super) fn work_left(&self) -> u64 {
        if self.timed_out {
            0
        } else {
            self.work_limit.saturating_sub(self.work_used)
        }
    }

    pub(super) fn out_of_time(&self) -> bool {
        self.timed_out
    }

    /// Counts one node (the scans charge their own work as they go); `Some(Step::Stop)` when
    /// the attempt's work or the wall clock run out.
    pub(super) fn count_node(&mut self) -> Option<Step> {
        self.work_used += 1;
        if self.work_used >= self.attempt_limit {
            return Some(Step::Stop);
        }
        self.nodes_since_clock += 1;
        if self.nodes_since_clock >= 1024 {
            self.nodes_since_clock = 0;
            if self.started.elapsed() <= self.wall {
                return None;
            }
            self.timed_out = true;
            return Some(Step::Stop);
        }
        None
    }

    pub(super) fn place(&mut self, k: usize, offset: u64) {
        self.placements.push(Placement {
            item: k,
            floor_mark: self.floor_trail.len(),
            top_mark: self.top_trail.len(),
        });
        let end = offset + self.sizes[k];
        let (lo, hi) = self.sections_of[k];
        self.work_used += (self.neighbours[k].len() + 2 * (hi - lo + 1)) as u64;
        self.placed[k] = true;
        self.offsets[k] = offset;
        for index in 0..self.neighbours[k].len() {
            let other = self.neighbours[k][index];
            if !self.placed[other] && self.floors[other] < end {
                self.floor_trail.push((other, self.floors[other]));
                self.floors[other] = end;
            }
        }
        for s in lo..=hi {
            self.loads[s] -= self.sizes[k];
            if self.tops[s] < end {
                self.top_trail.push((s, self.tops[s]));
                self.tops[s] = end;
            }
        }
        for cut in &mut self.cuts[lo..hi] {
            *cut -= 1;
        }
    }

    /// Undoes the last placement.
    pub(super) fn unplace_last(&mut self) {
        let Some(Placement {
            item: k,
            floor_mark,
            top_mark,
        }) = self.placements.pop()
        else {
            return;
        };
        self.placed[k] = false;
        while self.floor_trail.len() > floor_mark {
            if let Some((other, value)) = self.floor_trail.pop() {
                self.floors[other] = value;
            }
        }
        while self.top_trail.len() > top_mark {
            if let Some((s, value)) = self.top_trail.pop() {
                self.tops[s] = value;
            }
        }
        let (lo, hi) = self.sections_of[k];
        for s in lo..=hi {
            self.loads[s] += self.sizes[k];
        }
        for cut in &mut self.cuts[lo..hi] {
            *cut += 1;
        }
    }

    /// Undoes placements and deferrals back to the given trail lengths.
    pub(super) fn unwind(&mut self, placement_mark: usize, defer_mark: usize) {
        while self.placements.len() > placement_mark {
            self.unplace_last();
        }
        while self.defer_trail.len() > defer_mark {
            if let Some((item, value)) = self.defer_trail.pop() {
                self.deferred[item] = value;
            }
        }
    }
}
