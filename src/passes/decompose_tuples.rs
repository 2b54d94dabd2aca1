//! `bufrs-decompose-tuples`: the type-decomposition half of seed 002's
//! "Preparation Phase" ("Callbacks for Unpacking Types": a decompose callback
//! for `TupleType`, packing with `MakeTupleOp`, unpacking with
//! `GetTupleElementOp`), as one module pass.
//!
//! `tuple<...>` types, nested ones included, are flattened into their leaf
//! types in
//! - the arguments and results of the functions that may change (private
//!   ones, or all with `modify-public-functions`, whose symbol is only used
//!   by direct calls), their returns, and every direct call to them
//!   (`func.call`, anywhere in the module);
//! - beyond upstream's `test-decompose-call-graph-types`, the arguments of
//!   any non-entry block whose predecessors all implement
//!   `BranchOpInterface`, with the operands every predecessor forwards to
//!   them (segment sizes of ops with `operandSegmentSizes` follow);
//! - the forwarded operands, region entry arguments, results and
//!   terminator operands of region-branch ops (`RegionBranchOpInterface`
//!   entry and terminator edges: `scf.for` iter_args, `scf.if` results,
//!   `scf.while`); the op is rebuilt with the leaves, its regions moved.
//!
//! The body keeps working on tuples: flattened arguments are packed again
//! (`pack-op`, `test.make_tuple` by default) where the tuple was defined, and
//! tuples passed on are unpacked (`unpack-op`, `test.get_tuple_element` with
//! an i32 `index`) where they are used. Pack/unpack pairs that cancel are
//! removed (an unpack of a pack is the packed value; a tuple that is only
//! unpacked again is not packed), then packs and unpacks left unused. Left as they are, with a
//! remark: block arguments some predecessor of which does not implement
//! `BranchOpInterface` or produces the argument itself, region-branch ops
//! whose edges do not say where a tuple comes from, and tuple arguments of
//! the entry blocks of other ops' regions.

use std::collections::HashSet;

use melior::ir::OperationRef;
use mlir_sys::{MlirBlock, MlirLocation, MlirOperation, MlirType, MlirValue};

use crate::{
    analysis::call_graph::{OtherUses, SymbolUse, eligibility},
    dialect::{builders, is_direct_call},
    ir::{
        Diagnostic,
        diagnostics::string_ref,
        edit::{self, InsertPoint},
        functions::{self, Signature},
        interfaces,
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult},
};

pass_options! {
    /// Options of `bufrs-decompose-tuples`.
    pub struct DecomposeTuplesOptions {
        pack_op: String = "test.make_tuple".to_string() => "pack-op",
            "The op that packs values into a tuple (operands: the elements; result: the tuple).";
        unpack_op: String = "test.get_tuple_element".to_string() => "unpack-op",
            "The op that takes one element out of a tuple (operand: the tuple; an i32 attribute names the element).";
        index_attribute: String = "index".to_string() => "index-attribute",
            "The name of the unpack op's i32 element index attribute.";
        modify_public_functions: bool = false => "modify-public-functions",
            "Also change the signatures of public functions.";
    }
}

pub struct DecomposeTuples;

impl BufrsPass for DecomposeTuples {
    type Options = DecomposeTuplesOptions;
    const ARGUMENT: &'static str = "bufrs-decompose-tuples";
    const SUMMARY: &'static str = "Flatten tuple types in function signatures, calls, returns and block arguments, packing and unpacking where the body uses tuples";
    const ANCHOR: Anchor = Anchor::Op("builtin.module");

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let module = op.to_raw();
        if !mentions_tuples(module) {
            // Nothing to do; in particular no dialect to load.
            return Ok(());
        }
        for name in [&options.pack_op, &options.unpack_op] {
            // SAFETY: live op.
            let registered = crate::ir::context::load_registered_op(
                unsafe { mlir_sys::mlirOperationGetContext(module) },
                name,
            );
            if !registered {
                Diagnostic::error(
                    &op,
                    format!("{}: '{name}' is not a registered op", Self::ARGUMENT),
                )
                .emit();
                return Err(PassFailed);
            }
        }
        let decomposer = TupleDecomposer {
            pack_op: options.pack_op.clone(),
            unpack_op: options.unpack_op.clone(),
            index_attribute: options.index_attribute.clone(),
        };
        decompose_module(module, &decomposer, options.modify_public_functions);
        Ok(())
    }
}

