//! `bufrs-pack-constants`: packs the private `memref.global`s of a module
//! into one aligned global per class and memory space (seed 004's IREE
//! `PackConstants`, the constant lifetime class): constant globals go into
//! one constant byte global, mutable ones (the variable class) into another,
//! `uninitialized` mutable ones into a third, itself `uninitialized` (no
//! bytes), and every `memref.get_global` of a packed global becomes a
//! `memref.get_global` of the packed one and a `memref.view` at its offset.
//!
//! A global is packed when it is private, of a static, identity-layout
//! memref type whose element is a power-of-two number of whole bytes, its
//! initial value holds its bytes (`dense` elements that are not a splat, or
//! a `dense_resource` blob of exactly its size) or, for a mutable one, is
//! `uninitialized`, and every use of its symbol is a `memref.get_global`
//! (`SymbolTable::getSymbolUses`, one walk for all globals). A splat stays
//! as it is, with a remark: packing would write out every element, where
//! the splat holds one. Each packed global keeps its alignment (its
//! `alignment` attribute, its blob's alignment, at least its element size)
//! at its offset; the packed global has the `alignment` option (default 64)
//! and is only created for two or more globals of a class and memory space.
//! It is a `dense_resource` blob (aligned to the option) when a member was
//! one, else `dense` bytes. The pass reads each initializer's bytes in
//! place and copies them once, so its time and memory are linear in the
//! bytes the input already holds. The pass changes nothing for the others.

use std::collections::HashMap;

use melior::ir::OperationRef;
use mlir_sys::{MlirAttribute, MlirOperation};

use crate::{
    dialect::builders,
    ir::{
        Diagnostic,
        diagnostics::string_ref,
        edit::{self, InsertPoint},
        functions, globals, types,
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult},
    plan::problem::round_up,
};

pass_options! {
    /// Options of `bufrs-pack-constants`.
    pub struct PackConstantsOptions {
        alignment: i64 = 64 => "alignment",
            "Alignment in bytes (a power of two, at most 2^32) of every packed global.";
    }
}

pub struct PackConstants;

impl BufrsPass for PackConstants {
    type Options = PackConstantsOptions;
    const ARGUMENT: &'static str = "bufrs-pack-constants";
    const SUMMARY: &'static str = "Pack the private memref.globals of a module into one aligned global per class (constant, mutable, uninitialized) and memory space, used through memref.view";
    const ANCHOR: Anchor = Anchor::Op("builtin.module");
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "arith"];

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let alignment = options.alignment;
        if alignment <= 0 || !(alignment as u64).is_power_of_two() || alignment > 1 << 32 {
            Diagnostic::error(
                &op,
                format!(
                    "{}: alignment must be a positive power of two up to 2^32, got {alignment}",
                    Self::ARGUMENT
                ),
            )
            .emit();
            return Err(PassFailed);
        }
        let module = op.to_raw();
        let groups = collect(module);
        for group in groups.into_iter().filter(|g| g.members.len() >= 2) {
            // A group too large to address or to hold in memory stays as it is.
            let layout = match layout(&group) {
                Ok(layout) => layout,
                Err(why) => {
                    // SAFETY: a live op of the running pass.
                    let first = unsafe { OperationRef::from_raw(group.members[0].global) };
                    Diagnostic::remark(
                        &first,
                        format!(
                            "{}: the {} globals of this class left unpacked: {why}",
                            Self::ARGUMENT,
                            group.members.len()
                        ),
                    )
                    .emit();
                    continue;
                }
            };
            // SAFETY: live ops of this module; each group's members and uses
            // are erased only after the last use of their handles.
            if let Err(message) = unsafe { pack(module, &group, &layout, alignment as u64) } {
                Diagnostic::error(&op, format!("{}: {message}", Self::ARGUMENT)).emit();
                return Err(PassFailed);
            }
        }
        Ok(())
    }
}

/// What a packed global starts with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A constant: its bytes.
    Constant,
    /// A mutable global with an initial value: its bytes.
    Variable,
    /// A mutable `uninitialized` global: no bytes.
    Uninitialized,
}

/// A packable global and its uses.
struct Member {
    global: MlirOperation,
    /// Its initial bytes, owned by its attribute (alive as long as the
    /// context); empty for `Class::Uninitialized`.
    bytes: &'static [u8],
    size: u64,
    alignment: u64,
    /// Whether its initial value is a `dense_resource` blob.
    resource: bool,
    uses: Vec<MlirOperation>,
}

/// Packable globals of one class and memory space, in module order.
struct Group {
    class: Class,
    memory_space: MlirAttribute,
    members: Vec<Member>,
}

