//! The FFI boundary: every function that C or C++ calls into Rust lives here.
//!
//! A Rust panic must never unwind into C++ (that aborts the host compiler).
//! Each entry point below either cannot panic by construction (trivial
//! collectors) or runs its body under [`guarded`] (`catch_unwind`); a panic
//! in a pass becomes an error diagnostic at the op and a failed pass, so
//! `mlir-opt` exits with status 1 instead of crashing.
//!
//! The diagnostic is the whole report: a panic hook, installed once by the
//! first guarded call, stays silent for panics raised while a guarded entry
//! point runs on that thread (no "thread ... panicked at" nor backtrace on
//! the host's stderr) and records their message and location for the
//! diagnostic. Every other panic goes to the hook that was installed before
//! (Rust's default or the host's), which is kept, not replaced.
//!
//! It also hands the pass table (`crate::registry`) to the shim: the C pass
//! descriptors (whose `run` is [`run_pass`]), [`register_all`], and the Rust
//! API to create passes ([`create_pass`], [`create_pass_from_text`]).
//!
//! Entry points: the plugin hook `mlirGetPassPluginInfo`, the pass trampoline
//! `run_pass` and the C API of `include/bufrs.h` for embedders. The only
//! other Rust functions C++ calls are the collectors of `crate::ir::collect`,
//! which report variable-length data and cannot panic.

use std::{
    cell::{Cell, RefCell},
    ffi::{c_char, c_void},
    panic::{AssertUnwindSafe, PanicHookInfo, catch_unwind},
    sync::{Once, OnceLock},
};

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirPass, MlirStringCallback, MlirStringRef};

use crate::{
    ffi,
    ir::{
        Diagnostic, Severity,
        collect::slice_or_empty,
        diagnostics::{string_from_ref, string_ref},
    },
    options::{OptionKind, OptionSpec, OptionValue, PassOptions, leak_c_string},
    passes::{Anchor, BufrsPass, PassFailed, PassResult},
    registry::{self, CreatePassError, PassEntry, PipelineEntry, entries, find, pipelines},
};

//===----------------------------------------------------------------------===//
// Guarded calls and the panic hook
//===----------------------------------------------------------------------===//

thread_local! {
    /// How many guarded calls are running on this thread (they may nest).
    static GUARDED_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The last panic the hook silenced on this thread, for the diagnostic.
    static SILENCED: RefCell<Option<Panic>> = const { RefCell::new(None) };
}

static INSTALL_HOOK: Once = Once::new();

/// A panic caught at the boundary: its message and where it was raised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Panic {
    pub message: String,
    /// `file:line:column`, when the panic had a location.
    pub location: Option<String>,
}

impl Panic {
    fn from_hook(info: &PanicHookInfo<'_>) -> Panic {
        Panic {
            message: panic_message(info.payload()),
            location: info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())),
        }
    }
}

/// Installs (once per process) the hook that silences panics inside guarded
/// calls and chains every other panic to the previous hook.
fn install_panic_hook() {
    INSTALL_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // `try_with`: during thread teardown the thread-locals may be gone.
            let guarded = GUARDED_DEPTH.try_with(Cell::get).unwrap_or(0) > 0;
            if guarded {
                let _ = SILENCED.try_with(|slot| *slot.borrow_mut() = Some(Panic::from_hook(info)));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `body` under `catch_unwind` with the panic hook silent; a panic
/// comes back as its message and location.
pub(crate) fn guarded<R>(body: impl FnOnce() -> R) -> Result<R, Panic> {
    install_panic_hook();
    GUARDED_DEPTH.with(|depth| depth.set(depth.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(body));
    GUARDED_DEPTH.with(|depth| depth.set(depth.get() - 1));
    result.map_err(|payload| {
        SILENCED
            .with(|slot| slot.borrow_mut().take())
            .unwrap_or_else(|| Panic {
                message: panic_message(&*payload),
                location: None,
            })
    })
}

//===----------------------------------------------------------------------===//
// The plugin hook
//===----------------------------------------------------------------------===//

/// `mlir::PassPluginLibraryInfo` (mlir/Tools/Plugins/PassPlugin.h).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_pass_registry_callbacks: Option<unsafe extern "C" fn()>,
}

/// `MLIR_PLUGIN_API_VERSION` of MLIR 22.
const MLIR_PLUGIN_API_VERSION: u32 = 1;

/// What `mlir-opt --load-pass-plugin=libbufrs.so` looks up.
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: MLIR_PLUGIN_API_VERSION,
        plugin_name: c"bufrs".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr() as *const c_char,
        register_pass_registry_callbacks: Some(register_plugin_passes),
    }
}

