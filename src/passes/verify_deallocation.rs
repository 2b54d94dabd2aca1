//! `bufrs-verify-deallocation`: checks, without changing the IR, that every
//! heap buffer of a function is freed exactly once or returned on every path,
//! and that no buffer is used after its free
//! ([`crate::analysis::dealloc_check`]). It judges the output of any
//! deallocation pipeline, bufrs' or upstream's.
//!
//! Each finding is an error at the allocation (or at the op at fault when
//! there is no allocation, e.g. a free of an argument), with a note at the op
//! at fault and a note naming one path that leads there. What the checker
//! cannot decide is a warning saying why, never silence. `mode=warn` reports
//! findings as warnings and lets the pass succeed; `emit-remarks=true` also
//! says so when a function verifies. `check=input` checks the input contract
//! of clone-based deallocation instead ([`crate::analysis::input_contract`]):
//! no write to a buffer after it flowed into a merge.

use std::collections::HashMap;

use melior::ir::OperationRef;
use mlir_sys::MlirOperation;
use rustc_hash::FxHashMap;

use crate::{
    analysis::{
        alias::AliasAnalysis,
        dealloc_check::{self, Boundary, Finding, FindingKind, MemoryFacts},
        dealloc_helper::{Constants, HelperUse, function_is_helper},
        input_contract::writes_after_flow,
        snapshot::{BlockId, OpId, Snapshot},
    },
    dialect::is_direct_call,
    ir::Diagnostic,
    ir::capture::{IrMap, capture, capture_unedited},
    ir::diagnostics::Severity,
    ir::functions,
    options::Allowed,
    pass_options,
    passes::function_boundaries::{private_function_boundaries, run_on_functions},
    passes::{
        Anchor, BufrsPass, PassFailed, PassResult,
        contract_report::emit_contract_violation,
        pass,
        report_file::{self, Record, location_text},
    },
};

pass_options! {
    /// Options of `bufrs-verify-deallocation`.
    pub struct VerifyDeallocationOptions {
        mode: String = "error".to_string() => "mode",
            "What a finding is: 'error' (the pass fails) or 'warn' (a warning; the pass succeeds).",
            allowed Allowed::OneOf(&["error", "warn"]);
        check: String = "output".to_string() => "check",
            "What to check: 'output' (deallocation on every path) or 'input' (the input contract of clone-based deallocation: no write to a buffer after it flowed into a merge).",
            allowed Allowed::OneOf(&["output", "input"]);
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark on every function that verifies.";
        report_file: String = String::new() => "report-file",
            "Also write the verdicts as JSON to this file: per function verified, with findings or undecided, and each finding and undecided case with its location, op at fault and path (with mode=warn, a report for CI that does not fail the build).",
            allowed Allowed::FileToWrite;
        private_function_dynamic_ownership: bool = false => "private-function-dynamic-ownership",
            "Check the ABI bufrs-ownership-based-buffer-deallocation gives with the same option: private functions called only directly return an i1 per returned buffer saying whether the caller owns it, and their calls' buffer results are owned only when it holds; needs the pass scheduled on a module.";
    }
}

pub struct VerifyDeallocation;

impl BufrsPass for VerifyDeallocation {
    type Options = VerifyDeallocationOptions;
    const ARGUMENT: &'static str = "bufrs-verify-deallocation";
    const SUMMARY: &'static str = "Check that every heap buffer is freed exactly once on every path, with no use after free (analysis only)";
    /// A function-like op, or an op holding functions (each function
    /// directly in its body).
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let dynamic = options.private_function_dynamic_ownership;
        // The report file's records of every function of this run, written
        // once the run is over: a run completes a round of runs of the op
        // the pass is scheduled on (a function, or a module holding
        // several).
        let mut reported: Vec<(String, Vec<Vec<Record>>)> = Vec::new();
        let verified = run_on_functions(
            op,
            Self::ARGUMENT,
            dynamic,
            |module| {
                // The functions whose returns carry flags, by name: their
                // result count and buffer results.
                let mut flagged: Flagged = HashMap::new();
                if dynamic {
                    let (candidates, _, _) = private_function_boundaries(module);
                    for c in candidates.into_iter().filter(|c| c.left_alone.is_none()) {
                        let count = c.function.signature.results.len();
                        flagged.insert(c.function.name.clone(), (count, c.buffers));
                    }
                }
                (flagged, helpers(module))
            },
            |function, step| {
                let empty = (HashMap::new(), HashMap::new());
                let (flagged, helpers) = step.unwrap_or(&empty);
                verify_function(function, options, flagged, helpers, &mut reported)
            },
        );
        let written = if options.report_file.is_empty() {
            Ok(())
        } else {
            report_file::write_functions(
                &options.report_file,
                Self::ARGUMENT,
                &["functions", "findings", "undecided"],
                op.to_raw(),
                reported,
            )
            .map_err(|message| {
                Diagnostic::error(&op, format!("{}: {message}", Self::ARGUMENT)).emit();
                PassFailed
            })
        };
        // Analysis only: the IR is as it was.
        verified
            .and(written)
            .and_then(|()| pass::unchanged(op.to_raw()))
    }
}

