//! Symbolic placement: buffers whose sizes are known only at run time (polynomials in
//! non-negative size symbols, `4 × %n × %m` or `64 × %n + 128` bytes) get offsets that are
//! *expressions* over those symbols, chosen at compile time and valid for every value the
//! symbols take.
//!
//! The rule: static buffers are placed first by any [`Planner`]; then the dynamic buffers one
//! at a time (in three orders, the smallest arena at probe sizes kept), each at the lowest
//! candidate offset where it provably shares no byte with a placed buffer live with it: on top
//! of all of them (the aligned maximum of their ends), or at the offset or end of any placed
//! buffer (inside a dead buffer it provably fits in, or in a gap provably large enough). Proofs
//! are [`Exprs::at_least`]: `y >= x` over sums of monomials of non-negative size symbols,
//! maxima and alignments. Two buffers live at a common tick are then provably apart, so no
//! run-time sizes make them share a byte; buffers of equal or provably smaller sizes with
//! disjoint lifetimes share bytes. The arena's size is the maximum end.
//!
//! Expressions live in an [`Exprs`] pool, hash-consed (equal expressions have one id, so
//! emitting them as IR computes each once) and simplified as they are built: constants fold,
//! `max` drops what another of its items provably exceeds, `align` disappears when the value is
//! already a multiple of the alignment. [`verify`] proves a plan valid for all sizes from the
//! expressions' structure (not by sampling); [`SymPlan::eval`] evaluates it at given sizes.

use std::cell::RefCell;
use std::collections::BTreeMap;

use rustc_hash::{FxHashMap as HashMap, FxHashSet};
use std::fmt::Write as _;

use crate::plan::{Buffer, PlanError, Planner, Problem, problem::round_up};

/// A monomial of a size: `coefficient × Π symbols` bytes (symbols sorted; empty for a
/// constant).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Monomial {
    pub coefficient: u64,
    pub symbols: Vec<u32>,
}

impl Monomial {
    /// The monomial at the symbols' values (`None` on overflow).
    pub fn eval(&self, values: &[u64]) -> Option<u64> {
        self.symbols.iter().try_fold(self.coefficient, |acc, &s| {
            acc.checked_mul(values[s as usize])
        })
    }
}

/// A buffer size: a polynomial in the size symbols with non-negative coefficients, a
/// constant plus monomials (`4 × %n × %m`, or `64 × %n + 128` for a dimension `%n + 2` of
/// 16 `f32`s). Kept canonical: monomials sorted by their symbols, one per set of symbols,
/// none with a zero coefficient or no symbol.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymSize {
    pub constant: u64,
    pub terms: Vec<Monomial>,
}

impl SymSize {
    pub fn fixed(bytes: u64) -> SymSize {
        SymSize {
            constant: bytes,
            terms: vec![],
        }
    }

    /// `coefficient × Π symbols`.
    pub fn new(coefficient: u64, mut symbols: Vec<u32>) -> SymSize {
        symbols.sort_unstable();
        if symbols.is_empty() || coefficient == 0 {
            return SymSize::fixed(coefficient);
        }
        SymSize {
            constant: 0,
            terms: vec![Monomial {
                coefficient,
                symbols,
            }],
        }
    }

    /// The canonical polynomial of `constant` plus `terms` (`None` on overflow).
    pub fn from_terms(constant: u64, terms: &[(u64, Vec<u32>)]) -> Option<SymSize> {
        let mut merged: BTreeMap<Vec<u32>, u64> = BTreeMap::new();
        let mut constant = constant;
        for (coefficient, symbols) in terms {
            let mut symbols = symbols.clone();
            symbols.sort_unstable();
            if symbols.is_empty() {
                constant = constant.checked_add(*coefficient)?;
                continue;
            }
            let at = merged.entry(symbols).or_insert(0);
            *at = at.checked_add(*coefficient)?;
        }
        Some(SymSize {
            constant,
            terms: merged
                .into_iter()
                .filter(|(_, c)| *c != 0)
                .map(|(symbols, coefficient)| Monomial {
                    coefficient,
                    symbols,
                })
                .collect(),
        })
    }

    /// The product of two sizes (`None` on overflow).
    pub fn times(&self, other: &SymSize) -> Option<SymSize> {
        let all = |p: &SymSize| {
            let mut out = vec![(p.constant, vec![])];
            out.extend(p.terms.iter().map(|m| (m.coefficient, m.symbols.clone())));
            out
        };
        let mut terms = Vec::new();
        for (c1, s1) in all(self) {
            for (c2, s2) in all(other) {
                let mut symbols = s1.clone();
                symbols.extend(s2.iter().copied());
                terms.push((c1.checked_mul(c2)?, symbols));
            }
        }
        SymSize::from_terms(0, &terms)
    }

    /// The size when it does not depend on any symbol.
    pub fn as_static(&self) -> Option<u64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// The symbols it uses.
    pub fn symbols(&self) -> impl Iterator<Item = u32> + '_ {
        self.terms.iter().flat_map(|m| m.symbols.iter().copied())
    }

    /// The size at the symbols' values (`None` on overflow).
    pub fn eval(&self, values: &[u64]) -> Option<u64> {
        self.terms
            .iter()
            .try_fold(self.constant, |acc, m| acc.checked_add(m.eval(values)?))
    }

    /// The values at the [`PROBES`] points of the size as [`Exprs::size`] builds it in a pool
    /// where its symbol `s` is numbered `symbol(s)` ([`Exprs::probes`]: `u64::MAX` past 64
    /// bits), without building it.
    pub fn probes(&self, symbol: &dyn Fn(u32) -> u32) -> [u64; PROBES] {
        let mut at = [0u64; PROBES];
        for (k, value) in at.iter_mut().enumerate() {
            // A sum's probe saturates as `Exprs::add`'s does; a monomial's
            // factors are all 0, all 1 or all positive at a point, so the
            // order of the products does not change an overflow.
            *value = self.terms.iter().fold(self.constant, |acc, m| {
                let term = m
                    .symbols
                    .iter()
                    .try_fold(m.coefficient, |p, &s| {
                        p.checked_mul(probe_value(k, symbol(s)))
                    })
                    .unwrap_or(u64::MAX);
                acc.saturating_add(term)
            });
        }
        at
    }
}

/// An expression's id in its [`Exprs`] pool. Ids grow: every child has a smaller id than its
/// parent, so evaluating or emitting the pool in id order sees children first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);

/// One node of an expression over `index` values (all non-negative).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Const(u64),
    /// `coefficient × Π symbols`, at least one symbol and a non-zero coefficient.
    Term(Monomial),
    Add(ExprId, ExprId),
    /// At least two items, none provably below another.
    Max(Vec<ExprId>),
    /// The least multiple of the alignment (a power of two above 1) not below the value.
    AlignUp(ExprId, u64),
}

/// A hash-consed pool of expressions.
#[derive(Clone, Debug, Default)]
pub struct Exprs {
    nodes: Vec<Node>,
    ids: HashMap<Node, ExprId>,
    /// Proved `y >= x` pairs (`None`), and refuted ones with the depth left
    /// when they were refuted (a cache of [`Exprs::at_least`]; a refutation
    /// counts only for a search no deeper).
    known: RefCell<HashMap<(ExprId, ExprId), Option<u32>>>,
    /// Per value `v` asked of [`Exprs::eval_uniform`], the values of the nodes (in id order, a
    /// prefix of the pool) with every symbol at `v`: nodes never change once interned, so each
    /// is evaluated once per `v` however often its expressions are asked.
    uniform: RefCell<Vec<(u64, Vec<Option<u64>>)>>,
    /// Per node, its values at the [`PROBES`] points (`u64::MAX` on overflow), computed when
    /// it is interned from its children's, so queries cost O(1) however shared the DAG is.
    /// The first point puts every symbol at 0: the node's least value.
    probes: Vec<[u64; PROBES]>,
    /// Per node, [`Exprs::known_alignment`], computed when it is interned from its children's.
    alignments: Vec<u64>,
    /// The answers of [`Exprs::contains_part`] by its pair (nodes never change once interned,
    /// so neither do they), and the set its search marks visited parts in.
    parts: RefCell<PartsMemo>,
    /// Tests only: prove without the shortcuts (no refutation at the probe points, the
    /// repeated pair matched again), the reference the shortcuts are checked against.
    #[cfg(test)]
    plain: bool,
}

/// [`Exprs::contains_part`]'s answers by pair and its search's visited set.
type PartsMemo = (HashMap<(ExprId, ExprId), bool>, FxHashSet<ExprId>);

/// Points at which every node is evaluated when interned: every symbol 0, every symbol 1,
/// then two points giving each symbol its own pseudo-random value in 1..=4096 (so that two
/// symbols are in both orders at one of them, mostly). A claim `y >= x` false at one of them
/// is refuted at once, before any proof is tried (the proof is sound, so it could only fail).
pub const PROBES: usize = 4;

