#!/usr/bin/env python3
"""Runs generated programs (utils/merge_programs.py) before and after
bufrs-merge-alloc under AddressSanitizer (the check of utils/asan_exec.py
--strict-before)
and prints `N passed, M failed` and how many buffers the pass merged.

Programs are batched into modules of --batch programs (each batch is one
build of the program before and one after); batches run --jobs at a time.
A failing batch is rerun program by program so that the counts are exact
and the failing programs are named (their text goes to --keep if given).

  run_merge_programs.py --plugin target/release/libbufrs.so --count 100
      [--seed S] [--no-shuffle-blocks] [--no-pointer-escapes] [--dynamic-sizes]
      [--pipeline P] [--keep DIR]

--shuffle-blocks / --pointer-escapes are merge_programs.py's options (on
by default).
"""

import argparse
import concurrent.futures
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import execution, merge_programs  # noqa: E402


def check(text, plugin, pipeline, name):
    """(ok, merged views, message) for one module."""
    try:
        after = execution.apply_pipeline(plugin, pipeline, text)
    except execution.Failure as failure:
        return False, 0, f"{name}: the pass failed:\n{failure}"
    views = len(re.findall(r"= memref\.view ", after))
    try:
        execution.compare(text, after, strict_before=True)
    except execution.Failure as failure:
        return False, views, f"{name}:\nasan_exec: {name}: {failure}"
    return True, views, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pipeline", default="builtin.module(func.func(bufrs-merge-alloc))")
    parser.add_argument("--keep", help="directory for the text of failing programs")
    merge_programs.add_options(parser)
    args = parser.parse_args()

    programs = [merge_programs.program(k, args.seed, args.shuffle_blocks, args.pointer_escapes, args.dynamic_sizes)
                for k in range(args.count)]
    batches = [list(range(i, min(i + args.batch, args.count))) for i in range(0, args.count, args.batch)]
    passed, failed, merged = 0, [], 0
    def run_batch(ks):
        text = merge_programs.module([programs[k] for k in ks], args.dynamic_sizes)
        return ks, check(text, args.plugin, args.pipeline, f"batch_{ks[0]}")

    def run_one(k):
        text = merge_programs.module([programs[k]], args.dynamic_sizes)
        return k, text, check(text, args.plugin, args.pipeline, f"prog_{k}")

    retry = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for ks, (ok, views, _) in pool.map(run_batch, batches):
            if ok:
                passed += len(ks)
                merged += views
            else:
                retry.extend(ks)
        for k, text, (ok, views, message) in pool.map(run_one, retry):
            if ok:
                passed += 1
                merged += views
            else:
                failed.append(k)
                print(message, file=sys.stderr)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, f"prog_{k}.mlir"), "w") as f:
                        f.write(text)
    print(f"{passed} passed, {len(failed)} failed")
    print(f"merged {merged} buffers")
    if failed:
        print("failed programs: " + " ".join(map(str, failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
