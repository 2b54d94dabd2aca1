//! `bufrs-buffer-hoisting`: moves heap allocations as far up as their
//! operands allow (seeds 000/002, "Movement and Placement of Allocations"):
//! to the earliest point of their block after the definitions of their
//! operands, up the dominator tree of a CFG region, out of regions that run
//! exactly once per run of their op (`scf.execute_region`) and, with
//! `leave-conditionals=true`, out of regions that may not run (`scf.if`),
//! but not out of loops (that is `bufrs-buffer-loop-hoisting`). Leaving a
//! conditional runs the allocation on every path, which costs mallocs on
//! the paths that did not allocate (see docs/optimizations.md), hence off
//! by default; CFG dominator moves follow the seed and are on.
//!
//! Before:
//! ```mlir
//! cf.cond_br %c, ^bb1, ^bb2
//! ^bb2:
//!   %0 = memref.alloc() : memref<2xf32>
//!   "use"(%0) ...
//!   cf.br ^bb3(%0 : memref<2xf32>)
//! ```
//! After: `%0 = memref.alloc()` opens the entry block.
//!
//! A move that runs the allocation on more paths is made only when that is
//! right both before and after deallocation (see [`crate::passes::hoisting`]):
//! a buffer that is freed, or leaves the function, stays on its paths, unless
//! its whole life lies in the region it leaves, in which case its frees move
//! right after that region's op.

use melior::ir::OperationRef;

use crate::{
    pass_options,
    passes::hoisting::{Policy, hoist},
    passes::{Anchor, BufrsPass, PassResult},
};

pass_options! {
    /// Options of `bufrs-buffer-hoisting`.
    pub struct BufferHoistingOptions {
        leave_conditionals: bool = false => "leave-conditionals",
            "Also move allocations out of regions that may not run (e.g. scf.if), running them on every path.";
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark at every heap allocation saying whether it moved and what stopped it.";
    }
}

pub struct BufferHoisting;

impl BufrsPass for BufferHoisting {
    type Options = BufferHoistingOptions;
    const ARGUMENT: &'static str = "bufrs-buffer-hoisting";
    const SUMMARY: &'static str =
        "Move heap allocations up to dominating blocks and out of nested regions";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        hoist(
            op,
            Policy {
                leave_conditionals: options.leave_conditionals,
                ..Policy::HOISTING
            },
            options.emit_remarks,
        )
    }
}
