//! The decisions behind `bufrs-buffer-results-to-out-params` (seed 002,
//! "Preparation Phase"), apart from the rewrite:
//!
//! - [`plan_functions`]: from the functions' result facts and the module's
//!   symbol uses ([`super::call_graph`]), which
//!   functions may change their signature and which of their results become
//!   out-params (the seed's `ResultConversionKind`, per result), with the
//!   reason a result or a function is left alone;
//! - [`in_place_sources`]: whether every buffer a function returns at one
//!   position is a fresh buffer of its own (an allocation, or the out-param
//!   of a call) that nothing else keeps and that never coexists with another
//!   one returned there, so that the out-param can replace them outright (no
//!   copy: the seed's CopyRemoval "reuse target" case, upstream's
//!   `hoist-static-allocs`, through branches and calls).
//!
//! Pure Rust over facts the pass reads from IR; nothing here uses MLIR.

pub use super::call_graph::{LeftAlone, SymbolUse};
use std::collections::HashSet;

use super::{
    call_graph::{OtherUses, eligibility},
    graph::Cfg,
    loops::{may_be_in_loop, regions_with_back_edges},
    snapshot::{BlockId, OpId, RegionId, RegionTarget, Snapshot, ValueDef, ValueId},
    value_flow::{EdgeKind, UseKind, ValueFlow},
};

/// Which results become out-params (the seed's `ResultConversionKind`:
/// `AppendToArgumentList` for the chosen ones, `KeepAsFunctionResult` for
/// the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AppendRule {
    /// Every memref result.
    AllBuffers,
    /// Only results that were tensors before this run converted them.
    FromTensors,
    /// None: every result stays a result.
    None,
}

/// What becomes of one result (the seed's `ResultConversionKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ResultConversionKind {
    /// Appended to the arguments as an out-param.
    AppendToArgumentList,
    /// Stays a result (the seed's default for unspecified type pairs).
    #[default]
    KeepAsFunctionResult,
}

impl AppendRule {
    /// The kind of a buffer result under the rule; `from_tensor`: it was a
    /// tensor converted in the same run.
    pub fn kind(self, from_tensor: bool) -> ResultConversionKind {
        let append = match self {
            AppendRule::AllBuffers => true,
            AppendRule::FromTensors => from_tensor,
            AppendRule::None => false,
        };
        if append {
            ResultConversionKind::AppendToArgumentList
        } else {
            ResultConversionKind::KeepAsFunctionResult
        }
    }

    /// The option spelling: `all`, `from-tensors`, `none`.
    pub fn parse(text: &str) -> Option<AppendRule> {
        match text {
            "all" => Some(AppendRule::AllBuffers),
            "from-tensors" => Some(AppendRule::FromTensors),
            "none" => Some(AppendRule::None),
            _ => None,
        }
    }
}

/// What the pass knows about one result of a function (after any tensor
/// conversion of the same run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ResultFacts {
    /// A memref (ranked or not).
    pub is_buffer: bool,
    /// Ranked with a static shape.
    pub static_shape: bool,
    /// A caller can allocate it: identity layout, or a layout an
    /// identity-layout buffer casts to.
    pub allocatable_layout: bool,
    /// What the converter says becomes of it.
    pub kind: ResultConversionKind,
}

/// One function of the module.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FunctionFacts {
    pub name: String,
    /// Visible outside the module (no `private` visibility).
    pub public: bool,
    /// Has a body (not a declaration).
    pub has_body: bool,
    pub results: Vec<ResultFacts>,
}

/// Why a buffer result stays a result although the converter appends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptReason {
    /// Dynamic shape or unranked: the caller cannot allocate it.
    DynamicShape,
    /// A layout no identity-layout allocation casts to.
    Layout,
    /// The function cannot write it in place (see [`in_place_sources`]):
    /// an out-param would cost a copy.
    NotInPlace,
}

