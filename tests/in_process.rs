//! bufrs passes run in-process from Rust, through melior: created with typed
//! options, by name, and through the global registry in a textual pipeline;
//! bad options and panics come back as errors.

use std::sync::{Arc, Mutex};

use bufrs::{
    create_pass, create_pass_from_text, new_context,
    passes::promote_buffers_to_stack::{PromoteBuffersToStack, PromoteBuffersToStackOptions},
    registry::CreatePassError,
};
use melior::{Context, ir::Module, pass::PassManager};

const PROGRAM: &str = r#"
func.func @small() -> f32 {
  %0 = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%c0] : memref<16xf32>
  %v = memref.load %0[%c0] : memref<16xf32>
  return %v : f32
}
"#;

fn run(context: &Context, pass: melior::pass::Pass) -> Result<String, String> {
    let mut module = Module::parse(context, PROGRAM).expect("the test program parses");
    let manager = PassManager::new(context);
    manager.nested_under("func.func").add_pass(pass);
    manager.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module.as_operation().to_string())
}

#[test]
fn typed_options_reach_the_pass() {
    let context = new_context();
    let promoted = run(
        &context,
        create_pass::<PromoteBuffersToStack>(&Default::default()).unwrap(),
    )
    .unwrap();
    assert!(
        promoted.contains("memref.alloca() : memref<16xf32>"),
        "{promoted}"
    );
    assert!(!promoted.contains("memref.alloc()"), "{promoted}");

    let small_limit = PromoteBuffersToStackOptions {
        max_alloc_size_in_bytes: 16,
        ..Default::default()
    };
    let kept = run(
        &context,
        create_pass::<PromoteBuffersToStack>(&small_limit).unwrap(),
    )
    .unwrap();
    assert!(kept.contains("memref.alloc() : memref<16xf32>"), "{kept}");
    assert!(!kept.contains("memref.alloca"), "{kept}");
}

#[test]
fn passes_are_created_by_name_and_bad_input_is_an_error() {
    let context = new_context();
    let by_name = create_pass_from_text(
        "bufrs-promote-buffers-to-stack",
        "max-alloc-size-in-bytes=64",
    )
    .unwrap();
    assert!(run(&context, by_name).unwrap().contains("memref.alloca"));

    assert_eq!(
        create_pass_from_text("bufrs-nope", "").err(),
        Some(CreatePassError::UnknownPass("bufrs-nope".into()))
    );
    assert!(matches!(
        create_pass_from_text(
            "bufrs-promote-buffers-to-stack",
            "max-alloc-size-in-bytes=many"
        ),
        Err(CreatePassError::BadOptions { .. })
    ));
    // A value the option does not allow: the same one line as in mlir-opt.
    assert_eq!(
        create_pass_from_text(
            "bufrs-promote-buffers-to-stack",
            "max-alloc-size-in-bytes=-5"
        )
        .err(),
        Some(CreatePassError::BadOptions {
            pass: "bufrs-promote-buffers-to-stack".into(),
            message:
                "option 'max-alloc-size-in-bytes' has invalid value '-5' (allowed: an integer >= 0)"
                    .into(),
        })
    );
}

#[test]
fn registered_passes_parse_in_textual_pipelines() {
    let context = new_context();
    bufrs::register_all();
    let mut module = Module::parse(&context, PROGRAM).unwrap();
    let manager = PassManager::new(&context);
    melior::utility::parse_pass_pipeline(
        manager.as_operation_pass_manager(),
        "builtin.module(func.func(bufrs-promote-buffers-to-stack{max-rank-of-allocated-memref=1}))",
    )
    .unwrap();
    manager.run(&mut module).unwrap();
    assert!(
        module
            .as_operation()
            .to_string()
            .contains("memref.alloca() : memref<16xf32>")
    );
}

/// A host that registers bufrs' passes and no upstream pass gets the same
/// output ops as upstream's deallocation pipeline: the copy a function
/// returning its argument needs is memref.alloc + memref.copy, lowered by
/// bufrs itself (no convert-bufferization-to-memref in the context).
#[test]
fn deallocation_pipelines_end_without_clones_when_only_bufrs_is_registered() {
    const RETURNS_ITS_ARGUMENT: &str = r#"
func.func @id(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}
"#;
    for pipeline in [
        "bufrs-deallocation-pipeline",
        "bufrs-ownership-deallocation-pipeline",
        "bufrs-memory-pipeline",
    ] {
        let context = new_context();
        bufrs::register_all();
        let mut module = Module::parse(&context, RETURNS_ITS_ARGUMENT).unwrap();
        let manager = PassManager::new(&context);
        melior::utility::parse_pass_pipeline(
            manager.as_operation_pass_manager(),
            &format!("builtin.module({pipeline})"),
        )
        .unwrap();
        manager.run(&mut module).unwrap();
        let output = module.as_operation().to_string();
        assert!(
            output.contains("memref.alloc() : memref<4xf32>")
                && output.contains("memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>")
                && !output.contains("bufferization."),
            "{pipeline}: {output}"
        );
    }
}

#[test]
fn a_panicking_pass_fails_with_an_error_diagnostic() {
    let context = new_context();
    let messages = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = messages.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        sink.lock().unwrap().push(diagnostic.to_string());
        true
    });
    let result = run(
        &context,
        create_pass_from_text("bufrs-test-panic", "message=from-cargo-test").unwrap(),
    );
    assert!(result.is_err());
    let messages = messages.lock().unwrap();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("bufrs-test-panic: internal error (Rust panic): from-cargo-test")),
        "{messages:?}"
    );
}
