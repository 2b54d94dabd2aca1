//! `bufrs-lower-deallocations`: lowers every `bufferization.dealloc` to
//! `memref.dealloc` guarded by `scf.if`, with the exact semantics of seed 001
//! (the `bufferization` dialect reference, `bufferization.dealloc`).
//!
//! For `%u:R = bufferization.dealloc (%m0, ...) if (%c0, ...) retain (%r0, ...)`:
//!
//! - memref `%mi` is freed iff `%ci` holds, `%mi` is not the same buffer as
//!   any retained value, and no earlier memref `%mj` (`j < i`) whose `%cj`
//!   holds is the same buffer ("if two memrefs alias each other, only one
//!   will be deallocated");
//! - `%uk` (the updated ownership of `%rk`) is the disjunction of the `%ci`
//!   of the memrefs that are the same buffer as `%rk`, `false` if none is.
//!
//! "The same buffer" is decided at run time by comparing aligned base
//! pointers (`memref.extract_aligned_pointer_as_index` + `arith.cmpi`), as
//! upstream's lowering does. The lowering is inline (no helper function, so
//! it also works when the pass runs on a function alone); its size is
//! O(|memrefs|^2 + |memrefs|*|retained|), as seed 001 states for the op's
//! cost. Run `bufrs-buffer-deallocation-simplification` first to remove the
//! comparisons that can be decided statically.
//!
//! Cases:
//! - no memrefs (or all conditions constant `false`): every result is `false`;
//! - one memref, no retained value: `scf.if %c { memref.dealloc %m }`, or a
//!   plain `memref.dealloc` when `%c` is the constant `true`;
//! - otherwise the comparisons above, one `scf.if` per memref.
//!
//! Memrefs whose condition is the constant `false` are dropped first: they are
//! never freed and contribute nothing. Unlike upstream's generic helper
//! (LLVM 22), an earlier memref blocks a later one that is the same buffer
//! only when its own condition holds, so `dealloc (%a, %a) if (%false, %c)`
//! frees `%a` when `%c` holds instead of leaking it.

use std::collections::HashMap;

use melior::ir::OperationRef;
use mlir_sys::{MlirLocation, MlirOperation, MlirValue};