/// Seed 002's decomposition callbacks, for a compiler that decomposes its
/// own types (the BufferizeTypeConverter's `addDecomposeTypeConversion`,
/// `addArgumentMaterialization` and `addDecomposeValueConversion`):
/// [`decompose_module`] runs the pass's rewrite with them. The pass itself
/// uses [`TupleDecomposer`].
pub trait Decomposer {
    /// The types a value of `ty` splits into (one level; each may split
    /// again), or `None` when `ty` is not decomposed.
    fn decompose_type(&self, ty: MlirType) -> Option<Vec<MlirType>>;
    /// Builds, at `at`, the op packing `elements` into a value of `ty`;
    /// its result 0 is the value.
    /// # Safety
    /// Live handles of one context; `elements` have the types
    /// `decompose_type(ty)` gives.
    unsafe fn pack(
        &self,
        ty: MlirType,
        elements: &[MlirValue],
        location: MlirLocation,
        at: InsertPoint,
    ) -> Option<MlirOperation>;
    /// Builds, at `at`, the op taking element `index` (of type `element`)
    /// out of `value`; its result 0 is the element.
    /// # Safety
    /// As [`Decomposer::pack`].
    unsafe fn unpack(
        &self,
        value: MlirValue,
        index: usize,
        element: MlirType,
        location: MlirLocation,
        at: InsertPoint,
    ) -> Option<MlirOperation>;
    /// The elements `op` packs, when it is a pack op (for cancelling pairs).
    fn packed_elements(&self, op: MlirOperation) -> Option<Vec<MlirValue>>;
    /// The value and element index `op` unpacks, when it is an unpack op.
    fn unpacked(&self, op: MlirOperation) -> Option<(MlirValue, usize)>;
}

/// The default [`Decomposer`]: `tuple` types, packed and unpacked by the
/// ops the pass options name.
pub struct TupleDecomposer {
    pub pack_op: String,
    pub unpack_op: String,
    pub index_attribute: String,
}

impl Decomposer for TupleDecomposer {
    fn decompose_type(&self, ty: MlirType) -> Option<Vec<MlirType>> {
        // SAFETY: live type; indices in range.
        unsafe {
            mlir_sys::mlirTypeIsATuple(ty).then(|| {
                (0..mlir_sys::mlirTupleTypeGetNumTypes(ty))
                    .map(|i| mlir_sys::mlirTupleTypeGetType(ty, i))
                    .collect()
            })
        }
    }

    unsafe fn pack(
        &self,
        ty: MlirType,
        elements: &[MlirValue],
        location: MlirLocation,
        at: InsertPoint,
    ) -> Option<MlirOperation> {
        // SAFETY: the caller's contract.
        Some(unsafe { edit::create_op(&self.pack_op, location, elements, &[ty], &[], at) })
    }

    unsafe fn unpack(
        &self,
        value: MlirValue,
        index: usize,
        element: MlirType,
        location: MlirLocation,
        at: InsertPoint,
    ) -> Option<MlirOperation> {
        // SAFETY: the caller's contract.
        unsafe {
            builders::create_op_with_attributes(
                &self.unpack_op,
                location,
                &[value],
                &[element],
                &[(&self.index_attribute, &format!("{index} : i32"))],
                at,
            )
        }
    }

    fn packed_elements(&self, op: MlirOperation) -> Option<Vec<MlirValue>> {
        if functions::op_name(op) != self.pack_op {
            return None;
        }
        // SAFETY: live op; indices in range.
        unsafe {
            Some(
                (0..mlir_sys::mlirOperationGetNumOperands(op))
                    .map(|i| mlir_sys::mlirOperationGetOperand(op, i))
                    .collect(),
            )
        }
    }

    fn unpacked(&self, op: MlirOperation) -> Option<(MlirValue, usize)> {
        if functions::op_name(op) != self.unpack_op {
            return None;
        }
        // SAFETY: live op; a null attribute means absent.
        unsafe {
            if mlir_sys::mlirOperationGetNumOperands(op) != 1 {
                return None;
            }
            let attr =
                mlir_sys::mlirOperationGetAttributeByName(op, string_ref(&self.index_attribute));
            if attr.ptr.is_null() || !mlir_sys::mlirAttributeIsAInteger(attr) {
                return None;
            }
            let index = usize::try_from(mlir_sys::mlirIntegerAttrGetValueInt(attr)).ok()?;
            Some((mlir_sys::mlirOperationGetOperand(op, 0), index))
        }
    }
}

