//! The module's call graph as far as the preparation passes need it: every
//! use of a function's symbol is a direct call the pass can rewrite or
//! something else (its address taken, an indirect or foreign call op, an
//! attribute naming it), and a function may change its signature only when
//! all its uses are direct calls, it has a body, and it is private (or public
//! functions may change).

use std::collections::HashMap;

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

/// The first use other than a direct call of each symbol of a module's
/// uses, indexed once so that asking for every function of the module stays
/// linear in the module.
pub struct OtherUses<'a> {
    first: HashMap<&'a str, usize>,
}

impl<'a> OtherUses<'a> {
    pub fn new(uses: &'a [SymbolUse]) -> Self {
        let mut first = HashMap::new();
        for (index, symbol_use) in uses.iter().enumerate() {
            if let SymbolUse::Other { symbol } = symbol_use {
                first.entry(symbol.as_str()).or_insert(index);
            }
        }
        OtherUses { first }
    }

    /// The index (into the uses) of the first use of `name` other than a
    /// direct call.
    pub fn first(&self, name: &str) -> Option<usize> {
        self.first.get(name).copied()
    }
}

/// Whether the function `name` may change its signature (`None`) or why not.
pub fn eligibility(
    name: &str,
    public: bool,
    has_body: bool,
    other_uses: &OtherUses<'_>,
    modify_public: bool,
) -> Option<LeftAlone> {
    if !has_body {
        return Some(LeftAlone::Declaration);
    }
    if let Some(index) = other_uses.first(name) {
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
            SymbolUse::Other { symbol: "g".into() },
        ];
        let other = OtherUses::new(&uses);
        assert_eq!(eligibility("f", false, true, &other, false), None);
        assert_eq!(
            eligibility("g", false, true, &other, false),
            Some(LeftAlone::UsedOtherThanByCall(1))
        );
        assert_eq!(
            eligibility("f", true, true, &other, false),
            Some(LeftAlone::Public)
        );
        assert_eq!(eligibility("f", true, true, &other, true), None);
        assert_eq!(
            eligibility("f", false, false, &other, true),
            Some(LeftAlone::Declaration)
        );
    }
}
