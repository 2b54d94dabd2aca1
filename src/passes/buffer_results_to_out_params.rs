//! `bufrs-buffer-results-to-out-params`: the signature half of seed 002's
//! "Preparation Phase" (BufferizeFuncOpConverter, BufferizeReturnOpConverter,
//! BufferizeCallOpConverter with the `ResultConversionKind` of a
//! BufferizeTypeConverter), as one module pass.
//!
//! - With `tensor-signatures`, ranked and unranked tensor arguments and
//!   results of the functions that may change become memrefs; the body
//!   keeps working on tensors through `bufferization.to_tensor` (arguments)
//!   and `bufferization.to_buffer` (returned values), folded away where they
//!   meet (`to_buffer(to_tensor(%m))` is `%m`).
//! - The results chosen by `append-results` (all memrefs, only those
//!   converted from tensors, or none) are appended to the arguments as
//!   out-params: each return copies its buffer into the out-param
//!   (`copy-op`, `memref.copy` by default) and no longer returns it. When the
//!   returned buffers are fresh buffers of the function that nothing else
//!   keeps (its allocations, through branches and separate returns, and the
//!   out-params of calls whose results it returns: `reuse-allocations`,
//!   decided by `crate::analysis::out_params::in_place_sources`), the
//!   out-param replaces them and no copy is made. With `only-in-place`, a
//!   result the function cannot write so stays a result.
//! - Every direct call (`func.call`, anywhere in the module: other functions,
//!   nested regions, the function itself) allocates the out-params before
//!   the call (`memref.alloc`, cast to the result's layout when it is a
//!   strided one, with the largest `alignment` of the callee's allocations
//!   the out-param replaces, through calls whose results are returned: the
//!   bytes they asked malloc for, so merging plans the caller's buffer as it
//!   planned them), passes them and uses them for the old results; the
//!   deallocation passes free them later. With `hoist-allocations`, those
//!   allocations leave the loops around the call where one buffer may serve
//!   every iteration (`crate::passes::hoisting`'s loop rule).
//!
//! Left alone: declarations, public functions unless
//! `modify-public-functions`, functions whose symbol is used other than by a
//! direct call (a remark at the function, a note at the use). Results of
//! dynamic shape and of a layout no allocation gives stay results, with a
//! remark. The decisions are `crate::analysis::out_params`'s; this file
//! reads the IR and applies them.

use std::collections::HashMap;

use melior::ir::OperationRef;
use mlir_sys::{MlirOperation, MlirType, MlirValue};

use crate::{
    analysis::{
        allocs::is_pure_heap_allocation,
        out_params::{
            AppendRule, FunctionFacts, FunctionPlan, KeptReason, LeftAlone, ResultConversionKind,
            ResultFacts, SymbolUse, in_place_sources, plan_functions, root_returns,
        },
        snapshot::{OpId, Snapshot, ValueId},
        value_flow::{EdgeKind, ValueFlow},
    },
    dialect::{builders, is_direct_call},
    ir::{
        Diagnostic, Severity,
        capture::capture,
        edit::{self, InsertPoint},
        functions::{self, Signature},
        types::{allocation_type_for, buffer_type_of_tensor},
    },
    options::Allowed,
    pass_options,
    passes::{
        Anchor, BufrsPass, PassFailed, PassResult,
        hoisting::{self, Decision, Engine, Policy},
    },
};

pass_options! {
    /// Options of `bufrs-buffer-results-to-out-params`.
    pub struct BufferResultsToOutParamsOptions {
        append_results: String = "all".to_string() => "append-results",
            "Which memref results become out-params (the seed's ResultConversionKind): all, from-tensors (only results tensor-signatures converted), none.";
        tensor_signatures: bool = false => "tensor-signatures",
            "Convert tensor arguments and results of the functions that may change to memrefs (bufferization.to_tensor / to_buffer inside the body).";
        modify_public_functions: bool = false => "modify-public-functions",
            "Also change public functions (their callers outside the module break).";
        result_attribute: String = String::new() => "result-attribute",
            "Name of a unit dialect attribute (dialect.name) put on every new out-param argument (none when empty).",
            allowed Allowed::DialectAttributeName;
        copy_op: String = "memref.copy".to_string() => "copy-op",
            "The op that copies a returned buffer into its out-param: a registered op built from (source, target) alone (two operands, no regions, no results), e.g. memref.copy or test.copy.";
        reuse_allocations: bool = true => "reuse-allocations",
            "Replace the fresh buffers a function returns (its allocations, through branches, and the out-params of calls whose results are returned) by the out-param when nothing else keeps them and no two of them coexist (no copy).";
        only_in_place: bool = false => "only-in-place",
            "Append a result only when the function writes it in place (every buffer it returns there is replaced by the out-param, see reuse-allocations); other results stay results, with a remark: an out-param would cost the caller an allocation and the callee a copy.";
        hoist_allocations: bool = false => "hoist-allocations",
            "Allocate a call's out-param before the loops around the call when no alias of it outlives an iteration (bufrs-buffer-loop-hoisting's rule, applied to these allocations only), so one buffer serves every iteration; otherwise right before the call.";
    }
}

