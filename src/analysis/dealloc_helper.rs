//! Recognises upstream's generic deallocation helper from its body, so that
//! the deallocation checker ([`super::dealloc_check`]) can apply its
//! semantics where it is called (or where its body was inlined) instead of
//! giving up on the ownership bits it writes to memory.
//!
//! `bufferization-lower-deallocations` lowers a `bufferization.dealloc` of
//! several memrefs to a call of a generated function taking five 1-D
//! buffers: the addresses to free `D`, the addresses to retain `R`, the
//! conditions `C` (`i1`), and two outputs, `DO` (`i1` per `D`) and `RO`
//! (`i1` per `R`). Its body computes
//!
//! - `RO[j] = OR of C[i] over the i with D[i] == R[j]`,
//! - `DO[i] = C[i] and D[i] is no R[j] and no D[k] with k < i`.
//!
//! The match is structural and exact up to value names, commuted operands of
//! `cmpi eq/ne`, `andi` and `ori`, and where the constants are defined: the
//! two `memref.dim`s, the loop clearing `RO`, and the loop over `D` with its
//! two inner loops. A body that differs in any other way is not recognised
//! (its calls stay calls whose effects on memory are unknown). The name of
//! the function plays no part.

use rustc_hash::FxHashMap;

use super::snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId};

/// The five buffers of one use of the helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelperUse<T> {
    pub dealloc: T,
    pub retain: T,
    pub conditions: T,
    pub dealloc_out: T,
    pub retain_out: T,
}

impl<T: Copy> HelperUse<T> {
    pub fn all(&self) -> [T; 5] {
        [
            self.dealloc,
            self.retain,
            self.conditions,
            self.dealloc_out,
            self.retain_out,
        ]
    }

    pub fn map<U>(&self, f: impl Fn(T) -> U) -> HelperUse<U> {
        HelperUse {
            dealloc: f(self.dealloc),
            retain: f(self.retain),
            conditions: f(self.conditions),
            dealloc_out: f(self.dealloc_out),
            retain_out: f(self.retain_out),
        }
    }
}

/// An inlined helper: its buffers and the first and last op of the block
/// holding it (positions; only constants lie between them besides the body).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlinedHelper {
    pub buffers: HelperUse<ValueId>,
    pub first: OpId,
    pub last: OpId,
}

/// Integer constants of a snapshot (`arith.constant` of integer or index
/// type), by value: the matcher reads loop bounds and indices from them.
pub type Constants = FxHashMap<ValueId, i64>;

/// If `block` is the entry block of a function that is the helper (its
/// body, then a `return` of nothing), the argument index of each buffer.
pub fn function_is_helper(
    snap: &Snapshot,
    block: BlockId,
    constants: &Constants,
) -> Option<HelperUse<usize>> {
    let info = snap.block(block);
    let ops: Vec<OpId> = non_constant(snap, &info.ops);
    let (&ret, body) = ops.split_last()?;
    let r = snap.op(ret);
    if !(r.facts.is_return_like && r.operands.is_empty()) {
        return None;
    }
    let (buffers, used) = match_body(snap, body, constants)?;
    if used != body.len() {
        return None;
    }
    let position = |v: ValueId| info.args.iter().position(|&a| a == v);
    Some(HelperUse {
        dealloc: position(buffers.dealloc)?,
        retain: position(buffers.retain)?,
        conditions: position(buffers.conditions)?,
        dealloc_out: position(buffers.dealloc_out)?,
        retain_out: position(buffers.retain_out)?,
    })
}

/// Every inlined helper in the snapshot's blocks.
pub fn inlined_helpers(snap: &Snapshot, constants: &Constants) -> Vec<InlinedHelper> {
    let mut out = Vec::new();
    for block in &snap.blocks {
        let ops = non_constant(snap, &block.ops);
        let mut at = 0;
        while at < ops.len() {
            if snap.op(ops[at]).name == "memref.dim"
                && let Some((buffers, used)) = match_body(snap, &ops[at..], constants)
            {
                out.push(InlinedHelper {
                    buffers,
                    first: ops[at],
                    last: ops[at + used - 1],
                });
                at += used;
            } else {
                at += 1;
            }
        }
    }
    out
}