/// The value of symbol `s` at probe point `k` (see [`PROBES`]).
fn probe_value(k: usize, s: u32) -> u64 {
    match k {
        0 => 0,
        1 => 1,
        _ => {
            let mut h = (u64::from(s) << 8 | k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^= h >> 29;
            1 + (h.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 52)
        }
    }
}

impl PartialEq for Exprs {
    fn eq(&self, other: &Exprs) -> bool {
        self.nodes == other.nodes
    }
}

impl Eq for Exprs {}

/// An expression as a sum: a constant, monomials (symbols -> coefficient,
/// one entry per set of symbols, read from the pool's nodes) and other parts
/// (maxima and alignments) added to them.
#[derive(Clone, Debug, Default)]
struct Sum<'a> {
    constant: u64,
    terms: Vec<(&'a [u32], u64)>,
    others: Vec<ExprId>,
}

impl<'a> Sum<'a> {
    /// Adds `coefficient × Π symbols`; `false` when the coefficient overflows.
    fn add_term(&mut self, symbols: &'a [u32], coefficient: u64) -> bool {
        match self.terms.iter_mut().find(|(s, _)| *s == symbols) {
            Some((_, c)) => match c.checked_add(coefficient) {
                Some(v) => {
                    *c = v;
                    true
                }
                None => false,
            },
            None => {
                self.terms.push((symbols, coefficient));
                true
            }
        }
    }

    /// The coefficient of the monomial over `symbols` (0 without one).
    fn coefficient(&self, symbols: &[u32]) -> u64 {
        self.terms
            .iter()
            .find(|(s, _)| *s == symbols)
            .map_or(0, |&(_, c)| c)
    }
}

/// How deep [`Exprs::at_least`] recurses before giving up (answering "not
/// proved").
const PROOF_DEPTH: u32 = 24;

/// Most nodes [`Exprs::sum_of`] expands before giving up (answering "not proved").
const MAX_SUM_PARTS: usize = 64;

impl Exprs {
    pub fn new() -> Exprs {
        Exprs::default()
    }

    pub fn node(&self, id: ExprId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn intern(&mut self, node: Node) -> ExprId {
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let id = ExprId(self.nodes.len() as u32);
        let mut at = [0u64; PROBES];
        for (k, value) in at.iter_mut().enumerate() {
            *value = self
                .node_value(&node, &|s| probe_value(k, s), &|child| {
                    Some(self.probes[child.0 as usize][k])
                })
                .unwrap_or(u64::MAX);
        }
        self.probes.push(at);
        let alignment = self.node_alignment(&node);
        self.alignments.push(alignment);
        self.nodes.push(node.clone());
        self.ids.insert(node, id);
        id
    }

    /// The value of `node` from its children's values (`child`); `None` on overflow.
    fn node_value(
        &self,
        node: &Node,
        symbol: &dyn Fn(u32) -> u64,
        child: &dyn Fn(ExprId) -> Option<u64>,
    ) -> Option<u64> {
        match node {
            Node::Const(c) => Some(*c),
            Node::Term(s) => s
                .symbols
                .iter()
                .try_fold(s.coefficient, |acc, &x| acc.checked_mul(symbol(x))),
            Node::Add(a, b) => child(*a)?.checked_add(child(*b)?),
            Node::Max(items) => items.iter().try_fold(0u64, |m, &i| Some(m.max(child(i)?))),
            Node::AlignUp(a, alignment) => round_up(child(*a)?, *alignment),
        }
    }

    pub fn constant(&mut self, value: u64) -> ExprId {
        self.intern(Node::Const(value))
    }

    /// The constant value of `id`, if it is one.
    pub fn as_const(&self, id: ExprId) -> Option<u64> {
        match self.node(id) {
            Node::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// The expression of a size: its monomials added in order, then its constant (`None` on
    /// overflow). Equal sizes give one id.
    pub fn size(&mut self, size: &SymSize) -> Option<ExprId> {
        let mut sum = self.constant(0);
        for m in &size.terms {
            let term = self.monomial(m);
            sum = self.add(sum, term)?;
        }
        let constant = self.constant(size.constant);
        self.add(sum, constant)
    }

    /// The expression of `coefficient × Π symbols`.
    pub fn monomial(&mut self, m: &Monomial) -> ExprId {
        if m.symbols.is_empty() || m.coefficient == 0 {
            self.constant(m.coefficient)
        } else {
            let mut m = m.clone();
            m.symbols.sort_unstable();
            self.intern(Node::Term(m))
        }
    }

    /// `a + b`; constants fold and gather on the right (`x + 3 + 5` is `x + 8`).
    /// `None` when constants overflow.
    pub fn add(&mut self, a: ExprId, b: ExprId) -> Option<ExprId> {
        let (a, b) = match (self.node(a), self.node(b)) {
            (Node::Const(x), Node::Const(y)) => return Some(self.constant(x.checked_add(*y)?)),
            (Node::Const(0), _) => return Some(b),
            (_, Node::Const(0)) => return Some(a),
            (Node::Const(_), _) => (b, a),
            _ => (a, b),
        };
        if let (&Node::Add(x, c1), &Node::Const(c2)) = (self.node(a), self.node(b))
            && let Some(c1) = self.as_const(c1)
        {
            let c = self.constant(c1.checked_add(c2)?);
            return Some(self.intern(Node::Add(x, c)));
        }
        Some(self.intern(Node::Add(a, b)))
    }

    /// `max(items)`: nested maxima flatten, constants fold into one, items another item
    /// provably reaches are dropped; `max()` is 0.
    pub fn max(&mut self, items: &[ExprId]) -> ExprId {
        let mut flat = Vec::new();
        let mut constant = 0u64;
        let mut stack: Vec<ExprId> = items.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            match self.node(id) {
                Node::Const(c) => constant = constant.max(*c),
                Node::Max(inner) => stack.extend(inner.iter().rev().copied()),
                _ => {
                    if !flat.contains(&id) {
                        flat.push(id)
                    }
                }
            }
        }
        let mut kept: Vec<ExprId> = Vec::new();
        for (i, &x) in flat.iter().enumerate() {
            let covered = flat
                .iter()
                .enumerate()
                .any(|(j, &y)| j != i && self.at_least(y, x) && !(j > i && self.at_least(x, y)));
            if !covered {
                kept.push(x);
            }
        }
        // Proofs do not chain: an item dropped for one that was dropped in
        // turn comes back unless a kept item reaches it directly.
        for &x in &flat {
            if !kept.iter().any(|&k| self.at_least(k, x)) {
                kept.push(x);
            }
        }
        if constant > 0 && !kept.iter().any(|&k| self.min_value(k) >= constant) {
            kept.push(self.constant(constant));
        }
        match kept.len() {
            0 => self.constant(0),
            1 => kept[0],
            _ => self.intern(Node::Max(kept)),
        }
    }

    /// The least multiple of `alignment` (a power of two) not below `a`; `None` on overflow.
    pub fn align_up(&mut self, a: ExprId, alignment: u64) -> Option<ExprId> {
        if alignment <= 1 || self.known_alignment(a) >= alignment {
            return Some(a);
        }
        if let Some(c) = self.as_const(a) {
            return Some(self.constant(round_up(c, alignment)?));
        }
        Some(self.intern(Node::AlignUp(a, alignment)))
    }

    /// A power of two that divides the value of `id` for every value of the symbols.
    pub fn known_alignment(&self, id: ExprId) -> u64 {
        self.alignments[id.0 as usize]
    }

    /// [`Exprs::known_alignment`] of `node` from its children's.
    fn node_alignment(&self, node: &Node) -> u64 {
        const ANY: u64 = 1 << 63;
        let of = |c: u64| {
            if c == 0 {
                ANY
            } else {
                1u64 << c.trailing_zeros()
            }
        };
        match node {
            Node::Const(c) => of(*c),
            Node::Term(s) => of(s.coefficient),
            Node::Add(a, b) => self.known_alignment(*a).min(self.known_alignment(*b)),
            Node::Max(items) => items
                .iter()
                .map(|&i| self.known_alignment(i))
                .min()
                .unwrap_or(ANY),
            Node::AlignUp(a, alignment) => (*alignment).max(self.known_alignment(*a)),
        }
    }

    /// The values of `id` at the [`PROBES`] points (`u64::MAX` past 64 bits): a claim
    /// `y >= x` whose sides are below one another at one of them is false.
    pub fn probes(&self, id: ExprId) -> [u64; PROBES] {
        self.probes[id.0 as usize]
    }

    /// The value of `id` when every symbol is 0: its least value (every node is monotone).
    pub fn min_value(&self, id: ExprId) -> u64 {
        self.probes[id.0 as usize][0]
    }

    /// Whether `y >= x` for every value of the symbols (each a non-negative
    /// integer), proved from the structure. Both sides are read as sums of a
    /// constant, monomials `c × Π symbols` and other parts (maxima,
    /// alignments); `y >= x` when every part of `x` is matched by its own
    /// part of `y` that is at least as large: a monomial by the same
    /// monomial with a coefficient at least as large (`4n <= 8n`, never
    /// `n <= n·m`: `m` may be 0), a maximum or an alignment of `x` by a part
    /// of `y` proved at least as large, and the constant by `y`'s constant
    /// plus the least values of its parts left over. A maximum in `y` is at
    /// least any of its items, `align(a, A)` at least `a` and at least
    /// `align(b, B)` when `a >= b` and `A >= B`; in `x`, `align(b, B)` is at
    /// most `b + B - 1` and a maximum is covered when each item is. (Sound,
    /// not complete: `false` means "not proved".)
    pub fn at_least(&self, y: ExprId, x: ExprId) -> bool {
        !self.refuted(y, x) && (self.contains_part(y, x) || self.at_least_within(y, x, PROOF_DEPTH))
    }

    /// Whether the sum of `y_const` and the parts `y` is below the sum of `x_const` and the
    /// parts `x` at one of the [`PROBES`] points: then [`Exprs::at_least`] of the two sums,
    /// built with [`Exprs::add`] in any order, is false (their probes are these sums, `u64::MAX`
    /// past it), so a caller need not build them.
    pub fn sums_refuted(&self, y_const: u64, y: &[ExprId], x_const: u64, x: &[ExprId]) -> bool {
        #[cfg(test)]
        if self.plain {
            return false;
        }
        let sum = |constant: u64, parts: &[ExprId], k: usize| {
            parts.iter().fold(constant, |acc, part| {
                acc.saturating_add(self.probes[part.0 as usize][k])
            })
        };
        (0..PROBES).any(|k| sum(y_const, y, k) < sum(x_const, x, k))
    }

    /// Whether `y < x` at one of the [`PROBES`] points: then `y >= x` is false (a value of
    /// `u64::MAX` may stand for an overflow, so it refutes nothing on `y`'s side and is a
    /// true lower bound on `x`'s).
    fn refuted(&self, y: ExprId, x: ExprId) -> bool {
        #[cfg(test)]
        if self.plain {
            return false;
        }
        let (py, px) = (&self.probes[y.0 as usize], &self.probes[x.0 as usize]);
        (0..PROBES).any(|k| py[k] < px[k])
    }

    /// Whether `x` is `y` or one of its parts (a summand, an item of a maximum, the operand of
    /// an alignment, recursively): then `y >= x` (every node is monotone). A search visiting
    /// each shared part once and skipping parts older than `x` (a part's parts are older than
    /// it, so they cannot be `x`): linear in `y`'s DAG however deep its sharing, where
    /// [`Exprs::at_least_within`] expands sums, so the cheap proof is tried first.
    fn contains_part(&self, y: ExprId, x: ExprId) -> bool {
        // Every part of `y` is at most as new as `y`.
        if y <= x {
            return y == x;
        }
        let mut parts = self.parts.borrow_mut();
        let (known, seen) = &mut *parts;
        if let Some(&found) = known.get(&(y, x)) {
            return found;
        }
        seen.clear();
        let mut stack = vec![y];
        let mut found = false;
        while let Some(id) = stack.pop() {
            if id == x {
                found = true;
                break;
            }
            if id < x || !seen.insert(id) {
                continue;
            }
            match self.node(id) {
                Node::Add(a, b) => stack.extend([*a, *b]),
                Node::Max(items) => stack.extend(items.iter().copied()),
                Node::AlignUp(a, _) => stack.push(*a),
                Node::Const(_) | Node::Term(_) => {}
            }
        }
        known.insert((y, x), found);
        found
    }

    fn at_least_within(&self, y: ExprId, x: ExprId, depth: u32) -> bool {
        if y == x {
            return true;
        }
        if let Some(c) = self.as_const(x) {
            return self.min_value(y) >= c;
        }
        if depth == 0 || self.refuted(y, x) {
            return false;
        }
        match self.known.borrow().get(&(y, x)) {
            Some(None) => return true,
            Some(Some(refuted_at)) if *refuted_at >= depth => return false,
            _ => {}
        }
        let proved = self.prove_at_least(y, x, depth - 1);
        self.known
            .borrow_mut()
            .insert((y, x), (!proved).then_some(depth));
        proved
    }

    fn prove_at_least(&self, y: ExprId, x: ExprId, depth: u32) -> bool {
        if let Node::Max(items) = self.node(x) {
            return items.iter().all(|&i| self.at_least_within(y, i, depth));
        }
        match self.node(y) {
            Node::Max(items) if items.iter().any(|&i| self.at_least_within(i, x, depth)) => {
                return true;
            }
            Node::AlignUp(a, big) => {
                if self.at_least_within(*a, x, depth) {
                    return true;
                }
                if let Node::AlignUp(b, small) = self.node(x)
                    && small <= big
                    && self.at_least_within(*a, *b, depth)
                {
                    return true;
                }
            }
            _ => {}
        }
        if let Node::AlignUp(b, alignment) = self.node(x)
            && self.known_alignment(y) >= *alignment
            && self.at_least_within(y, *b, depth)
        {
            return true;
        }
        let (Some(ys), Some(xs)) = (self.sum_of(y), self.sum_of(x)) else {
            return false;
        };
        self.covers(ys, xs, depth, (y, x))
    }

    /// `id` as a [`Sum`] (`None` when constants overflow, or when it has more than
    /// [`MAX_SUM_PARTS`] parts: a sum is expanded as a tree, and the offsets of a long chain of
    /// buffers are sums as deep as the chain, so the proofs that need this expansion stay
    /// bounded; those offsets are proved by [`Exprs::contains_part`] instead).
    fn sum_of(&self, id: ExprId) -> Option<Sum<'_>> {
        let mut sum = Sum::default();
        let mut stack = vec![id];
        let mut visited = 0usize;
        while let Some(id) = stack.pop() {
            visited += 1;
            if visited > MAX_SUM_PARTS {
                return None;
            }
            match self.node(id) {
                Node::Const(c) => sum.constant = sum.constant.checked_add(*c)?,
                Node::Term(t) => {
                    if !sum.add_term(&t.symbols, t.coefficient) {
                        return None;
                    }
                }
                Node::Add(a, b) => stack.extend([*b, *a]),
                Node::Max(_) | Node::AlignUp(..) => sum.others.push(id),
            }
        }
        Some(sum)
    }

    /// Whether the sum `y` is at least the sum `x` for every value of the
    /// symbols (see [`Exprs::at_least`]). `query` is the pair `(y, x)` whose
    /// proof expands to these sums: when both sides are a maximum or an
    /// alignment, each sum is that one part, and matching the part of `x`
    /// against the part of `y` would ask the same question again with less
    /// depth (the same rules, none stronger), so that match is skipped. A
    /// refuted proof of two maxima or alignments then costs one pass of the
    /// rules, not one per level of depth with every branch repeated.
    fn covers<'a>(
        &'a self,
        mut y: Sum<'a>,
        mut x: Sum<'a>,
        depth: u32,
        query: (ExprId, ExprId),
    ) -> bool {
        // Parts of `x` that are neither constants nor monomials: matched by
        // a part of `y`, or bounded above by a sum.
        while let Some(part) = x.others.pop() {
            if let Some(k) = y.others.iter().position(|&p| {
                !self.repeats(p, part, query) && self.at_least_within(p, part, depth)
            }) {
                y.others.swap_remove(k);
                continue;
            }
            match self.node(part) {
                Node::AlignUp(b, alignment) => {
                    let Some(inner) = self.sum_of(*b) else {
                        return false;
                    };
                    let Some(c) = x.constant.checked_add(alignment - 1) else {
                        return false;
                    };
                    x.constant = c;
                    if !add_sum(&mut x, inner) {
                        return false;
                    }
                }
                Node::Max(items) => {
                    if depth == 0 {
                        return false;
                    }
                    return items.iter().all(|&i| {
                        let Some(inner) = self.sum_of(i) else {
                            return false;
                        };
                        let mut with = x.clone();
                        add_sum(&mut with, inner) && self.covers(y.clone(), with, depth - 1, query)
                    });
                }
                _ => return false,
            }
        }
        // Parts of `y` left: an alignment is at least its operand; a
        // maximum at least its least value.
        while let Some(part) = y.others.pop() {
            match self.node(part) {
                Node::AlignUp(a, _) => match self.sum_of(*a) {
                    Some(inner) => {
                        if !add_sum(&mut y, inner) {
                            return false;
                        }
                    }
                    None => return false,
                },
                _ => {
                    y.constant = y.constant.saturating_add(self.min_value(part));
                }
            }
        }
        for &(symbols, c) in &x.terms {
            if y.coefficient(symbols) < c {
                return false;
            }
        }
        y.constant >= x.constant
    }

    /// Whether matching `p` against `part` asks the question `query` again (see
    /// [`Exprs::covers`]).
    fn repeats(&self, p: ExprId, part: ExprId, query: (ExprId, ExprId)) -> bool {
        #[cfg(test)]
        if self.plain {
            return false;
        }
        (p, part) == query
    }

    /// Expressions whose maximum is `id` for every value of the symbols: a maximum's items,
    /// a sum or an alignment of a maximum spread over its items (`max(a, b) + c` is
    /// `max(a + c, b + c)`, `align(max(a, b), A)` is `max(align(a, A), align(b, A))`), at most
    /// `limit` of them (`[id]` beyond, or on overflow). Where `y_1, ..., y_k` are values, `id`
    /// is at most the largest of them when each branch is at most one of them.
    pub fn branches(&mut self, id: ExprId, limit: usize) -> Vec<ExprId> {
        self.branches_within(id, limit).unwrap_or_else(|| vec![id])
    }

    fn branches_within(&mut self, id: ExprId, limit: usize) -> Option<Vec<ExprId>> {
        let out = match self.node(id).clone() {
            Node::Const(_) | Node::Term(_) => vec![id],
            Node::Max(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.extend(self.branches_within(item, limit)?);
                }
                out
            }
            Node::Add(a, b) => {
                let (xs, ys) = (
                    self.branches_within(a, limit)?,
                    self.branches_within(b, limit)?,
                );
                if xs.len() == 1 && ys.len() == 1 {
                    return Some(vec![id]);
                }
                let mut out = Vec::new();
                for &x in &xs {
                    for &y in &ys {
                        out.push(self.add(x, y)?);
                        if out.len() > limit {
                            return None;
                        }
                    }
                }
                out
            }
            Node::AlignUp(a, alignment) => {
                let xs = self.branches_within(a, limit)?;
                if xs.len() == 1 {
                    return Some(vec![id]);
                }
                xs.into_iter()
                    .map(|x| self.align_up(x, alignment))
                    .collect::<Option<Vec<_>>>()?
            }
        };
        (out.len() <= limit).then_some(out)
    }

    /// Expression `id` of the pool `from`, built in this pool with its symbol `s` renamed
    /// `symbol(s)` (the same value: the two pools name the same run-time sizes differently).
    /// Each shared part is built once.
    pub fn import(&mut self, from: &Exprs, id: ExprId, symbol: &dyn Fn(u32) -> u32) -> ExprId {
        let mut built: HashMap<ExprId, ExprId> = HashMap::default();
        let mut stack = vec![(id, false)];
        while let Some((at, expanded)) = stack.pop() {
            if built.contains_key(&at) {
                continue;
            }
            let children: Vec<ExprId> = match from.node(at) {
                Node::Const(_) | Node::Term(_) => vec![],
                Node::Add(a, b) => vec![*a, *b],
                Node::Max(items) => items.clone(),
                Node::AlignUp(a, _) => vec![*a],
            };
            if !expanded && children.iter().any(|c| !built.contains_key(c)) {
                stack.push((at, true));
                stack.extend(children.into_iter().map(|c| (c, false)));
                continue;
            }
            let here = match from.node(at) {
                Node::Const(c) => self.constant(*c),
                Node::Term(t) => self.monomial(&Monomial {
                    coefficient: t.coefficient,
                    symbols: t.symbols.iter().map(|&s| symbol(s)).collect(),
                }),
                // The parts were interned in `from` without overflow, so
                // they are built here without it (the same values).
                Node::Add(a, b) => {
                    let (a, b) = (built[a], built[b]);
                    self.intern(Node::Add(a, b))
                }
                Node::Max(items) => {
                    let items: Vec<ExprId> = items.iter().map(|i| built[i]).collect();
                    self.max(&items)
                }
                Node::AlignUp(a, alignment) => {
                    let a = built[a];
                    match self.known_alignment(a) >= *alignment {
                        true => a,
                        false => self.intern(Node::AlignUp(a, *alignment)),
                    }
                }
            };
            built.insert(at, here);
        }
        built[&id]
    }

    /// The value of `id` with `symbol(s)` the value of symbol `s`; `None` on overflow. Each
    /// shared part is evaluated once.
    pub fn eval(&self, id: ExprId, symbol: &dyn Fn(u32) -> u64) -> Option<u64> {
        self.eval_all(id, symbol)[id.0 as usize]
    }

    /// The value of `id` with every symbol at `value` ([`Exprs::eval`] with a constant
    /// `symbol`); `None` on overflow. The values are kept per `value`, so asking again, or
    /// for a newer expression, evaluates only the nodes interned since.
    pub fn eval_uniform(&self, id: ExprId, value: u64) -> Option<u64> {
        let mut uniform = self.uniform.borrow_mut();
        let k = match uniform.iter().position(|(v, _)| *v == value) {
            Some(k) => k,
            None => {
                uniform.push((value, Vec::new()));
                uniform.len() - 1
            }
        };
        let values = &mut uniform[k].1;
        let last = id.0 as usize;
        while values.len() <= last {
            let node = &self.nodes[values.len()];
            let at = self.node_value(node, &|_| value, &|child| values[child.0 as usize]);
            values.push(at);
        }
        values[last]
    }

    /// The values of every node up to `last` (in id order: children first).
    fn eval_all(&self, last: ExprId, symbol: &dyn Fn(u32) -> u64) -> Vec<Option<u64>> {
        let mut values: Vec<Option<u64>> = Vec::with_capacity(last.0 as usize + 1);
        for node in &self.nodes[..=last.0 as usize] {
            let value = self.node_value(node, symbol, &|child| values[child.0 as usize]);
            values.push(value);
        }
        values
    }

    /// Text of `id`, symbols named by `name` (`max(128, align(%n * 4, 64))`).
    pub fn display(&self, id: ExprId, name: &dyn Fn(u32) -> String) -> String {
        let mut out = String::new();
        self.write(id, name, &mut out);
        out
    }

    fn write(&self, id: ExprId, name: &dyn Fn(u32) -> String, out: &mut String) {
        match self.node(id) {
            Node::Const(c) => {
                let _ = write!(out, "{c}");
            }
            Node::Term(s) => {
                let mut parts: Vec<String> = s.symbols.iter().map(|&x| name(x)).collect();
                if s.coefficient != 1 {
                    parts.push(s.coefficient.to_string());
                }
                out.push_str(&parts.join(" * "));
            }
            Node::Add(a, b) => {
                self.write(*a, name, out);
                out.push_str(" + ");
                self.write(*b, name, out);
            }
            Node::Max(items) => {
                out.push_str("max(");
                for (k, &i) in items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write(i, name, out);
                }
                out.push(')');
            }
            Node::AlignUp(a, alignment) => {
                out.push_str("align(");
                self.write(*a, name, out);
                let _ = write!(out, ", {alignment})");
            }
        }
    }
}

