//! The planning problem and its answer: buffers with a size, an alignment and an inclusive
//! lifetime go in, one byte offset per buffer and a total size come out.
//!
//! A buffer occupies its size rounded up to its alignment (as IREE's `LayoutSlices` does), so
//! the bytes right after it are aligned again and the lower bound stays a true bound. A
//! [`Problem`] is validated once, in [`Problem::new`]; every planner may then rely on the
//! invariants below without re-checking them and without risk of arithmetic overflow.

use crate::plan::PlanError;

/// One buffer to place. Times are abstract ticks; the lifetime `[first, last]` is inclusive:
/// two buffers conflict when their lifetimes share at least one tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Buffer {
    /// Size in bytes (zero is allowed and occupies nothing).
    pub size: u64,
    /// Required alignment of the offset in bytes: a power of two, at least 1.
    pub alignment: u64,
    /// First tick at which the buffer is live.
    pub first: u64,
    /// Last tick at which the buffer is live (inclusive, `first <= last`).
    pub last: u64,
}

impl Buffer {
    /// A buffer of `size` bytes with alignment 1 live over the inclusive ticks `[first, last]`.
    pub fn new(size: u64, first: u64, last: u64) -> Self {
        Buffer {
            size,
            alignment: 1,
            first,
            last,
        }
    }

    /// The same buffer with another alignment.
    pub fn with_alignment(self, alignment: u64) -> Self {
        Buffer { alignment, ..self }
    }

    /// Whether the two lifetimes share a tick.
    pub fn overlaps_in_time(&self, other: &Buffer) -> bool {
        self.first <= other.last && other.first <= self.last
    }

    /// Number of ticks the buffer is live.
    pub fn duration(&self) -> u64 {
        self.last - self.first + 1
    }
}

/// A validated set of buffers. Invariants (checked by [`Problem::new`]):
/// every alignment is a power of two, every lifetime has `first <= last`, and the sum of all
/// sizes rounded up to the largest alignment fits in `u64`. Hence no offset any planner can
/// produce (each at most that sum) overflows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    buffers: Vec<Buffer>,
    /// Sizes rounded up to each buffer's own alignment: the bytes a buffer occupies.
    aligned_sizes: Vec<u64>,
    max_alignment: u64,
}

impl Problem {
    /// Validates the buffers and builds the problem.
    pub fn new(buffers: Vec<Buffer>) -> Result<Problem, PlanError> {
        let mut max_alignment = 1u64;
        for (index, buffer) in buffers.iter().enumerate() {
            if buffer.alignment == 0 || !buffer.alignment.is_power_of_two() {
                return Err(PlanError::BadAlignment {
                    buffer: index,
                    alignment: buffer.alignment,
                });
            }
            if buffer.first > buffer.last {
                return Err(PlanError::EmptyLifetime {
                    buffer: index,
                    first: buffer.first,
                    last: buffer.last,
                });
            }
            max_alignment = max_alignment.max(buffer.alignment);
        }
        let mut aligned_sizes = Vec::with_capacity(buffers.len());
        let mut total: u64 = 0;
        for (index, buffer) in buffers.iter().enumerate() {
            let own = round_up(buffer.size, buffer.alignment)
                .ok_or(PlanError::SizeOverflow { buffer: index })?;
            let coarse = round_up(buffer.size, max_alignment)
                .ok_or(PlanError::SizeOverflow { buffer: index })?;
            total = total
                .checked_add(coarse)
                .ok_or(PlanError::SizeOverflow { buffer: index })?;
            aligned_sizes.push(own);
        }
        Ok(Problem {
            buffers,
            aligned_sizes,
            max_alignment,
        })
    }

    /// The problem of the buffers `members` (indices into this one, in that order): always
    /// valid, as every alignment and the total of a subset stay within those of the whole.
    pub fn subset(&self, members: &[usize]) -> Problem {
        Problem::new(members.iter().map(|&i| self.buffers[i]).collect())
            .expect("a subset of a valid problem is valid")
    }

    /// The buffers, in input order; plans give offsets in the same order.
    pub fn buffers(&self) -> &[Buffer] {
        &self.buffers
    }

    /// Number of buffers.
    pub fn len(&self) -> usize {
        self.buffers.len()
    }

    /// Whether there is nothing to place.
    pub fn is_empty(&self) -> bool {
        self.buffers.is_empty()
    }

    /// Bytes buffer `index` occupies: its size rounded up to its alignment.
    pub fn aligned_size(&self, index: usize) -> u64 {
        self.aligned_sizes[index]
    }

