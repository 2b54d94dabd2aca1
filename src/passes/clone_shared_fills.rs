//! `bufrs-clone-shared-fills`: on tensors, before bufferization, gives each
//! use of a `linalg.fill` with a tensor result a fill of its own, placed right
//! before the op using it, so that no filled tensor is shared.
//!
//! Why: a zero-filled tensor is often the init of several matmuls (one fill,
//! one accumulator value per shape). Copy-before-write bufferization keeps the
//! filled buffer as the source of one copy per accumulator, so it lives from
//! the fill to the last of them. With a fill per use, each fill writes the
//! buffer its user starts from: its buffer is the temporary of that user's
//! copy, which `bufrs-copy-removal` removes, or is written in place, and no
//! buffer outlives its user (docs/clone-shared-fills.md). IREE gets the same
//! by fusing the fill into each consumer dispatch.
//!
//! A broadcast of a function argument is cloned the same way: a
//! `linalg.generic` with one input, a block argument of the function's body
//! (a weight), and one init, all-parallel, whose body only yields the input
//! element. A recurrent model's bias broadcast is the start value of every
//! step's matmul (`bufrs-fold-bias-into-init`); shared, bufferization keeps
//! it for the whole function and copies it into each step's accumulator;
//! cloned, each step's broadcast fuses into that step's gate sum
//! (`linalg-fuse-elementwise-ops`). Like a fill, the clone reads nothing
//! that would otherwise die earlier: its input lives for the whole function.
//! A fill is cheap to repeat (its only input is a scalar); other ops are left
//! alone. The fill's init is cloned with it when
//! it is defined by an op with one result, no regions and no memory effects
//! (`MemoryEffectOpInterface`: the `tensor.empty` a fill is given), so that
//! the clones do not share one destination either; any other init (a block
//! argument, another op's result) is kept as the clones' init. The original
//! fill is erased, then its init when nothing else uses it.
//!
//! The ops are matched by name: the pass reads their fixed form (input
//! operand #0, init operand #1, one result, and a broadcast's body).

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirValue};

use crate::{
    ir::{
        capture::contains_op_named_any,
        edit::{self, InsertPoint},
        functions::{nested_ops, op_name_is, signature},
        interfaces,
    },
    pass_options,
    passes::{
        Anchor, BufrsPass, PassResult,
        fold_permutations::{GENERIC, all_parallel, is_dead_and_pure, segments, uses_of},
        pass,
    },
};

/// The op cloned per use.
pub const FILL: &str = "linalg.fill";

pass_options! {
    /// Options of `bufrs-clone-shared-fills` (none).
    pub struct CloneSharedFillsOptions {}
}

pub struct CloneSharedFills;

impl BufrsPass for CloneSharedFills {
    type Options = CloneSharedFillsOptions;
    const ARGUMENT: &'static str = "bufrs-clone-shared-fills";
    const SUMMARY: &'static str = "On tensors, before bufferization: give each use of a linalg.fill, or of a linalg.generic broadcasting a function argument (one input, a block argument of the function's body; all-parallel; body yielding the input), with a tensor result and several uses a clone of the op of its own, right before the user (with a clone of its init when that is a one-result op without regions or memory effects, e.g. tensor.empty), so that no filled buffer is kept alive as the source of several copies";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        if !contains_op_named_any(root, &[FILL, GENERIC]) {
            return pass::unchanged(root);
        }
        // A fill's body holds scalar ops only: nothing to find inside.
        let fills: Vec<MlirOperation> = nested_ops(root, &mut |op| {
            !op_name_is(op, FILL) && !op_name_is(op, GENERIC)
        })
        .into_iter()
        // SAFETY: every op listed is live; nothing is changed yet.
        .filter(|&op| op_name_is(op, FILL) || unsafe { is_argument_broadcast(op) })
        .collect();
        let mut changed = false;
        for fill in fills {
            // SAFETY: `fill` is live: the pass erases only fills after they
            // are visited and inits, which are defined before their fill and
            // are no fill with a tensor result shared by several uses
            // (an erased init has no use left).
            changed |= unsafe { clone_per_use(fill) };
        }
        if !changed {
            return pass::unchanged(root);
        }
        Ok(())
    }
}

