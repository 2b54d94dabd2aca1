#!/usr/bin/env python3
"""Every bufrs pipeline, and the memory pipeline's stage subsets, measured by
execution on the same programs, and the memory pipeline's target checked
program by program (a benchmark, not a test).

  bench_pipelines.py [corpus options] [--only SUBSTRING,...] [--check PIPELINE,...]
                     [--jobs J] [--nice N] [--plugin P] [FILE.mlir ...]

Programs (bufrs_utils/corpora.py, whose options these are): by default 300
generated deallocation programs (seed 1) with their blocks in shuffled
order and the same 300 with their blocks in order, 100 generated merge
programs (generated programs 10 to a module), the examples (as bufferized and
with copy-before-write) and the PyTorch models of examples/models/ in both
bufferizations; or the FILEs given. `--count 30 --merge-count 10` is a
quick sample.

Each pipeline of PIPELINES runs on each program with stock mlir-opt; the
program before and after is built and run with a driver that counts heap
calls and bytes and copies (utils/demo.py's `measure`: once without a
sanitizer for the numbers, once under AddressSanitizer for the proof, and
bufrs-verify-deallocation on the IR after; a model's output is also compared
with PyTorch's).

Per pipeline and group, and in total over the generated corpora and the
examples, and over the models: programs accepted (the pipeline succeeds),
clean (accepted, ASan clean, same output, verifier accepts), and summed over
the clean programs the mallocs executed, peak heap bytes (summed per
program) and copies executed (memref.copy and bufferization.clone).

Then the target of every pipeline in --check (default: the memory pipeline
as it is and with ownership=false), program by program, against the other
whole bufrs pipelines (OTHERS): accepted and clean wherever
bufrs-deallocation-pipeline is accepted, peak heap bytes and copies at or
below the lowest of the others clean on that program, and mallocs at most
the fewest of theirs plus one per function defined in the module. Every
exception is one line naming the program, the figure, and the pipeline
that does better; `N exceptions` ends each list.
"""

import argparse
import concurrent.futures
import os
import re
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import demo  # noqa: E402
from bufrs_utils import corpora, models, toolchain  # noqa: E402

MEMORY = "bufrs-memory-pipeline"
REFERENCE = "bufrs-deallocation-pipeline"
# The whole bufrs pipelines a user would pick instead of the memory pipeline.
OTHERS = [
    REFERENCE,
    "bufrs-ownership-deallocation-pipeline",
    "bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true}",
    "bufrs-prepare-functions,bufrs-deallocation-pipeline",
]
# The memory pipeline with clone-based deallocation, and its stage subsets
# and other option sets (on the clone-based composition: stages added or
# left out around the same deallocation).
CLONE = MEMORY + "{ownership=false}"
SUBSETS = [CLONE] + [MEMORY + "{ownership=false " + option + "}" for option in (
    "prepare=true",
    "hoisting=true",
    "merge-dynamic=true",
    "loop-hoisting=false",
    "promote=false",
    "promote-max-rank=1",
    "copy-removal=false",
    "merge=false",
)]
PIPELINES = [MEMORY] + OTHERS + SUBSETS
KEYS = ("mallocs", "peak", "copies")


def measure(plugin, pipeline, program):
    """demo.measure's result for one program through one pipeline; for a
    model, its output is also compared with PyTorch's."""
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", program.name)
    result = demo.measure(plugin, f"builtin.module({pipeline})", program.text, stem, program.entry)
    if program.want is not None and not result["problem"]:
        _, mismatch = models.compare(result["output"], program.want)
        if mismatch:
            result["problem"] = mismatch
    for key in ("after text", "pipeline stderr", "static"):
        result.pop(key, None)
    return result


def counts(result):
    after = result["runtime"][1]
    return {key: after.get(key) or 0 for key in KEYS}


def summary_rows(pipelines, progs, results):
    """One row per pipeline: accepted, clean, mallocs, peak, copies."""
    rows = []
    for pipeline in pipelines:
        accepted = clean = 0
        sums = dict.fromkeys(KEYS, 0)
        for program in progs:
            r = results[(pipeline, program.name)]
            if r["problem"] and r["problem"].startswith("rejected"):
                continue
            accepted += 1
            if r["problem"]:
                continue
            clean += 1
            for key, value in counts(r).items():
                sums[key] += value
        rows.append(f"| `{pipeline}` | {accepted}/{len(progs)} | {clean}/{len(progs)} | {sums['mallocs']} | "
                    f"{sums['peak']} | {sums['copies']} |")
    return rows


