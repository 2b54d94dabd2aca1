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

/// Prints ops as MLIR's `Operation::print` writes them with default flags
/// (what MLIR's test passes print), from one `AsmState`.
///
/// `Operation::print(os)` builds an `AsmState` for the top-level op (the
/// module) on every call: it verifies and numbers the whole module per
/// printed op (quadratic; `bufrs-print-liveness` prints an op per line of its
/// intervals, and a state per function pass is still the module's size per
/// function). `Operation::print(os, state)` writes the same text when the
/// state names values as the module's would: MLIR numbers a nested region
/// from the counters its enclosing regions reached, so a state built for the
/// op the pass runs on names its values exactly as the module's state does
/// when no enclosing region defines a value (no block argument, no op
/// result: a module of functions). Otherwise the state is built for the
/// top-level op, once per pass run.
pub struct OpPrinter {
    asm: AsmState,
}

impl OpPrinter {
    /// A printer for the ops nested in `op` (the op the pass runs on).
    pub fn new(op: MlirOperation) -> Self {
        // SAFETY: live ops, blocks and regions; state and flags are destroyed
        // in `drop`.
        unsafe {
            let mut local = true;
            let mut top = op;
            loop {
                let block = mlir_sys::mlirOperationGetBlock(top);
                if block.ptr.is_null() {
                    break;
                }
                if region_defines_values(mlir_sys::mlirBlockGetParentRegion(block)) {
                    local = false;
                }
                let parent = mlir_sys::mlirOperationGetParentOperation(top);
                if parent.ptr.is_null() {
                    break;
                }
                top = parent;
            }
            OpPrinter {
                asm: AsmState::new(if local { op } else { top }),
            }
        }
    }

    /// The op's text, as [`OpPrinter::new`] says. The op must be nested in
    /// the same top-level op, and the IR unchanged since the printer was made.
    pub fn print(&self, op: MlirOperation) -> String {
        // SAFETY: live op and state.
        self.asm.text(|state, callback, out| unsafe {
            mlir_sys::mlirOperationPrintWithState(op, state, callback, out)
        })
    }
}

/// Whether a block of `region` has arguments or an op directly in it has
/// results (values MLIR's printer numbers before the regions nested in it).
///
/// # Safety
/// `region` is live.
unsafe fn region_defines_values(region: mlir_sys::MlirRegion) -> bool {
    // SAFETY: live region, blocks and ops.
    unsafe {
        let mut block = mlir_sys::mlirRegionGetFirstBlock(region);
        while !block.ptr.is_null() {
            if mlir_sys::mlirBlockGetNumArguments(block) > 0 {
                return true;
            }
            let mut op = mlir_sys::mlirBlockGetFirstOperation(block);
            while !op.ptr.is_null() {
                if mlir_sys::mlirOperationGetNumResults(op) > 0 {
                    return true;
                }
                op = mlir_sys::mlirOperationGetNextInBlock(op);
            }
            block = mlir_sys::mlirBlockGetNextInRegion(block);
        }
        false
    }
}

/// Names values as MLIR prints them as operands (`%alloc`, `%arg0`, `%0#1`),
/// numbered from `scope` (one `AsmState`, built once).
pub struct ValueNamer {
    asm: AsmState,
}

/// An MLIR `AsmState` numbering from `scope`, with default printing flags
/// (destroyed with it).
struct AsmState {
    state: mlir_sys::MlirAsmState,
    flags: mlir_sys::MlirOpPrintingFlags,
}

impl AsmState {
    fn new(scope: MlirOperation) -> Self {
        // SAFETY: live op; state and flags are destroyed in `drop`.
        unsafe {
            let flags = mlir_sys::mlirOpPrintingFlagsCreate();
            let state = mlir_sys::mlirAsmStateCreateForOperation(scope, flags);
            AsmState { state, flags }
        }
    }

    /// The text a printing call writes with this state: `print` gets the
    /// state, a callback and its user data, which the callback appends to.
    fn text(
        &self,
        print: impl FnOnce(mlir_sys::MlirAsmState, mlir_sys::MlirStringCallback, *mut std::ffi::c_void),
    ) -> String {
        let mut out = String::new();
        print(
            self.state,
            Some(crate::ir::collect::append_to_string),
            &mut out as *mut String as *mut _,
        );
        out
    }
}

impl Drop for AsmState {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe {
            mlir_sys::mlirAsmStateDestroy(self.state);
            mlir_sys::mlirOpPrintingFlagsDestroy(self.flags);
        }
    }
}

impl ValueNamer {
    pub fn new(scope: MlirOperation) -> Self {
        ValueNamer {
            asm: AsmState::new(scope),
        }
    }

    pub fn name(&self, value: MlirValue) -> String {
        // SAFETY: live value and state.
        self.asm.text(|state, callback, out| unsafe {
            mlir_sys::mlirValuePrintAsOperand(value, state, callback, out)
        })
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
