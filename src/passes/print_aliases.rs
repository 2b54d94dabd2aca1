//! `bufrs-print-aliases`: prints bufrs's buffer alias analysis
//! (`analysis::alias`, in the spirit of MLIR's `BufferViewFlowAnalysis`) of
//! a function, for debugging and lit tests.
//!
//! Runs on function-like ops. Output (stdout), one report per function:
//!
//! ```text
//! Testing : <sym_name>
//! <value>: origin=<allocation|alloca|external|derived> sources=[<allocs>] external=<0|1> aliases=[<values>]
//! ```
//!
//! One line per buffer value (ranked or unranked memref) of the function, in
//! snapshot order (a region's block arguments before its ops, then program
//! order, nested regions where they occur). Values are named as MLIR prints
//! them as operands. `origin` is the value's own origin; `sources` the
//! allocations (heap and stack, in snapshot order) it may come from and
//! `external` whether it may also be memory of unknown origin
//! (`allocation_sources`); `aliases` every buffer value that may share a
//! root with it (`resolve`, itself included).
//!
//! The report is written line by line while holding stdout's lock (so the
//! reports of functions printed in parallel do not interleave): on inputs
//! where every value may alias most others the output itself is quadratic
//! in the function's size, and building it as one string first doubled
//! the peak memory.

use std::io::Write;

use melior::ir::OperationRef;

use super::print_support::ValueNamer;
use crate::ir::capture::capture;
use crate::ir::interfaces::symbol_name;
use crate::{
    analysis::{
        alias::{AliasAnalysis, Origin},
        snapshot::{Snapshot, ValueId},
    },
    options::NoOptions,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pub struct PrintAliases;

impl BufrsPass for PrintAliases {
    type Options = NoOptions;
    const ARGUMENT: &'static str = "bufrs-print-aliases";
    const SUMMARY: &'static str = "Debug: print the buffer alias analysis of a function to stdout";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let (snap, map) = capture(op.to_raw());
        let alias = AliasAnalysis::new(&snap);
        let namer = ValueNamer::new(op.to_raw());
        // Each value's name is printed once per value it aliases: ask MLIR
        // for it once.
        let names: Vec<std::cell::OnceCell<String>> = vec![Default::default(); snap.values.len()];
        let name = |v: ValueId| {
            names[v.index()]
                .get_or_init(|| namer.name(map.value(v)))
                .as_str()
        };
        let list = |vs: &[ValueId]| vs.iter().map(|&v| name(v)).collect::<Vec<_>>().join(", ");
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        // A closed stdout is not an error of the pass: write failures are
        // ignored.
        let _ = writeln!(out, "Testing : {}", symbol_name(map.op(Snapshot::ROOT)));
        for (i, info) in snap.values.iter().enumerate() {
            let v = ValueId(i as u32);
            if !info.kind.is_buffer() || snap.defining_block(v).is_none() {
                continue;
            }
            let origin = match alias.origin(v) {
                Origin::Allocation => "allocation",
                Origin::Alloca => "alloca",
                Origin::External => "external",
                Origin::Derived => "derived",
            };
            let sources = alias.allocation_sources(v);
            let mut from: Vec<ValueId> = sources
                .allocations
                .iter()
                .chain(&sources.allocas)
                .copied()
                .collect();
            from.sort_unstable();
            let aliases: Vec<ValueId> = alias
                .resolve(v)
                .into_iter()
                .filter(|&x| snap.value(x).kind.is_buffer())
                .collect();
            let _ = writeln!(
                out,
                "{}: origin={origin} sources=[{}] external={} aliases=[{}]",
                name(v),
                list(&from),
                sources.may_be_external as u8,
                list(&aliases)
            );
        }
        let _ = out.flush();
        // Analysis only: the IR is as it was.
        pass::unchanged(op.to_raw())
    }
}
