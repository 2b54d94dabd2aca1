//! The static memory planner of seed 003 (the merge-alloc RFC, llvm-project PR 95882): a
//! compile-time `malloc` over a chunk list that reads the alloc/free events in tick order.
//!
//! * alloc: pick a free chunk, split it into the allocation and a free remainder;
//! * free: mark the chunk free and merge it with free neighbours;
//! * when no free chunk is large enough, *extend* one: it grows to the request and everything
//!   above it moves up. That is legal only at compile time, and it is why offsets stay
//!   symbolic until the end.
//!
//! Symbolic offsets: the address space is a linked list of segments whose sizes only ever
//! grow. A chunk is a run of consecutive segments; a split cuts one segment in two; an
//! extension grows the last segment of a free chunk. A buffer remembers its first segment, and
//! its final offset is the sum of the final sizes of the segments before it. Buffers live at the
//! same tick own disjoint segments, so growth never makes them collide.
//!
//! All sizes are rounded up to the problem's largest alignment, so every prefix sum (every
//! offset) is aligned.
//!
//! The RFC leaves "which free chunk" open; two choices are provided:
//! * [`Choice::SizeFirst`]: the smallest free chunk that fits, else extend the largest one;
//! * [`Choice::CostModel`]: a score mixing size fit (any fitting chunk beats any extension;
//!   among extensions the smaller growth wins) with how recently the chunk was freed (recent
//!   frees are preferred: warm cache).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::plan::{
    Plan, Problem,
    deadline::{CHECK_EVERY, Deadline},
    problem::round_up,
    skyline,
};

/// How the planner picks the free chunk for an allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Best fit by size; if nothing fits, extend the largest free chunk.
    SizeFirst,
    /// Lowest cost: size fit plus recency of the free.
    CostModel,
}

const NONE: usize = usize::MAX;

#[derive(Clone, Copy, Debug)]
struct Segment {
    size: u64,
    next: usize,
}

#[derive(Clone, Copy, Debug)]
struct Chunk {
    head: usize,
    tail: usize,
    size: u64,
    owner: Option<usize>,
    freed_at: u64,
}

/// Runs the chunk-list planner over the problem's events.
pub fn plan(problem: &Problem, choice: Choice) -> Plan {
    plan_until(problem, choice, Deadline::NEVER)
}

/// [`plan`] that stops reading events at `deadline`: the buffers not allocated by then go on
/// top, packed by one valley fill ([`skyline::complete_above`]). Offsets already given stay
/// final because nothing grows any more.
pub fn plan_until(problem: &Problem, choice: Choice, deadline: Deadline) -> Plan {
    let quantum = problem.max_alignment();
    let mut memory = ChunkList::default();
    let mut head_of = vec![NONE; problem.len()];
    let mut order: Vec<usize> = (0..problem.len()).collect();
    order.sort_by_key(|&i| (problem.buffers()[i].first, i));
    let mut ending: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    let mut cut = order.len();
    for (position, &buffer) in order.iter().enumerate() {
        if position % CHECK_EVERY == 0 && deadline.passed() {
            cut = position;
            break;
        }
        let b = problem.buffers()[buffer];
        while let Some(&Reverse((last, done))) = ending.peek() {
            if last >= b.first {
                break;
            }
            ending.pop();
            memory.free(done, last.saturating_add(1));
        }
        // The problem's invariant: rounding to the largest alignment cannot overflow.
        let request = round_up(b.size, quantum).unwrap_or(b.size);
        if request == 0 {
            continue;
        }
        head_of[buffer] = memory.alloc(buffer, request, b.first, choice);
        ending.push(Reverse((b.last, buffer)));
    }
    let segment_offsets = memory.segment_offsets();
    let offsets = head_of
        .iter()
        .map(|&s| if s == NONE { 0 } else { segment_offsets[s] })
        .collect();
    skyline::complete_above(problem, offsets, &order[cut..])
}

#[derive(Default)]
struct ChunkList {
    segments: Vec<Segment>,
    /// Chunks in address order.
    chunks: Vec<Chunk>,
}