pub struct BufferResultsToOutParams;

impl BufrsPass for BufferResultsToOutParams {
    type Options = BufferResultsToOutParamsOptions;
    const ARGUMENT: &'static str = "bufrs-buffer-results-to-out-params";
    const SUMMARY: &'static str = "Turn memref (and, with tensor-signatures, tensor) function results into out-params, rewriting returns and calls";
    const ANCHOR: Anchor = Anchor::Op("builtin.module");
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "bufferization"];

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let Some(rule) = AppendRule::parse(&options.append_results) else {
            Diagnostic::error(
                &op,
                format!(
                    "{}: append-results must be all, from-tensors or none, not '{}'",
                    Self::ARGUMENT,
                    options.append_results
                ),
            )
            .emit();
            return Err(PassFailed);
        };
        let conversion = DefaultConversion {
            tensor_signatures: options.tensor_signatures,
            rule,
        };
        results_to_out_params(op, &conversion, options)
    }
}

/// Seed 002's BufferizeTypeConverter as far as signatures go, for a
/// compiler that decides itself (`addConversion`, `setResultConversionKind`
/// per type pair): [`results_to_out_params`] runs the pass's rewrite with it.
pub trait ResultConversion {
    /// The memref type `ty` becomes in signatures, or `None` (unchanged).
    /// The body keeps `ty` through `bufferization.to_tensor` /
    /// `to_buffer`, so `ty` must be a tensor type those ops accept.
    fn convert(&self, ty: MlirType) -> Option<MlirType>;
    /// What becomes of a result of type `original` that the signature gives
    /// type `converted` (equal when not converted). Only buffer results can
    /// be appended.
    fn result_kind(&self, original: MlirType, converted: MlirType) -> ResultConversionKind;
}

/// The pass options' conversion: `tensor-signatures` and `append-results`.
pub struct DefaultConversion {
    pub tensor_signatures: bool,
    pub rule: AppendRule,
}

impl ResultConversion for DefaultConversion {
    fn convert(&self, ty: MlirType) -> Option<MlirType> {
        if self.tensor_signatures {
            buffer_type_of_tensor(ty)
        } else {
            None
        }
    }

    fn result_kind(&self, original: MlirType, converted: MlirType) -> ResultConversionKind {
        // SAFETY: live types.
        self.rule
            .kind(!unsafe { mlir_sys::mlirTypeEqual(original, converted) })
    }
}

/// Runs the rewrite of `bufrs-buffer-results-to-out-params` on `module`
/// with `conversion` deciding types and result kinds; of `options`, only
/// `modify-public-functions`, `result-attribute`, `copy-op` (which must be
/// registered) and `reuse-allocations` apply.
pub fn results_to_out_params(
    module: OperationRef<'_, '_>,
    conversion: &dyn ResultConversion,
    options: &BufferResultsToOutParamsOptions,
) -> PassResult {
    // SAFETY: live op.
    let registered = crate::ir::context::load_registered_op(
        unsafe { mlir_sys::mlirOperationGetContext(module.to_raw()) },
        &options.copy_op,
    );
    if !registered {
        Diagnostic::error(
            &module,
            format!(
                "{}: copy-op '{}' is not a registered op",
                BufferResultsToOutParams::ARGUMENT,
                options.copy_op
            ),
        )
        .emit();
        return Err(PassFailed);
    }
    let plain = crate::ir::context::is_plain_copy_op(
        // SAFETY: live op.
        unsafe { mlir_sys::mlirOperationGetContext(module.to_raw()) },
        &options.copy_op,
    );
    if !plain {
        Diagnostic::error(
            &module,
            format!(
                "{}: copy-op '{}' cannot be built from (source, target) alone (allowed: a registered op with two operands, no regions and no results, e.g. memref.copy)",
                BufferResultsToOutParams::ARGUMENT,
                options.copy_op
            ),
        )
        .emit();
        return Err(PassFailed);
    }
    let module_read = read_module(module.to_raw(), conversion);
    let mut plans = plan_functions(
        &module_read.facts,
        &module_read.uses,
        options.modify_public_functions,
    );
    if options.only_in_place {
        keep_in_place_only(&module_read, &mut plans);
    }
    report(&module_read, &plans);
    rewrite(&module_read, &plans, options)
}

