#!/usr/bin/env python3
"""Benchmark of bufrs-merge-alloc with dynamic sizes (not part of the tests).

Builds --count generated programs with run-time sizes
(merge_programs.py --dynamic-sizes, one program per module, each run with
every size triple) six times: as generated, after
bufrs-merge-alloc{dynamic=false}, after bufrs-merge-alloc{dynamic=true},
after {dynamic=true no-higher-peak=true}, after {dynamic=false keep-peak=true}
(what bufrs-memory-pipeline runs with merge-dynamic=false) and after
{dynamic=true no-higher-peak=true keep-peak=true} (what it runs with
merge-dynamic=true),
with utils/bench_driver.c counting the mallocs executed, the bytes they
asked for and the most bytes live at once (the executed peak; summed over
the programs; the programs whose peak merging raised above the program as
generated, and those whose peak dynamic=true raised above dynamic=false's, are
counted; so are those whose peak with both keep-peak builds differs).
Every run must be clean and print what the program as generated prints.
Then, from the report=true remarks of the function scope, evaluates each
arena size (with dynamic=true, and each arena the pipeline's merge-dynamic
build keeps) and its run-time lower bound (the largest aligned bytes live at
one tick) at every size triple and prints their ratio.

  bench_merge_dynamic.py --plugin target/release/libbufrs.so [--count 40] [--seed 7]
      [--file PROGRAM.mlir ...]

--file measures the given runnable programs (with `func.func @run()`, e.g.
test/merge-alloc/exec-seed-examples.mlir) instead of the generated corpus.
"""

import argparse
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import execution, merge_programs, toolchain  # noqa: E402

PIPE = "builtin.module(func.func(bufrs-merge-alloc{{dynamic={} report=true}}))"
GUARDED = "builtin.module(func.func(bufrs-merge-alloc{dynamic=true no-higher-peak=true report=true}))"
# The memory pipeline's merge-alloc with merge-dynamic off and on.
PIPELINE_OFF = "builtin.module(func.func(bufrs-merge-alloc{dynamic=false keep-peak=true}))"
PIPELINE_ON = "builtin.module(func.func(bufrs-merge-alloc{dynamic=true no-higher-peak=true keep-peak=true report=true}))"
BUILDS = ("before", "static", "dynamic", "guarded", "off", "on")
AFTER = re.compile(r"scope @p\d+_main(?:, arena \d+ of \d+ \([^)]*\))?: [^,]*?(?:\(\d+ dynamic\))?, "
                   r"(.*) bytes before, (.*) bytes after, lower bound")


