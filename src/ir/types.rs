//! Facts about memref types that the passes decide on: rank, static shape,
//! element storage size, layout and memory space.

use mlir_sys::{MlirOperation, MlirType};

use crate::ffi;

/// What bufrs needs to know about a buffer's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BufferType {
    /// Not a memref.
    NotABuffer,
    /// `memref<*x...>`: no rank, no shape.
    Unranked,
    Ranked(RankedMemRef),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedMemRef {
    /// One entry per dimension; `None` for a dynamic (`?`) size.
    pub shape: Vec<Option<i64>>,
    /// Storage size of one element in bits, under the data layout in scope;
    /// `None` when the element type has no fixed size (e.g. memref of memref).
    pub element_bits: Option<u64>,
    /// The element type is itself a buffer (a memref of memrefs).
    pub element_is_buffer: bool,
    /// The layout is the identity (row-major contiguous).
    pub identity_layout: bool,
    /// The memory space attribute, printed; empty for the default space.
    pub memory_space: String,
}

impl RankedMemRef {
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn has_static_shape(&self) -> bool {
        self.shape.iter().all(Option::is_some)
    }

    /// The buffer size in bytes for a static shape and sized element, or
    /// `None` (dynamic shape, unsized element, or more than `u64::MAX` bytes).
    /// Sub-byte elements round the total up to whole bytes.
    pub fn static_size_in_bytes(&self) -> Option<u64> {
        let bits = self.element_bits?;
        let elements = self.shape.iter().try_fold(1u64, |acc, dim| {
            let dim = u64::try_from((*dim)?).ok()?;
            acc.checked_mul(dim)
        })?;
        let total_bits = (elements as u128) * (bits as u128);
        u64::try_from(total_bits.div_ceil(8)).ok()
    }
}

/// The extents of a ranked memref type (`None` for a dynamic one); `None`
/// for any other type.
pub fn memref_shape(ty: MlirType) -> Option<Vec<Option<i64>>> {
    // SAFETY: `ty` is a live handle; the shape queries are total on a ranked
    // memref type and its dimensions below its rank.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(ty) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(ty);
        Some(
            (0..rank)
                .map(|dim| {
                    (!mlir_sys::mlirShapedTypeIsDynamicDim(ty, dim as isize))
                        .then(|| mlir_sys::mlirShapedTypeGetDimSize(ty, dim as isize))
                })
                .collect(),
        )
    }
}

/// The size in bits of `element` under the data layout that applies at
/// `scope`, or `None` where the layout gives none.
pub fn element_size_in_bits(scope: MlirOperation, element: MlirType) -> Option<u64> {
    // SAFETY: `scope` and `element` are live handles; the query is total.
    u64::try_from(unsafe { ffi::bufrsShimElementSizeInBits(scope, element) }).ok()
}

/// Classifies `ty`; `scope` is an op whose data layout applies.
pub fn buffer_type(ty: MlirType, scope: MlirOperation) -> BufferType {
    // SAFETY: `ty` and `scope` are live handles; every query is total on them.
    unsafe {
        if mlir_sys::mlirTypeIsAUnrankedMemRef(ty) {
            return BufferType::Unranked;
        }
        let Some(shape) = memref_shape(ty) else {
            return BufferType::NotABuffer;
        };
        let element = mlir_sys::mlirShapedTypeGetElementType(ty);
        let element_is_buffer =
            mlir_sys::mlirTypeIsAMemRef(element) || mlir_sys::mlirTypeIsAUnrankedMemRef(element);
        let identity_layout = !strided_layout_not_static(ty)
            && mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirMemRefTypeGetAffineMap(ty));
        let space = mlir_sys::mlirMemRefTypeGetMemorySpace(ty);
        let memory_space = if space.ptr.is_null() {
            String::new()
        } else {
            print_attribute(space)
        };
        BufferType::Ranked(RankedMemRef {
            shape,
            element_bits: element_size_in_bits(scope, element),
            element_is_buffer,
            identity_layout,
            memory_space,
        })
    }
}