/// One function of the module, as read from IR.
struct Function {
    op: MlirOperation,
    signature: Signature,
    /// Per argument: the memref it becomes (tensor-signatures), if any.
    arg_buffers: Vec<Option<MlirType>>,
    /// Per result: the memref it becomes (tensor-signatures), if any.
    result_buffers: Vec<Option<MlirType>>,
}

impl Function {
    fn result_type(&self, index: usize) -> MlirType {
        self.result_buffers[index].unwrap_or(self.signature.results[index])
    }
}

struct Module {
    op: MlirOperation,
    functions: Vec<Function>,
    facts: Vec<FunctionFacts>,
    uses: Vec<SymbolUse>,
    /// The op holding each use, parallel to `uses`.
    users: Vec<MlirOperation>,
}

fn read_module(module: MlirOperation, conversion: &dyn ResultConversion) -> Module {
    let mut functions = Vec::new();
    let mut facts = Vec::new();
    for function in functions::module_functions(module) {
        let convert = |ty: &MlirType| conversion.convert(*ty);
        let signature = function.signature;
        let arg_buffers = signature.inputs.iter().map(convert).collect();
        let result_buffers: Vec<Option<MlirType>> = signature.results.iter().map(convert).collect();
        let results = signature
            .results
            .iter()
            .zip(&result_buffers)
            .map(|(&ty, converted)| {
                let converted = converted.unwrap_or(ty);
                result_facts(converted, conversion.result_kind(ty, converted))
            })
            .collect();
        facts.push(FunctionFacts {
            name: function.name,
            public: function.public,
            has_body: function.has_body,
            results,
        });
        functions.push(Function {
            op: function.op,
            signature,
            arg_buffers,
            result_buffers,
        });
    }
    let (uses, users) = functions::symbol_uses(module, &is_direct_call);
    Module {
        op: module,
        functions,
        facts,
        uses,
        users,
    }
}

fn result_facts(ty: MlirType, kind: ResultConversionKind) -> ResultFacts {
    // SAFETY: live type.
    let (is_buffer, static_shape) = unsafe {
        (
            mlir_sys::mlirTypeIsAMemRef(ty) || mlir_sys::mlirTypeIsAUnrankedMemRef(ty),
            mlir_sys::mlirTypeIsAMemRef(ty) && mlir_sys::mlirShapedTypeHasStaticShape(ty),
        )
    };
    ResultFacts {
        is_buffer,
        static_shape,
        allocatable_layout: static_shape && allocation_type_for(ty).is_ok(),
        kind,
    }
}

/// One function's body as read for [`keep_in_place_only`].
struct BodyRead {
    snapshot: Snapshot,
    flow: ValueFlow,
    returns: Vec<OpId>,
    /// Direct calls to functions of the module: the callee's index.
    calls: HashMap<OpId, usize>,
}

