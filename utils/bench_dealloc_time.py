#!/usr/bin/env python3
"""Pass-time benchmark of the deallocation pipelines (not a test): the
clone-based bufrs-deallocation-pipeline against
bufrs-ownership-deallocation-pipeline without and with
private-function-dynamic-ownership (ownership-pfdo), threaded (MLIR's default
pool: one thread per core) and with --mlir-disable-threading, over the
generated corpus of utils/bench_dealloc.py, in one run.

  bench_dealloc_time.py [--seed S] [--count N] [--private-functions]
                        [--repeat R] [--plugin P] [--baseline-plugin B]

Per program, every pipeline and threading mode runs R times (interleaved, so
that the load of a shared machine falls on all columns alike) and the
fastest pass time is kept (-mlir-timing: total minus parsing and printing,
as bench_dealloc.py measures it); the table sums them over the corpus and
gives the ratios to the clone-based pipeline. --baseline-plugin adds the
ownership-pfdo column of another build of the plugin (e.g. before a change)
to the same run. Correctness and the other columns are bench_dealloc.py's.
"""

import argparse
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_dealloc import PIPELINES, pass_time_ms  # noqa: E402
from bufrs_utils import dealloc_programs, execution, toolchain  # noqa: E402

COLUMNS = ["clone", "ownership", "ownership-pfdo"]


def best_time(plugin, pipeline, path, threaded, repeat):
    best = None
    for _ in range(repeat):
        cmd = [toolchain.MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}",
               "-mlir-timing", "-o", os.devnull, path]
        if not threaded:
            cmd.append("--mlir-disable-threading")
        result = execution.run(cmd)
        if result.returncode != 0:
            raise RuntimeError(f"{path}: {pipeline} failed:\n{result.stderr}")
        t = pass_time_ms(result.stderr)
        best = t if best is None else min(best, t)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--baseline-plugin", help="another build: its ownership-pfdo column too")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--private-functions", action="store_true")
    args = parser.parse_args()
    columns = [(c, args.plugin, PIPELINES[c]) for c in COLUMNS]
    if args.baseline_plugin:
        columns.append(("ownership-pfdo (baseline)", args.baseline_plugin, PIPELINES["ownership-pfdo"]))
    totals = {(c, threaded): 0.0 for c, _, _ in columns for threaded in (True, False)}
    with tempfile.TemporaryDirectory(prefix="bufrs-corpus-") as corpus:
        for index in range(args.count):
            path = os.path.join(corpus, f"prog-{index:04d}.mlir")
            with open(path, "w") as f:
                f.write(dealloc_programs.generate(args.seed, index, private=args.private_functions))
            for threaded in (True, False):
                for name, plugin, pipeline in columns:
                    totals[(name, threaded)] += best_time(plugin, pipeline, path, threaded, args.repeat)
    print(f"pass time, best of {args.repeat} per program, summed over {args.count} programs "
          f"(seed {args.seed}{', private functions' if args.private_functions else ''})")
    print()
    print("| | " + " | ".join(c for c, _, _ in columns) + " | "
          + " | ".join(f"{c} / clone" for c, _, _ in columns[1:]) + " |")
    print("|---|" + "---|" * (2 * len(columns) - 1))
    for threaded in (True, False):
        clone = totals[("clone", threaded)]
        print(f"| {'default threading' if threaded else '--mlir-disable-threading'} | "
              + " | ".join(f"{totals[(c, threaded)]:.1f} ms" for c, _, _ in columns) + " | "
              + " | ".join(f"{totals[(c, threaded)] / clone:.2f}x" if clone else "-" for c, _, _ in columns[1:])
              + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
