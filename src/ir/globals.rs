//! `memref.global` facts for merge-alloc's lifetime classes (constant and
//! variable buffers) and `bufrs-pack-constants`: which global a
//! `memref.get_global` names and whether it is constant. Globals are symbols
//! of the nearest symbol table above the use (the module).

use mlir_sys::MlirOperation;

use crate::ir::diagnostics::{string_from_ref, string_ref};

/// Whether a global holds constant data (`constant`) or may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalKind {
    Constant,
    Variable,
}

/// The value of the flat symbol reference attribute `name` of `op`, if any.
pub fn symbol_reference(op: MlirOperation, name: &str) -> Option<String> {
    // SAFETY: live op; attribute queries are total; null means absent.
    unsafe {
        let attr = mlir_sys::mlirOperationGetAttributeByName(op, string_ref(name));
        if attr.ptr.is_null() || !mlir_sys::mlirAttributeIsAFlatSymbolRef(attr) {
            return None;
        }
        Some(string_from_ref(mlir_sys::mlirFlatSymbolRefAttrGetValue(
            attr,
        )))
    }
}

/// Whether `op` has the unit attribute `name` (e.g. a global's `constant`).
pub fn has_attribute(op: MlirOperation, name: &str) -> bool {
    // SAFETY: live op; a total query.
    unsafe {
        !mlir_sys::mlirOperationGetAttributeByName(op, string_ref(name))
            .ptr
            .is_null()
    }
}

/// The kind of the global a `memref.get_global`-like op names through its
/// `name` attribute, looked up in the nearest enclosing symbol table; `None`
/// when it names nothing found.
pub fn global_kind_of_use(use_op: MlirOperation) -> Option<GlobalKind> {
    let symbol = symbol_reference(use_op, "name")?;
    // SAFETY: live ops; the symbol table is destroyed before returning.
    unsafe {
        // The C API gives a null table for an op that is not a symbol table.
        let mut above = mlir_sys::mlirOperationGetParentOperation(use_op);
        let table = loop {
            if above.ptr.is_null() {
                return None;
            }
            let table = mlir_sys::mlirSymbolTableCreate(above);
            if !table.ptr.is_null() {
                break table;
            }
            above = mlir_sys::mlirOperationGetParentOperation(above);
        };
        let global = mlir_sys::mlirSymbolTableLookup(table, string_ref(&symbol));
        mlir_sys::mlirSymbolTableDestroy(table);
        if global.ptr.is_null() {
            return None;
        }
        Some(if has_attribute(global, "constant") {
            GlobalKind::Constant
        } else {
            GlobalKind::Variable
        })
    }
}

/// How many uses of the symbol `symbol` defines are nested in `from`
/// (`SymbolTable::getSymbolUses`); `None` when unknown uses may exist.
pub fn symbol_use_count(symbol: MlirOperation, from: MlirOperation) -> Option<usize> {
    // SAFETY: live ops.
    let count = unsafe { crate::ffi::bufrsShimSymbolUseCount(symbol, from) };
    usize::try_from(count).ok()
}

/// How many references to each root symbol name the regions of `from` hold
/// (nested symbol tables excluded; one walk for all symbols); `None` when
/// unknown uses may exist.
pub fn symbol_use_counts(from: MlirOperation) -> Option<std::collections::HashMap<String, usize>> {
    unsafe extern "C" fn count(root: mlir_sys::MlirStringRef, data: *mut std::os::raw::c_void) {
        // SAFETY: `data` is the map below, alive for the walk.
        let counts = unsafe { &mut *(data as *mut std::collections::HashMap<String, usize>) };
        *counts.entry(string_from_ref(root)).or_default() += 1;
    }
    let mut counts: std::collections::HashMap<String, usize> = Default::default();
    // SAFETY: a live op; the callback only updates `counts`.
    let known = unsafe {
        crate::ffi::bufrsShimForEachSymbolUse(
            from,
            Some(count),
            &mut counts as *mut std::collections::HashMap<String, usize> as *mut _,
        )
    };
    known.then_some(counts)
}

/// The bytes and alignment of a `dense_resource` elements attribute's blob
/// (owned by the context); `None` when `attr` is not one or its blob is
/// missing (elided).
pub fn dense_resource_blob(attr: mlir_sys::MlirAttribute) -> Option<(&'static [u8], u64)> {
    let mut data: *const std::os::raw::c_void = std::ptr::null();
    let (mut length, mut alignment) = (0usize, 0usize);
    // SAFETY: a live attribute; the shim writes the out-parameters only on success.
    let found = unsafe {
        crate::ffi::bufrsShimDenseResourceBlob(attr, &mut data, &mut length, &mut alignment)
    };
    if !found || (data.is_null() && length > 0) {
        return None;
    }
    let bytes = if length == 0 {
        &[][..]
    } else {
        // SAFETY: the blob holds `length` bytes at `data`, alive with the context.
        unsafe { std::slice::from_raw_parts(data as *const u8, length) }
    };
    Some((bytes, (alignment as u64).max(1)))
}

/// A `dense_resource` elements attribute of the shaped type `ty` holding a
/// copy of `data` in a blob named after `name` (made unique), aligned to
/// `alignment`; null if MLIR refuses the type.
pub fn dense_resource_elements(
    ty: mlir_sys::MlirType,
    name: &str,
    data: &[u8],
    alignment: u64,
) -> mlir_sys::MlirAttribute {
    // SAFETY: a live type; the shim copies `data` before returning.
    unsafe {
        crate::ffi::bufrsShimDenseResourceElementsGet(
            ty,
            string_ref(name),
            data.as_ptr() as *const _,
            data.len(),
            alignment as usize,
        )
    }
}
