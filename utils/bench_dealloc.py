#!/usr/bin/env python3
"""Deallocation benchmark (not a test): upstream's buffer-deallocation-pipeline
against bufrs-deallocation-pipeline (clone-based) and
bufrs-ownership-deallocation-pipeline (ownership-based, without and with
private-function-dynamic-ownership: ownership-pfdo) over the same generated
programs (utils/gen_programs.py), in one run.

  bench_dealloc.py [--seed S] [--count N] [--jobs J] [--private-functions]

The generator makes public functions, which the option leaves alone;
--private-functions makes the functions @fN private (only @run public), the
same programs otherwise.

Per program and pipeline it measures: accepted or rejected (mlir-opt's exit
status), the execution under AddressSanitizer of the result (clean, leak,
double free, use-after-free, output differs from the program before), the
heap allocations and frees executed, the copies executed (calls inserted
before every bufferization.clone and memref.copy), the runtime pointer
comparisons emitted (memref.extract_aligned_pointer_as_index ops the
pipeline added, which lowered bufferization.dealloc ops compare at run time;
the programs' own are not counted), the dynamic ownership flags the
ownership-based pass created (its emit-remarks), and the pass time (wall
time of the pipeline from -mlir-timing). It prints one row per program, then
totals: mallocs and copies are compared with the leaky program before the
pipeline on the programs every pipeline handles cleanly.
"""

import argparse
import concurrent.futures
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import dealloc_programs, execution, toolchain  # noqa: E402

ROOT = toolchain.ROOT
PIPELINES = {
    "upstream": "builtin.module(buffer-deallocation-pipeline)",
    "clone": "builtin.module(bufrs-deallocation-pipeline)",
    "ownership": "builtin.module(bufrs-ownership-deallocation-pipeline)",
    "ownership-pfdo": "builtin.module(bufrs-ownership-deallocation-pipeline{private-function-dynamic-ownership=true})",
}
# The ownership-based pass alone, with remarks (flags and clones it creates).
OWNERSHIP_PASSES = {
    "ownership": "builtin.module(func.func(expand-realloc{emit-deallocs=false},"
                 "bufrs-ownership-based-buffer-deallocation{emit-remarks=true}))",
    "ownership-pfdo": "builtin.module(bufrs-ownership-function-boundaries,func.func(expand-realloc{emit-deallocs=false},"
                      "bufrs-ownership-based-buffer-deallocation{emit-remarks=true private-function-dynamic-ownership=true}))",
}


def pass_time_ms(stderr):
    """Pipeline wall time: the total minus parsing and printing."""
    def row(name):
        # Multi-threaded runs print user and wall time, single-threaded ones
        # only wall time: take the last time column.
        m = re.search(r"^\s+(?:[\d.]+ \(\s*[\d.]+%\)\s+)?([\d.]+) \(\s*[\d.]+%\)\s+" + re.escape(name) + r"\s*$",
                      stderr, re.M)
        return float(m.group(1)) if m else 0.0
    return (row("Total") - row("Parser") - row("Output")) * 1000.0


def dynamic_flags(plugin, path, pipeline):
    """Ownership flags and clones of the ownership-based pass (its remarks)."""
    result = execution.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}",
                            f"--pass-pipeline={pipeline}", path])
    flags = sum(int(n) for n in re.findall(r"(\d+) ownership flags", result.stderr))
    clones = sum(int(n) for n in re.findall(r"(\d+) clones \(", result.stderr))
    returned = sum(int(n) for n in re.findall(r"\((\d+) of returned buffers\)", result.stderr))
    return flags, clones, returned