/// The signature change of one function.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FunctionPlan {
    /// `Some` when the signature must not change.
    pub left_alone: Option<LeftAlone>,
    /// Result indices that become out-params, in order (appended to the
    /// arguments in this order).
    pub appended: Vec<usize>,
    /// Buffer results the converter appends but that stay results, and why.
    pub kept: Vec<(usize, KeptReason)>,
}

impl FunctionPlan {
    pub fn may_change(&self) -> bool {
        self.left_alone.is_none()
    }
}

/// One plan per function, in order.
pub fn plan_functions(
    functions: &[FunctionFacts],
    uses: &[SymbolUse],
    modify_public: bool,
) -> Vec<FunctionPlan> {
    let other_uses = OtherUses::new(uses);
    functions
        .iter()
        .map(|function| {
            let left_alone = eligibility(
                &function.name,
                function.public,
                function.has_body,
                &other_uses,
                modify_public,
            );
            let mut plan = FunctionPlan {
                left_alone,
                ..FunctionPlan::default()
            };
            if left_alone.is_some() {
                return plan;
            }
            for (index, result) in function.results.iter().enumerate() {
                let chosen =
                    result.is_buffer && result.kind == ResultConversionKind::AppendToArgumentList;
                if !chosen {
                    continue;
                }
                if !result.static_shape {
                    plan.kept.push((index, KeptReason::DynamicShape));
                } else if !result.allocatable_layout {
                    plan.kept.push((index, KeptReason::Layout));
                } else {
                    plan.appended.push(index);
                }
            }
            plan
        })
        .collect()
}

/// The return-like terminators of the root's body (region 0 of the root op,
/// `OpId(0)`): the function's returns.
pub fn root_returns(snapshot: &Snapshot) -> Vec<OpId> {
    let Some(&body) = snapshot.op(OpId(0)).regions.first() else {
        return vec![];
    };
    snapshot
        .region(body)
        .blocks
        .iter()
        .filter_map(|&b| snapshot.terminator(b))
        .filter(|&t| snapshot.op(t).facts.is_return_like)
        .collect()
}

