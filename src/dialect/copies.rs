//! Copy-like ops. MLIR 22 has no `CopyOpInterface`, so copies are recognised
//! by name: `memref.copy` and `linalg.copy` (source = operand 0, target =
//! operand 1) and `bufferization.clone` (source = operand 0, result = the new
//! copy). A dialect can opt in by adding its op here with its operand roles.

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
    KNOWN_COPIES.iter().find(|(n, _)| *n == name).map(|(_, shape)| *shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_exactly_the_listed_copies() {
        assert_eq!(copy_shape("memref.copy"), Some(CopyShape::IntoOperand));
        assert_eq!(copy_shape("bufferization.clone"), Some(CopyShape::IntoNewBuffer));
        assert_eq!(copy_shape("memref.alloc"), None);
    }
}