/// Adds `b` to `a`; `false` when a constant or coefficient overflows.
fn add_sum<'a>(a: &mut Sum<'a>, b: Sum<'a>) -> bool {
    let Some(c) = a.constant.checked_add(b.constant) else {
        return false;
    };
    a.constant = c;
    for (symbols, coefficient) in b.terms {
        if !a.add_term(symbols, coefficient) {
            return false;
        }
    }
    a.others.extend(b.others);
    true
}

/// A buffer with a symbolic size, an alignment (power of two) and an inclusive lifetime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymBuffer {
    pub size: SymSize,
    pub alignment: u64,
    pub first: u64,
    pub last: u64,
}

impl SymBuffer {
    pub fn overlaps_in_time(&self, other: &SymBuffer) -> bool {
        self.first <= other.last && other.first <= self.last
    }
}

/// A placement valid for every value of the symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymPlan {
    pub exprs: Exprs,
    /// Per buffer, its byte offset.
    pub offsets: Vec<ExprId>,
    /// Per buffer, its offset plus its size rounded up to its alignment.
    pub ends: Vec<ExprId>,
    /// The arena's size: the largest offset plus size (a buffer's alignment padding counts
    /// only below a buffer placed on it).
    pub total: ExprId,
    /// Per buffer, the buffers live with it that its offset is proved to be above (empty for
    /// static buffers, which the static planner placed).
    pub rests_on: Vec<Vec<usize>>,
    /// Largest alignment of the buffers (the arena's alignment).
    pub alignment: u64,
}

