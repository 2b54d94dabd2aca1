#!/usr/bin/env python3
"""Preparation (memref results to out-params) measured by execution: every
deallocation pipeline with and without it, on programs whose functions
return buffers to their callers (a benchmark, not a test).

  bench_prepare.py [--count N] [--seed S] [--no-models] [--plugin P] [FILE.mlir ...]

Programs: the FILEs given, or by default the hand-written programs of
examples/calls/ (callees returning static buffers to callers in loops,
branches and recursion), N generated deallocation programs of seed S with
private functions (utils/gen_programs.py's generator, --private-functions:
functions returning fresh buffers, clones, views or their arguments, called
from branches, loops and regions; 10 per module) and the PyTorch models of
examples/models/ (copy-before-write variant; their @forward is public, so
preparation leaves it alone).

Pairs of pipelines, without and with preparation:

- bufrs-deallocation-pipeline / bufrs-prepare-functions,bufrs-deallocation-pipeline
- bufrs-ownership-deallocation-pipeline / bufrs-prepare-functions,bufrs-ownership-deallocation-pipeline
- bufrs-memory-pipeline / bufrs-memory-pipeline{prepare=true}
- bufrs-memory-pipeline / bufrs-memory-pipeline{prepare=true modify-public-functions=true}
  (the models' @forward and every entry point change too: a returned
  buffer joins the caller's arena)

Each program after each pipeline is built and run twice with the counting
driver (utils/demo.py's `measure`, or for the models
bufrs_utils/models.py's execution with PyTorch's output): under
AddressSanitizer (no leak, double free or use after free; the same output as
before) and without a sanitizer for the numbers: mallocs executed, copies
executed (memref.copy and bufferization.clone) and peak heap bytes (most
live at once). One row per program, one column per pair: the three numbers
without preparation, then with it; then the totals, and one line for every
program and pair where preparation costs a malloc, a copy or peak bytes.
Exits 1 if any program fails (rejected, not clean, other output).
"""

import argparse
import concurrent.futures
import glob
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import demo  # noqa: E402
from bufrs_utils import dealloc_programs, models, toolchain  # noqa: E402
from bufrs_utils.tables import markdown_table  # noqa: E402

PAIRS = [
    ("clone-based", "bufrs-deallocation-pipeline", "bufrs-prepare-functions,bufrs-deallocation-pipeline"),
    ("ownership-based", "bufrs-ownership-deallocation-pipeline",
     "bufrs-prepare-functions,bufrs-ownership-deallocation-pipeline"),
    ("memory pipeline", "bufrs-memory-pipeline", "bufrs-memory-pipeline{prepare=true}"),
    ("memory pipeline, public functions too", "bufrs-memory-pipeline",
     "bufrs-memory-pipeline{prepare=true modify-public-functions=true}"),
]
CALLS_DIR = os.path.join(toolchain.ROOT, "examples", "calls")


def programs(args):
    """(name, text, entry, model name or None) of every program."""
    out = []
    if args.files:
        paths = args.files
    else:
        paths = sorted(glob.glob(os.path.join(CALLS_DIR, "*.mlir")))
    for path in paths:
        with open(path) as f:
            text = f.read()
        entry = "main" if re.search(r"func\.func @main\(\)", text) else "run"
        out.append((os.path.relpath(path, toolchain.ROOT), text, entry, None))
    if not args.files:
        texts = [dealloc_programs.generate(args.seed, i, private=True) for i in range(args.count)]
        for start in range(0, len(texts), 10):
            out.append((f"generated {start}+ (seed {args.seed}, private functions)",
                        dealloc_programs.batch_module(texts[start:start + 10]), "run", None))
        if args.models:
            for name in models.names():
                with open(models.path(name)) as f:
                    out.append((f"model {name}", f.read(), "run", name))
    return out


