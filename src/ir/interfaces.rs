//! MLIR interface and trait queries, answered by the C++ shim.
//!
//! These are the facts the seeds' algorithms are defined over: memory effects
//! (`MemoryEffectOpInterface`), branch successor operands
//! (`BranchOpInterface`), region control-flow edges
//! (`RegionBranchOpInterface` and its terminators), views
//! (`ViewLikeOpInterface`), calls, loops, allocation ops and the traits
//! `IsTerminator`, `ReturnLike`, `AutomaticAllocationScope`, ... Values come
//! back as raw handles, valid while the IR they belong to is not erased.

use melior::ir::{OperationRef, RegionLike, RegionRef, operation::OperationLike};
use mlir_sys::{MlirOperation, MlirRegion, MlirValue};

use crate::{
    ffi,
    ir::{collect::collect_region_edge, diagnostics::string_from_ref},
};

/// The edges [`region_entry_edges`] and [`terminator_edges`] return, filled by
/// the collector the shim calls.
pub use crate::ir::collect::RawRegionEdge;

/// The `BUFRS_TRAIT_*` facts of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Traits(pub u32);

macro_rules! trait_queries {
    ($($(#[$doc:meta])* $method:ident => $bit:ident;)*) => {
        impl Traits {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $method(self) -> bool {
                    self.0 & (ffi::$bit as u32) != 0
                }
            )*
        }
    };
}

trait_queries! {
    /// The op is registered with its dialect (unregistered ops have no interfaces).
    is_registered => BUFRS_TRAIT_REGISTERED;
    /// `IsTerminator`.
    is_terminator => BUFRS_TRAIT_TERMINATOR;
    /// `ReturnLike`.
    is_return_like => BUFRS_TRAIT_RETURN_LIKE;
    /// `AutomaticAllocationScope`.
    is_automatic_allocation_scope => BUFRS_TRAIT_AUTOMATIC_ALLOCATION_SCOPE;
    /// `IsIsolatedFromAbove`.
    is_isolated_from_above => BUFRS_TRAIT_ISOLATED_FROM_ABOVE;
    /// `HasRecursiveMemoryEffects`.
    has_recursive_memory_effects => BUFRS_TRAIT_RECURSIVE_MEMORY_EFFECTS;
    /// `RegionBranchOpInterface`.
    is_region_branch => BUFRS_TRAIT_REGION_BRANCH;
    /// `RegionBranchTerminatorOpInterface`.
    is_region_branch_terminator => BUFRS_TRAIT_REGION_BRANCH_TERMINATOR;
    /// `BranchOpInterface`.
    is_branch => BUFRS_TRAIT_BRANCH;
    /// `ViewLikeOpInterface`.
    is_view_like => BUFRS_TRAIT_VIEW_LIKE;
    /// `LoopLikeOpInterface`.
    is_loop_like => BUFRS_TRAIT_LOOP_LIKE;
    /// `CallOpInterface`.
    is_call => BUFRS_TRAIT_CALL;
    /// `bufferization::AllocationOpInterface`.
    is_allocation_op => BUFRS_TRAIT_ALLOCATION_OP;
    /// `MemoryEffectOpInterface`.
    has_memory_effect_interface => BUFRS_TRAIT_MEMORY_EFFECTS;
    /// `FunctionOpInterface`.
    is_function_like => BUFRS_TRAIT_FUNCTION_LIKE;
    /// `CastOpInterface`: results are the operands with other static types.
    is_cast => BUFRS_TRAIT_CAST;
    /// `HasParallelRegion`: the op's region may run concurrently (scf.forall, scf.parallel).
    has_parallel_region => BUFRS_TRAIT_PARALLEL_REGION;
}

pub fn traits(op: MlirOperation) -> Traits {
    // SAFETY: `op` is a live operation.
    Traits(unsafe { ffi::bufrsShimOpTraits(op) })
}

pub fn traits_of(op: &OperationRef<'_, '_>) -> Traits {
    traits(op.to_raw())
}

/// The kind of a memory effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectKind {
    Allocate,
    Free,
    Read,
    Write,
}

