//! What the capture and the patch of a snapshot share, so that a patched
//! snapshot equals a fresh capture: the map from snapshot ids back to MLIR
//! handles ([`IrMap`]), and how an op's trait facts, a value's kind and an
//! op's name are read from MLIR. `capture` fills the map; `patch` keeps it in
//! step with a pass's edits.

use std::ffi::c_void;

use mlir_sys::{MlirBlock, MlirOperation, MlirRegion, MlirValue};

use crate::{
    analysis::snapshot::{BlockId, OpFacts, OpId, ValueId, ValueKind},
    ir::interfaces,
};

/// Snapshot ids back to MLIR handles, valid until the IR is edited.
#[derive(Debug, Default)]
pub struct IrMap {
    pub ops: Vec<MlirOperation>,
    pub blocks: Vec<MlirBlock>,
    pub regions: Vec<MlirRegion>,
    pub values: Vec<MlirValue>,
    /// Operand index of the first forwarded operand, per (branch op,
    /// successor index).
    pub successor_operand_starts: OperandStarts<(OpId, u32)>,
    /// Operand index of the first forwarded operand, per (region-branch op,
    /// entry edge index).
    pub entry_edge_operand_starts: OperandStarts<(OpId, u32)>,
    /// Operand index of the first forwarded operand of a region terminator
    /// (all its edges forward the same operands).
    pub terminator_operand_starts: OperandStarts<OpId>,
}

/// Operand starts by key, in key order: the capture meets the keys in
/// increasing order (ops by id, then edges and successors by index), so a
/// sorted vector filled by pushes replaces a hash map (no hashing per
/// terminator; a lookup is a binary search).
#[derive(Debug, PartialEq, Eq)]
pub struct OperandStarts<K> {
    entries: Vec<(K, u32)>,
}

impl<K> Default for OperandStarts<K> {
    fn default() -> Self {
        OperandStarts {
            entries: Vec::new(),
        }
    }
}

impl<K: Ord + Copy> OperandStarts<K> {
    /// The start recorded for `key`, if any.
    pub fn get(&self, key: &K) -> Option<&u32> {
        self.entries
            .binary_search_by(|(k, _)| k.cmp(key))
            .ok()
            .map(|at| &self.entries[at].1)
    }

    /// Renames every key through `rename` (a one-to-one renumbering, as a
    /// patched snapshot's ops get) and restores the key order.
    pub(crate) fn rename_keys(&mut self, rename: impl Fn(K) -> K) {
        for entry in &mut self.entries {
            entry.0 = rename(entry.0);
        }
        self.entries.sort_unstable_by_key(|entry| entry.0);
    }

    /// Renames every key through `rename` (one-to-one where it gives a key)
    /// and restores the key order; false, with the map in an unspecified
    /// state, when `rename` gives `None` for a key.
    pub(crate) fn rename_kept_keys(&mut self, rename: impl Fn(K) -> Option<K>) -> bool {
        for entry in &mut self.entries {
            match rename(entry.0) {
                Some(key) => entry.0 = key,
                None => return false,
            }
        }
        self.entries.sort_unstable_by_key(|entry| entry.0);
        true
    }

    /// Records `start` for `key`, which must follow every key recorded so far.
    pub(crate) fn push(&mut self, key: K, start: u32) {
        debug_assert!(self.entries.last().is_none_or(|(last, _)| *last < key));
        self.entries.push((key, start));
    }
}

/// Same handles for the same ids (MLIR's handles compare by address).
impl PartialEq for IrMap {
    fn eq(&self, other: &IrMap) -> bool {
        fn same<T>(a: &[T], b: &[T], ptr: impl Fn(&T) -> *const c_void) -> bool {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| ptr(x) == ptr(y))
        }
        same(&self.ops, &other.ops, |h| h.ptr.cast_const())
            && same(&self.blocks, &other.blocks, |h| h.ptr.cast_const())
            && same(&self.regions, &other.regions, |h| h.ptr.cast_const())
            && same(&self.values, &other.values, |h| h.ptr)
            && self.successor_operand_starts == other.successor_operand_starts
            && self.entry_edge_operand_starts == other.entry_edge_operand_starts
            && self.terminator_operand_starts == other.terminator_operand_starts
    }
}

impl IrMap {
    pub fn op(&self, id: OpId) -> MlirOperation {
        self.ops[id.index()]
    }
    pub fn block(&self, id: BlockId) -> MlirBlock {
        self.blocks[id.index()]
    }
    pub fn value(&self, id: ValueId) -> MlirValue {
        self.values[id.index()]
    }
}

/// The facts that follow from an op's traits alone (the rest default).
pub(crate) fn trait_facts(traits: interfaces::Traits) -> OpFacts {
    OpFacts {
        is_return_like: traits.is_return_like(),
        has_recursive_effects: traits.has_recursive_memory_effects(),
        is_cast: traits.is_cast(),
        has_parallel_region: traits.has_parallel_region(),
        is_loop_like: traits.is_loop_like(),
        is_call: traits.is_call(),
        is_automatic_allocation_scope: traits.is_automatic_allocation_scope(),
        is_isolated_from_above: traits.is_isolated_from_above(),
        ..OpFacts::default()
    }
}

/// A value's kind from its type, as the capture's walk decides it.
pub(crate) fn value_kind(ty: mlir_sys::MlirType) -> ValueKind {
    // SAFETY: a live type.
    unsafe {
        if mlir_sys::mlirTypeIsAUnrankedMemRef(ty) {
            ValueKind::UnrankedMemRef
        } else if mlir_sys::mlirTypeIsAMemRef(ty) {
            ValueKind::RankedMemRef
        } else {
            ValueKind::Other
        }
    }
}

/// The text of a name the shim passed (MLIR's op names are ASCII).
pub(crate) fn str_of<'a>(s: mlir_sys::MlirStringRef) -> &'a str {
    std::str::from_utf8(bytes_of(s)).unwrap_or("<invalid op name>")
}

/// The bytes of a name the shim passed.
pub(crate) fn bytes_of<'a>(s: mlir_sys::MlirStringRef) -> &'a [u8] {
    if s.data.is_null() || s.length == 0 {
        return &[];
    }
    // SAFETY: MLIR guarantees `length` readable bytes at `data`, alive for
    // the capture.
    unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sorted-vector replacement of the operand-start maps answers as a
    /// map would: the value pushed for a key, nothing for a key never pushed.
    #[test]
    fn operand_starts_answer_like_a_map() {
        let mut starts = OperandStarts::<(OpId, u32)>::default();
        assert_eq!(starts.get(&(OpId(0), 0)), None);
        for (op, index, start) in [(1, 0, 1), (1, 2, 3), (4, 0, 0), (7, 1, 5)] {
            starts.push((OpId(op), index), start);
        }
        assert_eq!(starts.get(&(OpId(1), 0)).copied(), Some(1));
        assert_eq!(starts.get(&(OpId(1), 2)).copied(), Some(3));
        assert_eq!(starts.get(&(OpId(4), 0)).copied(), Some(0));
        assert_eq!(starts.get(&(OpId(7), 1)).copied(), Some(5));
        assert_eq!(starts.get(&(OpId(1), 1)), None);
        assert_eq!(starts.get(&(OpId(5), 0)), None);
        assert_eq!(starts.get(&(OpId(9), 0)), None);
    }
}
