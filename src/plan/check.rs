//! An independent checker for any plan, whoever produced it: one offset per buffer, every
//! offset aligned, every buffer inside the total, and no two buffers that are live at the same
//! tick sharing a byte. Tests run it on every planner's output.
//!
//! A sweep over start ticks keeps the live buffers in an address-ordered map; a new buffer can
//! only collide with its two address neighbours there, so the check is O(n log n).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::plan::{Plan, PlanError, Problem};

/// Verifies `plan` against `problem`; the error names the first broken invariant found.
pub fn check_plan(problem: &Problem, plan: &Plan) -> Result<(), PlanError> {
    if plan.offsets.len() != problem.len() {
        return Err(PlanError::OffsetCount {
            expected: problem.len(),
            found: plan.offsets.len(),
        });
    }
    for (index, buffer) in problem.buffers().iter().enumerate() {
        let offset = plan.offsets[index];
        if !offset.is_multiple_of(buffer.alignment) {
            return Err(PlanError::Misaligned {
                buffer: index,
                offset,
                alignment: buffer.alignment,
            });
        }
        let end = offset.checked_add(problem.aligned_size(index));
        match end {
            Some(end) if end <= plan.total => {}
            _ => {
                return Err(PlanError::OutsideTotal {
                    buffer: index,
                    end: end.unwrap_or(u64::MAX),
                    total: plan.total,
                });
            }
        }
    }
    // Few buffers: every pair is compared, no map built; a clash is reported as the sweep
    // below finds it (the same error as without this).
    if problem.len() <= PAIRWISE_LIMIT {
        let buffers = problem.buffers();
        let clash = (0..problem.len()).any(|i| {
            (0..i).any(|j| {
                let (a, b) = (buffers[i], buffers[j]);
                let (size_a, size_b) = (problem.aligned_size(i), problem.aligned_size(j));
                size_a > 0
                    && size_b > 0
                    && a.first <= b.last
                    && b.first <= a.last
                    && plan.offsets[i] < plan.offsets[j] + size_b
                    && plan.offsets[j] < plan.offsets[i] + size_a
            })
        });
        if !clash {
            return Ok(());
        }
    }
    let mut by_start: Vec<usize> = (0..problem.len())
        .filter(|&i| problem.aligned_size(i) > 0)
        .collect();
    by_start.sort_unstable_by_key(|&i| (problem.buffers()[i].first, i));
    // Live buffers by address: (offset, index) -> end. Ending soonest on top of the heap.
    let mut live: BTreeMap<(u64, usize), u64> = BTreeMap::new();
    let mut ending: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    for index in by_start {
        let buffer = problem.buffers()[index];
        while let Some(&Reverse((last, done))) = ending.peek() {
            if last >= buffer.first {
                break;
            }
            ending.pop();
            live.remove(&(plan.offsets[done], done));
        }
        let offset = plan.offsets[index];
        let end = offset + problem.aligned_size(index);
        let key = (offset, index);
        if let Some((&(_, below), &below_end)) = live.range(..key).next_back()
            && below_end > offset
        {
            return Err(overlap(below, index));
        }
        if let Some((&(above_offset, above), _)) = live.range(key..).next()
            && above_offset < end
        {
            return Err(overlap(above, index));
        }
        live.insert(key, end);
        ending.push(Reverse((buffer.last, index)));
    }
    Ok(())
}

/// Problems up to this many buffers are checked pair by pair.
const PAIRWISE_LIMIT: usize = 32;

fn overlap(a: usize, b: usize) -> PlanError {
    PlanError::Overlap {
        first: a.min(b),
        second: a.max(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Buffer;

    fn two_overlapping() -> Problem {
        Problem::new(vec![
            Buffer::new(8, 0, 3),
            Buffer::new(8, 3, 5).with_alignment(8),
        ])
        .unwrap()
    }

    #[test]
    fn accepts_disjoint_addresses() {
        let plan = Plan {
            offsets: vec![0, 8],
            total: 16,
        };
        assert_eq!(check_plan(&two_overlapping(), &plan), Ok(()));
    }

    #[test]
    fn rejects_shared_bytes_at_a_shared_tick() {
        let plan = Plan {
            offsets: vec![1, 8],
            total: 16,
        };
        assert_eq!(
            check_plan(&two_overlapping(), &plan),
            Err(PlanError::Overlap {
                first: 0,
                second: 1
            })
        );
    }

    #[test]
    fn accepts_shared_bytes_when_lifetimes_are_apart() {
        let problem = Problem::new(vec![Buffer::new(8, 0, 2), Buffer::new(8, 3, 5)]).unwrap();
        assert_eq!(
            check_plan(
                &problem,
                &Plan {
                    offsets: vec![0, 0],
                    total: 8
                }
            ),
            Ok(())
        );
    }

    #[test]
    fn rejects_misaligned_offset() {
        let plan = Plan {
            offsets: vec![0, 12],
            total: 20,
        };
        assert_eq!(
            check_plan(&two_overlapping(), &plan),
            Err(PlanError::Misaligned {
                buffer: 1,
                offset: 12,
                alignment: 8
            })
        );
    }

    #[test]
    fn rejects_buffer_past_total() {
        let plan = Plan {
            offsets: vec![0, 8],
            total: 15,
        };
        assert_eq!(
            check_plan(&two_overlapping(), &plan),
            Err(PlanError::OutsideTotal {
                buffer: 1,
                end: 16,
                total: 15
            })
        );
    }

    #[test]
    fn rejects_wrong_number_of_offsets() {
        let plan = Plan {
            offsets: vec![0],
            total: 16,
        };
        assert_eq!(
            check_plan(&two_overlapping(), &plan),
            Err(PlanError::OffsetCount {
                expected: 2,
                found: 1
            })
        );
    }

    #[test]
    fn finds_overlap_hidden_behind_an_expired_buffer() {
        // Buffer 1 expires before buffer 2 starts; 0 and 2 still collide.
        let problem = Problem::new(vec![
            Buffer::new(10, 0, 9),
            Buffer::new(4, 0, 1),
            Buffer::new(4, 5, 6),
        ])
        .unwrap();
        let plan = Plan {
            offsets: vec![0, 10, 6],
            total: 14,
        };
        assert_eq!(
            check_plan(&problem, &plan),
            Err(PlanError::Overlap {
                first: 0,
                second: 2
            })
        );
    }
}