impl ChunkList {
    fn new_segment(&mut self, size: u64, next: usize) -> usize {
        self.segments.push(Segment { size, next });
        self.segments.len() - 1
    }

    /// Places `buffer` and returns the segment it starts at.
    fn alloc(&mut self, buffer: usize, request: u64, now: u64, choice: Choice) -> usize {
        let position = match choice {
            Choice::SizeFirst => self.choose_size_first(request),
            Choice::CostModel => self.choose_by_cost(request, now),
        };
        let Some(position) = position else {
            // Nothing free: a fresh chunk on top.
            let segment = self.new_segment(request, NONE);
            if let Some(last) = self.chunks.last() {
                let tail = last.tail;
                self.segments[tail].next = segment;
            }
            self.chunks.push(Chunk {
                head: segment,
                tail: segment,
                size: request,
                owner: Some(buffer),
                freed_at: 0,
            });
            return segment;
        };
        let chunk = self.chunks[position];
        if chunk.size < request {
            // Extend: grow the chunk's last segment; everything above moves up.
            self.segments[chunk.tail].size += request - chunk.size;
        } else if chunk.size > request {
            self.split(position, request);
        }
        let taken = &mut self.chunks[position];
        taken.size = request;
        taken.owner = Some(buffer);
        taken.head
    }

    /// Cuts free chunk `position` after its first `request` bytes; the rest stays free.
    fn split(&mut self, position: usize, request: u64) {
        let chunk = self.chunks[position];
        let mut covered = 0u64;
        let mut segment = chunk.head;
        loop {
            let size = self.segments[segment].size;
            if covered + size >= request {
                break;
            }
            covered += size;
            segment = self.segments[segment].next;
        }
        let keep = request - covered;
        let size = self.segments[segment].size;
        let rest_head = if keep < size {
            let next = self.segments[segment].next;
            let rest = self.new_segment(size - keep, next);
            self.segments[segment].size = keep;
            self.segments[segment].next = rest;
            rest
        } else {
            self.segments[segment].next
        };
        let rest_tail = if segment == chunk.tail && keep < size {
            rest_head
        } else {
            chunk.tail
        };
        self.chunks[position].tail = segment;
        self.chunks.insert(
            position + 1,
            Chunk {
                head: rest_head,
                tail: rest_tail,
                size: chunk.size - request,
                owner: None,
                freed_at: chunk.freed_at,
            },
        );
    }

    fn choose_size_first(&self, request: u64) -> Option<usize> {
        let free = || {
            self.chunks
                .iter()
                .enumerate()
                .filter(|(_, c)| c.owner.is_none())
        };
        let fitting = free()
            .filter(|(_, c)| c.size >= request)
            .min_by_key(|(i, c)| (c.size, *i));
        if let Some((i, _)) = fitting {
            return Some(i);
        }
        free().max_by_key(|(i, c)| (c.size, *i)).map(|(i, _)| i)
    }