def measure_model(plugin, pipeline, text, name):
    """demo.measure's result shape for a model: problem, runtime (None,
    counts after)."""
    after, _, stderr, ok = models.apply(plugin, pipeline, text)
    if not ok:
        return {"problem": "rejected: " + (stderr.strip().splitlines() or ["?"])[-1][:200]}
    want = models.expected(name)
    checked = models.execute(after, name, want)
    plain = models.execute(after, name + "-plain", want, sanitize=False)
    problem = checked["mismatch"] or (f"AddressSanitizer: {checked['report']}" if checked["report"] else None)
    if not problem and checked["counts"].get("live"):
        problem = f"{checked['counts']['live']} heap bytes live at exit"
    if not problem and plain["output"] != checked["output"]:
        problem = "the build without sanitizer prints otherwise"
    if not problem and not models.verify(plugin, after)[0]:
        problem = "bufrs-verify-deallocation rejects the IR after"
    return {"problem": problem, "runtime": (None, plain["counts"])}


def one(plugin, pipeline, program):
    name, text, entry, model = program
    full = f"builtin.module({pipeline})"
    if model:
        return measure_model(plugin, full, text, model)
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    return demo.measure(plugin, full, text, stem, entry)


def numbers(result):
    """'mallocs / copies / peak' of a clean result, or its problem."""
    if result["problem"]:
        return None
    c = result["runtime"][1]
    return (c.get("mallocs") or 0, c.get("copies") or 0, c.get("peak") or 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--count", type=int, default=30, help="generated programs (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-models", dest="models", action="store_false", help="leave out examples/models/")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    args = parser.parse_args()
    progs = programs(args)
    pipelines = sorted({pipeline for _, *both in PAIRS for pipeline in both})
    jobs = [(pipeline, program) for program in progs for pipeline in pipelines]

    def run(job):
        pipeline, program = job
        return (program[0], pipeline), one(args.plugin, pipeline, program)

    measured = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for key, result in pool.map(run, jobs):
            measured[key] = result
    results = {(name, label, side): measured[(name, pipeline)] for name, *_ in progs
               for label, *both in PAIRS for side, pipeline in zip(("without", "with"), both)}
    rows, problems, costs, better = [], [], [], 0
    totals = {label: [[0, 0, 0], [0, 0, 0]] for label, _, _ in PAIRS}
    for program in progs:
        name = program[0]
        row = [name]
        for label, without, with_prep in PAIRS:
            before, after = results[(name, label, "without")], results[(name, label, "with")]
            for pipeline, result in ((without, before), (with_prep, after)):
                if result["problem"]:
                    problems.append(f"{pipeline} on {name}: {result['problem']}")
            a, b = numbers(before), numbers(after)
            if a is None or b is None:
                row.append(f"{'failed' if a is None else '/'.join(map(str, a))} -> "
                           f"{'failed' if b is None else '/'.join(map(str, b))}")
                continue
            for total, values in zip(totals[label], (a, b)):
                for i, v in enumerate(values):
                    total[i] += v
            cost = [what for what, x, y in zip(("mallocs", "copies", "peak"), a, b) if y > x]
            gain = any(y < x for x, y in zip(a, b))
            if cost:
                costs.append(f"- {name}, {label}: more {', '.join(cost)}")
            better += gain and not cost
            row.append("/".join(map(str, a)) + (" (same)" if a == b else " -> " + "/".join(map(str, b))))
        rows.append(row)
    print("Per program: mallocs/copies/peak heap bytes executed without preparation -> with it, per "
          "deallocation (clone-based: bufrs-deallocation-pipeline; ownership-based: "
          "bufrs-ownership-deallocation-pipeline; both after bufrs-prepare-functions; memory pipeline: "
          "prepare=true; public functions too: also modify-public-functions=true).")
    print()
    print(markdown_table(["program"] + [label for label, _, _ in PAIRS], rows))
    print()
    print("Totals over the programs every pipeline runs clean (mallocs / copies / peak heap bytes summed):")
    print()
    print(markdown_table(["deallocation", "without preparation", "with preparation"],
                         [[label, " / ".join(map(str, t[0])), " / ".join(map(str, t[1]))]
                          for label, t in totals.items()]))
    print()
    print(f"{better} program x pipeline pairs better with preparation, {len(costs)} with a cost, "
          f"{len(dict.fromkeys(problems))} problems.")
    print("\n".join(costs))
    for p in dict.fromkeys(problems):
        print(f"- {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