fn attribute(op: MlirOperation, name: &str) -> MlirAttribute {
    // SAFETY: a live op; a total query (null when absent).
    unsafe { mlir_sys::mlirOperationGetAttributeByName(op, string_ref(name)) }
}

/// The top-level ops of the module's body.
fn module_ops(module: MlirOperation) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    // SAFETY: a live module op; a region and block walk.
    unsafe {
        let region = mlir_sys::mlirOperationGetRegion(module, 0);
        let block = mlir_sys::mlirRegionGetFirstBlock(region);
        if block.ptr.is_null() {
            return ops;
        }
        let mut op = mlir_sys::mlirBlockGetFirstOperation(block);
        while !op.ptr.is_null() {
            ops.push(op);
            op = mlir_sys::mlirOperationGetNextInBlock(op);
        }
    }
    ops
}

/// Every `memref.get_global` nested in the module, by the symbol it names.
fn get_globals(module: MlirOperation) -> HashMap<String, Vec<MlirOperation>> {
    unsafe extern "C" fn visit(
        op: MlirOperation,
        data: *mut std::os::raw::c_void,
    ) -> mlir_sys::MlirWalkResult {
        // SAFETY: `data` is the Vec below, alive for the walk.
        let found = unsafe { &mut *(data as *mut Vec<MlirOperation>) };
        // The op to rewrite is fixed: memref.get_global (no interface names it).
        if functions::op_name_is(op, "memref.get_global") {
            found.push(op);
        }
        mlir_sys::MlirWalkResult_MlirWalkResultAdvance
    }
    let mut found: Vec<MlirOperation> = Vec::new();
    // SAFETY: a live op; the callback only appends to `found`.
    unsafe {
        mlir_sys::mlirOperationWalk(
            module,
            Some(visit),
            &mut found as *mut Vec<MlirOperation> as *mut _,
            mlir_sys::MlirWalkOrder_MlirWalkPreOrder,
        )
    };
    let mut by_name: HashMap<String, Vec<MlirOperation>> = HashMap::new();
    for op in found {
        if let Some(name) = globals::symbol_reference(op, "name") {
            by_name.entry(name).or_default().push(op);
        }
    }
    by_name
}

/// The packable globals, grouped by class and memory space.
fn collect(module: MlirOperation) -> Vec<Group> {
    let mut uses = get_globals(module);
    let Some(counts) = globals::symbol_use_counts(module) else {
        return Vec::new();
    };
    let mut groups: Vec<Group> = Vec::new();
    for global in module_ops(module) {
        if !functions::op_name_is(global, "memref.global") {
            continue;
        }
        let Some((class, member)) = member(global, &mut uses, &counts) else {
            continue;
        };
        // SAFETY: a live op with a memref type attribute (checked in `member`).
        let memory_space = unsafe {
            mlir_sys::mlirMemRefTypeGetMemorySpace(mlir_sys::mlirTypeAttrGetValue(attribute(
                global, "type",
            )))
        };
        // SAFETY: attributes of one context; null equals null.
        let same_space = |g: &Group| unsafe {
            (g.memory_space.ptr.is_null() && memory_space.ptr.is_null())
                || (!g.memory_space.ptr.is_null()
                    && !memory_space.ptr.is_null()
                    && mlir_sys::mlirAttributeEqual(g.memory_space, memory_space))
        };
        match groups
            .iter_mut()
            .find(|g| g.class == class && same_space(g))
        {
            Some(group) => group.members.push(member),
            None => groups.push(Group {
                class,
                memory_space,
                members: vec![member],
            }),
        }
    }
    groups
}