/// Runs the rewrite of `bufrs-decompose-tuples` on `module` with
/// `decomposer`'s types and ops (see the module docs). Functions change
/// when private, or public too with `modify_public_functions`.
pub fn decompose_module(
    module: MlirOperation,
    decomposer: &dyn Decomposer,
    modify_public_functions: bool,
) {
    let mut rewriter = Rewriter {
        decomposer,
        modify_public_functions,
    };
    rewriter.functions_and_calls(module);
    rewriter.region_branch_ops(module);
    rewriter.block_arguments(module);
    rewriter.cancel_pairs(module);
}

/// Where the next op goes so that ops built one after another stay in
/// order: at the start of a block the first, then after the last one.
struct Cursor(InsertPoint);

impl Cursor {
    fn placed(&mut self, op: MlirOperation) {
        if matches!(self.0, InsertPoint::StartOf(_) | InsertPoint::After(_)) {
            self.0 = InsertPoint::After(op);
        }
    }
}

struct Rewriter<'a> {
    decomposer: &'a dyn Decomposer,
    modify_public_functions: bool,
}

impl Rewriter<'_> {
    fn is_tuple(&self, ty: MlirType) -> bool {
        self.decomposer.decompose_type(ty).is_some()
    }

    /// The leaf types of `ty` (itself when it is not decomposed), depth first.
    fn flatten(&self, ty: MlirType, out: &mut Vec<MlirType>) {
        match self.decomposer.decompose_type(ty) {
            Some(elements) => {
                for element in elements {
                    self.flatten(element, out);
                }
            }
            None => out.push(ty),
        }
    }

    fn flatten_all(&self, types: &[MlirType]) -> Vec<MlirType> {
        let mut out = Vec::new();
        for &ty in types {
            self.flatten(ty, &mut out);
        }
        out
    }

    /// The leaves of `value`, unpacking it at `at` (or taking the operands of
    /// the pack that built it).
    fn decompose(&mut self, value: MlirValue, at: &mut Cursor, out: &mut Vec<MlirValue>) {
        // SAFETY: live value.
        let ty = unsafe { edit::value_type(value) };
        let Some(elements) = self.decomposer.decompose_type(ty) else {
            out.push(value);
            return;
        };
        // SAFETY: live value and ops.
        unsafe {
            if let Some(def) = edit::defining_op(value)
                && let Some(packed) = self.decomposer.packed_elements(def)
                && packed.len() == elements.len()
            {
                for operand in packed {
                    self.decompose(operand, at, out);
                }
                return;
            }
            let location = mlir_sys::mlirValueGetLocation(value);
            for (i, element) in elements.into_iter().enumerate() {
                let op = self
                    .decomposer
                    .unpack(value, i, element, location, at.0)
                    .expect("the decomposer unpacks what it decomposes");
                at.placed(op);
                self.decompose(edit::result(op, 0), at, out);
            }
        }
    }

    /// A value of type `ty` from the next leaves, packing at `at`.
    fn pack(
        &mut self,
        ty: MlirType,
        leaves: &mut dyn Iterator<Item = MlirValue>,
        location: mlir_sys::MlirLocation,
        at: &mut Cursor,
    ) -> MlirValue {
        let Some(element_types) = self.decomposer.decompose_type(ty) else {
            return leaves.next().expect("as many leaves as the flattened type");
        };
        let elements: Vec<MlirValue> = element_types
            .into_iter()
            .map(|element| self.pack(element, leaves, location, at))
            .collect();
        // SAFETY: live handles; the pack's operands dominate `at`.
        unsafe {
            let op = self
                .decomposer
                .pack(ty, &elements, location, at.0)
                .expect("the decomposer packs what it decomposes");
            at.placed(op);
            edit::result(op, 0)
        }
    }

    fn functions_and_calls(&mut self, module: MlirOperation) {
        let all = functions::module_functions(module);
        let (uses, users) = functions::symbol_uses(module, &is_direct_call);
        let other_uses = OtherUses::new(&uses);
        let mut changed: Vec<(String, Signature)> = Vec::new();
        for function in &all {
            let has_tuple = function
                .signature
                .inputs
                .iter()
                .chain(&function.signature.results)
                .any(|&t| self.is_tuple(t));
            if !has_tuple {
                continue;
            }
            match eligibility(
                &function.name,
                function.public,
                function.has_body,
                &other_uses,
                self.modify_public_functions,
            ) {
                None => {}
                Some(crate::analysis::call_graph::LeftAlone::UsedOtherThanByCall(index)) => {
                    // SAFETY: live ops of the running pass.
                    let (op, user) = unsafe {
                        (
                            OperationRef::from_raw(function.op),
                            OperationRef::from_raw(users[index]),
                        )
                    };
                    Diagnostic::remark(
                        &op,
                        format!(
                            "'{}' is used other than by a direct call: its tuples are not decomposed",
                            function.name
                        ),
                    )
                    .note_at(&user, "used here")
                    .emit();
                    continue;
                }
                Some(_) => continue,
            }
            self.rewrite_function(function);
            changed.push((function.name.clone(), function.signature.clone()));
        }
        for (symbol_use, &user) in uses.iter().zip(&users) {
            if let SymbolUse::DirectCall { callee } = symbol_use
                && let Some((_, signature)) = changed.iter().find(|(n, _)| n == callee)
            {
                self.rewrite_call(user, callee, signature);
            }
        }
    }

    fn rewrite_function(&mut self, function: &functions::FunctionOp) {
        let op = function.op;
        let signature = &function.signature;
        // SAFETY: live function with a body (eligibility excludes
        // declarations); the block edits keep the entry's arguments in
        // the order of the new signature.
        unsafe {
            let region = mlir_sys::mlirOperationGetRegion(op, 0);
            let entry = mlir_sys::mlirRegionGetFirstBlock(region);
            self.flatten_block_arguments(entry, &|_| true);
            for ret in functions::return_terminators(op) {
                self.flatten_all_operands(ret);
            }
            let per_position = |name: &str, types: &[MlirType]| {
                let old = functions::per_position_attributes(op, name, types.len());
                let mut new = Vec::new();
                for (ty, entries) in types.iter().zip(old) {
                    if self.is_tuple(*ty) {
                        let mut leaves = Vec::new();
                        self.flatten(*ty, &mut leaves);
                        new.extend(leaves.iter().map(|_| Vec::new()));
                    } else {
                        new.push(entries);
                    }
                }
                new
            };
            let arg_attrs = per_position("arg_attrs", &signature.inputs);
            let res_attrs = per_position("res_attrs", &signature.results);
            functions::set_signature(
                op,
                &Signature {
                    inputs: self.flatten_all(&signature.inputs),
                    results: self.flatten_all(&signature.results),
                },
            );
            functions::set_per_position_attributes(op, "arg_attrs", &arg_attrs);
            functions::set_per_position_attributes(op, "res_attrs", &res_attrs);
        }
    }

    /// Replaces every tuple argument of `block` accepted by `which` (by
    /// index) by its leaves, packed again at the block's start.
    /// # Safety
    /// `block` is live; the caller makes every predecessor forward the leaves.
    unsafe fn flatten_block_arguments(&mut self, block: MlirBlock, which: &dyn Fn(usize) -> bool) {
        // SAFETY: the caller's contract; indices stay in range because the
        // arguments are visited from the last one.
        unsafe {
            let count = mlir_sys::mlirBlockGetNumArguments(block) as usize;
            for index in (0..count).rev() {
                let arg = mlir_sys::mlirBlockGetArgument(block, index as isize);
                let ty = edit::value_type(arg);
                if !self.is_tuple(ty) || !which(index) {
                    continue;
                }
                let location = mlir_sys::mlirValueGetLocation(arg);
                let mut leaf_types = Vec::new();
                self.flatten(ty, &mut leaf_types);
                let leaves: Vec<MlirValue> = leaf_types
                    .iter()
                    .enumerate()
                    .map(|(k, &t)| {
                        mlir_sys::mlirBlockInsertArgument(
                            block,
                            (index + 1 + k) as isize,
                            t,
                            location,
                        )
                    })
                    .collect();
                let mut cursor = Cursor(InsertPoint::StartOf(block));
                let packed = self.pack(ty, &mut leaves.into_iter(), location, &mut cursor);
                edit::replace_all_uses(arg, packed);
                mlir_sys::mlirBlockEraseArgument(block, index as u32);
            }
        }
    }

    /// Replaces every operand of `op` by its leaves (for returns).
    /// # Safety
    /// `op` is live and takes any number of operands.
    unsafe fn flatten_all_operands(&mut self, op: MlirOperation) {
        // SAFETY: the caller's contract.
        unsafe {
            let count = mlir_sys::mlirOperationGetNumOperands(op);
            let mut cursor = Cursor(InsertPoint::Before(op));
            let mut leaves = Vec::new();
            for i in 0..count {
                let operand = mlir_sys::mlirOperationGetOperand(op, i);
                self.decompose(operand, &mut cursor, &mut leaves);
            }
            mlir_sys::mlirOperationSetOperands(op, leaves.len() as isize, leaves.as_ptr());
        }
    }

    fn rewrite_call(&mut self, call: MlirOperation, callee: &str, signature: &Signature) {
        // SAFETY: the call is live and matches `signature` (the IR verified);
        // the leaves dominate the new call, the packs its old results' uses.
        unsafe {
            let location = edit::location(call);
            let mut cursor = Cursor(InsertPoint::Before(call));
            let mut operands = Vec::new();
            for i in 0..mlir_sys::mlirOperationGetNumOperands(call) {
                let operand = mlir_sys::mlirOperationGetOperand(call, i);
                self.decompose(operand, &mut cursor, &mut operands);
            }
            let results = self.flatten_all(&signature.results);
            let new_call = builders::func_call(
                callee,
                &operands,
                &results,
                location,
                InsertPoint::Before(call),
            );
            let mut leaves = (0..results.len()).map(|i| edit::result(new_call, i));
            let mut cursor = Cursor(InsertPoint::Before(call));
            for (i, &ty) in signature.results.iter().enumerate() {
                let value = self.pack(ty, &mut leaves, location, &mut cursor);
                edit::replace_all_uses(edit::result(call, i), value);
            }
            edit::erase(call);
        }
    }

    /// Region-branch ops (`RegionBranchOpInterface`) whose forwarded
    /// operands, region entry arguments or results are tuples: rebuilt with
    /// the leaves, innermost first.
    fn region_branch_ops(&mut self, module: MlirOperation) {
        let ops = functions::nested_ops(module, &mut |_| true);
        for op in ops.into_iter().rev() {
            if interfaces::traits(op).is_region_branch() {
                // SAFETY: live op (inner ops rebuilt before it stay inside
                // its regions; it is not touched by them).
                unsafe { self.region_branch_op(op) };
            }
        }
    }

    /// # Safety
    /// `op` is a live region-branch op.
    unsafe fn region_branch_op(&mut self, op: MlirOperation) {
        // SAFETY: the caller's contract; the handles come from live IR.
        unsafe {
            let Some(entry_edges) = interfaces::region_entry_edges(op) else {
                return;
            };
            let results: Vec<MlirValue> = (0..mlir_sys::mlirOperationGetNumResults(op))
                .map(|i| edit::result(op, i as usize))
                .collect();
            let region_count = mlir_sys::mlirOperationGetNumRegions(op);
            let entries: Vec<MlirBlock> = (0..region_count)
                .map(|r| mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, r)))
                .collect();
            // Terminators of the op's regions and their edges.
            let mut terminators = Vec::new();
            for r in 0..region_count {
                let mut block =
                    mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, r));
                while !block.ptr.is_null() {
                    if let Some(t) = last_op(block)
                        && let Some(edges) = interfaces::terminator_edges(t)
                        && !edges.is_empty()
                    {
                        terminators.push((t, edges));
                    }
                    block = mlir_sys::mlirBlockGetNextInRegion(block);
                }
            }
            let decomposer = self.decomposer;
            let tuple = |v: &MlirValue| decomposer.decompose_type(edit::value_type(*v)).is_some();
            let entry_args: Vec<MlirValue> = entries
                .iter()
                .filter(|b| !b.ptr.is_null())
                .flat_map(|&b| edit::block_arguments(b))
                .collect();
            let any = results.iter().any(tuple)
                || entry_args.iter().any(tuple)
                || entry_edges.iter().any(|e| e.forwarded.iter().any(tuple))
                || terminators
                    .iter()
                    .any(|(_, e)| e[0].forwarded.iter().any(tuple));
            if !any {
                return;
            }
            // Every tuple that is received must be received through an edge.
            let mut inputs: HashSet<usize> = HashSet::new();
            for edge in entry_edges
                .iter()
                .chain(terminators.iter().flat_map(|(_, e)| e))
            {
                inputs.extend(edge.inputs.iter().map(|v| v.ptr as usize));
            }
            let unmapped = results
                .iter()
                .chain(&entry_args)
                .any(|v| tuple(v) && !inputs.contains(&(v.ptr as usize)));
            let unplaced = entry_edges
                .iter()
                .chain(terminators.iter().flat_map(|(_, e)| e))
                .any(|e| e.forwarded.iter().any(tuple) && e.first_operand_index.is_none());
            if unmapped || unplaced {
                let at = OperationRef::from_raw(op);
                Diagnostic::remark(
                    &at,
                    "tuples through this op are not decomposed: its region edges do not say where each one comes from",
                )
                .emit();
                return;
            }
            // Terminators: forwarded tuples become their leaves.
            for (t, edges) in &terminators {
                // Every edge of a terminator forwards the same operands.
                let edge = &edges[0];
                let first = edge.first_operand_index.unwrap_or(0) as usize;
                for position in (0..edge.forwarded.len()).rev() {
                    let value = edge.forwarded[position];
                    if !tuple(&value) {
                        continue;
                    }
                    let mut cursor = Cursor(InsertPoint::Before(*t));
                    let mut leaves = Vec::new();
                    self.decompose(value, &mut cursor, &mut leaves);
                    replace_operand_with_many(*t, first + position, &leaves);
                }
            }
            // Region entry arguments.
            for &entry in entries.iter().filter(|b| !b.ptr.is_null()) {
                self.flatten_block_arguments(entry, &|_| true);
            }
            // The op's own operands.
            let mut tuple_operands: Vec<usize> = entry_edges
                .iter()
                .flat_map(|e| {
                    let first = e.first_operand_index.unwrap_or(0) as usize;
                    e.forwarded
                        .iter()
                        .enumerate()
                        .filter(|(_, v)| tuple(v))
                        .map(move |(p, _)| first + p)
                        .collect::<Vec<_>>()
                })
                .collect();
            tuple_operands.sort_unstable();
            tuple_operands.dedup();
            let count = mlir_sys::mlirOperationGetNumOperands(op) as usize;
            let mut operands = Vec::new();
            let mut segments = segment_sizes(op);
            let mut cursor = Cursor(InsertPoint::Before(op));
            for index in 0..count {
                let operand = mlir_sys::mlirOperationGetOperand(op, index as isize);
                if tuple_operands.contains(&index) {
                    let before = operands.len();
                    self.decompose(operand, &mut cursor, &mut operands);
                    if let Some(sizes) = segments.as_mut() {
                        grow_segment(sizes, index, operands.len() - before);
                    }
                } else {
                    operands.push(operand);
                }
            }
            let result_types: Vec<MlirType> =
                results.iter().map(|&r| edit::value_type(r)).collect();
            let flat_results = self.flatten_all(&result_types);
            let context = mlir_sys::mlirOperationGetContext(op);
            let attributes: Vec<mlir_sys::MlirNamedAttribute> = segments
                .map(|sizes| {
                    mlir_sys::mlirNamedAttributeGet(
                        mlir_sys::mlirIdentifierGet(context, string_ref("operandSegmentSizes")),
                        mlir_sys::mlirDenseI32ArrayGet(
                            context,
                            sizes.len() as isize,
                            sizes.as_ptr(),
                        ),
                    )
                })
                .into_iter()
                .collect();
            let new_op = edit::rebuild_with_regions(op, &operands, &flat_results, &attributes)
                .expect("MLIR rebuilds an op with flattened operands and results");
            let location = edit::location(op);
            let mut leaves = (0..flat_results.len()).map(|i| edit::result(new_op, i));
            let mut cursor = Cursor(InsertPoint::After(new_op));
            for (i, &ty) in result_types.iter().enumerate() {
                let value = self.pack(ty, &mut leaves, location, &mut cursor);
                edit::replace_all_uses(results[i], value);
            }
            edit::erase(op);
        }
    }

    /// Tuple arguments of non-entry blocks, with the operands their
    /// predecessors forward (`BranchOpInterface`).
    fn block_arguments(&mut self, module: MlirOperation) {
        let ops = functions::nested_ops(module, &mut |_| true);
        let mut seen = HashSet::new();
        for op in ops {
            // SAFETY: live op (the edits below only touch blocks, block
            // arguments and terminators' operands, and add ops).
            unsafe {
                for r in 0..mlir_sys::mlirOperationGetNumRegions(op) {
                    let region = mlir_sys::mlirOperationGetRegion(op, r);
                    if !seen.insert(region.ptr as usize) {
                        continue;
                    }
                    self.region_block_arguments(op, region);
                }
            }
        }
    }

    /// # Safety
    /// `region` is a live region of live `parent`.
    unsafe fn region_block_arguments(
        &mut self,
        parent: MlirOperation,
        region: mlir_sys::MlirRegion,
    ) {
        // SAFETY: the caller's contract; handles come from the live region.
        unsafe {
            let entry = mlir_sys::mlirRegionGetFirstBlock(region);
            let mut blocks = Vec::new();
            let mut block = entry;
            while !block.ptr.is_null() {
                blocks.push(block);
                block = mlir_sys::mlirBlockGetNextInRegion(block);
            }
            let decomposer = self.decomposer;
            let has_tuple_arg = |b: MlirBlock| {
                edit::block_arguments(b)
                    .into_iter()
                    .any(|a| decomposer.decompose_type(edit::value_type(a)).is_some())
            };
            if let Some(&first) = blocks.first()
                && has_tuple_arg(first)
                && !interfaces::traits(parent).is_function_like()
            {
                // SAFETY: live op of the running pass.
                let op = OperationRef::from_raw(parent);
                Diagnostic::remark(
                    &op,
                    "tuple arguments of a region's entry block are not decomposed",
                )
                .emit();
            }
            for &block in blocks.iter().skip(1) {
                if !has_tuple_arg(block) {
                    continue;
                }
                // Predecessors: (terminator, successor index).
                let mut preds = Vec::new();
                for &b in &blocks {
                    // The last op, registered or not (an unregistered op may
                    // be a terminator with successors).
                    let Some(t) = last_op(b) else { continue };
                    for s in 0..mlir_sys::mlirOperationGetNumSuccessors(t) {
                        if mlir_sys::mlirBlockEqual(
                            mlir_sys::mlirOperationGetSuccessor(t, s),
                            block,
                        ) {
                            preds.push((t, s as usize));
                        }
                    }
                }
                let count = mlir_sys::mlirBlockGetNumArguments(block) as usize;
                let refused = preds.iter().find_map(|&(t, s)| {
                    match interfaces::branch_successor_operands(t, s) {
                        None => Some((t, "does not implement BranchOpInterface")),
                        Some(operands)
                            if operands.produced > 0
                                || operands.forwarded.len() != count
                                || (count > 0 && operands.first_operand_index.is_none()) =>
                        {
                            Some((t, "produces some of the block's arguments itself"))
                        }
                        _ => None,
                    }
                });
                if let Some((t, why)) = refused {
                    // SAFETY: live op of the running pass.
                    let op = OperationRef::from_raw(t);
                    Diagnostic::remark(
                        &op,
                        format!("the tuple arguments of this op's successor are not decomposed: it {why}"),
                    )
                    .emit();
                    continue;
                }
                for index in (0..count).rev() {
                    let arg = mlir_sys::mlirBlockGetArgument(block, index as isize);
                    if !self.is_tuple(edit::value_type(arg)) {
                        continue;
                    }
                    for &(t, s) in &preds {
                        let operands =
                            interfaces::branch_successor_operands(t, s).expect("checked above");
                        let at =
                            operands.first_operand_index.expect("checked above") as usize + index;
                        let mut cursor = Cursor(InsertPoint::Before(t));
                        let mut leaves = Vec::new();
                        self.decompose(operands.forwarded[index], &mut cursor, &mut leaves);
                        replace_operand_with_many(t, at, &leaves);
                    }
                    self.flatten_block_arguments(block, &|i| i == index);
                }
            }
        }
    }

    /// Unpacks of packs become the packed value; unused packs and unpacks go.
    fn cancel_pairs(&mut self, module: MlirOperation) {
        let ops = functions::nested_ops(module, &mut |_| true);
        for op in ops {
            let Some((tuple, index)) = self.decomposer.unpacked(op) else {
                continue;
            };
            // SAFETY: live ops; an unpack of a pack with an index in range
            // yields the pack's operand of the same type.
            unsafe {
                if mlir_sys::mlirOperationGetNumResults(op) != 1 {
                    continue;
                }
                let Some(def) = edit::defining_op(tuple) else {
                    continue;
                };
                let Some(packed) = self.decomposer.packed_elements(def) else {
                    continue;
                };
                let Some(&element) = packed.get(index) else {
                    continue;
                };
                let result = edit::result(op, 0);
                if !mlir_sys::mlirTypeEqual(edit::value_type(element), edit::value_type(result)) {
                    continue;
                }
                edit::replace_all_uses(result, element);
                edit::erase(op);
            }
        }
        // Packs and unpacks left without uses go (they only build or take
        // apart a tuple), until none is left.
        loop {
            let dead: Vec<MlirOperation> = functions::nested_ops(module, &mut |_| true)
                .into_iter()
                .filter(|&op| {
                    // SAFETY: live op.
                    (self.decomposer.packed_elements(op).is_some()
                        || self.decomposer.unpacked(op).is_some())
                        && unsafe { mlir_sys::mlirOperationGetNumResults(op) } == 1
                        && unsafe {
                            mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(
                                edit::result(op, 0),
                            ))
                        }
                })
                .collect();
            if dead.is_empty() {
                break;
            }
            for op in dead {
                // SAFETY: live op without uses of its result.
                unsafe { edit::erase(op) };
            }
        }
    }
}

