//! Builders for the fixed IR bufrs creates by name: `memref.dealloc` (also
//! under `scf.if`),
//! `bufferization.clone`, `cf.br`, `arith.constant` of an index, binary
//! `arith` ops on index values, and merge-alloc's byte buffer (`memref.alloc`
//! of `i8`, static or sized at run time) and `memref.view`s of it. Used only where no interface can build the op (e.g. freeing a buffer
//! that came from a call or a merge, whose producer has no
//! `AllocationOpInterface`); passes that use them list the dialects in
//! `BufrsPass::DEPENDENT_DIALECTS`.
//!
//! # Safety
//!
//! Like `crate::ir::edit`, these take raw MLIR handles and are `unsafe fn`s:
//! every handle passed (values, blocks, locations, types, attributes, and the
//! op or block `at` names) must be live and of one context.

use mlir_sys::{MlirBlock, MlirLocation, MlirOperation, MlirValue};

use crate::ir::edit::{InsertPoint, create_op, value_type};

/// `memref.dealloc %buffer`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_dealloc(
    buffer: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> MlirOperation {
    // SAFETY: live handles (the caller's contract); a valid memref.dealloc.
    unsafe { create_op("memref.dealloc", location, &[buffer], &[], &[], at) }
}

/// `memref.dealloc %buffer` guarded by `scf.if %condition` (`None`: the
/// condition is the constant `true`, a plain `memref.dealloc`): the lowering
/// of the one-memref `bufferization.dealloc (%buffer) if (%condition)` with
/// no retained value (`bufrs-lower-deallocations`, and the ownership-based
/// pass's `lower-dynamic-frees`).
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_dealloc_if(
    buffer: MlirValue,
    condition: Option<MlirValue>,
    location: MlirLocation,
    at: InsertPoint,
) {
    // SAFETY: live handles (the caller's contract); the dealloc goes before
    // the then block's scf.yield.
    unsafe {
        match condition {
            None => {
                memref_dealloc(buffer, location, at);
            }
            Some(c) => {
                let (_, block) = scf_if_then(c, location, at);
                memref_dealloc(buffer, location, InsertPoint::StartOf(block));
            }
        }
    }
}

/// `%copy = bufferization.clone %buffer` (same type); returns `%copy`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn bufferization_clone(
    buffer: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: live handles (the caller's contract); the clone has one result.
    unsafe {
        let op = create_op(
            "bufferization.clone",
            location,
            &[buffer],
            &[value_type(buffer)],
            &[],
            at,
        );
        crate::ir::edit::result(op, 0)
    }
}

/// `cf.br ^target(%arguments)` at the end of `block`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn cf_br(
    block: MlirBlock,
    target: MlirBlock,
    arguments: &[MlirValue],
    location: MlirLocation,
) -> MlirOperation {
    // SAFETY: live handles (the caller's contract).
    unsafe {
        create_op(
            "cf.br",
            location,
            arguments,
            &[],
            &[target],
            InsertPoint::EndOf(block),
        )
    }
}

/// Creates op `name` like [`create_op`], with `attributes` given as
/// `(name, attribute text)` pairs parsed in the op's context (inherent
/// attributes become properties, as when MLIR parses the generic form).
/// `None` if an attribute does not parse.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn create_op_with_attributes(
    name: &str,
    location: MlirLocation,
    operands: &[MlirValue],
    result_types: &[mlir_sys::MlirType],
    attributes: &[(&str, &str)],
    at: InsertPoint,
) -> Option<MlirOperation> {
    // SAFETY: parsing in the location's live context; the strings outlive the calls.
    let named = unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let mut named = Vec::with_capacity(attributes.len());
        for (key, text) in attributes {
            // The booleans are built directly (the same uniqued attribute
            // parsing gives, without running the parser per op).
            let attribute = match *text {
                "true" => mlir_sys::mlirBoolAttrGet(context, 1),
                "false" => mlir_sys::mlirBoolAttrGet(context, 0),
                _ => mlir_sys::mlirAttributeParseGet(
                    context,
                    crate::ir::diagnostics::string_ref(text),
                ),
            };
            if attribute.ptr.is_null() {
                return None;
            }
            let identifier =
                mlir_sys::mlirIdentifierGet(context, crate::ir::diagnostics::string_ref(key));
            named.push(mlir_sys::mlirNamedAttributeGet(identifier, attribute));
        }
        named
    };
    // SAFETY: live handles (the caller's contract); the attributes were just
    // built in the same context.
    Some(unsafe {
        crate::ir::edit::create_op_with_named_attributes(
            name,
            location,
            operands,
            result_types,
            &[],
            &named,
            at,
        )
    })
}

