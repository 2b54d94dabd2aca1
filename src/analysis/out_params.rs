//! The decisions behind `bufrs-buffer-results-to-out-params` (seed 002,
//! "Preparation Phase"), apart from the rewrite:
//!
//! - [`plan_functions`]: from the functions' result facts and the module's
//!   symbol uses ([`super::call_graph`]), which
//!   functions may change their signature and which of their results become
//!   out-params (the seed's `ResultConversionKind`, per result), with the
//!   reason a result or a function is left alone;
//! - [`reusable_allocation`]: whether the buffer a function returns at one
//!   position is an allocation of its own that nothing else keeps, so that
//!   the out-param can replace it outright (no copy: the seed's CopyRemoval
//!   "reuse target" case, upstream's `hoist-static-allocs`).
//!
//! Pure Rust over facts the pass reads from IR; nothing here uses MLIR.

pub use super::call_graph::{LeftAlone, SymbolUse};
use super::{
    allocs::is_pure_heap_allocation,
    call_graph::{OtherUses, eligibility},
    snapshot::{OpId, Snapshot, ValueDef, ValueId},
    value_flow::{UseKind, ValueFlow},
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

/// The allocation whose buffer every return of the function (the root of
/// `snapshot`) returns at operand `position`, if an out-param can replace it:
/// a plain heap allocation ([`is_pure_heap_allocation`]) in the function's own
/// body (not in a nested region, so it runs at most once per return), whose
/// buffer, views included, is returned at that position only, never at
/// another one, and is neither freed, stored, forwarded to a block or region,
/// address-exposed, nor used by an op with unknown effects. Calls may use it
/// (a callee neither frees nor keeps its arguments, by the seeds' contract).
pub fn reusable_allocation(
    snapshot: &Snapshot,
    flow: &ValueFlow,
    returns: &[OpId],
    position: usize,
) -> Option<OpId> {
    let first = *returns.first()?;
    let value: ValueId = *snapshot.op(first).operands.get(position)?;
    if returns
        .iter()
        .any(|&r| snapshot.op(r).operands.get(position) != Some(&value))
    {
        return None;
    }
    let ValueDef::OpResult { op: alloc, .. } = snapshot.value(value).def else {
        return None;
    };
    is_pure_heap_allocation(snapshot, alloc)?;
    let body = *snapshot.op(OpId(0)).regions.first()?;
    let block = snapshot.op(alloc).parent_block?;
    if snapshot.block(block).region != body {
        return None;
    }
    for &r in returns {
        let operands = &snapshot.op(r).operands;
        if operands
            .iter()
            .enumerate()
            .any(|(i, &v)| i != position && v == value)
        {
            return None;
        }
    }
    for alias in flow.forward_closure(value) {
        for event in flow.events(alias) {
            let allowed = match event.kind {
                UseKind::Call => true,
                UseKind::Forwarded => alias == value && returns.contains(&event.op),
                _ => false,
            };
            if !allowed {
                return None;
            }
        }
        // A view or cast of the buffer returned anywhere would be a second
        // way out.
        if alias != value
            && returns
                .iter()
                .any(|&r| snapshot.op(r).operands.contains(&alias))
        {
            return None;
        }
    }
    Some(alloc)
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