/// With `only-in-place`: narrows every plan to the results its function
/// writes in place ([`in_place_sources`]), counting as fresh the results of
/// calls that get an out-param themselves (identity layout: the caller's
/// allocation is the buffer itself). A result dropped makes its callers'
/// results that return it not in place either, so the narrowing repeats
/// until nothing changes (recursion starts from every candidate kept and
/// keeps those that support one another).
fn keep_in_place_only(module: &Module, plans: &mut [FunctionPlan]) {
    let index_of: HashMap<&str, usize> = module
        .facts
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let reads: Vec<Option<BodyRead>> = module
        .functions
        .iter()
        .zip(plans.iter())
        .map(|(function, plan)| {
            if !plan.may_change() || plan.appended.is_empty() {
                return None;
            }
            let (snapshot, map) = capture(function.op);
            let flow = ValueFlow::new(&snapshot);
            let returns = root_returns(&snapshot);
            let calls = (1..snapshot.ops.len())
                .map(|i| OpId(i as u32))
                .filter(|&op| snapshot.op(op).facts.is_call && is_direct_call(map.op(op)))
                .filter_map(|op| {
                    let callee = crate::ir::interfaces::callee(map.op(op))?;
                    index_of.get(callee.as_str()).map(|&i| (op, i))
                })
                .collect();
            Some(BodyRead {
                snapshot,
                flow,
                returns,
                calls,
            })
        })
        .collect();
    let mut appended: Vec<Vec<usize>> = plans.iter().map(|p| p.appended.clone()).collect();
    let identity = |callee: usize, index: usize| {
        matches!(
            allocation_type_for(module.functions[callee].result_type(index)),
            Ok(None)
        )
    };
    loop {
        let mut dropped = Vec::new();
        for (f, read) in reads.iter().enumerate() {
            let Some(read) = read else { continue };
            for &position in &appended[f] {
                let fresh = |op: OpId, index: usize| {
                    (index == 0
                        && is_pure_heap_allocation(&read.snapshot, op).is_some()
                        // The traced edges keep types, so the allocation
                        // has the result's type: no cast in between.
                        && read.snapshot.op(op).results.len() == 1)
                        || read.calls.get(&op).is_some_and(|&callee| {
                            appended[callee].contains(&index) && identity(callee, index)
                        })
                };
                let sources =
                    in_place_sources(&read.snapshot, &read.flow, &read.returns, position, &fresh);
                if sources.is_none() {
                    dropped.push((f, position));
                }
            }
        }
        if dropped.is_empty() {
            break;
        }
        for (f, position) in dropped {
            appended[f].retain(|&p| p != position);
            plans[f].kept.push((position, KeptReason::NotInPlace));
        }
    }
    for (plan, appended) in plans.iter_mut().zip(appended) {
        plan.appended = appended;
        plan.kept.sort_unstable_by_key(|&(index, _)| index);
    }
}

/// Remarks for results that stay results against the rule and for functions
/// left alone because of a use other than a call.
fn report(module: &Module, plans: &[FunctionPlan]) {
    for ((function, facts), plan) in module.functions.iter().zip(&module.facts).zip(plans) {
        // SAFETY: live op of the running pass.
        let op = unsafe { OperationRef::from_raw(function.op) };
        for (index, reason) in &plan.kept {
            let why = match reason {
                KeptReason::DynamicShape => "has a dynamic shape (a caller cannot allocate it)",
                KeptReason::Layout => "has a layout no allocation gives",
                KeptReason::NotInPlace => {
                    "is not a fresh buffer of its own the out-param can replace (an out-param would cost a copy)"
                }
            };
            Diagnostic::remark(
                &op,
                format!(
                    "result #{index} of '{}' {why}: it stays a result",
                    facts.name
                ),
            )
            .emit();
        }
        if let Some(LeftAlone::UsedOtherThanByCall(use_index)) = plan.left_alone {
            let would_change = facts
                .results
                .iter()
                .any(|r| r.is_buffer && r.kind == ResultConversionKind::AppendToArgumentList)
                || function.arg_buffers.iter().any(Option::is_some)
                || function.result_buffers.iter().any(Option::is_some);
            if would_change {
                // SAFETY: live op of the running pass.
                let user = unsafe { OperationRef::from_raw(module.users[use_index]) };
                Diagnostic::new(
                    &op,
                    Severity::Remark,
                    format!(
                        "'{}' is used other than by a direct call: its signature is left unchanged",
                        facts.name
                    ),
                )
                .note_at(&user, "used here")
                .emit();
            }
        }
    }
}

/// What changes for one function.
struct Change<'a> {
    function: &'a Function,
    plan: &'a FunctionPlan,
    /// The out-param block arguments, parallel to `plan.appended`.
    out_args: Vec<MlirValue>,
}

impl Change<'_> {
    fn kept_results(&self) -> Vec<usize> {
        (0..self.function.signature.results.len())
            .filter(|i| !self.plan.appended.contains(i))
            .collect()
    }
}

