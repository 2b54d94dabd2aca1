//! Passes that exist to test bufrs itself (registered, marked test-only, left
//! out of the README's pass list):
//! - `bufrs-test-options` echoes its typed options as a remark, so lit tests
//!   can check that every option kind parses from pipeline syntax;
//! - `bufrs-test-panic` panics, so tests can check that a Rust panic becomes
//!   an error diagnostic and a failed pass instead of aborting the host;
//! - `bufrs-test-kept-snapshot` remarks whether its snapshot of the function
//!   was kept by an earlier pass or captured anew (and optionally edits the
//!   function, or compares a kept snapshot with a fresh capture), so tests
//!   can check when passes share one snapshot and that a snapshot a pass
//!   patched with its own edits is the one a capture would give.

use melior::ir::OperationRef;

use crate::{
    ir::{
        Diagnostic,
        capture::{capture, capture_unedited_or_kept},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassResult},
};

pass_options! {
    /// One option of every kind.
    pub struct TestOptionsOptions {
        flag: bool = false => "flag", "A boolean.";
        count: i64 = 7 => "count", "An integer.";
        label: String = "none".to_string() => "label", "A string.";
        sizes: Vec<i64> = vec![] => "sizes", "A list of integers.";
        names: Vec<String> = vec![] => "names", "A list of strings.";
    }
}

pub struct TestOptions;

impl BufrsPass for TestOptions {
    type Options = TestOptionsOptions;
    const ARGUMENT: &'static str = "bufrs-test-options";
    const SUMMARY: &'static str = "Test only: report the parsed options as a remark";
    const ANCHOR: Anchor = Anchor::Any;
    const TEST_ONLY: bool = true;

    fn run(op: OperationRef<'_, '_>, o: &Self::Options) -> PassResult {
        Diagnostic::remark(
            &op,
            format!(
                "flag={} count={} label={} sizes={:?} names={:?}",
                o.flag, o.count, o.label, o.sizes, o.names
            ),
        )
        .emit();
        Ok(())
    }
}

pass_options! {
    /// Where to panic.
    pub struct TestPanicOptions {
        message: String = "deliberate panic".to_string() => "message", "The panic message.";
    }
}

pub struct TestPanic;

impl BufrsPass for TestPanic {
    type Options = TestPanicOptions;
    const ARGUMENT: &'static str = "bufrs-test-panic";
    const SUMMARY: &'static str = "Test only: panic, to check that panics stop at the FFI boundary";
    const ANCHOR: Anchor = Anchor::Op("func.func");
    const TEST_ONLY: bool = true;

    fn run(_op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        panic!("{}", options.message);
    }
}

pass_options! {
    /// Whether to edit.
    pub struct TestKeptSnapshotOptions {
        edit: bool = false => "edit", "Also edit the op (set the unit attribute bufrs.test_edited), so the run counts as a change.";
        compare: bool = false => "compare", "Also capture the op anew and say whether a kept snapshot equals that capture (ids, facts and MLIR handles).";
    }
}

pub struct TestKeptSnapshot;

impl BufrsPass for TestKeptSnapshot {
    type Options = TestKeptSnapshotOptions;
    const ARGUMENT: &'static str = "bufrs-test-kept-snapshot";
    const SUMMARY: &'static str =
        "Test only: remark whether the snapshot of the op was kept by an earlier pass";
    const ANCHOR: Anchor = Anchor::Op("func.func");
    const TEST_ONLY: bool = true;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let (snapshot, map, kept) = capture_unedited_or_kept(op.to_raw());
        let how = match (kept, options.compare) {
            (false, _) => "captured",
            (true, false) => "kept",
            (true, true) => {
                let (fresh, fresh_map) = capture(op.to_raw());
                if *snapshot == fresh && *map == fresh_map {
                    "kept, the same as a fresh capture"
                } else {
                    "kept, but a fresh capture differs"
                }
            }
        };
        Diagnostic::remark(
            &op,
            format!("snapshot of {} ops: {how}", snapshot.ops.len()),
        )
        .emit();
        if !options.edit {
            return crate::passes::pass::unchanged(op.to_raw());
        }
        // SAFETY: `op` is the live op the pass runs on.
        unsafe {
            let context = mlir_sys::mlirOperationGetContext(op.to_raw());
            let name = mlir_sys::mlirStringRefCreateFromCString(c"bufrs.test_edited".as_ptr());
            mlir_sys::mlirOperationSetDiscardableAttributeByName(
                op.to_raw(),
                name,
                mlir_sys::mlirUnitAttrGet(context),
            );
        }
        Ok(())
    }
}
