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
//! Entry points: the plugin hook `mlirGetPassPluginInfo`, the pass trampoline
//! `run_pass`, the callbacks the shim uses to report variable-length data,
//! and the C API of `include/bufrs.h` for embedders.

use std::{
    cell::{Cell, RefCell},
    ffi::{c_char, c_void},
    panic::{AssertUnwindSafe, PanicHookInfo, catch_unwind},
    sync::Once,
};

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirPass, MlirStringCallback, MlirStringRef, MlirValue};

use crate::{
    ffi,
    ir::{
        Diagnostic, Severity,
        diagnostics::{string_from_ref, string_ref},
        interfaces::RawRegionEdge,
    },
    options::OptionValue,
    registry,
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
    if let Err(panic) = guarded(registry::register_all) {
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
) -> bool {
    let result = guarded(|| {
        let entry = &registry::entries()[pass_index];
        // SAFETY: the shim passes `num_values` valid values for this run.
        let values = unsafe { convert_option_values(values, num_values) };
        // SAFETY: `op` is the live op the pass runs on.
        let op_ref = unsafe { OperationRef::from_raw(op) };
        (entry.run)(op_ref, &values)
    });
    match result {
        Ok(Ok(())) => true,
        Ok(Err(registry::PassFailed)) => false,
        Err(panic) => {
            let name = registry::entries()
                .get(pass_index)
                .map_or("bufrs", |e| e.argument);
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

unsafe fn slice_or_empty<'a, T>(data: *const T, len: isize) -> &'a [T] {
    if data.is_null() || len <= 0 {
        &[]
    } else {
        // SAFETY: caller guarantees `len` readable entries.
        unsafe { std::slice::from_raw_parts(data, len as usize) }
    }
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
pub(crate) fn create_raw_pass(
    desc: &'static ffi::BufrsPassDesc,
    options: &str,
) -> Result<MlirPass, String> {
    let mut error = String::new();
    // SAFETY: `desc` is 'static; the callback appends to `error`, alive for the call.
    let pass = unsafe {
        ffi::bufrsShimCreatePass(
            desc,
            string_ref(options),
            Some(append_error),
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
// Collectors the shim calls back (no panics possible but allocation failure,
// which aborts rather than unwinds).
//===----------------------------------------------------------------------===//

unsafe extern "C" fn append_error(user_data: *mut c_void, message: MlirStringRef) {
    // SAFETY: `user_data` is the `String` handed to the shim.
    let out = unsafe { &mut *(user_data as *mut String) };
    out.push_str(&string_from_ref(message));
}

/// `BufrsErrorFn` that pushes the message onto the `Vec<String>` at `user_data`.
unsafe extern "C" fn push_error(user_data: *mut c_void, message: MlirStringRef) {
    // SAFETY: `user_data` is the `Vec<String>` handed to the shim.
    let out = unsafe { &mut *(user_data as *mut Vec<String>) };
    out.push(string_from_ref(message));
}

/// `MlirStringCallback` that appends to the `String` at `user_data`.
pub(crate) unsafe extern "C" fn append_to_string(chunk: MlirStringRef, user_data: *mut c_void) {
    // SAFETY: `user_data` is a `String` owned by the caller for the call.
    let out = unsafe { &mut *(user_data as *mut String) };
    out.push_str(&string_from_ref(chunk));
}

/// `BufrsEdgeFn` that pushes onto the `Vec<RawRegionEdge>` at `user_data`.
pub(crate) unsafe extern "C" fn collect_region_edge(
    user_data: *mut c_void,
    target_region: i32,
    forwarded: *const MlirValue,
    num_forwarded: isize,
    first_operand_index: i32,
    inputs: *const MlirValue,
    num_inputs: isize,
) {
    // SAFETY: `user_data` is the caller's Vec; arrays have the given lengths.
    let edges = unsafe { &mut *(user_data as *mut Vec<RawRegionEdge>) };
    edges.push(RawRegionEdge {
        target_region: u32::try_from(target_region).ok(),
        forwarded: unsafe { slice_or_empty(forwarded, num_forwarded) }.to_vec(),
        first_operand_index: u32::try_from(first_operand_index).ok(),
        inputs: unsafe { slice_or_empty(inputs, num_inputs) }.to_vec(),
    });
}

//===----------------------------------------------------------------------===//
// The C API for embedders (include/bufrs.h)
//===----------------------------------------------------------------------===//

/// Registers every bufrs pass with MLIR's global registry. Idempotent.
#[unsafe(no_mangle)]
pub extern "C" fn bufrsRegisterAllPasses() {
    if let Err(panic) = guarded(registry::register_all) {
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
        registry::create_pass_from_text(&argument, &options)
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