/// Gives each use of `fill`'s tensor result a clone of `fill` (and of its
/// clonable init) right before the user, then erases `fill` and its init if
/// left unused; `false` (nothing changed) unless `fill` has one ranked-tensor
/// result with several uses.
/// # Safety
/// `fill` is a live `linalg.fill`.
unsafe fn clone_per_use(fill: MlirOperation) -> bool {
    // SAFETY: the caller's contract; the uses are read before any changes,
    // and every clone is inserted right before a live user, which the
    // fill's operands (and the init's) dominate as they dominate the fill.
    unsafe {
        if mlir_sys::mlirOperationGetNumResults(fill) != 1
            || mlir_sys::mlirOperationGetNumOperands(fill) != 2
        {
            return false;
        }
        let result = edit::result(fill, 0);
        if !mlir_sys::mlirTypeIsARankedTensor(edit::value_type(result)) {
            return false;
        }
        // The use list runs from the newest use: reversed, the clones for
        // one op's operands come in operand order.
        let mut uses = uses_of(result);
        uses.reverse();
        if uses.len() < 2 {
            return false;
        }
        let init: MlirValue = mlir_sys::mlirOperationGetOperand(fill, 1);
        let init_op = edit::defining_op(init).filter(|&op| is_clonable_init(op));
        for (user, operand) in uses {
            let copy = mlir_sys::mlirOperationClone(fill);
            if let Some(init_op) = init_op {
                let init_copy = mlir_sys::mlirOperationClone(init_op);
                edit::insert(init_copy, InsertPoint::Before(user));
                edit::set_operand(copy, 1, edit::result(init_copy, 0));
            }
            edit::insert(copy, InsertPoint::Before(user));
            edit::set_operand(user, operand, edit::result(copy, 0));
        }
        edit::erase(fill);
        if let Some(init_op) = edit::defining_op(init).filter(|&op| is_dead_and_pure(op)) {
            edit::erase(init_op);
        }
        true
    }
}

/// Whether `op` is a `linalg.generic` with one input, a parameter of the
/// function holding it, one init, only parallel iterators and a body that only yields the input
/// element.
/// # Safety
/// `op` is live.
unsafe fn is_argument_broadcast(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract; handles are checked before use.
    unsafe {
        if !op_name_is(op, GENERIC)
            || segments(op) != Some((1, 1))
            || mlir_sys::mlirOperationGetNumResults(op) != 1
            || all_parallel(op) != Some(true)
            || mlir_sys::mlirOperationGetNumRegions(op) != 1
        {
            return false;
        }
        let input = mlir_sys::mlirOperationGetOperand(op, 0);
        if !mlir_sys::mlirValueIsABlockArgument(input) || !is_function_argument(input) {
            return false;
        }
        let block = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, 0));
        if block.ptr.is_null() || mlir_sys::mlirBlockGetNumArguments(block) != 2 {
            return false;
        }
        let yield_op = mlir_sys::mlirBlockGetFirstOperation(block);
        !yield_op.ptr.is_null()
            && mlir_sys::mlirOperationGetNextInBlock(yield_op)
                .ptr
                .is_null()
            && mlir_sys::mlirOperationGetNumOperands(yield_op) == 1
            && mlir_sys::mlirValueEqual(
                mlir_sys::mlirOperationGetOperand(yield_op, 0),
                mlir_sys::mlirBlockGetArgument(block, 0),
            )
    }
}

/// Whether the block argument `value` is an argument of the entry block of
/// a function-like op (one with a `function_type`): a parameter, live for
/// the function's whole body.
/// # Safety
/// `value` is a live block argument.
unsafe fn is_function_argument(value: MlirValue) -> bool {
    // SAFETY: the caller's contract; handles are checked for null.
    unsafe {
        let block = mlir_sys::mlirBlockArgumentGetOwner(value);
        let region = mlir_sys::mlirBlockGetParentRegion(block);
        if region.ptr.is_null()
            || !mlir_sys::mlirBlockEqual(mlir_sys::mlirRegionGetFirstBlock(region), block)
        {
            return false;
        }
        let owner = mlir_sys::mlirBlockGetParentOperation(block);
        !owner.ptr.is_null() && signature(owner).is_some()
    }
}

/// Whether `op` may be cloned as a fill's init: one result, no regions, and
/// no memory effects, so a clone reads and writes nothing.
/// # Safety
/// `op` is live.
unsafe fn is_clonable_init(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        mlir_sys::mlirOperationGetNumResults(op) == 1
            && mlir_sys::mlirOperationGetNumRegions(op) == 0
            && interfaces::memory_effects(op).is_some_and(|effects| effects.is_empty())
    }
}
