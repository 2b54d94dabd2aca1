//! The module's call graph as far as the preparation passes need it: every
//! use of a function's symbol is a direct call the pass can rewrite or
//! something else (its address taken, an indirect or foreign call op, an
//! attribute naming it), and a function may change its signature only when
//! all its uses are direct calls, it has a body, and it is private (or public
//! functions may change).

/// A use of a symbol somewhere in the module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymbolUse {
    /// A call op the pass can rewrite, calling `callee`.
    DirectCall { callee: String },
    /// Any other reference to `symbol`.
    Other { symbol: String },
}

/// Why a function keeps its signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftAlone {
    /// Public and public functions may not change.
    Public,
    /// A declaration: its body is elsewhere.
    Declaration,
    /// Its symbol is used other than by a direct call; the index is into
    /// the uses given to [`eligibility`].
    UsedOtherThanByCall(usize),
}

/// Whether the function `name` may change its signature (`None`) or why not.
pub fn eligibility(
    name: &str,
    public: bool,
    has_body: bool,
    uses: &[SymbolUse],
    modify_public: bool,
) -> Option<LeftAlone> {
    if !has_body {
        return Some(LeftAlone::Declaration);
    }
    if let Some(index) = uses
        .iter()
        .position(|u| matches!(u, SymbolUse::Other { symbol } if symbol == name))
    {
        return Some(LeftAlone::UsedOtherThanByCall(index));
    }
    (public && !modify_public).then_some(LeftAlone::Public)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_private_defined_functions_called_directly_may_change() {
        let uses = vec![
            SymbolUse::DirectCall { callee: "f".into() },
            SymbolUse::Other { symbol: "g".into() },
        ];
        assert_eq!(eligibility("f", false, true, &uses, false), None);
        assert_eq!(
            eligibility("g", false, true, &uses, false),
            Some(LeftAlone::UsedOtherThanByCall(1))
        );
        assert_eq!(
            eligibility("f", true, true, &uses, false),
            Some(LeftAlone::Public)
        );
        assert_eq!(eligibility("f", true, true, &uses, true), None);
        assert_eq!(
            eligibility("f", false, false, &uses, true),
            Some(LeftAlone::Declaration)
        );
    }
}
