//! The boundary's panic hook (its own test binary: the hook is global to
//! the process). A panic inside a bufrs pass reaches neither stderr nor the
//! host's hook, only the error diagnostic; every other panic still goes to
//! the hook the host installed before bufrs ran.

use std::{
    panic,
    sync::{Arc, Mutex},
};

use bufrs::{create_pass_from_text, new_context};
use melior::{ir::Module, pass::PassManager};

static HOST_SAW: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn run_panicking_pass(message: &str) -> Vec<String> {
    let context = new_context();
    let diagnostics = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = diagnostics.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        sink.lock().unwrap().push(diagnostic.to_string());
        true
    });
    let mut module = Module::parse(&context, "func.func @f() { return }").unwrap();
    let manager = PassManager::new(&context);
    manager.nested_under("func.func").add_pass(
        create_pass_from_text("bufrs-test-panic", &format!("message={message}")).unwrap(),
    );
    assert!(manager.run(&mut module).is_err());
    diagnostics.lock().unwrap().clone()
}

#[test]
fn pass_panics_are_silent_and_the_host_hook_is_kept() {
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        HOST_SAW.lock().unwrap().push(message);
    }));

    let diagnostics = run_panicking_pass("inside-bufrs");
    assert!(
        diagnostics
            .iter()
            .any(|d| d.contains("bufrs-test-panic: internal error (Rust panic): inside-bufrs")),
        "{diagnostics:?}"
    );
    assert!(HOST_SAW.lock().unwrap().is_empty());

    // A panic outside bufrs still reaches the host's hook.
    assert!(panic::catch_unwind(|| panic!("outside-bufrs")).is_err());
    assert_eq!(*HOST_SAW.lock().unwrap(), ["outside-bufrs"]);

    // And bufrs stays silent afterwards.
    run_panicking_pass("again");
    assert_eq!(*HOST_SAW.lock().unwrap(), ["outside-bufrs"]);
    let _ = panic::take_hook();
}
