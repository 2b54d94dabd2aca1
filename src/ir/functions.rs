//! Functions and symbols as the preparation passes see them: a function's
//! signature (`FunctionOpInterface`'s `function_type` attribute) and its
//! per-argument and per-result attributes, changing them, the symbol
//! references an op holds in its attributes (the module's symbol uses), and
//! a pre-order walk of the ops under an op; a module's functions and its
//! symbol uses (the input of `analysis::call_graph`).

use mlir_sys::{MlirAttribute, MlirNamedAttribute, MlirOperation, MlirType};

use crate::{
    analysis::call_graph::SymbolUse,
    ir::diagnostics::{string_from_ref, string_ref, string_ref_bytes},
};

/// A function's argument and result types.
#[derive(Clone, Debug)]
pub struct Signature {
    pub inputs: Vec<MlirType>,
    pub results: Vec<MlirType>,
}

/// The attribute `name` of `op`, if it has one.
pub fn attribute(op: MlirOperation, name: &str) -> Option<MlirAttribute> {
    // SAFETY: `op` is live (every function here takes live handles); a
    // null attribute means absent.
    let attr = unsafe { mlir_sys::mlirOperationGetAttributeByName(op, string_ref(name)) };
    (!attr.ptr.is_null()).then_some(attr)
}

/// An allocation's own `alignment` attribute, when it is an integer that
/// is a positive power of two.
pub fn allocation_alignment(op: MlirOperation) -> Option<u64> {
    let attr = attribute(op, "alignment")?;
    // SAFETY: a live attribute; the integer query is total on integers.
    unsafe {
        if !mlir_sys::mlirAttributeIsAInteger(attr) {
            return None;
        }
        let value = mlir_sys::mlirIntegerAttrGetValueInt(attr);
        (value > 0 && (value as u64).is_power_of_two()).then_some(value as u64)
    }
}

/// The signature of a function-like op, from its `function_type` attribute;
/// `None` when it has none or it is not a function type.
pub fn signature(function: MlirOperation) -> Option<Signature> {
    let attr = attribute(function, "function_type")?;
    // SAFETY: live attribute and type; indices in range.
    unsafe {
        if !mlir_sys::mlirAttributeIsAType(attr) {
            return None;
        }
        let ty = mlir_sys::mlirTypeAttrGetValue(attr);
        if !mlir_sys::mlirTypeIsAFunction(ty) {
            return None;
        }
        Some(Signature {
            inputs: (0..mlir_sys::mlirFunctionTypeGetNumInputs(ty))
                .map(|i| mlir_sys::mlirFunctionTypeGetInput(ty, i))
                .collect(),
            results: (0..mlir_sys::mlirFunctionTypeGetNumResults(ty))
                .map(|i| mlir_sys::mlirFunctionTypeGetResult(ty, i))
                .collect(),
        })
    }
}

/// Sets the `function_type` of `function`.
/// # Safety
/// `function` and the types are live handles of one context; the caller
/// keeps the body's entry arguments and returns consistent with it.
pub unsafe fn set_signature(function: MlirOperation, signature: &Signature) {
    // SAFETY: the caller's contract; the arrays outlive the call.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(function);
        let ty = mlir_sys::mlirFunctionTypeGet(
            context,
            signature.inputs.len() as isize,
            signature.inputs.as_ptr(),
            signature.results.len() as isize,
            signature.results.as_ptr(),
        );
        mlir_sys::mlirOperationSetAttributeByName(
            function,
            string_ref("function_type"),
            mlir_sys::mlirTypeAttrGet(ty),
        );
    }
}

/// The entries of each dictionary of the array attribute `name`
/// (`arg_attrs` or `res_attrs`), `count` of them (empty when absent).
pub fn per_position_attributes(
    function: MlirOperation,
    name: &str,
    count: usize,
) -> Vec<Vec<MlirNamedAttribute>> {
    let mut out = vec![Vec::new(); count];
    let Some(array) = attribute(function, name) else {
        return out;
    };
    // SAFETY: live attributes; indices in range.
    unsafe {
        if !mlir_sys::mlirAttributeIsAArray(array) {
            return out;
        }
        for (i, slot) in out.iter_mut().enumerate() {
            if i as isize >= mlir_sys::mlirArrayAttrGetNumElements(array) {
                break;
            }
            let dict = mlir_sys::mlirArrayAttrGetElement(array, i as isize);
            if mlir_sys::mlirAttributeIsADictionary(dict) {
                *slot = (0..mlir_sys::mlirDictionaryAttrGetNumElements(dict))
                    .map(|j| mlir_sys::mlirDictionaryAttrGetElement(dict, j))
                    .collect();
            }
        }
    }
    out
}