fn non_constant(snap: &Snapshot, ops: &[OpId]) -> Vec<OpId> {
    ops.iter()
        .copied()
        .filter(|&o| snap.op(o).name != "arith.constant")
        .collect()
}

/// Matches the helper's body at the start of `ops` (constants removed):
/// its buffers and how many ops it spans.
fn match_body(
    snap: &Snapshot,
    ops: &[OpId],
    constants: &Constants,
) -> Option<(HelperUse<ValueId>, usize)> {
    let m = Matcher { snap, constants };
    // `%n = dim D, 0` and `%m = dim R, 0` (either order).
    let (d0, d1) = (ops.first()?, ops.get(1)?);
    let dim = |o: OpId| -> Option<(ValueId, ValueId)> {
        let info = snap.op(o);
        (info.name == "memref.dim"
            && info.operands.len() == 2
            && m.int(info.operands[1]) == Some(0)
            && info.results.len() == 1)
            .then(|| (info.operands[0], info.results[0]))
    };
    let (a, b) = (dim(*d0)?, dim(*d1)?);
    let clear = *ops.get(2)?;
    let main = *ops.get(3)?;
    // The clearing loop runs to `%m`: that tells the two dims apart.
    let clear_info = snap.op(clear);
    let upper = *clear_info.operands.get(1)?;
    let ((dealloc, n), (retain, m_len)) = if upper == b.1 {
        (a, b)
    } else if upper == a.1 {
        (b, a)
    } else {
        return None;
    };
    // scf.for %j = 0 to %m step 1 { store false, RO[%j] }
    let (j, body) = m.plain_loop(clear, m_len)?;
    let [store] = body.as_slice() else {
        return None;
    };
    let s = snap.op(*store);
    if s.name != "memref.store" || s.operands.len() != 3 || s.operands[2] != j {
        return None;
    }
    if m.bool(s.operands[0]) != Some(false) {
        return None;
    }
    let retain_out = s.operands[1];
    // scf.for %i = 0 to %n step 1 { ... }
    let (i, body) = m.plain_loop(main, n)?;
    let [load_a, load_c, inner, earlier, and_c, store_d] = body.as_slice() else {
        return None;
    };
    let (a_i, d_buf) = m.load(*load_a, i)?;
    let (c_i, conditions) = m.load(*load_c, i)?;
    if d_buf != dealloc {
        return None;
    }
    // %2 = scf.for %j = 0 to %m step 1 iter_args(%acc = true) -> i1
    let (j, acc, body, first_result) = m.reduction_loop(*inner, m_len)?;
    let init = *snap.op(*inner).operands.get(3)?;
    if m.bool(init) != Some(true) {
        return None;
    }
    let [load_r, eq, if_eq, ne, and, yield_] = body.as_slice() else {
        return None;
    };
    let (r_j, r_buf) = m.load(*load_r, j)?;
    if r_buf != retain {
        return None;
    }
    let eq_v = m.compare(*eq, 0, r_j, a_i)?;
    // scf.if %eq { %o = load RO[%j]; %x = ori %o, %c; store %x, RO[%j] }
    let if_info = snap.op(*if_eq);
    if if_info.name != "scf.if"
        || if_info.operands.as_slice() != [eq_v]
        || !if_info.results.is_empty()
    {
        return None;
    }
    let then = snap.entry_block(*if_info.regions.first()?)?;
    if if_info
        .regions
        .get(1)
        .is_some_and(|&r| !snap.region(r).blocks.is_empty())
    {
        return None;
    }
    let then_ops = non_constant(snap, &snap.block(then).ops);
    let [load_o, or, store_o, end] = then_ops.as_slice() else {
        return None;
    };
    let (o, o_buf) = m.load(*load_o, j)?;
    if o_buf != retain_out {
        return None;
    }
    let or_v = m.binary(*or, "arith.ori", o, c_i)?;
    let so = snap.op(*store_o);
    if so.name != "memref.store" || so.operands.as_slice() != [or_v, retain_out, j] {
        return None;
    }
    m.yields(*end, &[])?;
    let ne_v = m.compare(*ne, 1, r_j, a_i)?;
    let and_v = m.binary(*and, "arith.andi", acc, ne_v)?;
    m.yields(*yield_, &[and_v])?;
    // %3 = scf.for %k = 0 to %i step 1 iter_args(%acc = %2) -> i1
    let (k, acc, body, second_result) = m.reduction_loop(*earlier, i)?;
    if *snap.op(*earlier).operands.get(3)? != first_result {
        return None;
    }
    let [load_b, ne, and, yield_] = body.as_slice() else {
        return None;
    };
    let (b_k, b_buf) = m.load(*load_b, k)?;
    if b_buf != dealloc {
        return None;
    }
    let ne_v = m.compare(*ne, 1, b_k, a_i)?;
    let and_v = m.binary(*and, "arith.andi", acc, ne_v)?;
    m.yields(*yield_, &[and_v])?;
    // %4 = andi %3, %c; store %4, DO[%i]
    let keep = m.binary(*and_c, "arith.andi", second_result, c_i)?;
    let sd = snap.op(*store_d);
    if sd.name != "memref.store"
        || sd.operands.len() != 3
        || sd.operands[0] != keep
        || sd.operands[2] != i
    {
        return None;
    }
    let dealloc_out = sd.operands[1];
    let buffers = HelperUse {
        dealloc,
        retain,
        conditions,
        dealloc_out,
        retain_out,
    };
    // The outputs are not the inputs (a write would change what is read).
    let all = buffers.all();
    for (x, &p) in all.iter().enumerate() {
        if all[x + 1..].contains(&p) {
            return None;
        }
    }
    // The values the body defines are used in it only: nothing after it
    // reads a loop index or a dimension.
    let span = &ops[..4];
    let mut defined = Vec::new();
    for &o in span {
        collect_defined(snap, o, &mut defined);
    }
    if used_outside(snap, span, &defined) {
        return None;
    }
    Some((buffers, 4))
}

