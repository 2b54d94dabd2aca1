//! `bufrs-print-liveness`: prints bufrs's liveness (`analysis::liveness`) of
//! every function, for debugging and for the differential test against MLIR
//! (`utils/differential.py`).
//!
//! Runs on any op, choosing functions like `bufrs-print-dominance` (the op
//! itself if function-like, else the function-like ops directly in its body).
//! The output goes to stderr, like MLIR's, and is exactly what MLIR 22 writes for
//! `builtin.module(func.func(test-print-liveness))` (with
//! `--mlir-disable-threading`): `Testing : <sym_name>`, then MLIR's
//! `Liveness::print` layout, all lines starting with `//`:
//!
//! - blocks numbered in a pre-order block walk of the function, values
//!   numbered in the same walk (a block's arguments, then the results of its
//!   ops), ops numbered likewise; a value prints as `val_<n>` (op result) or
//!   `arg<i>@<block>` (block argument), each followed by a space;
//! - per block: `// - Block: n`, `// --- LiveIn: ...`, `// --- LiveOut: ...`
//!   (sorted by value number), the liveness interval of every op result (the
//!   ops where it is live, in op-number order, each printed by MLIR's
//!   printer), and for every op the values currently live there
//!   (`//     <op> [v1 v2 \b]`; the backspace is MLIR's).
//!
//! Intervals follow MLIR's `resolveLiveness`: from the defining block and the
//! blocks of direct users, walk successors where the value is live-in; in
//! each block take the ops from the start to the end operation.

use melior::ir::OperationRef;

use super::print_support::{OpPrinter, Unit, emit_stderr, pre_order_blocks, units};
use crate::ir::capture::{IrMap, capture};
use crate::ir::interfaces::symbol_name;
use crate::{
    analysis::{
        graph::Cfg,
        liveness::Liveness,
        snapshot::{BlockId, OpId, Snapshot, ValueDef, ValueId},
        uses::UseLists,
    },
    options::NoOptions,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pub struct PrintLiveness;

impl BufrsPass for PrintLiveness {
    type Options = NoOptions;
    const ARGUMENT: &'static str = "bufrs-print-liveness";
    const SUMMARY: &'static str =
        "Debug: print liveness (live-in/out, intervals, live values) of every function to stderr";
    const ANCHOR: Anchor = Anchor::Any;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let (snap, map) = capture(op.to_raw());
        let cfg = Cfg::new(&snap);
        let live = Liveness::with_cfg(&snap, &cfg);
        let uses = UseLists::new(&snap);
        let printer = OpPrinter::new(op.to_raw());
        let mut out = String::new();
        for unit in units(&snap, &map) {
            out.push_str(&format!("Testing : {}\n", symbol_name(map.op(unit.op))));
            Printer::new(&snap, &map, &printer, &cfg, &live, &uses, unit).write(&mut out);
        }
        emit_stderr(&out);
        // Analysis only: the IR is as it was.
        pass::unchanged(op.to_raw())
    }
}

struct Printer<'a> {
    snap: &'a Snapshot,
    map: &'a IrMap,
    printer: &'a OpPrinter,
    cfg: &'a Cfg,
    live: &'a Liveness<'a>,
    uses: &'a UseLists,
    blocks: Vec<BlockId>,
    /// Blocks visited by the current [`Printer::resolve`], marked with its
    /// stamp (one vector for all values: a fresh one per value cost the
    /// snapshot's block count per value).
    visited: std::cell::RefCell<(u32, Vec<u32>)>,
    block_no: Vec<u32>,
    value_no: Vec<u32>,
    op_no: Vec<u32>,
}

