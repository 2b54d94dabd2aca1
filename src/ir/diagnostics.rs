//! Diagnostics at an op's location: error, warning or remark, with notes
//! attached at related ops. Emitted through MLIR's diagnostic engine at the
//! op's *location*, never at the op itself, so `-verify-diagnostics` works as
//! for any MLIR pass and MLIR never prints the op after the message
//! (`-mlir-print-op-on-diagnostic`, on by default, prints the op of a
//! diagnostic at an op: a terminator, a loop, or a function's whole body).

use melior::ir::{OperationRef, operation::OperationLike};
use mlir_sys::{MlirLocation, MlirStringRef};

use crate::ffi;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
}

/// A diagnostic being built; nothing is reported until [`Diagnostic::emit`].
#[must_use = "a diagnostic does nothing until emitted"]
pub struct Diagnostic {
    location: MlirLocation,
    severity: Severity,
    message: String,
    notes: Vec<(Option<MlirLocation>, String)>,
}

impl Diagnostic {
    pub fn new(op: &OperationRef<'_, '_>, severity: Severity, message: impl Into<String>) -> Self {
        Self::at_raw(op.to_raw(), severity, message)
    }

    /// For callers that hold only the raw handle (e.g. the FFI boundary).
    pub fn at_raw(
        op: mlir_sys::MlirOperation,
        severity: Severity,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            // SAFETY: a live op of the running pass (the caller's handle).
            location: unsafe { mlir_sys::mlirOperationGetLocation(op) },
            severity,
            message: message.into(),
            notes: vec![],
        }
    }

    pub fn error(op: &OperationRef<'_, '_>, message: impl Into<String>) -> Self {
        Self::new(op, Severity::Error, message)
    }

    pub fn warning(op: &OperationRef<'_, '_>, message: impl Into<String>) -> Self {
        Self::new(op, Severity::Warning, message)
    }

    /// A remark is a one-line report at the op's location.
    pub fn remark(op: &OperationRef<'_, '_>, message: impl Into<String>) -> Self {
        Self::new(op, Severity::Remark, message)
    }

    /// Attaches a note at `at`'s location.
    pub fn note_at(mut self, at: &OperationRef<'_, '_>, message: impl Into<String>) -> Self {
        self.notes
            .push((Some(at.location().to_raw()), message.into()));
        self
    }

    /// Attaches a note without a location.
    pub fn note(mut self, message: impl Into<String>) -> Self {
        self.notes.push((None, message.into()));
        self
    }

    pub fn emit(self) {
        let severity = match self.severity {
            Severity::Error => ffi::BufrsSeverity::BufrsSeverity_Error,
            Severity::Warning => ffi::BufrsSeverity::BufrsSeverity_Warning,
            Severity::Remark => ffi::BufrsSeverity::BufrsSeverity_Remark,
        };
        let locations: Vec<MlirLocation> = self
            .notes
            .iter()
            .map(|(loc, _)| {
                loc.unwrap_or(MlirLocation {
                    ptr: std::ptr::null(),
                })
            })
            .collect();
        let messages: Vec<MlirStringRef> = self.notes.iter().map(|(_, m)| string_ref(m)).collect();
        // SAFETY: the location is live (of the running pass); the string
        // refs point into `self`, alive for the call.
        unsafe {
            ffi::bufrsShimEmitDiagnosticAt(
                self.location,
                severity,
                string_ref(&self.message),
                locations.as_ptr(),
                messages.as_ptr(),
                messages.len() as isize,
            )
        }
    }
}

/// A borrowed `MlirStringRef` over a Rust string.
pub(crate) fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

/// The bytes of an `MlirStringRef`, valid while what it points into lives.
/// # Safety
/// `s` points at `length` readable bytes (or is null/empty).
pub(crate) unsafe fn string_ref_bytes<'a>(s: MlirStringRef) -> &'a [u8] {
    if s.data.is_null() || s.length == 0 {
        return &[];
    }
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) }
}

/// Copies an `MlirStringRef` into a Rust string (lossy on invalid UTF-8).
pub(crate) fn string_from_ref(s: MlirStringRef) -> String {
    if s.data.is_null() || s.length == 0 {
        return String::new();
    }
    // SAFETY: MLIR guarantees `length` readable bytes at `data`.
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}
