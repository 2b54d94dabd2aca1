//! `bufrs-fold-bias-into-init`: on tensors, before bufferization, folds an
//! elementwise addition of a bias to a contraction's result into the
//! contraction's init, so that the contraction's result and the biased
//! result are one tensor instead of two.
//!
//! The shape matched: `%c = C(%a, %b) outs(%z)` a `linalg.generic` with two
//! inputs and one init whose body yields `out + x*y` (`arith.addf` of the
//! init element and `arith.mulf` of the two input elements, either operand
//! order; or one input, `y` a value from outside the body: a constant
//! operand, e.g. a recurrent model's zero first state, folded into it), `%z` any tensor, `%c`'s only use an input of
//! `%r = E(%c, %bias) outs(%e)`, an all-parallel `linalg.generic` in the
//! same block whose body yields `arith.addf` of its two input elements,
//! reading `%c` through the same map as its init and with `%c`'s type as
//! its result type. Then `%r[m(x)] = %c[m(x)] + %bias[q(x)]`, and the pass
//! builds, right before `E`, the new init `%i`, moves `C` after it with `%i`
//! as its init, and replaces `%r` with `C`'s result. When `%z` is a zero
//! fill (`linalg.fill` of `+0.0`, or a generic yielding an `arith.constant`
//! `+0.0`, as its scalar input or with no input), `%i = B(%bias) outs(%e)`
//! is the broadcast of the bias (maps `q` and `m`, `E`'s iterators, body
//! yielding the bias element); for any other `%z` (a broadcast or copy of
//! another bias, an accumulator already holding a sum), `%i = S(%z, %bias)
//! outs(%e)` adds the bias to it (maps `m`, `q` and `m`, body `arith.addf`
//! of the two inputs). `E` is erased, then a zero fill and its init if
//! nothing else uses them.
//!
//! Why: after bufferization `%c` and `%r` are two buffers live together
//! (the recurrent models' input projection of all time steps); IREE adds
//! the bias in the matmul's dispatch (docs/merge-alloc.md, "Against IREE").
//! The recurrent models add both the previous state's product and the input
//! projection's row to a bias: with the second form, the step's gate sums
//! are one tensor. The floating-point order changes: the bias is added to
//! the start value before the products instead of after them.
//!
//! The ops are matched by name: the pass reads and builds their fixed form
//! (operand segments, `indexing_maps`, `iterator_types` and the body), which
//! no interface exposes through MLIR's C API.

use melior::ir::OperationRef;
use mlir_sys::{MlirAttribute, MlirBlock, MlirOperation, MlirValue};

use crate::{
    ir::{
        Diagnostic,
        capture::contains_op_named_any,
        diagnostics::{Severity, string_ref},
        edit::{self, InsertPoint, OpParts},
        functions::{nested_ops, op_name_is},
        interfaces,
    },
    pass_options,
    passes::{
        Anchor, BufrsPass, PassFailed, PassResult,
        fold_permutations::{
            INDEXING_MAPS, ITERATOR_TYPES, OPERAND_SEGMENTS, all_parallel, attribute, segments,
            uses_of,
        },
        pass,
    },
};

const GENERIC: &str = "linalg.generic";
const FILL: &str = "linalg.fill";
const YIELD: &str = "linalg.yield";
const ADDF: &str = "arith.addf";
const MULF: &str = "arith.mulf";
const CONSTANT: &str = "arith.constant";

pass_options! {
    /// Options of `bufrs-fold-bias-into-init` (none).
    pub struct FoldBiasIntoInitOptions {}
}

pub struct FoldBiasIntoInit;

impl BufrsPass for FoldBiasIntoInit {
    type Options = FoldBiasIntoInitOptions;
    const ARGUMENT: &'static str = "bufrs-fold-bias-into-init";
    const SUMMARY: &'static str = "On tensors, before bufferization: when a linalg.generic contraction (body out + x*y) has as only use an all-parallel linalg.generic adding a bias to it elementwise, start the contraction from the bias broadcast into the addition's init (init a +0.0 fill) or from the sum of its init and the bias (any other init) instead, and replace the addition by the contraction";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        if !contains_op_named_any(root, &[GENERIC]) {
            return pass::unchanged(root);
        }
        // Linalg bodies hold scalar ops only: nothing to match inside.
        let ops = nested_ops(root, &mut |op| {
            !op_name_is(op, GENERIC) && !op_name_is(op, FILL)
        });
        // All matches first: each is a contraction and its one user, which
        // no other match contains (an addition's body is no contraction's),
        // and the rewrites erase only those users and dead fills.
        // SAFETY: every op listed is live; nothing is changed yet.
        let matches: Vec<Match> = ops
            .into_iter()
            .filter_map(|op| unsafe { Match::of(op) })
            .collect();
        if matches.is_empty() {
            return pass::unchanged(root);
        }
        for found in &matches {
            // SAFETY: a match's ops are live until its own rewrite.
            if unsafe { rewrite(found) }.is_none() {
                Diagnostic::at_raw(
                    found.add,
                    Severity::Error,
                    format!(
                        "{}: could not build the contraction's new init",
                        Self::ARGUMENT
                    ),
                )
                .emit();
                return Err(PassFailed);
            }
        }
        Ok(())
    }
}