def measure(plugin, path):
    with open(path) as f:
        text = f.read()
    own_pointers = text.count("memref.extract_aligned_pointer_as_index")
    rows = {}
    with tempfile.TemporaryDirectory(prefix="bufrs-bench-") as workdir:
        exe, err = execution.counting_build(execution.instrument_copies(text), workdir, "before", execution.BENCH_DEALLOC_DRIVER)
        if not exe:
            raise RuntimeError(f"{path}: the program before does not build: {err}")
        baseline, _, before = execution.counting_execute(exe)
        rows["before"] = before
        for who, pipeline in PIPELINES.items():
            result = execution.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}",
                                  f"--pass-pipeline={pipeline}", "-mlir-timing", path])
            row = {"accepted": result.returncode == 0, "time_ms": pass_time_ms(result.stderr),
                   "alias_checks": 0, "asan": "", "mallocs": None, "frees": None, "copies": None}
            if not row["accepted"]:
                row["asan"] = "rejected"
                rows[who] = row
                continue
            row["alias_checks"] = result.stdout.count("memref.extract_aligned_pointer_as_index") - own_pointers
            exe, err = execution.counting_build(execution.instrument_copies(result.stdout), workdir, "after-" + who,
                                                execution.BENCH_DEALLOC_DRIVER)
            if not exe:
                row["asan"] = "invalid after"
            else:
                out, report, counts = execution.counting_execute(exe)
                row.update(counts)
                row["asan"] = report or ("clean" if out == baseline else "output differs")
            rows[who] = row
        rows["remarks"] = {w: dynamic_flags(plugin, path, p) for w, p in OWNERSHIP_PASSES.items()}
    return os.path.basename(path), rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--private-functions", action="store_true",
                        help="make the generated functions @fN private (only @run is public): the programs "
                             "private-function-dynamic-ownership applies to (the generator makes public ones)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bufrs-corpus-") as corpus:
        for index in range(args.count):
            with open(os.path.join(corpus, f"prog-{index:04d}.mlir"), "w") as f:
                f.write(dealloc_programs.generate(args.seed, index, private=args.private_functions))
        paths = sorted(os.path.join(corpus, p) for p in os.listdir(corpus) if p.endswith(".mlir"))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda p: measure(args.plugin, p), paths))

    who = list(PIPELINES)
    print("| program | " + " | ".join(who) + " | mallocs before/" + "/".join(who) + " | copies " + "/".join(who)
          + " | pointer comparisons " + "/".join(who) + " | flags " + "/".join(OWNERSHIP_PASSES) + " | time ms " + "/".join(who) + " |")
    print("|---|" + "---|" * (len(who) + 5))
    fmt = lambda r, k: "-" if r.get(k) is None else str(r[k])
    total = {w: {"accepted": 0, "clean": 0, "checks": 0, "time": 0.0} for w in who}
    common = {w: {"mallocs": 0, "copies": 0, "time": 0.0} for w in who + ["before"]}
    ours = {w: {"mallocs": 0, "copies": 0, "before": 0, "time": 0.0, "n": 0} for w in ("clone", *OWNERSHIP_PASSES)}
    flags = {w: 0 for w in OWNERSHIP_PASSES}
    clones = dict(flags)
    returned = dict(flags)
    n_common = 0
    for name, rows in results:
        print(f"| {name} | " + " | ".join(rows[w]["asan"] for w in who)
              + f" | {fmt(rows['before'], 'mallocs')}/" + "/".join(fmt(rows[w], "mallocs") for w in who)
              + " | " + "/".join(fmt(rows[w], "copies") for w in who)
              + " | " + "/".join(str(rows[w]["alias_checks"]) for w in who)
              + " | " + "/".join(str(rows["remarks"][w][0]) for w in OWNERSHIP_PASSES)
              + " | " + "/".join(f"{rows[w]['time_ms']:.2f}" for w in who) + " |")
        for w in OWNERSHIP_PASSES:
            f, c, r = rows["remarks"][w]
            flags[w] += f
            clones[w] += c
            returned[w] += r
        for w in who:
            t = total[w]
            t["accepted"] += rows[w]["accepted"]
            t["clean"] += rows[w]["asan"] == "clean"
            t["checks"] += rows[w]["alias_checks"]
            t["time"] += rows[w]["time_ms"]
        for w in ours:
            if rows[w]["asan"] == "clean":
                ours[w]["n"] += 1
                ours[w]["mallocs"] += rows[w]["mallocs"] or 0
                ours[w]["copies"] += rows[w]["copies"] or 0
                ours[w]["before"] += rows["before"]["mallocs"] or 0
                ours[w]["time"] += rows[w]["time_ms"]
        if all(rows[w]["asan"] == "clean" for w in who):
            n_common += 1
            common["before"]["mallocs"] += rows["before"]["mallocs"] or 0
            common["before"]["copies"] += rows["before"]["copies"] or 0
            for w in who:
                common[w]["mallocs"] += rows[w]["mallocs"] or 0
                common[w]["copies"] += rows[w]["copies"] or 0
                common[w]["time"] += rows[w]["time_ms"]
    n = len(results)
    ratio = lambda a, b: f"{a / b:.3f}x" if b else "-"
    print()
    print("| | " + " | ".join(who) + " |")
    print("|---|" + "---|" * len(who))
    print("| accepted | " + " | ".join(f"{total[w]['accepted']}/{n}" for w in who) + " |")
    print("| ASan-clean and same output | " + " | ".join(f"{total[w]['clean']}/{n}" for w in who) + " |")
    print("| runtime pointer comparisons emitted | " + " | ".join(str(total[w]["checks"]) for w in who) + " |")
    print("| pass time, all programs (ms) | " + " | ".join(f"{total[w]['time']:.1f}" for w in who) + " |")
    before = common["before"]
    print(f"| on the {n_common} programs all handle cleanly: mallocs executed (before: {before['mallocs']}) | "
          + " | ".join(f"{common[w]['mallocs']} ({ratio(common[w]['mallocs'], before['mallocs'])})" for w in who) + " |")
    print(f"| ... copies executed (before: {before['copies']}) | " + " | ".join(str(common[w]["copies"]) for w in who) + " |")
    print("| ... pass time (ms) | " + " | ".join(f"{common[w]['time']:.1f}" for w in who) + " |")
    print()
    print("| bufrs, on the programs each handles cleanly | " + " | ".join(ours) + " |")
    print("|---|" + "---|" * len(ours))
    print("| programs | " + " | ".join(str(ours[w]["n"]) for w in ours) + " |")
    print("| mallocs executed / before | " + " | ".join(
        f"{ours[w]['mallocs']}/{ours[w]['before']} ({ratio(ours[w]['mallocs'], ours[w]['before'])})" for w in ours) + " |")
    print("| copies executed | " + " | ".join(str(ours[w]["copies"]) for w in ours) + " |")
    print("| pass time (ms) | " + " | ".join(f"{ours[w]['time']:.1f}" for w in ours)
          + f" (ownership/clone {ratio(ours['ownership']['time'], ours['clone']['time'])}, "
          + f"ownership-pfdo/clone {ratio(ours['ownership-pfdo']['time'], ours['clone']['time'])}) |")
    print("| dynamic ownership flags created | - | " + " | ".join(str(flags[w]) for w in OWNERSHIP_PASSES) + " |")
    print("| clones inserted by the pass (static; of returned buffers) | - | "
          + " | ".join(f"{clones[w]} ({returned[w]})" for w in OWNERSHIP_PASSES) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
