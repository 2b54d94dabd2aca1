//! One file per pass. Each pass takes a snapshot of the op it runs on
//! (`ir::capture`), decides in pure Rust, then applies its edits.

pub mod buffer_deallocation;
pub mod buffer_hoisting;
pub mod buffer_loop_hoisting;
pub mod buffer_results_to_out_params;
pub mod clone_shared_fills;
pub mod contract_report;
pub mod copy_removal;
pub mod dealloc_simplification;
pub mod decompose_tuples;
pub mod expand_realloc;
pub mod finalize_deallocation;
pub mod fold_bias_into_init;
pub mod fold_permutations;
pub mod function_boundaries;
pub mod hoisting;
pub mod lower_deallocations;
pub mod merge_alloc;
pub mod ownership_deallocation;
pub mod ownership_function_boundaries;
pub mod pack_constants;
pub mod pass;
pub mod print_aliases;
pub mod print_dominance;
pub mod print_lifetimes;
pub mod print_liveness;
pub mod print_support;
pub mod promote_buffers_to_stack;
pub mod remove_read_only_copies;
pub mod report_file;
pub mod reuse_dying_inputs;
pub mod test_build_analyses;
pub mod test_support;
pub mod verify_deallocation;
pub mod view_unread_inputs;
pub mod write_into_destination;

pub use pass::{Anchor, BufrsPass, PassFailed, PassResult};
