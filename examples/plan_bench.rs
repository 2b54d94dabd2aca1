//! Benchmark of the memory planners, printed as markdown tables:
//!
//! 1. the MiniMalloc "challenging" instances (A..K, files `A.1048576.csv` ...) from the
//!    directory `--data DIR` or, without it, `BUFRS_MINIMALLOC_DIR` names (skipped when neither
//!    is given): lower bound, best known peak, and every planner's peak and time;
//! 2. DNN-like random traces of 100 to 100,000 buffers: ratio of peak to lower bound and time
//!    per planner, with the geometric mean over seeds.
//!
//! 3. perfect packings of 200, 1,000 and 5,000 buffers (`--perfect-sizes N,N,...`,
//!    `--no-perfect`), `--seeds` seeds each: default, skyline and search, one row per instance;
//!
//! 4. with `--scale`: the trace shapes of [`synth::Shape`] at 10^4, 10^5 and 10^6 buffers
//!    (`--scale-max N`), every planner cut at `--scale-budget-ms` (default 2000) of wall time,
//!    then the budget-versus-wall table: each planner's wall time against budgets of 100 and
//!    1000 ms (the target: at most 1.1 x budget + 50 ms), then the default planner without a
//!    cutoff on every shape and a DNN-like trace (`--scale-default`: that table alone).
//!
//! Run: `cargo run --release --example plan_bench [-- --search-ms 10000 --seeds 5 --max 100000]`.
//! Every plan is verified with the checker; a failure aborts the run.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bufrs::plan::{
    Deadline, Planner, PlannerKind, Problem, SearchBudget, check_plan, csv_io, lower_bound, synth,
};

struct Options {
    search_ms: u64,
    seeds: u64,
    max_buffers: usize,
    data: Option<PathBuf>,
    skip_minimalloc: bool,
    skip_traces: bool,
    skip_perfect: bool,
    perfect_sizes: Vec<usize>,
    scale: bool,
    scale_default_only: bool,
    scale_max: usize,
    scale_budget_ms: u64,
}

/// What `--help` prints.
const USAGE: &str = "\
Benchmark of the memory planners, printed as markdown tables.

usage: cargo run --release --example plan_bench -- [OPTIONS]

  --data DIR             MiniMalloc's challenging instances (A.1048576.csv ... K.1048576.csv);
                         default: $BUFRS_MINIMALLOC_DIR, skipped when neither is given
  --no-minimalloc        skip the MiniMalloc instances
  --search-ms N          the search planner's budget per instance (default 10000)
  --seeds N              seeds per DNN-like trace size and perfect-packing size (default 5)
  --max N                largest DNN-like trace, in buffers (default 100000)
  --no-traces            skip the DNN-like traces
  --perfect-sizes N,...  perfect-packing sizes (default 200,1000,5000)
  --no-perfect           skip the perfect packings
  --scale                every planner on the trace shapes at 10^4 .. --scale-max buffers
  --scale-default        only the default planner without a cutoff on the shapes
  --scale-max N          largest shape, in buffers (default 1000000)
  --scale-budget-ms N    the wall-time budget per planner in --scale (default 2000)
  -h, --help             print this and exit
";

