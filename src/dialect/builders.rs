//! Builders for the fixed IR bufrs creates by name: `memref.dealloc`,
//! `bufferization.clone`, `cf.br`, `arith.constant` of an index, and
//! merge-alloc's byte buffer (`memref.alloc` of `i8`) and `memref.view`s of
//! it. Used only where no interface can build the op (e.g. freeing a buffer
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
            let attribute =
                mlir_sys::mlirAttributeParseGet(context, crate::ir::diagnostics::string_ref(text));
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
        mlir_sys::mlirTypeParseGet(
            mlir_sys::mlirLocationGetContext(location),
            crate::ir::diagnostics::string_ref(text),
        )
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
    if bytes < 0 || alignment <= 0 {
        return None;
    }
    // SAFETY: every handle belongs to the location's live context; the
    // shape array outlives the call that reads it.
    let (ty, named) = unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let i8_type = mlir_sys::mlirIntegerTypeGet(context, 8);
        let shape = [bytes];
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
    Some(unsafe { memref_alloc_static(ty, &[named], location, at) })
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
    // SAFETY: every handle belongs to the location's live context; the
    // segment array outlives the call that reads it; memref.alloc has one
    // result.
    unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let segments = [0i32, 0];
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
            "memref.alloc",
            location,
            &[],
            &[ty],
            &[],
            &named,
            at,
        );
        crate::ir::edit::result(op, 0)
    }
}

/// `%v = memref.view %source[%byte_shift][] : memref<Nxi8> to <result_type>`
/// (static result shape: no size operands); returns `%v`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn memref_view(
    source: MlirValue,
    byte_shift: MlirValue,
    result_type: mlir_sys::MlirType,
    location: MlirLocation,
    at: InsertPoint,
) -> MlirValue {
    // SAFETY: live handles (the caller's contract); memref.view has one result.
    unsafe {
        let op = create_op(
            "memref.view",
            location,
            &[source, byte_shift],
            &[result_type],
            &[],
            at,
        );
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

/// A clone of `value` before `before`, built through the
/// `AllocationOpInterface` of the first of `roots` (the buffers `value` may
/// name) that has one, else `bufferization.clone`.
/// # Safety
/// Every handle passed is live (see the module's safety section).
pub unsafe fn clone_buffer(roots: &[MlirValue], value: MlirValue, before: MlirOperation) -> MlirValue {
    // SAFETY (this function): live handles (the caller's contract).
    let location = unsafe { crate::ir::edit::location(before) };
    let via_interface = roots
        .iter()
        .find_map(|&r| unsafe { allocation_op(r) })
        .and_then(|alloc| unsafe {
            crate::ir::edit::build_clone(alloc, value, InsertPoint::Before(before))
        });
    via_interface
        .unwrap_or_else(|| unsafe { bufferization_clone(value, location, InsertPoint::Before(before)) })
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
pub unsafe fn arith_constant_bool(value: bool, location: MlirLocation, at: InsertPoint) -> Option<MlirValue> {
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
