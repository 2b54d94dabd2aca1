//! `bufrs-ownership-function-boundaries`: the module-level step of
//! private-function dynamic ownership, apart from the per-function rewrite
//! so that the rewrite runs as a function pass, in parallel
//! (`bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true}`
//! runs this pass, then `func.func(bufrs-ownership-based-buffer-deallocation{private-function-dynamic-ownership=true})`).
//!
//! Every private function with a body that returns buffers and whose symbol
//! is used only by direct calls (the call graph of
//! [`crate::analysis::call_graph`]) gets one `i1` result per returned buffer
//! after its results, and every call of it is rebuilt with those results.
//! Its returns pass `true` for each flag for now (`arith.constant true`:
//! the caller owns what it gets, the public ABI), which keeps the IR valid
//! between the passes; the per-function rewrite replaces them with the real
//! flags. A private function used otherwise (its address taken) keeps its
//! signature, with a remark.
//!
//! The changes are marked with the discardable attribute
//! [`OWNERSHIP_FLAGS`](crate::passes::function_boundaries::OWNERSHIP_FLAGS) (`array<i64: buffer results>`): on every function
//! with a body directly in the module (an empty array when its returns carry
//! no flags; the per-function rewrite refuses a function without the mark,
//! the sign that this step did not run) and on every rebuilt call. The
//! per-function rewrite reads the marks of its own function and its own
//! calls only, and removes them. A function already marked keeps its
//! signature (running the step twice changes nothing).

use std::collections::HashMap;

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirType, MlirValue};

use crate::{
    analysis::call_graph::{LeftAlone, SymbolUse},
    dialect::builders,
    ir::{
        Diagnostic, Severity,
        edit::{self, InsertPoint},
        functions,
    },
    options::NoOptions,
    passes::{
        Anchor, BufrsPass, PassResult,
        function_boundaries::{ownership_flags, private_function_boundaries, set_ownership_flags},
    },
};

pub struct OwnershipFunctionBoundaries;

impl BufrsPass for OwnershipFunctionBoundaries {
    type Options = NoOptions;
    const ARGUMENT: &'static str = "bufrs-ownership-function-boundaries";
    const SUMMARY: &'static str = "Private-function dynamic ownership, module step: private functions called only directly return one more i1 per returned buffer (caller owns it), their calls are rebuilt, and both are marked for the per-function bufrs-ownership-based-buffer-deallocation";
    const ANCHOR: Anchor = Anchor::Op("builtin.module");
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["arith"];

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        if flag_private_functions(op.to_raw()) {
            Ok(())
        } else {
            crate::passes::pass::unchanged(op.to_raw())
        }
    }
}

/// The step on the functions directly in `module` (see the module doc);
/// false when it changed nothing (every function was marked already).
pub fn flag_private_functions(module: MlirOperation) -> bool {
    let (candidates, uses, users) = private_function_boundaries(module);
    let candidate_ops: HashMap<usize, usize> = candidates
        .iter()
        .enumerate()
        .map(|(i, c)| (c.function.op.ptr as usize, i))
        .collect();
    let mut flagged: HashMap<String, Vec<usize>> = HashMap::new();
    let mut changed = false;
    for function in functions::module_functions(module) {
        if !function.has_body || ownership_flags(function.op).is_some() {
            continue;
        }
        changed = true;
        let flags = candidate_ops
            .get(&(function.op.ptr as usize))
            .map(|&i| &candidates[i])
            .and_then(|candidate| flag_function(candidate, &users))
            .unwrap_or_default();
        // SAFETY: a live function of the module.
        unsafe { set_ownership_flags(function.op, &flags) };
        if !flags.is_empty() {
            flagged.insert(function.name, flags);
        }
    }
    for (symbol_use, &call) in uses.iter().zip(&users) {
        let SymbolUse::DirectCall { callee } = symbol_use else {
            continue;
        };
        if let Some(buffers) = flagged.get(callee) {
            // SAFETY: a live direct call of a function flagged above.
            unsafe { rebuild_call(call, buffers) };
        }
    }
    changed
}