fn options() -> Options {
    let mut o = Options {
        search_ms: 10_000,
        seeds: 5,
        max_buffers: 100_000,
        data: std::env::var_os("BUFRS_MINIMALLOC_DIR").map(PathBuf::from),
        skip_minimalloc: false,
        skip_traces: false,
        skip_perfect: false,
        perfect_sizes: vec![200, 1000, 5000],
        scale: false,
        scale_default_only: false,
        scale_max: 1_000_000,
        scale_budget_ms: 2000,
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
            "--scale" => {
                o.scale = true;
                i += 1;
                continue;
            }
            "--scale-default" => {
                o.scale = true;
                o.scale_default_only = true;
                i += 1;
                continue;
            }
            "--scale-max" => o.scale_max = value.parse().expect("--scale-max N"),
            "--scale-budget-ms" => o.scale_budget_ms = value.parse().expect("--scale-budget-ms N"),
            "--no-perfect" => {
                o.skip_perfect = true;
                i += 1;
                continue;
            }
            "--perfect-sizes" => {
                o.perfect_sizes = value
                    .split(',')
                    .map(|n| n.parse().expect("--perfect-sizes N,N,..."))
                    .collect()
            }
            "--no-traces" => {
                o.skip_traces = true;
                i += 1;
                continue;
            }
            "-h" | "--help" => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            other => {
                eprintln!("plan_bench: unknown argument '{other}'\n\n{USAGE}");
                std::process::exit(2);
            }
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

/// Perfect packings ([`synth::perfect_packing`]: optimum = lower bound = 1 MiB): one row per
/// instance with the default, skyline and search planners' peak / LB and time, then per size
/// the geometric mean and the worst.
fn perfect(o: &Options) {
    let kinds = [
        PlannerKind::Default,
        PlannerKind::Skyline,
        PlannerKind::Search,
    ];
    println!(
        "## Perfect packings (optimum = LB = 1048576): peak / LB (time in ms; search budget {} ms)\n",
        o.search_ms
    );
    print!("| buffers | seed |");
    for kind in kinds {
        print!(" {} |", kind.name());
    }
    println!();
    println!("|---|---|---|---|---|");
    let mut summary = Vec::new();
    for &n in &o.perfect_sizes {
        let mut logs = [0.0f64; 3];
        let mut worst = [0.0f64; 3];
        let mut slowest = [Duration::ZERO; 3];
        for seed in 0..o.seeds {
            let problem = synth::perfect_packing(n, seed).expect("perfect packing");
            let bound = lower_bound(&problem);
            print!("| {n} | {seed} |");
            for (k, &kind) in kinds.iter().enumerate() {
                let (total, time) = run(kind, &problem, o.search_ms);
                let ratio = total as f64 / bound as f64;
                logs[k] += ratio.ln();
                worst[k] = worst[k].max(ratio);
                slowest[k] = slowest[k].max(time);
                print!(" {ratio:.4} ({} ms) |", ms(time));
            }
            println!();
        }
        summary.push((n, logs, worst, slowest));
    }
    println!("\n| buffers | planner | geometric mean | worst | slowest |\n|---|---|---|---|---|");
    for (n, logs, worst, slowest) in summary {
        for (k, kind) in kinds.iter().enumerate() {
            println!(
                "| {n} | {} | {:.4} | {:.4} | {} ms |",
                kind.name(),
                (logs[k] / o.seeds as f64).exp(),
                worst[k],
                ms(slowest[k])
            );
        }
    }
    println!();
}

/// Plans with `kind` within `budget_ms` of wall time (the search also spends it as work), as
/// `bufrs-plan --time-budget-ms` does ([`Deadline::for_budget`]); checks the plan.
fn run_cut(kind: PlannerKind, problem: &Problem, budget_ms: u64) -> Cut {
    let planner = kind.planner(SearchBudget::from_millis(budget_ms));
    let cpu = thread_cpu();
    let start = Instant::now();
    let deadline = Deadline::for_budget(start, Duration::from_millis(budget_ms), problem.len());
    let plan = planner.plan_until(problem, deadline);
    let wall = start.elapsed();
    let cpu = thread_cpu().saturating_sub(cpu);
    let cut = deadline.passed();
    if let Err(error) = check_plan(problem, &plan) {
        panic!("{} produced an invalid plan: {error}", kind.name());
    }
    Cut {
        total: plan.total,
        wall,
        cpu,
        cut,
    }
}

/// What [`run_cut`] measured (the check of the plan excluded).
struct Cut {
    total: u64,
    wall: Duration,
    /// CPU time the planner got.
    cpu: Duration,
    /// Whether the cutoff had passed when the planner returned.
    cut: bool,
}

/// CPU time of this thread so far (Linux `/proc/thread-self/schedstat`; zero elsewhere): for
/// a planner that is not cut, about its wall time on an idle machine, whatever the load.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

fn scale_sizes(o: &Options) -> Vec<usize> {
    let mut sizes = vec![10_000usize, 100_000, 1_000_000];
    sizes.retain(|&n| n <= o.scale_max);
    sizes
}

/// The default planner without a cutoff (a safety cap of 120 s, marked `cut`) on every shape
/// and a DNN-like trace at each scale size: peak / LB and time.
fn scale_default(o: &Options) {
    let sizes = scale_sizes(o);
    println!("## Default planner without a cutoff: peak / LB (wall time, CPU time)\n");
    print!("| shape |");
    for n in &sizes {
        print!(" {n} |");
    }
    println!();
    print!("|---|");
    for _ in &sizes {
        print!("---|");
    }
    println!();
    let shapes = synth::Shape::ALL.map(Some).into_iter().chain([None]);
    for shape in shapes {
        print!("| {} |", shape.map_or("dnn", synth::Shape::name));
        for &n in &sizes {
            let problem = match shape {
                Some(shape) => synth::shape_trace(shape, n, 1),
                None => synth::dnn_trace(n, 1),
            }
            .expect("trace");
            let bound = lower_bound(&problem);
            let Cut {
                total,
                wall: time,
                cpu,
                cut,
            } = run_cut(PlannerKind::Default, &problem, 120_000);
            let cut = if cut { ", cut" } else { "" };
            print!(
                " {:.4} ({} ms{cut}, CPU {} ms) |",
                total as f64 / bound as f64,
                ms(time),
                ms(cpu)
            );
        }
        println!();
    }
    println!();
}

fn scale(o: &Options) {
    if o.scale_default_only {
        scale_default(o);
        return;
    }
    let kinds = PlannerKind::ALL;
    println!(
        "## Trace shapes at scale: peak / LB (time in ms; every planner cut at {} ms, `cut` when it was)\n",
        o.scale_budget_ms
    );
    print!("| shape | buffers |");
    for kind in kinds {
        print!(" {} |", kind.name());
    }
    println!();
    print!("|---|---|");
    for _ in kinds {
        print!("---|");
    }
    println!();
    for shape in synth::Shape::ALL {
        for n in scale_sizes(o) {
            let problem = synth::shape_trace(shape, n, 1).expect("trace");
            let bound = lower_bound(&problem);
            print!("| {} | {n} |", shape.name());
            for kind in kinds {
                let Cut {
                    total,
                    wall: time,
                    cut,
                    ..
                } = run_cut(kind, &problem, o.scale_budget_ms);
                let cut = if cut { ", cut" } else { "" };
                print!(
                    " {:.4} ({} ms{cut}) |",
                    total as f64 / bound as f64,
                    ms(time)
                );
            }
            println!();
        }
    }
    println!();
    let budgets = [100u64, 1000];
    println!(
        "## Budget versus wall time: largest wall time (CPU time) over the shapes (target <= 1.1 x budget + 50 ms)\n"
    );
    print!("| buffers | budget ms |");
    for kind in kinds {
        print!(" {} |", kind.name());
    }
    println!();
    print!("|---|---|");
    for _ in kinds {
        print!("---|");
    }
    println!();
    let mut worst_excess: f64 = 0.0;
    let mut worst_cpu: f64 = 0.0;
    for n in scale_sizes(o) {
        let problems: Vec<Problem> = synth::Shape::ALL
            .iter()
            .map(|&shape| synth::shape_trace(shape, n, 2).expect("trace"))
            .collect();
        for budget in budgets {
            print!("| {n} | {budget} |");
            for kind in kinds {
                let mut slowest = Duration::ZERO;
                let mut most_cpu = Duration::ZERO;
                for problem in &problems {
                    let run = run_cut(kind, problem, budget);
                    slowest = slowest.max(run.wall);
                    most_cpu = most_cpu.max(run.cpu);
                }
                let limit = budget as f64 * 1.1 + 50.0;
                let wall = slowest.as_secs_f64() * 1000.0;
                worst_excess = worst_excess.max(wall / limit);
                worst_cpu = worst_cpu.max(most_cpu.as_secs_f64() * 1000.0 / limit);
                let mark = if wall > limit { "**" } else { "" };
                print!(" {mark}{} ms{mark} ({}) |", ms(slowest), ms(most_cpu));
            }
            println!();
        }
    }
    println!(
        "\nworst wall time / (1.1 x budget + 50 ms): {worst_excess:.2} (bold: above the target); \
         worst CPU time the planner got (in parentheses; on a loaded machine a cut planner gets \
         a fraction of a core until its cutoff): {worst_cpu:.2}\n"
    );
    scale_default(o);
}

fn main() {
    let o = options();
    if o.scale {
        scale(&o);
        return;
    }
    if !o.skip_minimalloc {
        match &o.data {
            Some(data) => minimalloc(&o, data),
            None => println!(
                "MiniMalloc instances skipped: give their directory with --data DIR or BUFRS_MINIMALLOC_DIR\n"
            ),
        }
    }
    if !o.skip_perfect {
        perfect(&o);
    }
    if !o.skip_traces {
        traces(&o);
    }
}