def target_exceptions(variant, progs, results):
    """The programs where `variant` misses its target, one line each."""
    lines = []
    for program in progs:
        mine = results[(variant, program.name)]
        reference = results[(REFERENCE, program.name)]
        where = f"{program.group}: {program.name}"
        if mine["problem"]:
            if not reference["problem"] or not reference["problem"].startswith("rejected"):
                lines.append(f"- {where}: {mine['problem'][:200]}")
            continue
        others = [(p, counts(results[(p, program.name)])) for p in OTHERS
                  if p != variant and (p, program.name) in results and not results[(p, program.name)]["problem"]]
        if not others:
            continue
        m = counts(mine)
        worse = []
        for key, allowance in (("peak", 0), ("copies", 0), ("mallocs", program.functions)):
            best_pipeline, best = min(others, key=lambda o: o[1][key])
            if m[key] > best[key] + allowance:
                extra = f" + {allowance} (one per function)" if allowance else ""
                worse.append(f"{key} {m[key]} > {best[key]}{extra} of `{best_pipeline}`")
        if worse:
            lines.append(f"- {where}: {'; '.join(worse)}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    corpora.add_options(parser)
    parser.add_argument("--only", help="only the pipelines containing one of these (comma-separated); "
                                       "bufrs-deallocation-pipeline and the checked ones always run")
    parser.add_argument("--pipeline", action="append", default=[],
                        help="measure this pipeline (exactly; repeat the option for more) instead of PIPELINES")
    parser.add_argument("--check", default=f"{MEMORY},{CLONE}",
                        help="comma-separated pipelines whose target is checked (default: %(default)s)")
    parser.add_argument("--against", default="",
                        help="also list, per checked pipeline, every program whose executed peak heap bytes or "
                             "mallocs are above this pipeline's (measured too), e.g. a pipeline with one option "
                             "changed against its default")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="programs measured at once")
    parser.add_argument("--nice", type=int, default=10, help="niceness of this process and its children")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    args = parser.parse_args()
    if args.nice:
        os.nice(args.nice)
    checked = [p for p in args.check.split(",") if p]
    wanted = args.only.split(",") if args.only else []
    pipelines = [p for p in args.pipeline or PIPELINES
                 if not wanted or any(w in p for w in wanted) or p in checked or p == REFERENCE]
    pipelines += [REFERENCE] if REFERENCE not in pipelines else []
    pipelines += [p for p in checked if p not in pipelines]
    pipelines += [args.against] if args.against and args.against not in pipelines else []
    progs = corpora.programs(args)
    jobs = [(pipeline, program) for program in progs for pipeline in pipelines]
    started = time.monotonic()

    def one(job):
        pipeline, program = job
        return pipeline, program.name, measure(args.plugin, pipeline, program)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        for done, (pipeline, name, result) in enumerate(pool.map(one, jobs), 1):
            results[(pipeline, name)] = result
            if done % 50 == 0 or done == len(jobs):
                print(f"[{done}/{len(jobs)} measured, {time.monotonic() - started:.0f} s]", file=sys.stderr, flush=True)

    groups = sorted({p.group for p in progs}, key=[p.group for p in progs].index)
    described = ", ".join(f"{g}: {sum(1 for p in progs if p.group == g)} modules" for g in groups)
    generated = "" if args.files else (f" (generated: seed {args.seed}, {args.count} deallocation programs in each "
                                       f"block order, {args.merge_count} merge programs, {args.batch} to a module)")
    print(f"Programs: {described}{generated}.")
    header = ["| pipeline | accepted | clean + same output + verified | mallocs | peak heap bytes | copies executed |",
              "|---|---|---|---|---|---|"]
    corpus = [p for p in progs if p.group != "models"]
    sections = [(f"group {g}", [p for p in progs if p.group == g]) for g in groups]
    if len(groups) > 1:
        sections += [("total over the corpora (every group but models)", corpus),
                     ("total over the models", [p for p in progs if p.group == "models"])]
    for title, chosen in sections:
        if chosen:
            print(f"\n{title}, {len(chosen)} modules:\n")
            print("\n".join(header + summary_rows(pipelines, chosen, results)))
    for variant in checked:
        lines = target_exceptions(variant, progs, results)
        others = [p for p in OTHERS if p != variant and p in pipelines]
        print(f"\n`{variant}` against the lowest of {', '.join(f'`{p}`' for p in others)} "
              f"per module (peak, copies; mallocs + 1 per function), and accepted and clean where `{REFERENCE}` "
              "is accepted:")
        print("\n".join(lines))
        print(f"{len(lines)} exceptions")
    for variant in (checked if args.against else []):
        if variant == args.against:
            continue
        print(f"\n`{variant}` against `{args.against}`, program by program (both clean):")
        above = 0
        for program in progs:
            mine, base = results[(variant, program.name)], results[(args.against, program.name)]
            if mine["problem"] or base["problem"]:
                continue
            m, b = counts(mine), counts(base)
            worse = [f"{key} {m[key]} > {b[key]}" for key in ("peak", "mallocs") if m[key] > b[key]]
            if worse:
                above += 1
                print(f"- {program.group}: {program.name}: {'; '.join(worse)}")
        print(f"{above} programs above")
    problems = [f"- `{p}` on {n}: {r['problem'][:200]}" for (p, n), r in results.items() if r["problem"]]
    print(f"\nPrograms a pipeline refuses or gets wrong: {len(problems)}")
    print("\n".join(problems))
    print(f"\n({len(jobs)} measurements in {time.monotonic() - started:.0f} s, {args.jobs} jobs)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
