#!/usr/bin/env python3
"""Compile-time benchmark (not a test): every bufrs pass and
pipeline against its upstream counterpart and against mlir-opt's parsing, on
large modules merged from generated programs, in one run.

  bench_compile_time.py [--plugin P] [--sizes 35000 175000]
                        [--growth 1000 10000 100000 1000000] [--repeat 3]
                        [--workdir DIR] [--json OUT] [--quick]

Modules: programs of utils/gen_programs.py's generator (seed 1, programs 0,
1, 2, ...) merged by `dealloc_programs.batch_module` (each program's
functions renamed apart) until the module holds about the requested number
of ops; the exact count (print-op-stats) is what the tables use. Modules are
cached in --workdir.

Every measurement is its own mlir-opt process on the module with
`-mlir-timing -mlir-timing-display=list --verify-each=false -o /dev/null`:

  parse        no pass: the "Parser" row (parsing and verifying the input)
               and the "Output" row (printing); its peak RSS is the
               reference for memory
  one pass     the pass's own row (wall time)
  pipeline     the sum of its passes' rows

Counterparts (upstream = stock mlir-opt 22 in the same run):

  hoisting       buffer-hoisting              bufrs-buffer-hoisting
  loop hoisting  buffer-loop-hoisting         bufrs-buffer-loop-hoisting
  promotion      promote-buffers-to-stack     bufrs-promote-buffers-to-stack
  realloc        expand-realloc{emit-deallocs=false}
  expansion                                   bufrs-expand-realloc (what the
                                              bufrs pipelines run instead)
  copy removal   canonicalize (LLVM 22 has no copy-removal pass; the
                 canonicalizer's bufferization.clone and memref.copy
                 patterns are upstream's only copy elimination)
                                              bufrs-copy-removal
  deallocation   buffer-deallocation-pipeline bufrs-deallocation-pipeline,
                                              bufrs-ownership-deallocation-pipeline
                 (upstream rejects most generated programs, "Only
                 structured control-flow loops are supported", or crashes
                 in DeallocationState::getMemrefsToRetain: its row then
                 says FAILED and the bufrs rows are compared with parsing)
  memory         (none)                       bufrs-memory-pipeline

Each run is repeated --repeat times (modules above 200k ops once) and the
fastest kept. Single-threaded runs use --mlir-disable-threading; threaded
runs MLIR's default thread pool (mlir-opt 22 has no thread-count flag: one
thread per core, 2 on the CI machine this was written for); the speedup
column is single-threaded / threaded wall time of the pass rows. Peak RSS
is the process's (wait4), shown against parsing and printing the same
module alone. On a loaded machine wall times swing; the table also gives
each run's CPU time (user + system, wait4) beyond that of parsing and
printing alone, and its bufrs / upstream ratio.

Tables: per module, every pass with its time at 1 and 2 threads, the
speedup, bufrs / upstream, pipeline / parse+verify, peak RSS / parse+print;
then the growth series (microseconds per op at every size, and the spread
max/min of time per op over the sizes, single-threaded).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import dealloc_programs, toolchain  # noqa: E402

ROOT = toolchain.ROOT

# (family, who, pipeline). `who` is "upstream" or "bufrs"; None pipeline:
# parse and print only.
RUNS = [
    ("parse", "mlir-opt", None),
    ("hoisting", "upstream", "builtin.module(func.func(buffer-hoisting))"),
    ("hoisting", "bufrs", "builtin.module(func.func(bufrs-buffer-hoisting))"),
    ("loop hoisting", "upstream", "builtin.module(func.func(buffer-loop-hoisting))"),
    ("loop hoisting", "bufrs", "builtin.module(func.func(bufrs-buffer-loop-hoisting))"),
    ("promotion", "upstream", "builtin.module(func.func(promote-buffers-to-stack))"),
    ("promotion", "bufrs", "builtin.module(func.func(bufrs-promote-buffers-to-stack))"),
    ("copy removal", "upstream", "builtin.module(func.func(canonicalize))"),
    ("copy removal", "bufrs", "builtin.module(func.func(bufrs-copy-removal))"),
    ("realloc expansion", "upstream", "builtin.module(func.func(expand-realloc{emit-deallocs=false}))"),
    ("realloc expansion", "bufrs", "builtin.module(func.func(bufrs-expand-realloc))"),
    ("deallocation pipeline", "upstream", "builtin.module(buffer-deallocation-pipeline)"),
    ("deallocation pipeline", "bufrs", "builtin.module(bufrs-deallocation-pipeline)"),
    ("ownership deallocation pipeline", "bufrs", "builtin.module(bufrs-ownership-deallocation-pipeline)"),
    ("memory pipeline", "bufrs", "builtin.module(bufrs-memory-pipeline)"),
]

# Rows of -mlir-timing-display=list that are not passes.
NOT_PASSES = {"root", "Parser", "Output", "Rest", "Total"}
ROW = re.compile(r"^\s+(?:[\d.]+ \(\s*[\d.]+%\)\s+)?([\d.]+) \(\s*[\d.]+%\)\s+(.+?)\s*$")


def generate_module(ops, workdir):
    """The path of a module of about `ops` ops (cached) and its exact op count."""
    path = os.path.join(workdir, f"module-{ops}.mlir")
    count_path = path + ".count"
    if os.path.exists(path) and os.path.exists(count_path):
        with open(count_path) as f:
            return path, int(f.read())
    texts, estimate, index = [], 0, 0
    op_line = re.compile(r"^\s*(?:%[^=]*= )?\"?[a-z_]+\.[a-z_.]+\b", re.M)
    while estimate < ops or not texts:
        text = dealloc_programs.generate(1, index)
        texts.append(text)
        estimate += len(op_line.findall(text))
        index += 1
    with open(path, "w") as f:
        f.write(dealloc_programs.batch_module(texts))
    result = subprocess.run([toolchain.MLIR_OPT, path, "-o", os.devnull, "--pass-pipeline=builtin.module(print-op-stats)"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"generated module {path} does not parse:\n{result.stderr[-2000:]}")
    count = sum(int(m) for m in re.findall(r",\s*(\d+)\s*$", result.stderr, flags=re.M))
    with open(count_path, "w") as f:
        f.write(str(count))
    return path, count


def run_once(plugin, path, pipeline, threads):
    """One mlir-opt process: ({row name: wall seconds}, peak RSS in KiB, ok,
    stderr tail, CPU seconds of the process)."""
    cmd = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", path, "-o", os.devnull,
           "-mlir-timing", "-mlir-timing-display=list", "--verify-each=false"]
    # mlir-opt 22 has no thread-count flag: threaded runs use MLIR's default
    # pool (one thread per core; 2 on the CI machine).
    if threads == 1:
        cmd.append("--mlir-disable-threading")
    if pipeline:
        cmd.append(f"--pass-pipeline={pipeline}")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    rows = {}
    for line in stderr.splitlines():
        match = ROW.match(line)
        if match:
            name = match.group(2)
            rows[name] = rows.get(name, 0.0) + float(match.group(1))
    return rows, usage.ru_maxrss, proc.returncode == 0, stderr[-600:], usage.ru_utime + usage.ru_stime


def pass_time(rows):
    """The sum of the pass rows (no parser, printer, pipeline adaptors)."""
    return sum(v for k, v in rows.items()
               if k not in NOT_PASSES and not k.startswith("Pipeline Collection") and not k.endswith("Pipeline"))


def measure(plugin, path, pipeline, threads, repeat):
    """Fastest of `repeat` runs: dict with time (s), parse, output, rss (KiB), ok."""
    best = None
    for _ in range(repeat):
        rows, rss, ok, tail, cpu = run_once(plugin, path, pipeline, threads)
        entry = {
            "time": rows.get("Parser", 0.0) if pipeline is None else pass_time(rows),
            "parse": rows.get("Parser", 0.0),
            "output": rows.get("Output", 0.0),
            "rss": rss,
            "cpu": cpu,
            "ok": ok,
        }
        if not ok:
            entry["error"] = tail
        if best is None or entry["time"] < best["time"]:
            best = {**entry, "rss": min(rss, best["rss"]) if best else rss,
                    "cpu": min(cpu, best["cpu"]) if best else cpu}
    return best


def fmt_ratio(a, b):
    return "" if not a or not b else f"{a / b:.2f}x"


def module_table(name, ops, results, out):
    """Markdown table of one module: results[(family, who, threads)]."""
    parse1 = results[("parse", "mlir-opt", 1)]
    out.append(f"### {name}: {ops} ops\n")
    out.append(f"Parse+verify {parse1['parse']:.3f} s, print {parse1['output']:.3f} s, "
               f"peak RSS of parse+print {parse1['rss'] / 1024:.0f} MiB (single-threaded).\n")
    out.append("| pass | who | 1 thread (s) | 2 threads (s) | speedup | bufrs / upstream (1 thread) "
               "| / parse+verify (1 thread) | CPU s over parse+print (1 thread) | bufrs / upstream (CPU) "
               "| peak RSS / parse+print |")
    out.append("|---|---|---|---|---|---|---|---|---|---|")
    for family, who, _ in RUNS:
        if family == "parse":
            continue
        one = results.get((family, who, 1))
        two = results.get((family, who, 2))
        if one is None:
            continue
        upstream = results.get((family, "upstream", 1))
        if family.startswith("ownership"):
            upstream = results.get(("deallocation pipeline", "upstream", 1))
        ratio = fmt_ratio(one["time"], upstream["time"]) if who == "bufrs" and upstream and upstream["ok"] else ""
        status = "" if one["ok"] else " (FAILED)"
        two_text = f"{two['time']:.3f}" if two else ""
        speedup = fmt_ratio(one["time"], two["time"]) if two else ""
        # CPU time of the process beyond parsing and printing: robust to a
        # loaded machine, where wall times are not.
        extra = max(one["cpu"] - parse1["cpu"], 1e-3) if "cpu" in one else None
        up_extra = (max(upstream["cpu"] - parse1["cpu"], 1e-3)
                    if upstream and upstream["ok"] and "cpu" in upstream else None)
        cpu_ratio = fmt_ratio(extra, up_extra) if who == "bufrs" and extra and up_extra else ""
        extra_text = "" if extra is None else f"{extra:.3f}"
        out.append(f"| {family}{status} | {who} | {one['time']:.3f} | {two_text} | {speedup} | {ratio} "
                   f"| {fmt_ratio(one['time'], parse1['parse'])} | {extra_text} | {cpu_ratio} "
                   f"| {fmt_ratio(one['rss'], parse1['rss'])} |")
    out.append("")


def growth_table(series, out):
    """Microseconds per op at every size (single-threaded); spread = max/min."""
    sizes = sorted(series)
    out.append("### Growth: microseconds per op, single-threaded\n")
    out.append("| pass | who | " + " | ".join(f"{series[s]['ops']} ops" for s in sizes) + " | max/min |")
    out.append("|---|---|" + "---|" * (len(sizes) + 1))
    for family, who, _ in RUNS:
        per_op = []
        for s in sizes:
            r = series[s]["results"].get((family, who, 1))
            per_op.append(None if r is None or not r["ok"] else r["time"] / series[s]["ops"] * 1e6)
        cells = ["" if v is None else f"{v:.2f}" for v in per_op]
        known = [v for v in per_op if v]
        spread = f"{max(known) / min(known):.2f}" if len(known) > 1 else ""
        out.append(f"| {family} | {who} | " + " | ".join(cells) + f" | {spread} |")
    out.append("")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--sizes", type=int, nargs="*", default=[35000, 175000],
                        help="modules measured at 1 and 2 threads (ops)")
    parser.add_argument("--growth", type=int, nargs="*", default=[1000, 10000, 100000, 1000000],
                        help="growth series, single-threaded (ops)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (modules over 200k ops: 1)")
    parser.add_argument("--workdir", default="/tmp/bufrs-compile-time", help="where generated modules are cached")
    parser.add_argument("--only", nargs="*", default=None, help="families to run (e.g. 'hoisting' 'memory pipeline')")
    parser.add_argument("--json", default=None, help="also write the raw numbers to this file")
    parser.add_argument("--quick", action="store_true", help="--sizes 35000 --growth 1000 10000 100000 --repeat 1")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.growth, args.repeat = [35000], [1000, 10000, 100000], 1
    os.makedirs(args.workdir, exist_ok=True)
    runs = [r for r in RUNS if args.only is None or r[0] in args.only or r[0] == "parse"]

    def measure_module(target, thread_counts):
        path, ops = generate_module(target, args.workdir)
        repeat = args.repeat if ops <= 200000 else 1
        results = {}
        for family, who, pipeline in runs:
            for threads in thread_counts:
                start = time.time()
                results[(family, who, threads)] = measure(args.plugin, path, pipeline, threads, repeat)
                print(f"  {ops} ops, {family}, {who}, {threads} thread(s): "
                      f"{results[(family, who, threads)]['time']:.3f} s "
                      f"({time.time() - start:.0f} s wall)", file=sys.stderr, flush=True)
        return ops, results

    out = []
    raw = {"modules": {}, "growth": {}}
    for target in args.sizes:
        ops, results = measure_module(target, (1, 2))
        module_table(f"Module of about {target} ops", ops, results, out)
        raw["modules"][target] = {"ops": ops, "results": {"|".join(map(str, k)): v for k, v in results.items()}}
    series = {}
    for target in args.growth:
        # Reuse a module measured above at 1 thread when the size is shared.
        if target in args.sizes:
            ops = raw["modules"][target]["ops"]
            results = {tuple(k.split("|")[:2]) + (int(k.split("|")[2]),): v
                       for k, v in raw["modules"][target]["results"].items()}
        else:
            ops, results = measure_module(target, (1,))
        series[target] = {"ops": ops, "results": results}
        raw["growth"][target] = {"ops": ops, "results": {"|".join(map(str, k)): v for k, v in results.items()}}
    if series:
        growth_table(series, out)
    print("\n".join(out))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1)
    failed = [k for m in raw["modules"].values() for k, v in m["results"].items() if not v["ok"]]
    if failed:
        print("failed runs: " + ", ".join(failed), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
