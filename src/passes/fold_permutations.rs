//! `bufrs-fold-permutations`: on tensors, before bufferization, folds each
//! pure permutation of a tensor into the `linalg.generic` ops that read it
//! as an input, so that the permuted copy is never materialized for them.
//!
//! A pure permutation is a `linalg.transpose` on tensors, or a
//! `linalg.generic` on tensors with one input, one init, only parallel
//! iterators, a permutation (no symbols) as the input's indexing map, the
//! identity as the init's, and a body that yields its input element
//! unchanged. For `%t = P(%s)`, `%t[d] = %s[p(d)]` with `p` the input map (for
//! `linalg.transpose ... permutation = σ`, `p` is the inverse of σ). A
//! consumer reading `%t[m(x)]` through its indexing map `m` reads
//! `%s[p(m(x))]`: the pass makes it read `%s` through `p ∘ m` (result `k` of
//! the new map is result `p(k)` of `m`, built with MLIR's affine-map C API).
//! Its iteration space is unchanged, so its body and `linalg.index` ops
//! stay valid.
//!
//! Why: upstream's `linalg-fuse-elementwise-ops` fuses a producer only into a
//! single consumer. A permuted tensor read by several ops (a recurrent
//! model's transposed weight, read by every time step's matmul) stays a
//! tensor of its own, which one-shot bufferization turns into a buffer live
//! from the permutation to its last reader. Folded, each reader indexes the
//! source, and the buffer goes with the permutation (docs/merge-alloc.md,
//! "Against IREE").
//!
//! Only inputs of `linalg.generic` are folded: an init is the value an op
//! starts from and may write in place, and other ops (named linalg ops,
//! reshapes, returns, calls) read the tensor's layout itself. Those uses
//! keep the permutation; it is erased when no use is left, and so is its
//! init when that was its only use and has no memory effects and no regions
//! (the `tensor.empty` it was given). A permutation folded into another
//! permutation yields a permutation of the first's source, itself folded
//! into its readers, as the ops are visited in program order.
//!
//! The two ops are matched by name: the pass reads and rewrites their fixed
//! form (operand segments, `indexing_maps`, `iterator_types`, `permutation`
//! and the body), which no interface exposes through MLIR's C API.

use melior::ir::OperationRef;
use mlir_sys::{MlirAffineMap, MlirAttribute, MlirBlock, MlirOperation, MlirValue};

use crate::{
    ir::{
        Diagnostic,
        capture::contains_op_named_any,
        diagnostics::{Severity, string_ref},
        edit,
        functions::{nested_ops, op_name_is},
        interfaces,
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult, pass},
};

/// The generic form: a permutation when its parts say so, a consumer always.
pub const GENERIC: &str = "linalg.generic";
/// The named transpose (`permutation = [...]`).
pub const TRANSPOSE: &str = "linalg.transpose";

pub(crate) const INDEXING_MAPS: &str = "indexing_maps";
pub(crate) const ITERATOR_TYPES: &str = "iterator_types";
pub(crate) const OPERAND_SEGMENTS: &str = "operandSegmentSizes";
const PARALLEL: &str = "#linalg.iterator_type<parallel>";

pass_options! {
    /// Options of `bufrs-fold-permutations` (none).
    pub struct FoldPermutationsOptions {}
}

pub struct FoldPermutations;

impl BufrsPass for FoldPermutations {
    type Options = FoldPermutationsOptions;
    const ARGUMENT: &'static str = "bufrs-fold-permutations";
    const SUMMARY: &'static str = "On tensors, before bufferization: fold each pure permutation (linalg.transpose, or a linalg.generic yielding its one input read through a permutation map into an identity-mapped init) into every linalg.generic reading it as an input, which then reads the permutation's source through the composed indexing map; the permutation is erased once no other use (an init, a non-generic op) is left";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        if !contains_op_named_any(root, &[GENERIC, TRANSPOSE]) {
            return pass::unchanged(root);
        }
        // Linalg bodies hold scalar ops only: no permutation or consumer to
        // find inside, and the handles of a body erased with its op never
        // reach the loop below.
        let ops = nested_ops(root, &mut |op| {
            !op_name_is(op, GENERIC) && !op_name_is(op, TRANSPOSE)
        });
        let mut changed = false;
        for candidate in ops {
            // SAFETY: `candidate` is live: the pass erases only permutations
            // and their inits, each after it has been visited (an init is
            // defined before the op using it).
            let Some(permutation) = (unsafe { Permutation::of(candidate) }) else {
                continue;
            };
            // SAFETY: as above; the uses are read before any is changed.
            let uses = unsafe { uses_of(permutation.result) };
            for (consumer, operand) in uses {
                // SAFETY: `consumer` is a live op using the permutation.
                if !unsafe { reads_as_generic_input(consumer, operand) } {
                    continue;
                }
                // SAFETY: `consumer` is a live linalg.generic reading the
                // permutation's result as its input `operand`.
                if unsafe { fold_into(consumer, operand, &permutation) }.is_none() {
                    Diagnostic::at_raw(
                        consumer,
                        Severity::Error,
                        format!(
                            "{}: could not build the composed indexing map of operand #{operand}",
                            Self::ARGUMENT
                        ),
                    )
                    .emit();
                    return Err(PassFailed);
                }
                changed = true;
            }
            // SAFETY: the permutation is live; once its result has no use
            // it (and its body) can go, then its init if that is dead too.
            unsafe {
                if uses_of(permutation.result).is_empty() {
                    let init = edit::defining_op(permutation.init);
                    edit::erase(candidate);
                    changed = true;
                    if let Some(init) = init.filter(|&init| is_dead_and_pure(init)) {
                        edit::erase(init);
                    }
                }
            }
        }
        if !changed {
            return pass::unchanged(root);
        }
        Ok(())
    }
}

