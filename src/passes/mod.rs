//! One file per pass. Each pass takes a snapshot of the op it runs on
//! (`analysis::capture`), decides in pure Rust, then applies its edits.

pub mod promote_buffers_to_stack;
pub mod test_support;