/// Sets the array attribute `name` to one dictionary per position, or
/// removes it when every dictionary is empty.
/// # Safety
/// `function` and the attributes are live handles of one context.
pub unsafe fn set_per_position_attributes(
    function: MlirOperation,
    name: &str,
    entries: &[Vec<MlirNamedAttribute>],
) {
    // SAFETY: the caller's contract; the arrays outlive the calls.
    unsafe {
        if entries.iter().all(Vec::is_empty) {
            mlir_sys::mlirOperationRemoveAttributeByName(function, string_ref(name));
            return;
        }
        let context = mlir_sys::mlirOperationGetContext(function);
        let dicts: Vec<MlirAttribute> = entries
            .iter()
            .map(|e| mlir_sys::mlirDictionaryAttrGet(context, e.len() as isize, e.as_ptr()))
            .collect();
        let array = mlir_sys::mlirArrayAttrGet(context, dicts.len() as isize, dicts.as_ptr());
        mlir_sys::mlirOperationSetAttributeByName(function, string_ref(name), array);
    }
}

/// A unit attribute named `name` in `function`'s context.
pub fn unit_attribute(function: MlirOperation, name: &str) -> MlirNamedAttribute {
    // SAFETY: live op; the name is copied into the context.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(function);
        mlir_sys::mlirNamedAttributeGet(
            mlir_sys::mlirIdentifierGet(context, string_ref(name)),
            mlir_sys::mlirUnitAttrGet(context),
        )
    }
}

/// The op's `sym_name`, if it has one.
pub fn symbol(op: MlirOperation) -> Option<String> {
    let attr = attribute(op, "sym_name")?;
    // SAFETY: live attribute.
    unsafe {
        mlir_sys::mlirAttributeIsAString(attr)
            .then(|| string_from_ref(mlir_sys::mlirStringAttrGetValue(attr)))
    }
}

/// The op's integer attribute `name` (e.g. an `arith.constant`'s `value`), if it has one.
pub fn integer_attribute(op: MlirOperation, name: &str) -> Option<i64> {
    let attr = attribute(op, name)?;
    // SAFETY: live attribute.
    unsafe {
        mlir_sys::mlirAttributeIsAInteger(attr).then(|| mlir_sys::mlirIntegerAttrGetValueInt(attr))
    }
}

/// Whether the op's `sym_visibility` is `private`.
pub fn is_private(op: MlirOperation) -> bool {
    attribute(op, "sym_visibility").is_some_and(|attr| {
        // SAFETY: live attribute.
        unsafe {
            mlir_sys::mlirAttributeIsAString(attr)
                && string_from_ref(mlir_sys::mlirStringAttrGetValue(attr)) == "private"
        }
    })
}

/// The root symbols of every symbol reference among `op`'s attributes
/// (inherent ones included), looking into arrays and dictionaries, except
/// those of the attribute named `skip`; with the attribute's name.
pub fn symbol_references(op: MlirOperation, skip: Option<&str>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // SAFETY: live op; indices in range.
    unsafe {
        for i in 0..mlir_sys::mlirOperationGetNumAttributes(op) {
            let named = mlir_sys::mlirOperationGetAttribute(op, i);
            // Compared and copied in place only when needed: this runs on
            // every attribute of every op of a module (the call graph).
            let name = mlir_sys::mlirIdentifierStr(named.name);
            if skip.is_some_and(|skip| string_ref_bytes(name) == skip.as_bytes()) {
                continue;
            }
            let mut symbols = Vec::new();
            collect_symbols(named.attribute, &mut symbols);
            if symbols.is_empty() {
                continue;
            }
            let name = string_from_ref(name);
            out.extend(symbols.into_iter().map(|s| (name.clone(), s)));
        }
    }
    out
}

fn collect_symbols(attr: MlirAttribute, out: &mut Vec<String>) {
    // SAFETY: live attribute; indices in range.
    unsafe {
        if mlir_sys::mlirAttributeIsASymbolRef(attr) {
            out.push(string_from_ref(
                mlir_sys::mlirSymbolRefAttrGetRootReference(attr),
            ));
        } else if mlir_sys::mlirAttributeIsAArray(attr) {
            for i in 0..mlir_sys::mlirArrayAttrGetNumElements(attr) {
                collect_symbols(mlir_sys::mlirArrayAttrGetElement(attr, i), out);
            }
        } else if mlir_sys::mlirAttributeIsADictionary(attr) {
            for i in 0..mlir_sys::mlirDictionaryAttrGetNumElements(attr) {
                collect_symbols(
                    mlir_sys::mlirDictionaryAttrGetElement(attr, i).attribute,
                    out,
                );
            }
        }
    }
}

