//! Copies whose target can take over the buffer they copy: `copy(%s, %t)`
//! into a fresh allocation `%t` of the copy's block, where the plan frees
//! `%s` right after the copy (it is dead there on every path through the
//! copy). Where `%s` is owned, `%t` can be `%s` itself and the copy, the
//! allocation and the free go; where its ownership is dynamic (a merge with
//! a flag), `%t` is `%s` when the flag says it is owned and a fresh copy
//! otherwise. Bufferization leaves such copies where a loop-carried buffer
//! is forwarded (an `scf.while` condition copying its iter_arg): the
//! clone-based deallocation frees the source after the copy and copy removal
//! drops the pair, while a free on a flag is no free copy removal can drop.
//!
//! The ownership-based pass applies what [`copy_takeovers`] finds after the
//! plan: the rest of the plan is unchanged (the target stays an owned
//! buffer, freed where the plan frees it).

use std::collections::BTreeSet;

use crate::analysis::{
    alias::AliasAnalysis,
    allocs::is_pure_heap_allocation,
    graph::ancestor_op_in_region,
    snapshot::{OpId, Snapshot, ValueDef, ValueId},
    uses::UseLists,
};

use super::types::{FreeAt, Owns, Plan};

/// One copy whose target takes over its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyTakeover {
    /// The copy's source, an owned root the plan frees right after the copy.
    pub root: ValueId,
    /// The copy (`memref.copy`-like: source, target, no results).
    pub copy: OpId,
    /// The allocation defining the target, in the copy's block.
    pub alloc: OpId,
    /// The target.
    pub target: ValueId,
    /// The source's ownership is dynamic (its flag chooses at run time).
    pub dynamic: bool,
}

/// The copies of the plan's function whose target can take over the source
/// (see the module comment): the plan frees the source (a root, not a view of
/// one) right after the copy; the target is the only result of a pure heap
/// allocation earlier in the copy's block, of the source's type
/// (`same_type`), and nothing uses it or an alias of it between the
/// allocation and the copy. `copies_operand_into_operand` says whether an op
/// (by its registered name) copies operand 0 into operand 1 and does nothing
/// else (the dialect layer knows the copy ops).
pub fn copy_takeovers(
    snapshot: &Snapshot,
    plan: &Plan,
    alias: &AliasAnalysis<'_>,
    same_type: impl Fn(ValueId, ValueId) -> bool,
    copies_operand_into_operand: impl Fn(&str) -> bool,
) -> Vec<CopyTakeover> {
    let mut out = Vec::new();
    let mut copies = BTreeSet::new();
    let mut uses: Option<UseLists> = None;
    for &(root, at) in &plan.frees {
        let FreeAt::After(copy) = at else {
            continue;
        };
        let info = snapshot.op(copy);
        if !copies_operand_into_operand(&info.name)
            || info.operands.len() != 2
            || !info.results.is_empty()
            || info.operands[0] != root
        {
            continue;
        }
        let dynamic = match plan.owns.get(&root) {
            Some(Owns::Never) => continue,
            Some(Owns::Dynamic) => true,
            _ => false,
        };
        let target = info.operands[1];
        if target == root || !same_type(root, target) || copies.contains(&copy) {
            continue;
        }
        let ValueDef::OpResult {
            op: alloc,
            index: 0,
        } = snapshot.value(target).def
        else {
            continue;
        };
        let alloc_info = snapshot.op(alloc);
        let Some(block) = info.parent_block else {
            continue;
        };
        if alloc_info.parent_block != Some(block)
            || alloc_info.position >= info.position
            || alloc_info.results.len() != 1
            || is_pure_heap_allocation(snapshot, alloc) != Some(target)
        {
            continue;
        }
        let uses = uses.get_or_insert_with(|| UseLists::new(snapshot));
        let region = snapshot.block(block).region;
        let used_between = alias.resolve(target).into_iter().any(|v| {
            uses.of(v).iter().any(|u| {
                u.user != copy
                    && ancestor_op_in_region(snapshot, u.user, region).is_some_and(|a| {
                        let a = snapshot.op(a);
                        a.parent_block == Some(block)
                            && alloc_info.position < a.position
                            && a.position < info.position
                    })
            })
        });
        if used_between {
            continue;
        }
        copies.insert(copy);
        out.push(CopyTakeover {
            root,
            copy,
            alloc,
            target,
            dynamic,
        });
    }
    out
}