/// A pure permutation: `result[d] = source[input_map(d)]`.
struct Permutation {
    source: MlirValue,
    init: MlirValue,
    result: MlirValue,
    /// A permutation of its dims, without symbols.
    input_map: MlirAffineMap,
}

impl Permutation {
    /// `op` read as a pure permutation of a ranked tensor (module doc), or
    /// `None`.
    /// # Safety
    /// `op` is live.
    unsafe fn of(op: MlirOperation) -> Option<Permutation> {
        // SAFETY: the caller's contract; every query below is on `op`, its
        // attributes and its body, checked for presence before use.
        unsafe {
            let is_generic = op_name_is(op, GENERIC);
            if !is_generic && !op_name_is(op, TRANSPOSE) {
                return None;
            }
            if mlir_sys::mlirOperationGetNumResults(op) != 1
                || mlir_sys::mlirOperationGetNumOperands(op) != 2
            {
                return None;
            }
            let source = mlir_sys::mlirOperationGetOperand(op, 0);
            let init = mlir_sys::mlirOperationGetOperand(op, 1);
            let result = edit::result(op, 0);
            if !mlir_sys::mlirTypeIsARankedTensor(edit::value_type(source))
                || !mlir_sys::mlirTypeIsARankedTensor(edit::value_type(result))
            {
                return None;
            }
            let input_map = if is_generic {
                generic_permutation_map(op)?
            } else {
                transpose_map(op)?
            };
            Some(Permutation {
                source,
                init,
                result,
                input_map,
            })
        }
    }
}

/// The input map of a `linalg.generic` (two operands, one tensor result)
/// that is a pure permutation, else `None`.
/// # Safety
/// `op` is a live `linalg.generic`.
unsafe fn generic_permutation_map(op: MlirOperation) -> Option<MlirAffineMap> {
    // SAFETY: the caller's contract; attributes are checked for kind before
    // they are read.
    unsafe {
        let maps = attribute(op, INDEXING_MAPS)?;
        if !mlir_sys::mlirAttributeIsAArray(maps)
            || mlir_sys::mlirArrayAttrGetNumElements(maps) != 2
        {
            return None;
        }
        let input = affine_map_at(maps, 0)?;
        let output = affine_map_at(maps, 1)?;
        if !mlir_sys::mlirAffineMapIsPermutation(input)
            || mlir_sys::mlirAffineMapGetNumSymbols(input) != 0
            || !mlir_sys::mlirAffineMapIsIdentity(output)
        {
            return None;
        }
        if !yields_first_argument(op) {
            return None;
        }
        if !all_parallel(op)? {
            return None;
        }
        Some(input)
    }
}

/// Whether the body of `op` is one block whose only op yields the block's
/// argument #0 (the input element).
/// # Safety
/// `op` is live and has a region.
unsafe fn yields_first_argument(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract; every handle is checked for null.
    unsafe {
        if mlir_sys::mlirOperationGetNumRegions(op) != 1 {
            return false;
        }
        let block: MlirBlock =
            mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, 0));
        if block.ptr.is_null() || !mlir_sys::mlirBlockGetNextInRegion(block).ptr.is_null() {
            return false;
        }
        let only = mlir_sys::mlirBlockGetFirstOperation(block);
        if only.ptr.is_null()
            || !mlir_sys::mlirOperationGetNextInBlock(only).ptr.is_null()
            || mlir_sys::mlirOperationGetNumOperands(only) != 1
        {
            return false;
        }
        let yielded = mlir_sys::mlirOperationGetOperand(only, 0);
        mlir_sys::mlirValueIsABlockArgument(yielded)
            && mlir_sys::mlirBlockEqual(mlir_sys::mlirBlockArgumentGetOwner(yielded), block)
            && mlir_sys::mlirBlockArgumentGetArgNumber(yielded) == 0
    }
}

