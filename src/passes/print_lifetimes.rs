//! `bufrs-print-lifetimes`: prints bufrs's tick-based buffer lifetimes
//! (`analysis::lifetimes`, merge-alloc's view of seed 003) of a function, for
//! debugging and lit tests.
//!
//! Runs on function-like ops. Output (stdout), one report per function:
//!
//! ```text
//! Testing : <sym_name>
//! tick <b>: <op name>            (with print-ticks=true: every op in tick order;
//! tick <b>-<e>: <op name>         ops with regions show begin-end)
//! scope <scope>:
//!   <value>: [<begin>, <end>] <alloc|alloca> uses=<0|1> escape=<-|returned,yielded,loop-carried,call,unknown-op>
//! ```
//!
//! Allocations are grouped by allocation scope (`@<sym_name>` for the
//! function itself, `<op name>@<tick>` for a nested scope op), scopes in op
//! order, allocations by begin tick. Ticks are the pre-order numbering of
//! `analysis::lifetimes::Ticks` (the function itself is tick 0); intervals
//! are inclusive and already widened for loops, branches and CFG regions.
//! Scopes are merge-alloc's (`analysis::loops::allocation_scope`): a loop
//! whose iterations may overlap (e.g. `scf.forall`) is a scope of its own, a
//! sequential loop (`scf.for`) is not.

use melior::ir::OperationRef;

use super::print_support::{ValueNamer, emit};
use crate::ir::capture::capture;
use crate::ir::interfaces::symbol_name;
use crate::{
    analysis::{
        alias::AliasAnalysis,
        lifetimes::Lifetimes,
        snapshot::{OpId, Snapshot},
    },
    pass_options,
    passes::{Anchor, BufrsPass, PassResult, pass},
};

pass_options! {
    /// Options of `bufrs-print-lifetimes`.
    pub struct PrintLifetimesOptions {
        print_ticks: bool = false => "print-ticks",
            "Also print the tick of every op.";
    }
}

pub struct PrintLifetimes;

impl BufrsPass for PrintLifetimes {
    type Options = PrintLifetimesOptions;
    const ARGUMENT: &'static str = "bufrs-print-lifetimes";
    const SUMMARY: &'static str =
        "Debug: print tick-based buffer lifetimes (merge-alloc) of a function to stdout";
    const ANCHOR: Anchor = Anchor::FunctionLike;

    fn run(op: OperationRef<'_, '_>, options: &Self::Options) -> PassResult {
        let (snap, map) = capture(op.to_raw());
        let alias = AliasAnalysis::new(&snap);
        let lifetimes = Lifetimes::new(&snap, &alias);
        let ticks = lifetimes.ticks();
        let namer = ValueNamer::new(op.to_raw());
        let function = symbol_name(map.op(Snapshot::ROOT));
        let mut out = format!("Testing : {function}\n");
        if options.print_ticks {
            let mut order: Vec<OpId> = (0..snap.ops.len() as u32).map(OpId).collect();
            order.sort_by_key(|&o| ticks.begin(o));
            for o in order {
                let (b, e) = (ticks.begin(o), ticks.end(o));
                let range = if snap.op(o).regions.is_empty() {
                    b.to_string()
                } else {
                    format!("{b}-{e}")
                };
                out.push_str(&format!("tick {range}: {}\n", snap.op(o).name));
            }
        }
        let allocs = lifetimes.allocations();
        for (scope, members) in lifetimes.by_scope() {
            let scope_name = if scope == Snapshot::ROOT {
                format!("@{function}")
            } else {
                format!("{}@{}", snap.op(scope).name, ticks.begin(scope))
            };
            out.push_str(&format!("scope {scope_name}:\n"));
            for i in members {
                let a = &allocs[i];
                let e = &a.escape;
                let escapes: Vec<&str> = [
                    (e.returned, "returned"),
                    (e.yielded, "yielded"),
                    (e.loop_carried, "loop-carried"),
                    (e.call, "call"),
                    (e.unknown_op, "unknown-op"),
                ]
                .iter()
                .filter(|(on, _)| *on)
                .map(|&(_, n)| n)
                .collect();
                out.push_str(&format!(
                    "  {}: [{}, {}] {} uses={} escape={}\n",
                    namer.name(map.value(a.value)),
                    a.begin,
                    a.end,
                    if a.is_alloca { "alloca" } else { "alloc" },
                    a.has_uses as u8,
                    if escapes.is_empty() {
                        "-".to_string()
                    } else {
                        escapes.join(",")
                    }
                ));
            }
        }
        emit(&out);
        // Analysis only: the IR is as it was.
        pass::unchanged(op.to_raw())
    }
}