/// The fresh buffers an out-param can stand for at operand `position` of
/// every return of the function (the root of `snapshot`), if it can stand
/// for all of them: the out-param then replaces each one (no copy).
///
/// Every value returned there is traced back through control flow (block
/// arguments and region-branch results, along `Forward` edges of `flow`)
/// to the ops that define it; each must be a *source*: a result that
/// `fresh(op, result index)` accepts (a plain heap allocation, or the result
/// of a call whose callee gets an out-param for it). Then:
///
/// - no source may run twice in one call of the function (none may be in a
///   loop: [`may_be_in_loop`]), and no two sources may both run in one call
///   (they sit in blocks neither of which reaches the other, or in regions
///   of a region-branch op that never pass control to one another, as the
///   two branches of `scf.if`): one buffer serves them all;
/// - every alias of a source is only read, written, passed to calls (a
///   callee neither frees nor keeps its arguments, by the seeds' contract)
///   or forwarded along the traced edges to the return at `position`:
///   never freed, stored, address-exposed, used by an op with unknown
///   effects, forwarded elsewhere, or returned at another position.
///
/// Returns the sources' ops, in the order found.
pub fn in_place_sources(
    snapshot: &Snapshot,
    flow: &ValueFlow,
    returns: &[OpId],
    position: usize,
    fresh: &dyn Fn(OpId, usize) -> bool,
) -> Option<Vec<OpId>> {
    let mut traced: HashSet<ValueId> = HashSet::new();
    let mut work: Vec<ValueId> = Vec::new();
    for &r in returns {
        work.push(*snapshot.op(r).operands.get(position)?);
    }
    if work.is_empty() {
        return None;
    }
    let mut sources: Vec<(OpId, ValueId)> = Vec::new();
    while let Some(value) = work.pop() {
        if !traced.insert(value) {
            continue;
        }
        if let ValueDef::OpResult { op, index } = snapshot.value(value).def
            && fresh(op, index as usize)
        {
            if !sources.iter().any(|&(o, _)| o == op) {
                sources.push((op, value));
            }
            continue;
        }
        let incoming = flow.incoming(value);
        if incoming.is_empty() {
            return None;
        }
        for edge in incoming {
            if !matches!(edge.kind, EdgeKind::Forward { .. }) {
                return None;
            }
            work.push(edge.from);
        }
    }
    let cyclic = regions_with_back_edges(snapshot);
    if sources
        .iter()
        .any(|&(op, _)| may_be_in_loop(snapshot, op, true, &cyclic))
    {
        return None;
    }
    if sources.len() > 1 {
        let cfg = Cfg::new(snapshot);
        for (i, &(a, _)) in sources.iter().enumerate() {
            for &(b, _) in &sources[i + 1..] {
                if !never_both(snapshot, &cfg, a, b) {
                    return None;
                }
            }
        }
    }
    for &(_, source) in &sources {
        for alias in flow.forward_closure(source) {
            for event in flow.events(alias) {
                let allowed = match event.kind {
                    UseKind::Call => true,
                    UseKind::Forwarded if !traced.contains(&alias) => false,
                    UseKind::Forwarded if returns.contains(&event.op) => snapshot
                        .op(event.op)
                        .operands
                        .iter()
                        .enumerate()
                        .all(|(i, &v)| v != alias || i == position),
                    UseKind::Forwarded => {
                        let mut edges = flow
                            .outgoing(alias)
                            .filter(|edge| edge.op == event.op)
                            .peekable();
                        edges.peek().is_some()
                            && edges.all(|edge| {
                                matches!(edge.kind, EdgeKind::Forward { .. })
                                    && traced.contains(&edge.to)
                            })
                    }
                    _ => false,
                };
                if !allowed {
                    return None;
                }
            }
        }
    }
    Some(sources.into_iter().map(|(op, _)| op).collect())
}

/// Whether no run of the function runs both `a` and `b` (neither in a
/// loop): below the innermost region holding both, they sit in different
/// blocks neither of which reaches the other, or in different regions of one
/// region-branch op whose regions only return to the op (`scf.if`,
/// `scf.index_switch`).
fn never_both(snapshot: &Snapshot, cfg: &Cfg, a: OpId, b: OpId) -> bool {
    // (region, the op's ancestor in it), innermost first.
    let chain = |mut op: OpId| {
        let mut out = Vec::new();
        while let Some(block) = snapshot.op(op).parent_block {
            let region = snapshot.block(block).region;
            out.push((region, op));
            op = snapshot.region(region).parent_op;
            if op == Snapshot::ROOT {
                break;
            }
        }
        out
    };
    let (chain_a, chain_b) = (chain(a), chain(b));
    let Some((ia, ib)) = chain_a.iter().enumerate().find_map(|(ia, &(region, _))| {
        chain_b
            .iter()
            .position(|&(r, _)| r == region)
            .map(|ib| (ia, ib))
    }) else {
        return false;
    };
    let (outer_a, outer_b) = (chain_a[ia].1, chain_b[ib].1);
    if outer_a == outer_b {
        // Both inside one op, in two of its regions.
        let (Some(&(region_a, _)), Some(&(region_b, _))) = (
            ia.checked_sub(1).and_then(|i| chain_a.get(i)),
            ib.checked_sub(1).and_then(|i| chain_b.get(i)),
        ) else {
            return false;
        };
        let op = snapshot.op(outer_a);
        let only_to_parent = |region: RegionId| {
            snapshot.region(region).blocks.iter().all(|&block| {
                snapshot.terminator(block).is_none_or(|t| {
                    snapshot
                        .op(t)
                        .facts
                        .terminator_edges
                        .iter()
                        .all(|edge| edge.target == RegionTarget::Parent)
                })
            })
        };
        return region_a != region_b
            && op.facts.region_branch.is_some()
            && only_to_parent(region_a)
            && only_to_parent(region_b);
    }
    let (Some(block_a), Some(block_b)) = (
        snapshot.op(outer_a).parent_block,
        snapshot.op(outer_b).parent_block,
    ) else {
        return false;
    };
    block_a != block_b && !reaches(cfg, block_a, block_b) && !reaches(cfg, block_b, block_a)
}