/// A contraction whose only use is an elementwise addition of a bias.
struct Match {
    contraction: MlirOperation,
    add: MlirOperation,
    /// Whether the contraction's init is a `+0.0` fill.
    zero_start: bool,
    /// The position of the addition's other input (the bias) and its
    /// indexing map.
    bias_index: isize,
    bias_map: MlirAttribute,
    /// The addition's init's indexing map.
    init_map: MlirAttribute,
}

// The operands are read when a rewrite runs, not when the match is found:
// an earlier rewrite replaces its addition's result, which may be one of
// them, by its contraction's.
impl Match {
    /// The contraction's init (its last operand).
    /// # Safety
    /// The match's ops are live.
    unsafe fn start(&self) -> MlirValue {
        // SAFETY: the caller's contract.
        unsafe {
            let count = mlir_sys::mlirOperationGetNumOperands(self.contraction);
            mlir_sys::mlirOperationGetOperand(self.contraction, count - 1)
        }
    }

    /// The bias the addition adds.
    /// # Safety
    /// The match's ops are live.
    unsafe fn bias(&self) -> MlirValue {
        // SAFETY: the caller's contract.
        unsafe { mlir_sys::mlirOperationGetOperand(self.add, self.bias_index) }
    }

    /// The addition's init (operand 2).
    /// # Safety
    /// The match's ops are live.
    unsafe fn init(&self) -> MlirValue {
        // SAFETY: the caller's contract.
        unsafe { mlir_sys::mlirOperationGetOperand(self.add, 2) }
    }
}

impl Match {
    /// `contraction` and its user read as the module doc's shape, or `None`.
    /// # Safety
    /// `contraction` is live.
    unsafe fn of(contraction: MlirOperation) -> Option<Match> {
        // SAFETY: the caller's contract; every handle read is checked for
        // presence and kind before use.
        unsafe {
            if !op_name_is(contraction, GENERIC)
                || !matches!(segments(contraction)?, (1 | 2, 1))
                || mlir_sys::mlirOperationGetNumResults(contraction) != 1
                || !body_is_multiply_accumulate(contraction)
            {
                return None;
            }
            let result = edit::result(contraction, 0);
            let [(add, operand)] = uses_of(result)[..] else {
                return None;
            };
            if !op_name_is(add, GENERIC)
                || operand > 1
                || segments(add)? != (2, 1)
                || mlir_sys::mlirOperationGetNumResults(add) != 1
                || !mlir_sys::mlirBlockEqual(
                    mlir_sys::mlirOperationGetBlock(add),
                    mlir_sys::mlirOperationGetBlock(contraction),
                )
                || !all_parallel(add)?
                || !body_adds_inputs(add)
                || !mlir_sys::mlirTypeEqual(
                    edit::value_type(edit::result(add, 0)),
                    edit::value_type(result),
                )
            {
                return None;
            }
            let maps = attribute(add, INDEXING_MAPS)?;
            if !mlir_sys::mlirAttributeIsAArray(maps)
                || mlir_sys::mlirArrayAttrGetNumElements(maps) != 3
            {
                return None;
            }
            let read_map = mlir_sys::mlirArrayAttrGetElement(maps, operand as isize);
            let init_map = mlir_sys::mlirArrayAttrGetElement(maps, 2);
            if !mlir_sys::mlirAttributeEqual(read_map, init_map) {
                return None;
            }
            let other = 1 - operand;
            let bias = mlir_sys::mlirOperationGetOperand(add, other as isize);
            // A scalar bias (a generic may take one as an input) is left
            // alone: the new init's body reads tensor elements.
            if !mlir_sys::mlirTypeIsAShaped(edit::value_type(bias)) {
                return None;
            }
            // One init, after the inputs.
            let start = mlir_sys::mlirOperationGetOperand(
                contraction,
                mlir_sys::mlirOperationGetNumOperands(contraction) - 1,
            );
            Some(Match {
                zero_start: is_positive_zero_fill(start),
                contraction,
                add,
                bias_index: other as isize,
                bias_map: mlir_sys::mlirArrayAttrGetElement(maps, other as isize),
                init_map,
            })
        }
    }
}

