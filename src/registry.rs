//! The pass table: the single source of truth for every bufrs pass.
//!
//! Each pass is a type implementing [`BufrsPass`] (argument, summary, anchor,
//! typed options, `run`). From the table come MLIR registration (and so
//! `mlir-opt --help` and pipeline parsing), the Rust API ([`create_pass`]),
//! the C API (`include/bufrs.h`) and the README's pass list.

use std::sync::{LazyLock, Once, OnceLock};

use melior::ir::OperationRef;

use crate::{
    boundary, ffi,
    options::{OptionKind, OptionSpec, OptionValue, PassOptions, leak_c_string},
    passes,
};

/// Where a pass may be scheduled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Any op.
    Any,
    /// Ops with this name, e.g. `func.func`.
    Op(&'static str),
    /// Ops implementing `FunctionOpInterface`.
    FunctionLike,
}

/// The pass failed; a diagnostic saying why has been emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pass failed (see the emitted diagnostic)")]
pub struct PassFailed;

pub type PassResult = Result<(), PassFailed>;

/// A bufrs pass.
pub trait BufrsPass {
    type Options: PassOptions;
    /// The pipeline name, `bufrs-...`.
    const ARGUMENT: &'static str;
    const SUMMARY: &'static str;
    const ANCHOR: Anchor;
    /// Registered for tests of bufrs itself; not for users.
    const TEST_ONLY: bool = false;
    /// Namespaces of the dialects whose ops the pass creates.
    const DEPENDENT_DIALECTS: &'static [&'static str] = &[];
    /// Runs on `op`. Emits a diagnostic before returning `Err`.
    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult;
}

/// One row of the table, type-erased.
pub struct PassEntry {
    pub argument: &'static str,
    pub summary: &'static str,
    pub anchor: Anchor,
    pub test_only: bool,
    pub options: Vec<OptionSpec>,
    pub dependent_dialects: &'static [&'static str],
    pub(crate) run: fn(OperationRef<'_, '_>, &[OptionValue]) -> PassResult,
}

fn entry<P: BufrsPass>() -> PassEntry {
    PassEntry {
        argument: P::ARGUMENT,
        summary: P::SUMMARY,
        anchor: P::ANCHOR,
        test_only: P::TEST_ONLY,
        options: P::Options::specs(),
        dependent_dialects: P::DEPENDENT_DIALECTS,
        run: run_erased::<P>,
    }
}

fn run_erased<P: BufrsPass>(op: OperationRef<'_, '_>, values: &[OptionValue]) -> PassResult {
    let options = P::Options::from_values(values).map_err(|error| {
        crate::ir::Diagnostic::error(&op, format!("{}: internal error: {error}", P::ARGUMENT))
            .emit();
        PassFailed
    })?;
    P::run(op, &options)
}

static PASSES: LazyLock<Vec<PassEntry>> = LazyLock::new(|| {
    vec![
        entry::<passes::promote_buffers_to_stack::PromoteBuffersToStack>(),
        entry::<passes::buffer_deallocation::BufferDeallocation>(),
        entry::<passes::buffer_hoisting::BufferHoisting>(),
        entry::<passes::buffer_loop_hoisting::BufferLoopHoisting>(),
        entry::<passes::copy_removal::CopyRemoval>(),
        entry::<passes::merge_alloc::MergeAlloc>(),
        entry::<passes::verify_deallocation::VerifyDeallocation>(),
        entry::<passes::print_dominance::PrintDominance>(),
        entry::<passes::print_liveness::PrintLiveness>(),
        entry::<passes::print_aliases::PrintAliases>(),
        entry::<passes::print_lifetimes::PrintLifetimes>(),
        entry::<passes::test_build_analyses::TestBuildAnalyses>(),
        entry::<passes::test_support::TestOptions>(),
        entry::<passes::test_support::TestPanic>(),
    ]
});

/// Every pass, in registration order.
pub fn entries() -> &'static [PassEntry] {
    &PASSES
}

/// The entry named `argument`.
pub fn find(argument: &str) -> Option<(usize, &'static PassEntry)> {
    entries()
        .iter()
        .enumerate()
        .find(|(_, e)| e.argument == argument)
}

/// The C descriptors handed to the shim, built once and never freed (MLIR
/// keeps pointers to them in its registry).
struct Descriptors(Vec<ffi::BufrsPassDesc>);
// SAFETY: the descriptors are immutable after construction and point only to
// leaked, immutable data.
unsafe impl Sync for Descriptors {}
unsafe impl Send for Descriptors {}

