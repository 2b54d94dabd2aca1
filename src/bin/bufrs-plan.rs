//! `bufrs-plan`: plan a MiniMalloc-format CSV (`id,lower,upper,size`, half-open lifetimes)
//! with one of the built-in planners, print a one-line summary, and optionally write the
//! offsets (`id,offset`) and an SVG picture. Or plan an IREE-style slice list (`[start, end] =
//! size`, sizes integers or symbols; `bufrs::plan::slices`) and print its layout, symbolic when
//! sizes are. Bad input exits with status 2 and names the line. A closed standard output
//! (`bufrs-plan ... | head -1`) ends it quietly with status 0, as Unix filters do.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;

use bufrs::plan::{
    Deadline, Planner, PlannerKind, SearchBudget, check_plan, csv_io, lower_bound, search, slices,
    svg, symbolic,
};

#[derive(Parser, Debug)]
#[command(
    name = "bufrs-plan",
    about = "Static memory planning for buffers with lifetimes"
)]
struct Args {
    /// Planner: default, free-chunk, free-chunk-cost, greedy-size, best-fit-start, size-duration,
    /// greedy-breadth, skyline, search.
    #[arg(long, default_value = "default")]
    planner: String,
    /// Time budget in milliseconds. The search planner spends it as deterministic work (same
    /// input and budget, same plan, unless the machine is too slow); every planner stops at it
    /// on the wall clock and completes its plan the fast way (see `bufrs::plan::Deadline`).
    #[arg(long, alias = "time-budget-ms", default_value_t = SearchBudget::CLI_DEFAULT.millis())]
    search_budget_ms: u64,
    /// Alignment of every buffer's offset in bytes (a power of two).
    #[arg(long, default_value_t = 1)]
    alignment: u64,
    /// Input CSV with header `id,lower,upper,size`; each buffer lives over [lower, upper). Or a
    /// slice list: one `[start, end] = size` per line (inclusive lifetime; size an integer, a
    /// symbol or a product such as `4 * %n`).
    input: PathBuf,
    /// Write the offsets as CSV (`id,offset`) to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Draw the plan as SVG into this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// With `--planner search`: only decide whether a plan within this many bytes exists
    /// (prints `fits=yes`, `fits=no` (proved) or `fits=unknown` (budget spent)).
    #[arg(long)]
    capacity: Option<u64>,
}

/// Exit status for bad input or bad arguments.
const BAD_INPUT: u8 = 2;

/// Exit status of `--capacity` when no plan within it was found (proved or budget spent).
const NO_FIT: u8 = 3;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if failure.message.is_empty() => ExitCode::from(failure.status),
        Err(failure) => {
            eprintln!("bufrs-plan: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

struct Failure {
    message: String,
    status: u8,
}

/// Writes one line to standard output. A reader that went away (broken pipe) is a quiet
/// end with status 0 (an empty message); another error is a failure naming it.
fn say(line: std::fmt::Arguments) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}").map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure {
                message: String::new(),
                status: 0,
            }
        } else {
            Failure {
                message: format!("writing standard output: {e}"),
                status: 1,
            }
        }
    })
}

macro_rules! say {
    ($($arg:tt)*) => {
        say(format_args!($($arg)*))?
    };
}

fn bad_input(message: String) -> Failure {
    Failure {
        message,
        status: BAD_INPUT,
    }
}