    /// All occupied sizes, in input order.
    pub fn aligned_sizes(&self) -> &[u64] {
        &self.aligned_sizes
    }

    /// The largest alignment of any buffer (1 when empty).
    pub fn max_alignment(&self) -> u64 {
        self.max_alignment
    }
}

/// Offsets chosen for a [`Problem`] and the bytes the whole arena needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Byte offset of each buffer, in the problem's order.
    pub offsets: Vec<u64>,
    /// Arena size: the largest `offset + aligned size` over all buffers (0 when empty).
    pub total: u64,
}

impl Plan {
    /// Builds a plan from offsets, computing the total as the highest occupied byte.
    pub fn from_offsets(problem: &Problem, offsets: Vec<u64>) -> Plan {
        let total = offsets
            .iter()
            .zip(problem.aligned_sizes())
            .map(|(&offset, &size)| offset.saturating_add(size))
            .max()
            .unwrap_or(0);
        Plan { offsets, total }
    }
}

/// Time cut into sections for the planners that sweep a skyline (the search and the skyline
/// fill): a new section wherever a buffer that takes room starts. Buffers of size 0 take no
/// room and are left out.
pub(crate) struct Sections {
    /// The buffers with a non-zero aligned size ("items"), in input order.
    pub items: Vec<usize>,
    /// Number of sections.
    pub count: usize,
    /// Per item: its first and last section (inclusive).
    pub span: Vec<(usize, usize)>,
}

impl Sections {
    pub(crate) fn of(problem: &Problem) -> Sections {
        let buffers = problem.buffers();
        let items: Vec<usize> = (0..problem.len())
            .filter(|&i| problem.aligned_size(i) > 0)
            .collect();
        let mut starts: Vec<u64> = items.iter().map(|&i| buffers[i].first).collect();
        starts.sort_unstable();
        starts.dedup();
        let span = items
            .iter()
            .map(|&i| {
                let lo = starts.partition_point(|&t| t < buffers[i].first);
                let hi = starts.partition_point(|&t| t <= buffers[i].last) - 1;
                (lo, hi)
            })
            .collect();
        Sections {
            items,
            count: starts.len(),
            span,
        }
    }
}

/// `value` rounded up to a multiple of the power of two `alignment`, or `None` on overflow.
pub fn round_up(value: u64, alignment: u64) -> Option<u64> {
    let mask = alignment.checked_sub(1)?;
    value.checked_add(mask).map(|v| v & !mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_size_rounds_up_to_the_alignment() {
        let problem = Problem::new(vec![Buffer::new(40, 0, 2).with_alignment(64)]).unwrap();
        assert_eq!(problem.aligned_size(0), 64);
    }

    #[test]
    fn rejects_alignment_that_is_not_a_power_of_two() {
        let error = Problem::new(vec![Buffer::new(4, 0, 0).with_alignment(3)]).unwrap_err();
        assert_eq!(
            error,
            PlanError::BadAlignment {
                buffer: 0,
                alignment: 3
            }
        );
        assert!(Problem::new(vec![Buffer::new(4, 0, 0).with_alignment(0)]).is_err());
    }

    #[test]
    fn rejects_lifetime_ending_before_it_starts() {
        let error = Problem::new(vec![Buffer::new(4, 0, 0), Buffer::new(4, 5, 4)]).unwrap_err();
        assert_eq!(
            error,
            PlanError::EmptyLifetime {
                buffer: 1,
                first: 5,
                last: 4
            }
        );
    }

    #[test]
    fn rejects_sizes_whose_sum_overflows() {
        let error = Problem::new(vec![
            Buffer::new(u64::MAX / 2 + 1, 0, 0),
            Buffer::new(u64::MAX / 2 + 1, 1, 1),
        ])
        .unwrap_err();
        assert_eq!(error, PlanError::SizeOverflow { buffer: 1 });
        assert!(Problem::new(vec![Buffer::new(u64::MAX, 0, 0).with_alignment(8)]).is_err());
    }

    #[test]
    fn plan_total_is_highest_occupied_byte() {
        let problem = Problem::new(vec![
            Buffer::new(10, 0, 1),
            Buffer::new(3, 0, 1).with_alignment(4),
        ])
        .unwrap();
        let plan = Plan::from_offsets(&problem, vec![4, 0]);
        assert_eq!(plan.total, 14);
        let plan = Plan::from_offsets(&problem, vec![0, 12]);
        assert_eq!(plan.total, 16);
    }
}