impl SymPlan {
    /// Offsets and total at the symbols' values (`values[s]` for symbol `s`).
    pub fn eval(&self, values: &[u64]) -> Option<(Vec<u64>, u64)> {
        let symbol = |s: u32| values[s as usize];
        let last = self
            .offsets
            .iter()
            .copied()
            .chain([self.total])
            .max()
            .unwrap_or(self.total);
        let all = self.exprs.eval_all(last, &symbol);
        let offsets = self
            .offsets
            .iter()
            .map(|&o| all[o.0 as usize])
            .collect::<Option<Vec<_>>>()?;
        Some((offsets, all[self.total.0 as usize]?))
    }
}

/// The concrete problem of `buffers` at the symbols' values (`None` on overflow or a bad
/// alignment or lifetime).
pub fn concrete(buffers: &[SymBuffer], values: &[u64]) -> Option<Problem> {
    Problem::new(
        buffers
            .iter()
            .map(|b| {
                Some(Buffer::new(b.size.eval(values)?, b.first, b.last).with_alignment(b.alignment))
            })
            .collect::<Option<Vec<_>>>()?,
    )
    .ok()
}

/// Places `buffers`: static ones with `planner`, then dynamic ones longest lifetime first, each
/// resting on the overlapping buffers already placed (see the module docs).
pub fn plan(buffers: &[SymBuffer], planner: &dyn Planner) -> Result<SymPlan, PlanError> {
    let statics: Vec<usize> = (0..buffers.len())
        .filter(|&i| buffers[i].size.as_static().is_some())
        .collect();
    let problem = Problem::new(
        statics
            .iter()
            .map(|&i| {
                let b = &buffers[i];
                Buffer::new(b.size.constant, b.first, b.last).with_alignment(b.alignment)
            })
            .collect(),
    )?;
    for (i, b) in buffers.iter().enumerate() {
        if b.alignment == 0 || !b.alignment.is_power_of_two() {
            return Err(PlanError::BadAlignment {
                buffer: i,
                alignment: b.alignment,
            });
        }
        if b.first > b.last {
            return Err(PlanError::EmptyLifetime {
                buffer: i,
                first: b.first,
                last: b.last,
            });
        }
    }
    let static_plan = planner.plan(&problem);
    let direct = place_dynamic(buffers, &statics, &problem, &static_plan)?;
    if statics.len() == buffers.len() {
        return Ok(direct);
    }
    // The static plan upside down (each buffer ends where it started, below a total rounded
    // up to the largest alignment, so offsets stay aligned) puts other static buffers under
    // the dynamic ones; keep whichever arena is smaller at large sizes (then at small ones).
    // Both are valid for every size: the choice only affects the arena.
    let top = round_up(static_plan.total, problem.max_alignment())
        .ok_or(PlanError::SizeOverflow { buffer: 0 })?;
    let mirrored = crate::plan::Plan {
        offsets: (0..problem.len())
            .map(|k| top - static_plan.offsets[k] - problem.aligned_size(k))
            .collect(),
        total: top,
    };
    // A static plan already tried places the dynamic buffers as it did (the placement
    // depends on the static plan only; the first of equal arenas is kept).
    let mut tried = vec![(static_plan.offsets.clone(), static_plan.total)];
    let mut candidates = vec![direct];
    if !tried.contains(&(mirrored.offsets.clone(), mirrored.total)) {
        candidates.push(place_dynamic(buffers, &statics, &problem, &mirrored)?);
        tried.push((mirrored.offsets, mirrored.total));
    }
    // Or: the static buffers that overlap a dynamic one planned alone from 0, the others
    // planned alone above them (at 0 if no two of the groups overlap in time).
    if let Some(split) = split_plan(buffers, &statics, &problem, planner)
        && !tried.contains(&(split.offsets.clone(), split.total))
    {
        candidates.push(place_dynamic(buffers, &statics, &problem, &split)?);
    }
    let probe = |p: &SymPlan| {
        let at = |v: u64| p.exprs.eval_uniform(p.total, v).unwrap_or(u64::MAX);
        (at(1 << 20), at(1))
    };
    let best = (0..candidates.len())
        .min_by_key(|&c| probe(&candidates[c]))
        .unwrap_or(0);
    Ok(candidates.swap_remove(best))
}

