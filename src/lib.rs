//! bufrs: buffer deallocation and memory planning for MLIR, as a pass plugin.
//!
//! `libbufrs.so` loads into a stock `mlir-opt` 22 with `--load-pass-plugin`;
//! the same crate as an rlib lets Rust compilers run the passes in-process
//! (see [`registry`] for the pass table, [`create_pass`], [`register_all`]
//! and [`new_context`]), and `include/bufrs.h` exposes them to C and C++.
//!
//! Layers, dependencies pointing down only (`docs/architecture.md` has the
//! module graph, from `utils/module_graph.py`):
//! - [`boundary`]: every function C++ calls into Rust (panics stop here), and
//!   the registration of the pass table with MLIR.
//! - [`registry`] and [`options`]: the pass table and typed pass options.
//! - [`passes`]: the pass trait, then one file per pass: snapshot, analyze, edit.
//! - [`dialect`]: typed views of the few ops whose IR bufrs creates by name.
//! - [`ir`]: thin safe views of MLIR (interfaces, edits, diagnostics), and
//!   `ir::capture`, which fills an analysis snapshot from real IR.
//! - [`ffi`]: the C++ shim's C ABI.
//! - [`analysis`]: dominance, liveness, aliases, lifetimes over a snapshot;
//!   pure Rust, no MLIR.
//! - [`plan`]: static memory planning, pure algorithms without MLIR types.

pub mod analysis;
pub mod boundary;
pub mod dialect;
pub mod ffi;
pub mod ir;
pub mod options;
pub mod passes;
pub mod plan;
pub mod registry;

pub use boundary::{create_pass, create_pass_from_text, register_all};
pub use ir::context::{new_context, register_interface_models};

/// The passes allocate many small, short-lived vectors and maps; mimalloc
/// serves them in a fraction of glibc malloc's instructions. Only Rust's own
/// allocations use it (nothing allocated here is freed by MLIR or the shim).
/// Local-dynamic TLS, because mlir-opt loads the plugin with `dlopen`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