def evaluate(expr, sizes):
    """The value of a report expression (`max(align(%arg2 * 4, 64), 128)`)
    at the size triple (%arg2, %arg3, %arg4 are %d0, %d1, %d2); None when it
    names another value."""
    names = {"arg2": sizes[0], "arg3": sizes[1], "arg4": sizes[2]}
    text = expr.replace("%", "")
    if any(n not in names for n in re.findall(r"[a-z_][a-z_0-9]*", text) if n not in ("max", "align")):
        return None
    return eval(text, {"max": max, "align": lambda x, a: (x + a - 1) // a * a}, dict(names))


def run_with_pipeline(text, plugin, pipeline, workdir, name):
    after, stderr = text, ""
    if pipeline:
        cmd = [toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}",
               "--mlir-print-op-on-diagnostic=false"]
        result = execution.run(cmd, stdin=text)
        if result.returncode != 0:
            raise SystemExit(f"{name}: the pass failed:\n{result.stderr}")
        after, stderr = result.stdout, result.stderr
    exe, why = execution.counting_build(after, workdir, name)
    if exe is None:
        raise SystemExit(f"{name}: does not build: {why}")
    out, report, counts = execution.counting_execute(exe)
    if report:
        raise SystemExit(f"{name}: {report}")
    return out, counts, stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--file", action="append", default=[], help="a runnable program to measure instead")
    args = parser.parse_args()
    totals = {k: {"mallocs": 0, "bytes": 0, "peak": 0} for k in BUILDS}
    raised = {k: 0 for k in BUILDS if k != "before"}
    # Programs whose peak with the pipeline's merge-dynamic=true build is above (below) its
    # merge-dynamic=false build's.
    on_above, on_below = [], []
    # Per size triple, the arena / lower bound ratios of the arenas the pipeline keeps.
    kept = {sizes: [] for sizes in merge_programs.SIZE_TRIPLES}
    # Programs whose peak with dynamic=true (and with no-higher-peak=true as well) is above
    # their peak with dynamic=false.
    above_static = {"dynamic": [], "guarded": []}
    ratios = []
    with tempfile.TemporaryDirectory() as workdir:
        if args.file:
            texts = [open(f).read() for f in args.file]
        else:
            texts = [merge_programs.module([merge_programs.program(k, args.seed, True, False, True)], True)
                     for k in range(args.count)]
        for k, text in enumerate(texts):
            outs, peaks = {}, {}
            for key, pipeline in (("before", None), ("static", PIPE.format("false")),
                                  ("dynamic", PIPE.format("true")), ("guarded", GUARDED),
                                  ("off", PIPELINE_OFF), ("on", PIPELINE_ON)):
                out, counts, stderr = run_with_pipeline(text, args.plugin, pipeline, workdir, f"p{k}_{key}")
                outs[key] = out
                for c in ("mallocs", "bytes", "peak"):
                    totals[key][c] += counts[c]
                peaks[key] = counts["peak"]
                if key in ("dynamic", "on"):
                    for line in stderr.splitlines():
                        m = AFTER.search(line)
                        if not m:
                            continue
                        bound = line.rsplit("lower bound ", 1)[1].split(";")[0]
                        for sizes in merge_programs.SIZE_TRIPLES:
                            a, b = evaluate(m.group(2), sizes), evaluate(bound, sizes)
                            if a is not None and b:
                                (ratios if key == "dynamic" else kept[sizes]).append(a / b)
            for key in raised:
                if peaks[key] > peaks["before"]:
                    raised[key] += 1
            for key in above_static:
                if peaks[key] > peaks["static"]:
                    above_static[key].append(f"{k} ({peaks['static']} -> {peaks[key]})")
            if peaks["on"] > peaks["off"]:
                on_above.append(f"{k} ({peaks['off']} -> {peaks['on']})")
            elif peaks["on"] < peaks["off"]:
                on_below.append(k)
            if any(outs[key] != outs["before"] for key in BUILDS):
                raise SystemExit(f"program {k}: the output changed")
    if args.file:
        print(f"programs: {' '.join(args.file)}")
    else:
        print(f"{args.count} programs x {len(merge_programs.SIZE_TRIPLES)} size triples x 2 flags")
    print("| build | mallocs executed | bytes asked for | executed peaks summed | programs with a higher peak |")
    print("|---|---|---|---|---|")
    for key, label in (("before", "as generated"), ("static", "merge-alloc dynamic=false"),
                       ("dynamic", "merge-alloc dynamic=true"),
                       ("guarded", "merge-alloc dynamic=true no-higher-peak=true"),
                       ("off", "merge-alloc dynamic=false keep-peak=true (pipeline, merge-dynamic=false)"),
                       ("on", "merge-alloc dynamic=true no-higher-peak=true keep-peak=true (pipeline, merge-dynamic=true)")):
        more = raised.get(key, "")
        print(f"| {label} | {totals[key]['mallocs']} | {totals[key]['bytes']} | {totals[key]['peak']} | {more} |")
    for key, label in (("dynamic", "dynamic=true"), ("guarded", "dynamic=true no-higher-peak=true")):
        above = above_static[key]
        print(f"programs whose executed peak with {label} is above dynamic=false's: {len(above)}"
              + (f" ({', '.join(above)})" if above else ""))
    print(f"programs whose executed peak with the pipeline's merge-dynamic=true build is above its "
          f"merge-dynamic=false build's: {len(on_above)}" + (f" ({', '.join(on_above)})" if on_above else "")
          + f"; below: {len(on_below)}")
    for sizes, values in kept.items():
        if values:
            print(f"arenas the pipeline's merge-dynamic=true build keeps, at sizes {sizes}: {len(values)}, "
                  f"arena / lower bound max {max(values):.3f}, min {min(values):.3f}")
    if ratios:
        geo = 1.0
        for r in ratios:
            geo *= r
        geo **= 1 / len(ratios)
        print(f"function arenas at the size triples: {len(ratios)} evaluated, arena / lower bound: "
              f"max {max(ratios):.3f}, geometric mean {geo:.3f}, at the bound {sum(r == 1 for r in ratios)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
