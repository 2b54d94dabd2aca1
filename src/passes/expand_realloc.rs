//! `bufrs-expand-realloc`: expands every `memref.realloc` into the ops it
//! stands for, with the semantics of upstream's `expand-realloc` with
//! `emit-deallocs=false` (the old buffer is not freed: the deallocation pass
//! that follows frees it), and costs one C++ walk of the op when there is no
//! `memref.realloc` in it (upstream's pass runs a dialect conversion over
//! every op, about a sixth of bufrs' deallocation pipeline on large modules:
//! docs/compile-time.md).
//!
//! For `%r = memref.realloc %old(%size) : memref<?xT> to memref<?xT>` (both
//! one-dimensional with identity layouts, as the op's verifier demands):
//!
//! ```mlir
//! %c0 = arith.constant 0 : index            // only when %old's size is dynamic
//! %dim = memref.dim %old, %c0 : memref<?xT> //   (else a constant of it)
//! %grow = arith.cmpi ult, %dim, %size : index  // a constant for a static new size
//! %r = scf.if %grow -> (memref<?xT>) {
//!   %new = memref.alloc(%size) : memref<?xT>   // the realloc's alignment kept
//!   %sub = memref.subview %new[0] [%dim] [1]
//!   memref.copy %old, %sub
//!   scf.yield %new : memref<?xT>
//! } else {
//!   %cast = memref.reinterpret_cast %old to offset: [0], sizes: [%size], strides: [1]
//!   scf.yield %cast : memref<?xT>
//! }
//! ```
//!
//! When the realloc never grows (both sizes static and the new one not
//! larger, or a static new size of 0), the expansion is the cast alone:
//! upstream's `memref.subview` of the new buffer would be larger than that
//! buffer or start at its end, which the verifier rejects (upstream's pass
//! fails on such a realloc).
//!
//! The IR to create is fixed, so ops are named here (`crate::dialect::builders`).

use melior::ir::OperationRef;
use mlir_sys::{MlirLocation, MlirOperation, MlirType};

use crate::{
    dialect::builders::{self, CmpPredicate, Size, Slice},
    ir::{
        Diagnostic,
        capture::contains_op_named,
        diagnostics::Severity,
        edit::{self, InsertPoint},
        functions::{nested_ops, op_name_is},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult, pass},
};

/// The op this pass expands.
pub const REALLOC: &str = "memref.realloc";

pass_options! {
    /// Options of `bufrs-expand-realloc` (none).
    pub struct ExpandReallocOptions {}
}

pub struct ExpandRealloc;

impl BufrsPass for ExpandRealloc {
    type Options = ExpandReallocOptions;
    const ARGUMENT: &'static str = "bufrs-expand-realloc";
    const SUMMARY: &'static str = "Expand memref.realloc into a size test, a new buffer and a copy, or a cast of the old buffer (upstream's expand-realloc{emit-deallocs=false}, at the cost of one walk when there is none)";
    const ANCHOR: Anchor = Anchor::Any;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "arith", "scf"];

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        if !contains_op_named(root, REALLOC) {
            return pass::unchanged(root);
        }
        let reallocs: Vec<MlirOperation> = nested_ops(root, &mut |_| true)
            .into_iter()
            .filter(|&op| op_name_is(op, REALLOC))
            .collect();
        for realloc in reallocs {
            // SAFETY: `realloc` is a live memref.realloc nested in the op the
            // pass runs on; each expansion only adds ops before it and
            // erases it.
            if unsafe { expand(realloc) }.is_none() {
                Diagnostic::at_raw(
                    realloc,
                    Severity::Error,
                    format!("{}: could not expand this op", Self::ARGUMENT),
                )
                .emit();
                return Err(PassFailed);
            }
        }
        Ok(())
    }
}

