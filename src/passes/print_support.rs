//! Shared helpers of the debug passes `bufrs-print-*`: which ops a printing
//! pass reports on (named by `ir::interfaces::symbol_name`), printing ops and naming values
//! with MLIR's own printer, and writing a report to stdout in one piece.
//!
//! Why these exist: the dominance and liveness printers reproduce the output
//! of MLIR's test passes (`test-print-dominance`, `test-print-liveness`)
//! byte for byte so that `utils/differential.py` can compare bufrs with MLIR
//! by plain text equality; they therefore need MLIR's op printer and MLIR's
//! numbering orders (post-order op walk for dominance, pre-order block walk
//! for liveness), computed here over the snapshot. The alias and lifetime
//! printers name values as MLIR prints them (`%alloc`, `%arg0`, `%0`).
//!
//! Output goes to the process's stdout (as MLIR's `test-print-dominance`
//! writes to `llvm::outs()`), except the liveness report, which goes to
//! stderr as MLIR's `test-print-liveness` writes to `llvm::errs()`; each report is formatted completely, then written under
//! stdout's lock and flushed, so reports of passes running on several
//! threads never interleave inside a report. Tests run with
//! `--mlir-disable-threading` to fix the order of reports.

use std::io::Write;

use mlir_sys::{MlirOperation, MlirValue};

use crate::ir::capture::IrMap;
use crate::{
    analysis::snapshot::{BlockId, OpId, Snapshot},
    ir::interfaces,
};

/// One op a printing pass reports on ("Testing : name").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub op: OpId,
    /// The op's own block is in the snapshot (the pass ran on an ancestor),
    /// so it is numbered too, as MLIR's `test-print-dominance` does.
    pub has_parent_block: bool,
}

/// The ops to report on when the pass runs on the snapshot's root: the root
/// itself if it is function-like (`FunctionOpInterface`), otherwise every
/// function-like op directly in the root's blocks (the functions of a
/// module), in program order.
pub fn units(snap: &Snapshot, map: &IrMap) -> Vec<Unit> {
    if interfaces::traits(map.op(Snapshot::ROOT)).is_function_like() {
        return vec![Unit {
            op: Snapshot::ROOT,
            has_parent_block: false,
        }];
    }
    let mut out = Vec::new();
    for &r in &snap.op(Snapshot::ROOT).regions {
        for &b in &snap.region(r).blocks {
            for &o in &snap.block(b).ops {
                if interfaces::traits(map.op(o)).is_function_like() {
                    out.push(Unit {
                        op: o,
                        has_parent_block: true,
                    });
                }
            }
        }
    }
    out
}

/// The op as MLIR's `Operation::print` writes it with default flags (what
/// MLIR's test passes print).
pub fn print_op(op: MlirOperation) -> String {
    let mut out = String::new();
    // SAFETY: `op` is live; the callback only appends to `out`.
    unsafe {
        mlir_sys::mlirOperationPrint(
            op,
            Some(crate::ir::collect::append_to_string),
            &mut out as *mut String as *mut _,
        )
    };
    out
}

/// Names values as MLIR prints them as operands (`%alloc`, `%arg0`, `%0#1`),
/// numbered from `scope` (one `AsmState`, built once).
pub struct ValueNamer {
    state: mlir_sys::MlirAsmState,
    flags: mlir_sys::MlirOpPrintingFlags,
}

impl ValueNamer {
    pub fn new(scope: MlirOperation) -> Self {
        // SAFETY: live op; state and flags are destroyed in `drop`.
        unsafe {
            let flags = mlir_sys::mlirOpPrintingFlagsCreate();
            let state = mlir_sys::mlirAsmStateCreateForOperation(scope, flags);
            ValueNamer { state, flags }
        }
    }

    pub fn name(&self, value: MlirValue) -> String {
        let mut out = String::new();
        // SAFETY: live value and state; the callback only appends to `out`.
        unsafe {
            mlir_sys::mlirValuePrintAsOperand(
                value,
                self.state,
                Some(crate::ir::collect::append_to_string),
                &mut out as *mut String as *mut _,
            )
        };
        out
    }
}

impl Drop for ValueNamer {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe {
            mlir_sys::mlirAsmStateDestroy(self.state);
            mlir_sys::mlirOpPrintingFlagsDestroy(self.flags);
        }
    }
}

/// Writes a complete report to stdout and flushes it.
pub fn emit(report: &str) {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    // A closed stdout is not an error of the pass: ignore write failures.
    let _ = lock.write_all(report.as_bytes());
    let _ = lock.flush();
}

/// Writes a complete report to stderr (where MLIR's `test-print-liveness`
/// writes) and flushes it.
pub fn emit_stderr(report: &str) {
    let stderr = std::io::stderr();
    let mut lock = stderr.lock();
    let _ = lock.write_all(report.as_bytes());
    let _ = lock.flush();
}

/// The ops of `unit`'s subtree (the unit included) in MLIR's post-order
/// walk: nested ops before their parent, regions, blocks and ops in order.
pub fn post_order_ops(snap: &Snapshot, unit: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack = vec![(unit, false)];
    while let Some((op, expanded)) = stack.pop() {
        if expanded {
            out.push(op);
            continue;
        }
        stack.push((op, true));
        for &r in snap.op(op).regions.iter().rev() {
            for &b in snap.region(r).blocks.iter().rev() {
                for &o in snap.block(b).ops.iter().rev() {
                    stack.push((o, false));
                }
            }
        }
    }
    out
}

/// The blocks of `unit`'s regions (nested ones included) in MLIR's pre-order
/// block walk: a block, then the blocks nested in its ops, then the next
/// block of the region.
pub fn pre_order_blocks(snap: &Snapshot, unit: OpId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let mut stack: Vec<BlockId> = Vec::new();
    let push_nested = |stack: &mut Vec<BlockId>, op: OpId| {
        for &r in snap.op(op).regions.iter().rev() {
            stack.extend(snap.region(r).blocks.iter().rev().copied());
        }
    };
    push_nested(&mut stack, unit);
    while let Some(b) = stack.pop() {
        out.push(b);
        for &o in snap.block(b).ops.iter().rev() {
            push_nested(&mut stack, o);
        }
    }
    out
}
