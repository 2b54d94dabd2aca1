//! Benchmark of the memory planners, printed as markdown tables:
//!
//! 1. the MiniMalloc "challenging" instances (A..K, files `A.1048576.csv` ...) from the
//!    directory `--data DIR` or, without it, `BUFRS_MINIMALLOC_DIR` names (skipped when neither
//!    is given): lower bound, best known peak, and every planner's peak and time;
//! 2. DNN-like random traces of 100 to 100,000 buffers: ratio of peak to lower bound and time
//!    per planner, with the geometric mean over seeds.
//!
//! Run: `cargo run --release --example plan_bench [-- --search-ms 10000 --seeds 5 --max 100000]`.
//! Every plan is verified with the checker; a failure aborts the run.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bufrs::plan::{
    Planner, PlannerKind, Problem, SearchBudget, check_plan, csv_io, lower_bound, synth,
};

struct Options {
    search_ms: u64,
    seeds: u64,
    max_buffers: usize,
    data: Option<PathBuf>,
    skip_minimalloc: bool,
    skip_traces: bool,
}

fn options() -> Options {
    let mut o = Options {
        search_ms: 10_000,
        seeds: 5,
        max_buffers: 100_000,
        data: std::env::var_os("BUFRS_MINIMALLOC_DIR").map(PathBuf::from),
        skip_minimalloc: false,
        skip_traces: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--search-ms" => o.search_ms = value.parse().expect("--search-ms N"),
            "--seeds" => o.seeds = value.parse().expect("--seeds N"),
            "--max" => o.max_buffers = value.parse().expect("--max N"),
            "--data" => o.data = Some(PathBuf::from(value)),
            "--no-minimalloc" => {
                o.skip_minimalloc = true;
                i += 1;
                continue;
            }
            "--no-traces" => {
                o.skip_traces = true;
                i += 1;
                continue;
            }
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    o
}

fn run(kind: PlannerKind, problem: &Problem, search_ms: u64) -> (u64, Duration) {
    let planner = kind.planner(SearchBudget::from_millis(search_ms));
    let start = Instant::now();
    let plan = planner.plan(problem);
    let elapsed = start.elapsed();
    if let Err(error) = check_plan(problem, &plan) {
        panic!("{} produced an invalid plan: {error}", kind.name());
    }
    (plan.total, elapsed)
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.0}")
    }
}

const BEST_KNOWN: [(&str, u64); 11] = [
    ("A", 1048576),
    ("B", 1048576),
    ("C", 1039360),
    ("D", 1048576),
    ("E", 1048576),
    ("F", 1048576),
    ("G", 1048576),
    ("H", 1048576),
    ("I", 1048576),
    ("J", 1048576),
    ("K", 1048576),
];

fn minimalloc(o: &Options, data: &std::path::Path) {
    let kinds = PlannerKind::ALL;
    println!(
        "## MiniMalloc challenging instances (peak / LB, time in ms; search budget {} ms)\n",
        o.search_ms
    );
    print!("| instance | buffers | LB | best known |");
    for kind in kinds {
        print!(" {} |", kind.name());
    }
    println!();
    print!("|---|---|---|---|");
    for _ in kinds {
        print!("---|");
    }
    println!();
    let mut search_at_best = 0;
    let mut default_worst: f64 = 0.0;
    let mut default_slowest = Duration::ZERO;
    for (name, best_known) in BEST_KNOWN {
        let path = data.join(format!("{name}.1048576.csv"));
        let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let instance =
            csv_io::read_instance(file, 1).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let problem = &instance.problem;
        let bound = lower_bound(problem);
        print!("| {name} | {} | {bound} | {best_known} |", problem.len());
        for kind in kinds {
            let (total, time) = run(kind, problem, o.search_ms);
            let ratio = total as f64 / bound as f64;
            let mark = if total <= best_known { "**" } else { "" };
            print!(" {mark}{total}{mark} ({ratio:.3}, {} ms) |", ms(time));
            if kind == PlannerKind::Search && total <= best_known {
                search_at_best += 1;
            }
            if kind == PlannerKind::Default {
                default_worst = default_worst.max(ratio);
                default_slowest = default_slowest.max(time);
            }
        }
        println!();
    }
    println!(
        "\nsearch at best known: {search_at_best}/11; default worst ratio {default_worst:.3}, slowest {} ms (bold = best known reached)\n",
        ms(default_slowest)
    );
}

fn traces(o: &Options) {
    let kinds = PlannerKind::ALL
        .into_iter()
        .filter(|&k| k != PlannerKind::Search);
    let kinds: Vec<PlannerKind> = kinds.collect();
    println!(
        "## DNN-like random traces: geometric mean of peak / LB over {} seeds, mean time in ms\n",
        o.seeds
    );
    print!("| buffers |");
    for kind in &kinds {
        print!(" {} |", kind.name());
    }
    println!();
    print!("|---|");
    for _ in &kinds {
        print!("---|");
    }
    println!();
    let mut sizes = vec![100usize, 300, 1000, 3000, 10_000, 30_000, 100_000];
    sizes.retain(|&n| n <= o.max_buffers);
    let mut all_default_logs = Vec::new();
    for n in sizes {
        print!("| {n} |");
        for &kind in &kinds {
            let mut log_sum = 0.0;
            let mut time = Duration::ZERO;
            for seed in 0..o.seeds {
                let problem = synth::dnn_trace(n, seed).expect("trace");
                let bound = lower_bound(&problem);
                let (total, t) = run(kind, &problem, o.search_ms);
                let log = (total as f64 / bound as f64).ln();
                log_sum += log;
                if kind == PlannerKind::Default {
                    all_default_logs.push(log);
                }
                time += t;
            }
            let geomean = (log_sum / o.seeds as f64).exp();
            print!(" {geomean:.4} ({} ms) |", ms(time / o.seeds as u32));
        }
        println!();
    }
    let overall =
        (all_default_logs.iter().sum::<f64>() / all_default_logs.len().max(1) as f64).exp();
    println!("\ndefault planner, geometric mean over all trace sizes and seeds: {overall:.4}\n");
}

fn main() {
    let o = options();
    if !o.skip_minimalloc {
        match &o.data {
            Some(data) => minimalloc(&o, data),
            None => println!(
                "MiniMalloc instances skipped: give their directory with --data DIR or BUFRS_MINIMALLOC_DIR\n"
            ),
        }
    }
    if !o.skip_traces {
        traces(&o);
    }
}