/// A static plan with the static buffers that overlap a dynamic one in time below the others,
/// each group planned by `planner`; `None` if a group is empty or the plan does not check.
fn split_plan(
    buffers: &[SymBuffer],
    statics: &[usize],
    problem: &Problem,
    planner: &dyn Planner,
) -> Option<crate::plan::Plan> {
    let touches = |i: usize| {
        buffers
            .iter()
            .any(|d| d.size.as_static().is_none() && d.overlaps_in_time(&buffers[i]))
    };
    let (low, high): (Vec<usize>, Vec<usize>) =
        (0..statics.len()).partition(|&k| touches(statics[k]));
    if low.is_empty() || high.is_empty() {
        return None;
    }
    let sub = |ks: &[usize]| {
        let plan = planner.plan(&problem.subset(ks));
        Some(plan)
    };
    let (low_plan, high_plan) = (sub(&low)?, sub(&high)?);
    let meet = low.iter().any(|&a| {
        high.iter()
            .any(|&b| problem.buffers()[a].overlaps_in_time(&problem.buffers()[b]))
    });
    let shift = if meet {
        round_up(low_plan.total, problem.max_alignment())?
    } else {
        0
    };
    let mut offsets = vec![0; problem.len()];
    for (j, &k) in low.iter().enumerate() {
        offsets[k] = low_plan.offsets[j];
    }
    for (j, &k) in high.iter().enumerate() {
        offsets[k] = high_plan.offsets[j].checked_add(shift)?;
    }
    let plan = crate::plan::Plan::from_offsets(problem, offsets);
    crate::plan::check_plan(problem, &plan).ok()?;
    Some(plan)
}

/// The placement of the dynamic buffers of `buffers` over the static ones at `static_plan`'s
/// offsets (`statics[k]` is the buffer of the problem's `k`-th buffer).
fn place_dynamic(
    buffers: &[SymBuffer],
    statics: &[usize],
    problem: &Problem,
    static_plan: &crate::plan::Plan,
) -> Result<SymPlan, PlanError> {
    let mut exprs = Exprs::new();
    let overflow = |buffer| PlanError::SizeOverflow { buffer };
    let zero = exprs.constant(0);
    let mut offsets = vec![zero; buffers.len()];
    let mut ends = vec![zero; buffers.len()];
    let rests_on = vec![Vec::new(); buffers.len()];
    for (k, &i) in statics.iter().enumerate() {
        let offset = static_plan.offsets[k];
        offsets[i] = exprs.constant(offset);
        let end = offset
            .checked_add(problem.aligned_size(k))
            .ok_or(overflow(i))?;
        ends[i] = exprs.constant(end);
    }
    let dynamic: Vec<usize> = (0..buffers.len())
        .filter(|&i| buffers[i].size.as_static().is_none())
        .collect();
    let base = (exprs, offsets, ends, rests_on);
    // Orders tried: longest lifetime first, largest first (sizes at a large
    // probe), start order; the smallest arena at the probes is kept.
    let mut orders: Vec<Vec<usize>> = Vec::new();
    let mut by_life = dynamic.clone();
    by_life.sort_by_key(|&i| {
        let b = &buffers[i];
        (std::cmp::Reverse(b.last - b.first), b.first, i)
    });
    orders.push(by_life);
    if dynamic.len() <= REUSE_LIMIT {
        let mut by_size = dynamic.clone();
        let count = symbol_count(buffers);
        by_size.sort_by_cached_key(|&i| {
            let b = &buffers[i];
            let at = |v: u64| b.size.eval(&vec![v; count]).unwrap_or(u64::MAX);
            (std::cmp::Reverse((at(1 << 10), at(1 << 4))), b.first, i)
        });
        orders.push(by_size);
        let mut by_start = dynamic.clone();
        by_start.sort_by_key(|&i| (buffers[i].first, i));
        orders.push(by_start);
    }
    // An order already tried gives the same placement (the first of equal arenas is kept).
    let mut tried: Vec<&Vec<usize>> = Vec::new();
    let mut best: Option<(Vec<u64>, SymPlan)> = None;
    for order in &orders {
        if tried.contains(&order) {
            continue;
        }
        tried.push(order);
        let (mut exprs, mut offsets, mut ends, mut rests_on) = base.clone();
        let mut placed: Vec<usize> = statics.to_vec();
        let reuse = dynamic.len() <= REUSE_LIMIT;
        for &i in order {
            let (offset, end, under) =
                place_one(buffers, i, &placed, &offsets, &ends, &mut exprs, reuse)
                    .ok_or(overflow(i))?;
            offsets[i] = offset;
            ends[i] = end;
            rests_on[i] = under;
            placed.push(i);
        }
        // The arena ends with its last byte: a buffer's alignment padding
        // matters only below another buffer placed on it.
        let mut tops: Vec<ExprId> = Vec::with_capacity(buffers.len() + 1);
        for (i, b) in buffers.iter().enumerate() {
            let size = exprs.size(&b.size).ok_or(overflow(i))?;
            tops.push(exprs.add(offsets[i], size).ok_or(overflow(i))?);
        }
        tops.push(exprs.constant(static_plan.total));
        let total = exprs.max(&tops);
        let plan = SymPlan {
            exprs,
            offsets,
            ends,
            total,
            rests_on,
            alignment: buffers.iter().map(|b| b.alignment).max().unwrap_or(1),
        };
        let score = probes(&plan, buffers);
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, plan));
        }
    }
    Ok(best.map(|(_, p)| p).expect("at least one order"))
}

/// Above this many dynamic buffers in a scope, each rests on the buffers
/// live with it (no search for shared bytes), in one order.
const REUSE_LIMIT: usize = 96;

/// The number of symbols `buffers` use (one more than the largest).
fn symbol_count(buffers: &[SymBuffer]) -> usize {
    buffers
        .iter()
        .flat_map(|b| b.size.symbols())
        .map(|s| s as usize + 1)
        .max()
        .unwrap_or(0)
}

/// The arena of `plan` with every symbol at 2^20, 2^10, 16, then 1 (what
/// placements are compared by).
fn probes(plan: &SymPlan, buffers: &[SymBuffer]) -> Vec<u64> {
    let _ = buffers;
    [1u64 << 20, 1 << 10, 16, 1]
        .iter()
        .map(|&v| plan.exprs.eval_uniform(plan.total, v).unwrap_or(u64::MAX))
        .collect()
}