/// Builds the new init (the bias broadcast, or the old init plus the bias)
/// before the addition, moves the contraction after it with it as its init, replaces the
/// addition by the contraction and erases what is left dead. `None` (and the
/// IR unchanged) if MLIR refuses to build the new init.
/// # Safety
/// `found`'s ops are live and still match.
unsafe fn rewrite(found: &Match) -> Option<()> {
    // SAFETY: the caller's contract; every handle comes from the match.
    unsafe {
        let broadcast = build_init(found)?;
        let old_init = found.start();
        // The contraction dominates the addition in their block, so its
        // operands dominate any point between the two.
        edit::move_after(found.contraction, broadcast);
        let init_index = mlir_sys::mlirOperationGetNumOperands(found.contraction) as usize - 1;
        edit::set_operand(found.contraction, init_index, edit::result(broadcast, 0));
        edit::replace_all_uses(
            edit::result(found.add, 0),
            edit::result(found.contraction, 0),
        );
        edit::erase(found.add);
        if let Some(fill) =
            edit::defining_op(old_init).filter(|&op| found.zero_start && is_dead_and_pure(op))
        {
            // A fill's init is its last operand.
            let count = mlir_sys::mlirOperationGetNumOperands(fill);
            let fill_init = (count > 0).then(|| mlir_sys::mlirOperationGetOperand(fill, count - 1));
            edit::erase(fill);
            if let Some(empty) = fill_init
                .and_then(|value| edit::defining_op(value))
                .filter(|&op| is_dead_and_pure(op))
            {
                edit::erase(empty);
            }
        }
        Some(())
    }
}

/// Inserted right before the addition: for a zero start,
/// `%i = linalg.generic {bias_map, init_map} ins(%bias) outs(%init)`
/// yielding the bias element; otherwise `%i = linalg.generic {init_map,
/// bias_map, init_map} ins(%start, %bias) outs(%init)` yielding their sum.
/// # Safety
/// `found`'s ops are live.
unsafe fn build_init(found: &Match) -> Option<MlirOperation> {
    // SAFETY: the caller's contract; the arrays outlive the calls; the new
    // region and block are owned by the new op once built.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(found.add);
        let location = edit::location(found.add);
        let (maps, inputs, segments) = if found.zero_start {
            (
                vec![found.bias_map, found.init_map],
                vec![found.bias()],
                "array<i32: 1, 1>",
            )
        } else {
            (
                vec![found.init_map, found.bias_map, found.init_map],
                vec![found.start(), found.bias()],
                "array<i32: 2, 1>",
            )
        };
        let maps = mlir_sys::mlirArrayAttrGet(context, maps.len() as isize, maps.as_ptr());
        let segments = mlir_sys::mlirAttributeParseGet(context, string_ref(segments));
        let iterators = attribute(found.add, ITERATOR_TYPES)?;
        if maps.ptr.is_null() || segments.ptr.is_null() {
            return None;
        }
        let named = |name: &str, attr: MlirAttribute| {
            mlir_sys::mlirNamedAttributeGet(
                mlir_sys::mlirIdentifierGet(context, string_ref(name)),
                attr,
            )
        };
        let attributes = [
            named(INDEXING_MAPS, maps),
            named(ITERATOR_TYPES, iterators),
            named(OPERAND_SEGMENTS, segments),
        ];
        let element =
            |value: MlirValue| mlir_sys::mlirShapedTypeGetElementType(edit::value_type(value));
        let mut argument_types: Vec<_> = inputs.iter().map(|&value| element(value)).collect();
        argument_types.push(element(found.init()));
        let locations = vec![location; argument_types.len()];
        let block = mlir_sys::mlirBlockCreate(
            argument_types.len() as isize,
            argument_types.as_ptr(),
            locations.as_ptr(),
        );
        // Builds `name` at the end of the payload block; if MLIR refuses
        // it, the block (owned by nothing yet) is destroyed.
        let append = |name: &str, operands: &[MlirValue], result_types: &[mlir_sys::MlirType]| {
            let op = edit::build_op(
                string_ref(name),
                location,
                OpParts {
                    operands,
                    result_types,
                    successors: &[],
                    attributes: &[],
                    regions: &[],
                },
            );
            if op.ptr.is_null() {
                mlir_sys::mlirBlockDestroy(block);
                return None;
            }
            edit::insert(op, InsertPoint::EndOf(block));
            Some(op)
        };
        let mut yielded = mlir_sys::mlirBlockGetArgument(block, 0);
        if !found.zero_start {
            let sum = append(
                ADDF,
                &[yielded, mlir_sys::mlirBlockGetArgument(block, 1)],
                &[element(found.init())],
            )?;
            yielded = edit::result(sum, 0);
        }
        append(YIELD, &[yielded], &[])?;
        let region = mlir_sys::mlirRegionCreate();
        mlir_sys::mlirRegionAppendOwnedBlock(region, block);
        let broadcast = edit::build_op(
            string_ref(GENERIC),
            location,
            OpParts {
                operands: &[inputs.as_slice(), &[found.init()]].concat(),
                result_types: &[edit::value_type(edit::result(found.add, 0))],
                successors: &[],
                attributes: &attributes,
                regions: &[region],
            },
        );
        if broadcast.ptr.is_null() {
            return None;
        }
        edit::insert(broadcast, InsertPoint::Before(found.add));
        Some(broadcast)
    }
}

