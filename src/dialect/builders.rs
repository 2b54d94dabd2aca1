//! Builders for the fixed IR bufrs creates by name: `memref.dealloc`,
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
    if bytes < 0 {
        return None;
    }
    // SAFETY: the caller's contract.
    unsafe { alloc_bytes(Err(bytes), alignment, memory_space, location, at) }
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
    unsafe { alloc_bytes(Ok(bytes), alignment, memory_space, location, at) }
}

/// A byte buffer of `bytes`: a run-time value (`Ok`) or a static size (`Err`).
unsafe fn alloc_bytes(
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
    // shape and segment arrays outlive the calls that read them.
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
        let segments = [operands.len() as i32, 0];
        let named = |key: &str, attribute| {
            let identifier =
                mlir_sys::mlirIdentifierGet(context, crate::ir::diagnostics::string_ref(key));
            mlir_sys::mlirNamedAttributeGet(identifier, attribute)
        };
        (
            ty,
            [
                named(
                    "alignment",
                    mlir_sys::mlirIntegerAttrGet(i64_type, alignment),
                ),
                named(
                    "operandSegmentSizes",
                    mlir_sys::mlirDenseI32ArrayGet(context, 2, segments.as_ptr()),
                ),
            ],
        )
    };
    // SAFETY: live handles (the caller's contract); memref.alloc has one result.
    unsafe {
        let op = crate::ir::edit::create_op_with_named_attributes(
            "memref.alloc",
            location,
            &operands,
            &[ty],
            &[],
            &named,
            at,
        );
        Some(crate::ir::edit::result(op, 0))
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
