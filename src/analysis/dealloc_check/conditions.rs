//! The `i1` values a path knows: computed from constants, `arith` logic,
//! selects and comparisons of extracted addresses or of values other
//! comparisons on the path decide; facts assumed on a branch and what they
//! imply; and the branches the checker may not take as a free choice.

use rustc_hash::FxHashSet;

use super::{
    checker::Checker,
    prepare::{CONDITION_OPS, cmpi_operands},
    state::{Names, State, Status},
};
use crate::analysis::{
    snapshot::{EffectKind, Effects, OpId, Snapshot, ValueDef, ValueId},
    value_flow::Origin,
};

impl Checker<'_> {
    /// The value of an `i1` on this path, if known.
    pub(super) fn cond(&self, state: &State, v: ValueId) -> Option<bool> {
        if let Some(&c) = state.conds.get(&v) {
            return Some(c);
        }
        self.compute_cond(state, v)
    }

    /// The value of an `i1` computed from its defining op and what the path
    /// knows of the op's operands (not from a fact recorded for `v` itself).
    pub(super) fn compute_cond(&self, state: &State, v: ValueId) -> Option<bool> {
        let ValueDef::OpResult { op, .. } = self.snap.value(v).def else {
            return None;
        };
        let info = self.snap.op(op);
        if let Some(c) = info.facts.constant_bool {
            return Some(c);
        }
        let arg = |i: usize| info.operands.get(i).copied();
        match info.name.as_str() {
            "arith.andi" | "arith.ori" | "arith.xori" => {
                let a = self.cond(state, arg(0)?);
                let b = self.cond(state, arg(1)?);
                match (info.name.as_str(), a, b) {
                    ("arith.andi", Some(false), _) | ("arith.andi", _, Some(false)) => Some(false),
                    ("arith.andi", Some(x), Some(y)) => Some(x && y),
                    ("arith.ori", Some(true), _) | ("arith.ori", _, Some(true)) => Some(true),
                    ("arith.ori", Some(x), Some(y)) => Some(x || y),
                    ("arith.xori", Some(x), Some(y)) => Some(x ^ y),
                    _ => None,
                }
            }
            // `arith.select` of `i1`s, as upstream's ownership conditions
            // are built (e.g. `select %c, %c, (xori %c, true)`).
            "arith.select" => match self.cond(state, arg(0)?)? {
                true => self.cond(state, arg(1)?),
                false => self.cond(state, arg(2)?),
            },
            "arith.cmpi" => {
                let predicate = info.facts.cmpi_predicate?;
                let by_address = (|| {
                    let a = *state.addr.get(&arg(0)?)?;
                    let b = *state.addr.get(&arg(1)?)?;
                    let equal = self.same_buffer(state, a, b)?;
                    match predicate {
                        0 => Some(equal),  // eq
                        1 => Some(!equal), // ne
                        _ => None,
                    }
                })();
                by_address.or_else(|| self.cmpi_from_siblings(state, v))
            }
            _ => None,
        }
    }

    /// A comparison decided by what the path knows of another comparison of
    /// the same two values (e.g. `cmpi ule %a, %b` false once `cmpi ugt %a,
    /// %b` is known true, as upstream's ownership selects pair them).
    pub(super) fn cmpi_from_siblings(&self, state: &State, v: ValueId) -> Option<bool> {
        let ValueDef::OpResult { op, .. } = self.snap.value(v).def else {
            return None;
        };
        let wanted = Orderings::of_predicate(self.snap.op(op).facts.cmpi_predicate?)?;
        let (a, _) = cmpi_operands(self.snap, op)?;
        let mut possible = Orderings::ALL;
        for &sibling in self.cmpi_siblings.get(&v)? {
            let Some(&known) = state.conds.get(&sibling) else {
                continue;
            };
            let ValueDef::OpResult { op: sop, .. } = self.snap.value(sibling).def else {
                continue;
            };
            let Some(mut holds) = self
                .snap
                .op(sop)
                .facts
                .cmpi_predicate
                .and_then(Orderings::of_predicate)
            else {
                continue;
            };
            if cmpi_operands(self.snap, sop).map(|(sa, _)| sa) != Some(a) {
                holds = holds.swapped();
            }
            if holds.signed != wanted.signed && !(holds.sign_free() || wanted.sign_free()) {
                continue;
            }
            possible = possible.intersect(if known { holds } else { holds.complement() });
        }
        if possible.within(wanted) {
            Some(true)
        } else if possible.disjoint(wanted) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether two names are the same buffer on the path (`None`: cannot
    /// tell). The same instance or the same not-owned root is one buffer; two
    /// live instances, or a live instance and memory the function does not
    /// own, are distinct buffers (a live heap allocation overlaps nothing
    /// else). A freed instance keeps its address, which memory that existed
    /// while it was live (an argument, a stack buffer) cannot have; other
    /// memory may have reused it. Two not-owned roots (two arguments) may
    /// alias.
    pub(super) fn same_buffer(&self, state: &State, a: Names, b: Names) -> Option<bool> {
        let live = |i: u32| state.inst[i as usize].status == Status::Live;
        match (a, b) {
            (Names::Site(x), Names::Site(y)) if x == y => Some(true),
            (Names::Site(x), Names::Site(y)) if live(x) && live(y) => Some(false),
            (Names::Site(x), Names::NotOwned(root)) | (Names::NotOwned(root), Names::Site(x))
                if live(x) || root.is_some_and(|r| self.existed_before_allocations(r)) =>
            {
                Some(false)
            }
            (Names::NotOwned(Some(x)), Names::NotOwned(Some(y))) if x == y => Some(true),
            _ => None,
        }
    }

    /// Whether not-owned root `v` is memory that exists through the body
    /// and is not on the heap: an entry block argument or a stack buffer.
    pub(super) fn existed_before_allocations(&self, v: ValueId) -> bool {
        matches!(self.snap.value(v).def, ValueDef::BlockArg { .. })
            || self.flow.origin(v) == Origin::Alloca
    }

    /// Records that `v` (an `i1`) is `value` on this path, and everything
    /// that follows for the values the path's facts are computed from, to a
    /// fixed point (`andi` true: both operands true; `ori` false: both false;
    /// `xori`, `select`, `andi` false and `ori` true once the other operand is
    /// known). False when the path contradicts it, so the path cannot be
    /// taken: e.g. a free guarded by `%g = andi %q, (xori %p, true)` that was
    /// taken, then a branch on `%p` being true.
    pub(super) fn assume(&self, state: &mut State, v: ValueId, value: bool) -> bool {
        if let Some(known) = self.cond(state, v) {
            return known == value;
        }
        state.conds.insert(v, value);
        loop {
            let before = state.conds.len();
            let facts: Vec<(ValueId, bool)> = state.conds.iter().map(|(&v, &c)| (v, c)).collect();
            for (fact, value) in facts {
                if !self.propagate(state, fact, value) {
                    return false;
                }
            }
            if state.conds.len() == before {
                return true;
            }
        }
    }

    /// Whether `i1` `v` is computed (through the ops conditions are made of)
    /// from one of `values`.
    pub(super) fn computed_from(&self, v: ValueId, values: &[ValueId]) -> bool {
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        let mut work = vec![v];
        while let Some(x) = work.pop() {
            let ValueDef::OpResult { op, .. } = self.snap.value(x).def else {
                continue;
            };
            let info = self.snap.op(op);
            if !CONDITION_OPS.contains(&info.name.as_str()) {
                continue;
            }
            for &o in &info.operands {
                if values.contains(&o) {
                    return true;
                }
                if seen.insert(o) {
                    work.push(o);
                }
            }
        }
        false
    }

    /// One step of [`Checker::assume`]: checks fact `v == value` against its
    /// defining op and records what it implies for the op's operands.
    pub(super) fn propagate(&self, state: &mut State, v: ValueId, value: bool) -> bool {
        if self.compute_cond(state, v).is_some_and(|c| c != value) {
            return false;
        }
        let ValueDef::OpResult { op, .. } = self.snap.value(v).def else {
            return true;
        };
        let info = self.snap.op(op);
        let (Some(&a), Some(&b)) = (info.operands.first(), info.operands.get(1)) else {
            return true;
        };
        let learn = |state: &mut State, x: ValueId, value: bool| match self.cond(state, x) {
            Some(known) => known == value,
            None => {
                state.conds.insert(x, value);
                true
            }
        };
        let (ca, cb) = (self.cond(state, a), self.cond(state, b));
        match info.name.as_str() {
            "arith.andi" if value => learn(state, a, true) && learn(state, b, true),
            "arith.ori" if !value => learn(state, a, false) && learn(state, b, false),
            // `andi` false / `ori` true: decided for the other operand once
            // one is the neutral value.
            "arith.andi" | "arith.ori" => {
                let neutral = info.name == "arith.andi";
                match (ca, cb) {
                    (Some(x), _) if x == neutral => learn(state, b, value),
                    (_, Some(y)) if y == neutral => learn(state, a, value),
                    _ => true,
                }
            }
            "arith.xori" => match (ca, cb) {
                (Some(x), _) => learn(state, b, value ^ x),
                (_, Some(y)) => learn(state, a, value ^ y),
                _ => true,
            },
            "arith.select" => {
                let Some(&f) = info.operands.get(2) else {
                    return true;
                };
                let (c, t) = (a, b);
                match ca {
                    Some(true) => learn(state, t, value),
                    Some(false) => learn(state, f, value),
                    // An arm that cannot give `value` was not chosen.
                    None if cb == Some(!value) => learn(state, c, false),
                    None if self.cond(state, f) == Some(!value) => learn(state, c, true),
                    None => true,
                }
            }
            _ => true,
        }
    }

    /// For an op named `conditional` (whose operand 0 is an `i1` choosing
    /// between its first and second way): the condition's value on this path
    /// if known (`Branch::Known`), or unknown (both ways are taken). An
    /// unknown condition read from memory after the function wrote buffer
    /// addresses to memory other than modelled cells (see
    /// [`Checker::assumes`]) is `Branch::Assumed`: both ways are taken, each
    /// marked as resting on an assumption. Any other op: `Branch::Free`.
    pub(super) fn branch_condition(&self, op: OpId, conditional: &str, state: &State) -> Branch {
        let info = self.snap.op(op);
        if info.name != conditional {
            return Branch::Free;
        }
        let c = info.operands.first().copied();
        match c.and_then(|c| self.cond(state, c)) {
            Some(known) => Branch::Known(known),
            None if c.is_some_and(|c| self.assumes(c)) => Branch::Assumed,
            None => Branch::Free,
        }
    }

    /// Whether a branch on `c`, unknown on the path, rests on an assumption:
    /// the function wrote buffer addresses to memory the paths do not follow
    /// and `c` is read from memory (or returned by a call), so it may encode
    /// which buffers are the same (as the ownership bits of upstream's
    /// generic dealloc helper do when the helper is not recognised). Taking
    /// both ways still covers every run, so a path on which nothing is wrong
    /// proves what it proves; but a way no run takes may be followed, so a
    /// finding on it is not one (see [`Checker::report`]).
    pub(super) fn assumes(&self, c: ValueId) -> bool {
        self.addresses_in_memory && self.read_from_memory(c)
    }

    /// Whether `v` is computed (through op operands) from a value read from
    /// memory or returned by a call or an op with unknown effects.
    pub(super) fn read_from_memory(&self, v: ValueId) -> bool {
        let snap = self.snap;
        let mut work = vec![v];
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        while let Some(v) = work.pop() {
            if !seen.insert(v) || seen.len() > 4096 {
                continue;
            }
            let ValueDef::OpResult { op, .. } = snap.value(v).def else {
                continue;
            };
            if op == Snapshot::ROOT {
                continue;
            }
            let info = snap.op(op);
            let reads = info.facts.is_call
                || match &info.facts.effects {
                    Effects::Known(effects) => effects.iter().any(|e| e.kind == EffectKind::Read),
                    Effects::Unknown => info.regions.is_empty(),
                };
            if reads {
                return true;
            }
            work.extend(info.operands.iter().copied());
        }
        false
    }
}

/// How a path continues at a conditional branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    /// The condition is known on the path: only its way runs.
    Known(bool),
    /// Unknown: both ways run (the condition's value becomes a fact of each).
    Free,
    /// Unknown and possibly correlated with facts the path does not follow:
    /// both ways run, each as an assumption ([`Checker::assumes`]).
    Assumed,
}

