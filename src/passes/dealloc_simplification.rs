//! `bufrs-buffer-deallocation-simplification`: rewrites `bufferization.dealloc`
//! ops with bufrs' alias analysis ([`crate::analysis::alias`]) so that fewer
//! run-time pointer comparisons remain for `bufrs-lower-deallocations`,
//! preserving the semantics of seed 001 (a memref is freed iff its condition
//! holds, no retained value is the same buffer and no earlier memref with a
//! true condition is; the updated condition of a retained value is the
//! disjunction of the conditions of the memrefs that are its buffer).
//!
//! "Provably the same buffer" is [`AliasAnalysis::must_alias`] (same aligned
//! base pointer on every path); "provably not" is `!may_alias`. In order:
//!
//! 1. **Merge in one block**: consecutive deallocs of one block become one
//!    (at the later one's place; freeing later is always allowed) when the
//!    earlier one's results are used only after the later one, every memref
//!    of one is provably the same buffer as or provably not each memref of
//!    the other (merging buffers that only may be one would add a run-time
//!    comparison the separate ops do not need), no memref of
//!    one may be a value retained only by the other, and no memref of one
//!    may be a retained value whose updated condition the other's result
//!    reports. The merged op then goes through the steps below, which split
//!    it again where its memrefs cannot alias.
//! 2. **Constant conditions**: memrefs whose condition is constant `false`
//!    are dropped (never freed, never counted).
//! 3. **Duplicate memrefs**: a memref provably the same buffer as an earlier
//!    one is dropped and its condition or-ed into the earlier one's (the
//!    buffer is freed once if either holds, and counts for both).
//! 4. **Duplicate retained values**: a retained value provably the same
//!    buffer as an earlier one is dropped; its result is the earlier one's.
//! 5. **Memrefs that are a retained value**: a memref provably the same
//!    buffer as a retained value, and provably the same as or provably not
//!    each other retained value, is never freed: it is dropped, and its
//!    condition is or-ed into the results of the retained values it is.
//! 6. **Retained values no memref may alias**: dropped; their result is
//!    `false` (or what rule 5 or-ed into it).
//! 7. **Split by provable non-aliasing**: memrefs are grouped by may-alias
//!    (transitively); each group gets its own dealloc with the retained
//!    values that may alias one of its memrefs, and a retained value's result
//!    is the disjunction of its groups' results.
//! 8. **Empty deallocs** (no memrefs left) are removed.
//!
//! An op that none of these changes is left as it is.

use std::collections::{BTreeMap, HashMap};

use melior::ir::OperationRef;
use mlir_sys::{MlirLocation, MlirOperation, MlirValue};

