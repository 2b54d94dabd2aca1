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
//! A permutation some use keeps (an init, a reshape, a return) is folded
//! into its producer instead, when it can write the permuted layout itself:
//! the source `%s` is a result of a `linalg.generic` used by the permutation
//! alone, whose init is again such a result or a `tensor.empty` of static
//! shape, each value of that init chain used once. Each generic of the chain
//! then writes its init through `p⁻¹ ∘ m` instead of `m` (the element it
//! wrote at `%s[m(x)]` is `%t[p⁻¹(m(x))]`), the chain and its
//! `tensor.empty` take `%t`'s type, and `%t`'s uses read the producer's
//! result. A projection written into a buffer and transposed for the
//! attention heads (a Q/K/V projection) is then written in the heads'
//! layout, and the transposed copy, live with the projection, is never
//! made.
//!
//! The ops are matched by name (`tensor.empty` only where it is retyped):
//! the pass reads and rewrites their fixed form (operand segments,
//! `indexing_maps`, `iterator_types`, `permutation` and the body), which no
//! interface exposes through MLIR's C API.

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
/// The empty tensor an init chain starts from, retyped when its chain's
/// producer writes a permuted layout.
const EMPTY: &str = "tensor.empty";

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
    const SUMMARY: &'static str = "On tensors, before bufferization: fold each pure permutation (linalg.transpose, or a linalg.generic yielding its one input read through a permutation map into an identity-mapped init) into every linalg.generic reading it as an input, which then reads the permutation's source through the composed indexing map; the permutation is erased once no other use (an init, a non-generic op) is left; a permutation such a use keeps is folded into its producer instead when that is a chain of linalg.generic inits starting from a static tensor.empty, each used once (the chain writes the permuted layout)";
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
            // A use no generic input can fold (a reshape, an init, a
            // return) keeps the permutation: where its producer can write
            // the permuted layout itself, it does, and the permutation goes.
            // SAFETY: `consumer` ops are live users; `candidate` is the live
            // permutation.
            let kept = uses
                .iter()
                .any(|&(consumer, operand)| !unsafe { reads_as_generic_input(consumer, operand) });
            if kept && unsafe { fold_into_producer(candidate, &permutation) } {
                changed = true;
                continue;
            }
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

/// The op producing a tensor through its init chain: a `linalg.generic`
/// result, the init it starts from, down to the `tensor.empty` the chain
/// begins with.
struct InitChain {
    /// (generic, operand number of the init, result number), from the
    /// permutation's source down.
    generics: Vec<(MlirOperation, usize, usize)>,
    /// The `tensor.empty` (no operands: a static shape) at the chain's start.
    empty: MlirOperation,
}

impl InitChain {
    /// The chain producing `value`, or `None`: `value` is result `r` of a
    /// `linalg.generic` whose init `r` is used by it alone and is again such
    /// a result, or a `tensor.empty` without operands; each value of the
    /// chain has one use (the next op's init, and `value` the permutation),
    /// so nothing else reads the layout the rewrite changes.
    /// # Safety
    /// `value` is live.
    unsafe fn of(value: MlirValue) -> Option<InitChain> {
        // SAFETY: the caller's contract; every op and operand is checked
        // before it is read.
        unsafe {
            let mut generics = Vec::new();
            let mut value = value;
            loop {
                if uses_of(value).len() != 1 || !mlir_sys::mlirValueIsAOpResult(value) {
                    return None;
                }
                let op = edit::defining_op(value)?;
                if op_name_is(op, EMPTY) {
                    if mlir_sys::mlirOperationGetNumOperands(op) != 0 || generics.is_empty() {
                        return None;
                    }
                    return Some(InitChain {
                        generics,
                        empty: op,
                    });
                }
                if !op_name_is(op, GENERIC) {
                    return None;
                }
                let result = mlir_sys::mlirOpResultGetResultNumber(value) as usize;
                let (inputs, inits) = segments(op)?;
                let (inputs, inits) = (usize::try_from(inputs).ok()?, usize::try_from(inits).ok()?);
                if result >= inits || mlir_sys::mlirOperationGetNumResults(op) as usize != inits {
                    return None;
                }
                let operand = inputs + result;
                generics.push((op, operand, result));
                value = mlir_sys::mlirOperationGetOperand(op, operand as isize);
            }
        }
    }
}