/// Places dynamic buffer `i` among the `placed` ones: the lowest of the
/// candidate offsets (by its end at the probes) at which, provably for every
/// size, it shares no byte with a placed buffer live with it. Candidates: on
/// top of every placed buffer live with it (always valid), and, with
/// `reuse`, at the offset or the end of any placed buffer (inside a buffer
/// it provably fits in, or in a gap provably large enough). Returns its
/// offset, its aligned end and the buffers it is proved to lie above.
fn place_one(
    buffers: &[SymBuffer],
    i: usize,
    placed: &[usize],
    offsets: &[ExprId],
    ends: &[ExprId],
    exprs: &mut Exprs,
    reuse: bool,
) -> Option<(ExprId, ExprId, Vec<usize>)> {
    let b = &buffers[i];
    let live: Vec<usize> = placed
        .iter()
        .copied()
        .filter(|&j| buffers[j].overlaps_in_time(b) && !is_empty_static(&buffers[j]))
        .collect();
    let size = exprs.size(&b.size)?;
    let floor_items: Vec<ExprId> = live.iter().map(|&j| ends[j]).collect();
    let floor = exprs.max(&floor_items);
    let offset = exprs.align_up(floor, b.alignment)?;
    let top = exprs.add(offset, size)?;
    let end = exprs.align_up(top, b.alignment)?;
    let mut best = (offset, end, live.clone());
    if !reuse || live.is_empty() && exprs.as_const(offset) == Some(0) {
        return Some(best);
    }
    let score = |exprs: &Exprs, end: ExprId| -> Vec<u64> {
        [1u64 << 20, 1 << 10, 16, 1]
            .iter()
            .map(|&v| exprs.eval_uniform(end, v).unwrap_or(u64::MAX))
            .collect()
    };
    let mut best_score = score(exprs, end);
    let mut candidates: Vec<ExprId> = vec![exprs.constant(0)];
    for &j in placed {
        for c in [offsets[j], ends[j]] {
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
    }
    for candidate in candidates {
        if candidate == best.0 || exprs.known_alignment(candidate) < b.alignment {
            continue;
        }
        let Some(top) = exprs.add(candidate, size) else {
            continue;
        };
        let Some(end) = exprs.align_up(top, b.alignment) else {
            continue;
        };
        let s = score(exprs, end);
        if s >= best_score {
            continue;
        }
        let mut under = Vec::new();
        let apart = live.iter().all(|&k| {
            if exprs.at_least(candidate, ends[k]) {
                under.push(k);
                true
            } else {
                exprs.at_least(offsets[k], end)
            }
        });
        if apart {
            best = (candidate, end, under);
            best_score = s;
        }
    }
    Some(best)
}

/// A static buffer of no bytes: it shares no byte with anything.
fn is_empty_static(b: &SymBuffer) -> bool {
    b.size.as_static() == Some(0)
}

/// Proves `plan` valid for every value of the symbols: every offset a multiple of its
/// buffer's alignment, every end at most the total, and for every two buffers live at a
/// common tick either both static and apart, or one's offset provably at least the other's
/// end ([`Exprs::at_least`]). `Err` names the first violation.
pub fn verify(buffers: &[SymBuffer], plan: &SymPlan) -> Result<(), String> {
    let n = buffers.len();
    if plan.offsets.len() != n || plan.ends.len() != n || plan.rests_on.len() != n {
        return Err(format!(
            "plan has the wrong number of offsets for {n} buffers"
        ));
    }
    let e = &plan.exprs;
    // A copy of the pool to build `offset + size` in (equal expressions share one id).
    let mut pool = e.clone();
    for (i, b) in buffers.iter().enumerate() {
        if e.known_alignment(plan.offsets[i]) < b.alignment {
            return Err(format!(
                "buffer {i}: offset is not a multiple of {}",
                b.alignment
            ));
        }
        let top = pool
            .size(&b.size)
            .and_then(|size| pool.add(plan.offsets[i], size));
        if !top.is_some_and(|top| pool.at_least(plan.ends[i], top)) {
            return Err(format!("buffer {i}: end does not cover offset + size"));
        }
        if !top.is_some_and(|top| pool.at_least(plan.total, top)) {
            return Err(format!("buffer {i}: offset + size is not within the total"));
        }
    }
    // Buffers whose offset and end are constants: one sweep in start order, each checked
    // against its neighbours by offset among the live ones (which are apart), as
    // `check_plan` does. Empty ones (offset = end) take no bytes.
    let fixed = |i: usize| match (e.as_const(plan.offsets[i]), e.as_const(plan.ends[i])) {
        (Some(o), Some(end)) => Some((o, end)),
        _ => None,
    };
    let mut by_start: Vec<usize> = (0..n)
        .filter(|&i| fixed(i).is_some_and(|(o, end)| o != end))
        .collect();
    by_start.sort_by_key(|&i| (buffers[i].first, i));
    let mut live: std::collections::BTreeMap<(u64, usize), u64> = std::collections::BTreeMap::new();
    let mut ending: std::collections::BinaryHeap<std::cmp::Reverse<(u64, u64, usize)>> =
        std::collections::BinaryHeap::new();
    let clash = |a: usize, b: usize| {
        format!(
            "buffers {} and {} are live at the same time and may share bytes",
            a.min(b),
            a.max(b)
        )
    };
    for &i in &by_start {
        while let Some(&std::cmp::Reverse((last, offset, j))) = ending.peek() {
            if last >= buffers[i].first {
                break;
            }
            ending.pop();
            live.remove(&(offset, j));
        }
        let (offset, end) = fixed(i).unwrap_or_default();
        if let Some((&(_, below), &below_end)) = live.range(..(offset, i)).next_back()
            && below_end > offset
        {
            return Err(clash(below, i));
        }
        if let Some((&(above_offset, above), _)) = live.range((offset, i)..).next()
            && above_offset < end
        {
            return Err(clash(above, i));
        }
        live.insert((offset, i), end);
        ending.push(std::cmp::Reverse((buffers[i].last, offset, i)));
    }
    // A buffer placed by expressions against every buffer live with it: one provably above the
    // other (its offset at least the other's end).
    // The cheap structural proof both ways before the sum-expanding one.
    let apart = |i: usize, j: usize| {
        let (oi, ei, oj, ej) = (plan.offsets[i], plan.ends[i], plan.offsets[j], plan.ends[j]);
        e.contains_part(oj, ei)
            || e.contains_part(oi, ej)
            || e.at_least_within(oj, ei, PROOF_DEPTH)
            || e.at_least_within(oi, ej, PROOF_DEPTH)
    };
    for i in (0..n).filter(|&i| fixed(i).is_none() && !is_empty_static(&buffers[i])) {
        for j in 0..n {
            if j == i
                || (fixed(j).is_none() && j < i)
                || !buffers[i].overlaps_in_time(&buffers[j])
                || is_empty_static(&buffers[j])
            {
                continue;
            }
            if !apart(i, j) {
                return Err(clash(i, j));
            }
        }
    }
    Ok(())
}

/// The largest sum of aligned sizes live at one tick, as an expression (the run-time lower
/// bound of any placement).
pub fn lower_bound(buffers: &[SymBuffer], exprs: &mut Exprs) -> Option<ExprId> {
    most_live(buffers, exprs, true)
}

/// The bytes live at the peak without padding (the buffers' own sizes), as
/// an expression of `exprs` (`None` on overflow).
pub fn peak_live_bytes(buffers: &[SymBuffer], exprs: &mut Exprs) -> Option<ExprId> {
    most_live(buffers, exprs, false)
}

/// The maximum over ticks of the sizes (aligned when `padded`) of the
/// buffers live at that tick.
fn most_live(buffers: &[SymBuffer], exprs: &mut Exprs, padded: bool) -> Option<ExprId> {
    // The buffers live at each start tick, by one sweep in start order (a buffer leaves the
    // live set once a later start is past its last tick). A set of static buffers only is a
    // constant sum, kept as a running total (the maximum folds every constant into one, so
    // only the largest counts); a set with a symbolic size is built once per distinct set.
    let static_bytes = |j: usize| -> Option<u64> {
        let size = buffers[j].size.as_static()?;
        if padded {
            round_up(size, buffers[j].alignment)
        } else {
            Some(size)
        }
    };
    let mut by_start: Vec<usize> = (0..buffers.len()).collect();
    by_start.sort_by_key(|&i| (buffers[i].first, i));
    let mut live: std::collections::BTreeSet<usize> = std::collections::BTreeSet::new();
    let mut ending: std::collections::BinaryHeap<std::cmp::Reverse<(u64, usize)>> =
        std::collections::BinaryHeap::new();
    let (mut static_live, mut symbolic_live) = (0u128, 0usize);
    let mut most_static: Option<u64> = None;
    // Per distinct set, the first buffer (in input order) starting where it is live: the
    // sets are summed in that order.
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::default();
    let mut sets: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut k = 0;
    while k < by_start.len() {
        let t = buffers[by_start[k]].first;
        while let Some(&std::cmp::Reverse((last, j))) = ending.peek() {
            if last >= t {
                break;
            }
            ending.pop();
            live.remove(&j);
            match static_bytes(j) {
                Some(bytes) => static_live -= bytes as u128,
                None => symbolic_live -= 1,
            }
        }
        let first = by_start[k];
        while k < by_start.len() && buffers[by_start[k]].first == t {
            let i = by_start[k];
            live.insert(i);
            ending.push(std::cmp::Reverse((buffers[i].last, i)));
            match buffers[i].size.as_static() {
                Some(_) => static_live += static_bytes(i)? as u128,
                None => symbolic_live += 1,
            }
            k += 1;
        }
        if symbolic_live == 0 {
            let sum = u64::try_from(static_live).ok()?;
            most_static = Some(most_static.map_or(sum, |m| m.max(sum)));
            continue;
        }
        let set: Vec<usize> = live.iter().copied().collect();
        match seen.get(&set) {
            Some(&at) => sets[at].0 = sets[at].0.min(first),
            None => {
                seen.insert(set.clone(), sets.len());
                sets.push((first, set));
            }
        }
    }
    sets.sort_by_key(|(first, _)| *first);
    let mut sums = Vec::new();
    for (_, live) in sets {
        let mut sum = exprs.constant(0);
        for j in live {
            let size = exprs.size(&buffers[j].size)?;
            let bytes = if padded {
                exprs.align_up(size, buffers[j].alignment)?
            } else {
                size
            };
            sum = exprs.add(sum, bytes)?;
        }
        sums.push(sum);
    }
    if let Some(most) = most_static {
        sums.push(exprs.constant(most));
    }
    Some(exprs.max(&sums))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{PlannerKind, SearchBudget, check_plan};
    use proptest::prelude::*;

    fn planner() -> crate::plan::BuiltinPlanner {
        PlannerKind::Default.planner(SearchBudget::NONE)
    }

    fn sym(coefficient: u64, symbols: &[u32]) -> SymSize {
        SymSize::new(coefficient, symbols.to_vec())
    }

    fn buf(size: SymSize, first: u64, last: u64) -> SymBuffer {
        SymBuffer {
            size,
            alignment: 64,
            first,
            last,
        }
    }

    fn names(s: u32) -> String {
        format!("%s{s}")
    }

    /// `check_plan` with every buffer's padded end in the total (no two live buffers share
    /// a byte of their padded sizes, offsets aligned), and every buffer's own bytes within
    /// the arena's `total`.
    fn check_tight(
        problem: &crate::plan::Problem,
        offsets: &[u64],
        total: u64,
    ) -> Result<(), String> {
        let padded = (0..offsets.len())
            .map(|i| offsets[i] + problem.aligned_size(i))
            .fold(total, u64::max);
        let plan = crate::plan::Plan {
            offsets: offsets.to_vec(),
            total: padded,
        };
        check_plan(problem, &plan).map_err(|e| e.to_string())?;
        for (i, &offset) in offsets.iter().enumerate() {
            if offset + problem.buffers()[i].size > total {
                return Err(format!("buffer {i} ends above the arena's {total} bytes"));
            }
        }
        Ok(())
    }

    /// Two dynamic buffers with disjoint lifetimes share bytes: the arena is max(a, b).
    #[test]
    fn disjoint_dynamic_buffers_share_bytes() {
        let buffers = [buf(sym(4, &[0]), 1, 2), buf(sym(8, &[1]), 3, 4)];
        let p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        assert_eq!(p.exprs.as_const(p.offsets[0]), Some(0));
        assert_eq!(p.exprs.as_const(p.offsets[1]), Some(0));
        assert_eq!(p.exprs.display(p.total, &names), "max(%s0 * 4, %s1 * 8)");
        assert_eq!(p.eval(&[100, 10]), Some((vec![0, 0], 400)));
    }

    /// Overlapping ones stack: each starts at the aligned end of the one below; the larger
    /// goes lower, so the arena ends with the smaller one's own bytes.
    #[test]
    fn overlapping_dynamic_buffers_stack() {
        let buffers = [
            buf(sym(40, &[]), 0, 4),
            buf(sym(4, &[0]), 1, 2),
            buf(sym(8, &[0, 1]), 2, 3),
        ];
        let p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        let show = |id| p.exprs.display(id, &names);
        assert_eq!(show(p.offsets[0]), "0");
        assert_eq!(show(p.offsets[2]), "64");
        assert_eq!(show(p.offsets[1]), "align(%s0 * %s1 * 8 + 64, 64)");
        assert_eq!(show(p.total), "align(%s0 * %s1 * 8 + 64, 64) + %s0 * 4");
        assert_eq!(p.rests_on[1], vec![0, 2]);
        // n = 10, m = 3: 40 -> 64, 64 + 240 -> 320, 320 + 40 = 360 (the last buffer's
        // padding is not part of the arena).
        assert_eq!(p.eval(&[10, 3]), Some((vec![0, 320, 64], 360)));
    }

    /// Longest lifetime first: the long-lived %s1 goes to the bottom and the two short ones,
    /// disjoint, share the bytes above it (in start order %s2 would rest on %s1, which rests
    /// on %s0: a + b + c instead of b + max(a, c)).
    #[test]
    fn longest_lifetimes_go_first() {
        let buffers = [
            buf(sym(64, &[0]), 0, 1),
            buf(sym(64, &[1]), 1, 5),
            buf(sym(64, &[2]), 3, 5),
        ];
        let p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        assert_eq!(
            p.exprs.display(p.total, &names),
            "max(%s1 * 64 + %s0 * 64, %s1 * 64 + %s2 * 64)"
        );
    }

    /// Simplification: constants fold, an alignment already known disappears, a maximum drops
    /// what another item reaches.
    #[test]
    fn expressions_simplify() {
        let mut e = Exprs::new();
        let n = e.size(&sym(64, &[0])).unwrap();
        assert_eq!(e.align_up(n, 64), Some(n));
        let c = e.constant(100);
        let x = e.add(n, c).unwrap();
        let c2 = e.constant(28);
        let y = e.add(x, c2).unwrap();
        assert_eq!(e.display(y, &names), "%s0 * 64 + 128");
        assert_eq!(e.align_up(y, 64), Some(y));
        assert_eq!(e.max(&[n, y, c]), y);
        let m = e.size(&sym(1, &[1])).unwrap();
        let z = e.constant(0);
        assert_eq!(e.max(&[z]), z);
        let both = e.max(&[n, m]);
        assert_eq!(e.display(both, &names), "max(%s0 * 64, %s1)");
        assert_eq!(e.max(&[both, n]), both);
    }

    #[test]
    fn verify_rejects_overlapping_placements() {
        let buffers = [buf(sym(4, &[0]), 1, 2), buf(sym(4, &[1]), 2, 3)];
        let mut p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        p.offsets[1] = p.offsets[0];
        p.rests_on[1].clear();
        assert!(
            verify(&buffers, &p)
                .unwrap_err()
                .contains("may share bytes")
        );
    }

    /// Three buffers of the same run-time size, each live with the next only (attention's
    /// n×n scores, weights and products): the third reuses the first's bytes, 2 slots, not 3.
    #[test]
    fn equal_sizes_reuse_bytes_across_a_chain() {
        let buffers = [
            buf(sym(4, &[0, 0]), 0, 1),
            buf(sym(4, &[0, 0]), 1, 2),
            buf(sym(4, &[0, 0]), 2, 3),
        ];
        let p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        assert_eq!(p.exprs.as_const(p.offsets[2]), Some(0));
        assert_eq!(
            p.exprs.display(p.total, &names),
            "align(%s0 * %s0 * 4, 64) + %s0 * %s0 * 4"
        );
        assert_eq!(p.eval(&[10]), Some((vec![0, 448, 0], 848)));
    }

    /// A smaller buffer drops into the bytes of a larger one that is dead by then, even when a
    /// buffer above it is still live: `4n <= 8n` is proved, `n <= n·m` is not (m may be 0).
    #[test]
    fn smaller_buffers_fit_in_provably_larger_ones() {
        let buffers = [
            buf(sym(8, &[0]), 0, 1),
            buf(sym(64, &[1]), 0, 3),
            buf(sym(4, &[0]), 2, 3),
        ];
        let p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        let start = |i: usize| p.exprs.display(p.offsets[i], &names);
        assert_eq!(start(2), start(0));
        let mut e = Exprs::new();
        let n = e.size(&sym(1, &[0])).unwrap();
        let nm = e.size(&sym(1, &[0, 1])).unwrap();
        let four_n = e.size(&sym(4, &[0])).unwrap();
        let eight_n = e.size(&sym(8, &[0])).unwrap();
        assert!(e.at_least(eight_n, four_n));
        assert!(!e.at_least(four_n, eight_n));
        assert!(!e.at_least(nm, n));
        let aligned = e.align_up(four_n, 64).unwrap();
        let c63 = e.constant(63);
        let bound = e.add(four_n, c63).unwrap();
        assert!(e.at_least(bound, aligned));
        assert!(e.at_least(aligned, four_n));
    }

    /// A buffer of `4n + 8` bytes (a dimension `n + 2` of `f32`s) dead before one of `4n`
    /// bytes: the second reuses the first's bytes (`4n + 8 >= 4n` is proved), and the arena
    /// is the larger sum.
    #[test]
    fn a_smaller_sum_reuses_the_bytes_of_a_larger_one() {
        let padded = SymSize::from_terms(8, &[(4, vec![0])]).unwrap();
        let buffers = [buf(padded, 0, 1), buf(sym(4, &[0]), 2, 3)];
        let p = plan(&buffers, &planner()).unwrap();
        verify(&buffers, &p).unwrap();
        assert_eq!(p.exprs.as_const(p.offsets[1]), Some(0));
        assert_eq!(p.exprs.display(p.total, &names), "%s0 * 4 + 8");
        assert_eq!(p.eval(&[10]), Some((vec![0, 0], 48)));
    }

    /// A random expression over three symbols: constants, terms, sums, maxima, alignments.
    fn expr_strategy() -> impl Strategy<Value = Vec<(u8, u64, u64, u32)>> {
        prop::collection::vec((0u8..5, 0u64..100, 0u64..1000, 0u32..3), 1..12)
    }

    /// Builds the expressions of `ops` in `e` (each op uses earlier ones by index).
    fn build(e: &mut Exprs, ops: &[(u8, u64, u64, u32)]) -> Vec<ExprId> {
        let mut ids: Vec<ExprId> = Vec::new();
        for &(kind, a, b, s) in ops {
            let pick = |k: u64, ids: &[ExprId]| ids[(k as usize) % ids.len()];
            let id = match (kind, ids.is_empty()) {
                (0, _) | (_, true) if a % 2 == 0 => e.constant(b),
                (0, _) | (_, true) => e
                    .size(&SymSize::new(
                        1 + a % 8,
                        vec![s, (s + b as u32) % 3][..1 + (b % 2) as usize].to_vec(),
                    ))
                    .unwrap(),
                (1, false) => {
                    let (x, y) = (pick(a, &ids), pick(b, &ids));
                    e.add(x, y).unwrap()
                }
                (2, false) => {
                    let (x, y) = (pick(a, &ids), pick(b, &ids));
                    e.max(&[x, y])
                }
                (3, false) => {
                    let x = pick(a, &ids);
                    e.align_up(x, 1 << (b % 7)).unwrap()
                }
                _ => {
                    let t = e.size(&SymSize::new(1 + a % 8, vec![s])).unwrap();
                    let x = pick(b, &ids);
                    e.add(x, t).unwrap()
                }
            };
            ids.push(id);
        }
        ids
    }

    fn size_strategy() -> impl Strategy<Value = SymSize> {
        prop_oneof![
            (0u64..200).prop_map(SymSize::fixed),
            (1u64..16, prop::collection::vec(0u32..3, 1..3)).prop_map(|(c, s)| SymSize::new(c, s)),
            poly_strategy(),
        ]
    }

    /// A size that is a sum: a constant plus up to three monomials (`4 × (%s0 + 2)`,
    /// `8 × %s0 × %s1 + 4 × %s2 + 16`).
    fn poly_strategy() -> impl Strategy<Value = SymSize> {
        (
            0u64..200,
            prop::collection::vec((1u64..16, prop::collection::vec(0u32..3, 1..3)), 1..4),
        )
            .prop_map(|(constant, terms)| SymSize::from_terms(constant, &terms).unwrap())
    }

    fn buffer_strategy() -> impl Strategy<Value = SymBuffer> {
        (size_strategy(), 0u32..7, 0u64..20, 0u64..6).prop_map(|(size, a, first, len)| SymBuffer {
            size,
            alignment: 1 << a,
            first,
            last: first + len,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// For random lifetimes and random run-time sizes, the symbolic placement evaluated at
        /// those sizes never puts two live buffers on a common byte (`check_plan`), and the
        /// structural proof accepts it.
        #[test]
        fn symbolic_placement_is_valid_at_every_size(
            buffers in prop::collection::vec(buffer_strategy(), 0..24),
            values in prop::collection::vec(prop::collection::vec(0u64..300, 3), 1..6),
        ) {
            let p = plan(&buffers, &planner()).unwrap();
            verify(&buffers, &p).unwrap();
            for v in &values {
                let problem = concrete(&buffers, v).unwrap();
                let (offsets, total) = p.eval(v).unwrap();
                prop_assert_eq!(check_tight(&problem, &offsets, total), Ok(()));
                let mut pool = p.exprs.clone();
                let bound = lower_bound(&buffers, &mut pool).unwrap();
                prop_assert_eq!(
                    pool.eval(bound, &|s| v[s as usize]),
                    Some(crate::plan::lower_bound(&problem))
                );
                // The arena leaves out its top buffer's padding only: at most one alignment
                // below the most aligned bytes live at one tick.
                prop_assert!(total >= crate::plan::peak_live_bytes(&problem));
                prop_assert!(total + problem.max_alignment() > crate::plan::lower_bound(&problem));
            }
        }

        /// An expression is the maximum of its branches at every evaluation, and an imported
        /// expression (symbols renamed) has the value of the original at the renamed values.
        #[test]
        fn branches_and_imports_keep_values(
            ops in expr_strategy(),
            values in prop::collection::vec(prop::collection::vec(0u64..50, 3), 1..8),
        ) {
            let mut e = Exprs::new();
            let ids = build(&mut e, &ops);
            let mut other = Exprs::new();
            let _ = other.size(&SymSize::new(3, vec![2])).unwrap();
            for &id in &ids {
                let branches = e.branches(id, 16);
                prop_assert!(!branches.is_empty() && branches.len() <= 16);
                let imported = other.import(&e, id, &|s| 2 - s);
                for v in &values {
                    let at = e.eval(id, &|s| v[s as usize]);
                    let most = branches
                        .iter()
                        .map(|&b| e.eval(b, &|s| v[s as usize]))
                        .collect::<Option<Vec<u64>>>()
                        .map(|all| all.into_iter().max().unwrap_or(0));
                    if at.is_some() && most.is_some() {
                        prop_assert_eq!(at, most, "{}", e.display(id, &names));
                    }
                    prop_assert_eq!(other.eval(imported, &|s| v[2 - s as usize]), at);
                }
            }
        }

        /// Every `y >= x` the structural proof claims holds at random values of the symbols
        /// (0 included), over random expressions of sums, maxima and alignments.
        #[test]
        fn claimed_at_least_holds_at_every_evaluation(
            ops in expr_strategy(),
            values in prop::collection::vec(prop::collection::vec(0u64..50, 3), 1..8),
        ) {
            let mut e = Exprs::new();
            let ids = build(&mut e, &ops);
            for &y in &ids {
                for &x in &ids {
                    if e.at_least(y, x) {
                        for v in &values {
                            let at = |id| e.eval(id, &|s| v[s as usize]);
                            prop_assert!(at(y) >= at(x), "{} >= {} claimed", e.display(y, &names), e.display(x, &names));
                        }
                    }
                }
            }
        }

        /// The shortcuts (refuting `y >= x` at the probe points, not matching a pair against
        /// itself again) change no answer: over random expressions, every pair is proved
        /// with them exactly when the plain structural proof proves it, and every claim
        /// refuted at a probe point is false there.
        #[test]
        fn shortcuts_prove_what_the_plain_proof_proves(ops in expr_strategy()) {
            let mut fast = Exprs::new();
            let mut plain = Exprs { plain: true, ..Exprs::new() };
            let fast_ids = build(&mut fast, &ops);
            let plain_ids = build(&mut plain, &ops);
            prop_assert_eq!(&fast.nodes, &plain.nodes);
            for (&y, &py) in fast_ids.iter().zip(&plain_ids) {
                for (&x, &px) in fast_ids.iter().zip(&plain_ids) {
                    prop_assert_eq!(
                        fast.at_least(y, x),
                        plain.at_least(py, px),
                        "{} >= {}", fast.display(y, &names), fast.display(x, &names)
                    );
                    if fast.refuted(y, x) {
                        let below = (0..PROBES).any(|k| {
                            let at = |id| fast.eval(id, &|s| probe_value(k, s));
                            at(y).is_some() && at(y) < at(x).or(Some(u64::MAX))
                        });
                        prop_assert!(below);
                    }
                }
            }
        }

        /// Buffers sharing a few size symbols (so that equal and comparable sizes occur) with
        /// random lifetimes: the placement with reuse proves, evaluates without overlap at
        /// random sizes (0 and sizes making each symbol the largest included), and stays
        /// within the sum of the padded sizes.
        #[test]
        fn placement_with_reuse_never_overlaps_live_buffers(
            shapes in prop::collection::vec((1u64..4, 0u32..2, 0u32..2, 0u64..12, 0u64..5), 1..14),
            values in prop::collection::vec(prop::collection::vec(0u64..64, 2), 1..6),
        ) {
            let buffers: Vec<SymBuffer> = shapes.iter().map(|&(c, s, t, first, len)| {
                let symbols = if t == 0 { vec![s] } else { vec![s, t] };
                buf(SymSize::new(4 * c, symbols), first, first + len)
            }).collect();
            let p = plan(&buffers, &planner()).unwrap();
            verify(&buffers, &p).unwrap();
            let mut vs = values.clone();
            vs.push(vec![0, 0]);
            vs.push(vec![100, 1]);
            vs.push(vec![1, 100]);
            for v in &vs {
                let problem = concrete(&buffers, v).unwrap();
                let (offsets, total) = p.eval(v).unwrap();
                let sum: u64 = buffers.iter().map(|b| round_up(b.size.eval(v).unwrap(), 64).unwrap()).sum();
                prop_assert!(total <= sum);
                prop_assert_eq!(check_tight(&problem, &offsets, total), Ok(()));
            }
        }

        /// A size that is a sum or a product of sums has the value of its parts at every
        /// evaluation, as a polynomial and as an expression; and every `y >= x` claimed
        /// between such sizes (and their sums with each other) holds there.
        #[test]
        fn sums_of_sizes_keep_values_and_claims(
            sizes in prop::collection::vec(poly_strategy(), 2..6),
            values in prop::collection::vec(prop::collection::vec(0u64..300, 3), 1..8),
        ) {
            let mut e = Exprs::new();
            let mut ids = Vec::new();
            for (k, size) in sizes.iter().enumerate() {
                ids.push(e.size(size).unwrap());
                let product = size.times(&sizes[(k + 1) % sizes.len()]).unwrap();
                for v in &values {
                    let (a, b) = (size.eval(v).unwrap(), sizes[(k + 1) % sizes.len()].eval(v).unwrap());
                    prop_assert_eq!(product.eval(v), Some(a * b));
                }
                ids.push(e.size(&product).unwrap());
            }
            for k in 0..sizes.len() {
                let sum = e.add(ids[2 * k], ids[2 * ((k + 1) % sizes.len())]).unwrap();
                ids.push(sum);
            }
            for v in &values {
                for (k, size) in sizes.iter().enumerate() {
                    prop_assert_eq!(e.eval(ids[2 * k], &|s| v[s as usize]), size.eval(v));
                }
            }
            for &y in &ids {
                for &x in &ids {
                    if e.at_least(y, x) {
                        for v in &values {
                            let at = |id| e.eval(id, &|s| v[s as usize]);
                            prop_assert!(at(y) >= at(x), "{} >= {} claimed", e.display(y, &names), e.display(x, &names));
                        }
                    }
                }
            }
        }

        /// Buffers whose sizes are sums over shared symbols (`4 × %s0 + 8` beside
        /// `4 × %s0`, so sums compare): the placement proves, reuses the bytes of a larger
        /// sum for a smaller one, and evaluated at random sizes never puts two live buffers
        /// on a common byte.
        #[test]
        fn placement_of_sums_never_overlaps_live_buffers(
            shapes in prop::collection::vec((1u64..4, 0u32..2, 0u64..3, 0u64..12, 0u64..5), 1..14),
            values in prop::collection::vec(prop::collection::vec(0u64..64, 2), 1..6),
        ) {
            let buffers: Vec<SymBuffer> = shapes.iter().map(|&(c, s, pad, first, len)| {
                let size = SymSize::from_terms(4 * c * pad, &[(4 * c, vec![s])]).unwrap();
                buf(size, first, first + len)
            }).collect();
            let p = plan(&buffers, &planner()).unwrap();
            verify(&buffers, &p).unwrap();
            let mut vs = values.clone();
            vs.push(vec![0, 0]);
            vs.push(vec![100, 1]);
            for v in &vs {
                let problem = concrete(&buffers, v).unwrap();
                let (offsets, total) = p.eval(v).unwrap();
                prop_assert_eq!(check_tight(&problem, &offsets, total), Ok(()));
            }
        }

        /// Dynamic buffers that are never live together all start at 0 (full reuse).
        #[test]
        fn pairwise_disjoint_dynamic_buffers_all_start_at_zero(
            sizes in prop::collection::vec((1u64..8, 0u32..3), 1..8),
        ) {
            let buffers: Vec<SymBuffer> = sizes.iter().enumerate()
                .map(|(i, &(c, s))| buf(SymSize::new(c, vec![s]), 2 * i as u64, 2 * i as u64 + 1))
                .collect();
            let p = plan(&buffers, &planner()).unwrap();
            for &o in &p.offsets {
                prop_assert_eq!(p.exprs.as_const(o), Some(0));
            }
        }
    }
}