unsafe extern "C" fn register_plugin_passes() {
    if let Err(panic) = guarded(register_all) {
        // No op to report at: tell the user on stderr; mlir-opt goes on
        // without bufrs's passes and fails when a pipeline names one.
        eprintln!(
            "bufrs: internal error while registering passes: {}",
            panic.message
        );
    }
}

//===----------------------------------------------------------------------===//
// Running a pass
//===----------------------------------------------------------------------===//

/// Called by the shim's pass class for every op a bufrs pass runs on.
pub(crate) unsafe extern "C" fn run_pass(
    pass_index: usize,
    op: MlirOperation,
    values: *const ffi::BufrsOptionValue,
    num_values: isize,
) -> ffi::BufrsRunResult {
    let name = registry::entries()
        .get(pass_index)
        .map_or("bufrs", |e| e.argument);
    // A mark left by an earlier run (that failed or panicked) is forgotten.
    crate::passes::pass::take_unchanged(op);
    let succeeded = run_guarded(name, op, |op_ref| {
        let entry = &registry::entries()[pass_index];
        // SAFETY: the shim passes `num_values` valid values for this run.
        let values = unsafe { convert_option_values(values, num_values) };
        (entry.run)(op_ref, &values)
    });
    let unchanged = crate::passes::pass::take_unchanged(op);
    match (succeeded, unchanged) {
        (false, _) => ffi::BufrsRunResult::BufrsRunResult_Failed,
        (true, false) => ffi::BufrsRunResult::BufrsRunResult_Changed,
        (true, true) => ffi::BufrsRunResult::BufrsRunResult_Unchanged,
    }
}

/// Runs `run` on `op` (live), turning a panic into an error diagnostic at
/// `op` naming `name`. True when `run` succeeded.
fn run_guarded(
    name: &str,
    op: MlirOperation,
    run: impl FnOnce(OperationRef<'_, '_>) -> PassResult,
) -> bool {
    let result = guarded(|| {
        // SAFETY: `op` is the live op the caller runs on.
        let op_ref = unsafe { OperationRef::from_raw(op) };
        run(op_ref)
    });
    match result {
        Ok(Ok(())) => true,
        Ok(Err(PassFailed)) => false,
        Err(panic) => {
            let report = guarded(|| {
                let mut diagnostic = Diagnostic::at_raw(
                    op,
                    Severity::Error,
                    format!("{name}: internal error (Rust panic): {}", panic.message),
                );
                if let Some(location) = &panic.location {
                    diagnostic = diagnostic.note(format!("raised at {location}"));
                }
                diagnostic
                    .note("this is a bug in bufrs; the IR may be partially rewritten")
                    .emit()
            });
            if report.is_err() {
                eprintln!("bufrs: internal error in {name}");
            }
            false
        }
    }
}

/// Called by the shim before a pass manager runs a bufrs pass (once per pass
/// instance) and when a pass is created with options: checks the values
/// against what each option allows. On a bad value, calls `on_error` once
/// with one line (without the pass name) and returns false.
pub(crate) unsafe extern "C" fn validate_options(
    pass_index: usize,
    values: *const ffi::BufrsOptionValue,
    num_values: isize,
    on_error: ffi::BufrsErrorFn,
    user_data: *mut c_void,
) -> bool {
    let result = guarded(|| {
        // SAFETY: the shim passes `num_values` valid values for this call.
        let values = unsafe { convert_option_values(values, num_values) };
        match registry::entries().get(pass_index) {
            Some(entry) => entry.validate(&values),
            None => Err(format!("internal error: no pass {pass_index}")),
        }
    });
    let message = match result {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(panic) => format!("internal error (Rust panic): {}", panic.message),
    };
    if let Some(callback) = on_error {
        // SAFETY: the shim's callback with the shim's data.
        unsafe { callback(user_data, string_ref(&message)) };
    }
    false
}