/// Gives `candidate` its flag results and placeholder flags when it is left
/// alone by nothing (returns its buffer results), or remarks why a private
/// one keeps the public ABI (returns `None`).
fn flag_function(
    candidate: &crate::passes::function_boundaries::BoundaryCandidate,
    users: &[MlirOperation],
) -> Option<Vec<usize>> {
    let function = &candidate.function;
    match candidate.left_alone {
        None => {}
        Some(LeftAlone::UsedOtherThanByCall(index)) if !function.public => {
            // SAFETY: live ops of the running pass.
            let (op, user) = unsafe {
                (
                    OperationRef::from_raw(function.op),
                    OperationRef::from_raw(users[index]),
                )
            };
            Diagnostic::new(
                &op,
                Severity::Remark,
                format!(
                    "'{}' is used other than by a direct call: it keeps the public ABI (callers own its results)",
                    function.name
                ),
            )
            .note_at(&user, "used here")
            .emit();
            return None;
        }
        Some(_) => return None,
    }
    let buffers = candidate.buffers.clone();
    // SAFETY: a live function with a body and types of its context; its
    // returns get one operand per new result.
    unsafe {
        let i1 = mlir_sys::mlirIntegerTypeGet(mlir_sys::mlirOperationGetContext(function.op), 1);
        let mut signature = function.signature.clone();
        let count = signature.results.len();
        signature
            .results
            .extend(std::iter::repeat_n(i1, buffers.len()));
        let mut res_attrs = functions::per_position_attributes(function.op, "res_attrs", count);
        res_attrs.resize(signature.results.len(), Vec::new());
        functions::set_signature(function.op, &signature);
        functions::set_per_position_attributes(function.op, "res_attrs", &res_attrs);
        for ret in functions::return_terminators(function.op) {
            let location = edit::location(ret);
            let Some(owned) =
                builders::arith_constant_bool(true, location, InsertPoint::Before(ret))
            else {
                continue; // the verifier reports the return's arity
            };
            let n = mlir_sys::mlirOperationGetNumOperands(ret);
            let mut operands: Vec<MlirValue> = (0..n)
                .map(|i| mlir_sys::mlirOperationGetOperand(ret, i))
                .collect();
            operands.extend(std::iter::repeat_n(owned, buffers.len()));
            mlir_sys::mlirOperationSetOperands(ret, operands.len() as isize, operands.as_ptr());
        }
    }
    Some(buffers)
}

/// Rebuilds `call` with the same operands, attributes and regions and one
/// more `i1` result per result in `buffers`, marked with
/// [`OWNERSHIP_FLAGS`](crate::passes::function_boundaries::OWNERSHIP_FLAGS); the old call's uses move to the new one before it is
/// erased.
/// # Safety
/// `call` is live.
unsafe fn rebuild_call(call: MlirOperation, buffers: &[usize]) {
    // SAFETY: the caller's contract; the new call replaces the old one.
    unsafe {
        let count = mlir_sys::mlirOperationGetNumResults(call) as usize;
        let operands: Vec<MlirValue> = (0..mlir_sys::mlirOperationGetNumOperands(call))
            .map(|i| mlir_sys::mlirOperationGetOperand(call, i))
            .collect();
        let i1 = mlir_sys::mlirIntegerTypeGet(mlir_sys::mlirOperationGetContext(call), 1);
        let mut types: Vec<MlirType> = (0..count)
            .map(|i| edit::value_type(edit::result(call, i)))
            .collect();
        types.extend(std::iter::repeat_n(i1, buffers.len()));
        let new = edit::rebuild_with_regions(call, &operands, &types, &[])
            .expect("MLIR rebuilds a call with more results");
        for i in 0..count {
            edit::replace_all_uses(edit::result(call, i), edit::result(new, i));
        }
        edit::erase(call);
        set_ownership_flags(new, buffers);
    }
}