/// Parses a type in `location`'s context; `None` if it does not parse.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn parse_type(text: &str, location: MlirLocation) -> Option<mlir_sys::MlirType> {
    // SAFETY: parsing in a live context; the string outlives the call.
    let ty = unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        // The types the builders name most are built directly (the same
        // uniqued type parsing gives, without running the parser per op).
        match text {
            "i1" => mlir_sys::mlirIntegerTypeGet(context, 1),
            "index" => mlir_sys::mlirIndexTypeGet(context),
            _ => mlir_sys::mlirTypeParseGet(context, crate::ir::diagnostics::string_ref(text)),
        }
    };
    (!ty.ptr.is_null()).then_some(ty)
}

/// `%c = arith.constant <value> : index`; returns `%c`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn arith_constant_index(
    value: i64,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: live handles (the caller's contract); arith.constant has one result.
    unsafe {
        let index = parse_type("index", location)?;
        let op = create_op_with_attributes(
            "arith.constant",
            location,
            &[],
            &[index],
            &[("value", &format!("{value} : index"))],
            at,
        )?;
        Some(crate::ir::edit::result(op, 0))
    }
}

/// `%d = memref.dim %source, %index : memref<...>` (`index` an `index`
/// value); returns `%d`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_dim(
    source: MlirValue,
    index: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: live handles (the caller's contract); memref.dim has one result.
    unsafe {
        let dim = create_op(
            "memref.dim",
            location,
            &[source, index],
            &[parse_type("index", location)?],
            &[],
            at,
        );
        Some(crate::ir::edit::result(dim, 0))
    }
}

/// `%m = memref.alloc() {alignment = <alignment>} : memref<<bytes>xi8[, <memory_space>]>`
/// (`memory_space` null for the default space); returns `%m`. The type and
/// attributes are built through the C API, not parsed from text. `None` if
/// `bytes` is negative, `alignment` is not positive, or MLIR refuses the type
/// (it then reports why at `location`).
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_alloc_bytes(
    bytes: i64,
    alignment: i64,
    memory_space: mlir_sys::MlirAttribute,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: the caller's contract.
    unsafe { static_byte_buffer("memref.alloc", bytes, alignment, memory_space, location, at) }
}

/// `%m = memref.alloca() {alignment = <alignment>} : memref<<bytes>xi8[, <memory_space>]>`:
/// a stack byte buffer; as [`memref_alloc_bytes`].
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_alloca_bytes(
    bytes: i64,
    alignment: i64,
    memory_space: mlir_sys::MlirAttribute,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: the caller's contract.
    unsafe {
        static_byte_buffer(
            "memref.alloca",
            bytes,
            alignment,
            memory_space,
            location,
            at,
        )
    }
}

/// `%m = <op>() {alignment = <alignment>} : memref<<bytes>xi8[, <memory_space>]>`
/// for `memref.alloc` or `memref.alloca`; `None` if `bytes` is negative.
/// # Safety
/// Every handle passed is live (see the module's safety section).
unsafe fn static_byte_buffer(
    op: &str,
    bytes: i64,
    alignment: i64,
    memory_space: mlir_sys::MlirAttribute,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    if bytes < 0 {
        return None;
    }
    // SAFETY: the caller's contract.
    unsafe { alloc_bytes(op, Err(bytes), alignment, memory_space, location, at) }
}

/// `%m = memref.alloc(%bytes) {alignment = <alignment>} : memref<?xi8[, <memory_space>]>`:
/// a byte buffer whose size (`index`) is known at run time; as [`memref_alloc_bytes`].
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_alloc_dynamic_bytes(
    bytes: MlirValue,
    alignment: i64,
    memory_space: mlir_sys::MlirAttribute,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: the caller's contract.
    unsafe {
        alloc_bytes(
            "memref.alloc",
            Ok(bytes),
            alignment,
            memory_space,
            location,
            at,
        )
    }
}

