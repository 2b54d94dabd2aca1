//! `bufrs-print-dominance`: prints bufrs's dominance and post-dominance
//! (`analysis::dominance`) of every function, for debugging and for the
//! differential test against MLIR (`utils/differential.py`).
//!
//! Runs on any op. On a function-like op it reports on that function; on any
//! other op (a module) it reports on every function-like op directly in its
//! body, in order. The snapshot is always taken of the op the pass runs on,
//! so on a module each function's enclosing block is part of it.
//!
//! `format=mlir` (default) writes exactly what MLIR 22's test pass writes for
//! `builtin.module(func.func(test-print-dominance))` (with
//! `--mlir-disable-threading`): per function, `Testing : <sym_name>`, then the
//! four tables `--- DominanceInfo ---` / `--- PostDominanceInfo ---`
//! (`Nearest(a, b) = c` or `<no dom>`) and `--- Block Dominance
//! relationship ---` / `--- Block PostDominance relationship ---`
//! (`dominates(a, b) = 0|1 (properly = 0|1)`), over every ordered pair of
//! blocks. Blocks are numbered as MLIR's test numbers them: in a post-order
//! walk of the function's ops, including the function itself, a block gets
//! the next number when its first op is visited (so the module's block, when
//! the pass runs on the module, comes last; blocks without ops get none).
//! The only difference from MLIR when the pass runs on a function directly:
//! the enclosing block is not in the snapshot and so is not listed.
//!
//! `format=tree` writes, per function, one line per numbered block of the
//! function: `block <n>: idom=<n|-> ipostdom=<n|-> reachable=<0|1>
//! reaches-exit=<0|1>` (`-`: entry of its region, exit, or not in the tree).
//!
//! Known divergence from MLIR, by design: MLIR's post-dominator tree adds
//! extra roots inside infinite loops, bufrs treats blocks that reach no exit
//! as outside the tree (see `analysis::dominance`). MLIR's test pass also
//! crashes (null tree node) on `Nearest` queries with a block unreachable
//! from the entry; bufrs answers `<no dom>`.

use melior::ir::OperationRef;

use super::print_support::{Unit, emit, post_order_ops, units};
use crate::ir::capture::capture;
use crate::ir::interfaces::symbol_name;
use crate::{
    analysis::{
        dominance::DominanceInfo,
        snapshot::{BlockId, Snapshot},
    },
    options::Allowed,
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-print-dominance`.
    pub struct PrintDominanceOptions {
        format: String = "mlir".to_string() => "format",
            "Output format: 'mlir' (the tables of MLIR's test-print-dominance) or 'tree' (immediate dominators).",
            allowed Allowed::OneOf(&["mlir", "tree"]);
    }
}

pub struct PrintDominance;

impl BufrsPass for PrintDominance {
    type Options = PrintDominanceOptions;
    const ARGUMENT: &'static str = "bufrs-print-dominance";
    const SUMMARY: &'static str =
        "Debug: print dominance and post-dominance of every function to stdout";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        // `format` is validated before any op is touched.
        let tree = options.format == "tree";
        let (snap, map) = capture(op.to_raw());
        let dom = DominanceInfo::new(&snap);
        let mut out = String::new();
        for unit in units(&snap, &map) {
            out.push_str(&format!("Testing : {}\n", symbol_name(map.op(unit.op))));
            let blocks = numbered_blocks(&snap, unit);
            if tree {
                write_tree(&mut out, &dom, &blocks, unit);
            } else {
                write_tables(&mut out, &dom, &blocks);
            }
        }
        emit(&out);
        // Analysis only: the IR is as it was.
        pass::unchanged(op.to_raw())
    }
}

/// The unit's blocks in MLIR's test numbering (index = number).
pub fn numbered_blocks(snap: &Snapshot, unit: Unit) -> Vec<BlockId> {
    let mut seen = vec![false; snap.blocks.len()];
    let mut out = Vec::new();
    for o in post_order_ops(snap, unit.op) {
        if o == unit.op && !unit.has_parent_block {
            continue;
        }
        if let Some(b) = snap.op(o).parent_block
            && !seen[b.index()]
        {
            seen[b.index()] = true;
            out.push(b);
        }
    }
    out
}

/// The four tables of MLIR's `test-print-dominance`.
pub fn write_tables(out: &mut String, dom: &DominanceInfo<'_>, blocks: &[BlockId]) {
    let mut number = vec![u32::MAX; dom.snapshot().blocks.len()];
    for (i, b) in blocks.iter().enumerate() {
        number[b.index()] = i as u32;
    }
    // MLIR looks the answer up in its numbering map, whose operator[]
    // yields 0 for a block it never numbered.
    let name = |b: Option<BlockId>| match b {
        Some(b) => (if number[b.index()] == u32::MAX {
            0
        } else {
            number[b.index()]
        })
        .to_string(),
        None => "<no dom>".to_string(),
    };
    for post in [false, true] {
        out.push_str(if post {
            "--- PostDominanceInfo ---\n"
        } else {
            "--- DominanceInfo ---\n"
        });
        for (i, &a) in blocks.iter().enumerate() {
            for (j, &b) in blocks.iter().enumerate() {
                let n = if post {
                    dom.nearest_common_post_dominator(a, b)
                } else {
                    dom.nearest_common_dominator(a, b)
                };
                out.push_str(&format!("Nearest({i}, {j}) = {}\n", name(n)));
            }
        }
    }
    for post in [false, true] {
        out.push_str(if post {
            "--- Block PostDominance relationship ---\n"
        } else {
            "--- Block Dominance relationship ---\n"
        });
        let word = if post { "postdominates" } else { "dominates" };
        for (i, &a) in blocks.iter().enumerate() {
            for (j, &b) in blocks.iter().enumerate() {
                let (d, p) = if post {
                    (
                        dom.block_post_dominates(a, b),
                        dom.block_properly_post_dominates(a, b),
                    )
                } else {
                    (
                        dom.block_dominates(a, b),
                        dom.block_properly_dominates(a, b),
                    )
                };
                out.push_str(&format!(
                    "{word}({i}, {j}) = {} (properly = {})\n",
                    d as u8, p as u8
                ));
            }
        }
    }
}

/// One line per block of the unit: immediate (post-)dominators.
fn write_tree(out: &mut String, dom: &DominanceInfo<'_>, blocks: &[BlockId], unit: Unit) {
    let snap = dom.snapshot();
    let mut number = vec![u32::MAX; snap.blocks.len()];
    for (i, b) in blocks.iter().enumerate() {
        number[b.index()] = i as u32;
    }
    let name = |b: Option<BlockId>| match b {
        Some(b) if number[b.index()] != u32::MAX => number[b.index()].to_string(),
        _ => "-".to_string(),
    };
    let own_block = if unit.has_parent_block {
        snap.op(unit.op).parent_block
    } else {
        None
    };
    for (i, &b) in blocks.iter().enumerate() {
        if Some(b) == own_block {
            continue;
        }
        out.push_str(&format!(
            "block {i}: idom={} ipostdom={} reachable={} reaches-exit={}\n",
            name(dom.idom(b)),
            name(dom.ipostdom(b)),
            dom.is_reachable(b) as u8,
            dom.reaches_exit(b) as u8
        ));
    }
}
