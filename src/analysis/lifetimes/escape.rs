//! Why an allocation escapes ([`Escape`]), and the escape facts aggregated
//! over a flow component (`Flags`).
//!
//! # Escapes
//!
//! An allocation escapes (merge-alloc must leave it alone) when one of its
//! aliases is: an operand of a `ReturnLike` terminator in the root's body
//! (`returned`); forwarded by a region terminator edge (yield to the parent
//! or to another region, including loop back edges) or is an operand of a
//! `ReturnLike` terminator of a nested region (`yielded`); forwarded along a
//! CFG edge inside a cycle (`loop_carried`); an operand of a call
//! (`call`); an operand of an op with unknown effects (`unknown_op`); turned
//! into its address as a plain value (`address_exposed`); or stored as data
//! into other memory (`stored`). The last four come from the classified uses
//! of [`ValueFlow`](crate::analysis::value_flow::ValueFlow).

/// Why an allocation escapes. `any()` is what merge-alloc checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Escape {
    /// An alias is returned from the root (ReturnLike in the root's body).
    pub returned: bool,
    /// An alias is yielded by a region terminator (to the parent or to a
    /// region, e.g. a loop's iter_args).
    pub yielded: bool,
    /// An alias is forwarded along a CFG edge inside a cycle.
    pub loop_carried: bool,
    /// An alias is a call operand.
    pub call: bool,
    /// An alias is an operand of an op with unknown effects.
    pub unknown_op: bool,
    /// An op turns an alias into its address as a plain value (e.g.
    /// `memref.extract_aligned_pointer_as_index`): its later uses are unseen.
    pub address_exposed: bool,
    /// An alias is stored as data into other memory.
    pub stored: bool,
}

impl Escape {
    pub fn any(&self) -> bool {
        self.returned
            || self.yielded
            || self.loop_carried
            || self.call
            || self.unknown_op
            || self.address_exposed
            || self.stored
    }
}

/// Escape facts of a flow component and of everything it flows into.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Flags {
    pub(super) escape: Escape,
    pub(super) freed: bool,
}

impl Flags {
    pub(super) fn or(&mut self, o: Flags) {
        let (e, x) = (&mut self.escape, o.escape);
        e.returned |= x.returned;
        e.yielded |= x.yielded;
        e.loop_carried |= x.loop_carried;
        e.call |= x.call;
        e.unknown_op |= x.unknown_op;
        e.address_exposed |= x.address_exposed;
        e.stored |= x.stored;
        self.freed |= o.freed;
    }
}