/// One memory effect as the op reports it.
#[derive(Clone, Copy, Debug)]
pub struct RawEffect {
    pub kind: EffectKind,
    /// The value the effect is on; `None` when unnamed.
    pub value: Option<MlirValue>,
    pub on_automatic_allocation_scope: bool,
}

/// The op's memory effects, or `None` when it does not implement
/// `MemoryEffectOpInterface` (unknown effects).
pub fn memory_effects(op: MlirOperation) -> Option<Vec<RawEffect>> {
    let mut buffer: Vec<ffi::BufrsEffect> = Vec::new();
    buffer.resize_with(4, ffi::BufrsEffect::default);
    loop {
        // SAFETY: `buffer` has `len` writable entries.
        let count = unsafe {
            ffi::bufrsShimGetMemoryEffects(op, buffer.as_mut_ptr(), buffer.len() as isize)
        };
        if count < 0 {
            return None;
        }
        let count = count as usize;
        if count > buffer.len() {
            buffer.resize_with(count, ffi::BufrsEffect::default);
            continue;
        }
        return Some(
            buffer[..count]
                .iter()
                .map(|e| RawEffect {
                    kind: match e.kind {
                        ffi::BufrsEffectKind::BufrsEffectKind_Allocate => EffectKind::Allocate,
                        ffi::BufrsEffectKind::BufrsEffectKind_Free => EffectKind::Free,
                        ffi::BufrsEffectKind::BufrsEffectKind_Read => EffectKind::Read,
                        ffi::BufrsEffectKind::BufrsEffectKind_Write => EffectKind::Write,
                    },
                    value: (!e.value.ptr.is_null()).then_some(e.value),
                    on_automatic_allocation_scope: e.on_automatic_allocation_scope,
                })
                .collect(),
        );
    }
}

/// `BranchOpInterface` operands of successor `index`: the forwarded operands
/// and the number of leading successor arguments the op produces itself.
/// `None` when the op does not implement the interface.
pub fn branch_successor_operands(op: MlirOperation, index: usize) -> Option<SuccessorOperands> {
    let mut buffer: Vec<MlirValue> = vec![
        MlirValue {
            ptr: std::ptr::null()
        };
        8
    ];
    loop {
        let mut produced: i32 = 0;
        let mut first: i32 = -1;
        // SAFETY: `buffer` has `len` writable entries; the outputs are writable.
        let count = unsafe {
            ffi::bufrsShimBranchSuccessorOperands(
                op,
                index as isize,
                buffer.as_mut_ptr(),
                buffer.len() as isize,
                &mut produced,
                &mut first,
            )
        };
        if count < 0 {
            return None;
        }
        let count = count as usize;
        if count > buffer.len() {
            buffer.resize(
                count,
                MlirValue {
                    ptr: std::ptr::null(),
                },
            );
            continue;
        }
        buffer.truncate(count);
        return Some(SuccessorOperands {
            forwarded: buffer,
            produced: produced.max(0) as u32,
            first_operand_index: u32::try_from(first).ok(),
        });
    }
}

/// `BranchOpInterface::getSuccessorOperands` for one successor.
#[derive(Clone, Debug)]
pub struct SuccessorOperands {
    pub forwarded: Vec<MlirValue>,
    /// Leading successor arguments the op produces itself.
    pub produced: u32,
    /// The op operand index of `forwarded[0]`.
    pub first_operand_index: Option<u32>,
}

/// `RegionBranchOpInterface` edges from the op into its regions (or directly
/// to its results). `None` when the op lacks the interface.
pub fn region_entry_edges(op: MlirOperation) -> Option<Vec<RawRegionEdge>> {
    let mut edges: Vec<RawRegionEdge> = Vec::new();
    // SAFETY: the callback only pushes into `edges`, alive for the call.
    let known = unsafe {
        ffi::bufrsShimRegionBranchEntryEdges(
            op,
            Some(collect_region_edge),
            &mut edges as *mut _ as *mut _,
        )
    };
    known.then_some(edges)
}