/// The ops nested in `root` (not `root` itself), in pre-order; `descend`
/// decides whether to look inside an op's regions.
pub fn nested_ops(
    root: MlirOperation,
    descend: &mut dyn FnMut(MlirOperation) -> bool,
) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    walk(root, descend, &mut out);
    out
}

fn walk(
    op: MlirOperation,
    descend: &mut dyn FnMut(MlirOperation) -> bool,
    out: &mut Vec<MlirOperation>,
) {
    // SAFETY: live op; the walk only reads.
    unsafe {
        for r in 0..mlir_sys::mlirOperationGetNumRegions(op) {
            let region = mlir_sys::mlirOperationGetRegion(op, r);
            let mut block = mlir_sys::mlirRegionGetFirstBlock(region);
            while !block.ptr.is_null() {
                let mut child = mlir_sys::mlirBlockGetFirstOperation(block);
                while !child.ptr.is_null() {
                    out.push(child);
                    if descend(child) {
                        walk(child, descend, out);
                    }
                    child = mlir_sys::mlirOperationGetNextInBlock(child);
                }
                block = mlir_sys::mlirBlockGetNextInRegion(block);
            }
        }
    }
}

/// Whether the op's name is `name`, read in place.
pub fn op_name_is(op: MlirOperation, name: &str) -> bool {
    // SAFETY: live op; the name's bytes live in the context.
    unsafe {
        string_ref_bytes(mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(
            op,
        ))) == name.as_bytes()
    }
}

/// The op's registered name, e.g. `func.call`.
pub fn op_name(op: MlirOperation) -> String {
    // SAFETY: live op.
    string_from_ref(unsafe { mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(op)) })
}

/// A function-like op directly in a module.
#[derive(Clone, Debug)]
pub struct FunctionOp {
    pub op: MlirOperation,
    pub name: String,
    pub signature: Signature,
    pub public: bool,
    pub has_body: bool,
}

/// The function-like ops (`FunctionOpInterface`, with a symbol and a
/// `function_type`) directly in `module`'s body, in order.
pub fn module_functions(module: MlirOperation) -> Vec<FunctionOp> {
    let mut out = Vec::new();
    // SAFETY: live module; its body is region 0's first block (absent for
    // an empty region).
    unsafe {
        let body = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(module, 0));
        if body.ptr.is_null() {
            return out;
        }
        let mut child = mlir_sys::mlirBlockGetFirstOperation(body);
        while !child.ptr.is_null() {
            if let (true, Some(name), Some(signature)) = (
                crate::ir::interfaces::traits(child).is_function_like(),
                symbol(child),
                signature(child),
            ) {
                let region = mlir_sys::mlirOperationGetRegion(child, 0);
                out.push(FunctionOp {
                    op: child,
                    name,
                    signature,
                    public: !is_private(child),
                    has_body: !mlir_sys::mlirRegionGetFirstBlock(region).ptr.is_null(),
                });
            }
            child = mlir_sys::mlirOperationGetNextInBlock(child);
        }
    }
    out
}

/// The return-like terminators of the blocks of `function`'s body, in
/// block order.
pub fn return_terminators(function: MlirOperation) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    // SAFETY: a live function; blocks and terminators are read only.
    unsafe {
        let mut block =
            mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(function, 0));
        while !block.ptr.is_null() {
            let terminator = mlir_sys::mlirBlockGetTerminator(block);
            if !terminator.ptr.is_null()
                && crate::ir::interfaces::traits(terminator).is_return_like()
            {
                out.push(terminator);
            }
            block = mlir_sys::mlirBlockGetNextInRegion(block);
        }
    }
    out
}

/// Every use of a symbol under `module`, with the op holding it: a direct
/// call (an op `is_direct_call` accepts, calling through `CallOpInterface`
/// a callee named by its `callee` attribute) or any other symbol reference
/// in an op's attributes. Nested symbol tables (ops with a symbol that are
/// not functions) are not looked into: their references resolve there.
pub fn symbol_uses(
    module: MlirOperation,
    is_direct_call: &dyn Fn(MlirOperation) -> bool,
) -> (Vec<SymbolUse>, Vec<MlirOperation>) {
    let mut uses = Vec::new();
    let mut users = Vec::new();
    let ops = nested_ops(module, &mut |op| {
        symbol(op).is_none() || crate::ir::interfaces::traits(op).is_function_like()
    });
    for op in ops {
        let callee = if is_direct_call(op) {
            crate::ir::interfaces::callee(op)
        } else {
            None
        };
        if let Some(callee) = &callee {
            uses.push(SymbolUse::DirectCall {
                callee: callee.clone(),
            });
            users.push(op);
        }
        let skip = callee.as_ref().map(|_| "callee");
        for (_, symbol) in symbol_references(op, skip) {
            uses.push(SymbolUse::Other { symbol });
            users.push(op);
        }
    }
    (uses, users)
}