    fn choose_by_cost(&self, request: u64, now: u64) -> Option<usize> {
        let oldest = self
            .chunks
            .iter()
            .filter(|c| c.owner.is_none())
            .map(|c| c.freed_at)
            .min()?;
        let span = (now.saturating_sub(oldest) + 1) as f64;
        let request_f = request as f64;
        let mut best: Option<(f64, usize)> = None;
        for (i, chunk) in self.chunks.iter().enumerate() {
            if chunk.owner.is_some() {
                continue;
            }
            let size = chunk.size as f64;
            // Fitting chunks score in [0, 0.5) by the share left over (it stays free);
            // extensions score in [1, 2) by the growth they cause.
            let fit = if chunk.size >= request {
                0.5 * (size - request_f) / size
            } else {
                1.0 + (request_f - size) / request_f
            };
            let age = now.saturating_sub(chunk.freed_at) as f64 / span;
            let cost = fit + 0.25 * age;
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, i));
            }
        }
        // Any free chunk beats a fresh one on top: extending it grows the arena by less.
        best.map(|(_, i)| i)
    }

    fn free(&mut self, buffer: usize, now: u64) {
        let Some(position) = self.chunks.iter().position(|c| c.owner == Some(buffer)) else {
            return;
        };
        self.chunks[position].owner = None;
        self.chunks[position].freed_at = now;
        let mut position = position;
        if position > 0 && self.chunks[position - 1].owner.is_none() {
            self.merge_with_next(position - 1);
            position -= 1;
        }
        if position + 1 < self.chunks.len() && self.chunks[position + 1].owner.is_none() {
            self.merge_with_next(position);
        }
    }

    fn merge_with_next(&mut self, position: usize) {
        let next = self.chunks.remove(position + 1);
        let chunk = &mut self.chunks[position];
        chunk.tail = next.tail;
        chunk.size += next.size;
        chunk.freed_at = chunk.freed_at.max(next.freed_at);
    }

    /// Final offset of every segment: prefix sums along the list.
    fn segment_offsets(&self) -> Vec<u64> {
        let mut offsets = vec![0u64; self.segments.len()];
        let mut cursor = self.chunks.first().map_or(NONE, |c| c.head);
        let mut address = 0u64;
        while cursor != NONE {
            offsets[cursor] = address;
            address = address.saturating_add(self.segments[cursor].size);
            cursor = self.segments[cursor].next;
        }
        offsets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Buffer, check_plan};

    #[test]
    fn later_buffer_reuses_freed_chunk() {
        // The RFC's example: A [1,4] 16, B [2,3] 64, C [5,6] 16 -> C reuses A's bytes.
        let problem = Problem::new(vec![
            Buffer::new(16, 1, 4),
            Buffer::new(64, 2, 3),
            Buffer::new(16, 5, 6),
        ])
        .unwrap();
        let plan = plan(&problem, Choice::SizeFirst);
        assert_eq!(
            plan,
            Plan {
                offsets: vec![0, 16, 0],
                total: 80
            }
        );
    }

    #[test]
    fn too_small_free_chunk_is_extended_and_later_buffers_move_up() {
        // a [0,1] 10 at 0, b [0,3] 10 at 10; a freed; c [2,3] 30 cannot fit the 10-byte hole:
        // the hole grows to 30 and b moves from 10 to 30.
        let problem = Problem::new(vec![
            Buffer::new(10, 0, 1),
            Buffer::new(10, 0, 3),
            Buffer::new(30, 2, 3),
        ])
        .unwrap();
        let plan = plan(&problem, Choice::SizeFirst);
        assert_eq!(
            plan,
            Plan {
                offsets: vec![0, 30, 0],
                total: 40
            }
        );
        check_plan(&problem, &plan).unwrap();
    }

    #[test]
    fn free_neighbours_merge_into_one_chunk() {
        // a and b free next to each other; c needs both.
        let problem = Problem::new(vec![
            Buffer::new(8, 0, 1),
            Buffer::new(8, 0, 1),
            Buffer::new(8, 0, 5),
            Buffer::new(16, 2, 5),
        ])
        .unwrap();
        let plan = plan(&problem, Choice::SizeFirst);
        assert_eq!(
            plan,
            Plan {
                offsets: vec![0, 8, 16, 0],
                total: 24
            }
        );
    }

    #[test]
    fn split_of_extended_segments_keeps_dead_buffers_consistent() {
        // A chain of extensions and splits; the checker has the last word.
        let problem = Problem::new(vec![
            Buffer::new(4, 0, 1),
            Buffer::new(4, 0, 9),
            Buffer::new(12, 2, 3),
            Buffer::new(4, 2, 9),
            Buffer::new(20, 4, 5),
            Buffer::new(2, 6, 9),
            Buffer::new(3, 6, 9),
        ])
        .unwrap();
        for choice in [Choice::SizeFirst, Choice::CostModel] {
            let plan = plan(&problem, choice);
            check_plan(&problem, &plan).unwrap();
        }
    }
}