/// The edges a region terminator may take. `None` when unknown (the parent is
/// not a region-branch op, or the terminator neither implements
/// `RegionBranchTerminatorOpInterface` nor is `ReturnLike`).
pub fn terminator_edges(terminator: MlirOperation) -> Option<Vec<RawRegionEdge>> {
    let mut edges: Vec<RawRegionEdge> = Vec::new();
    // SAFETY: as above.
    let known = unsafe {
        ffi::bufrsShimRegionTerminatorEdges(
            terminator,
            Some(collect_region_edge),
            &mut edges as *mut _ as *mut _,
        )
    };
    known.then_some(edges)
}

/// `ViewLikeOpInterface` source, if the op is a view.
pub fn view_source(op: MlirOperation) -> Option<MlirValue> {
    // SAFETY: `op` is live.
    let value = unsafe { ffi::bufrsShimViewSource(op) };
    (!value.ptr.is_null()).then_some(value)
}

/// The callee symbol of a direct call.
pub fn callee(op: MlirOperation) -> Option<String> {
    // SAFETY: `op` is live; the returned name lives in the context.
    let name = string_from_ref(unsafe { ffi::bufrsShimCallCallee(op) });
    (!name.is_empty()).then_some(name)
}

/// The op's symbol name (`sym_name`), or its op name if it has none, as
/// MLIR's test passes print after "Testing : ".
pub fn symbol_name(op: MlirOperation) -> String {
    // SAFETY: live op; attribute queries are total; a null attribute means absent.
    unsafe {
        let name = mlir_sys::mlirStringRefCreateFromCString(c"sym_name".as_ptr());
        let attr = mlir_sys::mlirOperationGetAttributeByName(op, name);
        if !attr.ptr.is_null() && mlir_sys::mlirAttributeIsAString(attr) {
            return string_from_ref(mlir_sys::mlirStringAttrGetValue(attr));
        }
        string_from_ref(mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(
            op,
        )))
    }
}

/// `AllocationOpInterface::getHoistingKind`: which hoisting moves are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoistingKind {
    pub out_of_loops: bool,
    pub to_dominating_block: bool,
}

pub fn hoisting_kind(alloc_op: MlirOperation) -> Option<HoistingKind> {
    // SAFETY: `alloc_op` is live.
    let bits = unsafe { ffi::bufrsShimHoistingKind(alloc_op) };
    (bits >= 0).then_some(HoistingKind {
        out_of_loops: bits & 1 != 0,
        to_dominating_block: bits & 2 != 0,
    })
}

/// `RegionKindInterface`: whether the region has SSA dominance (false for
/// graph regions).
pub fn region_has_ssa_dominance(region: &RegionRef<'_, '_>) -> bool {
    region_has_ssa_dominance_raw(region.to_raw())
}

pub fn region_has_ssa_dominance_raw(region: MlirRegion) -> bool {
    // SAFETY: `region` is live.
    unsafe { ffi::bufrsShimRegionHasSsaDominance(region) }
}

/// `linalg::LinalgOp` (its `DestinationStyleOpInterface` and indexing maps):
/// whether `op` works on buffers with every loop parallel, operand `input`
/// an input and operand `init` an init read and written through one
/// indexing map that is a permutation of the loops (each iteration reads
/// and writes the two at the same position, no two iterations the same
/// element). `None` when `op` is no `LinalgOp`.
pub fn same_point_access(op: MlirOperation, input: usize, init: usize) -> Option<bool> {
    // SAFETY: `op` is live; the shim checks the operand indices.
    match unsafe { ffi::bufrsShimSamePointAccess(op, input as isize, init as isize) } {
        1 => Some(true),
        0 => Some(false),
        _ => None,
    }
}

/// `ShapedDimOpInterface`: whether `op` only reads the shape of `value`
/// (a `memref.dim` of it), not its contents.
pub fn reads_shape_of(op: MlirOperation, value: MlirValue) -> bool {
    // SAFETY: `op` and `value` are live.
    unsafe { ffi::bufrsShimReadsShapeOf(op, value) }
}
