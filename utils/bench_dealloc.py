#!/usr/bin/env python3
"""Deallocation benchmark (not a test): upstream's buffer-deallocation-pipeline
against bufrs-deallocation-pipeline over the same generated programs
(utils/gen_programs.py), in one run.

  bench_dealloc.py [--seed S] [--count N] [--jobs J] [--markdown]

Per program and pipeline it reports: accepted or rejected (mlir-opt's exit
status), the execution under AddressSanitizer of the result (clean, leak,
double free, use-after-free, output differs from the program before), the
heap allocations and frees executed, the copies executed (calls inserted
before every bufferization.clone and memref.copy), the runtime alias checks
emitted (memref.extract_aligned_pointer_as_index ops, which upstream's
lowered bufferization.dealloc compares at run time), and the pass time (wall
time of the pipeline from -mlir-timing). Totals compare the two on the
programs both accept.
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
    "bufrs": "builtin.module(bufrs-deallocation-pipeline)",
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


def measure(plugin, path):
    with open(path) as f:
        text = f.read()
    rows = {}
    with tempfile.TemporaryDirectory(prefix="bufrs-bench-") as workdir:
        exe, err = execution.counting_build(execution.instrument_copies(text), workdir, "before", execution.BENCH_DEALLOC_DRIVER)
        if not exe:
            raise RuntimeError(f"{path}: the program before does not build: {err}")
        baseline = execution.counting_execute(exe)[0]
        for who, pipeline in PIPELINES.items():
            result = execution.run([toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}",
                                  f"--pass-pipeline={pipeline}", "-mlir-timing", path])
            row = {"accepted": result.returncode == 0, "time_ms": pass_time_ms(result.stderr),
                   "alias_checks": 0, "asan": "", "mallocs": None, "frees": None, "copies": None}
            if not row["accepted"]:
                row["asan"] = "rejected"
                rows[who] = row
                continue
            row["alias_checks"] = result.stdout.count("memref.extract_aligned_pointer_as_index")
            exe, err = execution.counting_build(execution.instrument_copies(result.stdout), workdir, "after-" + who,
                                                execution.BENCH_DEALLOC_DRIVER)
            if not exe:
                row["asan"] = err
            else:
                out, report, counts = execution.counting_execute(exe)
                row.update(counts)
                row["asan"] = report or ("clean" if out == baseline else "output differs")
            rows[who] = row
    return os.path.basename(path), rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bufrs-corpus-") as corpus:
        for index in range(args.count):
            with open(os.path.join(corpus, f"prog-{index:04d}.mlir"), "w") as f:
                f.write(dealloc_programs.generate(args.seed, index))
        paths = sorted(os.path.join(corpus, p) for p in os.listdir(corpus) if p.endswith(".mlir"))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda p: measure(args.plugin, p), paths))

    print("| program | upstream | bufrs | mallocs up/bufrs | copies up/bufrs | alias checks up/bufrs | time ms up/bufrs |")
    print("|---|---|---|---|---|---|---|")
    total = {w: {"accepted": 0, "clean": 0, "mallocs": 0, "copies": 0, "checks": 0, "time": 0.0} for w in PIPELINES}
    both = {w: {"mallocs": 0, "copies": 0, "time": 0.0} for w in PIPELINES}
    n_both = 0
    for name, rows in results:
        up, ours = rows["upstream"], rows["bufrs"]
        fmt = lambda r, k: "-" if r[k] is None else str(r[k])
        print(f"| {name} | {up['asan']} | {ours['asan']} | {fmt(up, 'mallocs')}/{fmt(ours, 'mallocs')} | "
              f"{fmt(up, 'copies')}/{fmt(ours, 'copies')} | {up['alias_checks']}/{ours['alias_checks']} | "
              f"{up['time_ms']:.2f}/{ours['time_ms']:.2f} |")
        for who, r in rows.items():
            t = total[who]
            t["accepted"] += r["accepted"]
            t["clean"] += r["asan"] == "clean"
            t["checks"] += r["alias_checks"]
            t["time"] += r["time_ms"]
        if all(r["asan"] == "clean" for r in rows.values()):
            n_both += 1
            for who, r in rows.items():
                both[who]["mallocs"] += r["mallocs"] or 0
                both[who]["copies"] += r["copies"] or 0
                both[who]["time"] += r["time_ms"]
    n = len(results)
    print()
    print("| | upstream | bufrs |")
    print("|---|---|---|")
    print(f"| accepted | {total['upstream']['accepted']}/{n} | {total['bufrs']['accepted']}/{n} |")
    print(f"| ASan-clean and same output | {total['upstream']['clean']}/{n} | {total['bufrs']['clean']}/{n} |")
    print(f"| runtime alias checks emitted | {total['upstream']['checks']} | {total['bufrs']['checks']} |")
    print(f"| pass time, all programs (ms) | {total['upstream']['time']:.1f} | {total['bufrs']['time']:.1f} |")
    print(f"| on the {n_both} programs both handle cleanly: mallocs executed | {both['upstream']['mallocs']} | {both['bufrs']['mallocs']} |")
    print(f"| ... copies executed | {both['upstream']['copies']} | {both['bufrs']['copies']} |")
    print(f"| ... pass time (ms) | {both['upstream']['time']:.1f} | {both['bufrs']['time']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