/// The one block of `op`'s one region and its ops, if it has exactly that.
/// # Safety
/// `op` is live.
unsafe fn body(op: MlirOperation) -> Option<(MlirBlock, Vec<MlirOperation>)> {
    // SAFETY: the caller's contract; every handle is checked for null.
    unsafe {
        if mlir_sys::mlirOperationGetNumRegions(op) != 1 {
            return None;
        }
        let block = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, 0));
        if block.ptr.is_null() || !mlir_sys::mlirBlockGetNextInRegion(block).ptr.is_null() {
            return None;
        }
        let mut ops = Vec::new();
        let mut next = mlir_sys::mlirBlockGetFirstOperation(block);
        while !next.ptr.is_null() {
            ops.push(next);
            next = mlir_sys::mlirOperationGetNextInBlock(next);
        }
        Some((block, ops))
    }
}

/// Argument number of `value` if it is an argument of `block`.
/// # Safety
/// `value` and `block` are live.
unsafe fn argument_number(value: MlirValue, block: MlirBlock) -> Option<isize> {
    // SAFETY: the caller's contract.
    unsafe {
        (mlir_sys::mlirValueIsABlockArgument(value)
            && mlir_sys::mlirBlockEqual(mlir_sys::mlirBlockArgumentGetOwner(value), block))
        .then(|| mlir_sys::mlirBlockArgumentGetArgNumber(value))
    }
}

/// Whether the two operands of the binary `op` are, in either order, `a`
/// and `b`.
/// # Safety
/// `op` is live.
unsafe fn operands_are(op: MlirOperation, a: MlirValue, b: MlirValue) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        if mlir_sys::mlirOperationGetNumOperands(op) != 2 {
            return false;
        }
        let x = mlir_sys::mlirOperationGetOperand(op, 0);
        let y = mlir_sys::mlirOperationGetOperand(op, 1);
        (mlir_sys::mlirValueEqual(x, a) && mlir_sys::mlirValueEqual(y, b))
            || (mlir_sys::mlirValueEqual(x, b) && mlir_sys::mlirValueEqual(y, a))
    }
}

/// Whether the body of the one-init generic `op` is
/// `%m = arith.mulf %in0, %in1; %s = arith.addf %out, %m; linalg.yield %s`
/// (two inputs), or the same with `%in1` a value defined outside the body
/// (one input: a constant operand folded into the body), each binary op's
/// operands in either order.
/// # Safety
/// `op` is live.
unsafe fn body_is_multiply_accumulate(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract; argument indices are checked.
    unsafe {
        let Some((block, ops)) = body(op) else {
            return false;
        };
        let [mul, add, yield_op] = ops[..] else {
            return false;
        };
        let arguments = mlir_sys::mlirBlockGetNumArguments(block);
        if !(arguments == 2 || arguments == 3)
            || !op_name_is(mul, MULF)
            || !op_name_is(add, ADDF)
            || !op_name_is(yield_op, YIELD)
            || mlir_sys::mlirOperationGetNumOperands(yield_op) != 1
        {
            return false;
        }
        let argument = |i| mlir_sys::mlirBlockGetArgument(block, i);
        let multiplies = if arguments == 3 {
            operands_are(mul, argument(0), argument(1))
        } else {
            // The factor other than the input is no block argument of
            // this body (nor an op in it: the body holds three ops).
            let other = |i| mlir_sys::mlirOperationGetOperand(mul, i);
            mlir_sys::mlirOperationGetNumOperands(mul) == 2
                && [(0, 1), (1, 0)].into_iter().any(|(a, b)| {
                    mlir_sys::mlirValueEqual(other(a), argument(0))
                        && argument_number(other(b), block).is_none()
                        && !defined_in(other(b), block)
                })
        };
        multiplies
            && operands_are(add, argument(arguments - 1), edit::result(mul, 0))
            && mlir_sys::mlirValueEqual(
                mlir_sys::mlirOperationGetOperand(yield_op, 0),
                edit::result(add, 0),
            )
    }
}