/// Flagged functions by name: their result count and buffer results.
type Flagged = HashMap<String, (usize, Vec<usize>)>;

/// Functions recognised as upstream's generic dealloc helper, by name: the
/// argument index of each of its buffers.
type Helpers = HashMap<String, HelperUse<usize>>;

/// The functions of `module` whose body is the dealloc helper (read only
/// when the pass runs on the module: a pass on one function does not read
/// another).
fn helpers(module: MlirOperation) -> Helpers {
    let mut out = Helpers::new();
    for function in functions::module_functions(module) {
        if !function.has_body || !function.signature.results.is_empty() {
            continue;
        }
        let (snapshot, map) = capture(function.op);
        let constants = constants(&snapshot, &map);
        let Some(entry) = snapshot
            .op(Snapshot::ROOT)
            .regions
            .first()
            .and_then(|&r| snapshot.entry_block(r))
        else {
            continue;
        };
        if let Some(roles) = function_is_helper(&snapshot, entry, &constants) {
            out.insert(function.name, roles);
        }
    }
    out
}

/// The integer and index constants of `snapshot`.
fn constants(snapshot: &Snapshot, map: &IrMap) -> Constants {
    let mut out = Constants::default();
    for (index, op) in snapshot.ops.iter().enumerate().skip(1) {
        if op.name != "arith.constant" || op.results.len() != 1 {
            continue;
        }
        if let Some(value) =
            crate::ir::functions::integer_attribute(map.op(OpId(index as u32)), "value")
        {
            out.insert(op.results[0], value);
        }
    }
    out
}

/// What the checker needs to follow small local buffers of `i1`s and
/// addresses and the helper calls that read and write them.
fn memory_facts(snapshot: &Snapshot, map: &IrMap, helpers: &Helpers) -> MemoryFacts {
    let mut cells = FxHashMap::default();
    for op in snapshot.ops.iter().skip(1) {
        if op.name != "memref.alloc" && op.name != "memref.alloca" {
            continue;
        }
        let [r] = op.results.as_slice() else {
            continue;
        };
        // SAFETY: a live value of the snapshot; type queries are total.
        unsafe {
            let ty = mlir_sys::mlirValueGetType(map.value(*r));
            if !mlir_sys::mlirTypeIsAMemRef(ty)
                || !mlir_sys::mlirShapedTypeHasStaticShape(ty)
                || mlir_sys::mlirShapedTypeGetRank(ty) != 1
            {
                continue;
            }
            let len = mlir_sys::mlirShapedTypeGetDimSize(ty, 0);
            let element = mlir_sys::mlirShapedTypeGetElementType(ty);
            let i1 = mlir_sys::mlirTypeIsAInteger(element)
                && mlir_sys::mlirIntegerTypeGetWidth(element) == 1;
            if (0..=MAX_CELLS).contains(&len) && (i1 || mlir_sys::mlirTypeIsAIndex(element)) {
                cells.insert(*r, (len as u32, i1));
            }
        }
    }
    let mut helper_calls = FxHashMap::default();
    if !helpers.is_empty() {
        for (index, op) in snapshot.ops.iter().enumerate() {
            let id = OpId(index as u32);
            if op.facts.is_call
                && is_direct_call(map.op(id))
                && let Some(roles) =
                    crate::ir::interfaces::callee(map.op(id)).and_then(|n| helpers.get(&n))
            {
                helper_calls.insert(id, *roles);
            }
        }
    }
    let constants = if cells.is_empty() {
        Constants::default()
    } else {
        constants(snapshot, map)
    };
    MemoryFacts {
        constants,
        cells,
        helper_calls,
    }
}

/// The longest local buffer whose cells the checker follows.
const MAX_CELLS: i64 = 1024;

/// The flags at `snapshot`'s boundary: its returns' when it is one of the
/// `flagged` functions, and its direct calls of them.
fn boundary(snapshot: &Snapshot, map: &IrMap, flagged: &Flagged) -> Boundary {
    let mut out = Boundary::default();
    if flagged.is_empty() {
        return out;
    }
    // Results (after the pass: the old ones, then one i1 per buffer).
    let flags = |count: usize, buffers: &[usize]| -> Vec<(usize, usize)> {
        let first = count - buffers.len();
        buffers
            .iter()
            .enumerate()
            .map(|(k, &b)| (b, first + k))
            .collect()
    };
    if let Some((count, buffers)) =
        functions::symbol(map.op(Snapshot::ROOT)).and_then(|name| flagged.get(&name))
    {
        out.returns = flags(*count, buffers);
    }
    for (index, op) in snapshot.ops.iter().enumerate() {
        let id = OpId(index as u32);
        let raw = map.op(id);
        if !op.facts.is_call || !is_direct_call(raw) {
            continue;
        }
        if let Some((count, buffers)) =
            crate::ir::interfaces::callee(raw).and_then(|name| flagged.get(&name))
            && op.results.len() == *count
        {
            out.calls.insert(id, flags(*count, buffers));
        }
    }
    out
}