/// A byte buffer of `bytes`: a run-time value (`Ok`) or a static size
/// (`Err`), allocated by `name` (`memref.alloc` or `memref.alloca`).
unsafe fn alloc_bytes(
    name: &str,
    bytes: Result<MlirValue, i64>,
    alignment: i64,
    memory_space: mlir_sys::MlirAttribute,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    if alignment <= 0 {
        return None;
    }
    let (dimension, operands) = match bytes {
        // SAFETY: a total query.
        Ok(value) => (
            unsafe { mlir_sys::mlirShapedTypeGetDynamicSize() },
            vec![value],
        ),
        Err(bytes) => (bytes, vec![]),
    };
    // SAFETY: every handle belongs to the location's live context; the
    // shape array outlives the call that reads it.
    let (ty, named) = unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let i8_type = mlir_sys::mlirIntegerTypeGet(context, 8);
        let shape = [dimension];
        let ty = mlir_sys::mlirMemRefTypeContiguousGetChecked(
            location,
            i8_type,
            1,
            shape.as_ptr(),
            memory_space,
        );
        if ty.ptr.is_null() {
            return None;
        }
        let i64_type = mlir_sys::mlirIntegerTypeGet(context, 64);
        let identifier =
            mlir_sys::mlirIdentifierGet(context, crate::ir::diagnostics::string_ref("alignment"));
        let alignment = mlir_sys::mlirNamedAttributeGet(
            identifier,
            mlir_sys::mlirIntegerAttrGet(i64_type, alignment),
        );
        (ty, alignment)
    };
    // SAFETY: live handles (the caller's contract).
    Some(unsafe { memref_allocation(name, ty, &operands, &[named], location, at) })
}

/// `%m = memref.alloc() : <ty>` for a memref type with a static shape, with
/// `extra` attributes (e.g. `alignment`); returns `%m`.
/// # Safety
/// Every handle passed is live (see the module's safety section); `ty` is a
/// ranked memref type with a static shape.
pub unsafe fn memref_alloc_static(
    ty: mlir_sys::MlirType,
    extra: &[mlir_sys::MlirNamedAttribute],
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: the caller's contract.
    unsafe { memref_alloc(ty, &[], extra, location, at) }
}

/// `%m = memref.alloc(%sizes) : <ty>`, one `index` size per dynamic
/// dimension of `ty`, with `extra` attributes; returns `%m`.
/// # Safety
/// Every handle passed is live (see the module's safety section); `sizes`
/// match the dynamic dimensions of the ranked memref type `ty`.
pub unsafe fn memref_alloc(
    ty: mlir_sys::MlirType,
    sizes: &[MlirValue],
    extra: &[mlir_sys::MlirNamedAttribute],
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: the same contract.
    unsafe { memref_allocation("memref.alloc", ty, sizes, extra, location, at) }
}

/// `%m = memref.alloca(%sizes) : <ty>` (as [`memref_alloc`]); returns `%m`.
/// # Safety
/// As [`memref_alloc`].
pub unsafe fn memref_alloca(
    ty: mlir_sys::MlirType,
    sizes: &[MlirValue],
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: the same contract.
    unsafe { memref_allocation("memref.alloca", ty, sizes, &[], location, at) }
}

/// `memref.alloc` or `memref.alloca` (`name`) of `ty` with one size per
/// dynamic dimension and no symbol operands.
/// # Safety
/// As [`memref_alloc`].
unsafe fn memref_allocation(
    name: &str,
    ty: mlir_sys::MlirType,
    sizes: &[MlirValue],
    extra: &[mlir_sys::MlirNamedAttribute],
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: every handle belongs to the location's live context; the
    // segment array outlives the call that reads it; memref.alloc has one
    // result.
    unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let segments = [sizes.len() as i32, 0];
        let identifier = mlir_sys::mlirIdentifierGet(
            context,
            crate::ir::diagnostics::string_ref("operandSegmentSizes"),
        );
        let mut named = extra.to_vec();
        named.push(mlir_sys::mlirNamedAttributeGet(
            identifier,
            mlir_sys::mlirDenseI32ArrayGet(context, 2, segments.as_ptr()),
        ));
        let op = crate::ir::edit::create_op_with_named_attributes(
            name,
            location,
            sizes,
            &[ty],
            &[],
            &named,
            at,
        );
        crate::ir::edit::result(op, 0)
    }
}