fn run(args: &Args) -> Result<(), Failure> {
    let kind = PlannerKind::from_name(&args.planner).map_err(|e| bad_input(e.to_string()))?;
    let text = std::fs::read_to_string(&args.input)
        .map_err(|e| bad_input(format!("{}: {e}", args.input.display())))?;
    // A byte-order mark starts the text, it is not part of it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if slices::is_slice_list(text) {
        return run_slices(args, kind, text);
    }
    let instance = csv_io::read_instance(text.as_bytes(), args.alignment)
        .map_err(|e| bad_input(format!("{}: {e}", args.input.display())))?;
    let problem = &instance.problem;
    let budget = SearchBudget::from_millis(args.search_budget_ms);
    let planner = kind.planner(budget);
    let started = Instant::now();
    let plan = match args.capacity {
        None => {
            // The cutoff leaves time for the work outside the planners' clock checks.
            let budget = Duration::from_millis(args.search_budget_ms);
            let deadline = Deadline::for_budget(started, budget, problem.len());
            planner.plan_until(problem, deadline)
        }
        Some(capacity) => {
            if kind != PlannerKind::Search {
                return Err(bad_input(format!(
                    "--capacity needs --planner search (got {})",
                    kind.name()
                )));
            }
            match search::fit(problem, capacity, &budget.work(), &search::PORTFOLIO) {
                search::Fit::Found(plan) => {
                    say!("capacity={capacity} fits=yes");
                    plan
                }
                answer => {
                    let word = if answer == search::Fit::Infeasible {
                        "no"
                    } else {
                        "unknown"
                    };
                    say!(
                        "capacity={capacity} fits={word} time_ms={:.3}",
                        started.elapsed().as_secs_f64() * 1000.0
                    );
                    return Err(Failure {
                        message: format!("no plan within {capacity} bytes found"),
                        status: NO_FIT,
                    });
                }
            }
        }
    };
    let elapsed = started.elapsed();
    // A planner bug must never reach the user as a silently wrong plan.
    check_plan(problem, &plan).map_err(|e| Failure {
        message: format!(
            "internal error: planner {} produced an invalid plan: {e}",
            planner.name()
        ),
        status: 1,
    })?;
    let bound = lower_bound(problem);
    let ratio = if bound == 0 {
        1.0
    } else {
        plan.total as f64 / bound as f64
    };
    say!(
        "planner={} buffers={} peak={} lower_bound={} ratio={:.4} time_ms={:.3}",
        planner.name(),
        problem.len(),
        plan.total,
        bound,
        ratio,
        elapsed.as_secs_f64() * 1000.0
    );
    if let Some(path) = &args.out {
        let file = File::create(path).map_err(|e| Failure {
            message: format!("{}: {e}", path.display()),
            status: 1,
        })?;
        csv_io::write_offsets(BufWriter::new(file), &instance.ids, &plan).map_err(|e| Failure {
            message: format!("{}: {e}", path.display()),
            status: 1,
        })?;
    }
    if let Some(path) = &args.svg {
        let picture = svg::render(problem, &plan, &instance.ids);
        std::fs::write(path, picture).map_err(|e| Failure {
            message: format!("{}: {e}", path.display()),
            status: 1,
        })?;
    }
    Ok(())
}

/// Plans a slice list and prints `planner=... slices=N total=T lower_bound=L`, then one line
/// per slice: `slice K: [start, end] size=S offset=O` (expressions over the symbols when sizes
/// have them; every placement is proved valid for all sizes by `symbolic::verify`).
fn run_slices(args: &Args, kind: PlannerKind, text: &str) -> Result<(), Failure> {
    if args.out.is_some() || args.svg.is_some() || args.capacity.is_some() {
        return Err(bad_input(
            "--out, --svg and --capacity need a MiniMalloc CSV, not a slice list".into(),
        ));
    }
    if args.alignment == 0 || !args.alignment.is_power_of_two() {
        return Err(bad_input(format!(
            "alignment {} is not a power of two",
            args.alignment
        )));
    }
    let list = slices::parse(text, args.alignment)
        .map_err(|e| bad_input(format!("{}: {e}", args.input.display())))?;
    let planner = kind.planner(SearchBudget::from_millis(args.search_budget_ms));
    let mut plan = symbolic::plan(&list.buffers, &planner)
        .map_err(|e| bad_input(format!("{}: {e}", args.input.display())))?;
    symbolic::verify(&list.buffers, &plan).map_err(|e| Failure {
        message: format!("internal error: invalid symbolic plan: {e}"),
        status: 1,
    })?;
    let name = |s: u32| format!("%{}", list.symbols[s as usize]);
    let bound = symbolic::lower_bound(&list.buffers, &mut plan.exprs)
        .ok_or_else(|| bad_input("the lower bound overflows 64 bits".into()))?;
    say!(
        "planner={} slices={} total={} lower_bound={}",
        planner.name(),
        list.buffers.len(),
        plan.exprs.display(plan.total, &name),
        plan.exprs.display(bound, &name),
    );
    // One pool for the sizes (interning one per slice), not a copy per slice.
    let mut size = plan.exprs.clone();
    for (k, b) in list.buffers.iter().enumerate() {
        let shown = match size.size(&b.size) {
            Some(id) => size.display(id, &name),
            None => "(overflows)".to_string(),
        };
        say!(
            "slice {k}: [{}, {}] size={} offset={}",
            b.first,
            b.last,
            shown,
            plan.exprs.display(plan.offsets[k], &name)
        );
    }
    Ok(())
}
