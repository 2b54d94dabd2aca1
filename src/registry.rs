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
    options::{Allowed, OptionSpec, OptionValue, PassOptions},
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

impl PassEntry {
    /// Checks option values (in spec order) against what each option allows;
    /// `Err` is one line naming the option, the value and what is allowed.
    pub fn validate(&self, values: &[OptionValue]) -> Result<(), String> {
        crate::options::validate(&self.options, values)
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
        entry::<passes::expand_realloc::ExpandRealloc>(),
        entry::<passes::ownership_deallocation::OwnershipDeallocation>(),
        entry::<passes::ownership_function_boundaries::OwnershipFunctionBoundaries>(),
        entry::<passes::buffer_hoisting::BufferHoisting>(),
        entry::<passes::buffer_loop_hoisting::BufferLoopHoisting>(),
        entry::<passes::copy_removal::CopyRemoval>(),
        entry::<passes::remove_read_only_copies::RemoveReadOnlyCopies>(),
        entry::<passes::view_unread_inputs::ViewUnreadInputs>(),
        entry::<passes::write_into_destination::WriteIntoDestination>(),
        entry::<passes::reuse_dying_inputs::ReuseDyingInputs>(),
        entry::<passes::decompose_tuples::DecomposeTuples>(),
        entry::<passes::buffer_results_to_out_params::BufferResultsToOutParams>(),
        entry::<passes::dealloc_simplification::DeallocSimplification>(),
        entry::<passes::lower_deallocations::LowerDeallocations>(),
        entry::<passes::finalize_deallocation::FinalizeDeallocation>(),
        entry::<passes::merge_alloc::MergeAlloc>(),
        entry::<passes::pack_constants::PackConstants>(),
        entry::<passes::fold_permutations::FoldPermutations>(),
        entry::<passes::clone_shared_fills::CloneSharedFills>(),
        entry::<passes::fold_bias_into_init::FoldBiasIntoInit>(),
        entry::<passes::verify_deallocation::VerifyDeallocation>(),
        entry::<passes::print_dominance::PrintDominance>(),
        entry::<passes::print_liveness::PrintLiveness>(),
        entry::<passes::print_aliases::PrintAliases>(),
        entry::<passes::print_lifetimes::PrintLifetimes>(),
        entry::<passes::test_build_analyses::TestBuildAnalyses>(),
        entry::<passes::test_support::TestOptions>(),
        entry::<passes::test_support::TestPanic>(),
        entry::<passes::test_support::TestKeptSnapshot>(),
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

/// A named pipeline of passes, usable like a pass in textual pipelines
/// (e.g. `builtin.module(bufrs-memory-pipeline{merge=false})`), with typed
/// options parsed by MLIR like a pass's.
pub struct PipelineEntry {
    pub argument: &'static str,
    pub summary: &'static str,
    /// Where it runs, as the README's table says.
    pub runs_on: &'static str,
    pub options: Vec<OptionSpec>,
    /// The pipeline text for option values in spec order, nested under the op
    /// the user anchors it on; `Err` is a one-line reason.
    pub(crate) expand: fn(&[OptionValue]) -> Result<String, String>,
}

impl PipelineEntry {
    /// The pipeline with default options.
    pub fn default_text(&self) -> String {
        let defaults: Vec<_> = self.options.iter().map(|o| o.default.clone()).collect();
        (self.expand)(&defaults).unwrap_or_default()
    }

    /// The pipeline for option values in spec order.
    pub fn expand(&self, values: &[OptionValue]) -> Result<String, String> {
        crate::options::validate(&self.options, values)?;
        (self.expand)(values)
    }
}

fn pipeline<O: PassOptions>(
    argument: &'static str,
    runs_on: &'static str,
    summary: &'static str,
    expand: fn(&[OptionValue]) -> Result<String, String>,
) -> PipelineEntry {
    PipelineEntry {
        argument,
        runs_on,
        summary,
        options: O::specs(),
        expand,
    }
}

static PIPELINES: LazyLock<Vec<PipelineEntry>> = LazyLock::new(|| {
    vec![
        pipeline::<MemoryPipelineOptions>(
            "bufrs-memory-pipeline",
            "any op (nests `func.func`)",
            "The main job on bufferized IR: remove copies, hoist loop-invariant buffers out of loops, promote small buffers to the stack, free every heap buffer (ownership-based: i1 flags where ownership differs by path), remove the copies that became redundant, merge the heap buffers of each scope, static or sized at run time, into arenas (one per scope unless that would raise the function's peak heap bytes for some run-time size) and its stack buffers into one stack buffer. Adds only memref, scf and arith ops (and cf.br where it splits an edge of unstructured control flow) and leaves no bufferization.clone or bufferization.dealloc (clones become memref.alloc + memref.copy as convert-bufferization-to-memref lowers them, unless keep-clones) and no buffer view without uses",
            |values| {
                Ok(memory_pipeline(
                    &MemoryPipelineOptions::from_values(values).map_err(|e| e.to_string())?,
                ))
            },
        ),
        pipeline::<PreparePipelineOptions>(
            "bufrs-prepare-functions",
            "`builtin.module`",
            "Seed 002's preparation phase: tuples are flattened, tensor signatures become memrefs, the memref results a callee writes in place become out-params (the others stay results), returns and calls follow, and callers allocate out-params before their loops where one buffer serves every iteration",
            |values| {
                Ok(prepare_pipeline(
                    &PreparePipelineOptions::from_values(values).map_err(|e| e.to_string())?,
                ))
            },
        ),
        pipeline::<OwnershipPipelineOptions>(
            "bufrs-ownership-deallocation-pipeline",
            "any op (nests `func.func`; `builtin.module` with `private-function-dynamic-ownership`)",
            "Expand memref.realloc, remove redundant copies, free every heap buffer of every function exactly once with static ownership where provable and i1 ownership flags where it differs by path. Frees whose ownership differs by path are scf.if + memref.dealloc. Adds only memref, scf and arith ops (and cf.br where it splits an edge of unstructured control flow) and leaves no bufferization.clone or bufferization.dealloc (clones become memref.alloc + memref.copy as convert-bufferization-to-memref lowers them, unless keep-clones) and no buffer view without uses",
            |values| {
                let options =
                    OwnershipPipelineOptions::from_values(values).map_err(|e| e.to_string())?;
                Ok(ownership_pipeline(&options))
            },
        ),
        pipeline::<DeallocationPipelineOptions>(
            "bufrs-deallocation-pipeline",
            "any op (nests `func.func`)",
            "Expand memref.realloc, free every heap buffer of every function exactly once, then remove the copies that became redundant. Adds only memref, scf and arith ops (and cf.br where it splits an edge of unstructured control flow) and leaves no bufferization.clone or bufferization.dealloc (clones become memref.alloc + memref.copy as convert-bufferization-to-memref lowers them, unless keep-clones) and no buffer view without uses",
            |values| {
                let options =
                    DeallocationPipelineOptions::from_values(values).map_err(|e| e.to_string())?;
                Ok(format!(
                    "func.func(bufrs-expand-realloc,bufrs-buffer-deallocation,bufrs-copy-removal,{})",
                    finalize(options.keep_clones)
                ))
            },
        ),
    ]
});

/// Every registered pipeline.
pub fn pipelines() -> &'static [PipelineEntry] {
    &PIPELINES
}

crate::pass_options! {
    /// Options of `bufrs-memory-pipeline`: a switch per stage, and the
    /// settings of its stages users most often change.
    pub struct MemoryPipelineOptions {
        prepare: bool = false => "prepare",
            "First run seed 002's preparation at module level (bufrs-decompose-tuples, bufrs-buffer-results-to-out-params: memref results of private functions become out-params). Off by default: it changes private functions' signatures.";
        append_results: String = "all".to_string() => "append-results",
            "With prepare: which memref results become out-params (bufrs-buffer-results-to-out-params' append-results).",
            allowed Allowed::OneOf(APPEND_RESULTS);
        modify_public_functions: bool = false => "modify-public-functions",
            "With prepare: also change public functions' signatures (their callers outside the module break).";
        hoisting: bool = false => "hoisting",
            "Also run bufrs-buffer-hoisting first (allocations up to dominating blocks): off by default, as it lengthens lifetimes and keeps copy removal from firing (docs/pipeline.md).";
        loop_hoisting: bool = true => "loop-hoisting",
            "Run bufrs-buffer-loop-hoisting (loop-invariant allocations out of loops).";
        loop_hoisting_keep_peak: bool = true => "loop-hoisting-keep-peak",
            "bufrs-buffer-loop-hoisting's keep-peak: leave a loop only where one buffer for every iteration cannot raise the peak heap bytes (the buffer is live at every allocation the loop body may make); false: every loop-invariant allocation leaves its loops (fewer mallocs, a higher peak where iterations allocate while it is dead).";
        promote: bool = true => "promote",
            "Run bufrs-promote-buffers-to-stack (small static buffers to the stack).";
        promote_max_bytes: i64 = 1024 => "promote-max-bytes",
            "Largest allocation, in bytes, moved to the stack.", allowed Allowed::NON_NEGATIVE;
        promote_max_rank: i64 = 8 => "promote-max-rank",
            "Largest rank of an allocation moved to the stack (bufrs-promote-buffers-to-stack's max-rank-of-allocated-memref; the size bound is promote-max-bytes either way).", allowed Allowed::NON_NEGATIVE;
        deallocation: bool = true => "deallocation",
            "Expand memref.realloc and run bufrs-buffer-deallocation (free every heap buffer exactly once). Off: the input must free its buffers already.";
        ownership: bool = true => "ownership",
            "Free with bufrs-ownership-based-buffer-deallocation (static ownership, i1 flags where it differs by path; its frees lowered, as in bufrs-ownership-deallocation-pipeline); false: with clone-based bufrs-buffer-deallocation. On by default: fewer mallocs, copies and heap bytes on the corpora and models (docs/pipeline.md).";
        copy_removal: bool = true => "copy-removal",
            "Run bufrs-copy-removal (copies into or out of temporaries, redundant clones).";
        view_unread_inputs: bool = true => "view-unread-inputs",
            "Run bufrs-view-unread-inputs first in each function (a buffer only passed to a linalg.generic whose payload never reads it, as a pooling window, becomes a view of another input of that op).";
        write_into_destination: bool = true => "write-into-destination",
            "Run bufrs-write-into-destination after the first copy removal (a buffer whose last use is a copy into a contiguous slice of a static buffer of its block, untouched meanwhile, becomes a view of that slice: the parts of a concatenation are written in place).";
        reuse_dying_inputs: bool = true => "reuse-dying-inputs",
            "Run bufrs-reuse-dying-inputs after the first copy removal (an elementwise op whose input is a local buffer of its init's type that dies there writes in place: the two allocations become one).";
        read_only_copies: bool = true => "read-only-copies",
            "First run bufrs-remove-read-only-copies on the whole op (copies into fresh buffers only read afterwards, by ops or by calls to functions of the module that only read that parameter, while their source stays unchanged: the readers read the source).";
        merge: bool = true => "merge",
            "Run bufrs-merge-alloc (static heap buffers of a scope into one buffer, and its static stack buffers into one stack buffer, reusing bytes).";
        merge_stack: bool = true => "merge-stack",
            "bufrs-merge-alloc's classes=heap,stack: the promoted stack buffers of a scope whose lifetimes do not overlap share one stack arena (a memref.alloca) as heap buffers share theirs; false: classes=heap, every alloca keeps its own bytes.";
        merge_stack_joins_heap: bool = true => "merge-stack-joins-heap",
            "With merge-stack: bufrs-merge-alloc's stack-joins-heap=true, the stack buffers of a scope that has heap buffers to merge join its heap arena (fewer bytes in all); with merge-keep-peak (default) each joins only where the function's peak heap bytes do not rise, the others share a stack arena; without it all join (one arena at the joint bound, the heap holding bytes the stack held, so the heap peak can rise). false: they get a stack arena of their own.";
        merge_planner: String = "default".to_string() => "merge-planner",
            "Planner of bufrs-merge-alloc.", allowed merge_planner_allowed();
        merge_dynamic: bool = true => "merge-dynamic",
            "bufrs-merge-alloc's dynamic=true with no-higher-peak=true: also merge buffers sized at run time, with merge-keep-peak where no arena raises the function's peak heap bytes for any run-time size (without it, where no arena ever holds more bytes than the buffers it replaces); false: only buffers of static shape merge.";
        merge_keep_peak: bool = true => "merge-keep-peak",
            "bufrs-merge-alloc's keep-peak: split a scope's static buffers into several arenas, or leave some alone, where one arena would raise the function's peak heap bytes; false: one arena per scope whenever it saves bytes.";
        merge_report_file: String = String::new() => "merge-report-file",
            "bufrs-merge-alloc's report-file: its report as JSON in this file (and as remarks).",
            allowed Allowed::FileToWrite;
        merge_plan_svg_dir: String = String::new() => "merge-plan-svg-dir",
            "bufrs-merge-alloc's plan-svg-dir: a picture of every merged scope's plan in this directory.",
            allowed Allowed::DirectoryToWrite;
        keep_clones: bool = false => "keep-clones",
            "Leave bufferization.clone ops as they are (bufrs-finalize-deallocation{lower-clones=false}); by default they become memref.alloc + memref.copy.";
        verify: bool = false => "verify",
            "End with bufrs-verify-deallocation (fails on any buffer not freed exactly once).";
    }
}

/// What `append-results` allows (`bufrs-buffer-results-to-out-params`' rules).
const APPEND_RESULTS: &[&str] = &["all", "from-tensors", "none"];

crate::pass_options! {
    /// Options of `bufrs-prepare-functions`: those of its out-param stage a
    /// user may need.
    pub struct PreparePipelineOptions {
        append_results: String = "all".to_string() => "append-results",
            "Which memref results become out-params: all, from-tensors (only results whose tensor signature was converted), none.",
            allowed Allowed::OneOf(APPEND_RESULTS);
        modify_public_functions: bool = false => "modify-public-functions",
            "Also change public functions (tuples flattened, out-params; their callers outside the module break).";
    }
}

/// The module-level pipeline `bufrs-prepare-functions` expands to.
pub fn prepare_pipeline(options: &PreparePipelineOptions) -> String {
    prepare_stages(
        &options.append_results,
        options.modify_public_functions,
        true,
    )
}

/// Seed 002's preparation: tuples flattened, then memref results to
/// out-params, both changing public functions with `modify_public`.
fn prepare_stages(append_results: &str, modify_public: bool, tensor_signatures: bool) -> String {
    use passes::{
        buffer_results_to_out_params::{BufferResultsToOutParams, BufferResultsToOutParamsOptions},
        decompose_tuples::{DecomposeTuples, DecomposeTuplesOptions},
    };
    let tuples = with(
        DecomposeTuples::ARGUMENT,
        DecomposeTuplesOptions {
            modify_public_functions: modify_public,
            ..Default::default()
        },
    );
    let out_params = with(
        BufferResultsToOutParams::ARGUMENT,
        BufferResultsToOutParamsOptions {
            append_results: append_results.to_string(),
            tensor_signatures,
            modify_public_functions: modify_public,
            // Preparation that pays: a result becomes an out-param only
            // when the callee writes it in place, and a caller's out-param
            // buffer serves every iteration of its loops where it may.
            only_in_place: true,
            hoist_allocations: true,
            ..Default::default()
        },
    );
    format!("{tuples},{out_params}")
}

/// `argument{options}`, or `argument` alone when every option has its default.
fn with<O: PassOptions>(argument: &str, options: O) -> String {
    let text = options.to_pipeline_text();
    if text.is_empty() {
        argument.to_string()
    } else {
        format!("{argument}{{{text}}}")
    }
}

crate::pass_options! {
    /// Options of `bufrs-deallocation-pipeline`.
    pub struct DeallocationPipelineOptions {
        keep_clones: bool = false => "keep-clones",
            "Leave bufferization.clone ops as they are (bufrs-finalize-deallocation{lower-clones=false}); by default they become memref.alloc + memref.copy.";
    }
}

/// The last step of every deallocation pipeline: clones lowered unless
/// `keep_clones`, dead buffer views erased.
fn finalize(keep_clones: bool) -> String {
    use passes::finalize_deallocation::{FinalizeDeallocation, FinalizeDeallocationOptions};
    with(
        FinalizeDeallocation::ARGUMENT,
        FinalizeDeallocationOptions {
            lower_clones: !keep_clones,
            ..Default::default()
        },
    )
}

crate::pass_options! {
    /// Options of `bufrs-ownership-deallocation-pipeline`.
    pub struct OwnershipPipelineOptions {
        private_function_dynamic_ownership: bool = false => "private-function-dynamic-ownership",
            "Private-function dynamic ownership (private functions called only directly return an i1 ownership flag per buffer instead of cloning): first bufrs-ownership-function-boundaries on the module, then the ownership-based pass with the option on every function.";
        keep_clones: bool = false => "keep-clones",
            "Leave bufferization.clone ops as they are (bufrs-finalize-deallocation{lower-clones=false}); by default they become memref.alloc + memref.copy.";
    }
}

/// The ownership-based pass, the option that makes it emit its frees
/// lowered, and the passes after it (see [`ownership_pipeline`]).
const OWNERSHIP_PASS: &str = "bufrs-ownership-based-buffer-deallocation";
const OWNERSHIP_LOWERED: &str = "lower-dynamic-frees=true";
const OWNERSHIP_AFTER: &str = "bufrs-buffer-deallocation-simplification,bufrs-lower-deallocations";

/// The nested pipeline `bufrs-ownership-deallocation-pipeline` expands to.
pub fn ownership_pipeline(options: &OwnershipPipelineOptions) -> String {
    const BEFORE: &str = "bufrs-expand-realloc,bufrs-copy-removal";
    // The pass emits the lowering of the frees it places itself: MLIR
    // verifies every function after each pass that changes it, and a
    // simplification and a lowering that rewrite each flagged free would be
    // two more such passes. They stay, and find nothing to do (they report
    // the function unchanged, so MLIR does not verify it again): the pass
    // refuses input that holds a bufferization.dealloc and emits none.
    const PASS: &str = OWNERSHIP_PASS;
    const LOWERED: &str = OWNERSHIP_LOWERED;
    const AFTER: &str = OWNERSHIP_AFTER;
    const BOUNDARIES: &str = "bufrs-ownership-function-boundaries";
    let finalize = finalize(options.keep_clones);
    if options.private_function_dynamic_ownership {
        // The module step changes callers and callees first; the
        // per-function passes then run in one parallel nest, the rewrite
        // reading only its own function's marks.
        format!(
            "{BOUNDARIES},func.func({BEFORE},{PASS}{{private-function-dynamic-ownership=true {LOWERED}}},{AFTER},{finalize})"
        )
    } else {
        format!("func.func({BEFORE},{PASS}{{{LOWERED}}},{AFTER},{finalize})")
    }
}

/// What `merge-planner` allows: what `bufrs-merge-alloc`'s `planner` allows.
fn merge_planner_allowed() -> Allowed {
    passes::merge_alloc::MergeAllocOptions::specs()
        .into_iter()
        .find(|spec| spec.name == "planner")
        .map_or(Allowed::Any, |spec| spec.allowed)
}

/// The nested pipeline `bufrs-memory-pipeline` expands to. The order, and
/// the measurements behind it, are in `docs/pipeline.md`.
pub fn memory_pipeline(options: &MemoryPipelineOptions) -> String {
    use passes::{
        buffer_deallocation::BufferDeallocation,
        buffer_hoisting::BufferHoisting,
        buffer_loop_hoisting::{BufferLoopHoisting, BufferLoopHoistingOptions},
        copy_removal::CopyRemoval,
        expand_realloc::ExpandRealloc,
        merge_alloc::{MergeAlloc, MergeAllocOptions},
        promote_buffers_to_stack::{PromoteBuffersToStack, PromoteBuffersToStackOptions},
        remove_read_only_copies::RemoveReadOnlyCopies,
        reuse_dying_inputs::{ReuseDyingInputs, ReuseDyingInputsOptions},
        verify_deallocation::VerifyDeallocation,
        view_unread_inputs::ViewUnreadInputs,
        write_into_destination::WriteIntoDestination,
    };
    let promote = with(
        PromoteBuffersToStack::ARGUMENT,
        PromoteBuffersToStackOptions {
            max_alloc_size_in_bytes: options.promote_max_bytes,
            max_rank_of_allocated_memref: options.promote_max_rank,
            ..Default::default()
        },
    );
    let merge = with(
        MergeAlloc::ARGUMENT,
        MergeAllocOptions {
            planner: options.merge_planner.clone(),
            dynamic: options.merge_dynamic,
            no_higher_peak: options.merge_dynamic,
            keep_peak: options.merge_keep_peak,
            report_file: options.merge_report_file.clone(),
            plan_svg_dir: options.merge_plan_svg_dir.clone(),
            classes: if options.merge_stack {
                vec!["heap".to_string(), "stack".to_string()]
            } else {
                vec![]
            },
            stack_joins_heap: options.merge_stack && options.merge_stack_joins_heap,
            // The deallocation stage frees every call's results apart from
            // its operands (callers own what a function returns): merging
            // may rely on that contract too.
            calls_return_fresh: options.deallocation,
            ..Default::default()
        },
    );
    // The stages in order, each with its switch.
    let stages = [
        // Buffers no op reads or writes (pooling windows) take no bytes of
        // their own, before any stage counts them.
        (
            options.view_unread_inputs,
            ViewUnreadInputs::ARGUMENT.to_string(),
        ),
        // As upstream's deallocation pipeline (its expand-realloc, at the
        // cost of one walk when there is no realloc): memref.realloc becomes
        // alloc + copy, whose old buffer the deallocation frees.
        (options.deallocation, ExpandRealloc::ARGUMENT.to_string()),
        // Copy removal first, while each temporary and its copy share a
        // block as bufferization left them: loop hoisting would move the
        // temporary out of the copy's loop, promotion would make it an
        // alloca, and the copy would stay.
        (options.copy_removal, CopyRemoval::ARGUMENT.to_string()),
        // An elementwise op's input buffer that dies there becomes its
        // init's, once copy removal has made the copies into temporaries
        // the ops' own writes, and before loop hoisting and promotion move
        // or change the allocations.
        (
            options.reuse_dying_inputs,
            with(
                ReuseDyingInputs::ARGUMENT,
                ReuseDyingInputsOptions {
                    keep_peak: true,
                    // An input the promotion below takes costs no heap
                    // bytes: a returned init allocated in its place would.
                    promoted_max_bytes: if options.promote {
                        options.promote_max_bytes
                    } else {
                        0
                    },
                    promoted_max_rank: options.promote_max_rank,
                },
            ),
        ),
        // Before the deallocation (it leaves buffers with frees alone), and
        // before loop hoisting and promotion move a part's allocation out
        // of its destination's block: parts copied into a slice of a
        // destination become views of it.
        (
            options.write_into_destination,
            WriteIntoDestination::ARGUMENT.to_string(),
        ),
        (options.hoisting, BufferHoisting::ARGUMENT.to_string()),
        (
            options.loop_hoisting,
            with(
                BufferLoopHoisting::ARGUMENT,
                BufferLoopHoistingOptions {
                    keep_peak: options.loop_hoisting_keep_peak,
                    // Buffers the promotion below takes cost no heap bytes.
                    promoted_max_bytes: if options.promote {
                        options.promote_max_bytes
                    } else {
                        0
                    },
                    promoted_max_rank: options.promote_max_rank,
                    ..Default::default()
                },
            ),
        ),
        (options.promote, promote),
        (
            options.deallocation,
            if options.ownership {
                format!("{OWNERSHIP_PASS}{{{OWNERSHIP_LOWERED}}},{OWNERSHIP_AFTER}")
            } else {
                BufferDeallocation::ARGUMENT.to_string()
            },
        ),
        // Again after the deallocation: copies whose source is freed later
        // (clones it made, copies into buffers that outlive their source),
        // before merging makes the buffers views of one arena.
        (options.copy_removal, CopyRemoval::ARGUMENT.to_string()),
        // Clones lowered (their buffers are plain allocations merging can
        // plan) and dead views erased before merging.
        (true, finalize(options.keep_clones)),
        // Merging last: it plans with the frees and copies the stages before
        // leave, and the deallocation never sees two buffers as views of one
        // arena (a write to one after the other flowed into a merge would
        // break its input contract).
        (options.merge, merge),
        (options.verify, VerifyDeallocation::ARGUMENT.to_string()),
    ];
    let stages: Vec<String> = stages
        .into_iter()
        .filter_map(|(on, stage)| on.then_some(stage))
        .collect();
    let functions = format!("func.func({})", stages.join(","));
    // Copies into buffers only read afterwards go first, on the whole op:
    // whether a call only reads a buffer is read from the callee's body.
    let functions = if options.read_only_copies {
        format!("{},{functions}", RemoveReadOnlyCopies::ARGUMENT)
    } else {
        functions
    };
    if options.prepare {
        let prepare = prepare_stages(
            &options.append_results,
            options.modify_public_functions,
            false,
        );
        format!("{prepare},{functions}")
    } else {
        functions
    }
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
    for pipeline in pipelines() {
        let options = pipeline
            .options
            .iter()
            .map(|o| format!("`{}` ({})", o.name, o.default.to_pipeline_text()))
            .collect::<Vec<_>>();
        let options = if options.is_empty() {
            String::new()
        } else {
            format!("{}; ", options.join(", "))
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {options}pipeline: `{}` |\n",
            pipeline.argument,
            pipeline.runs_on,
            pipeline.summary,
            pipeline.default_text()
        ));
    }
    out
}