/// Expands one `memref.realloc` (see the module doc) and erases it; `None`
/// if MLIR refused to build a type or attribute (nothing is erased then).
/// # Safety
/// `realloc` is a live, verified `memref.realloc` in a block.
unsafe fn expand(realloc: MlirOperation) -> Option<()> {
    // SAFETY: the caller's contract; every op built below is valid for the
    // types read from the verified realloc.
    unsafe {
        let location = edit::location(realloc);
        let at = InsertPoint::Before(realloc);
        let source = mlir_sys::mlirOperationGetOperand(realloc, 0);
        // The realloc's optional operand: the new size when it is dynamic.
        let new_size = (mlir_sys::mlirOperationGetNumOperands(realloc) > 1)
            .then(|| mlir_sys::mlirOperationGetOperand(realloc, 1));
        let result = edit::result(realloc, 0);
        let result_type = edit::value_type(result);
        let target_size = match (static_size(result_type), new_size) {
            (Some(n), _) => Size::Static(n),
            (None, Some(value)) => Size::Dynamic(value),
            (None, None) => return None,
        };
        // The old buffer viewed with the new type: the whole expansion of a
        // static shrink, the else branch otherwise.
        let cast_of_old = |at: InsertPoint| {
            builders::offset_sizes_strides_op(
                "memref.reinterpret_cast",
                source,
                Slice {
                    offset: 0,
                    sizes: &[target_size],
                    strides: &[1],
                },
                result_type,
                location,
                at,
            )
        };
        // A realloc that never grows (a static size not above the old
        // static size, or a new size of 0) takes the cast at run time, so
        // the cast is the whole expansion. The grow branch would be dead,
        // and invalid: its subview of the new buffer would start at or
        // run past its end (IR the verifier rejects; upstream's pass
        // builds it and fails).
        let old_static = static_size(edit::value_type(source));
        let never_grows = match (old_static, target_size) {
            (_, Size::Static(0)) => true,
            (Some(old), Size::Static(new)) => old >= new,
            _ => false,
        };
        if never_grows {
            let cast = cast_of_old(at)?;
            edit::replace_all_uses(result, cast);
            edit::erase(realloc);
            return Some(());
        }
        // The old size: its static size, else `memref.dim %old, 0`.
        let old_size = match old_static {
            Some(n) => Size::Static(n),
            None => {
                let zero = builders::arith_constant_index(0, location, at)?;
                Size::Dynamic(builders::memref_dim(source, zero, location, at)?)
            }
        };
        let as_value = |size: Size| match size {
            Size::Static(n) => builders::arith_constant_index(n, location, at),
            Size::Dynamic(value) => Some(value),
        };
        let lhs = as_value(old_size)?;
        let rhs = as_value(target_size)?;
        let grow = builders::arith_cmpi(CmpPredicate::Ult, lhs, rhs, location, at)?;
        let (if_op, then_block, else_block) =
            builders::scf_if_else(grow, &[result_type], location, at);
        // Then: a new buffer, the old contents copied into its front.
        let then_end = InsertPoint::EndOf(then_block);
        let alignment = mlir_sys::mlirOperationGetAttributeByName(
            realloc,
            crate::ir::diagnostics::string_ref("alignment"),
        );
        let extra: Vec<mlir_sys::MlirNamedAttribute> = if alignment.ptr.is_null() {
            Vec::new()
        } else {
            let context = mlir_sys::mlirLocationGetContext(location);
            vec![mlir_sys::mlirNamedAttributeGet(
                mlir_sys::mlirIdentifierGet(
                    context,
                    crate::ir::diagnostics::string_ref("alignment"),
                ),
                alignment,
            )]
        };
        let new_buffer =
            builders::memref_alloc(result_type, new_size.as_slice(), &extra, location, then_end);
        let front = builders::offset_sizes_strides_op(
            "memref.subview",
            new_buffer,
            Slice {
                offset: 0,
                sizes: &[old_size],
                strides: &[1],
            },
            front_type(result_type, old_size, location)?,
            location,
            then_end,
        )?;
        edit::create_op(
            "memref.copy",
            location,
            &[source, front],
            &[],
            &[],
            then_end,
        );
        builders::scf_yield(&[new_buffer], location, then_block);
        // Else: the old buffer, viewed with the new type.
        let cast = cast_of_old(InsertPoint::EndOf(else_block))?;
        builders::scf_yield(&[cast], location, else_block);
        edit::replace_all_uses(result, edit::result(if_op, 0));
        edit::erase(realloc);
        Some(())
    }
}

/// The static size of a one-dimensional memref type, `None` if dynamic.
/// # Safety
/// `ty` is a live ranked memref type of rank 1.
unsafe fn static_size(ty: MlirType) -> Option<i64> {
    // SAFETY: the caller's contract.
    unsafe {
        (!mlir_sys::mlirShapedTypeIsDynamicDim(ty, 0))
            .then(|| mlir_sys::mlirShapedTypeGetDimSize(ty, 0))
    }
}

/// The type of `memref.subview %new[0] [old_size] [1]` of a buffer of
/// `buffer_type` (identity layout): `memref<old_size x T, strided<[1]>>` in
/// the buffer's memory space, as the subview's own type inference gives.
/// # Safety
/// `buffer_type` is a live memref type of rank 1 with an identity layout.
unsafe fn front_type(
    buffer_type: MlirType,
    old_size: Size,
    location: MlirLocation,
) -> Option<MlirType> {
    // SAFETY: type queries and constructors on live handles of one context.
    unsafe {
        let context = mlir_sys::mlirLocationGetContext(location);
        let shape = [match old_size {
            Size::Static(n) => n,
            Size::Dynamic(_) => mlir_sys::mlirShapedTypeGetDynamicSize(),
        }];
        let strides = [1i64];
        let layout = mlir_sys::mlirStridedLayoutAttrGet(context, 0, 1, strides.as_ptr());
        let ty = mlir_sys::mlirMemRefTypeGetChecked(
            location,
            mlir_sys::mlirShapedTypeGetElementType(buffer_type),
            1,
            shape.as_ptr(),
            layout,
            mlir_sys::mlirMemRefTypeGetMemorySpace(buffer_type),
        );
        (!ty.ptr.is_null()).then_some(ty)
    }
}
