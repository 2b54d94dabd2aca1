#!/usr/bin/env python3
"""Runs generated programs (utils/gen_merge_programs.py) before and after
bufrs-merge-alloc under AddressSanitizer (utils/asan_exec.py, --strict-before)
and prints `N passed, M failed` and how many buffers the pass merged.

Programs are batched into modules of --batch programs (each batch is one
build of the program before and one after); batches run --jobs at a time.
A failing batch is rerun program by program so that the counts are exact
and the failing programs are named (their text goes to --keep if given).

  run_merge_programs.py --plugin target/release/libbufrs.so --count 100
      [--seed S] [--no-shuffle-blocks] [--no-pointer-escapes] [--keep DIR]

--shuffle-blocks / --pointer-escapes are gen_merge_programs.py's options (on
by default).
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen_merge_programs  # noqa: E402

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


def check(text, plugin, pipeline, workdir, name):
    """(ok, merged views, message) for one module."""
    before = os.path.join(workdir, name + ".mlir")
    with open(before, "w") as f:
        f.write(text)
    opt = subprocess.run(
        [MLIR_OPT, f"--load-pass-plugin={plugin}", f"--pass-pipeline={pipeline}", before],
        capture_output=True,
        text=True,
    )
    if opt.returncode != 0:
        return False, 0, f"{name}: the pass failed:\n{opt.stderr}"
    after = os.path.join(workdir, name + ".after.mlir")
    with open(after, "w") as f:
        f.write(opt.stdout)
    views = len(re.findall(r"= memref\.view ", opt.stdout))
    run = subprocess.run(
        [sys.executable, os.path.join(HERE, "asan_exec.py"), "--plugin", plugin, before, "--after", after,
         "--strict-before"],
        capture_output=True,
        text=True,
    )
    return run.returncode == 0, views, f"{name}:\n{run.stderr}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pipeline", default="builtin.module(func.func(bufrs-merge-alloc))")
    parser.add_argument("--keep", help="directory for the text of failing programs")
    gen_merge_programs.add_options(parser)
    args = parser.parse_args()

    programs = [gen_merge_programs.program(k, args.seed, args.shuffle_blocks, args.pointer_escapes)
                for k in range(args.count)]
    batches = [list(range(i, min(i + args.batch, args.count))) for i in range(0, args.count, args.batch)]
    passed, failed, merged = 0, [], 0
    with tempfile.TemporaryDirectory(prefix="bufrs-merge-") as workdir:
        def run_batch(ks):
            text = gen_merge_programs.module([programs[k] for k in ks])
            return ks, check(text, args.plugin, args.pipeline, workdir, f"batch_{ks[0]}")

        def run_one(k):
            text = gen_merge_programs.module([programs[k]])
            return k, text, check(text, args.plugin, args.pipeline, workdir, f"prog_{k}")

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