/// Called by the shim when a registered pipeline is added to a pass manager:
/// the pipeline text for the option values MLIR parsed, through `on_text`
/// with `text_data`, or a one-line error through `on_text` with `error_data`.
unsafe extern "C" fn expand_pipeline(
    pipeline_index: usize,
    values: *const ffi::BufrsOptionValue,
    num_values: isize,
    on_text: ffi::BufrsErrorFn,
    text_data: *mut c_void,
    error_data: *mut c_void,
) -> bool {
    let result = guarded(|| {
        // SAFETY: the shim passes `num_values` valid values for this call.
        let values = unsafe { convert_option_values(values, num_values) };
        match pipelines().get(pipeline_index) {
            Some(entry) => entry.expand(&values),
            None => Err(format!("internal error: no pipeline {pipeline_index}")),
        }
    });
    let (ok, text, data) = match result {
        Ok(Ok(text)) => (true, text, text_data),
        Ok(Err(message)) => (false, message, error_data),
        Err(panic) => (
            false,
            format!("internal error (Rust panic): {}", panic.message),
            error_data,
        ),
    };
    if let Some(callback) = on_text {
        // SAFETY: the shim's callback with the shim's data.
        unsafe { callback(data, string_ref(&text)) };
    }
    ok
}

unsafe fn convert_option_values(
    values: *const ffi::BufrsOptionValue,
    count: isize,
) -> Vec<OptionValue> {
    if values.is_null() || count <= 0 {
        return vec![];
    }
    // SAFETY: caller guarantees `count` readable values.
    let values = unsafe { std::slice::from_raw_parts(values, count as usize) };
    values
        .iter()
        .map(|v| match v.kind {
            ffi::BufrsOptionKind::BufrsOptionKind_Bool => OptionValue::Bool(v.bool_value),
            ffi::BufrsOptionKind::BufrsOptionKind_Int => OptionValue::Int(v.int_value),
            ffi::BufrsOptionKind::BufrsOptionKind_String => {
                OptionValue::String(string_from_ref(v.string_value))
            }
            ffi::BufrsOptionKind::BufrsOptionKind_IntList => {
                // SAFETY: `list_len` entries at `int_list`.
                let list = unsafe { slice_or_empty(v.int_list, v.list_len) };
                OptionValue::IntList(list.to_vec())
            }
            ffi::BufrsOptionKind::BufrsOptionKind_StringList => {
                // SAFETY: `list_len` entries at `string_list`.
                let list = unsafe { slice_or_empty(v.string_list, v.list_len) };
                OptionValue::StringList(list.iter().map(|s| string_from_ref(*s)).collect())
            }
        })
        .collect()
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic payload".to_string()
    }
}

/// Creates a pass through the shim, parsing `options` with MLIR's parser.
fn create_raw_pass(desc: &'static ffi::BufrsPassDesc, options: &str) -> Result<MlirPass, String> {
    let mut error = String::new();
    // SAFETY: `desc` is 'static; the callback appends to `error`, alive for the call.
    let pass = unsafe {
        ffi::bufrsShimCreatePass(
            desc,
            string_ref(options),
            Some(crate::ir::collect::append_error),
            &mut error as *mut String as *mut c_void,
        )
    };
    if pass.ptr.is_null() {
        Err(if error.is_empty() {
            format!("cannot parse '{options}'")
        } else {
            error
        })
    } else {
        Ok(pass)
    }
}

