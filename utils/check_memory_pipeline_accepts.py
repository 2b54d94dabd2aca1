#!/usr/bin/env python3
"""Checks that bufrs-memory-pipeline (with each of its option sets in
VARIANTS) accepts every program that bufrs-deallocation-pipeline accepts
(not a test: the test command runs a sample as lit tests).

  check_memory_pipeline_accepts.py [corpus options] [--plugin libbufrs.so] [--jobs J] [FILE.mlir ...]

Programs (bufrs_utils/corpora.py, whose options these are, shared with
utils/bench_pipelines.py): by default N=100 generated deallocation programs
of seed S (bufrs_utils/dealloc_programs.py, with shuffled blocks, pointer
escapes and iter_arg shapes, as utils/gen_programs.py writes them), the same
N with their blocks in order, and N generated merge programs
(bufrs_utils/merge_programs.py), each program a module of its own; or the
FILEs given. Each program goes through `builtin.module(bufrs-deallocation-pipeline)`
and through `builtin.module(bufrs-memory-pipeline{...})` for every variant;
a program the deallocation pipeline accepts and a variant refuses is
printed as

  REFUSED <variant> <program>: <last line of the diagnostic>

followed by one line per variant with its refusals, and last
`N refusals`. Exit status 1 if any. Only acceptance is checked here;
utils/bench_pipelines.py measures the programs each pipeline accepts by
execution.
"""

import argparse
import concurrent.futures
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import corpora, execution, toolchain  # noqa: E402

REFERENCE = "bufrs-deallocation-pipeline"
VARIANTS = [
    "bufrs-memory-pipeline",
    "bufrs-memory-pipeline{hoisting=true}",
    "bufrs-memory-pipeline{merge-dynamic=false}",
    "bufrs-memory-pipeline{hoisting=true merge-dynamic=false}",
    "bufrs-memory-pipeline{prepare=true}",
    "bufrs-memory-pipeline{ownership=false}",
]


def accepts(plugin, pipeline, text):
    """None when the pipeline accepts the program, else the last line of
    its diagnostic."""
    result = execution.run([toolchain.tool("mlir-opt"), f"--load-pass-plugin={plugin}", "-o", os.devnull,
                            f"--pass-pipeline=builtin.module({pipeline})"], stdin=text, timeout=300)
    if result.returncode == 0:
        return None
    lines = [line for line in result.stderr.splitlines() if "error:" in line] or result.stderr.splitlines()
    return (lines[-1] if lines else f"exit {result.returncode}")[:240]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    corpora.add_options(parser, count=100, merge_count=100, groups=("dealloc", "dealloc-in-order", "merge"), batch=1)
    parser.add_argument("--plugin", default=toolchain.DEFAULT_PLUGIN)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    def one(program):
        name, text = program.name, program.text
        reference = accepts(args.plugin, REFERENCE, text)
        if reference is not None:
            return name, reference, {}
        return name, None, {variant: accepts(args.plugin, variant, text) for variant in VARIANTS}

    refusals = {variant: 0 for variant in VARIANTS}
    checked = reference_refused = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, reference, results in pool.map(one, corpora.programs(args)):
            checked += 1
            if reference is not None:
                reference_refused += 1
                continue
            for variant, why in results.items():
                if why is not None:
                    refusals[variant] += 1
                    print(f"REFUSED {variant} {name}: {why}", flush=True)
    print(f"{checked} programs; {REFERENCE} refuses {reference_refused} of them (not counted)")
    for variant, count in refusals.items():
        print(f"{variant}: {count} refusals of {checked - reference_refused} programs {REFERENCE} accepts")
    total = sum(refusals.values())
    print(f"{total} refusals")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
