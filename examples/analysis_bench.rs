//! Micro benchmark of the pure-Rust analyses (`src/analysis/`) on generated
//! function snapshots of about 1k, 10k, 100k and 300k ops: straight-line
//! blocks, a CFG with loops, nested scf-like loops/ifs/while/execute_region,
//! many buffers. Prints the best of several runs per analysis, the time per
//! op, and the growth exponent between consecutive sizes
//! (`log(t2/t1) / log(n2/n1)`, 1.0 = linear).
//!
//! Run: `cargo run --release --example analysis_bench`

use std::time::{Duration, Instant};

use bufrs::analysis::{
    alias::AliasAnalysis, dominance::DominanceInfo, lifetimes::Lifetimes, liveness::Liveness,
    snapshot::Snapshot,
};

// The crate's snapshot generator, which the library compiles for its unit
// tests only: included here by path; its `super::snapshot` is this import.
use bufrs::analysis::snapshot;
#[path = "../src/analysis/testgen.rs"]
#[allow(dead_code)]
mod testgen;
use testgen::{GenConfig, generate};

fn best<T>(reps: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        drop(r);
    }
    best
}

struct Row {
    ops: usize,
    times: [Duration; 5],
}

fn main() {
    let sizes = [1_000usize, 10_000, 100_000, 300_000];
    let names = ["dominance", "liveness", "alias", "lifetimes", "total"];
    let mut rows: Vec<Row> = Vec::new();
    let mut sizes_info: Vec<String> = Vec::new();
    println!(
        "{:>8} {:>7} {:>7} {:>8} {:>9} | {:>10} {:>10} {:>10} {:>10} {:>10} | {:>8}",
        "ops",
        "blocks",
        "regions",
        "values",
        "allocs",
        "dom",
        "liveness",
        "alias",
        "lifetimes",
        "total",
        "ns/op"
    );
    for &n in &sizes {
        let s: Snapshot = generate(0xC0FFEE ^ n as u64, &GenConfig::large(n));
        let reps = if n >= 100_000 { 3 } else { 10 };
        let t_dom = best(reps, || DominanceInfo::new(&s));
        let t_live = best(reps, || Liveness::new(&s));
        let t_alias = best(reps, || AliasAnalysis::new(&s));
        let aa = AliasAnalysis::new(&s);
        let t_life = best(reps, || Lifetimes::new(&s, &aa));
        let t_total = best(reps, || {
            let d = DominanceInfo::new(&s);
            let l = Liveness::new(&s);
            let a = AliasAnalysis::new(&s);
            let lt = Lifetimes::new(&s, &a);
            (
                d.cfg().num_blocks(),
                l.live_in(Default::default()).len(),
                lt.allocations().len(),
            )
        });
        let lt = Lifetimes::new(&s, &aa);
        let ops = s.ops.len();
        // Output sizes, to tell algorithmic growth from result growth.
        let lv = Liveness::new(&s);
        let live_pairs: usize = (0..s.blocks.len() as u32)
            .map(|b| {
                let b = bufrs::analysis::snapshot::BlockId(b);
                lv.live_in(b).len() + lv.live_out(b).len()
            })
            .sum();
        let src_at_uses: usize = s
            .ops
            .iter()
            .flat_map(|o| o.operands.iter())
            .map(|&v| {
                let x = aa.allocation_sources(v);
                x.allocations.len() + x.allocas.len()
            })
            .sum();
        sizes_info.push(format!(
            "{ops:>8} ops: live-in+live-out entries {live_pairs:>9}, sum of |allocation_sources| over operands {src_at_uses:>9}, flow components {:>7}",
            aa.num_components()
        ));
        let ms = |d: Duration| format!("{:.3}ms", d.as_secs_f64() * 1e3);
        println!(
            "{:>8} {:>7} {:>7} {:>8} {:>9} | {:>10} {:>10} {:>10} {:>10} {:>10} | {:>8.1}",
            ops,
            s.blocks.len(),
            s.regions.len(),
            s.values.len(),
            lt.allocations().len(),
            ms(t_dom),
            ms(t_live),
            ms(t_alias),
            ms(t_life),
            ms(t_total),
            t_total.as_secs_f64() * 1e9 / ops as f64
        );
        rows.push(Row {
            ops,
            times: [t_dom, t_live, t_alias, t_life, t_total],
        });
    }
    println!("\nresult sizes:");
    for l in &sizes_info {
        println!("  {l}");
    }
    println!("\ngrowth exponents (1.0 = linear):");
    for w in rows.windows(2) {
        let ln = (w[1].ops as f64 / w[0].ops as f64).ln();
        let ex: Vec<String> = (0..5)
            .map(|i| {
                let r = w[1].times[i].as_secs_f64() / w[0].times[i].as_secs_f64().max(1e-9);
                format!("{}={:.2}", names[i], r.ln() / ln)
            })
            .collect();
        println!(
            "  {:>7} -> {:>7} ops: {}",
            w[0].ops,
            w[1].ops,
            ex.join("  ")
        );
    }
}