/// Registers a pass through the shim. A pass naming a dependent dialect the
/// shim cannot load is not registered: `Err` holds one message per such name.
pub(crate) fn register_raw_pass(desc: &'static ffi::BufrsPassDesc) -> Result<(), Vec<String>> {
    let mut errors: Vec<String> = Vec::new();
    // SAFETY: `desc` is 'static; the callback pushes onto `errors`, alive for the call.
    let registered = unsafe {
        ffi::bufrsShimRegisterPass(
            desc,
            Some(push_error),
            &mut errors as *mut Vec<String> as *mut c_void,
        )
    };
    if registered { Ok(()) } else { Err(errors) }
}

/// One message per dependent dialect of `desc` that the shim cannot load.
#[cfg(test)]
pub(crate) fn unknown_dependent_dialects(desc: &ffi::BufrsPassDesc) -> Vec<String> {
    let mut errors: Vec<String> = Vec::new();
    // SAFETY: `desc` is live for the call; the callback pushes onto `errors`.
    unsafe {
        ffi::bufrsShimCheckDependentDialects(
            desc,
            Some(push_error),
            &mut errors as *mut Vec<String> as *mut c_void,
        )
    };
    errors
}

//===----------------------------------------------------------------------===//
// Registering the pass table with MLIR, and the Rust API to create passes
//===----------------------------------------------------------------------===//

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

/// `BufrsErrorFn` that pushes the message onto the `Vec<String>` at `user_data`.
unsafe extern "C" fn push_error(user_data: *mut c_void, message: MlirStringRef) {
    // SAFETY: `user_data` is the `Vec<String>` handed to the shim.
    let out = unsafe { &mut *(user_data as *mut Vec<String>) };
    out.push(string_from_ref(message));
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
        run: Some(run_pass),
        dependent_dialects: leak_c_string(&entry.dependent_dialects.join(",")),
        validate: Some(validate_options),
    }
}

fn describe_pipeline(index: usize, entry: &PipelineEntry) -> ffi::BufrsPipelineDesc {
    let options: Vec<ffi::BufrsOptionSpec> = entry.options.iter().map(describe_option).collect();
    let num_options = options.len() as isize;
    ffi::BufrsPipelineDesc {
        argument: leak_c_string(entry.argument),
        summary: leak_c_string(entry.summary),
        options: Box::leak(options.into_boxed_slice()).as_ptr(),
        num_options,
        pipeline_index: index,
        expand: Some(expand_pipeline),
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

/// Registers every bufrs pass and pipeline with MLIR's global pass registry
/// (idempotent). After this, textual pipelines can name `bufrs-*` passes.
pub fn register_all() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for (index, entry) in entries().iter().enumerate() {
            if let Err(errors) = register_raw_pass(descriptor(index)) {
                // No op to report at: tell the user on stderr; a pipeline naming
                // the pass then fails as naming an unknown pass.
                for error in errors {
                    eprintln!("bufrs: {error}; {} is not registered", entry.argument);
                }
            }
        }
        for (index, pipeline) in pipelines().iter().enumerate() {
            let desc: &'static ffi::BufrsPipelineDesc =
                Box::leak(Box::new(describe_pipeline(index, pipeline)));
            // SAFETY: the descriptor and everything it points to are leaked.
            unsafe { ffi::bufrsShimRegisterPipeline(desc) };
        }
    });
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
    let raw = create_raw_pass(descriptor(index), options).map_err(|message| {
        CreatePassError::BadOptions {
            pass: argument.to_string(),
            message,
        }
    })?;
    // SAFETY: `raw` is a fresh pass owned by the caller from here on.
    Ok(unsafe { melior::pass::Pass::from_raw(raw) })
}

//===----------------------------------------------------------------------===//
// The C API for embedders (include/bufrs.h)
//===----------------------------------------------------------------------===//

/// Registers every bufrs pass with MLIR's global registry. Idempotent.
#[unsafe(no_mangle)]
pub extern "C" fn bufrsRegisterAllPasses() {
    if let Err(panic) = guarded(register_all) {
        eprintln!(
            "bufrs: internal error while registering passes: {}",
            panic.message
        );
    }
}

/// The number of bufrs passes (test-only passes included).
#[unsafe(no_mangle)]
pub extern "C" fn bufrsGetNumPasses() -> isize {
    registry::entries().len() as isize
}

