//! The granule: every offset and total of a canonical plan is a multiple of it (the gcd of
//! the sizes, lowered to an alignment it does not divide, and of the obstacles' bytes), so
//! the driver's targets step by it.

use super::state::Search;

/// The greatest common divisor (`gcd(0, b) = b`, so it folds from 0).
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Every offset and total of a canonical plan of buffers with these (aligned size,
/// alignment) is a multiple of this: the gcd of the sizes, lowered to an alignment it does
/// not divide (at least 1).
pub(crate) fn granularity(items: impl Iterator<Item = (u64, u64)>) -> u64 {
    let items: Vec<(u64, u64)> = items.collect();
    let mut g = items.iter().fold(0, |g, &(size, _)| gcd(g, size));
    for &(_, alignment) in &items {
        if g % alignment != 0 {
            g = gcd(g, alignment);
        }
    }
    g.max(1)
}

impl Search<'_> {
    /// Every offset and total of a canonical plan is a multiple of this: the gcd of the
    /// sizes, lowered to an alignment it does not divide (rounding a multiple of it up to
    /// such an alignment may leave a multiple of the alignment only).
    pub(super) fn granularity(&self) -> u64 {
        let mut g = granularity(
            self.sizes
                .iter()
                .copied()
                .zip(self.alignments.iter().copied()),
        );
        for ranges in &self.fixed.of_item {
            for &(offset, end) in ranges {
                g = gcd(gcd(g, offset), end);
            }
        }
        g.max(1)
    }
}