/// Replaces operand `index` of `op` by `values`, growing the
/// `operandSegmentSizes` segment that holds it when the op has one.
/// # Safety
/// `op` is live, `index` in range, and the op accepts the new operands there.
unsafe fn replace_operand_with_many(op: MlirOperation, index: usize, values: &[MlirValue]) {
    // SAFETY: the caller's contract; the arrays outlive the calls.
    unsafe {
        let count = mlir_sys::mlirOperationGetNumOperands(op) as usize;
        let mut operands: Vec<MlirValue> = (0..count)
            .map(|i| mlir_sys::mlirOperationGetOperand(op, i as isize))
            .collect();
        operands.splice(index..=index, values.iter().copied());
        let sizes = segment_sizes(op);
        mlir_sys::mlirOperationSetOperands(op, operands.len() as isize, operands.as_ptr());
        let Some(mut sizes) = sizes else { return };
        grow_segment(&mut sizes, index, values.len());
        let context = mlir_sys::mlirOperationGetContext(op);
        let attr = mlir_sys::mlirDenseI32ArrayGet(context, sizes.len() as isize, sizes.as_ptr());
        mlir_sys::mlirOperationSetAttributeByName(op, string_ref("operandSegmentSizes"), attr);
    }
}

/// The op's `operandSegmentSizes`, if it has them.
/// # Safety
/// `op` is live.
unsafe fn segment_sizes(op: MlirOperation) -> Option<Vec<i32>> {
    // SAFETY: the caller's contract; indices in range.
    unsafe {
        let segments =
            mlir_sys::mlirOperationGetAttributeByName(op, string_ref("operandSegmentSizes"));
        if segments.ptr.is_null() {
            return None;
        }
        Some(
            (0..mlir_sys::mlirDenseArrayGetNumElements(segments))
                .map(|i| mlir_sys::mlirDenseI32ArrayGetElement(segments, i))
                .collect(),
        )
    }
}

