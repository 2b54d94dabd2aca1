//! `bufrs-test-build-analyses` (test only): captures the op it runs on and
//! builds all four analyses (dominance + post-dominance, liveness, buffer
//! aliases, lifetimes), then writes one line with sizes and the time of each
//! step to stdout. It exists for `utils/bench_analyses.py`, which compares
//! these times with the time `mlir-opt` takes to parse and verify the same
//! file in the same run; `-mlir-timing` shows the pass's total as well.
//!
//! Output: `build-analyses <sym_name>: ops=<n> blocks=<n> values=<n>
//! capture_us=<t> dominance_us=<t> liveness_us=<t> alias_us=<t>
//! lifetimes_us=<t> drop_us=<t>` (microseconds, wall clock; `drop`: freeing
//! the snapshot and the analyses).

use std::{hint::black_box, time::Instant};

use melior::ir::OperationRef;

use super::print_support::emit;
use crate::ir::capture::capture;
use crate::ir::interfaces::symbol_name;
use crate::{
    analysis::{
        alias::AliasAnalysis, dominance::DominanceInfo, graph::Cfg, lifetimes::Lifetimes,
        liveness::Liveness,
    },
    options::NoOptions,
    passes::{Anchor, BufrsPass, PassResult},
};

pub struct TestBuildAnalyses;

impl BufrsPass for TestBuildAnalyses {
    type Options = NoOptions;
    const ARGUMENT: &'static str = "bufrs-test-build-analyses";
    const SUMMARY: &'static str = "Test only: build every analysis and print how long each took";
    const ANCHOR: Anchor = Anchor::Any;
    const TEST_ONLY: bool = true;

    fn run(op: OperationRef<'_, '_>, _options: &Self::Options) -> PassResult {
        let micros = |t: Instant| t.elapsed().as_micros();
        let t = Instant::now();
        let (snap, _map) = capture(op.to_raw());
        let capture_us = micros(t);
        let t = Instant::now();
        let dom = DominanceInfo::new(&snap);
        black_box(&dom);
        let dominance_us = micros(t);
        let t = Instant::now();
        let live = Liveness::with_cfg(&snap, &Cfg::new(&snap));
        black_box(&live);
        let liveness_us = micros(t);
        let t = Instant::now();
        let alias = AliasAnalysis::new(&snap);
        black_box(&alias);
        let alias_us = micros(t);
        let t = Instant::now();
        let lifetimes = Lifetimes::new(&snap, &alias);
        black_box(&lifetimes);
        let lifetimes_us = micros(t);
        let (ops, blocks, values) = (snap.ops.len(), snap.blocks.len(), snap.values.len());
        let t = Instant::now();
        drop((lifetimes, alias, live, dom));
        drop((snap, _map));
        let drop_us = micros(t);
        emit(&format!(
            "build-analyses {}: ops={ops} blocks={blocks} values={values} capture_us={capture_us} \
             dominance_us={dominance_us} liveness_us={liveness_us} alias_us={alias_us} lifetimes_us={lifetimes_us} \
             drop_us={drop_us}\n",
            symbol_name(op.to_raw()),
        ));
        Ok(())
    }
}