/// Makes the producer of the permutation's source write the permuted layout
/// itself, when the source is made by an [`InitChain`]: each generic of the
/// chain writes its init through `p⁻¹ ∘ m` instead of `m` (`p` the
/// permutation's input map: `t[d] = s[p(d)]`, so the element a generic wrote
/// at `s[m(x)]` belongs at `t[p⁻¹(m(x))]`), the chain's values and the
/// `tensor.empty` take the permuted type, and the permutation's uses read the
/// source, which is now the permuted tensor. Each generic's iteration space
/// and body are unchanged. Returns whether it did; when it did, the
/// permutation (and its init, if dead and pure) is erased.
/// # Safety
/// `permutation_op` is the live op `permutation` was read from.
unsafe fn fold_into_producer(permutation_op: MlirOperation, permutation: &Permutation) -> bool {
    // SAFETY: the caller's contract; the chain's ops are live (found from
    // the source's definition), and every map is checked before the first
    // change, so a refusal leaves the IR untouched.
    unsafe {
        let Some(chain) = InitChain::of(permutation.source) else {
            return false;
        };
        let permuted = edit::value_type(permutation.result);
        if !mlir_sys::mlirTypeIsARankedTensor(permuted) {
            return false;
        }
        let Some(inverse) = inverse_permutation(permutation.input_map) else {
            return false;
        };
        let mut new_maps = Vec::with_capacity(chain.generics.len());
        for &(op, operand, _) in &chain.generics {
            let Some(maps) =
                attribute(op, INDEXING_MAPS).filter(|&maps| mlir_sys::mlirAttributeIsAArray(maps))
            else {
                return false;
            };
            let Some(composed) = affine_map_at(maps, operand).and_then(|m| compose(inverse, m))
            else {
                return false;
            };
            let Some(replaced) = replace_map(op, maps, operand, composed) else {
                return false;
            };
            new_maps.push(replaced);
        }
        for (&(op, _, result), maps) in chain.generics.iter().zip(new_maps) {
            mlir_sys::mlirOperationSetAttributeByName(op, string_ref(INDEXING_MAPS), maps);
            mlir_sys::mlirValueSetType(edit::result(op, result), permuted);
        }
        mlir_sys::mlirValueSetType(edit::result(chain.empty, 0), permuted);
        edit::replace_all_uses(permutation.result, permutation.source);
        let init = edit::defining_op(permutation.init);
        edit::erase(permutation_op);
        if let Some(init) = init.filter(|&init| is_dead_and_pure(init)) {
            edit::erase(init);
        }
        true
    }
}

/// The inverse of a permutation map `p` (result `i` is `d_π(i)`): the map
/// whose result `π(i)` is `d_i`.
/// # Safety
/// `map` is a live permutation map without symbols.
unsafe fn inverse_permutation(map: MlirAffineMap) -> Option<MlirAffineMap> {
    // SAFETY: the caller's contract; every result is checked to be a dim.
    unsafe {
        let rank = mlir_sys::mlirAffineMapGetNumResults(map);
        let mut inverse = vec![u32::MAX; usize::try_from(rank).ok()?];
        for i in 0..rank {
            let expr = mlir_sys::mlirAffineMapGetResult(map, i);
            if !mlir_sys::mlirAffineExprIsADim(expr) {
                return None;
            }
            let position = usize::try_from(mlir_sys::mlirAffineDimExprGetPosition(expr)).ok()?;
            if position >= inverse.len() || inverse[position] != u32::MAX {
                return None;
            }
            inverse[position] = i as u32;
        }
        let context = mlir_sys::mlirAffineMapGetContext(map);
        let inverse = mlir_sys::mlirAffineMapPermutationGet(context, rank, inverse.as_mut_ptr());
        (!inverse.ptr.is_null()).then_some(inverse)
    }
}

/// The array of `op`'s maps `maps` with the map of `operand` replaced by
/// `map`, or `None` if MLIR refuses it.
/// # Safety
/// `op` is live and `maps` its array attribute of maps.
unsafe fn replace_map(
    op: MlirOperation,
    maps: MlirAttribute,
    operand: usize,
    map: MlirAffineMap,
) -> Option<MlirAttribute> {
    // SAFETY: the caller's contract.
    unsafe {
        let count = mlir_sys::mlirArrayAttrGetNumElements(maps);
        if operand as isize >= count {
            return None;
        }
        let elements: Vec<MlirAttribute> = (0..count)
            .map(|i| {
                if i as usize == operand {
                    mlir_sys::mlirAffineMapAttrGet(map)
                } else {
                    mlir_sys::mlirArrayAttrGetElement(maps, i)
                }
            })
            .collect();
        let context = mlir_sys::mlirOperationGetContext(op);
        let new_maps = mlir_sys::mlirArrayAttrGet(context, count, elements.as_ptr());
        (!new_maps.ptr.is_null()).then_some(new_maps)
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
