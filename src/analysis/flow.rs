//! Where a buffer goes: the forward flow of one buffer value through the IR.
//!
//! Starting from a value (typically a fresh allocation), the walk follows the
//! edges of the shared [`ValueFlow`] graph (views, casts, branch and region
//! edges, results of calls and unknown ops that may be the buffer) to every
//! value that may name the same memory, and collects what happens to that
//! memory at their uses: being forwarded out of a block, freed, stored as data
//! into another buffer, used by an op with unknown effects, or having its
//! address exposed as a plain value. Calls are treated as the seeds'
//! ownership contract says: the callee reads or writes its buffer arguments
//! but neither frees nor retains them, so a call operand is no event here.

use crate::analysis::{
    snapshot::{OpId, ValueId},
    value_flow::{ForwardWalk, UseKind, ValueFlow},
};

/// Something that happens to the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowEvent {
    /// Terminator `by` passes alias `value` on (to a successor block, a
    /// region, the parent op's results, or out of the function).
    Forwarded { by: OpId, value: ValueId },
    /// `by` frees alias `value`.
    Freed { by: OpId, value: ValueId },
    /// `by` stores alias `value` as data into another buffer.
    Stored { by: OpId, value: ValueId },
    /// `by` has unknown memory effects and uses alias `value`.
    UnknownUse { by: OpId, value: ValueId },
    /// `by` turns alias `value` into its address as a plain value, whose uses
    /// no buffer analysis sees.
    AddressExposed { by: OpId, value: ValueId },
}

impl FlowEvent {
    /// The op the event happens at.
    pub fn op(self) -> OpId {
        match self {
            FlowEvent::Forwarded { by, .. }
            | FlowEvent::Freed { by, .. }
            | FlowEvent::Stored { by, .. }
            | FlowEvent::UnknownUse { by, .. }
            | FlowEvent::AddressExposed { by, .. } => by,
        }
    }
}

/// The result of following one buffer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flow {
    /// The start value and every alias found, in discovery order.
    pub aliases: Vec<ValueId>,
    pub events: Vec<FlowEvent>,
}

/// Follows `start` forward. O(edges and uses of all aliases).
pub fn follow(flow: &ValueFlow, start: ValueId) -> Flow {
    let mut events = Events::new(flow, start);
    let collected: Vec<FlowEvent> = events.by_ref().collect();
    Flow {
        aliases: events.walk_order(),
        events: collected,
    }
}

/// The events of [`follow`], in the same order, found lazily: a caller that
/// stops at the first event it cannot accept walks only the aliases up to it.
pub struct Events<'f> {
    flow: &'f ValueFlow,
    walk: ForwardWalk,
    /// The alias whose events are being listed, and the next one's index.
    current: Option<(ValueId, usize)>,
    aliases: Vec<ValueId>,
}

impl<'f> Events<'f> {
    pub fn new(flow: &'f ValueFlow, start: ValueId) -> Self {
        Events {
            flow,
            walk: ForwardWalk::new(start),
            current: None,
            aliases: Vec::new(),
        }
    }

    /// The aliases reached so far, in discovery order: once the iterator
    /// is exhausted, [`ValueFlow::forward_closure`] of the start.
    pub fn walk_order(self) -> Vec<ValueId> {
        self.aliases
    }
}

impl Iterator for Events<'_> {
    type Item = FlowEvent;

    fn next(&mut self) -> Option<FlowEvent> {
        loop {
            let (value, index) = match self.current {
                Some(current) => current,
                None => {
                    let value = self.walk.next(self.flow)?;
                    self.aliases.push(value);
                    (value, 0)
                }
            };
            let Some(event) = self.flow.events(value).get(index) else {
                self.current = None;
                continue;
            };
            self.current = Some((value, index + 1));
            let by = event.op;
            return Some(match event.kind {
                UseKind::Forwarded => FlowEvent::Forwarded { by, value },
                UseKind::Freed => FlowEvent::Freed { by, value },
                UseKind::Stored => FlowEvent::Stored { by, value },
                UseKind::Unknown => FlowEvent::UnknownUse { by, value },
                UseKind::AddressExposed => FlowEvent::AddressExposed { by, value },
                UseKind::Call | UseKind::UnknownWithRegions => continue,
            });
        }
    }
}
