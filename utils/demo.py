#!/usr/bin/env python3
"""What upstream's deallocation and bufrs-memory-pipeline do to real
programs, measured by execution (scripts/demo runs this; not a test).

  demo.py [--plugin P] [--section all|models|examples] [--variant cbw|no-cbw]
          [--pipeline 'builtin.module(...)'] [EXAMPLE.mlir ...]
  demo.py --orders [--corpus N] [--seed S]

First section: the PyTorch models of examples/models/ (utils/export_models.py;
bufferized with copy-before-write, or without with --variant no-cbw), each
through the four stages of bufrs_utils/models.py's STAGES: the bufferized
input (frees nothing), upstream's buffer-deallocation-pipeline, upstream's
buffer-hoisting, buffer-loop-hoisting and promote-buffers-to-stack then
buffer-deallocation-pipeline, and bufrs-memory-pipeline (with merge-alloc's
report and plan pictures in the output directory, target/demo/models by
default). Each program is lowered (convert-math-to-libm, then the standard
lowering) and built with the counting driver (utils/bench_dealloc_driver.c)
once without a sanitizer (mallocs, frees, peak heap bytes, heap bytes
requested, copies executed) and once under AddressSanitizer with
LeakSanitizer (the proof); one table per model puts the stages side by side
with the stack bytes of promoted buffers, the stage's mlir-opt time and
bufrs-verify-deallocation's verdict, then a total over the models. It fails
unless every program prints PyTorch's output within 1e-5 and every stage
that frees runs clean and passes the verifier.

Second section: for every hand-written example (default: examples/*.mlir,
bufferized linalg programs whose entry point is `@main`), runs the pipeline
(--pipeline, default bufrs-memory-pipeline) with stock mlir-opt (with
bufrs-merge-alloc writing its JSON report and a picture (SVG) of every
merged scope's plan into the output directory, target/demo by default),
then lowers the program before and after to LLVM, builds both with a driver
that counts heap calls and bytes (utils/bench_driver.c) and copies
(utils/bench_dealloc_driver.c), once without a sanitizer (the numbers) and
once with AddressSanitizer (the proof), and prints one table per example:
static counts in the IR (heap and stack allocations, frees inserted,
clones, copies), the bytes merge-alloc planned for its merged scopes (the
sum of the buffers' bytes, the bytes live at the peak, the arena and the
lower bound, read from its report file and checked against its remarks),
and what execution measured (mallocs executed, peak heap bytes, frees,
copies, heap bytes requested in all and leaked at exit); then merge-alloc's
report per scope, with the path of each plan's picture. It fails (exit 1)
unless the program after prints exactly what the program before prints,
runs clean under ASan (no leak, double free or use after free) and passes
the static verifier bufrs-verify-deallocation. Naming examples on the
command line runs only them.

--golden leaves out times and prints paths in the output directory: test/examples/demo-numbers.test
compares that output with test/examples/Inputs/demo.golden; after a change
that moves a number, regenerate it with
  python3 utils/demo.py --golden > test/examples/Inputs/demo.golden
and review the diff.

--orders compares stage orders of the memory pipeline (ORDERS) on the
examples, N generated deallocation programs (utils/gen_programs.py's
generator, no frees) and N generated merge programs
(utils/gen_merge_programs.py's, static buffers already freed), seed S, run
10 per module: clean under ASan with the same output, accepted by
bufrs-verify-deallocation, and per group the mallocs executed and peak heap
bytes, and the copies executed. docs/pipeline.md shows its output.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import dealloc_programs, execution, merge_programs, models, toolchain  # noqa: E402

ROOT = toolchain.ROOT
DEFAULT_PIPELINE = "builtin.module(bufrs-memory-pipeline)"

H, LH, PR, DE, CR, MA = ("bufrs-buffer-hoisting", "bufrs-buffer-loop-hoisting", "bufrs-promote-buffers-to-stack",
                         "bufrs-buffer-deallocation", "bufrs-copy-removal", "bufrs-merge-alloc")
PR8 = PR + "{max-rank-of-allocated-memref=8}"
ORDERS = {
    "default: copy-rm, loop-hoist, promote (rank <= 8), dealloc, copy-rm, merge{dynamic=true no-higher-peak=true}":
        [CR, LH, PR8, DE, CR, MA + "{dynamic=true no-higher-peak=true}"],
    "merge-dynamic=false: copy-rm, loop-hoist, promote (rank <= 8), dealloc, copy-rm, merge": [CR, LH, PR8, DE, CR, MA],
    "rank 1 promotion: copy-rm, loop-hoist, promote (rank <= 1), dealloc, copy-rm, merge": [CR, LH, PR, DE, CR, MA],
    "no copy-rm first: loop-hoist, promote (rank <= 8), dealloc, copy-rm, merge": [LH, PR8, DE, CR, MA],
    "merge before dealloc: copy-rm, loop-hoist, promote (rank <= 8), merge, dealloc, copy-rm":
        [CR, LH, PR8, MA, DE, CR],
    "merge-dynamic=true: copy-rm, loop-hoist, promote (rank <= 8), dealloc, copy-rm, merge{dynamic=true}":
        [CR, LH, PR8, DE, CR, MA + "{dynamic=true}"],
    "with hoisting: copy-rm, hoist, loop-hoist, promote (rank <= 8), dealloc, copy-rm, merge":
        [CR, H, LH, PR8, DE, CR, MA],
    "no loop hoisting: copy-rm, promote (rank <= 8), dealloc, copy-rm, merge": [CR, PR8, DE, CR, MA],
    "no promotion: copy-rm, loop-hoist, dealloc, copy-rm, merge": [CR, LH, DE, CR, MA],
    "no merge: copy-rm, loop-hoist, promote (rank <= 8), dealloc, copy-rm": [CR, LH, PR8, DE, CR],
    "earlier order: loop-hoist, promote (rank <= 1), merge, dealloc, copy-rm": [LH, PR, MA, DE, CR],
    "dealloc + copy-rm (bufrs-deallocation-pipeline)": [DE, CR],
}


def order_pipeline(stages):
    return "builtin.module(func.func(expand-realloc{emit-deallocs=false}," + ",".join(stages) + "))"


# ---------------------------------------------------------------------------
# Measuring one program
# ---------------------------------------------------------------------------


def static_counts(text):
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    count = lambda pattern: len(re.findall(pattern, body))  # noqa: E731
    return {
        "heap allocations": count(r"= memref\.alloc\("),
        "stack allocations": count(r"= memref\.alloca\("),
        "frees": count(r"\bmemref\.dealloc\b"),
        "clones": count(r"= bufferization\.clone\b"),
        "copies": count(r"\bmemref\.copy\b"),
        "merged buffers (views)": count(r"= memref\.view\b"),
    }


def run_counted(text, workdir, name, entry, sanitize=True):
    """(stdout, problem or None, counts) of one counted run, under ASan
    unless `sanitize` is false."""
    exe, error = execution.counting_build(execution.instrument_copies(text), workdir, name,
                                          execution.BENCH_DEALLOC_DRIVER, entry=entry, sanitize=sanitize)
    if not exe:
        return None, error, {}
    return execution.counting_execute(exe)


def measure(plugin, pipeline, text, name, entry="main", workdir=None):
    """Everything the demo table shows for one program, and `problem`: None
    when the program after is clean and prints what the program before
    prints. The counts come from builds without a sanitizer; the builds
    under AddressSanitizer prove the program after clean. `pipeline
    stderr` keeps what the pipeline printed (merge-alloc's remarks)."""
    result = {"name": name, "problem": None}
    started = time.monotonic()
    done = execution.run([toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}"],
                         stdin=text)
    if done.returncode != 0:
        result["problem"] = "rejected: " + (done.stderr.strip().splitlines() or ["(no message)"])[-1][:200]
        return result
    after = done.stdout
    result["pipeline stderr"] = done.stderr
    result["pass seconds"] = time.monotonic() - started
    result["after text"] = after
    result["static"] = (static_counts(text), static_counts(after))
    with tempfile.TemporaryDirectory(prefix="bufrs-demo-") as tmp:
        out_before, report_before, _ = run_counted(text, workdir or tmp, name + "-before", entry)
        out_after, report_after, _ = run_counted(after, workdir or tmp, name + "-after", entry)
        plain_before, _, counts_before = run_counted(text, workdir or tmp, name + "-before-plain", entry, False)
        plain_after, _, counts_after = run_counted(after, workdir or tmp, name + "-after-plain", entry, False)
    result["runtime"] = (counts_before, counts_after)
    result["output"] = out_after
    if report_before and report_before != "leak":
        result["problem"] = f"the program before is not clean: {report_before}"
    elif report_after:
        result["problem"] = f"after the pipeline: {report_after}"
    elif out_before != out_after:
        result["problem"] = f"output differs: before {out_before!r}, after {out_after!r}"
    elif (plain_before, plain_after) != (out_before, out_after):
        result["problem"] = f"the builds without sanitizer print otherwise: {plain_before!r}, {plain_after!r}"
    elif not out_after:
        result["problem"] = "the program printed nothing"
    result["leak before"] = report_before == "leak"
    result["verified"] = verify_ok(plugin, after)
    if not result["problem"] and not result["verified"]:
        result["problem"] = "bufrs-verify-deallocation rejects the IR after"
    return result


# ---------------------------------------------------------------------------
# The demo
# ---------------------------------------------------------------------------


def with_merge_outputs(pipeline, report_file, svg_dir):
    """`pipeline` with bufrs-memory-pipeline's merge-alloc writing its
    report to `report_file` and its plans' pictures to `svg_dir` (unchanged
    when it does not run bufrs-memory-pipeline)."""
    options = f"merge-report-file={report_file} merge-plan-svg-dir={svg_dir}"
    if "bufrs-memory-pipeline{" in pipeline:
        return pipeline.replace("bufrs-memory-pipeline{", "bufrs-memory-pipeline{" + options + " ", 1)
    return pipeline.replace("bufrs-memory-pipeline", "bufrs-memory-pipeline{" + options + "}", 1)


# A scope split by keep-peak is named `@f, arena K of N (split: ...)` in its
# remark (one record per arena in the report).
REMARK = re.compile(r"remark: bufrs-merge-alloc: scope (\S+(?: \(stack\))?)(?:, arena \d+ of \d+ \([^)]*\))?: (\d+) buffers "
                    r"merged, (\d+) bytes before, (\d+) bytes after, lower bound (\d+), ratio [\d.]+, peak live (\d+) bytes")


def scope_name(record):
    """A scope of the report as the remarks name it: `@f`, or `@f (stack)`
    for a stack arena."""
    return record["scope"] + (" (stack)" if record.get("class") == "stack" else "")


def planned(report, stderr):
    """merge-alloc's plans from its report file: the merged scopes with
    static sizes summed (buffers, bytes, peak live bytes, arena bytes, lower
    bound), the other scopes' records, and a problem (None when the remarks
    on stderr say the same numbers as the file)."""
    scopes = report["scopes"]
    merged = [r for r in scopes if r["merged"] and r["dynamic_buffers"] == 0]
    sums = {key: sum(r[key] for r in merged) for key in ("buffers", "bytes", "peak_live_bytes", "arena_bytes",
                                                         "lower_bound")}
    remarks = sorted((m.group(1), *map(int, m.groups()[1:])) for m in REMARK.finditer(stderr))
    recorded = sorted((scope_name(r), r["buffers"], r["bytes"], r["arena_bytes"], r["lower_bound"],
                       r["peak_live_bytes"]) for r in merged)
    problem = None if remarks == recorded else f"report file {recorded} and remarks {remarks} differ"
    return sums, [r for r in scopes if r not in merged], merged, problem


def table(result):
    (s_before, s_after), (r_before, r_after) = result["static"], result["runtime"]
    sums = result["planned"]
    rows = [
        ("heap allocations in the IR", s_before["heap allocations"], s_after["heap allocations"]),
        ("stack allocations in the IR", s_before["stack allocations"], s_after["stack allocations"]),
        ("frees inserted", "", s_after["frees"] - s_before["frees"]),
        ("clones in the IR", s_before["clones"], s_after["clones"]),
        ("copies in the IR", s_before["copies"], s_after["copies"]),
        ("planned: buffers merged (static sizes)", "", sums["buffers"]),
        ("planned: their bytes (sum)", "", sums["bytes"]),
        ("planned: their bytes live at the peak", "", sums["peak_live_bytes"]),
        ("planned: arena bytes", "", sums["arena_bytes"]),
        ("planned: lower bound (padded peak)", "", sums["lower_bound"]),
    ]
    runtime = [("mallocs", "executed: mallocs"), ("peak", "executed: peak heap bytes"),
               ("frees", "executed: frees"), ("copies", "executed: copies"),
               ("bytes", "executed: heap bytes requested"), ("live", "executed: heap bytes leaked")]
    rows += [(label, r_before.get(key), r_after.get(key)) for key, label in runtime]
    width = max(len(r[0]) for r in rows)
    lines = [f"| {'':{width}} | {'before':>9} | {'after':>9} |", f"|{'-' * (width + 2)}|{'-' * 11}|{'-' * 11}|"]
    for label, before, after in rows:
        lines.append(f"| {label:{width}} | {str(before):>9} | {str(after):>9} |")
    return "\n".join(lines)


def scope_lines(merged, others, shown):
    """One line per scope of merge-alloc's report (`shown` gives the path
    printed for a picture)."""
    lines = []
    for r in merged:
        lines.append(f"  {scope_name(r)}: {r['buffers']} buffers merged, {r['bytes']} bytes, {r['peak_live_bytes']} live "
                     f"at the peak, arena {r['arena_bytes']}, lower bound {r['lower_bound']}; plan: {shown(r['svg'])}")
    for r in others:
        if r["merged"]:
            lines.append(f"  {scope_name(r)}: {r['buffers']} buffers merged ({r['dynamic_buffers']} dynamic), "
                         f"{r['bytes']} bytes, arena {r['arena_bytes']}, lower bound {r['lower_bound']} "
                         "(run-time sizes: no picture)")
        else:
            lines.append(f"  {scope_name(r)}: {r['buffers']} buffer(s) not merged: {r['reason']}")
    return lines


def model_stage(args, name, stage, pipeline, text, want, out_dir):
    """One model through one stage: the IR after (kept in out_dir), the
    stage's mlir-opt time, the runs under ASan (the proof) and without a
    sanitizer (the counts), the verifier's verdict and, for
    bufrs-memory-pipeline, merge-alloc's report."""
    result = {"problem": None, "seconds": None, "merge": None}
    report_file = os.path.join(out_dir, f"{name}.merge-report.json")
    svg_dir = os.path.join(out_dir, f"{name}.plans")
    if pipeline:
        if pipeline == models.BUFRS:
            shutil.rmtree(svg_dir, ignore_errors=True)
            pipeline = with_merge_outputs(pipeline, report_file, svg_dir)
        text, result["seconds"], stderr, ok = models.apply(args.plugin, pipeline, text)
        if not ok:
            result["problem"] = "the stage fails: " + (stderr.strip().splitlines() or ["?"])[-1][:200]
            return result
        stem = {models.UPSTREAM: "upstream", models.UPSTREAM_FULL: "upstream-full"}.get(pipeline, "bufrs")
        with open(os.path.join(out_dir, f"{name}.{stem}.mlir"), "w") as f:
            f.write(text)
        if stem == "bufrs":
            with open(report_file) as f:
                report = json.load(f)
            result["merge"] = planned(report, stderr)
            if result["merge"][3]:
                result["problem"] = result["merge"][3]
    asan = models.execute(text, f"{name}-{stage}", want)
    plain = models.execute(text, f"{name}-{stage}-plain", want, sanitize=False)
    result["counts"] = plain["counts"]
    result["stack"] = models.stack_bytes(text)
    result["verified"], result["verifier says"] = models.verify(args.plugin, text)
    result["error"] = asan["error"]
    leaks_expected = pipeline is None
    if asan["mismatch"]:
        result["problem"] = asan["mismatch"]
    elif asan["report"] and not (leaks_expected and asan["report"] == "leak"):
        result["problem"] = f"AddressSanitizer: {asan['report']}"
    elif leaks_expected and asan["report"] != "leak":
        result["problem"] = "the bufferized input frees nothing, yet LeakSanitizer reports no leak"
    elif plain["output"] != asan["output"]:
        result["problem"] = "the build without a sanitizer prints otherwise"
    elif not leaks_expected and plain["counts"].get("live"):
        result["problem"] = f"{plain['counts']['live']} heap bytes live at exit"
    elif not leaks_expected and not result["verified"]:
        result["problem"] = "bufrs-verify-deallocation rejects it: " + result["verifier says"]
    result["asan"] = "leaks" if asan["report"] == "leak" else "clean"
    return result


def model_table(results, golden):
    """One model's table: a column per stage."""
    def verdict(r):
        if r["verified"]:
            return "accepts"
        return "rejects (leak)" if "leaks" in (r["verifier says"] or "") else "rejects"

    def stack(r):
        total, dynamic = r["stack"]
        return f"{total}" + (f" +{dynamic} dyn" if dynamic else "")

    rows = [
        ("mallocs executed", lambda r: r["counts"]["mallocs"]),
        ("frees executed", lambda r: r["counts"]["frees"]),
        ("peak heap bytes", lambda r: r["counts"]["peak"]),
        ("heap bytes requested", lambda r: r["counts"]["bytes"]),
        ("copies executed", lambda r: r["counts"]["copies"]),
        ("stack bytes of promoted buffers", stack),
    ]
    if not golden:
        rows.append(("stage compile time (mlir-opt, s)",
                     lambda r: "-" if r["seconds"] is None else f"{r['seconds']:.2f}"))
    rows += [
        ("bufrs-verify-deallocation", verdict),
        ("AddressSanitizer", lambda r: r["asan"]),
        ("output vs PyTorch (1e-5)", lambda r: "matches"),
    ]
    width = max(len(label) for label, _ in rows)
    cells = [[str(get(results[stage])) for stage, _ in models.STAGES] for _, get in rows]
    widths = [max(len(stage), *(len(row[i]) for row in cells)) for i, (stage, _) in enumerate(models.STAGES)]
    lines = ["| " + " " * width + " | " + " | ".join(f"{stage:>{w}}" for (stage, _), w in zip(models.STAGES, widths))
             + " |",
             "|" + "-" * (width + 2) + "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    for (label, _), row in zip(rows, cells):
        lines.append(f"| {label:{width}} | " + " | ".join(f"{c:>{w}}" for c, w in zip(row, widths)) + " |")
    return "\n".join(lines)


def models_section(args, out_dir, shown):
    """The PyTorch models of examples/models/ through the four stages of
    models.STAGES; returns how many (model, stage) runs failed."""
    names = models.names()
    model_dir = os.path.join(out_dir, "models")
    os.makedirs(model_dir, exist_ok=True)
    texts = {}
    for name in names:
        with open(models.path(name, args.variant)) as f:
            texts[name] = f.read()
    jobs = [(name, stage, pipeline) for name in names for stage, pipeline in models.STAGES]

    def one(job):
        name, stage, pipeline = job
        return job, model_stage(args, name, stage, pipeline, texts[name], models.expected(name), model_dir)

    results = collections.defaultdict(dict)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for (name, stage, _), result in pool.map(one, jobs):
            results[name][stage] = result
    variant = "copy-before-write" if args.variant == "cbw" else "without copy-before-write"
    print(f"# PyTorch models (examples/models/, exported by utils/export_models.py; bufferized {variant})")
    print()
    print("Stages: input = the bufferized model as it is (frees nothing); upstream dealloc = "
          f"`{models.UPSTREAM}`; upstream full = `{models.UPSTREAM_FULL}`; bufrs = `{models.BUFRS}`.")
    print()
    failed = 0
    totals = {stage: collections.Counter() for stage, _ in models.STAGES}
    for name in names:
        path = os.path.relpath(models.path(name, args.variant), ROOT)
        with open(os.path.join(models.MODELS_DIR, name + ".linalg.mlir")) as f:
            about = f.readline()[3:].split(". Exported")[0]
        print(f"== {about} ({path})")
        problems = [(stage, r["problem"]) for stage, r in results[name].items() if r["problem"]]
        if problems:
            failed += len(problems)
            for stage, problem in problems:
                print(f"FAILED: {stage}: {problem}")
            print()
            continue
        print(model_table(results[name], args.golden))
        for stage, _ in models.STAGES:
            r = results[name][stage]
            for key in ("mallocs", "peak", "copies"):
                totals[stage][key] += r["counts"][key]
            totals[stage]["seconds"] += r["seconds"] or 0
        sums, others, merged, _ = results[name]["bufrs"]["merge"]
        picture = lambda p: shown(os.path.join(model_dir, os.path.relpath(p, model_dir)))  # noqa: E731
        print(f"bufrs-merge-alloc: {sums['buffers']} buffers merged, {sums['bytes']} bytes, arena "
              f"{sums['arena_bytes']}, lower bound {sums['lower_bound']}; per scope:")
        print("\n".join(scope_lines(merged, others, picture) or ["  no scope with a mergeable buffer"]))
        errors = sorted({f"{results[name][stage]['error']:.1e}" for stage, _ in models.STAGES})
        if not args.golden:
            print(f"relative error against PyTorch: {', '.join(errors)}; IR after each stage: "
                  f"{shown(model_dir)}/{name}.{{upstream,upstream-full,bufrs}}.mlir")
        print()
    width = max(len(stage) for stage, _ in models.STAGES)
    print(f"Total over the {len(names)} models (mallocs executed / peak heap bytes summed / copies executed"
          + ("" if args.golden else " / compile seconds") + "):")
    for stage, _ in models.STAGES:
        t = totals[stage]
        line = f"  {stage:{width}}  {t['mallocs']:>6} / {t['peak']:>9} / {t['copies']:>5}"
        if not args.golden and stage != "input (no frees)":
            line += f" / {t['seconds']:.2f}"
        print(line)
    print("Counts come from builds without a sanitizer, the verdicts from builds under AddressSanitizer "
          "(LeakSanitizer on); every program's output is compared with PyTorch's (max |got - want| / max |want| "
          f"<= {models.TOLERANCE:g}).")
    print(f"{len(jobs) - failed} of {len(jobs)} model runs clean and matching PyTorch")
    return failed


def examples_section(args, out_dir, shown):
    """The hand-written examples through args.pipeline, before and after;
    returns how many failed."""
    examples = args.examples or sorted(os.path.join("examples", f) for f in os.listdir(os.path.join(ROOT, "examples"))
                                       if f.endswith(".mlir"))

    def paths(path):
        stem = os.path.basename(path)[:-5]
        return os.path.join(out_dir, stem + ".merge-report.json"), os.path.join(out_dir, stem + ".plans")

    def one(path):
        report_file, svg_dir = paths(path)
        shutil.rmtree(svg_dir, ignore_errors=True)
        pipeline = with_merge_outputs(args.pipeline, report_file, svg_dir)
        with open(os.path.join(ROOT, path)) as f:
            result = measure(args.plugin, pipeline, f.read(), os.path.basename(path)[:-5])
        if not result["problem"] and os.path.exists(report_file):
            with open(report_file) as f:
                report = json.load(f)
            result["planned"], result["others"], result["merged"], problem = planned(report,
                                                                                    result["pipeline stderr"])
            result["problem"] = problem
            reasons = collections.Counter(r["reason"] for r in report["left_alone"])
            result["left alone"] = ", ".join(f"{n} {why}" for why, n in sorted(reasons.items()))
        elif not result["problem"]:
            result["problem"] = f"the pipeline wrote no report file ({args.pipeline} runs no bufrs-memory-pipeline?)"
        return path, result

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for path, result in pool.map(one, examples):
            print(f"== {path} through {args.pipeline}")
            if "after text" in result:
                after_path = os.path.join(out_dir, os.path.basename(path))
                with open(after_path, "w") as f:
                    f.write(result["after text"])
            if result["problem"]:
                failed += 1
                print(f"FAILED: {result['problem']}\n")
                continue
            print(table(result))
            print("bufrs-merge-alloc's report (" + shown(paths(path)[0]) + "), per scope:")
            print("\n".join(scope_lines(result["merged"], result["others"], shown) or ["  no scope with a mergeable buffer"]))
            if result["left alone"]:
                print(f"  allocations left alone: {result['left alone']}")
            output = " ".join(result["output"].split())
            print(f"output identical before and after: {output}")
            if args.golden:
                print("after: ASan clean (no leak, double free, use after free); bufrs-verify-deallocation accepts it\n")
                continue
            print(f"after: ASan clean (no leak, double free, use after free); bufrs-verify-deallocation accepts it; "
                  f"pipeline {result['pass seconds']:.2f} s; IR after: {shown(after_path)}\n")
    print("Counts executed come from builds without a sanitizer; the builds under AddressSanitizer check the "
          "programs. Planned bytes: bufrs-merge-alloc's report file, the same numbers as its remarks.")
    print(f"{len(examples) - failed} of {len(examples)} examples clean and unchanged in output")
    return failed


def demo(args):
    out_dir = os.path.abspath(args.out or os.path.join(ROOT, "target", "demo"))
    os.makedirs(out_dir, exist_ok=True)
    started = time.monotonic()
    # Paths as printed: in the output directory for --golden, else from the repository.
    shown = (lambda p: os.path.relpath(p, out_dir)) if args.golden else (lambda p: os.path.relpath(p, ROOT))
    failed = 0
    if args.section in ("all", "models") and not args.examples:
        failed += models_section(args, out_dir, shown)
    if args.section in ("all", "examples"):
        if args.section == "all" and not args.examples:
            print("\n# The hand-written examples (examples/*.mlir) through " + args.pipeline + "\n")
        failed += examples_section(args, out_dir, shown)
    if not args.golden:
        print(f"demo: {time.monotonic() - started:.1f} s; outputs in {shown(out_dir)}")
    return 1 if failed else 0


# ---------------------------------------------------------------------------
# Comparing orders
# ---------------------------------------------------------------------------


def verify_ok(plugin, text):
    result = execution.run([toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", "-o", os.devnull,
                            "--pass-pipeline=builtin.module(func.func(bufrs-verify-deallocation))"], stdin=text)
    return result.returncode == 0


GROUPS = ("examples", "examples, copy-before-write", "dealloc corpus", "merge corpus")

# How utils/bufferize_examples.py bufferizes examples/src/*.mlir, plus
# copy-before-write (a copy before every write into a fresh buffer, as
# torch-mlir's RefBackend may ask): the copies the stages must not lose.
COPY_BEFORE_WRITE = ("--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops "
                     "function-boundary-type-conversion=identity-layout-map copy-before-write")


def copy_before_write_examples():
    """(name, text) of examples/src/*.mlir bufferized with copy-before-write."""
    out = []
    src = os.path.join(ROOT, "examples", "src")
    for f in sorted(os.listdir(src)):
        if f.endswith(".mlir"):
            text = execution.must(execution.run([toolchain.tool("mlir-opt"), os.path.join(src, f), COPY_BEFORE_WRITE]),
                                  f"bufferizing {f} with copy-before-write")
            out.append((f[:-5] + " (copy-before-write)", text))
    return out


def corpus_programs(seed, count):
    """The programs the stage orders are compared on: the examples as bufferized and with
    copy-before-write (entry @main), and `count` programs of each generator (seed `seed`, 10
    per module, entry @run), as (group, name, text, entry)."""
    programs = []
    for f in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        if f.endswith(".mlir"):
            with open(os.path.join(ROOT, "examples", f)) as fh:
                programs.append(("examples", f[:-5], fh.read(), "main"))
    for name, text in copy_before_write_examples():
        programs.append(("examples, copy-before-write", name, text, "main"))
    texts = [dealloc_programs.generate(seed, i) for i in range(count)]
    for start in range(0, len(texts), 10):
        programs.append(("dealloc corpus", f"dealloc {start}+", dealloc_programs.batch_module(texts[start:start + 10]),
                         "run"))
    merges = [merge_programs.program(k, seed) for k in range(count)]
    for start in range(0, len(merges), 10):
        programs.append(("merge corpus", f"merge {start}+", merge_programs.module(merges[start:start + 10]), "run"))
    return programs


def orders(args):
    programs = corpus_programs(args.seed, args.corpus)
    wanted = args.only.split(",") if args.only else []
    chosen = {label: stages for label, stages in ORDERS.items() if not wanted or any(w in label for w in wanted)}
    jobs = [(label, stages, program) for label, stages in chosen.items() for program in programs]

    def one(job):
        label, stages, (group, name, text, entry) = job
        result = measure(args.plugin, order_pipeline(stages), text, name, entry)
        result.setdefault("verified", False)
        return label, group, result

    totals = {label: {"programs": 0, "clean": 0, "verified": 0, "copies": 0, "problems": [],
                      **{(g, k): 0 for g in GROUPS for k in ("mallocs", "peak")}} for label in chosen}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for label, group, result in pool.map(one, jobs):
            t = totals[label]
            t["programs"] += 1
            t["verified"] += result["verified"]
            if result["problem"]:
                t["problems"].append(f"{result['name']}: {result['problem'][:120]}")
                continue
            t["clean"] += 1
            after = result["runtime"][1]
            t["copies"] += after.get("copies") or 0
            for key in ("mallocs", "peak"):
                t[(group, key)] += after.get(key) or 0
    print(f"Programs: the {sum(1 for p in programs if p[0] == 'examples')} examples (run alone), the same "
          f"bufferized with copy-before-write, {args.corpus} "
          f"generated deallocation programs and {args.corpus} generated merge programs (seed {args.seed}, run 10 "
          "per module). mallocs: executed; peak: heap bytes live at once, summed over the modules.")
    print()
    print("| order | clean + same output | verifier accepts | " +
          " | ".join(f"{g}: mallocs / peak" for g in GROUPS) + " | copies executed |")
    print("|---|---|---|" + "---|" * len(GROUPS) + "---|")
    for label, t in totals.items():
        cells = " | ".join(f"{t[(g, 'mallocs')]} / {t[(g, 'peak')]}" for g in GROUPS)
        print(f"| {label} | {t['clean']}/{t['programs']} | {t['verified']}/{t['programs']} | {cells} | {t['copies']} |")
    for label, t in totals.items():
        for problem in t["problems"]:
            print(f"- {label}: {problem}")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("examples", nargs="*")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--pipeline", default=DEFAULT_PIPELINE)
    parser.add_argument("--orders", action="store_true", help="compare stage orders (see above)")
    parser.add_argument("--section", choices=["all", "models", "examples"], default="all",
                        help="the PyTorch models, the hand-written examples, or both (default)")
    parser.add_argument("--variant", choices=["cbw", "no-cbw"], default="cbw",
                        help="the models' bufferization: with copy-before-write (default) or without")
    parser.add_argument("--out", help="where to write the IR after (default: target/demo)")
    parser.add_argument("--golden", action="store_true",
                        help="no times and paths: the output test/examples/Inputs/demo.golden holds")
    parser.add_argument("--corpus", type=int, default=40, help="generated programs for --orders")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="with --orders: only the orders whose label contains one of these (comma-separated)")
    args = parser.parse_args()
    return orders(args) if args.orders else demo(args)


if __name__ == "__main__":
    sys.exit(main())