pub(crate) fn descriptor(index: usize) -> &'static ffi::BufrsPassDesc {
    static DESCRIPTORS: OnceLock<Descriptors> = OnceLock::new();
    &DESCRIPTORS
        .get_or_init(|| {
            Descriptors(
                entries()
                    .iter()
                    .enumerate()
                    .map(|(i, e)| describe(i, e))
                    .collect(),
            )
        })
        .0[index]
}

fn describe(index: usize, entry: &PassEntry) -> ffi::BufrsPassDesc {
    let options: Vec<ffi::BufrsOptionSpec> = entry.options.iter().map(describe_option).collect();
    let num_options = options.len() as isize;
    let (anchor, anchor_op_name) = match entry.anchor {
        Anchor::Any => (ffi::BufrsAnchorKind::BufrsAnchorKind_Any, std::ptr::null()),
        Anchor::Op(name) => (
            ffi::BufrsAnchorKind::BufrsAnchorKind_OpName,
            leak_c_string(name),
        ),
        Anchor::FunctionLike => (
            ffi::BufrsAnchorKind::BufrsAnchorKind_FunctionLike,
            std::ptr::null(),
        ),
    };
    ffi::BufrsPassDesc {
        argument: leak_c_string(entry.argument),
        summary: leak_c_string(entry.summary),
        anchor,
        anchor_op_name,
        options: Box::leak(options.into_boxed_slice()).as_ptr(),
        num_options,
        pass_index: index,
        run: Some(boundary::run_pass),
        dependent_dialects: leak_c_string(&entry.dependent_dialects.join(",")),
    }
}

fn describe_option(spec: &OptionSpec) -> ffi::BufrsOptionSpec {
    let mut out = ffi::BufrsOptionSpec {
        name: leak_c_string(spec.name),
        help: leak_c_string(spec.help),
        kind: match spec.kind {
            OptionKind::Bool => ffi::BufrsOptionKind::BufrsOptionKind_Bool,
            OptionKind::Int => ffi::BufrsOptionKind::BufrsOptionKind_Int,
            OptionKind::String => ffi::BufrsOptionKind::BufrsOptionKind_String,
            OptionKind::IntList => ffi::BufrsOptionKind::BufrsOptionKind_IntList,
            OptionKind::StringList => ffi::BufrsOptionKind::BufrsOptionKind_StringList,
        },
        default_bool: false,
        default_int: 0,
        default_string: std::ptr::null(),
    };
    match &spec.default {
        OptionValue::Bool(b) => out.default_bool = *b,
        OptionValue::Int(i) => out.default_int = *i,
        OptionValue::String(s) => out.default_string = leak_c_string(s),
        OptionValue::IntList(_) | OptionValue::StringList(_) => {}
    }
    out
}

/// A named pipeline of bufrs passes, usable like a pass in textual
/// pipelines (e.g. `builtin.module(bufrs-deallocation-pipeline)`).
pub struct PipelineEntry {
    pub argument: &'static str,
    pub summary: &'static str,
    /// The pipeline it expands to, nested under the op it is anchored on.
    pub pipeline: &'static str,
}

/// Every registered pipeline.
pub const PIPELINES: &[PipelineEntry] = &[PipelineEntry {
    argument: "bufrs-deallocation-pipeline",
    summary: "Expand memref.realloc, free every heap buffer of every function exactly once, then remove the copies that became redundant",
    pipeline: "func.func(expand-realloc{emit-deallocs=false},bufrs-buffer-deallocation,bufrs-copy-removal)",
}];

/// Registers every bufrs pass and pipeline with MLIR's global pass registry
/// (idempotent). After this, textual pipelines can name `bufrs-*` passes.
pub fn register_all() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for (index, entry) in entries().iter().enumerate() {
            if let Err(errors) = boundary::register_raw_pass(descriptor(index)) {
                // No op to report at: tell the user on stderr; a pipeline naming
                // the pass then fails as naming an unknown pass.
                for error in errors {
                    eprintln!("bufrs: {error}; {} is not registered", entry.argument);
                }
            }
        }
        for pipeline in PIPELINES {
            // SAFETY: leaked, NUL-terminated strings live for the process.
            unsafe {
                ffi::bufrsShimRegisterPipeline(
                    leak_c_string(pipeline.argument),
                    leak_c_string(pipeline.summary),
                    leak_c_string(pipeline.pipeline),
                )
            };
        }
    });
}