use crate::{
    analysis::{
        allocs::DeallocParts,
        snapshot::{Snapshot, ValueId},
    },
    dialect::{
        OWNERSHIP_BASED_DEALLOC,
        builders::{self, CmpPredicate},
    },
    ir::{
        Diagnostic,
        capture::contains_op_named,
        capture::{IrMap, capture},
        diagnostics::Severity,
        edit::{self, InsertPoint},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-lower-deallocations` (none).
    pub struct LowerDeallocationsOptions {}
}

pub struct LowerDeallocations;

impl BufrsPass for LowerDeallocations {
    type Options = LowerDeallocationsOptions;
    const ARGUMENT: &'static str = "bufrs-lower-deallocations";
    const SUMMARY: &'static str = "Lower bufferization.dealloc to memref.dealloc guarded by scf.if, with run-time pointer comparisons where memrefs may be retained or repeated";
    const ANCHOR: Anchor = Anchor::FunctionLike;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["memref", "arith", "scf"];

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        // Nothing to rewrite without a bufferization.dealloc: skip the capture.
        if !contains_op_named(op.to_raw(), OWNERSHIP_BASED_DEALLOC) {
            return pass::unchanged(op.to_raw());
        }
        let (snapshot, map) = capture(op.to_raw());
        // Results of deallocs already lowered (a later dealloc's condition
        // may be one), by what replaced them.
        let mut replaced: HashMap<ValueId, MlirValue> = HashMap::new();
        let mut failed = false;
        for (index, info) in snapshot.ops.iter().enumerate() {
            if info.name != OWNERSHIP_BASED_DEALLOC {
                continue;
            }
            let id = crate::analysis::snapshot::OpId(index as u32);
            let Some(parts) = DeallocParts::of(&snapshot, id) else {
                Diagnostic::at_raw(
                    map.op(id),
                    Severity::Error,
                    "malformed bufferization.dealloc: operands are not memrefs, conditions and retained values",
                )
                .emit();
                failed = true;
                continue;
            };
            // SAFETY: the handles come from a capture of the live IR; each
            // dealloc is lowered and erased once, and lowering one does not
            // touch the others.
            if unsafe { lower(&snapshot, &map, &mut replaced, map.op(id), &parts) }.is_none() {
                Diagnostic::at_raw(
                    map.op(id),
                    Severity::Error,
                    "bufrs-lower-deallocations: internal error: could not build the lowering",
                )
                .emit();
                failed = true;
            }
        }
        if failed { Err(PassFailed) } else { Ok(()) }
    }
}

/// A condition: known at compile time, or an `i1` value.
#[derive(Clone, Copy)]
enum Cond {
    True,
    Value(MlirValue),
}

/// Builds the `i1` ops of the lowering before one op.
struct Builder {
    location: MlirLocation,
    at: InsertPoint,
    constant_true: Option<MlirValue>,
}

impl Builder {
    unsafe fn constant_true(&mut self) -> Option<MlirValue> {
        if self.constant_true.is_none() {
            // SAFETY: live location and anchor (the caller's contract).
            self.constant_true =
                Some(unsafe { builders::arith_constant_bool(true, self.location, self.at)? });
        }
        self.constant_true
    }

    /// `a && b`.
    unsafe fn and(&mut self, a: MlirValue, b: Cond) -> MlirValue {
        match b {
            Cond::True => a,
            // SAFETY: live values of type i1.
            Cond::Value(b) => unsafe {
                builders::arith_binary("arith.andi", a, b, self.location, self.at)
            },
        }
    }

    /// The disjunction of `terms` (none: `None`).
    unsafe fn or(&mut self, terms: &[MlirValue]) -> Option<MlirValue> {
        let (&first, rest) = terms.split_first()?;
        Some(rest.iter().fold(first, |acc, &t| {
            // SAFETY: live values of type i1.
            unsafe { builders::arith_binary("arith.ori", acc, t, self.location, self.at) }
        }))
    }

    /// `!a`.
    unsafe fn not(&mut self, a: MlirValue) -> Option<MlirValue> {
        // SAFETY: live values of type i1.
        unsafe {
            let t = self.constant_true()?;
            Some(builders::arith_binary(
                "arith.xori",
                a,
                t,
                self.location,
                self.at,
            ))
        }
    }

    unsafe fn eq(&mut self, a: MlirValue, b: MlirValue) -> Option<MlirValue> {
        // SAFETY: live index values.
        unsafe { builders::arith_cmpi(CmpPredicate::Eq, a, b, self.location, self.at) }
    }
}

/// Replaces `dealloc` by its lowering. `None` if an op could not be built.
/// # Safety
/// `dealloc` is live and is the op `parts` was read from; `snapshot`/`map`
/// capture the IR it is in; `replaced` maps the results of the deallocs
/// already lowered to their live replacements.
unsafe fn lower(
    snapshot: &Snapshot,
    map: &IrMap,
    replaced: &mut HashMap<ValueId, MlirValue>,
    dealloc: MlirOperation,
    parts: &DeallocParts,
) -> Option<()> {
    // SAFETY: `dealloc` is live.
    let location = unsafe { edit::location(dealloc) };
    let at = InsertPoint::Before(dealloc);
    let mut b = Builder {
        location,
        at,
        constant_true: None,
    };
    let constant = |v: ValueId| {
        let crate::analysis::snapshot::ValueDef::OpResult { op, .. } = snapshot.value(v).def else {
            return None;
        };
        snapshot.op(op).facts.constant_bool
    };
    // Memrefs whose condition may hold, in order.
    let live: Vec<(MlirValue, Cond)> = parts
        .memrefs
        .iter()
        .zip(&parts.conditions)
        .filter_map(|(&m, &c)| match constant(c) {
            Some(false) => None,
            Some(true) => Some((map.value(m), Cond::True)),
            None => Some((
                map.value(m),
                Cond::Value(replaced.get(&c).copied().unwrap_or_else(|| map.value(c))),
            )),
        })
        .collect();
    let retained: Vec<MlirValue> = parts.retained.iter().map(|&r| map.value(r)).collect();
    let mut updated: Vec<Option<MlirValue>> = vec![None; retained.len()];

    // SAFETY: every handle is live (the caller's contract); new ops go right
    // before `dealloc`, so they see every value it sees.
    unsafe {
        if let [(memref, cond)] = live[..]
            && retained.is_empty()
        {
            free_if(memref, cond, location, at);
        } else if !live.is_empty() {
            let pointers: Vec<MlirValue> = live
                .iter()
                .map(|&(m, _)| builders::extract_aligned_pointer(m, location, at))
                .collect::<Option<_>>()?;
            let retained_pointers: Vec<MlirValue> = retained
                .iter()
                .map(|&r| builders::extract_aligned_pointer(r, location, at))
                .collect::<Option<_>>()?;
            let mut ownership_terms: Vec<Vec<MlirValue>> = vec![vec![]; retained.len()];
            let mut frees = vec![];
            for (i, &(memref, cond)) in live.iter().enumerate() {
                let mut blockers = vec![];
                for (k, &q) in retained_pointers.iter().enumerate() {
                    let same = b.eq(pointers[i], q)?;
                    blockers.push(same);
                    let owned = b.and(same, cond);
                    ownership_terms[k].push(owned);
                }
                for (j, &(_, earlier)) in live[..i].iter().enumerate() {
                    let same = b.eq(pointers[j], pointers[i])?;
                    blockers.push(b.and(same, earlier));
                }
                let free = match b.or(&blockers) {
                    None => cond,
                    Some(kept) => {
                        let not_kept = b.not(kept)?;
                        Cond::Value(b.and(not_kept, cond))
                    }
                };
                frees.push((memref, free));
            }
            for (k, terms) in ownership_terms.iter().enumerate() {
                updated[k] = b.or(terms);
            }
            // The frees come after every comparison, so no address is used
            // after its buffer is freed.
            for (memref, free) in frees {
                free_if(memref, free, location, at);
            }
        }
        let mut constant_false = None;
        for (k, &result) in parts.updated.iter().enumerate() {
            let value = match updated[k] {
                Some(v) => v,
                None => match constant_false {
                    Some(f) => f,
                    None => {
                        let f = builders::arith_constant_bool(false, location, at)?;
                        constant_false = Some(f);
                        f
                    }
                },
            };
            edit::replace_all_uses(map.value(result), value);
            replaced.insert(result, value);
        }
        edit::erase(dealloc);
    }
    Some(())
}

/// `memref.dealloc %memref`, under `scf.if %cond` unless it is `true`.
/// # Safety
/// Live handles; `at` names a live op.
unsafe fn free_if(memref: MlirValue, cond: Cond, location: MlirLocation, at: InsertPoint) {
    let condition = match cond {
        Cond::True => None,
        Cond::Value(c) => Some(c),
    };
    // SAFETY: the caller's contract.
    unsafe { builders::memref_dealloc_if(memref, condition, location, at) }
}