/// `%v = memref.view %source[%byte_shift][%sizes] : memref<Nxi8> to <result_type>`
/// (`sizes`: one `index` per dynamic dimension of `result_type`); returns `%v`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_view(
    source: MlirValue,
    byte_shift: MlirValue,
    sizes: &[MlirValue],
    result_type: mlir_sys::MlirType,
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    let mut operands = vec![source, byte_shift];
    operands.extend_from_slice(sizes);
    // SAFETY: live handles (the caller's contract); memref.view has one result.
    unsafe {
        let op = create_op("memref.view", location, &operands, &[result_type], &[], at);
        crate::ir::edit::result(op, 0)
    }
}

/// A binary `arith` op on two values of one integer-like type (`arith.addi`,
/// `arith.muli`, `arith.maxui`, `arith.andi`, ...), result of that type;
/// returns the result.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn arith_binary(
    name: &str,
    lhs: MlirValue,
    rhs: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: live handles (the caller's contract); one result of the operands' type.
    unsafe {
        let op = create_op(name, location, &[lhs, rhs], &[value_type(lhs)], &[], at);
        crate::ir::edit::result(op, 0)
    }
}

/// The `AllocationOpInterface` op that produced `value`, if any.
/// # Safety
/// `value` is live.
unsafe fn allocation_op(value: MlirValue) -> Option<MlirOperation> {
    // SAFETY: a live value (the caller's contract).
    let op = unsafe { crate::ir::edit::defining_op(value) }?;
    crate::ir::interfaces::traits(op)
        .is_allocation_op()
        .then_some(op)
}

/// A clone of `value` before `before`: for a static non-identity strided
/// layout a new buffer viewed with that layout and a copy; otherwise built
/// through the `AllocationOpInterface` of the first of `roots` (the buffers
/// `value` may name) that has one, else `bufferization.clone`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn clone_buffer(
    roots: &[MlirValue],
    value: MlirValue,
    before: MlirOperation,
) -> MlirValue {
    // SAFETY (this function): live handles (the caller's contract).
    let location = unsafe { crate::ir::edit::location(before) };
    // A static strided layout that is not the identity (a subview's type with
    // a static offset): MLIR 22 cannot lower a bufferization.clone of it, so
    // the copy gets a buffer of its own viewed with the same layout.
    if let Some(layout) = unsafe { static_strided_layout(crate::ir::edit::value_type(value)) }
        && let Some(copy) = unsafe {
            copy_with_static_layout(value, &layout, location, InsertPoint::Before(before))
        }
    {
        return copy;
    }
    let via_interface = roots
        .iter()
        .find_map(|&r| unsafe { allocation_op(r) })
        .and_then(|alloc| unsafe {
            crate::ir::edit::build_clone(alloc, value, InsertPoint::Before(before))
        });
    via_interface.unwrap_or_else(|| unsafe {
        bufferization_clone(value, location, InsertPoint::Before(before))
    })
}

/// Frees `buffer` at `at`: through its producer's `AllocationOpInterface`,
/// else `memref.dealloc`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn free_buffer(buffer: MlirValue, location: MlirLocation, at: InsertPoint) {
    // SAFETY (this function): live handles (the caller's contract).
    if let Some(alloc) = unsafe { allocation_op(buffer) }
        && unsafe { crate::ir::edit::build_dealloc(alloc, buffer, at) }.is_some()
    {
        return;
    }
    unsafe { memref_dealloc(buffer, location, at) };
}

/// `%c = arith.constant <value> : i1`; returns `%c`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn arith_constant_bool(
    value: bool,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: live handles (the caller's contract); arith.constant has one result.
    unsafe {
        let i1 = parse_type("i1", location)?;
        let op = create_op_with_attributes(
            "arith.constant",
            location,
            &[],
            &[i1],
            &[("value", if value { "true" } else { "false" })],
            at,
        )?;
        Some(crate::ir::edit::result(op, 0))
    }
}