/// The input map of a `linalg.transpose`: `result` dim `i` is `source` dim
/// `σ[i]`, so `result[d] = source[q(d)]` with `q`'s result `σ[i]` being
/// `d_i`, the permutation map of σ's inverse.
/// # Safety
/// `op` is a live `linalg.transpose`.
unsafe fn transpose_map(op: MlirOperation) -> Option<MlirAffineMap> {
    // SAFETY: the caller's contract; the attribute is checked for kind.
    unsafe {
        let sigma = attribute(op, "permutation")?;
        if !mlir_sys::mlirAttributeIsADenseI64Array(sigma) {
            return None;
        }
        let rank = mlir_sys::mlirDenseArrayGetNumElements(sigma) as usize;
        let mut inverse = vec![u32::MAX; rank];
        for i in 0..rank {
            let target = usize::try_from(mlir_sys::mlirDenseI64ArrayGetElement(sigma, i as isize))
                .ok()
                .filter(|&t| t < rank)?;
            if inverse[target] != u32::MAX {
                return None;
            }
            inverse[target] = i as u32;
        }
        let context = mlir_sys::mlirOperationGetContext(op);
        let map =
            mlir_sys::mlirAffineMapPermutationGet(context, rank as isize, inverse.as_mut_ptr());
        (!map.ptr.is_null()).then_some(map)
    }
}

/// Whether `operand` of `op` is one of the inputs of a `linalg.generic`.
/// # Safety
/// `op` is live and `operand` is one of its operand numbers.
unsafe fn reads_as_generic_input(op: MlirOperation, operand: usize) -> bool {
    if !op_name_is(op, GENERIC) {
        return false;
    }
    // SAFETY: the caller's contract; the attribute is checked for kind.
    unsafe {
        let Some((inputs, _)) = segments(op) else {
            return false;
        };
        usize::try_from(inputs).is_ok_and(|inputs| operand < inputs)
    }
}

/// Makes input `operand` of `consumer` read the permutation's source
/// through its map composed with the permutation's; `None` (and `consumer`
/// unchanged) if MLIR refuses a map or attribute.
/// # Safety
/// `consumer` is a live, verified `linalg.generic` whose input `operand` is
/// the permutation's result.
unsafe fn fold_into(
    consumer: MlirOperation,
    operand: usize,
    permutation: &Permutation,
) -> Option<()> {
    // SAFETY: the caller's contract; `operand` indexes `indexing_maps`, which
    // has one map per operand in a verified generic.
    unsafe {
        let maps = attribute(consumer, INDEXING_MAPS)?;
        if !mlir_sys::mlirAttributeIsAArray(maps) {
            return None;
        }
        let read = affine_map_at(maps, operand)?;
        let composed = compose(permutation.input_map, read)?;
        let count = mlir_sys::mlirArrayAttrGetNumElements(maps);
        let elements: Vec<MlirAttribute> = (0..count)
            .map(|i| {
                if i as usize == operand {
                    mlir_sys::mlirAffineMapAttrGet(composed)
                } else {
                    mlir_sys::mlirArrayAttrGetElement(maps, i)
                }
            })
            .collect();
        let context = mlir_sys::mlirOperationGetContext(consumer);
        let new_maps = mlir_sys::mlirArrayAttrGet(context, count, elements.as_ptr());
        if new_maps.ptr.is_null() {
            return None;
        }
        mlir_sys::mlirOperationSetAttributeByName(consumer, string_ref(INDEXING_MAPS), new_maps);
        edit::set_operand(consumer, operand, permutation.source);
        Some(())
    }
}