fn rewrite(
    module: &Module,
    plans: &[FunctionPlan],
    options: &BufferResultsToOutParamsOptions,
) -> PassResult {
    let mut created_to_tensor: Vec<MlirOperation> = Vec::new();
    let mut changes: HashMap<String, Change<'_>> = HashMap::new();
    // 1. Arguments: tensors become memrefs, out-params are appended.
    for ((function, facts), plan) in module.functions.iter().zip(&module.facts).zip(plans) {
        let converts = function.arg_buffers.iter().any(Option::is_some)
            || function.result_buffers.iter().any(Option::is_some);
        if !plan.may_change() || (plan.appended.is_empty() && !converts) {
            continue;
        }
        // SAFETY: live function with a body (plans leave declarations alone).
        let entry = unsafe {
            mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(function.op, 0))
        };
        // SAFETY: live handles; the new to_tensor takes the argument with its
        // new type and replaces the argument in every other use.
        unsafe {
            let location = edit::location(function.op);
            for (index, buffer) in function.arg_buffers.iter().enumerate() {
                let Some(buffer) = buffer else { continue };
                let arg = mlir_sys::mlirBlockGetArgument(entry, index as isize);
                let tensor = edit::value_type(arg);
                mlir_sys::mlirValueSetType(arg, *buffer);
                let to_tensor = builders::unary(
                    "bufferization.to_tensor",
                    arg,
                    tensor,
                    location,
                    InsertPoint::StartOf(entry),
                );
                let to_tensor_op = mlir_sys::mlirOpResultGetOwner(to_tensor);
                let mut except = [to_tensor_op];
                mlir_sys::mlirValueReplaceAllUsesExcept(arg, to_tensor, 1, except.as_mut_ptr());
                created_to_tensor.push(to_tensor_op);
            }
        }
        let out_args = plan
            .appended
            .iter()
            .map(|&index| {
                // SAFETY: live block and type.
                unsafe {
                    mlir_sys::mlirBlockAddArgument(
                        entry,
                        function.result_type(index),
                        edit::location(function.op),
                    )
                }
            })
            .collect();
        changes.insert(
            facts.name.clone(),
            Change {
                function,
                plan,
                out_args,
            },
        );
    }
    // 2. Calls, wherever they are.
    let mut out_allocations: Vec<MlirOperation> = Vec::new();
    let mut out_origins: Vec<Slot> = Vec::new();
    for (symbol_use, &user) in module.uses.iter().zip(&module.users) {
        if let SymbolUse::DirectCall { callee } = symbol_use
            && let Some(change) = changes.get(callee)
        {
            let first = out_allocations.len();
            rewrite_call(
                user,
                callee,
                change,
                &mut created_to_tensor,
                &mut out_allocations,
            );
            out_origins.extend((0..out_allocations.len() - first).map(|k| (callee.clone(), k)));
        }
    }
    // 3. Returns, then the signature.
    let mut replaced: Vec<MlirOperation> = Vec::new();
    let mut sources = Sources::default();
    for (name, change) in &changes {
        rewrite_returns(
            name,
            change,
            options,
            &mut replaced,
            (&out_allocations, &out_origins),
            &mut sources,
        )?;
        set_signature(change, options);
    }
    // 3b. A caller's allocation takes the alignment of the callee's
    // allocations it replaces (the same bytes malloc'ed, so merging plans it
    // as it planned them).
    let alignments = sources.resolve();
    for (op, slot) in out_allocations.iter().zip(&out_origins) {
        if replaced.iter().any(|r| r.ptr == op.ptr) {
            continue;
        }
        if let Some(&alignment) = alignments.get(slot) {
            // SAFETY: a live allocation created above (not erased: not
            // replaced).
            unsafe { set_alignment(*op, alignment) };
        }
    }
    // 4. The callers' allocations out of their loops.
    if options.hoist_allocations {
        out_allocations.retain(|op| !replaced.iter().any(|r| r.ptr == op.ptr));
        hoist_out_allocations(module, &out_allocations);
    }
    // 5. Materializations that folded away.
    for op in created_to_tensor {
        // SAFETY: the to_tensor ops created above are live (nothing erased
        // them); one without uses goes.
        unsafe {
            let result = edit::result(op, 0);
            if mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(result)) {
                edit::erase(op);
            }
        }
    }
    Ok(())
}