/// `bufferization.dealloc (%buffer) if (%condition)` (nothing retained, so
/// no results): frees `buffer` when `condition` holds (seed 001).
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn bufferization_dealloc(
    buffer: MlirValue,
    condition: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirOperation> {
    // SAFETY: live handles (the caller's contract).
    unsafe {
        create_op_with_attributes(
            super::OWNERSHIP_BASED_DEALLOC,
            location,
            &[buffer, condition],
            &[],
            &[("operandSegmentSizes", "array<i32: 1, 1, 0>")],
            at,
        )
    }
}

/// `%r = <name> %operand : <from> to <to>` for the one-operand, one-result
/// ops the preparation passes build by name (`bufferization.to_tensor`,
/// `bufferization.to_buffer`, `memref.cast`); returns `%r`.
/// # Safety
/// Every handle passed is live (see the module's safety section); `to` is a
/// type the op accepts for `operand`.
pub unsafe fn unary(
    name: &str,
    operand: MlirValue,
    to: mlir_sys::MlirType,
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: live handles (the caller's contract); one result.
    unsafe {
        let op = create_op(name, location, &[operand], &[to], &[], at);
        crate::ir::edit::result(op, 0)
    }
}

/// `func.call @callee(%operands) : (...) -> (results)`; returns the op.
/// # Safety
/// Every handle passed is live (see the module's safety section); the types
/// match `callee`'s signature.
pub unsafe fn func_call(
    callee: &str,
    operands: &[MlirValue],
    results: &[mlir_sys::MlirType],
    location: MlirLocation,
    at: InsertPoint,
) -> MlirOperation {
    // SAFETY: live handles (the caller's contract).
    unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let symbol =
            mlir_sys::mlirFlatSymbolRefAttrGet(context, crate::ir::diagnostics::string_ref(callee));
        let identifier =
            mlir_sys::mlirIdentifierGet(context, crate::ir::diagnostics::string_ref("callee"));
        crate::ir::edit::create_op_with_named_attributes(
            "func.call",
            location,
            operands,
            results,
            &[],
            &[mlir_sys::mlirNamedAttributeGet(identifier, symbol)],
            at,
        )
    }
}

/// The `arith.cmpi` predicates bufrs builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpPredicate {
    Eq,
    Ne,
    /// Unsigned less-than.
    Ult,
}

/// `%c = arith.cmpi <predicate>, %lhs, %rhs` (operands of one integer or
/// index type); returns `%c`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn arith_cmpi(
    predicate: CmpPredicate,
    lhs: MlirValue,
    rhs: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    let code = match predicate {
        CmpPredicate::Eq => "0 : i64",
        CmpPredicate::Ne => "1 : i64",
        CmpPredicate::Ult => "6 : i64",
    };
    // SAFETY: live handles (the caller's contract); arith.cmpi has one result.
    unsafe {
        let i1 = parse_type("i1", location)?;
        let op = create_op_with_attributes(
            "arith.cmpi",
            location,
            &[lhs, rhs],
            &[i1],
            &[("predicate", code)],
            at,
        )?;
        Some(crate::ir::edit::result(op, 0))
    }
}

/// `%p = memref.extract_aligned_pointer_as_index %buffer`; returns `%p`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn extract_aligned_pointer(
    buffer: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: live handles (the caller's contract); the op has one result.
    unsafe {
        let index = parse_type("index", location)?;
        let op = create_op(
            "memref.extract_aligned_pointer_as_index",
            location,
            &[buffer],
            &[index],
            &[],
            at,
        );
        Some(crate::ir::edit::result(op, 0))
    }
}

