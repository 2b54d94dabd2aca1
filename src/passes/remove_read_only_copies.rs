//! `bufrs-remove-read-only-copies`: removes a copy into a fresh buffer that
//! is only read afterwards, while its source keeps the same contents: the
//! readers read the source instead, and the fresh buffer, the copy and the
//! buffer's frees go.
//!
//! ```mlir
//! %t = memref.alloc() : memref<64xf32>     // removed
//! memref.copy %arg0, %t                    // removed
//! %r = func.call @scale(%t, ...)           // func.call @scale(%arg0, ...)
//! memref.dealloc %t                        // removed
//! ```
//!
//! Copy-before-write bufferization makes such copies wherever it cannot see
//! that an op only reads its operand: before every call, and at every
//! operand of an op it does not analyze. `bufrs-copy-removal` removes a copy
//! whose source or target is a temporary freed after it; here the source
//! may be anything that stays unchanged (a function argument, a loop's
//! block argument, a buffer used later), so the target is what goes.
//!
//! # When a copy goes
//!
//! A copy `copy(%src, %t)` ([`crate::dialect::copies`], into an operand)
//! whose target `%t` has the same type as `%src` and is the result of an
//! op that only allocates it (heap or stack), in the copy's block, before it:
//!
//! - every other use of `%t`, and of every alias of it (results of views,
//!   casts and ops without memory effects using it; such an op giving a
//!   value other than a buffer keeps the copy unless it is `memref.dim` or
//!   `memref.extract_strided_metadata`, whose other results are sizes, not
//!   addresses), is a free of `%t`
//!   itself or lies in the copy's block (or in an op of it) after the copy,
//!   and only reads: its memory effects on the buffer are reads and it has
//!   no effect on memory it does not name; or it is a direct call to a
//!   function of the module whose parameter there is read-only (below); or
//!   it is a region-branch op (a loop) only passing it to the values its
//!   entry edges give it to (the body's argument, and the results unless
//!   the loop's static trip count is positive), whose uses then count as
//!   uses of the buffer;
//!   anything else (a return, a yield, another region-branch operand, an op with
//!   unknown effects, a write, a free of an alias) keeps the copy;
//! - the source is live after that last use anyway (below), so reading it
//!   there holds no buffer longer than before;
//! - from the copy to the last op of its block holding such a use, no op
//!   (nested ones included) writes or frees memory that may alias `%src`:
//!   every write or free names a buffer that provably is another one (from
//!   another allocation op than `%src`'s, or from an allocation op after the
//!   copy, or an allocation against a function argument: the roots of both
//!   through views and casts; two function arguments may be one buffer), no
//!   op has unknown effects, and a call is to a function of the
//!   module that touches no memory from outside (below) and passes only
//!   buffers that are provably not `%src`'s to parameters that are not
//!   read-only.
//!
//! The source is live after the last use when its root (through views and
//! casts) is a function argument, or when it or a value it views is
//! defined in a block enclosing the copy's block (its free, wherever the
//! deallocation puts it, comes after the op holding the copy's block), or
//! used later in the copy's block (by an op or the terminator). Otherwise
//! the copy stays: the source may be freed right after the copy, and the
//! copy's target may be a small buffer the stack holds.
//!
//! # Functions of the module (the pass run on a module)
//!
//! Per function with a body, the pass finds which buffer parameters are
//! read-only (every use of the parameter and its aliases only reads, as
//! above, calls included) and whether it touches memory from outside (an op
//! with unknown effects, a write or free naming no buffer, an op other than
//! an allocation, a view, a cast or a call giving a buffer, e.g.
//! `memref.get_global`, or a call to a function that does or that has no
//! body here). Both are the greatest solution: every function starts
//! read-only and touching nothing outside, and loses that where one of its
//! ops says otherwise, until nothing changes (recursion keeps what no op
//! contradicts). Run on a function, the pass knows no other function: a
//! call keeps every copy whose target it takes.
//!
//! Removals are applied in rounds on fresh snapshots; in one round a copy
//! whose source is (a view of) another removed copy's target, or whose
//! target is on another one's source chain, waits for the next round.
//!
//! # What a round captures
//!
//! One C++ walk ([`crate::ir::copy_candidates::read_only_copy_units`])
//! first finds the ops directly in the root that hold a copy that may go
//! (its target an allocation of its block before it, of the source's type,
//! used by nothing but the copy, frees and non-terminators after it in its
//! block). Without one, the round captures nothing. Otherwise each such op
//! is captured alone, and so is each function of the module its calls
//! reach, directly or through other functions (a function's summary reads
//! its callees'); the summaries are solved over those functions only, which
//! gives each the summary the whole module gives it. When one of those ops
//! is not isolated from above (the pass run on a function: the ops of its
//! body), the round captures the whole root instead.