/// `%m = bufferization.to_buffer %t`, or the `%m` of `%t =
/// bufferization.to_tensor %m` when its type is the one wanted.
/// # Safety
/// Live handles.
unsafe fn to_buffer(value: MlirValue, buffer: MlirType, at: InsertPoint) -> MlirValue {
    // SAFETY: the caller's contract.
    unsafe {
        if let Some(def) = edit::defining_op(value)
            && functions::op_name(def) == "bufferization.to_tensor"
        {
            let source = mlir_sys::mlirOperationGetOperand(def, 0);
            if mlir_sys::mlirTypeEqual(edit::value_type(source), buffer) {
                return source;
            }
        }
        let location = mlir_sys::mlirValueGetLocation(value);
        builders::unary("bufferization.to_buffer", value, buffer, location, at)
    }
}

fn rewrite_call(
    call: MlirOperation,
    callee: &str,
    change: &Change<'_>,
    created_to_tensor: &mut Vec<MlirOperation>,
    out_allocations: &mut Vec<MlirOperation>,
) {
    let function = change.function;
    // SAFETY: the call is live and calls `callee`, whose signature it matches
    // (the IR verified); every value built here dominates the new call.
    unsafe {
        let location = edit::location(call);
        let before = InsertPoint::Before(call);
        let count = mlir_sys::mlirOperationGetNumOperands(call) as usize;
        let mut operands = Vec::with_capacity(count + change.out_args.len());
        for index in 0..count {
            let operand = mlir_sys::mlirOperationGetOperand(call, index as isize);
            operands.push(match function.arg_buffers.get(index).copied().flatten() {
                Some(buffer) => to_buffer(operand, buffer, before),
                None => operand,
            });
        }
        let mut out_values = Vec::new();
        for &index in &change.plan.appended {
            let ty = function.result_type(index);
            let (buffer, value, alloc) = match allocation_type_for(ty) {
                Ok(Some(identity)) => {
                    let buffer = builders::memref_alloc_static(identity, &[], location, before);
                    let cast = builders::unary("memref.cast", buffer, ty, location, before);
                    (cast, cast, buffer)
                }
                _ => {
                    let buffer = builders::memref_alloc_static(ty, &[], location, before);
                    (buffer, buffer, buffer)
                }
            };
            out_allocations.push(mlir_sys::mlirOpResultGetOwner(alloc));
            operands.push(buffer);
            out_values.push(value);
        }
        let kept = change.kept_results();
        let kept_types: Vec<MlirType> = kept.iter().map(|&i| function.result_type(i)).collect();
        let new_call = builders::func_call(callee, &operands, &kept_types, location, before);
        let after = InsertPoint::Before(call);
        let mut replace = |old_index: usize, buffer: MlirValue| {
            let old = edit::result(call, old_index);
            let value = if function.result_buffers[old_index].is_some() {
                let tensor = builders::unary(
                    "bufferization.to_tensor",
                    buffer,
                    edit::value_type(old),
                    location,
                    after,
                );
                created_to_tensor.push(mlir_sys::mlirOpResultGetOwner(tensor));
                tensor
            } else {
                buffer
            };
            edit::replace_all_uses(old, value);
        };
        for (position, &old_index) in kept.iter().enumerate() {
            replace(old_index, edit::result(new_call, position));
        }
        for (position, &old_index) in change.plan.appended.iter().enumerate() {
            replace(old_index, out_values[position]);
        }
        edit::erase(call);
    }
}

/// An out-param: its function's name and its position among the appended
/// results.
type Slot = (String, usize);

/// What each out-param replaced in its function: the alignments of the
/// allocations, and the out-params of calls (whose own alignment counts).
#[derive(Default)]
struct Sources {
    aligned: HashMap<Slot, u64>,
    through: HashMap<Slot, Vec<Slot>>,
}

impl Sources {
    /// The largest alignment each out-param's replaced allocations had,
    /// through calls (a fixpoint: recursion adds nothing new); out-params
    /// whose allocations had none are absent.
    fn resolve(&self) -> HashMap<Slot, u64> {
        let mut out = self.aligned.clone();
        loop {
            let mut changed = false;
            for (slot, callees) in &self.through {
                let best = callees.iter().filter_map(|c| out.get(c)).copied().max();
                if let Some(best) = best
                    && out.get(slot).is_none_or(|&a| a < best)
                {
                    out.insert(slot.clone(), best);
                    changed = true;
                }
            }
            if !changed {
                return out;
            }
        }
    }
}