use crate::{
    analysis::{
        alias::AliasAnalysis,
        allocs::DeallocParts,
        graph::ancestor_op_in_region,
        snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
    },
    dialect::{OWNERSHIP_BASED_DEALLOC, builders},
    ir::{
        Diagnostic, Severity,
        capture::contains_op_named,
        capture::{IrMap, capture},
        edit::{self, InsertPoint},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassFailed, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-buffer-deallocation-simplification` (none).
    pub struct DeallocSimplificationOptions {}
}

pub struct DeallocSimplification;

impl BufrsPass for DeallocSimplification {
    type Options = DeallocSimplificationOptions;
    const ARGUMENT: &'static str = "bufrs-buffer-deallocation-simplification";
    const SUMMARY: &'static str = "Simplify bufferization.dealloc ops with bufrs' alias analysis: drop memrefs that are retained or repeated, fold constant conditions, merge deallocs of one block and split them by provable non-aliasing";
    const ANCHOR: Anchor = Anchor::FunctionLike;
    const DEPENDENT_DIALECTS: &'static [&'static str] = &["arith", "bufferization"];

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        // Nothing to rewrite without a bufferization.dealloc: skip the capture.
        if !contains_op_named(op.to_raw(), OWNERSHIP_BASED_DEALLOC) {
            return pass::unchanged(op.to_raw());
        }
        let (snapshot, map) = capture(op.to_raw());
        let alias = AliasAnalysis::new(&snapshot);
        let uses = UseLists::new(&snapshot);
        let specs = match collect_specs(&snapshot, &alias, &uses) {
            Ok(specs) => specs,
            Err(id) => {
                Diagnostic::at_raw(
                    map.op(id),
                    Severity::Error,
                    "malformed bufferization.dealloc: operands are not memrefs, conditions and retained values",
                )
                .emit();
                return Err(PassFailed);
            }
        };
        // Results of deallocs already rewritten (a later dealloc's condition
        // may be one), by what replaced them.
        let mut replaced: HashMap<ValueId, MlirValue> = HashMap::new();
        let mut rewrote_any = false;
        for spec in specs {
            let plan = simplify(&alias, &spec);
            if spec.ops.len() == 1 && plan.unchanged(&spec) {
                continue;
            }
            rewrote_any = true;
            let mut new = vec![];
            // SAFETY: the handles come from a capture of the live IR; each
            // original dealloc belongs to one spec and is erased once.
            if unsafe {
                apply(
                    &Handles {
                        map: &map,
                        replaced: &replaced,
                    },
                    &spec,
                    &plan,
                    &mut new,
                )
            }
            .is_none()
            {
                Diagnostic::at_raw(
                    map.op(spec.at()),
                    Severity::Error,
                    "bufrs-buffer-deallocation-simplification: internal error: could not build the rewrite",
                )
                .emit();
                return Err(PassFailed);
            }
            replaced.extend(new);
        }
        if !rewrote_any {
            return pass::unchanged(op.to_raw());
        }
        Ok(())
    }
}

/// Live handles of captured values: the capture's, or the replacement of a
/// result already rewritten.
struct Handles<'m> {
    map: &'m IrMap,
    replaced: &'m HashMap<ValueId, MlirValue>,
}

impl Handles<'_> {
    fn value(&self, id: ValueId) -> MlirValue {
        self.replaced
            .get(&id)
            .copied()
            .unwrap_or_else(|| self.map.value(id))
    }
    fn op(&self, id: OpId) -> MlirOperation {
        self.map.op(id)
    }
}

/// The deallocs of every block, read and merged (rule 1); `Err` names a
/// malformed dealloc.
fn collect_specs(
    snapshot: &Snapshot,
    alias: &AliasAnalysis<'_>,
    uses: &UseLists,
) -> Result<Vec<Spec>, OpId> {
    let mut specs = vec![];
    for block in 0..snapshot.blocks.len() {
        let block = BlockId(block as u32);
        let mut current: Option<Spec> = None;
        for &id in &snapshot.block(block).ops {
            if snapshot.op(id).name != OWNERSHIP_BASED_DEALLOC {
                continue;
            }
            let parts = DeallocParts::of(snapshot, id).ok_or(id)?;
            let next = Spec::of(snapshot, id, &parts);
            current = Some(match current.take() {
                Some(earlier) if mergeable(snapshot, alias, uses, &earlier, &next) => {
                    earlier.merge(next)
                }
                Some(earlier) => {
                    specs.push(earlier);
                    next
                }
                None => next,
            });
        }
        specs.extend(current);
    }
    Ok(specs)
}

/// A condition: the constant `true` (with a constant of the input that
/// holds it, if any, to reuse), or the disjunction of `i1` values.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    True(Option<ValueId>),
    Any(Vec<ValueId>),
}

impl Cond {
    fn or(&self, other: &Cond) -> Cond {
        match (self, other) {
            (Cond::True(a), Cond::True(b)) => Cond::True(a.or(*b)),
            (Cond::True(a), _) | (_, Cond::True(a)) => Cond::True(*a),
            (Cond::Any(a), Cond::Any(b)) => {
                let mut all = a.clone();
                all.extend(b.iter().filter(|v| !a.contains(v)));
                Cond::Any(all)
            }
        }
    }
}

/// One dealloc to simplify: one op of the input, or several merged ones.
#[derive(Clone, Debug)]
struct Spec {
    /// The ops it replaces, in block order (the last one is where it goes).
    ops: Vec<OpId>,
    /// Memrefs with a condition that may hold, in order.
    memrefs: Vec<(ValueId, Cond)>,
    /// The original memrefs and condition values (to tell an unchanged op).
    original: Vec<(ValueId, ValueId)>,
    /// Retained values, in order (with repeats, as in the input).
    retained: Vec<ValueId>,
    /// Each original result and the retained value it reports.
    results: Vec<(ValueId, ValueId)>,
}

impl Spec {
    fn of(snapshot: &Snapshot, op: OpId, parts: &DeallocParts) -> Spec {
        let constant = |v: ValueId| match snapshot.value(v).def {
            ValueDef::OpResult { op, .. } => snapshot.op(op).facts.constant_bool,
            ValueDef::BlockArg { .. } => None,
        };
        let memrefs = parts
            .memrefs
            .iter()
            .zip(&parts.conditions)
            .filter_map(|(&m, &c)| match constant(c) {
                Some(false) => None,
                Some(true) => Some((m, Cond::True(Some(c)))),
                None => Some((m, Cond::Any(vec![c]))),
            })
            .collect();
        Spec {
            ops: vec![op],
            memrefs,
            original: parts
                .memrefs
                .iter()
                .copied()
                .zip(parts.conditions.iter().copied())
                .collect(),
            retained: parts.retained.clone(),
            results: parts
                .updated
                .iter()
                .copied()
                .zip(parts.retained.iter().copied())
                .collect(),
        }
    }

    /// Where the rewrite goes: the last op merged.
    fn at(&self) -> OpId {
        *self.ops.last().expect("a spec has an op")
    }

    fn merge(mut self, later: Spec) -> Spec {
        self.ops.extend(later.ops);
        self.memrefs.extend(later.memrefs);
        self.original.extend(later.original);
        for r in later.retained {
            if !self.retained.contains(&r) {
                self.retained.push(r);
            }
        }
        self.results.extend(later.results);
        self
    }
}

/// Whether `later` (a dealloc after `earlier` in the same block) can be
/// merged into one op with it, placed at `later` (see the module docs).
fn mergeable(
    snapshot: &Snapshot,
    alias: &AliasAnalysis<'_>,
    uses: &UseLists,
    earlier: &Spec,
    later: &Spec,
) -> bool {
    let at = later.at();
    let block = snapshot
        .op(at)
        .parent_block
        .expect("a dealloc is in a block");
    let region = snapshot.block(block).region;
    let position = snapshot.op(at).position;
    // The earlier op's results are used only after the later op.
    let used_after = earlier.results.iter().all(|&(result, _)| {
        uses.of(result)
            .iter()
            .all(|u| match ancestor_op_in_region(snapshot, u.user, region) {
                Some(ancestor) => {
                    let parent = snapshot.op(ancestor).parent_block;
                    parent != Some(block) || snapshot.op(ancestor).position > position
                }
                None => false,
            })
    });
    if !used_after {
        return false;
    }
    let none_alias = |memrefs: &[(ValueId, Cond)], retained: Vec<ValueId>| {
        retained
            .into_iter()
            .all(|r| memrefs.iter().all(|&(m, _)| !alias.may_alias(m, r)))
    };
    let only_in = |a: &Spec, b: &Spec| -> Vec<ValueId> {
        a.retained
            .iter()
            .copied()
            .filter(|r| !b.retained.contains(r))
            .collect()
    };
    let reported = |s: &Spec| -> Vec<ValueId> {
        s.results
            .iter()
            .filter(|&&(result, _)| !uses.of(result).is_empty())
            .map(|&(_, r)| r)
            .collect()
    };
    // Two memrefs that may be one buffer but are not provably so would only
    // cost a run-time comparison in one op; apart, each frees on its own
    // condition (the input frees no buffer twice).
    let undecided = earlier.memrefs.iter().any(|&(a, _)| {
        later
            .memrefs
            .iter()
            .any(|&(b, _)| alias.may_alias(a, b) && !alias.must_alias(a, b))
    });
    !undecided
        && none_alias(&earlier.memrefs, only_in(later, earlier))
        && none_alias(&later.memrefs, only_in(earlier, later))
        && none_alias(&later.memrefs, reported(earlier))
        && none_alias(&earlier.memrefs, reported(later))
}

/// One dealloc of the rewrite.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NewDealloc {
    memrefs: Vec<(ValueId, Cond)>,
    retained: Vec<ValueId>,
}

/// A term of a result's disjunction.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Term {
    /// The updated condition of retained value `1` of new dealloc `0`.
    Updated(usize, usize),
    Cond(Cond),
}

/// The rewrite of one spec.
#[derive(Clone, Debug, Default)]
struct Plan {
    deallocs: Vec<NewDealloc>,
    /// Per result of the spec (same order): the disjunction it becomes
    /// (empty: `false`).
    results: Vec<Vec<Term>>,
}

impl Plan {
    /// Whether the plan rebuilds `spec`'s single op as it is.
    fn unchanged(&self, spec: &Spec) -> bool {
        let [only] = &self.deallocs[..] else {
            return false;
        };
        only.retained == spec.retained
            && only.memrefs.len() == spec.original.len()
            && only
                .memrefs
                .iter()
                .zip(&spec.original)
                .all(|((m, c), &(om, oc))| {
                    *m == om && (*c == Cond::Any(vec![oc]) || *c == Cond::True(Some(oc)))
                })
            && self
                .results
                .iter()
                .zip(&spec.results)
                .all(|(terms, &(_, r))| {
                    let position = only.retained.iter().position(|&x| x == r);
                    matches!(&terms[..], [Term::Updated(0, p)] if Some(*p) == position)
                })
    }
}

/// Rules 2-8 of the module docs on one spec (rule 2 was applied when reading it).
fn simplify(alias: &AliasAnalysis<'_>, spec: &Spec) -> Plan {
    // 3. Duplicate memrefs.
    let mut memrefs: Vec<(ValueId, Cond)> = vec![];
    for (m, c) in &spec.memrefs {
        match memrefs.iter_mut().find(|(e, _)| alias.must_alias(*e, *m)) {
            Some((_, earlier)) => *earlier = earlier.or(c),
            None => memrefs.push((*m, c.clone())),
        }
    }
    // 4. Duplicate retained values: each maps to its representative.
    let mut retained: Vec<ValueId> = vec![];
    let mut representative: BTreeMap<ValueId, ValueId> = BTreeMap::new();
    for &r in &spec.retained {
        match retained.iter().find(|&&e| alias.must_alias(e, r)) {
            Some(&e) => {
                representative.insert(r, e);
            }
            None => {
                representative.insert(r, r);
                retained.push(r);
            }
        }
    }
    // 5. Memrefs that provably are a retained value.
    let mut extra: BTreeMap<ValueId, Vec<Term>> = BTreeMap::new();
    memrefs.retain(|(m, c)| {
        let same: Vec<ValueId> = retained
            .iter()
            .copied()
            .filter(|&r| alias.must_alias(*m, r))
            .collect();
        let decided = retained
            .iter()
            .all(|&r| same.contains(&r) || !alias.may_alias(*m, r));
        if same.is_empty() || !decided {
            return true;
        }
        for r in same {
            extra.entry(r).or_default().push(Term::Cond(c.clone()));
        }
        false
    });
    // 6. Retained values no memref may alias.
    retained.retain(|&r| memrefs.iter().any(|&(m, _)| alias.may_alias(m, r)));
    // 7. Groups of memrefs by may-alias (union-find).
    let mut group: Vec<usize> = (0..memrefs.len()).collect();
    fn find(group: &mut [usize], i: usize) -> usize {
        let mut i = i;
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for i in 0..memrefs.len() {
        for j in 0..i {
            if alias.may_alias(memrefs[i].0, memrefs[j].0) {
                let (a, b) = (find(&mut group, i), find(&mut group, j));
                group[a.max(b)] = a.min(b);
            }
        }
    }
    let mut deallocs: Vec<NewDealloc> = vec![];
    let mut index_of_group: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, memref) in memrefs.iter().enumerate() {
        let g = find(&mut group, i);
        let k = *index_of_group.entry(g).or_insert_with(|| {
            deallocs.push(NewDealloc {
                memrefs: vec![],
                retained: vec![],
            });
            deallocs.len() - 1
        });
        deallocs[k].memrefs.push(memref.clone());
    }
    for d in &mut deallocs {
        d.retained = retained
            .iter()
            .copied()
            .filter(|&r| d.memrefs.iter().any(|&(m, _)| alias.may_alias(m, r)))
            .collect();
    }
    let results = spec
        .results
        .iter()
        .map(|&(_, r)| {
            let r = representative[&r];
            let mut terms: Vec<Term> = deallocs
                .iter()
                .enumerate()
                .filter_map(|(k, d)| {
                    d.retained
                        .iter()
                        .position(|&x| x == r)
                        .map(|p| Term::Updated(k, p))
                })
                .collect();
            terms.extend(extra.get(&r).cloned().unwrap_or_default());
            terms
        })
        .collect();
    Plan { deallocs, results }
}

/// Builds `plan` at the spec's last op, rewires every result and erases the
/// spec's ops. `None` if an op could not be built.
/// # Safety
/// `map` captures the live IR `spec` was read from (with the replacements of
/// results rewritten before); its ops are still there. The results rewired
/// are added to `new`.
unsafe fn apply(
    map: &Handles<'_>,
    spec: &Spec,
    plan: &Plan,
    new: &mut Vec<(ValueId, MlirValue)>,
) -> Option<()> {
    let at_op = map.op(spec.at());
    // SAFETY: live op.
    let location = unsafe { edit::location(at_op) };
    let at = InsertPoint::Before(at_op);
    // SAFETY: every handle is live (the caller's contract); new ops go right
    // before the last merged op, where every operand of the merged ops is
    // defined.
    unsafe {
        let mut updated: Vec<Vec<MlirValue>> = vec![];
        for d in &plan.deallocs {
            let mut conds = vec![];
            for (_, c) in &d.memrefs {
                conds.push(build_cond(map, c, location, at)?);
            }
            let op = build_dealloc(map, d, &conds, location, at)?;
            updated.push((0..d.retained.len()).map(|i| edit::result(op, i)).collect());
        }
        let mut constant_false = None;
        for (terms, &(result, _)) in plan.results.iter().zip(&spec.results) {
            let mut values = vec![];
            for term in terms {
                values.push(match term {
                    Term::Updated(k, p) => updated[*k][*p],
                    Term::Cond(c) => build_cond(map, c, location, at)?,
                });
            }
            let value = match values.split_first() {
                Some((&first, rest)) => rest.iter().fold(first, |acc, &v| {
                    builders::arith_binary("arith.ori", acc, v, location, at)
                }),
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
            new.push((result, value));
        }
        for &op in &spec.ops {
            edit::erase(map.op(op));
        }
    }
    Some(())
}

/// The `i1` value of `cond`.
/// # Safety
/// Live handles; `at` names a live op.
unsafe fn build_cond(
    map: &Handles<'_>,
    cond: &Cond,
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirValue> {
    // SAFETY: the caller's contract.
    unsafe {
        match cond {
            Cond::True(Some(value)) => Some(map.value(*value)),
            Cond::True(None) => builders::arith_constant_bool(true, location, at),
            Cond::Any(values) => {
                let (&first, rest) = values.split_first()?;
                Some(rest.iter().fold(map.value(first), |acc, &v| {
                    builders::arith_binary("arith.ori", acc, map.value(v), location, at)
                }))
            }
        }
    }
}

/// `bufferization.dealloc (memrefs) if (conds) retain (retained)`.
/// # Safety
/// Live handles; `at` names a live op.
unsafe fn build_dealloc(
    map: &Handles<'_>,
    dealloc: &NewDealloc,
    conds: &[MlirValue],
    location: MlirLocation,
    at: InsertPoint,
) -> Option<MlirOperation> {
    let mut operands: Vec<MlirValue> = dealloc.memrefs.iter().map(|&(m, _)| map.value(m)).collect();
    operands.extend_from_slice(conds);
    operands.extend(dealloc.retained.iter().map(|&r| map.value(r)));
    // SAFETY: the caller's contract.
    unsafe {
        let i1 = builders::parse_type("i1", location)?;
        let segments = format!(
            "array<i32: {}, {}, {}>",
            dealloc.memrefs.len(),
            conds.len(),
            dealloc.retained.len()
        );
        builders::create_op_with_attributes(
            OWNERSHIP_BASED_DEALLOC,
            location,
            &operands,
            &vec![i1; dealloc.retained.len()],
            &[("operandSegmentSizes", &segments)],
            at,
        )
    }
}

#[cfg(test)]
mod tests {
    //! The rewrite against seed 001's semantics on random deallocs: every
    //! memref and retained value is an allocation, a function argument (two
    //! arguments may be one buffer), a cast, or an `arith.select` of two of
    //! them; conditions are arguments or constants. For every assignment of
    //! the arguments, the original deallocs and the rewrite must free the same
    //! buffers and report the same updated conditions.

    use std::collections::HashMap;

    use super::*;
    use crate::analysis::snapshot::{
        Effect, EffectKind, Effects, OpFacts, Snapshot, SnapshotBuilder, ValueKind,
    };

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn facts() -> OpFacts {
        OpFacts {
            regions_have_ssa_dominance: true,
            effects: Effects::Known(vec![]),
            ..OpFacts::default()
        }
    }

    #[derive(Clone, Copy)]
    enum Def {
        Alloc(u32),
        Arg(usize),
        Same(ValueId),
        Select(ValueId, ValueId, ValueId),
    }

    struct Program {
        snapshot: Snapshot,
        defs: HashMap<ValueId, Def>,
        constants: HashMap<ValueId, bool>,
        cond_args: Vec<ValueId>,
    }

    const BUF: ValueKind = ValueKind::RankedMemRef;
    const I1: ValueKind = ValueKind::Other;

    fn program(rng: &mut Rng) -> Program {
        let mut b = SnapshotBuilder::new(
            "func.func",
            OpFacts {
                is_automatic_allocation_scope: true,
                is_isolated_from_above: true,
                ..facts()
            },
        );
        let body = b.add_region(Snapshot::ROOT);
        let entry = b.add_block(body, &[BUF, BUF, I1, I1, I1]);
        let args = b.snapshot().block(entry).args.clone();
        let mut defs = HashMap::new();
        defs.insert(args[0], Def::Arg(0));
        defs.insert(args[1], Def::Arg(1));
        let cond_args = args[2..].to_vec();
        let mut conds = cond_args.clone();
        let mut constants = HashMap::new();
        for value in [true, false] {
            let op = b.add_op(
                entry,
                "arith.constant",
                &[],
                &[I1],
                OpFacts {
                    constant_bool: Some(value),
                    ..facts()
                },
            );
            let v = b.snapshot().op(op).results[0];
            constants.insert(v, value);
            conds.push(v);
        }
        let mut buffers = vec![args[0], args[1]];
        for k in 0..3 {
            let op = b.add_op(entry, "memref.alloc", &[], &[BUF], facts());
            let v = b.snapshot().op(op).results[0];
            b.facts_mut(op).effects = Effects::Known(vec![Effect {
                kind: EffectKind::Allocate,
                value: Some(v),
                on_automatic_scope: false,
            }]);
            defs.insert(v, Def::Alloc(k));
            buffers.push(v);
        }
        for _ in 0..2 {
            let source = buffers[rng.below(buffers.len())];
            let cast = rng.below(2) == 0;
            let op = b.add_op(
                entry,
                if cast {
                    "memref.cast"
                } else {
                    "memref.subview"
                },
                &[source],
                &[BUF],
                OpFacts {
                    is_cast: cast,
                    ..facts()
                },
            );
            let v = b.snapshot().op(op).results[0];
            if !cast {
                b.facts_mut(op).view_source = Some(source);
            }
            defs.insert(v, Def::Same(source));
            buffers.push(v);
        }
        for _ in 0..2 {
            let c = cond_args[rng.below(cond_args.len())];
            let (x, y) = (
                buffers[rng.below(buffers.len())],
                buffers[rng.below(buffers.len())],
            );
            let op = b.add_op(entry, "arith.select", &[c, x, y], &[BUF], facts());
            let v = b.snapshot().op(op).results[0];
            defs.insert(v, Def::Select(c, x, y));
            buffers.push(v);
        }
        let mut results = vec![];
        for _ in 0..1 + rng.below(3) {
            let n = rng.below(5);
            let r = rng.below(4);
            let memrefs: Vec<ValueId> = (0..n).map(|_| buffers[rng.below(buffers.len())]).collect();
            let cs: Vec<ValueId> = (0..n).map(|_| conds[rng.below(conds.len())]).collect();
            let retained: Vec<ValueId> =
                (0..r).map(|_| buffers[rng.below(buffers.len())]).collect();
            let operands: Vec<ValueId> = memrefs
                .iter()
                .chain(&cs)
                .chain(&retained)
                .copied()
                .collect();
            let op = b.add_op(
                entry,
                OWNERSHIP_BASED_DEALLOC,
                &operands,
                &vec![I1; r],
                OpFacts {
                    effects: Effects::Unknown,
                    ..facts()
                },
            );
            results.extend(b.snapshot().op(op).results.clone());
        }
        // Some results are used (after every dealloc); only those must keep
        // their values.
        let used: Vec<ValueId> = results.into_iter().filter(|_| rng.below(2) == 0).collect();
        b.add_op(entry, "test.use", &used, &[], facts());
        Program {
            snapshot: b.finish(),
            defs,
            constants,
            cond_args,
        }
    }

    /// A run: values of the condition arguments and whether the two memref
    /// arguments are one buffer.
    struct Env<'p> {
        program: &'p Program,
        conds: HashMap<ValueId, bool>,
        args_alias: bool,
    }

    impl Env<'_> {
        fn cond(&self, v: ValueId) -> bool {
            self.program
                .constants
                .get(&v)
                .or(self.conds.get(&v))
                .copied()
                .expect("a condition")
        }
        fn buffer(&self, v: ValueId) -> u32 {
            match self.program.defs[&v] {
                Def::Alloc(k) => k,
                Def::Arg(0) => 100,
                Def::Arg(_) => {
                    if self.args_alias {
                        100
                    } else {
                        101
                    }
                }
                Def::Same(source) => self.buffer(source),
                Def::Select(c, x, y) => self.buffer(if self.cond(c) { x } else { y }),
            }
        }
        fn any(&self, c: &Cond) -> bool {
            match c {
                Cond::True(_) => true,
                Cond::Any(values) => values.iter().any(|&v| self.cond(v)),
            }
        }
    }

    /// Seed 001: (buffers freed, updated conditions).
    fn semantics(memrefs: &[(u32, bool)], retained: &[u32]) -> (Vec<u32>, Vec<bool>) {
        let mut freed = vec![];
        for (i, &(m, c)) in memrefs.iter().enumerate() {
            let kept = retained.contains(&m) || memrefs[..i].iter().any(|&(e, ec)| e == m && ec);
            if c && !kept {
                freed.push(m);
            }
        }
        let updated = retained
            .iter()
            .map(|&r| memrefs.iter().any(|&(m, c)| m == r && c))
            .collect();
        (freed, updated)
    }

    const ITERATIONS: usize = 3000;

    #[test]
    fn the_rewrite_frees_and_reports_what_the_deallocs_did() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut checked, mut merged, mut split, mut dropped_for_retained) = (0, 0, 0, 0);
        for _ in 0..ITERATIONS {
            let program = program(&mut rng);
            let snapshot = &program.snapshot;
            let alias = AliasAnalysis::new(snapshot);
            let uses = UseLists::new(snapshot);
            let specs = collect_specs(snapshot, &alias, &uses).expect("well-formed");
            let plans: Vec<Plan> = specs.iter().map(|s| simplify(&alias, s)).collect();
            merged += specs.iter().filter(|s| s.ops.len() > 1).count();
            split += plans.iter().filter(|p| p.deallocs.len() > 1).count();
            dropped_for_retained += plans
                .iter()
                .flat_map(|p| &p.results)
                .flatten()
                .filter(|t| matches!(t, Term::Cond(_)))
                .count();
            for bits in 0..16u32 {
                let env = Env {
                    program: &program,
                    conds: program
                        .cond_args
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| (v, bits & (1 << i) != 0))
                        .collect(),
                    args_alias: bits & 8 != 0,
                };
                // The original deallocs, one after the other.
                let mut freed_before = vec![];
                let mut results_before: HashMap<ValueId, bool> = HashMap::new();
                for (index, op) in snapshot.ops.iter().enumerate() {
                    if op.name != OWNERSHIP_BASED_DEALLOC {
                        continue;
                    }
                    let parts = DeallocParts::of(snapshot, OpId(index as u32)).unwrap();
                    let memrefs: Vec<(u32, bool)> = parts
                        .memrefs
                        .iter()
                        .zip(&parts.conditions)
                        .map(|(&m, &c)| (env.buffer(m), env.cond(c)))
                        .collect();
                    let retained: Vec<u32> =
                        parts.retained.iter().map(|&r| env.buffer(r)).collect();
                    let (freed, updated) = semantics(&memrefs, &retained);
                    freed_before.extend(freed);
                    results_before.extend(
                        parts
                            .updated
                            .iter()
                            .copied()
                            .zip(updated)
                            .filter(|&(result, _)| !uses.of(result).is_empty()),
                    );
                }
                let mut sorted = freed_before.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.len() != freed_before.len() {
                    continue; // the input frees a buffer twice: undefined
                }
                // The rewrite.
                let mut freed_after = vec![];
                let mut results_after: HashMap<ValueId, bool> = HashMap::new();
                for (spec, plan) in specs.iter().zip(&plans) {
                    let mut updated = vec![];
                    for d in &plan.deallocs {
                        let memrefs: Vec<(u32, bool)> = d
                            .memrefs
                            .iter()
                            .map(|(m, c)| (env.buffer(*m), env.any(c)))
                            .collect();
                        let retained: Vec<u32> =
                            d.retained.iter().map(|&r| env.buffer(r)).collect();
                        let (freed, u) = semantics(&memrefs, &retained);
                        freed_after.extend(freed);
                        updated.push(u);
                    }
                    for (terms, &(result, _)) in plan.results.iter().zip(&spec.results) {
                        let value = terms.iter().any(|t| match t {
                            Term::Updated(k, p) => updated[*k][*p],
                            Term::Cond(c) => env.any(c),
                        });
                        if !uses.of(result).is_empty() {
                            results_after.insert(result, value);
                        }
                    }
                }
                freed_before.sort_unstable();
                freed_after.sort_unstable();
                assert_eq!(
                    freed_before, freed_after,
                    "frees differ: {specs:?} {plans:?}"
                );
                assert_eq!(
                    results_before, results_after,
                    "results differ: {specs:?} {plans:?}"
                );
                checked += 1;
            }
        }
        assert!(
            checked > 10_000,
            "too few runs without a double free: {checked}"
        );
        // Every rewrite happened, many times.
        assert!(
            merged > 100 && split > 100 && dropped_for_retained > 100,
            "{merged} {split} {dropped_for_retained}"
        );
    }
}