use std::collections::{HashMap, HashSet};

use melior::ir::OperationRef;
use mlir_sys::MlirOperation;

use crate::{
    analysis::{
        allocs::{frees_only, is_pure_allocation},
        snapshot::{BlockId, EffectKind, Effects, OpId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
    },
    dialect::{
        DIRECT_CALL,
        copies::{CopyShape, KNOWN_COPIES, copy_shape},
        is_direct_call,
    },
    ir::{
        capture::{IrMap, capture},
        copy_candidates::read_only_copy_units,
        edit, functions, interfaces,
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-remove-read-only-copies` (none).
    pub struct RemoveReadOnlyCopiesOptions {}
}

pub struct RemoveReadOnlyCopies;

/// At most this many rounds of removals per run.
const MAX_ROUNDS: usize = 16;

impl BufrsPass for RemoveReadOnlyCopies {
    type Options = RemoveReadOnlyCopiesOptions;
    const ARGUMENT: &'static str = "bufrs-remove-read-only-copies";
    const SUMMARY: &'static str = "Remove a copy into a fresh buffer that is only read afterwards (by ops, or by calls to functions of the module that only read that parameter) while nothing writes or frees its source: the readers read the source, the buffer and its frees go";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let root = op.to_raw();
        let mut changed = false;
        for _ in 0..MAX_ROUNDS {
            let (removed, deferred) = round(root);
            if !removed {
                break;
            }
            changed = true;
            if !deferred {
                break;
            }
        }
        if !changed {
            return pass::unchanged(root);
        }
        Ok(())
    }
}

/// One round: captures what the decisions read, removes every copy that may
/// go and conflicts with no other; whether it removed any, and whether some
/// wait for the next round.
fn round(root: MlirOperation) -> (bool, bool) {
    let copies: Vec<&str> = KNOWN_COPIES
        .iter()
        .filter(|&&(_, shape)| shape == CopyShape::IntoOperand)
        .map(|&(name, _)| name)
        .collect();
    let holders = read_only_copy_units(root, &copies);
    if holders.is_empty() {
        return (false, false);
    }
    let captured = Captured::of_holders(root, &holders).unwrap_or_else(|| Captured::whole(root));
    let functions = captured.summaries();
    let mut removed = false;
    let mut deferred = false;
    for &unit in &captured.deciding {
        let unit = &captured.units[unit];
        let summaries = Summaries {
            functions: &functions,
            callees: &unit.callees,
        };
        let (removals, waits) = decide(&unit.snap, &unit.map, &unit.uses, &summaries);
        for removal in &removals {
            // SAFETY: every handle is from this round's capture; the
            // removals touch disjoint ops, and each replaced value is
            // replaced by one of the same type defined before its uses.
            unsafe { apply(&unit.map, removal) };
        }
        removed |= !removals.is_empty();
        deferred |= waits;
    }
    (removed, deferred)
}

/// One captured op: its snapshot, handles, use lists, and the callee of each
/// direct call in it.
struct Unit {
    snap: Snapshot,
    map: IrMap,
    uses: UseLists,
    callees: HashMap<OpId, String>,
}

impl Unit {
    fn capture(op: MlirOperation) -> Unit {
        let (snap, map) = capture(op);
        let uses = UseLists::new(&snap);
        let callees = snap
            .ops
            .iter()
            .enumerate()
            .filter(|(_, info)| info.name.as_str() == DIRECT_CALL)
            .filter_map(|(index, _)| {
                let id = OpId(index as u32);
                let raw = map.op(id);
                if !is_direct_call(raw) {
                    return None;
                }
                interfaces::callee(raw).map(|callee| (id, callee))
            })
            .collect();
        Unit {
            snap,
            map,
            uses,
            callees,
        }
    }
}

/// A function of the module (directly in the root) with a body, in the
/// snapshot of `unit`.
struct Body {
    name: String,
    unit: usize,
    function: OpId,
    entry: BlockId,
}

/// What one round reads: the captured units, the ones holding copies to
/// decide on, and the functions whose summaries the decisions read.
struct Captured {
    units: Vec<Unit>,
    deciding: Vec<usize>,
    bodies: Vec<Body>,
}

impl Captured {
    /// The whole root in one snapshot: every function of the module in it.
    fn whole(root: MlirOperation) -> Captured {
        let unit = Unit::capture(root);
        let snap = &unit.snap;
        let mut bodies = Vec::new();
        for (index, info) in snap.ops.iter().enumerate() {
            // The functions directly in the root (a module); run on a
            // function, none.
            let top = info.parent_block.is_some_and(|b| {
                let parent = snap.region(snap.block(b).region).parent_op;
                parent == OpId(0)
            });
            if !top {
                continue;
            }
            let raw = unit.map.op(OpId(index as u32));
            if interfaces::traits(raw).is_function_like()
                && let Some(name) = functions::symbol(raw)
                && let Some(&region) = info.regions.first()
                && let Some(entry) = snap.entry_block(region)
            {
                bodies.push(Body {
                    name,
                    unit: 0,
                    function: OpId(index as u32),
                    entry,
                });
            }
        }
        Captured {
            units: vec![unit],
            deciding: vec![0],
            bodies,
        }
    }

    /// Only the ops directly in the root that hold a candidate copy
    /// (`holders`), and the functions of the module their calls reach,
    /// directly or through other functions (a function's summary reads its
    /// callees'), each in a snapshot of its own. `None` when one of them is
    /// not isolated from above (its snapshot alone would not be the one the
    /// whole root gives).
    fn of_holders(root: MlirOperation, holders: &[MlirOperation]) -> Option<Captured> {
        let isolated = |op: MlirOperation| interfaces::traits(op).is_isolated_from_above();
        if !holders.iter().all(|&op| isolated(op)) {
            return None;
        }
        let mut units: Vec<Unit> = Vec::new();
        let mut unit_of: HashMap<usize, usize> = HashMap::new();
        for &op in holders {
            unit_of.insert(op.ptr as usize, units.len());
            units.push(Unit::capture(op));
        }
        let deciding: Vec<usize> = (0..units.len()).collect();
        let table = module_functions(root);
        let mut bodies = Vec::new();
        let mut named: HashSet<String> = HashSet::new();
        let mut work: Vec<String> = units
            .iter()
            .flat_map(|unit| unit.callees.values().cloned())
            .collect();
        while let Some(name) = work.pop() {
            let Some(&op) = table.get(&name) else {
                continue;
            };
            if !named.insert(name.clone()) {
                continue;
            }
            if !isolated(op) {
                return None;
            }
            let unit = match unit_of.get(&(op.ptr as usize)) {
                Some(&unit) => unit,
                None => {
                    unit_of.insert(op.ptr as usize, units.len());
                    units.push(Unit::capture(op));
                    work.extend(units[units.len() - 1].callees.values().cloned());
                    units.len() - 1
                }
            };
            let snap = &units[unit].snap;
            let entry = snap
                .op(OpId(0))
                .regions
                .first()
                .and_then(|&region| snap.entry_block(region))?;
            bodies.push(Body {
                name,
                unit,
                function: OpId(0),
                entry,
            });
        }
        Some(Captured {
            units,
            deciding,
            bodies,
        })
    }

    /// Per function of [`Captured::bodies`]: whether each argument is
    /// read-only (non-buffers: true), and whether the function touches
    /// memory from outside. The greatest solution: every function starts
    /// read-only and touching nothing outside, until nothing changes.
    fn summaries(&self) -> Functions {
        let mut functions = Functions::new();
        for body in &self.bodies {
            let args = self.units[body.unit].snap.block(body.entry).args.len();
            functions.insert(body.name.clone(), (vec![true; args], false));
        }
        loop {
            let mut changed = false;
            for body in &self.bodies {
                let unit = &self.units[body.unit];
                let snap = &unit.snap;
                let (read_only, outside) = functions[&body.name].clone();
                let summaries = Summaries {
                    functions: &functions,
                    callees: &unit.callees,
                };
                let mut next_read_only = read_only.clone();
                for (i, &arg) in snap.block(body.entry).args.iter().enumerate() {
                    if next_read_only[i]
                        && snap.value(arg).kind.is_buffer()
                        && !only_read(snap, &unit.uses, &summaries, arg, &mut |_| false)
                    {
                        next_read_only[i] = false;
                    }
                }
                let next_outside = outside || touches_outside(snap, &summaries, body.function);
                if next_read_only != read_only || next_outside != outside {
                    functions.insert(body.name.clone(), (next_read_only, next_outside));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        functions
    }
}

/// The function-like ops with a symbol and a body directly in the blocks of
/// `root`, by name (one walk over those ops only).
fn module_functions(root: MlirOperation) -> HashMap<String, MlirOperation> {
    let mut out = HashMap::new();
    // SAFETY: a live op; the walk only reads.
    unsafe {
        for r in 0..mlir_sys::mlirOperationGetNumRegions(root) {
            let region = mlir_sys::mlirOperationGetRegion(root, r);
            let mut block = mlir_sys::mlirRegionGetFirstBlock(region);
            while !block.ptr.is_null() {
                let mut op = mlir_sys::mlirBlockGetFirstOperation(block);
                while !op.ptr.is_null() {
                    let has_body = mlir_sys::mlirOperationGetNumRegions(op) > 0
                        && !mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(
                            op, 0,
                        ))
                        .ptr
                        .is_null();
                    if has_body
                        && interfaces::traits(op).is_function_like()
                        && let Some(name) = functions::symbol(op)
                    {
                        out.insert(name, op);
                    }
                    op = mlir_sys::mlirOperationGetNextInBlock(op);
                }
                block = mlir_sys::mlirBlockGetNextInRegion(block);
            }
        }
    }
    out
}

/// One copy to remove.
struct Removal {
    copy: OpId,
    alloc: OpId,
    frees: Vec<OpId>,
    target: ValueId,
    source: ValueId,
}

/// SAFETY: the handles of `map` are live and `removal` was decided on the
/// snapshot `map` maps.
unsafe fn apply(map: &IrMap, removal: &Removal) {
    // SAFETY: the caller's contract; the copy and the frees only use the
    // target, which is then replaced by the source (same type, defined
    // before the copy, which precedes every use left).
    unsafe {
        edit::erase(map.op(removal.copy));
        for &free in &removal.frees {
            edit::erase(map.op(free));
        }
        edit::replace_all_uses(map.value(removal.target), map.value(removal.source));
        edit::erase(map.op(removal.alloc));
    }
}

/// Per function name: whether each argument is read-only (non-buffers:
/// true), and whether the function touches memory from outside.
type Functions = HashMap<String, (Vec<bool>, bool)>;

/// What the pass knows of the functions of the module, seen from one
/// snapshot.
struct Summaries<'a> {
    functions: &'a Functions,
    /// The callee of each direct call op of the snapshot.
    callees: &'a HashMap<OpId, String>,
}

impl Summaries<'_> {
    /// Whether the call `op` passes its operand `index` to a read-only
    /// parameter of a function of the module.
    fn reads_only(&self, op: OpId, index: u32) -> bool {
        self.callees
            .get(&op)
            .and_then(|callee| self.functions.get(callee))
            .is_some_and(|(read_only, _)| read_only.get(index as usize).copied().unwrap_or(false))
    }

    /// Whether the call `op` is to a function of the module touching no
    /// memory from outside.
    fn keeps_outside(&self, op: OpId) -> bool {
        self.callees
            .get(&op)
            .and_then(|callee| self.functions.get(callee))
            .is_some_and(|(_, outside)| !outside)
    }
}

/// Whether the buffer results of `op` are aliases of its buffer operands (a
/// view, a cast, or an op without memory effects, regions or successors).
fn passes_buffer_on(snap: &Snapshot, op: OpId) -> bool {
    let info = snap.op(op);
    let takes_buffer = info
        .operands
        .iter()
        .any(|&v| snap.value(v).kind.is_buffer());
    takes_buffer && info.passes_operands_on()
}

/// Whether every use of `value` and of its aliases only reads (`allowed`
/// accepts some uses of `value` itself on top).
fn only_read(
    snap: &Snapshot,
    uses: &UseLists,
    summaries: &Summaries,
    value: ValueId,
    allowed: &mut dyn FnMut(OpId) -> bool,
) -> bool {
    let mut work = vec![value];
    let mut seen = HashSet::from([value]);
    while let Some(v) = work.pop() {
        for u in uses.of(v) {
            if v == value && allowed(u.user) {
                continue;
            }
            // A buffer a region-branch op only passes into its regions or
            // results (a loop's initial value): the values receiving it
            // are its aliases.
            if let Some(receivers) = entry_receivers(snap, u.user, v) {
                for r in receivers {
                    if seen.insert(r) {
                        work.push(r);
                    }
                }
                continue;
            }
            if !use_only_reads(snap, summaries, u.user, u.operand_index, v) {
                return false;
            }
            if passes_buffer_on(snap, u.user) {
                let info = snap.op(u.user);
                // A value other than a buffer derived from the buffer (an
                // address as an integer, a cast to another type system)
                // could reach its bytes untracked: only sizes and offsets.
                if info
                    .results
                    .iter()
                    .any(|&r| !snap.value(r).kind.is_buffer())
                    && !SHAPE_QUERIES.contains(&info.name.as_str())
                {
                    return false;
                }
                for &r in &info.results {
                    if snap.value(r).kind.is_buffer() && seen.insert(r) {
                        work.push(r);
                    }
                }
            }
        }
    }
    true
}

/// The values receiving `v` from the region-branch op `op` (region
/// arguments and results, along the edges the op may take on entry), when
/// `op` uses `v` once and only to pass it on that way.
fn entry_receivers(snap: &Snapshot, op: OpId, v: ValueId) -> Option<Vec<ValueId>> {
    let info = snap.op(op);
    let branch = info.facts.region_branch.as_ref()?;
    if info.operands.iter().filter(|&&w| w == v).count() != 1 {
        return None;
    }
    let mut receivers = Vec::new();
    for edge in &branch.entry_edges {
        for (i, &w) in edge.forwarded.iter().enumerate() {
            if w == v {
                receivers.push(*edge.inputs.get(i)?);
            }
        }
    }
    (!receivers.is_empty()).then_some(receivers)
}

/// Ops without memory effects whose results other than buffers are sizes,
/// strides or offsets of their buffer operand, never its address.
const SHAPE_QUERIES: &[&str] = &["memref.dim", "memref.extract_strided_metadata"];

/// Whether `op` only reads its operand `index`, the buffer `v`.
fn use_only_reads(
    snap: &Snapshot,
    summaries: &Summaries,
    op: OpId,
    index: u32,
    v: ValueId,
) -> bool {
    let info = snap.op(op);
    if summaries.callees.contains_key(&op) {
        return summaries.reads_only(op, index);
    }
    // An op with regions (e.g. linalg.generic) names its own effects; ops
    // nested in it that use the buffer are uses of their own.
    if info.facts.is_terminator
        || info.facts.region_branch.is_some()
        || !info.facts.successors.is_empty()
    {
        return false;
    }
    let Effects::Known(effects) = &info.facts.effects else {
        return false;
    };
    effects.iter().all(|e| match e.value {
        Some(w) if w == v => e.kind == EffectKind::Read,
        Some(_) => true,
        None => e.kind == EffectKind::Read,
    })
}

/// Whether anything in `function` touches memory from outside it (other
/// than through its parameters).
fn touches_outside(snap: &Snapshot, summaries: &Summaries, function: OpId) -> bool {
    let mut work: Vec<OpId> = vec![function];
    while let Some(op) = work.pop() {
        let info = snap.op(op);
        for &region in &info.regions {
            for &block in &snap.region(region).blocks {
                work.extend(snap.block(block).ops.iter().copied());
            }
        }
        if op == function {
            continue;
        }
        if summaries.callees.contains_key(&op) {
            if !summaries.keeps_outside(op) {
                return true;
            }
            continue;
        }
        let Effects::Known(effects) = &info.facts.effects else {
            if info.facts.has_recursive_effects || info.facts.is_terminator {
                continue;
            }
            return true;
        };
        if effects
            .iter()
            .any(|e| e.value.is_none() && matches!(e.kind, EffectKind::Write | EffectKind::Free))
        {
            return true;
        }
        let gives_buffer = info.results.iter().any(|&r| snap.value(r).kind.is_buffer());
        let allocates = effects.iter().any(|e| e.kind == EffectKind::Allocate);
        if gives_buffer && !allocates && !passes_buffer_on(snap, op) {
            return true;
        }
    }
    false
}

/// Where a buffer comes from, through views and casts. Two arguments of a
/// function may be one buffer (a caller may pass it twice): only an
/// allocation is known apart from an argument or another allocation op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Root {
    /// The result of an op that only allocates it.
    Alloc(OpId),
    /// An argument of a function.
    Param,
    Unknown,
}

/// The root of `v`, and the values on the way.
fn root(snap: &Snapshot, v: ValueId, chain: &mut Vec<ValueId>) -> Root {
    let mut v = v;
    loop {
        chain.push(v);
        match snap.value(v).def {
            ValueDef::BlockArg { block, .. } => {
                let region = snap.block(block).region;
                let parent = snap.region(region).parent_op;
                let is_function_entry = snap.entry_block(region) == Some(block)
                    && snap.op(parent).regions.len() == 1
                    && snap.op(parent).facts.is_automatic_allocation_scope
                    && snap.op(parent).facts.is_isolated_from_above;
                return if is_function_entry {
                    Root::Param
                } else {
                    Root::Unknown
                };
            }
            ValueDef::OpResult { op, .. } => {
                let info = snap.op(op);
                if is_pure_allocation(snap, op) == Some(v) {
                    return Root::Alloc(op);
                }
                if let Some(source) = info.facts.view_source {
                    v = source;
                } else if info.facts.is_cast && !info.operands.is_empty() {
                    v = info.operands[0];
                } else {
                    return Root::Unknown;
                }
            }
        }
    }
}

/// The removals of one round, and whether some wait for the next.
fn decide(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    summaries: &Summaries,
) -> (Vec<Removal>, bool) {
    let mut removals = Vec::new();
    let mut targets: HashSet<ValueId> = HashSet::new();
    let mut chains: HashSet<ValueId> = HashSet::new();
    let mut deferred = false;
    for (index, info) in snap.ops.iter().enumerate() {
        let copy = OpId(index as u32);
        if copy_shape(info.name.as_str()) != Some(CopyShape::IntoOperand)
            || info.operands.len() != 2
        {
            continue;
        }
        let Some(removal) = removal(snap, map, uses, summaries, copy) else {
            continue;
        };
        let mut chain = Vec::new();
        root(snap, removal.source, &mut chain);
        if targets.contains(&removal.source)
            || chain.iter().any(|v| targets.contains(v))
            || chains.contains(&removal.target)
        {
            deferred = true;
            continue;
        }
        targets.insert(removal.target);
        chains.extend(chain);
        removals.push(removal);
    }
    (removals, deferred)
}

/// The removal of `copy`, if it may go.
fn removal(
    snap: &Snapshot,
    map: &IrMap,
    uses: &UseLists,
    summaries: &Summaries,
    copy: OpId,
) -> Option<Removal> {
    let info = snap.op(copy);
    let (source, target) = (info.operands[0], info.operands[1]);
    let block = info.parent_block?;
    let ValueDef::OpResult { op: alloc, .. } = snap.value(target).def else {
        return None;
    };
    if source == target
        || is_pure_allocation(snap, alloc) != Some(target)
        || snap.op(alloc).parent_block != Some(block)
        || snap.op(alloc).position >= info.position
    {
        return None;
    }
    // SAFETY: live values of this round's capture.
    let same_type = unsafe {
        mlir_sys::mlirTypeEqual(
            edit::value_type(map.value(source)),
            edit::value_type(map.value(target)),
        )
    };
    if !same_type {
        return None;
    }
    // Every use after the copy, in its block, reading; frees of the target
    // itself go.
    let mut frees = Vec::new();
    let mut last = info.position;
    let mut allowed = |user: OpId| {
        if user == copy {
            return true;
        }
        if frees_only(snap, user, target) {
            frees.push(user);
            return true;
        }
        false
    };
    if !only_read(snap, uses, summaries, target, &mut allowed) {
        return None;
    }
    // Every user of an alias, too, lies after the copy in its block.
    let mut work = vec![target];
    let mut seen = HashSet::from([target]);
    while let Some(v) = work.pop() {
        for u in uses.of(v) {
            if u.user == copy || frees.contains(&u.user) {
                continue;
            }
            let at = snap.ancestor_in_block(u.user, block)?;
            if snap.op(at).position <= info.position {
                return None;
            }
            last = last.max(snap.op(at).position);
            if passes_buffer_on(snap, u.user) {
                for &r in &snap.op(u.user).results {
                    if snap.value(r).kind.is_buffer() && seen.insert(r) {
                        work.push(r);
                    }
                }
            }
        }
    }
    // Nothing between the copy and the last read writes or frees what may
    // be the source.
    let mut chain = Vec::new();
    let source_root = root(snap, source, &mut chain);
    if !stays_live(snap, uses, &chain, source_root, copy, last) {
        return None;
    }
    let ops = &snap.block(block).ops;
    let start = ops.iter().position(|&o| o == copy)?;
    let fresh = |op: OpId| {
        snap.ancestor_in_block(op, block)
            .is_some_and(|at| snap.op(at).position > info.position)
    };
    let distinct = |w: ValueId| -> bool {
        let mut ignored = Vec::new();
        match (root(snap, w, &mut ignored), source_root) {
            (Root::Alloc(a), _) if fresh(a) => true,
            (Root::Alloc(a), Root::Alloc(b)) => a != b,
            (Root::Alloc(_), Root::Param) | (Root::Param, Root::Alloc(_)) => true,
            _ => false,
        }
    };
    let mut work: Vec<OpId> = ops[start + 1..]
        .iter()
        .copied()
        .take_while(|&o| snap.op(o).position <= last)
        .collect();
    while let Some(op) = work.pop() {
        let op_info = snap.op(op);
        for &region in &op_info.regions {
            for &b in &snap.region(region).blocks {
                work.extend(snap.block(b).ops.iter().copied());
            }
        }
        if summaries.callees.contains_key(&op) {
            if !summaries.keeps_outside(op) {
                return None;
            }
            for (i, &operand) in op_info.operands.iter().enumerate() {
                if snap.value(operand).kind.is_buffer()
                    && !summaries.reads_only(op, i as u32)
                    && !distinct(operand)
                {
                    return None;
                }
            }
            continue;
        }
        match &op_info.facts.effects {
            Effects::Known(effects) => {
                for e in effects {
                    if matches!(e.kind, EffectKind::Write | EffectKind::Free) {
                        match e.value {
                            Some(w) if distinct(w) => {}
                            _ => return None,
                        }
                    }
                }
            }
            Effects::Unknown => {
                if !(op_info.facts.has_recursive_effects || op_info.facts.is_terminator) {
                    return None;
                }
            }
        }
    }
    Some(Removal {
        copy,
        alloc,
        frees,
        target,
        source,
    })
}

/// Whether the source (`chain`: it and the values it views, up to its
/// root) is live after the op at `last` of `block` whether or not the copy
/// goes, so that reading it there holds it no longer: a function argument,
/// or a buffer defined in a block enclosing the copy's (it lives at least until
/// the op of its block holding the copy is done), or used after `last` in
/// the copy's block (by an op or the terminator).
fn stays_live(
    snap: &Snapshot,
    uses: &UseLists,
    chain: &[ValueId],
    root: Root,
    copy: OpId,
    last: u32,
) -> bool {
    let Some(block) = snap.op(copy).parent_block else {
        return false;
    };
    if root == Root::Param {
        return true;
    }
    chain.iter().any(|&v| {
        let defined_in = match snap.value(v).def {
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::OpResult { op, .. } => snap.op(op).parent_block,
        };
        let encloses =
            defined_in.is_some_and(|d| d != block && snap.ancestor_in_block(copy, d).is_some());
        encloses
            || uses.of(v).iter().any(|u| {
                snap.ancestor_in_block(u.user, block)
                    .is_some_and(|at| snap.op(at).position > last)
            })
    })
}