/// The `alignment` of an allocation op, when it has one above 1.
/// # Safety
/// A live op.
unsafe fn alignment_of(op: MlirOperation) -> Option<u64> {
    // SAFETY: the caller's contract; a null attribute means absent.
    unsafe {
        let attr = mlir_sys::mlirOperationGetAttributeByName(
            op,
            crate::ir::diagnostics::string_ref("alignment"),
        );
        if attr.ptr.is_null() || !mlir_sys::mlirAttributeIsAInteger(attr) {
            return None;
        }
        let value = mlir_sys::mlirIntegerAttrGetValueInt(attr);
        (value > 1).then_some(value as u64)
    }
}

/// Sets `alignment = <alignment> : i64` on an allocation op.
/// # Safety
/// A live op.
unsafe fn set_alignment(op: MlirOperation, alignment: u64) {
    // SAFETY: the caller's contract.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(op);
        let i64_type = mlir_sys::mlirIntegerTypeGet(context, 64);
        let attr = mlir_sys::mlirIntegerAttrGet(i64_type, alignment as i64);
        mlir_sys::mlirOperationSetAttributeByName(
            op,
            crate::ir::diagnostics::string_ref("alignment"),
            attr,
        );
    }
}

fn rewrite_returns(
    name: &str,
    change: &Change<'_>,
    options: &BufferResultsToOutParamsOptions,
    replaced: &mut Vec<MlirOperation>,
    (out_allocations, out_origins): (&[MlirOperation], &[Slot]),
    sources_of: &mut Sources,
) -> PassResult {
    let function = change.function;
    let (snapshot, map) = capture(function.op);
    let returns = root_returns(&snapshot);
    // The fresh buffers the out-params replace: allocations of the
    // out-param's own type (the callers' allocations for calls made above
    // included).
    let mut reused = vec![false; change.plan.appended.len()];
    if options.reuse_allocations {
        let flow = ValueFlow::new(&snapshot);
        for (slot, &index) in change.plan.appended.iter().enumerate() {
            if function.result_buffers[index].is_some() {
                continue;
            }
            // SAFETY: a live block argument.
            let out_type = unsafe { edit::value_type(change.out_args[slot]) };
            let fresh = |op: OpId, result: usize| {
                result == 0
                    && is_pure_heap_allocation(&snapshot, op).is_some()
                    // SAFETY: live op of the capture, one result.
                    && unsafe {
                        mlir_sys::mlirTypeEqual(edit::value_type(edit::result(map.op(op), 0)), out_type)
                    }
            };
            let Some(sources) = in_place_sources(&snapshot, &flow, &returns, index, &fresh) else {
                continue;
            };
            let slot_key = (name.to_string(), slot);
            for alloc in sources {
                // SAFETY: the allocation is live, its one result has the
                // out-param's type, and the out-param (an argument)
                // dominates every use.
                unsafe {
                    let op = map.op(alloc);
                    match out_allocations.iter().position(|o| o.ptr == op.ptr) {
                        Some(k) => sources_of
                            .through
                            .entry(slot_key.clone())
                            .or_default()
                            .push(out_origins[k].clone()),
                        None => {
                            if let Some(alignment) = alignment_of(op) {
                                let best = sources_of.aligned.entry(slot_key.clone()).or_insert(0);
                                *best = (*best).max(alignment);
                            }
                        }
                    }
                    edit::replace_all_uses(edit::result(op, 0), change.out_args[slot]);
                    edit::erase(op);
                    replaced.push(op);
                }
            }
            reused[slot] = true;
        }
    }
    let kept = change.kept_results();
    for &ret in &returns {
        let ret = map.op(ret);
        // SAFETY: the return is live; it returns one value per old result.
        unsafe {
            let at = InsertPoint::Before(ret);
            let location = edit::location(ret);
            let value = |index: usize| {
                let operand = mlir_sys::mlirOperationGetOperand(ret, index as isize);
                match function.result_buffers[index] {
                    Some(buffer) => to_buffer(operand, buffer, at),
                    None => operand,
                }
            };
            for (slot, &index) in change.plan.appended.iter().enumerate() {
                let source = value(index);
                let target = change.out_args[slot];
                if reused[slot] || mlir_sys::mlirValueEqual(source, target) {
                    continue;
                }
                let copy =
                    edit::create_op(&options.copy_op, location, &[source, target], &[], &[], at);
                if !mlir_sys::mlirOperationVerify(copy) {
                    // SAFETY: live op of the running pass.
                    let op = OperationRef::from_raw(ret);
                    Diagnostic::error(
                        &op,
                        format!(
                            "copy-op '{}' does not build a valid copy into the out-param",
                            options.copy_op
                        ),
                    )
                    .emit();
                    return Err(PassFailed);
                }
            }
            let operands: Vec<MlirValue> = kept.iter().map(|&i| value(i)).collect();
            mlir_sys::mlirOperationSetOperands(ret, operands.len() as isize, operands.as_ptr());
        }
    }
    Ok(())
}