/// `%r = scf.if %condition -> (result_types) { } else { }` with one empty
/// block in each region (the caller ends each with its `scf.yield`); returns
/// the op, the then block and the else block.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn scf_if_else(
    condition: MlirValue,
    result_types: &[mlir_sys::MlirType],
    location: MlirLocation,
    at: InsertPoint,
) -> (MlirOperation, MlirBlock, MlirBlock) {
    // SAFETY: the regions and blocks are fresh and handed to the op state,
    // which takes ownership; every other handle is live (the caller's
    // contract).
    unsafe {
        let mut regions = [mlir_sys::mlirRegionCreate(), mlir_sys::mlirRegionCreate()];
        let blocks = regions.each_mut().map(|region| {
            let block = mlir_sys::mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlir_sys::mlirRegionAppendOwnedBlock(*region, block);
            block
        });
        let op = crate::ir::edit::build_op(
            crate::ir::diagnostics::string_ref("scf.if"),
            location,
            crate::ir::edit::OpParts {
                operands: &[condition],
                result_types,
                successors: &[],
                attributes: &[],
                regions: &regions,
            },
        );
        crate::ir::edit::insert(op, at);
        (op, blocks[0], blocks[1])
    }
}

/// `%r = scf.for %iv = %lower to %upper step %step iter_args(... = %inits)`
/// with an empty body block (the caller ends it with its `scf.yield`);
/// returns the op, the body block, the induction variable and the iter_args.
/// # Safety
/// Every handle passed is live (see the module's safety section); the bounds
/// and step are `index` values.
pub unsafe fn scf_for(
    bounds: [MlirValue; 3],
    inits: &[MlirValue],
    location: MlirLocation,
    at: InsertPoint,
) -> (MlirOperation, MlirBlock, MlirValue, Vec<MlirValue>) {
    // SAFETY: the region and block are fresh and handed to the op state,
    // which takes ownership; every other handle is live (the caller's
    // contract).
    unsafe {
        let types: Vec<mlir_sys::MlirType> = inits.iter().map(|&v| value_type(v)).collect();
        let mut arguments = vec![value_type(bounds[0])];
        arguments.extend_from_slice(&types);
        let locations = vec![location; arguments.len()];
        let region = mlir_sys::mlirRegionCreate();
        let block = mlir_sys::mlirBlockCreate(
            arguments.len() as isize,
            arguments.as_ptr(),
            locations.as_ptr(),
        );
        mlir_sys::mlirRegionAppendOwnedBlock(region, block);
        let mut operands = bounds.to_vec();
        operands.extend_from_slice(inits);
        let op = crate::ir::edit::build_op(
            crate::ir::diagnostics::string_ref("scf.for"),
            location,
            crate::ir::edit::OpParts {
                operands: &operands,
                result_types: &types,
                successors: &[],
                attributes: &[],
                regions: &[region],
            },
        );
        crate::ir::edit::insert(op, at);
        let arguments = crate::ir::edit::block_arguments(block);
        (op, block, arguments[0], arguments[1..].to_vec())
    }
}

/// `scf.yield %values` at the end of `block`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn scf_yield(values: &[MlirValue], location: MlirLocation, block: MlirBlock) {
    // SAFETY: live handles (the caller's contract).
    unsafe {
        create_op(
            "scf.yield",
            location,
            values,
            &[],
            &[],
            InsertPoint::EndOf(block),
        );
    }
}

/// One size of an op with offsets, sizes and strides: static, or a run-time
/// `index` value.
#[derive(Clone, Copy, Debug)]
pub enum Size {
    Static(i64),
    Dynamic(MlirValue),
}

/// The offset, sizes and strides of [`offset_sizes_strides_op`]: static
/// offset and strides, each size static or a run-time value.
#[derive(Clone, Copy, Debug)]
pub struct Slice<'a> {
    pub offset: i64,
    pub sizes: &'a [Size],
    pub strides: &'a [i64],
}

