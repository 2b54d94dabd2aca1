//! The pass table: the single source of truth for every bufrs pass.
//!
//! Each pass is a type implementing [`BufrsPass`] (argument, summary, anchor,
//! typed options, `run`; see `crate::passes::pass`). From the table come MLIR
//! registration (and so `mlir-opt --help` and pipeline parsing) and the Rust
//! and C APIs, both in `crate::boundary` (`create_pass`, `register_all`,
//! `include/bufrs.h`), and the README's pass list ([`markdown_table`]).

use std::sync::LazyLock;

use melior::ir::OperationRef;

use crate::{
    options::{OptionSpec, OptionValue, PassOptions},
    passes::{self, Anchor, BufrsPass, PassFailed, PassResult},
};

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
        entry::<passes::pack_constants::PackConstants>(),
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