impl Branch {
    /// The condition's value, where known.
    pub(super) fn known(self) -> Option<bool> {
        match self {
            Branch::Known(c) => Some(c),
            Branch::Free | Branch::Assumed => None,
        }
    }
}

/// The orderings of two integers a comparison holds for: a subset of {less,
/// equal, greater}, signed or unsigned (`eq` and `ne` are either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Orderings {
    /// Bits: 1 less, 2 equal, 4 greater.
    set: u8,
    signed: bool,
}

impl Orderings {
    const ALL: Orderings = Orderings {
        set: 7,
        signed: false,
    };

    /// `arith.cmpi`'s predicate numbering: eq, ne, slt, sle, sgt, sge, ult,
    /// ule, ugt, uge.
    fn of_predicate(predicate: i64) -> Option<Orderings> {
        let (set, signed) = match predicate {
            0 => (2, false),
            1 => (5, false),
            2 => (1, true),
            3 => (3, true),
            4 => (4, true),
            5 => (6, true),
            6 => (1, false),
            7 => (3, false),
            8 => (4, false),
            9 => (6, false),
            _ => return None,
        };
        Some(Orderings { set, signed })
    }

    /// Whether the orderings mean the same signed or unsigned (eq, ne).
    fn sign_free(self) -> bool {
        self.set == 2 || self.set == 5 || self.set == 7
    }

    /// The comparison with its operands exchanged.
    fn swapped(self) -> Orderings {
        let set = (self.set & 2) | ((self.set & 1) << 2) | ((self.set & 4) >> 2);
        Orderings { set, ..self }
    }

    fn complement(self) -> Orderings {
        Orderings {
            set: !self.set & 7,
            ..self
        }
    }

    fn intersect(self, other: Orderings) -> Orderings {
        Orderings {
            set: self.set & other.set,
            signed: if self.sign_free() {
                other.signed
            } else {
                self.signed
            },
        }
    }

    fn within(self, other: Orderings) -> bool {
        self.set & !other.set == 0
    }

    fn disjoint(self, other: Orderings) -> bool {
        self.set & other.set == 0
    }
}