/// Whether the ranked memref type `ty` has a strided layout attribute with
/// a dynamic or negative offset or stride (a subview's type, the common
/// non-identity layout), read from the attribute. Such a layout is never the
/// identity (its affine map has a symbol or a non-unit stride) and has no
/// static extent; asking MLIR for its affine map instead builds and
/// simplifies the map on every query.
/// # Safety
/// `ty` is a live ranked memref type.
pub unsafe fn strided_layout_not_static(ty: MlirType) -> bool {
    // SAFETY: attribute queries on the live type's layout; the stride index
    // is below the attribute's count.
    unsafe {
        let layout = mlir_sys::mlirMemRefTypeGetLayout(ty);
        if !mlir_sys::mlirAttributeIsAStridedLayout(layout) {
            return false;
        }
        // Dynamic values are negative (`ShapedType::kDynamic`).
        mlir_sys::mlirStridedLayoutAttrGetOffset(layout) < 0
            || (0..mlir_sys::mlirStridedLayoutAttrGetNumStrides(layout))
                .any(|i| mlir_sys::mlirStridedLayoutAttrGetStride(layout, i) < 0)
    }
}

/// True for ranked and unranked memref types.
pub fn is_buffer(ty: MlirType) -> bool {
    // SAFETY: `ty` is a live type.
    unsafe { mlir_sys::mlirTypeIsAMemRef(ty) || mlir_sys::mlirTypeIsAUnrankedMemRef(ty) }
}

fn print_attribute(attr: mlir_sys::MlirAttribute) -> String {
    let mut out = String::new();
    // SAFETY: the callback appends to `out`, alive for the call.
    unsafe {
        mlir_sys::mlirAttributePrint(
            attr,
            Some(crate::ir::collect::append_to_string),
            &mut out as *mut String as *mut _,
        )
    };
    out
}

/// The memref a tensor type becomes when a signature is bufferized: a
/// ranked tensor without encoding gives the identity-layout memref of the
/// same shape and element type, an unranked tensor the unranked memref;
/// `None` for anything else.
pub fn buffer_type_of_tensor(ty: MlirType) -> Option<MlirType> {
    // SAFETY: `ty` is a live type; every query is total on it.
    unsafe {
        let null_space = mlir_sys::MlirAttribute {
            ptr: std::ptr::null(),
        };
        if mlir_sys::mlirTypeIsARankedTensor(ty) {
            if !mlir_sys::mlirRankedTensorTypeGetEncoding(ty).ptr.is_null() {
                return None;
            }
            let rank = mlir_sys::mlirShapedTypeGetRank(ty);
            let shape: Vec<i64> = (0..rank)
                .map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty, d as isize))
                .collect();
            let element = mlir_sys::mlirShapedTypeGetElementType(ty);
            return Some(mlir_sys::mlirMemRefTypeContiguousGet(
                element,
                rank as isize,
                shape.as_ptr(),
                null_space,
            ));
        }
        if mlir_sys::mlirTypeIsAUnrankedTensor(ty) {
            let element = mlir_sys::mlirShapedTypeGetElementType(ty);
            return Some(mlir_sys::mlirUnrankedMemRefTypeGet(element, null_space));
        }
        None
    }
}

/// How a caller allocates a buffer of memref type `ty` (ranked, static
/// shape): `Ok(None)` when `memref.alloc` gives `ty` itself (identity
/// layout), `Ok(Some(identity))` when it allocates `identity` (same shape,
/// element type and memory space) and `memref.cast`s it to `ty` (a strided
/// layout whose static strides and offset are the identity's), `Err(())`
/// when no allocation gives a buffer of that layout.
#[allow(clippy::result_unit_err)]
pub fn allocation_type_for(ty: MlirType) -> Result<Option<MlirType>, ()> {
    // SAFETY: `ty` is a live type; the out-buffers have `rank` entries.
    unsafe {
        if !mlir_sys::mlirTypeIsAMemRef(ty) || !mlir_sys::mlirShapedTypeHasStaticShape(ty) {
            return Err(());
        }
        if mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirMemRefTypeGetAffineMap(ty)) {
            return Ok(None);
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(ty) as usize;
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        let status =
            mlir_sys::mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset);
        if status.value == 0 {
            return Err(());
        }
        let dynamic = mlir_sys::mlirShapedTypeGetDynamicStrideOrOffset();
        let shape: Vec<i64> = (0..rank)
            .map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty, d as isize))
            .collect();
        let mut expected = 1i64;
        for d in (0..rank).rev() {
            if strides[d] != dynamic && strides[d] != expected {
                return Err(());
            }
            expected = expected.saturating_mul(shape[d]);
        }
        if offset != dynamic && offset != 0 {
            return Err(());
        }
        let element = mlir_sys::mlirShapedTypeGetElementType(ty);
        let space = mlir_sys::mlirMemRefTypeGetMemorySpace(ty);
        Ok(Some(mlir_sys::mlirMemRefTypeContiguousGet(
            element,
            rank as isize,
            shape.as_ptr(),
            space,
        )))
    }
}