/// Verifies one function, and adds its records to `reported` when the pass
/// writes a report file.
fn verify_function(
    op: OperationRef<'_, '_>,
    options: &VerifyDeallocationOptions,
    flagged: &Flagged,
    helpers: &Helpers,
    reported: &mut Vec<(String, Vec<Vec<Record>>)>,
) -> PassResult {
    type Pass = VerifyDeallocation;
    // `mode` and `check` are validated before any op is touched.
    let as_errors = options.mode == "error";
    // Analysis only: the snapshot an earlier pass kept, if any, and kept
    // for the passes after this one.
    let (snapshot, map) = capture_unedited(op.to_raw());
    if options.check == "input" {
        let alias = AliasAnalysis::new(&snapshot);
        let violations = writes_after_flow(&snapshot, &alias, None);
        for violation in &violations {
            emit_contract_violation(&map, violation, Pass::ARGUMENT, as_errors);
        }
        if options.emit_remarks && violations.is_empty() {
            Diagnostic::remark(
                &op,
                format!(
                    "{}: every buffer is written before it flows anywhere",
                    Pass::ARGUMENT
                ),
            )
            .emit();
        }
        return if as_errors && !violations.is_empty() {
            Err(PassFailed)
        } else {
            Ok(())
        };
    }
    let memory = memory_facts(&snapshot, &map, helpers);
    let findings =
        dealloc_check::check_with(&snapshot, &boundary(&snapshot, &map, flagged), &memory);
    let mut failed = false;
    // Each block's index in its region, for the paths of the notes (looking
    // it up in the region per block of a path cost the region's size per
    // step: cubic on a long chain of blocks with a finding per block).
    let mut block_index = vec![0u32; snapshot.blocks.len()];
    if !findings.is_empty() {
        for region in &snapshot.regions {
            for (index, &block) in region.blocks.iter().enumerate() {
                block_index[block.index()] = index as u32;
            }
        }
    }
    for finding in &findings {
        let undecided = matches!(finding.kind, FindingKind::Undecided(_));
        failed |= as_errors && !undecided;
        emit(
            &snapshot,
            &map,
            &block_index,
            finding,
            as_errors && !undecided,
        );
    }
    if !options.report_file.is_empty() {
        reported.push(report_records(op, &snapshot, &map, &block_index, &findings));
    }
    if options.emit_remarks && findings.is_empty() {
        Diagnostic::remark(
            &op,
            format!(
                "{}: every heap buffer is freed exactly once on every path, with no use after free",
                Pass::ARGUMENT
            ),
        )
        .emit();
    }
    if failed { Err(PassFailed) } else { Ok(()) }
}

/// The function's name and its records for the report file: its verdict,
/// its findings and its undecided cases.
fn report_records(
    op: OperationRef<'_, '_>,
    snapshot: &Snapshot,
    map: &IrMap,
    block_index: &[u32],
    findings: &[Finding],
) -> (String, Vec<Vec<Record>>) {
    let function = functions::symbol(op.to_raw()).unwrap_or_else(|| location_text(&op));
    let op_ref = |id| unsafe { OperationRef::from_raw(map.op(id)) };
    let undecided = |f: &&Finding| matches!(f.kind, FindingKind::Undecided(_));
    let verdict = if findings.iter().any(|f| !undecided(&f)) {
        "findings"
    } else if findings.is_empty() {
        "verified"
    } else {
        "undecided"
    };
    let record = |f: &Finding| {
        Record::new()
            .string("function", &function)
            .string("location", &location_text(&op_ref(f.site.unwrap_or(f.at))))
            .string("at", &location_text(&op_ref(f.at)))
            .optional_string(
                "freed_by",
                f.freed_by.map(|o| location_text(&op_ref(o))).as_deref(),
            )
            .string("path", &describe_path(snapshot, block_index, &f.path))
    };
    let found: Vec<Record> = findings
        .iter()
        .filter(|f| !undecided(f))
        .map(|f| {
            record(f)
                .string("kind", kind_name(&f.kind))
                .string("message", &message(f))
        })
        .collect();
    let cannot: Vec<Record> = findings
        .iter()
        .filter(undecided)
        .map(|f| match &f.kind {
            FindingKind::Undecided(why) => record(f).string("reason", why),
            _ => record(f),
        })
        .collect();
    let counted = |n: usize| n as u64;
    let summary = Record::new()
        .string("function", &function)
        .string("location", &location_text(&op))
        .string("verdict", verdict)
        .number("findings", counted(found.len()))
        .number("undecided", counted(cannot.len()));
    (function, vec![vec![summary], found, cannot])
}