/// `%v = <name> %source[offset] [sizes] [strides] : ... to <result_type>`
/// for `memref.subview` and `memref.reinterpret_cast`; returns `%v`. `None`
/// if an attribute does not parse.
/// # Safety
/// Every handle passed is live (see the module's safety section);
/// `result_type` is the type the op requires for these operands.
pub unsafe fn offset_sizes_strides_op(
    name: &str,
    source: MlirValue,
    slice: Slice<'_>,
    result_type: mlir_sys::MlirType,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    let list = |values: &mut dyn Iterator<Item = i64>| {
        values.map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
    };
    let Slice {
        offset,
        sizes,
        strides,
    } = slice;
    // SAFETY: a total query.
    let dynamic_size = unsafe { mlir_sys::mlirShapedTypeGetDynamicSize() };
    let mut operands = vec![source];
    operands.extend(sizes.iter().filter_map(|size| match size {
        Size::Dynamic(value) => Some(*value),
        Size::Static(_) => None,
    }));
    let static_sizes = list(&mut sizes.iter().map(|size| match size {
        Size::Static(n) => *n,
        Size::Dynamic(_) => dynamic_size,
    }));
    // SAFETY: live handles (the caller's contract); the op has one result.
    unsafe {
        let op = create_op_with_attributes(
            name,
            location,
            &operands,
            &[result_type],
            &[
                (
                    "operandSegmentSizes",
                    &format!("array<i32: 1, 0, {}, 0>", operands.len() - 1),
                ),
                ("static_offsets", &format!("array<i64: {offset}>")),
                ("static_sizes", &format!("array<i64: {static_sizes}>")),
                (
                    "static_strides",
                    &format!("array<i64: {}>", list(&mut strides.iter().copied())),
                ),
            ],
            at,
        )?;
        Some(crate::ir::edit::result(op, 0))
    }
}

/// `scf.if %condition { scf.yield }` with no results and an empty else
/// region; returns the then block, whose `scf.yield` is its only op (insert
/// before it).
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn scf_if_then(
    condition: MlirValue,
    location: MlirLocation,
    at: InsertPoint,
) -> (MlirOperation, MlirBlock) {
    // SAFETY: the regions and block are fresh and handed to the op state,
    // which takes ownership; every other handle is live (the caller's
    // contract).
    unsafe {
        let then_region = mlir_sys::mlirRegionCreate();
        let block = mlir_sys::mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        mlir_sys::mlirRegionAppendOwnedBlock(then_region, block);
        let else_region = mlir_sys::mlirRegionCreate();
        let op = crate::ir::edit::build_op(
            crate::ir::diagnostics::string_ref("scf.if"),
            location,
            crate::ir::edit::OpParts {
                operands: &[condition],
                result_types: &[],
                successors: &[],
                attributes: &[],
                regions: &[then_region, else_region],
            },
        );
        crate::ir::edit::insert(op, at);
        create_op(
            "scf.yield",
            location,
            &[],
            &[],
            &[],
            InsertPoint::EndOf(block),
        );
        (op, block)
    }
}

/// For a memref type with a static strided layout that is not the identity
/// (e.g. `memref<2xi64, strided<[1], offset: 1>>` or
/// `memref<?xi64, strided<[1], offset: 3>>`, subviews' types): the offset,
/// the sizes (`None` for a dynamic dimension) and strides, and the part of
/// the number of elements a buffer must hold for a view of that type that
/// the static dimensions decide (offset + 1 + (size - 1) * stride for each
/// non-empty static dimension). `None` for other types (dynamic strides or
/// offset, negative strides, identity layouts).
/// # Safety
/// `ty` is a live type.
pub unsafe fn static_strided_layout(ty: mlir_sys::MlirType) -> Option<StaticLayout> {
    // SAFETY: type queries on a live type; `strides` has rank entries.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(ty)
            || crate::ir::types::strided_layout_not_static(ty)
            || mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirMemRefTypeGetAffineMap(ty))
        {
            return None;
        }
        let rank = usize::try_from(mlir_sys::mlirShapedTypeGetRank(ty)).ok()?;
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        let result =
            mlir_sys::mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset);
        if result.value == 0 {
            return None;
        }
        let dynamic = mlir_sys::mlirShapedTypeGetDynamicStrideOrOffset();
        if offset == dynamic || offset < 0 || strides.iter().any(|&s| s == dynamic || s < 0) {
            return None;
        }
        let sizes: Vec<Option<i64>> = (0..rank)
            .map(|dim| {
                (!mlir_sys::mlirShapedTypeIsDynamicDim(ty, dim as isize))
                    .then(|| mlir_sys::mlirShapedTypeGetDimSize(ty, dim as isize))
            })
            .collect();
        let mut extent = offset.checked_add(1)?;
        for (size, &stride) in sizes.iter().zip(&strides) {
            if let Some(size) = *size
                && size > 0
            {
                extent = extent.checked_add((size - 1).checked_mul(stride)?)?;
            }
        }
        Some(StaticLayout {
            static_extent: extent,
            offset,
            sizes,
            strides,
        })
    }
}