/// The pipeline argument of pass `index` (a static string), or an empty
/// string when out of range.
#[unsafe(no_mangle)]
pub extern "C" fn bufrsGetPassArgument(index: isize) -> MlirStringRef {
    usize::try_from(index)
        .ok()
        .and_then(|i| registry::entries().get(i))
        .map_or(string_ref(""), |e| string_ref(e.argument))
}

/// Creates the pass named `argument` with options in pipeline syntax.
/// Returns a null pass on an unknown name or bad options, after calling
/// `on_error` (if not null) with the message.
///
/// # Safety
/// `argument` and `options` must be valid string refs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bufrsCreatePass(
    argument: MlirStringRef,
    options: MlirStringRef,
    on_error: MlirStringCallback,
    user_data: *mut c_void,
) -> MlirPass {
    let result = guarded(|| {
        let argument = string_from_ref(argument);
        let options = string_from_ref(options);
        create_pass_from_text(&argument, &options)
            .map(|pass| pass.to_raw())
            .map_err(|e| e.to_string())
    });
    let message = match result {
        Ok(Ok(pass)) => return pass,
        Ok(Err(message)) => message,
        Err(panic) => format!("bufrs: internal error: {}", panic.message),
    };
    if let Some(callback) = on_error {
        // SAFETY: the caller's callback with the caller's data.
        unsafe { callback(string_ref(&message), user_data) };
    }
    MlirPass {
        ptr: std::ptr::null_mut(),
    }
}

/// Adds the interface models bufrs needs to a registry (for contexts the
/// embedder creates; `mlir-opt` has them already).
///
/// # Safety
/// `registry` must be a valid dialect registry.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bufrsRegisterInterfaceModels(registry: mlir_sys::MlirDialectRegistry) {
    // SAFETY: forwarded to the shim, which cannot unwind.
    unsafe { ffi::bufrsShimRegisterInterfaceModels(registry) }
}

/// Runs seed 002's preparation on `module` (a live `builtin.module`) with
/// the default converter, as the `bufrs-prepare-functions` pipeline does:
/// tuples flattened (`test.make_tuple` / `test.get_tuple_element`, when the
/// context's registry has the test dialect), tensor
/// signatures converted, memref results of private functions appended as
/// out-params. Diagnostics go to the module's context; false on failure.
/// # Safety
/// `module` is a live `builtin.module` no other thread is changing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bufrsPrepareFunctions(module: MlirOperation) -> bool {
    use crate::passes::{
        buffer_results_to_out_params::{BufferResultsToOutParams, BufferResultsToOutParamsOptions},
        decompose_tuples::DecomposeTuples,
    };
    run_guarded("bufrs-prepare-functions", module, |op| {
        // Outside a pass manager nobody loads the dialects the rewrite
        // builds ops of.
        // SAFETY: live op.
        let context = unsafe { mlir_sys::mlirOperationGetContext(module) };
        for name in ["memref.alloc", "bufferization.to_tensor", "func.call"] {
            crate::ir::context::load_registered_op(context, name);
        }
        // Tuples need the default converter's pack and unpack ops.
        let tuples = ["test.make_tuple", "test.get_tuple_element"]
            .iter()
            .all(|name| crate::ir::context::load_registered_op(context, name));
        if tuples {
            DecomposeTuples::run(op, &Default::default())?;
        }
        let options = BufferResultsToOutParamsOptions {
            tensor_signatures: true,
            ..Default::default()
        };
        BufferResultsToOutParams::run(op, &options)
    })
}

#[cfg(test)]
mod dependent_dialect_tests {
    use super::*;

    #[test]
    fn every_pass_names_dependent_dialects_the_shim_knows() {
        for (index, entry) in entries().iter().enumerate() {
            assert_eq!(
                unknown_dependent_dialects(descriptor(index)),
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
        assert_eq!(unknown_dependent_dialects(desc), expected);
        // Neither registered nor created.
        assert_eq!(register_raw_pass(desc), Err(expected.clone()));
        assert_eq!(
            create_raw_pass(desc, "").map(|_| ()),
            Err(expected.concat())
        );
    }
}