/// Why a pass could not be created.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CreatePassError {
    /// No pass has this argument.
    #[error("no bufrs pass is named '{0}'")]
    UnknownPass(String),
    /// MLIR's option parser rejected the options.
    #[error("invalid options for {pass}: {message}")]
    BadOptions { pass: String, message: String },
}

/// Creates pass `P` with typed options, e.g. to add to a melior `PassManager`.
pub fn create_pass<P: BufrsPass>(
    options: &P::Options,
) -> Result<melior::pass::Pass, CreatePassError> {
    create_pass_from_text(P::ARGUMENT, &options.to_pipeline_text())
}

/// Creates a pass by argument with options in pipeline syntax (`a=1 b=x`).
pub fn create_pass_from_text(
    argument: &str,
    options: &str,
) -> Result<melior::pass::Pass, CreatePassError> {
    let (index, _) =
        find(argument).ok_or_else(|| CreatePassError::UnknownPass(argument.to_string()))?;
    let raw = boundary::create_raw_pass(descriptor(index), options).map_err(|message| {
        CreatePassError::BadOptions {
            pass: argument.to_string(),
            message,
        }
    })?;
    // SAFETY: `raw` is a fresh pass owned by the caller from here on.
    Ok(unsafe { melior::pass::Pass::from_raw(raw) })
}

/// The user-facing passes as a markdown table (argument, anchor, summary,
/// options), as the README shows it.
pub fn markdown_table() -> String {
    let mut out =
        String::from("| pass | runs on | what it does | options (default) |\n|---|---|---|---|\n");
    for entry in entries().iter().filter(|e| !e.test_only) {
        let anchor = match entry.anchor {
            Anchor::Any => "any op".to_string(),
            Anchor::Op(name) => format!("`{name}`"),
            Anchor::FunctionLike => "function-like ops".to_string(),
        };
        let options = entry
            .options
            .iter()
            .map(|o| format!("`{}` ({})", o.name, o.default.to_pipeline_text()))
            .collect::<Vec<_>>()
            .join(", ");
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            entry.argument, anchor, entry.summary, options
        ));
    }
    for pipeline in PIPELINES {
        out.push_str(&format!(
            "| `{}` | any op (nests `func.func`) | {} | pipeline: `{}` |\n",
            pipeline.argument, pipeline.summary, pipeline.pipeline
        ));
    }
    out
}

/// Adds to `registry` the interface models bufrs relies on that a bare
/// dialect registration lacks (AllocationOpInterface for memref.alloc and
/// memref.alloca). Needed for contexts created outside mlir-opt.
pub fn register_interface_models(registry: &melior::dialect::DialectRegistry) {
    // SAFETY: a valid registry; the shim cannot unwind.
    unsafe { ffi::bufrsShimRegisterInterfaceModels(registry.to_raw()) }
}

/// A context with every MLIR dialect and the interface models bufrs needs:
/// what an embedding Rust compiler (or a test) starts from.
pub fn new_context() -> melior::Context {
    let registry = melior::dialect::DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    register_interface_models(&registry);
    let context = melior::Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pass_names_dependent_dialects_the_shim_knows() {
        for (index, entry) in entries().iter().enumerate() {
            assert_eq!(
                boundary::unknown_dependent_dialects(descriptor(index)),
                Vec::<String>::new(),
                "{}",
                entry.argument
            );
        }
    }

    #[test]
    fn unknown_dependent_dialects_are_reported() {
        let mut desc = describe(0, &entries()[0]);
        desc.argument = leak_c_string("bufrs-test-unknown-dialect");
        desc.dependent_dialects = leak_c_string("memref,nonsense,scf,tensor");
        let desc: &'static ffi::BufrsPassDesc = Box::leak(Box::new(desc));
        let known = "(the shim knows arith, bufferization, cf, memref, scf)";
        let expected = vec![
            format!("bufrs-test-unknown-dialect: unknown dependent dialect 'nonsense' {known}"),
            format!("bufrs-test-unknown-dialect: unknown dependent dialect 'tensor' {known}"),
        ];
        assert_eq!(boundary::unknown_dependent_dialects(desc), expected);
        // Neither registered nor created.
        assert_eq!(boundary::register_raw_pass(desc), Err(expected.clone()));
        assert_eq!(
            boundary::create_raw_pass(desc, "").map(|_| ()),
            Err(expected.concat())
        );
    }
}