/// See [`static_strided_layout`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticLayout {
    /// The elements the static dimensions need (the whole extent when no
    /// dimension is dynamic).
    pub static_extent: i64,
    pub offset: i64,
    /// `None` for a dynamic dimension.
    pub sizes: Vec<Option<i64>>,
    pub strides: Vec<i64>,
}

/// A copy of `source` (of a type with a [`StaticLayout`]) in a new heap
/// buffer viewed with the same type: `%flat = memref.alloc(...) :
/// memref<EXTENTxT>` (for dynamic dimensions the extent adds
/// `max(memref.dim - 1, 0) * stride` at run time), `%view =
/// memref.reinterpret_cast %flat` to the type (the dynamic sizes read from
/// `source`), `memref.copy %source, %view`; returns `%view` (freeing it frees
/// `%flat`). Unlike `bufferization.clone` of such a type, which MLIR 22's
/// convert-bufferization-to-memref cannot lower (it allocates an identity
/// layout and can only cast it to offset 0 or `?`), this lowers.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn copy_with_static_layout(
    source: MlirValue,
    layout: &StaticLayout,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: live handles (the caller's contract); every op built is valid
    // for the types computed here.
    unsafe {
        let ty = value_type(source);
        let element = mlir_sys::mlirShapedTypeGetElementType(ty);
        let space = mlir_sys::mlirMemRefTypeGetMemorySpace(ty);
        let dynamic_size = mlir_sys::mlirShapedTypeGetDynamicSize();
        // One constant per value (built on first use).
        let mut constants: Vec<(i64, MlirValue)> = Vec::new();
        let mut index = |value: i64| -> Option<MlirValue> {
            if let Some(&(_, c)) = constants.iter().find(|(v, _)| *v == value) {
                return Some(c);
            }
            let c = arith_constant_index(value, location, at)?;
            constants.push((value, c));
            Some(c)
        };
        // The run-time sizes of the dynamic dimensions and the extent they add.
        let mut dynamic_sizes = Vec::new();
        let mut extent = None;
        for (dim, (size, &stride)) in layout.sizes.iter().zip(&layout.strides).enumerate() {
            if size.is_some() {
                continue;
            }
            let size = memref_dim(source, index(dim as i64)?, location, at)?;
            dynamic_sizes.push(size);
            if stride == 0 {
                continue;
            }
            let last = arith_binary("arith.subi", size, index(1)?, location, at);
            let mut span = arith_binary("arith.maxsi", last, index(0)?, location, at);
            if stride != 1 {
                span = arith_binary("arith.muli", span, index(stride)?, location, at);
            }
            let sum = match extent {
                None => index(layout.static_extent)?,
                Some(sum) => sum,
            };
            extent = Some(arith_binary("arith.addi", sum, span, location, at));
        }
        let shape = [if extent.is_some() {
            dynamic_size
        } else {
            layout.static_extent
        }];
        let flat_type = mlir_sys::mlirMemRefTypeContiguousGetChecked(
            location,
            element,
            1,
            shape.as_ptr(),
            space,
        );
        if flat_type.ptr.is_null() {
            return None;
        }
        let flat = memref_alloc(flat_type, extent.as_slice(), &[], location, at);
        let mut dynamic = dynamic_sizes.iter();
        let sizes: Vec<Size> = layout
            .sizes
            .iter()
            .map(|size| match size {
                Some(n) => Some(Size::Static(*n)),
                None => dynamic.next().map(|value| Size::Dynamic(*value)),
            })
            .collect::<Option<_>>()?;
        let view = offset_sizes_strides_op(
            "memref.reinterpret_cast",
            flat,
            Slice {
                offset: layout.offset,
                sizes: &sizes,
                strides: &layout.strides,
            },
            ty,
            location,
            at,
        )?;
        create_op("memref.copy", location, &[source, view], &[], &[], at);
        Some(view)
    }
}