/// Whether `value` is the result of an op in `block`.
/// # Safety
/// `value` and `block` are live.
unsafe fn defined_in(value: MlirValue, block: MlirBlock) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        edit::defining_op(value)
            .is_some_and(|op| mlir_sys::mlirBlockEqual(mlir_sys::mlirOperationGetBlock(op), block))
    }
}

/// Whether the body of the two-input, one-init generic `op` is
/// `%s = arith.addf %in0, %in1; linalg.yield %s` (either order).
/// # Safety
/// `op` is live.
unsafe fn body_adds_inputs(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract; argument indices are checked.
    unsafe {
        let Some((block, ops)) = body(op) else {
            return false;
        };
        let [add, yield_op] = ops[..] else {
            return false;
        };
        mlir_sys::mlirBlockGetNumArguments(block) == 3
            && op_name_is(add, ADDF)
            && op_name_is(yield_op, YIELD)
            && mlir_sys::mlirOperationGetNumOperands(yield_op) == 1
            && operands_are(
                add,
                mlir_sys::mlirBlockGetArgument(block, 0),
                mlir_sys::mlirBlockGetArgument(block, 1),
            )
            && mlir_sys::mlirValueEqual(
                mlir_sys::mlirOperationGetOperand(yield_op, 0),
                edit::result(add, 0),
            )
    }
}

/// Whether `value` is the result of a fill with `+0.0`: a `linalg.fill`
/// of an `arith.constant` `+0.0`, a `linalg.generic` with no input and one
/// init whose body only yields such a constant defined outside it, or one
/// with a scalar input (such a constant) whose body only yields that input
/// (`linalg-generalize-named-ops`' form of `linalg.fill`).
/// # Safety
/// `value` is live.
unsafe fn is_positive_zero_fill(value: MlirValue) -> bool {
    // SAFETY: the caller's contract; handles are checked before use.
    unsafe {
        let Some(fill) = edit::defining_op(value) else {
            return false;
        };
        if mlir_sys::mlirOperationGetNumResults(fill) != 1 {
            return false;
        }
        let filled = if op_name_is(fill, FILL) {
            if mlir_sys::mlirOperationGetNumOperands(fill) != 2 {
                return false;
            }
            mlir_sys::mlirOperationGetOperand(fill, 0)
        } else if op_name_is(fill, GENERIC) {
            let inputs = match segments(fill) {
                Some((inputs @ (0 | 1), 1)) => inputs,
                _ => return false,
            };
            let Some((block, ops)) = body(fill) else {
                return false;
            };
            let [yield_op] = ops[..] else {
                return false;
            };
            if !op_name_is(yield_op, YIELD) || mlir_sys::mlirOperationGetNumOperands(yield_op) != 1
            {
                return false;
            }
            let yielded = mlir_sys::mlirOperationGetOperand(yield_op, 0);
            match (inputs, argument_number(yielded, block)) {
                // A constant from outside the body.
                (0, None) => yielded,
                // A generalized linalg.fill: its scalar input yielded.
                (1, Some(0)) => {
                    let input = mlir_sys::mlirOperationGetOperand(fill, 0);
                    if mlir_sys::mlirTypeIsAShaped(edit::value_type(input)) {
                        return false;
                    }
                    input
                }
                _ => return false,
            }
        } else {
            return false;
        };
        let Some(constant) = edit::defining_op(filled).filter(|&op| op_name_is(op, CONSTANT))
        else {
            return false;
        };
        let Some(attr) = attribute(constant, "value") else {
            return false;
        };
        if !mlir_sys::mlirAttributeIsAFloat(attr) {
            return false;
        }
        let zero = mlir_sys::mlirFloatAttrGetValueDouble(attr);
        zero == 0.0 && zero.is_sign_positive()
    }
}

/// Whether `op` can go without changing anything: no result is used and it
/// reports no memory effect (a linalg op on tensors reports none; its body
/// is scalar arithmetic).
/// # Safety
/// `op` is live.
unsafe fn is_dead_and_pure(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        (0..mlir_sys::mlirOperationGetNumResults(op))
            .all(|i| uses_of(edit::result(op, i as usize)).is_empty())
            && interfaces::memory_effects(op).is_some_and(|effects| effects.is_empty())
    }
}
