//! Copy-like ops. MLIR 22 has no `CopyOpInterface` (it was removed
//! upstream), so `bufrs-copy-removal` recognises copies by name:
//! `memref.copy` and `linalg.copy` (source = operand 0, target = operand 1,
//! no results) and `bufferization.clone` (source = operand 0, result 0 = the
//! new copy).
//!
//! # Opting a dialect in
//!
//! Add one row to [`KNOWN_COPIES`] with the op's registered name and its
//! [`CopyShape`]. The op must then satisfy what copy removal relies on:
//! - `IntoOperand`: it only reads all of operand 0 and writes all of
//!   operand 1 (same shape and element type), has no results, and frees
//!   nothing;
//! - `IntoNewBuffer`: its result 0 is a fresh buffer (an `Allocate` effect on
//!   it) holding a copy of operand 0, of the same type.
//!
//! Everything else (frees, allocations, aliases) copy removal reads through
//! interfaces, so nothing more is needed.

/// The roles of a copy's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyShape {
    /// Copies operand 0 into operand 1.
    IntoOperand,
    /// Copies operand 0 into a new buffer, its result 0.
    IntoNewBuffer,
}

/// The copy ops bufrs knows, by registered name.
pub const KNOWN_COPIES: &[(&str, CopyShape)] = &[
    ("memref.copy", CopyShape::IntoOperand),
    ("linalg.copy", CopyShape::IntoOperand),
    ("bufferization.clone", CopyShape::IntoNewBuffer),
];

/// The copy shape of the op named `name`, if it is a known copy.
pub fn copy_shape(name: &str) -> Option<CopyShape> {
    KNOWN_COPIES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, shape)| *shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_exactly_the_listed_copies() {
        assert_eq!(copy_shape("memref.copy"), Some(CopyShape::IntoOperand));
        assert_eq!(copy_shape("linalg.copy"), Some(CopyShape::IntoOperand));
        assert_eq!(
            copy_shape("bufferization.clone"),
            Some(CopyShape::IntoNewBuffer)
        );
        assert_eq!(copy_shape("memref.alloc"), None);
    }
}