/// `global` as a member of its class, if it can be packed (see the module
/// docs); takes its uses out of `uses`.
fn member(
    global: MlirOperation,
    uses: &mut HashMap<String, Vec<MlirOperation>>,
    counts: &HashMap<String, usize>,
) -> Option<(Class, Member)> {
    let visibility = attribute(global, "sym_visibility");
    // SAFETY: live attributes; total queries.
    let private = unsafe {
        !visibility.ptr.is_null()
            && mlir_sys::mlirAttributeIsAString(visibility)
            && crate::ir::diagnostics::string_from_ref(mlir_sys::mlirStringAttrGetValue(visibility))
                == "private"
    };
    if !private {
        return None;
    }
    let type_attr = attribute(global, "type");
    // SAFETY: total queries on a live attribute.
    if type_attr.ptr.is_null() || unsafe { !mlir_sys::mlirAttributeIsAType(type_attr) } {
        return None;
    }
    // SAFETY: a type attribute.
    let ty = unsafe { mlir_sys::mlirTypeAttrGetValue(type_attr) };
    let types::BufferType::Ranked(memref) = types::buffer_type(ty, global) else {
        return None;
    };
    let bits = memref.element_bits?;
    if !memref.has_static_shape()
        || !memref.identity_layout
        || memref.element_is_buffer
        || bits % 8 != 0
        || !(bits / 8).is_power_of_two()
    {
        return None;
    }
    let size = memref.static_size_in_bytes()?;
    let name = crate::ir::interfaces::symbol_name(global);
    // Every use of the symbol must be one of its get_globals.
    let mine = uses.get(&name).map_or(0, Vec::len);
    if counts.get(&name).copied().unwrap_or(0) != mine {
        return None;
    }
    let constant = globals::has_attribute(global, "constant");
    let initial = attribute(global, "initial_value");
    let mut blob_alignment = 1u64;
    let mut resource = false;
    // SAFETY: total queries on live attributes; the raw data of a dense
    // elements attribute that is not a splat holds its elements in storage
    // order, `bits / 8` bytes each (whole bytes, checked above), and a
    // resource blob its bytes; both live as long as the context.
    let (class, bytes): (Class, &'static [u8]) = unsafe {
        if initial.ptr.is_null() {
            return None;
        } else if mlir_sys::mlirAttributeIsAUnit(initial) {
            if constant {
                return None;
            }
            (Class::Uninitialized, &[])
        } else if mlir_sys::mlirAttributeIsADenseResourceElements(initial) {
            let (bytes, align) = globals::dense_resource_blob(initial)?;
            if u64::try_from(bytes.len()).ok() != Some(size) {
                return None;
            }
            resource = true;
            blob_alignment = align;
            (class_of(constant), bytes)
        } else if mlir_sys::mlirAttributeIsADenseElements(initial) {
            if mlir_sys::mlirDenseElementsAttrIsSplat(initial) {
                // SAFETY: a live op of the running pass.
                let op = OperationRef::from_raw(global);
                Diagnostic::remark(
                    &op,
                    format!(
                        "{}: @{name} left unpacked: its initial value is a splat, \
                         packing would write out all its {size} bytes",
                        PackConstants::ARGUMENT
                    ),
                )
                .emit();
                return None;
            }
            let length = usize::try_from(size).ok()?;
            let data = mlir_sys::mlirDenseElementsAttrGetRawData(initial) as *const u8;
            if data.is_null() && length > 0 {
                return None;
            }
            let bytes = if length == 0 {
                &[][..]
            } else {
                std::slice::from_raw_parts(data, length)
            };
            (class_of(constant), bytes)
        } else {
            return None;
        }
    };
    let own = attribute(global, "alignment");
    // SAFETY: total queries.
    let own = unsafe {
        if !own.ptr.is_null() && mlir_sys::mlirAttributeIsAInteger(own) {
            u64::try_from(mlir_sys::mlirIntegerAttrGetValueInt(own)).unwrap_or(1)
        } else {
            1
        }
    };
    Some((
        class,
        Member {
            global,
            bytes,
            size,
            alignment: own.max(bits / 8).max(blob_alignment).max(1),
            resource,
            uses: uses.remove(&name).unwrap_or_default(),
        },
    ))
}

fn class_of(constant: bool) -> Class {
    if constant {
        Class::Constant
    } else {
        Class::Variable
    }
}

/// The offset of each member of `group` (each at its alignment) and the
/// bytes of the packed global holding them (`data`: its initial bytes,
/// empty for an uninitialized group). `Err` says why the group cannot be
/// packed: its size overflows, or its bytes cannot be allocated.
struct Layout {
    offsets: Vec<u64>,
    total: i64,
    data: Vec<u8>,
}

fn layout(group: &Group) -> Result<Layout, String> {
    let mut offsets = Vec::with_capacity(group.members.len());
    let mut end = 0u64;
    for m in &group.members {
        let at = round_up(end, m.alignment).ok_or("their packed size overflows 64 bits")?;
        offsets.push(at);
        end = at
            .checked_add(m.size)
            .ok_or("their packed size overflows 64 bits")?;
    }
    let total =
        i64::try_from(end).map_err(|_| "their packed size overflows 64 bits".to_string())?;
    // Only members with bytes are copied: their bytes are in the input
    // already (an uninitialized group has none).
    let mut data: Vec<u8> = Vec::new();
    if group.class != Class::Uninitialized {
        let length =
            usize::try_from(end).map_err(|_| "their packed size overflows memory".to_string())?;
        data.try_reserve_exact(length)
            .map_err(|_| format!("their {end} packed bytes cannot be allocated"))?;
        for (m, &at) in group.members.iter().zip(&offsets) {
            data.resize(at as usize, 0);
            data.extend_from_slice(m.bytes);
        }
        data.resize(length, 0);
    }
    Ok(Layout {
        offsets,
        total,
        data,
    })
}

