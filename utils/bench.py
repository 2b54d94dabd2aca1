#!/usr/bin/env python3
"""One entry point for every benchmark (not a test).

  python3 utils/bench.py [--plugin P] [--format markdown|json] [--out FILE] [--dry-run] NAME [ARGS...]
  python3 utils/bench.py list

NAME is one of the benchmarks listed by `bench.py list` (each the script that
regenerates a section of docs/benchmarks.md); ARGS go to that script as they
are, so `bench.py dealloc --count 60 --seed 11 --private-functions` runs
`utils/bench_dealloc.py --count 60 --seed 11 --private-functions` with the
plugin given here (default: target/release/libbufrs.so) unless ARGS name one.

Shared handling: the plugin, and the output. Every benchmark prints markdown
tables; `--format markdown` (default) passes the script's output through,
`--format json` reads the tables back out of it (bufrs_utils/tables.py) and
prints one JSON document {"command", "exit_status", "tables": [{"title",
"columns", "rows"}]} while the script's own output goes to stderr. `--out`
writes the result to a file as well. The exit status is the script's.
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import toolchain  # noqa: E402
from bufrs_utils.tables import markdown_table, parse_markdown_tables, tables_json  # noqa: E402

# name: (command after the interpreter, takes --plugin, options it needs for
# markdown tables, what it measures, the docs section its figures live in)
BENCHMARKS = {
    "dealloc": (["utils/bench_dealloc.py"], True, [],
                "deallocation pipelines against upstream on generated programs: accepted, ASan, mallocs, copies, pointer comparisons, flags",
                "docs/benchmarks.md, Deallocation"),
    "dealloc-time": (["utils/bench_dealloc_time.py"], True, [],
                     "pass time of the clone-based and ownership-based pipelines, threaded and not",
                     "docs/benchmarks.md, Deallocation"),
    "optimizations": (["utils/bench_optimizations.py"], True, [],
                      "hoisting, loop hoisting, promotion, copy removal against upstream: crashes, ASan, mallocs, pass time",
                      "docs/benchmarks.md, Optimizations"),
    "compile-time": (["utils/bench_compile_time.py"], True, [],
                     "every pass and pipeline on large generated modules against upstream and parsing",
                     "docs/benchmarks.md, Compile time"),
    "chain": (["utils/bench_chain.py"], True, ["--markdown"],
              "every pass against upstream on the block chain",
              "docs/benchmarks.md, Block chain"),
    "analyses": (["utils/bench_analyses.py"], True, [],
                 "the analyses of one function against MLIR's parse+verify",
                 "docs/benchmarks.md, Benchmarks without a figure here"),
    "plan": (["cargo", "run", "--release", "--example", "plan_bench", "--"], False, [],
             "every planner on MiniMalloc's instances, perfect packings, DNN-like traces, scale",
             "docs/benchmarks.md, Planner"),
    "merge": (["utils/bench_merge_dynamic.py"], True, [],
              "merge-alloc with and without dynamic sizes on generated programs: mallocs executed",
              "docs/merge-alloc.md"),
    "merge-examples": (["utils/bench_merge_dynamic_examples.py"], True, [],
                       "the runnable examples through bufrs-memory-pipeline with merge-dynamic off and on: mallocs, bytes, executed peak",
                       "docs/merge-alloc.md"),
    "iree": (["utils/bench_iree.py"], True, [],
             "IREE's transient bytes (its stream packs) against bufrs' arenas, buffers left alone and bound on the models and examples",
             "docs/merge-alloc.md, Against IREE"),
    "verify": (["utils/bench_verify.py"], True, [],
               "the verifier's time against the deallocation pass's",
               "docs/verification.md"),
    "prepare": (["utils/bench_prepare.py"], True, [],
                "every deallocation pipeline with and without preparation (out-params) on programs returning buffers and the models: mallocs, copies, peak",
                "docs/benchmarks.md, Preparation"),
    "pipelines": (["utils/bench_pipelines.py"], True, [],
                  "every bufrs pipeline and the memory pipeline's stage subsets on the corpora and models: accepted, ASan, mallocs, peak, copies; the memory pipeline's target per program",
                  "docs/pipeline.md"),
    "scaling": (["utils/scaling.py"], True, [],
                "every bufrs pass at n and 2n on its worst-case input shapes; fails where time grows faster than about n log n",
                "docs/merge-alloc.md (report file, constants)"),
    "verify-growth": (["utils/bench_verify_growth.py"], True, [],
                      "the verifier's time at n and 2n on deeply nested and many-finding inputs; fails where it grows faster than the input",
                      "docs/verification.md, Growth"),
    "demo": (["utils/demo.py"], True, [],
             "the memory pipeline on the examples, measured by execution (--orders: stage orders)",
             "docs/pipeline.md"),
}


def command_for(name, args, plugin):
    """The command line that runs benchmark `name` with `args`."""
    script, takes_plugin, needed, _, _ = BENCHMARKS[name]
    if script[0] == "cargo":
        command = list(script)
    else:
        command = [sys.executable, os.path.join(toolchain.ROOT, script[0])] + script[1:]
    extra = list(args)
    if takes_plugin and "--plugin" not in extra and not any(a.startswith("--plugin=") for a in extra):
        extra = ["--plugin", plugin] + extra
    for option in needed:
        if option not in extra:
            extra.append(option)
    return command + extra


def list_benchmarks():
    rows = []
    for name, (script, _, _, what, section) in BENCHMARKS.items():
        rows.append([f"`{name}`", "`" + " ".join(script) + "`", what, section])
    return markdown_table(["name", "runs", "measures", "figures in"], rows)


def run(command, fmt, out):
    """Runs `command` from the repository root; returns (exit status, the
    text to print)."""
    echo = sys.stderr if fmt == "json" else sys.stdout
    print("$ " + " ".join(command), file=sys.stderr, flush=True)
    proc = subprocess.Popen(command, cwd=toolchain.ROOT, stdout=subprocess.PIPE, text=True)
    captured = []
    for line in proc.stdout:
        captured.append(line)
        echo.write(line)
        echo.flush()
    status = proc.wait()
    text = "".join(captured)
    if fmt == "json":
        shown = tables_json(command, parse_markdown_tables(text), status) + "\n"
        sys.stdout.write(shown)
    else:
        shown = text
    if out:
        with open(out, "w") as f:
            f.write(shown)
    return status


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Run one bufrs benchmark with shared plugin and output handling.",
        epilog="names: " + ", ".join(BENCHMARKS) + " (bench.py list describes them)")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN,
                        help="the plugin the benchmark loads (default: %(default)s)")
    parser.add_argument("--format", choices=["markdown", "json"], default="markdown",
                        help="markdown: the script's output; json: its tables as one JSON document")
    parser.add_argument("--out", help="also write the result to this file")
    parser.add_argument("--dry-run", action="store_true", help="print the command and stop")
    parser.add_argument("name", help="a benchmark name, or 'list'")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the benchmark script")
    args = parser.parse_args(argv)

    if args.name == "list":
        print(list_benchmarks())
        return 0
    if args.name not in BENCHMARKS:
        print(f"bench.py: unknown benchmark '{args.name}' (known: {', '.join(BENCHMARKS)})", file=sys.stderr)
        return 2
    command = command_for(args.name, args.args, args.plugin)
    if args.dry_run:
        print(" ".join(command))
        return 0
    return run(command, args.format, args.out)


if __name__ == "__main__":
    sys.exit(main())