/// A finding's kind as the report file names it.
fn kind_name(kind: &FindingKind) -> &'static str {
    match kind {
        FindingKind::Leak | FindingKind::Lost => "leak",
        FindingKind::LeakOnReallocation => "leak-on-reallocation",
        FindingKind::DoubleFree => "double-free",
        FindingKind::UseAfterFree => "use-after-free",
        FindingKind::ReturnOfFreed => "return-of-freed",
        FindingKind::ReturnedTwice => "returned-twice",
        FindingKind::FreeOfNotOwned => "free-of-not-owned",
        FindingKind::ReturnOfNotOwned => "return-of-not-owned",
        FindingKind::Undecided(_) => "undecided",
    }
}

fn message(finding: &Finding) -> String {
    match &finding.kind {
        FindingKind::Leak | FindingKind::Lost => "this buffer is not freed on a path (it leaks)".into(),
        FindingKind::LeakOnReallocation => {
            "this buffer is allocated again while the previous one is live (it leaks on a path around a loop)".into()
        }
        FindingKind::DoubleFree => "this buffer is freed twice on a path".into(),
        FindingKind::UseAfterFree => "this buffer is used after its free on a path".into(),
        FindingKind::ReturnOfFreed => "this buffer is returned after its free on a path".into(),
        FindingKind::ReturnedTwice => {
            "this buffer is handed to the caller twice on a path (the caller would free it twice)".into()
        }
        FindingKind::FreeOfNotOwned => {
            "frees memory the function does not own (an argument, a stack buffer or memory of unknown origin)".into()
        }
        FindingKind::ReturnOfNotOwned => {
            "returns memory the function does not own (an argument, a stack buffer or a global): the caller, who owns every returned buffer, would free it".into()
        }
        FindingKind::Undecided(why) => format!("cannot decide deallocation here: {why}"),
    }
}

fn note_at_fault(finding: &Finding) -> &'static str {
    match finding.kind {
        FindingKind::Leak => "the path leaves here with the buffer live",
        FindingKind::LeakOnReallocation => "allocated again here",
        FindingKind::Lost => {
            "the path reaches this block with the buffer live and named by no value"
        }
        FindingKind::DoubleFree => "freed again here",
        FindingKind::UseAfterFree => "used here after its free",
        FindingKind::ReturnOfFreed => "returned here after its free",
        FindingKind::ReturnedTwice => "returned again here",
        FindingKind::FreeOfNotOwned | FindingKind::Undecided(_) => "here",
        FindingKind::ReturnOfNotOwned => "returned here",
    }
}

/// `^bb2 -> ^bb3 -> 'scf.if' region 0 ^bb0 -> ...`
fn describe_path(snapshot: &Snapshot, block_index: &[u32], path: &[BlockId]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for &block in path {
        let region = snapshot.block(block).region;
        let info = snapshot.region(region);
        let index = block_index[block.index()];
        let part = if info.parent_op == Snapshot::ROOT {
            format!("^bb{index}")
        } else {
            format!(
                "'{}' region {} ^bb{index}",
                snapshot.op(info.parent_op).name,
                info.index_in_parent
            )
        };
        if parts.last() != Some(&part) {
            parts.push(part);
        }
    }
    parts.join(" -> ")
}

fn emit(snapshot: &Snapshot, map: &IrMap, block_index: &[u32], finding: &Finding, as_error: bool) {
    let op_ref = |id| unsafe { OperationRef::from_raw(map.op(id)) };
    let anchor = op_ref(finding.site.unwrap_or(finding.at));
    let text = format!("{}: {}", VerifyDeallocation::ARGUMENT, message(finding));
    // At the op's location (as every bufrs diagnostic): MLIR would otherwise
    // print the op, which names every value of its function (a cost per
    // finding as large as the function).
    let severity = if as_error {
        Severity::Error
    } else {
        Severity::Warning
    };
    let mut diagnostic = Diagnostic::new(&anchor, severity, text);
    if let Some(first) = finding.freed_by {
        diagnostic = diagnostic.note_at(&op_ref(first), "freed here first");
    }
    diagnostic = diagnostic.note_at(
        &op_ref(finding.at),
        format!(
            "{} (path: {})",
            note_at_fault(finding),
            describe_path(snapshot, block_index, &finding.path)
        ),
    );
    diagnostic.emit();
}