/// Creates the packed global of `group` (laid out by `layout`) before its
/// first member, rewrites the members' uses to views of it and erases the
/// members.
/// # Safety
/// Every handle of `group` is live and of `module`.
unsafe fn pack(
    module: MlirOperation,
    group: &Group,
    layout: &Layout,
    alignment: u64,
) -> Result<(), String> {
    let Layout {
        offsets,
        total,
        data,
    } = layout;
    let total = *total;
    let first = group.members[0].global;
    let name = unique_name(
        module,
        match group.class {
            Class::Constant => "__bufrs_packed_constants",
            Class::Variable => "__bufrs_packed_variables",
            Class::Uninitialized => "__bufrs_packed_uninitialized",
        },
    );
    // SAFETY: live handles of one context (the caller's contract); arrays
    // outlive the calls that read them.
    unsafe {
        let location = edit::location(first);
        let context = mlir_sys::mlirLocationGetContext(location);
        let i8_type = mlir_sys::mlirIntegerTypeGet(context, 8);
        let shape = [total];
        let memref_type =
            mlir_sys::mlirMemRefTypeContiguousGet(i8_type, 1, shape.as_ptr(), group.memory_space);
        let tensor_type = mlir_sys::mlirRankedTensorTypeGet(
            1,
            shape.as_ptr(),
            i8_type,
            mlir_sys::MlirAttribute {
                ptr: std::ptr::null(),
            },
        );
        let initial = if group.class == Class::Uninitialized {
            mlir_sys::mlirUnitAttrGet(context)
        } else if group.members.iter().any(|m| m.resource) {
            globals::dense_resource_elements(tensor_type, &name, data, alignment)
        } else {
            mlir_sys::mlirDenseElementsAttrRawBufferGet(
                tensor_type,
                data.len(),
                data.as_ptr() as *const _,
            )
        };
        if initial.ptr.is_null() {
            return Err("cannot build the packed initial value".into());
        }
        let named = |key: &str, attr: MlirAttribute| {
            mlir_sys::mlirNamedAttributeGet(
                mlir_sys::mlirIdentifierGet(context, string_ref(key)),
                attr,
            )
        };
        let i64_type = mlir_sys::mlirIntegerTypeGet(context, 64);
        let mut attributes = vec![
            named(
                "sym_name",
                mlir_sys::mlirStringAttrGet(context, string_ref(&name)),
            ),
            named(
                "sym_visibility",
                mlir_sys::mlirStringAttrGet(context, string_ref("private")),
            ),
            named("type", mlir_sys::mlirTypeAttrGet(memref_type)),
            named("initial_value", initial),
            named(
                "alignment",
                mlir_sys::mlirIntegerAttrGet(i64_type, alignment as i64),
            ),
        ];
        if group.class == Class::Constant {
            attributes.push(named("constant", mlir_sys::mlirUnitAttrGet(context)));
        }
        edit::create_op_with_named_attributes(
            "memref.global",
            location,
            &[],
            &[],
            &[],
            &attributes,
            InsertPoint::Before(first),
        );
        let symbol = format!("@{name}");
        for (m, &at) in group.members.iter().zip(offsets) {
            let offset = i64::try_from(at).map_err(|_| "offset overflows 64 bits".to_string())?;
            for &use_op in &m.uses {
                let here = edit::location(use_op);
                let packed = builders::create_op_with_attributes(
                    "memref.get_global",
                    here,
                    &[],
                    &[memref_type],
                    &[("name", &symbol)],
                    InsertPoint::Before(use_op),
                )
                .ok_or("cannot build memref.get_global")?;
                let shift =
                    builders::arith_constant_index(offset, here, InsertPoint::Before(use_op))
                        .ok_or("cannot build an index constant")?;
                let old = edit::result(use_op, 0);
                let view = builders::memref_view(
                    edit::result(packed, 0),
                    shift,
                    &[],
                    edit::value_type(old),
                    here,
                    InsertPoint::Before(use_op),
                );
                edit::replace_all_uses(old, view);
                edit::erase(use_op);
            }
            edit::erase(m.global);
        }
    }
    Ok(())
}

/// `base`, or `base_<k>` for the first `k` not taken by a top-level op.
fn unique_name(module: MlirOperation, base: &str) -> String {
    let taken: Vec<String> = module_ops(module)
        .into_iter()
        .map(crate::ir::interfaces::symbol_name)
        .collect();
    if !taken.iter().any(|t| t == base) {
        return base.to_string();
    }
    (1..)
        .map(|k| format!("{base}_{k}"))
        .find(|n| !taken.contains(n))
        .unwrap_or_default()
}
