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
//! A fill is cheap to repeat (its only input is a scalar), so only fills are
//! cloned; other ops are left alone. The fill's init is cloned with it when
//! it is defined by an op with one result, no regions and no memory effects
//! (`MemoryEffectOpInterface`: the `tensor.empty` a fill is given), so that
//! the clones do not share one destination either; any other init (a block
//! argument, another op's result) is kept as the clones' init. The original
//! fill is erased, then its init when nothing else uses it.
//!
//! The fill is matched by name: the pass reads its fixed form (scalar operand
//! #0, init operand #1, one result).

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirValue};

use crate::{
    ir::{
        capture::contains_op_named_any,
        edit::{self, InsertPoint},
        functions::{nested_ops, op_name_is},
        interfaces,
    },
    pass_options,
    passes::{
        Anchor, BufrsPass, PassResult,
        fold_permutations::{is_dead_and_pure, uses_of},
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
    const SUMMARY: &'static str = "On tensors, before bufferization: give each use of a linalg.fill with a tensor result and several uses a clone of the fill of its own, right before the user (with a clone of its init when that is a one-result op without regions or memory effects, e.g. tensor.empty), so that no filled buffer is kept alive as the source of several copies";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        if !contains_op_named_any(root, &[FILL]) {
            return pass::unchanged(root);
        }
        // A fill's body holds scalar ops only: nothing to find inside.
        let fills: Vec<MlirOperation> = nested_ops(root, &mut |op| !op_name_is(op, FILL))
            .into_iter()
            .filter(|&op| op_name_is(op, FILL))
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