fn collect_defined(snap: &Snapshot, op: OpId, out: &mut Vec<ValueId>) {
    out.extend(snap.op(op).results.iter().copied());
    for &r in &snap.op(op).regions {
        for &b in &snap.region(r).blocks {
            out.extend(snap.block(b).args.iter().copied());
            for &o in &snap.block(b).ops {
                collect_defined(snap, o, out);
            }
        }
    }
}

/// Whether an op outside `span` (and outside the ops nested in it) uses one
/// of `defined`.
fn used_outside(snap: &Snapshot, span: &[OpId], defined: &[ValueId]) -> bool {
    let mut inside: Vec<OpId> = Vec::new();
    let mut stack: Vec<OpId> = span.to_vec();
    while let Some(o) = stack.pop() {
        inside.push(o);
        for &r in &snap.op(o).regions {
            for &b in &snap.region(r).blocks {
                stack.extend(snap.block(b).ops.iter().copied());
            }
        }
    }
    // The body's values can only be used after its first op in its block;
    // dims are the only results visible outside the loops.
    let Some(block) = snap.op(span[0]).parent_block else {
        return true;
    };
    snap.block(block).ops.iter().any(|&o| {
        !inside.contains(&o) && {
            let mut stack = vec![o];
            let mut found = false;
            while let Some(x) = stack.pop() {
                if snap.op(x).operands.iter().any(|v| defined.contains(v)) {
                    found = true;
                    break;
                }
                for &r in &snap.op(x).regions {
                    for &b in &snap.region(r).blocks {
                        stack.extend(snap.block(b).ops.iter().copied());
                    }
                }
            }
            found
        }
    })
}