/// `outer ∘ inner`: the map `x -> outer(inner(x))`, over `inner`'s dims and
/// symbols; `outer` has no symbols and as many dims as `inner` has results.
/// # Safety
/// Both maps are live and of one context.
unsafe fn compose(outer: MlirAffineMap, inner: MlirAffineMap) -> Option<MlirAffineMap> {
    // SAFETY: the caller's contract; result indices are in range.
    unsafe {
        if mlir_sys::mlirAffineMapGetNumDims(outer) != mlir_sys::mlirAffineMapGetNumResults(inner) {
            return None;
        }
        let results: Vec<_> = (0..mlir_sys::mlirAffineMapGetNumResults(outer))
            .map(|k| {
                mlir_sys::mlirAffineExprCompose(mlir_sys::mlirAffineMapGetResult(outer, k), inner)
            })
            .collect();
        let map = mlir_sys::mlirAffineMapGet(
            mlir_sys::mlirAffineMapGetContext(inner),
            mlir_sys::mlirAffineMapGetNumDims(inner),
            mlir_sys::mlirAffineMapGetNumSymbols(inner),
            results.len() as isize,
            results.as_ptr() as *mut _,
        );
        (!map.ptr.is_null()).then_some(map)
    }
}

/// The affine map at `index` of an array attribute of maps.
/// # Safety
/// `maps` is a live array attribute.
unsafe fn affine_map_at(maps: MlirAttribute, index: usize) -> Option<MlirAffineMap> {
    // SAFETY: the caller's contract; the index and kind are checked.
    unsafe {
        if index as isize >= mlir_sys::mlirArrayAttrGetNumElements(maps) {
            return None;
        }
        let element = mlir_sys::mlirArrayAttrGetElement(maps, index as isize);
        mlir_sys::mlirAttributeIsAAffineMap(element)
            .then(|| mlir_sys::mlirAffineMapAttrGetValue(element))
    }
}

/// The attribute (inherent or discardable) `name` of `op`, if set.
/// # Safety
/// `op` is live.
pub(crate) unsafe fn attribute(op: MlirOperation, name: &str) -> Option<MlirAttribute> {
    // SAFETY: the caller's contract.
    let attr = unsafe { mlir_sys::mlirOperationGetAttributeByName(op, string_ref(name)) };
    (!attr.ptr.is_null()).then_some(attr)
}

/// The (inputs, inits) operand segment sizes of a linalg structured op.
/// # Safety
/// `op` is live.
pub(crate) unsafe fn segments(op: MlirOperation) -> Option<(i32, i32)> {
    // SAFETY: the caller's contract; the attribute is checked for kind.
    unsafe {
        let segments = attribute(op, OPERAND_SEGMENTS)?;
        if !mlir_sys::mlirAttributeIsADenseI32Array(segments)
            || mlir_sys::mlirDenseArrayGetNumElements(segments) != 2
        {
            return None;
        }
        Some((
            mlir_sys::mlirDenseI32ArrayGetElement(segments, 0),
            mlir_sys::mlirDenseI32ArrayGetElement(segments, 1),
        ))
    }
}

/// Whether every iterator of the generic `op` is parallel.
/// # Safety
/// `op` is live.
pub(crate) unsafe fn all_parallel(op: MlirOperation) -> Option<bool> {
    // SAFETY: the caller's contract; attributes are checked for kind.
    unsafe {
        let iterators = attribute(op, ITERATOR_TYPES)?;
        if !mlir_sys::mlirAttributeIsAArray(iterators) {
            return None;
        }
        // Attributes are uniqued: each must be the parallel iterator itself.
        let context = mlir_sys::mlirOperationGetContext(op);
        let parallel = mlir_sys::mlirAttributeParseGet(context, string_ref(PARALLEL));
        if parallel.ptr.is_null() {
            return None;
        }
        Some(
            (0..mlir_sys::mlirArrayAttrGetNumElements(iterators)).all(|i| {
                mlir_sys::mlirAttributeEqual(
                    mlir_sys::mlirArrayAttrGetElement(iterators, i),
                    parallel,
                )
            }),
        )
    }
}

/// The uses of `value`: (owner, operand number), in use-list order.
/// # Safety
/// `value` is live.
pub(crate) unsafe fn uses_of(value: MlirValue) -> Vec<(MlirOperation, usize)> {
    let mut out = Vec::new();
    // SAFETY: the caller's contract; the use list is only read.
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(value);
        while !mlir_sys::mlirOpOperandIsNull(use_) {
            out.push((
                mlir_sys::mlirOpOperandGetOwner(use_),
                mlir_sys::mlirOpOperandGetOperandNumber(use_) as usize,
            ));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    out
}

/// Whether `op` can go without changing anything: no result is used, it
/// reports no memory effect and has no regions.
/// # Safety
/// `op` is live.
pub(crate) unsafe fn is_dead_and_pure(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        mlir_sys::mlirOperationGetNumRegions(op) == 0
            && (0..mlir_sys::mlirOperationGetNumResults(op))
                .all(|i| uses_of(edit::result(op, i as usize)).is_empty())
            && interfaces::memory_effects(op).is_some_and(|effects| effects.is_empty())
    }
}