/// Operand `index` became `count` operands: the segment holding it grows.
fn grow_segment(sizes: &mut [i32], index: usize, count: usize) {
    let mut start = 0usize;
    for size in sizes.iter_mut() {
        let end = start + *size as usize;
        if index < end {
            *size += count as i32 - 1;
            return;
        }
        start = end;
    }
}

/// The last op of `block`, if any.
/// # Safety
/// `block` is live.
unsafe fn last_op(block: MlirBlock) -> Option<MlirOperation> {
    // SAFETY: the caller's contract.
    unsafe {
        let mut op = mlir_sys::mlirBlockGetFirstOperation(block);
        let mut last = None;
        while !op.ptr.is_null() {
            last = Some(op);
            op = mlir_sys::mlirOperationGetNextInBlock(op);
        }
        last
    }
}

/// Whether any value, block argument or function signature under `module`
/// has a tuple type.
fn mentions_tuples(module: MlirOperation) -> bool {
    // SAFETY: live type.
    let tuple = |ty: MlirType| unsafe { mlir_sys::mlirTypeIsATuple(ty) };
    functions::nested_ops(module, &mut |_| true)
        .into_iter()
        .any(|op| {
            // SAFETY: live op; indices in range.
            unsafe {
                let results = (0..mlir_sys::mlirOperationGetNumResults(op))
                    .any(|i| tuple(edit::value_type(mlir_sys::mlirOperationGetResult(op, i))));
                let arguments = (0..mlir_sys::mlirOperationGetNumRegions(op)).any(|r| {
                    let mut block =
                        mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, r));
                    while !block.ptr.is_null() {
                        if edit::block_arguments(block)
                            .into_iter()
                            .any(|a| tuple(edit::value_type(a)))
                        {
                            return true;
                        }
                        block = mlir_sys::mlirBlockGetNextInRegion(block);
                    }
                    false
                });
                let signature = functions::signature(op)
                    .is_some_and(|s| s.inputs.iter().chain(&s.results).any(|&t| tuple(t)));
                results || arguments || signature
            }
        })
}
