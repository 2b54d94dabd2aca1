//! `bufrs-buffer-loop-hoisting`: moves loop-invariant heap allocations out
//! of loops, through as many nest levels as their operands and the loops
//! allow: loop ops (`LoopLikeOpInterface`, or region back edges as in
//! `scf.while`) and block loops (blocks on a CFG cycle).
//!
//! Unlike upstream's `buffer-loop-hoisting` in LLVM 22.1.8, which leaves the
//! dealloc in the loop body (so the hoisted buffer is freed every iteration:
//! a use-after-free and a double free under ASan), bufrs removes the frees
//! in the body and builds one free right after the loop, so the result is
//! right whether the pass runs before or after deallocation:
//!
//! ```mlir
//! scf.for %i = %lb to %ub step %s {          %0 = memref.alloc() : memref<4xf32>
//!   %0 = memref.alloc() : memref<4xf32>  =>  scf.for %i = %lb to %ub step %s {
//!   "use"(%0) ...                              "use"(%0) ...
//!   memref.dealloc %0 : memref<4xf32>        }
//! }                                          memref.dealloc %0 : memref<4xf32>
//! ```
//!
//! One allocation and one free also when the loop runs zero times. The rule
//! for sharing one buffer between iterations (see
//! [`crate::passes::hoisting`]): no alias is carried to the next iteration
//! (iter_args, while arguments, block-loop branch operands), stored, or used
//! by an op with unknown effects; a written buffer does not flow into a
//! merge inside the loop (e.g. as an iter_arg init: the next iteration's
//! write would follow it, which the deallocation refuses); each iteration
//! writes before it reads (the
//! seeds' assumption; a read before any write saw unspecified contents
//! anyway). Parallel loops are never left. A buffer freed inside a block loop
//! stays (its free would have to move to every exit edge).

use melior::ir::OperationRef;

use crate::{
    options::Allowed,
    pass_options,
    passes::hoisting::{Policy, hoist},
    passes::{Anchor, BufrsPass, PassResult},
};

pass_options! {
    /// Options of `bufrs-buffer-loop-hoisting`.
    pub struct BufferLoopHoistingOptions {
        block_loops: bool = true => "block-loops",
            "Also leave block loops (CFG cycles), not only loop ops.";
        keep_peak: bool = false => "keep-peak",
            "Leave a loop only where the buffer is live at every heap allocation the loop body may make and no earlier op of the body uses a buffer the body receives, so that sharing it between iterations cannot raise the peak heap bytes.";
        promoted_max_bytes: i64 = 0 => "promoted-max-bytes",
            "With keep-peak: an allocation bufrs-promote-buffers-to-stack will move to the stack once out of every loop (static shape of at most this many bytes, rank at most promoted-max-rank, not escaping) costs no heap bytes, so it leaves its loops as without keep-peak; 0: none is.", allowed Allowed::NON_NEGATIVE;
        promoted_max_rank: i64 = 1 => "promoted-max-rank",
            "With keep-peak and promoted-max-bytes: the largest rank of such an allocation.", allowed Allowed::NON_NEGATIVE;
        emit_remarks: bool = false => "emit-remarks",
            "Emit a remark at every heap allocation saying whether it left loops and what stopped it.";
    }
}

pub struct BufferLoopHoisting;

impl BufrsPass for BufferLoopHoisting {
    type Options = BufferLoopHoistingOptions;
    const ARGUMENT: &'static str = "bufrs-buffer-loop-hoisting";
    const SUMMARY: &'static str =
        "Move loop-invariant heap allocations out of loops, with their frees after the loop";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        hoist(
            op,
            Policy {
                leave_block_loops: options.block_loops,
                keep_peak: options.keep_peak,
                promoted: (options.keep_peak && options.promoted_max_bytes > 0)
                    .then_some((options.promoted_max_bytes, options.promoted_max_rank)),
                ..Policy::LOOP_HOISTING
            },
            options.emit_remarks,
        )
    }
}