impl<'a> Printer<'a> {
    fn new(
        snap: &'a Snapshot,
        map: &'a IrMap,
        printer: &'a OpPrinter,
        cfg: &'a Cfg,
        live: &'a Liveness<'a>,
        uses: &'a UseLists,
        unit: Unit,
    ) -> Self {
        let blocks = pre_order_blocks(snap, unit.op);
        let mut block_no = vec![0u32; snap.blocks.len()];
        let mut value_no = vec![0u32; snap.values.len()];
        let mut op_no = vec![0u32; snap.ops.len()];
        let (mut nv, mut no) = (0u32, 0u32);
        for (i, &b) in blocks.iter().enumerate() {
            block_no[b.index()] = i as u32;
            for &a in &snap.block(b).args {
                value_no[a.index()] = nv;
                nv += 1;
            }
            for &o in &snap.block(b).ops {
                op_no[o.index()] = no;
                no += 1;
                for &r in &snap.op(o).results {
                    value_no[r.index()] = nv;
                    nv += 1;
                }
            }
        }
        Printer {
            snap,
            map,
            printer,
            cfg,
            live,
            uses,
            visited: std::cell::RefCell::new((0, vec![0; snap.blocks.len()])),
            blocks,
            block_no,
            value_no,
            op_no,
        }
    }

    fn value_ref(&self, v: ValueId) -> String {
        match self.snap.value(v).def {
            ValueDef::OpResult { .. } => format!("val_{} ", self.value_no[v.index()]),
            ValueDef::BlockArg { block, index } => {
                format!("arg{index}@{} ", self.block_no[block.index()])
            }
        }
    }

    fn value_refs(&self, values: &[ValueId]) -> String {
        let mut sorted = values.to_vec();
        sorted.sort_by_key(|v| self.value_no[v.index()]);
        sorted.iter().map(|&v| self.value_ref(v)).collect()
    }

    /// MLIR `Liveness::resolveLiveness`: every op where `v` is live, sorted
    /// by op number.
    fn resolve(&self, v: ValueId) -> Vec<OpId> {
        let snap = self.snap;
        let mut marks = self.visited.borrow_mut();
        let (stamp, visited) = &mut *marks;
        *stamp += 1;
        let stamp = *stamp;
        let mut work = Vec::new();
        if let Some(d) = snap.defining_block(v) {
            visited[d.index()] = stamp;
            work.push(d);
        }
        for u in self.uses.of(v) {
            if let Some(b) = snap.op(u.user).parent_block
                && visited[b.index()] != stamp
            {
                visited[b.index()] = stamp;
                work.push(b);
            }
        }
        let mut result = Vec::new();
        while let Some(b) = work.pop() {
            if let Some(start) = self.live.start_operation(v, b) {
                let end = self.live.end_operation(v, start);
                let ops = &snap.block(b).ops;
                let (s, e) = (
                    snap.op(start).position as usize,
                    snap.op(end).position as usize,
                );
                result.extend_from_slice(&ops[s..=e.max(s)]);
            }
            for s in self.cfg.successors(b) {
                if self.live.is_live_in(v, s) && visited[s.index()] != stamp {
                    visited[s.index()] = stamp;
                    work.push(s);
                }
            }
        }
        result.sort_by_key(|o| self.op_no[o.index()]);
        result
    }

    fn write(&self, out: &mut String) {
        let snap = self.snap;
        out.push_str("// ---- Liveness -----\n");
        for &b in &self.blocks {
            out.push_str(&format!("// - Block: {}\n", self.block_no[b.index()]));
            out.push_str(&format!(
                "// --- LiveIn: {}\n",
                self.value_refs(self.live.live_in(b))
            ));
            out.push_str(&format!(
                "// --- LiveOut: {}\n",
                self.value_refs(self.live.live_out(b))
            ));
            out.push_str("// --- BeginLivenessIntervals");
            for &o in &snap.block(b).ops {
                let results = &snap.op(o).results;
                if results.is_empty() {
                    continue;
                }
                out.push('\n');
                for &r in results {
                    out.push_str(&format!("// {}:", self.value_ref(r)));
                    for x in self.resolve(r) {
                        out.push_str("\n//     ");
                        out.push_str(&self.printer.print(self.map.op(x)));
                    }
                }
            }
            out.push_str("\n// --- EndLivenessIntervals\n");
            out.push_str("// --- BeginCurrentlyLive\n");
            for &o in &snap.block(b).ops {
                let now = self.live.currently_live_values(o);
                if now.is_empty() {
                    continue;
                }
                out.push_str(&format!(
                    "//     {} [{}\x08]\n",
                    self.printer.print(self.map.op(o)),
                    self.value_refs(&now)
                ));
            }
            out.push_str("// --- EndCurrentlyLive\n");
        }
        out.push_str("// -------------------\n");
    }
}
