//! The one diagnostic for a break of clone-based deallocation's input
//! contract ([`crate::analysis::input_contract`]), shared by the pass that
//! refuses such input (`bufrs-buffer-deallocation`) and the one that checks
//! for it (`bufrs-verify-deallocation{check=input}`). Not a pass.

use melior::ir::OperationRef;

use crate::{
    analysis::input_contract::Violation,
    ir::{Diagnostic, capture::IrMap},
};

/// Reports a write after its buffer flowed into a merge, as
/// `pass` (the verifier or the deallocation pass refusing its input).
pub fn emit_contract_violation(map: &IrMap, violation: &Violation, pass: &str, as_error: bool) {
    // SAFETY: live ops of the captured IR; nothing was edited.
    let write = unsafe { OperationRef::from_raw(map.op(violation.write)) };
    let flow = unsafe { OperationRef::from_raw(map.op(violation.flow)) };
    let text = format!(
        "{pass}: writes a buffer after it flowed into a merge; clone-based deallocation needs every write before the buffer flows anywhere (seed 000's input contract)"
    );
    let diagnostic = if as_error {
        Diagnostic::error(&write, text)
    } else {
        Diagnostic::warning(&write, text)
    };
    diagnostic.note_at(&flow, "the buffer flowed here").emit();
}