fn set_signature(change: &Change<'_>, options: &BufferResultsToOutParamsOptions) {
    let function = change.function;
    let old = &function.signature;
    let mut inputs: Vec<MlirType> = old
        .inputs
        .iter()
        .zip(&function.arg_buffers)
        .map(|(&ty, buffer)| buffer.unwrap_or(ty))
        .collect();
    inputs.extend(
        change
            .plan
            .appended
            .iter()
            .map(|&i| function.result_type(i)),
    );
    let kept = change.kept_results();
    let results = kept.iter().map(|&i| function.result_type(i)).collect();
    let mut arg_attrs =
        functions::per_position_attributes(function.op, "arg_attrs", old.inputs.len());
    let res_attrs = functions::per_position_attributes(function.op, "res_attrs", old.results.len());
    for &index in &change.plan.appended {
        let mut entries = res_attrs[index].clone();
        if !options.result_attribute.is_empty() {
            entries.push(functions::unit_attribute(
                function.op,
                &options.result_attribute,
            ));
        }
        arg_attrs.push(entries);
    }
    let kept_attrs: Vec<_> = kept.iter().map(|&i| res_attrs[i].clone()).collect();
    // SAFETY: the body's arguments and returns were made to match above.
    unsafe {
        functions::set_signature(function.op, &Signature { inputs, results });
        functions::set_per_position_attributes(function.op, "arg_attrs", &arg_attrs);
        functions::set_per_position_attributes(function.op, "res_attrs", &kept_attrs);
    }
}

/// Moves the allocations calls made for their out-params out of the loops
/// around them, where bufrs-buffer-loop-hoisting's engine allows
/// ([`crate::passes::hoisting`]: no alias carried to another iteration,
/// stored or used by an op with unknown effects, no parallel loop left),
/// and only when no alias flows into a merge at all (a callee writes its
/// out-param, which no memory effect says: shared between iterations, that
/// write would follow an earlier iteration's flow into the merge). Other
/// allocations stay where they are.
fn hoist_out_allocations(module: &Module, allocations: &[MlirOperation]) {
    if allocations.is_empty() {
        return;
    }
    // The functions holding them: the ancestors directly in the module.
    let module_op = module.op;
    let mut holders: Vec<MlirOperation> = Vec::new();
    for &alloc in allocations {
        let mut op = alloc;
        // SAFETY: live ops; the walk stops at the module.
        unsafe {
            loop {
                let parent = mlir_sys::mlirOperationGetParentOperation(op);
                if parent.ptr.is_null() {
                    break;
                }
                if mlir_sys::mlirOperationEqual(parent, module_op) {
                    if !holders.iter().any(|h| h.ptr == op.ptr) {
                        holders.push(op);
                    }
                    break;
                }
                op = parent;
            }
        }
    }
    for holder in holders {
        let (snapshot, map) = capture(holder);
        let ours: Vec<bool> = (0..snapshot.ops.len())
            .map(|i| {
                i > 0
                    && allocations
                        .iter()
                        .any(|a| a.ptr == map.op(OpId(i as u32)).ptr)
            })
            .collect();
        if !ours.iter().any(|&o| o) {
            continue;
        }
        let flow = ValueFlow::new(&snapshot);
        let merges = |buffer: ValueId| {
            flow.forward_closure(buffer).into_iter().any(|alias| {
                flow.outgoing(alias)
                    .any(|edge| matches!(edge.kind, EdgeKind::Forward { .. }))
            })
        };
        let decisions: Vec<Decision> = Engine::new(&snapshot)
            .decide(Policy::LOOP_HOISTING, |alloc| {
                crate::ir::interfaces::hoisting_kind(map.op(alloc))
            })
            .into_iter()
            .filter(|d| ours[d.alloc.index()] && d.hoist.is_some() && !merges(d.buffer))
            .collect();
        if !decisions.is_empty() {
            hoisting::apply(&snapshot, &map, &decisions);
        }
    }
}