/// Whether a path of CFG edges leads from `from` to `to`.
fn reaches(cfg: &Cfg, from: BlockId, to: BlockId) -> bool {
    let mut seen = HashSet::new();
    let mut work = vec![from];
    while let Some(block) = work.pop() {
        for next in cfg.successors(block) {
            if next == to {
                return true;
            }
            if seen.insert(next) {
                work.push(next);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(static_shape: bool, allocatable_layout: bool, from_tensor: bool) -> ResultFacts {
        ResultFacts {
            is_buffer: true,
            static_shape,
            allocatable_layout,
            kind: AppendRule::AllBuffers.kind(from_tensor),
        }
    }

    fn with_rule(f: &FunctionFacts, rule: AppendRule, from_tensor: &[bool]) -> FunctionFacts {
        let mut f = f.clone();
        for (r, &t) in f.results.iter_mut().zip(from_tensor) {
            r.kind = rule.kind(t);
        }
        f
    }

    fn function(name: &str, public: bool, results: Vec<ResultFacts>) -> FunctionFacts {
        FunctionFacts {
            name: name.into(),
            public,
            has_body: true,
            results,
        }
    }

    #[test]
    fn rules_choose_results() {
        let f = function(
            "f",
            false,
            vec![
                result(true, true, false),
                ResultFacts::default(),
                result(true, true, true),
            ],
        );
        let origins = [false, false, true];
        let all = plan_functions(
            &[with_rule(&f, AppendRule::AllBuffers, &origins)],
            &[],
            false,
        );
        assert_eq!(all[0].appended, vec![0, 2]);
        let tensors = plan_functions(
            &[with_rule(&f, AppendRule::FromTensors, &origins)],
            &[],
            false,
        );
        assert_eq!(tensors[0].appended, vec![2]);
        let none = plan_functions(&[with_rule(&f, AppendRule::None, &origins)], &[], false);
        assert!(none[0].appended.is_empty() && none[0].may_change());
    }

    #[test]
    fn dynamic_shapes_and_layouts_stay_results() {
        let f = function(
            "f",
            false,
            vec![result(false, true, false), result(true, false, false)],
        );
        let plan = &plan_functions(&[f], &[], false)[0];
        assert!(plan.appended.is_empty());
        assert_eq!(
            plan.kept,
            vec![(0, KeptReason::DynamicShape), (1, KeptReason::Layout)]
        );
    }

    #[test]
    fn public_declared_and_address_taken_functions_are_left_alone() {
        let public = function("p", true, vec![result(true, true, false)]);
        let mut declared = function("d", false, vec![result(true, true, false)]);
        declared.has_body = false;
        let taken = function("t", false, vec![result(true, true, false)]);
        let called = function("c", false, vec![result(true, true, false)]);
        let uses = vec![
            SymbolUse::DirectCall { callee: "c".into() },
            SymbolUse::DirectCall { callee: "t".into() },
            SymbolUse::Other { symbol: "t".into() },
        ];
        let functions = [public.clone(), declared, taken, called];
        let plans = plan_functions(&functions, &uses, false);
        assert_eq!(plans[0].left_alone, Some(LeftAlone::Public));
        assert_eq!(plans[1].left_alone, Some(LeftAlone::Declaration));
        assert_eq!(plans[2].left_alone, Some(LeftAlone::UsedOtherThanByCall(2)));
        assert_eq!(plans[3].appended, vec![0]);
        let with_public = plan_functions(&[public], &uses, true);
        assert_eq!(with_public[0].appended, vec![0]);
    }
}
