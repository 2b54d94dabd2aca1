#!/usr/bin/env python3
"""Every bufrs pipeline, and the memory pipeline's stage subsets, measured by
execution on the same programs (a benchmark, not a test).

  bench_pipelines.py [--count N] [--seed S] [--only SUBSTRING,...] [--plugin P] [FILE.mlir ...]

Programs: the FILEs given (e.g. real models under examples/; the entry
point is `@main` when the file defines `func.func @main()`, else `@run`),
or by default the examples (examples/*.mlir), the same bufferized with
copy-before-write (utils/demo.py), N generated deallocation programs of seed
S (utils/gen_programs.py's generator, shuffled block order) and N generated
merge programs (utils/gen_merge_programs.py's), the generated ones run 10
per module. Each pipeline in PIPELINES runs on each program with stock
mlir-opt; the program before and after is built and run with a driver that
counts heap calls and bytes and copies (utils/demo.py's `measure`: once
without a sanitizer for the numbers, once under AddressSanitizer for the
proof, and bufrs-verify-deallocation on the IR after).

Per pipeline: programs accepted (the pipeline succeeds), clean (accepted,
ASan clean, same output as before, verifier accepts), and summed over the
clean programs the mallocs executed, peak heap bytes (summed per program)
and copies executed (memref.copy and bufferization.clone). Then, for
every bufrs-memory-pipeline variant measured, per program, where it is
above the lowest peak or the fewest copies of the whole deallocation
pipelines measured (WHOLE), or more than one malloc per function above
their fewest mallocs: one line each.
"""

import argparse
import concurrent.futures
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import demo  # noqa: E402
from bufrs_utils import toolchain  # noqa: E402

MEMORY = "bufrs-memory-pipeline"
# The whole pipelines a user would pick instead of the memory pipeline.
WHOLE = [
    "bufrs-deallocation-pipeline",
    "bufrs-ownership-deallocation-pipeline",
    "bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true}",
]
PIPELINES = [MEMORY] + WHOLE + [
    "bufrs-prepare-functions,bufrs-deallocation-pipeline",
    MEMORY + "{prepare=true}",
    MEMORY + "{hoisting=true}",
    MEMORY + "{merge-dynamic=false}",
    MEMORY + "{ownership=true}",
    MEMORY + "{loop-hoisting=false}",
    MEMORY + "{promote=false}",
    MEMORY + "{promote-max-rank=1}",
    MEMORY + "{copy-removal=false}",
    MEMORY + "{merge=false}",
]


def programs(args):
    """(group, name, text, entry, functions) of every program."""
    out = []
    if args.files:
        for path in args.files:
            with open(path) as f:
                text = f.read()
            entry = "main" if re.search(r"func\.func @main\(\)", text) else "run"
            out.append(("files", path, text, entry))
    else:
        out.extend(demo.corpus_programs(args.seed, args.count))
    return [(*p, len(re.findall(r"^\s*func\.func (?!private)", p[2], re.M))) for p in out]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--count", type=int, default=40, help="generated programs of each generator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="only the pipelines containing one of these (comma-separated)")
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    args = parser.parse_args()
    wanted = args.only.split(",") if args.only else []
    pipelines = [p for p in PIPELINES if not wanted or any(w in p for w in wanted)]
    progs = programs(args)
    jobs = [(pipeline, program) for program in progs for pipeline in pipelines]

    def one(job):
        pipeline, (group, name, text, entry, _) = job
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        return pipeline, name, demo.measure(args.plugin, f"builtin.module({pipeline})", text, stem, entry)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for pipeline, name, result in pool.map(one, jobs):
            results[(pipeline, name)] = result
    groups = sorted({p[0] for p in progs}, key=[p[0] for p in progs].index)
    generated = "" if args.files else f" (generated: seed {args.seed}, {args.count} of each generator, 10 per module)"
    print(f"Programs: {', '.join(f'{sum(1 for p in progs if p[0] == g)} modules of {g}' for g in groups)}{generated}.")
    print()
    print("| pipeline | accepted | clean + same output + verified | mallocs | peak heap bytes | copies executed |")
    print("|---|---|---|---|---|---|")
    problems = []
    for pipeline in pipelines:
        accepted = clean = mallocs = peak = copies = 0
        for _, name, _, _, _ in progs:
            r = results[(pipeline, name)]
            if r["problem"] and r["problem"].startswith("rejected"):
                problems.append(f"{pipeline} on {name}: {r['problem'][:160]}")
                continue
            accepted += 1
            if r["problem"]:
                problems.append(f"{pipeline} on {name}: {r['problem'][:160]}")
                continue
            clean += 1
            after = r["runtime"][1]
            mallocs += after.get("mallocs") or 0
            peak += after.get("peak") or 0
            copies += after.get("copies") or 0
        print(f"| `{pipeline}` | {accepted}/{len(progs)} | {clean}/{len(progs)} | {mallocs} | {peak} | {copies} |")
    print()
    # Where each memory pipeline variant is not the best of the whole pipelines.
    whole = [p for p in WHOLE if p in pipelines]
    for variant in [p for p in pipelines if p.startswith(MEMORY)]:
        if not whole:
            print(f"{variant}: no whole pipeline measured to compare with")
            continue
        exceptions = []
        for _, name, _, _, functions in progs:
            mine = results[(variant, name)]
            others = [results[(p, name)] for p in whole if not results[(p, name)]["problem"]]
            if mine["problem"] or not others:
                continue
            m = mine["runtime"][1]
            best = {key: min(o["runtime"][1].get(key) or 0 for o in others) for key in ("mallocs", "peak", "copies")}
            worse = []
            if (m.get("peak") or 0) > best["peak"]:
                worse.append(f"peak {m.get('peak')} > {best['peak']}")
            if (m.get("copies") or 0) > best["copies"]:
                worse.append(f"copies {m.get('copies')} > {best['copies']}")
            if (m.get("mallocs") or 0) > best["mallocs"] + functions:
                worse.append(f"mallocs {m.get('mallocs')} > {best['mallocs']} + {functions} functions")
            if worse:
                exceptions.append(f"- {name}: {', '.join(worse)}")
        print(f"{variant} above the best of {', '.join(whole)} (lowest peak, fewest copies, fewest mallocs + 1 "
              f"per function): {len(exceptions)} programs")
        print("\n".join(exceptions))
    if problems:
        print("\nProblems:")
        print("\n".join(f"- {p}" for p in problems))
    return 0


if __name__ == "__main__":
    sys.exit(main())