struct Matcher<'a> {
    snap: &'a Snapshot,
    constants: &'a Constants,
}

impl Matcher<'_> {
    fn int(&self, v: ValueId) -> Option<i64> {
        self.constants.get(&v).copied()
    }

    fn bool(&self, v: ValueId) -> Option<bool> {
        match self.snap.value(v).def {
            ValueDef::OpResult { op, .. } => self.snap.op(op).facts.constant_bool,
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// `scf.for %x = 0 to upper step 1` with no iteration arguments: its
    /// induction variable and body ops (constants removed) before the yield
    /// of nothing.
    fn plain_loop(&self, op: OpId, upper: ValueId) -> Option<(ValueId, Vec<OpId>)> {
        let info = self.snap.op(op);
        if info.name != "scf.for" || info.operands.len() != 3 || !info.results.is_empty() {
            return None;
        }
        self.bounds(info.operands.as_slice(), upper)?;
        let body = self.snap.entry_block(*info.regions.first()?)?;
        let block = self.snap.block(body);
        let [x] = block.args.as_slice() else {
            return None;
        };
        let mut ops = non_constant(self.snap, &block.ops);
        let end = ops.pop()?;
        self.yields(end, &[])?;
        Some((*x, ops))
    }

    /// `scf.for %x = 0 to upper step 1 iter_args(%acc = ...) -> i1`: its
    /// induction variable, accumulator, body ops (constants removed, the
    /// yield last) and result.
    fn reduction_loop(
        &self,
        op: OpId,
        upper: ValueId,
    ) -> Option<(ValueId, ValueId, Vec<OpId>, ValueId)> {
        let info = self.snap.op(op);
        if info.name != "scf.for" || info.operands.len() != 4 || info.results.len() != 1 {
            return None;
        }
        self.bounds(&info.operands[..3], upper)?;
        let body = self.snap.entry_block(*info.regions.first()?)?;
        let block = self.snap.block(body);
        let [x, acc] = block.args.as_slice() else {
            return None;
        };
        Some((
            *x,
            *acc,
            non_constant(self.snap, &block.ops),
            info.results[0],
        ))
    }

    fn bounds(&self, operands: &[ValueId], upper: ValueId) -> Option<()> {
        (self.int(operands[0]) == Some(0)
            && operands[1] == upper
            && self.int(operands[2]) == Some(1))
        .then_some(())
    }

    /// `%r = memref.load B[index]`: `%r` and `B`.
    fn load(&self, op: OpId, index: ValueId) -> Option<(ValueId, ValueId)> {
        let info = self.snap.op(op);
        (info.name == "memref.load"
            && info.operands.len() == 2
            && info.operands[1] == index
            && info.results.len() == 1)
            .then(|| (info.results[0], info.operands[0]))
    }

    /// `arith.cmpi <predicate> x, y` (either order): its result.
    fn compare(&self, op: OpId, predicate: i64, x: ValueId, y: ValueId) -> Option<ValueId> {
        let info = self.snap.op(op);
        (info.name == "arith.cmpi"
            && info.facts.cmpi_predicate == Some(predicate)
            && same_pair(info.operands.as_slice(), x, y)
            && info.results.len() == 1)
            .then(|| info.results[0])
    }

    /// `name x, y` (either order): its result.
    fn binary(&self, op: OpId, name: &str, x: ValueId, y: ValueId) -> Option<ValueId> {
        let info = self.snap.op(op);
        (info.name == name && same_pair(info.operands.as_slice(), x, y) && info.results.len() == 1)
            .then(|| info.results[0])
    }

    fn yields(&self, op: OpId, values: &[ValueId]) -> Option<()> {
        let info = self.snap.op(op);
        (info.name == "scf.yield" && info.operands.as_slice() == values).then_some(())
    }
}

fn same_pair(operands: &[ValueId], x: ValueId, y: ValueId) -> bool {
    operands == [x, y] || operands == [y, x]
}
